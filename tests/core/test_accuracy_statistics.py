"""The planner's zone-statistics figures (core.accuracy.accuracy_statistics) against releases measured as the utility
report measures them (core.accuracy.utility.compare_statistics), for epsilon 0.1, 1 and 5.

Each test draws one release (release_zone_statistics, fixed seed) over Z zones and compares the measured
mean absolute error over the zones with the planner's expected absolute error. Tolerance: 4 standard errors
of a mean over Z independent zones, the standard deviation being the planner's own sd of |error| (two-sided
alpha about 6e-5 under the normal approximation). For a quantile release the columns of a zone are
dependent (sorted); the variance of a zone's average |error| over its columns is at most the variance of
|error| under the planner's mixture over the columns (sd_abs_error), so the same bound is conservative.
The data satisfy the planner's declared assumptions (module doc of core.accuracy.accuracy_statistics): values within
the bounds; for the sum, sums spread evenly between multiples of the grain (zone offsets 128 u / N, u
uniform: 128 is a multiple of every grain used here); for the mean, N values whose mean is the declared
zone mean (the centre of the bounds, or another); for the quantiles, N values spread evenly over the bounds.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.accuracy.accuracy_statistics import (
    evenly_spread_values,
    snapped_count_pmf,
    spec_from_record,
    statistic_accuracy,
    statistic_of_columns,
)
from dp_geoprivacy.core.accuracy.utility import compare_statistics, sampling_tolerance, zone_statistic_truth
from dp_geoprivacy.core.releases.zone_statistics import ZoneStatisticsSpec, release_zone_statistics

LOWER, UPPER = 1.0, 8.0
Z = 4.0


def zone_values(statistic, n_zones, records, seed, mean=None):
    """Values per zone meeting the planner's assumptions for ``statistic`` (module doc)."""
    rng = np.random.default_rng(seed)
    if statistic not in ("sum", "mean"):
        return [evenly_spread_values(LOWER, UPPER, records)] * n_zones
    centre = (LOWER + UPPER) / 2 if mean is None else mean
    reach = min(centre - LOWER, UPPER - centre)
    out = []
    for _ in range(n_zones):
        if statistic == "sum":
            offset = rng.random() * 128.0 / records
            spread = rng.random(records // 2) * (reach - 128.0 / records)
        else:  # a mean of exactly ``centre``: pairs around it
            offset, spread = 0.0, rng.random(records // 2) * reach
        out.append(np.concatenate((centre + spread, centre - spread)) + offset)
    return out


def measure(spec, values, seed):
    n_zones = len(values)
    cell = np.repeat(np.arange(n_zones), [len(v) for v in values])
    release = release_zone_statistics(cell, np.concatenate(values), spec, np.random.default_rng(seed),
                                      n_zones=n_zones)
    truth = {z: zone_statistic_truth(v, spec.statistic) for z, v in enumerate(values)}
    noisy = {z: release.values[z, 0] for z in range(n_zones) if release.published[z, 0]}
    return release, compare_statistics(truth, noisy, spec.columns)


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 5.0])
@pytest.mark.parametrize("statistic", ["sum", "mean", "median", "quartiles", "five_number"])
def test_prediction_matches_one_release(statistic, epsilon):
    records, n_zones = 400, 300
    spec = ZoneStatisticsSpec(statistic=statistic, epsilon=epsilon, lower=LOWER, upper=UPPER)
    predicted = statistic_accuracy(spec, records)
    release, measured = measure(spec, zone_values(statistic, n_zones, records, seed=31), seed=int(epsilon * 10) + 3)
    assert measured.zones == n_zones
    assert abs(measured.mae - predicted.expected_abs_error) <= \
        sampling_tolerance(predicted.sd_abs_error, n_zones, Z), (measured.mae, predicted.expected_abs_error)
    if statistic == "sum":  # the release's own published margin, from the same noise object
        assert predicted.margin_of_error == release.margin[0, 0, 0]
    if statistic in ("median", "quartiles", "five_number"):
        assert predicted.rank_margin == release.margin[0, 0, 0]


def test_a_wrong_prediction_fails():
    """The comparison can fail: the planner's figure for epsilon 1 is far from a release at epsilon 0.5."""
    records, n_zones = 400, 300
    values = zone_values("mean", n_zones, records, seed=31)
    _, measured = measure(ZoneStatisticsSpec(statistic="mean", epsilon=0.5, lower=LOWER, upper=UPPER), values, 5)
    predicted = statistic_accuracy(ZoneStatisticsSpec(statistic="mean", epsilon=1.0, lower=LOWER, upper=UPPER),
                                   records)
    assert abs(measured.mae - predicted.expected_abs_error) > sampling_tolerance(predicted.sd_abs_error, n_zones, Z)


