"""The accuracy planner with automatic bounds (issue 22 §2) against the releases, through the real qgis_process.

Each test runs a release with M = 0 (and for zone statistics AUTO_VALUE_BOUNDS) with a SEED, reads the M (and the
bounds) it chose from its log, then plans the same settings with AUTO_MAX_BOUND = that M and LOWER/UPPER = those
bounds: the planner's noise scale (and the mobility report's section epsilons and margin) must be the release's
exactly, since both build their mechanisms with the same functions. Data and settings are test_auto_bound's (M = 4
is certain at EPSILON 10 and AUTO_SHARE 0.9; with the Gaussian the M is whatever the seed gives).
"""

import json
import re

import pytest
from osgeo import ogr

from dp_geoprivacy.core.mechanisms.gaussian import zcdp_rho
from dp_geoprivacy.core.releases.mobility_report import ANALYSES
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import read_field, run_algorithm_json
from .neighbouring_cases import point, write_layer
from .test_auto_bound import AUTO, PER_USER, USERS, centre, run, zones  # noqa: F401 (zones: a fixture)

PLANNER = "dp_geoprivacy:accuracyplanner"


def chosen_m(log):
    found = re.search(r"Automatic M: permute-and-flip chose M = (\d+) \(from 1 to 8\)", log)
    assert found, log
    return int(found.group(1))


def plan(tmp_path, name, **parameters):
    """The planner's results and its table's rows (a dict per row)."""
    output = tmp_path / f"{name}.gpkg"
    results = run_algorithm_json(PLANNER, OUTPUT=str(output), **parameters)
    return results, table_rows(output)


def table_rows(output):
    """The rows of the planner's table ``output`` (a dict per row)."""
    source = ogr.Open(str(output))
    definition = source.GetLayer(0).GetLayerDefn()
    names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
    source = None
    table = {name: read_field(output, name) for name in names}
    return [dict(zip(table, values)) for values in zip(*table.values())]


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    return write_layer(tmp_path_factory.mktemp("points") / "points.gpkg", rows)


def test_planned_zone_count_noise_is_the_releases_for_laplace_and_gaussian_side_by_side(zones, points,  # noqa: F811
                                                                                        tmp_path):
    """Laplace at EPSILON 10, AUTO_SHARE 0.9: the release keeps 1, M = 4, scale 4. The discrete Gaussian at (1,
    1e-6), AUTO_SHARE 0.05: the release keeps the rho the choice's 0.05^2 / 2 leaves; the planner's side by side
    (NOISE=0 with DELTA) gives that Gaussian's sigma beside Laplace's scale at what Laplace keeps (0.95)."""
    common = {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 0}
    laplace, log, _ = run("noisyzonecounts", tmp_path, OUTPUT=tmp_path / "laplace.gpkg", **common)
    assert chosen_m(log) == PER_USER and laplace["NOISE_SCALE"] == pytest.approx(4.0)
    results, rows = plan(tmp_path, "laplace", RELEASE=0, ZONES=9, EPSILON=10, AUTO_SHARE=0.9, MAX_CONTRIBUTIONS=0,
                         AUTO_MAX_BOUND=PER_USER, DELTA=0, EPSILONS="1, 10")
    [row] = [r for r in rows if r["epsilon"] == 10]
    assert row["noise_scale"] == laplace["NOISE_SCALE"] and row["release_epsilon"] == pytest.approx(1.0)
    assert results["CHOICE_EPSILON"] == pytest.approx(9.0)

    # EPSILON 1, DELTA 1e-6, AUTO_SHARE 0.05 with each noise: the side by side (planner NOISE=0 with DELTA) at each
    # release's chosen M gives its Laplace scale (at 0.95) and its Gaussian sigma (at the rho the choice leaves).
    settings = {"EPSILON": 1, "DELTA": 1e-6, "AUTO_SHARE": 0.05}
    for noise, column in ((0, "noise_scale"), (2, "gaussian_sigma")):
        release, log, _ = run("noisyzonecounts", tmp_path, OUTPUT=tmp_path / f"noise{noise}.gpkg", NOISE=noise,
                              **common, **settings)
        m = chosen_m(log)
        results, [row] = plan(tmp_path, f"side{noise}", RELEASE=0, ZONES=9, MAX_CONTRIBUTIONS=0, AUTO_MAX_BOUND=m,
                              NOISE=0, EPSILONS="1", **settings)
        assert row[column] == release["NOISE_SCALE"], (noise, m)
        assert results["CHOICE_EPSILON"] == pytest.approx(0.05) and results["SMALLER_ERROR_NOISE"]
    # The Gaussian release's rest is the conversion of rho(1, 1e-6) less 0.05^2 / 2 (not 0.95).
    assert row["gaussian_sigma"] == pytest.approx(m ** 0.5 / (2 * (zcdp_rho(1, 1e-6) - 0.05 ** 2 / 2)) ** 0.5,
                                                  rel=1e-4)


