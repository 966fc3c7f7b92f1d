"""OD flow counting and release: exact counts, noise per cell, user bounds, stability, sparse = dense.

Fixed seeds; every statistical check uses alpha = 0.001 or a bound of 4.5
standard errors computed from the distribution, so each can fail if the
mechanism is wrong.
"""

import math
import tracemalloc

import numpy as np
import pytest
import shapely
from scipy import stats

from dp_geoprivacy.core.geometry.zones import OUTSIDE
from dp_geoprivacy.core.mechanisms.counting import (
    DISCRETE_LAPLACE,
    LAPLACE,
    CountNoise,
    StabilityHistogram,
    bound_contributions,
)
from dp_geoprivacy.core.releases import od_flows
from dp_geoprivacy.core.releases.od_flows import ODDomain, count_pairs, flow_geometries
from dp_geoprivacy.core.releases.od_paths import (
    DENSE,
    DENSE_MAX_CELLS,
    SPARSE,
    STABILITY,
    choose_path,
    dense_noisy_chunks,
    expected_noise_flows,
    least_min_flow,
    publish,
    release_flows,
    sample_distinct,
    tail_threshold,
)

ALPHA = 0.001


def _trips(n_zones, n_trips, seed, outside_share=0.05):
    rng = np.random.default_rng(seed)
    origin = rng.integers(0, n_zones, n_trips)
    dest = rng.integers(0, n_zones, n_trips)
    origin[rng.random(n_trips) < outside_share] = OUTSIDE
    dest[rng.random(n_trips) < outside_share] = OUTSIDE
    return origin, dest


def test_pair_counts_before_noise_match_a_direct_count():
    n = 23
    origin, dest = _trips(n, 5000, 1)
    pairs = count_pairs(origin, dest, n)
    direct = np.zeros((n, n), dtype=np.int64)
    inside = (origin != OUTSIDE) & (dest != OUTSIDE)
    for o, d in zip(origin[inside], dest[inside]):
        direct[o, d] += 1
    assert np.array_equal(pairs.dense(), direct)
    assert pairs.outside == int((~inside).sum())
    assert np.all(np.diff(pairs.ranks) > 0) and np.all(pairs.counts > 0)
    assert pairs.counts.sum() + pairs.outside == len(origin)


def test_large_domains_count_the_same_without_a_dense_array():
    n = 5000  # 25 million cells: counted with np.unique, not bincount
    origin, dest = _trips(n, 20_000, 2)
    pairs = count_pairs(origin, dest, n)
    inside = (origin != OUTSIDE) & (dest != OUTSIDE)
    ranks, counts = np.unique(origin[inside] * n + dest[inside], return_counts=True)
    assert np.array_equal(pairs.ranks, ranks) and np.array_equal(pairs.counts, counts)


def test_intrazonal_trip_is_counted_once_in_its_cell():
    pairs = count_pairs([2, 2, 0, 1], [2, 1, 0, OUTSIDE], 3)
    matrix = pairs.dense()
    assert matrix[2, 2] == 1 and matrix[0, 0] == 1 and matrix[2, 1] == 1
    assert matrix.sum() == 3 and pairs.outside == 1
    without = count_pairs([2, 2, 0, 1], [2, 1, 0, OUTSIDE], 3, include_intrazonal=False)
    assert without.domain.size == 6
    assert without.intrazonal_left_out == 2 and without.counts.sum() == 1
    assert without.dense()[2, 1] == 1


@pytest.mark.parametrize("intrazonal", [True, False])
def test_domain_ranks_and_cells_are_inverse(intrazonal):
    domain = ODDomain(7, intrazonal)
    origin, dest = np.divmod(np.arange(49), 7)
    keep = intrazonal | (origin != dest)
    ranks = domain.ranks(origin[keep], dest[keep])
    assert np.array_equal(ranks, np.arange(domain.size))  # row by row, no gaps
    back = domain.cells(ranks)
    assert np.array_equal(back[0], origin[keep]) and np.array_equal(back[1], dest[keep])


