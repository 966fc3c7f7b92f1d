"""The automatic contribution bound and value bounds (core.mechanisms.bound_selection, issue 22 part 2)."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import binom, chisquare

from dp_geoprivacy.core.mechanisms.bound_selection import (
    OD_NOISE_COST,
    BoundChoice,
    ValueBoundChoice,
    cell_noise_errors,
    choice_values,
    chord_distances,
    gaussian_split,
    largest_share,
    per_user_counts,
    plan_choice,
    release_epsilon,
    remainder,
    split_epsilon,
    with_choice,
)
from dp_geoprivacy.core.mechanisms.bounded_stats import Bounds
from dp_geoprivacy.core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE, CountNoise, skip_bounding_draws
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN, epsilon_within, zcdp_delta, zcdp_epsilon, zcdp_rho

ALPHA = 0.001  # chi-square tests: a correct sampler fails one in a thousand seeds
# Six users with 1, 1, 2, 3, 5 and 8 records; cells 2 and epsilon_release 1 make c = 2.
COUNTS = np.array([1, 1, 2, 3, 5, 8])
# By hand: g(M) = #{n_u > M} is 6, 4, 3, 2, 2, 1, 1, 1, 0 for M = 0..8, and d(M) = max(g(M) - 2, 2 - g(M - 1), 0).
HAND_DISTANCES = np.array([2, 1, 0, 0, 0, 1, 1, 1], dtype=float)
# F(M) = sum_u max(0, n_u - M) + 2 M for M = 1..8: 16, 14, 13, 13, 13, 14, 15, 16 (smallest at 3, 4, 5).
HAND_COST = np.array([16, 14, 13, 13, 13, 14, 15, 16])


def choice(epsilon=1.0, max_bound=8, cells=2, epsilon_release=1.0, **kwargs):
    return BoundChoice(epsilon, max_bound, cells, epsilon_release, **kwargs)


# The noises of the score: snapped Laplace (zone counts, OD flows), discrete Laplace, the discrete Gaussian.
KINDS = ({}, {"noise_cost": OD_NOISE_COST}, {"noise": DISCRETE_LAPLACE},
         {"noise": DISCRETE_GAUSSIAN, "rho_release": 0.02})


def test_chord_distances_by_hand_are_the_first_versions_rank_distance_for_a_linear_noise_cost():
    """With h(M) = M (c = 2 on 2 cells): P(M) = 2 M - G(M) = F(M) - 14, and the chords give HAND_DISTANCES."""
    g = np.array([4, 3, 2, 2, 1, 1, 1, 0])  # g(1..8)
    p = 2.0 * np.arange(1, 9) - np.concatenate(([0], np.cumsum(g[:-1])))
    np.testing.assert_array_equal(p + 14, HAND_COST)
    np.testing.assert_array_equal(chord_distances(p), HAND_DISTANCES)


def test_chord_distances_against_every_chord():
    rng = np.random.default_rng(22)
    for _ in range(300):
        n = int(rng.integers(1, 40))
        values = np.round(rng.normal(size=n).cumsum() * 3 + rng.integers(0, 3, n) * rng.random(n), 1)
        brute = [max(0.0, max(((values[i] - values[j]) / abs(i - j) for j in range(n) if j != i), default=0.0))
                 for i in range(n)]
        np.testing.assert_allclose(chord_distances(values), brute, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("kind", KINDS)
def test_distances_are_zero_exactly_where_the_error_model_is_smallest(kind):
    rng = np.random.default_rng(4)
    for _ in range(20):
        counts = rng.geometric(rng.uniform(0.05, 0.5), size=int(rng.integers(1, 400)))
        mechanism = choice(max_bound=40, cells=int(rng.integers(1, 50)), epsilon_release=rng.uniform(0.2, 3), **kind)
        m = mechanism.candidates
        cost = np.maximum(counts[None, :] - m[:, None], 0).sum(axis=1) + mechanism.cells * mechanism.noise_error()
        d = mechanism.distances(counts)
        np.testing.assert_array_equal(np.isclose(d, 0, atol=1e-9), np.isclose(cost, cost.min(), rtol=1e-12))


def permute_and_flip_by_every_order(p):
    """The output distribution of permute-and-flip written out: over every order of the candidates (equally
    likely), candidate r is the output when its flip accepts (p[r]) and every candidate before it rejects."""
    n = len(p)
    out = np.zeros(n)
    orders = list(itertools.permutations(range(n)))
    for order in orders:
        rejected_so_far = 1.0
        for r in order:
            out[r] += rejected_so_far * p[r]
            rejected_so_far *= 1.0 - p[r]
    return out / len(orders)


def test_acceptance_is_the_base_measure_times_the_exponential_of_the_score_over_its_largest():
    """p(M) = w(M) / max w, w(M) = exp(-epsilon d(M) / 2) / M^2 (the weights the exponential mechanism would
    normalise to probabilities)."""
    d = choice().distances(COUNTS)
    weights = np.exp(-0.5 * 1.0 * d) / np.arange(1, 9) ** 2
    np.testing.assert_allclose(choice().acceptance(COUNTS), weights / weights.max(), rtol=1e-12)


@pytest.mark.parametrize("max_bound, epsilon", [(6, 1.0), (7, 0.3), (5, 4.0)])
def test_probabilities_are_permute_and_flips_over_every_order(max_bound, epsilon):
    """The exact probabilities (Gauss-Legendre on the integral form) against every order of the candidates."""
    rng = np.random.default_rng(max_bound)
    for _ in range(5):
        counts = rng.integers(1, 12, size=int(rng.integers(1, 30)))
        mechanism = choice(epsilon=epsilon, max_bound=max_bound, cells=int(rng.integers(1, 6)))
        p = mechanism.acceptance(counts)
        np.testing.assert_allclose(mechanism.probabilities(counts), permute_and_flip_by_every_order(p),
                                   rtol=1e-12, atol=1e-15)


def test_probabilities_of_many_candidates_add_up_to_one_and_match_the_subset_sum():
    """50 candidates (degree 49 in the integral): the sum is 1; for 12 candidates the integral equals the
    subset sum p(r) sum over S of (-1)^|S| prod p(S) / (|S| + 1) (McKenna and Sheldon 2020)."""
    counts = np.random.default_rng(3).geometric(0.1, size=10_000)
    assert BoundChoice(0.05, 50, 100, 0.95).probabilities(counts).sum() == pytest.approx(1.0, abs=1e-12)
    mechanism = choice(epsilon=0.4, max_bound=12, cells=3)
    p = mechanism.acceptance(COUNTS)
    subset_sum = [p[r] * sum((-1) ** k * np.prod(p[list(s)]) / (k + 1) for k in range(12)
                             for s in itertools.combinations([j for j in range(12) if j != r], k))
                  for r in range(12)]
    np.testing.assert_allclose(mechanism.probabilities(COUNTS), subset_sum, rtol=1e-10, atol=1e-15)


def test_permute_and_flip_never_loses_more_score_than_the_exponential_mechanism():
    """The expected shifted score (d - ln mu / (epsilon / 2)) of permute-and-flip is at most the exponential
    mechanism's with the same weights (McKenna and Sheldon 2020), on random data."""
    rng = np.random.default_rng(31)
    for _ in range(40):
        counts = rng.geometric(rng.uniform(0.05, 0.5), size=int(rng.integers(1, 300)))
        mechanism = choice(epsilon=rng.uniform(0.02, 2.0), max_bound=30, cells=int(rng.integers(1, 40)),
                           epsilon_release=rng.uniform(0.2, 3))
        shifted = mechanism.distances(counts) - mechanism.log_base_measure / (0.5 * mechanism.epsilon)
        weights = mechanism.acceptance(counts)
        assert mechanism.probabilities(counts) @ shifted <= (weights / weights.sum()) @ shifted + 1e-9


