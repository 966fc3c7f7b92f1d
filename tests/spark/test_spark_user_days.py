"""Zone statistics with user-days (UNIT 2, the ITMS report) on Spark against the single-machine core (issue 15).

A unit is one user on one day: it keeps at most K = MAX_CELLS_PER_DAY cells,
sampled uniformly among the (zone, slot) cells it touches, then at most M
records per kept cell (sampled), or with PER_UNIT_MEAN the mean of its
clamped values in each kept cell. Aggregates are compared through test-only
code; the public path always adds noise.
"""

import itertools

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.time_slots import day_keys, slot_labels, time_slots
from dp_geoprivacy.core.releases.zone_statistics import aggregate_zone_statistics, release_zone_statistics
from dp_geoprivacy.spark.__main__ import UsageError, noisy_zone_statistics
from dp_geoprivacy.spark.cells import h3_cells
from dp_geoprivacy.spark.zone_statistics import StatColumns, bounded_records, release_spark_zone_statistics

from .test_spark_cli import record_of
from .test_spark_zone_statistics import (
    ABOVE,
    COUNT,
    EXTENT,
    MEAN,
    MEDIAN,
    QUARTILES,
    SUM,
    assert_same,
    spark_aggregate,
    spec_of,
    speeds,
)

ALPHA = 0.01  # each chi-square test below rejects a uniform sampler with this probability
LARGE = 10**6  # K and M above every unit's cells and records: the bound drops nothing


def quarter_speeds(seed, users=60):
    """speeds() (NULL values, users, times; values clamped) with values in quarters: every sum of a user-day's
    values is then exact in any order, so per-unit means are equal bit for bit whichever order the records are
    summed in (the core sums in record order, Spark correctly rounded). Points nearer the centre and times in
    the peak hours 7, 8 and 17 (so a user-day has several records in some cells), 5% of the points outside the
    extent (in no zone, dropped)."""
    frame = speeds(seed=seed, users=users)
    rng = np.random.default_rng(seed)
    frame["ts"] = (frame["ts"].dt.floor("D") + pd.to_timedelta(rng.choice([7, 8, 17], len(frame)), unit="h")
                   + pd.to_timedelta(rng.integers(0, 3600, len(frame)), unit="s"))
    frame["speed"] = np.round(frame["speed"] * 4) / 4
    frame["lon"] = 151.2 + (frame["lon"] - 151.2) / 6
    frame["lat"] = -33.87 + (frame["lat"] + 33.87) / 6
    frame.loc[frame.index % 20 == 0, "lon"] = 152.0
    return frame


def core_user_days(frame, cells, spec, slot_kind, day_field, rng):
    """The core's aggregate (test-only) with the days of ``day_field``."""
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    return aggregate_zone_statistics(
        cell, frame["speed"].to_numpy(), spec, rng, n_zones=len(cells),
        n_slots=len(slot_labels(slot_kind)) if slot_kind else 1,
        slot=time_slots(frame["ts"].to_numpy(), slot_kind) if slot_kind else None,
        user_keys=frame["card"].to_numpy(dtype=object), day=day_keys(frame[day_field].to_numpy()))


def kept_records(spark, frame, cells, spec, slot_kind, columns, partitions, key=5):
    """The clean records the Spark bound keeps (pandas; test-only): user, day, cell, slot and the value's key.

    With spark_aggregate's key and partitioning: the same records that aggregate keeps."""
    from pyspark.sql import functions as sf

    bounded = bounded_records(spark.createDataFrame(frame).repartition(partitions), cells, columns, spec, slot_kind,
                              key)
    return bounded.where((sf.col("flags") == 0) & sf.col("kept")).drop("salt", "flags").toPandas()


@pytest.mark.parametrize("statistic, per_unit_mean, slot_kind, day_field", [
    (COUNT, False, "hour", None), (COUNT, True, None, None), (SUM, False, None, "service_day"),
    (MEAN, True, "hour", None), (MEAN, False, "weekday", "service_day"), (ABOVE, False, None, None),
    (ABOVE, False, "4h", "service_day"), (MEDIAN, True, "4h", None), (QUARTILES, False, None, None)])
