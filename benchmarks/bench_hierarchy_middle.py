"""Issue 23's middle-level goal, investigated: can consistent counts beat the middle level released alone?

The goal: at epsilon 1 in total, the mean absolute error (MAE) at the middle level of a three-level H3
hierarchy at least 20% below the best single-level release of that level with the same total epsilon (the
middle level alone at epsilon 1, rounded and clamped at zero as noisyzonecounts publishes it).

Why a linear estimate cannot (the argument, for Laplace noise and any split e0 + e1 + e2 = e): a middle node's
count is measured directly (variance 2 / e1^2), through the sum of its children's measurements (variance
2 k / e2^2 for k children) and through its parent's measurement minus its siblings' (variance at least
2 / e0^2). The variance of the best linear unbiased estimate is one over the sum of these informations, which
is at most e1^2 / 2 + e2^2 / (2 k) + e0^2 / 2 <= (e0^2 + e1^2 + e2^2) / 2 <= e^2 / 2: never below 2 / e^2, the
variance of the level released alone at e, and equal only when the whole budget goes to the middle level. The
MAE of a single Laplace draw is its standard deviation / sqrt(2), while a sum of several noises is closer to
normal (MAE = 0.80 standard deviations), so the linear estimate's MAE is higher still. What can help is not
linear: non-negativity on sparse levels, where most true counts are 0 (TopDown's non-negative least squares,
Abowd et al. 2022). But the single release clamps at zero too, which helps it in the same places.

Measured here on the same real points and study areas as bench_spatial_structure.py (Helsinki's 8,045 pyrosm
nodes, H3 9/10/11; Cairns' 416 stops, H3 7/8/9), RUNS releases each, fresh noise:

- the middle level alone at epsilon 1: raw Laplace, and rounded and clamped at zero (the baseline);
- for every split on a 0.1 grid (the finest level's share above 0, as consistentcounts needs):
  - ``ls``: the least-squares estimate, real-valued (linear: the argument above applies);
  - ``ls_rounded``: what consistentcounts publishes (non-negative integers that add up, by proportional
    rounding down the tree);
  - ``topdown``: TopDown-style non-negative least squares level by level: the top level clamped at zero,
    then under each parent the children closest (in the inverse-variance weighted L2 norm) to their
    bottom-up estimates, non-negative and adding up to the parent (a weighted projection onto a simplex);
- for the best two splits, ``nnls``: the global non-negative weighted least squares over the leaves
  (scipy.optimize.lsq_linear), fewer runs.

A third point set that no test or setting was tuned to (``held_out``): the building centroids of the other
OpenStreetMap extract bundled with pyrosm (``test.osm.pbf``, a town in south-eastern Finland, 26.93-26.97 E,
60.52-60.54 N; 2,193 of its 2,219 buildings have a centroid), over the extract's own declared bounds, with
the resolutions fixed before any run at Helsinki's (9/10/11: a town centre of a few square kilometres). It is
read from build/trial-data/pyrosm_test.gpkg, made by ``--prepare`` from the pyrosm package of build/trial-venv
(real_data_trial.py).

Writes benchmarks/results/hierarchy_middle.json (``--only NAME`` runs one point set and keeps the others'
figures). Usage: python3 benchmarks/bench_hierarchy_middle.py [--prepare] [--only held_out]
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import scipy.sparse
from scipy.optimize import lsq_linear

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks import bench_spatial_structure as spatial  # noqa: E402
from benchmarks.bench_spatial_structure import DATA, points, study_area_lonlat, to_lonlat  # noqa: E402
from benchmarks.common import RESULTS, write_results  # noqa: E402
from dp_geoprivacy.core.geometry import h3cells  # noqa: E402
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise  # noqa: E402
from dp_geoprivacy.core.releases.hierarchy import (  # noqa: E402
    HierarchySpec,
    h3_hierarchy,
    least_squares,
    released_variances,
    round_consistently,
)

RUNS = 60
NNLS_RUNS = 10
EPSILON = 1.0
MIDDLE = 1
EQUAL = (1 / 3, 1 / 3, 1 / 3)  # consistentcounts' default
# The held-out point set (module doc): declared before any run, never used by a test.
HELD_OUT = ("pyrosm_test.gpkg", "buildings", (26.93, 60.52, 26.97, 60.54, 4326))
AREAS = dict(spatial.AREAS, held_out=HELD_OUT)
RESOLUTIONS = dict(spatial.RESOLUTIONS, held_out=(9, 10, 11))
spatial.AREAS.setdefault("held_out", HELD_OUT)  # points() and study_area_lonlat() look names up there


def prepare_held_out():
    """build/trial-data/pyrosm_test.gpkg: the building centroids of pyrosm's bundled test.osm.pbf."""
    python = ROOT / "build" / "trial-venv" / "bin" / "python"
    probe = "import pyrosm; print(pyrosm.get_data('test_pbf'))"
    pbf = subprocess.run([str(python), "-c", probe], check=True, capture_output=True, text=True).stdout.split()[-1]
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(DATA / HELD_OUT[0]), pbf, "-nln", HELD_OUT[1], "-overwrite",
                    "-dialect", "sqlite", "-sql",
                    "SELECT ST_Centroid(geometry) AS geom FROM multipolygons WHERE building IS NOT NULL"],
                   check=True, capture_output=True)


