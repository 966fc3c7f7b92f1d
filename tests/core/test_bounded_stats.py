"""Bounded statistics: bounds, sensitivities, noise distributions, the mean's margin, the
exponential-mechanism quantiles and the ITMS report's accounting (the K largest per-cell epsilons).

Fixed seeds. Alpha = 0.001 for goodness-of-fit tests; moments and rates allow 4.5 standard
errors derived from the distribution (fourth moment for variances, binomial for rates).
"""

import math

import numpy as np
import pytest
from scipy import optimize, stats

from dp_geoprivacy.core.mechanisms.bounded_stats import (
    BoundedCount,
    BoundedMean,
    BoundedSum,
    Bounds,
    CountAbovePerDay,
    require_contributions,
    sum_of_k_largest,
)
from dp_geoprivacy.core.mechanisms.quantiles import ExponentialQuantiles

from .snapped_laplace import second_moment_within, snapped_errors

ALPHA = 0.001
Z = 4.5
N = 200_000


# --- bounds and bad input ----------------------------------------------------------------------


@pytest.mark.parametrize("lower, upper, text", [
    (5, 5, "LOWER (5) must be less than UPPER (5)"),
    (6, 5, "must be less than UPPER"),
    (float("nan"), 5, "LOWER must be a finite number"),
    (0, float("inf"), "UPPER must be a finite number"),
    (-float("inf"), 0, "LOWER must be a finite number"),
    ("fast", 5, "LOWER must be a number"),
])
def test_bad_bounds_raise_with_clear_text(lower, upper, text):
    with pytest.raises(ValueError, match=text.replace("(", r"\(").replace(")", r"\)")):
        Bounds(lower, upper)


@pytest.mark.parametrize("m", [0, -1, 1.5, "two", None])
def test_contribution_bound_below_one_raises(m):
    with pytest.raises(ValueError, match="must be a whole number >= 1"):
        require_contributions("MAX_CONTRIBUTIONS", m)
    with pytest.raises(ValueError, match="max_contributions"):
        BoundedSum(1.0, Bounds(0, 1), m)


def test_bad_epsilon_and_quantile_settings_raise():
    with pytest.raises(ValueError, match="epsilon"):
        BoundedCount(0.0)
    with pytest.raises(ValueError, match="epsilon"):
        BoundedSum(float("nan"), Bounds(0, 1))
    with pytest.raises(ValueError, match="quantiles"):
        ExponentialQuantiles(1.0, Bounds(0, 1), (1.5,))
    with pytest.raises(ValueError, match="at least 2 candidate"):
        ExponentialQuantiles(1.0, Bounds(0, 1), grid_size=1)
    with pytest.raises(ValueError, match="sum share"):
        BoundedMean(1.0, Bounds(0, 1), sum_share=1.0)


def test_clamping_counts_values_outside_and_refuses_nan():
    clamped = Bounds(0, 65).clamp([-3.0, 0.0, 30.0, 65.0, 80.0, np.inf, 1e9])
    assert clamped.values.tolist() == [0, 0, 30, 65, 65, 65, 65]
    assert (clamped.below, clamped.above) == (1, 3)
    with pytest.raises(ValueError, match="NaN"):
        Bounds(0, 1).clamp([0.5, np.nan])


# --- sensitivities and Laplace noise ------------------------------------------------------------


def test_sensitivities_follow_the_derivations():
    bounds = Bounds(-10, 4)
    assert BoundedSum(1.0, bounds, 3).sensitivity == 30  # M max(|L|, |U|)
    assert BoundedCount(1.0, 3).sensitivity == 3
    mean = BoundedMean(2.0, bounds, 3)
    assert mean.sum_sensitivity == 21 and mean.count.sensitivity == 3  # M (U-L)/2 and M
    assert mean.sum_epsilon + mean.count_epsilon == 2.0
    assert CountAbovePerDay(1.0, 50, 31).sensitivity == pytest.approx(1 / 31)  # the ITMS report Query 2
    assert CountAbovePerDay(1.0, 50, 31, pairs_per_unit=3).sensitivity == pytest.approx(3 / 31)
    assert ExponentialQuantiles(1.0, bounds, max_contributions=3).sensitivity == 3


