"""The two tools of the mobility-report benchmark on real public data (bench_mobility_report_real.py): ours through
the real qgis_process (common.run_measured) plus its shared distribution analyses from the same core release in
process, and the peer (dp_mobility_report 0.2.11) in its own virtual environment under GNU time; each run's row of
times and errors against the truth (benchmarks/mobility_truth.py)."""

import datetime as dt
import json
import os
import subprocess
import textwrap
import time

import numpy as np
from osgeo import ogr

from benchmarks.common import load_average, run_in_session, run_measured
from benchmarks.mobility_real_data import FIRST_DAY
from benchmarks.mobility_truth import JUMP_EDGES, TRAVEL_EDGES, USER_EDGES, M, distribution_errors

# The shared distribution analyses compared as shares of their total (the peer publishes percentages): public
# bins as both tools are given them (travel time 0-120 min by 5, jump length 0-20 km by 1, one overflow bin).
HOUR_CATEGORIES = ("weekday start", "weekday end", "weekend start", "weekend end")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def ours_distributions(unit, start, end, origin, dest, epsilon, days, weights=None):
    """Our shared distribution analyses from the very release dp_geoprivacy:mobilityreport calls
    (core.releases.mobility_report.release_mobility_report, same spec as the qgis_process run), in process;
    ``weights``: another split (BUDGET_SPLIT)."""
    from dp_geoprivacy.core.mechanisms.rng import noise_source
    from dp_geoprivacy.core.releases import mobility_analyses as ma
    from dp_geoprivacy.core.releases.mobility_report import (
        MobilityData,
        MobilityReportSpec,
        Period,
        release_mobility_report,
    )

    n = len(unit)
    data = MobilityData(unit, np.ones(n, bool), np.ones(n, bool), start, end, origin, dest,
                        np.zeros(n, np.int64), np.zeros(n, np.int64), 1)
    span = (FIRST_DAY - dt.date(1970, 1, 1)).days * 86400.0
    spec = MobilityReportSpec(epsilon, M, "user", period=Period(span, span + 86400.0 * days), weights=weights,
                              bins=ma.MobilityBins(travel_time_bin_min=5, jump_length_bin_km=1, time_between_bin_h=6,
                                                   radius_bin_km=1))
    r = release_mobility_report(data, spec, noise_source().generator).result
    return {"trips_per_weekday": (r["trips_per_weekday"], None), "trips_per_hour": (r["trips_per_hour"].ravel(), None),
            **{name: (r[name], r[name + "_summary"]) for name in ("travel_time", "jump_length", "trips_per_user")}}


def peer_distributions(inner):
    """The peer's published percentages mapped onto the same bins (by each bin's lower edge), and its
    five-number summaries."""
    hours = np.zeros((4, 24))
    for hour, category, perc in inner["trips_per_hour"]:
        hours[HOUR_CATEGORIES.index(category), int(hour)] = perc
    out = {"trips_per_weekday": (np.array([inner["trips_per_weekday"].get(d, 0.0) for d in DAY_NAMES]), None),
           "trips_per_hour": (hours.ravel(), None)}
    for name, edges in (("travel_time", TRAVEL_EDGES), ("jump_length", JUMP_EDGES), ("trips_per_user", USER_EDGES)):
        counts, lower, summary = inner[name]
        mapped = np.zeros(len(edges))
        for c, lo in zip(counts, lower):
            mapped[min(len(edges) - 1, max(0, np.searchsorted(edges, lo + 1e-9, side="right") - 1))] += c
        out[name] = (mapped, summary)
    return out


def read_layer(path, fields):
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    return [tuple(f[name] for name in fields) for f in layer]


def flow_measures(published, true_flows, top=100):
    """(share of the published top 100 that are true pairs, share of the true top 10 among them, number published)."""
    ranked = sorted(published.items(), key=lambda kv: -kv[1])[:top]
    true_top = sorted(true_flows.items(), key=lambda kv: -kv[1])[:10]
    pairs = {k for k, _ in ranked}
    share = sum(1 for k in pairs if true_flows.get(k, 0) > 0) / len(pairs) if pairs else float("nan")
    return share, sum(1 for k, _ in true_top if k in pairs) / len(true_top), len(pairs)


def tag(days, cell):
    return f"{days}d_{cell:g}m"


def ours_args(directory, records, zones, epsilon, days, label):
    """qgis_process's arguments for our report of ``records`` over ``days`` (outputs named ``label`` in
    ``directory``)."""
    return ["run", "dp_geoprivacy:mobilityreport", "--", f"INPUT={records}", "USER_FIELD=uid", "TRIP_FIELD=tid",
            "TIMESTAMP_FIELD=ts", f"ZONES={zones}", "ZONE_ID_FIELD=zone_id", f"EPSILON={epsilon}",
            f"MAX_TRIPS_PER_USER={M}", f"TIME_START={FIRST_DAY}", f"TIME_END={FIRST_DAY + dt.timedelta(days=days)}",
            "TRAVEL_TIME_BIN=5",
            "JUMP_LENGTH_BIN=1", "TIME_BETWEEN_BIN=6", "RADIUS_BIN=1", f"OUTPUT_HTML={directory / (label + '.html')}",
            f"OUTPUT_VISITS={directory / (label + '_visits.gpkg')}", f"OUTPUT_FLOWS={directory / (label + '_f.gpkg')}"]


