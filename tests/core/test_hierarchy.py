"""Consistent counts over a public hierarchy (core.releases.hierarchy): least squares, rounding, the release."""

import math

import h3
import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.counting import LAPLACE
from dp_geoprivacy.core.releases.hierarchy import (
    Hierarchy,
    HierarchyData,
    HierarchyError,
    HierarchySpec,
    expected_errors,
    h3_hierarchy,
    least_squares,
    parse_shares,
    release_hierarchy_counts,
    round_consistently,
)
from dp_geoprivacy.core.releases.publication import reveal


def small_tree():
    """City (1) -> 3 districts -> 8 zones (fan-outs 3 and 2/3/3)."""
    return Hierarchy(parents=(np.zeros(3, dtype=np.int64), np.array([0, 0, 1, 1, 1, 2, 2, 2])),
                     sizes=(1, 3, 8), names=("city", "district", "zone"))


def dense_least_squares(hierarchy, noisy, variances):
    """The same estimate by brute force: weighted least squares over the leaves (the free variables)."""
    leaves = hierarchy.sizes[-1]
    rows, targets, weights = [], [], []
    nodes = hierarchy.ancestors(np.arange(leaves))
    for level in range(hierarchy.levels):
        for node in range(hierarchy.sizes[level]):
            rows.append((nodes[level] == node).astype(float))
            targets.append(noisy[level][node])
            weights.append(1.0 / math.sqrt(variances[level]))
    a = np.array(rows) * np.array(weights)[:, None]
    b = np.array(targets) * np.array(weights)
    x, *_ = np.linalg.lstsq(a, b, rcond=None)
    return hierarchy.aggregate(x)


@pytest.mark.parametrize("variances", [(2.0, 2.0, 2.0), (50.0, 8.0, 3.0), (1.0, 30.0, 200.0)])
def test_least_squares_is_the_weighted_least_squares_solution(variances):
    tree = small_tree()
    rng = np.random.default_rng(5)
    noisy = [rng.normal(10, 3, size) for size in tree.sizes]
    fast = least_squares(tree, noisy, variances)
    slow = dense_least_squares(tree, noisy, variances)
    for a, b in zip(fast, slow):
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-9)


def test_estimates_add_up_and_noise_free_counts_come_back():
    tree = small_tree()
    truth = tree.aggregate(np.array([3, 0, 5, 1, 2, 7, 0, 4]))
    back = least_squares(tree, truth, (2.0, 2.0, 2.0))
    for a, b in zip(back, truth):
        np.testing.assert_allclose(a, b, atol=1e-9)
    rng = np.random.default_rng(1)
    noisy = [t + rng.laplace(0, 3, len(t)) for t in truth]
    estimates = least_squares(tree, noisy, (18.0, 18.0, 18.0))
    for level in range(1, tree.levels):
        sums = np.bincount(tree.parents[level - 1], weights=estimates[level], minlength=tree.sizes[level - 1])
        np.testing.assert_allclose(sums, estimates[level - 1], rtol=1e-12, atol=1e-9)


def test_a_level_without_a_share_is_estimated_from_its_children():
    tree = small_tree()
    noisy = [np.array([100.0]), np.array([1.0, 2.0, 3.0]), np.arange(8.0)]
    estimates = least_squares(tree, noisy, (math.inf, 4.0, 4.0))
    np.testing.assert_allclose(estimates[0], estimates[1].sum())
    with pytest.raises(HierarchyError):
        least_squares(tree, noisy, (4.0, 4.0, math.inf))


def test_rounding_gives_non_negative_integers_that_add_up():
    tree = small_tree()
    rng = np.random.default_rng(7)
    for _ in range(50):
        noisy = [rng.normal(0, 4, size) for size in tree.sizes]
        rounded = round_consistently(tree, least_squares(tree, noisy, (8.0, 8.0, 8.0)))
        for level in range(tree.levels):
            assert np.all(rounded[level] >= 0) and np.all(rounded[level] == np.round(rounded[level]))
        for level in range(1, tree.levels):
            sums = np.bincount(tree.parents[level - 1], weights=rounded[level], minlength=tree.sizes[level - 1])
            np.testing.assert_array_equal(sums, rounded[level - 1])


def test_h3_hierarchy_from_leaf_cells():
    centre = h3.latlng_to_cell(60.17, 24.94, 7)
    leaves = np.array([h3.str_to_int(c) for c in h3.cell_to_children(centre, 9)], dtype=np.uint64)
    tree, cells = h3_hierarchy(leaves, (7, 8, 9))
    assert tree.sizes == (1, 7, 49)
    assert [h3.get_resolution(h3.int_to_str(int(c[0]))) for c in cells] == [7, 8, 9]
    for level in range(1, 3):
        for child, parent in zip(cells[level], tree.parents[level - 1]):
            expected = h3.int_to_str(int(cells[level - 1][parent]))
            assert h3.cell_to_parent(h3.int_to_str(int(child)), 6 + level) == expected
    with pytest.raises(HierarchyError):
        h3_hierarchy(leaves, (9, 8))


def test_declared_split():
    assert parse_shares("", 3) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert parse_shares("1, 2, 2", 3) == pytest.approx((0.2, 0.4, 0.4))
    for bad in ("1,2", "a,b,c", "-1,1,1", "0,0,0"):
        with pytest.raises(HierarchyError):
            parse_shares(bad, 3)


