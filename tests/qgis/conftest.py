"""Tests in real QGIS: the staged plugin is loaded as QGIS loads it.

``make test-qgis`` stages the working tree as build/plugins/dp_geoprivacy
(what QGIS sees in a profile's plugin folder) and runs pytest with
pytest-qgis, which starts a QgsApplication. Here the plugin is found through
qgis.utils' plugin paths and started with ``startProcessingPlugin``:
``classFactory`` then ``initProcessing``, as QGIS desktop and qgis_process do.
"""

import contextlib
import gc
import inspect
import json
import os
import shlex
import subprocess
import sys
import types
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
    release_layers_before_exit()


def release_layers_before_exit():
    """Free every layer the tests left behind, while QGIS is still up.

    pytest-qgis calls exitQgis() when the session ends, which unloads the OGR provider and GDAL. A QgsVectorLayer
    still alive then is deleted by Python's own finalization and crashes the process in QGIS's GDALClose wrapper
    (exit status 139 after every test passed). What keeps such layers alive is a caught exception's traceback:
    its frames, and through each frame's f_back every caller's frame, hold the tests' locals.
    - A QgsProcessingException raised in a Python processAlgorithm keeps, after the run, one reference held
      outside Python (by QGIS's C++ side, which turns it into the run's failure; measured on QGIS 3.22: its
      refcount exceeds its Python referrers by one), so its traceback is never freed: a test
      that holds a layer while ``pytest.raises`` catches a refusal keeps that layer to the end.
    - A ``pytest.raises(...) as info`` in a frame holding a layer is a reference cycle (info -> traceback ->
      frame -> info) that stays until the collector runs, which may be after the last test.
    So the finished frames of every traceback still alive, and of their callers, drop their locals here, and the
    collector runs, before pytest-qgis' teardown. A layer still held after that (a module global) is deleted and
    named, and the session fails.
    """
    from qgis.core import QgsMapLayer
    from qgis.PyQt import sip

    suspendable = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
    for tb in [o for o in gc.get_objects() if isinstance(o, types.TracebackType)]:
        frames = []
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        while frames:
            frame = frames.pop()
            if frame.f_back is not None:
                frames.append(frame.f_back)
            if not frame.f_code.co_flags & suspendable:
                with contextlib.suppress(RuntimeError):  # a frame still running (pytest's own) is left as it is
                    frame.clear()
    gc.collect()
    left = [o for o in gc.get_objects() if isinstance(o, QgsMapLayer) and sip.ispyowned(o)]
    names = [repr(layer) for layer in left]
    for layer in left:  # deleted now, so the session still ends with its status rather than a crash
        sip.delete(layer)
    assert not names, f"layers Python still holds at the end of the session (they would crash the exit): {names}"


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
