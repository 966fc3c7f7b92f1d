"""dp_geoprivacy:synthetictrips: synthetic trips from noisy tables (Roy, Kantarcioglu and Sweeney 2016 §3-4) or
stability histograms
(Asghar, Tyler and Kaafar 2017 §3-4).

The releases are ``core.releases.synthetic_trips.release_synthetic_trips`` (model 0,
contingency tables) and ``core.releases.synthetic_sbh`` (model 1, stability
histograms over disjoint partitions, composition of Asghar, Tyler and Kaafar 2017 Theorem 7);
the utility check is ``core.accuracy.synthetic_utility`` (not private). This module
reads the trips in bulk (processing.trip_reader), turns their ends into
zones (processing.zone_source), bins times and durations on the public
declarations (processing.synthetic_io), calls the release and writes.
"""

import math
import time

import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
    QgsWkbTypes,
)

from ...core.releases.publication import log_private
from ...core.releases.release import NoUsableRecordsError
from ...core.releases.synthetic_sbh import MARGINALS, OFF_TIME_PLACE, ON_TIME_PLACE, StabilitySpec
from ...core.releases.synthetic_trips import ContingencySpec, TripData, release_synthetic_trips
from ..base import DpAlgorithm, setting_number
from ..count_release import NOISE, add_noise_parameter
from ..help_summary import defaults, synthetic_od_figures, with_summary
from ..metric_crs import wkt
from ..privacy_metadata import ReleaseLayerPostProcessor
from ..readers import read_table
from ..synthetic_io import (
    category_codes,
    durations_in_minutes,
    parse_categories,
    parse_instant,
    parse_times,
    partition_codes,
    time_bins,
    zone_index,
)
from ..synthetic_output import (
    model0_columns,
    model1_columns,
    synthetic_lines,
    table_rows,
    trip_lines,
    utility_rows,
    write_all,
)
from ..trip_reader import read_trips
from ..zone_source import EXTENT, H3_RESOLUTION, ZONE_ID_FIELD, ZONES, add_zone_parameters, cell_set_from_parameters
from .synthetic_trips_text import details, log_facts, notes

MAX_TABLE_CELLS = 50_000_000
NOT_DP_NOTE = "not differentially private: compares the synthetic trips with the raw trips"


def default_weights(duration: bool, attributes: int) -> tuple:
    """Model 0's budget weights without WEIGHTS: total 1, OD 4, start 2, duration 2, 1 per attribute."""
    return (1.0, 4.0, 2.0) + ((2.0,) if duration else ()) + (1.0,) * attributes


