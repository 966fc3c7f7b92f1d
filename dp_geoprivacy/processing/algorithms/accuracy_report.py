"""The accuracy planner's figures for the mobility report as a whole (dp_geoprivacy:mobilityreport).

For each total epsilon, the analyses and the BUDGET_SPLIT the report will
use, one row per published part of each section: the section's epsilon
share, sensitivity, noise scale, and from ``core.accuracy.planning.count_accuracy``
on the very mechanisms ``MobilityReportSpec.mechanisms()`` builds the
expected absolute error and 95% margin of one published count or bin; for
the five-number summaries the 95% rank margin; for the OD flows (the
stability-based histogram) the threshold and the true count published with
95% probability. No data is read and nothing is drawn.
"""

from qgis.core import QgsProcessingException, QgsProcessingParameterEnum, QgsProcessingParameterString

from ...core.accuracy.planning import count_accuracy
from ...core.releases import mobility_analyses as ma
from ...core.releases.mobility_report import ANALYSES, BudgetSplitError, MobilityReportSpec, Period
from ...translation import tr
from .mobility_report import split_weights

REPORT_ANALYSES, BUDGET_SPLIT = "REPORT_ANALYSES", "BUDGET_SPLIT"
# The report's default analyses when it is given no public time range (trips over time needs one).
DEFAULT_ANALYSES = tuple(i for i, name in enumerate(ANALYSES) if name != "trips_over_time")
REPORT_COLUMNS = ("epsilon", "section", "part", "section_epsilon", "sensitivity", "noise_scale",
                  "expected_abs_error", "margin_of_error", "rank_margin", "threshold", "count_published_95")
# The published parts of the analyses with more than one mechanism, in the order of their mechanisms.
PARTS = {"dataset_statistics": ("complete trips", "incomplete trips", "users", "distinct locations"),
         "missing_values": ("records without time", "records without location"),
         "visits_per_time_window": ("zone and window", "window total")}


def report_parameters(algorithm):
    """REPORT_ANALYSES and BUDGET_SPLIT (advanced in the planner: only RELEASE = mobility report reads them)."""
    analyses = QgsProcessingParameterEnum(
        REPORT_ANALYSES, tr("Analyses (mobility report)"), options=list(ANALYSES), allowMultiple=True,
        defaultValue=list(DEFAULT_ANALYSES), optional=True)
    analyses.setHelp(tr("The report's ANALYSES; by default all but trips over time (the report leaves it out "
                        "without TIME_START and TIME_END)."))
    split = QgsProcessingParameterString(BUDGET_SPLIT, tr("Budget split weights (mobility report)"), optional=True)
    split.setHelp(tr("The report's BUDGET_SPLIT, e.g. 'od_flows=3,visits_per_zone=2'; empty: the report's default "
                     "split."))
    return [analyses, split]


def report_spec(algorithm, parameters, context, settings, plan=None):
    """A function (EPSILON, M = the planned M) -> MobilityReportSpec with the report's analyses, split, M and OD
    delta. With automatic M (``plan``, accuracy_auto_bound.AutoPlan) the report runs on what the choice leaves of
    EPSILON, as mobilityreport does, and the planned M is the largest candidate."""
    chosen = [ANALYSES[i] for i in algorithm.parameterAsEnums(parameters, REPORT_ANALYSES, context)]
    chosen = chosen or [ANALYSES[i] for i in DEFAULT_ANALYSES]
    weights = split_weights(algorithm.parameterAsString(parameters, BUDGET_SPLIT, context))
    m = plan.largest if plan else algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context)
    delta = algorithm.parameterAsDouble(parameters, "DELTA", context)
    # The time range changes no mechanism (only the number of periods): any public range stands in for it.
    options = {"max_trips": m, "unit_of_privacy": "user", "analyses": tuple(chosen), "weights": weights or None,
               "period": Period(0.0, ma.DAY), "od_delta": delta}
    try:
        MobilityReportSpec(epsilon=1.0, **options).shares()
    except BudgetSplitError:
        raise QgsProcessingException(tr(
            "BUDGET_SPLIT weights must be numbers >= 0, at least one of the chosen analyses above 0.")) from None
    except ValueError as error:
        raise QgsProcessingException(tr("Mobility report settings: {error} (DELTA is the OD flows' delta).").format(
            error=error)) from None
    settings.update(analyses=",".join(chosen), budget_split=",".join(f"{k}={v:g}" for k, v in weights.items()),
                    max_contributions=m, od_delta=delta if "od_flows" in chosen else 0.0)
    settings.update(plan.settings() if plan else {})

    def make_spec(e, bound=m):
        return MobilityReportSpec(epsilon=plan.split(e)[1] if plan else e, **dict(options, max_trips=bound))
    return make_spec