@pytest.mark.parametrize("kind, epsilon, sensitivity", [(LAPLACE, 1.0, 3.0), (LAPLACE, 0.7, 5.0),
                                                        (DISCRETE_LAPLACE, 1.0, 3.0)])
def test_the_noise_error_model_is_the_mechanisms_mean_absolute_error(kind, epsilon, sensitivity):
    """h of the score against 200,000 draws of the release's own noise (CountNoise.apply): a count at a uniform
    position (Laplace: between multiples of the grain; discrete: an integer), and a count of 0 clamped at 0.
    Tolerance: the normal quantile at ALPHA (two-sided, each of two checks) times the sample's standard error."""
    noise = CountNoise(kind, epsilon, sensitivity)
    rng = np.random.default_rng(2203)
    n = 200_000
    held, empty = cell_noise_errors(kind, [sensitivity], epsilon)
    start = 1000.0 + (rng.random(n) * noise.grain if kind == LAPLACE else np.zeros(n))
    errors = (np.abs(noise.apply(start, rng) - start), np.maximum(noise.apply(np.zeros(n), rng), 0.0))
    z = 3.29  # two-sided normal quantile at ALPHA = 0.001
    for expected, sample in zip((held[0], empty[0]), errors):
        assert abs(sample.mean() - expected) <= z * sample.std() / math.sqrt(n)


