"""Benchmark: dp_geoprivacy:noisyzonecounts vs native:countpointsinpolygon.

Self-contained: makes its data in a temporary directory (points in EPSG:32633
spread over a 42 x 42 km square, written by ogr2ogr from CSV; a 50 x 50 grid
of 800 m squares; the H3 resolution 8 hexagons of the same square made with
dp_geoprivacy:h3grid, not timed). Everything runs through the real
qgis_process (``make qgis_process``), in the same run, alternating, REPEATS
times each; the median wall time and the peak RSS (GNU time) are reported.

1. 1,000,000 points in 2,500 grid zones: ours (ZONES) against QGIS's C++
   native:countpointsinpolygon on the same files; goal: ratio <= 0.5.
2. The same points in H3 resolution 8 cells: ours (H3_RESOLUTION + EXTENT,
   H3 computed directly) against countpointsinpolygon on the hexagon layer.
3. 1,000,000 points with USER_FIELD (user-level bound, M = 5): ours only.
4. 10,000,000 points in the grid zones: ours, time and peak memory (goal
   under 2 GB: points are read and assigned one Arrow batch at a time).

Run: make -s stage && .venv/bin/python benchmarks/bench_noisy_zone_counts.py [--small]
(--small: 100,000 / 1,000,000 points, one repeat, for a quick check).
"""

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import load_average, print_table, run_measured, write_results  # noqa: E402

SMALL = "--small" in sys.argv
N_POINTS = 100_000 if SMALL else 1_000_000
N_LARGE = 1_000_000 if SMALL else 10_000_000
REPEATS = 1 if SMALL else 3
X0, Y0, CELL, GRID = 380_000.0, 5_800_000.0, 800.0, 50
SIDE = CELL * GRID
EXTENT = f"{X0:.0f},{X0 + SIDE:.0f},{Y0:.0f},{Y0 + SIDE:.0f} [EPSG:32633]"


def make_points(directory: Path, n: int, name: str) -> Path:
    """n points (EPSG:32633) over the grid's square and a 1 km margin around it, with a user id (100,000 users)."""
    rng = np.random.default_rng(20261122 + n)
    csv = directory / f"{name}.csv"
    with open(csv, "w") as out:
        out.write("x,y,user\n")
        for start in range(0, n, 1_000_000):
            m = min(1_000_000, n - start)
            xy = np.column_stack((rng.uniform(X0 - 1000, X0 + SIDE + 1000, m),
                                  rng.uniform(Y0 - 1000, Y0 + SIDE + 1000, m)))
            np.savetxt(out, np.column_stack((xy, rng.integers(0, 100_000, m))), fmt=["%.2f", "%.2f", "%d"],
                       delimiter=",")
    gpkg = directory / f"{name}.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "points", "-a_srs", "EPSG:32633",
                    "-oo", "X_POSSIBLE_NAMES=x", "-oo", "Y_POSSIBLE_NAMES=y", "-oo", "AUTODETECT_TYPE=YES",
                    "-gt", "1000000"], check=True)
    csv.unlink()
    return gpkg


def make_grid(directory: Path) -> Path:
    """GRID x GRID squares of CELL metres with field zone_id, through ogr2ogr from WKT in CSV."""
    csv = directory / "grid.csv"
    with open(csv, "w") as out:
        out.write("zone_id,wkt\n")
        for row in range(GRID):
            for col in range(GRID):
                x, y = X0 + col * CELL, Y0 + row * CELL
                out.write(f'Z{row}_{col},"POLYGON(({x} {y},{x + CELL} {y},{x + CELL} {y + CELL},'
                          f'{x} {y + CELL},{x} {y}))"\n')
    gpkg = directory / "grid.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "zones", "-a_srs", "EPSG:32633",
                    "-nlt", "POLYGON", "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO"], check=True)
    return gpkg


def feature_count(path):
    from osgeo import ogr

    dataset = ogr.Open(str(path))
    count = dataset.GetLayer(0).GetFeatureCount()
    dataset = None  # noqa: F841 (closes the file)
    return count


def measured(label, args, repeats):
    runs = [run_measured(args(i), label) for i in range(repeats)]
    return {"algorithm": label, "median_wall_s": round(statistics.median(r["wall_s"] for r in runs), 2),
            "runs_wall_s": [r["wall_s"] for r in runs], "peak_rss_mib": max(r["peak_rss_mib"] for r in runs)}


