"""dp_geoprivacy:mobilityreport: the differentially private mobility report of Kapp et al. 2023.

Sources: Kapp et al. 2023 §3 (analyses), §4.2-4.3 (user-level privacy, sensitivities,
five-number summaries), §5.4 (choice of M and epsilon). The release is
``core.releases.mobility_report.release_mobility_report``; this module reads the trip
records in bulk, pairs start and end rows per trip, assigns zones, calls the
release and writes the HTML page and the two layers (one release id).
"""

import math
import os
from dataclasses import replace
from functools import partial

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)
from qgis.PyQt.QtCore import QLocale

from ...core.mechanisms.counting import LAPLACE
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...core.releases import mobility_analyses as ma
from ...core.releases.mobility_report import (
    ANALYSES,
    OD_DELTA,
    BudgetSplitError,
    MobilityReportSpec,
    Period,
    release_mobility_report,
    split_budget,
)
from ...core.releases.publication import log_private, reveal
from ...core.releases.release import NoUsableRecordsError, is_null
from ...translation import tr
from .. import auto_bound, dry_run, mobility_gaussian
from ..base import DpAlgorithm
from ..count_release import DELTA, NOISE, add_delta_parameter, add_noise_parameter, delta_unused
from ..help_summary import defaults, mobility_figures, with_summary
from ..metric_crs import wkt
from ..mobility_benchmark import benchmark
from ..mobility_html import (
    flow_columns,
    informative_sections,
    informative_summary,
    release_id_line,
    report_notes,
    report_page,
    unit_of_privacy,
    visits_columns,
)
from ..mobility_input import TimestampError, read_mobility_data, seconds_of
from ..mobility_svg import number
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..report_accuracy import flow_unit, trial_sections
from ..styles import flow_lines, graduated_counts
from ..writers import Column, write_features, write_text
from ..zone_source import (
    EXTENT,
    H3_RESOLUTION,
    ZONE_ID_FIELD,
    ZONES,
    add_zone_parameters,
    wgs84,
)
from .mobility_report_help import details


def split_weights(text):
    """BUDGET_SPLIT 'analysis=weight, ...' as a dict (a weight that is not a number: NaN, refused by
    split_budget); an unknown analysis name is refused here."""
    weights = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, _, value = part.partition("=")
        name = name.strip()
        try:
            weights[name] = float(value)
        except ValueError:
            weights[name] = math.nan
        if name not in ANALYSES:
            raise QgsProcessingException(tr(
                "BUDGET_SPLIT names an unknown analysis '{name}'; use names from: {names}.").format(
                name=name, names=", ".join(ANALYSES)))
    return weights


