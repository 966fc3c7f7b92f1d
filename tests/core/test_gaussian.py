"""The discrete Gaussian sampler against its exact pmf, and the zCDP accounting against hand-computed figures.

Statistical tests: fixed seeds, two-sided alpha = 0.001 for each check,
tolerances from the distribution (chi-square quantile, normal quantile of the
sample mean and sample variance with their exact standard errors).
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.mechanisms.gaussian import (
    bun_steinke_epsilon,
    compose_rho,
    discrete_gaussian_margin,
    discrete_gaussian_pmf,
    discrete_gaussian_variance,
    gaussian_rho,
    gaussian_sigma,
    pure_dp_rho,
    sample_discrete_gaussian,
    zcdp_delta,
    zcdp_epsilon,
    zcdp_rho,
)

ALPHA = 0.001
Z = stats.norm.ppf(1 - ALPHA / 2)  # 3.29
N = 200_000


def rng(seed=20201):
    return np.random.Generator(np.random.Philox(seed))


def chi_square_p(draws, sigma):
    """p-value of draws against N_Z(0, sigma^2): one bin per integer with expected count >= 5, tails pooled."""
    k = np.arange(-int(10 * sigma) - 5, int(10 * sigma) + 6)
    expected = discrete_gaussian_pmf(k, sigma) * len(draws)
    inner = k[expected >= 5]
    lo, hi = inner[0], inner[-1]
    observed = np.bincount(np.clip(draws, lo - 1, hi + 1) - (lo - 1), minlength=hi - lo + 3)
    exp_bins = np.concatenate(([expected[k < lo].sum()], expected[(k >= lo) & (k <= hi)], [expected[k > hi].sum()]))
    exp_bins[0] += len(draws) * (1 - discrete_gaussian_pmf(k, sigma).sum()) / 2  # mass beyond k (negligible)
    exp_bins[-1] = len(draws) - exp_bins[:-1].sum()
    stat = float(((observed - exp_bins) ** 2 / exp_bins).sum())
    return stats.chi2.sf(stat, len(exp_bins) - 1)


@pytest.mark.parametrize("sigma", [0.6, 3.7, 25.6])
def test_sampler_matches_the_exact_pmf_by_chi_square(sigma):
    draws = sample_discrete_gaussian(sigma, N, rng())
    assert draws.dtype.kind == "i" and draws.shape == (N,)
    assert chi_square_p(draws, sigma) > ALPHA


def test_the_chi_square_check_rejects_a_sigma_five_percent_off():
    # The check has power: draws of N_Z(0, (1.05 sigma)^2) are rejected at the same alpha.
    assert chi_square_p(sample_discrete_gaussian(3.7 * 1.05, N, rng()), 3.7) < ALPHA


@pytest.mark.parametrize("sigma", [0.6, 3.7, 25.6])
def test_mean_zero_and_variance_close_to_sigma_squared(sigma):
    draws = sample_discrete_gaussian(sigma, N, rng(7)).astype(float)
    k = np.arange(-int(40 * sigma) - 2, int(40 * sigma) + 3).astype(float)
    pmf = discrete_gaussian_pmf(k, sigma)
    var = discrete_gaussian_variance(sigma)
    mu4 = float((pmf * k**4).sum())
    assert abs(draws.mean()) <= Z * math.sqrt(var / N)
    assert abs(draws.var() - var) <= Z * math.sqrt((mu4 - var**2) / N)
    # CKS: the variance is at most sigma^2, and within 1e-6 of it from sigma = 1 on.
    assert var <= sigma**2
    if sigma >= 1:
        assert var == pytest.approx(sigma**2, rel=1e-6)


def test_sampler_shapes_and_input_checks():
    assert sample_discrete_gaussian(2.0, (3, 4), rng()).shape == (3, 4)
    with pytest.raises(ValueError):
        sample_discrete_gaussian(0.0, 5, rng())


def test_margin_of_error_by_hand():
    # sigma = 1: P(|X| <= 1) = (1 + 2 e^-1/2) / Z = 0.8647... < 0.95; P(|X| <= 2) = 0.9887... >= 0.95.
    assert discrete_gaussian_margin(1.0, 0.95) == 2.0
    norm = 1 + 2 * sum(math.exp(-k * k / 2) for k in range(1, 60))
    assert discrete_gaussian_pmf(0, 1.0) == pytest.approx(1 / norm, rel=1e-14)


# --- accounting -------------------------------------------------------------------------


def delta_by_grid(rho, eps):
    """CKS Corollary 13 minimised over a fine grid of alpha: an independent evaluation."""
    alpha = np.linspace(1.0005, 400.0, 4_000_000)
    log = (alpha - 1) * (alpha * rho - eps) + alpha * np.log1p(-1 / alpha) - np.log(alpha - 1)
    return float(np.exp(log.min()))


def test_rho_of_the_gaussian_and_of_pure_dp_by_hand():
    assert gaussian_rho(math.sqrt(32), 4.0) == pytest.approx(32 / 32)  # Delta^2 / (2 sigma^2) = 1
    assert gaussian_sigma(math.sqrt(32), 1.0) == pytest.approx(4.0)
    assert pure_dp_rho(1.0) == 0.5 and pure_dp_rho(0.2) == pytest.approx(0.02)
    assert compose_rho([0.1, 0.2, 0.3]) == pytest.approx(0.6)
    # Bun-Steinke Prop. 1.3 at rho = 0.5, delta = 1e-6: 0.5 + 2 sqrt(0.5 ln 1e6) = 5.7565...
    assert bun_steinke_epsilon(0.5, 1e-6) == pytest.approx(0.5 + 2 * math.sqrt(0.5 * math.log(1e6)), rel=1e-15)


@pytest.mark.parametrize("rho, eps", [(0.025, 1.0), (0.5, 4.0), (0.0244, 1.0), (2.0, 10.0)])
def test_zcdp_delta_equals_the_minimum_over_alpha(rho, eps):
    assert zcdp_delta(rho, eps) == pytest.approx(delta_by_grid(rho, eps), rel=1e-6)


def test_zcdp_delta_hand_figure():
    # rho = 0.025, eps = 1: the authors' cdp2adp.py prints cdp_delta = 1.336e-06 for these values.
    assert zcdp_delta(0.025, 1.0) == pytest.approx(1.3361e-6, rel=1e-4)


@pytest.mark.parametrize("rho", [0.001, 0.0244, 0.365, 1.0, 7.5])
@pytest.mark.parametrize("delta", [1e-9, 1e-6, 1e-3])
def test_zcdp_epsilon_is_tight_below_bun_steinke_and_round_trips(rho, delta):
    eps = zcdp_epsilon(rho, delta)
    assert 0 < eps < bun_steinke_epsilon(rho, delta)
    assert zcdp_delta(rho, eps) <= delta  # valid
    assert zcdp_delta(rho, eps * (1 - 1e-6)) > delta  # and tight
    assert zcdp_rho(eps, delta) == pytest.approx(rho, rel=1e-6)


def test_zcdp_rho_hand_figure_and_validity():
    rho = zcdp_rho(1.0, 1e-6)
    assert rho == pytest.approx(0.024356, rel=1e-4)
    assert zcdp_delta(rho, 1.0) <= 1e-6
    assert zcdp_epsilon(rho, 1e-6) == pytest.approx(1.0, rel=1e-9)


def test_monotonicity():
    rhos = [0.01, 0.05, 0.2, 1.0, 3.0]
    eps = [zcdp_epsilon(r, 1e-6) for r in rhos]
    assert eps == sorted(eps) and len(set(eps)) == len(eps)
    by_delta = [zcdp_epsilon(0.2, d) for d in (1e-10, 1e-6, 1e-2)]
    assert by_delta == sorted(by_delta, reverse=True)
    deltas = [zcdp_delta(0.2, e) for e in (0.5, 1.0, 2.0, 4.0)]
    assert deltas == sorted(deltas, reverse=True)


def test_input_checks():
    with pytest.raises(ValueError):
        zcdp_epsilon(0.1, 0.0)
    with pytest.raises(ValueError):
        zcdp_epsilon(-0.1, 1e-6)
    with pytest.raises(ValueError):
        zcdp_rho(0.0, 1e-6)
    assert zcdp_epsilon(0.0, 1e-6) == 0.0 and zcdp_delta(0.0, 1.0) == 0.0


# --- the Gaussian option of zone counts ---------------------------------------------------

from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord  # noqa: E402
from dp_geoprivacy.core.geometry.zones import OUTSIDE  # noqa: E402
from dp_geoprivacy.core.mechanisms.counting import bound_distinct_cells  # noqa: E402
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN, GaussianCountNoise, histogram_l2_sensitivity  # noqa: E402
from dp_geoprivacy.core.releases.zone_counts import (  # noqa: E402
    ZoneCountAggregate,
    ZoneCountData,
    ZoneCountSpec,
    make_mechanism,
    release_zone_counts,
    release_zone_counts_from_aggregate,
)


def test_l2_sensitivity_of_distinct_cells():
    assert histogram_l2_sensitivity(32) == pytest.approx(math.sqrt(32))
    assert histogram_l2_sensitivity(1) == 1.0
    assert histogram_l2_sensitivity(1, 3) == pytest.approx(math.sqrt(3))  # one point in 3 overlapping zones
    assert histogram_l2_sensitivity(4, 2) == pytest.approx(4 * math.sqrt(2))  # distinct faces may share a zone


def test_make_mechanism_calibrates_the_gaussian_to_l2_and_the_declared_delta():
    noise = make_mechanism(epsilon=1.0, delta=1e-6, noise=DISCRETE_GAUSSIAN, max_contributions=32)
    assert isinstance(noise, GaussianCountNoise)
    assert noise.sensitivity == pytest.approx(math.sqrt(32))
    assert noise.rho == pytest.approx(zcdp_rho(1.0, 1e-6))
    assert gaussian_rho(noise.sensitivity, noise.scale) == pytest.approx(noise.rho)
    assert zcdp_delta(noise.rho, 1.0) <= 1e-6
    with pytest.raises(ValueError, match="delta"):
        make_mechanism(epsilon=1.0, delta=0.0, noise=DISCRETE_GAUSSIAN)


def test_bound_distinct_cells_keeps_one_record_per_cell_and_at_most_m_cells():
    users = np.array([1, 1, 1, 1, 1, 1, 2, 2])
    cells = np.array([5, 5, 5, 6, 7, 8, 5, 5])
    for seed in range(20):
        kept = bound_distinct_cells(users, cells, 2, rng(seed))
        assert list(kept) == sorted(kept)
        pairs = list(zip(users[kept], cells[kept]))
        assert len(pairs) == len(set(pairs))  # no user twice in a cell
        assert sum(u == 1 for u, _ in pairs) == 2 and sum(u == 2 for u, _ in pairs) == 1


def test_gaussian_zone_counts_count_each_user_once_per_cell_and_record_rho():
    # One user with 50 points in zone 0 and 3 outside; epsilon so large that the noise is 0 almost surely.
    cell = np.array([0] * 50 + [OUTSIDE] * 3)
    data = ZoneCountData(cell=cell, n_zones=2, zone_rank=np.arange(2), user_keys=np.array(["u"] * 53))
    spec = ZoneCountSpec(epsilon=1e4, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN,
                         max_contributions=4, clamp=False)
    release = release_zone_counts(data, spec, rng())
    assert list(release.result["noisy_count"]) == [1.0, 0.0]
    assert release.facts["outside"] == 1.0
    fields = dict(release.record_fields)
    assert fields["rho"] == pytest.approx(zcdp_rho(1e4, 1e-6)) and fields["delta"] == 1e-6
    assert fields["sensitivity"] == pytest.approx(2.0) and "L2" in fields["sensitivity_unit"]
    record = PrivacyRecord(algorithm="a", plugin_version="0", input_layer="x", seeded=True, **fields)
    assert PrivacyRecord.from_json(record.to_json()).rho == fields["rho"]
    assert PrivacyRecord(algorithm="a", plugin_version="0", mechanism="m", epsilon=1.0, delta=0.0,
                         unit_of_privacy="u", sensitivity=1.0, sensitivity_unit="", noise_scale=1.0,
                         noise_scale_unit="", input_layer="x", seeded=False).rho is None


def test_the_aggregate_path_refuses_the_gaussian():
    aggregate = ZoneCountAggregate(counts=np.zeros((2, 1), dtype=int), outside=0, zone_rank=np.arange(2), records=0)
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="u", delta=1e-6, noise=DISCRETE_GAUSSIAN)
    with pytest.raises(ValueError, match="distinct cells"):
        release_zone_counts_from_aggregate(aggregate, spec, rng())


def test_neighbouring_datasets_differ_by_at_most_the_l2_sensitivity():
    # Adding one user with 40 points over 10 zones (repeats included) moves the bounded histogram by <= sqrt(M).
    base_cells = np.arange(200) % 10
    extra = np.repeat(np.arange(10), 4)
    m = 6
    noise = make_mechanism(epsilon=1.0, delta=1e-6, noise=DISCRETE_GAUSSIAN, max_contributions=m)
    for seed in range(10):
        without = bound_distinct_cells(np.arange(200), base_cells, m, rng(seed))
        with_users = np.r_[np.arange(200), np.full(40, 999)]
        kept = bound_distinct_cells(with_users, np.r_[base_cells, extra], m, rng(seed + 100))
        a = np.bincount(base_cells[without], minlength=10)
        b = np.bincount(np.r_[base_cells, extra][kept], minlength=10)
        assert np.linalg.norm(b - a) <= noise.sensitivity + 1e-12
