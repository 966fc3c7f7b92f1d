"""dp_geoprivacy:noisyzonestatistics: noisy statistics of a measured value per zone (and time slot).

Sources: the ITMS report §III (hexagon-and-timeslot (HAT) aggregation; Query 1,
the average speed per HAT; Query 2, the average number of buses per day
above a speed limit; epsilon per HAT per day and, per day, the sum of the K
largest per-HAT epsilons, §III E-F) and Kapp et al. 2023 §4.3 (user-level privacy
with M sampled contributions; five-number summaries by the exponential
mechanism). The mechanisms, their sensitivities and the release (cleaning,
clamping, bounding, minimum support) are ``core.releases.zone_statistics``,
``core.mechanisms.bounded_stats`` and ``core.mechanisms.quantiles``; the zones or H3 cells come from
``processing.zone_source``, time slots and day keys from
``core.releases.zone_counts``. This module reads parameters, reads the points in bulk
(zone index, value, user, time and day per point), reserves the budget,
calls ``release_zone_statistics`` and writes one polygon row per published
(zone, slot) cell, ordered by zone id then slot.
"""

from dataclasses import replace

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.mechanisms.bounded_stats import Bounds
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...core.releases.release import ReleaseCancelledError, order_by_rank, ranks_from_order
from ...core.releases.time_slots import FOUR_HOURS, HOUR, WEEKDAY, TimeSlotError, day_keys, slot_labels, time_slots
from ...core.releases.zone_statistics import (
    COUNT,
    COUNT_ABOVE,
    FIVE_NUMBER,
    MEAN,
    MEDIAN,
    QUANTILES,
    QUARTILES,
    RECORD,
    SUM,
    USER,
    USER_DAY,
    ZoneStatisticsSpec,
    release_zone_statistics,
)
from .. import auto_bound
from ..base import DpAlgorithm
from ..count_release import add_delta_parameter, add_noise_parameter, delta_unused
from ..help_summary import EXAMPLE_BOUNDS, EXAMPLE_RECORDS, NOISE_KINDS, defaults, mean_figures, with_summary
from ..metric_crs import wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import read_points
from ..styles import graduated_counts
from ..writers import Column, write_features
from ..zone_source import add_zone_parameters, cell_set_from_parameters
from ..zone_statistics_checks import gaussian_statistics_help, setting_errors
from .noisy_zone_counts import as_multipolygons
from .zone_statistics_log import log_counts, notes