def compare(name, ours_label, ours_args, native_args, repeats):
    """Alternate ours and native REPEATS times; rows and the ratio of median wall times."""
    ours, theirs = [], []
    for i in range(repeats):
        ours.append(run_measured(ours_args(i), ours_label))
        theirs.append(run_measured(native_args(i), "native:countpointsinpolygon"))
    rows = []
    for label, runs in ((ours_label, ours), ("native:countpointsinpolygon", theirs)):
        rows.append({"case": name, "algorithm": label,
                     "median_wall_s": round(statistics.median(r["wall_s"] for r in runs), 2),
                     "runs_wall_s": [r["wall_s"] for r in runs],
                     "peak_rss_mib": max(r["peak_rss_mib"] for r in runs)})
    ratio = rows[0]["median_wall_s"] / rows[1]["median_wall_s"]
    rows[0]["ratio_vs_native"] = round(ratio, 3)
    return rows


def main():
    ours_alg = "dp_geoprivacy:noisyzonecounts"
    load_start = load_average()
    rows = []
    with tempfile.TemporaryDirectory(prefix="dp_bench_nzc_") as tmp:
        d = Path(tmp)
        points, grid = make_points(d, N_POINTS, "points"), make_grid(d)
        hexagons = d / "h3_8.gpkg"
        run_measured(["run", "dp_geoprivacy:h3grid", "--", f"INPUT={EXTENT}", "RESOLUTION=8", f"OUTPUT={hexagons}"],
                     "dp_geoprivacy:h3grid")
        rows += compare(
            f"{N_POINTS:,} points, {GRID * GRID:,} grid zones", ours_alg,
            lambda i: ["run", ours_alg, "--", f"INPUT={points}", f"ZONES={grid}", "ZONE_ID_FIELD=zone_id",
                       "EPSILON=1", f"OUTPUT={d / f'ours_grid_{i}.gpkg'}"],
            lambda i: ["run", "native:countpointsinpolygon", "--", f"POINTS={points}", f"POLYGONS={grid}",
                       "FIELD=NUMPOINTS", f"OUTPUT={d / f'native_grid_{i}.gpkg'}"], REPEATS)
        rows += compare(
            f"{N_POINTS:,} points, H3 resolution 8", ours_alg + " (H3_RESOLUTION=8)",
            lambda i: ["run", ours_alg, "--", f"INPUT={points}", "H3_RESOLUTION=8", f"EXTENT={EXTENT}",
                       "EPSILON=1", f"OUTPUT={d / f'ours_h3_{i}.gpkg'}"],
            lambda i: ["run", "native:countpointsinpolygon", "--", f"POINTS={points}", f"POLYGONS={hexagons}",
                       "FIELD=NUMPOINTS", f"OUTPUT={d / f'native_h3_{i}.gpkg'}"], REPEATS)
        rows.append(dict(measured(
            ours_alg + " (USER_FIELD, M=5)",
            lambda i: ["run", ours_alg, "--", f"INPUT={points}", f"ZONES={grid}", "ZONE_ID_FIELD=zone_id",
                       "USER_FIELD=user", "MAX_CONTRIBUTIONS=5", "EPSILON=1", f"OUTPUT={d / f'ours_users_{i}.gpkg'}"],
            REPEATS), case=f"{N_POINTS:,} points, grid, user-level"))
        n_hexagons = feature_count(hexagons)
        points.unlink()
        large = make_points(d, N_LARGE, "large")
        rows.append(dict(measured(
            ours_alg,
            lambda i: ["run", ours_alg, "--", f"INPUT={large}", f"ZONES={grid}", "ZONE_ID_FIELD=zone_id",
                       "EPSILON=1", f"OUTPUT={d / f'ours_large_{i}.gpkg'}"], 1 if SMALL else 2),
            case=f"{N_LARGE:,} points, {GRID * GRID:,} grid zones"))
    load_end = load_average()
    print(f"load average at start {load_start}, at end {load_end} (2 CPUs shared with other work)")
    print_table(rows, ["case", "algorithm", "median_wall_s", "runs_wall_s", "peak_rss_mib", "ratio_vs_native"])
    for row in rows:
        if "ratio_vs_native" in row:
            print(f"{row['case']}: ratio {row['ratio_vs_native']:.2f} (goal <= 0.5)")
    large_row = rows[-1]
    print(f"{large_row['case']}: {large_row['median_wall_s']} s, peak {large_row['peak_rss_mib']} MiB "
          "(goal < 2048 MiB)")
    path = write_results("noisy_zone_counts", {
        "points": N_POINTS, "large_points": N_LARGE, "grid_zones": GRID * GRID, "h3_resolution_8_cells": n_hexagons,
        "repeats": REPEATS, "small": SMALL, "load_average_at_start": load_start, "rows": rows})
    print(f"written: {path}")


if __name__ == "__main__":
    main()
