"""dp_geoprivacy:accuracyplanner: the accuracy a release will have, before any data is touched.

Data-independent: every figure comes from ``core.accuracy.planning`` (and
``core.accuracy.accuracy_statistics`` for zone statistics) applied to the mechanism
the release itself would build from these settings
(``zone_counts.make_mechanism``, ``location.PerturbationSpec``,
``zone_statistics.ZoneStatisticsSpec``). It reads no layer, draws no noise
and writes nothing to a ledger. Every table row and the SETTINGS output
carry the public settings the figures were computed for (MIN_FLOW,
THRESHOLD, DELTA, M, bounds, ...), so a figure is never read without them.
"""

import json
import math

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)

from ...core.accuracy import planning as accuracy
from ...core.accuracy.accuracy_chart import accuracy_chart_svg
from ...core.accuracy.accuracy_statistics import statistic_accuracy
from ...core.accuracy.escape_chart import chart_html
from ...core.accuracy.report_planning import lead_figures
from ...core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...core.mechanisms.location import PerturbationSpec
from ...core.releases.od_flows import ODDomain
from ...core.releases.zone_counts import make_mechanism
from ...core.releases.zone_statistics import SUM
from ..auto_bound import AUTO_VALUE_BOUNDS
from ..base import DpAlgorithm
from ..help_summary import count_figures, defaults, with_summary
from ..writers import Column, write_features, write_text
from .accuracy_auto_bound import AutoPlan, auto_parameters, bound_parameter, total_epsilon_rows
from .accuracy_counts import log_count_accuracy
from .accuracy_help import planner_details
from .accuracy_levels import level_parameters, level_rows
from .accuracy_od_totals import od_totals_parameters, od_totals_rows
from .accuracy_report import report_parameters, report_rows, report_series
from .accuracy_responses import response_rows
from .accuracy_side_by_side import count_side_by_side, sum_side_by_side, threshold_side_by_side
from .accuracy_statistic_settings import log_statistic, log_statistic_choices, statistic_parameters, statistic_spec

ZONE_COUNTS, OD_FLOWS, LOCATIONS, RESPONSES, ZONE_STATISTICS, LEVELS, REPORT, OD_TOTALS = range(8)
# The releases with automatic bounds (accuracy_auto_bound; consistentcounts has none).
AUTO_RELEASES = (ZONE_COUNTS, OD_FLOWS, ZONE_STATISTICS, REPORT)
RELEASE_NAMES = ("noisyzonecounts", "noisyodflows", "laplaceperturbation", "randomizedresponse",
                 "noisyzonestatistics", "consistentcounts", "mobilityreport", "noisyodflows")
STATISTIC_COLUMNS = ("epsilon", "noise_scale", "grain", "p_published", "expected_abs_error", "rmse", "error_q95",
                     "margin_of_error", "rank_margin")
COUNT_COLUMNS = ("epsilon", "noise_scale", "grain", "expected_abs_error", "rmse", "margin_of_error",
                 "p_spurious", "expected_spurious", "threshold", "count_published_95")
LOCATION_COLUMNS = ("epsilon", "noise_scale", "mean", "median", "q90", "q95")


