"""The accuracy planner's figures for the mobility report as a whole (dp_geoprivacy:mobilityreport).

For each total epsilon, the analyses and the BUDGET_SPLIT the report will use, one row per published part of each
section: ``core.accuracy.report_planning.section_rows`` on the report's ``MobilityReportSpec`` (the same rows the
report's trial runs give, processing/report_accuracy.py). No data is read and nothing is drawn.

NOISE=2 plans the report's discrete Gaussian (mobilityreport NOISE=2 with DELTA: visits per zone by the discrete
Gaussian at DELTA, OD flows by Gaussian thresholding at OD_DELTA), through the same ``MobilityReportSpec``. With
DELTA above 0 the two sections whose noise NOISE=2 changes (``NOISE_SECTIONS``) are also planned side by side, the
report with NOISE=0 against the report with NOISE=2 at the same split (columns ``SIDE_COLUMNS``).
"""

from qgis.core import (
    QgsProcessingException,
    QgsProcessingParameterEnum,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
)

from ...core.accuracy.noise_choice import GAUSSIAN_NAME, LAPLACE_NAME
from ...core.accuracy.report_planning import REPORT_COLUMNS, report_settings, section_rows
from ...core.releases import mobility_analyses as ma
from ...core.releases.mobility_report import ANALYSES, BudgetSplitError, MobilityReportSpec, Period
from ...translation import tr
from ..mobility_gaussian import gaussian_delta as report_gaussian_delta
from ..mobility_svg import number
from ..report_accuracy import log_sections
from .mobility_report import split_weights

REPORT_ANALYSES, BUDGET_SPLIT, OD_DELTA = "REPORT_ANALYSES", "BUDGET_SPLIT", "OD_DELTA"
# The report's default analyses when it is given no public time range (trips over time needs one).
DEFAULT_ANALYSES = tuple(i for i, name in enumerate(ANALYSES) if name != "trips_over_time")
# The sections whose noise the report's NOISE=2 changes, and the side by side's columns for them.
NOISE_SECTIONS = ("visits_per_zone", "od_flows")
SIDE_COLUMNS = ("laplace_rmse", "gaussian_rmse", "laplace_threshold", "gaussian_threshold", "smaller_error")


def report_parameters(algorithm):
    """REPORT_ANALYSES, BUDGET_SPLIT and OD_DELTA (advanced in the planner: only RELEASE = mobility report reads
    them)."""
    analyses = QgsProcessingParameterEnum(
        REPORT_ANALYSES, tr("Analyses (mobility report)"), options=list(ANALYSES), allowMultiple=True,
        defaultValue=list(DEFAULT_ANALYSES), optional=True)
    analyses.setHelp(tr("The report's ANALYSES; by default all but trips over time (the report leaves it out "
                        "without TIME_START and TIME_END)."))
    split = QgsProcessingParameterString(BUDGET_SPLIT, tr("Budget split weights (mobility report)"), optional=True)
    split.setHelp(tr("The report's BUDGET_SPLIT, e.g. 'od_flows=3,visits_per_zone=2'; empty: the report's default "
                     "split."))
    od_delta = QgsProcessingParameterNumber(
        OD_DELTA, tr("Delta of the OD flows (mobility report)"), QgsProcessingParameterNumber.Double, optional=True,
        minValue=0.0, maxValue=0.5)
    od_delta.setHelp(tr("The report's OD_DELTA (its default 1e-6); empty: DELTA. With NOISE=2 DELTA is the "
                        "Gaussian's delta of the visits per zone, as in the report."))
    return [analyses, split, od_delta]