def test_the_snapped_laplace_cost_jumps_where_the_grain_doubles():
    """b = M / epsilon_release: at epsilon_release 1, M = 8 has grain 8 and M = 9 grain 16; without the grain the
    error would grow by 1/8 of a scale, with it by more (a / 2 + (b^2 / a)(1 - e^(-a / b)), a = grain / 2)."""
    held, _ = cell_noise_errors(LAPLACE, [8, 9], 1.0)
    assert held[0] == pytest.approx(2.0 + 16.0 * (1.0 - math.exp(-0.5)))
    assert held[1] == pytest.approx(4.0 + 81.0 / 8.0 * (1.0 - math.exp(-8.0 / 9.0)))
    assert held[1] / held[0] > 1.13 > 9 / 8


def test_the_gaussian_split_keeps_the_run_at_rho_of_epsilon_and_delta():
    choice_epsilon, rho, epsilon = gaussian_split(1.0, 1e-6, 0.05)
    assert choice_epsilon == pytest.approx(0.05)
    assert rho == pytest.approx(zcdp_rho(1.0, 1e-6) - 0.05 ** 2 / 2, rel=1e-12)
    assert epsilon == pytest.approx(zcdp_epsilon(rho, 1e-6)) and epsilon < 1.0
    assert zcdp_epsilon(rho + 0.05 ** 2 / 2, 1e-6) == pytest.approx(1.0, rel=1e-6)
    with pytest.raises(ValueError):
        gaussian_split(1.0, 1e-6, 0.9)  # (0.9^2 / 2 = 0.405 > rho(1, 1e-6))


def test_release_epsilon_is_what_the_choices_leave_in_the_releases_accounting():
    """By hand: two choices of 0.05 leave a Laplace release 1 - 0.1 = 0.9; a Gaussian one the conversion of
    rho(1, 1e-6) - 2 x 0.05^2 / 2; the mobility report (zcdp_release False) 0.95 whatever its noise; no choice, 1."""
    assert release_epsilon(1.0, 0.05, 2) == pytest.approx(0.9, rel=1e-15)
    assert release_epsilon(1.0, 0.05, 2, DISCRETE_GAUSSIAN, 1e-6) == pytest.approx(
        zcdp_epsilon(zcdp_rho(1.0, 1e-6) - 0.05 ** 2, 1e-6), rel=1e-12)
    assert release_epsilon(1.0, 0.05, 1, DISCRETE_GAUSSIAN, 1e-6, zcdp_release=False) == pytest.approx(0.95)
    assert release_epsilon(1.0, 0.05, 0, DISCRETE_GAUSSIAN, 1e-6) == 1.0
    for noise in (LAPLACE, DISCRETE_GAUSSIAN):
        with pytest.raises(ValueError):
            release_epsilon(1.0, 0.5, 2, noise, 1e-6)


