"""dp_geoprivacy.spark zone statistics against the single-machine core (issue 15).

Spark computes the per-cell sufficient statistics (counts, exactly rounded
sums, units above LIMIT, grid histograms for quantiles) and the driver calls
core.releases.zone_statistics.release_zone_statistics_from_aggregate. The aggregates
are compared through test-only code; the public path always adds noise.
"""

import numpy as np
import pandas as pd
import pytest
import shapely

from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.time_slots import day_keys, slot_labels, time_slots
from dp_geoprivacy.core.releases.zone_statistics import aggregate_zone_statistics, release_zone_statistics
from dp_geoprivacy.spark.cells import h3_cells
from dp_geoprivacy.spark.zone_statistics import (
    StatColumns,
    aggregate_from_groups,
    release_spark_zone_statistics,
    statistics_frame,
    statistics_spec,
)

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"
COUNT, SUM, MEAN, ABOVE, MEDIAN, QUARTILES, FIVE = range(7)


def speeds(n=5000, users=500, seed=0, nulls=True):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "lon": 151.2 + rng.normal(0, 0.03, n),  # some outside the extent: in no zone, dropped
        "lat": -33.87 + rng.normal(0, 0.03, n),
        "speed": rng.normal(30, 15, n),  # some below LOWER = 0 and above UPPER = 60: clamped
        "card": rng.integers(0, users, n).astype(np.int64),
        "ts": pd.to_datetime("2024-05-01") + pd.to_timedelta(rng.integers(0, 7 * 86400, n), unit="s"),
    })
    if nulls:
        frame.loc[rng.random(n) < 0.03, "speed"] = np.nan
        frame["card"] = frame["card"].astype(object)
        frame.loc[rng.random(n) < 0.03, "card"] = None
        frame.loc[rng.random(n) < 0.03, "ts"] = pd.NaT
    return frame


def spec_of(statistic, unit=0, m=1, **kwargs):
    return statistics_spec(statistic=statistic, epsilon=1.0, lower=0.0, upper=60.0, unit=unit, max_contributions=m,
                           limit=50.0 if statistic == ABOVE else None, days=7 if statistic == ABOVE else None,
                           quantile_grid=61, **kwargs)


def core_aggregate(frame, cells, spec, slot_kind, rng, days):
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    slot = time_slots(frame["ts"].to_numpy(), slot_kind) if slot_kind else None
    return aggregate_zone_statistics(
        cell, frame["speed"].to_numpy(), spec, rng, n_zones=len(cells),
        n_slots=len(slot_labels(slot_kind)) if slot_kind else 1, slot=slot,
        user_keys=frame["card"].to_numpy(dtype=object) if spec.unit != "record" else None,
        day=day_keys(frame["ts"].to_numpy()) if days else None)


def spark_aggregate(spark, frame, cells, spec, slot_kind, columns, partitions=3):
    groups = statistics_frame(spark.createDataFrame(frame).repartition(partitions), cells, columns, spec, slot_kind,
                              key=5).toPandas()
    n_slots = len(slot_labels(slot_kind)) if slot_kind else 1
    return aggregate_from_groups(groups, spec, len(cells), n_slots, days=bool(columns.day and columns.user))[0]


def assert_same(a, b):
    assert a.cleaning == b.cleaning
    np.testing.assert_array_equal(a.counts, b.counts)
    for name in ("sums", "exceeding"):
        x, y = getattr(a, name), getattr(b, name)
        assert (x is None) == (y is None)
        if x is not None:
            np.testing.assert_array_equal(np.asarray(x), np.asarray(y))  # exact: sums correctly rounded on both
    if a.grid_cell is not None:
        g = 61
        dense = [np.bincount(c * g + i, weights=w, minlength=len(a.counts) * g)
                 for c, i, w in ((a.grid_cell, a.grid_index, a.grid_count), (b.grid_cell, b.grid_index, b.grid_count))]
        np.testing.assert_array_equal(*dense)


