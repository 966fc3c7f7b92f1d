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
from dp_geoprivacy.core.releases.od_flows import (
    ODFlowData,
    ODFlowSpec,
    bound_users,
    count_pairs,
    release_od_flows,
    release_od_flows_from_pairs,
)
from dp_geoprivacy.core.releases.od_paths import DENSE, SPARSE, release_flows

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


def test_gaussian_od_refuses_the_stability_histogram_and_the_aggregate_path():
    with pytest.raises(ValueError, match="Laplace"):
        ODFlowSpec(epsilon=1.0, unit_of_privacy="u", delta=1e-6, noise=DISCRETE_GAUSSIAN, threshold=True).mechanism()
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