def test_a_split_that_does_not_fit_is_refused_naming_auto_share_and_the_share_that_fits():
    """The one rule of the QGIS algorithms, the Spark commands and the planner (plan_choice, release_epsilon): where
    the choices would take the whole budget (with NOISE=2, their epsilon^2 / 2 the whole rho(EPSILON, DELTA)) the
    run is refused, never moved to another accounting, and the message names AUTO_SHARE and the largest share that
    fits, which does fit. By hand: rho(1, 1e-6) = 0.02436, so one choice fits below sqrt(2 x 0.02436) = 0.2207, two
    below 0.1561; by basic composition two choices below 0.5."""
    assert largest_share(1.0, 1, DISCRETE_GAUSSIAN, 1e-6) == 0.22
    assert largest_share(1.0, 2, DISCRETE_GAUSSIAN, 1e-6) == 0.156
    assert largest_share(1.0, 2) == 0.5 and largest_share(1.0, 3) == 0.333
    for epsilon, choices, noise in itertools.product((0.1, 1.0, 8.0), (1, 2), (LAPLACE, DISCRETE_GAUSSIAN)):
        fits = largest_share(epsilon, choices, noise, 1e-6)
        assert release_epsilon(epsilon, fits * (1 - 1e-9), choices, noise, 1e-6) > 0
        too_much = fits + 0.01
        if too_much >= 1:  # one Laplace choice: every share in (0, 1) leaves the release some epsilon
            continue
        with pytest.raises(ValueError, match=rf"AUTO_SHARE below {fits:.3g}\b"):
            plan_choice(epsilon, too_much, 1, 9, automatic=False, other_choices=choices, noise=noise, delta=1e-6)
    with pytest.raises(ValueError, match=r"the choices' rho 0\.045 would take the whole rho 0\.0244 of EPSILON 1 at "
                                         r"DELTA 1e-06 .*: use AUTO_SHARE below 0\.22, or NOISE=0"):
        plan_choice(1.0, 0.3, 1, 9, automatic=False, other_choices=1, noise=DISCRETE_GAUSSIAN, delta=1e-6)
    with pytest.raises(ValueError, match=r"AUTO_SHARE, the share of epsilon for a choice, must be between 0 and 1"):
        split_epsilon(1.0, 1.0)


def test_the_rest_is_exact_where_it_can_be_and_never_more_than_declared():
    """EPSILON 10 with AUTO_SHARE 0.9: the choice takes 9 and the release 1 (10 (1 - 0.9) is 0.9999999999999998,
    which made the snapping grain of M = 8 twice 8). Over many settings the parts never add up to more than
    EPSILON (or rho) in exact arithmetic, and the rest is the largest float that does not."""
    assert split_epsilon(10.0, 0.9) == (9.0, 1.0) and release_epsilon(10.0, 0.9, 1) == 1.0
    assert CountNoise(LAPLACE, release_epsilon(10.0, 0.9, 1), 8.0).grain == 8.0
    rng = np.random.default_rng(3)
    for epsilon, share, choices in zip(rng.uniform(0.01, 20, 2000), rng.uniform(0.01, 0.3, 2000),
                                       rng.integers(1, 3, 2000)):
        choice, rest = split_epsilon(epsilon, share)[0], release_epsilon(epsilon, share, choices)
        spent = choices * Fraction(choice)
        assert spent + Fraction(rest) <= Fraction(epsilon) < spent + Fraction(math.nextafter(rest, math.inf))
        assert remainder(epsilon, choice) == split_epsilon(epsilon, share)[1]
        rho = zcdp_rho(epsilon, 1e-6)
        if choices * choice ** 2 / 2 < rho:
            rho_rest = gaussian_split(epsilon, 1e-6, share, choices)[1]
            assert choices * Fraction(choice) ** 2 / 2 + Fraction(rho_rest) <= Fraction(rho)
    assert 1.0 - 0.1 == 0.9 and Fraction(0.1) + Fraction(0.9) > 1  # the float difference rounds up here:
    assert remainder(1.0, 0.1) == math.nextafter(0.9, 0.0)  # the next float down


def draws(mechanism, counts, n, seed):
    rng = np.random.default_rng(seed)
    return np.array([mechanism.choose(counts, rng) for _ in range(n)])


def test_the_chosen_m_follows_the_exact_distribution_chi_square():
    mechanism = choice()
    out = draws(mechanism, COUNTS, 20_000, seed=2201)
    observed = np.bincount(out, minlength=9)[1:]
    expected = mechanism.probabilities(COUNTS) * len(out)
    assert chisquare(observed, expected).pvalue > ALPHA


