"""Benchmark: dp_geoprivacy:noisyzonestatistics vs QGIS's joinbylocationsummary (mean).

Self-contained: makes its data in a temporary directory: N_POINTS points in
EPSG:32633 over a 42 x 42 km square (written by ogr2ogr from CSV) with a
speed (0-70 km/h), a bus id and a time between 09:00 and 21:00 on 28 days
(the ITMS report's 12 hourly slots), and the H3 resolution 8 hexagons of the same
square made with dp_geoprivacy:h3grid (not timed). Everything runs through
the real qgis_process (``make qgis_process``) under ``/usr/bin/time -v``, in
the same run, alternating, REPEATS times each; the median wall time and the
largest peak RSS are reported, with the load average.

- ours, mean: H3_RESOLUTION=8 + EXTENT, TIME_FIELD with hour-of-day slots
  (24 per hexagon, 12 of them with data), STATISTIC=2 (mean), LOWER=0,
  UPPER=65;
- ours, median: the same with STATISTIC=4 (exponential mechanism over a
  1001-value grid);
- QGIS: joinbylocationsummary (in QGIS 3.22 ``qgis:joinbylocationsummary``;
  ``native:`` from 3.24 on), mean of speed per hexagon, PREDICATE intersects,
  on the hexagon layer: no time slots, no privacy. Goal: ours <= 0.5 x its time.

Run: make -s stage && .venv/bin/python benchmarks/bench_noisy_zone_statistics.py [--small]
(--small: 100,000 points, one repeat, for a quick check).
"""

import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import ROOT, load_average, print_table, write_results  # noqa: E402

SMALL = "--small" in sys.argv
N_POINTS = 100_000 if SMALL else 1_000_000
REPEATS = 1 if SMALL else 3
X0, Y0, SIDE = 380_000.0, 5_800_000.0, 42_000.0
EXTENT = f"{X0:.0f},{X0 + SIDE:.0f},{Y0:.0f},{Y0 + SIDE:.0f} [EPSG:32633]"
OURS = "dp_geoprivacy:noisyzonestatistics"


def qgis_join_summary_id():
    listing = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process", "ARGS=list"],
                             capture_output=True, text=True).stdout
    return "native:joinbylocationsummary" if "native:joinbylocationsummary" in listing else "qgis:joinbylocationsummary"


def run_time_v(args, label):
    """``make qgis_process ARGS=...`` under ``/usr/bin/time -v``: wall seconds and peak RSS (MiB)."""
    command = ["/usr/bin/time", "-v", "make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process",
               f"ARGS={shlex.join(args)}"]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{label} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    peak_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    return {"label": label, "wall_s": round(wall, 3), "peak_rss_mib": round(peak_kib / 1024, 1)}


def make_points(directory: Path, n: int) -> Path:
    """n points over the square and a 1 km margin: speed, bus (5,000 buses), t (09:00-21:00 on 28 days)."""
    rng = np.random.default_rng(20261123)
    csv = directory / "points.csv"
    with open(csv, "w") as out:
        out.write("x,y,speed,bus,t\n")
        for start in range(0, n, 500_000):
            m = min(500_000, n - start)
            x = rng.uniform(X0 - 1000, X0 + SIDE + 1000, m)
            y = rng.uniform(Y0 - 1000, Y0 + SIDE + 1000, m)
            speed = np.clip(rng.gamma(4.0, 6.0, m), 0, 70)
            bus = rng.integers(0, 5000, m)
            day, hour, minute = rng.integers(1, 29, m), rng.integers(9, 21, m), rng.integers(0, 60, m)
            lines = [f"{a:.2f},{b:.2f},{s:.1f},{u},2024-02-{d:02d}T{h:02d}:{mi:02d}:00\n"
                     for a, b, s, u, d, h, mi in zip(x, y, speed, bus, day, hour, minute)]
            out.writelines(lines)
    gpkg = directory / "points.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "points", "-a_srs", "EPSG:32633",
                    "-oo", "X_POSSIBLE_NAMES=x", "-oo", "Y_POSSIBLE_NAMES=y", "-oo", "AUTODETECT_TYPE=YES",
                    "-gt", "1000000"], check=True)
    csv.unlink()
    return gpkg


