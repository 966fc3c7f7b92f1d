"""dp_geoprivacy:h3grid, and a model chaining it into noisyzonecounts, through Processing and qgis_process."""

import h3
import numpy as np
import pytest
import shapely
from osgeo import ogr
from qgis import processing
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsVectorLayer

from dp_geoprivacy.core.geometry.h3cells import cells_covering, cells_of_points, cells_to_text, index_in
from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.processing.metric_crs import wkt

from .conftest import ROOT, feature_count, read_field, run_algorithm_json, run_qgis_process, write_points

ALG = "dp_geoprivacy:h3grid"


def _geometries(path):
    dataset = ogr.Open(str(path))
    geometries = [shapely.from_wkb(bytes(f.GetGeometryRef().ExportToIsoWkb())) for f in dataset.GetLayer(0)]
    dataset = None
    return np.array(geometries, dtype=object)


def test_hexagons_cover_a_lonlat_extent_in_id_order(tmp_path):
    out = str(tmp_path / "grid.gpkg")
    result = processing.run(ALG, {"INPUT": "13.3,13.5,52.4,52.6 [EPSG:4326]", "RESOLUTION": 8, "OUTPUT": out})
    expected = sorted(cells_to_text(cells_covering(shapely.box(13.3, 52.4, 13.5, 52.6), 8)))
    ids = read_field(out, "h3_index")
    assert ids == expected and result["CELLS"] == len(ids)
    assert set(read_field(out, "resolution")) == {8}
    layer = QgsVectorLayer(out, "grid", "ogr")
    assert layer.crs().authid() == "EPSG:4326" and layer.fields().names() == ["fid", "h3_index", "resolution"]
    # Each hexagon holds its own cell's centre, and random points of the extent fall in listed cells.
    polygons = _geometries(out)
    centres = np.array([h3.cell_to_latlng(i)[::-1] for i in ids])
    assert np.all(shapely.contains_xy(polygons, centres[:, 0], centres[:, 1]))
    rng = np.random.default_rng(0)
    lon, lat = rng.uniform(13.3, 13.5, 5000), rng.uniform(52.4, 52.6, 5000)
    sorted_cells = np.sort(np.array([h3.str_to_int(i) for i in ids], dtype=np.uint64))
    assert np.all(index_in(sorted_cells, cells_of_points(lon, lat, 8)) >= 0)


def test_a_layer_extent_is_covered_in_the_layers_crs(tmp_path):
    rng = np.random.default_rng(1)
    xy = np.column_stack((rng.uniform(385_000, 395_000, 300), rng.uniform(5_815_000, 5_825_000, 300)))
    points = write_points(tmp_path / "pts.gpkg", 32633, xy)
    out = str(tmp_path / "grid.gpkg")
    processing.run(ALG, {"INPUT": points, "RESOLUTION": 7, "OUTPUT": out})
    layer = QgsVectorLayer(out, "grid", "ogr")
    assert layer.crs().authid() == "EPSG:32633"
    union = shapely.union_all(_geometries(out))
    assert union.contains(shapely.MultiPoint(xy))  # every point (hence the layer's extent) is covered
    lonlat = transform_xy(xy, wkt(QgsCoordinateReferenceSystem("EPSG:32633")),
                          wkt(QgsCoordinateReferenceSystem("EPSG:4326")))
    assert set(cells_to_text(cells_of_points(lonlat[:, 0], lonlat[:, 1], 7))) <= set(read_field(out, "h3_index"))


def test_an_extent_across_the_antimeridian_is_covered_without_tears(tmp_path):
    # EPSG:3832 (PDC Mercator) is centred on 150 E: this box straddles longitude 180. Cells crossing it are
    # split in longitude/latitude and whole again in EPSG:3832.
    out = str(tmp_path / "pacific.gpkg")
    processing.run(ALG, {"INPUT": "3000000,3600000,-1200000,-600000 [EPSG:3832]", "RESOLUTION": 4,
                         "OUTPUT": out})
    polygons = _geometries(out)
    assert QgsVectorLayer(out, "g", "ogr").crs().authid() == "EPSG:3832"
    assert all(p.is_valid for p in polygons)
    lonlat = [transform_xy(shapely.get_coordinates(p), wkt(QgsCoordinateReferenceSystem("EPSG:3832")),
                           wkt(QgsCoordinateReferenceSystem("EPSG:4326"))) for p in polygons]
    assert any(c[:, 0].min() < -179 for c in lonlat) and any(c[:, 0].max() > 179 for c in lonlat)
    assert max(p.bounds[2] - p.bounds[0] for p in polygons) < 100_000  # no cell torn across the map
    extent = shapely.box(3_000_000, -1_200_000, 3_600_000, -600_000)
    assert extent.difference(shapely.union_all(polygons)).area < 1e-9 * extent.area  # float slivers at most


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"INPUT": "-10,10,80,90 [EPSG:4326]", "RESOLUTION": 2}, "pole"),
        ({"INPUT": "0,40,0,40 [EPSG:4326]", "RESOLUTION": 12}, "coarser resolution or a smaller extent"),
        ({"INPUT": "0,1,0,1 [EPSG:4326]", "RESOLUTION": 16}, "RESOLUTION must be a whole number from 0 to 15"),
        ({"INPUT": "0,1,0,1 [EPSG:4326]", "RESOLUTION": 2.5}, "RESOLUTION must be a whole number from 0 to 15"),
    ],
)
def test_bad_extents_and_resolutions_are_refused_clearly(tmp_path, parameters, message):
    out = tmp_path / "grid.gpkg"
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, dict(parameters, OUTPUT=str(out)))
    assert not out.exists()


