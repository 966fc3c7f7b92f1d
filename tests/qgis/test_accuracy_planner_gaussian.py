"""The accuracy planner's Gaussian plans against the releases, through the real qgis_process (issue 22).

Zone counts with THRESHOLD and automatic M: Gaussian thresholding and the stability histogram are not zCDP, so
the choice's epsilon is taken out by basic composition in both; the planned release and its side by side must
have the noise the releases record at the M they chose.

The mobility report with NOISE=2 (visits per zone by the discrete Gaussian at DELTA, OD flows by Gaussian
thresholding at OD_DELTA), with a declared and with an automatic M: the planner's sigma, threshold and margin must
be those the report records and writes, since both build the report's mechanisms with MobilityReportSpec. Data and
settings are test_auto_bound's (600 users with 4 trips each in 9 zones, SEED 5).
"""

import re

import pytest

from dp_geoprivacy.core.mechanisms.counting import StabilityHistogram
from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold
from dp_geoprivacy.core.releases.mobility_report import ANALYSES
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import read_field
from .neighbouring_cases import point, write_layer
from .test_accuracy_auto_bound import chosen_m, plan, points, table_rows  # noqa: F401 (points: a fixture)
from .test_auto_bound import PER_USER, USERS, centre, run, zones  # noqa: F401 (zones: a fixture)

EVERY_ANALYSIS = ",".join(str(i) for i in range(len(ANALYSES)))


