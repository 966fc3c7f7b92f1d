"""Escaped-point analysis (Dumont et al. 2021 §5, eq. 14, eq. 15) and noise calibration.

Statistical checks use fixed seeds and a two-sided alpha = 0.001 per test,
split over the scales tested (Bonferroni). The tolerance is derived, not
tuned: with N points uniform in their cells, each realization's escapes
are N independent Bernoulli(q) trials, and the mean over R realizations
that reuse the same true points has variance
Var(q(U)) / N + E[q(U)(1 - q(U))] / (N R) <= q (1 - q) / N, the binomial
variance of N trials. The tests also show they can fail: the same estimates
reject the answer for a scale 10% larger.
"""

import math
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pytest
import shapely
from scipy import stats

from dp_geoprivacy.core.accuracy.escape import (
    Calibration,
    SweepCancelledError,
    calibrate,
    escape_sweep,
    new_zones,
    observed_escapes,
)
from dp_geoprivacy.core.accuracy.escape_chart import chart_html, escape_chart_svg
from dp_geoprivacy.core.geometry.zones import OUTSIDE, Tessellation, ZoneLocator
from dp_geoprivacy.core.mechanisms.location import PER_AXIS, PLANAR, LocationLaplace

ALPHA = 0.001


def _grid(n, side=100.0, origin=(0.0, 0.0)):
    x0, y0 = origin
    polygons = [
        shapely.box(x0 + c * side, y0 + r * side, x0 + (c + 1) * side, y0 + (r + 1) * side)
        for r in range(n)
        for c in range(n)
    ]
    return Tessellation(polygons, [f"Z{i}" for i in range(n * n)])


def _stay_probability(b, side):
    """Exact P(stay) for a point uniform in a square of side s under per-axis Laplace(b)."""
    return (1.0 - (b / side) * (1.0 - math.exp(-side / b))) ** 2


def _irregular():
    """Voronoi cells, a holed polygon and its filler, zones overlapping earlier ones, a multipolygon, a tiny zone."""
    rng = np.random.default_rng(3)
    seeds = shapely.multipoints(rng.uniform(0, 1000, (40, 2)))
    cells = shapely.get_parts(shapely.voronoi_polygons(seeds, extend_to=shapely.box(0, 0, 1000, 1000)))
    cells = shapely.intersection(cells, shapely.box(0, 0, 1000, 1000))
    holed = shapely.Polygon([(1100, 0), (1500, 0), (1500, 400), (1100, 400)], [[(1200, 100), (1400, 100),
                                                                                 (1400, 300), (1200, 300)]])
    two_parts = shapely.MultiPolygon([shapely.box(1600, 500, 1650, 550), shapely.box(1700, 500, 1750, 550)])
    tiny = shapely.Polygon([(1620, 700), (1621, 700), (1620.5, 700.8)])
    extra = [holed, shapely.box(1200, 100, 1400, 300), shapely.box(300, 300, 600, 600),
             shapely.box(1450, 350, 1550, 450), shapely.box(1600, 900, 1700, 1000), two_parts, tiny]
    polygons = list(cells) + extra
    return Tessellation(polygons, [f"V{i}" for i in range(len(polygons))])


# --- locating points ------------------------------------------------------------


@pytest.mark.parametrize("tessellation", [_grid(7), _irregular()], ids=["grid", "irregular with overlap"])
def test_locator_follows_the_tessellation_rule_exactly(tessellation):
    rng = np.random.default_rng(1)
    xy = rng.uniform(-200, 1800, (50_000, 2))
    vertices = shapely.get_coordinates(tessellation.polygons)
    on_edges = np.round(rng.uniform(-100, 1800, (5_000, 2)) / 100) * 100  # grid edges and corners
    edge_points = np.column_stack((np.round(rng.uniform(0, 700, 5_000) / 100) * 100, rng.uniform(0, 700, 5_000)))
    special = np.array([[np.nan, 5.0], [np.inf, 5.0], [5.0, -np.inf], [1e300, 1e300], [np.nan, np.nan]])
    near_tiny = np.array([1620.5, 700.3]) + rng.uniform(-1, 1, (2_000, 2))
    xy = np.vstack((xy, vertices, on_edges, edge_points, special, near_tiny))
    for cells_per_zone in (1, 16, 256):
        locator = ZoneLocator(tessellation, cells_per_zone=cells_per_zone)
        assert np.array_equal(locator.locate(xy), tessellation.assign_with_tree(xy))
    capped = ZoneLocator(tessellation, cells_per_zone=1024, cache_cells=4096)  # the cache cap binds
    assert capped.nx * capped.ny < 2 * 4096 + 4 * (capped.nx + capped.ny)
    assert np.array_equal(capped.locate(xy), tessellation.assign_with_tree(xy))


