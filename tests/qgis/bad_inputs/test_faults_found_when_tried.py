"""Bad and awkward inputs: faults found when tried (issue 21 §2) (the catalogue: test_catalogue.py)."""

import html
import json
import re
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import QgsProcessingException

from ..conftest import run_qgis_process
from .harness import (
    COUNTS,
    ESCAPE,
    PERTURB,
    RELOCATE,
    X0,
    Y0,
    counts,
    csv_file,
    escape,
    everything_in,
    grid_points,
    perturb,
    points_layer,
    refused,
    relocate,
    succeeds,
    write_layer,
)

# --- faults found when tried (issue 21 §2) ------------------------------------------------

STATISTICS = "dp_geoprivacy:noisyzonestatistics"
MOBILITY = "dp_geoprivacy:mobilityreport"
PLANNER = "dp_geoprivacy:accuracyplanner"


def mobility_records(path, rows):
    """Trip records (start and end rows) as points with uid, tid, ts; a row's WKT None is a NULL geometry."""
    return write_layer(path, 32633, ogr.wkbPoint, [(wkt, {"uid": u, "tid": t, "ts": ts}) for u, t, ts, wkt in rows],
                       {"uid": ogr.OFTString, "tid": ogr.OFTString, "ts": ogr.OFTString})


def mobility(records, zones, out, **extra):
    return dict({"INPUT": records, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                 "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "MAX_TRIPS_PER_USER": 3, "TIME_START": "2024-03-01",
                 "TIME_END": "2024-04-01", "SEED": 1, "OUTPUT_HTML": str(out / "report.html"),
                 "OUTPUT_VISITS": str(out / "visits.gpkg"), "OUTPUT_FLOWS": str(out / "flows.gpkg")}, **extra)


@pytest.fixture
def trip_records(base, dirs):
    """12 users with 2 trips each (start and end rows) over the 3 x 3 zones."""
    xy, rows = grid_points(48, seed=7), []
    for i in range(24):
        user, trip, day = f"u{i % 12}", f"t{i}", 4 + i % 20
        rows += [(user, trip, f"2024-03-{day:02d} 08:00:00", "POINT ({} {})".format(*xy[2 * i])),
                 (user, trip, f"2024-03-{day:02d} 08:30:00", "POINT ({} {})".format(*xy[2 * i + 1]))]
    return rows


def statistics(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "persons", "LOWER": 0,
                 "UPPER": 10, "EPSILON": 1, "SEED": 1, "OUTPUT": str(out)}, **extra)


def test_memory_refusal_names_the_largest_value_that_fits():
    from dp_geoprivacy.processing.memory import memory_error

    assert memory_error("GRID", 100, 10, available=2000) is None  # 1 kB needed, half of 2 kB allowed
    message = memory_error("GRID", 101, 10, available=2000)
    assert "GRID = 101" in message and "GRID can be at most 100 here" in message


@pytest.mark.parametrize("case", ["QUANTILE_GRID=2e9", "MAX_TRIPS_PER_USER=2147483647", "REALIZATIONS=1e9",
                                  "planner QUANTILE_GRID=2e7"])
def test_values_that_would_exhaust_the_machine_are_refused_before_allocating(base, dirs, trip_records, case):
    """These ran until the kernel killed QGIS (15 to 23 GB), or for over 11 minutes (the planner)."""
    inputs, outputs = dirs
    if case == "QUANTILE_GRID=2e9":
        algorithm, parameters = STATISTICS, statistics(base["points"], base["zones"], outputs / "s.gpkg",
                                                       STATISTIC=4, QUANTILE_GRID=2e9)
        match = r"QUANTILE_GRID = 2000000000 would need about .* QUANTILE_GRID can be at most \d+ here"
    elif case == "MAX_TRIPS_PER_USER=2147483647":
        records = mobility_records(inputs / "records.gpkg", trip_records)
        algorithm, parameters = MOBILITY, mobility(records, base["zones"], outputs, MAX_TRIPS_PER_USER=2147483647)
        match = r"MAX_TRIPS_PER_USER = 2147483647 would need about .* MAX_TRIPS_PER_USER can be at most \d+ here"
    elif case == "REALIZATIONS=1e9":
        algorithm, parameters = ESCAPE, escape(base["points"], base["zones"], outputs, REALIZATIONS=1e9)
        match = r"REALIZATIONS = 1000000000 would need about .* REALIZATIONS can be at most \d+ here"
    else:
        algorithm, parameters = PLANNER, {"RELEASE": 4, "STATISTIC": 2, "LOWER": 0, "UPPER": 10,
                                          "QUANTILE_GRID": 2e7, "OUTPUT": str(outputs / "plan.gpkg")}
        match = r"QUANTILE_GRID must be at most 1e\+06"
    refused(algorithm, parameters, match, dirs)


