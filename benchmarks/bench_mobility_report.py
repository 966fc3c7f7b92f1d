"""Benchmark: dp_geoprivacy:mobilityreport through qgis_process against dp_mobility_report 0.2.11 (the peer).

Data (made here, in a temporary directory): 1,000,000 trip records (500,000
trips, a start and an end row each) of 50,000 users (10 trips each on
average, Poisson) over a 50 x 50 grid of 2,500 zones (400 m cells, UTM 33N);
origins clustered around a few centres, destinations at an exponentially
distributed distance (mean 2.5 km), some outside the grid; start times
uniform over four weeks of March 2024, durations 5-60 min.

Both get the same records (the peer as a pandas DataFrame of uid, tid,
datetime, lat, lng; ours as a GeoPackage point layer, its timestamps a
DateTime field), the same zones, EPSILON=1 and M=MAX_TRIPS_PER_USER=5, all
analyses, and the same public bounds (travel time 120 min in 5-min bins, jump
length 20 km in 1-km bins, radius of gyration 20 km in 1-km bins, time
between trips 168 h in 6-h bins, distinct zones up to 2M). The peer runs in
its own virtual environment under benchmarks/.peer-venv (pandas<3,
scikit-learn<1.9, numpy<2; created when missing, as
bench_noisy_od_flows.py does). Wall time and peak RSS of the whole process
come from GNU time (qgis_process, or the peer's Python: import, DataFrame,
report and its HTML file). Goal: at least 10x faster end to end.

Run: make -s stage && .venv/bin/python benchmarks/bench_mobility_report.py [--quick] [--peer-records N]
"""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np
from osgeo import gdal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_noisy_od_flows import ensure_peer_venv, make_zones  # noqa: E402
from benchmarks.common import load_average, print_table, run_measured, write_results  # noqa: E402

gdal.UseExceptions()
EPSG = 32633
ORIGIN = (380_000.0, 5_810_000.0)
EXTENT_M = 20_000.0
EPSILON, M = 1.0, 5
GOAL_SPEEDUP = 10.0
T0 = np.datetime64("2024-03-04T00:00:00")


def make_records(n_trips: int, n_users: int, seed: int):
    rng = np.random.default_rng(seed)
    users = rng.integers(0, n_users, n_trips)
    centres = ORIGIN + rng.uniform(2_000, EXTENT_M - 2_000, (6, 2))
    origin = centres[rng.integers(0, 6, n_trips)] + rng.normal(0, 1_500, (n_trips, 2))
    angle = rng.uniform(0, 2 * np.pi, n_trips)
    dest = origin + rng.exponential(2_500, n_trips)[:, None] * np.column_stack((np.cos(angle), np.sin(angle)))
    start = T0 + rng.integers(0, 28 * 86400, n_trips).astype("timedelta64[s]")
    end = start + rng.integers(300, 3600, n_trips).astype("timedelta64[s]")
    return users, origin, dest, start, end


def write_records_gpkg(path: Path, users, origin, dest, start, end) -> Path:
    """CSV written with numpy, converted by GDAL to a GeoPackage point layer (ts as DateTime)."""
    n = len(users)
    csv = path.with_suffix(".csv")
    tid = np.repeat(np.arange(n), 2)
    xy = np.empty((2 * n, 2))
    xy[0::2], xy[1::2] = origin, dest
    ts = np.empty(2 * n, dtype="datetime64[s]")
    ts[0::2], ts[1::2] = start, end
    with open(csv, "w") as out:
        out.write("uid,tid,ts,x,y\n")
        text = np.char.add(np.char.add(np.repeat(users, 2).astype(str), ","), tid.astype(str))
        text = np.char.add(np.char.add(text, ","), np.char.replace(ts.astype(str), "T", " "))
        coords = np.char.add(np.char.add(np.round(xy[:, 0], 1).astype(str), ","), np.round(xy[:, 1], 1).astype(str))
        out.write("\n".join(np.char.add(np.char.add(text, ","), coords).tolist()) + "\n")
    source = gdal.OpenEx(str(csv), gdal.OF_VECTOR, open_options=[
        "X_POSSIBLE_NAMES=x", "Y_POSSIBLE_NAMES=y", "AUTODETECT_TYPE=YES", "KEEP_GEOM_COLUMNS=NO"])
    gdal.VectorTranslate(str(path), source, options=["-f", "GPKG", "-nln", "records", "-a_srs", f"EPSG:{EPSG}"])
    source = None
    return path


def ours(directory: Path, records: Path, zones: Path, label: str):
    args = ["run", "dp_geoprivacy:mobilityreport", "--", f"INPUT={records}", "USER_FIELD=uid", "TRIP_FIELD=tid",
            "TIMESTAMP_FIELD=ts", f"ZONES={zones}", "ZONE_ID_FIELD=zone_id", f"EPSILON={EPSILON}",
            f"MAX_TRIPS_PER_USER={M}", "TIME_START=2024-03-01", "TIME_END=2024-04-01", "TRAVEL_TIME_BIN=5",
            "JUMP_LENGTH_BIN=1", "TIME_BETWEEN_BIN=6", "RADIUS_BIN=1",
            f"OUTPUT_HTML={directory / (label + '.html')}", f"OUTPUT_VISITS={directory / (label + '_visits.gpkg')}",
            f"OUTPUT_FLOWS={directory / (label + '_flows.gpkg')}"]
    return run_measured(args, label)


