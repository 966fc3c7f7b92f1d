"""Helpers of the zone_counts tests."""


import numpy as np
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessingContext,
)

from ..conftest import read_field
from ..feedback import Log  # noqa: F401 (the zone_counts tests import it from here)

ALG = "dp_geoprivacy:noisyzonecounts"
EXACT = 1e9
X0, Y0, CELL = 500_000.0, 4_500_000.0, 100.0


def write_points(path, epsg, xy, users=None, times=None, time_type=ogr.OFTDateTime, user_type=ogr.OFTString):
    """Points with optional fields user and t (None values become NULL)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("user", user_type))
    layer.CreateField(ogr.FieldDefn("t", time_type))
    layer.StartTransaction()
    for i, (x, y) in enumerate(np.asarray(xy, dtype=float)):
        feature = ogr.Feature(layer.GetLayerDefn())
        if users is not None and users[i] is not None:
            feature["user"] = users[i]
        if times is not None and times[i] is not None:
            feature["t"] = times[i]
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(x), float(y))
        feature.SetGeometry(point)
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


def write_polygons(path, epsg, polygons, ids):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    for polygon, zone_id in zip(polygons, ids):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["zone_id"] = zone_id
        feature.SetGeometry(ogr.CreateGeometryFromWkt(polygon.wkt if hasattr(polygon, "wkt") else polygon))
        layer.CreateFeature(feature)
    dataset = None
    return str(path)


def grid_points(counts, n, jitter_seed=0):
    """Points inside the cells of an n x n grid of CELL-metre squares at (X0, Y0): counts[row * n + col] each."""
    rng = np.random.default_rng(jitter_seed)
    index = np.repeat(np.arange(n * n), counts)
    row, col = index // n, index % n
    x = X0 + (col + rng.uniform(0.05, 0.95, len(index))) * CELL
    y = Y0 + (row + rng.uniform(0.05, 0.95, len(index))) * CELL
    return np.column_stack((x, y))


def grid_ids(n):
    return [f"Z{r}_{c}" for r in range(n) for c in range(n)]


def by_zone(path, field="noisy_count", key="zone_id"):
    return dict(zip(read_field(path, key), read_field(path, field)))


def run(tmp_path, name="out.gpkg", feedback=None, **parameters):
    parameters.setdefault("OUTPUT", str(tmp_path / name))
    kwargs = {"feedback": feedback, "context": QgsProcessingContext()} if feedback is not None else {}
    return processing.run(ALG, parameters, **kwargs)
