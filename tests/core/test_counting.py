"""Count mechanisms: distributions, calibration, stability threshold, contribution bounding.

Alpha = 0.001 for every goodness-of-fit test (fixed seeds); moment checks
allow 4.5 standard errors computed from the distribution's fourth moment.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.mechanisms.counting import (
    DISCRETE_LAPLACE,
    LAPLACE,
    CountNoise,
    StabilityHistogram,
    bound_contributions,
    clamp_and_round,
    histogram_sensitivity,
    top_k,
)

from .snapped_laplace import snapped_errors

ALPHA = 0.001
N = 200_000


def _discrete_laplace_pmf(k, alpha):
    return (1 - alpha) / (1 + alpha) * alpha ** np.abs(k)


def test_sensitivity_rule():
    assert histogram_sensitivity() == 1
    assert histogram_sensitivity(5) == 5
    assert histogram_sensitivity(5, 2) == 10
    with pytest.raises(ValueError):
        histogram_sensitivity(0)


def test_laplace_noise_is_laplace_with_scale_sensitivity_over_epsilon():
    mechanism = CountNoise(LAPLACE, epsilon=0.5, sensitivity=3)
    assert mechanism.scale == 6
    noise = mechanism.noise(N, np.random.default_rng(1))
    assert stats.kstest(noise, stats.laplace(scale=6).cdf).pvalue > ALPHA


@pytest.mark.parametrize("kind", [LAPLACE, DISCRETE_LAPLACE])
def test_noise_variance_matches_the_distribution(kind):
    mechanism = CountNoise(kind, epsilon=1.0, sensitivity=2)
    noise = mechanism.noise(N, np.random.default_rng(2))
    if kind == LAPLACE:
        fourth = 24 * mechanism.scale**4
    else:
        k = np.arange(-2000, 2001)
        fourth = float(np.sum(_discrete_laplace_pmf(k, mechanism.alpha) * k.astype(float) ** 4))
    standard_error = math.sqrt((fourth - mechanism.variance**2) / N)
    assert abs(noise.var() - mechanism.variance) < 4.5 * standard_error


def test_discrete_laplace_pmf_chi_square():
    mechanism = CountNoise(DISCRETE_LAPLACE, epsilon=0.7, sensitivity=1)
    noise = mechanism.noise(N, np.random.default_rng(3)).astype(int)
    assert np.all(noise == np.round(noise))
    edges = np.arange(-8, 9)
    observed = np.array([np.sum(noise <= -9)] + [np.sum(noise == k) for k in edges] + [np.sum(noise >= 9)])
    pmf = _discrete_laplace_pmf(edges, mechanism.alpha)
    tail = (1 - pmf.sum()) / 2
    expected = N * np.r_[tail, pmf, tail]
    assert stats.chisquare(observed, expected).pvalue > ALPHA


@pytest.mark.parametrize("kind", [LAPLACE, DISCRETE_LAPLACE])
def test_margin_of_error_covers_95_percent(kind):
    mechanism = CountNoise(kind, epsilon=0.3, sensitivity=1)
    moe = mechanism.margin_of_error(0.95)
    covered = np.mean(np.abs(mechanism.noise(N, np.random.default_rng(4))) <= moe)
    # Binomial standard error of the coverage at p = 0.95.
    assert covered >= 0.95 - 4.5 * math.sqrt(0.95 * 0.05 / N)
    if kind == LAPLACE:
        assert moe == pytest.approx(mechanism.scale * math.log(20))


@pytest.mark.parametrize("true", [0.0, 7.0, 0.3])
def test_released_margin_adds_half_the_grain_and_covers_the_snapped_values(true):
    """b = 1 (grain 1): the released value is round(true + Y). Exactly, |round(Y)| <= 3 has
    probability 1 - e^-3.5 = 0.970 at integer counts, so m + 1/2 = ln 20 + 1/2 covers 95%, while
    m = ln 20 alone would cover only P(|Y| < 2.5) = 0.918 there: the half grain is needed."""
    mechanism = CountNoise(LAPLACE, epsilon=1.0, sensitivity=1)
    moe = mechanism.released_margin_of_error(0.95)
    assert moe == pytest.approx(math.log(20) + 0.5)
    errors, p = snapped_errors(true, 1.0, 1.0)
    assert p[np.abs(errors) <= moe].sum() >= 0.95
    if true == 7.0:
        assert p[np.abs(errors) <= math.log(20)].sum() == pytest.approx(1 - math.exp(-2.5))
    released = mechanism.apply(np.full(N, true), np.random.default_rng(5))
    covered = np.mean(np.abs(released - true) <= moe)
    assert covered >= 0.95 - 4.5 * math.sqrt(0.95 * 0.05 / N)
    assert CountNoise(DISCRETE_LAPLACE, 0.3, 1).released_margin_of_error() == CountNoise(
        DISCRETE_LAPLACE, 0.3, 1).margin_of_error()


@pytest.mark.parametrize("kind, t", [(LAPLACE, 2.5), (DISCRETE_LAPLACE, 3)])
def test_tail_probability_and_conditional_sampling(kind, t):
    mechanism = CountNoise(kind, epsilon=0.8, sensitivity=1)
    rng = np.random.default_rng(5)
    noise = mechanism.noise(N, rng)
    exceed = noise >= t
    p = mechanism.tail(t)
    assert abs(exceed.mean() - p) < 4.5 * math.sqrt(p * (1 - p) / N)
    direct = noise[exceed]
    conditional = mechanism.sample_tail(t, len(direct), rng)
    assert conditional.min() >= t
    if kind == LAPLACE:
        assert stats.ks_2samp(direct, conditional).pvalue > ALPHA
    else:
        values = np.arange(math.ceil(t), math.ceil(t) + 8)
        table = [[np.sum(x == v) for v in values] + [np.sum(x > values[-1])] for x in (direct, conditional)]
        assert stats.chi2_contingency(table).pvalue > ALPHA


def test_stability_threshold_matches_seed_001_for_one_contribution():
    epsilon, delta = 0.5, 1e-6
    histogram = StabilityHistogram(epsilon, delta)
    assert histogram.scale == pytest.approx(2 / epsilon)
    # Asghar, Tyler and Kaafar 2017's threshold, plus half the snapping grain (b = 4: grain 4).
    assert histogram.threshold == pytest.approx(2 * math.log(2 / delta) / epsilon + 1 + 4 / 2)


def test_stability_threshold_grows_with_contributions():
    one, many = StabilityHistogram(1.0, 1e-5), StabilityHistogram(1.0, 1e-5, max_contributions=4,
                                                                    cells_per_contribution=2)
    assert many.scale == 8 * one.scale
    assert many.threshold == pytest.approx(8 + 16 * math.log(16 / 1e-5) + 16 / 2)


def test_stability_release_never_publishes_zero_cells_and_cuts_at_the_threshold():
    histogram = StabilityHistogram(1.0, 1e-3)
    counts = np.r_[np.zeros(10_000), np.full(10_000, 5.0), np.full(10_000, 1e4)]
    published, noisy = histogram.release(counts, np.random.default_rng(6))
    assert not published[:10_000].any() and np.all(noisy[:10_000] == 0)
    assert np.array_equal(published, (counts > 0) & (noisy >= histogram.threshold))
    assert published[20_000:].all()


@pytest.mark.parametrize("delta", [0.0, 1.0, -0.1])
def test_stability_needs_delta_in_open_unit_interval(delta):
    with pytest.raises(ValueError, match="delta"):
        StabilityHistogram(1.0, delta)


def test_bound_contributions_keeps_at_most_m_per_user_uniformly():
    users = np.repeat(np.arange(2000), 10)
    kept_counts = np.zeros(10)
    rng = np.random.default_rng(7)
    for _ in range(20):
        kept = bound_contributions(users, 3, rng)
        assert np.all(np.bincount(users[kept], minlength=2000) == 3)
        kept_counts += np.bincount(kept % 10, minlength=10)
    # Each of a user's 10 records is kept with probability 3/10: uniform over positions.
    assert stats.chisquare(kept_counts).pvalue > ALPHA


def test_bound_contributions_keeps_users_below_m_whole():
    users = np.array(["a", "b", "b", "c", "c", "c"])
    kept = bound_contributions(users, 2, np.random.default_rng(8))
    assert sorted(users[kept].tolist()) == ["a", "b", "b", "c", "c"]


def test_post_processing_helpers():
    assert clamp_and_round(np.array([-3.2, 0.4, 2.6])).tolist() == [0.0, 0.0, 3.0]
    assert top_k(np.array([5.0, 9.0, 1.0, 7.0]), 2).tolist() == [1, 3]
    assert top_k(np.array([5.0, 9.0]), 0).tolist() == [0, 1]


def test_snapping_mechanism_publishes_multiples_of_the_grain_and_records_it():
    """Mironov 2012: clamp, add Laplace, round to Lambda = smallest power of two >= b, clamp."""
    from dp_geoprivacy.core.mechanisms.counting import SNAP_BOUND

    mechanism = CountNoise(LAPLACE, epsilon=0.3, sensitivity=1)  # b = 3.33: grain 4
    counts = np.r_[np.zeros(N // 2), np.full(N // 2, 7.0)]
    released = mechanism.apply(counts, np.random.default_rng(12))
    assert mechanism.grain == 4 and np.all(released % 4 == 0)
    # The release is unbiased up to the grain: mean of (released - count) within 4.5 SE of 0 for count 0;
    # for count 7 (not a multiple of 4) the rounding bias is at most grain / 2.
    se = math.sqrt((2 * mechanism.scale**2 + 16 / 12) / (N // 2))
    assert abs(released[: N // 2].mean()) < 4.5 * se
    assert abs(released[N // 2:].mean() - 7) < 2 + 4.5 * se
    # Clamped to the public bound.
    assert mechanism.apply(np.array([1e12]), np.random.default_rng(1))[0] == SNAP_BOUND
    fields = mechanism.record_fields("one trip")
    assert fields["count_grain"] == 4 and fields["epsilon"] == 0.3
    assert 0.3 < fields["epsilon_floating_point"] < 0.3 * (1 + 1e-5)
    assert "snapping" in fields["mechanism"] and "snapping" in fields["floating_point"]
    # Beyond the theorem's range (epsilon far above any meaningful protection) no guarantee is claimed.
    assert CountNoise(LAPLACE, epsilon=1e9, sensitivity=1).snapped_epsilon == math.inf
    discrete = CountNoise(DISCRETE_LAPLACE, epsilon=0.3, sensitivity=1).record_fields("one trip")
    assert discrete["count_grain"] == 1 and discrete["epsilon_floating_point"] == 0.3


def test_stability_release_is_snapped():
    histogram = StabilityHistogram(0.5, 1e-6)  # b = 4: grain 4
    _, noisy = histogram.release(np.full(1000, 50.0), np.random.default_rng(13))
    assert np.all(noisy % 4 == 0)


def test_discrete_laplace_with_a_vanishing_epsilon_is_refused():
    """NOISE=1 with EPSILON=1e-300 was a numpy traceback (p = 1 - exp(-1e-300) = 0; issue 21)."""
    with pytest.raises(ValueError, match=r"EPSILON 1e-300 is too small for discrete Laplace noise"):
        CountNoise(DISCRETE_LAPLACE, 1e-300, 1.0)
    CountNoise(DISCRETE_LAPLACE, 1e-15, 1.0)  # scale 1e15 < 2^52: still sampled