def report_spec(algorithm, parameters, context, settings, plan=None):
    """A function (EPSILON, M = the planned M, the Gaussian's delta = the planned one) -> MobilityReportSpec with
    the report's analyses, split, M, OD delta and noise (NOISE=2: the Gaussian's delta DELTA, as the report's
    mobility_gaussian.gaussian_delta reads it). With automatic M (``plan``, accuracy_auto_bound.AutoPlan) the report
    runs on what the choice leaves of EPSILON, as mobilityreport does, and the planned M is the largest candidate."""
    chosen = [ANALYSES[i] for i in algorithm.parameterAsEnums(parameters, REPORT_ANALYSES, context)]
    chosen = chosen or [ANALYSES[i] for i in DEFAULT_ANALYSES]
    weights = split_weights(algorithm.parameterAsString(parameters, BUDGET_SPLIT, context))
    m = plan.largest if plan else algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context)
    gaussian = report_gaussian_delta(algorithm, parameters, context)
    od_delta = algorithm.parameterAsDouble(parameters, "DELTA" if parameters.get(OD_DELTA) in (None, "") else
                                           OD_DELTA, context)
    # The time range changes no mechanism (only the number of periods): any public range stands in for it.
    options = {"max_trips": m, "unit_of_privacy": "user", "analyses": tuple(chosen), "weights": weights or None,
               "period": Period(0.0, ma.DAY), "od_delta": od_delta}
    try:
        planned = MobilityReportSpec(epsilon=1.0, gaussian_delta=gaussian, **options)
        planned.shares()
    except BudgetSplitError:
        raise QgsProcessingException(tr(
            "BUDGET_SPLIT weights must be numbers >= 0, at least one of the chosen analyses above 0.")) from None
    except ValueError as error:
        raise QgsProcessingException(tr("Mobility report settings: {error} (OD_DELTA, or DELTA when it is empty, "
                                        "is the OD flows' delta).").format(error=error)) from None
    settings.update(report_settings(planned))
    settings.update(plan.settings() if plan else {})

    def make_spec(e, bound=m, gaussian_delta=gaussian):
        return MobilityReportSpec(epsilon=plan.split(e)[1] if plan else e, gaussian_delta=gaussian_delta,
                                  **dict(options, max_trips=bound))
    return make_spec


def report_rows(algorithm, parameters, context, settings, epsilons, epsilon, feedback, plan=None, results=None):
    """(rows, columns, rows at ``epsilon``) for the planner's table: one row per (epsilon, section part); with
    automatic M (``plan``) the rows are for the largest candidate, the choice's cost and each section's figures at
    TYPICAL_M in the log (the visits per zone's error in ``results``); with DELTA above 0 the side by side
    (report_side_by_side)."""
    make_spec = report_spec(algorithm, parameters, context, settings, plan)
    rows = [row for e in epsilons for row in section_rows(make_spec(e), e)]
    chosen = [row for row in rows if row["epsilon"] == epsilon]
    if plan:
        plan.log_choices(feedback, results, epsilon)
    per_user = bool(make_spec(epsilon).gaussian_delta)  # NOISE=2: OD flows count users per pair
    log_sections(feedback.pushInfo, chosen, epsilon, plan.largest if plan else settings["max_contributions"],
                 per_user=per_user)
    if settings["delta"]:
        log_gaussian_report(feedback, make_spec(epsilon), plan)
    if plan:
        typical = section_rows(make_spec(epsilon, plan.typical), epsilon)
        log_sections(feedback.pushInfo, typical, epsilon, plan.typical, per_user=per_user)
        results["EXPECTED_ABS_ERROR_TYPICAL_M"] = next(
            (row["expected_abs_error"] for row in typical if row["section"] == "visits_per_zone"), None)
    delta = algorithm.parameterAsDouble(parameters, "DELTA", context)
    if 0.0 < delta < 1.0 and set(NOISE_SECTIONS) & set(make_spec(epsilon).analyses):
        report_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, make_spec)
        return rows, REPORT_COLUMNS + SIDE_COLUMNS, chosen
    return rows, REPORT_COLUMNS, chosen