def test_the_chi_square_test_rejects_a_mechanism_with_twice_the_epsilon():
    """The test above can fail: draws from the mechanism with epsilon 2 against the epsilon-1 probabilities."""
    out = draws(choice(epsilon=2.0), COUNTS, 20_000, seed=2202)
    observed = np.bincount(out, minlength=9)[1:]
    expected = choice().probabilities(COUNTS) * len(out)
    assert chisquare(observed, expected).pvalue < ALPHA


def test_the_data_reaches_the_choice_only_through_the_acceptance_probabilities():
    """With the same generator state, M is the first candidate of the (data-independent) random order whose
    (data-independent) uniform falls below its p(M): written out here; two datasets with the same p give the same
    M, whatever else differs."""
    mechanism = choice()
    other = np.array([8, 5, 3, 2, 1, 1, 0 + 1])  # one more user of 1 record: other probabilities
    for seed in range(200):
        for counts in (COUNTS, other, COUNTS[::-1]):
            rng = np.random.default_rng(seed)
            order = rng.permutation(8)
            flips = rng.random(8)
            p = mechanism.acceptance(counts)
            expected = 1 + next(int(r) for r, u in zip(order, flips) if u < p[r])
            assert mechanism.choose(counts, np.random.default_rng(seed)) == expected
        assert (mechanism.choose(COUNTS, np.random.default_rng(seed))
                == mechanism.choose(COUNTS[::-1].copy(), np.random.default_rng(seed)))


@pytest.mark.parametrize("added", [1, 2, 4, 8, 9, 1000])
def test_one_user_more_changes_every_probability_by_at_most_e_to_the_epsilon(added):
    rng = np.random.default_rng(7)
    for _ in range(50):
        counts = rng.integers(1, 12, size=rng.integers(0, 30))
        for mechanism in [choice(epsilon=0.7, cells=5, epsilon_release=0.3, **kind) for kind in KINDS] + [
                choice(epsilon=0.7)]:
            d, d_added = mechanism.distances(counts), mechanism.distances(np.append(counts, added))
            assert np.max(np.abs(d - d_added)) <= 1.0 + 1e-9  # 1 exactly, up to the rounding of the chords
            ratio = mechanism.probabilities(counts) / mechanism.probabilities(np.append(counts, added))
            assert np.all(ratio <= math.exp(0.7) * (1 + 1e-12)) and np.all(ratio >= math.exp(-0.7) * (1 - 1e-12))


def test_weights_within_e_to_the_half_epsilon_give_probabilities_within_e_to_the_epsilon():
    """The privacy proof's step (module docstring): if every weight moves by a factor within e^(+-epsilon/2),
    every output probability moves by at most e^epsilon, for random weights and for the worst shape (one
    candidate up by e^(epsilon/2), every other down by it). The worst shape comes close to e^epsilon, so the
    bound is not loose by a factor 2 (a draw with exp(-epsilon d) would break it)."""
    rng = np.random.default_rng(17)
    epsilon = 0.8
    worst = 0.0
    for _ in range(300):
        n = int(rng.integers(2, 7))
        w = np.exp(rng.uniform(-6, 0, size=n))
        moves = [np.exp(rng.uniform(-epsilon / 2, epsilon / 2, size=n))]
        r = int(rng.integers(n))
        extreme = np.full(n, math.exp(-epsilon / 2))
        extreme[r] = math.exp(epsilon / 2)
        moves.append(extreme)
        for move in moves:
            moved = w * move
            ratio = permute_and_flip_by_every_order(moved / moved.max()) / permute_and_flip_by_every_order(w / w.max())
            assert np.all(ratio <= math.exp(epsilon) * (1 + 1e-9)) and np.all(ratio >= math.exp(-epsilon) * (1 - 1e-9))
            worst = max(worst, float(ratio.max()))
    assert worst > math.exp(0.9 * epsilon)