def bottom_up(tree, noisy, variances):
    """The first pass of the least squares: per level, z (the inverse-variance combination of a node's own
    measurement and its children's sum) and its variance V."""
    z, v = [None] * tree.levels, [None] * tree.levels
    z[-1], v[-1] = np.asarray(noisy[-1], float), np.full(tree.sizes[-1], variances[-1])
    for level in range(tree.levels - 2, -1, -1):
        parent = tree.parents[level]
        child_sum = np.bincount(parent, weights=z[level + 1], minlength=tree.sizes[level])
        child_var = np.bincount(parent, weights=v[level + 1], minlength=tree.sizes[level])
        if np.isfinite(variances[level]):
            own = variances[level]
            z[level] = (noisy[level] / own + child_sum / child_var) / (1 / own + 1 / child_var)
            v[level] = 1 / (1 / own + 1 / child_var)
        else:
            z[level], v[level] = child_sum, child_var
    return z, v


def topdown(tree, noisy, variances):
    """Non-negative, consistent, level by level (module doc): x_c = max(0, z_c - lambda_p V_c), sum = x_p."""
    z, v = bottom_up(tree, noisy, variances)
    x = [np.maximum(z[0], 0.0)]
    for level in range(1, tree.levels):
        parent = tree.parents[level - 1]
        target = x[level - 1]
        lo = np.full(tree.sizes[level - 1], -1e6)
        hi = np.full(tree.sizes[level - 1], 1e6)
        for _ in range(80):  # bisection on lambda per parent: the sum falls as lambda grows
            mid = (lo + hi) / 2
            total = np.bincount(parent, weights=np.maximum(z[level] - mid[parent] * v[level], 0.0),
                                minlength=tree.sizes[level - 1])
            too_big = total > target
            lo = np.where(too_big, mid, lo)
            hi = np.where(too_big, hi, mid)
        children = np.maximum(z[level] - hi[parent] * v[level], 0.0)
        sums = np.bincount(parent, weights=children, minlength=tree.sizes[level - 1])
        scale = np.where(sums > 0, target / np.where(sums > 0, sums, 1.0), 0.0)  # remove the bisection's slack
        x.append(children * scale[parent])
    return x


def nnls(tree, noisy, variances):
    """Global non-negative weighted least squares over the leaves; every level is then a sum of leaves."""
    nodes = tree.ancestors(np.arange(tree.sizes[-1]))
    blocks, targets = [], []
    for level in range(tree.levels):
        if not np.isfinite(variances[level]):
            continue
        w = 1 / np.sqrt(variances[level])
        blocks.append(scipy.sparse.csr_matrix((np.full(tree.sizes[-1], w), (nodes[level], np.arange(tree.sizes[-1]))),
                                              shape=(tree.sizes[level], tree.sizes[-1])))
        targets.append(np.asarray(noisy[level]) * w)
    solution = lsq_linear(scipy.sparse.vstack(blocks).tocsr(), np.concatenate(targets), bounds=(0, np.inf),
                          lsmr_tol="auto", tol=1e-8).x
    return tree.aggregate(solution)


def splits(step=0.1):
    grid = np.round(np.arange(0, 1 + 1e-9, step), 10)
    return [EQUAL] + [(a, b, round(1 - a - b, 10)) for a in grid for b in grid if 1 - a - b > 1e-9]