def test_user_field_naming_a_missing_field_is_refused(base, dirs):
    """Was a KeyError traceback."""
    refused(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", USER_FIELD="no_such_field",
                           MAX_CONTRIBUTIONS=2), r"USER_FIELD 'no_such_field' is not a field of INPUT", dirs)


def test_discrete_noise_with_a_vanishing_epsilon_is_refused(base, dirs):
    """NOISE=1 (discrete Laplace) with EPSILON=1e-300 was a traceback."""
    refused(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", NOISE=1, EPSILON=1e-300),
            r"EPSILON", dirs)


def test_mobility_report_on_trips_with_some_null_geometries(base, dirs, trip_records):
    """Was a traceback; the rows without a location are counted as missing values, as NULL coordinates are."""
    inputs, outputs = dirs
    rows = list(trip_records)
    rows[0] = rows[0][:3] + (None,)
    rows[5] = rows[5][:3] + (None,)
    records = mobility_records(inputs / "records.gpkg", rows)
    result, _ = succeeds(MOBILITY, mobility(records, base["zones"], outputs), dirs)
    assert Path(result["OUTPUT_HTML"]).exists()


def test_a_tiny_floor_gives_a_strict_json_record_or_is_refused(base, relocation, dirs):
    """FLOOR=1e-308 with a zone counted 0 wrote `Infinity` (not JSON) into the record as epsilon. Now the
    record is strict JSON (core.accounting.privacy_record), or the FLOOR is refused."""
    inputs, outputs = dirs
    one_zone = points_layer(inputs / "one zone.gpkg", np.tile([X0 + 10, Y0 + 10], (20, 1)), pid=list(range(20)))
    histogram = processing.run(COUNTS, counts(one_zone, base["zones"], inputs / "sparse.gpkg"))["OUTPUT"]
    parameters = relocate(relocation["trips"], histogram, outputs, FLOOR=1e-308)
    try:
        result, _ = succeeds(RELOCATE, parameters, dirs)
    except QgsProcessingException as error:
        assert re.search(r"FLOOR 1e-308 is so small .* epsilon is infinite", str(error)), str(error)
        assert everything_in(outputs) == []
        return
    with sqlite3.connect(result["OUTPUT"]) as db:
        histories = re.findall(r"<history>dp_geoprivacy privacy record: (.*?)</history>",
                               "".join(row[0] for row in db.execute("SELECT metadata FROM gpkg_metadata")))
    assert histories
    for text in histories:
        record = json.loads(html.unescape(text), parse_constant=lambda name: pytest.fail(f"{name} in a record"))
        assert record["epsilon"] is None or np.isfinite(record["epsilon"])


def test_no_exception_but_qgis_processing_exception_leaves_an_algorithm(base, dirs, monkeypatch):
    """The general guard (processing/base.py): an unexpected error becomes a clear message, no traceback."""
    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr("dp_geoprivacy.processing.algorithms.laplace_perturbation.open_points", broken)
    refused(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg"),
            r"laplaceperturbation stopped on an unexpected error \(KeyError: 'boom'\); nothing was written", dirs)


def test_qgis_process_json_prints_every_refusal(base, dirs):
    """`--json` printed nothing for refusals other than the budget; now each is one JSON object on stdout."""
    inputs, outputs = dirs
    table = csv_file(inputs / "table.csv", ["zone_id"], [["Z0_0"]])
    cases = [  # (arguments, reason, parameter)
        ((PERTURB, f"INPUT={base['points']}", "GRID=nan", f"OUTPUT={outputs / 'a.gpkg'}"), "invalid_parameter",
         "GRID"),
        ((COUNTS, f"INPUT={base['points']}", f"ZONES={base['zones']}", "USER_FIELD=nope",
          f"OUTPUT={outputs / 'b.gpkg'}"), "invalid_parameter", "USER_FIELD"),
        ((COUNTS, f"INPUT={base['points']}", f"ZONES={table}", f"OUTPUT={outputs / 'c.gpkg'}"), None, "ZONES"),
    ]
    for (algorithm, *arguments), reason, parameter in cases:
        result = run_qgis_process("run", algorithm, "--json", "--", *arguments, check=False)
        assert result.returncode != 0, result.stdout + result.stderr
        lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
        assert len(lines) == 1, result.stdout + result.stderr
        refusal = json.loads(lines[0])["dp_geoprivacy_refusal"]
        assert refusal["algorithm"] == algorithm and refusal["parameter"] == parameter, refusal
        assert reason is None or refusal["reason"] == reason, refusal
        assert refusal["message"] and "Traceback" not in result.stdout + result.stderr
    assert everything_in(outputs) == []