@pytest.mark.parametrize("statistic, unit, slot_kind", [
    (COUNT, 0, None), (SUM, 0, "hour"), (MEAN, 1, "weekday"), (ABOVE, 0, None), (ABOVE, 1, None),
    (MEDIAN, 1, "4h"), (FIVE, 0, None)])
def test_aggregates_equal_the_core(spark, statistic, unit, slot_kind):
    """Pre-noise aggregates (with NULLs, clamping and points in no zone) equal the core's exactly.

    Unit 1 with M above every user's count: the bound keeps everything on both paths.
    """
    frame = speeds(seed=statistic)
    cells = h3_cells(8, EXTENT)
    spec = spec_of(statistic, unit, m=10**6 if unit else 1)
    days = statistic == ABOVE and unit == 1
    columns = StatColumns("speed", "lon", "lat", user="card" if unit else None, time="ts" if slot_kind else None,
                          day="ts" if days else None)
    ours = spark_aggregate(spark, frame, cells, spec, slot_kind, columns)
    theirs = core_aggregate(frame, cells, spec, slot_kind, np.random.default_rng(0), days)
    assert_same(ours, theirs)
    c = theirs.cleaning
    assert c.null_values and c.outside and c.clamped_below and c.clamped_above and c.kept > 1000
    if unit:
        assert c.null_users
    if slot_kind or days:
        assert c.null_slots or c.null_days


@pytest.mark.parametrize("statistic, min_support", [(MEAN, 0.0), (SUM, 5.0), (QUARTILES, 3.0), (ABOVE, 0.0)])
def test_same_seed_same_published_numbers_on_both_paths(spark, statistic, min_support):
    frame = speeds(seed=10 + statistic, users=2000)
    cells = h3_cells(8, EXTENT)
    spec = spec_of(statistic, unit=1, m=40, min_support=min_support)  # nobody above M = 40
    columns = StatColumns("speed", "lon", "lat", user="card", time="ts", day="ts" if statistic == ABOVE else None)
    ours, _ = release_spark_zone_statistics(spark.createDataFrame(frame).repartition(4), cells, columns, spec, "hour",
                                            noise_source(42).generator)
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    theirs = release_zone_statistics(
        cell, frame["speed"].to_numpy(), spec, noise_source(42).generator, n_zones=len(cells), n_slots=24,
        slot=time_slots(frame["ts"].to_numpy(), "hour"), user_keys=frame["card"].to_numpy(dtype=object),
        day=day_keys(frame["ts"].to_numpy()) if statistic == ABOVE else None)
    assert theirs.published.sum() > 10
    np.testing.assert_array_equal(ours.values, theirs.values)
    np.testing.assert_array_equal(ours.published, theirs.published)
    np.testing.assert_array_equal(ours.support, theirs.support)
    assert ours.record_fields() == theirs.record_fields() and ours.counts == theirs.counts
    other, _ = release_spark_zone_statistics(spark.createDataFrame(frame), cells, columns, spec, "hour",
                                             noise_source(43).generator)
    assert not np.array_equal(other.values, theirs.values, equal_nan=True)


def test_user_bound_keeps_min_of_count_and_m_per_user(spark):
    """Unit 1, M = 3: Spark keeps exactly min(n_u, M) clean records of every user, wherever they sit."""
    frame = speeds(seed=4, users=300, nulls=False)
    frame["lon"], frame["lat"] = 151.2, -33.87  # every point in one zone: the kept count is the cell's count
    cells = h3_cells(8, EXTENT)
    spec = spec_of(COUNT, unit=1, m=3)
    ours = spark_aggregate(spark, frame, cells, spec, None, StatColumns("speed", "lon", "lat", user="card"), 6)
    expected = int(np.minimum(frame.groupby("card").size(), 3).sum())
    assert ours.cleaning.kept == expected == int(ours.counts.sum())
    assert ours.cleaning.dropped_by_bound == len(frame) - expected > 0


