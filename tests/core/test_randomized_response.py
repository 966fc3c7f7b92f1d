"""Randomized response (Dumont et al. 2021, §3.3 and §4.1): epsilon formulas, response probabilities, estimates.

Statistical tests: chi-square goodness of fit at ALPHA = 0.001 with fixed
seeds (and a check that the same test rejects a wrong p, so it can fail);
unbiasedness over R repeated runs within 4.5 standard errors of the mean,
the standard error taken from the estimator's own variance.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.releases.publication import reveal
from dp_geoprivacy.core.releases.randomized_response import (
    DECLARED,
    OUTSIDE,
    RandomizedResponse,
    ResponseData,
    ResponseInputError,
    ResponseSpec,
    StratumDeclaration,
    k_ary_epsilon,
    p_truth_for_epsilon,
    release_randomized_response,
    replacement_epsilon,
)

ALPHA = 0.001


def test_fair_coin_is_ln_3():
    # Dumont et al. 2021 eq. 3: heads -> truth, tails -> a second fair coin picks yes/no: 3/4 vs 1/4.
    assert math.isclose(k_ary_epsilon(0.5, 2), math.log(3))
    assert math.isclose(p_truth_for_epsilon(math.log(3), 0.5), 0.5)


@pytest.mark.parametrize("theta", [0.0, 0.1, 0.5, 0.75, 0.9, 0.99])
def test_weighted_coin_matches_eq_4(theta):
    assert math.isclose(k_ary_epsilon(theta, 2), math.log((1 + theta) / (1 - theta)), abs_tol=1e-12)


def test_trip_example_of_section_4_2_is_about_16():
    # Dumont et al. 2021 §4.2: p = 1/2, t = 2500^2 possible trips in eq. 13: epsilon ~ 16.
    epsilon = k_ary_epsilon(0.5, 2500 ** 2)
    assert math.isclose(epsilon, math.log(2500 ** 2 + 1)) and round(epsilon) == 16


@pytest.mark.parametrize("k", [2, 3, 10, 250])
@pytest.mark.parametrize("epsilon", [0.1, 1.0, math.log(3), 5.0])
def test_p_and_epsilon_are_inverse(k, epsilon):
    p = p_truth_for_epsilon(epsilon, 1 / k)
    assert math.isclose(p, (math.exp(epsilon) - 1) / (math.exp(epsilon) - 1 + k))
    assert math.isclose(k_ary_epsilon(p, k), epsilon)


def test_p_one_is_refused_and_p_zero_costs_nothing():
    assert replacement_epsilon(1.0, 0.25) == math.inf
    with pytest.raises(ValueError):
        RandomizedResponse.uniform(1.0, [["a", "b"]])
    assert RandomizedResponse.uniform(0.0, [["a", "b", "c"]]).epsilon == 0


def _chi_square_pvalue(reported, k, expected_probabilities):
    observed = np.bincount(reported, minlength=k)
    return stats.chisquare(observed, len(reported) * np.asarray(expected_probabilities)).pvalue


def test_response_probabilities_match_p_and_epsilon():
    k, p, n = 4, 0.6, 40_000
    mechanism = RandomizedResponse.uniform(p, [list("abcd")])
    truth = np.full(n, 2)
    reported = mechanism.respond(np.zeros(n), truth, np.random.default_rng(21))
    expected = np.full(k, (1 - p) / k)
    expected[2] += p
    assert _chi_square_pvalue(reported, k, expected) > ALPHA
    # The same test rejects the probabilities of a slightly different p: it can fail.
    wrong = np.full(k, (1 - 0.57) / k)
    wrong[2] += 0.57
    assert _chi_square_pvalue(reported, k, wrong) < ALPHA
    # The observed ratio Pr[report c | c] / Pr[report c | c'] estimates e^epsilon.
    other = mechanism.respond(np.zeros(n), np.zeros(n, dtype=int), np.random.default_rng(22))
    ratio = np.mean(reported == 2) / np.mean(other == 2)
    # delta method: Var(log ratio) ~ (1 - a) / (n a) + (1 - b) / (n b)
    a, b = p + (1 - p) / k, (1 - p) / k
    sd = math.sqrt((1 - a) / (n * a) + (1 - b) / (n * b))
    assert abs(math.log(ratio) - mechanism.epsilon) < 4.5 * sd


def _population(n_per_category):
    return np.repeat(np.arange(len(n_per_category)), n_per_category)


def test_k_ary_estimator_is_unbiased_and_its_standard_error_is_right():
    true_counts = np.array([500, 300, 150, 50])
    truth = _population(true_counts)
    mechanism = RandomizedResponse.uniform(0.5, [list("abcd")])
    rng = np.random.default_rng(99)
    runs = 400
    estimates, errors = [], []
    for _ in range(runs):
        reported = mechanism.respond(np.zeros(len(truth)), truth, rng)
        estimate, error = mechanism.estimate(0, np.bincount(reported, minlength=4))
        estimates.append(estimate)
        errors.append(error)
    estimates, errors = np.array(estimates), np.array(errors)
    # Unbiased: the mean over runs is within 4.5 standard errors of the truth.
    assert np.all(np.abs(estimates.mean(axis=0) - true_counts) < 4.5 * estimates.std(axis=0, ddof=1) / math.sqrt(runs))
    # The reported standard error matches the spread over runs (sample sd has relative sd ~ 1/sqrt(2R) = 3.5%).
    assert np.all(np.abs(errors.mean(axis=0) / estimates.std(axis=0, ddof=1) - 1) < 4.5 / math.sqrt(2 * runs))
    # Dumont et al. 2021 eq. 6 for the binary case: (p_hat + p_t - 1) / (2 p_t - 1).
    binary = RandomizedResponse.uniform(0.5, [["yes", "no"]])
    estimate, _ = binary.estimate(0, [330, 670])
    p_t = 0.75
    assert math.isclose(estimate[0] / 1000, (0.33 + p_t - 1) / (2 * p_t - 1))


def test_strata_keep_replacements_inside_their_domain():
    mechanism = RandomizedResponse.uniform(0.0, [["gas-a", "gas-b"], ["ev-a", "ev-b", "ev-c"]], names=["gas", "ev"])
    assert math.isclose(mechanism.epsilons[1], 0.0)
    stratum = np.array([0] * 1000 + [1] * 1000)
    value = np.zeros(2000, dtype=int)
    reported = mechanism.respond(stratum, value, np.random.default_rng(1))
    assert set(reported[:1000]) == {0, 1} and set(reported[1000:]) == {0, 1, 2}


def test_epsilon_is_the_largest_over_strata():
    mechanism = RandomizedResponse.uniform(0.5, [["a", "b"], list("abcdefghij")])
    assert math.isclose(mechanism.epsilon, k_ary_epsilon(0.5, 10))
    assert mechanism.record_fields()["epsilon"] == mechanism.epsilon


def test_values_outside_the_domain_are_always_replaced():
    mechanism = RandomizedResponse.uniform(0.9, [["a", "b"]])
    value = np.array([0, OUTSIDE] * 5000)
    reported = mechanism.respond(np.zeros(len(value)), value, np.random.default_rng(4))
    assert set(reported.tolist()) == {0, 1}
    # an outside value is reported as a draw from q alone: a and b half each (chi-square at ALPHA)
    assert _chi_square_pvalue(reported[value == OUTSIDE], 2, [0.5, 0.5]) > ALPHA


# --- the declaration decides everything (issue 19 item 2) ----------------------------------------


def _epsilon_from_matrix(matrix):
    """max over outputs of ln(max over inputs / min over inputs) of a transition matrix (rows: inputs)."""
    return float(np.max(np.log(matrix.max(axis=0) / matrix.min(axis=0))))


@pytest.mark.parametrize("spec", [
    ResponseSpec(("a", "b", "c", "d"), epsilon=1.0),
    ResponseSpec(("car", "bus", "bike"), DECLARED, epsilon=2.0, weights=(5.0, 2.0, 1.0)),
    ResponseSpec(("car", "bus", "bike"), DECLARED, p_truth=0.3, weights=(1.0, 1.0, 3.0)),
    ResponseSpec(("sedan", "suv", "van", "truck"), DECLARED, epsilon=0.5, strata=(
        StratumDeclaration("electric", ("sedan", "suv"), (3.0, 1.0)),
        StratumDeclaration("gas", None, (4.0, 3.0, 2.0, 1.0)))),
])
def test_the_claimed_epsilon_is_the_transition_matrix_s(spec):
    """The exact epsilon of each stratum's transition matrix (with the row for undeclared values) is the claim."""
    mechanism = spec.mechanism()
    exact = [_epsilon_from_matrix(mechanism.transition_matrix(i)) for i in range(len(mechanism.strata))]
    assert math.isclose(max(exact), mechanism.epsilon, rel_tol=1e-12)
    assert mechanism.record_fields()["epsilon"] == mechanism.epsilon
    if spec.epsilon is not None:
        assert math.isclose(mechanism.epsilon, spec.epsilon, rel_tol=1e-12)
    # Without the undeclared row the matrix gives the same epsilon: the rule for undeclared values costs nothing.
    inside = [_epsilon_from_matrix(mechanism.transition_matrix(i)[:-1]) for i in range(len(mechanism.strata))]
    assert math.isclose(max(inside), mechanism.epsilon, rel_tol=1e-12)