def section_rows(spec, epsilon):
    """One row per published part of each section of the report ``spec`` (see the module doc), planned for the total
    ``epsilon`` (the spec's, or more when an automatic M's choice takes its share first)."""
    rows = []
    for name, mechanism in spec.mechanisms().items():
        mechanisms = mechanism if isinstance(mechanism, tuple) else (mechanism,)
        for part, mech in zip(PARTS.get(name, ("count",)), mechanisms):
            row = dict.fromkeys(REPORT_COLUMNS)
            row.update(epsilon=epsilon, section=name, part=part, section_epsilon=mech.epsilon)
            if isinstance(mech, ma.HistogramSummary):
                row.update(part="histogram bin", rank_margin=mech.quantiles.rank_margin())
                noise = mech.counts.noise
            elif isinstance(mech, ma.FlowSelection):
                noise = mech.histogram
            else:
                noise = mech.noise
            figures = count_accuracy(noise)
            row.update(sensitivity=figures.sensitivity, noise_scale=figures.noise_scale,
                       expected_abs_error=figures.expected_abs_error, margin_of_error=figures.margin_of_error,
                       threshold=figures.threshold, count_published_95=figures.count_published_95)
            rows.append(row)
    return rows


def report_rows(algorithm, parameters, context, settings, epsilons, epsilon, feedback, plan=None, results=None):
    """(rows, columns, rows at ``epsilon``) for the planner's table: one row per (epsilon, section part); with
    automatic M (``plan``) the rows are for the largest candidate, the choice's cost and each section's figures at
    TYPICAL_M in the log (the visits per zone's error in ``results``)."""
    make_spec = report_spec(algorithm, parameters, context, settings, plan)
    rows = [row for e in epsilons for row in section_rows(make_spec(e), e)]
    chosen = [row for row in rows if row["epsilon"] == epsilon]
    if plan:
        plan.log_choices(feedback, results, epsilon)
    log_sections(feedback, chosen, epsilon, plan.largest if plan else settings["max_contributions"])
    if plan:
        typical = section_rows(make_spec(epsilon, plan.typical), epsilon)
        log_sections(feedback, typical, epsilon, plan.typical)
        results["EXPECTED_ABS_ERROR_TYPICAL_M"] = next(
            (row["expected_abs_error"] for row in typical if row["section"] == "visits_per_zone"), None)
    return rows, REPORT_COLUMNS, chosen


def log_sections(feedback, rows, epsilon, m):
    """The log lines of one report's rows (section_rows) at ``epsilon`` and M = ``m``."""
    feedback.pushInfo(tr("At EPSILON {e:g} for the whole report (M = {m}), per section: its epsilon, the expected "
                         "absolute error and the 95% margin of one published count or bin:").format(e=epsilon, m=m))
    for row in rows:
        line = tr("{section} ({part}): epsilon {s:.3g}, expected error {mae:.3g}, margin ±{moe:.3g}").format(
            section=row["section"], part=row["part"], s=row["section_epsilon"], mae=row["expected_abs_error"],
            moe=row["margin_of_error"])
        if row["rank_margin"] is not None:
            line += tr("; five-number summary within {r:.3g} ranks (95%)").format(r=row["rank_margin"])
        if row["threshold"] is not None:
            line += tr("; a flow is published from a noisy count of {t:.4g}, a true flow of {c:.4g} trips with 95% "
                       "probability").format(t=row["threshold"], c=row["count_published_95"])
        feedback.pushInfo(line + ".")


def report_series(rows):
    """The chart's series: the 95% margin of each section's first part against the total epsilon."""
    first = {}
    for row in rows:
        first.setdefault(row["section"], row["part"])
    return {f"{section} ({part})": [r["margin_of_error"] for r in rows if (r["section"], r["part"]) == (section, part)]
            for section, part in first.items()}