def test_on_many_users_the_choice_keeps_its_rank_margin_and_so_the_error_model_near_its_best():
    """10,000 users with geometric record counts, 100 cells, epsilon 0.95 for the release and 0.05 for the choice.
    McSherry and Talwar with the base measure mu = 1/M^2: P(d(M) > 2 ln(Z / (mu(50) 0.05)) / 0.05) <= 0.05
    (Z = sum mu), so of 400 draws at most binom.ppf(1 - ALPHA, 400, 0.05) may miss."""
    counts = np.random.default_rng(3).geometric(0.1, size=10_000)
    mechanism = BoundChoice(0.05, 50, 100, 0.95)
    z = np.sum(1.0 / np.arange(1, 51) ** 2)
    assert mechanism.rank_margin(0.05) == pytest.approx(2 * math.log(z * 2500 / 0.05) / 0.05)
    within = mechanism.distances(counts) <= mechanism.rank_margin(0.05)
    chosen = draws(mechanism, counts, 400, seed=11)
    assert np.sum(~within[chosen - 1]) <= binom.ppf(1 - ALPHA, 400, 0.05)


def test_record_fields_add_the_choice_to_the_release():
    release = {"mechanism": "Laplace", "epsilon": 0.95, "delta": 0.0, "epsilon_floating_point": 0.96, "rho": None}
    fields = with_choice(release, "M = 4 chosen", 0.05)
    assert fields["epsilon"] == pytest.approx(1.0) and fields["epsilon_floating_point"] == pytest.approx(1.01)
    assert fields["mechanism"] == "Laplace; before it, M = 4 chosen" and fields["rho"] is None
    gaussian = with_choice({"mechanism": "Gaussian", "epsilon": 0.9, "rho": 0.01}, "M = 4 chosen", 0.1)
    assert gaussian["rho"] == pytest.approx(0.01 + 0.1 ** 2 / 2)  # pure epsilon-DP is epsilon^2 / 2 -zCDP
    # With a delta the epsilon is the smaller of the sum and the conversion of the summed rho: after the Gaussian
    # split of (1, 1e-6) that conversion is 1, below the sum 0.05 + the release's epsilon.
    choice_epsilon, rho, rest = gaussian_split(1.0, 1e-6, 0.05)
    split = with_choice({"mechanism": "Gaussian", "epsilon": rest, "delta": 1e-6, "rho": zcdp_rho(rest, 1e-6),
                         "epsilon_floating_point": rest}, "M = 4 chosen", choice_epsilon)
    assert rest + choice_epsilon > 1.0
    assert split["rho"] == pytest.approx(zcdp_rho(1.0, 1e-6), rel=1e-6)
    assert split["epsilon"] == pytest.approx(1.0, rel=1e-6) == split["epsilon_floating_point"]


def test_a_gaussian_run_is_recorded_within_its_epsilon():
    """By hand at EPSILON 1, DELTA 1e-6, one choice of 0.05: its rho is 0.05^2 / 2 = 0.00125, so the release may
    spend rho(1, 1e-6) - 0.00125 = 0.0243559703595366 - 0.00125 = 0.0231059703595366. It draws at zcdp_rho of its
    epsilon, which was 0.0231059703595458 (the round trip zcdp_rho(zcdp_epsilon(rest))), and the whole run
    converted to 1.000000000000176. Over several settings: the release's rho within the rest, the recorded epsilon
    at most EPSILON, and the conversion (CKS Corollary 13) holding at it (never understated)."""
    choice, rest, release = gaussian_split(1.0, 1e-6, 0.05)
    assert choice == 0.05 and rest == pytest.approx(0.0243559703595366 - 0.00125, rel=1e-12)
    for epsilon, delta, share, choices in [(1.0, 1e-6, 0.05, 1), (1.0, 1e-6, 0.05, 2), (3.0, 1e-9, 0.05, 1),
                                           (0.5, 1e-5, 0.1, 1), (2.0, 1e-5, 0.05, 2), (3.0, 1e-6, 0.02, 1)]:
        choice, rest, release = gaussian_split(epsilon, delta, share, choices)
        fields = {"mechanism": "Gaussian", "epsilon": release, "delta": delta, "rho": zcdp_rho(release, delta)}
        assert fields["rho"] <= rest
        for _ in range(choices):
            fields = with_choice(fields, "chosen", choice, run_epsilon=epsilon)
        assert fields["epsilon"] <= epsilon  # EPSILON, or the sum of the epsilons where that is smaller
        assert fields["epsilon"] == (epsilon if release + choices * choice > epsilon else
                                     pytest.approx(release + choices * choice, rel=1e-12))
        if fields["epsilon"] < release + choices * choice:  # the conversion, not basic composition: it holds
            assert zcdp_delta(fields["rho"], fields["epsilon"]) <= delta
    # rho(3, 1e-6) converts back to 3.0000000000004885 by bisection; recorded in a run of EPSILON 3 as 3
    assert zcdp_epsilon(zcdp_rho(3.0, 1e-6), 1e-6) > 3.0 == epsilon_within(zcdp_rho(3.0, 1e-6), 1e-6, 3.0)