def test_user_day_aggregates_equal_the_core_when_the_bound_drops_nothing(spark, statistic, per_unit_mean,
                                                                         slot_kind, day_field):
    """K and M above every unit's cells and records: both paths keep every clean record and must agree exactly
    (counts, sums, (user, day) pairs above LIMIT, grid histograms and the cleaning counts, NULL days included)."""
    frame = quarter_speeds(seed=30 + statistic)
    rng = np.random.default_rng(statistic)
    if day_field:  # a day number column with NULLs of its own, not the date of the time field
        frame[day_field] = rng.integers(1, 8, len(frame)).astype(float)
        frame.loc[rng.random(len(frame)) < 0.03, day_field] = np.nan
    cells = h3_cells(8, EXTENT)
    spec = spec_of(statistic, unit=2, m=LARGE, max_cells=LARGE, per_unit_mean=per_unit_mean)
    columns = StatColumns("speed", "lon", "lat", user="card", time="ts" if slot_kind else None,
                          day=day_field or "ts")
    ours = spark_aggregate(spark, frame, cells, spec, slot_kind, columns, partitions=5)
    theirs = core_user_days(frame, cells, spec, slot_kind, day_field or "ts", np.random.default_rng(0))
    assert_same(ours, theirs)
    c = theirs.cleaning
    assert c.null_values and c.null_users and c.null_days and c.outside and c.clamped_below and c.clamped_above
    assert c.dropped_by_bound == 0 and c.kept > 1000
    if per_unit_mean:  # one value per (user-day, cell): fewer values than records
        assert ours.counts.sum() < 0.9 * c.kept
    if statistic == ABOVE:
        assert 0 < ours.exceeding.sum() < c.kept




@pytest.mark.parametrize("per_unit_mean", [False, True])
def test_no_user_day_above_k_cells_or_m_records_per_cell(spark, per_unit_mean):
    """K = 2, M = 3, records of a user-day spread over 6 partitions: every user-day keeps exactly min(cells it
    touches, K) cells and, in each kept cell, min(its records there, M) records (all of them with PER_UNIT_MEAN,
    which then adds one value per kept cell)."""
    frame = quarter_speeds(seed=40, users=100).query("lon < 152")
    frame = frame.loc[frame["speed"].notna() & frame["card"].notna() & frame["ts"].notna()].copy()
    frame["lon"] = 151.2 + (frame["lon"] - 151.2) / 2  # fewer cells: several records per user-day and cell
    frame["lat"] = -33.87 + (frame["lat"] + 33.87) / 2
    frame["card"] = frame["card"].astype(np.int64)
    cells = h3_cells(8, EXTENT)
    spec = spec_of(MEAN, unit=2, m=3, max_cells=2, per_unit_mean=per_unit_mean)
    columns = StatColumns("speed", "lon", "lat", user="card", day="ts")
    kept = kept_records(spark, frame, cells, spec, None, columns, partitions=6)

    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    touched = pd.DataFrame({"user": frame["card"].to_numpy(), "day": np.ma.getdata(day_keys(frame["ts"].to_numpy())),
                            "cell": cell}).query("cell >= 0")
    per_pair = touched.groupby(["user", "day", "cell"]).size().rename("records")
    per_unit = per_pair.groupby(level=["user", "day"]).size().rename("cells")
    assert (per_unit > 2).sum() > 100 and (per_pair > 3).sum() > 100  # the bound has work to do

    kept_pairs = kept.groupby(["user", "day", "cell"]).size().rename("kept")
    kept_cells = kept_pairs.groupby(level=["user", "day"]).size()
    np.testing.assert_array_equal(kept_cells.reindex(per_unit.index, fill_value=0).to_numpy(),
                                  np.minimum(per_unit.to_numpy(), 2))
    joined = kept_pairs.to_frame().join(per_pair)
    assert len(joined) == len(kept_pairs) and joined["records"].notna().all()
    expected = joined["records"] if per_unit_mean else np.minimum(joined["records"], 3)
    np.testing.assert_array_equal(joined["kept"].to_numpy(), expected.to_numpy())

    aggregate = spark_aggregate(spark, frame, cells, spec, None, columns, partitions=6)
    assert aggregate.cleaning.kept == int(joined["kept"].sum())
    assert aggregate.cleaning.dropped_by_bound == len(touched) - aggregate.cleaning.kept > 0
    assert aggregate.counts.sum() == (len(kept_pairs) if per_unit_mean else aggregate.cleaning.kept)