def test_the_raster_stays_cache_sized_unless_zones_would_get_fewer_than_64_cells():
    # 1,700 zones (the report's benchmark): 1,024 cells per zone would be 1.7 million cells; about 2^19 instead.
    many = ZoneLocator(_grid(41))
    assert (1 << 19) * 0.9 < many.nx * many.ny < (1 << 19) * 1.2
    few = ZoneLocator(_grid(7))  # 49 zones: 1,024 cells each, as before
    assert 49 * 1024 * 0.9 < few.nx * few.ny < 49 * 1024 * 1.2
    dense = ZoneLocator(_grid(100), cache_cells=1 << 12)  # 10,000 zones: at least 64 cells each
    assert 64 * 10_000 * 0.9 < dense.nx * dense.ny < 64 * 10_000 * 1.2


def test_own_zone_first_gives_the_same_zones_as_a_full_assignment():
    tessellation = _irregular()
    locator = ZoneLocator(tessellation)
    rng = np.random.default_rng(2)
    xy = np.vstack((rng.uniform(-100, 1800, (40_000, 2)), rng.uniform((1450, 350), (1550, 450), (5_000, 2))))
    own = tessellation.assign(xy)
    keep = own != OUTSIDE
    xy, own = xy[keep], own[keep]
    assert locator.shadowed.sum() == 2  # the two overlapping boxes; the hole's filler only touches
    in_shadowed = locator.shadowed[own]
    assert in_shadowed.sum() > 1000  # points of the box that overlaps the holed polygon, east of it
    for moved in (xy + rng.laplace(0, 30, xy.shape), np.round(xy / 100) * 100, xy):
        expected = tessellation.assign_with_tree(moved)
        assert np.array_equal(new_zones(own, tessellation.polygons[own], moved, locator), expected)
    # Some of them moved into the overlap, where the earlier (holed) zone wins.
    moved = xy + rng.laplace(0, 30, xy.shape)
    assert np.any(in_shadowed & (tessellation.assign(moved) != own) & shapely.contains_xy(tessellation.polygons[own],
                                                                                           moved[:, 0], moved[:, 1]))


# --- the exact answer --------------------------------------------------------------


def _uniform_in_cells(tessellation, side, per_cell, rng):
    corners = shapely.bounds(tessellation.polygons)[:, :2]
    return np.repeat(corners, per_cell, axis=0) + rng.uniform(0, side, (len(corners) * per_cell, 2))


def test_escape_share_matches_the_exact_answer_on_a_regular_grid():
    side, scales = 100.0, np.array([5.0, 20.0, 50.0, 200.0])
    grid = _grid(10, side)
    rng = np.random.default_rng(20240501)
    xy = _uniform_in_cells(grid, side, 2_000, rng)
    n = len(xy)
    assert np.array_equal(np.bincount(grid.assign(xy)), np.full(100, 2_000))
    result = escape_sweep(grid, xy, scales, realizations=5, rng=rng, kind=PER_AXIS)

    z = stats.norm.ppf(1 - ALPHA / (2 * len(scales)))
    for k, b in enumerate(scales):
        q = 1.0 - _stay_probability(b, side)
        tolerance = z * math.sqrt(q * (1 - q) / n)
        assert abs(result.escape_mean[k] - q) <= tolerance, (b, result.escape_mean[k], q, tolerance)
        # The same estimate rejects the answer for a 10% larger scale: the test can fail.
        q_wrong = 1.0 - _stay_probability(1.1 * b, side)
        assert abs(result.escape_mean[k] - q_wrong) > tolerance
    # Every cell has the same exact answer; per-zone shares scatter around it
    # with at most the binomial sd of 2,000 trials (Bonferroni over all cells).
    z_cells = stats.norm.ppf(1 - ALPHA / (2 * 100 * len(scales)))
    for k, b in enumerate(scales):
        q = 1.0 - _stay_probability(b, side)
        assert np.all(np.abs(result.zone_escape_mean[k] - q) <= z_cells * math.sqrt(q * (1 - q) / 2_000))
    assert np.allclose(result.lumped_scale, scales / side)


