"""processing.zone_source: the ZONES / H3_RESOLUTION / EXTENT parameters as a CellSet."""

import numpy as np
import pytest
import shapely
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingContext, QgsProcessingException

from dp_geoprivacy.core.geometry.h3cells import cells_covering, cells_of_points, cells_to_text
from dp_geoprivacy.core.geometry.zones import OUTSIDE
from dp_geoprivacy.processing.algorithms.noisy_zone_counts import NoisyZoneCounts
from dp_geoprivacy.processing.zone_source import H3Cells, ZoneLayerCells, cell_set_from_parameters

from .conftest import write_grid_zones
from .feedback import Log

UTM33 = QgsCoordinateReferenceSystem("EPSG:32633")
WGS84 = QgsCoordinateReferenceSystem("EPSG:4326")


def _cells(parameters, require_public=True, points_crs=UTM33):
    algorithm = NoisyZoneCounts()
    algorithm.initAlgorithm()
    log = Log()
    cells = cell_set_from_parameters(algorithm, parameters, QgsProcessingContext(), log, points_crs=points_crs,
                                     require_public=require_public)
    return cells, log


def test_zone_layer_cells(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (500_000.0, 4_500_000.0), 100.0, 3)
    cells, _ = _cells({"ZONES": zones, "ZONE_ID_FIELD": "zone_id"})
    assert isinstance(cells, ZoneLayerCells) and cells.public and cells.cells_per_point == 1
    assert len(cells) == cells.n_atoms == 9 and cells.ids[0] == "Z0_0"
    log = Log()
    assign = cells.assigner(WGS84, log)
    assert "reprojected from EPSG:4326 to the zones' CRS EPSG:32633" in log.text()
    xy = cells.representative_points(crs=WGS84)
    assert np.array_equal(assign(xy), np.arange(9))
    assert assign(np.array([[0.0, 0.0]])).tolist() == [OUTSIDE]
    polygons = cells.geometries([4], WGS84)
    assert shapely.contains_xy(polygons[0], *xy[4])
    assert cells.id_order().tolist() == list(range(9))


def test_numeric_ids_are_ordered_as_numbers(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (500_000.0, 4_500_000.0), 100.0, 4)
    cells, _ = _cells({"ZONES": zones})  # feature ids 1..16 as text
    assert [cells.ids[i] for i in cells.id_order()] == [str(i) for i in range(1, 17)]


def test_h3_cells_of_an_extent_and_open_h3_cells():
    cells, _ = _cells({"H3_RESOLUTION": 7, "EXTENT": "13.3,13.5,52.4,52.6 [EPSG:4326]"})
    assert isinstance(cells, H3Cells) and cells.public
    expected = cells_covering(shapely.box(13.3, 52.4, 13.5, 52.6), 7)
    assert np.array_equal(cells.cells, expected) and list(cells.ids) == list(cells_to_text(expected))
    centres = cells.representative_points()
    assert np.array_equal(cells.assigner(WGS84, None)(centres), np.arange(len(expected)))

    open_cells, _ = _cells({"H3_RESOLUTION": 7}, require_public=False)
    assert not open_cells.public and len(open_cells) == 0
    assign = open_cells.assigner(WGS84, None)
    lonlat = np.array([[13.4, 52.5], [2.35, 48.85], [13.4, 52.5], [np.nan, 1.0]])
    first = assign(lonlat)
    assert first.tolist() == [0, 1, 0, OUTSIDE]
    assert assign(np.array([[-74.0, 40.7], [2.35, 48.85]])).tolist() == [2, 1]  # indices never change
    assert list(open_cells.ids) == list(cells_to_text(cells_of_points([13.4, 2.35, -74.0], [52.5, 48.85, 40.7], 7)))


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({}, "a polygon layer as ZONES, or an H3_RESOLUTION"),
        ({"H3_RESOLUTION": 7}, "H3_RESOLUTION needs an EXTENT"),
        ({"H3_RESOLUTION": 12, "EXTENT": "0,30,0,30 [EPSG:4326]"}, "coarser resolution or a smaller extent"),
        ({"H3_RESOLUTION": 2, "EXTENT": "-10,10,80,90 [EPSG:4326]"}, "pole"),
    ],
)
def test_bad_zone_parameters(parameters, message):
    with pytest.raises(QgsProcessingException, match=message):
        _cells(parameters)