def test_kept_cells_and_kept_records_are_uniform_samples(spark):
    """3,000 user-days, each in one zone at hours 0-4 with 1, 2, 4, 8 and 16 records (values 10 x hour + j); K = 2,
    M = 2, records spread over 8 partitions.

    The K = 2 kept cells of a user-day must be a uniform 2-subset of its 5 cells whatever their numbers of
    records (a sampler favouring cells with more records, e.g. by the smallest record priority, fails); the
    M = 2 kept records of the hour-2 cell (4 records) a uniform 2-subset of them. Chi-square goodness of fit of
    the 10 and 6 subsets' frequencies, each at ALPHA = 0.01.
    """
    units, sizes = 3000, (1, 2, 4, 8, 16)
    hours = np.concatenate([np.full(k, h) for h, k in enumerate(sizes)])
    values = np.concatenate([10.0 * h + np.arange(k) for h, k in enumerate(sizes)])
    frame = pd.DataFrame({"lon": 151.2, "lat": -33.87, "speed": np.tile(values, units),
                          "card": np.repeat(np.arange(units, dtype=np.int64), len(values)),
                          "ts": pd.Timestamp("2024-05-02") + pd.to_timedelta(np.tile(hours, units), unit="h")})
    frame = frame.sample(frac=1.0, random_state=1, ignore_index=True)  # a user-day's records in many partitions
    cells = h3_cells(8, EXTENT)
    spec = spec_of(MEDIAN, unit=2, m=2, max_cells=2)  # grid 0, 1, ..., 60: a value's grid index is the value
    columns = StatColumns("speed", "lon", "lat", user="card", time="ts", day="ts")
    kept = kept_records(spark, frame, cells, spec, "hour", columns, partitions=8)

    per_cell = kept.groupby(["user", "slot"]).size()
    assert per_cell.groupby(level="user").size().eq(2).all() and len(per_cell) == 2 * units
    assert per_cell.to_numpy().tolist() == [min(sizes[s], 2) for s in per_cell.index.get_level_values("slot")]

    subsets = {pair: i for i, pair in enumerate(itertools.combinations(range(5), 2))}
    chosen = kept.groupby("user")["slot"].agg(lambda s: subsets[tuple(sorted(set(s)))])
    observed = np.bincount(chosen.to_numpy(), minlength=len(subsets))
    assert stats.chisquare(observed).pvalue > ALPHA, observed

    records = {pair: i for i, pair in enumerate(itertools.combinations(range(20, 24), 2))}
    hour2 = kept.loc[kept["slot"] == 2].groupby("user")["q"].agg(lambda q: records[tuple(sorted(q))])
    assert 0.3 * units < len(hour2) < 0.5 * units  # the hour-2 cell kept in 2 of 5 user-days
    observed = np.bincount(hour2.to_numpy(), minlength=len(records))
    assert stats.chisquare(observed).pvalue > ALPHA, observed


def test_per_unit_mean_adds_each_user_days_mean_once_per_kept_cell(spark):
    """400 user-days, each in 3 zones with 2, 3 and 7 records whose clamped values average 10, 20 and 30 (70 and -10
    are clamped to 60 and 0 first); K = 1. Each user-day adds one value, its mean, to one cell: the counts are
    user-days, each cell's sum is its count times the zone's mean, and every record of the kept cell is kept."""
    zone_values = ([9.0, 11.0], [15.0, 20.0, 25.0], [28.0, 29.0, 31.0, 32.0, 30.0, 70.0, -10.0])
    points = ((151.20, -33.87), (151.22, -33.87), (151.18, -33.85))
    rows = []
    for user, day in itertools.product(range(200), ("2024-05-02", "2024-05-03")):
        for (lon, lat), values in zip(points, zone_values):
            rows += [(lon, lat, v, user, pd.Timestamp(day) + pd.Timedelta(hours=8)) for v in values]
    frame = pd.DataFrame(rows, columns=["lon", "lat", "speed", "card", "ts"]).sample(frac=1.0, random_state=2)
    cells = h3_cells(8, EXTENT)
    zone = cells.assign_lonlat(np.array([p[0] for p in points]), np.array([p[1] for p in points]))
    assert len(set(zone.tolist())) == 3 and (zone >= 0).all()
    spec = spec_of(MEAN, unit=2, m=1, max_cells=1, per_unit_mean=True)
    aggregate = spark_aggregate(spark, frame, cells, spec, None, StatColumns("speed", "lon", "lat", user="card",
                                                                             day="ts"), partitions=4)
    counts = aggregate.counts[zone]
    assert counts.sum() == 400 and (counts > 50).all()
    np.testing.assert_array_equal(aggregate.sums[zone], counts * np.array([10.0, 20.0, 30.0]))
    assert aggregate.cleaning.kept == int(counts @ np.array([2, 3, 7]))
    assert aggregate.cleaning.clamped_below == aggregate.cleaning.clamped_above == 400  # before the bound