def test_post_processing_order_round_clamp_then_min_flow():
    noisy = np.array([-3.2, 0.4, 0.6, 1.49, 2.51, 7.0])
    keep, values = publish(noisy, 1)
    assert values.tolist() == [0, 0, 1, 1, 3, 7]
    assert keep.tolist() == [False, False, True, True, True, True]
    keep, values = publish(noisy, 2.5)  # rounded value must reach 2.5, i.e. be >= 3
    assert keep.tolist() == [False, False, False, False, True, True]
    keep, _ = publish(noisy, 0)
    assert keep.all()
    assert tail_threshold(1) == 0.5 and tail_threshold(2.5) == 2.5 and tail_threshold(5) == 4.5


@pytest.mark.parametrize("kind", [LAPLACE, DISCRETE_LAPLACE])
def test_noise_on_every_cell_has_the_distributions_variance(kind):
    """Per-cell sample variance of the noise, standardised by its own standard error: sum of squares ~ chi2."""
    n, reps = 6, 3000
    origin, dest = _trips(n, 200, 3, outside_share=0)
    pairs = count_pairs(origin, dest, n)
    noise = CountNoise(kind, epsilon=0.5, sensitivity=2)
    truth = pairs.dense().ravel().astype(float)
    rng = np.random.default_rng(4)
    draws = np.empty((reps, n * n))
    for r in range(reps):
        draws[r] = np.concatenate([values for _, values in dense_noisy_chunks(pairs, noise, rng, chunk=7)])
    errors = draws - truth
    if kind == LAPLACE:
        fourth = 24 * noise.scale**4
    else:
        k = np.arange(-4000, 4001)
        pmf = (1 - noise.alpha) / (1 + noise.alpha) * noise.alpha ** np.abs(k)
        fourth = float(np.sum(pmf * k.astype(float) ** 4))
    z_var = (errors.var(axis=0, ddof=1) - noise.variance) / math.sqrt((fourth - noise.variance**2) / reps)
    z_mean = errors.mean(axis=0) / math.sqrt(noise.variance / reps)
    bound = stats.chi2.ppf(1 - ALPHA, n * n)
    assert np.sum(z_var**2) < bound
    assert np.sum(z_mean**2) < bound


def test_user_bounding_keeps_at_most_m_trips_per_user_sampled_uniformly():
    rng = np.random.default_rng(5)
    n, m = 4, 1
    # User 0 makes 4 trips, one to each of 4 pairs; users 1..50 one trip each.
    users = np.r_[np.zeros(4, dtype=int), np.arange(1, 51)]
    origin = np.r_[[0, 1, 2, 3], rng.integers(0, n, 50)]
    dest = np.r_[[1, 2, 3, 0], rng.integers(0, n, 50)]
    chosen = np.zeros(4)
    reps = 4000
    for _ in range(reps):
        kept = bound_contributions(users, m, rng)
        assert np.bincount(users[kept]).max() <= m
        pairs = count_pairs(origin[kept], dest[kept], n)
        assert pairs.counts.sum() == 51
        chosen[np.flatnonzero(np.isin(np.arange(4), kept))] += 1
    assert stats.chisquare(chosen, np.full(4, reps / 4)).pvalue > ALPHA


def test_stability_never_publishes_a_pair_without_trips():
    n = 40
    origin, dest = _trips(n, 300, 6, outside_share=0)
    pairs = count_pairs(origin, dest, n)
    truth = pairs.dense()
    histogram = StabilityHistogram(epsilon=5.0, delta=0.01, max_contributions=1)
    rng = np.random.default_rng(7)
    published_nonzero = 0
    for _ in range(300):
        release = release_flows(pairs, histogram, 1, rng)
        assert release.path == STABILITY
        assert np.all(truth[release.origin, release.dest] > 0)
        assert np.all(release.noisy_count >= 1)
        published_nonzero += release.published
    assert published_nonzero > 0
    # A pair far above the threshold is always published.
    heavy = count_pairs(np.zeros(200, dtype=int), np.ones(200, dtype=int), 3)
    assert release_flows(heavy, histogram, 1, rng).published == 1