def test_every_declared_category_is_reported_with_at_least_the_bound():
    """A category no row holds is reported with probability (1 - p) q_c > 0: exact, and chi-square at ALPHA."""
    spec = ResponseSpec(("car", "bus", "bike"), DECLARED, p_truth=0.5, weights=(2.0, 1.0, 1.0))
    n = 20_000
    release = release_randomized_response(ResponseData(np.array(["car"] * n, dtype=object), "text"), spec,
                                          np.random.default_rng(8))
    matrix = release.mechanism.transition_matrix(0)
    q_min = 0.25
    assert np.all(matrix >= (1 - 0.5) * q_min - 1e-15)
    observed = [int(np.sum(release.result["reported"] == c)) for c in ("car", "bus", "bike")]
    assert stats.chisquare(observed, matrix[0] * n).pvalue > ALPHA
    # The same test rejects a release that never reports bike (the data's own distribution): it can fail.
    assert stats.chisquare(observed, np.array([0.5 + 0.5, 1e-9, 1e-9]) * n / (1 + 2e-9)).pvalue < ALPHA


def _neighbour_release(values, strata=None, spec=None, seed=21):
    spec = spec or ResponseSpec(("a", "b", "c"), epsilon=1.0)
    data = ResponseData(np.array(values, dtype=object), "text", None if strata is None else np.array(strata))
    return release_randomized_response(data, spec, np.random.default_rng(seed))