def ours(directory, records, zones, epsilon, k, truths, trips, days, cell):
    """One run of ours: the whole qgis_process (run_measured, whose outputs are scored), then the same run timed in a
    session that has already started QGIS and the plugin (run_in_session: processing.run alone, its own draw and
    outputs)."""
    label = f"ours_{tag(days, cell)}_eps{epsilon:g}_run{k}"
    row = run_measured(ours_args(directory, records, zones, epsilon, days, label), label)
    row.update(run_in_session(ours_args(directory, records, zones, epsilon, days, label + "_session"), label))
    visits_true, flows_true, _ = truths
    visits = dict(read_layer(directory / (label + "_visits.gpkg"), ("zone_id", "visits")))
    flows = {(o, d): c for o, d, c in read_layer(directory / (label + "_f.gpkg"), ("origin_id", "dest_id",
                                                                                   "noisy_count"))}
    row["visits_mae"] = float(np.mean([abs(visits[z] - visits_true.get(z, 0.0)) for z in visits]))
    row["od_true_pair_share"], row["od_true_top10_coverage"], row["od_published"] = flow_measures(flows, flows_true)
    page = (directory / (label + ".html")).read_text(encoding="utf-8")
    row["od_says_nothing_reliable"] = "publishes nothing reliable" in page
    row.update(distribution_errors(ours_distributions(*trips, epsilon, days), truths[2]))
    return row


PEER_SCRIPT = textwrap.dedent("""
    import json, sys, time
    start = time.perf_counter()
    import geopandas as gpd
    import pandas as pd
    from dp_mobility_report import DpMobilityReport
    from dp_mobility_report import constants as const
    session_wall, session_cpu = time.perf_counter(), time.process_time()  # the notebook has imported the above
    records = gpd.read_file(sys.argv[1], engine="pyogrio")  # the records layer ours reads
    df = pd.DataFrame({"uid": records["uid"], "tid": records["tid"].astype(int),
                       "datetime": pd.to_datetime(records["ts"], format="%Y-%m-%d %H:%M:%S"),
                       "lat": records.geometry.y, "lng": records.geometry.x})
    tessellation = gpd.read_file(sys.argv[2]).rename(columns={"zone_id": "tile_id"}).to_crs(4326)
    m = int(sys.argv[4])
    report = DpMobilityReport(df, tessellation, privacy_budget=float(sys.argv[3]), user_privacy=True,
                              max_trips_per_user=m, max_travel_time=120, bin_range_travel_time=5,
                              max_jump_length=20, bin_range_jump_length=1, max_radius_of_gyration=20,
                              bin_range_radius_of_gyration=1, max_user_time_delta=168, bin_range_user_time_delta=6,
                              max_user_tile_count=2 * m, bin_range_user_tile_count=1, disable_progress_bar=True)
    report.to_file(sys.argv[5])
    session_wall, session_cpu = time.perf_counter() - session_wall, time.process_time() - session_cpu
    visits = report.report[const.VISITS_PER_TILE].data
    flows = report.report[const.OD_FLOWS].data
    hist = {}
    for name, key in (("travel_time", const.TRAVEL_TIME), ("jump_length", const.JUMP_LENGTH),
                      ("trips_per_user", const.TRIPS_PER_USER)):
        section = report.report[key]
        counts, bins = section.data
        hist[name] = [[float(c) for c in counts], [float(b) for b in bins[:len(counts)]],
                      [float(q) for q in list(section.quartiles)]]
    weekday = report.report[const.TRIPS_PER_WEEKDAY].data
    hours = report.report[const.TRIPS_PER_HOUR].data
    print(json.dumps({"seconds": time.perf_counter() - start, "session_wall_s": round(session_wall, 3),
                      "session_cpu_s": round(session_cpu, 3), **hist,
                      "trips_per_weekday": {str(k): float(v) for k, v in weekday.items()},
                      "trips_per_hour": [[int(h), str(c), float(p)] for h, c, p in
                                         zip(hours[const.HOUR], hours[const.TIME_CATEGORY], hours["perc"])],
                      "visits": dict(zip(visits["tile_id"].astype(str), visits["visits"].astype(float))),
                      "flows": [[str(o), str(t), float(f)] for o, t, f in
                                zip(flows["origin"], flows["destination"], flows["flow"])]}))
""")


def peer(directory, python, records, zones, epsilon, k, truths, days, cell):
    label = f"peer_{tag(days, cell)}_eps{epsilon:g}_run{k}"
    script = directory / "peer_report.py"
    script.write_text(PEER_SCRIPT)
    command = ["/usr/bin/time", "-f", "%e %M %U %S", str(python), str(script), str(records), str(zones), str(epsilon),
               str(M), str(directory / (label + ".html"))]
    load = load_average()
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))
    wall = time.perf_counter() - start
    if result.returncode != 0:
        return {"label": label, "error": result.stderr[-3000:]}
    _, peak_kib, user_s, sys_s = result.stderr.strip().splitlines()[-1].split()
    peak_kib = int(peak_kib)
    inner = json.loads(result.stdout.strip().splitlines()[-1])
    visits_true, flows_true, distributions = truths
    flows = {(o, t): f for o, t, f in inner["flows"]}
    row = {"label": label, "wall_s": round(wall, 3), "cpu_s": round(float(user_s) + float(sys_s), 2),
           "peak_rss_mib": round(peak_kib / 1024, 1),
           "load_average_before": load, "session_wall_s": inner["session_wall_s"],
           "session_cpu_s": inner["session_cpu_s"],
           "visits_mae": float(np.mean([abs(v - visits_true.get(z, 0.0)) for z, v in inner["visits"].items()]))}
    row["od_true_pair_share"], row["od_true_top10_coverage"], row["od_published"] = flow_measures(flows, flows_true)
    row.update(distribution_errors(peer_distributions(inner), distributions))
    return row
