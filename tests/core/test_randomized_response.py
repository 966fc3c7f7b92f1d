"""Randomized response (seed 000 §3.3 and §4.1): epsilon formulas, response probabilities, estimates.

Statistical tests: chi-square goodness of fit at ALPHA = 0.001 with fixed
seeds (and a check that the same test rejects a wrong p, so it can fail);
unbiasedness over R repeated runs within 4.5 standard errors of the mean,
the standard error taken from the estimator's own variance.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.randomized_response import (
    MISSING,
    RandomizedResponse,
    k_ary_epsilon,
    p_truth_for_epsilon,
    replacement_epsilon,
    stratum_distribution_epsilon,
)

ALPHA = 0.001


def test_fair_coin_is_ln_3():
    # seed 000 eq. 3: heads -> truth, tails -> a second fair coin picks yes/no: 3/4 vs 1/4.
    assert math.isclose(k_ary_epsilon(0.5, 2), math.log(3))
    assert math.isclose(p_truth_for_epsilon(math.log(3), 0.5), 0.5)


@pytest.mark.parametrize("theta", [0.0, 0.1, 0.5, 0.75, 0.9, 0.99])
def test_weighted_coin_matches_eq_4(theta):
    assert math.isclose(k_ary_epsilon(theta, 2), math.log((1 + theta) / (1 - theta)), abs_tol=1e-12)


def test_stratum_distribution_matches_eq_10_and_12():
    # eq. 10 (p = 1/2): ln((t + n) / n); eq. 12: ln((p t + (1-p) n) / ((1-p) n)).
    assert math.isclose(stratum_distribution_epsilon(0.5, 13431, 1), math.log(13432))
    for p, t, n in [(0.3, 100, 7), (0.8, 50, 50), (0.05, 6772, 3)]:
        assert math.isclose(stratum_distribution_epsilon(p, t, n), math.log((p * t + (1 - p) * n) / ((1 - p) * n)))


def test_trip_example_of_section_4_2_is_about_16():
    # seed 000 §4.2: p = 1/2, t = 2500^2 possible trips in eq. 13: epsilon ~ 16.
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


def test_stratum_distribution_response_probabilities():
    counts = np.array([60, 30, 10])
    p = 0.4
    mechanism = RandomizedResponse.from_counts(p, [list("xyz")], [counts])
    assert math.isclose(mechanism.epsilon, stratum_distribution_epsilon(p, 100, 10))
    n = 30_000
    reported = mechanism.respond(np.zeros(n), np.zeros(n, dtype=int), np.random.default_rng(5))
    expected = (1 - p) * counts / 100
    expected[0] += p
    assert _chi_square_pvalue(reported, 3, expected) > ALPHA


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
    # Seed 000 eq. 6 for the binary case: (p_hat + p_t - 1) / (2 p_t - 1).
    binary = RandomizedResponse.uniform(0.5, [["yes", "no"]])
    estimate, _ = binary.estimate(0, [330, 670])
    p_t = 0.75
    assert math.isclose(estimate[0] / 1000, (0.33 + p_t - 1) / (2 * p_t - 1))


def test_stratum_distribution_keeps_counts_in_expectation():
    true_counts = np.array([70, 20, 10])
    truth = _population(true_counts)
    mechanism = RandomizedResponse.from_counts(0.3, [list("abc")], [true_counts])
    rng = np.random.default_rng(7)
    runs = 500
    reported = np.array([np.bincount(mechanism.respond(np.zeros(100), truth, rng), minlength=3) for _ in range(runs)])
    assert np.all(np.abs(reported.mean(axis=0) - true_counts) < 4.5 * reported.std(axis=0, ddof=1) / math.sqrt(runs))
    estimate, error = mechanism.estimate(0, reported[0])
    assert np.array_equal(estimate, reported[0]) and np.all(error > 0)


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


def test_missing_values_stay_missing_and_are_not_counted():
    mechanism = RandomizedResponse.uniform(0.0, [["a", "b"]])
    value = np.array([0, MISSING, 1, MISSING] * 500)
    reported = mechanism.respond(np.zeros(len(value)), value, np.random.default_rng(4))
    assert np.array_equal(reported == MISSING, value == MISSING)
    assert set(reported[value != MISSING]) == {0, 1}
