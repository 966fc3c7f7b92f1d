"""Benchmark: the escaped-point sweep of dp_geoprivacy:escapeanalysis (Dumont et al. 2021 §5).

1,000,000 points, a 50 x 50 grid of 200 m zones (2,500 zones), 20 scales x 10
realizations: 2 x 10^8 point tests. Reported, all measured in this run:

* the core sweep (``core.accuracy.escape.escape_sweep``): wall time and the
  throughput in point tests per second, the process's peak RSS, and, in a
  second traced run (tracemalloc, which numpy reports its buffers to; it
  slows the sweep, so it is not timed), the peak memory the sweep allocates;
* the raw vectorised ``shapely.contains_xy`` throughput on the same points,
  perturbed at the same scales (3 realizations), each point against its
  own prepared zone: the floor of any own-zone-first test (goal: the sweep
  within 2x of it);
* the per-point loop of Dumont et al. 2021 on a 10,000-point subset: for each
  perturbed point a shapely Point tested with ``polygon.contains`` against
  the zones in layer order until one contains it, and the same with an
  STRtree query per point;
* the end-to-end ``qgis_process`` run of the algorithm on the same data
  (reading, reprojection checks, the sweep, writing 50,000 zone rows).

Run: make -s stage && .venv/bin/python benchmarks/bench_escape_analysis.py [--skip-qgis-process]
"""

import argparse
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import load_average, print_table, run_measured, write_results  # noqa: E402
from dp_geoprivacy.core.accuracy.escape import ZoneLocator, escape_sweep  # noqa: E402
from dp_geoprivacy.core.geometry.zones import OUTSIDE, Tessellation  # noqa: E402
from dp_geoprivacy.core.mechanisms.location import PER_AXIS  # noqa: E402

ORIGIN = (500_000.0, 4_500_000.0)
SIDE = 200.0


def grid(n_side):
    x0, y0 = ORIGIN
    polygons = [shapely.box(x0 + c * SIDE, y0 + r * SIDE, x0 + (c + 1) * SIDE, y0 + (r + 1) * SIDE)
                for r in range(n_side) for c in range(n_side)]
    return Tessellation(polygons, [f"Z{r}_{c}" for r in range(n_side) for c in range(n_side)])


def city_points(n, n_side, seed=20261122):
    """Household-like points: a dense centre and a uniform spread; a few fall outside the grid."""
    rng = np.random.default_rng(seed)
    extent = n_side * SIDE
    centre = np.array(ORIGIN) + extent / 2
    dense = rng.normal(centre, extent / 6, size=(n // 2, 2))
    spread = np.array(ORIGIN) + rng.uniform(0, extent, size=(n - n // 2, 2))
    return np.vstack((dense, spread))


def write_inputs(directory, xy, n_side):
    """The points and zones as GeoPackages for qgis_process (ogr2ogr from CSV / WKT)."""
    csv = directory / "points.csv"
    with open(csv, "w") as out:
        out.write("x,y,hh_id\n")
        np.savetxt(out, np.column_stack((xy, np.arange(len(xy)))), fmt=["%.2f", "%.2f", "%d"], delimiter=",")
    points = directory / "points.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(points), str(csv), "-nln", "points", "-a_srs", "EPSG:32633",
                    "-oo", "X_POSSIBLE_NAMES=x", "-oo", "Y_POSSIBLE_NAMES=y"], check=True)
    zones_csv = directory / "zones.csv"
    tessellation = grid(n_side)
    with open(zones_csv, "w") as out:
        out.write("zone_id,wkt\n")
        for zone_id, polygon in zip(tessellation.ids, tessellation.polygons):
            out.write(f'{zone_id},"{polygon.wkt}"\n')
    zones = directory / "zones.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(zones), str(zones_csv), "-nln", "zones", "-a_srs", "EPSG:32633",
                    "-nlt", "POLYGON", "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO"], check=True)
    return points, zones


