"""dp_geoprivacy:noisyzonecounts: differentially private counts of points per zone (and time slot).

Sources: Dumont et al. 2021 §6.1, Kapp et al. 2023 §4.2-4.3, Asghar, Tyler and Kaafar 2017 Algorithm 1 and §3.3.1,
the ITMS report (H3, hexagon-and-timeslot). The mechanisms and the sensitivity rule
live in ``core.mechanisms.counting``; the release (NULL users and times dropped, user
bound, noise, threshold, top k, output order by zone id) is
``core.releases.zone_counts.release_zone_counts``; the zones or H3 cells come from
``processing.zone_source``. This module reads the points batch by batch
(keeping only a zone index, and the user and time values, per point), calls
the release and writes one polygon row per published zone (and slot).
"""

import math

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...core.releases.publication import log_private, reveal
from ...core.releases.release import ranks_from_order
from ...core.releases.time_slots import FOUR_HOURS, HOUR, WEEKDAY, TimeSlotError, slot_labels
from ...core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts
from .. import auto_bound
from ..accuracy_notes import note_user_level_counts
from ..base import DpAlgorithm, setting_number
from ..count_release import (
    add_release_outputs,
    add_release_parameters,
    add_threshold_parameter,
    delta_unused,
    gaussian_threshold_help,
    release_setting_errors,
)
from ..help_summary import NOISE_KINDS, count_figures, defaults, with_summary
from ..metric_crs import wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import read_points
from ..styles import graduated_counts
from ..writers import Column, write_features
from ..zone_source import (
    ALLOW_OVERLAP,
    EXTENT,
    H3_RESOLUTION,
    ZONE_ID_FIELD,
    ZONES,
    add_zone_parameters,
    cell_set_from_parameters,
)


