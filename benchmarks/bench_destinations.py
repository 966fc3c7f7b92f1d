"""Benchmark: laplaceperturbation on 200,000 points to and from each kind of destination (issue 21 §1).

End-to-end ``qgis_process`` runs (start-up included), each the median of three:
a GeoPackage file to a GeoPackage file (the fast path), to a new layer of an
existing GeoPackage (``ogr:`` form), to a PostGIS table, to a .fgb file, and
from a PostGIS table to a GeoPackage file. PostgreSQL: the test cluster
``make pg-start`` starts (or DP_GEOPRIVACY_TEST_PG).

Run: make -s stage pg-start && .venv/bin/python benchmarks/bench_destinations.py
"""

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np
from osgeo import gdal, ogr, osr

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import print_table, run_measured, write_results  # noqa: E402

gdal.UseExceptions()
N = 200_000
DATABASE = os.environ.get("DP_GEOPRIVACY_TEST_PG",
                          "host=127.0.0.1 port=55432 dbname=dp_geoprivacy_test user=postgres")


def points(path):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("kind", ogr.OFTString))
    rng = np.random.default_rng(20261126)
    xy = np.column_stack((rng.uniform(5e5, 5.1e5, N), rng.uniform(4.5e6, 4.51e6, N)))
    layer.StartTransaction()
    for i, (x, y) in enumerate(xy.tolist()):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["kind"] = "ab"[i % 2]
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(x, y)
        feature.SetGeometry(point)
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


def main():
    work = Path(tempfile.mkdtemp(prefix="bench_destinations_"))
    try:
        source = points(work / "points.gpkg")
        gdal.VectorTranslate(f"PG:{DATABASE}", source, layerName="bench_destinations_in", accessMode="overwrite",
                             layerCreationOptions=["GEOMETRY_NAME=geom"])
        postgis_in = (f"postgres://{DATABASE} key='ogc_fid' srid=32633 type=Point "
                      f"table=\"public\".\"bench_destinations_in\" (geom)")
        city = work / "city.gpkg"
        shutil.copy(source, city)
        cases = {
            ".gpkg file": (source, str(work / "out.gpkg")),
            "layer of an existing .gpkg (ogr:)": (source, f"ogr:dbname='{city}' table=\"noisy\" (geom)"),
            "PostGIS table": (source, f"postgres://{DATABASE} table=\"public\".\"bench_destinations_out\" (geom)"),
            ".fgb file": (source, str(work / "out.fgb")),
            "from PostGIS to a .gpkg file": (postgis_in, str(work / "from_postgis.gpkg")),
        }
        rows = []
        for label, (input_, output) in cases.items():
            runs = [run_measured(["run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={input_}",
                                  "EPSILON=1", f"OUTPUT={output}"], label) for _ in range(3)]
            middle = sorted(runs, key=lambda r: r["wall_s"])[1]
            rows.append(dict(middle, wall_s_runs=[r["wall_s"] for r in runs],
                             wall_s_median=statistics.median(r["wall_s"] for r in runs)))
        print_table(rows, ["label", "wall_s_median", "cpu_s", "peak_rss_mib", "load_average_before"])
        print(write_results("bench_destinations", {"points": N, "runs": rows}))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