def test_split_epsilon_and_its_refusals():
    assert split_epsilon(2.0, 0.05) == (pytest.approx(0.1), pytest.approx(1.9))
    for share in (0.0, 1.0, -0.1, float("nan")):
        with pytest.raises(ValueError):
            split_epsilon(1.0, share)
    with pytest.raises(ValueError):
        BoundChoice(0.1, 0, 3, 1.0)
    with pytest.raises(ValueError):
        BoundChoice(0.1, 5, 3, 1.0, noise=DISCRETE_GAUSSIAN)  # the Gaussian's rho is needed


def test_per_user_counts_leave_null_users_out():
    keys = np.array(["a", "b", None, "a", "", "c", "a"], dtype=object)
    assert sorted(per_user_counts(keys).tolist()) == [1, 1, 3]
    assert len(per_user_counts(np.array([None], dtype=object))) == 0


def test_value_bounds_come_from_the_private_quantiles_within_the_declared_range():
    values = np.random.default_rng(5).normal(40.0, 5.0, size=20_000)
    bound = ValueBoundChoice(1.0, Bounds(0.0, 200.0))
    chosen = bound.choose(values, np.random.default_rng(9))
    assert 0.0 <= chosen.lower < chosen.upper <= 200.0
    # The 2nd and 98th percentiles are 29.7 and 50.3; the rank margin at epsilon 0.5 each is 2 ln(1001/0.05)/0.5
    # = 40 ranks of 20,000 (0.2 percentile points), so within one grid step (0.2) plus that.
    assert chosen.lower == pytest.approx(np.quantile(values, 0.02), abs=0.5)
    assert chosen.upper == pytest.approx(np.quantile(values, 0.98), abs=0.5)
    assert "LOWER = " in bound.description(chosen)


def test_value_bounds_of_one_repeated_value_are_one_grid_step_apart():
    bound = ValueBoundChoice(5.0, Bounds(0.0, 10.0), grid_size=11)
    chosen = bound.choose(np.full(5000, 10.0), np.random.default_rng(1))
    assert chosen.lower < chosen.upper <= 10.0


