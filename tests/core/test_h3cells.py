"""H3 helpers: point cells, covering an extent, boundaries, antimeridian and poles."""

import h3
import numpy as np
import pytest
import shapely
from h3.api import basic_int as h3int

from dp_geoprivacy.core.geometry import h3cells
from dp_geoprivacy.core.geometry.zones import OUTSIDE


def test_resolution_is_checked():
    assert h3cells.check_resolution(0) == 0 and h3cells.check_resolution(15.0) == 15
    for bad in (-1, 16, 7.5, "x", None):
        with pytest.raises(h3cells.H3CellError, match="0 to 15"):
            h3cells.check_resolution(bad)


def test_cells_of_points_match_h3_and_mark_invalid_locations():
    rng = np.random.default_rng(0)
    lon, lat = rng.uniform(-180, 180, 2000), rng.uniform(-89, 89, 2000)
    lon[:3], lat[3:6] = np.nan, [np.inf, 91.0, -95.0]
    cells = h3cells.cells_of_points(lon, lat, 7)
    assert cells.dtype == np.uint64
    assert np.all(cells[:6] == h3cells.NO_CELL)
    expected = [h3int.latlng_to_cell(b, a, 7) for a, b in zip(lon[6:], lat[6:])]
    assert cells[6:].tolist() == expected


def test_text_ids_round_trip_and_bad_ids_are_refused():
    cells = h3cells.cells_of_points([13.4, -74.0], [52.5, 40.7], 9)
    text = h3cells.cells_to_text(cells)
    assert all(len(t) == 15 and h3.is_valid_cell(t) for t in text)
    assert np.array_equal(h3cells.cells_from_text(text), cells)
    with pytest.raises(h3cells.H3CellError, match="not a valid H3 cell"):
        h3cells.cells_from_text(["nonsense"])


def test_cell_centres_are_longitude_latitude():
    cells = h3cells.cells_of_points([13.4, -74.0], [52.5, 40.7], 9)
    centres = h3cells.cell_centres(cells)
    assert centres.shape == (2, 2) and np.allclose(centres, [[13.4, 52.5], [-74.0, 40.7]], atol=0.01)
    assert np.array_equal(h3cells.cells_of_points(centres[:, 0], centres[:, 1], 9), cells)


def test_index_in_finds_positions_and_outside():
    cells = np.array([5, 9, 12], dtype=np.uint64)
    found = h3cells.index_in(cells, np.array([9, 4, 12, 0, 99], dtype=np.uint64))
    assert found.tolist() == [1, OUTSIDE, 2, OUTSIDE, OUTSIDE]
    assert h3cells.index_in(np.empty(0, np.uint64), np.array([1], np.uint64)).tolist() == [OUTSIDE]


@pytest.mark.parametrize(
    "box, resolution",
    [((13.0, 52.3, 13.8, 52.7), 8), ((-0.001, -0.001, 0.001, 0.001), 9), ((-170.0, -10.0, 170.0, 10.0), 1),
     ((100.0, 60.0, 140.0, 80.0), 3)],
    ids=["city", "smaller than a cell", "wider than 180 degrees", "high latitude"],
)
def test_every_location_in_the_extent_lies_in_a_covering_cell(box, resolution):
    cells = h3cells.cells_covering(shapely.box(*box), resolution)
    assert len(cells) and np.all(np.diff(cells.astype(np.int64)) > 0)
    rng = np.random.default_rng(1)
    minx, miny, maxx, maxy = box
    lon = np.r_[rng.uniform(minx, maxx, 20_000), np.linspace(minx, maxx, 500), np.full(500, minx), np.full(500, maxx)]
    lat = np.r_[rng.uniform(miny, maxy, 20_000), np.full(500, miny), np.linspace(miny, maxy, 500),
                np.linspace(miny, maxy, 500)]
    found = h3cells.index_in(cells, h3cells.cells_of_points(lon, lat, resolution))
    assert np.all(found != OUTSIDE)


def test_covering_lists_no_cell_far_from_the_extent():
    extent = shapely.box(13.0, 52.3, 13.8, 52.7)
    cells = h3cells.cells_covering(extent, 8)
    polygons = h3cells.cell_polygons(cells)
    assert np.all(shapely.intersects(polygons, extent.buffer(1e-6)))


