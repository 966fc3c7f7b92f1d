"""Gaussian thresholding (core.mechanisms.gaussian_threshold): the threshold's delta against hand and independent
figures, zero cells never published, the delta_t of an added user's new cells by simulation, neighbouring OD
releases, the record and how it enters the zCDP route.

Statistical tests: fixed seeds, alpha = 0.001, tolerances from the binomial distribution.
"""

import math
import uuid

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.accounting.composition import Partition, ReleaseEvent
from dp_geoprivacy.core.accounting.zcdp import compose_zcdp
from dp_geoprivacy.core.accuracy.planning import count_accuracy, mechanism_from_record
from dp_geoprivacy.core.geometry.zones import OUTSIDE
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN, GaussianCountNoise, zcdp_epsilon, zcdp_rho
from dp_geoprivacy.core.mechanisms.gaussian_threshold import (
    GaussianThreshold,
    any_passes,
    compare_with_stability,
    least_threshold,
)
from dp_geoprivacy.core.releases.od_flows import (
    ODFlowData,
    ODFlowSpec,
    count_pairs,
    release_od_flows,
    release_od_flows_from_pairs,
)
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts

ALPHA = 0.001


def rng(seed=2022):
    return np.random.Generator(np.random.Philox(seed))


def independent_tail(sigma, k):
    """P[Z >= k] for Z ~ N_Z(0, sigma^2) by direct summation over |j| <= 60 sigma + 10 (no code shared)."""
    reach = int(60 * sigma) + 10
    weights = {j: math.exp(-j * j / (2 * sigma * sigma)) for j in range(-reach, reach + 1)}
    return math.fsum(w for j, w in weights.items() if j >= k) / math.fsum(weights.values())


def test_the_threshold_delta_by_hand_at_sigma_one():
    # sigma = 1: sum_k exp(-k^2 / 2) = 2.5066283 (about sqrt(2 pi)); P[Z >= 2] = 0.0585581; with M = 4 cells,
    # 1 - (1 - 0.0585581)^4 = 0.2144497.
    p = independent_tail(1.0, 2)
    assert p == pytest.approx(0.0585581, abs=1e-7)
    assert any_passes(p, 4) == pytest.approx(0.2144497, abs=1e-7)
    assert any_passes(1e-12, 1000) == pytest.approx(1e-9, rel=1e-6)  # no cancellation for tiny p


@pytest.mark.parametrize("epsilon,delta,m", [(1.0, 1e-6, 1), (1.0, 1e-6, 4), (0.5, 1e-5, 32), (2.0, 1e-9, 7)])
def test_the_threshold_is_the_least_integer_within_delta_t_by_an_independent_sum(epsilon, delta, m):
    mechanism = GaussianThreshold(epsilon, delta, m)
    sigma = math.sqrt(m) / math.sqrt(2 * zcdp_rho(epsilon, delta / 2))  # sigma from (epsilon, delta / 2)
    assert mechanism.scale == pytest.approx(sigma, rel=1e-12)
    tau = mechanism.threshold

    def delta_t(t):  # P[some of the M new cells, each 1 + Z, reaches t]
        return 1 - (1 - independent_tail(sigma, t - 1)) ** m

    assert delta_t(tau) <= delta / 2 < delta_t(tau - 1)
    assert mechanism.threshold_delta == pytest.approx(delta_t(tau), rel=1e-6)
    assert mechanism.delta_gaussian + mechanism.delta_threshold == pytest.approx(delta)


def test_least_threshold_for_a_tiny_delta_t_beyond_the_bulk():
    noise = GaussianCountNoise(1.0, 1e-6, 1.0)
    tau = least_threshold(noise, 3, 1e-200)
    assert any_passes(noise.release_tail(tau - 1), 3) <= 1e-200 < any_passes(noise.release_tail(tau - 2), 3)


def test_zero_cells_are_never_published_and_present_cells_carry_their_count():
    counts = np.array([0, 5, 0, 1, 300, 0] * 200, dtype=float)
    exact = GaussianThreshold(1e6, 1e-6, 2)  # sigma about 0.005: the noise is 0 almost surely, tau = 2
    assert exact.threshold == 2
    published, noisy = exact.release(counts, rng())
    assert not published[counts == 0].any()
    assert np.array_equal(published, counts >= 2) and np.array_equal(noisy[published], counts[published])
    # At epsilon 1 nothing without data comes out either, whatever the noise.
    published, _ = GaussianThreshold(1.0, 1e-6, 2).release(counts, rng(1))
    assert not published[counts == 0].any()


