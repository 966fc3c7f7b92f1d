"""Laplace against Gaussian noise for a planned release (core.accuracy.noise_choice), by hand."""

import math

import pytest

from dp_geoprivacy.core.accuracy.noise_choice import count_noise_choice, sum_noise_choice
from dp_geoprivacy.core.mechanisms.gaussian import discrete_gaussian_variance, zcdp_rho


def test_counts_with_32_distinct_zones_per_user_by_hand():
    rho = zcdp_rho(1.0, 1e-6)  # 0.0243560 (Canonne, Kamath and Steinke 2020 Corollary 13, inverted)
    choice = count_noise_choice(1.0, 1e-6, 32)
    assert choice.l1_sensitivity == 32 and choice.l2_sensitivity == pytest.approx(math.sqrt(32))
    sigma = math.sqrt(32) / math.sqrt(2 * rho)  # 25.63
    assert choice.gaussian_sigma == pytest.approx(sigma) and sigma == pytest.approx(25.63, abs=0.01)
    assert choice.gaussian_rmse == pytest.approx(math.sqrt(discrete_gaussian_variance(sigma)))
    # Laplace b = 32: RMSE sqrt(2) 32 = 45.25 before snapping; the published error adds the grain's rounding
    assert 45.25 < choice.laplace_rmse < 46.5
    assert choice.smaller_error == "Gaussian" and 1.75 < choice.rmse_ratio < 1.82


def test_one_contribution_per_user_favours_laplace():
    choice = count_noise_choice(1.0, 1e-6, 1)
    # Laplace b = 1 (RMSE about sqrt(2)); the Gaussian's sigma = 1 / sqrt(2 rho) = 4.53
    assert choice.gaussian_sigma == pytest.approx(1 / math.sqrt(2 * zcdp_rho(1.0, 1e-6)))
    assert choice.smaller_error == "Laplace" and choice.rmse_ratio < 0.35


def test_zone_sums_by_hand():
    rho = zcdp_rho(0.5, 1e-6)
    choice = sum_noise_choice(0.5, 1e-6, magnitude=100.0, max_contributions=16)
    b = 16 * 100 / 0.5
    sigma = 4 * 100 / math.sqrt(2 * rho)
    assert choice.laplace_rmse == pytest.approx(math.sqrt(2) * b)
    assert choice.laplace_margin_of_error == pytest.approx(b * math.log(20))
    assert choice.gaussian_rmse == pytest.approx(sigma)
    assert choice.gaussian_margin_of_error == pytest.approx(1.959964 * sigma, rel=1e-6)
    assert choice.rmse_ratio == pytest.approx(math.sqrt(2) * b / sigma)
    assert choice.smaller_error == ("Gaussian" if sigma < math.sqrt(2) * b else "Laplace")


def test_each_noise_at_its_own_epsilon():
    """With automatic bounds the two releases keep different epsilons: Laplace's figures are those at the first,
    the Gaussian's those at ``gaussian_epsilon`` (counts and sums)."""
    for choice in (lambda e, **k: count_noise_choice(e, 1e-6, 8, **k),
                   lambda e, **k: sum_noise_choice(e, 1e-6, 100.0, 8, **k)):
        mixed, laplace, gaussian = choice(0.9, gaussian_epsilon=0.97), choice(0.9), choice(0.97)
        assert (mixed.laplace_scale, mixed.laplace_rmse) == (laplace.laplace_scale, laplace.laplace_rmse)
        assert (mixed.gaussian_sigma, mixed.rho) == (gaussian.gaussian_sigma, gaussian.rho)
        assert mixed.gaussian_sigma < laplace.gaussian_sigma
