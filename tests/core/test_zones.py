"""Point-to-zone assignment on a public tessellation."""

import numpy as np
import pytest
import shapely

from dp_geoprivacy.core.geometry.zones import OUTSIDE, Tessellation, count_per_zone


def _grid(n, cell=10.0):
    polygons = [shapely.box(c * cell, r * cell, (c + 1) * cell, (r + 1) * cell) for r in range(n) for c in range(n)]
    return Tessellation(polygons, [f"Z{i}" for i in range(n * n)])


def test_assign_matches_a_direct_computation():
    grid = _grid(5)
    rng = np.random.default_rng(0)
    xy = rng.uniform(-5, 55, size=(10_000, 2))
    zone = grid.assign(xy)
    inside = (xy >= 0).all(axis=1) & (xy < 50).all(axis=1)
    expected = np.where(inside, (xy[:, 1] // 10) * 5 + xy[:, 0] // 10, OUTSIDE).astype(int)
    assert np.array_equal(zone, expected)


def test_boundary_points_go_to_the_first_zone_in_order():
    grid = _grid(2)
    zone = grid.assign(np.array([[10.0, 5.0], [10.0, 10.0], [20.0, 20.0], [np.nan, 1.0]]))
    assert zone.tolist() == [0, 0, 3, OUTSIDE]


def test_still_in_tests_each_point_against_its_own_zone():
    grid = _grid(3)
    zone = np.array([0, 4, 8, OUTSIDE])
    xy = np.array([[5.0, 5.0], [5.0, 5.0], [25.0, 25.0], [5.0, 5.0]])
    assert grid.still_in(zone, xy).tolist() == [True, False, True, False]


def test_overlaps_are_found_but_shared_edges_are_not():
    assert len(_grid(3).overlapping_pairs()) == 0
    overlapping = Tessellation([shapely.box(0, 0, 10, 10), shapely.box(5, 5, 15, 15), shapely.box(20, 0, 30, 10)],
                               ["a", "b", "c"])
    assert overlapping.overlapping_pairs().tolist() == [[0, 1]]


def test_counts_and_outside():
    counts, outside = count_per_zone(np.array([0, 0, 2, OUTSIDE, 2, 2]), 4)
    assert counts.tolist() == [2, 0, 3, 0] and outside == 1


def test_duplicate_ids_are_refused():
    with pytest.raises(ValueError, match="unique"):
        Tessellation([shapely.box(0, 0, 1, 1), shapely.box(1, 0, 2, 1)], ["a", "a"])


def test_uniform_points_cover_the_zones_in_proportion_to_their_area():
    """Public calibration points (escape analysis UNIFORM_POINTS): a zone of 3 times the area gets 3 times the
    points; chi-square test at alpha = 0.001."""
    from scipy import stats

    from dp_geoprivacy.core.geometry.zones import uniform_points

    zones = Tessellation([shapely.box(0, 0, 1, 1), shapely.box(5, 0, 8, 1)], ["small", "large"])
    xy = uniform_points(zones, 4000, np.random.default_rng(1))
    assert xy.shape == (4000, 2)
    counts = np.bincount(zones.assign(xy), minlength=2)
    assert counts.sum() == 4000  # none outside
    assert stats.chisquare(counts, [1000, 3000]).pvalue > 0.001
    assert stats.chisquare(counts, [2000, 2000]).pvalue < 0.001  # the test can fail