def spec_for(tree, epsilon=1.0, shares=None, m=1, user_level=False, integers=True):
    return HierarchySpec(tree, epsilon, shares or tuple([1 / tree.levels] * tree.levels), m, user_level, LAPLACE,
                         integers)


def test_release_is_consistent_and_records_the_split():
    tree = small_tree()
    leaf = np.repeat(np.arange(8), [30, 0, 5, 12, 1, 40, 3, 9])
    spec = spec_for(tree, epsilon=1.0, shares=(0.2, 0.4, 0.4))
    release = release_hierarchy_counts(HierarchyData(np.r_[leaf, [-1, -1]]), spec, np.random.default_rng(3))
    for level in range(1, tree.levels):
        sums = np.bincount(tree.parents[level - 1], weights=release.result[f"level_{level}"],
                           minlength=tree.sizes[level - 1])
        np.testing.assert_array_equal(sums, release.result[f"level_{level - 1}"])
    assert release.epsilon == 1.0
    assert "city: epsilon 0.2," in release.record_fields["mechanism"]
    assert release.record_fields["sensitivity"] == 1.0
    assert release.result["outside"].shape == (1,)


def test_each_level_has_its_own_record_of_the_one_release():
    """A level's record: its own share and noise scale, the release's epsilon (its counts depend on every level's
    noisy counts after the least squares), the same sensitivity and floating-point figures."""
    spec = spec_for(small_tree(), epsilon=2.0, shares=(0.0, 0.25, 0.75))
    mechanism = spec.mechanism()
    whole = mechanism.record_fields()
    city, district, zone = (mechanism.level_record_fields(level) for level in range(3))
    assert district["epsilon"] == zone["epsilon"] == city["epsilon"] == 2.0
    assert district["noise_scale"] == pytest.approx(1 / 0.5) and zone["noise_scale"] == pytest.approx(1 / 1.5)
    assert city["noise_scale"] == whole["noise_scale"] and "not measured (share 0)" in city["mechanism"]
    assert district["mechanism"].startswith("level 1 of 3 of one release: this level (district) measured with "
                                            "epsilon 0.5 (0.25 of the release's epsilon 2), laplace scale 2;")
    assert district["mechanism"].endswith(whole["mechanism"])
    for fields in (city, district, zone):
        assert {k: v for k, v in fields.items() if k not in ("mechanism", "noise_scale", "noise_scale_unit")} == {
            k: v for k, v in whole.items() if k not in ("mechanism", "noise_scale", "noise_scale_unit")}


def test_user_bound_holds_at_every_level():
    """One user with 40 points adds at most M to each level's histogram: the noise is calibrated to M."""
    tree = small_tree()
    base_leaf = np.repeat(np.arange(8), 5)
    base_user = np.arange(len(base_leaf))
    leaf = np.r_[base_leaf, np.full(40, 6)]
    user = np.r_[base_user, np.full(40, 10_000)]
    spec = spec_for(tree, m=3, user_level=True, integers=False)
    seen = []

    def keep_counts(fields):
        seen.append(fields)

    for data in (HierarchyData(base_leaf, base_user), HierarchyData(leaf, user)):
        release = release_hierarchy_counts(data, spec, np.random.default_rng(0), keep_counts)
        kept = len(base_leaf) + (3 if len(data.leaf) > len(base_leaf) else 0)
        assert reveal(release.facts["private_points_kept"]) == kept
    assert seen[0] == seen[1]
    assert seen[0]["noise_scale"] == pytest.approx(3 * 3 / 1.0)


def test_predicted_error_matches_releases():
    """expected_errors (noise only) against the MAE of 400 releases, per level, within 4 standard errors."""
    tree = small_tree()
    spec = spec_for(tree, epsilon=1.0, shares=(0.2, 0.4, 0.4), integers=False)
    predicted, margins = expected_errors(spec, np.random.default_rng(11), draws=2000)
    leaf = np.repeat(np.arange(8), [30, 2, 5, 12, 1, 40, 3, 9])
    truth = tree.aggregate(np.bincount(leaf, minlength=8))
    rng = np.random.default_rng(12)
    errors = [[] for _ in range(tree.levels)]
    covered = [[] for _ in range(tree.levels)]
    for _ in range(400):
        release = release_hierarchy_counts(HierarchyData(leaf), spec, rng)
        for level in range(tree.levels):
            error = np.abs(release.result[f"level_{level}"] - truth[level])
            errors[level].append(np.mean(error))
            covered[level].append(error <= margins[level])
    for level in range(tree.levels):
        sample = np.array(errors[level])
        # 4 standard errors of the mean of 400 runs (two-sided alpha about 6e-5), plus the simulated
        # figure's own error (2,000 draws: about 1/sqrt(2000 * cells) relative, bounded by 2%).
        assert abs(sample.mean() - predicted[level]) < 4 * sample.std(ddof=1) / math.sqrt(len(sample)) + \
            0.02 * predicted[level]
        share = np.mean(np.concatenate(covered[level]))
        # 95% coverage. Cells of one run are not independent, so only the 400 runs count as draws: binomial
        # standard error sqrt(0.95 * 0.05 / 400), plus the simulated margin's own (2,000 draws), 4 sigma each
        # (two-sided alpha about 6e-5 apiece).
        tolerance = 4 * math.sqrt(0.95 * 0.05 / 400) + 4 * math.sqrt(0.95 * 0.05 / 2000)
        assert abs(share - 0.95) < tolerance
