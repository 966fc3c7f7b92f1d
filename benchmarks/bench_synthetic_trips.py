"""Benchmark: dp_geoprivacy:synthetictrips through qgis_process, with native:randompointsinpolygons as reference.

Cases (all data made here, in a temporary directory):

1. Model 0 (Roy, Kantarcioglu and Sweeney 2016 contingency tables): 1,000,000 trips (lines) over a
   50 x 50 grid of 2,500 zones, 14 days of 15-minute bins (1,344 bins),
   duration (7 bins up to 120 minutes) and 4 categorical attributes
   (usertype 2, gender 3, age group 5, fare 4 categories): tables of 6.25
   million OD cells, 3.36 million origin x start cells, the duration rows of
   the pairs drawn and 2,500 x (k + 1) cells per attribute; about 1,000,000
   synthetic trip lines between random points inside their zones.
2. Model 1 (Asghar, Tyler and Kaafar 2017 stability histograms): the same 1,000,000 rows split by
   day (14) and mode (4) into 56 partitions, the six marginals of Asghar, Tyler and Kaafar 2017
   with EPSILON 8 split 1,1,1,1,2,2 and DELTA 7.5e-7; the output repeats each
   published cell by its count (several million rows, no geometry).
3. Reference: native:randompointsinpolygons drawing 2,000,000 random points
   in the same 2,500 zones (800 per zone): as many points as model 0 draws
   (an origin and a destination per trip), so the ratio shows what the
   sampling costs compared with QGIS itself.

Goal (issue 12): each of cases 1 and 2 under 30 s wall and 2 GiB peak RSS.
Wall time and peak RSS come from ``/usr/bin/time -v`` around the whole
qgis_process run (start-up included). The load average is recorded: the
machine is shared.

Run: make -s stage && .venv/bin/python benchmarks/bench_synthetic_trips.py [--quick]
"""

import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from osgeo import ogr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import ROOT, load_average, print_table, write_results, write_square_grid  # noqa: E402

ogr.UseExceptions()
EPSG = 32633
ORIGIN = (380_000.0, 5_810_000.0)
EXTENT_M = 20_000.0
GOALS = {"wall_max_s": 30.0, "peak_max_mib": 2048.0}
ATTRIBUTES = {"usertype": ("Subscriber", "Customer"), "gender": ("male", "female", "unknown"),
              "agegroup": ("<18", "18-29", "30-49", "50-64", "65+"), "fare": ("adult", "child", "senior", "concession")}
MODES = ("bus", "train", "ferry", "light rail")


def run_time_v(args, label):
    """Run ``make qgis_process ARGS=...`` under ``/usr/bin/time -v``: wall seconds and peak RSS (MiB)."""
    command = ["/usr/bin/time", "-v", "make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process",
               f"ARGS={shlex.join(args)}"]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{label} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    elapsed = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", result.stderr).group(1)
    return {"label": label, "wall_s": round(wall, 2), "time_v_elapsed": elapsed, "peak_rss_mib": round(peak / 1024, 1),
            "load_average": load_average()}


def make_zones(path: Path, n_side: int) -> Path:
    write_square_grid(path, EPSG, *ORIGIN, EXTENT_M / n_side, n_side, n_side)
    return path


def make_trips(path: Path, n: int, seed: int = 1) -> Path:
    """n trip lines (clustered origins, destinations 2.5 km away on average) with start, dur, attributes, day, mode."""
    rng = np.random.default_rng(seed)
    centres = np.array(ORIGIN) + rng.uniform(0.15, 0.85, (12, 2)) * EXTENT_M
    which = rng.choice(len(centres), n, p=rng.dirichlet(np.ones(len(centres))))
    origin = np.clip(centres[which] + rng.normal(0, 2_500, (n, 2)), np.array(ORIGIN) + 1,
                     np.array(ORIGIN) + EXTENT_M - 1)
    angle, distance = rng.uniform(0, 2 * np.pi, n), rng.exponential(2_500, n)
    dest = np.clip(origin + np.column_stack((np.cos(angle), np.sin(angle))) * distance[:, None],
                   np.array(ORIGIN) + 1, np.array(ORIGIN) + EXTENT_M - 1)
    day = rng.integers(0, 14, n)
    minute = np.clip(np.where(rng.random(n) < 0.5, rng.normal(8 * 60, 60, n), rng.normal(17 * 60, 90, n)), 0, 1439)
    start = np.datetime64("2013-10-01T00:00:00") + (day * 86400 + (minute * 60).astype(int)).astype("timedelta64[s]")
    start_text = np.datetime_as_string(start, unit="s")
    duration = np.round(rng.exponential(15, n), 1)
    mode = rng.integers(0, len(MODES), n)
    codes = {name: rng.integers(0, len(values), n) for name, values in ATTRIBUTES.items()}
    csv = path.with_suffix(".csv")
    with open(csv, "w") as out:
        out.write("wkt,start,dur,day,mode," + ",".join(ATTRIBUTES) + "\n")
        for i in range(n):
            attrs = ",".join(ATTRIBUTES[name][codes[name][i]] for name in ATTRIBUTES)
            out.write(f'"LINESTRING ({origin[i, 0]:.1f} {origin[i, 1]:.1f}, {dest[i, 0]:.1f} {dest[i, 1]:.1f})",'
                      f"{start_text[i]},{duration[i]},{day[i] + 1},{MODES[mode[i]]},{attrs}\n")
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(path), str(csv), "-nln", "trips", "-a_srs", f"EPSG:{EPSG}",
                    "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO", "-oo", "AUTODETECT_TYPE=YES",
                    "-nlt", "LINESTRING"], check=True)
    csv.unlink()
    return path


