"""Randomized trip relocation (Dumont et al. 2021 §6.3): epsilon (eq. 11 form) and histograms in expectation.

Every reported count is a sum of independent Bernoulli draws (one per
trip) with known probabilities pi_t; it must lie within 4.5 standard
deviations sqrt(sum pi_t (1 - pi_t)) of its expectation sum pi_t (two-sided
alpha about 7e-6 per count; fixed seeds).
"""

import math

import numpy as np
import pytest

from dp_geoprivacy.core.releases.relocation import TripRelocation, expected_reported_counts, floored_distribution

HT_FROM = np.array([15, 10, 25, 5, 20])  # Dumont et al. 2021 eq. 19
HT_FROM_TO = np.array([[5, 2, 4, 3, 1], [1, 2, 2, 1, 3], [5, 6, 2, 8, 4], [0, 1, 1, 1, 2], [4, 3, 4, 2, 7]])  # eq. 23


def _endpoint_epsilon(p, q_min):
    return math.log((p + (1 - p) * q_min) / ((1 - p) * q_min))


def test_floor_mixes_in_uniform_mass_and_clips_negative_noisy_counts():
    q = floored_distribution([15, -3.2, 25, 0, 20], 0.1)
    assert math.isclose(q.sum(), 1) and np.all(q > 0)
    assert math.isclose(q[1], 0.1 / 5) and math.isclose(q[3], 0.1 / 5)
    assert math.isclose(q[0], 0.9 * 15 / 60 + 0.02)
    assert np.allclose(floored_distribution([0, 0, 0], 0.5), 1 / 3)
    with pytest.raises(ValueError):
        floored_distribution([1, 2], 0)


def test_epsilon_of_the_seed_example_histogram():
    # eq. 19: ht_from = [15, 10, 25, 5, 20]: the smallest probability is 5/75 (plus the floor).
    floor = 1e-9
    relocation = TripRelocation.independent(0.5, HT_FROM, HT_FROM, floor)
    q_min = (1 - floor) * 5 / 75 + floor / 5
    assert math.isclose(relocation.origin_q_min, q_min)
    assert math.isclose(relocation.epsilon_origin, _endpoint_epsilon(0.5, q_min))
    assert math.isclose(relocation.epsilon_origin, math.log(16), rel_tol=1e-6)  # (1/2 + 1/30) / (1/30)
    assert math.isclose(relocation.epsilon, 2 * relocation.epsilon_origin)
    assert relocation.record_fields(floor)["epsilon"] == relocation.epsilon


def test_epsilon_of_the_joint_histogram_uses_the_worst_row():
    # eq. 23: row 4 holds a 0 (Block 4 -> Block 1): only the floor keeps that destination possible.
    floor = 0.05
    relocation = TripRelocation.joint(0.5, HT_FROM_TO, floor)
    row = HT_FROM_TO[3]
    q_min_dest = floor / 5  # (1 - f) * 0 / 5 + f / 5
    assert math.isclose(relocation.dest_q_min, q_min_dest)
    assert math.isclose(relocation.epsilon_destination, _endpoint_epsilon(0.5, q_min_dest))
    assert np.allclose(relocation.od_q[3], (1 - floor) * row / row.sum() + floor / 5)
    assert np.allclose(relocation.origin_q, floored_distribution(HT_FROM_TO.sum(axis=1), floor))
    # The seed says eq. 23's rows add up to eq. 19; row 2 adds up to 9, not 10 (a slip in the seed).
    assert np.array_equal(HT_FROM_TO.sum(axis=1) - HT_FROM, [0, -1, 0, 0, 0])


def test_epsilon_grows_as_p_approaches_one_and_vanishes_at_zero():
    values = [TripRelocation.independent(p, HT_FROM, HT_FROM, 0.1).epsilon for p in (0.0, 0.2, 0.5, 0.9, 0.99)]
    assert values[0] == 0 and all(a < b for a, b in zip(values, values[1:]))
    with pytest.raises(ValueError):
        TripRelocation.independent(1.0, HT_FROM, HT_FROM, 0.1)


def _bernoulli_sum_bounds(probabilities):
    """(expectation, standard deviation) of a sum of independent Bernoulli(pi) over the first axis."""
    return probabilities.sum(axis=0), np.sqrt((probabilities * (1 - probabilities)).sum(axis=0))


def test_reported_histograms_match_the_true_ones_in_expectation():
    # A public histogram equal to the truth: E[reported] = p n + (1 - p) N q = n (up to the floor).
    true_origin = np.repeat(np.arange(5), HT_FROM * 400)
    true_dest = np.random.default_rng(1).permutation(true_origin)
    p, floor = 0.4, 0.01
    relocation = TripRelocation.independent(p, HT_FROM, HT_FROM, floor)
    reported_origin, reported_dest = relocation.relocate(true_origin, true_dest, np.random.default_rng(2))
    per_trip = p * (true_origin[:, None] == np.arange(5)) + (1 - p) * relocation.origin_q
    expectation, sd = _bernoulli_sum_bounds(per_trip)
    assert np.allclose(expectation, expected_reported_counts(p, HT_FROM * 400, relocation.origin_q))
    for reported in (reported_origin, reported_dest):
        counts = np.bincount(reported, minlength=5)
        assert np.all(np.abs(counts - expectation) < 4.5 * sd)
    assert np.all(np.abs(expectation - HT_FROM * 400) <= floor * len(true_origin))