def test_noisy_sums_have_the_snapped_laplace_distribution_of_their_sensitivity():
    """b = 4 * 64 / 0.5 = 512 is a power of two, so the grain is b and true sums at multiples of it
    are released as b * round(Y / b) + true, Y ~ Lap(b): chi-square against that exact pmf."""
    mechanism = BoundedSum(0.5, Bounds(0, 64), 4)
    scale = 4 * 64 / 0.5
    assert mechanism.scale == pytest.approx(scale) and mechanism.noise.grain == scale
    fields = mechanism.record_fields("u")
    assert fields["noise_scale"] == pytest.approx(scale) and fields["count_grain"] == scale
    assert 0.5 < fields["epsilon_floating_point"] < 0.5 * (1 + 1e-5) and "snapping" in fields["mechanism"]
    true = (np.arange(N) % 10) * scale
    released = mechanism.release(true, np.random.default_rng(11))
    assert np.all(released % scale == 0)  # published values are multiples of the grain
    noise = released - true
    assert second_moment_within(noise, 0.0, scale, scale, Z)
    errors, p = snapped_errors(0.0, scale, scale)
    k = np.clip(np.round(errors / scale), -4, 4).astype(int)  # |k| >= 4 pooled (expected >= 1,000 each)
    expected = np.bincount(k + 4, weights=p) * N
    observed = np.bincount(np.clip(np.round(noise / scale), -4, 4).astype(int) + 4, minlength=9)
    assert stats.chisquare(observed, expected).pvalue > ALPHA
    # The same samples are far from the snapped mechanism of an understated sensitivity (M forgotten).
    assert not second_moment_within(noise, 0.0, 64 / 0.5, 64 / 0.5, Z)


def test_count_above_per_day_noise_scale():
    """b = (2/31)/0.5, grain 1/4: the exact second moment of the snapped noise at a true value of 0."""
    mechanism = CountAbovePerDay(0.5, 50, 31, pairs_per_unit=2)
    assert mechanism.noise.grain == 0.25
    noise = mechanism.release(np.zeros(N), np.random.default_rng(12))
    assert second_moment_within(noise, 0.0, 2 / 31 / 0.5, 0.25, Z)
    # pairs_per_unit forgotten (b halved, grain 1/8): rejected on the same samples
    assert not second_moment_within(noise, 0.0, 1 / 31 / 0.5, 0.125, Z)


# --- the mean's margin --------------------------------------------------------------------------


def test_mean_error_bound_is_the_sum_of_exponentials_quantile():
    # Equal split: |a| + h|b| is Gamma(2, theta), theta = 2 M h / epsilon; (1 + x) e^-x = 0.05.
    mean = BoundedMean(1.0, Bounds(0, 65), 2)
    theta = 2 * 2 * 32.5 / 1.0
    x = optimize.brentq(lambda x: (1 + x) * math.exp(-x) - 0.05, 0, 50)
    # Snapping adds half of each grain: Lambda_s / 2 = 256 / 2 (b_s = 130), h Lambda_c / 2 = 32.5 * 4 / 2 (b_c = 4).
    assert mean.sum_noise.grain == 256 and mean.count.noise.grain == 4
    assert mean.error_bound() == pytest.approx(x * theta + 128 + 65, rel=1e-9)
    # Unequal split: the Laplace part of t is the exact 95% quantile (Monte Carlo within the
    # binomial standard error) ...
    uneven = BoundedMean(1.0, Bounds(10, 30), 1, sum_share=0.8)
    grains = uneven.sum_noise.grain / 2 + 10 * uneven.count.noise.grain / 2
    rng = np.random.default_rng(13)
    a = rng.laplace(0, uneven.sum_noise.scale, N)
    b = rng.laplace(0, uneven.count.scale, N)
    covered = np.mean(np.abs(a) + 10 * np.abs(b) <= uneven.error_bound() - grains)
    assert abs(covered - 0.95) <= Z * math.sqrt(0.95 * 0.05 / N)
    # ... and t covers the errors of the snapped releases (true centred sum 1234.5, count 77).
    a = uneven.sum_noise.apply(np.full(N, 1234.5), rng) - 1234.5
    b = uneven.count.release(np.full(N, 77.0), rng) - 77.0
    covered = np.mean(np.abs(a) + 10 * np.abs(b) <= uneven.error_bound())
    assert covered >= 0.95 - Z * math.sqrt(0.95 * 0.05 / N)