def feature_count(path: Path) -> int:
    dataset = ogr.Open(str(path))
    count = dataset.GetLayer(0).GetFeatureCount()
    dataset = None
    return count


def main(quick=False):
    n = 100_000 if quick else 1_000_000
    period = ["PERIOD_START=2013-10-01T00:00:00", "PERIOD_END=2013-10-15T00:00:00"]
    rows = []
    with tempfile.TemporaryDirectory(dir=ROOT / "build") as tmp:
        directory = Path(tmp)
        cache = ROOT / "build" / "bench_synthetic_data"  # the input is kept between runs (it takes a while)
        cache.mkdir(parents=True, exist_ok=True)
        zones = cache / "zones.gpkg"
        if not zones.exists():
            make_zones(zones, 50)
        trips = cache / f"trips_{n}.gpkg"
        if not trips.exists():
            started = time.perf_counter()
            make_trips(trips, n)
            print(f"data: {n:,} trips written in {time.perf_counter() - started:.1f} s", flush=True)
        common = [f"INPUT={trips}", "START_FIELD=start", "DURATION_FIELD=dur", f"ZONES={zones}",
                  "ZONE_ID_FIELD=zone_id", "SEED=1"] + period
        out0 = directory / "model0.gpkg"
        result = run_time_v(["run", "dp_geoprivacy:synthetictrips", "--"] + common + [
            "MODEL=0", "EPSILON=1", "ATTRIBUTE_FIELDS=" + ";".join(ATTRIBUTES),
            "CATEGORIES=" + "; ".join(f"{k}={'|'.join(v)}" for k, v in ATTRIBUTES.items()), f"OUTPUT={out0}"],
            f"model 0: {n:,} trips, 2,500 zones, 4 attributes")
        result["rows_out"] = feature_count(out0)
        rows.append(result)
        out1 = directory / "model1.gpkg"
        result = run_time_v(["run", "dp_geoprivacy:synthetictrips", "--"] + common + [
            "MODEL=1", "EPSILON=8", "WEIGHTS=1,1,1,1,2,2", "DELTA=7.5e-7", "PARTITION_FIELDS=day;mode",
            f"OUTPUT={out1}"], f"model 1: {n:,} rows, 56 partitions x 6 marginals")
        result["rows_out"] = feature_count(out1)
        rows.append(result)
        points = directory / "points.gpkg"
        result = run_time_v(["run", "native:randompointsinpolygons", "--", f"INPUT={zones}",
                             f"POINTS_NUMBER={2 * n // 2500}", "MIN_DISTANCE=0", "SEED=1",
                             "INCLUDE_POLYGON_ATTRIBUTES=false", f"OUTPUT={points}"],
                            f"native:randompointsinpolygons: {2 * n:,} points in 2,500 zones")
        result["rows_out"] = feature_count(points)
        rows.append(result)
    reference = rows[2]["wall_s"]
    for row in rows[:2]:
        row["ratio_to_reference"] = round(row["wall_s"] / reference, 2)
        row["meets_goal"] = row["wall_s"] <= GOALS["wall_max_s"] and row["peak_rss_mib"] <= GOALS["peak_max_mib"]
    print_table(rows, ["label", "wall_s", "peak_rss_mib", "rows_out", "ratio_to_reference", "meets_goal",
                       "load_average"])
    if not quick:
        path = write_results("synthetic_trips", {"trips": n, "goals": GOALS, "runs": rows})
        print(f"results: {path}")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