def test_planar_noise_escapes_differently_from_per_axis():
    """A check that the mechanism choice reaches the sweep (same seed, same scale)."""
    side = 100.0
    grid = _grid(6, side)
    xy = _uniform_in_cells(grid, side, 2_000, np.random.default_rng(5))
    per_axis = escape_sweep(grid, xy, [30.0], 3, np.random.default_rng(9), kind=PER_AXIS)
    planar = escape_sweep(grid, xy, [30.0], 3, np.random.default_rng(9), kind=PLANAR)
    # Planar Laplace(b) moves each axis with variance 3 b^2, per-axis Laplace with 2 b^2:
    # more escapes. One-sided test; the two estimates' sds add up at most.
    sd = sum(math.sqrt(q * (1 - q) / len(xy)) for q in (planar.escape_mean[0], per_axis.escape_mean[0]))
    assert planar.escape_mean[0] - per_axis.escape_mean[0] > stats.norm.ppf(1 - ALPHA) * sd


# --- eq. 15, empty zones, outside points ---------------------------------------------


def _clustered_points(tessellation, rng, n=6_000):
    """Points clustered in part of the layer (many zones empty) plus some outside every zone."""
    inside = rng.normal(300, 120, (n, 2))
    outside = np.column_stack((rng.uniform(2000, 2100, 300), rng.uniform(0, 100, 300)))
    return np.vstack((inside, outside))


def test_city_wide_share_is_the_population_weighted_mean_of_zone_shares():
    tessellation = _irregular()
    rng = np.random.default_rng(11)
    xy = _clustered_points(tessellation, rng)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no division by zero for empty zones
        result = escape_sweep(tessellation, xy, [10.0, 40.0, 160.0], 4, rng)
    p = result.population
    assert (p == 0).any() and (p > 0).sum() > 5
    for k in range(3):
        weighted = np.nansum(p * result.zone_escape_mean[k]) / p.sum()  # eq. 15
        assert result.escape_mean[k] == pytest.approx(weighted, rel=1e-12, abs=1e-15)
    assert np.isnan(result.zone_escape_mean[:, p == 0]).all() and np.isnan(result.zone_escape_sd[:, p == 0]).all()
    assert np.isfinite(result.zone_escape_mean[:, p > 0]).all()
    assert np.isnan(result.zone_abs_rel_change_mean[:, p == 0]).all()
    assert np.isfinite(result.abs_rel_change_mean).all() and np.isfinite(result.no_change_mean).all()
    assert result.empty_zones == int((p == 0).sum())


def test_points_outside_every_zone_are_counted_and_populations_balance():
    tessellation = _irregular()
    rng = np.random.default_rng(12)
    xy = _clustered_points(tessellation, rng)
    expected_outside = int((tessellation.assign(xy) == OUTSIDE).sum())
    assert expected_outside >= 300
    result = escape_sweep(tessellation, xy, [1e-6, 50.0, 500.0], 3, rng)
    assert result.points_outside == expected_outside
    assert result.points_in_zones + result.points_outside == len(xy)
    # A negligible scale moves nobody.
    assert result.escape_mean[0] == 0 and result.entered_mean[0] == 0 and result.no_change_mean[0] == 1
    # Zone populations change only by points crossing the layer's outer edge.
    net_total = result.zone_net_change_mean.sum(axis=1)
    assert np.allclose(net_total, result.entered_mean - result.lost_outside_mean)
    assert result.entered_mean[2] > 0 and result.lost_outside_mean[2] > 0


def test_no_point_in_any_zone_is_an_error():
    with pytest.raises(ValueError, match="no point lies in any zone"):
        escape_sweep(_grid(3), np.array([[-50.0, -50.0]]), [10.0], 2, np.random.default_rng(0))


# --- reproducibility and chunking ---------------------------------------------


