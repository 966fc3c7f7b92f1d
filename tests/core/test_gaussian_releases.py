"""Discrete Gaussian noise on the OD-flow and zone-statistics releases (L2 sensitivity, zCDP record).

Statistical tests: fixed seeds, alpha = 0.001 for each check, tolerances from
the distribution (chi-square quantiles; binomial standard errors).
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.geometry.zones import OUTSIDE
from dp_geoprivacy.core.mechanisms.gaussian import (
    DISCRETE_GAUSSIAN,
    GaussianCountNoise,
    discrete_gaussian_pmf,
    sample_discrete_gaussian_tail,
    zcdp_delta,
    zcdp_rho,
)
from dp_geoprivacy.core.mechanisms.gaussian_stats import sum_grain
from dp_geoprivacy.core.releases.od_flows import (
    ODFlowData,
    ODFlowSpec,
    bound_users,
    count_pairs,
    release_od_flows,
    release_od_flows_from_pairs,
)
from dp_geoprivacy.core.releases.od_paths import DENSE, SPARSE, release_flows
from dp_geoprivacy.core.releases.zone_statistics import aggregate_zone_statistics, release_zone_statistics
from dp_geoprivacy.core.releases.zone_statistics_spec import (
    COUNT,
    MEAN,
    RECORD,
    SUM,
    USER,
    USER_DAY,
    ZoneStatisticsSpec,
)

ALPHA = 0.001


def rng(seed=2022):
    return np.random.Generator(np.random.Philox(seed))


# --- the conditioned sampler (the sparse path's empty cells) -------------------------------


def tail_chi_square_p(draws, sigma, k):
    """p-value of draws against N_Z(0, sigma^2) conditioned on >= k: bins with expected >= 5, the rest pooled."""
    j = np.arange(k, k + int(20 * sigma) + 20)
    pmf = discrete_gaussian_pmf(j, sigma)
    expected = pmf / pmf.sum() * len(draws)
    inner = j[expected >= 5]
    hi = inner[-1]
    observed = np.bincount(np.minimum(draws, hi + 1) - k, minlength=hi - k + 2)
    exp_bins = np.append(expected[j <= hi], len(draws) - expected[j <= hi].sum())
    if exp_bins[-1] < 5:  # pool a thin last bin into its neighbour
        observed = np.append(observed[:-2], observed[-2:].sum())
        exp_bins = np.append(exp_bins[:-2], exp_bins[-2:].sum())
    stat = float(((observed - exp_bins) ** 2 / exp_bins).sum())
    return stats.chi2.sf(stat, len(exp_bins) - 1)


@pytest.mark.parametrize("sigma, k", [(0.8, 1), (3.7, 2), (3.7, 9), (25.6, 40)])
def test_tail_sampler_matches_the_conditioned_pmf_by_chi_square(sigma, k):
    draws = sample_discrete_gaussian_tail(sigma, k, 100_000, rng())
    assert draws.dtype.kind == "i" and draws.min() >= k
    assert tail_chi_square_p(draws, sigma, k) > ALPHA


def test_the_tail_chi_square_check_rejects_a_sigma_five_percent_off():
    draws = sample_discrete_gaussian_tail(3.7 * 1.05, 2, 100_000, rng())
    assert tail_chi_square_p(draws, 3.7, 2) < ALPHA


def test_tail_sampler_far_beyond_the_support_does_not_underflow():
    draws = sample_discrete_gaussian_tail(1.0, 60, 1000, rng())
    assert np.all(draws >= 60) and np.mean(draws == 60) > 0.99


# --- OD flows ---------------------------------------------------------------------------------


def test_od_bounding_keeps_one_trip_per_user_and_pair_and_at_most_m_pairs():
    # User a: 30 trips 0->1, 5 trips 1->2, 4 trips with an end outside; user b: 3 trips 2->2.
    origin = np.array([0] * 30 + [1] * 5 + [OUTSIDE] * 2 + [0] * 2 + [2] * 3)
    dest = np.array([1] * 30 + [2] * 5 + [1] * 2 + [OUTSIDE] * 2 + [2] * 3)
    users = np.array([0] * 39 + [1] * 3)
    noise = GaussianCountNoise(1.0, 1e-6, math.sqrt(2))
    for seed in range(20):
        kept = bound_users(origin, dest, users, 3, noise, 2, rng(seed))
        cells = [(u, -1 if OUTSIDE in (o, d) else o * 3 + d) for u, o, d in zip(users[kept], origin[kept], dest[kept])]
        assert len(cells) == len(set(cells))  # one trip per (user, pair), the outside cell is one cell
        assert sum(u == 0 for u, _ in cells) == 2 and sum(u == 1 for u, _ in cells) == 1


def test_neighbouring_od_histograms_differ_by_at_most_sqrt_m_in_l2():
    base_o, base_d = np.arange(300) % 6, (np.arange(300) // 6) % 6
    extra_o, extra_d = np.repeat(np.arange(6), 5), np.tile(np.arange(5), 6)  # 30 trips, repeats of pairs
    m = 7
    noise = GaussianCountNoise(1.0, 1e-6, math.sqrt(m))
    for seed in range(10):
        kept = bound_users(base_o, base_d, np.arange(300), 6, noise, m, rng(seed))
        a = count_pairs(base_o[kept], base_d[kept], 6).dense()
        o, d = np.r_[base_o, extra_o], np.r_[base_d, extra_d]
        kept = bound_users(o, d, np.r_[np.arange(300), np.full(30, 999)], 6, noise, m, rng(seed + 50))
        b = count_pairs(o[kept], d[kept], 6).dense()
        assert np.linalg.norm(b - a) <= noise.sensitivity + 1e-12


def test_gaussian_od_release_counts_users_per_pair_and_records_rho():
    # One user with 50 trips 0->1 and 2 trips with an end outside; epsilon so large the noise is 0 almost surely.
    origin = np.array([0] * 50 + [OUTSIDE, 1])
    dest = np.array([1] * 50 + [0, OUTSIDE])
    data = ODFlowData(origin, dest, zone_order=np.arange(2), user_keys=np.array(["u"] * 52))
    spec = ODFlowSpec(epsilon=1e4, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN, max_trips=4)
    release = release_od_flows(data, spec, rng())
    flows = dict(zip(zip(release.result["origin_index"], release.result["dest_index"]), release.result["noisy_count"]))
    assert flows[(0, 1)] == 1.0 and flows[(1, 0)] == 0.0
    assert release.facts["outside"] == 1.0
    fields = dict(release.record_fields)
    assert fields["rho"] == pytest.approx(zcdp_rho(1e4, 1e-6)) and fields["delta"] == 1e-6
    assert fields["epsilon"] == 1e4
    assert fields["sensitivity"] == pytest.approx(2.0) and "L2" in fields["sensitivity_unit"]
    assert zcdp_delta(fields["rho"], fields["epsilon"]) <= 1e-6


def test_gaussian_od_refuses_the_aggregate_path():
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="u", delta=1e-6, noise=DISCRETE_GAUSSIAN)
    with pytest.raises(ValueError, match="distinct zone pairs"):
        release_od_flows_from_pairs(count_pairs([0], [1], 2), np.arange(2), spec, rng(), records=1)


def test_gaussian_sparse_path_matches_the_dense_path_in_distribution():
    """Number published, published values (empty and non-empty cells): two-sample chi-square at ALPHA;
    mean number of empty cells published against its exact expectation (4.5 binomial standard errors)."""
    n, reps, min_flow = 30, 1500, 2
    generator = np.random.default_rng(8)
    pairs = count_pairs(generator.integers(0, n, 150), generator.integers(0, n, 150), n)
    noise = GaussianCountNoise(1.0, 1e-6, 1.0)  # sigma about 4.5
    truth = pairs.dense()
    n_empty = int((truth == 0).sum())
    expected_empty = n_empty * noise.release_tail(min_flow)
    runs = {}
    for path, seed in ((DENSE, 9), (SPARSE, 10)):
        generator = np.random.default_rng(seed)
        runs[path] = [release_flows(pairs, noise, min_flow, generator, path=path) for _ in range(reps)]
        empties = np.array([np.sum(truth[r.origin, r.dest] == 0) for r in runs[path]])
        p = noise.release_tail(min_flow)
        assert abs(empties.mean() - expected_empty) < 4.5 * math.sqrt(n_empty * p * (1 - p) / reps)
        assert all(np.all(r.noisy_count >= min_flow) for r in runs[path])

    def table_p(a, b):
        edges = np.unique(np.quantile(np.r_[a, b], np.linspace(0, 1, 9)))
        edges[-1] += 1
        table = np.array([np.histogram(a, edges)[0], np.histogram(b, edges)[0]])
        return stats.chi2_contingency(table[:, table.sum(axis=0) > 0]).pvalue

    assert table_p(np.array([r.published for r in runs[DENSE]]), np.array([r.published for r in runs[SPARSE]])) > ALPHA
    for empty in (True, False):
        values = [np.concatenate([r.noisy_count[(truth[r.origin, r.dest] == 0) == empty] for r in runs[path]])
                  for path in (DENSE, SPARSE)]
        top = max(min_flow + 1, int(np.quantile(np.r_[values[0], values[1]], 0.95)))
        bins = np.arange(min_flow, top + 2)
        table = np.array([np.histogram(np.minimum(v, top), bins)[0] for v in values])
        assert stats.chi2_contingency(table[:, table.sum(axis=0) > 0]).pvalue > ALPHA


# --- zone statistics: counts and sums ---------------------------------------------------------


def _spec(statistic=SUM, unit=USER, m=4, k=1, **extra):
    return ZoneStatisticsSpec(statistic, 1.0, 0.0, 50.0, unit=unit, max_contributions=m, max_cells=k,
                              noise=DISCRETE_GAUSSIAN, delta=1e-6, **extra)


def test_zone_statistics_l2_sensitivity_by_hand():
    # [0, 50]: grain 2^-5 (largest power of two <= 50 / 1024), 1,600 grains per value at the bound.
    assert sum_grain(50.0) == 2.0**-5
    assert _spec().mechanisms(9)[1].sensitivity == pytest.approx(math.sqrt(4) * 50.0)  # user: sqrt(M) B
    assert _spec(COUNT).mechanisms(9)[1].sensitivity == pytest.approx(2.0)  # user: sqrt(M)
    assert _spec(unit=USER_DAY, m=2, k=3).mechanisms(9)[1].sensitivity == pytest.approx(math.sqrt(3) * 2 * 50.0)
    assert _spec(unit=USER_DAY, m=2, k=3).mechanisms(2)[1].sensitivity == pytest.approx(math.sqrt(2) * 2 * 50.0)
    assert _spec(unit=RECORD, m=1).mechanisms(9)[1].sensitivity == pytest.approx(50.0)
    # A bound that is not a multiple of the grain: B rounded to the nearest grain (never more than g / 2 up).
    mech = ZoneStatisticsSpec(SUM, 1.0, -3.0, 7.3, unit=USER, max_contributions=9, noise=DISCRETE_GAUSSIAN,
                              delta=1e-6).mechanisms(1)[1]
    assert mech.grain == 2.0**-8 and abs(mech.sensitivity - 3 * 7.3) <= 3 * mech.grain / 2
    fields = _spec().record_fields(9)
    assert fields["rho"] == pytest.approx(zcdp_rho(1.0, 1e-6)) and fields["delta"] == 1e-6
    assert fields["epsilon"] == 1.0 and "L2" in fields["sensitivity_unit"]


def test_zone_statistics_gaussian_refuses_what_it_does_not_cover():
    with pytest.raises(ValueError, match="count and the sum only"):
        _spec(MEAN)
    with pytest.raises(ValueError, match="MIN_SUPPORT"):
        _spec(min_support=5)
    with pytest.raises(ValueError, match="DELTA"):
        ZoneStatisticsSpec(SUM, 1.0, 0.0, 50.0, unit=USER, max_contributions=2, noise=DISCRETE_GAUSSIAN)
    assert _spec(COUNT, min_support=5).min_support == 5  # the count tests its own noisy count


def test_gaussian_user_sum_keeps_one_value_per_user_and_cell():
    # One user, 30 values of 10.01 in zone 0 and 2 of 40 in zone 1; epsilon so large the noise is 0 almost surely.
    cell = np.array([0] * 30 + [1] * 2)
    values = np.array([10.01] * 30 + [40.0] * 2)
    spec = ZoneStatisticsSpec(SUM, 1e9, 0.0, 50.0, unit=USER, max_contributions=3, noise=DISCRETE_GAUSSIAN,
                              delta=1e-6)
    release = release_zone_statistics(cell, values, spec, rng(), n_zones=3, user_keys=np.array(["u"] * 32))
    g = sum_grain(50.0)
    assert list(release.values[:, 0, 0]) == [round(10.01 / g) * g, 40.0, 0.0]
    assert release.counts.kept == 2


def test_neighbouring_zone_sums_differ_by_at_most_the_l2_sensitivity():
    """One unit's bounded contribution to the sums (what adding it changes) has L2 norm <= the sensitivity, and
    at the bound (values of 50, repeats of cells) it reaches it: the sensitivity is neither too small nor loose."""
    cell, value = np.repeat(np.arange(6), 5), np.full(30, 50.0)
    for unit, m, k in ((USER, 4, 1), (USER_DAY, 2, 3)):
        spec = _spec(unit=unit, m=m, k=k)
        sensitivity = spec.mechanisms(6)[1].sensitivity
        norms = [np.linalg.norm(aggregate_zone_statistics(cell, value, spec, rng(seed), n_zones=6,
                                                          user_keys=np.full(30, 7), day=np.zeros(30, int)).sums)
                 for seed in range(20)]
        assert max(norms) == pytest.approx(sensitivity)


def binned_chi_square_p(draws, sigma, bins=40):
    """p-value of integer draws against N_Z(0, sigma^2), in ``bins`` equal-width bins over +-4 sigma plus two tails."""
    half = int(math.ceil(4 * sigma))
    edges = np.unique(np.round(np.linspace(-half, half + 1, bins + 1)).astype(np.int64))
    k = np.arange(-int(40 * sigma) - 2, int(40 * sigma) + 3)
    pmf = discrete_gaussian_pmf(k, sigma)
    cdf = np.concatenate(([0.0], np.cumsum(pmf)))
    at = np.searchsorted(k, edges)  # P(X < edge) = cdf[at]
    probabilities = np.diff(np.concatenate(([0.0], cdf[at], [cdf[-1]])))
    observed = np.bincount(np.searchsorted(edges, draws, side="right"), minlength=len(edges) + 1)
    expected = probabilities / probabilities.sum() * len(draws)
    stat = float(((observed - expected) ** 2 / expected).sum())
    return stats.chi2.sf(stat, len(expected) - 1)


def test_gaussian_sum_noise_matches_the_discrete_gaussian_by_chi_square():
    """The new code path's noise: zero sums in 20,000 cells, noise / grain against N_Z(0, sigma^2) (binned)."""
    spec = ZoneStatisticsSpec(SUM, 1.0, 0.0, 0.25, unit=USER, max_contributions=2, noise=DISCRETE_GAUSSIAN,
                              delta=1e-6)
    release = release_zone_statistics(np.array([0]), np.array([0.0]), spec, rng(), n_zones=20_000,
                                      user_keys=np.array(["u"]))
    mech = release.mechanism
    draws = np.round(release.values[:, 0, 0] / mech.grain).astype(np.int64)
    assert binned_chi_square_p(draws, mech.sigma) > ALPHA
    assert binned_chi_square_p(draws, mech.sigma * 1.05) < ALPHA  # the check has power: 5% off is rejected