def test_new_cells_of_an_added_user_pass_with_exactly_delta_t():
    # delta 0.5 (delta_t 0.25) so the event is frequent enough to measure: a user adds M = 3 new cells (count 1).
    mechanism = GaussianThreshold(1.0, 0.5, 3)
    expected = mechanism.threshold_delta
    runs = 20_000
    generator = rng(7)
    hits = sum(mechanism.release(np.ones(3), generator)[0].any() for _ in range(runs))
    low, high = stats.binom.ppf([ALPHA / 2, 1 - ALPHA / 2], runs, expected)
    assert low <= hits <= high, (hits, expected * runs)
    # The same check would reject a threshold one lower (an off-by-one in the tail): its delta_t is far off.
    off = any_passes(GaussianCountNoise(1.0, 0.25, math.sqrt(3)).release_tail(mechanism.threshold - 2), 3)
    assert not low <= off * runs <= high


def _od(users, pairs):
    """Trips: user i of ``users`` takes each (o, d) of ``pairs[i]`` once."""
    rows = [(u, o, d) for u, ps in zip(users, pairs) for o, d in ps]
    u, o, d = (np.array(c) for c in zip(*rows))
    return ODFlowData(o, d, zone_order=np.arange(4), user_keys=u.astype(str))


BASE_USERS = [f"u{i}" for i in range(60)]
BASE_PAIRS = [[(i % 2, 1 + i % 3), (0, 0)] for i in range(60)]


@pytest.mark.parametrize("added", [[(3, 3), (3, 2)], [(0, 1), (0, 0)]], ids=["new pairs", "existing pairs"])
def test_neighbouring_od_releases_differ_only_in_noisy_values(added):
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN, threshold=True,
                      max_trips=2, min_flow=0)
    a = release_od_flows(_od(BASE_USERS, BASE_PAIRS), spec, rng(3))
    b = release_od_flows(_od(BASE_USERS + ["new"], BASE_PAIRS + [added]), spec, rng(3))
    assert a.record_fields == b.record_fields
    public = ("path", "cells", "margin_of_error", "threshold")
    assert {k: a.facts[k] for k in public} == {k: b.facts[k] for k in public}
    assert a.facts["threshold"] == spec.mechanism().threshold
    # The new user's own pairs (count 1) are never published at this tau; the common pairs (30 users each) may be.
    published_b = set(zip(b.result["origin_index"], b.result["dest_index"]))
    assert (3, 3) not in published_b and (3, 2) not in published_b


def test_gaussian_thresholding_counts_users_per_pair_and_records_no_rho():
    data = _od(["a", "b"], [[(0, 1)] * 21, [(0, 1), (2, 2)]])  # a: 21 trips on one pair
    spec = ODFlowSpec(epsilon=1e6, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN, threshold=True,
                      max_trips=2, min_flow=0)
    release = release_od_flows(data, spec, rng())
    flows = dict(zip(zip(release.result["origin_index"], release.result["dest_index"]), release.result["noisy_count"]))
    assert flows == {(0, 1): 2.0}  # users per pair (a's 21 trips count once); (2, 2) has 1 < tau = 2
    fields = release.record_fields
    assert "rho" not in fields and fields["delta"] == 1e-6 and fields["epsilon"] == 1e6
    assert fields["sensitivity"] == pytest.approx(math.sqrt(2)) and fields["noise_scale"] == spec.mechanism().scale
    assert "tau = 2" in fields["mechanism"] and "not zCDP" in fields["mechanism"]
    with pytest.raises(ValueError, match="distinct zone pairs"):
        release_od_flows_from_pairs(count_pairs([0], [1], 2), np.arange(2), spec, rng(), records=1)


