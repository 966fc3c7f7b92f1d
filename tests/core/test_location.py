"""Laplace location perturbation: distributions, calibration, validation.

Statistical tests use fixed seeds and a KS test at alpha = 0.001; the mean
displacement bound is 4.5 standard errors, derived from the variance
(two-sided alpha about 7e-6 per coordinate).
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.mechanisms.location import PER_AXIS, PLANAR, LocationLaplace, snap_to_grid

ALPHA = 0.001
N = 50_000


def _displacements(kind, epsilon=0.5, distance=100.0, seed=11):
    mechanism = LocationLaplace(kind, epsilon, distance, grid=0)
    rng = np.random.default_rng(seed)
    origin = np.column_stack((np.full(N, 500_000.0), np.full(N, 4_500_000.0)))
    return mechanism, mechanism.perturb(origin, rng) - origin


def test_planar_radius_is_gamma_2_b():
    mechanism, d = _displacements(PLANAR)
    radius = np.hypot(d[:, 0], d[:, 1])
    assert stats.kstest(radius, stats.gamma(a=2, scale=mechanism.scale).cdf).pvalue > ALPHA


def test_planar_direction_is_uniform():
    _, d = _displacements(PLANAR)
    angle = np.arctan2(d[:, 1], d[:, 0])
    assert stats.kstest(angle, stats.uniform(loc=-np.pi, scale=2 * np.pi).cdf).pvalue > ALPHA


def test_per_axis_is_laplace_b_on_each_axis():
    mechanism, d = _displacements(PER_AXIS)
    for axis in (0, 1):
        assert stats.kstest(d[:, axis], stats.laplace(scale=mechanism.scale).cdf).pvalue > ALPHA


def test_wrong_scale_is_detected():
    """The KS test above can fail: noise at 1.1 b is rejected."""
    mechanism, d = _displacements(PLANAR)
    radius = np.hypot(d[:, 0], d[:, 1])
    assert stats.kstest(radius, stats.gamma(a=2, scale=1.1 * mechanism.scale).cdf).pvalue < ALPHA


@pytest.mark.parametrize("kind, variance_per_axis", [(PLANAR, 3.0), (PER_AXIS, 2.0)])
def test_mean_displacement_is_near_zero(kind, variance_per_axis):
    # planar: E[r^2] = 6 b^2 split over two axes; per-axis Laplace: 2 b^2.
    mechanism, d = _displacements(kind)
    standard_error = math.sqrt(variance_per_axis * mechanism.scale**2 / N)
    assert np.all(np.abs(d.mean(axis=0)) < 4.5 * standard_error)


def test_scale_and_record_come_from_the_mechanism():
    mechanism = LocationLaplace(PLANAR, epsilon=2.0, distance=300.0, grid=5.0)
    record = mechanism.record_fields()
    assert mechanism.scale == pytest.approx(150.0)
    assert record["epsilon"] == 2.0
    assert record["sensitivity"] == 300.0
    assert record["noise_scale"] == mechanism.scale
    assert record["snapping_grain_m"] == 5.0
    assert record["delta"] == 0.0


def test_grid_snapping():
    xy = np.array([[10.4, 19.6], [-2.6, 7.5]])
    assert np.array_equal(snap_to_grid(xy, 1.0), np.array([[10.0, 20.0], [-3.0, 8.0]]))
    assert np.array_equal(snap_to_grid(xy, 5.0), np.array([[10.0, 20.0], [-5.0, 10.0]]))
    assert snap_to_grid(xy, 0) is xy
    mechanism = LocationLaplace(PLANAR, 1.0, 100.0, grid=10.0)
    out = mechanism.perturb(np.zeros((100, 2)), np.random.default_rng(0))
    assert np.allclose(out / 10.0, np.round(out / 10.0))


@pytest.mark.parametrize(
    "epsilon, distance, grid",
    [(0, 100, 1), (-1, 100, 1), (math.nan, 100, 1), (math.inf, 100, 1), (1, 0, 1), (1, -5, 1),
     (1, math.nan, 1), (1, math.inf, 1), (1, 100, -1), (1, 100, math.nan), ("a", 100, 1)],
)
def test_bad_parameters_are_refused(epsilon, distance, grid):
    with pytest.raises(ValueError):
        LocationLaplace(PLANAR, epsilon, distance, grid)


def test_unknown_mechanism_is_refused():
    with pytest.raises(ValueError, match="mechanism"):
        LocationLaplace("gaussian", 1.0, 100.0)


# --- noise that vanishes in the output (issue 21) ---------------------------------------------

from dp_geoprivacy.core.mechanisms.location import (  # noqa: E402
    NoiseTooSmallError,
    PerturbationSpec,
    release_perturbation,
    release_perturbation_batches,
)


@pytest.mark.parametrize("distance, epsilon, grid", [(0.1, 1.0, 1.0), (1e-300, 1.0, 0.0), (3.0, 5.0, 1.0),
                                                      (0.005, 1.0, 0.0)])
def test_noise_below_the_grid_or_a_centimetre_is_refused_before_any_draw(distance, epsilon, grid):
    """DISTANCE 0.1 with GRID 1: most points came out at their true (snapped) location with epsilon 1 recorded;
    1e-300: all. Decided from DISTANCE, EPSILON and GRID only, before the budget is reserved."""
    reserved = []
    for release in (lambda s, f: release_perturbation(np.zeros((3, 2)), s, np.random.default_rng(0), f),
                    lambda s, f: release_perturbation_batches(3, s, np.random.default_rng(0), f)):
        with pytest.raises(NoiseTooSmallError):
            release(PerturbationSpec(PLANAR, epsilon, distance, grid), reserved.append)
    assert reserved == []


def test_noise_at_the_grid_is_accepted():
    release = release_perturbation(np.zeros((3, 2)), PerturbationSpec(PLANAR, 1.0, 1.0, 1.0),
                                   np.random.default_rng(0))
    assert release.result["xy"].shape == (3, 2)


def test_geodesic_batches_move_lonlat_by_gamma_distances_and_refuse_per_axis():
    from pyproj import Geod

    spec = PerturbationSpec(PLANAR, 1.0, 100.0, 1.0)
    release = release_perturbation_batches(4000, spec, np.random.default_rng(3), geodesic=True)
    lonlat = np.column_stack((np.full(4000, 24.9), np.full(4000, 60.2)))
    moved = release.result["perturb"](lonlat)
    _, _, distance = Geod(ellps="WGS84").inv(lonlat[:, 0], lonlat[:, 1], moved[:, 0], moved[:, 1])
    assert stats.kstest(distance, stats.gamma(a=2, scale=100).cdf).pvalue > ALPHA
    with pytest.raises(ValueError, match="planar Laplace only"):
        release_perturbation_batches(3, PerturbationSpec(PER_AXIS, 1.0, 100.0, 1.0), np.random.default_rng(0),
                                     geodesic=True)
