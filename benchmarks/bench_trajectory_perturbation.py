"""Benchmark: dp_geoprivacy:trajectoryperturbation vs native:densifygeometries + native:translategeometry.

100,000 trajectories of 50 vertices (5 million vertices) in one GeoPackage.
Ours (SDD and per-vertex planar Laplace, RESAMPLE = 50) and QGIS's own cost
of touching every vertex (densify, then translate the densified layer) run
through the real qgis_process (`make qgis_process`) in the same run,
alternating, REPEATS times each. Wall time (the native figure is the sum of
its two runs) and peak RSS (GNU time's maximum resident set size, the
figure `/usr/bin/time -v` prints) are reported with the ratio to the native
chain (goal <= 2.0) and the load average. The core SDD alone is timed too.

Run: make -s stage && .venv/bin/python benchmarks/bench_trajectory_perturbation.py [trajectories]
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
from dp_geoprivacy.core.releases.trajectories import SddMechanism  # noqa: E402

N_TRACKS = 100_000
VERTICES = 50
REPEATS = 1


def make_tracks(directory: Path, n: int, k: int) -> Path:
    """n random-walk tracks of k vertices (EPSG:32633, steps of about 120 m) with trip and user ids."""
    rng = np.random.default_rng(20261123)
    starts = np.column_stack((rng.normal(500_000, 5_000, n), rng.normal(4_500_000, 5_000, n)))
    csv = directory / "tracks.csv"
    with open(csv, "w") as out:
        out.write("wkt,trip_id,user_id\n")
        for first in range(0, n, 10_000):
            head = starts[first:first + 10_000]
            block = head[:, None, :] + np.cumsum(rng.normal(0, 100, (len(head), k, 2)), axis=1)
            text = np.char.mod("%.2f", block)
            for i, line in enumerate(text):
                vertices = ",".join(f"{x} {y}" for x, y in line)
                out.write(f'"LINESTRING ({vertices})",{first + i},u{(first + i) % 5000}\n')
    gpkg = directory / "tracks.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "tracks", "-a_srs", "EPSG:32633",
                    "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO", "-nlt", "LINESTRING"], check=True)
    return gpkg


def core_timing(n: int, k: int) -> float:
    tracks = np.cumsum(np.random.default_rng(1).normal(0, 100, (n, k, 2)), axis=1)
    start = time.perf_counter()
    SddMechanism(5.0, k, 1000.0).perturb(tracks, np.random.default_rng(2))
    return time.perf_counter() - start


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else N_TRACKS
    runs = {"sdd": [], "laplace": [], "densify": [], "translate": []}
    with tempfile.TemporaryDirectory(prefix="dp_bench_") as tmp:
        directory = Path(tmp)
        source = make_tracks(directory, n, VERTICES)
        for i in range(REPEATS):
            runs["sdd"].append(run_measured(
                ["run", "dp_geoprivacy:trajectoryperturbation", "--", f"INPUT={source}", "MECHANISM=0", "EPSILON=5",
                 f"RESAMPLE={VERTICES}", "MAX_STEP=1000", f"OUTPUT={directory / f'sdd_{i}.gpkg'}"], "SDD"))
            runs["laplace"].append(run_measured(
                ["run", "dp_geoprivacy:trajectoryperturbation", "--", f"INPUT={source}", "MECHANISM=1", "EPSILON=5",
                 f"RESAMPLE={VERTICES}", f"OUTPUT={directory / f'lap_{i}.gpkg'}"], "per-vertex Laplace"))
            dense = directory / f"dense_{i}.gpkg"
            runs["densify"].append(run_measured(
                ["run", "native:densifygeometries", "--", f"INPUT={source}", "VERTICES=1", f"OUTPUT={dense}"],
                "native:densifygeometries"))
            runs["translate"].append(run_measured(
                ["run", "native:translategeometry", "--", f"INPUT={dense}", "DELTA_X=10", "DELTA_Y=10",
                 f"OUTPUT={directory / f'moved_{i}.gpkg'}"], "native:translategeometry"))
    native_wall = [d["wall_s"] + t["wall_s"] for d, t in zip(runs["densify"], runs["translate"])]
    native_rss = max(r["peak_rss_mib"] for r in runs["densify"] + runs["translate"])
    rows = [
        {"algorithm": "trajectoryperturbation (SDD)",
         "median_wall_s": statistics.median(r["wall_s"] for r in runs["sdd"]),
         "peak_rss_mib": max(r["peak_rss_mib"] for r in runs["sdd"])},
        {"algorithm": "trajectoryperturbation (per-vertex Laplace)",
         "median_wall_s": statistics.median(r["wall_s"] for r in runs["laplace"]),
         "peak_rss_mib": max(r["peak_rss_mib"] for r in runs["laplace"])},
        {"algorithm": "native:densifygeometries + native:translategeometry",
         "median_wall_s": round(statistics.median(native_wall), 3), "peak_rss_mib": native_rss},
    ]
    for row in rows[:2]:
        row["ratio"] = round(row["median_wall_s"] / rows[2]["median_wall_s"], 2)
    core_s = core_timing(min(n, 20_000), VERTICES)
    print(f"{n:,} trajectories x {VERTICES} vertices, {REPEATS} run(s) each through qgis_process; "
          f"load average {load_average()}")
    print_table(rows, ["algorithm", "median_wall_s", "peak_rss_mib", "ratio"])
    print(f"core SDD of {min(n, 20_000):,} trajectories: {core_s:.2f} s")
    path = write_results("trajectory_perturbation", {"trajectories": n, "vertices": VERTICES, "repeats": REPEATS,
                                                     "runs": rows, "raw": runs, "core_sdd_s": round(core_s, 3),
                                                     "core_sdd_trajectories": min(n, 20_000)})
    print(f"written: {path}")


if __name__ == "__main__":
    main()
