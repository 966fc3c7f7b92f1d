"""Benchmark: noisyzonecounts on Spark local[2] against the single-machine core path, same data, same run.

Issue 15 ("Scale"): 100,000,000 synthetic tap records (the default), H3
resolution 8 counts with user bounding. Data: Parquet written in row groups
of 1,000,000 (one chunk in memory at a time: the generator's memory is
bounded) under --data-dir (default /var/tmp), deleted afterwards unless
--keep-data: lon, lat (around Sydney), card (records / 10 cards by default,
so user bounding with M = 5 drops records) and a timestamp. Release: H3
resolution 8 over a public EXTENT, USER_FIELD=card, MAX_CONTRIBUTIONS=5,
EPSILON=1.

1. Spark: ``python -m dp_geoprivacy.spark noisyzonecounts ... MASTER=local[2]``
   (driver JVM with 2 GB; in local mode the executor is the driver JVM, and
   the Python workers of mapInPandas are its child processes).
2. Single machine: the core path the plugin uses (Parquet read in batches
   with pyarrow, core.geometry.h3cells assignment per batch, release_zone_counts with
   the user bound), in one Python process, on the first --single-records
   records of the same file (default: all of them).

Measured for each, from /proc sampled every 0.5 s over the whole process
tree: wall time; CPU time (user + system, summed over every process of the
tree, each at its last sample); peak RSS of the Python driver, of the JVM
(driver + executor in local mode) and of the Python workers (summed over
the workers alive at one time). The load average is logged every 30 s
(the machine is shared). Spark's event log gives each stage's wall time,
task time, input, shuffle written and read, and spill. A run whose tree would leave less than
--min-free-mib of MemAvailable is stopped and reported as "did not fit".
(QGIS itself is not in the loop: Debian's GDAL 3.6 in QGIS 3.22 has no
Parquet driver.)

Run: .venv/bin/python benchmarks/bench_spark_zone_counts.py [--records N] [--single-records N ...]
     [--runs spark,single] [--data-dir DIR] [--keep-data] [--name NAME]   (after make spark-deps)
"""

import argparse
import os
import shutil
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
ROW_GROUP = 1_000_000
TICK = os.sysconf("SC_CLK_TCK")


def make_taps(path: Path, n: int, cards: int):
    """n taps in Parquet, written one row group of ROW_GROUP rows at a time (bounded memory)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(20261123)  # synthetic benchmark data, not a release
    schema = pa.schema([("lon", pa.float64()), ("lat", pa.float64()), ("card", pa.int64()),
                        ("ts", pa.timestamp("us"))])
    start_us = np.datetime64("2024-01-01T00:00:00", "us").astype(np.int64)
    with pq.ParquetWriter(path, schema) as writer:
        for start in range(0, n, ROW_GROUP):
            m = min(ROW_GROUP, n - start)
            table = pa.table({
                "lon": rng.normal(151.2, 0.08, m), "lat": rng.normal(-33.87, 0.07, m),
                "card": rng.integers(0, cards, m),
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


def _cpu_ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return int(fields[11]) + int(fields[12])  # utime, stime
    except (OSError, IndexError, ValueError):
        return None


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


def _mem_available_mib():
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    return float("inf")


def run_sampled(command, env, label, min_free_mib, loads):
    """Run ``command``; sample RSS and CPU of the process tree: driver (top), JVM, Python workers."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peaks = {"driver": 0, "jvm": 0, "workers": 0}
    cpu = {}
    state = {"stopped": None}
    done = threading.Event()

    def sample():
        last_load = 0.0
        while not done.is_set():
            tree, stack = [process.pid], _children(process.pid)
            while stack:
                pid = stack.pop()
                tree.append(pid)
                stack += _children(pid)
            jvm = workers = 0
            for pid in tree:
                ticks = _cpu_ticks(pid)
                if ticks is not None:
                    cpu[pid] = max(cpu.get(pid, 0), ticks)
                if pid == process.pid:
                    peaks["driver"] = max(peaks["driver"], _rss_kib(pid))
                elif _name(pid) == "java":
                    jvm += _rss_kib(pid)
                elif _name(pid).startswith("python"):
                    workers += _rss_kib(pid)
            peaks["jvm"], peaks["workers"] = max(peaks["jvm"], jvm), max(peaks["workers"], workers)
            now = time.perf_counter() - start
            if now - last_load >= 30:
                last_load = now
                loads.append({"run": label, "t_s": round(now), "load": load_average()})
                print(f"  [{label}] {now:6.0f} s  load {load_average()}  jvm {jvm / 1024:.0f} MiB  "
                      f"workers {workers / 1024:.0f} MiB  driver {peaks['driver'] / 1024:.0f} MiB", flush=True)
            if _mem_available_mib() < min_free_mib and state["stopped"] is None:
                state["stopped"] = f"stopped at {now:.0f} s: MemAvailable below {min_free_mib} MiB"
                process.kill()
            time.sleep(0.5)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    out, err = process.communicate()
    done.set()
    thread.join()
    wall = time.perf_counter() - start
    row = {"label": label, "wall_s": round(wall, 1), "cpu_s": round(sum(cpu.values()) / TICK, 1),
           "peak_rss_driver_mib": round(peaks["driver"] / 1024, 1), "peak_rss_jvm_mib": round(peaks["jvm"] / 1024, 1),
           "peak_rss_python_workers_mib": round(peaks["workers"] / 1024, 1),
           "processes_sampled": len(cpu), "log": out.strip().splitlines()[-9:]}
    if state["stopped"]:
        row["did_not_fit"] = state["stopped"]
    elif process.returncode != 0:
        row["failed"] = err.strip().splitlines()[-5:]
        print(f"{label} failed:\n{out[-2000:]}\n{err[-4000:]}", file=sys.stderr)
    return row


