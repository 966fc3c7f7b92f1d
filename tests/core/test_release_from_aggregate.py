"""The release functions that start from pre-bounded aggregates (issue 15, the Spark path's driver side).

Without Spark: the aggregates are made here by the core's own counting, so
the tests pin that the aggregate entry points publish exactly what the
record-level releases publish from the same seed.
"""

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.counting import bound_contributions
from dp_geoprivacy.core.releases.od_flows import (
    ODFlowData,
    ODFlowSpec,
    count_pairs,
    pair_counts_from_groups,
    release_od_flows,
    release_od_flows_from_pairs,
)
from dp_geoprivacy.core.releases.release import ranks_from_order
from dp_geoprivacy.core.releases.zone_counts import (
    ZoneCountAggregate,
    ZoneCountData,
    ZoneCountSpec,
    histogram_counts,
    release_zone_counts,
    release_zone_counts_from_aggregate,
    skip_bounding_draws,
)


def test_skip_bounding_draws_leaves_the_generator_where_bounding_does():
    a, b = (np.random.Generator(np.random.Philox(5)) for _ in range(2))
    bound_contributions(np.arange(10_007) % 300, 3, a)
    skip_bounding_draws(b, 10_007, chunk=1000)
    assert a.random() == b.random()


@pytest.mark.parametrize("threshold, bounded", [(False, True), (True, True), (False, False)])
def test_zone_counts_from_aggregate_publish_what_the_record_release_publishes(threshold, bounded):
    rng = np.random.default_rng(0)
    n, zones = 5000, 40
    cell = np.where(rng.random(n) < 0.05, -1, rng.integers(0, zones, n))
    users = rng.permutation(n) // 2  # two points a user: below M, so bounding keeps every point
    zone_rank = ranks_from_order(rng.permutation(zones))
    spec = ZoneCountSpec(epsilon=2.0, unit_of_privacy="u", delta=1e-6, threshold=threshold, max_contributions=3,
                         k=7 if not threshold else 0)
    local = release_zone_counts(ZoneCountData(cell, zones, zone_rank, user_keys=users if bounded else None), spec,
                                np.random.Generator(np.random.Philox(9)))
    counts, outside = histogram_counts(cell, np.zeros(n, dtype=np.int64), zones, 1)
    aggregate = ZoneCountAggregate(counts, int(outside), zone_rank, records=n, bounded=bounded)
    seen = []
    other = release_zone_counts_from_aggregate(aggregate, spec, np.random.Generator(np.random.Philox(9)),
                                               before_noise=seen.append)
    assert len(local.result["noisy_count"]) > 0
    for name in ("zone_index", "slot_index", "noisy_count"):
        np.testing.assert_array_equal(other.result[name], local.result[name])
    assert seen == [dict(other.record_fields)] and dict(other.record_fields) == dict(local.record_fields)


def test_zone_count_aggregate_must_match_zones_and_slots():
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="u")
    aggregate = ZoneCountAggregate(np.zeros((3, 2), dtype=np.int64), 0, np.arange(4), records=0)
    with pytest.raises(ValueError):
        release_zone_counts_from_aggregate(aggregate, spec, np.random.default_rng(0))


@pytest.mark.parametrize("intrazonal", [True, False])
def test_grouped_pair_counts_equal_count_pairs(intrazonal):
    rng = np.random.default_rng(1)
    origin = np.where(rng.random(4000) < 0.05, -1, rng.integers(0, 30, 4000))
    dest = np.where(rng.random(4000) < 0.05, -1, rng.integers(0, 30, 4000))
    expected = count_pairs(origin, dest, 30, intrazonal)
    keys, trips = np.unique(np.column_stack((origin, dest)), axis=0, return_counts=True)
    split = np.repeat(np.arange(len(keys)), 2)  # every group given as two rows (e.g. two partitions)
    halves = np.stack((trips // 2, trips - trips // 2), axis=1).ravel()
    grouped = pair_counts_from_groups(keys[split, 0], keys[split, 1], halves, 30, intrazonal)
    np.testing.assert_array_equal(grouped.ranks, expected.ranks)
    np.testing.assert_array_equal(grouped.counts, expected.counts)
    assert (grouped.outside, grouped.intrazonal_left_out) == (expected.outside, expected.intrazonal_left_out)


def test_od_flows_from_pairs_publish_what_the_record_release_publishes():
    rng = np.random.default_rng(2)
    n, zones = 3000, 25
    origin = np.where(rng.random(n) < 0.05, -1, rng.integers(0, zones, n))
    dest = rng.integers(0, zones, n)
    users = rng.permutation(n) // 3
    order = rng.permutation(zones)
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="u", max_trips=3, min_flow=2)
    local = release_od_flows(ODFlowData(origin, dest, order, users), spec, np.random.Generator(np.random.Philox(4)))
    rank = ranks_from_order(order)
    to_rank = np.where(origin == -1, -1, rank[np.maximum(origin, 0)]), rank[dest]
    pairs = count_pairs(*to_rank, zones)
    other = release_od_flows_from_pairs(pairs, order, spec, np.random.Generator(np.random.Philox(4)), records=n,
                                        ends_outside=int((origin == -1).sum()), bounded=True)
    assert len(local.result["noisy_count"]) > 0
    for name in ("origin_index", "dest_index", "noisy_count"):
        np.testing.assert_array_equal(other.result[name], local.result[name])
    assert dict(other.facts) == dict(local.facts)
