"""AUTO_OCCUPANCY (issue 22 §2): the publisher's declared share of zones expected to hold data, which the automatic
M's score weighs the noise on (core.mechanisms.bound_selection, ``noise_cost``), instead of the release's default
(1 for zone counts, zone statistics and the report's visits, 0 for OD flows). Public, costs no epsilon.

The data make the choice almost certain either way: 40 users with 2 records and 8 with 6 in a 3 x 3 grid (10 cells
with the outside count), EPSILON 10, AUTO_SHARE 0.9, AUTO_MAX_BOUND 8 (test_auto_bound's settings). The core's
exact output probabilities (``BoundChoice.probabilities``) give M = 2 at the default share 1 and M = 6 at a
declared 0, each with probability above 1 - 1e-5: the test computes them and checks that the run chose what they
say, so the declared value reached the core.
"""

import json
import re

import numpy as np
import pytest
from osgeo import ogr

from dp_geoprivacy.core.mechanisms.bound_selection import plan_choice
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import run_qgis_process
from .neighbouring_cases import line, point, write_layer
from .test_auto_bound import AUTO, centre, run, zones  # noqa: F401 (zones: a fixture)

LIGHT, HEAVY = 40, 8  # users with 2 and with 6 records
COUNTS = np.array([2] * LIGHT + [6] * HEAVY)


def chosen(log):
    found = re.search(r"Automatic M: permute-and-flip chose M = (\d+) \(from 1 to 8\)", log)
    assert found, log
    return int(found.group(1))


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"}
            for u in range(LIGHT + HEAVY) for i in range(2 if u < LIGHT else 6)]
    return write_layer(tmp_path_factory.mktemp("points") / "points.gpkg", rows)


@pytest.mark.parametrize("occupancy", [None, 0.0])
def test_zone_counts_choose_the_m_the_exact_probabilities_give_for_the_declared_share(
        zones, points, tmp_path, occupancy):  # noqa: F811
    declared = {} if occupancy is None else {"AUTO_OCCUPANCY": occupancy}
    results, log, entries = run("noisyzonecounts", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_CONTRIBUTIONS=0, OUTPUT=tmp_path / "counts.gpkg", **declared)
    choice = plan_choice(AUTO["EPSILON"], AUTO["AUTO_SHARE"], AUTO["AUTO_MAX_BOUND"], 10, occupancy=occupancy)[1]
    probabilities = choice.probabilities(COUNTS)
    expected = int(np.argmax(probabilities)) + 1
    assert expected == (2 if occupancy is None else 6) and probabilities.max() > 1 - 1e-5
    assert chosen(log) == expected and results["SENSITIVITY"] == expected
    [record] = read_from_file(str(tmp_path / "counts.gpkg"))
    share = "share 1 of the cells taken to hold data (the default" if occupancy is None else \
        "share 0 of the cells taken to hold data (declared"
    assert share in record.mechanism
    assert ("declared AUTO_OCCUPANCY 0 (the share of zones" in log) == (occupancy is not None)
    # Declaring costs nothing: the run spends EPSILON, as without it.
    assert record.epsilon == pytest.approx(10.0) and entries[0]["epsilon"] == pytest.approx(10.0)


def test_od_flows_zone_statistics_and_the_report_state_the_declared_share(zones, tmp_path):  # noqa: F811
    """Each release that offers automatic M takes AUTO_OCCUPANCY and states it in its record and log (OD flows'
    default is 0: the declared 1 replaces it)."""
    trips = write_layer(tmp_path / "trips.gpkg", [{"wkt": line(centre(u % 9), centre((u + i) % 9)), "uid": f"u{u}"}
                                                  for u in range(60) for i in range(4)], ogr.wkbLineString)
    values = write_layer(tmp_path / "values.gpkg", [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}",
                                                     "speed": float(i)} for u in range(60) for i in range(4)])
    records = write_layer(tmp_path / "records.gpkg", [r for u in range(60) for i in range(4) for r in (
        {"wkt": point(*centre(u % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:10:00"},
        {"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:40:00"})])
    runs = {
        "noisyodflows": {"INPUT": trips, "MAX_TRIPS": 0, "THRESHOLD": 0, "DELTA": 0, "OUTPUT_FLOWS": "flows.gpkg",
                         "OUTPUT_MATRIX": "matrix.gpkg", "AUTO_OCCUPANCY": 1},
        "noisyzonestatistics": {"INPUT": values, "VALUE_FIELD": "speed", "STATISTIC": 1, "LOWER": 0, "UPPER": 10,
                                "UNIT": 1, "MAX_CONTRIBUTIONS": 0, "OUTPUT": "statistics.gpkg", "AUTO_OCCUPANCY": 0.25},
        "mobilityreport": {"INPUT": records, "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "MAX_TRIPS_PER_USER": 0,
                           "TIME_START": "2024-03-01", "TIME_END": "2024-04-01", "OUTPUT_HTML": "report.html",
                           "OUTPUT_VISITS": "visits.gpkg", "OUTPUT_FLOWS": "report_flows.gpkg",
                           "AUTO_OCCUPANCY": 0.25},
    }
    for algorithm, parameters in runs.items():
        folder = tmp_path / algorithm
        folder.mkdir()
        parameters = {k: folder / v if str(v).endswith((".gpkg", ".html")) else v for k, v in parameters.items()}
        _, log, _ = run(algorithm, folder, ZONES=zones, ZONE_ID_FIELD="zone_id", USER_FIELD="uid", **parameters)
        share = parameters["AUTO_OCCUPANCY"]
        assert f"declared AUTO_OCCUPANCY {share:g} (the share of zones" in log, (algorithm, log)
        output = next(v for k, v in parameters.items() if k.startswith("OUTPUT") and str(v).endswith(".gpkg"))
        [record] = read_from_file(str(output))
        assert f"share {share:g} of the cells taken to hold data (declared, public)" in record.mechanism, algorithm


def test_the_planner_takes_and_states_the_declared_share(tmp_path):
    args = ["run", "dp_geoprivacy:accuracyplanner", "--json", "--", "RELEASE=0", "ZONES=9", "EPSILON=10",
            "AUTO_SHARE=0.9", "MAX_CONTRIBUTIONS=0", "AUTO_MAX_BOUND=8", "AUTO_OCCUPANCY=0.2",
            f"OUTPUT={tmp_path / 'plan.gpkg'}"]
    done = run_qgis_process(*args)
    log = done.stdout + done.stderr
    assert "declared AUTO_OCCUPANCY 0.2 (the share of zones expected to hold data" in log, log
    results = json.loads(done.stdout[done.stdout.index("{"):])["results"]
    assert results["CHOICE_EPSILON"] == pytest.approx(9.0)