STAGE_METRICS = {"internal.metrics.input.bytesRead": "input_mib",
                 "internal.metrics.shuffle.write.bytesWritten": "shuffle_write_mib",
                 "internal.metrics.shuffle.write.recordsWritten": "shuffle_write_records",
                 "internal.metrics.shuffle.read.localBytesRead": "shuffle_read_mib",
                 "internal.metrics.shuffle.read.remoteBytesRead": "shuffle_read_mib",
                 "internal.metrics.memoryBytesSpilled": "spilled_memory_mib",
                 "internal.metrics.diskBytesSpilled": "spilled_disk_mib",
                 "internal.metrics.executorRunTime": "task_time_s",
                 "internal.metrics.executorCpuTime": "task_cpu_s"}


def stages_from_event_log(folder: Path):
    """Per completed stage, from Spark's event log: name, wall, tasks, input, shuffle and spill figures."""
    import json

    stages = []
    for log in sorted(folder.glob("*")):
        for line in log.read_text().splitlines():
            event = json.loads(line)
            if event.get("Event") != "SparkListenerStageCompleted":
                continue
            info = event["Stage Info"]
            row = {"stage": info["Stage ID"], "name": info["Stage Name"].split(" at ")[0],
                   "tasks": info["Number of Tasks"],
                   "wall_s": round((info["Completion Time"] - info["Submission Time"]) / 1000, 1)}
            for item in info.get("Accumulables", []):
                name = STAGE_METRICS.get(item.get("Name"))
                if name is None:
                    continue
                value = float(item.get("Value") or 0)
                value = value / 2**20 if name.endswith("_mib") else value
                value = value / 1000 if name == "task_time_s" else value / 1e9 if name == "task_cpu_s" else value
                row[name] = round(row.get(name, 0) + value, 1)
            stages.append(row)
    return sorted(stages, key=lambda r: r["stage"])


