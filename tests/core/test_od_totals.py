"""OD flows with consistent origin/destination totals (core.releases.od_totals): the two-way least squares,
the split, the release."""

import math

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.counting import LAPLACE
from dp_geoprivacy.core.releases.od_flows import ODFlowData
from dp_geoprivacy.core.releases.od_totals import (
    DEFAULT_SHARES,
    ODTotalsError,
    ODTotalsSpec,
    expected_errors,
    pair_mask,
    parse_od_shares,
    release_od_totals,
    two_way_least_squares,
)


def test_a_hand_solved_two_by_two_table():
    """Noisy flows all 0, origin totals (4, 0), destination totals (2, 2), grand total 4, every variance 1.

    By symmetry x11 = x12 = a and x21 = x22 = b; the objective 2a² + 2b² + (2a - 4)² + (2b)² + 2(a + b - 2)²
    + (2a + 2b - 4)² has gradient (24a + 12b - 40, 12a + 24b - 24) = 0: b = 2/9, a = 14/9."""
    x = two_way_least_squares(np.zeros((2, 2)), [4, 0], [2, 2], 4, (1, 1, 1, 1), pair_mask(2, True))
    assert np.allclose(x, [[14 / 9, 14 / 9], [2 / 9, 2 / 9]], atol=1e-10)


def dense_least_squares(y, r, c, g, variances, mask):
    """The same estimate by brute force: weighted least squares over the public cells."""
    n = len(r)
    cells = np.argwhere(mask)
    rows, targets, weights = [], [], []
    for k, (o, d) in enumerate(cells):
        rows.append(np.eye(len(cells))[k])
        targets.append(y[o, d])
        weights.append(variances[0])
    for value, pick, variance in ((r, 0, variances[1]), (c, 1, variances[2])):
        for zone in range(n):
            if math.isfinite(variance):
                rows.append((cells[:, pick] == zone).astype(float))
                targets.append(value[zone])
                weights.append(variance)
    if math.isfinite(variances[3]):
        rows.append(np.ones(len(cells)))
        targets.append(g)
        weights.append(variances[3])
    w = 1 / np.sqrt(np.array(weights))
    solution = np.linalg.lstsq(np.array(rows) * w[:, None], np.array(targets) * w, rcond=None)[0]
    x = np.zeros((n, n))
    x[mask] = solution
    return x


@pytest.mark.parametrize("intrazonal, variances", [
    (True, (2.0, 8.0, 8.0, 50.0)),
    (False, (2.0, 3.0, 12.0, math.inf)),  # no diagonal; the grand total not measured
    (False, (1.0, math.inf, 4.0, 2.0)),  # origin totals not measured
])
def test_conjugate_gradients_equal_brute_force_least_squares(intrazonal, variances):
    rng = np.random.default_rng(2)
    n = 5
    y, r, c, g = rng.normal(3, 2, (n, n)), rng.normal(15, 3, n), rng.normal(15, 3, n), 70.0
    mask = pair_mask(n, intrazonal)
    x = two_way_least_squares(y, r, c, g, variances, mask)
    assert np.allclose(x, dense_least_squares(y, r, c, g, variances, mask), atol=1e-8)
    assert np.all(x[~mask] == 0)


def test_the_split_is_declared_and_checked():
    assert parse_od_shares("") == DEFAULT_SHARES and sum(DEFAULT_SHARES) == pytest.approx(1)
    assert parse_od_shares("2,1,1,0") == (0.5, 0.25, 0.25, 0.0)
    for bad, message in (("1,1", "four"), ("0,1,1,1", "flows"), ("a,b,c,d", "numbers")):
        with pytest.raises(ODTotalsError, match=message):
            parse_od_shares(bad)


def trips(rng, n_zones=4, n=400):
    origin = rng.integers(0, n_zones, n)
    dest = (origin + rng.integers(0, 2, n)) % n_zones
    return origin, dest


def test_every_row_sums_to_its_origin_total_and_every_column_to_its_destination_total():
    rng = np.random.default_rng(5)
    origin, dest = trips(rng)
    origin[:3] = -1  # three trips with an end in no zone
    spec = ODTotalsSpec(1.0, "one trip", include_intrazonal=False)
    release = release_od_totals(ODFlowData(origin, dest, zone_order=np.array([2, 0, 1, 3])), spec,
                                np.random.default_rng(1), error_draws=5)
    result = release.result
    assert len(result["noisy_count"]) == 12 and release.facts["published"] == 12
    table = np.zeros((4, 4))
    table[result["origin_index"], result["dest_index"]] = result["noisy_count"]
    order = result["zone_index"]
    assert list(order) == [2, 0, 1, 3]
    assert np.allclose(table.sum(axis=1)[order], result["origin_total"], atol=1e-9)
    assert np.allclose(table.sum(axis=0)[order], result["dest_total"], atol=1e-9)
    assert result["grand_total"][0] == pytest.approx(table.sum())
    fields = release.record_fields
    assert fields["epsilon"] == 1.0 and "flows: epsilon 0.5," in fields["mechanism"]
    assert "grand total: epsilon 0.1," in fields["mechanism"]


def test_the_totals_are_more_accurate_than_sums_of_noisy_flows():
    """The simulated errors: an origin total from the least squares beats the sum of n noisy flows at the
    same total epsilon (n = 100: the sum's variance is 100 x 2 / epsilon^2 against about 2 / epsilon_r^2 with
    epsilon_r = 0.2 epsilon, and more from the flows and the other totals)."""
    spec = ODTotalsSpec(1.0, "one trip", (0.5, 0.2, 0.2, 0.1), include_intrazonal=True)
    errors = expected_errors(spec, 100, np.random.default_rng(3), draws=20)
    alone = ODTotalsSpec(1.0, "one trip", (1.0, 0.0, 0.0, 0.0), include_intrazonal=True)
    sums = expected_errors(alone, 100, np.random.default_rng(3), draws=20)
    # Figures (MAE): least squares about 5.3 against 11.3 for the sums alone; 2,000 values each, relative
    # standard errors about 2%, so 0.6 is over 10 of them from either.
    assert errors["origin_total"][0] < 0.6 * sums["origin_total"][0]
    assert sums["flows"][0] < errors["flows"][0]  # the price: flows alone get all of epsilon


def test_null_users_and_the_bound_are_applied_before_noise():
    rng = np.random.default_rng(7)
    origin, dest = trips(rng, n=60)
    users = np.array([None if i % 10 == 0 else f"u{i % 4}" for i in range(60)], dtype=object)
    seen = []
    spec = ODTotalsSpec(1.0, "one user", max_trips=3, noise=LAPLACE)
    release = release_od_totals(ODFlowData(origin, dest, np.arange(4), users), spec, np.random.default_rng(1),
                                before_noise=seen.append, error_draws=2)
    assert seen == [release.record_fields] and release.record_fields["sensitivity"] == 3.0
    assert release.private_facts["null_users"].value == 6
    assert release.private_facts["dropped_by_bound"].value == 54 - 12
