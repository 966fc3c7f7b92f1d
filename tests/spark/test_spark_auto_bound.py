"""Automatic M on Spark (issue 22 §2): per-user counts on the executors, the choice by the core with the QGIS
algorithms' rng use (same SEED, same M, same release), its epsilon in the record and the ledger, its log line
only once the reservation holds."""

import numpy as np
import pandas as pd
import pytest
from osgeo import ogr

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.mechanisms.bound_selection import DEFAULT_MAX_BOUND, DEFAULT_SHARE, plan_choice
from dp_geoprivacy.core.mechanisms.bound_selection import per_user_counts as core_counts
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.release import ranks_from_order
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, release_zone_counts
from dp_geoprivacy.spark.__main__ import mobility_report, noisy_od_flows, noisy_zone_counts, noisy_zone_statistics
from dp_geoprivacy.spark.auto_bound import per_user_counts
from dp_geoprivacy.spark.cells import h3_cells, id_order
from dp_geoprivacy.spark.cli import UsageError
from dp_geoprivacy.spark.ledger import BudgetRefusedError
from dp_geoprivacy.spark.zone_counts import zone_count_spec

from .test_spark_cli import record_of
from .test_spark_mobility_report import EXTENT as TRIP_EXTENT
from .test_spark_mobility_report import trip_records

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"


def points(n=3000, seed=0):
    """Points of users with heavy-tailed record counts (a few users with many records)."""
    rng = np.random.default_rng(seed)
    card = np.minimum(rng.zipf(1.6, n), 300)
    return pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.02, n), "lat": -33.87 + rng.normal(0, 0.02, n),
                         "dlon": 151.2 + rng.normal(0, 0.02, n), "dlat": -33.87 + rng.normal(0, 0.02, n),
                         "speed": rng.uniform(0, 70, n), "card": card.astype(np.int64)})


def test_per_user_counts_on_the_executors_equal_the_cores(spark):
    """Text ids with NULL and empty ones, float ids with NaN: the same multiset of counts as the core's (which the
    QGIS algorithms give the choice), NULL ids left out; the report's variant counts distinct trips."""
    rng = np.random.default_rng(1)
    text = rng.choice(["a", "b", "c", "", None, "d"], 500).astype(object)
    floats = rng.choice([1.0, 2.0, np.nan, 4.0], 500)
    trips = rng.integers(0, 4, 500)
    frame = pd.DataFrame({"text": text, "floats": floats, "trip": trips})
    df = spark.createDataFrame(frame).repartition(3)
    for column in ("text", "floats"):
        got = np.sort(per_user_counts(df, column))
        np.testing.assert_array_equal(got, np.sort(core_counts(frame[column].to_numpy(dtype=object))))
    distinct = frame[frame["text"].notna() & (frame["text"] != "")].drop_duplicates(["text", "trip"])
    np.testing.assert_array_equal(np.sort(per_user_counts(df, "text", unit="trip")),
                                  np.sort(distinct.groupby("text").size().to_numpy()))