def test_too_many_cells_are_refused_before_listing():
    with pytest.raises(h3cells.TooManyCellsError, match="coarser resolution"):
        h3cells.cells_covering(shapely.box(0, 0, 10, 10), 10, max_cells=100_000)
    estimate = h3cells.estimated_cell_count(shapely.box(13.0, 52.3, 13.8, 52.7), 8)
    actual = len(h3cells.cells_covering(shapely.box(13.0, 52.3, 13.8, 52.7), 8))
    assert 0.8 * actual < estimate < 1.25 * actual


def test_boundary_polygons_hold_their_cells():
    cells = h3cells.cells_covering(shapely.box(13.0, 52.3, 13.8, 52.7), 7)
    polygons = h3cells.cell_polygons(cells)
    assert np.all(shapely.is_valid(polygons))
    rng = np.random.default_rng(2)
    for cell, polygon in zip(cells[:50], polygons[:50]):
        minx, miny, maxx, maxy = polygon.bounds
        xy = np.column_stack((rng.uniform(minx, maxx, 400), rng.uniform(miny, maxy, 400)))
        inside = shapely.contains_xy(polygon, xy[:, 0], xy[:, 1])
        same = h3cells.cells_of_points(xy[inside, 0], xy[inside, 1], 7) == cell
        assert same.mean() > 0.98  # straight edges in lon/lat vs H3's own: a sliver differs at most


def test_cells_crossing_the_antimeridian_are_split_into_two_parts():
    cell = h3int.latlng_to_cell(0.0, 180.0, 3)
    [polygon] = h3cells.cell_polygons([cell])
    assert polygon.geom_type == "MultiPolygon" and len(polygon.geoms) == 2
    minx, _, maxx, _ = polygon.bounds
    assert minx >= -180.0 and maxx <= 180.0 and maxx - minx > 300
    west, east = sorted(polygon.geoms, key=lambda g: g.bounds[0])
    assert west.bounds[0] == -180.0 or west.bounds[2] <= -179.0
    for part in (west, east):
        x, y = part.representative_point().coords[0]
        assert h3int.latlng_to_cell(y, x, 3) == cell


def test_split_at_antimeridian_keeps_ordinary_rings_whole():
    polygon = h3cells.split_at_antimeridian([10, 11, 11, 10], [0, 0, 1, 1])
    assert polygon.geom_type == "Polygon" and polygon.area == pytest.approx(1.0)
    split = h3cells.split_at_antimeridian([179, 181, 181, 179], [0, 0, 1, 1])
    assert split.geom_type == "MultiPolygon" and split.area == pytest.approx(2.0)


def test_polar_cells_are_refused_clearly():
    pole = h3int.latlng_to_cell(90.0, 0.0, 2)
    assert h3cells.contains_pole([pole, h3int.latlng_to_cell(0.0, 0.0, 2)]).tolist() == [True, False]
    with pytest.raises(h3cells.PolarCellError, match="contains a pole"):
        h3cells.cell_polygons([pole])


def test_all_non_polar_cells_of_a_resolution_tile_the_sphere():
    cells = np.array(sorted(h3int.uncompact_cells(h3int.get_res0_cells(), 1)), dtype=np.uint64)
    polar = h3cells.contains_pole(cells)
    assert polar.sum() == 2
    polygons = h3cells.cell_polygons(cells[~polar])
    assert np.all(shapely.is_valid(polygons))
    # No two cells overlap (in lon/lat, up to straight-edge slivers).
    union = shapely.union_all(polygons)
    assert shapely.area(polygons).sum() == pytest.approx(union.area, rel=1e-3)


def test_densified_polygons_have_short_edges():
    cells = h3cells.cells_covering(shapely.box(0, 0, 10, 10), 2)
    polygons = h3cells.cell_polygons(cells, densify_degrees=0.5)
    for ring in shapely.get_exterior_ring(shapely.get_parts(polygons)):
        steps = np.hypot(*np.diff(shapely.get_coordinates(ring), axis=0).T)
        assert steps.max() <= 0.5 + 1e-9