def report_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, make_spec):
    """The report with NOISE=0 against NOISE=2 at DELTA (module doc): for the rows of the sections whose noise
    changes, each noise's RMSE of a published count, its threshold (OD flows) and the noise with the smaller RMSE;
    the visits per zone's (else the OD flows') figures at ``epsilon`` in ``results``, and the log."""
    planned_gaussian = bool(settings["delta"])

    def figures(e):
        pairs = {}
        planned = [row for row in rows if row["epsilon"] == e and row["section"] in NOISE_SECTIONS]
        other = section_rows(make_spec(e, gaussian_delta=0.0 if planned_gaussian else delta), e, NOISE_SECTIONS)
        for row in (other + planned if planned_gaussian else planned + other):  # Laplace's first
            pairs.setdefault(row["section"], []).append(row)
        return {section: {"laplace_rmse": laplace["rmse"], "gaussian_rmse": gaussian["rmse"],
                          "laplace_threshold": laplace["threshold"], "gaussian_threshold": gaussian["threshold"],
                          "smaller_error": GAUSSIAN_NAME if gaussian["rmse"] < laplace["rmse"] else LAPLACE_NAME}
                for section, (laplace, gaussian) in pairs.items()}

    by_epsilon = {e: figures(e) for e in epsilons}
    for row in rows:
        row.update(by_epsilon[row["epsilon"]].get(row["section"], dict.fromkeys(SIDE_COLUMNS)))
    settings["side_by_side_delta"] = delta
    chosen = by_epsilon[epsilon]
    lead = chosen.get("visits_per_zone") or chosen["od_flows"]
    results.update(LAPLACE_RMSE=lead["laplace_rmse"], GAUSSIAN_RMSE=lead["gaussian_rmse"],
                   SMALLER_ERROR_NOISE=lead["smaller_error"])
    feedback.pushInfo(tr("Side by side at EPSILON {e:g}: the report with NOISE=0 (Laplace) against NOISE=2 (the "
                         "discrete Gaussian at DELTA {d:g}), the same split; every other section is the same in "
                         "both.").format(e=epsilon, d=delta))
    if "visits_per_zone" in chosen:
        visits = chosen["visits_per_zone"]
        feedback.pushInfo(tr(
            "Visits per zone: Laplace RMSE {lr} (trip ends per zone, L1 sensitivity 2M); discrete Gaussian "
            "RMSE {gr} (users per zone, one visit per user and zone, L2 sensitivity sqrt(2M)). {noise} noise "
            "gives the smaller error.").format(lr=number(visits["laplace_rmse"]), gr=number(visits["gaussian_rmse"]),
                                               noise=visits["smaller_error"]))
    if "od_flows" in chosen:
        flows = chosen["od_flows"]
        feedback.pushInfo(tr(
            "OD flows: the stability-based histogram (Laplace) publishes a pair from a noisy count of {lt} "
            "trips, noise RMSE {lr}; Gaussian thresholding from {gt} users, noise RMSE {gr}. {noise} "
            "noise gives the smaller error; the smaller threshold publishes smaller flows.").format(
            lt=number(flows["laplace_threshold"]), lr=number(flows["laplace_rmse"]),
            gt=number(flows["gaussian_threshold"]), gr=number(flows["gaussian_rmse"]), noise=flows["smaller_error"]))


def log_gaussian_report(feedback, spec, plan=None):
    """NOISE=2: the (epsilon, delta) the report's analyses ``spec`` are, as its record states them
    (MobilityReportSpec.gaussian_epsilon; with automatic M the choice's epsilon is added to it)."""
    text = tr("NOISE=2: the analyses are (epsilon {e:.4g}, delta {d:g})-DP: every analysis but the OD flows is "
              "rho = {rho:.4g}-zCDP, converted at DELTA (Canonne, Kamath and Steinke 2020 Corollary 13); the OD "
              "flows' Gaussian thresholding, when chosen, is added on top; at most their epsilon {total:.4g}.").format(
        e=spec.gaussian_epsilon(), d=spec.delta, rho=spec.zcdp_rho(), total=spec.epsilon)
    if plan:
        text += " " + tr("The automatic M's choice adds its epsilon to that.")
    feedback.pushInfo(text)


def report_series(rows):
    """The chart's series: the 95% margin of each section's first part against the total epsilon."""
    first = {}
    for row in rows:
        first.setdefault(row["section"], row["part"])
    return {f"{section} ({part})": [r["margin_of_error"] for r in rows if (r["section"], r["part"]) == (section, part)]
            for section, part in first.items()}
