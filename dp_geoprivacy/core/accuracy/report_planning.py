"""The planned accuracy of each section of the mobility report (no data, no QGIS).

One place for the figures the accuracy planner (dp_geoprivacy:accuracyplanner, RELEASE mobility report) tabulates
and the report's trial runs (DRY_RUN in QGIS and on Spark) report: for a ``MobilityReportSpec`` (its epsilon,
split, analyses, M, noise and OD delta), one row per published part of each section with the section's epsilon
share, sensitivity, noise scale, and from ``planning.count_accuracy`` on the very mechanisms
``MobilityReportSpec.mechanisms()`` builds the expected absolute error, RMSE and 95% margin of one published count
or bin; for the five-number summaries the 95% rank margin; for the OD flows (the stability-based histogram, or
Gaussian thresholding) the threshold and the true count published with 95% probability. The figures follow from the
settings alone: the same for any two datasets.
"""

from ..mechanisms.counting import LAPLACE
from ..mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..releases import mobility_analyses as ma
from .planning import count_accuracy

REPORT_COLUMNS = ("epsilon", "section", "part", "section_epsilon", "sensitivity", "noise_scale",
                  "expected_abs_error", "rmse", "margin_of_error", "rank_margin", "threshold", "count_published_95")
# The published parts of the analyses with more than one mechanism, in the order of their mechanisms.
PARTS = {"dataset_statistics": ("complete trips", "incomplete trips", "users", "distinct locations"),
         "missing_values": ("records without time", "records without location"),
         "visits_per_time_window": ("zone and window", "window total")}


def section_rows(spec, epsilon=None, sections=None):
    """One row per published part of each section of the report ``spec`` (see the module doc; only ``sections``
    when given), labelled with the total ``epsilon`` (default the spec's; more when an automatic M's choice takes
    its share first and the spec is for what it leaves)."""
    rows = []
    for name, mechanism in spec.mechanisms().items():
        if sections is not None and name not in sections:
            continue
        mechanisms = mechanism if isinstance(mechanism, tuple) else (mechanism,)
        for part, mech in zip(PARTS.get(name, ("count",)), mechanisms):
            row = dict.fromkeys(REPORT_COLUMNS)
            row.update(epsilon=spec.epsilon if epsilon is None else epsilon, section=name, part=part,
                       section_epsilon=mech.epsilon)
            if isinstance(mech, ma.HistogramSummary):
                row.update(part="histogram bin", rank_margin=mech.quantiles.rank_margin())
                noise = mech.counts.noise
            elif isinstance(mech, ma.FlowSelection):
                noise = mech.histogram
            else:
                noise = mech.noise
            figures = count_accuracy(noise)
            row.update(sensitivity=figures.sensitivity, noise_scale=figures.noise_scale,
                       expected_abs_error=figures.expected_abs_error, rmse=figures.rmse,
                       margin_of_error=figures.margin_of_error,
                       threshold=figures.threshold, count_published_95=figures.count_published_95)
            rows.append(row)
    return rows


def lead_figures(rows):
    """The figures the planner and the trial runs give as results of their own: the visits per zone's expected
    absolute error, RMSE and 95% margin, the OD flows' threshold (STABILITY_THRESHOLD, as for noisyodflows)."""
    results = {}
    for row in rows:
        if row["section"] == "visits_per_zone":
            results.update(EXPECTED_ABS_ERROR=row["expected_abs_error"], RMSE=row["rmse"],
                           MARGIN_OF_ERROR=row["margin_of_error"])
        if row["section"] == "od_flows":
            results["STABILITY_THRESHOLD"] = row["threshold"]
    return results


def report_settings(spec):
    """The public settings the rows are for, named as the planner's SETTINGS names them (M is the spec's: with
    automatic M the planned one)."""
    weights = spec.weights or {}
    return {"analyses": ",".join(spec.analyses), "budget_split": ",".join(f"{k}={v:g}" for k, v in weights.items()),
            "max_contributions": spec.max_trips,
            "od_delta": spec.od_delta if "od_flows" in spec.analyses else 0.0,
            "noise": DISCRETE_GAUSSIAN if spec.gaussian_delta else LAPLACE, "delta": spec.gaussian_delta}
