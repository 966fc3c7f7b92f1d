"""core.accuracy.report_planning: the mobility report's planned accuracy per section (no QGIS, no data).

The rows are the figures of the very mechanisms MobilityReportSpec builds (count_accuracy on their noise), one per
published part; the planner and the trial runs read them from here.
"""

import math

import pytest

from dp_geoprivacy.core.accuracy.planning import count_accuracy
from dp_geoprivacy.core.accuracy.report_planning import (
    REPORT_COLUMNS,
    lead_figures,
    report_settings,
    section_rows,
)
from dp_geoprivacy.core.releases.mobility_report import ANALYSES, MobilityReportSpec, Period

EVERY = MobilityReportSpec(2.0, 3, "user", ANALYSES, {"od_flows": 3, "visits_per_zone": 2}, period=Period(0.0, 1e6))


def test_one_row_per_published_part_with_the_mechanisms_figures():
    rows = section_rows(EVERY)
    assert all(tuple(row) == REPORT_COLUMNS and row["epsilon"] == 2.0 for row in rows)
    assert len(rows) == len(ANALYSES) + 3 + 1 + 1  # four dataset statistics, two missing values, two window parts
    assert math.fsum(row["section_epsilon"] for row in rows) == pytest.approx(2.0)
    by_part = {(row["section"], row["part"]): row for row in rows}
    visits = by_part["visits_per_zone", "count"]
    expected = count_accuracy(EVERY.mechanisms()["visits_per_zone"].noise)
    assert visits["section_epsilon"] == pytest.approx(2 * 2 / 18)  # 13 analyses at 1, od_flows 3, visits 2
    assert (visits["sensitivity"], visits["margin_of_error"]) == (6.0, expected.margin_of_error)
    assert visits["threshold"] is None and visits["rank_margin"] is None
    flows = by_part["od_flows", "count"]
    assert flows["threshold"] == EVERY.mechanisms()["od_flows"].histogram.threshold
    assert flows["count_published_95"] > flows["threshold"]
    summary = by_part["travel_time", "histogram bin"]
    assert summary["rank_margin"] == EVERY.mechanisms()["travel_time"].quantiles.rank_margin()
    assert by_part["visits_per_time_window", "window total"]["sensitivity"] == 3.0


def test_rows_labelled_with_the_total_epsilon_and_filtered_by_section():
    """With automatic M the spec is for what the choice leaves; the rows carry the run's total epsilon."""
    rows = section_rows(MobilityReportSpec(1.9, 7, "user", ("visits_per_zone", "od_flows")), 2.0, ("od_flows",))
    [row] = rows
    assert (row["epsilon"], row["section"], row["sensitivity"]) == (2.0, "od_flows", 14.0)


def test_gaussian_report_and_its_lead_figures_and_settings():
    spec = MobilityReportSpec(1.0, 4, "user", ("visits_per_zone", "od_flows", "trips_per_hour"), gaussian_delta=1e-6,
                              od_delta=1e-7)
    rows = section_rows(spec)
    visits, flows = rows[0], rows[1]
    assert visits["sensitivity"] == pytest.approx(math.sqrt(8)) and visits["rmse"] == pytest.approx(
        visits["noise_scale"], rel=1e-12)
    assert lead_figures(rows) == {"EXPECTED_ABS_ERROR": visits["expected_abs_error"], "RMSE": visits["rmse"],
                                  "MARGIN_OF_ERROR": visits["margin_of_error"],
                                  "STABILITY_THRESHOLD": flows["threshold"]}
    assert report_settings(spec) == {"analyses": "visits_per_zone,od_flows,trips_per_hour", "budget_split": "",
                                     "max_contributions": 4, "od_delta": 1e-7, "noise": "discrete_gaussian",
                                     "delta": 1e-6}
    assert lead_figures(section_rows(MobilityReportSpec(1.0, 2, "user", ("trips_per_hour",)))) == {}
