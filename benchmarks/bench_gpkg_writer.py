"""Benchmark: the hand-written GeoPackage writer (processing/gpkg_fill.py) vs GDAL's own (OGRLayer::WriteArrowBatch).

Issue 9 §2: prefer GDAL's writer where GDAL >= 3.8 offers WriteArrowBatch,
if it is at least as fast. This writes N flow lines with the OD-flow output's
fields (origin_id, dest_id, noisy_count, moe95; WKB lines) both ways into a
new GeoPackage with a spatial index, alternating, REPEATS times each, and
reports the median wall and CPU time of each (geometry encoding included
in both). Result of the last run: benchmarks/results/gpkg_writer.json.
It needs GDAL >= 3.8 for the second writer (Debian trixie: GDAL 3.10), and
no QGIS: run it with the system Python of such a system, e.g. the trixie
root:

    chroot /var/cache/dp_geoprivacy/trixie-root /usr/bin/python3 /path/to/bench_gpkg_writer.py [N [result.json]]

(copy benchmarks/ and dp_geoprivacy/processing/gpkg_fill.py, gpkg_rows.py
and gpkg_rtree.py in; the modules are loaded by path). The Arrow batches are built with ctypes
(gdal_arrow_batch.py), so pyarrow is not needed.
"""

import importlib
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

import numpy as np
import shapely
from osgeo import gdal, ogr, osr

HERE = Path(__file__).resolve().parent
REPEATS = 3
CHUNK = 500_000


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _gpkg_fill():
    """gpkg_fill with the modules it imports relatively (gpkg_rows, gpkg_rtree), loaded as a package of
    their folder without running the plugin's __init__ (no QGIS needed)."""
    for folder in (HERE.parent / "dp_geoprivacy" / "processing", HERE):
        if (folder / "gpkg_fill.py").exists():
            package = types.ModuleType("dp_gpkg")
            package.__path__ = [str(folder)]
            sys.modules["dp_gpkg"] = package
            return importlib.import_module("dp_gpkg.gpkg_fill")
    sys.exit("gpkg_fill.py not found beside benchmarks/")


class _Column:
    """The subset of writers.Column that gpkg_fill uses."""

    def __init__(self, name, kind, values):
        self.name, self.kind, self.values = name, kind, values

    def python_values(self):
        if self.kind == "text":
            return [None if v is None else str(v) for v in self.values.tolist()]
        return [None if v != v else v for v in np.asarray(self.values, dtype=float).tolist()]


def make_flows(n):
    rng = np.random.default_rng(1)
    ids = np.array([f"Z{i // 50}_{i % 50}" for i in range(2500)], dtype=object)
    origin, dest = rng.integers(0, 2500, n), rng.integers(0, 2500, n)
    points = rng.uniform(0, 50_000, (2500, 2))
    lines = shapely.linestrings(np.stack((points[origin], points[dest]), axis=1))
    columns = {"origin_id": ids[origin], "dest_id": ids[dest], "noisy_count": np.round(rng.exponential(3, n)),
               "moe95": np.full(n, 2.99)}
    return lines, columns


def _create(path):
    if os.path.exists(path):
        os.remove(path)
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(path)
    layer = dataset.CreateLayer("flows", srs, ogr.wkbLineString, ["FID=fid", "SPATIAL_INDEX=YES"])
    for name, kind in (("origin_id", ogr.OFTString), ("dest_id", ogr.OFTString), ("noisy_count", ogr.OFTReal),
                       ("moe95", ogr.OFTReal)):
        layer.CreateField(ogr.FieldDefn(name, kind))
    return dataset, layer


def _timed(write, *args):
    """(wall seconds, CPU seconds of this process) of one write: CPU time is steadier on a shared machine."""
    wall, cpu = time.perf_counter(), time.process_time()
    write(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def hand_written(path, lines, columns, gpkg_fill):
    dataset, layer = _create(path)
    layer = dataset = None  # noqa: F841 (closes the file)
    blobs = gpkg_fill.wkb_blobs(lines)
    kinds = {"origin_id": "text", "dest_id": "text", "noisy_count": "real", "moe95": "real"}
    gpkg_fill.fill_gpkg(path, "flows", blobs, shapely.bounds(lines),
                        [_Column(name, kinds[name], values) for name, values in columns.items()], None)


def gdal_arrow(path, lines, columns, arrow):
    dataset, layer = _create(path)
    blobs = shapely.to_wkb(lines, output_dimension=2, byte_order=1, flavor="iso").tolist()
    dataset.StartTransaction()
    for first in range(0, len(blobs), CHUNK):
        batch = arrow.Batch(min(CHUNK, len(blobs) - first))
        stop = first + batch.length
        batch.add_int64("fid", np.arange(first + 1, stop + 1))
        batch.add_wkb("geom", blobs[first:stop])
        batch.add_text("origin_id", columns["origin_id"][first:stop])
        batch.add_text("dest_id", columns["dest_id"][first:stop])
        batch.add_float64("noisy_count", columns["noisy_count"][first:stop])
        batch.add_float64("moe95", columns["moe95"][first:stop])
        batch.write(layer, ["FID=fid"])
    dataset.CommitTransaction()
    layer = dataset = None  # noqa: F841


def _check(path, n):
    dataset = ogr.Open(path)
    layer = dataset.GetLayer(0)
    count = layer.GetFeatureCount()
    layer.SetSpatialFilterRect(1000, 1000, 2000, 2000)
    in_box = layer.GetFeatureCount()
    dataset = None  # noqa: F841
    if count != n:
        sys.exit(f"{path}: {count} features, expected {n}")
    return in_box


def main():
    gdal.UseExceptions()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_900_000
    arrow = _load("gdal_arrow_batch", HERE / "gdal_arrow_batch.py")
    if not arrow.available():  # e.g. bookworm's GDAL 3.6: the plugin's own writer is the only one
        print(f"GDAL {gdal.__version__} has no OGRLayer::WriteArrowBatch: nothing to compare (needs GDAL >= 3.8).")
        return
    lines, columns = make_flows(n)
    times = {"hand_written_sqlite": [], "gdal_write_arrow_batch": []}
    with tempfile.TemporaryDirectory(prefix="dp_bench_writer_") as tmp:
        for _ in range(REPEATS):
            times["hand_written_sqlite"].append(_timed(hand_written, f"{tmp}/hand.gpkg", lines, columns, _gpkg_fill()))
            times["gdal_write_arrow_batch"].append(_timed(gdal_arrow, f"{tmp}/arrow.gpkg", lines, columns, arrow))
            if _check(f"{tmp}/hand.gpkg", n) != _check(f"{tmp}/arrow.gpkg", n):
                sys.exit("the two writers' spatial indexes disagree")
    result = {"rows": n, "gdal": gdal.__version__, "repeats": REPEATS,
              "median_wall_s": {k: round(statistics.median(w for w, _ in v), 2) for k, v in times.items()},
              "median_cpu_s": {k: round(statistics.median(c for _, c in v), 2) for k, v in times.items()},
              "runs_wall_cpu_s": {k: [[round(w, 2), round(c, 2)] for w, c in v] for k, v in times.items()},
              "load_average_at_end": [round(v, 2) for v in os.getloadavg()], "cpu_count": os.cpu_count()}
    print(json.dumps(result, indent=2))
    if len(sys.argv) > 2:
        Path(sys.argv[2]).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
