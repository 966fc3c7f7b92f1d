"""Benchmark: noisyzonecounts on Spark local[2] against the single-machine core path, same data, same run.

Issue 15 asks for 100,000,000 synthetic tap records; on this shared 2-core
machine the default is 10,000,000 (--records N to change; the results file
says what ran). Data: Parquet (row groups of 1,000,000) with lon, lat, card
(1,000,000 cards, so user bounding with M = 5 drops records) and a
timestamp, around Sydney. Release: H3 resolution 8 over a public EXTENT,
USER_FIELD=card, MAX_CONTRIBUTIONS=5, EPSILON=1.

1. Spark: ``python -m dp_geoprivacy.spark noisyzonecounts ... MASTER=local[2]``
   (driver JVM with 2 GB; in local mode the executor is the driver JVM, and
   the Python workers of mapInPandas are its child processes). Wall time;
   peak RSS sampled every 0.2 s from /proc of: the Python driver, the JVM
   (driver + executor), the Python workers (sum over the workers alive at
   one time).
2. Single machine: the core path the plugin uses (Parquet read in batches
   with pyarrow, core.h3cells assignment per batch, release_zone_counts with
   the user bound), in one Python process: wall time and peak RSS.
   (QGIS itself is not in the loop: Debian's GDAL 3.6 in QGIS 3.22 has no
   Parquet driver.)

Run: .venv/bin/python benchmarks/bench_spark_zone_counts.py [--records N] (after make spark-deps).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import load_average, print_table, write_results  # noqa: E402

EXTENT = "150.9,151.5,-34.1,-33.6 [EPSG:4326]"
RESOLUTION, M, EPSILON = 8, 5, 1.0
CARDS = 1_000_000
ROW_GROUP = 1_000_000


def make_taps(path: Path, n: int):
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(20261123)
    schema = pa.schema([("lon", pa.float64()), ("lat", pa.float64()), ("card", pa.int64()),
                        ("ts", pa.timestamp("us"))])
    start_us = np.datetime64("2024-01-01T00:00:00", "us").astype(np.int64)
    with pq.ParquetWriter(path, schema) as writer:
        for start in range(0, n, ROW_GROUP):
            m = min(ROW_GROUP, n - start)
            table = pa.table({
                "lon": rng.normal(151.2, 0.08, m), "lat": rng.normal(-33.87, 0.07, m),
                "card": rng.integers(0, CARDS, m),
                "ts": pa.array(start_us + rng.integers(0, 365 * 86400, m) * 1_000_000, pa.timestamp("us")),
            }, schema=schema)
            writer.write_table(table)


def _rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def _name(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


def run_sampled(command, env, label):
    """Run ``command``; sample the RSS of the process tree: driver (top), JVM, Python workers."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peaks = {"driver": 0, "jvm": 0, "workers": 0}
    done = threading.Event()

    def sample():
        while not done.is_set():
            peaks["driver"] = max(peaks["driver"], _rss_kib(process.pid))
            jvm = workers = 0
            stack = _children(process.pid)
            while stack:
                pid = stack.pop()
                stack += _children(pid)
                if _name(pid) == "java":
                    jvm += _rss_kib(pid)
                elif _name(pid).startswith("python"):
                    workers += _rss_kib(pid)
            peaks["jvm"], peaks["workers"] = max(peaks["jvm"], jvm), max(peaks["workers"], workers)
            time.sleep(0.2)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    out, err = process.communicate()
    done.set()
    thread.join()
    wall = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"{label} failed:\n{out[-2000:]}\n{err[-4000:]}")
    return {"label": label, "wall_s": round(wall, 1), "peak_rss_driver_mib": round(peaks["driver"] / 1024, 1),
            "peak_rss_jvm_mib": round(peaks["jvm"] / 1024, 1),
            "peak_rss_python_workers_mib": round(peaks["workers"] / 1024, 1), "log": out.strip().splitlines()[-9:]}


SINGLE = r"""
import sys, time
import numpy as np, pyarrow.parquet as pq
sys.path.insert(0, {root!r})
from dp_geoprivacy.core import h3cells
from dp_geoprivacy.core.release import ranks_from_order
from dp_geoprivacy.core.rng import noise_source
from dp_geoprivacy.core.zone_counts import ZoneCountData, release_zone_counts
from dp_geoprivacy.spark.cells import h3_cells, id_order
from dp_geoprivacy.spark.zone_counts import zone_count_spec
cells = h3_cells({resolution}, {extent!r})
cell, users = [], []
for batch in pq.ParquetFile({path!r}).iter_batches(batch_size=1_000_000, columns=["lon", "lat", "card"]):
    cell.append(cells.assign_lonlat(batch.column(0).to_numpy(), batch.column(1).to_numpy()).astype(np.int32))
    users.append(batch.column(2).to_numpy())
cell, users = np.concatenate(cell), np.concatenate(users)
spec = zone_count_spec(epsilon={epsilon}, user_field="card", max_contributions={m})
data = ZoneCountData(cell=cell, n_zones=len(cells), zone_rank=ranks_from_order(id_order(cells.ids)), user_keys=users)
release = release_zone_counts(data, spec, noise_source().generator)
print("published", len(release.result["noisy_count"]), "dropped_by_bound", release.facts["dropped_by_bound"])
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000_000)
    args = parser.parse_args()
    python = sys.executable
    load_at_start = load_average()
    with tempfile.TemporaryDirectory(prefix="bench_spark_") as tmp:
        tmp = Path(tmp)
        taps = tmp / "taps.parquet"
        started = time.perf_counter()
        make_taps(taps, args.records)
        print(f"{args.records:,} records written in {time.perf_counter() - started:.0f} s "
              f"({taps.stat().st_size / 2**20:.0f} MiB Parquet)")
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=python,
                   PYSPARK_SUBMIT_ARGS="--driver-memory 2g pyspark-shell", SPARK_LOCAL_DIRS=str(tmp))
        rows = [run_sampled(
            [python, "-m", "dp_geoprivacy.spark", "noisyzonecounts", f"INPUT={taps}", "LON_FIELD=lon",
             "LAT_FIELD=lat", "USER_FIELD=card", f"MAX_CONTRIBUTIONS={M}", f"H3_RESOLUTION={RESOLUTION}",
             f"EXTENT={EXTENT}", f"EPSILON={EPSILON}", f"OUTPUT={tmp / 'spark.gpkg'}", "MASTER=local[2]"],
            env, "spark local[2]")]
        script = SINGLE.format(root=str(ROOT), resolution=RESOLUTION, extent=EXTENT, path=str(taps), epsilon=EPSILON,
                               m=M)
        rows.append(run_sampled([python, "-c", script], env, "single machine (core)"))
    print_table(rows, ["label", "wall_s", "peak_rss_driver_mib", "peak_rss_jvm_mib", "peak_rss_python_workers_mib"])
    for row in rows:
        print(row["label"], "|", " / ".join(row.pop("log")))
    path = write_results("spark_zone_counts", {
        "records": args.records, "h3_resolution": RESOLUTION, "max_contributions": M, "cards": CARDS,
        "load_average_at_start": load_at_start, "runs": rows})
    print(path)


if __name__ == "__main__":
    main()
