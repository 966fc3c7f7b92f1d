"""Automatic M and value bounds on Spark (issue 22 §2): per-user counts and the values' histogram on the executors,
the choices by the core with the QGIS algorithms' rng use (same SEED, same M and bounds, same release), their
epsilon in the record and the ledger, their log lines only once the reservation holds."""

import numpy as np
import pandas as pd
import pytest
from osgeo import ogr

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    ValueBoundChoice,
    choice_values,
    plan_choice,
)
from dp_geoprivacy.core.mechanisms.bound_selection import per_user_counts as core_counts
from dp_geoprivacy.core.mechanisms.bounded_stats import Bounds
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.release import ranks_from_order
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, release_zone_counts
from dp_geoprivacy.core.releases.zone_statistics import release_zone_statistics
from dp_geoprivacy.spark.__main__ import mobility_report, noisy_od_flows, noisy_zone_counts, noisy_zone_statistics
from dp_geoprivacy.spark.auto_bound import per_user_counts, value_histogram
from dp_geoprivacy.spark.cells import h3_cells, id_order
from dp_geoprivacy.spark.cli import UsageError
from dp_geoprivacy.spark.ledger import BudgetRefusedError
from dp_geoprivacy.spark.zone_counts import zone_count_spec
from dp_geoprivacy.spark.zone_statistics import statistics_spec

from .test_spark_cli import record_of
from .test_spark_mobility_report import EXTENT as TRIP_EXTENT
from .test_spark_mobility_report import trip_records

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"
MEAN, MEDIAN = 2, 4  # STATISTIC's indices


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
    with pytest.raises(UsageError, match=r"AUTO_VALUE_BOUNDS is for UNIT=0 \(record\) or 1 \(user\)"):
        noisy_zone_statistics({**common, "AUTO_VALUE_BOUNDS": "true", "UNIT": "2", "USER_FIELD": "card",
                               "DAY_FIELD": "card"}, spark)
    with pytest.raises(UsageError, match="The count above LIMIT needs no value bounds"):
        noisy_zone_statistics({**common, "AUTO_VALUE_BOUNDS": "true", "STATISTIC": "3", "LIMIT": "50", "DAYS": "7"},
                              spark)
    points().to_parquet(tmp_path / "p.parquet")
    for share in ("0", "1", "1.5"):  # the choice would take nothing, or the whole EPSILON
        with pytest.raises(UsageError, match=f"AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share}"):
            noisy_zone_statistics({**common, "AUTO_VALUE_BOUNDS": "true", "AUTO_SHARE": share, "UNIT": "1",
                                   "USER_FIELD": "card", "MAX_CONTRIBUTIONS": "3"}, spark)
    with pytest.raises(UsageError, match=r"MAX_CONTRIBUTIONS=0 \(automatic\) is for UNIT=1"):
        noisy_zone_statistics({**common, "MAX_CONTRIBUTIONS": "0", "UNIT": "0"}, spark)
    with pytest.raises(UsageError, match="set USER_FIELD"):
        noisy_zone_counts({**common, "MAX_CONTRIBUTIONS": "0"}, spark)
    assert not (tmp_path / "s.gpkg").exists()


