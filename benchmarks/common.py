"""Shared benchmark helpers: run qgis_process as `make qgis_process` does, measure time and memory."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


def write_square_grid(path, epsg: int, x0: float, y0: float, cell: float, cols: int, rows: int):
    """A GeoPackage layer "zones" of ``cols`` x ``rows`` square zones of ``cell`` (CRS EPSG:``epsg``) from the lower
    left corner (x0, y0), ids 'Z<row>_<col>': the benchmarks' public zones."""
    from osgeo import ogr, osr

    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    layer.StartTransaction()
    for row in range(rows):
        for col in range(cols):
            x, y = x0 + col * cell, y0 + row * cell
            feature = ogr.Feature(layer.GetLayerDefn())
            feature["zone_id"] = f"Z{row}_{col}"
            feature.SetGeometry(ogr.CreateGeometryFromWkt(
                f"POLYGON(({x} {y},{x + cell} {y},{x + cell} {y + cell},{x} {y + cell},{x} {y}))"))
            layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None


def compile_plugin(root=ROOT):
    """Byte-compile the plugin's modules once, before timing, as QGIS does on a plugin's first load and pip does
    for a package it installs. Where PYTHONDONTWRITEBYTECODE is set (as in the engineers' sessions) nothing is
    cached, and every qgis_process run would compile the plugin's 135 modules again (0.2 s of CPU)."""
    staged = root / "build" / "plugins" / "dp_geoprivacy"  # its top-level modules are cached there (make stage)
    folders = [str(f) for f in (root / "dp_geoprivacy", staged) if f.is_dir()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=True, capture_output=True)


def qgis_process_command(root=ROOT):
    """(qgis_process binary, environment) as ``make qgis_process`` runs it in checkout ``root`` (this one unless
    another is compared), after make has staged the plugin and checked the set-up (not timed: its check of the
    Debian packages alone is 0.7 s of CPU per call, no part of the plugin); asked from make itself, so the
    Makefile stays the one place that says how qgis_process runs."""
    if root not in _QGIS_PROCESS:
        recipe = "bench-env: deps stage ; @echo $(QGIS_PROCESS_BIN) && $(QGIS_ENV) /usr/bin/env -0"
        out = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(root), f"--eval={recipe}",
                              "bench-env"], capture_output=True, check=True).stdout.decode()
        binary, _, env = out.partition("\n")
        _QGIS_PROCESS[root] = binary, dict(v.split("=", 1) for v in env.split("\0") if "=" in v and
                                           not v.startswith(("MAKEFLAGS=", "MAKELEVEL=", "MFLAGS=")))
    return _QGIS_PROCESS[root]


_QGIS_PROCESS = {}


def run_measured(args, label, root=ROOT, python_path_first=None):
    """Run qgis_process with ``args`` as ``make qgis_process`` does (qgis_process_command) under GNU
    time; return wall seconds, CPU seconds (user + system, the process and its children), peak RSS (MiB) and
    the load average before the run (the machine is shared: wall time alone says little). The plugin is
    byte-compiled first (compile_plugin). ``python_path_first``: a folder put ahead of QGIS's Python path."""
    binary, env = qgis_process_command(root)
    if python_path_first is not None:
        env = dict(env, PYTHONPATH=os.pathsep.join([str(python_path_first), env.get("PYTHONPATH", "")]))
    compile_plugin(root)
    command = ["/usr/bin/time", "-f", "%e %M %U %S", binary, *args]
    load = load_average()
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{label} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    _, peak_kib, user, system = result.stderr.strip().splitlines()[-1].split()
    return {"label": label, "wall_s": round(wall, 3), "cpu_s": round(float(user) + float(system), 2),
            "user_s": float(user), "sys_s": float(system), "peak_rss_mib": round(int(peak_kib) / 1024, 1),
            "load_average_before": load}


def run_in_session(args, label, root=ROOT):
    """The same run as run_measured's ``args`` (``run ALGORITHM -- KEY=VALUE ...``) timed inside a QGIS session
    that has already started QGIS, its Processing plugin and this plugin (benchmarks/qgis_session_run.py, which
    says what is timed): the wall and CPU seconds of processing.run alone."""
    _, env = qgis_process_command(root)
    compile_plugin(root)
    command = [sys.executable, str(Path(__file__).with_name("qgis_session_run.py")), args[1],
               *args[args.index("--") + 1:]]
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0 or not result.stdout.strip():
        sys.exit(f"{label} (in session) failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    timed = json.loads(result.stdout.strip().splitlines()[-1])
    return {"session_wall_s": timed["wall_s"], "session_cpu_s": timed["cpu_s"]}


def load_average():
    return [round(v, 2) for v in os.getloadavg()]


def write_results(name, payload):
    RESULTS.mkdir(parents=True, exist_ok=True)
    payload = dict(payload, load_average_at_end=load_average(), cpu_count=os.cpu_count())
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2) + "\n")
    return path


def print_table(rows, columns):
    widths = [max(len(str(c)), *(len(str(r.get(c, ""))) for r in rows)) for c in columns]
    print("  ".join(str(c).ljust(w) for c, w in zip(columns, widths)))
    for row in rows:
        print("  ".join(str(row.get(c, "")).ljust(w) for c, w in zip(columns, widths)))