def test_seeded_results_are_reproducible_and_independent_of_chunk_size():
    tessellation = _irregular()
    xy = _clustered_points(tessellation, np.random.default_rng(4))

    def run(seed, chunk_size):
        return escape_sweep(tessellation, xy, [20.0, 80.0], 3, np.random.default_rng(seed), chunk_size=chunk_size)

    a, b, c, other = run(1, 1 << 18), run(1, 1 << 18), run(1, 997), run(2, 1 << 18)
    for name in ("escape_mean", "zone_escape_mean", "zone_net_change_mean", "no_change_mean", "entered_mean"):
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True), name
        assert np.allclose(getattr(a, name), getattr(c, name), equal_nan=True, rtol=0, atol=1e-12), name
    assert not np.array_equal(a.zone_escape_mean, other.zone_escape_mean, equal_nan=True)


def test_sweep_counts_equal_a_brute_force_recount():
    """White box: redraw the documented noise (one stream per realization; zone points first, in zone order)."""
    tessellation = _irregular()
    xy = _clustered_points(tessellation, np.random.default_rng(6), n=3_000)
    scales, realizations = np.array([15.0, 60.0]), 2
    result = escape_sweep(tessellation, xy, scales, realizations, np.random.default_rng(8), chunk_size=500)

    zone = tessellation.assign(xy)
    inside = zone != OUTSIDE
    in_zone_order = np.flatnonzero(inside)[np.argsort(zone[inside], kind="stable")]
    ordered = np.vstack((xy[in_zone_order], xy[~inside]))
    before = np.concatenate((zone[in_zone_order], zone[~inside]))
    seeds = np.random.default_rng(8).integers(0, 2**63, size=realizations, dtype=np.int64)
    unit = LocationLaplace(PER_AXIS, 1.0, 1.0, grid=0.0)
    p = np.bincount(zone[inside], minlength=len(tessellation))
    for k, b in enumerate(scales):
        shares, nets = [], []
        for r in range(realizations):
            generator = np.random.Generator(np.random.PCG64(int(seeds[r])))
            noise = np.vstack([unit.noise(min(500, inside.sum() - a), generator) for a in range(0, inside.sum(), 500)]
                              + [unit.noise(min(500, (~inside).sum() - a), generator)
                                 for a in range(0, (~inside).sum(), 500)])
            after = tessellation.assign(ordered + b * noise)
            escaped = np.bincount(before[(before != OUTSIDE) & (after != before)], minlength=len(p))
            q = np.bincount(after[after != OUTSIDE], minlength=len(p))
            shares.append(escaped.sum() / p.sum())
            nets.append(q - p)
        assert result.escape_mean[k] == pytest.approx(np.mean(shares), abs=1e-12)
        assert np.allclose(result.zone_net_change_mean[k], np.mean(nets, axis=0))


def test_cancellation_stops_the_sweep():
    calls = []
    with pytest.raises(SweepCancelledError):
        escape_sweep(_grid(3), np.random.default_rng(0).uniform(0, 300, (1000, 2)), [10.0], 5,
                     np.random.default_rng(0), chunk_size=100, cancelled=lambda: len(calls) > 3,
                     progress=calls.append)
    assert calls and max(calls) < 1


def test_bad_arguments_are_refused():
    grid, xy, rng = _grid(2), np.array([[50.0, 50.0]]), np.random.default_rng(0)
    for scales in ([], [0.0], [-5.0], [np.nan], [np.inf]):
        with pytest.raises(ValueError, match="scale"):
            escape_sweep(grid, xy, scales, 1, rng)
    with pytest.raises(ValueError, match="realizations"):
        escape_sweep(grid, xy, [1.0], 0, rng)
    with pytest.raises(ValueError, match="kind"):
        escape_sweep(grid, xy, [1.0], 1, rng, kind="gaussian")


# --- calibration --------------------------------------------------------------------