class SyntheticTrips(DpAlgorithm):
    """Synthetic trips sampled from noisy tables (model 0) or stability histograms over partitions (model 1)."""

    ALGORITHM_ID = "synthetictrips"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "START_FIELD", "PERIOD_START",
                    "PERIOD_END", "EPSILON", "USER_FIELD", "MAX_TRIPS", "MODEL")
    ADVANCED = ("ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD", "DEST_Y_FIELD", "COORDINATES_CRS",
                "ORIGIN_ZONE_FIELD", "DEST_ZONE_FIELD", "DURATION_FIELD", "ATTRIBUTE_FIELDS", "CATEGORIES",
                "TIME_BIN_MINUTES", "MAX_DURATION", "DURATION_BINS", "WEIGHTS", NOISE, "DELTA", "MARGINALS",
                "PARTITION_FIELDS", "POINTS", "UTILITY_CHECK")
    INPUT, START_FIELD, DURATION_FIELD = "INPUT", "START_FIELD", "DURATION_FIELD"
    COORDINATE_FIELDS = ("ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD", "DEST_Y_FIELD")
    COORDINATES_CRS = "COORDINATES_CRS"
    ORIGIN_ZONE_FIELD, DEST_ZONE_FIELD = "ORIGIN_ZONE_FIELD", "DEST_ZONE_FIELD"
    ATTRIBUTE_FIELDS, CATEGORIES = "ATTRIBUTE_FIELDS", "CATEGORIES"
    ZONES, ZONE_ID_FIELD, H3_RESOLUTION, EXTENT = ZONES, ZONE_ID_FIELD, H3_RESOLUTION, EXTENT
    MODEL, PERIOD_START, PERIOD_END, TIME_BIN_MINUTES = "MODEL", "PERIOD_START", "PERIOD_END", "TIME_BIN_MINUTES"
    MAX_DURATION, DURATION_BINS = "MAX_DURATION", "DURATION_BINS"
    EPSILON, WEIGHTS, DELTA, NOISE = "EPSILON", "WEIGHTS", "DELTA", NOISE
    MARGINALS, PARTITION_FIELDS = "MARGINALS", "PARTITION_FIELDS"
    USER_FIELD, MAX_TRIPS, POINTS, UTILITY_CHECK = "USER_FIELD", "MAX_TRIPS", "POINTS", "UTILITY_CHECK"
    OUTPUT, OUTPUT_TABLES = "OUTPUT", "OUTPUT_TABLES"
    OUTPUT_UTILITY, OUTPUT_UTILITY_HTML = "OUTPUT_UTILITY", "OUTPUT_UTILITY_HTML"
    POSITIVE_PARAMETERS = (EPSILON, TIME_BIN_MINUTES, MAX_DURATION)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Synthetic trips")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m = defaults(self, self.EPSILON, self.MAX_TRIPS)
        od_epsilon, od = synthetic_od_figures(epsilon, default_weights(False, 0), m)
        return with_summary(
            self.tr("Publishes a synthetic trip file instead of the real one, sampled from noisy tables (model 0) "
                    "or stability histograms (model 1)."),
            self.tr("<b>Private:</b> each trip, for the traveller; with USER_FIELD each user with up to M trips."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, model 0): the OD table gets epsilon "
                    "{e:.2g}, so each of its counts is off by at most ±{moe:.2g} (95%); the synthetic trips "
                    "follow these noisy counts.").format(epsilon=epsilon, e=od_epsilon, moe=od.margin_of_error),
            details())

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Trips"), [QgsProcessing.TypeVector]))
        for name, label in zip(self.COORDINATE_FIELDS, (
                self.tr("Origin x field"), self.tr("Origin y field"),
                self.tr("Destination x field"), self.tr("Destination y field"))):
            self.add(QgsProcessingParameterField(name, label, parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterCrs(
            self.COORDINATES_CRS, self.tr("CRS of the coordinate fields"), optional=True))
        self.add(QgsProcessingParameterField(self.ORIGIN_ZONE_FIELD, self.tr("Origin zone id field (optional)"),
                                             parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterField(self.DEST_ZONE_FIELD, self.tr("Destination zone id field"),
                                             parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterField(self.START_FIELD, self.tr("Start time field"),
                                             parentLayerParameterName=self.INPUT))
        self.add(QgsProcessingParameterField(self.DURATION_FIELD, self.tr("Duration field (minutes; optional)"),
                                             parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterField(
            self.ATTRIBUTE_FIELDS, self.tr("Categorical attribute fields (model 0)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))
        self.add(QgsProcessingParameterString(
            self.CATEGORIES, self.tr("Declared categories"),
            optional=True))
        add_zone_parameters(self, h3=True, allow_overlap=False)
        self.add(QgsProcessingParameterEnum(self.MODEL, self.tr("Model"), options=[
            self.tr("Contingency tables (Roy, Kantarcioglu and Sweeney 2016; pure epsilon-DP)"),
            self.tr("Stability histograms over partitions (Asghar, Tyler and Kaafar 2017; needs DELTA)")],
            defaultValue=0))
        self.add(QgsProcessingParameterString(self.PERIOD_START, self.tr("Period start (ISO date-time, public)")))
        self.add(QgsProcessingParameterString(self.PERIOD_END, self.tr("Period end (ISO date-time, public)")))
        self.add(QgsProcessingParameterNumber(self.TIME_BIN_MINUTES, self.tr("Time bin (minutes)"),
                                              QgsProcessingParameterNumber.Double, defaultValue=15.0))
        self.add(QgsProcessingParameterNumber(self.MAX_DURATION, self.tr("Public maximum duration (minutes)"),
                                              QgsProcessingParameterNumber.Double, defaultValue=120.0))
        self.add(QgsProcessingParameterNumber(self.DURATION_BINS, self.tr("Duration bins"),
                                              QgsProcessingParameterNumber.Integer, defaultValue=7, minValue=1))
        self.add(QgsProcessingParameterNumber(self.EPSILON, self.tr("Epsilon (total privacy loss)"),
                                              QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0))
        self.add(QgsProcessingParameterString(
            self.WEIGHTS, self.tr("Budget weights"), optional=True))
        add_noise_parameter(self)
        self.add(QgsProcessingParameterNumber(self.DELTA, self.tr("Delta (model 1 or Gaussian noise; total)"),
                                              QgsProcessingParameterNumber.Double, defaultValue=7.5e-7))
        self.add(QgsProcessingParameterEnum(
            self.MARGINALS, self.tr("Marginals (model 1)"), allowMultiple=True, defaultValue=list(range(6)),
            options=[self.tr("Tap-on time"), self.tr("Tap-on place"), self.tr("Tap-off time"),
                     self.tr("Tap-off place"), self.tr("Tap-on time x place"), self.tr("Tap-off time x place")]))
        self.add(QgsProcessingParameterField(
            self.PARTITION_FIELDS, self.tr("Partition fields (model 1, e.g. day and mode)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))
        self.add(QgsProcessingParameterField(self.USER_FIELD, self.tr("User id field (user-level privacy; optional)"),
                                             parentLayerParameterName=self.INPUT, optional=True))
        self.add(QgsProcessingParameterNumber(self.MAX_TRIPS, self.tr("Maximum trips per user (M)"),
                                              QgsProcessingParameterNumber.Integer, defaultValue=1, minValue=1))
        self.add(QgsProcessingParameterEnum(self.POINTS, self.tr("Trip ends (model 0)"), options=[
            self.tr("Random points inside the zones"), self.tr("The zones' representative points")], defaultValue=0))
        self.add(QgsProcessingParameterBoolean(
            self.UTILITY_CHECK, self.tr("Utility check (not private)"),
            defaultValue=False))
        self.add_seed_parameter()
        self.add_ledger_parameters()
        for name, label, kind in ((self.OUTPUT, self.tr("Synthetic trips"), QgsProcessing.TypeVector),
                                  (self.OUTPUT_TABLES, self.tr("Noisy tables"), QgsProcessing.TypeVector),
                                  (self.OUTPUT_UTILITY, self.tr("Utility check (NOT differentially private)"),
                                   QgsProcessing.TypeVector)):
            output = QgsProcessingParameterVectorDestination(name, label, kind, optional=name != self.OUTPUT,
                                                             createByDefault=name == self.OUTPUT)
            output.setSupportsNonFileBasedOutput(False)
            self.add(output)
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_UTILITY_HTML, self.tr("Utility check page (not private)"),
            self.tr("HTML files (*.html)"), optional=True, createByDefault=False))
        from qgis.core import QgsProcessingOutputNumber
        for name, label in (("EPSILON_SPENT", self.tr("Epsilon spent")), ("DELTA_SPENT", self.tr("Delta spent")),
                            ("SYNTHETIC_ROWS", self.tr("Synthetic rows written"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    # --- checks ---------------------------------------------------------------

    def _weights(self, parameters, n_needed, names):
        text = str(parameters.get(self.WEIGHTS) or "").strip()
        if not text:
            return None
        try:
            weights = tuple(float(w) for w in text.replace(";", ",").split(","))
        except ValueError:
            weights = ()
        if not weights or not all(math.isfinite(w) and w > 0 for w in weights):
            return self.tr("WEIGHTS must be numbers greater than 0 separated by commas (got '{v}').").format(v=text)
        if n_needed is not None and len(weights) != n_needed:
            return self.tr("WEIGHTS needs {n} numbers, one for each of: {names} (got {k}).").format(
                n=n_needed, names=", ".join(names), k=len(weights))
        return weights

    def _setting_errors(self, parameters):
        present = [n for n in self.COORDINATE_FIELDS if parameters.get(n) not in (None, "")]
        if present and len(present) < 4:
            return self.tr("Give all four coordinate fields or none (given: {given}).").format(given=", ".join(present))
        zone_fields = [n for n in (self.ORIGIN_ZONE_FIELD, self.DEST_ZONE_FIELD) if parameters.get(n) not in (None, "")]
        if len(zone_fields) == 1 or (zone_fields and present):
            return self.tr("Give both ORIGIN_ZONE_FIELD and DEST_ZONE_FIELD, and then no coordinate fields.")
        weights = self._weights(parameters, None, ())
        if isinstance(weights, str):
            return weights
        noise = setting_number(parameters, self.NOISE)
        if noise == 1:
            return self.tr("NOISE=1 (discrete Laplace) is not offered by synthetic trips: use NOISE=0 (Laplace) or "
                           "NOISE=2 (discrete Gaussian, model 0).")
        if noise == 2:
            if setting_number(parameters, self.MODEL) == 1:
                return self.tr("NOISE=2 (discrete Gaussian) is for model 0: the stability histograms of model 1 "
                               "are (epsilon, delta)-DP but not zero-concentrated DP. Use NOISE=0 with model 1.")
            delta = setting_number(parameters, self.DELTA)
            if delta is not None and not (0.0 < delta < 1.0):
                return self.tr("NOISE=2 (discrete Gaussian) needs DELTA in (0, 1), e.g. DELTA=1e-6 (got {v}): it is "
                               "(epsilon, delta)-DP through zero-concentrated DP. Or use NOISE=0 (Laplace).").format(
                    v=parameters.get(self.DELTA))
        elif setting_number(parameters, self.MODEL) == 1:
            delta = setting_number(parameters, self.DELTA)
            if delta is not None and not (0.0 < delta < 1.0):
                return self.tr("DELTA must be in (0, 1) for model 1 (got {v}); Asghar, Tyler and Kaafar 2017 uses 6 "
                               "/ 8,000,000 = 7.5e-7 "
                               "for six marginals.").format(v=parameters.get(self.DELTA))
        m = setting_number(parameters, self.MAX_TRIPS)
        if m is not None and not (math.isfinite(m) and m >= 1 and m == int(m)):
            return self.tr("MAX_TRIPS must be a whole number of at least 1 (got {v}).").format(
                v=parameters.get(self.MAX_TRIPS))
        return None

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        error = self._setting_errors(parameters)
        if error:
            return False, error
        return super().checkParameterValues(parameters, context)

    # --- run ------------------------------------------------------------------

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        started = time.time()
        error = self._setting_errors(parameters)
        if error:
            raise QgsProcessingException(error)
        model = self.parameterAsEnum(parameters, self.MODEL, context)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        start_field = self.parameterAsString(parameters, self.START_FIELD, context)
        duration_field = self.parameterAsString(parameters, self.DURATION_FIELD, context) or None
        attributes = self.parameterAsFields(parameters, self.ATTRIBUTE_FIELDS, context) if model == 0 else []
        partitions = self.parameterAsFields(parameters, self.PARTITION_FIELDS, context) if model == 1 else []
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        max_trips = self.parameterAsInt(parameters, self.MAX_TRIPS, context) if user_field else 1
        period_start = parse_instant(parameters.get(self.PERIOD_START), self.PERIOD_START)
        period_end = parse_instant(parameters.get(self.PERIOD_END), self.PERIOD_END)
        bin_seconds = int(round(self.positive_number(parameters, self.TIME_BIN_MINUTES, context) * 60))
        if bin_seconds < 1 or period_end <= period_start:
            raise QgsProcessingException(self.tr("PERIOD_END must be after PERIOD_START, and TIME_BIN_MINUTES at "
                                                 "least one second."))
        n_bins = int(math.ceil((period_end - period_start).astype(np.int64) / bin_seconds))
        max_duration = self.positive_number(parameters, self.MAX_DURATION, context)
        n_duration = self.parameterAsInt(parameters, self.DURATION_BINS, context) if duration_field else 0
        declared = parse_categories(parameters.get(self.CATEGORIES), attributes)
        marginals = tuple(MARGINALS[i] for i in sorted(self.parameterAsEnums(parameters, self.MARGINALS, context)))
        if model == 1:
            if not marginals:
                raise QgsProcessingException(self.tr("Choose at least one of the MARGINALS for model 1."))
            if any(m.startswith("off_time") for m in marginals) and not duration_field:
                raise QgsProcessingException(self.tr(
                    "The tap-off time marginals need DURATION_FIELD (tap-off = start + duration); set it or leave "
                    "them out of MARGINALS."))
            # tap-off times may run past the period by up to the public maximum duration
            n_bins_all = n_bins + int(math.ceil(max_duration * 60 / bin_seconds))
        categories = tuple((a, len(declared[a]) + 1) for a in attributes)
        names = ContingencySpec(epsilon, (), 0, 0, "", n_duration, categories).table_names() if model == 0 \
            else marginals
        weights = self._weights(parameters, len(names), names)
        if isinstance(weights, str):
            raise QgsProcessingException(weights)
        if weights is None:
            weights = default_weights(bool(duration_field), len(attributes)) \
                if model == 0 else tuple(2.0 if m in (ON_TIME_PLACE, OFF_TIME_PLACE) else 1.0 for m in marginals)

        utility = self.parameterAsBool(parameters, self.UTILITY_CHECK, context)
        utility_destination = html_destination = None
        if utility:
            utility_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_UTILITY, context)
            html_destination = self.parameterAsFileOutput(parameters, self.OUTPUT_UTILITY_HTML, context) or None
            if not utility_destination and not html_destination:
                raise QgsProcessingException(self.tr("UTILITY_CHECK needs OUTPUT_UTILITY or OUTPUT_UTILITY_HTML."))
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        coordinate_fields = tuple(self.parameterAsString(parameters, n, context) for n in self.COORDINATE_FIELDS) \
            if parameters.get(self.COORDINATE_FIELDS[0]) not in (None, "") else None
        zone_fields = (self.parameterAsString(parameters, self.ORIGIN_ZONE_FIELD, context),
                       self.parameterAsString(parameters, self.DEST_ZONE_FIELD, context))
        zone_fields = zone_fields if all(zone_fields) else None
        trips_crs = self._trips_crs(parameters, context, source, coordinate_fields) if zone_fields is None else \
            source.sourceCrs()
        cells = cell_set_from_parameters(self, parameters, context, feedback, points_crs=trips_crs,
                                         require_public=model == 0 or zone_fields is not None)
        feedback.pushInfo(self.tr("Zones: {cells}.").format(cells=cells.description))
        if model == 0 and cells.public:
            size = len(cells) ** 2 + len(cells) * (n_bins + sum(len(v) + 1 for v in declared.values()))
            if size > MAX_TABLE_CELLS:
                raise QgsProcessingException(self.tr(
                    "Model 0 would noise {n:,} table cells (limit {limit:,}): use fewer zones or longer TIME_BIN_"
                    "MINUTES, or a shorter period.").format(n=size, limit=MAX_TABLE_CELLS))
        fields = [start_field] + [f for f in [duration_field, user_field] if f] + list(attributes) + list(partitions)
        if zone_fields is None:
            trips = read_trips(self, parameters, self.INPUT, context, feedback, coordinate_fields,
                               fields=tuple(dict.fromkeys(fields)))
            assign = cells.assigner(trips_crs, feedback)
            origin, dest = assign(trips.origin), assign(trips.dest)
        else:  # zone ids given: matched as text to the ids of ZONES (or H3 indexes); unknown ids are in no zone
            trips = read_table(self, parameters, self.INPUT, context, feedback,
                               fields=tuple(dict.fromkeys(list(zone_fields) + fields)))
            origin, dest = (zone_index(trips.columns[f], cells.ids) for f in zone_fields)
        feedback.setProgress(25)
        keep, dropped = (origin >= 0) & (dest >= 0), {}
        dropped[self.tr("an end in no zone")] = int((~keep).sum())
        start = parse_times(trips.columns[start_field])
        unparsed = np.isnat(start)
        dropped[self.tr("a start time that is NULL or does not parse")] = int((keep & unparsed).sum())
        keep &= ~unparsed
        start_bin, inside = time_bins(start, period_start, bin_seconds, n_bins)
        dropped[self.tr("a start outside PERIOD_START to PERIOD_END")] = int((keep & ~inside).sum())
        keep &= inside
        duration_bin = end_bin = None
        if duration_field:
            minutes = durations_in_minutes(trips.columns[duration_field])
            bad = ~np.isfinite(minutes) | (minutes < 0)
            dropped[self.tr("a duration that is NULL, negative or not a number")] = int((keep & bad).sum())
            keep &= ~bad
            over = keep & (minutes > max_duration)
            if over.any():
                log_private(feedback, self.tr("{n} trips last longer than MAX_DURATION={m:g} minutes: clamped to "
                                              "it (last duration bin)."), warning=True, n=int(over.sum()),
                            m=max_duration)
            minutes = np.clip(np.nan_to_num(minutes), 0.0, max_duration)
            if n_duration:
                duration_bin = np.minimum((minutes / max_duration * n_duration).astype(np.int64), n_duration - 1)
            seconds = np.where(keep, (start - period_start).astype("timedelta64[s]").astype(np.int64), 0)
            end_bin = np.floor_divide(seconds + np.round(minutes * 60).astype(np.int64), bin_seconds)
        for reason, n in dropped.items():
            if n:
                log_private(feedback, self.tr("Dropped {n} trips with {reason}."), warning=True, n=n, reason=reason)
        if not keep.any():
            raise QgsProcessingException(self.tr(
                "No trip is usable ({reasons}); check START_FIELD, PERIOD_START/PERIOD_END and the zones.").format(
                reasons="; ".join(f"{n} {r}" for r, n in dropped.items() if n)))
        codes = {}
        for name in attributes:
            codes[name], other = category_codes(trips.columns[name][keep], declared[name])
            if other:
                log_private(feedback, self.tr("{n} values of {field} are not in CATEGORIES (or NULL): category "
                                              "'other'."), n=other, field=name)
        partition, labels = partition_codes([trips.columns[f][keep] for f in partitions])
        user_keys = trips.columns[user_field][keep] if user_field else None
        data = TripData(origin[keep], dest[keep], start_bin[keep], zone_order=cells.id_order(),
                        end_bin=end_bin[keep] if end_bin is not None else None,
                        duration_bin=duration_bin[keep] if duration_bin is not None else None,
                        attributes=codes, partition=partition, user_keys=user_keys)
        input_name = trips.source_name
        del trips, origin, dest, start
        unit = (self.tr("one user ({field}), at most {m} trips kept per user (sampled uniformly)").format(
            field=user_field, m=max_trips) if user_field else self.tr("one trip (item-level)"))
        if model == 0:
            gaussian_delta = self.parameterAsDouble(parameters, self.DELTA, context) \
                if self.parameterAsEnum(parameters, self.NOISE, context) == 2 else 0.0
            spec = ContingencySpec(epsilon, weights, len(cells), n_bins, unit, n_duration, categories, max_trips,
                                   gaussian_delta)
        else:
            spec = StabilitySpec(epsilon, self.parameterAsDouble(parameters, self.DELTA, context), marginals, weights,
                                 len(cells), n_bins_all, unit, max_trips)
        try:
            spec.mechanism()
        except ValueError as error:
            raise QgsProcessingException(str(error)) from None
        output = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=output)
        source_rng = self.noise_source(parameters, context, feedback)
        feedback.setProgress(45)
        try:
            release = release_synthetic_trips(data, spec, source_rng.generator, before_noise=reserve)
        except NoUsableRecordsError:
            raise QgsProcessingException(self.tr("Every trip has a NULL user id in {field}; choose the USER_FIELD "
                                                 "that identifies the traveller.").format(field=user_field)) from None
        log_facts(release.facts, user_field, max_trips, model, feedback)
        feedback.setProgress(65)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        record = self.privacy_record(mechanism_fields=release.record_fields, input_layer=input_name,
                                     seeded=source_rng.seeded, notes=tuple(notes(release, cells, model)),
                                     **reserve.record_fields())
        crs = cells.crs
        times = {"period_start": period_start, "bin_seconds": bin_seconds, "max_duration": max_duration,
                 "n_duration": n_duration}
        if model == 0:
            columns = model0_columns(release.result, cells, times, declared)
            geometry = trip_lines(cells, release.result, crs, source_rng.generator,
                                  representative=self.parameterAsEnum(parameters, self.POINTS, context) == 1)
        else:
            columns = model1_columns(release.result, cells, times, marginals, partitions, labels)
            geometry = None
        writes = [(output, self.tr("Synthetic trips"), record, geometry, columns)]
        tables_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_TABLES, context)
        if tables_destination:
            writes.append((tables_destination, self.tr("Noisy tables"), record, None,
                           table_rows(release, cells, times, declared, marginals, partitions, labels, model)))
        if utility:
            utility_record = self._utility_record(input_name, source_rng.seeded)
            columns_u, page = utility_rows(data, release, cells, times, model, marginals, utility_record,
                                           self.tr("Utility check (NOT differentially private)"))
            if utility_destination:
                writes.append((utility_destination, self.tr("Utility check"), utility_record, None, columns_u))
        del data  # the raw trips are not needed for writing
        write_all(writes, wkt(crs), html_destination, page if html_destination else None, feedback, started)
        feedback.setProgress(100)
        for destination, title, rec, geometry, _ in writes:
            if context.willLoadLayerOnCompletion(destination):
                context.layerToLoadOnCompletionDetails(destination).setPostProcessor(ReleaseLayerPostProcessor.create(
                    rec, title, synthetic_lines if geometry is not None else None))
        results = {self.OUTPUT: output, "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
                   "SYNTHETIC_ROWS": len(columns[0].values)}
        if tables_destination:
            results[self.OUTPUT_TABLES] = tables_destination
        for destination, _title, rec, *_ in writes[1:]:
            if not rec.is_release:  # the utility check (a seeded run's tables are not private either)
                results[self.OUTPUT_UTILITY] = destination
        if html_destination:
            results[self.OUTPUT_UTILITY_HTML] = html_destination
        return results

    # --- helpers ----------------------------------------------------------------

    def _trips_crs(self, parameters, context, source, coordinate_fields):
        given = self.parameterAsCrs(parameters, self.COORDINATES_CRS, context)
        lines = coordinate_fields is None and QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.LineGeometry
        crs = given if given.isValid() and not lines else source.sourceCrs()
        if not crs.isValid():
            raise QgsProcessingException(self.tr("INPUT has no CRS: set COORDINATES_CRS (e.g. EPSG:4326) or the "
                                                 "layer's CRS."))
        return crs

    def _utility_record(self, input_name, seeded):
        return self.privacy_record(
            mechanism_fields={"mechanism": "none: comparison of synthetic and raw trips", "epsilon": None,
                              "delta": None, "unit_of_privacy": "none: not a release", "sensitivity": None,
                              "sensitivity_unit": "", "noise_scale": None, "noise_scale_unit": ""},
            input_layer=input_name, seeded=seeded, differentially_private=False, notes=(NOT_DP_NOTE,))