def test_wkb_points_give_the_same_aggregate_as_lon_lat(spark):
    frame = speeds(seed=6)
    frame["geom"] = list(shapely.to_wkb(shapely.points(frame["lon"].to_numpy(), frame["lat"].to_numpy())))
    cells = h3_cells(8, EXTENT)
    spec = spec_of(MEAN)
    by_columns = spark_aggregate(spark, frame, cells, spec, None, StatColumns("speed", "lon", "lat"))
    by_wkb = spark_aggregate(spark, frame.drop(columns=["lon", "lat"]), cells, spec, None,
                             StatColumns("speed", geometry="geom"))
    assert_same(by_columns, by_wkb)


def test_units_above_limit_count_each_user_day_once_per_cell(spark):
    """Every user has, on one day and in one zone, values 55 and 58 (above LIMIT 50), 65 and 70 (above LIMIT and
    clamped to UPPER 60) and 10: one (user, day) pair above LIMIT each, counted once on both paths."""
    users = 200
    frame = pd.DataFrame({"lon": 151.2, "lat": -33.87, "speed": np.tile([55.0, 65.0, 58.0, 70.0, 10.0], users),
                          "card": np.repeat(np.arange(users), 5).astype(np.int64),
                          "ts": pd.Timestamp("2024-05-02 08:00")})
    cells = h3_cells(8, EXTENT)
    spec = spec_of(ABOVE, unit=1, m=10)
    columns = StatColumns("speed", "lon", "lat", user="card", day="ts")
    ours = spark_aggregate(spark, frame, cells, spec, None, columns, partitions=4)
    theirs = core_aggregate(frame, cells, spec, None, np.random.default_rng(0), days=True)
    assert_same(ours, theirs)
    assert ours.exceeding.sum() == users and ours.cleaning.clamped_above == 2 * users


@pytest.mark.parametrize("statistic", [MEAN, MEDIAN])
def test_neighbouring_datasets_move_the_aggregate_by_at_most_the_sensitivity(spark, statistic):
    """D' = D plus one user with 12 points (values up to 200, clamped) spread over cells; UNIT 1, M = 3.

    The other users have at most 2 points (below M), so the difference is the
    added user's bounded sample: at most M records in all (counts, grid
    histogram: L1 <= M) and, for the centred sums the mean's noise is
    calibrated to, at most M x (UPPER - LOWER) / 2 in L1 over the cells.
    """
    base = speeds(n=1200, users=600, seed=20, nulls=False).drop(columns="card")
    base["card"] = np.arange(len(base), dtype=np.int64) // 2
    rng = np.random.default_rng(21)
    extra = pd.DataFrame({"lon": 151.2 + rng.normal(0, 0.01, 12), "lat": -33.87 + rng.normal(0, 0.01, 12),
                          "speed": rng.uniform(-50, 200, 12), "card": np.full(12, 10**6, dtype=np.int64),
                          "ts": base["ts"].iloc[0]})
    cells = h3_cells(8, EXTENT)
    spec = spec_of(statistic, unit=1, m=3)
    columns = StatColumns("speed", "lon", "lat", user="card")
    d, d_prime = (spark_aggregate(spark, frame, cells, spec, None, columns, partitions=4)
                  for frame in (base, pd.concat([base, extra], ignore_index=True)))
    assert 0 < np.abs(d_prime.counts - d.counts).sum() <= 3
    if statistic == MEAN:
        midpoint, half = 30.0, 30.0
        centred = (d_prime.sums - d_prime.counts * midpoint) - (d.sums - d.counts * midpoint)
        assert np.abs(centred).sum() <= 3 * half + 1e-9
    else:
        g = 61
        histogram = [np.bincount(a.grid_cell * g + a.grid_index, weights=a.grid_count, minlength=len(a.counts) * g)
                     for a in (d, d_prime)]
        assert 0 < np.abs(histogram[1] - histogram[0]).sum() <= 3
