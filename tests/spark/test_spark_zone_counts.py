"""dp_geoprivacy.spark zone counts against the single-machine core (issue 15).

The aggregates are compared through test-only code (the public path always
adds noise); the statistical tests use fixed seeds and stated alphas.
"""

import itertools
import math

import numpy as np
import pandas as pd
import pytest
import shapely
from scipy import stats

from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.release import null_user_mask, ranks_from_order
from dp_geoprivacy.core.releases.time_slots import NO_SLOT, time_slots
from dp_geoprivacy.core.releases.zone_counts import (
    ZoneCountData,
    histogram_counts,
    release_zone_counts,
    release_zone_counts_from_aggregate,
)
from dp_geoprivacy.spark.cells import ZoneCellSet, h3_cells, id_order
from dp_geoprivacy.spark.zone_counts import (
    PointColumns,
    aggregate_from_rows,
    bounded_frame,
    release_spark_zone_counts,
    spark_aggregate,
    zone_count_spec,
)

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"


def taps(n=4000, users=400, seed=0, nulls=False):
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "lon": 151.2 + rng.normal(0, 0.03, n),  # some fall outside the extent: the outside cell
        "lat": -33.87 + rng.normal(0, 0.03, n),
        "card": rng.integers(0, users, n).astype(np.int64),
        "ts": pd.to_datetime("2024-05-01") + pd.to_timedelta(rng.integers(0, 7 * 86400, n), unit="s"),
    })
    if nulls:
        frame["card"] = frame["card"].astype(object)
        frame.loc[rng.random(n) < 0.05, "card"] = None
        frame.loc[rng.random(n) < 0.05, "ts"] = pd.NaT
    return frame


def as_spark(spark, frame, partitions=3):
    return spark.createDataFrame(frame).repartition(partitions)


def single_machine_counts(frame, cells, spec, user=True):
    """Test-only: the core's pre-noise counts of every record kept after NULL drops (no bound)."""
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    keep = np.ones(len(frame), dtype=bool)
    if user:
        keep &= ~null_user_mask(frame["card"].to_numpy(dtype=object))
    slot = np.zeros(len(frame), dtype=np.int64)
    if spec.slot_kind:
        slot = time_slots(frame["ts"].to_numpy(), spec.slot_kind)
        keep &= slot != NO_SLOT
    counts, outside = histogram_counts(cell[keep], slot[keep], len(cells), len(spec.slot_labels), cells.overlay)
    return counts, outside, int(keep.sum())


@pytest.mark.parametrize("time_slot", [None, 1])
def test_aggregates_equal_the_core_when_no_user_is_bounded(spark, time_slot):
    frame = taps(nulls=True)
    cells = h3_cells(8, EXTENT)
    spec = zone_count_spec(epsilon=1, user_field="card", max_contributions=10**6,
                           time_field="ts" if time_slot else None, time_slot=time_slot or 0)
    rows = spark_aggregate(as_spark(spark, frame), cells, PointColumns("lon", "lat", user="card",
                                                                        time="ts" if time_slot else None),
                           max_contributions=spec.max_contributions, slot_kind=spec.slot_kind, key=1)
    aggregate = aggregate_from_rows(rows, cells, len(spec.slot_labels), bounded=True)
    counts, outside, records = single_machine_counts(frame, cells, spec)
    assert outside > 0 and counts.sum() > 0
    np.testing.assert_array_equal(aggregate.counts, counts)
    assert (aggregate.outside, aggregate.records, aggregate.dropped_by_bound) == (outside, records, 0)
    assert aggregate.null_users == int(frame["card"].isna().sum())
    if time_slot:
        assert aggregate.null_times == int(frame["ts"].isna().sum())


def same_facts(a, b):
    return a.keys() == b.keys() and all(a[k] == b[k] or (a[k] != a[k] and b[k] != b[k]) for k in a)


def overlapping_zones():
    squares = [shapely.box(151.15 + 0.02 * i, -33.92, 151.19 + 0.02 * i, -33.82) for i in range(4)]
    from dp_geoprivacy.core.geometry.zones import Tessellation
    from dp_geoprivacy.core.releases.zone_counts import overlay_faces

    overlay = overlay_faces(Tessellation(np.asarray(squares, dtype=object), np.arange(4)))
    return ZoneCellSet(squares, [40, 3, 20, 1], None, "4 test zones", overlay)


def test_aggregates_with_broadcast_overlapping_zones_equal_the_core(spark):
    frame = taps(seed=1)
    cells = overlapping_zones()
    spec = zone_count_spec(epsilon=1, cells_per_point=cells.cells_per_point)
    rows = spark_aggregate(as_spark(spark, frame), cells, PointColumns("lon", "lat"), max_contributions=1,
                           slot_kind=None, key=1)
    aggregate = aggregate_from_rows(rows, cells, 1, bounded=False)
    counts, outside, _ = single_machine_counts(frame, cells, spec, user=False)
    np.testing.assert_array_equal(aggregate.counts, counts)
    assert aggregate.outside == outside
    assert cells.cells_per_point == 2


