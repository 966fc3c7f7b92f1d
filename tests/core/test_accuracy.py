"""The planner's predictions (core.accuracy.planning) against simulated releases (the release functions themselves).

Fixed seeds; tolerances are 4 standard errors of the simulated mean (two-sided
alpha about 6e-5 under the normal approximation), or a binomial bound.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.accuracy.planning import (
    accuracy_from_record,
    count_accuracy,
    displacement_accuracy,
    epsilon_for_displacement,
    epsilon_for_margin,
    epsilon_for_spurious,
    mechanism_from_record,
    parse_epsilons,
    published_error_pmf,
    sweep,
)
from dp_geoprivacy.core.accuracy.utility import compare_counts, sampling_tolerance
from dp_geoprivacy.core.mechanisms.bound_selection import with_choice
from dp_geoprivacy.core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE, CountNoise, StabilityHistogram
from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold
from dp_geoprivacy.core.mechanisms.location import (
    PER_AXIS,
    PLANAR,
    LocationLaplace,
    PerturbationSpec,
    release_perturbation,
)
from dp_geoprivacy.core.releases.od_flows import ODFlowData, ODFlowSpec, release_od_flows
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, make_mechanism, release_zone_counts

Z = 4.0


def _zone_data(n_zones, seed, low=300, high=900):
    """Points in zones with true counts far above any margin (no clamping at zero)."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(low, high, n_zones)
    cell = np.repeat(np.arange(n_zones), counts)
    return ZoneCountData(cell=rng.permutation(cell), n_zones=n_zones, zone_rank=np.arange(n_zones)), counts


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 5.0])
@pytest.mark.parametrize("noise", [LAPLACE, DISCRETE_LAPLACE])
def test_zone_count_error_matches_a_release(epsilon, noise):
    data, counts = _zone_data(3000, seed=11)
    spec = ZoneCountSpec(epsilon=epsilon, unit_of_privacy="point", noise=noise)
    predicted = count_accuracy(spec.mechanism(), cells=3000)
    release = release_zone_counts(data, spec, np.random.default_rng(int(epsilon * 100) + len(noise)))
    assert predicted.margin_of_error == release.facts["margin_of_error"]
    noisy = dict(zip(release.result["zone_index"].tolist(), release.result["noisy_count"].tolist()))
    measured = compare_counts(dict(enumerate(counts.tolist())), noisy, domain=range(3000))
    assert abs(measured.mae - predicted.expected_abs_error) <= sampling_tolerance(predicted.sd_abs_error, 3000, Z)
    # RMSE: the variance of e^2 bounds the standard error of the mean square.
    errors, probs = published_error_pmf(spec.mechanism())
    sd_square = math.sqrt(np.sum(errors**4 * probs) - predicted.rmse**4)
    assert abs(measured.rmse**2 - predicted.rmse**2) <= sampling_tolerance(sd_square, 3000, Z)


def test_published_margin_covers_95_percent():
    data, counts = _zone_data(4000, seed=12)
    spec = ZoneCountSpec(epsilon=0.5, unit_of_privacy="point")
    predicted = count_accuracy(spec.mechanism(), cells=4000)
    release = release_zone_counts(data, spec, np.random.default_rng(5))
    error = np.abs(release.result["noisy_count"] - counts)
    inside = int(np.sum(error <= predicted.published_margin))
    # P(|e| <= published margin) >= 0.95: a one-sided binomial test at alpha 0.001.
    assert stats.binomtest(inside, 4000, 0.95, alternative="less").pvalue > 0.001


