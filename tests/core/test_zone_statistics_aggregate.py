"""core.releases.zone_statistics split into an exact aggregate and the release from it (the Spark path)."""

import math

import numpy as np

from dp_geoprivacy.core.mechanisms.bounded_stats import Bounds, exact_sums, float_parts, sums_from_parts
from dp_geoprivacy.core.mechanisms.quantiles import ExponentialQuantiles
from dp_geoprivacy.core.releases.zone_statistics import (
    MEAN,
    USER,
    ZoneStatisticsSpec,
    aggregate_zone_statistics,
    release_zone_statistics,
    release_zone_statistics_from_aggregate,
)


def test_exact_sums_are_correctly_rounded_and_order_free():
    rng = np.random.default_rng(7)
    values = np.concatenate((rng.normal(0, 1e6, 3000), rng.normal(0, 1e-9, 3000), [1e-310, -1e-310, 0.0, 1e300]))
    cell = rng.integers(0, 5, len(values))
    sums = exact_sums(cell, values, 6)
    for c in range(6):
        assert sums[c] == math.fsum(values[cell == c])
    order = rng.permutation(len(values))
    assert np.array_equal(exact_sums(cell[order], values[order], 6), sums)
    exponent, hi, lo = float_parts(values)
    assert np.all((lo >= 0) & (lo < 1 << 26))
    # split into two halves: partial sums from two places combine to the same result
    half = len(values) // 2
    parts = [(cell[s], exponent[s], hi[s], lo[s]) for s in (slice(None, half), slice(half, None))]
    stacked = [np.concatenate(x) for x in zip(*parts)]
    assert np.array_equal(sums_from_parts(*stacked, 6), sums)


def test_release_histogram_equals_release_per_record():
    mech = ExponentialQuantiles(1.0, Bounds(0.0, 10.0), (0.25, 0.5, 0.75), 2, 101)
    rng = np.random.default_rng(3)
    cell = rng.integers(0, 40, 5000)
    values = rng.uniform(0, 10, 5000)
    cells = np.arange(0, 40, 3)
    index = mech.snap(values)
    key, count = np.unique(cell * 1000 + index, return_counts=True)
    a = mech.release(cell, values, cells, np.random.default_rng(11), chunk_entries=500)
    b = mech.release_histogram(key // 1000, key % 1000, count, cells, np.random.default_rng(11), chunk_entries=500)
    assert np.array_equal(a, b)


def test_release_is_aggregate_then_release_from_aggregate():
    rng = np.random.default_rng(5)
    cell = rng.integers(-1, 6, 2000)
    values = rng.normal(30, 20, 2000)
    users = rng.integers(0, 100, 2000)
    spec = ZoneStatisticsSpec(statistic=MEAN, epsilon=1.0, lower=0.0, upper=65.0, unit=USER, max_contributions=3)
    one = release_zone_statistics(cell, values, spec, np.random.default_rng(9), n_zones=6, user_keys=users)
    generator = np.random.default_rng(9)
    aggregate = aggregate_zone_statistics(cell, values, spec, generator, n_zones=6, user_keys=users)
    two = release_zone_statistics_from_aggregate(aggregate, spec, generator)
    assert np.array_equal(one.values, two.values, equal_nan=True)
    assert aggregate.cleaning.kept == int(aggregate.counts.sum()) and aggregate.cleaning.kept <= 100 * 3
