"""dp_geoprivacy:consistentcounts: noisy point counts at several levels (H3 resolutions or zones) that add up.

The release is ``core.releases.hierarchy.release_hierarchy_counts`` (noise at every
level of the public hierarchy, least squares so that children add up to
their parent, optional non-negative integer rounding). The hierarchy is the
H3 resolutions COARSEST to FINEST over EXTENT, or the zones of ZONES with
their parents' ids in PARENT_FIELDS (processing/zone_hierarchy.py). This
module reads the points (their leaf), calls the release and writes one
polygon row per node of every level, coarse to fine, in one layer (OUTPUT),
and with OUTPUT_LEVELS each level as its own layer with its own record
(processing/level_layers.py).
"""

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)

from ...core.geometry import h3cells
from ...core.mechanisms.counting import LAPLACE
from ...core.releases.hierarchy import (
    HierarchyData,
    HierarchyError,
    HierarchySpec,
    expected_errors,
    h3_hierarchy,
    parse_shares,
    release_hierarchy_counts,
)
from ...core.releases.publication import log_private
from ..base import DpAlgorithm
from ..help_summary import defaults, level_margin, with_summary
from ..level_layers import (
    LEVEL_LAYERS,
    add_levels_parameters,
    levels_folder,
    levels_help,
    load_levels,
    removing_made_folder,
    write_levels,
)
from ..metric_crs import wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import read_points
from ..styles import graduated_counts
from ..writers import Column, together, write_features
from ..zone_hierarchy import PARENT_FIELDS, level_polygons, zone_hierarchy_from_parameters
from ..zone_source import ZONE_ID_FIELD, ZONES, H3Cells, _given, h3_cells_covering_extent, wgs84
from .noisy_zone_counts import as_multipolygons

# Simulated noise draws behind the published error figures (public: they use no data).
ERROR_DRAWS = 200