def speeds_of_users(n=3000, seed=3):
    """Points of users with 1 to 3 records (so an M of 3 bounds nobody), values spread beyond the declared UPPER
    of 200 and some NULL, some points outside the extent (the choice reads their values too, as in QGIS)."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.03, n), "lat": -33.87 + rng.normal(0, 0.03, n),
                          "speed": rng.gamma(2.0, 25.0, n), "card": (np.arange(n) // 3).astype(np.int64)})
    frame.loc[::7, "card"] = frame["card"].iloc[::7] + 100_000  # some users with one or two records
    frame.loc[rng.random(n) < 0.03, "speed"] = np.nan
    return frame


@pytest.mark.parametrize("unit, statistic", [(1, MEAN), (0, MEDIAN)])
def test_zone_statistics_choose_the_value_bounds_of_the_single_machine_path(spark, tmp_path, unit, statistic):
    """AUTO_VALUE_BOUNDS with a SEED: UNIT 1 with MAX_CONTRIBUTIONS=0 (both choices), UNIT 0 (the bounds alone).
    The Spark command publishes what the QGIS algorithm's sequence gives (processing/auto_bound.py: plan_choice
    with the value bounds as the other choice, M drawn first, then core choice_values and ValueBoundChoice.choose,
    then release_zone_statistics at the rest of epsilon with the chosen M and bounds): the same M, bounds and
    published cells; the record and the one ledger entry carry the whole EPSILON and name both choices, whose log
    lines come after the reservation."""
    frame = speeds_of_users()
    frame.to_parquet(tmp_path / "p.parquet")
    cells = h3_cells(7, EXTENT)
    seed, epsilon, declared = 7, 40.0, Bounds(0.0, 200.0)
    users = frame["card"].to_numpy() if unit else None
    rng = noise_source(seed).generator
    rest, choice = plan_choice(epsilon, DEFAULT_SHARE, DEFAULT_MAX_BOUND, len(cells), automatic=bool(unit),
                               other_choices=1)
    m = choice.choose(core_counts(users), rng) if unit else 1
    assert m >= 3 or not unit  # nobody bounded: each path samples with its own stream
    value_choice = ValueBoundChoice(epsilon * DEFAULT_SHARE, declared, max_contributions=m)
    chosen = value_choice.choose(choice_values(frame["speed"].to_numpy(), users, m, rng), rng)
    assert 0.0 < chosen.lower < 20.0 and 100.0 < chosen.upper < 200.0  # gamma(2, 25): 2nd/98th pct. 5.3 and 146
    spec = statistics_spec(statistic=statistic, epsilon=rest, lower=chosen.lower, upper=chosen.upper, unit=unit,
                           max_contributions=m)
    local = release_zone_statistics(cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy()),
                                    frame["speed"].to_numpy(), spec, rng, n_zones=len(cells), n_slots=1,
                                    user_keys=users)
    zone_index = np.nonzero(local.published[:, 0])[0]
    column = local.columns[len(local.columns) // 2]
    expected = sorted(zip(cells.ids[zone_index], local.values[zone_index, 0, len(local.columns) // 2]))
    out, ledger, log = tmp_path / "out.gpkg", tmp_path / "ledger.json", []
    values = {"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
              "STATISTIC": str(statistic), "LOWER": "0", "UPPER": "200", "UNIT": str(unit), "USER_FIELD": "card",
              "MAX_CONTRIBUTIONS": "0" if unit else "1", "AUTO_VALUE_BOUNDS": "true", "H3_RESOLUTION": "7",
              "EXTENT": EXTENT, "EPSILON": str(epsilon), "SEED": str(seed), "LEDGER": str(ledger),
              "OUTPUT": str(out)}
    results = noisy_zone_statistics(values, spark, log=log.append)
    dataset = ogr.Open(str(out))
    rows = sorted((f["zone_id"], f[column]) for f in dataset.GetLayer(0))
    dataset = None
    assert rows == expected and len(rows) > 5
    record = record_of(out)
    [entry] = Ledger(ledger).entries()
    assert results["EPSILON_SPENT"] == record.epsilon == entry.epsilon == pytest.approx(epsilon)
    assert entry.release_id == record.release_id
    named = f"LOWER = {chosen.lower:g} and UPPER = {chosen.upper:g} chosen as the private 0.02 and 0.98 quantiles"
    assert named in record.mechanism and f"epsilon {epsilon * DEFAULT_SHARE:g}, M = {m})" in record.mechanism
    assert (f"M = {m} chosen by permute-and-flip" in record.mechanism) == bool(unit)
    assert record.mechanism.startswith(local.record_fields()["mechanism"])
    reserved = [i for i, line in enumerate(log) if line.startswith("Ledger: reserved")]
    bounds_line = [i for i, line in enumerate(log) if line.startswith(
        f"Automatic LOWER/UPPER: the private 2nd and 98th percentiles are {chosen.lower:g} and {chosen.upper:g} ")]
    m_line = [i for i, line in enumerate(log) if line.startswith(f"Automatic M: permute-and-flip chose "
                                                                 f"M = {m} ")]
    assert len(bounds_line) == 1 and len(m_line) == int(bool(unit)) and reserved
    assert reserved[0] < min(bounds_line + m_line)


def test_value_bounds_histogram_keeps_at_most_m_values_per_user(spark):
    """Heavy-tailed users: the executors keep min(n_u, M) of each user's values that are numbers (NULL users and
    values left out) and say how many the single-machine sample reads (its draws); without users, every value."""
    frame = points()
    frame.loc[::11, "speed"] = np.nan
    df = spark.createDataFrame(frame).repartition(3)
    choice = ValueBoundChoice(1.0, Bounds(0.0, 50.0))  # values above 50 fall on the last candidate
    numbers = frame[frame["speed"].notna()]
    index, count, read = value_histogram(df, "speed", "card", 4, choice, key=11)
    assert read == len(numbers) and count.sum() == np.minimum(numbers.groupby("card").size(), 4).sum()
    assert count.sum() < read and index.max() == 1000 and len(np.unique(index)) == len(index)
    index, count, read = value_histogram(df, "speed", None, 4, choice, key=11)
    dense = np.bincount(index, weights=count, minlength=1001)
    np.testing.assert_array_equal(dense, np.bincount(choice.grid_index(numbers["speed"]), minlength=1001))
    assert read == len(numbers)


def test_a_run_refused_by_its_budget_logs_no_chosen_value_bounds(spark, tmp_path):
    """The chosen bounds are a mechanism output: a run its BUDGET refuses never shows them (nor writes)."""
    points().to_parquet(tmp_path / "p.parquet")
    log = []
    common = {"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
              "STATISTIC": "1", "LOWER": "0", "UPPER": "100", "AUTO_VALUE_BOUNDS": "true", "H3_RESOLUTION": "7",
              "EXTENT": EXTENT, "EPSILON": "1", "LEDGER": str(tmp_path / "ledger.json"), "BUDGET": "1.5"}
    noisy_zone_statistics({**common, "OUTPUT": str(tmp_path / "a.gpkg")}, spark, log=log.append)
    assert sum(line.startswith("Automatic LOWER/UPPER:") for line in log) == 1
    log.clear()
    with pytest.raises(BudgetRefusedError):
        noisy_zone_statistics({**common, "OUTPUT": str(tmp_path / "b.gpkg")}, spark, log=log.append)
    assert not any("Automatic LOWER/UPPER" in line or "percentiles are" in line for line in log)
    assert not (tmp_path / "b.gpkg").exists()


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


@pytest.mark.parametrize("occupancy", ["1.5", "-0.1"])
@pytest.mark.parametrize("bound", ["0", "3"])
def test_a_declared_occupancy_outside_zero_to_one_is_refused_naming_it(occupancy, bound):
    """AUTO_OCCUPANCY (issue 22 §2) outside [0, 1] is refused whatever M, as QGIS's range check refuses it."""
    from dp_geoprivacy.spark.auto_bound import SparkBound

    with pytest.raises(UsageError, match=r"AUTO_OCCUPANCY must be between 0 and 1"):
        SparkBound.from_values({"MAX_CONTRIBUTIONS": bound, "USER_FIELD": "card", "AUTO_OCCUPANCY": occupancy},
                               "MAX_CONTRIBUTIONS", 1.0, 10)