def test_reported_histogram_test_can_fail():
    # The same check on a relocation drawn with p = 0.3 instead of 0.4 is detected.
    true_origin = np.repeat(np.arange(5), HT_FROM * 400)
    q = floored_distribution([1, 1, 1, 1, 1], 0.01)  # a uniform histogram moves mass visibly
    drawn = TripRelocation(0.3, q, dest_q=q).relocate(true_origin, true_origin, np.random.default_rng(3))[0]
    claimed = 0.4 * (true_origin[:, None] == np.arange(5)) + 0.6 * q
    expectation, sd = _bernoulli_sum_bounds(claimed)
    assert np.any(np.abs(np.bincount(drawn, minlength=5) - expectation) >= 4.5 * sd)


def test_joint_relocation_matches_its_expected_od_matrix():
    od = HT_FROM_TO * 60
    origin = np.repeat(np.arange(5), od.sum(axis=1))
    dest = np.concatenate([np.repeat(np.arange(5), row) for row in od])
    p, floor = 0.5, 0.05
    relocation = TripRelocation.joint(p, od, floor)
    reported_origin, reported_dest = relocation.relocate(origin, dest, np.random.default_rng(8))
    # Pr[O = a, D = b | o, d] = Pr[O = a | o] (p 1[b = d] + (1 - p) q_ab)
    p_origin = p * (origin[:, None] == np.arange(5)) + (1 - p) * relocation.origin_q  # (trips, 5)
    p_dest = p * (dest[:, None, None] == np.arange(5)) + (1 - p) * relocation.od_q[None, :, :]  # (trips, a, b)
    cell = p_origin[:, :, None] * p_dest
    expectation, sd = _bernoulli_sum_bounds(cell.reshape(len(origin), 25))
    observed = np.bincount(reported_origin * 5 + reported_dest, minlength=25)
    assert np.all(np.abs(observed - expectation) < 4.5 * sd)
    # The origin histogram is kept in expectation (the OD rows are the truth).
    expected_origin, sd_origin = _bernoulli_sum_bounds(p_origin)
    assert np.all(np.abs(np.bincount(reported_origin, minlength=5) - expected_origin) < 4.5 * sd_origin)
    assert np.all(np.abs(expected_origin - od.sum(axis=1)) <= floor * len(origin))


def test_destination_draws_follow_the_reported_origin_row():
    od = np.array([[0, 10, 0], [0, 0, 10], [10, 0, 0]])
    relocation = TripRelocation.joint(0.0, od, 1e-9)  # every endpoint replaced
    origin = np.zeros(3000, dtype=int)
    reported_origin, reported_dest = relocation.relocate(origin, origin, np.random.default_rng(1))
    assert np.array_equal(reported_dest, (reported_origin + 1) % 3)


# --- p from EPSILON and public facts (issue 20 §3) -------------------------------------------------


@pytest.mark.parametrize("epsilon, q_origin, q_destination", [
    (2.0, 0.001, 0.001), (0.1, 0.2, 0.05), (8.0, 1e-6, 0.3), (0.0, 0.5, 0.5)])
def test_p_spends_exactly_epsilon_per_trip(epsilon, q_origin, q_destination):
    from dp_geoprivacy.core.releases.relocation import p_for_trip_epsilon  # noqa: PLC0415

    p = p_for_trip_epsilon(epsilon, q_origin, q_destination)
    assert 0 <= p < 1
    assert math.isclose(_endpoint_epsilon(p, q_origin) + _endpoint_epsilon(p, q_destination), epsilon,
                        rel_tol=1e-9, abs_tol=1e-15)


def test_the_release_spends_its_epsilon_and_p_depends_on_the_histograms_only():
    from dp_geoprivacy.core.releases.relocation import RelocationSpec, release_relocation  # noqa: PLC0415

    spec = RelocationSpec(epsilon=2.0, floor=0.1, joint=True,
                          histograms=({(str(a), str(b)): float(HT_FROM_TO[a, b]) for a in range(5) for b in range(5)},))
    relocation = spec.mechanism()
    assert math.isclose(relocation.epsilon, 2.0, rel_tol=1e-9)
    # Neighbouring trip tables (one trip changed) give the same mechanism and record.
    origin = np.array(["0", "1", "2", "3", "4"] * 20, dtype=object)
    changed = origin.copy()
    changed[0] = "4"
    unknown = origin.copy()
    unknown[0] = "not a zone"  # a zone no histogram names, only in the changed trip
    releases = [release_relocation(o, o, spec, np.random.default_rng(1)) for o in (origin, changed, unknown)]
    for release in releases:
        assert dict(release.record_fields) == dict(releases[0].record_fields)
        assert release.mechanism.p_truth == relocation.p_truth
        assert len(release.result["rows"]) == len(origin)  # no trip is dropped: the row count is the same
        assert set(release.result["origin_id"].tolist()) <= {"0", "1", "2", "3", "4"}
