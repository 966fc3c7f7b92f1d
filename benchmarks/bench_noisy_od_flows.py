"""Benchmark: dp_geoprivacy:noisyodflows through qgis_process, and dp_mobility_report 0.2.11's OD flows.

Cases (all data made here, in a temporary directory):

1. 1,000,000 trips (lines) over a 50 x 50 grid of 2,500 zones: goal under
   10 s wall through qgis_process (median of three runs).
2. 200,000 trips over a 100 x 100 grid of 10,000 zones with MIN_FLOW=5 (the
   sparse path): goal under 1 GB peak memory.
3. 100,000 trips over the 2,500 zones, ours through qgis_process and the
   peer, dp_mobility_report 0.2.11 (Kapp et al. 2023's implementation; OD flows only,
   ``analysis_selection=[OD_FLOWS]``, user-level privacy) in its own virtual
   environment under benchmarks/.peer-venv, created here when missing:
   goal at least 50x faster. Both get the same trips (the peer as
   latitude/longitude start and end rows), the same zones, EPSILON and M.

Every qgis_process figure comes with its CPU time (user + system, from GNU
time) and the load average before it: the machine is shared, and wall time
alone says little there.

Trips: 250,000 / 25,000 users (4 trips each on average), origins clustered
around a few centres, destinations at an exponentially distributed
distance (mean 2.5 km) in a uniform direction; some end outside the grid.
Every run: USER_FIELD=uid, MAX_TRIPS=1 (Kapp et al. 2023 §5.4: a small M suits OD
flows), default MIN_FLOW=1 unless stated; the 2,500-zone cases at EPSILON 1
and 10, the 10,000-zone case at 1. At EPSILON=1 about 30% of the 6.25
million pairs publish a noise flow >= 1 on both sides (the peer keeps flows
> 0 after rounding, as MIN_FLOW=1 does), so writing about 1.9 million flow
lines and matrix rows dominates our time. Wall time and peak RSS come from
GNU time around the whole process (qgis_process, or the peer's Python).
For the peer comparison the time inside processing.run (QGIS already
started) and the peer's own report time are recorded too, with the wall
time of a trivial qgis_process run (the fixed start-up cost).

Run: make -s stage && .venv/bin/python benchmarks/bench_noisy_od_flows.py [--quick]
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
from osgeo import ogr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import (  # noqa: E402
    ROOT,
    load_average,
    print_table,
    run_measured,
    write_results,
    write_square_grid,
)

ogr.UseExceptions()
EPSG = 32633
ORIGIN = (380_000.0, 5_810_000.0)  # UTM 33N, about Berlin
EXTENT_M = 20_000.0
# EPSILON 1 (a common default) and 10 (Kapp et al. 2023 §5.4: OD flows needed epsilon > 10 for an
# ODFlowError below 100%).
EPSILONS = (1.0, 10.0)
MAX_TRIPS = 1
PEER_VENV = ROOT / "benchmarks" / ".peer-venv"
PEER_PACKAGES = ["dp_mobility_report==0.2.11", "pandas<3", "scikit-learn<1.9", "numpy<2"]
GOALS = {"speedup_vs_peer_min": 50.0, "wall_1m_2500_max_s": 10.0, "peak_10000_max_mib": 1024.0}


def make_zones(path: Path, n_side: int) -> Path:
    """An n_side x n_side grid of square zones covering EXTENT_M, ids 'Z<row>_<col>'."""
    write_square_grid(path, EPSG, *ORIGIN, EXTENT_M / n_side, n_side, n_side)
    return path


def make_trips(n: int, seed: int):
    """(origin xy, destination xy, user ids) of n synthetic trips in EPSG:32633."""
    rng = np.random.default_rng(seed)
    centres = np.array(ORIGIN) + rng.uniform(0.15, 0.85, (12, 2)) * EXTENT_M
    weight = rng.dirichlet(np.ones(len(centres)))
    which = rng.choice(len(centres), n, p=weight)
    origin = centres[which] + rng.normal(0, 2_500, (n, 2))
    angle = rng.uniform(0, 2 * np.pi, n)
    distance = rng.exponential(2_500, n)
    dest = origin + np.column_stack((np.cos(angle), np.sin(angle))) * distance[:, None]
    users = rng.integers(0, max(n // 4, 1), n)
    return origin, dest, users


def write_trip_lines(path: Path, origin, dest, users) -> Path:
    """A GeoPackage line layer (origin -> destination) with a uid field, written through CSV + ogr2ogr."""
    csv = path.with_suffix(".csv")
    with open(csv, "w") as out:
        out.write("wkt,uid\n")
        for start in range(0, len(origin), 200_000):
            o, d, u = origin[start:start + 200_000], dest[start:start + 200_000], users[start:start + 200_000]
            out.writelines(f'"LINESTRING ({a:.2f} {b:.2f}, {c:.2f} {e:.2f})",u{k}\n'
                           for a, b, c, e, k in zip(o[:, 0], o[:, 1], d[:, 0], d[:, 1], u))
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(path), str(csv), "-nln", "trips", "-a_srs", f"EPSG:{EPSG}",
                    "-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO",
                    "-nlt", "LINESTRING"], check=True)
    csv.unlink()
    return path


def ours(directory: Path, trips: Path, zones: Path, label: str, epsilon: float, **extra):
    args = ["run", "dp_geoprivacy:noisyodflows", "--", f"INPUT={trips}", f"ZONES={zones}",
            "ZONE_ID_FIELD=zone_id", f"EPSILON={epsilon}", "USER_FIELD=uid", f"MAX_TRIPS={MAX_TRIPS}",
            f"OUTPUT_FLOWS={directory / (label + '_flows.gpkg')}",
            f"OUTPUT_MATRIX={directory / (label + '_matrix.gpkg')}"]
    args += [f"{key}={value}" for key, value in extra.items()]
    result = run_measured(args, label)
    dataset = ogr.Open(str(directory / (label + "_flows.gpkg")))
    result["flows"] = dataset.GetLayer(0).GetFeatureCount()
    dataset = None
    return result


IN_PROCESS_SCRIPT = textwrap.dedent("""
    import json, sys, time
    stage = sys.argv[1]
    sys.path.insert(0, stage)
    sys.path.append("/usr/share/qgis/python/plugins")
    from qgis.core import QgsApplication
    app = QgsApplication([], False)
    app.initQgis()
    from processing.core.Processing import Processing
    Processing.initialize()
    import qgis.utils
    qgis.utils.plugin_paths.insert(0, stage)
    qgis.utils.updateAvailablePlugins()
    qgis.utils.loadPlugin("dp_geoprivacy")
    qgis.utils.startProcessingPlugin("dp_geoprivacy")
    import processing
    start = time.perf_counter()
    processing.run("dp_geoprivacy:noisyodflows", json.loads(sys.argv[2]))
    print(json.dumps({"algorithm_s": time.perf_counter() - start}))