def test_equal_split_minimises_the_mean_margin():
    bounds = Bounds(0, 65)
    best = BoundedMean(1.0, bounds, 1, 0.5).error_bound()
    for share in (0.2, 0.4, 0.6, 0.8):
        assert BoundedMean(1.0, bounds, 1, share).error_bound() > best


# --- exponential-mechanism quantiles ---------------------------------------------------------------


def _rank_error(mechanism, values, c, q):
    """Rank distance of outputs c from an exact q-quantile of the values rounded to the grid."""
    rounded = mechanism.grid[mechanism.snap(np.sort(values))]
    a = np.searchsorted(rounded, c, side="left")
    b = np.searchsorted(rounded, c, side="right")
    t = q * len(values)
    return np.maximum(np.maximum(a - t, t - b), 0.0)


def test_quantile_release_follows_the_exact_exponential_distribution():
    bounds = Bounds(0, 20)
    mechanism = ExponentialQuantiles(0.6, bounds, (0.5,), max_contributions=2, grid_size=21)
    data = np.sort(np.random.default_rng(14).gamma(2.0, 3.0, 40).clip(0, 20))
    exact = mechanism.probabilities(data, 0.5)
    cells = 20_000
    cell = np.repeat(np.arange(cells), len(data))
    out = mechanism.release(cell, np.tile(data, cells), np.arange(cells), np.random.default_rng(15))[:, 0]
    index = np.rint((out - 0) / mechanism.step).astype(int)
    observed = np.bincount(index, minlength=21)
    expected = exact * cells
    big = expected >= 5
    if not big.all():  # pool the candidates expected fewer than 5 times
        observed = np.r_[observed[big], observed[~big].sum()]
        expected = np.r_[expected[big], expected[~big].sum()]
    assert stats.chisquare(observed, expected).pvalue > ALPHA


@pytest.mark.parametrize("case", ["spread", "tight"])
def test_quantile_rank_error_within_the_stated_margin_at_95_percent(case):
    """Empirical rate of rank error <= r95 equals the exact rate (binomial), which is >= 95%.

    "tight": one grid value is exact and all others miss by just more than r95, where the
    union bound behind r95 is nearly attained (exact rate about 0.968).
    """
    rng = np.random.default_rng(16)
    if case == "spread":
        mechanism = ExponentialQuantiles(0.3, Bounds(0, 100), (0.25, 0.5, 0.75), grid_size=101)
        data = np.sort(rng.uniform(0, 100, 400))
    else:
        mechanism = ExponentialQuantiles(1.0, Bounds(0, 100), (0.5,), grid_size=101)
        r = mechanism.rank_margin()
        data = np.full(2 * math.ceil(r + 0.5), 50.0)
    r95 = mechanism.rank_margin()
    assert r95 == pytest.approx(2 * math.log(101 / 0.05) / mechanism.epsilon_each)
    cells = 20_000
    cell = np.repeat(np.arange(cells), len(data))
    out = mechanism.release(cell, np.tile(data, cells), np.arange(cells), rng)
    grid = mechanism.grid
    for j, q in enumerate(mechanism.quantiles):
        assert _rank_error(mechanism, data, grid, q).min() == 0  # some grid value is an exact quantile
        exact = float(mechanism.probabilities(data, q)[_rank_error(mechanism, data, grid, q) <= r95].sum())
        assert exact >= 0.95
        if len(mechanism.quantiles) == 1:
            within = np.mean(_rank_error(mechanism, data, out[:, j], q) <= r95)
            assert abs(within - exact) <= Z * math.sqrt(exact * (1 - exact) / cells) + 1 / cells
        else:  # sorted outputs: the rate can only improve
            within = np.mean(_rank_error(mechanism, data, out[:, j], q) <= r95)
            assert within >= exact - Z * math.sqrt(exact * (1 - exact) / cells) - 1 / cells
    if case == "tight":
        assert exact < 0.975
    assert np.all(np.diff(out, axis=1) >= 0)  # sorted per cell