def _expected_published(pairs, noise, min_flow):
    """E[number published] for THRESHOLD=0: sum over cells of P(round(count + noise) >= K)."""
    t = tail_threshold(min_flow)
    empty = pairs.domain.size - len(pairs.ranks)
    probabilities = [noise.tail(t - c) if t - c > 0 else 1 - noise.tail(c - t) + _atom(noise, c - t)
                     for c in pairs.counts]
    return empty * noise.tail(t) + sum(probabilities), empty * noise.tail(t)


def _atom(noise, s):
    """P(noise = -s) for discrete noise at integer s (0 for Laplace): makes P(noise >= -s) exact."""
    if noise.kind == LAPLACE or s != int(s):
        return 0.0
    a = noise.alpha
    return (1 - a) / (1 + a) * a ** abs(s)


@pytest.mark.parametrize("kind", [LAPLACE, DISCRETE_LAPLACE])
def test_sparse_path_matches_dense_path_in_distribution(kind):
    n, reps, min_flow = 30, 1500, 2
    origin, dest = _trips(n, 150, 8, outside_share=0)
    pairs = count_pairs(origin, dest, n)
    noise = CountNoise(kind, epsilon=1.0, sensitivity=1)
    runs = {}
    for path, seed in ((DENSE, 9), (SPARSE, 10)):
        rng = np.random.default_rng(seed)
        releases = [release_flows(pairs, noise, min_flow, rng, path=path) for _ in range(reps)]
        assert all(r.path == path for r in releases)
        runs[path] = releases
    truth = pairs.dense()
    expected_total, expected_empty = _expected_published(pairs, noise, min_flow)
    for releases in runs.values():
        counts = np.array([r.published for r in releases])
        # Mean number published: exact expectation, 4.5 standard errors.
        assert abs(counts.mean() - expected_total) < 4.5 * counts.std(ddof=1) / math.sqrt(reps)
        empties = np.array([np.sum(truth[r.origin, r.dest] == 0) for r in releases])
        assert abs(empties.mean() - expected_empty) < 4.5 * math.sqrt(expected_empty / reps) * 1.2
        for r in releases:
            assert np.all(r.noisy_count >= min_flow)
            rank = r.origin * n + r.dest
            assert np.all(np.diff(rank) > 0)  # sorted, no cell twice

    # Chi-square (two-sample) on the number published per release.
    dense_counts = np.array([r.published for r in runs[DENSE]])
    sparse_counts = np.array([r.published for r in runs[SPARSE]])
    edges = np.quantile(np.r_[dense_counts, sparse_counts], np.linspace(0, 1, 9))
    edges[-1] += 1
    table = np.array([np.histogram(dense_counts, edges)[0], np.histogram(sparse_counts, edges)[0]])
    table = table[:, table.sum(axis=0) > 0]
    assert stats.chi2_contingency(table).pvalue > ALPHA

    # Chi-square (two-sample) on the published values, for empty and non-empty cells alike.
    def values(path, empty):
        chosen = [r.noisy_count[(truth[r.origin, r.dest] == 0) == empty] for r in runs[path]]
        return np.concatenate(chosen)

    for empty in (True, False):
        dense_values, sparse_values = values(DENSE, empty), values(SPARSE, empty)
        top = max(min_flow + 1, int(np.quantile(np.r_[dense_values, sparse_values], 0.95)))
        bins = np.arange(min_flow, top + 2)
        table = np.array([np.histogram(np.minimum(dense_values, top), bins)[0],
                          np.histogram(np.minimum(sparse_values, top), bins)[0]])
        table = table[:, table.sum(axis=0) > 0]
        assert stats.chi2_contingency(table).pvalue > ALPHA

    # Which empty cells: uniform in both paths (pooled over releases, chi-square goodness of fit).
    empty_cells = np.flatnonzero(truth.ravel() == 0)
    for path in (DENSE, SPARSE):
        hits = np.zeros(n * n)
        for r in runs[path]:
            hits[r.origin * n + r.dest] += 1
        observed = hits[empty_cells]
        assert stats.chisquare(observed, np.full(len(observed), observed.mean())).pvalue > ALPHA