""")


def ours_in_process(directory: Path, trips: Path, zones: Path, epsilon: float) -> float:
    """Seconds inside processing.run (QGIS already started): the algorithm without qgis_process start-up."""
    script = directory / "in_process.py"
    script.write_text(IN_PROCESS_SCRIPT)
    label = f"inproc_{epsilon:g}"
    parameters = {"INPUT": str(trips), "ZONES": str(zones), "ZONE_ID_FIELD": "zone_id", "EPSILON": epsilon,
                  "USER_FIELD": "uid", "MAX_TRIPS": MAX_TRIPS, "OUTPUT_FLOWS": str(directory / f"{label}_f.gpkg"),
                  "OUTPUT_MATRIX": str(directory / f"{label}_m.gpkg")}
    site = next((ROOT / ".venv" / "lib").glob("python3*/site-packages"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=f"/tmp/runtime-{os.getuid()}",
               QGIS_CUSTOM_CONFIG_PATH=str(ROOT / "build" / "qgis-profile"), PYTHONPATH=str(site))
    result = subprocess.run([sys.executable, str(script), str(ROOT / "build" / "plugins"), json.dumps(parameters)],
                            capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"in-process run failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return round(json.loads(result.stdout.strip().splitlines()[-1])["algorithm_s"], 3)


def qgis_process_start_up(directory: Path, zones: Path) -> dict:
    """A trivial qgis_process run (native:buffer on the zones), as run_measured gives it: the fixed start-up
    cost."""
    return run_measured(["run", "native:buffer", "--", f"INPUT={zones}", "DISTANCE=1",
                         f"OUTPUT={directory / 'startup.gpkg'}"], "qgis_process start-up")


PEER_SCRIPT = textwrap.dedent("""
    import json, sys, time
    start = time.perf_counter()
    import geopandas as gpd
    import numpy as np
    import pandas as pd
    from dp_mobility_report import DpMobilityReport
    from dp_mobility_report import constants as const
    imported = time.perf_counter()
    data = np.load(sys.argv[1])
    n = len(data["uid"])
    tid = np.arange(n)
    df = pd.DataFrame({
        "uid": np.repeat(data["uid"], 2), "tid": np.repeat(tid, 2),
        "datetime": pd.Timestamp("2026-11-02 08:00") + pd.to_timedelta(np.repeat(tid % 86400, 2), unit="s")
                    + pd.to_timedelta(np.tile([0, 900], n), unit="s"),
        "lat": np.column_stack((data["olat"], data["dlat"])).ravel(),
        "lng": np.column_stack((data["olng"], data["dlng"])).ravel(),
    })
    tessellation = gpd.read_file(sys.argv[2]).rename(columns={"zone_id": "tile_id"}).to_crs(4326)
    loaded = time.perf_counter()
    report = DpMobilityReport(df, tessellation, privacy_budget=float(sys.argv[3]), user_privacy=True,
                              max_trips_per_user=int(sys.argv[4]), analysis_selection=[const.OD_FLOWS],
                              disable_progress_bar=True, seed_sampling=1)
    section = report.report[const.OD_FLOWS]
    done = time.perf_counter()
    print(json.dumps({"import_s": imported - start, "load_s": loaded - imported, "report_s": done - loaded,
                      "flows": int(len(section.data)), "od_epsilon": section.privacy_budget}))
