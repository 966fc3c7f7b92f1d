"""What every qgis_process run pays before and around the algorithm: the plugin's start, its help, a report run.

Each command runs through the real qgis_process as ``make qgis_process`` runs it (common.run_measured: GNU time,
CPU of the whole process = user + system, wall, load average before), for this checkout and, with --compare DIR,
for another checkout staged the same way (e.g. old main exported with ``git archive``, its .venv and
build/wheels linked, ``make stage``), the two interleaved run by run so that both see the same load:

- ``--version``: QGIS's own start-up, no plugin loaded;
- ``help dp_geoprivacy:mobilityreport``: QGIS, its Processing plugin, this plugin's start and the help text,
  whose accuracy figures the planner computes;
- the same help with the scipy wheel of ``make wheels`` first on the path (the plugin's start used to import
  scipy.optimize, scipy.integrate, scipy.stats and scipy.sparse there, to bind them to their own libraries);
- with --days, ``run dp_geoprivacy:mobilityreport`` at epsilon 1 on the Cairns trips exactly as
  bench_mobility_report_real.py runs ours (--days D1 D2 ..., --cells C1 C2 ...: 196 days and 2,000 m are
  104,664 trips x 198 zones; 600 and 600 m 320,587 x 1,700; 1,960 and 500 m 1,046,640 x 2,349).

Medians per command and checkout. Writes benchmarks/results/bench_plugin_load.json (--results NAME).
Run: make -s stage && .venv/bin/python benchmarks/bench_plugin_load.py [--runs N] [--compare DIR]
     [--days D ... --cells C ...]
"""

import argparse
import csv
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.common import ROOT, load_average, print_table, run_measured, write_results  # noqa: E402
from benchmarks.mobility_real_data import read_trips, write_records, write_zones  # noqa: E402
from benchmarks.mobility_real_tools import ours_args  # noqa: E402
from benchmarks.real_data_trial import cairns_feed  # noqa: E402

WHEELS = ROOT / "build" / "wheels"
HELP = ("help", "dp_geoprivacy:mobilityreport")


def scipy_wheel_first(folder: Path):
    """A folder holding only the scipy wheel of ``make wheels`` (links), or None when there is none."""
    parts = [WHEELS / "scipy", WHEELS / "scipy.libs", *WHEELS.glob("scipy-*.dist-info")]
    if not all(p.exists() for p in parts[:2]):
        return None
    for path in parts:
        (folder / path.name).symlink_to(path.resolve())
    return folder


def report_data(directory: Path, days: int, cell: float):
    """Records and zones of ``days`` of the Cairns feed on a ``cell`` m grid, as bench_mobility_report_real.py
    writes them; (records, zones, trips, zones count)."""
    feed = cairns_feed()
    unit, start, end, origin, dest = read_trips(feed, days)
    stops = np.array([(float(r["stop_lon"]), float(r["stop_lat"])) for r in csv.DictReader(open(feed / "stops.txt"))])
    zones = directory / f"zones_{days}.gpkg"
    grid = write_zones(zones, stops, cell)
    records = directory / f"records_{days}.gpkg"
    write_records(records, unit, start, end, origin, dest)
    return records, zones, len(unit), grid[1] * grid[2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5, help="runs per command and checkout")
    parser.add_argument("--compare", type=Path, help="another checkout (staged: make stage) to time beside this one")
    parser.add_argument("--days", type=int, nargs="*", default=[], help="report runs on this many days of trips")
    parser.add_argument("--cells", type=float, nargs="*", default=[], help="grid cell (m), one per --days")
    parser.add_argument("--results", default="bench_plugin_load")
    options = parser.parse_args()
    trees = {"this": ROOT} if options.compare is None else {"this": ROOT, "compared": options.compare.resolve()}
    rows = []
    with tempfile.TemporaryDirectory(prefix="dp-plugin-load-") as tmp:
        directory = Path(tmp)
        first = scipy_wheel_first(Path(tempfile.mkdtemp(dir=tmp)))
        commands = [("version", ("--version",), None), ("help", HELP, None)]
        if first is not None:
            commands.append(("help_scipy_wheel", HELP, first))
        for days, cell in zip(options.days, options.cells):
            records, zones, trips, n_zones = report_data(directory, days, cell)
            print(f"{days} days: {trips} trips, {n_zones} zones", flush=True)
            commands.append((f"report_{trips}x{n_zones}", ours_args(directory, records, zones, 1.0, days, "r"),
                             None))
        for name, args, path_first in commands:
            for k in range(options.runs):
                for tree, root in trees.items():
                    row = run_measured(list(args), f"{name}_{tree}_run{k}", root, path_first)
                    rows.append(dict(row, command=name, checkout=tree))
                    print(row["label"], row["cpu_s"], row["wall_s"], row["load_average_before"], flush=True)
    summary = []
    for name, _, _ in commands:
        line = {"command": name}
        for tree in trees:
            mine = [r for r in rows if r["command"] == name and r["checkout"] == tree]
            line[f"{tree}_cpu_s"] = round(statistics.median(r["cpu_s"] for r in mine), 3)
            line[f"{tree}_wall_s"] = round(statistics.median(r["wall_s"] for r in mine), 3)
        summary.append(line)
    print_table(summary, list(summary[0]))
    payload = {"checkouts": {tree: str(root) for tree, root in trees.items()}, "runs": options.runs,
               "summary": summary, "rows": rows, "load_average_at_start": rows[0]["load_average_before"],
               "load_average_before_last": load_average()}
    print(write_results(options.results, payload))


if __name__ == "__main__":
    main()