SINGLE = r"""
import sys, time
import numpy as np, pyarrow.parquet as pq
sys.path.insert(0, {root!r})
from dp_geoprivacy.core.releases.release import ranks_from_order
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, release_zone_counts
from dp_geoprivacy.spark.cells import h3_cells, id_order
from dp_geoprivacy.spark.zone_counts import zone_count_spec
started = time.perf_counter()
cells = h3_cells({resolution}, {extent!r})
n = len(cells)
cell = np.empty({records}, dtype=np.int32)
users = np.empty({records}, dtype=np.int64)
at = 0
for batch in pq.ParquetFile({path!r}).iter_batches(batch_size=1_000_000, columns=["lon", "lat", "card"]):
    m = min(len(batch), {records} - at)
    if m <= 0:
        break
    cell[at:at + m] = cells.assign_lonlat(batch.column(0).to_numpy()[:m], batch.column(1).to_numpy()[:m])
    users[at:at + m] = batch.column(2).to_numpy()[:m]
    at += m
cell, users = cell[:at], users[:at]
print(f"read and assigned {{at}} records in {{time.perf_counter() - started:.1f}} s")
spec = zone_count_spec(epsilon={epsilon}, user_field="card", max_contributions={m})
data = ZoneCountData(cell=cell, n_zones=n, zone_rank=ranks_from_order(id_order(cells.ids)), user_keys=users)
release = release_zone_counts(data, spec, noise_source().generator)
print("published", len(release.result["noisy_count"]), "dropped_by_bound", release.facts["dropped_by_bound"])
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=100_000_000)
    parser.add_argument("--cards", type=int, default=None, help="distinct cards (default records / 10)")
    parser.add_argument("--single-records", type=int, nargs="*", default=None,
                        help="sizes for the single-machine path (first N records of the same file; default: all)")
    parser.add_argument("--runs", default="spark,single")
    parser.add_argument("--data-dir", default="/var/tmp")
    parser.add_argument("--keep-data", action="store_true", help="keep (and reuse) the Parquet file")
    parser.add_argument("--min-free-mib", type=int, default=2048)
    parser.add_argument("--driver-memory", default="2g")
    parser.add_argument("--name", default="spark_zone_counts", help="results file name (benchmarks/results)")
    args = parser.parse_args()
    cards = args.cards or max(1, args.records // 10)
    runs = args.runs.split(",")
    python = sys.executable
    load_at_start = load_average()
    tmp = Path(tempfile.mkdtemp(prefix="bench_spark_", dir=args.data_dir))
    taps = Path(args.data_dir) / f"bench_spark_taps_{args.records}_{cards}.parquet"
    loads, rows, facts = [], [], {}
    try:
        if not taps.exists():
            started = time.perf_counter()
            make_taps(taps.with_suffix(".part"), args.records, cards)
            taps.with_suffix(".part").rename(taps)
            facts["generate_s"] = round(time.perf_counter() - started, 1)
        facts["parquet_mib"] = round(taps.stat().st_size / 2**20)
        print(f"{args.records:,} records, {cards:,} cards: {taps} ({facts['parquet_mib']:,} MiB)", flush=True)
        events = tmp / "events"
        events.mkdir()
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYSPARK_PYTHON=python,
                   PYSPARK_SUBMIT_ARGS=(f"--driver-memory {args.driver_memory} --conf spark.eventLog.enabled=true "
                                        f"--conf spark.eventLog.dir=file://{events} pyspark-shell"),
                   SPARK_LOCAL_DIRS=str(tmp))
        if "spark" in runs:
            row = run_sampled(
                [python, "-m", "dp_geoprivacy.spark", "noisyzonecounts", f"INPUT={taps}", "LON_FIELD=lon",
                 "LAT_FIELD=lat", "USER_FIELD=card", f"MAX_CONTRIBUTIONS={M}", f"H3_RESOLUTION={RESOLUTION}",
                 f"EXTENT={EXTENT}", f"EPSILON={EPSILON}", f"OUTPUT={tmp / 'spark.gpkg'}", "MASTER=local[2]"],
                env, "spark local[2]", args.min_free_mib, loads)
            rows.append(dict(row, records=args.records, stages=stages_from_event_log(events)))
        if "single" in runs:
            for size in args.single_records or [args.records]:
                size = min(size, args.records)
                script = SINGLE.format(root=str(ROOT), resolution=RESOLUTION, extent=EXTENT, path=str(taps),
                                       epsilon=EPSILON, m=M, records=size)
                row = run_sampled([python, "-c", script], env, f"single machine (core) {size:,}",
                                  args.min_free_mib, loads)
                rows.append(dict(row, records=size))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if not args.keep_data:
            taps.unlink(missing_ok=True)
    print_table(rows, ["label", "records", "wall_s", "cpu_s", "peak_rss_driver_mib", "peak_rss_jvm_mib",
                       "peak_rss_python_workers_mib"])
    for row in rows:
        print(row["label"], "|", " / ".join(row.pop("log")), "|", row.get("did_not_fit", ""), row.get("failed", ""))
        for stage in row.get("stages", []):
            print("   ", stage)
    path = write_results(args.name, {
        "records": args.records, "h3_resolution": RESOLUTION, "max_contributions": M, "cards": cards,
        "driver_memory": args.driver_memory, "load_average_at_start": load_at_start, **facts, "runs": rows,
        "load_average_log": loads})
    print(path)


if __name__ == "__main__":
    main()