def test_sample_distinct_is_a_uniform_subset_across_chunks():
    rng = np.random.default_rng(11)
    population, k, reps = 95, 30, 4000
    hits = np.zeros(population)
    for _ in range(reps):
        sample = sample_distinct(population, k, rng, chunk=10)
        assert len(sample) == k and np.all(np.diff(sample) > 0)
        assert sample.min() >= 0 and sample.max() < population
        hits[sample] += 1
    assert stats.chisquare(hits, np.full(population, reps * k / population)).pvalue > ALPHA
    assert len(sample_distinct(10, 0, rng)) == 0 and len(sample_distinct(10, 10, rng)) == 10
    with pytest.raises(ValueError):
        sample_distinct(5, 6, rng)


def test_path_choice_depends_only_on_public_facts():
    assert choose_path(1000**2, 0, 1) == DENSE
    assert choose_path(2500**2, 0, 1) == SPARSE
    assert choose_path(DENSE_MAX_CELLS, 0, 5) == DENSE
    assert choose_path(DENSE_MAX_CELLS + 1, 0, 5) == SPARSE
    assert choose_path(10_000**2, 0, 0) == DENSE  # MIN_FLOW = 0: every cell is published anyway
    assert choose_path(10_000**2, 1, 5) == STABILITY
    with pytest.raises(ValueError):
        choose_path(100, 2, 1)


def test_ten_thousand_zones_take_the_sparse_path_in_bounded_memory():
    n, trips, min_flow = 10_000, 200_000, 5
    origin, dest = _trips(n, trips, 12)
    noise = CountNoise(LAPLACE, 1.0, 1)
    tracemalloc.start()
    pairs = count_pairs(origin, dest, n)
    release = release_flows(pairs, noise, min_flow, np.random.default_rng(13))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert release.path == SPARSE and release.cells == n * n
    expected, _ = _expected_published(pairs, noise, min_flow)
    assert abs(release.published - expected) < 4.5 * math.sqrt(expected)
    assert peak < 300 * 2**20  # numpy allocations; the dense path would need 800 MB for one float array


def test_outside_cell_is_noised_and_reported():
    origin = np.r_[np.full(500, OUTSIDE), np.zeros(10, dtype=int)]
    pairs = count_pairs(origin, np.zeros(510, dtype=int), 2)
    outside = [release_flows(pairs, CountNoise(LAPLACE, 1.0, 1), 1, np.random.default_rng(s)).outside
               for s in range(400)]
    assert len(set(outside)) > 5  # noised
    assert abs(np.mean(outside) - 500) < 4.5 * math.sqrt(2 / 400) + 0.5


def test_flow_geometries_join_representative_points_and_loop_intrazonal_flows():
    points = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]])
    lines = flow_geometries(points, np.array([1.0, 1.0, 2.0]), np.array([0, 2, 1]), np.array([1, 2, 0]))
    assert shapely.get_coordinates(lines[0]).tolist() == [[0, 0], [10, 0]]
    loop = shapely.get_coordinates(lines[1])
    assert loop[0].tolist() == [0, 10] and loop[-1].tolist() == [0, 10] and len(loop) == 5
    assert shapely.length(lines[1]) > 0
    assert shapely.get_coordinates(lines[2]).tolist() == [[10, 0], [0, 0]]


