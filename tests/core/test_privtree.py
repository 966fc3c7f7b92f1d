"""Adaptive zones (core.releases.privtree): the PrivTree split rule, the leaves, the release."""

import math

import numpy as np
import pytest

from dp_geoprivacy.core.releases.privtree import (
    AdaptiveGridData,
    AdaptiveGridError,
    AdaptiveGridSpec,
    grow_tree,
    leaf_bounds,
    leaf_of_points,
    merge_to_target,
    range_estimate,
    release_adaptive_grid,
    sum_margin,
    uniform_grid_size,
)
from dp_geoprivacy.core.releases.publication import reveal

BOUNDS = (0.0, 0.0, 1000.0, 1000.0)


def clustered(n=20_000, seed=1):
    rng = np.random.default_rng(seed)
    centre = rng.normal(300, 30, (n // 2, 2))
    spread = rng.uniform(0, 1000, (n - n // 2, 2))
    return np.clip(np.vstack((centre, spread)), 0, 999.999)


def test_leaves_partition_the_extent_and_points_find_their_leaf():
    xy = clustered()
    spec = AdaptiveGridSpec(BOUNDS, epsilon=1.0, max_depth=8)
    release = release_adaptive_grid(AdaptiveGridData(xy), spec, np.random.default_rng(2))
    bounds = release.result["bounds"]
    area = (bounds[:, 2] - bounds[:, 0]) * (bounds[:, 3] - bounds[:, 1])
    assert math.isclose(area.sum(), 1000.0 * 1000.0, rel_tol=1e-12)
    # Brute force: each of 500 points lies in exactly one leaf, the one leaf_of_points names.
    sample = xy[:500] / 1000.0
    tree = np.column_stack((release.result["depth"], release.result["column"], release.result["row"]))
    np.testing.assert_allclose(leaf_bounds(tree, BOUNDS), bounds)
    found = leaf_of_points(sample[:, 0], sample[:, 1], tree, 8)
    for (x, y), leaf in zip(xy[:500], found):
        inside = (bounds[:, 0] <= x) & (x < bounds[:, 2]) & (bounds[:, 1] <= y) & (y < bounds[:, 3])
        assert np.flatnonzero(inside).tolist() == [leaf]


def test_dense_areas_get_small_leaves():
    xy = clustered()
    spec = AdaptiveGridSpec(BOUNDS, epsilon=2.0, max_depth=10)
    release = release_adaptive_grid(AdaptiveGridData(xy), spec, np.random.default_rng(3))
    bounds, depth = release.result["bounds"], release.result["depth"]
    centre = (bounds[:, 0] <= 300) & (300 < bounds[:, 2]) & (bounds[:, 1] <= 300) & (300 < bounds[:, 3])
    corner = (bounds[:, 0] <= 900) & (900 < bounds[:, 2]) & (bounds[:, 1] <= 900) & (900 < bounds[:, 3])
    assert depth[centre][0] >= depth[corner][0] + 2


def test_split_rule_on_no_data_matches_its_probability():
    """With no points, b = max(-depth delta, -delta): the root (b = 0) splits when Laplace(lambda) > 0, with
    probability 1/2; a deeper node when Laplace(lambda) > delta = lambda ln 4, with probability 1/8. Below the
    root each subtree is a branching process (4 children with probability 1/8: mean 1/2, variance 1.75),
    whose total nodes T have mean 2 and variance 1.75 / 0.5^3 = 14, so its splits S' = (T - 1) / 4 have mean
    1/4 and variance 0.875. The root's splits S = B (1 + four S'), B ~ Bernoulli(1/2): mean 1, variance 2.75;
    the leaves L = 1 + 3 S: mean 4, standard deviation sqrt(9 x 2.75) = 4.97."""
    spec = AdaptiveGridSpec(BOUNDS, epsilon=1.0, max_depth=16)
    rng = np.random.default_rng(4)
    leaves = np.array([len(grow_tree(np.empty(0), np.empty(0), spec, rng)) for _ in range(4000)])
    # 4 standard errors of the mean of 4,000 runs (two-sided alpha about 6e-5).
    assert abs(leaves.mean() - 4.0) < 4 * math.sqrt(9 * 2.75) / math.sqrt(4000)


def test_record_and_noise():
    spec = AdaptiveGridSpec(BOUNDS, epsilon=1.0, tree_share=0.25, max_contributions=3, user_level=True,
                            target_relative_margin=0.2)
    assert spec.split_scale == pytest.approx(7 / 3 / (0.25 / 3))
    assert spec.count_noise.scale == pytest.approx(3 / 0.75)
    assert spec.threshold == pytest.approx(4 * spec.count_noise.released_margin_of_error() / 0.2)
    xy = clustered(2000)
    user = np.arange(2000) % 500
    seen = []
    release = release_adaptive_grid(AdaptiveGridData(xy, user), spec, np.random.default_rng(5), seen.append)
    assert seen == [dict(release.record_fields)]
    assert release.epsilon == 1.0 and "PrivTree" in release.record_fields["mechanism"]
    assert reveal(release.facts["private_points_kept"]) == 1500


def test_bad_settings():
    for kwargs in ({"bounds": (0, 0, 0, 1)}, {"tree_share": 1.0}, {"max_depth": 0}, {"max_depth": 17},
                   {"target_relative_margin": 0.0}):
        with pytest.raises(AdaptiveGridError):
            AdaptiveGridSpec(**{"bounds": BOUNDS, "epsilon": 1.0, **kwargs})


def test_uniform_grid_and_range_queries():
    assert uniform_grid_size(10_000, 1.0) == 32
    bounds = np.array([[0, 0, 10, 10], [10, 0, 20, 10]], dtype=float)
    answers = range_estimate(bounds, np.array([100.0, 50.0]), np.array([[5, 0, 15, 10], [0, 0, 20, 5]]))
    np.testing.assert_allclose(answers, [75.0, 75.0])


def test_sum_margin_is_the_laplace_sums_quantile():
    from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise

    noise = CountNoise(LAPLACE, 1.0, 1.0)
    assert sum_margin(noise, 1) == pytest.approx(noise.released_margin_of_error())
    draws = np.random.default_rng(9).laplace(0, 1, (200_000, 9)).sum(axis=1)
    # The 95% quantile of |sum of 9|, plus 9 half-grains (grain 1): the simulated quantile's standard error is
    # about 0.02 at 200,000 draws; 5 of them.
    assert sum_margin(noise, 9) - 4.5 == pytest.approx(np.quantile(np.abs(draws), 0.95), abs=0.1)


def test_merging_keeps_a_partition_its_totals_and_every_readable_cell():
    from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise

    xy = clustered(3000)
    spec = AdaptiveGridSpec(BOUNDS, epsilon=1.0, tree_share=0.25, max_depth=10)
    rng = np.random.default_rng(6)
    tree = grow_tree(xy[:, 0] / 1000, xy[:, 1] / 1000, spec, rng)
    noise = CountNoise(LAPLACE, 0.75, 1.0)
    noisy = noise.apply(np.bincount(leaf_of_points(xy[:, 0] / 1000, xy[:, 1] / 1000, tree, 10),
                                    minlength=len(tree)), rng)
    merged, values, sizes = merge_to_target(tree, noisy, noise, 0.2)
    area = np.prod(np.diff(leaf_bounds(merged, BOUNDS).reshape(-1, 2, 2), axis=1), axis=2)
    assert math.isclose(area.sum(), 1e6, rel_tol=1e-12) and sizes.sum() == len(tree)
    assert math.isclose(values.sum(), noisy.sum(), rel_tol=1e-12)
    readable = {tuple(n) for n, v in zip(tree.tolist(), noisy) if sum_margin(noise, 1) <= 0.2 * v}
    assert readable <= {tuple(n) for n in merged.tolist()}
    cells = {tuple(n): (v, k) for n, v, k in zip(merged.tolist(), values, sizes)}
    for depth, ix, iy in cells:
        siblings = [(depth, (ix // 2) * 2 + a, (iy // 2) * 2 + b) for a in (0, 1) for b in (0, 1)]
        if depth and all(s in cells for s in siblings):
            assert any(sum_margin(noise, cells[s][1]) <= 0.2 * cells[s][0] for s in siblings)