def test_the_release_enters_the_zcdp_route_on_top_by_basic_composition():
    fields = GaussianThreshold(0.5, 1e-7, 4).record_fields("one user")

    def event(epsilon, delta, rho=None):
        return ReleaseEvent(release_id=uuid.uuid4().hex, source="s", epsilon=epsilon, delta=delta, rho=rho,
                            partition=Partition.parse("all"), partition_rule="", unit_of_privacy="one user")
    rho_g = zcdp_rho(1.0, 1e-6)
    total = compose_zcdp([event(1.0, 1e-6, rho_g), event(fields["epsilon"], fields["delta"], fields.get("rho"))],
                         1e-6)
    assert total.rho == pytest.approx(rho_g) and len(total.others) == 1
    assert total.epsilon == pytest.approx(zcdp_epsilon(rho_g, 1e-6) + 0.5)
    assert total.delta == pytest.approx(1e-6 + 1e-7)


def test_the_planner_reads_the_record_and_gives_the_publication_figures():
    mechanism = GaussianThreshold(1.0, 1e-6, 4)
    assert mechanism_from_record(mechanism.record_fields("u")) == mechanism
    figures = count_accuracy(mechanism)
    tau = mechanism.threshold
    assert figures.threshold == tau and figures.expected_spurious == 0
    noise = mechanism.noise()
    m = figures.count_published_95 - tau  # P[tau + m + Z >= tau] = 1 - P[Z >= m + 1] >= 0.95, least such m
    assert noise.release_tail(m + 1) <= 0.05 < noise.release_tail(m)


def test_against_the_stability_histogram_at_epsilon_one():
    one, many = compare_with_stability(1.0, 1e-6, 1), compare_with_stability(1.0, 1e-6, 32)
    assert one["gaussian_threshold"] < one["laplace_threshold"] and one["gaussian_sd"] > one["laplace_sd"]
    assert many["gaussian_threshold"] < many["laplace_threshold"] / 5 and many["gaussian_sd"] < many["laplace_sd"] / 3


def test_zone_counts_with_gaussian_thresholding_count_users_per_zone():
    # Zone 0: user a (8 points) and b; zone 1: user c only; zone 3: a, d, e; zone 2: empty; one point outside.
    cell = np.array([0] * 8 + [0, 1, 3, 3, 3, OUTSIDE])
    users = np.array(["a"] * 8 + ["b", "c", "a", "d", "e", "e"], dtype=object)
    data = ZoneCountData(cell=cell, n_zones=4, zone_rank=np.arange(4), user_keys=users)
    spec = ZoneCountSpec(epsilon=1e6, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN,
                         threshold=True, max_contributions=2)
    assert spec.mechanism() == GaussianThreshold(1e6, 1e-6, 2)
    release = release_zone_counts(data, spec, rng())
    assert dict(zip(release.result["zone_index"], release.result["noisy_count"])) == {0: 2.0, 3: 3.0}
    assert release.facts["threshold"] == 2 and math.isnan(release.facts["outside"])  # 1 user outside: below tau
    assert "rho" not in release.record_fields
    with pytest.raises(ValueError, match="no overlapping zones"):
        ZoneCountSpec(epsilon=1.0, unit_of_privacy="u", delta=1e-6, noise=DISCRETE_GAUSSIAN, threshold=True,
                      cells_per_contribution=2).mechanism()


def test_neighbouring_zone_counts_differ_only_in_noisy_values():
    base = ZoneCountData(cell=np.repeat([0, 1], 30), n_zones=4, zone_rank=np.arange(4),
                         user_keys=np.repeat(np.arange(30), 2))
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="one user", delta=1e-6, noise=DISCRETE_GAUSSIAN,
                         threshold=True, max_contributions=2)
    for added in ([2, 3], [0, 1]):  # two new zones, or two zones others have
        other = ZoneCountData(cell=np.r_[base.cell, added], n_zones=4, zone_rank=np.arange(4),
                              user_keys=np.r_[base.user_keys, [99, 99]])
        a, b = release_zone_counts(base, spec, rng(4)), release_zone_counts(other, spec, rng(4))
        assert a.record_fields == b.record_fields and a.facts["threshold"] == b.facts["threshold"]
        assert a.facts["margin_of_error"] == b.facts["margin_of_error"]
        assert not {2, 3} & set(b.result["zone_index"].tolist())  # one user's zones stay below tau