def test_thresholded_zone_counts_with_automatic_m_side_by_side(zones, points, tmp_path):  # noqa: F811
    """EPSILON 10, AUTO_SHARE 0.9, DELTA 1e-6, THRESHOLD: each release keeps 10 - 9 = 1 (its rho would not hold
    the choice's 9^2 / 2). Planned at each release's chosen M: the planned noise is the release's, and the side by
    side gives the stability histogram's and Gaussian thresholding's noise at that M and epsilon 1."""
    common = {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid",
              "MAX_CONTRIBUTIONS": 0, "THRESHOLD": 1, "DELTA": 1e-6}
    for noise in (0, 2):
        release, log, _ = run("noisyzonecounts", tmp_path, OUTPUT=tmp_path / f"noise{noise}.gpkg", NOISE=noise,
                              **common)
        m = chosen_m(log)
        results, [row] = plan(tmp_path, f"plan{noise}", RELEASE=0, ZONES=9, EPSILON=10, EPSILONS="10", AUTO_SHARE=0.9,
                              MAX_CONTRIBUTIONS=0, AUTO_MAX_BOUND=m, THRESHOLD=True, DELTA=1e-6, NOISE=noise)
        assert row["noise_scale"] == release["NOISE_SCALE"] and row["release_epsilon"] == pytest.approx(1.0)
        gaussian, stability = GaussianThreshold(1.0, 1e-6, m), StabilityHistogram(1.0, 1e-6, m)
        assert results["GAUSSIAN_RMSE"] == pytest.approx(gaussian.noise().variance ** 0.5, rel=1e-12)
        assert results["LAPLACE_RMSE"] == pytest.approx(2 ** 0.5 * stability.scale, rel=1e-12)
        assert results["STABILITY_THRESHOLD"] == (gaussian if noise else stability).threshold
        assert results["SMALLER_ERROR_NOISE"] == ("Gaussian" if gaussian.noise().variance < 2 * stability.scale ** 2
                                                  else "Laplace")


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    rows = [r for u in range(10 * USERS) for i in range(PER_USER) for r in (
        {"wkt": point(*centre(u % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:10:00"},
        {"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:40:00"})]
    return write_layer(tmp_path_factory.mktemp("records") / "records.gpkg", rows)


def report(records, zones, tmp_path, **parameters):  # noqa: F811
    """The report with NOISE=2 at DELTA 1e-6 and OD_DELTA 1e-7: (log, the record of its visits layer)."""
    _, log, _ = run("mobilityreport", tmp_path, INPUT=records, ZONES=zones, ZONE_ID_FIELD="zone_id", USER_FIELD="uid",
                    TRIP_FIELD="tid", TIMESTAMP_FIELD="ts", TIME_START="2024-03-01", TIME_END="2024-04-01",
                    NOISE=2, DELTA=1e-6, OD_DELTA=1e-7, OUTPUT_HTML=tmp_path / "report.html",
                    OUTPUT_VISITS=tmp_path / "visits.gpkg", OUTPUT_FLOWS=tmp_path / "flows.gpkg", **parameters)
    return log, read_from_file(str(tmp_path / "visits.gpkg"))[0]


def check_sections(rows, record, tmp_path, epsilon, m):
    """The planner's rows at ``epsilon`` against the report's record: each section's epsilon (the mechanism text),
    the visits' discrete Gaussian sigma (the record's noise scale) and moe95, the OD flows' sigma and threshold
    (the record's privacy note)."""
    parts = {}
    for row in rows:
        if row["epsilon"] == epsilon:
            parts.setdefault(row["section"], []).append(row)
    for section, [row, *more] in parts.items():
        assert f"{section} epsilon {row['section_epsilon'] + sum(r['section_epsilon'] for r in more):.6g} " in (
            record.mechanism), section
    [visits], [flows] = parts["visits_per_zone"], parts["od_flows"]
    assert visits["noise_scale"] == pytest.approx(record.noise_scale, rel=1e-12)
    assert visits["sensitivity"] == pytest.approx((2 * m) ** 0.5)
    assert visits["rmse"] == pytest.approx(visits["noise_scale"], rel=1e-12)  # sqrt(sigma^2): 1 ulp apart on numpy 2
    assert read_field(tmp_path / "visits.gpkg", "moe95")[0] == pytest.approx(visits["margin_of_error"], rel=1e-12)
    note = next(n for n in record.notes if "OD flows by Gaussian thresholding" in n)
    recorded = re.search(r"sigma ([0-9.]+), on the zone pairs.* published at or above ([0-9.]+);", note)
    assert flows["noise_scale"] == pytest.approx(float(recorded.group(1)), rel=1e-3)  # written with 4 digits
    assert flows["threshold"] == float(recorded.group(2))
    assert f"(epsilon {flows['section_epsilon']:.4g}, delta 1e-07)-DP" in note


def test_planned_gaussian_report_is_the_reports(records, zones, tmp_path):  # noqa: F811
    """EPSILON 1, M 4, NOISE=2: the planner's sections are the report's; its log gives the report's (epsilon,
    delta) as recorded; the side by side has the report with NOISE=0 beside it, the same Gaussian figures either
    way, and at M 4 the Gaussian's smaller error."""
    _, record = report(records, zones, tmp_path, EPSILON=1, MAX_TRIPS_PER_USER=PER_USER)
    settings = {"RELEASE": 6, "EPSILON": 1, "EPSILONS": "1, 2", "MAX_CONTRIBUTIONS": PER_USER, "DELTA": 1e-6,
                "OD_DELTA": 1e-7, "REPORT_ANALYSES": EVERY_ANALYSIS}
    results, log, _ = run("accuracyplanner", tmp_path, NOISE=2, OUTPUT=tmp_path / "gaussian.gpkg", **settings)
    rows = table_rows(tmp_path / "gaussian.gpkg")
    check_sections(rows, record, tmp_path, 1.0, PER_USER)
    assert record.delta == pytest.approx(1.1e-6) and record.rho is None
    assert f"NOISE=2: the analyses are (epsilon {record.epsilon:.4g}, delta 1.1e-06)-DP" in log
    [visits] = [r for r in rows if r["epsilon"] == 1 and r["section"] == "visits_per_zone"]
    assert results["RMSE"] == visits["rmse"] and results["GAUSSIAN_RMSE"] == visits["rmse"]
    assert results["SMALLER_ERROR_NOISE"] == visits["smaller_error"] == "Gaussian"
    laplace, laplace_rows = plan(tmp_path, "laplace", NOISE=0, **settings)
    assert laplace["GAUSSIAN_RMSE"] == results["GAUSSIAN_RMSE"] and laplace["LAPLACE_RMSE"] == laplace["RMSE"]
    for gaussian, other in zip(rows, laplace_rows):
        assert gaussian["gaussian_threshold"] == other["gaussian_threshold"]
        assert gaussian["laplace_rmse"] == other["laplace_rmse"]
        if gaussian["section"] == "od_flows":
            assert gaussian["threshold"] == gaussian["gaussian_threshold"] < gaussian["laplace_threshold"]
            assert other["threshold"] == other["laplace_threshold"]
        elif gaussian["section"] != "visits_per_zone":  # the same noise in both reports: no side by side
            assert gaussian["smaller_error"] is None and gaussian["rmse"] == other["rmse"]


def test_planned_gaussian_report_with_automatic_m_is_the_reports(records, zones, tmp_path):  # noqa: F811
    """NOISE=2 with M chosen (AUTO_SHARE 0.9 of EPSILON 10, as test_auto_bound's report): the report's analyses
    share the 1 the choice leaves, whatever the noise; planned at AUTO_MAX_BOUND = the chosen M, the planner's
    sections are the report's."""
    log, record = report(records, zones, tmp_path, MAX_TRIPS_PER_USER=0)
    m = chosen_m(log)
    results, rows = plan(tmp_path, "auto", RELEASE=6, EPSILON=10, EPSILONS="10", MAX_CONTRIBUTIONS=0, AUTO_SHARE=0.9,
                         AUTO_MAX_BOUND=m, NOISE=2, DELTA=1e-6, OD_DELTA=1e-7, REPORT_ANALYSES=EVERY_ANALYSIS)
    assert results["CHOICE_EPSILON"] == pytest.approx(9.0)
    check_sections(rows, record, tmp_path, 10.0, m)