class AccuracyPlanner(DpAlgorithm):
    """Expected error, margin, spurious cells and displacement for a sweep of epsilons (no data)."""

    ALGORITHM_ID = "accuracyplanner"
    GROUP_ID = "calibration"
    RELEASE = "RELEASE"
    EPSILON = "EPSILON"
    ZONES = "ZONES"
    SLOTS = "SLOTS"
    MAX_CONTRIBUTIONS = "MAX_CONTRIBUTIONS"
    CELLS_PER_CONTRIBUTION = "CELLS_PER_CONTRIBUTION"
    NOISE = "NOISE"
    THRESHOLD = "THRESHOLD"
    DELTA = "DELTA"
    MIN_FLOW = "MIN_FLOW"
    INCLUDE_INTRAZONAL = "INCLUDE_INTRAZONAL"
    DISTANCE = "DISTANCE"
    EPSILONS = "EPSILONS"
    TARGET_MARGIN = "TARGET_MARGIN"
    TARGET_SPURIOUS = "TARGET_SPURIOUS"
    TARGET_DISPLACEMENT = "TARGET_DISPLACEMENT"
    CATEGORIES = "CATEGORIES"
    RESPONDENTS = "RESPONDENTS"
    SHARE = "SHARE"
    STATISTIC = "STATISTIC"
    LOWER = "LOWER"
    UPPER = "UPPER"
    RECORDS_PER_ZONE = "RECORDS_PER_ZONE"
    ZONE_MEAN = "ZONE_MEAN"
    MIN_SUPPORT = "MIN_SUPPORT"
    SUPPORT_SHARE = "SUPPORT_SHARE"
    MEAN_SUM_SHARE = "MEAN_SUM_SHARE"
    QUANTILE_GRID = "QUANTILE_GRID"
    MAX_QUANTILE_GRID = 1_000_000
    OUTPUT = "OUTPUT"
    OUTPUT_CHART = "OUTPUT_CHART"
    POSITIVE_PARAMETERS = (EPSILON, DISTANCE)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Accuracy planner (reads no data, spends nothing)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m, noise = defaults(self, self.EPSILON, self.MAX_CONTRIBUTIONS, self.NOISE)
        figures = count_figures(epsilon, m, noise)
        return with_summary(
            self.tr("Predicts the accuracy of a release at each epsilon, and the epsilon a target accuracy needs, "
                    "from the noise distribution alone."),
            self.tr("<b>Private:</b> nothing to protect: it reads no data, spends no privacy budget and writes "
                    "nothing to a ledger."),
            self.tr("<b>Accuracy:</b> exact figures of the noise; e.g. at the defaults (EPSILON={epsilon:g}, M={m}) "
                    "a zone count is off by at most ±{moe:.2g} (95%).").format(
                epsilon=epsilon, m=m, moe=figures.margin_of_error),
            planner_details())

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterEnum(
            self.RELEASE, self.tr("Release to plan"),
            options=[self.tr("Noisy zone counts"), self.tr("Noisy OD flows"),
                     self.tr("Location perturbation (Laplace)"), self.tr("Randomized response (k-ary)"),
                     self.tr("Noisy zone statistics (sum, mean, quantiles)"),
                     self.tr("Consistent counts over H3 levels or zones"), self.tr("Mobility report (every section)"),
                     self.tr("Noisy OD flows with consistent origin and destination totals")],
            defaultValue=ZONE_COUNTS))
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon you intend to use"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0)
        epsilon.setHelp(self.tr("The epsilon whose figures are returned as outputs; e.g. 1."))
        self.add(epsilon)
        zones = QgsProcessingParameterNumber(
            self.ZONES, self.tr("Number of zones (counts, OD flows)"), QgsProcessingParameterNumber.Integer,
            defaultValue=100, minValue=1)
        zones.setHelp(self.tr("The number of zones of the public tessellation, e.g. 100."))
        self.add(zones)
        self.add(bound_parameter(self.MAX_CONTRIBUTIONS))
        self.add_mechanism_parameter()
        self.add(QgsProcessingParameterNumber(
            self.DISTANCE, self.tr("Protected distance (metres; locations)"), QgsProcessingParameterNumber.Double,
            defaultValue=100.0, minValue=0.0))
        self.add(QgsProcessingParameterEnum(
            self.NOISE, self.tr("Noise (counts)"),
            options=[self.tr("Laplace"), self.tr("Discrete Laplace"), self.tr("Discrete Gaussian (needs DELTA)")],
            defaultValue=0))
        self.add(QgsProcessingParameterBoolean(
            self.THRESHOLD, self.tr("Stability threshold"), defaultValue=False))
        delta = QgsProcessingParameterNumber(
            self.DELTA, self.tr("Delta (stability threshold, Gaussian noise)"), QgsProcessingParameterNumber.Double,
            defaultValue=1e-6, minValue=0.0, maxValue=0.5)
        delta.setHelp(self.tr(
            "The delta of the stability threshold or of Gaussian noise; e.g. 1e-6. With DELTA above 0 the planner "
            "also shows Laplace and Gaussian noise side by side for zone counts, OD flows, zone sums and the "
            "mobility report at this delta, and says which gives the smaller error."))
        self.add(delta)
        self.add(QgsProcessingParameterNumber(
            self.MIN_FLOW, self.tr("Smallest published value"),
            QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0))
        self.add(QgsProcessingParameterString(
            self.EPSILONS, self.tr("Epsilons to tabulate"), defaultValue="0.1, 0.2, 0.5, 1, 2, 5, 10"))
        for name, label in ((self.TARGET_MARGIN, self.tr("Target 95% margin of error per cell (counts)")),
                            (self.TARGET_SPURIOUS, self.tr("Target number of spurious cells (counts)")),
                            (self.TARGET_DISPLACEMENT, self.tr("Target mean displacement (metres)"))):
            self.add(QgsProcessingParameterNumber(name, label, QgsProcessingParameterNumber.Double, optional=True,
                                                  minValue=0.0))
        advanced = [
            QgsProcessingParameterNumber(self.CATEGORIES, self.tr("Categories (randomized response)"),
                                         QgsProcessingParameterNumber.Integer, defaultValue=4, minValue=2),
            QgsProcessingParameterNumber(self.RESPONDENTS, self.tr("Rows (randomized response)"),
                                         QgsProcessingParameterNumber.Integer, defaultValue=1000, minValue=1),
            QgsProcessingParameterNumber(self.SHARE, self.tr("Share of rows in the category"),
                                         QgsProcessingParameterNumber.Double, defaultValue=0.25, minValue=0.0,
                                         maxValue=1.0)]
        advanced += statistic_parameters(self)
        advanced += level_parameters(self) + od_totals_parameters(self)
        advanced += report_parameters(self)
        advanced += auto_parameters()
        slots = QgsProcessingParameterNumber(
            self.SLOTS, self.tr("Time slots per zone (counts)"), QgsProcessingParameterNumber.Integer,
            defaultValue=1, minValue=1)
        advanced.append(slots)
        advanced.append(QgsProcessingParameterNumber(
            self.CELLS_PER_CONTRIBUTION, self.tr("Cells per contribution"),
            QgsProcessingParameterNumber.Integer, defaultValue=1, minValue=1))
        advanced.append(QgsProcessingParameterBoolean(
            self.INCLUDE_INTRAZONAL, self.tr("OD flows include intrazonal pairs"), defaultValue=True))
        for parameter in advanced:
            parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.add(parameter)
        table = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Accuracy per epsilon"), QgsProcessing.TypeVector)
        table.setSupportsNonFileBasedOutput(False)
        self.add(table)
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_CHART, self.tr("Chart: accuracy against epsilon"), self.tr("HTML files (*.html)"),
            optional=True, createByDefault=False))
        for name, label in (
                ("EXPECTED_ABS_ERROR", self.tr("Expected absolute error per cell")),
                ("RMSE", self.tr("Root mean square error per cell")),
                ("MARGIN_OF_ERROR", self.tr("95% margin of error per cell")),
                ("EXPECTED_SPURIOUS", self.tr("Expected spurious cells (all empty)")),
                ("STABILITY_THRESHOLD", self.tr("Stability threshold")),
                ("MEAN_DISPLACEMENT_M", self.tr("Mean displacement (metres)")),
                ("DISPLACEMENT_Q95_M", self.tr("95% quantile of the displacement (metres)")),
                ("EPSILON_FOR_MARGIN", self.tr("Epsilon for the target margin")),
                ("EPSILON_FOR_SPURIOUS", self.tr("Epsilon for the target spurious cells")),
                ("EPSILON_FOR_DISPLACEMENT", self.tr("Epsilon for the target displacement")),
                ("P_PUBLISHED", self.tr("Probability that a zone is published (zone statistics)")),
                ("LAPLACE_RMSE", self.tr("RMSE per cell with Laplace noise (side by side)")),
                ("GAUSSIAN_RMSE", self.tr("RMSE per cell with Gaussian noise at DELTA (side by side)")),
                ("CHOICE_EPSILON", self.tr("Epsilon of the automatic M's choice")),
                ("EXPECTED_ABS_ERROR_TYPICAL_M", self.tr("Expected absolute error per cell at TYPICAL_M"))):
            self.add_output(QgsProcessingOutputNumber(name, label))
        self.add_output(QgsProcessingOutputString(
            "SMALLER_ERROR_NOISE", self.tr("The noise with the smaller error at DELTA: Laplace or Gaussian")))
        self.add_output(QgsProcessingOutputString(
            "SETTINGS", self.tr("Public settings the figures were computed for (JSON)")))

    # --- settings ------------------------------------------------------------------------

    def _settings(self, parameters, context):
        release = self.parameterAsEnum(parameters, self.RELEASE, context)
        threshold = self.parameterAsBool(parameters, self.THRESHOLD, context)
        noise = (LAPLACE, DISCRETE_LAPLACE, DISCRETE_GAUSSIAN)[self.parameterAsEnum(parameters, self.NOISE, context)]
        delta = self.parameterAsDouble(parameters, self.DELTA, context)
        if release in (ZONE_COUNTS, OD_FLOWS) and noise == DISCRETE_GAUSSIAN and not 0 < delta < 1:
            raise QgsProcessingException(self.tr(
                "DELTA must be above 0 with Gaussian noise (e.g. 1e-6, below 1 / number of users)."))
        if release != LOCATIONS and threshold:
            if noise == DISCRETE_LAPLACE:
                raise QgsProcessingException(self.tr(
                    "NOISE: a threshold uses Laplace noise (the stability histogram) or the discrete Gaussian "
                    "(Gaussian thresholding); choose one of them or turn THRESHOLD off."))
            if not 0 < delta < 1:
                raise QgsProcessingException(self.tr(
                    "DELTA must be above 0 with THRESHOLD (e.g. 1e-6, below 1 / number of users)."))
        zones = self.parameterAsInt(parameters, self.ZONES, context)
        if release == OD_FLOWS:
            cells = ODDomain(zones, self.parameterAsBool(parameters, self.INCLUDE_INTRAZONAL, context)).size
        else:
            cells = zones * self.parameterAsInt(parameters, self.SLOTS, context)
        m = self.parameterAsInt(parameters, self.MAX_CONTRIBUTIONS, context)
        plan = None if release in (LOCATIONS, RESPONSES) else AutoPlan.from_parameters(
            self, parameters, context, RELEASE_NAMES[release] + (" (OUTPUT_TOTALS)" if release == OD_TOTALS else ""),
            release in AUTO_RELEASES,
            LAPLACE if release in (ZONE_STATISTICS, REPORT) else noise, delta,
            value_bounds=release == ZONE_STATISTICS and self.parameterAsBool(parameters, AUTO_VALUE_BOUNDS, context),
            # Thresholded releases (not zCDP) and the report add the choice's epsilon (basic composition).
            zcdp_release=release != REPORT and not (threshold and release in (ZONE_COUNTS, OD_FLOWS)))
        m = plan.largest if plan and plan.automatic_m else m  # the most noise the choice can give
        c = self.parameterAsInt(parameters, self.CELLS_PER_CONTRIBUTION, context) if release == ZONE_COUNTS else 1
        if threshold and noise == DISCRETE_GAUSSIAN and c > 1 and release != LOCATIONS:
            raise QgsProcessingException(self.tr(
                "THRESHOLD with NOISE=2 (Gaussian thresholding) needs each point in one zone: set "
                "CELLS_PER_CONTRIBUTION to 1, or use Laplace noise."))
        kind = self.location_mechanism_kind(parameters, context)
        distance = self.positive_number(parameters, self.DISTANCE, context)

        def count_mechanism(epsilon, bound=m):
            return make_mechanism(epsilon=plan.split(epsilon)[1] if plan else epsilon,
                                  delta=delta if threshold or noise == DISCRETE_GAUSSIAN else 0.0, noise=noise,
                                  threshold=threshold, max_contributions=bound, cells_per_contribution=c)

        def location_mechanism(epsilon):
            return PerturbationSpec(kind=kind, epsilon=epsilon, distance=distance, grid=0.0).mechanism()

        settings = {"release": f"dp_geoprivacy:{RELEASE_NAMES[release]}"}
        if release in (ZONE_COUNTS, OD_FLOWS):
            settings.update(zones=zones, cells=cells, max_contributions=m, noise=noise, threshold=int(threshold),
                            delta=delta if threshold or noise == DISCRETE_GAUSSIAN else 0.0,
                            min_flow=self.parameterAsDouble(parameters, self.MIN_FLOW, context))
            settings.update(plan.settings() if plan else {})
            if release == OD_FLOWS:
                settings["include_intrazonal"] = int(self.parameterAsBool(parameters, self.INCLUDE_INTRAZONAL,
                                                                          context))
            else:
                settings.update(slots=self.parameterAsInt(parameters, self.SLOTS, context), cells_per_contribution=c)
        elif release == LOCATIONS:
            settings.update(mechanism=kind, distance=distance)
        return release, cells, count_mechanism, location_mechanism, settings, plan

    def _target(self, parameters, name, context):
        if parameters.get(name) in (None, ""):
            return None
        return self.parameterAsDouble(parameters, name, context)

    def memory_per_unit(self, parameters, context):
        # The exact distributions over the grid: about 330 bytes per candidate value (measured at 1e4..1e6).
        return {self.QUANTILE_GRID: 512}

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        release, cells, count_mechanism, location_mechanism, settings, plan = self._settings(parameters, context)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        min_flow = self.parameterAsDouble(parameters, self.MIN_FLOW, context)
        try:
            epsilons = accuracy.parse_epsilons(self.parameterAsString(parameters, self.EPSILONS, context))
        except ValueError as error:
            raise QgsProcessingException(self.tr(
                "EPSILONS: {error}. Give positive numbers separated by commas, e.g. 0.1, 1, 5.").format(
                error=error)) from None
        epsilons = tuple(sorted(set(epsilons) | {epsilon}))
        delta_declared = self.parameterAsDouble(parameters, self.DELTA, context)
        results = dict.fromkeys((
            "EXPECTED_ABS_ERROR", "RMSE", "MARGIN_OF_ERROR", "EXPECTED_SPURIOUS", "STABILITY_THRESHOLD",
            "MEAN_DISPLACEMENT_M", "DISPLACEMENT_Q95_M", "EPSILON_FOR_MARGIN", "EPSILON_FOR_SPURIOUS",
            "EPSILON_FOR_DISPLACEMENT", "P_PUBLISHED", "LAPLACE_RMSE", "GAUSSIAN_RMSE", "SMALLER_ERROR_NOISE",
            "CHOICE_EPSILON", "EXPECTED_ABS_ERROR_TYPICAL_M"))
        feedback.pushInfo(self.tr("No data is read and no budget is spent: these figures follow from the "
                                  "settings alone."))
        target = None
        if release == RESPONSES:
            rows, columns, series, y_label, target = response_rows(self, parameters, context, settings, results,
                                                                   epsilons, epsilon, feedback)
        elif release == LOCATIONS:
            rows = accuracy.sweep(lambda e: accuracy.displacement_accuracy(location_mechanism(e)), epsilons)
            columns = LOCATION_COLUMNS
            chosen = accuracy.displacement_accuracy(location_mechanism(epsilon))
            results.update(MEAN_DISPLACEMENT_M=chosen.mean, DISPLACEMENT_Q95_M=chosen.q95)
            feedback.pushInfo(self.tr(
                "At EPSILON {e:g}: noise scale b = {b:.4g} m; displacement mean {mean:.4g} m, median {median:.4g} "
                "m, 95% of points within {q95:.4g} m.").format(e=epsilon, b=chosen.noise_scale, mean=chosen.mean,
                                                              median=chosen.median, q95=chosen.q95))
            target = self._target(parameters, self.TARGET_DISPLACEMENT, context)
            if target is not None:
                results["EPSILON_FOR_DISPLACEMENT"] = self._inverse(
                    feedback, accuracy.epsilon_for_displacement(location_mechanism, target),
                    self.tr("a mean displacement of at most {t:g} m").format(t=target))
            series = {self.tr("mean displacement (m)"): [r["mean"] for r in rows],
                      self.tr("95% quantile (m)"): [r["q95"] for r in rows]}
            y_label = self.tr("Displacement (metres, log scale)")
        elif release == LEVELS:
            rows, columns, chosen = level_rows(self, parameters, context, settings, epsilons, epsilon, feedback)
            results.update(EXPECTED_ABS_ERROR=chosen[0][-1], MARGIN_OF_ERROR=chosen[1][-1])
            series = {self.tr("finest level, expected absolute error"): [r[columns[-2]] for r in rows]}
            y_label = self.tr("Count (log scale)")
        elif release == OD_TOTALS:
            rows, columns, chosen = od_totals_rows(self, parameters, context, settings, epsilons, epsilon, feedback)
            results.update(EXPECTED_ABS_ERROR=chosen["mae_origin_total"], MARGIN_OF_ERROR=chosen["moe95_origin_total"])
            series = {self.tr("origin total, expected absolute error"): [r["mae_origin_total"] for r in rows]}
            y_label = self.tr("Count (log scale)")
        elif release == REPORT:
            rows, columns, chosen = report_rows(self, parameters, context, settings, epsilons, epsilon, feedback,
                                                plan, results)
            results.update(lead_figures(chosen))
            series, y_label = report_series(rows), self.tr("95% margin of a count (log scale)")
        elif release == ZONE_STATISTICS:
            spec_for, records, zone_mean = statistic_spec(self, parameters, context, settings, plan)

            def make_spec(e, bound=None):
                return spec_for(plan.split(e)[1] if plan else e, bound)

            def figures(e, bound=None):
                return statistic_accuracy(make_spec(e, bound), records, zone_mean=zone_mean)

            rows = accuracy.sweep(figures, epsilons)
            columns = STATISTIC_COLUMNS
            chosen = figures(epsilon)
            results.update(EXPECTED_ABS_ERROR=chosen.expected_abs_error, RMSE=chosen.rmse,
                           MARGIN_OF_ERROR=chosen.margin_of_error, P_PUBLISHED=chosen.p_published)
            columns = total_epsilon_rows(plan, rows, epsilons, columns)
            log_statistic(feedback, chosen, settings, epsilon)
            if plan:
                log_statistic_choices(feedback, results, plan, epsilon, figures)
                settings.update(plan.settings())
            if settings["statistic"] == SUM and 0 < delta_declared < 1:
                columns = sum_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta_declared,
                                           columns, spec_for, plan)
            target = self._target(parameters, self.TARGET_MARGIN, context)
            if target is not None:
                results["EPSILON_FOR_MARGIN"] = self._inverse(
                    feedback, accuracy.epsilon_for(lambda e: figures(e).error_q95, target),
                    self.tr("a 95% error of at most {t:g} (value units)").format(t=target))
            series = {self.tr("expected absolute error"): [r["expected_abs_error"] for r in rows],
                      self.tr("95% of errors within"): [r["error_q95"] for r in rows]}
            y_label = self.tr("Value units (log scale)")
        else:
            rows = accuracy.sweep(lambda e: accuracy.count_accuracy(count_mechanism(e), cells, min_flow), epsilons)
            columns = COUNT_COLUMNS
            chosen = accuracy.count_accuracy(count_mechanism(epsilon), cells, min_flow)
            results.update(EXPECTED_ABS_ERROR=chosen.expected_abs_error, RMSE=chosen.rmse,
                           MARGIN_OF_ERROR=chosen.margin_of_error, EXPECTED_SPURIOUS=chosen.expected_spurious,
                           STABILITY_THRESHOLD=chosen.threshold)
            columns = total_epsilon_rows(plan, rows, epsilons, columns)
            m_planned = plan.largest if plan else settings["max_contributions"]
            log_count_accuracy(feedback, chosen, epsilon)
            if plan:
                plan.log(feedback, results, epsilon, chosen.expected_abs_error, accuracy.count_accuracy(
                    count_mechanism(epsilon, plan.typical), cells, min_flow).expected_abs_error)
            if chosen.threshold is None and 0 < delta_declared < 1:
                columns = count_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta_declared,
                                             columns, m_planned, plan)
            elif 0 < delta_declared < 1 and settings.get("cells_per_contribution", 1) == 1:  # THRESHOLD on
                threshold_side_by_side(feedback, results, epsilon, chosen.delta, m_planned, plan)
            target = self._target(parameters, self.TARGET_MARGIN, context)
            if target is not None:
                results["EPSILON_FOR_MARGIN"] = self._inverse(
                    feedback, accuracy.epsilon_for_margin(count_mechanism, target),
                    self.tr("a 95% margin of error of at most {t:g}").format(t=target))
            spurious = self._target(parameters, self.TARGET_SPURIOUS, context)
            if spurious is not None and chosen.threshold is None:
                results["EPSILON_FOR_SPURIOUS"] = self._inverse(
                    feedback, accuracy.epsilon_for_spurious(count_mechanism, cells, min_flow, spurious),
                    self.tr("at most {t:g} spurious cells of {n:,}").format(t=spurious, n=cells))
            series = {self.tr("expected absolute error"): [r["expected_abs_error"] for r in rows],
                      self.tr("95% margin of error"): [r["margin_of_error"] for r in rows]}
            if chosen.threshold is None:
                series[self.tr("expected spurious cells")] = [r["expected_spurious"] for r in rows]
            y_label = self.tr("Count (log scale)")
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        table = [Column(name, "text", np.array([r[name] for r in rows], dtype=object))
                 if any(isinstance(r[name], str) for r in rows) else
                 Column(name, "real", [math.nan if r[name] is None else float(r[name]) for r in rows])
                 for name in columns]
        # The public settings behind every row (issue 13: a figure is read against MIN_FLOW, THRESHOLD, ...),
        # as columns setting_<name> (the figure "threshold" is the stability threshold, not the setting).
        for name, value in settings.items():
            if isinstance(value, str):
                table.append(Column(f"setting_{name}", "text", np.array([value] * len(rows), dtype=object)))
            else:
                table.append(Column(f"setting_{name}", "real", [float(value)] * len(rows)))
        results["SETTINGS"] = json.dumps(settings, sort_keys=True)
        write_features(destination, "", ogr.wkbNone, None, table, feedback, finish=lambda path, layer: None)
        results[self.OUTPUT] = destination
        chart = self.parameterAsFileOutput(parameters, self.OUTPUT_CHART, context) \
            if parameters.get(self.OUTPUT_CHART) else ""
        if chart:
            title = self.tr("Expected accuracy against epsilon")
            svg = accuracy_chart_svg(epsilons, series, title, self.tr("epsilon (log scale)"), y_label,
                                     chosen=epsilon, target=target)
            notes = [self.tr("Data-independent: computed from the noise distribution; no data was read.")]
            write_text(chart, chart_html(svg, title, notes))
            results[self.OUTPUT_CHART] = chart
        return results

    def _inverse(self, feedback, epsilon, what):
        if epsilon is None:
            feedback.pushWarning(self.tr("No epsilon up to 10,000 gives {what}.").format(what=what))
            return None
        feedback.pushInfo(self.tr("Epsilon {e:.4g} gives {what}.").format(e=epsilon, what=what))
        return epsilon