@pytest.mark.parametrize("epsilon,min_flow", [(0.5, 1), (1.0, 1), (1.0, 3), (5.0, 1)])
def test_spurious_od_flows_match_a_release_on_empty_cells(epsilon, min_flow):
    n_zones = 60  # 3,600 cells, one trip: the bound "all empty" is nearly exact
    data = ODFlowData(origin_zone=np.array([0]), dest_zone=np.array([1]), zone_order=np.arange(n_zones))
    spec = ODFlowSpec(epsilon=epsilon, unit_of_privacy="trip", min_flow=min_flow)
    predicted = count_accuracy(spec.mechanism(), cells=n_zones**2 - 1, min_flow=min_flow)
    published = []
    for seed in range(5):
        release = release_od_flows(data, spec, np.random.default_rng(seed))
        real = (release.result["origin_index"] == 0) & (release.result["dest_index"] == 1)
        published.append(int(np.sum(~real)))
    n = 5 * (n_zones**2 - 1)
    p = predicted.p_spurious
    assert abs(sum(published) - n * p) <= Z * math.sqrt(n * p * (1 - p))
    assert predicted.expected_spurious == pytest.approx((n_zones**2 - 1) * p)


def test_stability_histogram_publishes_no_empty_cell_and_its_threshold_is_the_releases():
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="trip", threshold=True, delta=1e-6, min_flow=1)
    predicted = count_accuracy(spec.mechanism(), cells=10_000, min_flow=1)
    assert predicted.expected_spurious == 0.0
    data = ODFlowData(origin_zone=np.repeat([0, 1], [40, 2]), dest_zone=np.repeat([1, 0], [40, 2]),
                      zone_order=np.arange(100))
    release = release_od_flows(data, spec, np.random.default_rng(3))
    assert release.facts["threshold"] == predicted.threshold
    # A count at count_published_95 passes with probability 0.95 (Laplace tail, snapping inside tau).
    hist = StabilityHistogram(1.0, 1e-6)
    counts = np.full(20_000, round(predicted.count_published_95))
    passed, _ = hist.release(counts, np.random.default_rng(4))
    assert stats.binomtest(int(passed.sum()), 20_000, 0.95, alternative="less").pvalue > 0.001


@pytest.mark.parametrize("kind", [PLANAR, PER_AXIS])
def test_displacement_matches_a_perturbation_release(kind):
    spec = PerturbationSpec(kind=kind, epsilon=1.0, distance=100.0, grid=0.0)
    predicted = displacement_accuracy(spec.mechanism())
    xy = np.zeros((20_000, 2))
    release = release_perturbation(xy, spec, np.random.default_rng(8))
    distance = np.hypot(*release.result["xy"].T)
    assert abs(distance.mean() - predicted.mean) <= sampling_tolerance(distance.std(), len(distance), Z)
    for q, value in ((0.5, predicted.median), (0.9, predicted.q90), (0.95, predicted.q95)):
        share = int(np.sum(distance <= value))
        assert stats.binomtest(share, len(distance), q).pvalue > 0.001
    if kind == PLANAR:
        assert predicted.mean == pytest.approx(200.0)


def test_inverse_epsilon_for_margin_and_spurious_and_displacement():
    def mechanism(e):
        return make_mechanism(epsilon=e, max_contributions=3)

    e = epsilon_for_margin(mechanism, 10.0)
    # The published margin is 3 ln(20) / e + grain / 2; at the answer b = 3 / e lies in (2, 4], grain 4, so
    # 3 ln(20) / e = 8.
    assert e == pytest.approx(3 * math.log(20) / 8.0, rel=1e-6)
    assert CountNoise(LAPLACE, e, 3).released_margin_of_error() <= 10.0 + 1e-9
    assert CountNoise(LAPLACE, e * 0.999, 3).released_margin_of_error() > 10.0
    e = epsilon_for_spurious(mechanism, 250_000, 1, 10.0)
    assert count_accuracy(mechanism(e), 250_000, 1).expected_spurious <= 10.0
    assert count_accuracy(mechanism(e * 0.99), 250_000, 1).expected_spurious > 10.0
    e = epsilon_for_displacement(lambda eps: LocationLaplace(PLANAR, eps, 50.0), 100.0)
    assert e == pytest.approx(1.0, rel=1e-6)
    assert epsilon_for_margin(mechanism, 0.0) is None or CountNoise(LAPLACE, 1e4, 3).margin_of_error() == 0


def test_discrete_margin_and_pmf_sum_to_one():
    noise = CountNoise(DISCRETE_LAPLACE, 0.3, 2)
    errors, probs = published_error_pmf(noise)
    assert probs.sum() == pytest.approx(1.0)
    assert count_accuracy(noise).margin_of_error == noise.margin_of_error(0.95)