class MobilityReport(DpAlgorithm):
    """The Kapp et al. 2023 mobility report as one release: HTML page, visits per zone and top OD flows."""

    ALGORITHM_ID = "mobilityreport"
    GROUP_ID = "aggregates"
    ROW_IS_UNIT = False  # a trip is two records: they could lie in two PARTITIONs (partition_rule)
    DIALOG_ORDER = ("INPUT", "USER_FIELD", "TIMESTAMP_FIELD", "TRIP_FIELD", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION",
                    "EXTENT", "EPSILON", "MAX_TRIPS_PER_USER")
    ADVANCED = ("END_TIMESTAMP_FIELD", "X_FIELD", "Y_FIELD", "COORDINATES_CRS", "ANALYSES", "BUDGET_SPLIT",
                "MAX_TRAVEL_TIME", "MAX_JUMP_LENGTH", "MAX_TIME_BETWEEN", "MAX_RADIUS", "MAX_TILES_PER_USER",
                "TRAVEL_TIME_BIN", "JUMP_LENGTH_BIN", "TIME_BETWEEN_BIN", "RADIUS_BIN", "TIME_START", "TIME_END",
                "TOP_N_FLOWS", "OD_DELTA", NOISE, DELTA, *auto_bound.PARAMETERS)
    INPUT, USER_FIELD, TRIP_FIELD, TIMESTAMP_FIELD = "INPUT", "USER_FIELD", "TRIP_FIELD", "TIMESTAMP_FIELD"
    END_TIMESTAMP_FIELD = "END_TIMESTAMP_FIELD"
    X_FIELD, Y_FIELD, COORDINATES_CRS = "X_FIELD", "Y_FIELD", "COORDINATES_CRS"
    ZONES, ZONE_ID_FIELD, H3_RESOLUTION, EXTENT = ZONES, ZONE_ID_FIELD, H3_RESOLUTION, EXTENT
    EPSILON, MAX_TRIPS, ANALYSES, BUDGET_SPLIT = "EPSILON", "MAX_TRIPS_PER_USER", "ANALYSES", "BUDGET_SPLIT"
    TIME_START, TIME_END, TOP_N_FLOWS = "TIME_START", "TIME_END", "TOP_N_FLOWS"
    BOUNDS = (("MAX_TRAVEL_TIME", "max_travel_time_min", 120.0), ("MAX_JUMP_LENGTH", "max_jump_length_km", 20.0),
              ("MAX_TIME_BETWEEN", "max_time_between_h", 168.0), ("MAX_RADIUS", "max_radius_km", 20.0))
    BIN_WIDTHS = (("TRAVEL_TIME_BIN", "travel_time_bin_min"), ("JUMP_LENGTH_BIN", "jump_length_bin_km"),
                  ("TIME_BETWEEN_BIN", "time_between_bin_h"), ("RADIUS_BIN", "radius_bin_km"))
    OD_DELTA = "OD_DELTA"
    MAX_TILES, ITEM_LEVEL = "MAX_TILES_PER_USER", "ITEM_LEVEL"
    OUTPUT_HTML, OUTPUT_VISITS, OUTPUT_FLOWS = "OUTPUT_HTML", "OUTPUT_VISITS", "OUTPUT_FLOWS"
    BENCHMARK, OUTPUT_BENCHMARK, OUTPUT_BENCHMARK_TABLE = "BENCHMARK", "OUTPUT_BENCHMARK", "OUTPUT_BENCHMARK_TABLE"
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Mobility report (user-level differential privacy)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m = defaults(self, self.EPSILON, self.MAX_TRIPS)
        analyses, visits_epsilon, visits = mobility_figures(epsilon, m)
        return with_summary(
            self.tr("Publishes the standard mobility report (Kapp et al. 2023): trips per hour and weekday, visits per "
                    "zone, top OD flows, travel times and more, as an HTML page and two layers."),
            self.tr("<b>Private:</b> each user with up to M trips (user-level privacy), for the traveller."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g} split over {n} analyses, M={m}): visits "
                    "per zone get epsilon {e:.2g}, so each zone's count is off by at most ±{moe:.3g} (95%).").format(
                epsilon=epsilon, n=analyses, m=m, e=visits_epsilon, moe=visits.margin_of_error),
            details())

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Trip records (one row per trip start and end)"), [QgsProcessing.TypeVector]))
        for name, label, optional in (
            (self.USER_FIELD, self.tr("User id field"), False),
            (self.TRIP_FIELD, self.tr("Trip id field"), True),
            (self.TIMESTAMP_FIELD, self.tr("Timestamp field (start time for trip lines)"), False),
            (self.END_TIMESTAMP_FIELD, self.tr("End time field (trip lines only; optional)"), True),
            (self.X_FIELD, self.tr("X field"), True),
            (self.Y_FIELD, self.tr("Y field"), True),
        ):
            self.add(QgsProcessingParameterField(name, label, parentLayerParameterName=self.INPUT, optional=optional))
        self.add(QgsProcessingParameterCrs(
            self.COORDINATES_CRS, self.tr("CRS of the coordinate fields"), optional=True))
        add_zone_parameters(self, h3=True, allow_overlap=False)
        self.add(QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon for the whole report"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0))
        self.add(QgsProcessingParameterNumber(
            self.MAX_TRIPS, self.tr("Maximum trips per user (M)"), QgsProcessingParameterNumber.Integer,
            defaultValue=5, minValue=0))
        self.add(QgsProcessingParameterEnum(
            self.ANALYSES, self.tr("Analyses"), options=list(ANALYSES), allowMultiple=True,
            defaultValue=list(range(len(ANALYSES))), optional=True))
        self.add(QgsProcessingParameterString(
            self.BUDGET_SPLIT, self.tr("Budget split weights"),
            optional=True))
        labels = {"MAX_TRAVEL_TIME": self.tr("Maximum travel time (minutes)"),
                  "MAX_JUMP_LENGTH": self.tr("Maximum jump length (km)"),
                  "MAX_TIME_BETWEEN": self.tr("Maximum time between trips (hours)"),
                  "MAX_RADIUS": self.tr("Maximum radius of gyration (km)")}
        for name, _attr, default in self.BOUNDS:
            self.add(QgsProcessingParameterNumber(name, labels[name], QgsProcessingParameterNumber.Double,
                                                  defaultValue=default, minValue=0.0))
        bin_labels = {"TRAVEL_TIME_BIN": self.tr("Travel time bin width (min)"),
                      "JUMP_LENGTH_BIN": self.tr("Jump length bin width (km)"),
                      "TIME_BETWEEN_BIN": self.tr("Time between trips bin width (h)"),
                      "RADIUS_BIN": self.tr("Radius of gyration bin width (km)")}
        for name, _attr in self.BIN_WIDTHS:
            self.add(QgsProcessingParameterNumber(name, bin_labels[name], QgsProcessingParameterNumber.Double,
                                                  defaultValue=0.0, minValue=0.0))
        self.add(QgsProcessingParameterNumber(
            self.MAX_TILES, self.tr("Maximum distinct zones per user (0: 2M)"), QgsProcessingParameterNumber.Integer,
            defaultValue=0, minValue=0))
        self.add(QgsProcessingParameterString(
            self.TIME_START, self.tr("Start of the time range (public)"), optional=True))
        self.add(QgsProcessingParameterString(
            self.TIME_END, self.tr("Public end of the time range (exclusive)"), optional=True))
        self.add(QgsProcessingParameterNumber(
            self.TOP_N_FLOWS, self.tr("Number of top OD flows"), QgsProcessingParameterNumber.Integer,
            defaultValue=100, minValue=1))
        self.add(QgsProcessingParameterNumber(
            self.OD_DELTA, self.tr("Delta of the OD flows"),
            QgsProcessingParameterNumber.Double, defaultValue=OD_DELTA, minValue=0.0, maxValue=0.5))
        add_noise_parameter(self)
        add_delta_parameter(self)
        self.add_seed_parameter()
        auto_bound.add_parameters(self)
        self.add_ledger_parameters()
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_HTML, self.tr("Mobility report (HTML)"), self.tr("HTML files (*.html)")))
        visits = QgsProcessingParameterVectorDestination(
            self.OUTPUT_VISITS, self.tr("Visits per zone"), QgsProcessing.TypeVectorPolygon)
        visits.setSupportsNonFileBasedOutput(False)
        self.add(visits)
        flows = QgsProcessingParameterVectorDestination(
            self.OUTPUT_FLOWS, self.tr("Top OD flows"), QgsProcessing.TypeVectorLine)
        flows.setSupportsNonFileBasedOutput(False)
        self.add(flows)
        item = QgsProcessingParameterBoolean(
            self.ITEM_LEVEL, self.tr("Item-level privacy"), defaultValue=False)
        item.setFlags(item.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.add(item)
        bench = QgsProcessingParameterBoolean(
            self.BENCHMARK, self.tr("Benchmark (not private)"),
            defaultValue=False)
        bench.setFlags(bench.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.add(bench)
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_BENCHMARK, self.tr("Benchmark page (not private)"),
            self.tr("HTML files (*.html)"), optional=True, createByDefault=False))
        table = QgsProcessingParameterVectorDestination(
            self.OUTPUT_BENCHMARK_TABLE, self.tr("Benchmark table (NOT differentially private)"),
            QgsProcessing.TypeVector, optional=True, createByDefault=False)
        table.setSupportsNonFileBasedOutput(False)
        self.add(table)
        self.add_output(QgsProcessingOutputNumber("SECTIONS", self.tr("Sections in the report")))
        self.add_output(QgsProcessingOutputNumber(
            "SECTIONS_INFORMATIVE", self.tr("Sections informative at this epsilon")))

    # --- settings -------------------------------------------------------------------------------

    def _period(self, parameters, context):
        start = self.parameterAsString(parameters, self.TIME_START, context)
        end = self.parameterAsString(parameters, self.TIME_END, context)
        if not start and not end:
            return None
        try:
            period = Period(*seconds_of(np.array([start, end], dtype=object)))
        except (TimestampError, TypeError, ValueError):
            raise QgsProcessingException(self.tr(
                "TIME_START and TIME_END must both be dates (e.g. 2024-01-01 and 2024-02-01), the start before "
                "the end.")) from None
        return period

    # --- run ------------------------------------------------------------------------------------

    def memory_per_unit(self, parameters, context):
        # The trips-per-user (M + 1 bins) and distinct-zones (2M + 1 bins) histograms: about 180 bytes per unit of
        # M (measured at 1e5..1e6).
        return {self.MAX_TRIPS: 256}

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        if self.parameterAsBoolean(parameters, self.BENCHMARK, context) and not (
                self.parameterAsFileOutput(parameters, self.OUTPUT_BENCHMARK, context)
                or self.parameterAsOutputLayer(parameters, self.OUTPUT_BENCHMARK_TABLE, context)):
            raise QgsProcessingException(self.tr(
                "BENCHMARK needs OUTPUT_BENCHMARK or OUTPUT_BENCHMARK_TABLE (the comparison is written there)."))
        m = self.parameterAsInt(parameters, self.MAX_TRIPS, context)
        chosen = [ANALYSES[i] for i in self.parameterAsEnums(parameters, self.ANALYSES, context)] or list(ANALYSES)
        period = self._period(parameters, context)
        if period is None and "trips_over_time" in chosen:
            chosen.remove("trips_over_time")
            feedback.pushWarning(self.tr("Trips over time is left out: it needs the public TIME_START and TIME_END."))
        gaussian_delta = mobility_gaussian.gaussian_delta(self, parameters, context)
        if not gaussian_delta and self.parameterAsDouble(parameters, DELTA, context):
            feedback.pushWarning(delta_unused("NOISE=2", self.tr("the OD flows (OD_DELTA)") if "od_flows" in chosen
                                              else None))
        weights = split_weights(self.parameterAsString(parameters, self.BUDGET_SPLIT, context)) or None
        try:
            split_budget(epsilon, chosen, weights)
        except BudgetSplitError:
            raise QgsProcessingException(self.tr(
                "BUDGET_SPLIT weights must be numbers >= 0, at least one of the chosen analyses above 0 (got "
                "'{text}').").format(text=self.parameterAsString(parameters, self.BUDGET_SPLIT, context))) from None
        bounds = {attr: self.parameterAsDouble(parameters, name, context) for name, attr, _ in self.BOUNDS}
        for name, attr, _ in self.BOUNDS:
            if not bounds[attr] > 0:
                raise QgsProcessingException(self.tr("{name} must be a number > 0.").format(name=name))
        widths = {attr: self.parameterAsDouble(parameters, name, context) for name, attr in self.BIN_WIDTHS}
        try:
            bins = ma.MobilityBins(**bounds, **widths,
                                   max_tiles_per_user=self.parameterAsInt(parameters, self.MAX_TILES, context))
        except ValueError as error:
            raise QgsProcessingException(self.tr("Bin widths: {error}.").format(error=str(error))) from None
        od_delta = self.parameterAsDouble(parameters, self.OD_DELTA, context)
        if "od_flows" in chosen and not 0.0 < od_delta < 1.0:
            raise QgsProcessingException(self.tr(
                "OD_DELTA must be in (0, 1), e.g. 1e-6 (the OD flows are chosen by the stability-based "
                "histogram, or by Gaussian thresholding with NOISE=2); or leave od_flows out of ANALYSES."))
        table, fields, cells, data = read_mobility_data(self, parameters, context, feedback)
        if not ((data.start_zone >= 0) | (data.end_zone >= 0)).any():
            raise QgsProcessingException(self.tr(
                "No trip start or end lies inside the zones: check that the records and ZONES (or EXTENT) "
                "overlap and that the CRS is right."))
        source_rng = self.noise_source(parameters, context, feedback)
        item_level = self.parameterAsBoolean(parameters, self.ITEM_LEVEL, context)
        if item_level:
            bound = auto_bound.AutoBound(1, epsilon, epsilon)
        else:  # the visits per zone weigh the choice: their noise on every zone against the trips left out
            visits = split_budget(1.0, chosen, weights).get("visits_per_zone", 1.0)
            bound = auto_bound.AutoBound.from_parameters(
                self, parameters, context, self.MAX_TRIPS, epsilon, cells=data.n_zones, cost_share=visits, per_unit=2,
                noise=DISCRETE_GAUSSIAN if gaussian_delta else LAPLACE, delta=gaussian_delta, zcdp_release=False)
            m = bound.choose(data.user, source_rng.generator, feedback) if bound.automatic else m
        if item_level:
            feedback.pushWarning(self.tr("ITEM_LEVEL: every trip is its own unit of privacy (M = 1); a person with "
                                         "many trips is not protected as a whole (Kapp et al. 2023 §4.2)."))
            keep = ~is_null(data.user)  # NULL user ids are still dropped, as in the user-level report
            data = replace(data.subset(keep), user=np.arange(int(keep.sum())))
            m = 1
        unit = unit_of_privacy(fields[self.USER_FIELD], m, item_level)
        spec = MobilityReportSpec(bound.epsilon_release, m, unit, tuple(chosen), weights, bins, period,
                                  self.parameterAsInt(parameters, self.TOP_N_FLOWS, context), od_delta,
                                  gaussian_delta=gaussian_delta)
        if dry_run.requested(self, parameters, context):  # each section's planned accuracy (report_accuracy.py)
            dry_run.declare_figures(self, partial(trial_sections, spec, epsilon, choice=bound.choice))
        html_path = self.parameterAsFileOutput(parameters, self.OUTPUT_HTML, context)
        visits_path = self.parameterAsOutputLayer(parameters, self.OUTPUT_VISITS, context)
        flows_path = self.parameterAsOutputLayer(parameters, self.OUTPUT_FLOWS, context)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=html_path)
        try:
            release = release_mobility_report(data, spec, source_rng.generator, before_noise=bound.charged(reserve))
        except NoUsableRecordsError:
            raise QgsProcessingException(self.tr("Every record has a NULL user id in USER_FIELD.")) from None
        if reveal(release.facts["null_users"]):
            log_private(feedback, self.tr("Dropped {n} trips whose user id is NULL."), warning=True,
                        n=release.facts["null_users"])
        privacy_lines = report_notes(epsilon, release, spec, (m, bound.choice.epsilon) if bound.automatic else None)
        record = self.privacy_record(mechanism_fields=bound.fields(release.record_fields),
                                     input_layer=table.source_name, seeded=source_rng.seeded,
                                     notes=tuple(privacy_lines),
                                     **reserve.record_fields())
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        written = []
        outputs = {self.OUTPUT_HTML: html_path, self.OUTPUT_VISITS: visits_path, self.OUTPUT_FLOWS: flows_path}
        try:
            informative = self._write(release, spec, cells, html_path, visits_path, flows_path, record,
                                      privacy_lines, feedback, written)
            outputs.update(SECTIONS=len(informative), SECTIONS_INFORMATIVE=sum(informative.values()))
            if self.parameterAsBoolean(parameters, self.BENCHMARK, context):
                outputs.update(self._benchmark(parameters, context, feedback, release, data, spec, cells, record,
                                               written))
        except BaseException:
            for path in written:  # failed runs leave no partial output
                for candidate in (path, os.path.splitext(path)[0] + ".qmd"):
                    if os.path.exists(candidate):
                        os.remove(candidate)
            raise
        visits_title, flows_title = self.tr("Visits per zone"), self.tr("Top OD flows")
        visits_style = partial(graduated_counts, field="visits") if "visits_per_zone" in spec.analyses else None
        for destination, title, style in ((visits_path, visits_title, visits_style),
                                          (flows_path, flows_title, flow_lines)):
            if context.willLoadLayerOnCompletion(destination):
                context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                    ReleaseLayerPostProcessor.create(record, title, style))
        return outputs

    def _benchmark(self, parameters, context, feedback, release, data, spec, cells, record, written):
        """Benchmark mode (Kapp et al. 2023 §5): similarity to the noise-free analyses; outputs labelled not DP."""
        html_path = self.parameterAsFileOutput(parameters, self.OUTPUT_BENCHMARK, context)
        table_path = self.parameterAsOutputLayer(parameters, self.OUTPUT_BENCHMARK_TABLE, context)
        feedback.pushWarning(self.tr("BENCHMARK: the comparison is computed from the exact data and is NOT "
                                     "differentially private. Do not publish it."))
        not_dp = record.with_notes(self.tr("NOT differentially private: benchmark of the report against the "
                                           "noise-free data (Kapp et al. 2023 §5.2.3)."))
        not_dp = replace(not_dp, differentially_private=False)
        centroids = cells.representative_points(None, wgs84())
        benchmark(release, data, spec, self.noise_source(parameters, context, feedback).generator, centroids,
                  html_path, table_path, not_dp, written, feedback)
        return {self.OUTPUT_BENCHMARK: html_path, self.OUTPUT_BENCHMARK_TABLE: table_path}

    def _write(self, release, spec, cells, html_path, visits_path, flows_path, record, privacy_lines, feedback,
               written):
        r, facts = release.result, release.facts["analysis_fields"]
        lonlat_zones = cells.geometries(None, wgs84())
        order = cells.id_order()
        ids = np.asarray(cells.ids, dtype=object)
        out_crs = cells.crs if cells.kind == "zones" else wgs84()
        zones_out = cells.geometries(None, out_crs) if cells.kind == "zones" else lonlat_zones
        columns = [Column(*c) for c in visits_columns(r, facts, ids, order)]
        multi = np.array([g if g.geom_type == "MultiPolygon" else shapely.MultiPolygon([g])
                          for g in zones_out[order]], dtype=object)
        write_features(visits_path, wkt(out_crs), ogr.wkbMultiPolygon, multi, columns, feedback,
            finish=lambda p, layer: write_to_file(p, layer, record, self.tr("Visits per zone")))
        written.append(visits_path)
        points = cells.representative_points(None, wgs84())
        flow_lines = []
        if "od_flows" in r and not len(r["od_flows"]):
            feedback.pushWarning(self.tr(
                "No OD flow reached the publication threshold (about {t} {unit}) at this epsilon: the flows layer "
                "is empty and the report says so.").format(t=number(r["od_threshold"][0]),
                                                           unit=flow_unit(bool(spec.gaussian_delta))))
        if "od_flows" in r:
            o, d, c = r["od_origin"], r["od_dest"], r["od_flows"]
            flow_lines = [(points[a, 0], points[a, 1], points[b, 0], points[b, 1], v) for a, b, v in zip(o, d, c)]
            geoms = shapely.linestrings(np.stack([points[o], points[d]], axis=1)) if len(o) else np.empty(0, object)
        else:
            geoms = np.empty(0, object)
        fcols = [Column(*c) for c in flow_columns(r, facts, ids)]
        write_features(flows_path, wkt(wgs84()), ogr.wkbLineString, geoms, fcols, feedback,
                       finish=lambda p, layer: write_to_file(p, layer, record, self.tr("Top OD flows")))
        written.append(flows_path)
        labels = spec.period.labels() if spec.period is not None else ()
        informative = informative_sections(r, facts)
        feedback.pushInfo(informative_summary(informative))
        page = report_page(self.tr("Mobility report"), release, spec, lonlat_zones, flow_lines,
                           privacy_lines + [release_id_line(record.release_id)], labels,
                           ids, QLocale())
        write_text(html_path, page)
        written.append(html_path)
        feedback.setProgress(100)
        return informative
