"""The mobility report's planned accuracy per section, in the log and the results.

The rows are core.accuracy.report_planning.section_rows; this module writes them where people read them: the accuracy
planner's log (RELEASE mobility report, processing/algorithms/accuracy_report.py) and the report's trial runs
(DRY_RUN: QGIS through processing/dry_run.py, Spark through spark/mobility_cli.py). No QGIS import: the Spark command
line writes the same lines and results.
"""

import json

from ..core.accuracy.report_planning import lead_figures, report_settings, section_rows
from ..translation import tr
from .mobility_svg import number

SECTIONS_ACCURACY = "SECTIONS_ACCURACY"  # a trial run's result: the rows as a JSON list (as SETTINGS is JSON)


def flow_unit(per_user):
    """The unit of the OD flows' counts and threshold: trips (Laplace, the stability histogram) or, with
    ``per_user`` (NOISE=2: Gaussian thresholding), users per pair."""
    return tr("users per pair") if per_user else tr("trips")


def log_sections(log, rows, epsilon, m, per_user=False):
    """The log lines (``log``: a callable taking a line) of one report's rows at ``epsilon`` and M = ``m``; counts
    written as the report page writes them (mobility_svg.number); the OD flows in trips, or with ``per_user``
    (NOISE=2: Gaussian thresholding) in users per pair."""
    log(tr("At EPSILON {e:g} for the whole report (M = {m}), per section: its epsilon, the expected "
           "absolute error and the 95% margin of one published count or bin:").format(e=epsilon, m=m))
    flow = tr("; a flow is published from a noisy count of {t}, a true flow of {c} {unit} with 95% probability")
    for row in rows:
        line = tr("{section} ({part}): epsilon {s:.3g}, expected error {mae}, margin ±{moe}").format(
            section=row["section"], part=row["part"], s=row["section_epsilon"], mae=number(row["expected_abs_error"]),
            moe=number(row["margin_of_error"]))
        if row["rank_margin"] is not None:
            line += tr("; five-number summary within {r} ranks (95%)").format(r=number(row["rank_margin"]))
        if row["threshold"] is not None:
            line += flow.format(t=number(row["threshold"]), c=number(row["count_published_95"]),
                                unit=flow_unit(per_user))
        log(line + ".")


def trial_sections(spec, epsilon, log, choice=None):
    """A trial run's planned accuracy of each section at the run's own settings (the report ``spec``, the run's
    total ``epsilon``): logged, and returned as results: SECTIONS_ACCURACY (the rows, JSON), the visits per zone's
    EXPECTED_ABS_ERROR, RMSE and MARGIN_OF_ERROR, SENSITIVITY and NOISE_SCALE of the record's lead mechanism (the
    visits per zone's when published: 2M, or sqrt(2M) with NOISE=2, not the record's M, so that both describe the
    one mechanism whose noise scale the record gives), the OD flows' STABILITY_THRESHOLD, and SETTINGS (JSON: the
    public settings they are for, named as the planner names them). With automatic M (``choice``, the
    BoundChoice not drawn in a trial run) the spec is for the largest candidate and the epsilon the choice leaves,
    as the accuracy planner plans it (CHOICE_EPSILON the choice's). Nothing here reads data."""
    rows = section_rows(spec, epsilon)
    settings = report_settings(spec)
    results = {SECTIONS_ACCURACY: json.dumps(rows, default=float), **lead_figures(rows)}
    # the lead as the record names it (MobilityReportSpec.record_fields): visits per zone, else the first analysis
    lead = next((row for row in rows if row["section"] == "visits_per_zone"), rows[0] if rows else None)
    if lead is not None:
        results.update(SENSITIVITY=lead["sensitivity"], NOISE_SCALE=lead["noise_scale"])
    if choice is not None:
        settings.update(max_contributions=0, auto_max_bound=choice.max_bound)
        results["CHOICE_EPSILON"] = choice.epsilon
        log(tr("Automatic M is not drawn in a trial run: each section is planned at M = {m}, the largest candidate "
               "(AUTO_MAX_BOUND, the most noise the choice can give), with the epsilon {rest:.4g} the choice leaves "
               "of {e:g}, as the accuracy planner plans it.").format(m=choice.max_bound, rest=spec.epsilon,
                                                                      e=epsilon))
    log_sections(log, rows, epsilon, spec.max_trips, per_user=bool(spec.gaussian_delta))
    results["SETTINGS"] = json.dumps(settings, sort_keys=True)
    return results