def test_zone_counts_choose_the_m_and_publish_the_counts_of_the_single_machine_path(spark, tmp_path):
    """MAX_CONTRIBUTIONS=0 with a SEED: the Spark command chooses the M that the QGIS algorithm's sequence
    (core per_user_counts, plan_choice, the first draw of the noise generator, then release_zone_counts at the
    rest of epsilon) chooses, and publishes the same counts. Nobody is above the largest M drawn here, so the
    bound's sampling (each path its own stream) keeps every record on both."""
    frame = points()
    frame["card"] = np.arange(len(frame)) // 3  # three records per user: M >= 3 keeps everything
    frame.loc[::7, "card"] = frame["card"].iloc[::7] + 100_000  # some users with one or two
    frame.to_parquet(tmp_path / "p.parquet")
    cells = h3_cells(7, EXTENT)
    seed, epsilon = 5, 40.0
    rng = noise_source(seed).generator
    rest, choice = plan_choice(epsilon, DEFAULT_SHARE, DEFAULT_MAX_BOUND, len(cells) + 1)
    m = choice.choose(core_counts(frame["card"].to_numpy()), rng)
    assert m >= 3
    spec = zone_count_spec(epsilon=rest, user_field="card", max_contributions=m)
    data = ZoneCountData(cell=cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy()),
                         n_zones=len(cells), zone_rank=ranks_from_order(id_order(cells.ids)),
                         user_keys=frame["card"].to_numpy())
    local = release_zone_counts(data, spec, rng)
    out, ledger, log = tmp_path / "out.gpkg", tmp_path / "ledger.json", []
    results = noisy_zone_counts({"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat",
                                 "USER_FIELD": "card", "MAX_CONTRIBUTIONS": "0", "H3_RESOLUTION": "7",
                                 "EXTENT": EXTENT, "EPSILON": str(epsilon), "SEED": str(seed), "LEDGER": str(ledger),
                                 "OUTPUT": str(out)}, spark, log=log.append)
    dataset = ogr.Open(str(out))
    rows = sorted((f["zone_id"], f["noisy_count"]) for f in dataset.GetLayer(0))
    dataset = None
    expected = sorted(zip(cells.ids[local.result["zone_index"]], local.result["noisy_count"]))
    assert rows == expected and len(rows) > 0
    record = record_of(out)
    [entry] = Ledger(ledger).entries()
    assert results["EPSILON_SPENT"] == record.epsilon == entry.epsilon == pytest.approx(epsilon)
    assert f"M = {m} chosen by permute-and-flip" in record.mechanism
    assert f"at most {m} points kept per user" in record.unit_of_privacy
    chosen = [i for i, line in enumerate(log) if line.startswith(f"Automatic M: permute-and-flip chose "
                                                                 f"M = {m} ")]
    reserved = [i for i, line in enumerate(log) if line.startswith("Ledger: reserved")]
    assert len(chosen) == 1 and reserved and reserved[0] < chosen[0]


def test_a_run_refused_by_its_budget_logs_no_chosen_m(spark, tmp_path):
    """The chosen M is a mechanism output: a run its BUDGET refuses never shows it (nor writes anything)."""
    points().to_parquet(tmp_path / "p.parquet")
    log = []
    common = {"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat", "USER_FIELD": "card",
              "MAX_CONTRIBUTIONS": "0", "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "1",
              "LEDGER": str(tmp_path / "ledger.json"), "BUDGET": "1.5"}
    noisy_zone_counts({**common, "OUTPUT": str(tmp_path / "a.gpkg")}, spark, log=log.append)
    assert sum(line.startswith("Automatic M:") for line in log) == 1
    log.clear()
    with pytest.raises(BudgetRefusedError):
        noisy_zone_counts({**common, "OUTPUT": str(tmp_path / "b.gpkg")}, spark, log=log.append)
    assert not any("Automatic M" in line or "chose" in line for line in log)
    assert not (tmp_path / "b.gpkg").exists()


def charged_choice(results, record, ledger, log, epsilon):
    """Asserts the whole run's epsilon is in the results, the record and the one ledger entry, and the record
    names the M the log names (once); returns (record, M)."""
    [entry] = Ledger(ledger).entries()
    assert results["EPSILON_SPENT"] == record.epsilon == entry.epsilon == pytest.approx(epsilon)
    [line] = [line for line in log if line.startswith("Automatic M:")]
    m = int(line.split("M = ")[1].split(" ")[0])
    assert f"M = {m} chosen by permute-and-flip" in record.mechanism
    return record, m