def test_small_zones_mean_is_conditional_on_publication():
    """Few records at epsilon 0.1: many noisy counts fall below 1 and the zone is not published; the planner's
    publication probability (binomial test, alpha 1e-4) and conditional error (4 standard errors) both hold."""
    records, n_zones = 10, 3000
    spec = ZoneStatisticsSpec(statistic="mean", epsilon=0.1, lower=LOWER, upper=UPPER)
    predicted = statistic_accuracy(spec, records)
    assert 0.2 < predicted.p_published < 0.9
    release, measured = measure(spec, zone_values("mean", n_zones, records, seed=8), seed=9)
    published = int(release.published.sum())
    assert stats.binomtest(published, n_zones, predicted.p_published).pvalue > 1e-4
    assert abs(measured.mae - predicted.expected_abs_error) <= \
        sampling_tolerance(predicted.sd_abs_error, published, Z)


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 5.0])
def test_mean_away_from_the_centre(epsilon):
    """A declared zone mean of 7 (bounds 1 to 8): the prediction for it matches a release of such zones."""
    records, n_zones = 100, 1000
    spec = ZoneStatisticsSpec(statistic="mean", epsilon=epsilon, lower=LOWER, upper=UPPER)
    predicted = statistic_accuracy(spec, records, zone_mean=7.0)
    _, measured = measure(spec, zone_values("mean", n_zones, records, seed=14, mean=7.0), seed=15)
    assert abs(measured.mae - predicted.expected_abs_error) <= \
        sampling_tolerance(predicted.sd_abs_error, measured.zones, Z)


def test_support_probability_of_a_sum():
    """MIN_SUPPORT with a separate support count: the planner's publication probability is that count's."""
    spec = ZoneStatisticsSpec(statistic="sum", epsilon=0.5, lower=LOWER, upper=UPPER, min_support=20)
    predicted = statistic_accuracy(spec, 20)
    support, _ = spec.mechanisms(1)
    values, p = snapped_count_pmf(support.noise, 20)
    assert predicted.p_published == pytest.approx(float(p[values >= 20].sum()))
    assert 0.3 < predicted.p_published < 0.7
    release, _ = measure(spec, [np.full(20, 4.0)] * 4000, seed=12)
    assert stats.binomtest(int(release.published.sum()), 4000, predicted.p_published).pvalue > 1e-4


def test_epsilon_split_is_the_releases():
    """The mean's sum share and the quantiles' split come from the spec's own mechanisms."""
    even = statistic_accuracy(ZoneStatisticsSpec(statistic="mean", epsilon=1, lower=0, upper=10), 100)
    skewed = statistic_accuracy(ZoneStatisticsSpec(statistic="mean", epsilon=1, lower=0, upper=10,
                                                   mean_sum_share=0.9), 100)
    assert skewed.noise_scale == pytest.approx(even.noise_scale * 0.5 / 0.9)
    quartiles = statistic_accuracy(ZoneStatisticsSpec(statistic="quartiles", epsilon=3, lower=0, upper=10), 100)
    assert quartiles.noise_scale == pytest.approx(2.0 / 1.0)  # 2 M / (epsilon / 3 quantiles)
    assert len(quartiles.column_abs_error) == 3 and math.isfinite(quartiles.expected_abs_error)


def test_count_above_is_not_planned():
    with pytest.raises(ValueError, match="planner covers"):
        statistic_accuracy(ZoneStatisticsSpec(statistic="count_above_per_day", epsilon=1, lower=0, upper=10,
                                              limit=5, days=3), 10)


@pytest.mark.parametrize("spec", [
    ZoneStatisticsSpec(statistic="mean", epsilon=0.7, lower=-2, upper=30, unit="user", max_contributions=3,
                       mean_sum_share=0.6, min_support=5),
    ZoneStatisticsSpec(statistic="sum", epsilon=2, lower=0, upper=65, min_support=12, support_share=0.3),
    ZoneStatisticsSpec(statistic="quartiles", epsilon=1.5, lower=0, upper=10, quantile_grid=501),
    ZoneStatisticsSpec(statistic="five_number", epsilon=0.1, lower=1, upper=8, unit="user", max_contributions=2),
])
def test_spec_from_the_record_is_the_releases(spec):
    """The utility report rebuilds the spec from the record the release writes (fields and notes)."""
    fields = {**spec.record_fields(50), "notes": spec.notes(50)}
    statistic = statistic_of_columns(spec.columns)
    assert statistic == spec.statistic
    rebuilt = spec_from_record(fields, statistic)
    assert rebuilt.mechanisms(50) == spec.mechanisms(50)
    assert statistic_accuracy(rebuilt, 40) == statistic_accuracy(spec, 40)
