"""Bulk reading of zones and bulk writing of new layers (the glue every algorithm uses)."""

import csv
import sqlite3

import numpy as np
import pytest
import shapely
from osgeo import ogr
from qgis.core import (
    NULL,
    QgsProcessingAlgorithm,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsProcessingParameterFeatureSource,
    QgsVectorLayer,
)

from dp_geoprivacy.processing.writers import Column, write_features
from dp_geoprivacy.processing.zone_reader import read_zones

from .conftest import write_grid_zones, write_points


class _ZonesOnly(QgsProcessingAlgorithm):
    def name(self):
        return "zonesonly"

    def createInstance(self):  # noqa: N802
        return _ZonesOnly()

    def initAlgorithm(self, config=None):  # noqa: N802
        if not self.addParameter(QgsProcessingParameterFeatureSource("ZONES", "Zones")):
            raise RuntimeError("ZONES could not be added")


def _read(path, id_field):
    algorithm = _ZonesOnly()
    algorithm.initAlgorithm()
    return read_zones(algorithm, {"ZONES": str(path)}, "ZONES", id_field, QgsProcessingContext(),
                      QgsProcessingFeedback())


def test_read_zones_with_ids_from_a_field(tmp_path):
    zones = _read(write_grid_zones(tmp_path / "z.gpkg", 32633, (0.0, 0.0), 100.0, 3), "zone_id")
    assert list(zones.tessellation.ids[:3]) == ["Z0_0", "Z0_1", "Z0_2"]
    assert zones.crs.authid() == "EPSG:32633"
    assert zones.tessellation.assign(np.array([[150.0, 250.0]])).tolist() == [7]


def test_read_zones_ids_default_to_feature_ids(tmp_path):
    zones = _read(write_grid_zones(tmp_path / "z.gpkg", 32633, (0.0, 0.0), 100.0, 2), None)
    assert list(zones.tessellation.ids) == ["1", "2", "3", "4"]


def test_invalid_zones_are_repaired_and_counted(tmp_path):
    path = write_grid_zones(tmp_path / "z.gpkg", 32633, (0.0, 0.0), 100.0, 1)
    dataset = ogr.Open(path, 1)
    layer = dataset.GetLayer(0)
    feature = ogr.Feature(layer.GetLayerDefn())
    feature["zone_id"] = "bowtie"
    feature.SetGeometry(ogr.CreateGeometryFromWkt("POLYGON((200 0,300 100,300 0,200 100,200 0))"))
    layer.CreateFeature(feature)
    dataset = None
    zones = _read(path, "zone_id")
    assert zones.repaired == 1 and shapely.is_valid(zones.tessellation.polygons).all()


def test_point_layer_and_duplicate_ids_are_refused(tmp_path):
    with pytest.raises(QgsProcessingException, match="must be a polygon layer"):
        _read(write_points(tmp_path / "p.gpkg", 32633, [[0.0, 0.0]]), None)
    path = write_grid_zones(tmp_path / "z.gpkg", 32633, (0.0, 0.0), 100.0, 2)
    with pytest.raises(QgsProcessingException, match="not unique"):
        _read(path, "zone_id") and _read_dupes(path)


def _read_dupes(path):
    dataset = ogr.Open(path, 1)
    dataset.ExecuteSQL("UPDATE zones SET zone_id = 'same'", dialect="SQLite")
    dataset = None
    return _read(path, "zone_id")


@pytest.mark.parametrize("suffix", [".gpkg", ".shp", ".geojson"])
def test_write_features_writes_polygons_and_columns(tmp_path, suffix):
    polygons = np.array([shapely.box(0, 0, 1, 1), shapely.box(1, 0, 2, 1)], dtype=object)
    columns = [Column("zone", "text", ["a", "b"]), Column("n", "int", np.array([3, 4])),
               Column("noisy", "real", np.array([1.5, np.nan]))]
    finished = []
    out = tmp_path / f"out{suffix}"
    write_features(str(out), QgsVectorLayer(write_points(tmp_path / "p.gpkg", 32633, [[0, 0]])).crs().toWkt(),
                   ogr.wkbPolygon, polygons, columns, QgsProcessingFeedback(),
                   finish=lambda path, layer: finished.append(layer))
    layer = QgsVectorLayer(str(out), "out", "ogr")
    assert layer.isValid() and layer.featureCount() == 2 and finished == ["out"]
    rows = [(f["zone"], f["n"], f["noisy"], f.geometry().area()) for f in layer.getFeatures()]
    assert rows[0] == ("a", 3, 1.5, 1.0)
    assert rows[1][:2] == ("b", 4) and rows[1][2] == NULL
    assert layer.crs().authid() == "EPSG:32633"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".dp_geoprivacy")) == []


def test_write_features_without_geometry_is_a_table(tmp_path):
    out = tmp_path / "table.csv"
    write_features(str(out), "", None, None, [Column("scale_m", "real", [10.5, 20.0]), Column("n", "int", [1, 2])],
                   QgsProcessingFeedback(), finish=lambda path, layer: None)
    assert list(csv.reader(out.read_text().splitlines())) == [["scale_m", "n"], ["10.5", "1"], ["20", "2"]]