def test_a_declared_occupancy_reaches_the_cores_choice():
    from dp_geoprivacy.spark.auto_bound import SparkBound

    bound = SparkBound.from_values({"MAX_CONTRIBUTIONS": "0", "USER_FIELD": "card", "AUTO_OCCUPANCY": "0.3"},
                                   "MAX_CONTRIBUTIONS", 1.0, 10)
    assert (bound.choice.noise_cost, bound.choice.occupancy_declared) == (0.3, True)
    assert bound.choice == plan_choice(1.0, DEFAULT_SHARE, DEFAULT_MAX_BOUND, 10, occupancy=0.3)[1]


def test_value_bounds_histogram_reads_only_rows_with_a_point(spark):
    """Rows without a point (NULL coordinates, a NULL or empty WKB geometry) are no records of the release, and the
    QGIS algorithm's reader skips them before its value-bound choice: the executors leave them out too, so the
    values counted and the draws skipped are those of the rows with a point (it read every row's value before)."""
    import shapely

    frame = points(n=600, seed=2)
    frame.loc[::5, "lon"] = np.nan
    frame.loc[1::7, "lat"] = None
    located = frame["lon"].notna() & frame["lat"].notna()
    choice = ValueBoundChoice(1.0, Bounds(0.0, 70.0))
    df = spark.createDataFrame(frame).repartition(3)
    index, count, read = value_histogram(df, "speed", None, 1, choice, key=3, location={"lon": "lon", "lat": "lat"})
    assert read == int(located.sum()) < len(frame)
    np.testing.assert_array_equal(np.bincount(index, weights=count, minlength=1001),
                                  np.bincount(choice.grid_index(frame.loc[located, "speed"]), minlength=1001))
    geometries = [None if i % 4 == 0 else shapely.to_wkb(shapely.Point() if i % 4 == 1 else shapely.Point(x, y))
                  for i, (x, y) in enumerate(zip(frame["dlon"], frame["dlat"]))]
    wkb = spark.createDataFrame(frame.assign(geom=geometries)[["speed", "card", "geom"]])
    _, count, read = value_histogram(wkb, "speed", "card", 1000, choice, key=3, location={"geometry": "geom"})
    assert read == count.sum() == sum(1 for i in range(len(frame)) if i % 4 > 1)