@pytest.mark.parametrize("threshold, resolution, slots", [(0, 8, 2), (1, 6, None)])
def test_same_seed_same_published_numbers_on_both_paths(spark, threshold, resolution, slots):
    frame = taps(seed=2, users=4000)  # at most a few points per user: nobody above M = 8
    assert frame.groupby("card").size().max() <= 8
    cells = h3_cells(resolution, EXTENT)
    spec = zone_count_spec(epsilon=2, delta=1e-6, threshold=threshold, user_field="card", max_contributions=8,
                           time_field="ts" if slots else None, time_slot=slots or 0)
    spark_release, _ = release_spark_zone_counts(
        as_spark(spark, frame), cells, PointColumns("lon", "lat", user="card", time="ts"), spec,
        noise_source(42).generator)
    cell = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    data = ZoneCountData(cell=cell, n_zones=len(cells), zone_rank=ranks_from_order(id_order(cells.ids)),
                         user_keys=frame["card"].to_numpy(), times=frame["ts"].to_numpy())
    local = release_zone_counts(data, spec, noise_source(42).generator)
    for name in ("zone_index", "slot_index", "noisy_count"):
        np.testing.assert_array_equal(spark_release.result[name], local.result[name])
    assert dict(spark_release.record_fields) == dict(local.record_fields)
    assert same_facts(spark_release.facts, local.facts)
    assert len(local.result["noisy_count"]) > 0
    other, _ = release_spark_zone_counts(as_spark(spark, frame), cells, PointColumns("lon", "lat", user="card",
                                                                                    time="ts"),
                                         spec, noise_source(43).generator)
    assert not np.array_equal(other.result["noisy_count"], local.result["noisy_count"])


def test_user_bound_samples_uniformly_across_partitions(spark):
    """Each of 3,000 users has one point in each of 6 zones, the points spread over 6 partitions by zone.

    With M = 2 every user keeps exactly 2, and the kept pair is uniform over
    the 15 pairs: chi-square at alpha = 0.01 (14 degrees of freedom). Taking
    the first M in partition or row order would keep zones 0 and 1.
    """
    users, zones, m = 3000, 6, 2
    squares = [shapely.box(i, 0, i + 1, 1) for i in range(zones)]
    cells = ZoneCellSet(squares, list(range(zones)), None, "6 unit squares")
    frame = pd.DataFrame({"lon": np.repeat(np.arange(zones) + 0.5, users), "lat": 0.5,
                          "card": np.tile(np.arange(users), zones).astype(np.int64)})
    df = spark.createDataFrame(frame).repartitionByRange(zones, "lon")
    assert df.rdd.getNumPartitions() == zones
    bounded = bounded_frame(df, cells, PointColumns("lon", "lat", user="card"), max_contributions=m, slot_kind=None,
                            key=7).where("kept").select("user", "cell").toPandas()
    per_user = bounded.groupby("user")["cell"].apply(lambda c: tuple(sorted(c)))
    assert len(per_user) == users and per_user.map(len).max() == m and per_user.map(len).min() == m
    pairs = list(itertools.combinations(range(zones), m))
    observed = np.array([(per_user == p).sum() for p in pairs])
    assert observed.sum() == users
    _, p_value = stats.chisquare(observed)
    assert p_value > 0.01, observed


def test_user_bound_leaves_no_user_above_m(spark):
    frame = taps(seed=3, users=50)  # about 80 points per user
    cells = h3_cells(8, EXTENT)
    bounded = bounded_frame(as_spark(spark, frame, 5), cells, PointColumns("lon", "lat", user="card"),
                            max_contributions=5, slot_kind=None, key=3).where("kept").groupBy("user").count()
    counts = bounded.toPandas()["count"]
    assert counts.max() == 5 and len(counts) == frame["card"].nunique()


def test_neighbouring_datasets_through_spark(spark):
    """D and D' differ by one user with 12 points in one zone; M = 3, epsilon = 1, one zone of interest.

    The other users have 2 points each (below M), so only the added user's
    sample is random and the aggregates' difference is that user's alone.
    Through Spark, the aggregates differ by at most M in L1 (the sensitivity
    the noise is calibrated to). Then 20,000 driver releases from each
    aggregate: for every published value seen at least 400 times under
    both, the frequency ratio stays below e^epsilon within 4 standard errors
    of the log ratio (alpha far below 0.001 over the values tested).
    """
    squares = [shapely.box(i, 0, i + 1, 1) for i in range(3)]
    cells = ZoneCellSet(squares, [0, 1, 2], None, "3 unit squares")
    rng = np.random.default_rng(5)
    base = pd.DataFrame({"lon": rng.uniform(0, 3.2, 300), "lat": rng.uniform(0, 1, 300),
                         "card": np.arange(300, dtype=np.int64) // 2})  # 2 points per user: below M
    extra = pd.DataFrame({"lon": np.full(12, 0.5), "lat": np.full(12, 0.5), "card": np.full(12, 999, dtype=np.int64)})
    spec = zone_count_spec(epsilon=1.0, user_field="card", max_contributions=3, noise=1)
    columns = PointColumns("lon", "lat", user="card")
    aggregates = []
    for frame in (base, pd.concat([base, extra], ignore_index=True)):
        rows = spark_aggregate(as_spark(spark, frame, 4), cells, columns, max_contributions=3, slot_kind=None, key=11)
        aggregates.append(aggregate_from_rows(rows, cells, 1, bounded=False))
    d, d_prime = aggregates
    l1 = np.abs(d.counts - d_prime.counts).sum() + abs(d.outside - d_prime.outside)
    assert 0 < l1 <= 3
    generator = np.random.Generator(np.random.Philox(2024))
    samples = []
    for aggregate in (d, d_prime):
        values = [release_zone_counts_from_aggregate(aggregate, spec, generator).result["noisy_count"][0]
                  for _ in range(20000)]
        samples.append(np.asarray(values))
    tested = 0
    for value in np.union1d(*samples):
        a, b = (samples[0] == value).sum(), (samples[1] == value).sum()
        if min(a, b) < 400:
            continue
        tested += 1
        bound = spec.epsilon + 4 * math.sqrt(1 / a + 1 / b)
        assert abs(math.log(a / b)) <= bound, (value, a, b)
    assert tested >= 3