def test_sweep_and_parse():
    assert parse_epsilons("5, 0.1;1 1") == (0.1, 1.0, 5.0)
    for bad in ("", "0", "-1", "x", "nan"):
        with pytest.raises(ValueError):
            parse_epsilons(bad)
    rows = sweep(lambda e: count_accuracy(CountNoise(LAPLACE, e, 1), 100, 1), (0.1, 1.0))
    assert [r["epsilon"] for r in rows] == [0.1, 1.0]
    assert rows[0]["expected_abs_error"] > rows[1]["expected_abs_error"]


@pytest.mark.parametrize("spec", [
    ZoneCountSpec(epsilon=0.7, unit_of_privacy="user", max_contributions=4),
    ZoneCountSpec(epsilon=0.7, unit_of_privacy="user", noise=DISCRETE_LAPLACE, max_contributions=2),
    ODFlowSpec(epsilon=1.5, unit_of_privacy="trip", threshold=True, delta=1e-5, max_trips=3),
    PerturbationSpec(kind=PER_AXIS, epsilon=0.5, distance=80.0),
    PerturbationSpec(kind=PLANAR, epsilon=0.5, distance=80.0),
])
def test_the_record_rebuilds_the_mechanism_that_drew_the_noise(spec):
    mechanism = spec.mechanism()
    fields = mechanism.record_fields("user") if not isinstance(spec, PerturbationSpec) else mechanism.record_fields()
    rebuilt = mechanism_from_record(fields)
    assert rebuilt.record_fields(*(() if isinstance(spec, PerturbationSpec) else ("user",))) == fields
    if isinstance(mechanism, StabilityHistogram):
        assert rebuilt.threshold == mechanism.threshold
        assert accuracy_from_record(fields).threshold == mechanism.threshold
    elif isinstance(mechanism, CountNoise):
        assert accuracy_from_record(fields, 10, 1) == count_accuracy(mechanism, 10, 1)
    else:
        assert accuracy_from_record(fields) == displacement_accuracy(mechanism)
    assert mechanism_from_record({"mechanism": "k-ary randomized response", "epsilon": 1.0}) is None


@pytest.mark.parametrize("mechanism", [CountNoise(LAPLACE, 0.95, 50), CountNoise(DISCRETE_LAPLACE, 0.95, 50),
                                       StabilityHistogram(0.95, 1e-6, 3, 1)])
def test_a_record_whose_epsilon_also_paid_for_a_choice_rebuilds_the_counts_noise(mechanism):
    """Automatic M: the record carries the run's whole epsilon (1), the counts drew noise at 0.95 (the rest of
    AUTO_SHARE 5%); the figures follow the noise scale (the trial run gave a 95% margin 181.8 beside a noise scale
    52.63, the figures of epsilon 1)."""
    fields = {**mechanism.record_fields("user"), "epsilon": 1.0}
    assert accuracy_from_record(fields, 10, 1) == count_accuracy(mechanism, 10, 1)


@pytest.mark.parametrize("mechanism", [CountNoise(LAPLACE, 0.95, 50), CountNoise(DISCRETE_LAPLACE, 0.95, 50),
                                       StabilityHistogram(0.95, 1e-6, 3, 1), GaussianThreshold(0.95, 1e-6, 4)])
def test_the_records_release_epsilon_rebuilds_the_counts_noise_after_choices(mechanism):
    """with_choice (automatic M, then value bounds, 0.025 each of EPSILON 1) writes the release's own epsilon
    0.95 beside the run's: the count is rebuilt from it, Gaussian thresholding too (an older record, without the
    field, gave None), and without the noise scale."""
    fields = with_choice(with_choice(mechanism.record_fields("user"), "M chosen", 0.025), "bounds chosen", 0.025)
    assert fields["epsilon"] == pytest.approx(1.0) and fields["choice_epsilon"] == pytest.approx(0.05)
    assert fields["release_epsilon"] == 0.95
    assert mechanism_from_record(fields) == mechanism
    assert mechanism_from_record({**fields, "noise_scale": None}) == mechanism
    older = {key: value for key, value in fields.items() if key not in ("release_epsilon", "choice_epsilon")}
    if isinstance(mechanism, GaussianThreshold):
        assert mechanism_from_record(older) is None
    else:
        assert mechanism_from_record(older) == mechanism