def middle_goal(name, xy, rng):
    *_, epsg = AREAS[name][2]
    resolutions = RESOLUTIONS[name]
    leaves = h3cells.cells_covering(study_area_lonlat(name), resolutions[-1])
    tree, cells = h3_hierarchy(leaves, resolutions)
    lonlat = to_lonlat(xy, epsg)
    leaf = h3cells.index_in(cells[-1], h3cells.cells_of_points(lonlat[:, 0], lonlat[:, 1], resolutions[-1]))
    truth = tree.aggregate(np.bincount(leaf[leaf >= 0], minlength=tree.sizes[-1]))
    out = {"levels": [f"H3 resolution {r}" for r in resolutions], "cells": list(tree.sizes),
           "middle_level_zero_share": float(np.mean(truth[MIDDLE] == 0)), "splits": {}}
    alone = CountNoise(LAPLACE, EPSILON, 1.0)
    raw, clamped = [], []
    for _ in range(RUNS):
        noisy = alone.apply(truth[MIDDLE], rng)
        raw.append(np.mean(np.abs(noisy - truth[MIDDLE])))
        clamped.append(np.mean(np.abs(np.maximum(np.rint(noisy), 0) - truth[MIDDLE])))
    out["middle_alone_raw_mae"] = float(np.mean(raw))
    baseline = out["middle_alone_rounded_clamped_mae"] = float(np.mean(clamped))
    for shares in splits():
        spec = HierarchySpec(tree, EPSILON, shares, 1, False, LAPLACE, False)
        noises = spec.level_noises()
        variances = released_variances(noises)
        errors = {"ls": [], "ls_rounded": [], "topdown": []}
        for _ in range(RUNS):
            counts = tree.aggregate(truth[-1])
            noisy = [noise.apply(c, rng) if noise else np.zeros_like(c) for noise, c in zip(noises, counts)]
            estimate = least_squares(tree, noisy, variances)
            for label, values in (("ls", estimate), ("ls_rounded", round_consistently(tree, estimate)),
                                  ("topdown", topdown(tree, noisy, variances))):
                errors[label].append(np.mean(np.abs(values[MIDDLE] - truth[MIDDLE])))
        out["splits"][",".join(f"{s:g}" for s in shares)] = {k: round(float(np.mean(e)), 4)
                                                             for k, e in errors.items()}
    best = sorted(out["splits"].items(), key=lambda item: min(item[1].values()))[:2]
    for label, figures in best:
        shares = tuple(float(s) for s in label.split(","))
        spec = HierarchySpec(tree, EPSILON, shares, 1, False, LAPLACE, False)
        noises = spec.level_noises()
        variances = released_variances(noises)
        errors = []
        for _ in range(NNLS_RUNS):
            noisy = [noise.apply(c, rng) if noise else np.zeros_like(c) for noise, c in zip(noises, truth)]
            errors.append(np.mean(np.abs(nnls(tree, noisy, variances)[MIDDLE] - truth[MIDDLE])))
        figures["nnls"] = round(float(np.mean(errors)), 4)
    best_label, best_figures = min(out["splits"].items(), key=lambda item: min(item[1].values()))
    best_method = min(best_figures, key=best_figures.get)
    out["best"] = {"split": best_label, "method": best_method, "mae": best_figures[best_method],
                   "change_against_alone": round(best_figures[best_method] / baseline - 1, 4)}
    out["default_split_equal"] = {k: round(v / baseline - 1, 4)
                                  for k, v in out["splits"][",".join(f"{s:g}" for s in EQUAL)].items()}
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--prepare", action="store_true", help="make build/trial-data/pyrosm_test.gpkg first")
    parser.add_argument("--only", choices=sorted(AREAS), help="run one point set, keep the others' figures")
    args = parser.parse_args()
    if args.prepare:
        prepare_held_out()
    rng = np.random.default_rng()
    results = {"epsilon": EPSILON, "runs": RUNS, "nnls_runs": NNLS_RUNS}
    if args.only and (RESULTS / "hierarchy_middle.json").exists():
        earlier = json.loads((RESULTS / "hierarchy_middle.json").read_text())
        results.update({name: earlier[name] for name in AREAS if name in earlier})
    for name in ([args.only] if args.only else AREAS):
        if not (DATA / AREAS[name][0]).exists():
            print(f"{DATA / AREAS[name][0]} is missing: run benchmarks/real_data_trial.py first (it fetches it)")
            continue
        xy = points(name)
        results[name] = {"points": len(xy), "middle": middle_goal(name, xy, rng)}
        summary = {k: v for k, v in results[name]["middle"].items() if k != "splits"}
        print(json.dumps({name: summary}, indent=1))
    write_results("hierarchy_middle", results)


if __name__ == "__main__":
    main()
