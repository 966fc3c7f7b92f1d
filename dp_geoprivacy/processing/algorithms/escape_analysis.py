"""dp_geoprivacy:escapeanalysis: escaped-point analysis and noise calibration.

Source: Dumont et al. 2021 §5 (Fig. 13-21, eq. 14, eq. 15). The sweep, the
statistics and the calibration rule live in ``core.accuracy.escape``; this module
reads the layers, handles the CRSs (noise in metres, point-in-polygon in the
zones' CRS), and writes the table, the zones, the chart and their metadata.
The outputs are statistics of the true locations: not differentially
private, a calibration aid for the data holder.
"""

import functools
import math
from pathlib import Path

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)

from ...core.accuracy.escape_chart import chart_html, escape_chart_svg
from ...core.geometry.zones import uniform_points
from ...core.releases.escape_release import (
    NOT_DP_NOTE,
    EscapeSpec,
)
from ..accuracy_notes import note_escape_calibration
from ..base import DpAlgorithm, setting_number
from ..chart_files import CHART_SUFFIXES, write_chart
from ..help_summary import defaults, displacement_figures, with_summary
from ..metric_crs import wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import PointTable, read_points
from ..styles import escape_share_zones
from ..writers import columns_of, together, write_features
from ..zone_reader import read_zones
from .escape_steps import in_zone_crs, measure, report_calibration, sweep