def feature_count(path):
    from osgeo import ogr

    dataset = ogr.Open(str(path))
    count = dataset.GetLayer(0).GetFeatureCount()
    dataset = None  # noqa: F841 (closes the file)
    return count


def row(case, label, runs):
    return {"case": case, "algorithm": label, "median_wall_s": round(statistics.median(r["wall_s"] for r in runs), 2),
            "runs_wall_s": [r["wall_s"] for r in runs], "peak_rss_mib": max(r["peak_rss_mib"] for r in runs)}


def main():
    native = qgis_join_summary_id()
    load_start = load_average()
    with tempfile.TemporaryDirectory(prefix="dp_bench_nzs_") as tmp:
        d = Path(tmp)
        points = make_points(d, N_POINTS)
        hexagons = d / "h3_8.gpkg"
        run_time_v(["run", "dp_geoprivacy:h3grid", "--", f"INPUT={EXTENT}", "RESOLUTION=8", f"OUTPUT={hexagons}"],
                   "dp_geoprivacy:h3grid")
        n_hexagons = feature_count(hexagons)

        def ours(statistic, i):
            return ["run", OURS, "--", f"INPUT={points}", "H3_RESOLUTION=8", f"EXTENT={EXTENT}",
                    "VALUE_FIELD=speed", f"STATISTIC={statistic}", "LOWER=0", "UPPER=65", "TIME_FIELD=t",
                    "TIME_SLOT=0", "EPSILON=1", f"OUTPUT={d / f'ours_{statistic}_{i}.gpkg'}"]

        runs = {"mean": [], "median": [], "native": []}
        for i in range(REPEATS):
            runs["mean"].append(run_time_v(ours(2, i), OURS + " mean"))
            runs["median"].append(run_time_v(ours(4, i), OURS + " median"))
            runs["native"].append(run_time_v(
                ["run", native, "--", f"INPUT={hexagons}", f"JOIN={points}", "PREDICATE=0", "JOIN_FIELDS=speed",
                 "SUMMARIES=6", "DISCARD_NONMATCHING=false", f"OUTPUT={d / f'native_{i}.gpkg'}"], native))
        rows_out = feature_count(d / "ours_4_0.gpkg")
    load_end = load_average()
    case = f"{N_POINTS:,} points, H3 resolution 8 ({n_hexagons:,} hexagons)"
    rows = [row(case + " x 24 hourly slots (12 with data)", OURS + " (mean)", runs["mean"]),
            row(case + " x 24 hourly slots (12 with data)", OURS + " (median)", runs["median"]),
            row(case + ", no slots", native + " (mean)", runs["native"])]
    for r in rows[:2]:
        r["ratio_vs_native"] = round(r["median_wall_s"] / rows[2]["median_wall_s"], 3)
    print(f"load average at start {load_start}, at end {load_end} (2 CPUs shared with other work)")
    print_table(rows, ["case", "algorithm", "median_wall_s", "runs_wall_s", "peak_rss_mib", "ratio_vs_native"])
    for r in rows[:2]:
        print(f"{r['algorithm']}: ratio {r['ratio_vs_native']:.3f} (goal <= 0.5)")
    path = write_results("noisy_zone_statistics", {
        "points": N_POINTS, "h3_resolution_8_cells": n_hexagons, "slots": 24, "slots_with_data": 12,
        "median_rows_written": rows_out, "native_algorithm": native, "repeats": REPEATS, "small": SMALL,
        "load_average_at_start": load_start, "rows": rows})
    print(f"written: {path}")


if __name__ == "__main__":
    main()
