"""The Spark command line (issue 15): LEDGER / BUDGET / PARTITION on all three commands, the OD matrix, WKB trips.

The runs go through the same functions as ``python -m dp_geoprivacy.spark``
(with the test's local[2] session). The ledger is core.accounting.ledger's, as the
plugin's; the budget refusal happens before any noise is drawn and leaves
no output.
"""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest
import shapely
from osgeo import ogr

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accounting.privacy_record import HISTORY_PREFIX, PrivacyRecord
from dp_geoprivacy.spark.__main__ import main, noisy_od_flows, noisy_zone_counts, noisy_zone_statistics
from dp_geoprivacy.spark.cells import h3_cells
from dp_geoprivacy.spark.ledger import BudgetRefusedError, source_fingerprint
from dp_geoprivacy.spark.od_flows import TripColumns, spark_pair_rows

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spark_cli")
    rng = np.random.default_rng(0)
    n = 2000
    frame = pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.02, n), "lat": -33.87 + rng.normal(0, 0.02, n),
                          "dlon": 151.2 + rng.normal(0, 0.02, n), "dlat": -33.87 + rng.normal(0, 0.02, n),
                          "speed": rng.uniform(0, 70, n), "card": rng.integers(0, 400, n),
                          "day": np.where(np.arange(n) % 2 == 0, "Mon", "Tue")})
    frame.to_parquet(folder / "taps.parquet")
    return folder, frame


def record_of(path):
    with sqlite3.connect(str(path)) as connection:
        [(xml,)] = connection.execute("SELECT metadata FROM gpkg_metadata").fetchall()
    start = xml.index(HISTORY_PREFIX) + len(HISTORY_PREFIX)
    text = xml[start:xml.index("</history>")]
    return PrivacyRecord.from_json(text.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                                   .replace("&amp;", "&"))