def test_count_above_counts_user_days_in_their_kept_cells(spark):
    """300 user-days, each in 3 zones with values 55, 58 (above LIMIT 50) and 10; K = 2.

    M large: each user-day is above LIMIT in both its kept cells, counted once in each (600 in all). M = 1: a kept
    cell keeps one of the three records, above LIMIT with probability 2/3, so the 600 kept cells count
    Binomial(600, 2/3) user-days above; two-sided test at ALPHA."""
    points = ((151.20, -33.87), (151.22, -33.87), (151.18, -33.85))
    rows = [(lon, lat, v, user, pd.Timestamp("2024-05-02") + pd.Timedelta(days=day))
            for user, day in itertools.product(range(150), range(2)) for lon, lat in points for v in (55.0, 58.0, 10.0)]
    frame = pd.DataFrame(rows, columns=["lon", "lat", "speed", "card", "ts"]).sample(frac=1.0, random_state=3)
    cells = h3_cells(8, EXTENT)
    columns = StatColumns("speed", "lon", "lat", user="card", day="ts")
    every = spark_aggregate(spark, frame, cells, spec_of(ABOVE, unit=2, m=LARGE, max_cells=2), None, columns, 4)
    assert every.exceeding.sum() == 600 and every.counts.sum() == 1800
    np.testing.assert_array_equal(every.exceeding * 3, every.counts)  # per cell: the user-days that kept it
    one = spark_aggregate(spark, frame, cells, spec_of(ABOVE, unit=2, m=1, max_cells=2), None, columns, 4)
    assert one.counts.sum() == 600
    low, high = stats.binom.ppf([ALPHA / 2, 1 - ALPHA / 2], 600, 2 / 3)
    assert low <= one.exceeding.sum() <= high


@pytest.mark.parametrize("statistic, per_unit_mean", [(MEAN, True), (ABOVE, False), (MEDIAN, False)])
def test_same_seed_same_published_numbers_for_user_days(spark, statistic, per_unit_mean):
    """K and M above every unit's: the aggregates agree, and the driver skips the draws the core's bounding makes
    (one per (user-day, cell) pair, then one per record of a kept cell without PER_UNIT_MEAN), so the same SEED
    publishes the same numbers on both paths; another seed does not."""
    frame = quarter_speeds(seed=50 + statistic, users=2000)
    cells = h3_cells(8, EXTENT)
    spec = spec_of(statistic, unit=2, m=LARGE, max_cells=LARGE, per_unit_mean=per_unit_mean)
    columns = StatColumns("speed", "lon", "lat", user="card", time="ts", day="ts")
    ours, _ = release_spark_zone_statistics(spark.createDataFrame(frame).repartition(4), cells, columns, spec, "hour",
                                            noise_source(42).generator)
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    theirs = release_zone_statistics(
        cell, frame["speed"].to_numpy(), spec, noise_source(42).generator, n_zones=len(cells), n_slots=24,
        slot=time_slots(frame["ts"].to_numpy(), "hour"), user_keys=frame["card"].to_numpy(dtype=object),
        day=day_keys(frame["ts"].to_numpy()))
    assert theirs.published.sum() > 10
    np.testing.assert_array_equal(ours.values, theirs.values)
    np.testing.assert_array_equal(ours.published, theirs.published)
    assert ours.record_fields() == theirs.record_fields() and ours.counts == theirs.counts
    other, _ = release_spark_zone_statistics(spark.createDataFrame(frame), cells, columns, spec, "hour",
                                             noise_source(43).generator)
    assert not np.array_equal(other.values, theirs.values, equal_nan=True)