def test_inverse_for_a_figure_that_is_not_monotone_is_the_epsilon_from_which_on_it_holds():
    # MIN_FLOW 1 with snapping: p between 0.18 and 0.30 for every b >= 1, lower only once b < 1.
    def mechanism(e):
        return CountNoise(LAPLACE, e, 1)

    e = epsilon_for_spurious(mechanism, 1000, 1, 250.0)
    for larger in np.geomspace(e, 100, 50):
        assert count_accuracy(mechanism(larger), 1000, 1).expected_spurious <= 250.0
    assert count_accuracy(mechanism(e * 0.999), 1000, 1).expected_spurious > 250.0


def test_spurious_advice_alternatives_meet_the_limit():
    from dp_geoprivacy.core.accuracy.planning import spurious_advice

    noise = CountNoise(LAPLACE, 1.0, 1)
    advice = spurious_advice(noise, 140, True, 1, limit=10)
    assert advice.cells == 140**2
    assert advice.expected == pytest.approx(140**2 * 0.5 * math.exp(-0.5))
    k = advice.min_flow_needed
    assert 140**2 * noise.release_tail(k) <= 10 < 140**2 * noise.release_tail(k - 1)
    z = advice.zones_needed
    assert z**2 * advice.p_empty <= 10 < (z + 1) ** 2 * advice.p_empty
    assert spurious_advice(StabilityHistogram(1.0, 1e-6), 140, True, 1).expected == 0


def test_randomized_response_error_matches_a_release():
    from dp_geoprivacy.core.accuracy.planning import response_accuracy, response_mechanism
    from dp_geoprivacy.core.releases.randomized_response import k_ary_epsilon

    mechanism = response_mechanism(1.0, 4)
    assert k_ary_epsilon(mechanism.p_truth, 4) == pytest.approx(1.0)
    predicted = response_accuracy(mechanism, 2000, 0.4)
    rng = np.random.default_rng(21)
    value = np.r_[np.zeros(800, dtype=np.int64), rng.integers(1, 4, 1200)]
    estimates = []
    for _ in range(400):
        reported = mechanism.respond(np.zeros(2000, dtype=np.int64), value, rng)
        estimates.append(mechanism.estimate(0, np.bincount(reported, minlength=4))[0][0])
    estimates = np.array(estimates)
    # unbiased, and its spread is the predicted standard error (chi-square bounds at alpha 0.001)
    assert abs(estimates.mean() - 800) <= 4 * predicted.standard_error / math.sqrt(400)
    low, high = stats.chi2.ppf([0.0005, 0.9995], 399) / 399
    assert low <= estimates.var(ddof=1) / predicted.standard_error**2 <= high
    assert predicted.margin_of_error == pytest.approx(1.959964 * predicted.standard_error, rel=1e-5)


@pytest.mark.parametrize("epsilon, m", [(1.0, 1), (0.5, 4), (0.1, 20), (2.0, 50)])
def test_gaussian_thresholds_95_percent_count_is_the_least_k_whose_tail_is_small_enough(epsilon, m):
    """count_published_95 = tau + the least k with P(Z >= k + 1) <= 5% (found by bisection since the report's
    planner at sigma 1,400 took minutes by trying each k): the same k as trying each k in turn."""
    mechanism = GaussianThreshold(epsilon, 1e-6, m)
    accuracy = count_accuracy(mechanism)
    noise = mechanism.noise()
    errors, probs = noise.error_pmf()
    tails = {k: math.fsum(probs[errors >= k + 1]) for k in range(int(4 * noise.scale) + 2)}
    least = min(k for k, tail in tails.items() if tail <= 0.05)
    assert accuracy.count_published_95 - accuracy.count_published_50 == least
    assert tails[least] <= 0.05 < tails[least - 1]