PEER_SCRIPT = textwrap.dedent("""
    import json, sys, time
    start = time.perf_counter()
    import geopandas as gpd
    import numpy as np
    import pandas as pd
    from dp_mobility_report import DpMobilityReport
    imported = time.perf_counter()
    d = np.load(sys.argv[1])
    n = len(d["uid"])
    tid = np.arange(n)
    times = np.empty(2 * n, dtype="datetime64[s]")
    times[0::2], times[1::2] = d["start"], d["end"]
    df = pd.DataFrame({"uid": np.repeat(d["uid"], 2), "tid": np.repeat(tid, 2), "datetime": times,
                       "lat": np.column_stack((d["olat"], d["dlat"])).ravel(),
                       "lng": np.column_stack((d["olng"], d["dlng"])).ravel()})
    tessellation = gpd.read_file(sys.argv[2]).rename(columns={"zone_id": "tile_id"}).to_crs(4326)
    loaded = time.perf_counter()
    m = int(sys.argv[4])
    report = DpMobilityReport(df, tessellation, privacy_budget=float(sys.argv[3]), user_privacy=True,
                              max_trips_per_user=m, max_travel_time=120, bin_range_travel_time=5,
                              max_jump_length=20, bin_range_jump_length=1, max_radius_of_gyration=20,
                              bin_range_radius_of_gyration=1, max_user_time_delta=168, bin_range_user_time_delta=6,
                              max_user_tile_count=2 * m, bin_range_user_tile_count=1,
                              disable_progress_bar=True, seed_sampling=1)
    computed = time.perf_counter()
    report.to_file(sys.argv[5])
    done = time.perf_counter()
    print(json.dumps({"import_s": imported - start, "load_s": loaded - imported, "report_s": computed - loaded,
                      "html_s": done - computed}))
""")


def peer(directory: Path, python: Path, users, origin, dest, start, end, zones: Path, label: str):
    from pyproj import Transformer

    to_lonlat = Transformer.from_crs(EPSG, 4326, always_xy=True)
    olng, olat = to_lonlat.transform(origin[:, 0], origin[:, 1])
    dlng, dlat = to_lonlat.transform(dest[:, 0], dest[:, 1])
    data = directory / f"{label}.npz"
    np.savez(data, uid=users, olat=olat, olng=olng, dlat=dlat, dlng=dlng, start=start, end=end)
    script = directory / "peer_report.py"
    script.write_text(PEER_SCRIPT)
    command = ["/usr/bin/time", "-v", str(python), str(script), str(data), str(zones), str(EPSILON), str(M),
               str(directory / f"{label}.html")]
    began = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))
    wall = time.perf_counter() - began
    if result.returncode != 0:
        return {"label": label, "error": result.stderr[-3000:]}
    peak_kib = next(int(line.split()[-1]) for line in result.stderr.splitlines() if "Maximum resident" in line)
    inner = json.loads(result.stdout.strip().splitlines()[-1])
    return {"label": label, "wall_s": round(wall, 3), "peak_rss_mib": round(peak_kib / 1024, 1),
            **{f"peer_{k}": round(v, 3) for k, v in inner.items()}}


def main():
    quick = "--quick" in sys.argv
    n_trips, n_users = (50_000, 5_000) if quick else (500_000, 50_000)
    peer_trips = n_trips
    if "--peer-records" in sys.argv:
        peer_trips = int(sys.argv[sys.argv.index("--peer-records") + 1]) // 2
    rows, notes = [], []
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="dp_bench_mr_") as tmp:
        directory = Path(tmp)
        zones = make_zones(directory / "zones.gpkg", 50)
        users, origin, dest, start, end = make_records(n_trips, n_users, 1)
        records = write_records_gpkg(directory / "records.gpkg", users, origin, dest, start, end)
        label = f"ours_{2 * n_trips // 1000}k_records"
        rows.append(dict(ours(directory, records, zones, label), records=2 * n_trips, users=n_users))
        python, failure = ensure_peer_venv()
        if failure:
            notes.append(f"peer not run: {failure}")
        else:
            k = peer_trips
            if k != n_trips:  # the same first k trips for both, so the pair is like for like
                sub = write_records_gpkg(directory / "records_peer.gpkg", users[:k], origin[:k], dest[:k], start[:k],
                                         end[:k])
                rows.append(dict(ours(directory, sub, zones, f"ours_{2 * k // 1000}k_records"), records=2 * k))
            rows.append(dict(peer(directory, python, users[:k], origin[:k], dest[:k], start[:k], end[:k], zones,
                                  f"peer_{2 * k // 1000}k_records"), records=2 * k))
    measured = {"load_average_before": load_before, "load_average_after": load_average()}
    by_records = {}
    for row in rows:
        by_records.setdefault(row["records"], {})[row["label"].split("_")[0]] = row
    for count, pair in by_records.items():
        if "ours" in pair and "peer" in pair and "wall_s" in pair["peer"]:
            speedup = pair["peer"]["wall_s"] / pair["ours"]["wall_s"]
            measured[f"speedup_{count}"] = round(speedup, 1)
            measured[f"speedup_{count}_met"] = speedup >= GOAL_SPEEDUP
    print(f"mobilityreport benchmark (EPSILON={EPSILON}, M={M}); load average before {load_before}, after "
          f"{load_average()}, {os.cpu_count()} cores (shared with other work)")
    print_table(rows, ["label", "records", "wall_s", "peak_rss_mib", "peer_report_s", "peer_html_s", "error"])
    print(json.dumps(measured, indent=1))
    for note in notes:
        print(note)
    write_results("bench_mobility_report", {"rows": rows, "measured": measured, "notes": notes,
                                            "goal_speedup": GOAL_SPEEDUP})


if __name__ == "__main__":
    main()