def test_qgis_process_makes_the_grid(tmp_path):
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT="13.3,13.5,52.4,52.6 [EPSG:4326]", RESOLUTION=7, OUTPUT=out)
    assert results["CELLS"] == feature_count(out) == len(cells_covering(shapely.box(13.3, 52.4, 13.5, 52.6), 7))


def test_model_chains_h3grid_into_noisyzonecounts(tmp_path):
    rng = np.random.default_rng(5)
    lonlat = np.column_stack((rng.uniform(13.32, 13.48, 400), rng.uniform(52.42, 52.58, 400)))
    points = write_points(tmp_path / "pts.gpkg", 4326, lonlat)
    hexagons, counts = tmp_path / "hexagons.gpkg", tmp_path / "counts.gpkg"
    model = ROOT / "tests" / "data" / "models" / "h3grid_then_noisy_counts.model3"
    run_qgis_process("run", str(model), "--", "area=13.3,13.5,52.4,52.6 [EPSG:4326]", f"points={points}",
                     "resolution=7", "epsilon=1000000000", f"grid:hexagons={hexagons}", f"count:counts={counts}")
    ids = read_field(hexagons, "h3_index")
    assert read_field(counts, "zone_id") == sorted(ids)  # every hexagon of the grid is a published zone
    truth = {}
    for cell in cells_to_text(cells_of_points(lonlat[:, 0], lonlat[:, 1], 7)):
        truth[cell] = truth.get(cell, 0) + 1
    assert dict(zip(read_field(counts, "zone_id"), read_field(counts, "noisy_count"))) == {
        i: float(truth.get(i, 0)) for i in ids}


# --- grids and extents taken from the data (issue 19 item 5) -----------------------------------


@pytest.fixture
def berlin_points(tmp_path):
    rng = np.random.default_rng(9)
    lonlat = np.column_stack((rng.uniform(13.32, 13.48, 300), rng.uniform(52.42, 52.58, 300)))
    return write_points(tmp_path / "pts.gpkg", 4326, lonlat), lonlat


def test_a_grid_made_from_the_data_says_so_and_is_refused_as_zones_of_a_release_on_it(berlin_points, tmp_path):
    from dp_geoprivacy.processing.privacy_metadata import read_from_file

    points, lonlat = berlin_points
    grid = str(tmp_path / "grid.gpkg")
    processing.run(ALG, {"INPUT": points, "RESOLUTION": 7, "OUTPUT": grid})
    [record] = read_from_file(grid)
    assert not record.differentially_private
    assert any(note.startswith("Data-derived tessellation") for note in record.notes)
    counts = tmp_path / "counts.gpkg"
    with pytest.raises(QgsProcessingException, match="ZONES was made by H3 hexagon grid from the extent of INPUT"):
        processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": points, "ZONES": grid, "ZONE_ID_FIELD": "h3_index",
                                                         "OUTPUT": str(counts)})
    assert not counts.exists()
    other = write_points(tmp_path / "other.gpkg", 4326, lonlat[::-1] + 0.001)
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": other, "ZONES": grid, "ZONE_ID_FIELD": "h3_index",
                                                     "OUTPUT": str(counts)})
    typed = str(tmp_path / "typed.gpkg")
    processing.run(ALG, {"INPUT": "13.3,13.5,52.4,52.6 [EPSG:4326]", "RESOLUTION": 7, "OUTPUT": typed})
    assert read_from_file(typed) == []  # a typed extent is public: no record needed


def test_the_input_or_a_copy_of_it_is_refused_as_extent(berlin_points, tmp_path):
    import shutil

    points, _ = berlin_points
    copy = tmp_path / "copy.gpkg"
    shutil.copy(points, copy)
    counts = tmp_path / "counts.gpkg"
    for extent in (points, str(copy)):
        with pytest.raises(QgsProcessingException, match="EXTENT is INPUT itself"):
            processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": points, "H3_RESOLUTION": 7, "EXTENT": extent,
                                                             "OUTPUT": str(counts)})
        assert not counts.exists()
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": points, "H3_RESOLUTION": 7, "OUTPUT": str(counts),
                                                     "EXTENT": "13.3,13.5,52.4,52.6 [EPSG:4326]"})


def test_a_layer_without_a_crs_is_refused_naming_the_fix(tmp_path):
    """Issue 21: a GeoPackage layer with the "Undefined geographic SRS" (srs_id 0) gave a traceback."""
    import sqlite3

    path = write_points(tmp_path / "nocrs.gpkg", 32633, [[5e5, 4.5e6], [5.1e5, 4.6e6]])
    connection = sqlite3.connect(path)
    connection.execute("UPDATE gpkg_geometry_columns SET srs_id = 0")
    connection.execute("UPDATE gpkg_contents SET srs_id = 0")
    connection.commit()
    connection.close()
    out = tmp_path / "grid.gpkg"
    with pytest.raises(QgsProcessingException, match=r"INPUT has no CRS.*for a layer, set its CRS"):
        processing.run(ALG, {"INPUT": path, "RESOLUTION": 7, "OUTPUT": str(out)})
    assert not out.exists()