def test_planned_zone_sum_noise_is_the_releases_with_automatic_m_and_value_bounds(zones, tmp_path):  # noqa: F811
    """test_auto_bound's zone statistics case as a sum: 4.5 to M (M = 4), 4.5 to LOWER/UPPER, 1 to the sum; planned
    with the chosen bounds as LOWER/UPPER, the planner's noise scale is the release's, its release_epsilon 1 and its
    choice's epsilon 4.5; the side by side's Gaussian keeps the rho the two choices leave."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(10 * USERS) for i in range(PER_USER)]
    values = write_layer(tmp_path / "points.gpkg", rows)
    release, log, _ = run("noisyzonestatistics", tmp_path, INPUT=values, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          VALUE_FIELD="speed", STATISTIC=1, LOWER=0, UPPER=1000, UNIT=1, USER_FIELD="uid",
                          MAX_CONTRIBUTIONS=0, AUTO_SHARE=0.45, AUTO_VALUE_BOUNDS=True,
                          OUTPUT=tmp_path / "statistics.gpkg")
    bounds = re.search(r"percentiles are ([0-9.]+) and ([0-9.]+) \(epsilon 4.5\)", log)
    assert bounds and chosen_m(log) == PER_USER, log
    results, rows = plan(tmp_path, "sum", RELEASE=4, STATISTIC=0, EPSILON=10, EPSILONS="10", MAX_CONTRIBUTIONS=0,
                         AUTO_MAX_BOUND=PER_USER, AUTO_SHARE=0.45, AUTO_VALUE_BOUNDS=True, LOWER=bounds.group(1),
                         UPPER=bounds.group(2), DELTA=0)
    [row] = rows
    assert row["noise_scale"] == pytest.approx(release["NOISE_SCALE"], rel=1e-12)
    assert row["epsilon"] == 10 and row["release_epsilon"] == pytest.approx(1.0)
    assert results["CHOICE_EPSILON"] == pytest.approx(4.5)
    settings = json.loads(results["SETTINGS"])
    assert settings["max_contributions"] == 0 and settings["auto_value_bounds"] == 1 and settings["unit"] == "user"
    # Gaussian side by side: two pure choices of 4.5 would take 2 x 4.5^2 / 2 = 20.25 of rho(10, 1e-6) = 1.54:
    # the side by side is left out with a warning naming AUTO_SHARE, the Laplace plan stands.
    results, _ = plan(tmp_path, "none", RELEASE=4, STATISTIC=0, EPSILON=10, EPSILONS="10", MAX_CONTRIBUTIONS=0,
                      AUTO_MAX_BOUND=PER_USER, AUTO_SHARE=0.45, AUTO_VALUE_BOUNDS=True, LOWER=bounds.group(1),
                      UPPER=bounds.group(2), DELTA=1e-6)
    assert results["GAUSSIAN_RMSE"] is None and results["EXPECTED_ABS_ERROR"] > 0


def test_planned_mobility_report_is_the_reports_with_automatic_m(zones, tmp_path):  # noqa: F811
    """test_auto_bound's mobility report case (M = 4 chosen with 9 of EPSILON 10): the planner's section epsilons
    are the record's (the report shares the 1 the choice leaves), its visits noise scale is the record's sensitivity
    over epsilon, and its visits margin the moe95 the report writes; at TYPICAL_M 4 the visits' error is the table's
    at AUTO_MAX_BOUND 4."""
    rows = [r for u in range(10 * USERS) for i in range(PER_USER) for r in (
        {"wkt": point(*centre(u % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:10:00"},
        {"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:40:00"})]
    records = write_layer(tmp_path / "records.gpkg", rows)
    _, log, _ = run("mobilityreport", tmp_path, INPUT=records, ZONES=zones, ZONE_ID_FIELD="zone_id",
                    USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts", MAX_TRIPS_PER_USER=0,
                    TIME_START="2024-03-01", TIME_END="2024-04-01", OUTPUT_HTML=tmp_path / "report.html",
                    OUTPUT_VISITS=tmp_path / "visits.gpkg", OUTPUT_FLOWS=tmp_path / "flows.gpkg")
    assert chosen_m(log) == PER_USER
    mechanism = read_from_file(str(tmp_path / "visits.gpkg"))[0].mechanism
    results, rows = plan(tmp_path, "report", RELEASE=6, EPSILON=10, EPSILONS="10", MAX_CONTRIBUTIONS=0,
                         AUTO_SHARE=0.9, AUTO_MAX_BOUND=PER_USER, TYPICAL_M=PER_USER,
                         REPORT_ANALYSES=",".join(str(i) for i in range(len(ANALYSES))))
    assert results["CHOICE_EPSILON"] == pytest.approx(9.0)
    parts = {}
    for row in rows:
        parts.setdefault(row["section"], []).append(row)
    for section, [row, *more] in parts.items():  # the record gives a section's epsilon summed over its parts
        epsilon = row["section_epsilon"] + sum(r["section_epsilon"] for r in more)
        assert f"{section} epsilon {epsilon:.6g} " in mechanism, (section, mechanism)
    [visits] = parts["visits_per_zone"]
    recorded = re.search(r"visits_per_zone epsilon ([0-9.e-]+) sensitivity ([0-9.]+)", mechanism)
    assert visits["noise_scale"] == pytest.approx(float(recorded.group(2)) / float(recorded.group(1)), rel=1e-5)
    assert read_field(tmp_path / "visits.gpkg", "moe95")[0] == pytest.approx(visits["margin_of_error"], rel=1e-12)
    assert results["EXPECTED_ABS_ERROR_TYPICAL_M"] == results["EXPECTED_ABS_ERROR"]


def test_planned_gaussian_zone_sum_is_the_releases_with_automatic_m(zones, tmp_path):  # noqa: F811
    """The side by side of a zone sum with automatic M (planner NOISE=0, DELTA 1e-6): its Gaussian sigma is the
    sigma a noisyzonestatistics NOISE=2 run records at the M it chose (EPSILON 1, AUTO_SHARE 0.05: the release keeps
    the rho the choice's 0.05^2 / 2 leaves)."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(USERS) for i in range(PER_USER)]
    values = write_layer(tmp_path / "points.gpkg", rows)
    settings = {"EPSILON": 1, "DELTA": 1e-6, "AUTO_SHARE": 0.05, "LOWER": 0, "UPPER": 100}
    release, log, _ = run("noisyzonestatistics", tmp_path, INPUT=values, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          VALUE_FIELD="speed", STATISTIC=1, UNIT=1, USER_FIELD="uid", MAX_CONTRIBUTIONS=0, NOISE=2,
                          OUTPUT=tmp_path / "statistics.gpkg", **settings)
    results, [row] = plan(tmp_path, "sum", RELEASE=4, STATISTIC=0, EPSILONS="1", MAX_CONTRIBUTIONS=0,
                          AUTO_MAX_BOUND=chosen_m(log), **settings)
    assert row["gaussian_sigma"] == pytest.approx(release["NOISE_SCALE"], rel=1e-9)