def test_command_line_user_days(spark, tmp_path):
    """UNIT=2 with MAX_CELLS_PER_DAY, PER_UNIT_MEAN and DAY_FIELD, as the Processing algorithm names them: the
    record says user-day, epsilon in all and EPSILON / K per cell; settings the algorithm refuses are refused."""
    frame = quarter_speeds(seed=60, users=200)
    frame["service_day"] = frame["ts"].dt.day.astype(float)
    frame.to_parquet(tmp_path / "speeds.parquet", coerce_timestamps="us")  # Spark reads micro-, not nanoseconds
    common = {"INPUT": str(tmp_path / "speeds.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat",
              "VALUE_FIELD": "speed", "STATISTIC": "2", "LOWER": "0", "UPPER": "60", "UNIT": "2",
              "USER_FIELD": "card", "MAX_CONTRIBUTIONS": "5", "MAX_CELLS_PER_DAY": "4", "PER_UNIT_MEAN": "true",
              "DAY_FIELD": "service_day", "H3_RESOLUTION": "8", "EXTENT": EXTENT, "EPSILON": "2"}
    output = tmp_path / "out.gpkg"
    results = noisy_zone_statistics(dict(common, OUTPUT=str(output)), spark=spark, log=lambda _: None)
    assert results["EPSILON_SPENT"] == 2.0 and results["EPSILON_PER_CELL"] == 0.5 and results["ROWS_WRITTEN"] > 0
    record = record_of(output)
    assert record.epsilon == 2.0 and "user-day" in record.unit_of_privacy and "averaged" in record.unit_of_privacy
    assert "at most 4 cells" in record.unit_of_privacy
    for change, message in (({"USER_FIELD": ""}, "needs USER_FIELD"), ({"DAY_FIELD": ""}, "needs the day"),
                            ({"UNIT": "1"}, "PER_UNIT_MEAN"), ({"STATISTIC": "3", "LIMIT": "50", "DAYS": "7"},
                                                               "PER_UNIT_MEAN"),
                            ({"MAX_CELLS_PER_DAY": "0"}, "MAX_CELLS")):
        refused = tmp_path / "refused.gpkg"
        with pytest.raises(UsageError, match=message):
            noisy_zone_statistics(dict(common, OUTPUT=str(refused), **change), spark=spark, log=lambda _: None)
        assert not refused.exists()


@pytest.mark.parametrize("per_unit_mean", [False, True])
def test_neighbouring_datasets_differ_in_at_most_k_cells_by_the_sensitivity(spark, per_unit_mean):
    """D' = D plus one user-day with 14 records (values up to 200, clamped) over many zones and hours; K = 2, M = 3.

    The other user-days have at most 2 records (never bounded), so the difference is the added user-day's
    bounded sample: at most K cells change, by at most M records (1 value with PER_UNIT_MEAN) each, and the
    centred sums the mean's noise is calibrated to by at most M x (UPPER - LOWER) / 2 per cell.
    """
    base = quarter_speeds(seed=70, users=10).query("lon < 152").drop(columns="card")
    base = base.loc[base["ts"].notna()].reset_index(drop=True)
    base["card"] = np.arange(len(base), dtype=np.int64) // 2
    rng = np.random.default_rng(71)
    extra = pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.01, 14), "lat": -33.87 + rng.normal(0, 0.01, 14),
                          "speed": rng.uniform(-50, 200, 14), "card": np.full(14, 10**6, dtype=np.int64),
                          "ts": pd.Timestamp("2024-05-03") + pd.to_timedelta(rng.integers(6, 9, 14), unit="h")})
    cells = h3_cells(8, EXTENT)
    touched = set(zip(cells.assign_lonlat(extra["lon"].to_numpy(), extra["lat"].to_numpy()).tolist(),
                      extra["ts"].dt.hour.tolist()))
    assert len(touched) > 2  # more cells than K: the bound samples them
    spec = spec_of(MEAN, unit=2, m=3, max_cells=2, per_unit_mean=per_unit_mean)
    columns = StatColumns("speed", "lon", "lat", user="card", time="ts", day="ts")
    d, d_prime = (spark_aggregate(spark, frame, cells, spec, "hour", columns, partitions=4)
                  for frame in (base, pd.concat([base, extra], ignore_index=True)))
    assert d.cleaning.dropped_by_bound == 0 and d_prime.cleaning.dropped_by_bound > 0
    m = 1 if per_unit_mean else 3
    changed = np.flatnonzero(d_prime.counts != d.counts)
    assert 0 < len(changed) <= 2
    assert np.all(np.abs(d_prime.counts - d.counts) <= m)
    centred = (d_prime.sums - d_prime.counts * 30.0) - (d.sums - d.counts * 30.0)
    assert np.all(np.abs(centred) <= m * 30.0 + 1e-9) and np.flatnonzero(centred).size <= 2