class NoisyZoneStatistics(DpAlgorithm):
    """A noisy statistic (count, sum, mean, count above a limit, quantiles) of a value per zone and slot."""

    ALGORITHM_ID = "noisyzonestatistics"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "VALUE_FIELD", "STATISTIC", "LOWER",
                    "UPPER", "EPSILON", "UNIT", "USER_FIELD", "MAX_CONTRIBUTIONS", "LIMIT", "DAYS")
    ADVANCED = ("MAX_CELLS_PER_DAY", "TIME_FIELD", "TIME_SLOT", "DAY_FIELD", "MIN_SUPPORT", *auto_bound.PARAMETERS,
                auto_bound.AUTO_VALUE_BOUNDS, "NOISE", "DELTA")
    INPUT = "INPUT"
    VALUE_FIELD = "VALUE_FIELD"
    STATISTIC = "STATISTIC"
    LOWER = "LOWER"
    UPPER = "UPPER"
    LIMIT = "LIMIT"
    DAYS = "DAYS"
    UNIT = "UNIT"
    USER_FIELD = "USER_FIELD"
    MAX_CONTRIBUTIONS = "MAX_CONTRIBUTIONS"
    MAX_CELLS_PER_DAY = "MAX_CELLS_PER_DAY"
    TIME_FIELD = "TIME_FIELD"
    TIME_SLOT = "TIME_SLOT"
    DAY_FIELD = "DAY_FIELD"
    MIN_SUPPORT = "MIN_SUPPORT"
    SUPPORT_SHARE = "SUPPORT_SHARE"
    MEAN_SUM_SHARE = "MEAN_SUM_SHARE"
    QUANTILE_GRID = "QUANTILE_GRID"
    PER_UNIT_MEAN = "PER_UNIT_MEAN"
    EPSILON = "EPSILON"
    NOISE = "NOISE"
    DELTA = "DELTA"
    NOISE_KINDS = NOISE_KINDS
    OUTPUT = "OUTPUT"
    STATISTICS = (COUNT, SUM, MEAN, COUNT_ABOVE, MEDIAN, QUARTILES, FIVE_NUMBER)
    UNITS = (RECORD, USER, USER_DAY)
    SLOT_KINDS = (HOUR, FOUR_HOURS, WEEKDAY)
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Noisy zone statistics")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m, share = defaults(self, self.EPSILON, self.MAX_CONTRIBUTIONS, self.MEAN_SUM_SHARE)
        lower, upper = EXAMPLE_BOUNDS
        margin = mean_figures(epsilon, m, share, EXAMPLE_RECORDS, EXAMPLE_BOUNDS)
        return with_summary(
            self.tr("Publishes a statistic of a measured value (speed, dwell time, fare) per zone or H3 hexagon "
                    "with differential privacy: count, sum, mean, count above a limit or quantiles."),
            self.tr("<b>Private:</b> each record (UNIT=0), each user with up to M records, or each user-day "
                    "(USER_FIELD), for whoever made them."),
            self.tr("<b>Accuracy at the defaults</b> (mean, EPSILON={epsilon:g}, M={m}): the mean of a cell with "
                    "{n} records of values in [{lower:g}, {upper:g}] is off by at most ±{moe:.2g} (95%).").format(
                epsilon=epsilon, m=m, n=EXAMPLE_RECORDS, lower=lower, upper=upper, moe=margin),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Publishes a statistic of a measured value (speed, dwell time, fare: VALUE_FIELD) per zone of a "
            "public zone layer or H3 hexagon, optionally per time slot, with differential privacy: the ITMS report "
            "§III "
            "(average bus speed per hexagon and time slot, Query 1; buses per day above a speed limit, Query 2) "
            "and Kapp et al. 2023 §4.3 (user-level privacy, five-number summaries).</p>"
            "<p><b>Cells.</b> ZONES with ZONE_ID_FIELD, or H3_RESOLUTION with a public EXTENT, as in Noisy zone "
            "counts; every cell gets its mechanism, empty ones included. Overlapping zones are not supported. "
            "With TIME_FIELD each point lies in a (zone, slot) cell (hour of day, four-hour windows or day of "
            "week). Points in no zone are dropped.</p>"
            "<p><b>STATISTIC.</b> count; sum; mean (a noisy sum of values centred on (LOWER+UPPER)/2 over a noisy "
            "count, MEAN_SUM_SHARE of epsilon for the sum; Wilson et al. 2020); count of units above LIMIT "
            "averaged over the public number of DAYS in the period (the ITMS report Query 2); median, quartiles or "
            "the five-number summary by the exponential mechanism on ranks over QUANTILE_GRID values from LOWER "
            "to UPPER (Kapp et al. 2023 §4.3.2). Every mechanism spends delta = 0.</p>"
            "<p><b>Public bounds.</b> LOWER and UPPER (e.g. 0 and 65 km/h) are required and declared by you; every "
            "value is clamped to them before anything is summed; the number of clamped values is in the log. The "
            "ITMS report "
            "takes the maximum speed (65 km/h) and the number of buses N from the raw data and uses (max - "
            "min) / N as the sensitivity of the mean: both are statistics of the private data, and N changes "
            "when a bus is added, so that release is not differentially private. They are not copied: the "
            "bounds are declarations, and the mean divides by a noisy count.</p>"
            "<p><b>Bounds chosen privately.</b> AUTO_VALUE_BOUNDS: LOWER and UPPER are then the declared public "
            "range, and the bounds the values are clamped to are the private 2nd and 98th percentiles of the values "
            "within it (the exponential mechanism on ranks, Kapp et al. 2023 §4.3.2, each user's at most M values), "
            "with AUTO_SHARE of EPSILON (default 5%). MAX_CONTRIBUTIONS=0 (UNIT=1) chooses M privately with another "
            "AUTO_SHARE: permute-and-flip (McKenna and Sheldon 2020) over 1..AUTO_MAX_BOUND on the records "
            "per user, aiming at the M where the records left out plus the expected noise error on every cell is "
            "smallest. The statistics use the rest of EPSILON (with NOISE=2, the rest of its rho); the chosen bounds "
            "and M are in the log and the privacy record, and EPSILON_SPENT includes them.</p>"
            "<p><b>Unit of privacy (UNIT).</b> 0 record: one point (item level). 1 user: USER_FIELD, each user "
            "keeps at most MAX_CONTRIBUTIONS (M) points, sampled uniformly (Kapp et al. 2023 §4.3); sensitivities are "
            "for M points. 2 user-day (the ITMS report's epsilon per day): a user on one day (DAY_FIELD, or the date "
            "of TIME_FIELD) keeps at most MAX_CELLS_PER_DAY (K) cells and M points per cell, sampled "
            "uniformly; every cell runs with epsilon / K and a user-day loses at most the sum of the K largest "
            "per-cell epsilons, EPSILON (the ITMS report §III F). With PER_UNIT_MEAN each user-day adds the mean of "
            "its "
            "values in a cell instead (the ITMS report Query 1; M = 1). K is a bound you declare, enforced by "
            "sampling; "
            "the ITMS report reads K = 89 from its data, which is not done here. Points with a NULL user or day are "
            "dropped and counted.</p>"
            "<p><b>NULL values</b> of VALUE_FIELD and NULL times are dropped and counted in the log.</p>"
            "<p><b>MIN_SUPPORT</b> (the ITMS report publishes only cells with at least 10 buses a day): a cell is "
            "published only when a noisy count of its points over the whole period reaches MIN_SUPPORT, never "
            "the raw count. The count and the mean test their own noisy count; the other statistics spend "
            "SUPPORT_SHARE of the cell's epsilon on a separate noisy count. Missing cells do not mean zero.</p>"
            "<p>Output fields: zone_id, time_slot (with TIME_FIELD), the statistic (count, sum, mean, "
            "per_day_above, median, q1/median/q3 or min/q1/median/q3/max), moe95 (95% margin of error in value "
            "units; the mean's from its noisy count) or moe95_rank (quantiles: ranks), and noisy_support (the "
            "noisy count the minimum support was tested on, when there was one). Rows are ordered by zone id "
            "and slot. The privacy record (per-cell and total epsilon, mechanism, sensitivity) is stored in "
            "the output's metadata; the layer loads graduated by the statistic.</p>"
            "<p>Sources: the ITMS report §II D and §III; Kapp et al. 2023 §4.2-4.3.</p>"
        ) + gaussian_statistics_help()

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        add_zone_parameters(self, allow_overlap=False)
        self.add(QgsProcessingParameterField(
            self.VALUE_FIELD, self.tr("Value field (numeric)"),
            parentLayerParameterName=self.INPUT, type=QgsProcessingParameterField.Numeric))
        self.add(QgsProcessingParameterEnum(
            self.STATISTIC, self.tr("Statistic"),
            options=[self.tr("Count"), self.tr("Sum"), self.tr("Mean"),
                     self.tr("Count above LIMIT per day (the ITMS report Query 2)"), self.tr("Median"),
                     self.tr("Quartiles"), self.tr("Five-number summary")],
            defaultValue=2))
        for name, label, help_text in (
                (self.LOWER, self.tr("Lower bound of the value (public)"),
                 self.tr("A finite number you declare, e.g. 0 km/h; values below it are clamped to it.")),
                (self.UPPER, self.tr("Upper bound of the value (public)"),
                 self.tr("A finite number above LOWER you declare, e.g. 65 km/h; values above it are clamped."))):
            bound = QgsProcessingParameterNumber(name, label, QgsProcessingParameterNumber.Double, optional=True)
            bound.setHelp(help_text)
            self.add(bound)
        limit = QgsProcessingParameterNumber(
            self.LIMIT, self.tr("Limit (count above LIMIT per day)"), QgsProcessingParameterNumber.Double,
            optional=True)
        limit.setHelp(self.tr("A number in [LOWER, UPPER), e.g. a speed limit of 50 km/h."))
        self.add(limit)
        days = QgsProcessingParameterNumber(
            self.DAYS, self.tr("Days in the period"),
            QgsProcessingParameterNumber.Integer, optional=True, minValue=1)
        days.setHelp(self.tr("The public number of days the data covers (the ITMS report: 31), declared, not counted."))
        self.add(days)
        self.add(QgsProcessingParameterEnum(
            self.UNIT, self.tr("Unit of privacy"),
            options=[self.tr("One record"), self.tr("One user (USER_FIELD, at most M records)"),
                     self.tr("One user-day (USER_FIELD and a day; at most K cells per day)")],
            defaultValue=0))
        self.add(QgsProcessingParameterField(
            self.USER_FIELD, self.tr("User id field (user and user-day units)"),
            parentLayerParameterName=self.INPUT, optional=True))
        m = QgsProcessingParameterNumber(
            self.MAX_CONTRIBUTIONS, self.tr("Maximum records per user (M)"),
            QgsProcessingParameterNumber.Integer, defaultValue=1, minValue=0)
        m.setHelp(self.tr("An integer >= 1: each user (or user-day, in each cell) keeps at most M records, "
                          "sampled uniformly.") + " " + auto_bound.bound_help(self.tr("records")))
        self.add(m)
        k = QgsProcessingParameterNumber(
            self.MAX_CELLS_PER_DAY, self.tr("Maximum cells per user-day (K)"),
            QgsProcessingParameterNumber.Integer, defaultValue=1, minValue=1)
        k.setHelp(self.tr("An integer >= 1: each user-day keeps at most K cells, sampled uniformly; each cell "
                          "gets epsilon / K."))
        self.add(k)
        self.add(QgsProcessingParameterField(
            self.TIME_FIELD, self.tr("Time field"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterEnum(
            self.TIME_SLOT, self.tr("Time slots"),
            options=[self.tr("Hour of day (24)"), self.tr("Four-hour windows 02-06 ... 22-02 (6, Kapp et al. 2023)"),
                     self.tr("Day of week (7)")],
            defaultValue=0))
        self.add(QgsProcessingParameterField(
            self.DAY_FIELD, self.tr("Day field"),
            parentLayerParameterName=self.INPUT, optional=True))
        support = QgsProcessingParameterNumber(
            self.MIN_SUPPORT, self.tr("Minimum noisy count per cell"),
            QgsProcessingParameterNumber.Double, defaultValue=0.0, minValue=0.0)
        support.setHelp(self.tr("A number >= 0, over the whole period (the ITMS report: 10 buses a day x 31 days)."))
        self.add(support)
        for name, label, default, help_text in (
                (self.SUPPORT_SHARE, self.tr("Epsilon share of the support count"), 0.2,
                 self.tr("Between 0 and 1 (exclusive); for sum, count above LIMIT and quantiles.")),
                (self.MEAN_SUM_SHARE, self.tr("Mean: share of epsilon for the noisy sum"), 0.5,
                 self.tr("Between 0 and 1 (exclusive); the rest goes to the noisy count. 0.5 gives the "
                         "smallest margin."))):
            share = QgsProcessingParameterNumber(name, label, QgsProcessingParameterNumber.Double,
                                                 defaultValue=default, minValue=0.0, maxValue=1.0)
            share.setFlags(share.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            share.setHelp(help_text)
            self.add(share)
        grid = QgsProcessingParameterNumber(
            self.QUANTILE_GRID, self.tr("Candidate values (quantiles)"),
            QgsProcessingParameterNumber.Integer, defaultValue=1001, minValue=2)
        grid.setFlags(grid.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        grid.setHelp(self.tr("An integer >= 2; a public grid (values are rounded to it)."))
        self.add(grid)
        per_unit = QgsProcessingParameterBoolean(
            self.PER_UNIT_MEAN, self.tr("Average per user-day first"),
            defaultValue=False)
        per_unit.setFlags(per_unit.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        per_unit.setHelp(self.tr("Each user-day then adds one value, its mean, to a cell (M = 1), as the ITMS report "
                                 "averages a bus's speed per day before averaging over buses."))
        self.add(per_unit)
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon (privacy loss per unit of privacy)"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0)
        epsilon.setHelp(self.tr("Total privacy loss of one unit over all cells; smaller means more noise."))
        self.add(epsilon)
        add_noise_parameter(self)
        add_delta_parameter(self)
        self.add_seed_parameter()
        auto_bound.add_parameters(self)
        auto_bound.add_value_bound_parameter(self)
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Noisy zone statistics"), QgsProcessing.TypeVectorPolygon)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        for name, label in (("EPSILON_SPENT", self.tr("Epsilon spent")), ("DELTA_SPENT", self.tr("Delta spent")),
                            ("EPSILON_PER_CELL", self.tr("Epsilon per cell")),
                            ("SENSITIVITY", self.tr("Sensitivity (per cell; L2 with NOISE=2)")),
                            ("NOISE_SCALE", self.tr("Noise scale (per cell; sigma with NOISE=2)")),
                            ("ROWS_WRITTEN", self.tr("Rows written"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    # --- checks ---------------------------------------------------------------

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        error = setting_errors(parameters)
        if error:
            return False, error
        return super().checkParameterValues(parameters, context)

    # --- run ------------------------------------------------------------------

    def memory_per_unit(self, parameters, context):
        # Cumulative counts and weights over the grid, at least one zone at a time: about 65 bytes per candidate
        # value (measured at 1e5..1e7).
        return {self.QUANTILE_GRID: 96}

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        error = setting_errors(parameters)
        if error:
            raise QgsProcessingException(error)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        statistic = self.STATISTICS[self.parameterAsEnum(parameters, self.STATISTIC, context)]
        unit = self.UNITS[self.parameterAsEnum(parameters, self.UNIT, context)]
        value_field = self.parameterAsString(parameters, self.VALUE_FIELD, context)
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        time_field = self.parameterAsString(parameters, self.TIME_FIELD, context) or None
        day_field = self.parameterAsString(parameters, self.DAY_FIELD, context) or None
        slot_kind = self.SLOT_KINDS[self.parameterAsEnum(parameters, self.TIME_SLOT, context)]
        max_contributions = self.parameterAsInt(parameters, self.MAX_CONTRIBUTIONS, context)
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        if unit == RECORD and max_contributions != 1:
            feedback.pushInfo(self.tr("UNIT is one record: MAX_CONTRIBUTIONS is not used."))
            max_contributions = 1
        gaussian = self.NOISE_KINDS[self.parameterAsEnum(parameters, self.NOISE, context)] == DISCRETE_GAUSSIAN
        if gaussian:
            feedback.pushInfo(self.tr("Discrete Gaussian noise on every cell, calibrated to the L2 sensitivity over "
                                      "all cells; accounted as rho-zCDP and converted to (EPSILON, DELTA)."))
        elif self.parameterAsDouble(parameters, self.DELTA, context):
            feedback.pushInfo(delta_unused("NOISE=2"))
        uses_days = unit == USER_DAY or (unit == USER and statistic == COUNT_ABOVE)
        day_source = (day_field or time_field) if uses_days else None
        if day_field and not uses_days:
            feedback.pushInfo(self.tr("DAY_FIELD is only used for user-days and, with users, for the count above "
                                      "LIMIT per day; it is not used here."))

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        field = source.fields().field(value_field) if source.fields().indexOf(value_field) >= 0 else None
        if field is None or not field.isNumeric():
            raise QgsProcessingException(self.tr(
                "VALUE_FIELD '{field}' is not a numeric field of INPUT: choose an integer or real field, or convert "
                "it first (Field calculator, to_real(\"{field}\")).").format(field=value_field))
        try:
            spec = ZoneStatisticsSpec(
                statistic=statistic, epsilon=epsilon, unit=unit,
                lower=self.parameterAsDouble(parameters, self.LOWER, context),
                upper=self.parameterAsDouble(parameters, self.UPPER, context),
                max_contributions=max(max_contributions, 1),
                max_cells=self.parameterAsInt(parameters, self.MAX_CELLS_PER_DAY, context),
                limit=self.parameterAsDouble(parameters, self.LIMIT, context) if statistic == COUNT_ABOVE else None,
                days=self.parameterAsInt(parameters, self.DAYS, context) if statistic == COUNT_ABOVE else None,
                min_support=self.parameterAsDouble(parameters, self.MIN_SUPPORT, context),
                support_share=self.parameterAsDouble(parameters, self.SUPPORT_SHARE, context),
                mean_sum_share=self.parameterAsDouble(parameters, self.MEAN_SUM_SHARE, context),
                quantile_grid=self.parameterAsInt(parameters, self.QUANTILE_GRID, context),
                per_unit_mean=self.parameterAsBoolean(parameters, self.PER_UNIT_MEAN, context),
                noise=self.NOISE_KINDS[self.parameterAsEnum(parameters, self.NOISE, context)],
                delta=self.parameterAsDouble(parameters, self.DELTA, context) if gaussian else 0.0)
        except ValueError as error:
            raise QgsProcessingException(str(error)) from None

        points_crs = source.sourceCrs()
        cells = cell_set_from_parameters(self, parameters, context, feedback,
                                         points_crs=points_crs if points_crs.isValid() else None)
        feedback.pushInfo(self.tr("Cells: {cells}.").format(cells=cells.description))
        feedback.setProgress(10)
        map_xy = cells.batch_assigner(points_crs, feedback, source.featureCount(), progress=(10, 50))

        fields = list(dict.fromkeys(f for f in (value_field, user_field, time_field, day_source) if f))
        points = read_points(self, parameters, self.INPUT, context, feedback, fields=fields,
                             map_xy=map_xy)
        values = points.columns[value_field]
        if not np.any(~np.isnan(np.asarray(values, dtype=float))):
            raise QgsProcessingException(self.tr(
                "Every value of VALUE_FIELD '{field}' is NULL: there is nothing to summarise. Choose the field that "
                "holds the measured values.").format(field=value_field))
        slot, labels = None, ("",)
        day = None
        try:
            if time_field:
                slot, labels = time_slots(points.columns[time_field], slot_kind), slot_labels(slot_kind)
        except TimeSlotError as error:
            raise QgsProcessingException(self.tr(
                "TIME_FIELD '{field}' cannot give {kind} slots: {error}. Choose a date-time field (or a date for "
                "day of week, a time for hours).").format(field=time_field, kind=slot_kind, error=error)) from None
        try:
            if day_source:
                day = day_keys(points.columns[day_source])
        except TimeSlotError as error:
            name = self.DAY_FIELD if day_field else self.TIME_FIELD
            raise QgsProcessingException(self.tr(
                "{name} '{field}' cannot give the day of each record: {error}. Choose a date or date-time field, or "
                "a whole day number.").format(name=name, field=day_source, error=error)) from None
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        feedback.setProgress(65)

        n_cells = len(cells) * len(labels)
        rng = self.noise_source(parameters, context, feedback)
        user_keys = points.columns[user_field] if user_field else None
        bound = auto_bound.AutoBound.from_parameters(
            self, parameters, context, self.MAX_CONTRIBUTIONS, epsilon, cells=n_cells,
            other_choices=int(auto_bound.AutoValueBounds.requested(self, parameters, context)), noise=spec.noise,
            delta=spec.delta)
        value_bounds = auto_bound.AutoValueBounds.from_parameters(
            self, parameters, context, epsilon, bound.epsilon_release, Bounds(spec.lower, spec.upper))
        m = bound.choose(user_keys, rng.generator, feedback) if bound.automatic else spec.max_contributions
        chosen = value_bounds.choose(values, user_keys if unit == USER else None, m, rng.generator, feedback)
        if bound.automatic or value_bounds.choice is not None:
            spec = replace(spec, epsilon=value_bounds.epsilon_release, max_contributions=m, lower=chosen.lower,
                           upper=chosen.upper)

        def whole_run(fields):
            return value_bounds.fields(bound.fields(fields))
        reservation = self.reserve_budget(parameters, context, feedback, input_parameter=self.INPUT,
                                          mechanism_fields=whole_run(spec.record_fields(n_cells)),
                                          output=destination)
        bound.announce()  # the choices' log lines, now that the reservation holds
        value_bounds.announce()
        try:
            release = release_zone_statistics(
                points.mapped, values, spec, rng.generator, n_zones=len(cells), n_slots=len(labels), slot=slot,
                user_keys=user_keys, day=day, cancelled=feedback.isCanceled)
        except ReleaseCancelledError:
            raise QgsProcessingException(self.tr("Cancelled: no output was written.")) from None
        log_counts(feedback, release.counts, value_field, user_field, time_field, day_source, spec)
        feedback.setProgress(80)

        zone_index, slot_index = np.nonzero(release.published)
        order = order_by_rank(ranks_from_order(cells.id_order()), zone_index, slot_index)
        zone_index, slot_index = zone_index[order], slot_index[order]
        output_crs = cells.crs if cells.kind == "zones" else points_crs
        zones, row_zone = np.unique(zone_index, return_inverse=True)  # each zone's polygon once, not once per slot
        geometries = as_multipolygons(cells.geometries(zones, output_crs))[row_zone]
        columns = [Column("zone_id", "text", cells.ids[zone_index])]
        if time_field:
            columns.append(Column("time_slot", "text", np.asarray(labels, dtype=object)[slot_index]))
        for j, name in enumerate(release.columns):
            columns.append(Column(name, "real", release.values[zone_index, slot_index, j]))
        margin_name = "moe95_rank" if release.margin_unit == "ranks" else "moe95"
        columns.append(Column(margin_name, "real", release.margin[zone_index, slot_index, 0]))
        if not np.all(np.isnan(release.support)):
            columns.append(Column("noisy_support", "real", release.support[zone_index, slot_index]))

        record = self.privacy_record(
            mechanism_fields=whole_run(release.record_fields()),
            input_layer=points.source_name,
            seeded=rng.seeded,
            notes=release.notes() + tuple(notes(cells, value_field, time_field, slot_kind, spec)),
            **reservation.record_fields(),
        )
        title = self.tr("Noisy zone statistics")
        write_features(destination, wkt(output_crs), ogr.wkbMultiPolygon, geometries, columns, feedback,
                       finish=lambda path, layer: write_to_file(path, layer, record, title))
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            main_column = "median" if statistic in QUANTILES else release.columns[0]
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(ReleaseLayerPostProcessor.create(
                record, title, lambda layer: graduated_counts(layer, field=main_column, integers=False)))
        return {
            self.OUTPUT: destination,
            "EPSILON_SPENT": record.epsilon,
            "DELTA_SPENT": record.delta,
            "EPSILON_PER_CELL": release.epsilon_per_cell,
            "SENSITIVITY": record.sensitivity,
            "NOISE_SCALE": record.noise_scale,
            "ROWS_WRITTEN": len(zone_index),
        }
