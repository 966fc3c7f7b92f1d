"""Every output the hand-written GeoPackage writer makes passes GDAL's validate_gpkg.py (with its extra checks).

The writer (processing/writers.py, gpkg_fill.py) inserts rows in SQL and
bulk-loads the R*-tree itself instead of going through OGR: these are the
files a planner opens, so each kind it writes is checked against the
GeoPackage specification: points copied from a source table (perturbation),
polygons (zone counts), lines with a table copied from them (OD flows and
matrix), and a table copied from a source with a replaced column
(randomized response).
"""

import sqlite3

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing

from .conftest import write_grid_zones, write_points

validate_gpkg = pytest.importorskip("osgeo_utils.samples.validate_gpkg")


def _errors(path):
    return validate_gpkg.check(str(path), abort_at_first_error=False, extra_checks=True, warning_msg=False)


def _lines(path, epsg, ends):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("trips", srs, ogr.wkbLineString)
    layer.CreateField(ogr.FieldDefn("uid", ogr.OFTString))
    for i, ((x0, y0), (x1, y1)) in enumerate(ends):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["uid"] = f"u{i % 50}"
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"LINESTRING ({x0} {y0}, {x1} {y1})"))
        layer.CreateFeature(feature)
    dataset = None
    return str(path)


def test_every_output_kind_is_a_valid_geopackage(plugin, tmp_path):
    rng = np.random.default_rng(3)
    xy = rng.uniform(5e5, 5.003e5, size=(3000, 2)) + [0, 4.5e6]
    points = write_points(tmp_path / "points.gpkg", 32633, xy)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 100.0, 3)
    trips = _lines(tmp_path / "trips.gpkg", 32633, rng.uniform(5e5, 5.003e5, size=(2000, 2, 2)) + [0, 4.5e6])
    outputs = {
        "perturbed": processing.run("dp_geoprivacy:laplaceperturbation", {
            "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "OUTPUT": str(tmp_path / "perturbed.gpkg")})["OUTPUT"],
        "counts": processing.run("dp_geoprivacy:noisyzonecounts", {
            "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1,
            "OUTPUT": str(tmp_path / "counts.gpkg")})["OUTPUT"],
        "randomized": processing.run("dp_geoprivacy:randomizedresponse", {
            "INPUT": points, "FIELD": "label", "CATEGORIES": "p0, p1, p2", "P_TRUTH": 0.5,
            "OUTPUT": str(tmp_path / "randomized.gpkg")})["OUTPUT"],
    }
    flows = processing.run("dp_geoprivacy:noisyodflows", {
        "INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "USER_FIELD": "uid",
        "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"), "OUTPUT_MATRIX": str(tmp_path / "matrix.gpkg")})
    outputs.update(flows=flows["OUTPUT_FLOWS"], matrix=flows["OUTPUT_MATRIX"])
    for name, path in outputs.items():
        assert _errors(path) == [], name


def test_the_validator_finds_what_the_writer_could_get_wrong(plugin, tmp_path):
    """The check above can fail: the writer drops the spatial-index triggers while it inserts and restores
    them after; a file left without one, or with a geometry blob in another srs_id, is reported."""
    points = write_points(tmp_path / "points.gpkg", 32633, [[5e5, 4.5e6], [5.001e5, 4.5e6]])
    output = processing.run("dp_geoprivacy:laplaceperturbation", {
        "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "OUTPUT": str(tmp_path / "perturbed.gpkg")})["OUTPUT"]
    assert _errors(output) == []
    connection = sqlite3.connect(output)
    trigger = connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'rtree_%_insert'"
                                 ).fetchone()[0]
    connection.execute(f'DROP TRIGGER "{trigger}"')
    connection.commit()
    connection.close()
    assert _errors(output) != []

    output = processing.run("dp_geoprivacy:laplaceperturbation", {
        "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "OUTPUT": str(tmp_path / "perturbed2.gpkg")})["OUTPUT"]
    connection = sqlite3.connect(output)
    table, column = connection.execute("SELECT table_name, column_name FROM gpkg_geometry_columns").fetchone()
    blob = bytearray(connection.execute(f'SELECT "{column}" FROM "{table}" WHERE fid = 1').fetchone()[0])
    blob[4:8] = (4326).to_bytes(4, "little")  # header srs_id no longer the column's
    triggers = connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    for name, _sql in triggers:  # they call GDAL's SQL functions, absent here; put back unchanged below
        connection.execute(f'DROP TRIGGER "{name}"')
    connection.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE fid = 1', (bytes(blob),))
    for _name, sql in triggers:
        connection.execute(sql)
    connection.commit()
    connection.close()
    assert _errors(output) != []