def test_sparse_path_matches_dense_path_with_a_coarse_snapping_grain():
    """Snapped Laplace at b = 1 / 0.3 (grain 4): the sparse path's tail sampling follows the dense path.

    Expected number published: sum over cells of P(round(snap(c + Y)) >= K) = P(Y >= y0 - c), with y0
    the mechanism's tail start; mean within 4.5 standard errors; values compared by a two-sample
    chi-square at ALPHA.
    """
    n, reps, min_flow = 34, 800, 3
    origin, dest = _trips(n, 150, 8, outside_share=0)
    pairs = count_pairs(origin, dest, n)
    noise = CountNoise(LAPLACE, epsilon=0.3, sensitivity=1)
    assert noise.grain == 4
    y0, b = noise._release_tail_start(min_flow), noise.scale

    def p_at_least(u):
        return 0.5 * math.exp(-u / b) if u >= 0 else 1 - 0.5 * math.exp(u / b)

    empty = pairs.domain.size - len(pairs.ranks)
    expected = empty * p_at_least(y0) + sum(p_at_least(y0 - c) for c in pairs.counts)
    assert noise.release_tail(min_flow) == pytest.approx(p_at_least(y0))
    runs = {}
    for path, seed in ((DENSE, 21), (SPARSE, 22)):
        rng = np.random.default_rng(seed)
        runs[path] = [release_flows(pairs, noise, min_flow, rng, path=path) for _ in range(reps)]
        counts = np.array([r.published for r in runs[path]])
        assert abs(counts.mean() - expected) < 4.5 * counts.std(ddof=1) / math.sqrt(reps)
        values = np.concatenate([r.noisy_count for r in runs[path]])
        assert np.all(values % 4 == 0) and values.min() >= min_flow
    dense, sparse = (np.concatenate([r.noisy_count for r in runs[p]]) for p in (DENSE, SPARSE))
    top = int(np.quantile(np.r_[dense, sparse], 0.95))
    bins = np.arange(0, top + 8, 4) - 2
    table = np.array([np.histogram(np.minimum(dense, top), bins)[0], np.histogram(np.minimum(sparse, top), bins)[0]])
    table = table[:, table.sum(axis=0) > 0]
    assert stats.chi2_contingency(table).pvalue > ALPHA


@pytest.mark.parametrize("kind, epsilon", [(LAPLACE, 0.5), (LAPLACE, 1.0), (DISCRETE_LAPLACE, 1.0)])
def test_noise_flow_figures_use_the_released_tail(kind, epsilon):
    """The refusal and the mobility report's cut use the snapped tail the sparse path samples from."""
    noise = CountNoise(kind, epsilon, 1)
    cells = 6_250_000
    assert expected_noise_flows(noise, cells, 1) == pytest.approx(cells * noise.release_tail(1))
    assert expected_noise_flows(noise, cells, 2.5) == pytest.approx(cells * noise.release_tail(3))
    k = least_min_flow(noise, cells, 1000)
    assert cells * noise.release_tail(k) <= 1000 < cells * noise.release_tail(k - 1)
    assert least_min_flow(noise, cells, 1000, start=k + 3) == k + 3


@pytest.mark.parametrize("include_intrazonal", [True, False])
def test_few_trips_over_many_cells_are_counted_by_sorting_with_the_same_cells_and_counts(include_intrazonal,
                                                                                         monkeypatch):
    """Issue 24 (speed): trips far fewer than the cells (a report's trips after the user bound over 1,700^2 cells)
    are counted by sorting them, not with a bincount over every cell; cells, counts, OUTSIDE and intrazonal
    figures equal the bincount's, and the dense matrix counted here. (A speed change: this passes on the code
    before it too.)"""
    rng = np.random.default_rng(12)
    n = 400
    origin, dest = rng.integers(-1, n, 2000), rng.integers(-1, n, 2000)
    dest[:300] = origin[:300]
    sparse = count_pairs(origin, dest, n, include_intrazonal)  # 160,000 cells for 2,000 trips: sorted
    monkeypatch.setattr(od_flows, "BINCOUNT_CELLS_PER_TRIP", 10**9)
    dense = count_pairs(origin, dest, n, include_intrazonal)  # one bincount
    np.testing.assert_array_equal(sparse.ranks, dense.ranks)
    np.testing.assert_array_equal(sparse.counts, dense.counts)
    assert (sparse.outside, sparse.intrazonal_left_out) == (dense.outside, dense.intrazonal_left_out)
    matrix = np.zeros((n, n), np.int64)
    inside = (origin >= 0) & (dest >= 0) & (include_intrazonal | (origin != dest))
    np.add.at(matrix, (origin[inside], dest[inside]), 1)
    np.testing.assert_array_equal(sparse.dense(), matrix)
