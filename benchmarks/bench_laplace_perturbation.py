"""Benchmark: dp_geoprivacy:laplaceperturbation vs native:translategeometry on 1,000,000 points.

Both run through the real qgis_process (`make qgis_process`), on the same
GeoPackage, in the same run, alternating, REPEATS times each; the median
wall time, the CPU time (user + system) and the peak RSS are reported, with
the ratios of wall time (goal <= 0.25: one pass over the points, the noise
frame chosen from public facts, attributes opt-in; issue 19) and of peak RSS
(goal <= 1.0: privatizing costs no more memory than QGIS's own simplest point
edit). The core mechanism alone (perturbing 10^6 coordinate pairs) is timed
too.

Run: make benchmark   (or: make -s stage && .venv/bin/python benchmarks/bench_laplace_perturbation.py)
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import load_average, print_table, run_measured, write_results  # noqa: E402
from dp_geoprivacy.core.mechanisms.location import PLANAR, LocationLaplace  # noqa: E402

N_POINTS = 1_000_000
REPEATS = 3


def make_points(directory: Path, n: int) -> Path:
    """n household-like points (EPSG:32633) with three attributes, written by ogr2ogr from CSV."""
    rng = np.random.default_rng(20261122)
    csv = directory / "points.csv"
    with open(csv, "w") as out:
        out.write("x,y,hh_id,persons\n")
        xy = np.column_stack((rng.normal(500_000, 5_000, n), rng.normal(4_500_000, 5_000, n)))
        np.savetxt(out, np.column_stack((xy, np.arange(n), rng.integers(1, 7, n))),
                   fmt=["%.2f", "%.2f", "%d", "%d"], delimiter=",")
    gpkg = directory / "points.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "points", "-a_srs", "EPSG:32633",
                    "-oo", "X_POSSIBLE_NAMES=x", "-oo", "Y_POSSIBLE_NAMES=y", "-oo", "AUTODETECT_TYPE=YES"],
                   check=True)
    return gpkg


def core_timing(n: int) -> float:
    mechanism = LocationLaplace(PLANAR, 1.0, 100.0)
    xy = np.random.default_rng(1).uniform(0, 10_000, size=(n, 2))
    start = time.perf_counter()
    mechanism.perturb(xy, np.random.default_rng(2))
    return time.perf_counter() - start


def main():
    with tempfile.TemporaryDirectory(prefix="dp_bench_") as tmp:
        directory = Path(tmp)
        source = make_points(directory, N_POINTS)
        ours, theirs = [], []
        for i in range(REPEATS):
            ours.append(run_measured(
                ["run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={source}", "EPSILON=1", "DISTANCE=100",
                 f"OUTPUT={directory / f'dp_{i}.gpkg'}"], "dp_geoprivacy:laplaceperturbation"))
            theirs.append(run_measured(
                ["run", "native:translategeometry", "--", f"INPUT={source}", "DELTA_X=10", "DELTA_Y=10",
                 f"OUTPUT={directory / f'native_{i}.gpkg'}"], "native:translategeometry"))
    rows = []
    for label, runs in (("dp_geoprivacy:laplaceperturbation", ours), ("native:translategeometry", theirs)):
        rows.append({"algorithm": label, "median_wall_s": round(statistics.median(r["wall_s"] for r in runs), 2),
                     "runs_wall_s": [r["wall_s"] for r in runs],
                     "median_cpu_s": round(statistics.median(r["cpu_s"] for r in runs), 2),
                     "runs_cpu_s": [r["cpu_s"] for r in runs],
                     "runs_load_average_before": [r["load_average_before"] for r in runs],
                     "peak_rss_mib": max(r["peak_rss_mib"] for r in runs),
                     "runs_peak_rss_mib": [r["peak_rss_mib"] for r in runs]})
    ratio = rows[0]["median_wall_s"] / rows[1]["median_wall_s"]
    core_s = core_timing(N_POINTS)
    memory_ratio = rows[0]["peak_rss_mib"] / rows[1]["peak_rss_mib"]
    print(f"{N_POINTS:,} points, {REPEATS} runs each through qgis_process; load average {load_average()}")
    print_table(rows, ["algorithm", "median_wall_s", "runs_wall_s", "median_cpu_s", "peak_rss_mib",
                       "runs_peak_rss_mib"])
    print(f"wall-time ratio (ours / translategeometry): {ratio:.2f}  (goal <= 0.25)")
    print(f"peak-RSS ratio (ours / translategeometry): {memory_ratio:.3f}  (goal <= 1.0)")
    print(f"core perturbation of {N_POINTS:,} points: {core_s:.3f} s")
    path = write_results("laplace_perturbation", {"points": N_POINTS, "repeats": REPEATS, "runs": rows,
                                                   "ratio": round(ratio, 3), "peak_rss_ratio": round(memory_ratio, 3),
                                                   "core_perturb_s": round(core_s, 3)})
    print(f"written: {path}")


if __name__ == "__main__":
    main()