@pytest.mark.parametrize("command", ["noisyodflows", "noisyzonestatistics"])
def test_od_flows_and_zone_statistics_charge_the_choice(spark, tmp_path, command):
    points().to_parquet(tmp_path / "p.parquet")
    common = {"INPUT": str(tmp_path / "p.parquet"), "USER_FIELD": "card", "H3_RESOLUTION": "7", "EXTENT": EXTENT,
              "EPSILON": "2", "LEDGER": str(tmp_path / "ledger.json")}
    if command == "noisyodflows":
        run, out = noisy_od_flows, {"ORIGIN_X_FIELD": "lon", "ORIGIN_Y_FIELD": "lat", "DEST_X_FIELD": "dlon",
                                    "DEST_Y_FIELD": "dlat", "MAX_TRIPS": "0", "OUTPUT_FLOWS": str(tmp_path / "o.gpkg")}
        path = out["OUTPUT_FLOWS"]
    else:
        run, out = noisy_zone_statistics, {"LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
                                           "STATISTIC": "2", "LOWER": "0", "UPPER": "70", "UNIT": "1",
                                           "MAX_CONTRIBUTIONS": "0", "OUTPUT": str(tmp_path / "s.gpkg")}
        path = out["OUTPUT"]
    log = []
    results = run({**common, **out}, spark, log=log.append)
    record, _ = charged_choice(results, record_of(path), tmp_path / "ledger.json", log, 2.0)
    assert f"with epsilon {2.0 * DEFAULT_SHARE:g}" in record.mechanism


def test_zone_statistics_refuse_what_spark_cannot_choose(spark, tmp_path):
    common = {"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
              "STATISTIC": "2", "LOWER": "0", "UPPER": "70", "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "1",
              "OUTPUT": str(tmp_path / "s.gpkg")}
    with pytest.raises(UsageError, match="AUTO_VALUE_BOUNDS is not available on Spark"):
        noisy_zone_statistics({**common, "AUTO_VALUE_BOUNDS": "true", "UNIT": "1", "USER_FIELD": "card"}, spark)
    with pytest.raises(UsageError, match=r"MAX_CONTRIBUTIONS=0 \(automatic\) is for UNIT=1"):
        noisy_zone_statistics({**common, "MAX_CONTRIBUTIONS": "0", "UNIT": "0"}, spark)
    with pytest.raises(UsageError, match="set USER_FIELD"):
        noisy_zone_counts({**common, "MAX_CONTRIBUTIONS": "0"}, spark)


def test_report_with_automatic_m_charges_the_choice_and_names_it(spark, tmp_path):
    """MAX_TRIPS_PER_USER=0: the record and the ledger carry the whole EPSILON, the page and the record say which M
    was chosen and what it cost (the QGIS algorithm's words); the unit of privacy names the chosen M."""
    frame = trip_records(users=200, max_trips=6)
    frame["trip"] = frame["trip"].astype(str)
    frame.to_parquet(tmp_path / "trips.parquet", coerce_timestamps="us")
    out, log = tmp_path / "out", []
    out.mkdir()
    values = {"INPUT": str(tmp_path / "trips.parquet"), "USER_FIELD": "card", "TRIP_FIELD": "trip",
              "TIMESTAMP_FIELD": "ts", "LON_FIELD": "lon", "LAT_FIELD": "lat", "H3_RESOLUTION": "7",
              "EXTENT": TRIP_EXTENT, "EPSILON": "3", "MAX_TRIPS_PER_USER": "0", "LEDGER": str(tmp_path / "l.json"),
              "OUTPUT_HTML": str(out / "r.html"), "OUTPUT_VISITS": str(out / "v.gpkg"),
              "OUTPUT_FLOWS": str(out / "f.gpkg")}
    results = mobility_report(values, spark, log=log.append)
    record, m = charged_choice(results, record_of(out / "v.gpkg"), tmp_path / "l.json", log, 3.0)
    assert f"at most {m} trips kept per user" in record.unit_of_privacy
    note = f"M = {m} was chosen by permute-and-flip with epsilon {3.0 * DEFAULT_SHARE:g} of the total"
    assert any(note in n for n in record.notes) and note in (out / "r.html").read_text(encoding="utf-8")