def test_packed_insert_writes_the_same_values_as_row_by_row(tmp_path, monkeypatch):
    """Rows packed into buffers (one INSERT ... SELECT per geometry width, in chunks) read back exactly
    as rows inserted one by one: NULLs, negative and large integers, integral and constant reals with
    NaN, coded text with a NULL category, lines of two vertex counts, more rows than one chunk."""
    from dp_geoprivacy.core.releases.od_flows import flow_coordinates
    from dp_geoprivacy.processing import gpkg_fill

    monkeypatch.setattr(gpkg_fill, "_PACKED_CHUNK", 7)
    rng = np.random.default_rng(5)
    n = 40
    points = rng.uniform(0, 1000, size=(6, 2))
    origin, dest = rng.integers(0, 6, n), rng.integers(0, 6, n)
    groups = flow_coordinates(points, np.full(6, 10.0), origin, dest)
    assert set(groups) == {2, 5}
    bounds = np.empty((n, 4))
    for rows, coordinates in groups.values():
        bounds[rows, :2], bounds[rows, 2:] = coordinates.min(axis=1), coordinates.max(axis=1)
    packed = gpkg_fill.PackedGeometries(gpkg_fill.linestring_blob_groups(groups), bounds)
    shapes = np.empty(n, dtype=object)
    for rows, coordinates in groups.values():
        shapes[rows] = shapely.linestrings(coordinates)
    integral = rng.integers(-5, 5, n).astype(float)
    integral[::4] = np.nan
    constant = np.where(np.arange(n) % 3 == 0, np.nan, 2.5)
    columns = [Column("big", "int", rng.integers(-2**50, 2**50, n)),
               Column("integral", "real", integral), Column("constant", "real", constant),
               Column.coded("code", rng.integers(0, 3, n), ["a", None, "ü b"])]
    crs = QgsVectorLayer(write_points(tmp_path / "p.gpkg", 32633, [[0, 0]])).crs().toWkt()

    def read(path):
        dataset = ogr.Open(str(path))
        layer = dataset.GetLayer(0)
        rows = [(f.GetFID(), f.GetGeometryRef().ExportToWkt(), *[f[c.name] for c in columns]) for f in layer]
        return rows

    write_features(str(tmp_path / "packed.gpkg"), crs, ogr.wkbLineString, packed, columns, None,
                   finish=lambda path, layer: None)
    monkeypatch.setattr(gpkg_fill, "_packs", lambda column: False)
    write_features(str(tmp_path / "rows.gpkg"), crs, ogr.wkbLineString, shapes, columns, None,
                   finish=lambda path, layer: None)
    packed_rows, plain_rows = read(tmp_path / "packed.gpkg"), read(tmp_path / "rows.gpkg")
    assert len(packed_rows) == n and packed_rows == plain_rows
    assert [r[0] for r in packed_rows] == list(range(1, n + 1))
    assert sum(r[3] is None for r in packed_rows) == n // 4 and sum(r[5] is None for r in packed_rows) > 0


def test_packed_text_slots_threaded_index_and_large_pages_match_row_by_row(tmp_path, monkeypatch):
    """The large-table paths, forced on a small table: coded text of several byte lengths (empty and
    non-ASCII included) cut from fixed-width slots, the R*-tree packed in a thread, 64 KiB pages. The
    rows read back as rows inserted one by one, and SQLite's rtreecheck passes."""
    from dp_geoprivacy.processing import gpkg_fill

    monkeypatch.setattr(gpkg_fill, "_PACKED_CHUNK", 11)
    monkeypatch.setattr(gpkg_fill, "_PLAN_IN_THREAD_FROM", 1)
    monkeypatch.setattr(gpkg_fill, "_LARGE_PAGES_FROM", 1)
    rng = np.random.default_rng(8)
    n = 300
    ends = rng.uniform(0, 1000, size=(n, 2, 2))
    bounds = np.column_stack((ends.min(axis=1), ends.max(axis=1)))
    packed = gpkg_fill.PackedGeometries(gpkg_fill.linestring_blob_groups({2: (np.arange(n), ends)}), bounds)
    shapes = shapely.linestrings(ends)
    categories = ["Z1", "", "Zone 12 ü", "x" * 40, "Z1_2"]
    columns = [Column.coded("origin_id", rng.integers(0, len(categories), n), categories),
               Column("count", "real", rng.integers(0, 9, n).astype(float))]
    crs = QgsVectorLayer(write_points(tmp_path / "p.gpkg", 32633, [[0, 0]])).crs().toWkt()

    def read(path):
        dataset = ogr.Open(str(path))
        return [(f.GetFID(), f.GetGeometryRef().ExportToWkt(), f["origin_id"], f["count"]) for f in dataset.GetLayer(0)]

    write_features(str(tmp_path / "packed.gpkg"), crs, ogr.wkbLineString, packed, columns, None,
                   finish=lambda path, layer: None)
    connection = sqlite3.connect(str(tmp_path / "packed.gpkg"))
    assert connection.execute("PRAGMA page_size").fetchone() == (65536,)
    assert connection.execute("SELECT rtreecheck('rtree_packed_geom')").fetchone() == ("ok",)
    assert connection.execute("SELECT count(*) FROM rtree_packed_geom").fetchone() == (n,)
    assert {t for (t,) in connection.execute("SELECT DISTINCT typeof(origin_id) FROM packed")} == {"text"}
    connection.close()
    monkeypatch.setattr(gpkg_fill, "_packs", lambda column: False)
    monkeypatch.setattr(gpkg_fill, "_PLAN_IN_THREAD_FROM", 10**9)
    write_features(str(tmp_path / "rows.gpkg"), crs, ogr.wkbLineString, shapes, columns, None,
                   finish=lambda path, layer: None)
    packed_rows = read(tmp_path / "packed.gpkg")
    assert packed_rows == read(tmp_path / "rows.gpkg")
    assert {r[2] for r in packed_rows} == set(categories)
