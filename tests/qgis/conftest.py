"""Tests in real QGIS: the staged plugin is loaded as QGIS loads it.

``make test-qgis`` stages the working tree as build/plugins/dp_geoprivacy
(what QGIS sees in a profile's plugin folder) and runs pytest with
pytest-qgis, which starts a QgsApplication. Here the plugin is found through
qgis.utils' plugin paths and started with ``startProcessingPlugin``:
``classFactory`` then ``initProcessing``, as QGIS desktop and qgis_process do.
"""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr, osr

ROOT = Path(__file__).resolve().parents[2]
# The staged plugin folder: QGIS_PLUGINPATH as the Makefile sets it (build/plugins, or
# build/qgis340/plugins in the QGIS 3.40 root).
STAGE = Path(os.environ.get("QGIS_PLUGINPATH", "").split(os.pathsep)[0] or ROOT / "build" / "plugins")
# Set in the QGIS 3.40 root (.ci/qgis340.mk): the qgis_process command line (with its own
# `env ...` settings) to run instead of `make qgis_process` (which sets up the host's venv).
QGIS_PROCESS = shlex.split(os.environ.get("DP_GEOPRIVACY_QGIS_PROCESS", ""))
PLUGIN = "dp_geoprivacy"

ogr.UseExceptions()
sys.path.insert(0, str(STAGE))


@pytest.fixture(scope="session", autouse=True)
def plugin(qgis_app, qgis_processing):
    """The plugin object, loaded and started through qgis.utils."""
    import qgis.utils

    assert (STAGE / PLUGIN / "metadata.txt").is_file(), "run through `make test` (stages the plugin)"
    qgis.utils.plugin_paths.insert(0, str(STAGE))
    qgis.utils.updateAvailablePlugins()
    assert qgis.utils.loadPlugin(PLUGIN)
    assert qgis.utils.startProcessingPlugin(PLUGIN)
    yield qgis.utils.plugins[PLUGIN]


def write_points(path, epsg, xy, null_rows=(), multipoint=False, layer="points"):
    """A GeoPackage point layer with fields pid (row number) and label.

    Rows in ``null_rows`` get no geometry; NaN coordinates give empty points.
    """
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    kind = ogr.wkbMultiPoint if multipoint else ogr.wkbPoint
    out = dataset.CreateLayer(layer, srs, kind)
    out.CreateField(ogr.FieldDefn("pid", ogr.OFTInteger))
    out.CreateField(ogr.FieldDefn("label", ogr.OFTString))
    out.StartTransaction()
    for i, (x, y) in enumerate(np.asarray(xy, dtype=float)):
        feature = ogr.Feature(out.GetLayerDefn())
        feature["pid"] = i
        feature["label"] = f"p{i}"
        if i not in null_rows:
            if np.isnan(x):
                geometry = ogr.CreateGeometryFromWkt("POINT EMPTY")
            else:
                point = ogr.Geometry(ogr.wkbPoint)
                point.AddPoint_2D(float(x), float(y))
                geometry = point
                if multipoint:
                    geometry = ogr.Geometry(ogr.wkbMultiPoint)
                    geometry.AddGeometry(point)
            feature.SetGeometry(geometry)
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def read_points(path):
    """(pid, xy) arrays of a written point layer, in file order (pid -1 where there is no pid field)."""
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    has_pid = layer.GetLayerDefn().GetFieldIndex("pid") >= 0
    pids, xy = [], []
    for feature in layer:
        pids.append(feature["pid"] if has_pid else -1)
        geometry = feature.GetGeometryRef()
        xy.append((geometry.GetX(), geometry.GetY()))
    return np.array(pids), np.array(xy)


@pytest.fixture
def projected_points(tmp_path):
    """4,000 points in EPSG:32633 (metres), uniform over 10 km."""
    rng = np.random.default_rng(7)
    xy = np.column_stack((rng.uniform(5e5, 5.1e5, 4000), rng.uniform(4.5e6, 4.51e6, 4000)))
    return write_points(tmp_path / "projected.gpkg", 32633, xy), xy


@pytest.fixture
def geographic_points(tmp_path):
    """4,000 points in EPSG:4326 around Berlin (UTM zone 33N)."""
    rng = np.random.default_rng(8)
    xy = np.column_stack((rng.uniform(13.3, 13.5, 4000), rng.uniform(52.4, 52.6, 4000)))
    return write_points(tmp_path / "geographic.gpkg", 4326, xy), xy


def qgis_process_command(*args):
    """The command running the real qgis_process with the working-tree plugin (``make qgis_process``, or
    DP_GEOPRIVACY_QGIS_PROCESS where the QGIS under test sets it, as the QGIS 3.40 root does)."""
    if QGIS_PROCESS:
        return [*QGIS_PROCESS, *args]
    return ["make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process", f"ARGS={shlex.join(args)}"]


def run_qgis_process(*args, check=True):
    """Run the real qgis_process with the working-tree plugin (see qgis_process_command)."""
    result = subprocess.run(qgis_process_command(*args), capture_output=True, text=True, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"qgis_process failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def run_algorithm_json(algorithm, **parameters):
    """Run an algorithm through qgis_process --json; return its results dict."""
    args = ["run", algorithm, "--json", "--"] + [f"{key}={value}" for key, value in parameters.items()]
    result = run_qgis_process(*args)
    return json.loads(result.stdout[result.stdout.index("{"):])["results"]


def write_grid_zones(path, epsg, origin, cell, n, layer="zones"):
    """An n x n grid of square polygon zones with field zone_id 'Z<row>_<col>'."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer(layer, srs, ogr.wkbPolygon)
    out.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    x0, y0 = origin
    out.StartTransaction()
    for row in range(n):
        for col in range(n):
            x, y = x0 + col * cell, y0 + row * cell
            feature = ogr.Feature(out.GetLayerDefn())
            feature["zone_id"] = f"Z{row}_{col}"
            feature.SetGeometry(ogr.CreateGeometryFromWkt(
                f"POLYGON(({x} {y},{x + cell} {y},{x + cell} {y + cell},{x} {y + cell},{x} {y}))"))
            out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def read_field(path, name, layer=0):
    """All values of field ``name`` of a layer file, in file order."""
    dataset = ogr.Open(str(path))
    values = [feature[name] for feature in dataset.GetLayer(layer)]
    dataset = None
    return values


def feature_count(path, layer=0):
    dataset = ogr.Open(str(path))
    count = dataset.GetLayer(layer).GetFeatureCount()
    dataset = None
    return count


# Known defect, root cause not found: after some tests (tests/qgis/test_spark_output.py, which imports pyspark
# into this process; an example model of the provider run in this process) the Python process crashes while the
# interpreter finalizes, after pytest has reported and pytest-qgis has closed QGIS, which turns a passing run into
# exit status 139. The test process therefore ends itself here with pytest's own exit status once everything has
# been reported. The plugin's own processes (qgis_process runs, the desktop) exit cleanly: the tests check their
# exit codes.
_EXIT_STATUS = {}


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    _EXIT_STATUS["status"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    if "status" in _EXIT_STATUS:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS["status"])