""")


def ensure_peer_venv():
    """Create benchmarks/.peer-venv with the peer when missing; (python path, None) or (None, what failed)."""
    python = PEER_VENV / "bin" / "python"
    check = [str(python), "-c", "import dp_mobility_report"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python, None
    steps = [["/usr/bin/python3", "-m", "venv", str(PEER_VENV)],
             [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"] + PEER_PACKAGES]
    for step in steps:
        result = subprocess.run(step, capture_output=True, text=True)
        if result.returncode != 0:
            return None, f"{' '.join(step)} failed ({result.returncode}): {(result.stderr or result.stdout)[-2000:]}"
    result = subprocess.run(check, capture_output=True, text=True)
    if result.returncode != 0:
        return None, f"import dp_mobility_report failed: {result.stderr[-2000:]}"
    return python, None


def peer(directory: Path, python: Path, origin, dest, users, zones: Path, epsilon: float):
    """Run the peer's OD flows under GNU time; wall time and peak RSS of the whole process."""
    from pyproj import Transformer

    to_lonlat = Transformer.from_crs(EPSG, 4326, always_xy=True)
    olng, olat = to_lonlat.transform(origin[:, 0], origin[:, 1])
    dlng, dlat = to_lonlat.transform(dest[:, 0], dest[:, 1])
    data = directory / "peer_trips.npz"
    np.savez(data, uid=users, olat=olat, olng=olng, dlat=dlat, dlng=dlng)
    script = directory / "peer_od.py"
    script.write_text(PEER_SCRIPT)
    command = ["/usr/bin/time", "-v", str(python), str(script), str(data), str(zones), str(epsilon), str(MAX_TRIPS)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))
    wall = time.perf_counter() - start
    if result.returncode != 0:
        return {"label": f"peer_100k_2500_eps{epsilon:g}", "error": result.stderr[-3000:]}
    peak_kib = next(int(line.split()[-1]) for line in result.stderr.splitlines() if "Maximum resident" in line)
    inner = json.loads(result.stdout.strip().splitlines()[-1])
    return {"label": f"peer_100k_2500_eps{epsilon:g}", "wall_s": round(wall, 3),
            "peak_rss_mib": round(peak_kib / 1024, 1), "flows": inner["flows"],
            "peer_od_epsilon": inner["od_epsilon"], "peer_report_s": round(inner["report_s"], 3),
            "peer_import_s": round(inner["import_s"], 3), "peer_load_s": round(inner["load_s"], 3)}