def test_per_user_counts_read_only_rows_with_a_point(spark):
    """The automatic M's per-user counts leave out rows without a point (NULL or NaN coordinates, a NULL or empty
    WKB geometry), as the QGIS algorithm's reader skips such features (it counted them before)."""
    import shapely

    frame = points(n=600, seed=4)
    frame["card"] = np.arange(len(frame)) % 40
    frame.loc[::5, "lon"] = np.nan
    frame.loc[1::7, "lat"] = None
    located = frame["lon"].notna() & frame["lat"].notna()
    df = spark.createDataFrame(frame).repartition(3)
    np.testing.assert_array_equal(np.sort(per_user_counts(df, "card", location={"lon": "lon", "lat": "lat"})),
                                  np.sort(core_counts(frame.loc[located, "card"].to_numpy())))
    frame["trip"] = np.arange(len(frame)) % 7
    np.testing.assert_array_equal(
        np.sort(per_user_counts(spark.createDataFrame(frame), "card", unit="trip",
                                location={"lon": "lon", "lat": "lat"})),
        np.sort(frame[located].drop_duplicates(["card", "trip"]).groupby("card").size().to_numpy()))
    geometries = [None if i % 4 == 0 else shapely.to_wkb(shapely.Point() if i % 4 == 1 else shapely.Point(x, y))
                  for i, (x, y) in enumerate(zip(frame["dlon"], frame["dlat"]))]
    wkb = spark.createDataFrame(frame.assign(geom=geometries)[["card", "geom"]])
    np.testing.assert_array_equal(np.sort(per_user_counts(wkb, "card", location={"geometry": "geom"})),
                                  np.sort(core_counts(frame["card"].to_numpy()[np.arange(len(frame)) % 4 > 1])))


def test_zone_counts_choose_the_m_of_the_rows_with_a_point(spark, tmp_path):
    """MAX_CONTRIBUTIONS=0 on points of which many have no coordinates (each user 3 with a point, most also 9
    without): the command chooses the M the QGIS algorithm's sequence chooses from the located rows only (the core's
    choice on their counts, the first draw of the same SEED's generator)."""
    frame = points(n=1500, seed=6)
    frame["card"] = np.arange(len(frame)) // 3
    missing = frame.iloc[np.arange(len(frame)) % 3 != 0].loc[frame["card"] % 5 != 0]
    missing = pd.concat([missing] * 4, ignore_index=True).assign(lon=np.nan, lat=np.nan)
    pd.concat([frame, missing], ignore_index=True).to_parquet(tmp_path / "p.parquet")
    cells = h3_cells(7, EXTENT)
    seed, epsilon = 5, 40.0
    _, choice = plan_choice(epsilon, DEFAULT_SHARE, DEFAULT_MAX_BOUND, len(cells) + 1)
    m = choice.choose(core_counts(frame["card"].to_numpy()), noise_source(seed).generator)
    log = []
    noisy_zone_counts({"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat",
                       "USER_FIELD": "card", "MAX_CONTRIBUTIONS": "0", "H3_RESOLUTION": "7", "EXTENT": EXTENT,
                       "EPSILON": str(epsilon), "SEED": str(seed), "OUTPUT": str(tmp_path / "out.gpkg")},
                      spark, log=log.append)
    chosen = [line for line in log if line.startswith("Automatic M: permute-and-flip chose M = ")]
    assert len(chosen) == 1 and chosen[0].startswith(f"Automatic M: permute-and-flip chose M = {m} "), chosen