class ConsistentCounts(DpAlgorithm):
    """Noisy counts per H3 cell at several resolutions, consistent across levels."""

    ALGORITHM_ID = "consistentcounts"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "EXTENT", "COARSEST", "FINEST", "ZONES", "ZONE_ID_FIELD", "PARENT_FIELDS", "EPSILON",
                    "SPLIT", "USER_FIELD", "MAX_CONTRIBUTIONS")
    ADVANCED = ("INTEGERS",)
    INPUT, EXTENT, COARSEST, FINEST = "INPUT", "EXTENT", "COARSEST", "FINEST"
    EPSILON, SPLIT, USER_FIELD, MAX_CONTRIBUTIONS = "EPSILON", "SPLIT", "USER_FIELD", "MAX_CONTRIBUTIONS"
    INTEGERS, OUTPUT = "INTEGERS", "OUTPUT"
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Consistent counts over H3 levels or zones")

    def shortDescription(self):  # noqa: N802 (QGIS API)
        return self.tr("Private point counts at several H3 resolutions, or zones and their districts, that add up "
                       "exactly.")

    def tags(self):
        return self.tr("privacy,differential privacy,epsilon,hierarchy,consistent,H3,hexagon,counts,census,zones,"
                       "districts").split(",")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines (processing/help_summary.py), then the details."""
        epsilon, coarsest, finest = defaults(self, self.EPSILON, self.COARSEST, self.FINEST)
        levels = int(finest) - int(coarsest) + 1
        margin = level_margin(epsilon, levels)
        return with_summary(
            self.tr("Counts the points in H3 hexagons at several resolutions and publishes every level with "
                    "differential privacy, so that each hexagon's count is the sum of its children's."),
            self.tr("<b>Private:</b> each point; with USER_FIELD each user with up to M points (user-level "
                    "privacy)."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g} over {levels} levels, M=1): each "
                    "count within ±{moe:.2g} (95%) before the levels are combined, and closer after.").format(
                epsilon=epsilon, levels=levels, moe=margin),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Counts the points in H3 hexagons at every resolution from COARSEST to FINEST (e.g. 7, 8 and 9) "
            "over a public EXTENT, and publishes all levels so that each hexagon's count is exactly the sum of "
            "its children's.</p>"
            "<p><b>How.</b> EPSILON is split over the levels (SPLIT, e.g. '1,2,2' coarse to fine; empty: equal "
            "shares, as in Hay et al. 2010); every cell of every level gets Laplace noise of scale M / "
            "(its level's epsilon), zeros included, and the levels add up to EPSILON (sequential "
            "composition). Then least squares (Hay, Rastogi, Miklau and Suciu, \"Boosting the accuracy of "
            "differentially private histograms through consistency\", PVLDB 2010; with unequal shares, "
            "Cormode et al., \"Differentially private spatial decompositions\", ICDE 2012, §4) combines each "
            "cell's own noisy count with its children's and its parent's, so that the levels agree. With "
            "INTEGERS the counts are then rounded to non-negative integers that still add up (each parent's "
            "count shared among its children by their estimates, largest remainders first). Both steps are "
            "post-processing: no extra privacy cost.</p>"
            "<p><b>Unit of privacy.</b> Without USER_FIELD one point; with USER_FIELD one user, who keeps at most "
            "M points, sampled uniformly (Kapp et al. 2023, \"Towards Standardized Mobility Reports with "
            "User-Level Privacy\", §4.3). Points with a NULL user id are left out.</p>"
            "<p><b>Cells</b> are those of resolution FINEST overlapping EXTENT and their parents: public, "
            "never chosen from the points. Points outside them are one extra noisy count (OUTSIDE_COUNT).</p>"
            "<p><b>Zones instead of H3.</b> Give ZONES (public, non-overlapping polygons, ids in ZONE_ID_FIELD) and "
            "PARENT_FIELDS, the fields holding each zone's parent ids, nearest level first (e.g. district_id, "
            "then city_id): the levels are then city, district and zone, and COARSEST, FINEST and EXTENT are not "
            "used. The hierarchy is public and checked: every zone needs a parent id in every field (no NULL), "
            "and all zones of one district must name the same city; otherwise the run is refused. SPLIT then "
            "lists one weight per level, coarse to fine (city, district, zone).</p>"
            "<p><b>Output</b>: one polygon layer with every level: level (0 = coarsest), resolution, cell_id, "
            "parent_id, noisy_count, mae (the expected absolute error of this level's counts) and moe95 (95% "
            "of counts are within this of the truth, before rounding); both figures come from simulating the "
            "noise alone, which needs no data. With ZONES the columns are level, level_name (the id field of "
            "that level), zone_id, parent_id, noisy_count, mae and moe95, and a parent's polygon is the union of "
            "its zones' polygons (dissolved).</p>"
        ) + levels_help()

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        extent = QgsProcessingParameterExtent(self.EXTENT, self.tr("Study area (public extent)"), optional=True)
        extent.setHelp(self.tr("The public area whose H3 cells are published; chosen from knowledge of the "
                               "study area, not from the points. Needed for H3 levels, not with ZONES."))
        self.add(extent)
        self.add(QgsProcessingParameterNumber(
            self.COARSEST, self.tr("Coarsest H3 resolution"), QgsProcessingParameterNumber.Integer,
            defaultValue=7, minValue=0, maxValue=15))
        self.add(QgsProcessingParameterNumber(
            self.FINEST, self.tr("Finest H3 resolution"), QgsProcessingParameterNumber.Integer,
            defaultValue=9, minValue=0, maxValue=15))
        zones = QgsProcessingParameterFeatureSource(
            ZONES, self.tr("Zones (instead of H3 levels)"), [QgsProcessing.TypeVectorPolygon],
            optional=True)
        zones.setHelp(self.tr("The finest level: public zones that do not overlap (blocks, traffic zones). "
                              "Leave empty to use H3 levels."))
        self.add(zones)
        self.add(QgsProcessingParameterField(
            ZONE_ID_FIELD, self.tr("Zone id field (empty: feature ids)"), parentLayerParameterName=ZONES,
            optional=True))
        parents = QgsProcessingParameterField(
            PARENT_FIELDS, self.tr("Parent id fields (nearest level first)"),
            parentLayerParameterName=ZONES, allowMultiple=True, optional=True)
        parents.setHelp(self.tr("Fields of ZONES with the id of each zone's parent at every level above it, "
                                "nearest first. They must form a tree: one parent per zone and level, and all "
                                "zones of a district in the same city."))
        self.add(parents)
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon (privacy loss)"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0)
        epsilon.setHelp(self.tr("The privacy loss of the whole release (all levels together)."))
        self.add(epsilon)
        split = QgsProcessingParameterString(self.SPLIT, self.tr("Epsilon split over levels"), optional=True,
                                             defaultValue="")
        split.setHelp(self.tr("Weights coarse to fine, e.g. '1,2,2'; empty: equal shares. A level with weight "
                              "0 is not measured and is estimated from its children."))
        self.add(split)
        self.add(QgsProcessingParameterField(
            self.USER_FIELD, self.tr("User id field"), parentLayerParameterName=self.INPUT,
            optional=True))
        self.add(QgsProcessingParameterNumber(
            self.MAX_CONTRIBUTIONS, self.tr("Maximum points per user (M)"), QgsProcessingParameterNumber.Integer,
            defaultValue=1, minValue=1))
        self.add(QgsProcessingParameterBoolean(
            self.INTEGERS, self.tr("Non-negative whole counts"), defaultValue=True))
        self.add_seed_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Consistent counts"), QgsProcessing.TypeVectorPolygon)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        add_levels_parameters(self)
        for name, label in (("EPSILON_SPENT", self.tr("Epsilon spent")), ("DELTA_SPENT", self.tr("Delta spent")),
                            ("LEVELS", self.tr("Levels")), ("ROWS_WRITTEN", self.tr("Rows written")),
                            ("OUTSIDE_COUNT", self.tr("Noisy count outside the cells"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    def _resolutions(self, parameters, context):
        coarsest = self.parameterAsInt(parameters, self.COARSEST, context)
        finest = self.parameterAsInt(parameters, self.FINEST, context)
        if not 0 <= coarsest < finest <= 15:
            raise QgsProcessingException(self.tr(
                "COARSEST must be below FINEST, both from 0 to 15 (got {a} and {b}); e.g. 7 and 9.").format(
                a=coarsest, b=finest))
        if finest - coarsest > 4:
            raise QgsProcessingException(self.tr(
                "At most five levels (COARSEST {a} to FINEST {b} is {n}): raise COARSEST.").format(
                a=coarsest, b=finest, n=finest - coarsest + 1))
        return list(range(coarsest, finest + 1))

    def _h3_levels(self, parameters, context, feedback, source):
        """The H3 hierarchy over EXTENT: (hierarchy, finest CellSet, notes, write arguments)."""
        resolutions = self._resolutions(parameters, context)
        if not _given(parameters, self.EXTENT):
            raise QgsProcessingException(self.tr(
                "EXTENT: give the public study area whose H3 cells are published (or ZONES and PARENT_FIELDS "
                "for a hierarchy of zones)."))
        leaves, _crs, description = h3_cells_covering_extent(
            self, parameters, self.EXTENT, resolutions[-1], context, feedback,
            default_crs=source.sourceCrs() if source.sourceCrs().isValid() else None)
        if not len(leaves):
            raise QgsProcessingException(self.tr("EXTENT is covered by no H3 cell; give an extent with an area."))
        hierarchy, level_cells = h3_hierarchy(leaves, resolutions)
        note = self.tr("Cells: H3 resolutions {levels} covering {extent}.").format(
            levels=", ".join(map(str, resolutions)), extent=description)
        cells = np.concatenate(level_cells)
        parents = np.concatenate([np.zeros(hierarchy.sizes[0], dtype=np.uint64)] + [
            level_cells[level - 1][hierarchy.parents[level - 1]] for level in range(1, hierarchy.levels)])
        parent_ids = h3cells.cells_to_text(parents).astype(object)
        parent_ids[:hierarchy.sizes[0]] = None
        levels = self._level_of_row(hierarchy)
        layout = (wkt(wgs84()), as_multipolygons(h3cells.cell_polygons(cells)),
                  [Column("resolution", "int", np.asarray(resolutions)[levels]),
                   Column("cell_id", "text", h3cells.cells_to_text(cells)), Column("parent_id", "text", parent_ids)])
        return hierarchy, H3Cells(resolutions[-1], level_cells[-1], description), description, note, layout

    def _zone_levels(self, parameters, context, feedback):
        """The hierarchy of ZONES and PARENT_FIELDS: (hierarchy, the zones' CellSet, notes, write arguments)."""
        cells, hierarchy, ids = zone_hierarchy_from_parameters(self, parameters, context, feedback)
        note = self.tr("Levels: {names} (parent-id fields of {zones}, checked to form a tree).").format(
            names=", ".join(hierarchy.names), zones=cells.description)
        parent_ids = np.concatenate([np.full(hierarchy.sizes[0], None, dtype=object)] + [
            np.asarray(ids[level - 1], dtype=object)[hierarchy.parents[level - 1]]
            for level in range(1, hierarchy.levels)])
        levels = self._level_of_row(hierarchy)
        layout = (wkt(cells.crs), as_multipolygons(np.concatenate(level_polygons(cells, hierarchy))),
                  [Column("level_name", "text", np.asarray(hierarchy.names, dtype=object)[levels]),
                   Column("zone_id", "text", np.concatenate(ids).astype(object)),
                   Column("parent_id", "text", parent_ids)])
        return hierarchy, cells, cells.description, note, layout

    @staticmethod
    def _level_of_row(hierarchy):
        return np.concatenate([np.full(n, level) for level, n in enumerate(hierarchy.sizes)])

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        max_contributions = self.parameterAsInt(parameters, self.MAX_CONTRIBUTIONS, context) if user_field else 1
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        levels_target = levels_folder(self, parameters, context)
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        if _given(parameters, ZONES):
            hierarchy, finest, description, note, layout = self._zone_levels(parameters, context, feedback)
        else:
            hierarchy, finest, description, note, layout = self._h3_levels(parameters, context, feedback, source)
        try:
            shares = parse_shares(self.parameterAsString(parameters, self.SPLIT, context), hierarchy.levels)
        except HierarchyError as error:
            raise QgsProcessingException(self.tr("SPLIT: {error}; e.g. '1,2,2' for three levels.").format(
                error=error)) from None
        if shares[-1] == 0:
            raise QgsProcessingException(self.tr("SPLIT: the finest level needs a share of epsilon above 0."))
        feedback.pushInfo(self.tr("Levels: {levels} over {extent}.").format(
            levels=", ".join(f"{name} ({n} cells)" for name, n in zip(hierarchy.names, hierarchy.sizes)),
            extent=description))
        map_xy = finest.batch_assigner(source.sourceCrs(), feedback, source.featureCount(), progress=(5, 60))
        points = read_points(self, parameters, self.INPUT, context, feedback,
                             fields=[user_field] if user_field else [], map_xy=map_xy)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        feedback.setProgress(70)

        spec = HierarchySpec(hierarchy, epsilon, shares, max_contributions, bool(user_field), LAPLACE,
                             self.parameterAsBoolean(parameters, self.INTEGERS, context))
        data = HierarchyData(points.mapped, points.columns[user_field] if user_field else None)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        rng = self.noise_source(parameters, context, feedback)
        release = release_hierarchy_counts(data, spec, rng.generator, before_noise=reserve)
        log_private(feedback, self.tr("{kept} points counted, {dropped} left out (NULL user or beyond M per user)."),
                    kept=release.facts["private_points_kept"], dropped=release.facts["private_points_dropped"])
        mae, moe = self._error_figures(spec, rng.generator)
        feedback.setProgress(85)

        notes = (note, self.tr("Expected absolute error per level: {mae}.").format(
            mae=", ".join(f"{name} {m:.3g}" for name, m in zip(hierarchy.names, mae))))
        record = self.privacy_record(mechanism_fields=release.record_fields, input_layer=points.source_name,
                                     seeded=rng.seeded, notes=notes, **reserve.record_fields())
        level_records = [self.privacy_record(
            mechanism_fields=release.mechanism.level_record_fields(level), input_layer=points.source_name,
            seeded=rng.seeded, notes=notes + (self.tr(
                "One release in {levels} layers, one per level, and one ledger entry: release {release}, epsilon "
                "{epsilon:g} in all.").format(levels=hierarchy.levels, release=record.release_id,
                                              epsilon=record.epsilon),), **reserve.record_fields())
            for level in range(hierarchy.levels)]
        title = self.tr("Consistent counts")
        level_paths = []
        with removing_made_folder(levels_target[0] if levels_target else None), together():  # all, or nothing
            columns = self._write(destination, hierarchy, layout, release, mae, moe, record, feedback)
            if levels_target:
                level_paths = write_levels(levels_target, hierarchy, layout[0], layout[1], columns, level_records,
                                           title, feedback)
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, graduated_counts))
            load_levels(context, level_paths, hierarchy, level_records, title)
        return {self.OUTPUT: destination, LEVEL_LAYERS: level_paths, "EPSILON_SPENT": record.epsilon,
                "DELTA_SPENT": record.delta, "LEVELS": hierarchy.levels, "ROWS_WRITTEN": int(sum(hierarchy.sizes)),
                "OUTSIDE_COUNT": float(release.result["outside"][0])}

    @staticmethod
    def _error_figures(spec, generator):
        """Per level: mean absolute error and the 95% margin, from the noise alone (public, no data)."""
        return expected_errors(spec, generator, draws=ERROR_DRAWS)

    def _write(self, destination, hierarchy, layout, release, mae, moe, record, feedback):
        """One row per node of every level, coarse to fine; ``layout``: (CRS WKT, polygons, id columns).
        Returns the columns written (``level`` first)."""
        crs_wkt, geometries, id_columns = layout
        levels = self._level_of_row(hierarchy)
        counts = np.concatenate([release.result[f"level_{level}"] for level in range(hierarchy.levels)])
        columns = [Column("level", "int", levels), *id_columns,
                   Column("noisy_count", "real", counts),
                   Column("mae", "real", np.asarray(mae)[levels]),
                   Column("moe95", "real", np.asarray(moe)[levels])]
        title = self.tr("Consistent counts")
        write_features(destination, crs_wkt, ogr.wkbMultiPolygon, geometries, columns, feedback,
                       finish=lambda path, layer: write_to_file(path, layer, record, title))
        return columns