def main():
    quick = "--quick" in sys.argv
    sizes = {"big": 100_000 if quick else 1_000_000, "sparse": 20_000 if quick else 200_000,
             "peer": 10_000 if quick else 100_000}
    rows, notes = [], []
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="dp_bench_od_") as tmp:
        directory = Path(tmp)
        zones_2500 = make_zones(directory / "zones_2500.gpkg", 50)
        zones_10000 = make_zones(directory / "zones_10000.gpkg", 100)

        trips_big = write_trip_lines(directory / "trips_big.gpkg", *make_trips(sizes["big"], 1))
        for epsilon in EPSILONS:  # median of three runs (the first one after writing the data runs cold)
            runs = sorted((ours(directory, trips_big, zones_2500, f"ours_1m_2500_eps{epsilon:g}", epsilon)
                           for _ in range(3)), key=lambda run: run.get("wall_s", float("inf")))
            row = dict(runs[1], wall_s_runs=[run.get("wall_s") for run in runs])
            rows.append(dict(row, trips=sizes["big"], zones=2_500, epsilon=epsilon, min_flow=1))

        trips_sparse = write_trip_lines(directory / "trips_sparse.gpkg", *make_trips(sizes["sparse"], 2))
        row = ours(directory, trips_sparse, zones_10000, "ours_200k_10000_eps1", 1.0, MIN_FLOW=5)
        rows.append(dict(row, trips=sizes["sparse"], zones=10_000, epsilon=1.0, min_flow=5))

        origin, dest, users = make_trips(sizes["peer"], 3)
        trips_peer = write_trip_lines(directory / "trips_peer.gpkg", origin, dest, users)
        start_up = qgis_process_start_up(directory, zones_2500)
        python, failure = ensure_peer_venv()
        if failure:
            notes.append(f"peer not run: {failure}")
            print(f"peer not run: {failure}")
        for epsilon in EPSILONS:
            row = ours(directory, trips_peer, zones_2500, f"ours_100k_2500_eps{epsilon:g}", epsilon)
            row["algorithm_s_in_process"] = ours_in_process(directory, trips_peer, zones_2500, epsilon)
            rows.append(dict(row, trips=sizes["peer"], zones=2_500, epsilon=epsilon, min_flow=1))
            if not failure:
                rows.append(dict(peer(directory, python, origin, dest, users, zones_2500, epsilon),
                                 trips=sizes["peer"], zones=2_500, epsilon=epsilon, min_flow="(flow > 0)"))

    by_label = {r["label"]: r for r in rows}
    measured = {"qgis_process_start_up_s": start_up["wall_s"], "qgis_process_start_up_cpu_s": start_up["cpu_s"],
                "peak_10000_mib": by_label["ours_200k_10000_eps1"]["peak_rss_mib"],
                "peak_10000_met": by_label["ours_200k_10000_eps1"]["peak_rss_mib"] < GOALS["peak_10000_max_mib"]}
    for epsilon in EPSILONS:
        wall = by_label[f"ours_1m_2500_eps{epsilon:g}"]["wall_s"]
        measured[f"wall_1m_2500_eps{epsilon:g}_s"] = wall
        measured[f"cpu_1m_2500_eps{epsilon:g}_s"] = by_label[f"ours_1m_2500_eps{epsilon:g}"]["cpu_s"]
        measured[f"wall_1m_2500_eps{epsilon:g}_met"] = wall < GOALS["wall_1m_2500_max_s"]
        theirs = by_label.get(f"peer_100k_2500_eps{epsilon:g}", {})
        if "wall_s" in theirs:
            speedup = theirs["wall_s"] / by_label[f"ours_100k_2500_eps{epsilon:g}"]["wall_s"]
            measured[f"speedup_vs_peer_eps{epsilon:g}"] = round(speedup, 1)
            measured[f"speedup_vs_peer_eps{epsilon:g}_met"] = speedup >= GOALS["speedup_vs_peer_min"]
            inside = by_label[f"ours_100k_2500_eps{epsilon:g}"]["algorithm_s_in_process"]
            measured[f"speedup_in_process_eps{epsilon:g}"] = round(theirs["peer_report_s"] / inside, 1)
    print(f"noisyodflows benchmark (M={MAX_TRIPS}, USER_FIELD=uid); load average before {load_before}, "
          f"after {load_average()}, {os.cpu_count()} cores (shared with other work)")
    print_table(rows, ["label", "trips", "zones", "epsilon", "min_flow", "wall_s", "cpu_s", "peak_rss_mib", "flows",
                       "load_average_before", "algorithm_s_in_process", "peer_report_s"])
    print(json.dumps(measured, indent=1))
    path = write_results("noisy_od_flows", {"quick": quick, "max_trips": MAX_TRIPS, "epsilons": list(EPSILONS),
                                             "load_average_before": load_before, "runs": rows, "goals": GOALS,
                                             "measured": measured, "notes": notes})
    print(f"written: {path}")


if __name__ == "__main__":
    main()