class NoisyZoneCounts(DpAlgorithm):
    """Noisy point counts per public zone or H3 cell, optionally per time slot, at user level."""

    ALGORITHM_ID = "noisyzonecounts"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "EPSILON", "USER_FIELD",
                    "MAX_CONTRIBUTIONS")
    ADVANCED = ("ALLOW_OVERLAP", "DELTA", "NOISE", "TIME_FIELD", "TIME_SLOT", "THRESHOLD", "TOP_K", "CLAMP",
                *auto_bound.PARAMETERS)
    INPUT = "INPUT"
    ZONES = ZONES
    ZONE_ID_FIELD = ZONE_ID_FIELD
    H3_RESOLUTION = H3_RESOLUTION
    EXTENT = EXTENT
    ALLOW_OVERLAP = ALLOW_OVERLAP
    EPSILON = "EPSILON"
    DELTA = "DELTA"
    NOISE = "NOISE"
    USER_FIELD = "USER_FIELD"
    MAX_CONTRIBUTIONS = "MAX_CONTRIBUTIONS"
    TIME_FIELD = "TIME_FIELD"
    TIME_SLOT = "TIME_SLOT"
    THRESHOLD = "THRESHOLD"
    TOP_K = "TOP_K"
    CLAMP = "CLAMP"
    OUTPUT = "OUTPUT"
    NOISE_KINDS = NOISE_KINDS
    SLOT_KINDS = (HOUR, FOUR_HOURS, WEEKDAY)
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Noisy zone counts")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m, noise, threshold, delta = defaults(
            self, self.EPSILON, self.MAX_CONTRIBUTIONS, self.NOISE, self.THRESHOLD, self.DELTA)
        figures = count_figures(epsilon, m, noise, bool(threshold), delta)
        return with_summary(
            self.tr("Counts the points in each zone (or H3 hexagon) and publishes the counts with differential "
                    "privacy."),
            self.tr("<b>Private:</b> each point, for whoever it belongs to; with USER_FIELD each user with up to M "
                    "points (user-level privacy)."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, M={m}): each published count is off by "
                    "at most ±{moe:.2g} (95%), {mae:.2g} on average, whatever the zone's size.").format(
                epsilon=epsilon, m=m, moe=figures.margin_of_error, mae=figures.expected_abs_error),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Counts the points (households, taps, trip ends) in each zone of a public zone layer "
            "or in H3 hexagons, optionally per time slot, and publishes the counts with "
            "differential privacy.</p>"
            "<p><b>Zones.</b> ZONES (a public polygon layer, ids from ZONE_ID_FIELD or the feature "
            "ids) or H3_RESOLUTION with an EXTENT: every H3 cell overlapping the extent (the ITMS report "
            ""
            "§II C). The set of zones is public and chosen without looking at the points (Kapp et al. 2023 "
            "§4.2): with THRESHOLD=0 every zone, and every zone x slot, is published with noise, "
            "zeros included. Points in no zone are counted in one extra noisy cell, reported as "
            "OUTSIDE_COUNT and in the metadata, with the same noise. H3 without EXTENT is only "
            "allowed with THRESHOLD=1. Points and zones in different CRSs: points are reprojected "
            "to the zones' CRS (to EPSG:4326 for H3), as the log says. A point on a shared edge "
            "belongs to the first zone in layer order. Invalid zone polygons are repaired "
            "(shapely make_valid, keeping their polygonal part) and counted in the log. "
            "Overlapping zones are refused unless ALLOW_OVERLAP is set; then a point counts in "
            "every zone containing it and the sensitivity is multiplied by the largest number of "
            "zones overlapping at one place.</p>"
            "<p><b>Unit of privacy.</b> Without USER_FIELD: one point (item-level), sensitivity 1. "
            "With USER_FIELD: one user (Kapp et al. 2023 §4.2-4.3). Each user keeps at most "
            "MAX_CONTRIBUTIONS (M) points, chosen uniformly at random (not the first M); adding or "
            "removing a user then changes the counts by at most M in total, whichever zones and "
            "slots the M points fall in, so the sensitivity is M. Points with a NULL (or empty) "
            "user id are dropped and counted in the log: a NULL could hide the same person twice "
            "and break the bound M. For trip ends (origin and destination of a trip) use M = 2 x "
            "trips per user (Kapp et al. 2023 §4.3.1).</p>"
            "<p><b>Automatic M.</b> MAX_CONTRIBUTIONS=0 (with USER_FIELD) chooses M privately: "
            "AUTO_SHARE of EPSILON (default 5%) draws M from 1..AUTO_MAX_BOUND by permute-and-flip (McKenna and "
            "Sheldon 2020, the exponential mechanism's privacy with a smaller expected loss) on the points per user, "
            "aiming at the M where the points left out plus the "
            "expected noise error on every cell is smallest (the noise of the chosen NOISE: Laplace with its "
            "power-of-two grain, or the discrete Gaussian, growing as the square root of M); the counts use the rest "
            "of EPSILON (with NOISE=2, the rest of its rho). The chosen M is in the log and the privacy record, and "
            "EPSILON_SPENT includes the choice.</p>"
            "<p><b>Time slots.</b> With TIME_FIELD (date-time, date, time or ISO text) each point "
            "counts in a (zone, slot) cell: hour of day, the six four-hour windows of Kapp et al. 2023 "
            "(02-06, 06-10, ..., 22-02) or day of week (Mon-Sun); one output row per zone and slot "
            "(the ITMS report: hexagon-and-timeslot). Clock "
            "times are read as written. Points with a NULL "
            "time are dropped and counted in the log.</p>"
            "<p><b>Noise.</b> NOISE=0: Laplace with scale b = sensitivity / EPSILON on every cell "
            "(Dumont et al. 2021 §6.1, Kapp et al. 2023 Definition 4); NOISE=1: discrete Laplace (two-sided "
            "geometric), integer noise with the same privacy; DELTA is 0 and unused. NOISE=2: the "
            "discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for "
            "Differential Privacy', Algorithm 3), integer noise calibrated to the L2 sensitivity: "
            "each user is counted at most once per zone (and slot) and in at most M zones, sampled "
            "(so counts are users per zone, not points), which makes the L2 sensitivity sqrt(M) "
            "instead of M; it needs DELTA > 0, satisfies rho-zero-concentrated DP (Bun and "
            "Steinke 2016) with rho chosen so that the conversion of Canonne, Kamath and Steinke "
            "2020 (Corollary 13) gives (EPSILON, DELTA), and the record carries rho. For large M "
            "it is the more accurate choice. moe95 is "
            "the 95% margin of error of the noise: the true count lies within noisy_count +- "
            "moe95 with 95% probability (before clamping).</p>"
            "<p><b>THRESHOLD=1</b>: the stability-based histogram of Asghar, Tyler and Kaafar 2017 Algorithm 1, which "
            "needs DELTA in (0, 1). Only cells with a non-zero true count get Laplace noise (scale "
            "2 M / EPSILON) and are published when the noisy count reaches the threshold (2 ln(2 / "
            "DELTA) / EPSILON + 1 for M = 1; M + b ln(2 M / DELTA) in general). Zones without "
            "data, and zones below the threshold, are missing from the output: a missing zone "
            "does not mean zero. No cell is ever introduced that has no data.</p>"
            "<p><b>Post-processing</b> (no privacy cost): TOP_K keeps only the k largest noisy "
            "counts (Dumont et al. 2021 §6.1 publishes the 10 largest); CLAMP rounds and sets negative counts "
            "to zero (Roy, Kantarcioglu and Sweeney 2016). Rows are ordered by zone id, then slot, never by the data "
            "("
            "Asghar, Tyler and Kaafar 2017 §3.3.1).</p>"
            "<p>Output fields: zone_id (text), time_slot (text, with TIME_FIELD), noisy_count "
            "(real), moe95 (real). Results: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, "
            "OUTSIDE_COUNT (NaN when the threshold suppressed it), ROWS_WRITTEN. The privacy record "
            "is stored in the output's metadata.</p>"
            "<p>Sources: Dumont et al. 2021 §6.1; Kapp et al. 2023 §4.2-4.3; Asghar, Tyler and Kaafar 2017 Algorithm "
            "1 and §3.3.1; "
            "the ITMS report §II C and hexagon-and-timeslot aggregation.</p>"
        ) + gaussian_threshold_help(self.tr("zones (and slots)"), 1.0, 1e-6)

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        add_zone_parameters(self)
        add_release_parameters(
            self, self.MAX_CONTRIBUTIONS, self.tr("Maximum points per user (M)"),
            self.tr("An integer >= 1: each user keeps at most M points, sampled uniformly."),
            self.tr("Privacy loss of this release; smaller means more noise. 1 is a common choice."),
            self.tr("points"), gaussian=True)
        self.add(QgsProcessingParameterField(
            self.TIME_FIELD, self.tr("Time field (counts per time slot; optional)"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterEnum(
            self.TIME_SLOT, self.tr("Time slots"),
            options=[self.tr("Hour of day (24)"), self.tr("Four-hour windows 02-06 ... 22-02 (6, Kapp et al. 2023)"),
                     self.tr("Day of week (7)")],
            defaultValue=0))
        add_threshold_parameter(self, self.tr("None: every zone published with noise"))
        auto_bound.add_parameters(self)
        top = QgsProcessingParameterNumber(
            self.TOP_K, self.tr("Only the k largest counts (0 = all)"),
            QgsProcessingParameterNumber.Integer, defaultValue=0, minValue=0)
        top.setHelp(self.tr("An integer >= 0; 0 publishes every cell."))
        self.add(top)
        self.add(QgsProcessingParameterBoolean(
            self.CLAMP, self.tr("Round and clamp negative counts to zero"), defaultValue=True))
        self.add_seed_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Noisy zone counts"), QgsProcessing.TypeVectorPolygon)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        add_release_outputs(self, (("OUTSIDE_COUNT", self.tr("Noisy count outside all zones")),
                                   ("ROWS_WRITTEN", self.tr("Rows written"))))

    # --- checks ---------------------------------------------------------------

    def _setting_errors(self, parameters, context):
        """Clear messages for settings that cannot work, before anything is read."""
        k = setting_number(parameters, self.TOP_K)
        if k is not None and not (math.isfinite(k) and k >= 0 and k == int(k)):
            return self.tr("TOP_K must be a whole number of at least 0 (got {v}); 0 publishes every "
                           "zone.").format(v=parameters.get(self.TOP_K))
        return release_setting_errors(parameters, self.MAX_CONTRIBUTIONS, self.tr("points"))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        error = self._setting_errors(parameters, context)
        if error:
            return False, error
        return super().checkParameterValues(parameters, context)

    # --- run ------------------------------------------------------------------

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        error = self._setting_errors(parameters, context)
        if error:
            raise QgsProcessingException(error)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        delta = self.parameterAsDouble(parameters, self.DELTA, context)
        noise = self.NOISE_KINDS[self.parameterAsEnum(parameters, self.NOISE, context)]
        threshold = self.parameterAsEnum(parameters, self.THRESHOLD, context) == 1
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        time_field = self.parameterAsString(parameters, self.TIME_FIELD, context) or None
        slot_kind = self.SLOT_KINDS[self.parameterAsEnum(parameters, self.TIME_SLOT, context)]
        max_contributions = self.parameterAsInt(parameters, self.MAX_CONTRIBUTIONS, context)
        k = self.parameterAsInt(parameters, self.TOP_K, context)
        clamp = self.parameterAsBoolean(parameters, self.CLAMP, context)
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        if not user_field and max_contributions > 1:
            feedback.pushInfo(self.tr("No USER_FIELD: every point is its own unit of privacy; MAX_CONTRIBUTIONS "
                                      "is not used."))
            max_contributions = 1
        if noise == DISCRETE_GAUSSIAN:
            feedback.pushInfo(self.tr("Discrete Gaussian noise: each user counts at most once per zone (and slot), "
                                      "in at most M = {m} zones, so the L2 sensitivity is sqrt(M); accounted as "
                                      "rho-zCDP and converted to (EPSILON, DELTA).").format(m=max_contributions)
                              if max_contributions else
                              self.tr("Discrete Gaussian noise: each user counts at most once per zone (and slot), "
                                      "in at most M zones (the automatic M), so the L2 sensitivity is sqrt(M); "
                                      "accounted as rho-zCDP and converted to (EPSILON, DELTA)."))
        elif delta and not threshold:
            feedback.pushInfo(delta_unused("THRESHOLD=1"))

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        points_crs = source.sourceCrs()
        cells = cell_set_from_parameters(
            self, parameters, context, feedback, points_crs=points_crs if points_crs.isValid() else None,
            require_public=not threshold)
        feedback.pushInfo(self.tr("Counting in {cells}.").format(cells=cells.description))
        feedback.setProgress(10)

        map_xy = cells.batch_assigner(points_crs, feedback, source.featureCount(), progress=(10, 60))

        fields = [f for f in (user_field, time_field) if f]
        points = read_points(self, parameters, self.INPUT, context, feedback, fields=fields,
                             map_xy=map_xy)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        feedback.setProgress(75)
        rng = self.noise_source(parameters, context, feedback)
        bound = auto_bound.AutoBound.from_parameters(
            self, parameters, context, self.MAX_CONTRIBUTIONS, epsilon,
            cells=len(cells) * (len(slot_labels(slot_kind)) if time_field else 1) + 1, noise=noise, delta=delta,
            zcdp_release=not threshold)  # Gaussian thresholding is not zCDP: the choice adds its epsilon
        max_contributions = bound.choose(points.columns[user_field] if user_field else None, rng.generator, feedback)

        unit = (self.tr("one user ({field}), at most {m} points kept per user (sampled uniformly)").format(
            field=user_field, m=max_contributions) if user_field else self.tr("one point (item-level)"))
        spec = ZoneCountSpec(
            epsilon=bound.epsilon_release, unit_of_privacy=unit, delta=delta, noise=noise, threshold=threshold,
            max_contributions=max_contributions, cells_per_contribution=cells.cells_per_point,
            slot_kind=slot_kind if time_field else None, k=k, clamp=clamp)
        data = ZoneCountData(
            cell=points.mapped, n_zones=len(cells), zone_rank=ranks_from_order(cells.id_order()),
            user_keys=points.columns[user_field] if user_field else None,
            times=points.columns[time_field] if time_field else None, overlay=cells.overlay)
        if threshold and noise == DISCRETE_GAUSSIAN and cells.cells_per_point > 1:
            raise QgsProcessingException(self.tr(
                "THRESHOLD=1 with NOISE=2 (Gaussian thresholding) needs each point in one zone: the zones overlap "
                "(ALLOW_OVERLAP). Use zones that do not overlap, NOISE=0 with THRESHOLD=1, or THRESHOLD=0."))
        if user_field:
            note_user_level_counts(feedback, spec.mechanism(), max_contributions, cells.cells_per_point)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT,
                                output=destination)
        try:
            release = release_zone_counts(data, spec, rng.generator, before_noise=bound.charged(reserve))
        except TimeSlotError as error:
            raise QgsProcessingException(self.tr(
                "TIME_FIELD '{field}' cannot give {kind} slots: {error}. Choose a date-time field (or a "
                "date for day of week, a time for hours).").format(
                field=time_field, kind=slot_kind, error=error)) from None
        facts = release.facts
        if reveal(facts["null_users"]):
            log_private(feedback, self.tr(
                "Dropped {n} points whose user id ({field}) is NULL or empty: a NULL could hide the same "
                "person twice and break the bound of {m} points per user."), warning=True,
                n=facts["null_users"], field=user_field, m=max_contributions)
        if reveal(facts["null_times"]):
            log_private(feedback, self.tr("Dropped {n} points whose time ({field}) is NULL."), warning=True,
                        n=facts["null_times"], field=time_field)
        if reveal(facts["dropped_by_bound"]) and noise == DISCRETE_GAUSSIAN:
            log_private(feedback, self.tr("User bound: {n} points were left out (a user's repeats in a zone, and "
                                          "zones beyond {m} per user, sampled uniformly)."),
                        n=facts["dropped_by_bound"], m=max_contributions)
        elif reveal(facts["dropped_by_bound"]):
            log_private(feedback, self.tr("User bound: {n} points beyond {m} per user were left out (sampled "
                                          "uniformly)."), n=facts["dropped_by_bound"], m=max_contributions)

        zone_index, slot_index = release.result["zone_index"], release.result["slot_index"]
        values = release.result["noisy_count"]
        output_crs = cells.crs if cells.kind == "zones" else points_crs
        geometries = as_multipolygons(cells.geometries(zone_index, output_crs))
        columns = [Column("zone_id", "text", cells.ids[zone_index])]
        if time_field:
            columns.append(Column("time_slot", "text", np.asarray(spec.slot_labels, dtype=object)[slot_index]))
        columns += [Column("noisy_count", "real", values),
                    Column("moe95", "real", np.full(len(values), facts["margin_of_error"]))]

        record = self.privacy_record(
            mechanism_fields=bound.fields(release.record_fields),
            input_layer=points.source_name,
            seeded=rng.seeded,
            notes=tuple(self._notes(cells, facts, time_field, slot_kind, k, clamp)),
            **reserve.record_fields(),
        )
        title = self.tr("Noisy zone counts")
        write_features(destination, wkt(output_crs), ogr.wkbMultiPolygon, geometries, columns, feedback,
                       finish=lambda path, layer: write_to_file(path, layer, record, title))
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, graduated_counts))
        return {
            self.OUTPUT: destination,
            "EPSILON_SPENT": record.epsilon,
            "DELTA_SPENT": record.delta,
            "SENSITIVITY": record.sensitivity,
            "NOISE_SCALE": record.noise_scale,
            "OUTSIDE_COUNT": facts["outside"],
            "ROWS_WRITTEN": len(values),
        }

    def _notes(self, cells, facts, time_field, slot_kind, k, clamp):
        outside = ("suppressed by the threshold" if facts["outside"] != facts["outside"]
                   else f"{facts['outside']:g}")
        notes = [
            self.tr("Cells: {cells}.").format(cells=cells.description),
            self.tr("Noisy count outside all zones: {outside} (95% margin of error {moe:g}).").format(
                outside=outside, moe=facts["margin_of_error"]),
        ]
        if cells.cells_per_point > 1:
            notes.append(self.tr("Overlapping zones allowed: a point counts in up to {c} zones.").format(
                c=cells.cells_per_point))
        if time_field:
            notes.append(self.tr("Per time slot ({kind}) of field {field}.").format(kind=slot_kind, field=time_field))
        if facts["threshold"] is not None:
            notes.append(self.tr("Stability threshold: only zones with data whose noisy count reached {t:.4g} "
                                 "are published; a missing zone does not mean zero.").format(
                t=facts["threshold"]))
        if k:
            notes.append(self.tr("Only the {k} largest noisy counts are published (post-processing).").format(k=k))
        if clamp:
            notes.append(self.tr("Counts rounded and clamped at zero (post-processing)."))
        return notes


def as_multipolygons(geometries):
    """Polygons and multipolygons as MultiPolygons (the output layer's one geometry type)."""
    geometries = np.asarray(geometries, dtype=object)
    parts, index = shapely.get_parts(geometries, return_index=True)
    polygonal = shapely.get_type_id(parts) == 3
    return np.asarray(shapely.multipolygons(parts[polygonal], indices=index[polygonal]), dtype=object)