def test_value_bounds_from_a_histogram_of_the_grid_are_those_from_the_values():
    """The Spark path counts the values per candidate (grid_index) on its executors and gives the core only that
    histogram, in any order and with repeated entries: the same draws give the same bounds as from the values."""
    values = np.random.default_rng(6).gamma(2.0, 15.0, size=5000)  # some above the declared UPPER: clamped
    bound = ValueBoundChoice(0.3, Bounds(0.0, 100.0), max_contributions=3)
    index = bound.grid_index(values)
    candidates, counts = np.unique(index, return_counts=True)
    order = np.random.default_rng(2).permutation(len(candidates))
    halves = np.concatenate((candidates[order], candidates[order])), np.concatenate((counts[order] // 2,
                                                                                    counts[order] - counts[order] // 2))
    for seed in range(20):
        expected = bound.choose(values, np.random.default_rng(seed))
        assert bound.choose_from_histogram(candidates[order], counts[order], np.random.default_rng(seed)) == expected
        assert bound.choose_from_histogram(*halves, np.random.default_rng(seed)) == expected
    assert index.max() == 1000 and index.min() >= 0


def test_choice_values_leave_nulls_out_and_keep_at_most_m_per_user_with_one_draw_each():
    values = np.array([1.0, np.nan, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
    users = np.array(["a", "a", None, "a", "a", "b", "", "b"], dtype=object)
    assert choice_values(values, None, 1, np.random.default_rng(0)).tolist() == [1, 2, 3, 4, 5, 6, 7]
    rng = np.random.default_rng(3)
    kept = choice_values(values, users, 2, rng)
    assert sorted(kept[kept < 5].tolist()) in ([1, 3], [1, 4], [3, 4]) and sorted(kept[kept >= 5]) == [5, 7]
    skipped = np.random.default_rng(3)
    skip_bounding_draws(skipped, 5)  # a, a, a, b, b: the values left before the sample
    assert rng.random() == skipped.random()


def test_descriptions_of_a_choice_not_yet_made_name_no_bound():
    """A trial run (DRY_RUN) records the choice's cost but draws nothing: its text must not state a chosen bound."""
    assert choice().description(None).startswith("M to be chosen by permute-and-flip")
    assert choice().description(4).startswith("M = 4 chosen by permute-and-flip")
    values = ValueBoundChoice(0.1, Bounds(0.0, 100.0))
    assert values.description(None).startswith("LOWER and UPPER to be chosen as the private 0.02 and 0.98 quantiles")
    assert "within the declared range 0 to 100" in values.description(None)


# The declared share of cells holding data (AUTO_OCCUPANCY): 40 users with 2 records and 8 with 6, 10 cells, EPSILON
# 10 with 0.9 to the choice (the release keeps 1): at the default share 1 the noise's slope is 10 users per unit of
# M and M = 2 is the best; at a declared 0 (every cell's noise counts half, as an empty cell's after CLAMP) it is 5,
# and M = 6 (keeping the 8 heavy users' records) is the best.
OCCUPANCY_COUNTS = np.array([2] * 40 + [6] * 8)


def test_a_declared_occupancy_replaces_the_releases_default_share_and_moves_the_choice():
    default = plan_choice(10.0, 0.9, 8, 10)[1]
    declared = plan_choice(10.0, 0.9, 8, 10, occupancy=0.0)[1]
    assert (default.noise_cost, default.occupancy_declared) == (1.0, False)
    assert (declared.noise_cost, declared.occupancy_declared) == (0.0, True)
    assert plan_choice(10.0, 0.9, 8, 10, OD_NOISE_COST, occupancy=0.75)[1].noise_cost == 0.75  # over OD's default
    assert declared.target == pytest.approx(default.target / 2)
    # The exact probabilities: almost surely M = 2 at the default, M = 6 at the declared 0.
    assert default.probabilities(OCCUPANCY_COUNTS)[1] > 1 - 1e-5
    assert declared.probabilities(OCCUPANCY_COUNTS)[5] > 1 - 1e-5
    assert "share 1 of the cells taken to hold data (the default, public)" in default.description(2)
    assert "share 0 of the cells taken to hold data (declared, public)" in declared.description(6)


def test_draws_at_a_declared_occupancy_follow_its_exact_distribution_not_the_defaults():
    """A middle share where the choice is spread (chi-square at ALPHA); the default's probabilities are rejected
    by the same draws, so the share reaches the draw."""
    declared = plan_choice(1.0, 0.5, 8, 2, occupancy=0.25)[1]
    out = draws(declared, COUNTS, 20_000, seed=2203)
    observed = np.bincount(out, minlength=9)[1:]
    assert chisquare(observed, declared.probabilities(COUNTS) * len(out)).pvalue > ALPHA
    default = plan_choice(1.0, 0.5, 8, 2)[1]
    assert chisquare(observed, default.probabilities(COUNTS) * len(out)).pvalue < ALPHA


@pytest.mark.parametrize("occupancy", [-0.1, 1.5, math.nan])
def test_an_occupancy_outside_zero_to_one_is_refused(occupancy):
    with pytest.raises(ValueError, match="share of cells holding data"):
        plan_choice(1.0, 0.05, 8, 10, occupancy=occupancy)
