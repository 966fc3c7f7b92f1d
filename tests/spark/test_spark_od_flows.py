"""dp_geoprivacy.spark OD flows against the single-machine core (issue 15)."""

import numpy as np
import pandas as pd
import pytest

from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.od_flows import ODFlowData, count_pairs, release_od_flows
from dp_geoprivacy.core.releases.release import ranks_from_order
from dp_geoprivacy.spark.cells import h3_cells, id_order
from dp_geoprivacy.spark.od_flows import (
    TripColumns,
    od_flow_spec,
    pairs_from_rows,
    release_spark_od_flows,
    spark_pair_rows,
)

EXTENT = "151.15,151.25,-33.92,-33.82 [EPSG:4326]"
COLUMNS = TripColumns("ox", "oy", "dx", "dy", user="card")


def trips(n=3000, users=3000, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({"ox": 151.2 + rng.normal(0, 0.025, n), "oy": -33.87 + rng.normal(0, 0.025, n),
                         "dx": 151.2 + rng.normal(0, 0.025, n), "dy": -33.87 + rng.normal(0, 0.025, n),
                         "card": rng.integers(0, users, n).astype(np.int64)})


def local_ends(frame, cells):
    origin = cells.assign_lonlat(frame["ox"].to_numpy(), frame["oy"].to_numpy())
    dest = cells.assign_lonlat(frame["dx"].to_numpy(), frame["dy"].to_numpy())
    return origin, dest


@pytest.mark.parametrize("intrazonal", [True, False])
def test_pair_counts_equal_the_core(spark, intrazonal):
    frame = trips()
    cells = h3_cells(7, EXTENT)
    rows = spark_pair_rows(spark.createDataFrame(frame).repartition(3), cells, COLUMNS, max_trips=10**6, key=1)
    pairs, zone_order, facts = pairs_from_rows(rows, cells, intrazonal)
    origin, dest = local_ends(frame, cells)
    rank = ranks_from_order(id_order(cells.ids))
    to_rank = np.vectorize(lambda z: -1 if z == -1 else rank[z])
    expected = count_pairs(to_rank(origin), to_rank(dest), len(cells), intrazonal)
    np.testing.assert_array_equal(pairs.ranks, expected.ranks)
    np.testing.assert_array_equal(pairs.counts, expected.counts)
    assert (pairs.outside, pairs.intrazonal_left_out) == (expected.outside, expected.intrazonal_left_out)
    assert expected.outside > 0 and facts["records"] == len(frame) and facts["dropped_by_bound"] == 0


@pytest.mark.parametrize("threshold, min_flow, resolution", [(0, 2.0, 7), (1, 0.0, 6)])
def test_same_seed_same_flows_on_both_paths(spark, threshold, min_flow, resolution):
    frame = trips(seed=1, users=6000)
    assert frame.groupby("card").size().max() <= 4
    cells = h3_cells(resolution, EXTENT)
    spec = od_flow_spec(epsilon=10 if threshold else 3, delta=1e-6, threshold=threshold, user_field="card",
                        max_trips=4, min_flow=min_flow)
    spark_release, _ = release_spark_od_flows(spark.createDataFrame(frame).repartition(3), cells, COLUMNS, spec,
                                              noise_source(8).generator)
    origin, dest = local_ends(frame, cells)
    local = release_od_flows(ODFlowData(origin, dest, id_order(cells.ids), frame["card"].to_numpy()), spec,
                             noise_source(8).generator)
    assert len(local.result["noisy_count"]) > 0
    for name in ("origin_index", "dest_index", "noisy_count"):
        np.testing.assert_array_equal(spark_release.result[name], local.result[name])
    assert dict(spark_release.record_fields) == dict(local.record_fields)
    assert dict(spark_release.facts) == dict(local.facts)