def test_quantile_outputs_are_grid_values_within_the_bounds():
    mechanism = ExponentialQuantiles(1.0, Bounds(-5, 5), (0.0, 1.0), grid_size=11)
    out = mechanism.release(np.zeros(3, int), np.array([-1.0, 0.0, 1.0]), [0, 1], np.random.default_rng(17))
    assert out.shape == (2, 2)
    assert np.all(np.isin(out, np.arange(-5, 6)))


def test_quantile_exact_ratio_bounded_pointwise_and_broken_by_understated_sensitivity():
    """Pure DP pointwise: p'(c) / p(c) <= e^eps for every candidate, for add/remove of a user with M records."""
    bounds = Bounds(0, 40)
    m, eps = 4, 1.0
    base = np.sort(np.random.default_rng(18).uniform(0, 10, 25))
    neighbour = np.sort(np.r_[base, np.full(m, 40.0)])
    worst = 0.0
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        mech = ExponentialQuantiles(eps, bounds, (q,), max_contributions=m, grid_size=41)
        ratio = np.abs(np.log(mech.probabilities(neighbour, q) / mech.probabilities(base, q)))
        assert ratio.max() <= eps + 1e-12
        worst = max(worst, ratio.max())
    understated = ExponentialQuantiles(eps, bounds, (1.0,), max_contributions=1, grid_size=41)
    ratio = np.log(understated.probabilities(neighbour, 1.0) / understated.probabilities(base, 1.0))
    assert np.abs(ratio).max() > eps


# --- accounting: the ITMS report §III E-F -----------------------------------------------------------------


def test_sum_of_k_largest():
    assert sum_of_k_largest([0.1, 0.5, 0.2, 0.4], 2) == pytest.approx(0.9)
    assert sum_of_k_largest([0.1, 0.5], 5) == pytest.approx(0.6)  # fewer cells than K
    with pytest.raises(ValueError, match="K"):
        sum_of_k_largest([0.1], 0)
    with pytest.raises(ValueError, match="no cells"):
        sum_of_k_largest([], 3)
    with pytest.raises(ValueError, match="finite"):
        sum_of_k_largest([np.nan], 1)


def test_seed_003_accounting_figures():
    b = 1.0  # the ITMS report's table is for Laplace parameter B = 1
    k = 89  # the most HATs one bus covers in a day (the ITMS report §III E)
    # Query 2: sensitivity 1/31 for every HAT, epsilon per HAT per day (1/31)/B ...
    query2 = CountAbovePerDay(epsilon=(1 / 31) / b, limit=50, days=31)
    assert query2.scale == pytest.approx(b)
    per_hat_q2 = np.full(1213, query2.epsilon)  # 1213 HATs at resolution 7 (the ITMS report §III A)
    # ... and per day the 89 largest: 89/31 = 2.871 (the ITMS report §III F table).
    eps_day_q2 = sum_of_k_largest(per_hat_q2, k)
    assert round(eps_day_q2, 3) == 2.871
    # Query 1: (65 - 0)/N per HAT; the smallest N is 314, so the largest per-HAT epsilon is (65/314)/B.
    assert round((65 / 314) / b, 4) == 0.2070
    # The seed's 12.361/B needs its per-HAT N, which it does not list; it is below K times the largest:
    assert 12.361 <= k * (65 / 314) / b
    # Cumulative epsilon per day: the sum of the two queries' (the ITMS report §III F): 15.232.
    assert round(12.361 + eps_day_q2, 3) == 15.232