def raw_contains_rate(tessellation, xy, scales, realizations=3):
    """Point tests per second of vectorised contains_xy: each perturbed point against its own prepared zone.

    The same work as the sweep's own-zone tests: the points in zone order,
    perturbed (per-axis Laplace, outside the timer) at every scale of the
    sweep, ``realizations`` times; only the contains_xy calls are timed.
    Its speed depends on the scale (points far from their zone are
    rejected by the bounding box), so all scales are included.
    """
    zone = ZoneLocator(tessellation).locate(xy)
    inside = np.flatnonzero(zone != OUTSIDE)
    inside = inside[np.argsort(zone[inside], kind="stable")]
    own = tessellation.polygons[zone[inside]]
    origin_x, origin_y = xy[inside, 0], xy[inside, 1]
    rng = np.random.default_rng(3)
    seconds, tests = 0.0, 0
    for _ in range(realizations):
        noise = rng.laplace(0, 1, size=(2, len(inside)))
        for scale in scales:
            x, y = origin_x + scale * noise[0], origin_y + scale * noise[1]
            start = time.perf_counter()
            shapely.contains_xy(own, x, y)
            seconds += time.perf_counter() - start
            tests += len(x)
    return tests / seconds, tests, seconds


def per_point_loops(tessellation, xy, scale):
    """Dumont et al. 2021's approach on a subset: per point, Point + polygon.contains in layer order; and STRtree
    per point."""
    moved = xy + np.random.default_rng(4).laplace(0, scale, size=xy.shape)
    polygons = list(tessellation.polygons)
    start = time.perf_counter()
    found_loop = []
    for x, y in moved:
        point = shapely.Point(x, y)
        found = OUTSIDE
        for index, polygon in enumerate(polygons):
            if polygon.contains(point):
                found = index
                break
        found_loop.append(found)
    loop_s = time.perf_counter() - start
    start = time.perf_counter()
    found_tree = []
    for x, y in moved:
        hits = tessellation.tree.query(shapely.Point(x, y), predicate="intersects")
        found_tree.append(int(hits.min()) if len(hits) else OUTSIDE)
    tree_s = time.perf_counter() - start
    return loop_s, tree_s, np.array(found_loop), np.array(found_tree), moved


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--grid", type=int, default=50, help="zones per side (50: 2,500 zones)")
    parser.add_argument("--scales", type=int, default=20)
    parser.add_argument("--realizations", type=int, default=10)
    parser.add_argument("--subset", type=int, default=10_000)
    parser.add_argument("--skip-qgis-process", action="store_true")
    args = parser.parse_args()

    load_start = load_average()
    tessellation = grid(args.grid)
    xy = city_points(args.points, args.grid)
    scales = np.geomspace(2.0, 2000.0, args.scales)  # b / zone side from 0.01 to 10
    tests = args.points * args.scales * args.realizations

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    result = escape_sweep(tessellation, xy, scales, args.realizations, np.random.default_rng(1), kind=PER_AXIS)
    sweep_s = time.perf_counter() - start
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    sweep_rate = tests / sweep_s
    # Memory, traced (numpy reports its buffers to tracemalloc), in a separate run: tracing slows the
    # sweep down. Memory does not grow with realizations (one chunk of perturbed points at a time,
    # per-zone sums), so two realizations show the peak of ten.
    tracemalloc.start()
    locator = ZoneLocator(tessellation)
    _, index_peak = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    escape_sweep(tessellation, xy, scales, min(2, args.realizations), np.random.default_rng(1), kind=PER_AXIS,
                 locator=locator)
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del locator

    raw_rate, raw_tests, raw_s = raw_contains_rate(tessellation, xy, scales)
    subset = xy[np.random.default_rng(5).choice(len(xy), args.subset, replace=False)]
    loop_s, tree_s, found_loop, found_tree, moved = per_point_loops(tessellation, subset, scale=20.0)
    locator_agrees = bool(np.array_equal(found_tree, ZoneLocator(tessellation).locate(moved)))
    interior_agree = bool(np.array_equal(found_loop, found_tree))

    rows = [
        {"method": "escape_sweep (own zone first, raster for escapers)", "point_tests": tests,
         "wall_s": round(sweep_s, 2), "tests_per_s": f"{sweep_rate:,.0f}", "vs_raw": round(raw_rate / sweep_rate, 2)},
        {"method": "raw shapely.contains_xy (own zone, prepared, same scales)", "point_tests": raw_tests,
         "wall_s": round(raw_s, 2), "tests_per_s": f"{raw_rate:,.0f}", "vs_raw": 1.0},
        {"method": "per-point loop: Point + polygon.contains in order", "point_tests": args.subset,
         "wall_s": round(loop_s, 2), "tests_per_s": f"{args.subset / loop_s:,.0f}",
         "vs_raw": round(raw_rate / (args.subset / loop_s), 1)},
        {"method": "per-point loop: Point + STRtree.query", "point_tests": args.subset,
         "wall_s": round(tree_s, 2), "tests_per_s": f"{args.subset / tree_s:,.0f}",
         "vs_raw": round(raw_rate / (args.subset / tree_s), 1)},
    ]
    end_to_end = None
    if not args.skip_qgis_process:
        with tempfile.TemporaryDirectory(prefix="dp_bench_escape_") as tmp:
            directory = Path(tmp)
            points, zones = write_inputs(directory, xy, args.grid)
            end_to_end = run_measured(
                ["run", "dp_geoprivacy:escapeanalysis", "--", f"INPUT={points}", f"ZONES={zones}",
                 "ZONE_ID_FIELD=zone_id", "MECHANISM=1", f"SCALES={','.join(f'{b:.6g}' for b in scales)}",
                 f"REALIZATIONS={args.realizations}", "TARGET_ESCAPE=0.1", "SEED=1",
                 f"OUTPUT_TABLE={directory / 'table.gpkg'}", f"OUTPUT_ZONES={directory / 'zones_out.gpkg'}",
                 f"OUTPUT_CHART={directory / 'chart.html'}"],
                "dp_geoprivacy:escapeanalysis")
            rows.append({"method": "qgis_process dp_geoprivacy:escapeanalysis (end to end)", "point_tests": tests,
                         "wall_s": end_to_end["wall_s"], "tests_per_s": f"{tests / end_to_end['wall_s']:,.0f}",
                         "vs_raw": round(raw_rate / (tests / end_to_end["wall_s"]), 2)})

    print(f"{args.points:,} points, {len(tessellation):,} zones, {args.scales} scales x {args.realizations} "
          f"realizations; {result.points_outside:,} points outside the grid; load average at start {load_start}, "
          f"now {load_average()} on {__import__('os').cpu_count()} cores")
    print_table(rows, ["method", "point_tests", "wall_s", "tests_per_s", "vs_raw"])
    print(f"memory (tracemalloc, {min(2, args.realizations)} realizations): building the zone index "
          f"{index_peak / 2**20:.0f} MiB at peak, the sweep {traced_peak / 2**20:.0f} MiB at peak (index "
          f"included); process peak RSS {rss_after:.0f} MiB (before the sweep {rss_before:.0f} MiB; input "
          f"coordinates {xy.nbytes / 2**20:.0f} MiB)")
    if end_to_end:
        print(f"qgis_process: {end_to_end['wall_s']:.1f} s, peak RSS {end_to_end['peak_rss_mib']:.0f} MiB")
    print(f"subset zones: STRtree loop == ZoneLocator: {locator_agrees}; contains-loop == STRtree loop: "
          f"{interior_agree}")
    print("escape share by scale: " + ", ".join(f"{b:.3g} m: {m:.3f}" for b, m in zip(scales, result.escape_mean)))
    path = write_results("escape_analysis", {
        "points": args.points, "zones": len(tessellation), "scales": scales.round(4).tolist(),
        "realizations": args.realizations, "point_tests": tests, "points_outside": result.points_outside,
        "sweep_wall_s": round(sweep_s, 2), "sweep_tests_per_s": round(sweep_rate),
        "sweep_peak_traced_mib": round(traced_peak / 2**20, 1),
        "index_build_peak_traced_mib": round(index_peak / 2**20, 1),
        "sweep_peak_traced_realizations": min(2, args.realizations), "process_peak_rss_mib": round(rss_after, 1),
        "process_rss_before_sweep_mib": round(rss_before, 1),
        "raw_contains_xy_tests_per_s": round(raw_rate), "raw_contains_xy_tests": raw_tests,
        "raw_contains_xy_s": round(raw_s, 3),
        "sweep_slowdown_vs_raw": round(raw_rate / sweep_rate, 3),
        "subset": args.subset, "per_point_contains_loop_s": round(loop_s, 2),
        "per_point_strtree_loop_s": round(tree_s, 2),
        "speedup_vs_contains_loop": round(sweep_rate / (args.subset / loop_s), 1),
        "speedup_vs_strtree_loop": round(sweep_rate / (args.subset / tree_s), 1),
        "qgis_process": end_to_end, "escape_mean": result.escape_mean.round(5).tolist(),
        "load_average_at_start": load_start,
    })
    print(f"written: {path}")


if __name__ == "__main__":
    main()