class EscapeAnalysis(DpAlgorithm):
    """How many points leave their zone under Laplace noise, per zone and city-wide; calibrate the scale."""

    ALGORITHM_ID = "escapeanalysis"
    GROUP_ID = "calibration"
    DIALOG_ORDER = ("INPUT", "ZONES", "ZONE_ID_FIELD", "UNIFORM_POINTS", "DISTANCE", "TARGET_ESCAPE", "SCALES",
                    "METRIC_CRS")
    ADVANCED = ("MECHANISM", "REALIZATIONS", "PERTURBED", "MATCH_FIELD")
    INPUT = "INPUT"
    UNIFORM_POINTS = "UNIFORM_POINTS"
    ZONES = "ZONES"
    ZONE_ID_FIELD = "ZONE_ID_FIELD"
    SCALES = "SCALES"
    REALIZATIONS = "REALIZATIONS"
    TARGET_ESCAPE = "TARGET_ESCAPE"
    DISTANCE = "DISTANCE"
    METRIC_CRS = "METRIC_CRS"
    PERTURBED = "PERTURBED"
    MATCH_FIELD = "MATCH_FIELD"
    OUTPUT_TABLE = "OUTPUT_TABLE"
    OUTPUT_ZONES = "OUTPUT_ZONES"
    OUTPUT_CHART = "OUTPUT_CHART"
    POSITIVE_PARAMETERS = (DISTANCE,)
    DEFAULT_SCALES = "10,20,50,100,200,500"

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Escaped-point analysis and noise calibration")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        scales, realizations, mechanism = defaults(self, self.SCALES, self.REALIZATIONS, self.MECHANISM)
        values = sorted(float(b) for b in str(scales).split(","))
        low, high = (displacement_figures(1.0, b, mechanism) for b in (values[0], values[-1]))
        return with_summary(
            self.tr("Measures which share of points Laplace noise of each scale moves out of their zone, and "
                    "calibrates the noise (and epsilon) to a target share."),
            self.tr("<b>Private:</b> nothing: not differentially private, a calibration aid for the data holder "
                    "computed from the true locations; do not publish its outputs."),
            self.tr("<b>Accuracy at the defaults:</b> escape shares are averages of {r} noise draws per scale; the "
                    "default scales move points {low:.0f} to {high:.0f} m on average.").format(
                r=realizations, low=low.mean, high=high.mean),
            self._details())

    def _details(self):
        return self.tr(
            "<p><b>Not differentially private: the outputs contain statistics of the raw data.</b> "
            "They are a calibration aid for the data holder, computed from the true locations; do "
            "not publish them. Their metadata says so.</p>"
            "<p>Before perturbing household locations and counting them per census block, find out "
            "what share of points will land in the wrong zone, zone by zone and city-wide, and which "
            "noise scale keeps that share acceptable (Dumont et al. 2021 §5, Fig. 13-21). For every Laplace "
            "scale b in SCALES (metres) the points are perturbed REALIZATIONS times with MECHANISM "
            "(as in 'Laplace location perturbation'; per-axis Laplace is Dumont et al. 2021 eq. 14) and tested "
            "against the ZONES polygons. A point <i>escapes</i> when its perturbed location lies in "
            "another zone or in none.</p>"
            "<p><b>OUTPUT_TABLE</b>, one row per scale: scale_m, epsilon (= DISTANCE / b, when "
            "DISTANCE is given), b_lumped = b / sqrt(mean zone area), the dimensionless scale on "
            "which curves for different tessellations lie on one another (Dumont et al. 2021 Fig. 15), "
            "esc_share and esc_sd: the city-wide escape share sum P_i rho_i / sum P_i (Dumont et al. 2021 "
            "eq. 15), mean and standard deviation over realizations; no_change, no_chg_sd: the share "
            "of zones whose population has no net change (Fig. 16); abs_rel_ch, abs_rel_sd: the mean "
            "absolute relative change |Q_i - P_i| / P_i of zone populations, over zones with P_i > 0; "
            "lost_out: mean number of points that left every zone; entered: mean number of points "
            "from outside every zone that landed in one; runs, n_points, n_outside, n_zones, "
            "n_empty.</p>"
            "<p><b>OUTPUT_ZONES</b>, one polygon per zone and scale: zone_id, scale_m, epsilon, "
            "population P_i, esc_share and esc_sd (rho_i over realizations), net_change (mean "
            "Q_i - P_i), abs_rel_ch, and no_change (share of realizations with no net change). "
            "Loaded into a project it is drawn by escape share for one scale (the calibrated one, "
            "else the middle one); the table holds them all. <b>OUTPUT_CHART</b> (.html with an "
            "inline SVG, or .png): escape share against scale with the sd band and the target.</p>"
            "<p><b>Calibration.</b> With TARGET_ESCAPE (a share, e.g. 0.1), CALIBRATED_SCALE is the "
            "largest scale in the sweep whose mean escape share is at most the target, refined "
            "towards the next larger scale by linear interpolation of the mean escape share in "
            "log b between the two bracketing sweep points. If every scale meets the target the "
            "largest is returned (extend SCALES); if none does, there is no result (add smaller "
            "scales). CALIBRATED_EPSILON = DISTANCE / CALIBRATED_SCALE.</p>"
            "<p><b>Which points.</b> With INPUT the escape shares, CALIBRATED_SCALE and CALIBRATED_EPSILON are "
            "statistics of the raw points: an epsilon chosen from them is a choice that depends on the data, "
            "which no privacy ledger counts (the log, the record and the chart say so). To choose for free, "
            "calibrate on public points: UNIFORM_POINTS (a number of points drawn uniformly over ZONES, in "
            "the zones' CRS; INPUT is then not read) or a public layer (e.g. address points or building "
            "centroids) as INPUT.</p>"
            "<p><b>Rules.</b> P_i counts the points in zone i; a point on a shared edge or in "
            "overlapping zones belongs to the first zone in layer order that it touches. Points in "
            "no zone are reported as POINTS_OUTSIDE, never dropped silently: they are perturbed too "
            "and count where they land. A zone with no points has P_i = 0: its escape share is "
            "empty (NULL), it weighs nothing in eq. 15, is left out of abs_rel_ch, and counts in "
            "no_change as unchanged when nothing lands in it. Standard "
            "deviations are sample ones (NULL with one realization). Each realization draws one "
            "noise vector per point and scales it by every b (common random numbers: smooth "
            "curves).</p>"
            "<p><b>CRSs.</b> Points are reprojected to the zones' CRS when they differ (the log says "
            "so). Noise is drawn in METRIC_CRS (default: the zones' CRS if projected in metres, "
            "else the points' CRS if it is, provided it is true to scale within 1% over the data's "
            "area, else the UTM zone, else an azimuthal equidistant CRS: Web Mercator, for one, is in "
            "ground metres only near the equator); perturbed points are "
            "transformed back to the zones' CRS for the point-in-polygon tests, so zone edges are "
            "used exactly as stored.</p>"
            "<p><b>Measuring an existing perturbation.</b> Give PERTURBED (e.g. the output of "
            "'Laplace location perturbation' run with KEEP_IDENTIFIERS, an internal study run) and "
            "MATCH_FIELD, a field present in both layers that pairs each true point with its "
            "perturbed copy (values compared as text; points without a partner are counted as "
            "POINTS_UNMATCHED). The outputs then hold the observed escapes "
            "of that one realization; SCALES, REALIZATIONS, MECHANISM and TARGET_ESCAPE are not "
            "used, and the scale is taken from PERTURBED's privacy record when it has one.</p>"
            "<p>Speed: each perturbed point is tested against its own zone first (vectorised, "
            "prepared polygons); only escapers are located among all zones. Points are processed "
            "in chunks, so memory does not grow with scales and realizations.</p>"
            "<p>Sources: Dumont et al. 2021 §5 (Fig. 13-21, eq. 14, eq. 15).</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        points = QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint], optional=True)
        points.setHelp(self.tr("The true locations, or public points; leave empty with UNIFORM_POINTS."))
        self.add(points)
        uniform = QgsProcessingParameterNumber(
            self.UNIFORM_POINTS, self.tr("Uniform points to calibrate on"),
            QgsProcessingParameterNumber.Integer, optional=True, minValue=1, maxValue=10_000_000)
        uniform.setHelp(self.tr("e.g. 10000: points drawn uniformly over ZONES (in the zones' CRS); no data is "
                                "read, so an epsilon chosen from the result is not a data-dependent choice."))
        self.add(uniform)
        self.add(QgsProcessingParameterFeatureSource(self.ZONES, self.tr("Zones (e.g. census blocks)"),
                                                     [QgsProcessing.TypeVectorPolygon]))
        self.add(QgsProcessingParameterField(self.ZONE_ID_FIELD, self.tr("Zone id field (default: feature id)"),
                                             parentLayerParameterName=self.ZONES, optional=True))
        self.add_mechanism_parameter()
        scales = QgsProcessingParameterString(
            self.SCALES, self.tr("Laplace scales to test (m)"),
            defaultValue=self.DEFAULT_SCALES, optional=True,
        )
        scales.setHelp(self.tr("Laplace scales b in metres separated by commas, e.g. 10,20,50,100,200,500."))
        self.add(scales)
        realizations = QgsProcessingParameterNumber(
            self.REALIZATIONS, self.tr("Realizations per scale"), QgsProcessingParameterNumber.Integer,
            defaultValue=10, minValue=1,
        )
        realizations.setHelp(self.tr("Random perturbations per scale; 10 as in Dumont et al. 2021, more for smoother "
                                     "curves."))
        self.add(realizations)
        target = QgsProcessingParameterNumber(
            self.TARGET_ESCAPE, self.tr("Target escape share (optional, e.g. 0.1)"),
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0, maxValue=1.0,
        )
        target.setHelp(self.tr("A share between 0 and 1 (exclusive), e.g. 0.1 for 10% of points in the wrong zone."))
        self.add(target)
        distance = QgsProcessingParameterNumber(
            self.DISTANCE, self.tr("Protected distance (m)"),
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0,
        )
        distance.setHelp(self.tr("Locations this far apart are epsilon-indistinguishable, e.g. 100 (metres)."))
        self.add(distance)
        self.add(QgsProcessingParameterCrs(self.METRIC_CRS, self.tr("Metric CRS for the noise (recommended)"),
                                           optional=True))
        self.add_seed_parameter()
        self.add(QgsProcessingParameterFeatureSource(
            self.PERTURBED, self.tr("Perturbed layer to measure"),
            [QgsProcessing.TypeVectorPoint], optional=True))
        match = QgsProcessingParameterField(
            self.MATCH_FIELD, self.tr("Field pairing true and perturbed points"),
            parentLayerParameterName=self.INPUT, optional=True)
        match.setHelp(self.tr("A field present in both INPUT and PERTURBED that identifies each point, e.g. a "
                              "household id."))
        self.add(match)
        table = QgsProcessingParameterVectorDestination(self.OUTPUT_TABLE, self.tr("Escape share per scale"),
                                                        QgsProcessing.TypeVector)
        table.setSupportsNonFileBasedOutput(False)
        self.add(table)
        zones = QgsProcessingParameterVectorDestination(self.OUTPUT_ZONES, self.tr("Escape share per zone and scale"),
                                                        QgsProcessing.TypeVectorPolygon)
        zones.setSupportsNonFileBasedOutput(False)
        self.add(zones)
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_CHART, self.tr("Chart: escape share against scale"),
            self.tr("HTML files (*.html);;PNG files (*.png)"), optional=True, createByDefault=False))
        self.add_output(QgsProcessingOutputNumber("CALIBRATED_SCALE", self.tr("Calibrated scale b (metres)")))
        self.add_output(QgsProcessingOutputNumber("CALIBRATED_EPSILON", self.tr("Calibrated epsilon")))
        self.add_output(QgsProcessingOutputNumber("POINTS_OUTSIDE", self.tr("Points outside every zone")))
        self.add_output(QgsProcessingOutputNumber("POINTS_IN_ZONES", self.tr("Points in zones")))
        self.add_output(QgsProcessingOutputNumber("POINTS_SKIPPED", self.tr("Points skipped (no geometry)")))
        self.add_output(QgsProcessingOutputNumber("POINTS_UNMATCHED", self.tr("Points without a partner")))
        self.add_output(QgsProcessingOutputNumber("ESCAPE_SHARE", self.tr("Escape share (measure mode)")))

    # --- parameter checks -------------------------------------------------------------

    def _measuring(self, parameters):
        return parameters.get(self.PERTURBED) not in (None, "")

    def _scales(self, parameters, context):
        """(sorted unique scales, None) or (None, error message)."""
        text = self.parameterAsString(parameters, self.SCALES, context) or ""
        tokens = [t for t in text.replace(";", ",").replace(" ", ",").split(",") if t.strip()]
        if not tokens:
            return None, self.tr(
                "SCALES is empty. List the Laplace scales b to test, in metres, separated by commas "
                "(e.g. 10,20,50,100,200,500), or give PERTURBED and MATCH_FIELD to measure a perturbed layer."
            )
        values = []
        for token in tokens:
            try:
                value = float(token)
            except ValueError:
                value = math.nan
            if not (math.isfinite(value) and value > 0):
                return None, self.tr(
                    "SCALES must hold numbers greater than 0 (metres); '{token}' is not one. "
                    "Write e.g. 10,20,50,100,200,500."
                ).format(token=token.strip())
            if value > 1e7:  # beyond the size of the Earth: every point escapes, coordinates overflow
                return None, self.tr(
                    "SCALES must hold numbers greater than 0 and at most 10,000,000 (metres); '{token}' is "
                    "larger than any projected CRS. Write e.g. 10,20,50,100,200,500."
                ).format(token=token.strip())
            values.append(value)
        return np.unique(values), None

    def _simple_problem(self, parameters, context):
        """The first problem with a parameter that needs no layer to check, or None."""
        measuring = self._measuring(parameters)
        if measuring and parameters.get(self.MATCH_FIELD) in (None, ""):
            return self.tr(
                "PERTURBED needs MATCH_FIELD: choose a field present in both INPUT and PERTURBED (e.g. a "
                "household id) that pairs each true point with its perturbed copy."
            )
        if not measuring:
            _, problem = self._scales(parameters, context)
            if problem:
                return problem
        number = setting_number(parameters, self.REALIZATIONS)
        if number is not None and not (math.isfinite(number) and number >= 1 and number == int(number)):
            return self.tr(
                "REALIZATIONS must be a whole number of at least 1 (got {value}); 10 is a common choice, "
                "more gives smoother curves."
            ).format(value=parameters.get(self.REALIZATIONS))
        number = setting_number(parameters, self.TARGET_ESCAPE)
        if number is not None and not (0 < number < 1):
            return self.tr(
                "TARGET_ESCAPE must be a share strictly between 0 and 1 (got {value}), e.g. 0.1 for "
                "10% of points in the wrong zone; leave it empty to skip the calibration."
            ).format(value=parameters.get(self.TARGET_ESCAPE))
        return None

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        problem = self._simple_problem(parameters, context)
        if problem:
            return False, problem
        return super().checkParameterValues(parameters, context)

    def _check_match_field(self, parameters, context, field):
        for name in (self.INPUT, self.PERTURBED):
            source = self.parameterAsSource(parameters, name, context)
            if source is None:
                raise QgsProcessingException(self.invalidSourceError(parameters, name))
            names = source.fields().names()
            if field not in names:
                raise QgsProcessingException(
                    self.tr(
                        "MATCH_FIELD '{field}' is not a field of {layer}. Choose a field present in both INPUT "
                        "and PERTURBED ({layer} has: {names})."
                    ).format(field=field, layer=name, names=", ".join(names) or "-")
                )

    # --- the run ----------------------------------------------------------------------

    def memory_per_unit(self, parameters, context):
        # Five statistics per scale and realization (float64), and as much again when summarised.
        scales, _ = self._scales(parameters, context)
        return {self.REALIZATIONS: 80 * (1 if scales is None else max(1, len(scales)))}

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        problem = self._simple_problem(parameters, context)
        if problem:
            raise QgsProcessingException(problem)
        measuring = self._measuring(parameters)
        match_field = self.parameterAsString(parameters, self.MATCH_FIELD, context) if measuring else ""
        if measuring:
            self._check_match_field(parameters, context, match_field)
        elif parameters.get(self.MATCH_FIELD) not in (None, ""):
            feedback.pushWarning(self.tr("MATCH_FIELD is only used with PERTURBED; ignored."))
        distance = None
        if parameters.get(self.DISTANCE) not in (None, ""):
            distance = self.positive_number(parameters, self.DISTANCE, context)
        target = None
        if parameters.get(self.TARGET_ESCAPE) not in (None, ""):
            target = self.parameterAsDouble(parameters, self.TARGET_ESCAPE, context)
        table_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_TABLE, context)
        zones_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_ZONES, context)
        chart_destination = self.parameterAsFileOutput(parameters, self.OUTPUT_CHART, context)
        if chart_destination and Path(chart_destination).suffix.lower() not in CHART_SUFFIXES:
            raise QgsProcessingException(
                self.tr("OUTPUT_CHART must end in .html or .png (got {path}).").format(path=chart_destination)
            )

        id_field = self.parameterAsString(parameters, self.ZONE_ID_FIELD, context)
        zones = read_zones(self, parameters, self.ZONES, id_field, context, feedback)
        tessellation = zones.tessellation
        points = self._points(parameters, context, feedback, zones, measuring, match_field)
        feedback.setProgress(5)
        overlaps = len(tessellation.overlapping_pairs())
        if overlaps:
            feedback.pushWarning(
                self.tr(
                    "{n} pairs of zones overlap: a point in an overlap belongs to the first of them in layer order."
                ).format(n=overlaps)
            )
        xy_zone = in_zone_crs(points, zones.crs, self.INPUT, feedback)
        locator = tessellation.locator()
        source = self.noise_source(parameters, context, feedback) if not measuring else None

        spec = EscapeSpec(distance=distance, target=None if measuring else target)
        if measuring:
            release, info = measure(self, parameters, context, feedback, points, xy_zone, zones, locator,
                                          match_field, spec)
        else:
            release, info = sweep(self, parameters, context, feedback, points, xy_zone, zones, locator, source, spec)
        feedback.setProgress(90)
        result, facts = release.facts["statistics"], release.facts
        calibrated_scale, calibrated_epsilon = facts["calibrated_scale"], facts["calibrated_epsilon"]
        if facts["calibration"]:
            report_calibration(facts["calibration"], calibrated_epsilon, feedback)
            feedback.pushWarning(self._calibration_source_note(points))
            note_escape_calibration(feedback, facts["calibration"], calibrated_epsilon, result.mean_zone_area,
                                    distance)
        if result.points_outside:
            feedback.pushWarning(
                self.tr("{n} points lie outside every zone: not in any P_i, reported as POINTS_OUTSIDE.").format(
                    n=result.points_outside
                )
            )

        record = self.privacy_record(
            mechanism_fields=release.record_fields,
            input_layer=points.source_name,
            seeded=bool(source.seeded) if source else False,
            metric_crs=info.get("metric_crs", ""),
            differentially_private=False,
            notes=(NOT_DP_NOTE, info["description"], self._calibration_source_note(points)),
        )
        table_title = self.tr("Escape share per scale")
        zones_title = self.tr("Escape share per zone")
        with together():  # both outputs, or neither
            write_features(
                table_destination, "", ogr.wkbNone, None, columns_of(release.result["table"]), feedback,
                finish=lambda path, layer: write_to_file(path, layer, record, table_title),
            )
            feedback.setProgress(93)
            write_features(
                zones_destination, wkt(zones.crs), ogr.wkbMultiPolygon, self._zone_geometries(tessellation, result),
                columns_of(release.result["zones"]), feedback,
                finish=lambda path, layer: write_to_file(path, layer, record, zones_title),
            )
        feedback.setProgress(97)
        outputs = {self.OUTPUT_TABLE: table_destination, self.OUTPUT_ZONES: zones_destination}
        if chart_destination:
            if measuring:
                feedback.pushWarning(self.tr("OUTPUT_CHART needs a sweep of scales; no chart in measure mode."))
            else:
                self._write_chart(chart_destination, result, target, calibrated_scale, record,
                                  public=points.gpkg_path == "")
                outputs[self.OUTPUT_CHART] = chart_destination
        feedback.setProgress(100)

        shown = self._shown_scale(result, calibrated_scale)
        if context.willLoadLayerOnCompletion(table_destination):
            context.layerToLoadOnCompletionDetails(table_destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, table_title))
        if context.willLoadLayerOnCompletion(zones_destination):
            title = zones_title
            if shown is not None:
                title = self.tr("Escape share per zone (map: b = {b:g} m)").format(b=shown)
            context.layerToLoadOnCompletionDetails(zones_destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, functools.partial(escape_share_zones, scale=shown)))
        outputs.update({
            "CALIBRATED_SCALE": calibrated_scale,
            "CALIBRATED_EPSILON": calibrated_epsilon,
            "POINTS_OUTSIDE": result.points_outside,
            "POINTS_IN_ZONES": result.points_in_zones,
            "POINTS_SKIPPED": points.skipped_null + points.skipped_empty + info.get("skipped", 0),
            "POINTS_UNMATCHED": info.get("unmatched"),
            "ESCAPE_SHARE": float(result.escape_mean[0]) if measuring else None,
        })
        return outputs

    def _points(self, parameters, context, feedback, zones, measuring, match_field):
        """INPUT's points, or UNIFORM_POINTS points drawn uniformly over the zones (public, no data read)."""
        given = parameters.get(self.INPUT) not in (None, "")
        count = setting_number(parameters, self.UNIFORM_POINTS)
        if count is not None and not measuring:
            if given:
                feedback.pushWarning(self.tr("UNIFORM_POINTS is given: INPUT is not read."))
            rng = self.noise_source(parameters, context, feedback).generator
            try:
                xy = uniform_points(zones.tessellation, int(count), rng)
            except ValueError as error:
                raise QgsProcessingException(self.tr("UNIFORM_POINTS: {error}.").format(error=error)) from None
            return PointTable("", "", self.tr("{n} points drawn uniformly over ZONES").format(n=int(count)),
                              zones.crs, np.arange(len(xy)), xy, 0, 0)
        if not given:
            raise QgsProcessingException(self.tr(
                "Give INPUT (the points to calibrate on) or UNIFORM_POINTS (a number of points drawn uniformly "
                "over ZONES, which reads no data)."))
        return read_points(self, parameters, self.INPUT, context, feedback,
                           fields=(match_field,) if measuring else ())

    def _calibration_source_note(self, points):
        """Where the calibrated scale and epsilon come from (shown with them: log, record, chart)."""
        if points.gpkg_path == "":
            return self.tr("The escape shares and the calibration were computed from points drawn uniformly over "
                           "the zones (public): an epsilon chosen from them reveals nothing about the data.")
        return self.tr(
            "The escape shares, CALIBRATED_SCALE and CALIBRATED_EPSILON were computed from the raw points of INPUT: "
            "an epsilon chosen from them is a choice that depends on the data, and no privacy ledger counts it. "
            "For a choice that costs nothing, calibrate on public points: UNIFORM_POINTS, or a public layer "
            "(e.g. address points) as INPUT.")

    @staticmethod
    def _shown_scale(result, calibrated_scale):
        scales = result.scales
        if not np.isfinite(scales).all():
            return None
        if calibrated_scale:
            return float(scales[scales <= calibrated_scale * (1 + 1e-12)].max())
        return float(scales[(len(scales) - 1) // 2])

    @staticmethod
    def _zone_geometries(tessellation, result):
        multi = np.array(
            [g if g.geom_type == "MultiPolygon" else shapely.MultiPolygon([g]) for g in tessellation.polygons],
            dtype=object,
        )
        return np.tile(multi, len(result.scales))

    def _write_chart(self, destination, result, target, calibrated_scale, record, public):
        title = self.tr("Share of points that escape their zone")
        svg = escape_chart_svg(
            result.scales, result.escape_mean, result.escape_sd, target=target, calibrated=calibrated_scale,
            title=title,
            x_label=self.tr("Laplace scale b (m, log scale)"),
            y_label=self.tr("Share of points that escape (mean, band: 1 sd)"),
            target_label=self.tr("target"),
            calibrated_label=self.tr("calibrated b"),
            subtitle=self.tr("Computed from points drawn uniformly over the zones (public)") if public else self.tr(
                "NOT differentially private: statistics of the raw data; an epsilon chosen from it is not "
                "counted by any ledger"),
        )
        if not write_chart(destination, svg, lambda: chart_html(svg, title, record.summary().splitlines())):
            raise QgsProcessingException(self.tr("The chart could not be drawn."))