def test_calibration_picks_the_largest_scale_and_interpolates_in_log_b():
    scales, shares = [10.0, 20.0, 40.0, 80.0], [0.02, 0.05, 0.12, 0.30]
    result = calibrate(scales, shares, 0.10)
    t = (0.10 - 0.05) / (0.12 - 0.05)
    assert result.status == "interpolated" and (result.lower, result.upper) == (20.0, 40.0)
    assert result.scale == pytest.approx(20.0 * 2.0**t, rel=1e-12)
    assert calibrate(scales, shares, 0.05).scale == pytest.approx(20.0)
    assert calibrate(scales, shares, 0.5) == Calibration(0.5, 80.0, 80.0, None, "top_of_sweep")
    assert calibrate(scales, shares, 0.01) == Calibration(0.01, None, None, 10.0, "below_sweep")
    # Not monotone: the largest scale that meets the target wins.
    bumpy = calibrate(scales, [0.02, 0.15, 0.08, 0.30], 0.1)
    assert (bumpy.lower, bumpy.upper) == (40.0, 80.0)
    for target in (0.0, 1.0, -0.1, 1.5):
        with pytest.raises(ValueError, match="target"):
            calibrate(scales, shares, target)


def test_calibrated_scale_meets_the_target_on_the_exact_curve():
    side, target = 100.0, 0.10
    grid = _grid(8, side)
    rng = np.random.default_rng(77)
    xy = _uniform_in_cells(grid, side, 2_500, rng)
    n = len(xy)
    scales = np.geomspace(2.0, 200.0, 13)
    result = escape_sweep(grid, xy, scales, realizations=4, rng=rng)
    calibration = result.calibrate(target)

    exact = np.array([1.0 - _stay_probability(b, side) for b in scales])
    reference = calibrate(scales, exact, target)  # the same rule on the exact curve
    assert calibration.status == reference.status == "interpolated"
    assert (calibration.lower, calibration.upper) == (reference.lower, reference.upper)
    # MC error of the two bracketing means, carried through the interpolation.
    z = stats.norm.ppf(1 - ALPHA / 2)
    k = int(np.flatnonzero(scales == reference.lower)[0])
    worst = max(z * math.sqrt(q * (1 - q) / n) for q in exact[k:k + 2])
    log_tolerance = math.log(scales[k + 1] / scales[k]) * worst / (exact[k + 1] - exact[k])
    assert abs(math.log(calibration.scale / reference.scale)) <= log_tolerance
    # And the exact curve's escape share at the calibrated scale is close to the target
    # (deterministic: only the chord-versus-curve error of interpolating in log b).
    assert 1.0 - _stay_probability(reference.scale, side) == pytest.approx(target, abs=0.002)


# --- measure mode ---------------------------------------------------------------------


def test_observed_escapes_of_one_perturbation():
    grid = _grid(2)
    before = np.array([0, 0, 0, 0, 1, 1, 2, OUTSIDE, OUTSIDE])
    after = np.array([0, 0, 1, OUTSIDE, 1, 0, 2, 3, OUTSIDE])
    result = observed_escapes(grid, before, after, scale=25.0)
    assert result.population.tolist() == [4, 2, 1, 0]
    assert result.escape_mean[0] == pytest.approx(3 / 7)
    assert result.zone_escape_mean[0, :3].tolist() == [0.5, 0.5, 0.0] and np.isnan(result.zone_escape_mean[0, 3])
    assert result.zone_net_change_mean[0].tolist() == [-1, 0, 0, 1]
    assert result.zone_no_change_share[0].tolist() == [0, 1, 1, 0]
    assert result.no_change_mean[0] == 0.5
    assert result.abs_rel_change_mean[0] == pytest.approx((1 / 4 + 0 + 0) / 3)
    assert result.points_outside == 2 and result.entered_mean[0] == 1 and result.lost_outside_mean[0] == 1
    assert np.isnan(result.escape_sd[0]) and result.realizations == 1


# --- the chart -------------------------------------------------------------------------


def test_chart_is_valid_svg_with_band_target_and_calibration():
    svg = escape_chart_svg([10, 20, 50, 100], [0.05, 0.1, 0.3, 0.5], [0.01, 0.01, 0.02, 0.02],
                           target=0.1, calibrated=20.0)
    root = ET.fromstring(svg)
    classes = [element.get("class") for element in root.iter() if element.get("class")]
    assert {"sd-band", "mean", "target", "calibrated"} <= set(classes)
    single = ET.fromstring(escape_chart_svg([10], [0.2], [np.nan]))
    assert "sd-band" not in [e.get("class") for e in single.iter()]
    page = chart_html(svg, "Escape <share>", ["not differentially private"])
    assert page.startswith("<!DOCTYPE html>") and "Escape &lt;share&gt;" in page and "<svg" in page