COMMANDS = {
    "noisyzonecounts": (noisy_zone_counts, {"LON_FIELD": "lon", "LAT_FIELD": "lat", "USER_FIELD": "card",
                                            "MAX_CONTRIBUTIONS": "3"}, "OUTPUT"),
    "noisyzonestatistics": (noisy_zone_statistics, {"LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
                                                    "STATISTIC": "2", "LOWER": "0", "UPPER": "60", "UNIT": "1",
                                                    "USER_FIELD": "card", "MAX_CONTRIBUTIONS": "3"}, "OUTPUT"),
    "noisyodflows": (noisy_od_flows, {"ORIGIN_X_FIELD": "lon", "ORIGIN_Y_FIELD": "lat", "DEST_X_FIELD": "dlon",
                                      "DEST_Y_FIELD": "dlat", "USER_FIELD": "card", "MAX_TRIPS": "3"},
                     "OUTPUT_FLOWS"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ledger_entry_then_refusal_when_the_budget_is_spent(spark, data, tmp_path, command):
    folder, _ = data
    run, parameters, output = COMMANDS[command]
    ledger = tmp_path / "ledger.json"
    common = dict(parameters, INPUT=str(folder / "taps.parquet"), H3_RESOLUTION="7", EXTENT=EXTENT, EPSILON="1",
                  LEDGER=str(ledger), BUDGET="1.5")
    log = []
    first = tmp_path / "first.gpkg"
    run(dict(common, PARTITION="day=Mon", **{output: str(first)}), spark=spark, log=log.append)
    [entry] = Ledger(ledger).entries()
    record = record_of(first)
    assert (entry.algorithm, entry.epsilon, entry.partition) == (f"dp_geoprivacy:{command}", 1.0, "day=Mon")
    assert (record.release_id, record.partition, record.epsilon) == (entry.release_id, "day=Mon", 1.0)
    assert entry.unit_of_privacy == record.unit_of_privacy
    assert entry.fingerprint not in first.read_bytes().decode("latin-1")  # the fingerprint stays in the ledger
    # A card travels on Monday and Tuesday: at user level the day partitions add up (issue 19 item 3), so
    # Tuesday would reach 2 > 1.5: refused before any noise, nothing written.
    assert entry.partition_rule.startswith("sequential") and record.partition_rule == entry.partition_rule
    refused = tmp_path / "refused.gpkg"
    with pytest.raises(BudgetRefusedError, match=r"Lower EPSILON, choose another PARTITION, or raise BUDGET"):
        run(dict(common, PARTITION="day=Tue", **{output: str(refused)}), spark=spark, log=log.append)
    assert not refused.exists() and len(Ledger(ledger).entries()) == 1
    assert any("reserved epsilon 1" in line for line in log)
    # Partitions by the user field are disjoint for users: parallel.
    for card in (1, 2):
        run(dict(common, EPSILON="0.25", PARTITION=f"card={card}", **{output: str(tmp_path / f"c{card}.gpkg")}),
            spark=spark, log=log.append)
    assert [e.partition_rule.split(":")[0] for e in Ledger(ledger).entries()] == ["sequential", "parallel",
                                                                                 "parallel"]


def test_budget_without_ledger_is_refused_and_the_exit_status_says_so(data, tmp_path, capsys):
    folder, _ = data
    status = main(["noisyzonecounts", f"INPUT={folder / 'taps.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                   "H3_RESOLUTION=7", f"EXTENT={EXTENT}", "EPSILON=1", "BUDGET=2", f"OUTPUT={tmp_path / 'x.gpkg'}"])
    assert status == 3 and "BUDGET needs a LEDGER" in capsys.readouterr().err
    assert not (tmp_path / "x.gpkg").exists()


def test_fingerprint_is_the_cores_of_the_locations_whatever_the_rows_order_and_columns(spark, data):
    from dp_geoprivacy.core.accounting import fingerprint

    _, frame = data
    points = ("points", [("lon", "lat")])
    a = source_fingerprint(spark.createDataFrame(frame).repartition(3), points)
    b = source_fingerprint(spark.createDataFrame(frame.iloc[::-1][["lat", "lon"]]).repartition(5), points)
    assert a == b == fingerprint.of_geometries(shapely.points(frame["lon"], frame["lat"]))  # what QGIS computes
    wkb = frame.assign(geometry=shapely.to_wkb(shapely.points(frame["lon"], frame["lat"])))[["geometry"]]
    assert source_fingerprint(spark.createDataFrame(wkb), ("wkb", "geometry")) == a
    changed = frame.copy()
    changed.loc[7, "speed"] += 1.0  # not a location: the same people's data
    assert source_fingerprint(spark.createDataFrame(changed), points) == a
    changed.loc[7, "lon"] += 1e-4
    assert source_fingerprint(spark.createDataFrame(changed), points) != a


def test_nan_budget_and_ledger_as_output_are_refused(spark, data, tmp_path, capsys):
    """Issue 21 §2: BUDGET=nan was taken as no budget; LEDGER = OUTPUT overwrote the ledger."""
    folder, _ = data
    ledger = tmp_path / "ledger.json"
    ledger.write_text('{"format": "dp_geoprivacy.ledger/1", "entries": []}')
    common = ["noisyzonecounts", f"INPUT={folder / 'taps.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
              "H3_RESOLUTION=7", f"EXTENT={EXTENT}", "EPSILON=1", f"LEDGER={ledger}"]
    assert main(common + ["BUDGET=nan", f"OUTPUT={tmp_path / 'x.gpkg'}"]) == 2
    assert "BUDGET must be a finite number" in capsys.readouterr().err
    assert main(common + [f"OUTPUT={ledger}"]) == 3
    assert "LEDGER and the output are the same file" in capsys.readouterr().err
    assert json.loads(ledger.read_text())["entries"] == [] and not (tmp_path / "x.gpkg").exists()


def test_budget_in_rho_counts_pure_releases_as_half_epsilon_squared(spark, data, tmp_path, capsys):
    """Issue 22 §1 on Spark: BUDGET_RHO as in QGIS (processing/budget.budget_of): EPSILON 1 Laplace enters as
    rho 0.5, so a second one (1.0 > 0.75) is refused naming BUDGET_RHO; BUDGET with BUDGET_RHO, and BUDGET_DELTA
    without BUDGET, are refused before anything is read."""
    folder, _ = data
    ledger = tmp_path / "ledger.json"
    common = ["noisyzonecounts", f"INPUT={folder / 'taps.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
              "H3_RESOLUTION=7", f"EXTENT={EXTENT}", "EPSILON=1", f"LEDGER={ledger}"]
    assert main(common + ["BUDGET_RHO=0.75", f"OUTPUT={tmp_path / 'a.gpkg'}"]) == 0
    capsys.readouterr()
    assert main(common + ["BUDGET_RHO=0.75", f"OUTPUT={tmp_path / 'b.gpkg'}"]) == 3
    error = capsys.readouterr().err
    assert "raise BUDGET_RHO" in error and "rho 1" in error, error
    assert not (tmp_path / "b.gpkg").exists() and len(Ledger(ledger).entries()) == 1
    assert main(common + ["BUDGET=2", "BUDGET_RHO=1", f"OUTPUT={tmp_path / 'c.gpkg'}"]) == 3
    assert "not both" in capsys.readouterr().err
    assert main(common + ["BUDGET_DELTA=1e-6", f"OUTPUT={tmp_path / 'd.gpkg'}"]) == 3
    assert "give BUDGET too" in capsys.readouterr().err
    assert len(Ledger(ledger).entries()) == 1 and not (tmp_path / "c.gpkg").exists()


def test_od_matrix_table_holds_the_flows_numbers(spark, data, tmp_path):
    folder, _ = data
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.gpkg"
    run, parameters, _ = COMMANDS["noisyodflows"]
    run(dict(parameters, INPUT=str(folder / "taps.parquet"), H3_RESOLUTION="7", EXTENT=EXTENT, EPSILON="1",
             OUTPUT_FLOWS=str(flows), OUTPUT_MATRIX=str(matrix)), spark=spark, log=lambda _: None)

    def rows(path):
        dataset = ogr.Open(str(path))
        layer = dataset.GetLayer(0)
        names = [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(layer.GetLayerDefn().GetFieldCount())]
        out = [(f["origin_id"], f["dest_id"], f["noisy_count"], f.GetGeometryRef() is not None) for f in layer]
        return names, out, layer.GetGeomType()

    flow_names, flow_rows, flow_type = rows(flows)
    matrix_names, matrix_rows, matrix_type = rows(matrix)
    assert flow_names == ["origin_id", "dest_id", "noisy_count", "moe95"]
    assert matrix_names == ["origin_id", "dest_id", "noisy_count"] and matrix_type == ogr.wkbNone
    assert [r[:3] for r in flow_rows] == [r[:3] for r in matrix_rows] and len(matrix_rows) > 0
    assert all(r[3] for r in flow_rows) and not any(r[3] for r in matrix_rows)
    assert record_of(flows).release_id == record_of(matrix).release_id
    assert json.loads(record_of(matrix).to_json())["algorithm"] == "dp_geoprivacy:noisyodflows"


def test_od_from_wkb_lines_uses_first_and_last_vertex(spark, data):
    _, frame = data
    rng = np.random.default_rng(2)
    mid = np.c_[rng.uniform(151.1, 151.3, len(frame)), rng.uniform(-33.95, -33.8, len(frame))]
    lines = [shapely.LineString([(a, b), tuple(m), (c, d)]) for a, b, m, c, d in
             zip(frame["lon"], frame["lat"], mid, frame["dlon"], frame["dlat"])]
    lines[0] = shapely.MultiLineString([[(frame["lon"][0], frame["lat"][0]), tuple(mid[0])],
                                        [tuple(mid[0] + 0.001), (frame["dlon"][0], frame["dlat"][0])]])
    with_wkb = frame.assign(geom=list(shapely.to_wkb(np.asarray(lines, dtype=object))))
    cells = h3_cells(7, EXTENT)
    by_columns = spark_pair_rows(spark.createDataFrame(frame).repartition(3), cells,
                                 TripColumns("lon", "lat", "dlon", "dlat", user="card"), max_trips=10**6, key=1)
    by_wkb = spark_pair_rows(spark.createDataFrame(with_wkb[["geom", "card"]]).repartition(2), cells,
                             TripColumns(geometry="geom", user="card"), max_trips=10**6, key=1)
    assert sorted(by_columns) == sorted(by_wkb) and len(by_wkb) > 10