def _public_part(release):
    """Everything a release publishes apart from the responses: record, p, the estimate table's rows."""
    return (dict(release.record_fields), release.mechanism.p_truth, release.result["stratum"].tolist(),
            release.result["category"].tolist(), len(release.result["rows"]))


def test_neighbours_publish_the_same_domain_p_and_record():
    """A new category (or NULL) only in the changed row changes nothing but the responses."""
    values = ["a", "b"] * 50
    releases = [_neighbour_release(values), _neighbour_release(["zzz"] + values[1:]),
                _neighbour_release([None] + values[1:])]
    assert _public_part(releases[0]) == _public_part(releases[1]) == _public_part(releases[2])
    for release in releases:
        assert set(release.result["reported"].tolist()) <= {"a", "b", "c"}
    assert releases[0].result["category"].tolist() == ["a", "b", "c"]
    assert math.isclose(releases[0].mechanism.p_truth, p_truth_for_epsilon(1.0, 1 / 3))


def test_one_row_strata_are_refused_before_any_draw_and_without_reading_the_field():
    spec = ResponseSpec(("a", "b"), epsilon=1.0, strata=tuple(StratumDeclaration(str(i)) for i in range(5)))
    rng = np.random.default_rng(3)
    state = rng.bit_generator.state
    for values in (["a"] * 5, ["b", "a", "zzz", None, "a"]):  # the refusal is the same whatever FIELD holds
        with pytest.raises(ResponseInputError) as raised:
            _neighbour_release(values, strata=[str(i) for i in range(5)], spec=spec)
        assert raised.value.reason == "strata_identify_rows"
    with pytest.raises(ResponseInputError) as raised:
        _neighbour_release(["a"] * 4, strata=["0", "0", "9", "1"], spec=spec)
    assert raised.value.reason == "undeclared_strata" and raised.value.values == ("9",)
    assert rng.bit_generator.state == state


def test_declared_strata_give_the_same_p_on_neighbours_and_keep_their_domains():
    spec = ResponseSpec(("sedan", "suv", "van"), DECLARED, epsilon=1.0, strata=(
        StratumDeclaration("ev", ("sedan", "suv"), (1.0, 1.0)), StratumDeclaration("gas", None, (3.0, 2.0, 1.0))))
    strata = ["ev"] * 3 + ["gas"] * 3  # a one-row difference in a small stratum
    first = _neighbour_release(["sedan", "sedan", "sedan", "van", "van", "van"], strata, spec)
    second = _neighbour_release(["suv", "sedan", "sedan", "van", "van", "van"], strata, spec)
    assert _public_part(first) == _public_part(second)
    assert math.isclose(first.mechanism.p_truth, p_truth_for_epsilon(1.0, 1 / 6))
    for release in (first, second):
        ev = release.result["stratum_name"] == "ev"
        assert set(release.result["reported"][ev].tolist()) <= {"sedan", "suv"}


def test_other_takes_undeclared_values():
    spec = ResponseSpec(("car", "bus", "other"), p_truth=0.0, other="other")
    release = _neighbour_release(["tram", None, "car"] * 1000, spec=spec)
    assert reveal(release.facts["outside"]) == 2000
    assert set(release.result["reported"].tolist()) <= {"car", "bus", "other"}
    with pytest.raises(ValueError):
        ResponseSpec(("car", "bus"), p_truth=0.5, other="tram")
    with pytest.raises(ValueError):  # a declared weight of 0 would make epsilon infinite
        ResponseSpec(("car", "bus"), DECLARED, p_truth=0.5, weights=(1.0, 0.0)).mechanism()
