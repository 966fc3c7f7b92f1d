"""Load check: 5,000,000 points through noisyzonecounts and laplaceperturbation.

Issue 9 ("Bad input, faults and load"): both algorithms must succeed on 5M
points through the real qgis_process (`make qgis_process`); this script runs
each once under ``/usr/bin/time -v`` and reports wall time and peak RSS
("Maximum resident set size"), checks the exit status and the number of
features written, and records the figures in benchmarks/results/load_5m_points.json.
The zones are a public 50 x 50 grid of 400 m squares (2,500 zones).

Run: make -s stage && .venv/bin/python benchmarks/bench_load_5m_points.py [N_POINTS]
"""

import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import ROOT, load_average, print_table, write_results  # noqa: E402

N_POINTS = 5_000_000
GRID_N, CELL, X0, Y0 = 50, 400.0, 490_000.0, 4_490_000.0


def make_points(directory: Path, n: int) -> Path:
    """n household-like points (EPSG:32633) with two attributes, written by ogr2ogr from CSV in chunks."""
    rng = np.random.default_rng(20261123)
    csv = directory / "points.csv"
    with open(csv, "w") as out:
        out.write("x,y,persons\n")
        for start in range(0, n, 1_000_000):
            m = min(1_000_000, n - start)
            xy = np.column_stack((rng.normal(500_000, 4_000, m), rng.normal(4_500_000, 4_000, m)))
            np.savetxt(out, np.column_stack((xy, rng.integers(1, 7, m))), fmt=["%.2f", "%.2f", "%d"],
                       delimiter=",")
    gpkg = directory / "points.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "points", "-a_srs", "EPSG:32633",
                    "-oo", "X_POSSIBLE_NAMES=x", "-oo", "Y_POSSIBLE_NAMES=y", "-oo", "AUTODETECT_TYPE=YES",
                    "-gt", "200000"], check=True)
    csv.unlink()
    return gpkg


def make_zones(directory: Path) -> Path:
    csv = directory / "zones.csv"
    with open(csv, "w") as out:
        out.write("zone_id,wkt\n")
        for row in range(GRID_N):
            for col in range(GRID_N):
                x, y = X0 + col * CELL, Y0 + row * CELL
                out.write(f'Z{row}_{col},"POLYGON(({x} {y},{x + CELL} {y},{x + CELL} {y + CELL},'
                          f'{x} {y + CELL},{x} {y}))"\n')
    gpkg = directory / "zones.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(csv), "-nln", "zones", "-a_srs", "EPSG:32633",
                    "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO", "-nlt", "POLYGON"], check=True)
    return gpkg


def run_verbose(args, label):
    """``make qgis_process ARGS=...`` under ``/usr/bin/time -v``: wall seconds, peak RSS (MiB), exit status."""
    command = ["/usr/bin/time", "-v", "make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process",
               f"ARGS={shlex.join(args)}"]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    row = {"algorithm": label, "exit_status": result.returncode, "wall_s": round(wall, 1),
           "peak_rss_mib": round(int(peak.group(1)) / 1024, 1) if peak else None}
    if result.returncode != 0:
        print(result.stdout[-3000:], result.stderr[-3000:], file=sys.stderr)
    return row


def feature_count(path: Path) -> int:
    from osgeo import ogr

    dataset = ogr.Open(str(path))
    count = dataset.GetLayer(0).GetFeatureCount()
    dataset = None
    return count


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else N_POINTS
    with tempfile.TemporaryDirectory(prefix="dp_load_") as tmp:
        directory = Path(tmp)
        start = time.perf_counter()
        points, zones = make_points(directory, n), make_zones(directory)
        print(f"made {n:,} points in {time.perf_counter() - start:.0f} s ({points.stat().st_size / 2**20:.0f} MiB)")
        rows = []
        counts = directory / "counts.gpkg"
        row = run_verbose(["run", "dp_geoprivacy:noisyzonecounts", "--", f"INPUT={points}", f"ZONES={zones}",
                           "ZONE_ID_FIELD=zone_id", "EPSILON=1", f"OUTPUT={counts}"], "dp_geoprivacy:noisyzonecounts")
        row["features_written"] = feature_count(counts) if row["exit_status"] == 0 else 0
        row["expected"] = GRID_N * GRID_N
        rows.append(row)
        perturbed = directory / "perturbed.gpkg"
        row = run_verbose(["run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={points}", "EPSILON=1",
                           "DISTANCE=100", f"OUTPUT={perturbed}"], "dp_geoprivacy:laplaceperturbation")
        row["features_written"] = feature_count(perturbed) if row["exit_status"] == 0 else 0
        row["expected"] = n
        rows.append(row)
    print(f"{n:,} points through qgis_process; load average {load_average()}")
    print_table(rows, ["algorithm", "exit_status", "wall_s", "peak_rss_mib", "features_written", "expected"])
    ok = all(r["exit_status"] == 0 and r["features_written"] == r["expected"] for r in rows)
    if n == N_POINTS:
        print(f"written: {write_results('load_5m_points', {'points': n, 'zones': GRID_N * GRID_N, 'runs': rows})}")
    if not ok:
        sys.exit("a run failed or wrote the wrong number of features")


if __name__ == "__main__":
    main()
