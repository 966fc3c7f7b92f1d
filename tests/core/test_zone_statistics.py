"""The zone-statistics release: cleaning, clamping, bounding, units of privacy, minimum support,
margins, the ITMS report's accounting, and a neighbouring-dataset test per statistic.

Neighbouring datasets: D has the same base records in each of CELLS cells; D' adds, in every
cell, one more unit with its maximum contribution at the bounds (a different unit per cell, so
each cell's output is distributed as for D plus that one unit: cells get independent noise).
For a fixed output event E the empirical log ratio of P(E) under D' and D must stay within
epsilon plus 4.5 standard errors of the log ratio (sampling slack); each test also shows that
the same check fails when the sensitivity is deliberately understated (monkeypatched).
Other statistical checks: fixed seeds, 4.5 standard errors derived from the distribution.
"""

import math

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.bounded_stats import (
    BoundedCount,
    BoundedMean,
    BoundedSum,
    CountAbovePerDay,
)
from dp_geoprivacy.core.mechanisms.quantiles import ExponentialQuantiles
from dp_geoprivacy.core.releases import zone_statistics as zs
from dp_geoprivacy.core.releases.zone_statistics import (
    COUNT,
    COUNT_ABOVE,
    FIVE_NUMBER,
    MEAN,
    MEDIAN,
    QUARTILES,
    RECORD,
    SUM,
    USER,
    USER_DAY,
    ZoneStatisticsSpec,
    release_zone_statistics,
)

from .snapped_laplace import second_moment_within, snapped_errors, snapped_tail

Z = 4.5
CELLS = 20_000


def _spec(statistic=SUM, epsilon=1.0, lower=0.0, upper=65.0, **kw):
    return ZoneStatisticsSpec(statistic, epsilon, lower, upper, **kw)


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kw, text", [
    ({"lower": 65, "upper": 0}, "LOWER .* must be less than UPPER"),
    ({"lower": 10, "upper": 10}, "LOWER .* must be less than UPPER"),
    ({"lower": float("nan")}, "LOWER must be a finite number"),
    ({"upper": float("inf")}, "UPPER must be a finite number"),
    ({"unit": USER, "max_contributions": 0}, r"MAX_CONTRIBUTIONS \(M\) must be a whole number >= 1"),
    ({"unit": USER_DAY, "max_cells": 0}, r"MAX_CELLS \(K\) must be a whole number >= 1"),
    ({"max_contributions": 3}, "one record as the unit of privacy MAX_CONTRIBUTIONS must be 1"),
    ({"epsilon": 0}, "EPSILON"),
    ({"statistic": "mode"}, "STATISTIC must be one of"),
    ({"unit": "household"}, "unit of privacy must be one of"),
    ({"statistic": COUNT_ABOVE, "days": 31}, "needs LIMIT and the number of DAYS"),
    ({"statistic": COUNT_ABOVE, "limit": 80, "days": 31}, r"LIMIT \(80\) must be within \[LOWER, UPPER\)"),
    ({"statistic": COUNT_ABOVE, "limit": 50, "days": 0}, "days in the period must be a whole number"),
    ({"min_support": -1}, "minimum support"),
    ({"min_support": 10, "support_share": 1.0}, "support count's share"),
    ({"statistic": MEDIAN, "quantile_grid": 1}, "at least 2 candidate values"),
    ({"statistic": MEAN, "mean_sum_share": 0.0}, "sum share of epsilon"),
])
def test_bad_spec_raises_with_clear_text(kw, text):
    with pytest.raises(ValueError, match=text):
        _spec(**kw)


def test_bad_release_inputs_raise():
    rng = np.random.default_rng(0)
    spec = _spec()
    with pytest.raises(ValueError, match="no cells"):
        release_zone_statistics([], [], spec, rng, n_zones=0)
    with pytest.raises(ValueError, match="no cells"):
        release_zone_statistics([0], [1.0], spec, rng, n_zones=3, n_slots=0)
    with pytest.raises(ValueError, match="VALUE_FIELD must be numeric"):
        release_zone_statistics([0, 1], np.array(["fast", "slow"]), spec, rng, n_zones=2)
    with pytest.raises(ValueError, match="VALUE_FIELD must be numeric; found 'x'"):
        release_zone_statistics([0, 1], np.array([1.0, "x"], dtype=object), spec, rng, n_zones=2)
    with pytest.raises(ValueError, match="one value per record"):
        release_zone_statistics([0, 1], [1.0], spec, rng, n_zones=2)
    with pytest.raises(ValueError, match="zone indices"):
        release_zone_statistics([0, 5], [1.0, 2.0], spec, rng, n_zones=2)
    with pytest.raises(ValueError, match="needs user ids"):
        release_zone_statistics([0], [1.0], _spec(unit=USER, max_contributions=2), rng, n_zones=1)
    with pytest.raises(ValueError, match="needs the day"):
        release_zone_statistics([0], [1.0], _spec(unit=USER_DAY), rng, n_zones=1, user_keys=["a"])


# --- cleaning, clamping, bounding ----------------------------------------------------------------


def test_null_values_users_slots_and_outside_points_are_dropped_and_counted():
    cell = np.array([0, 0, 1, -1, 1, 0])
    values = np.array([1.0, None, 2.0, 3.0, 500.0, -4.0], dtype=object)
    users = np.array(["a", "b", None, "c", "d", ""], dtype=object)
    slot = np.array([0, 1, 1, 0, -1, 0])
    spec = _spec(COUNT, epsilon=1e9, unit=USER, max_contributions=5)
    release = release_zone_statistics(cell, values, spec, np.random.default_rng(1), n_zones=2, n_slots=2,
                                      slot=slot, user_keys=users)
    c = release.counts
    assert (c.records, c.null_values, c.null_users, c.null_slots, c.outside) == (6, 1, 2, 1, 1)
    assert c.kept == 1  # only ("a", zone 0, slot 0, value 1.0) survives
    assert np.round(release.values[..., 0]).tolist() == [[1, 0], [0, 0]]


def test_clamping_happens_before_aggregation():
    values = np.array([10.0, 10.0, 10.0, 1e6, -50.0])
    cell = np.zeros(5, dtype=int)
    rng = np.random.default_rng(2)
    step = 65 / 1000  # the quantile grid's
    expected = {SUM: (10 * 3 + 65 + 0, 1e-3), MEAN: ((10 * 3 + 65 + 0) / 5, 1e-3), MEDIAN: (10.0, step / 2)}
    for statistic, (value, tolerance) in expected.items():
        release = release_zone_statistics(cell, values, _spec(statistic, epsilon=1e9), rng, n_zones=1)
        assert release.values[0, 0, 0] == pytest.approx(value, abs=tolerance)
        assert (release.counts.clamped_below, release.counts.clamped_above) == (1, 1)
    # Count above LIMIT sees the clamped value: 1e6 counts once like any value above 50.
    spec = _spec(COUNT_ABOVE, epsilon=1e9, limit=50, days=2)
    release = release_zone_statistics(cell, values, spec, rng, n_zones=1)
    assert release.values[0, 0, 0] == pytest.approx(1 / 2, abs=1e-6)


def test_user_bound_keeps_m_records_per_user():
    users = np.repeat(np.arange(10), 20)
    spec = _spec(COUNT, epsilon=1e9, unit=USER, max_contributions=3)
    release = release_zone_statistics(np.zeros(200, int), np.ones(200), spec, np.random.default_rng(3),
                                      n_zones=1, user_keys=users)
    assert round(release.values[0, 0, 0]) == 30
    assert release.counts.dropped_by_bound == 170


def test_user_day_bound_keeps_k_cells_and_m_records_per_cell():
    # One user on two days, each day in 8 cells with 5 records per cell; K = 3, M = 2.
    cell = np.tile(np.repeat(np.arange(8), 5), 2)
    day = np.repeat(["2021-11-15", "2021-11-16"], 40)
    spec = _spec(COUNT, epsilon=1e9, unit=USER_DAY, max_contributions=2, max_cells=3)
    release = release_zone_statistics(cell, np.ones(80), spec, np.random.default_rng(4), n_zones=8,
                                      user_keys=np.full(80, "bus 7"), day=day)
    counts = np.round(release.values[:, 0, 0])
    assert counts.sum() == 2 * 3 * 2  # two user-days, three cells each, two records per cell
    assert counts.max() <= 4 and np.count_nonzero(counts) <= 6
    assert release.epsilon_per_cell == pytest.approx(1e9 / 3) and release.epsilon == pytest.approx(1e9)


def test_user_day_with_fewer_cells_than_k_spends_epsilon_over_the_cells():
    spec = _spec(COUNT, epsilon=2.0, unit=USER_DAY, max_cells=10)
    release = release_zone_statistics([0], [1.0], spec, np.random.default_rng(5), n_zones=4, user_keys=["a"],
                                      day=[1])
    assert release.epsilon_per_cell == pytest.approx(0.5) and release.epsilon == pytest.approx(2.0)


# --- noise, margins, records ---------------------------------------------------------------------------


def _many_cells(n_per_cell, value, cells=CELLS):
    return np.repeat(np.arange(cells), n_per_cell), np.full(cells * n_per_cell, float(value))


def test_noisy_sums_have_the_snapped_laplace_variance_the_record_states():
    m, eps = 3, 0.8
    cell, values = _many_cells(4, 70.0)  # clamped to 65
    users = np.arange(len(cell)) // 2  # two records per user, both kept (M = 3)
    spec = _spec(SUM, epsilon=eps, unit=USER, max_contributions=m)
    release = release_zone_statistics(cell, values, spec, np.random.default_rng(6), n_zones=CELLS,
                                      user_keys=users)
    scale = m * 65 / eps
    fields = release.record_fields()
    assert fields == spec.record_fields(CELLS)  # known before the run, for the budget reservation
    assert fields["sensitivity"] == m * 65 and fields["noise_scale"] == pytest.approx(scale)
    assert fields["epsilon"] == eps
    assert fields["count_grain"] == 256 and eps < fields["epsilon_floating_point"] < eps * (1 + 1e-5)
    # Released by the snapping mechanism: 256 round((260 + Y) / 256), Y ~ Lap(243.75); exact moments.
    noise = release.values[:, 0, 0] - 4 * 65
    assert np.all(release.values[:, 0, 0] % 256 == 0)
    assert second_moment_within(noise, 4 * 65, scale, 256, Z)
    assert not second_moment_within(noise, 4 * 65, 65 / eps, 128, Z)  # M forgotten: rejected
    # The margin is the Laplace half-width plus half the grain (|snapped - true| <= |Y| + 128).
    assert release.margin[0, 0, 0] == pytest.approx(scale * math.log(20) + 128)


@pytest.mark.parametrize("where", ["midpoint", "upper bound"])
def test_mean_error_matches_its_stated_margin(where):
    """error = (a - b (mean - c)) / N' exactly, a and b the snapped errors of the centred sum
    (b_s = 130, grain 256) and of the count (b_c = 4, grain 4), so the coverage of the margin
    t / N' is known exactly (tests/core/snapped_laplace.py): P(|a| <= t) at the midpoint, and
    P(a - h b >= -t) at the upper bound after clamping to [L, U]; t = x theta + 256/2 + h 4/2
    where (1 + x) e^-x = 0.05 (equal split)."""
    true = 32.5 if where == "midpoint" else 65.0
    cell, values = _many_cells(300, true)
    spec = _spec(MEAN, epsilon=0.5, min_support=10)
    release = release_zone_statistics(cell, values, spec, np.random.default_rng(7), n_zones=CELLS)
    assert release.published.all()
    t, h, theta = release.mechanism.error_bound(), 32.5, 2 * 32.5 / 0.5  # theta = M h / eps_s = h * (M / eps_c)
    x = (t - 256 / 2 - h * 4 / 2) / theta
    assert (1 + x) * math.exp(-x) == pytest.approx(0.05)
    centred = 300 * (true - h)  # the true centred sum
    count_errors, count_p = snapped_errors(300.0, 4.0, 4.0)
    if where == "midpoint":  # b does not matter: covered when |a| <= t
        rate = 1 - math.exp(-(math.floor(t / 256) + 0.5) * 256 / theta)
    else:
        rate = sum(q * snapped_tail(centred, theta, 256.0, centred + h * e - t)
                   for e, q in zip(count_errors, count_p))
    covered = np.mean(np.abs(release.values[:, 0, 0] - true) <= release.margin[:, 0, 0])
    assert abs(covered - rate) <= Z * math.sqrt(rate * (1 - rate) / CELLS)
    assert covered >= 0.95
    # The margin is computed from the released noisy count only.
    assert np.allclose(release.margin[:, 0, 0], release.mechanism.error_bound() / release.support[:, 0])


def test_quantile_release_states_its_rank_margin():
    cell, values = _many_cells(50, 20.0, cells=10)
    spec = _spec(FIVE_NUMBER, epsilon=5.0, quantile_grid=66)
    release = release_zone_statistics(cell, values, spec, np.random.default_rng(8), n_zones=10)
    assert release.columns == ("min", "q1", "median", "q3", "max")
    assert release.margin_unit == "ranks"
    assert release.margin[0, 0, 0] == pytest.approx(2 * math.log(66 / 0.05) / 1.0)
    assert np.all(np.diff(release.values, axis=2) >= 0)
    assert "ranks" in " ".join(release.notes())


def test_minimum_support_is_decided_on_a_noisy_count_with_its_budget():
    spec = _spec(SUM, epsilon=1.0, min_support=10, support_share=0.25)
    support, main = spec.mechanisms(CELLS)
    assert support.epsilon + main.epsilon == pytest.approx(1.0)
    assert support.epsilon == pytest.approx(0.25)
    for true in (0, 8, 12):
        cell, values = _many_cells(true, 30.0) if true else (np.zeros(0, int), np.zeros(0))
        release = release_zone_statistics(cell, values, spec, np.random.default_rng(9 + true), n_zones=CELLS)
        b = 1 / 0.25  # = the snapping grain: snapped >= 10 exactly when true + Y >= 12 - 2, as unsnapped
        rate = snapped_tail(true, b, support.noise.grain, 10)
        assert rate == pytest.approx(
            0.5 * math.exp(-(10 - true) / b) if true < 10 else 1 - 0.5 * math.exp(-(true - 10) / b))
        published = release.published.mean()
        assert abs(published - rate) <= Z * math.sqrt(rate * (1 - rate) / CELLS)
        assert np.all(np.isnan(release.values[~release.published]))
        assert np.all(release.support[release.published] >= 10)
    assert "minimum support 10" in release.record_fields()["mechanism"]
    # Count and mean test their own noisy count: no split.
    assert _spec(COUNT, min_support=10).mechanisms(5)[0] is None
    assert _spec(MEAN, min_support=10).mechanisms(5)[0] is None


def test_quartiles_split_epsilon_equally():
    _, main = _spec(QUARTILES, epsilon=3.0).mechanisms(1)
    assert main.quantiles == (0.25, 0.5, 0.75) and main.epsilon_each == pytest.approx(1.0)


# --- the ITMS report's accounting at release level ------------------------------------------------------------


def test_seed_003_query_2_epsilon_per_day_with_b_1():
    # Query 2 per user-day: sensitivity 1/31; B = 1 means epsilon per HAT per day 1/31, and with
    # K = 89 the epsilon per day is 89/31 = 2.871 (the ITMS report §III E-F).
    spec = _spec(COUNT_ABOVE, epsilon=89 / 31, unit=USER_DAY, max_cells=89, limit=50, days=31)
    release = release_zone_statistics([0], [60.0], spec, np.random.default_rng(10), n_zones=117, n_slots=12,
                                      slot=[9], user_keys=["bus"], day=["2021-11-15"])
    assert release.epsilon_per_cell == pytest.approx(1 / 31)
    assert release.mechanism.sensitivity == pytest.approx(1 / 31)
    assert release.mechanism.scale == pytest.approx(1.0)  # B = 1
    assert round(release.epsilon, 3) == 2.871
    assert "K = 89" in " ".join(release.notes())


# --- neighbouring datasets ----------------------------------------------------------------------------


def _outputs(spec, base, added, reps, seed, column=0, n_slots=1, cells_per_unit=1, n_cells=CELLS):
    """Per-cell outputs (all reps stacked) on D and D'.

    ``base`` and ``added`` are lists of (value, day) per record of one cell (or of each cell a
    unit touches); base records are each their own user; the added unit is one user (on the days
    given) in ``cells_per_unit`` consecutive cells.
    """
    results = []
    for with_unit in (False, True):
        cell = np.repeat(np.arange(n_cells), len(base))
        values = np.tile([v for v, _ in base], n_cells)
        days = np.tile([d for _, d in base], n_cells)
        users = np.arange(len(cell))
        if with_unit:
            group = np.arange(n_cells) // cells_per_unit
            cell = np.r_[cell, np.repeat(np.arange(n_cells), len(added))]
            values = np.r_[values, np.tile([v for v, _ in added], n_cells)]
            days = np.r_[days, np.tile([d for _, d in added], n_cells)]
            users = np.r_[users, 10**9 + np.repeat(group, len(added))]
        rng = np.random.default_rng(seed + with_unit)
        out = [release_zone_statistics(cell, values, spec, rng, n_zones=n_cells, user_keys=users,
                                       day=days).values[:, 0, column] for _ in range(reps)]
        results.append(np.concatenate(out))
    return results


def _log_ratio(event_d, event_d2):
    """(|log P_D'(E) / P_D(E)|, its standard error)."""
    n = event_d.size
    p, p2 = event_d.mean(), event_d2.mean()
    se = math.sqrt((1 - p) / (n * p) + (1 - p2) / (n * p2))
    return abs(math.log(p2 / p)), se


def _within(eps, event_d, event_d2):
    ratio, se = _log_ratio(event_d, event_d2)
    return ratio <= eps + Z * se, ratio, se


CASES = {
    # statistic: (spec, base records, added unit's records, event, class and property, understated value)
    COUNT: (_spec(COUNT, unit=USER, max_contributions=3), [(30.0, 0)] * 5, [(65.0, 0)] * 3,
            lambda out: out >= 8, BoundedCount, "sensitivity", lambda self: 1.0),
    SUM: (_spec(SUM, unit=USER, max_contributions=3), [(30.0, 0)] * 5, [(65.0, 0)] * 3,
          lambda out: out >= 5 * 30 + 3 * 65, BoundedSum, "sensitivity", lambda self: self.bounds.magnitude),
    MEAN: (_spec(MEAN, unit=USER, max_contributions=3), [(0.0, 0)] * 5, [(65.0, 0)] * 3,
           lambda out: out >= 32.5, BoundedMean, "sum_sensitivity", lambda self: self.bounds.half_width),
    COUNT_ABOVE: (_spec(COUNT_ABOVE, unit=USER, max_contributions=3, limit=50, days=31),
                  [(30.0, d) for d in range(5)], [(65.0, d) for d in range(3)],
                  lambda out: out >= 3 / 31, CountAbovePerDay, "sensitivity", lambda self: 1 / self.days),
    MEDIAN: (_spec(MEDIAN, upper=40.0, unit=USER, max_contributions=6, quantile_grid=41),
             [(0.0, 0)] * 10, [(40.0, 0)] * 6,
             lambda out: out == 0.0, ExponentialQuantiles, "sensitivity", lambda self: 1.0),
}


@pytest.mark.parametrize("statistic", list(CASES))
def test_neighbouring_datasets_within_e_epsilon_and_fail_when_sensitivity_is_understated(statistic, monkeypatch):
    spec, base, added, event, cls, name, understated = CASES[statistic]
    reps = 6
    out_d, out_d2 = _outputs(spec, base, added, reps=reps, seed=100)
    ok, ratio, se = _within(spec.epsilon, event(out_d), event(out_d2))
    assert ok, f"{statistic}: |log ratio| {ratio:.3f} > epsilon {spec.epsilon} + {Z} x {se:.3f}"
    monkeypatch.setattr(cls, name, property(understated))
    out_d, out_d2 = _outputs(spec, base, added, reps=reps, seed=200)
    ok, ratio, se = _within(spec.epsilon, event(out_d), event(out_d2))
    assert not ok, f"{statistic}: understated sensitivity not detected ({ratio:.3f}, se {se:.3f})"


def test_seed_003_mean_sensitivity_fails_the_neighbour_test():
    """The ITMS report's (max - min) / N with the private N: Lap(65 / (N epsilon)) on the true mean."""
    eps, rng = 1.0, np.random.default_rng(300)
    n = CELLS * 10

    def seed_003_mean(values):
        return np.mean(values) + rng.laplace(0.0, 65 / (len(values) * eps), n)

    out_d = seed_003_mean(np.zeros(5))
    out_d2 = seed_003_mean(np.r_[np.zeros(5), np.full(3, 65.0)])
    ok, ratio, se = _within(eps, out_d >= 24.375, out_d2 >= 24.375)
    assert not ok and ratio > eps + Z * se


@pytest.mark.parametrize("per_unit_mean", [False, True])
def test_user_day_total_over_k_cells_within_e_epsilon_and_k_is_enforced(per_unit_mean, monkeypatch):
    """A user-day touching 3 cells with M records at UPPER in each; K = 2 keeps two of them.

    The joint event over its 3 cells has ratio e^(2 eps/2) = e^eps. Calibrating the per-cell
    epsilon for K = 2 while keeping 3 cells (K not enforced) gives e^(1.5 eps) and fails.
    With per-unit means the unit adds one value (its mean, 65) per cell however many records.
    """
    spec = _spec(SUM, epsilon=1.0, upper=64.0, unit=USER_DAY, max_contributions=2, max_cells=2,
                 per_unit_mean=per_unit_mean)
    base = [(0.0, 0)] * 5
    added = [(64.0, 0)] * (5 if per_unit_mean else 2)
    shift = 64 if per_unit_mean else 2 * 64
    n_cells = CELLS - CELLS % 3
    # Snapped releases: b = 2 shift is a power of two, so the grain is b, and a released sum reaches
    # shift exactly when true + Y >= b - b/2 = shift: the events of the raw-Laplace argument, unchanged.
    noise = spec.mechanisms(n_cells)[1].noise
    assert noise.scale == noise.grain == 2 * shift

    def joint(out):
        hit = (out >= shift).reshape(-1, 3)  # cells of one unit are consecutive
        return hit.all(axis=1)

    out_d, out_d2 = _outputs(spec, base, added, reps=10, seed=400, cells_per_unit=3, n_cells=n_cells)
    ok, ratio, se = _within(spec.epsilon, joint(out_d), joint(out_d2))
    assert ok, (ratio, se)
    assert ratio > spec.epsilon - Z * se  # the bound is attained: the test is sharp
    loose = _spec(SUM, epsilon=1.0, upper=64.0, unit=USER_DAY, max_contributions=2, max_cells=3,
                  per_unit_mean=per_unit_mean)
    monkeypatch.setattr(ZoneStatisticsSpec, "cell_epsilon", lambda self, n: self.epsilon / 2)
    out_d, out_d2 = _outputs(loose, base, added, reps=10, seed=500, cells_per_unit=3, n_cells=n_cells)
    ok, ratio, se = _within(spec.epsilon, joint(out_d), joint(out_d2))
    assert not ok, (ratio, se)


def test_record_unit_ignores_user_ids():
    spec = _spec(COUNT, epsilon=1e9, unit=RECORD)
    release = release_zone_statistics(np.zeros(5, int), np.ones(5), spec, np.random.default_rng(11), n_zones=1,
                                      user_keys=np.zeros(5))
    assert round(release.values[0, 0, 0]) == 5 and release.counts.dropped_by_bound == 0


def test_module_constants_cover_every_statistic():
    assert set(zs.STATISTICS) == set(zs.COLUMNS)


def test_per_unit_mean_averages_each_user_day_per_cell_like_seed_003_query_1():
    # Bus a: day 1 speeds 10, 20, 30 in the cell (its mean 20); bus b: day 1 speed 50; bus a day 2: 40.
    users = ["a", "a", "a", "b", "a"]
    day = [1, 1, 1, 1, 2]
    values = [10.0, 20.0, 30.0, 50.0, 40.0]
    spec = _spec(MEAN, epsilon=1e9, unit=USER_DAY, max_cells=1, per_unit_mean=True)
    release = release_zone_statistics(np.zeros(5, int), values, spec, np.random.default_rng(12), n_zones=1,
                                      user_keys=users, day=day)
    assert release.values[0, 0, 0] == pytest.approx((20 + 50 + 40) / 3, abs=1e-6)  # the ITMS report's Sp
    assert release.mechanism.sum_sensitivity == 65 / 2 and release.mechanism.count.sensitivity == 1
    count = release_zone_statistics(np.zeros(5, int), values, _spec(COUNT, epsilon=1e9, unit=USER_DAY,
                                    per_unit_mean=True), np.random.default_rng(13), n_zones=1,
                                    user_keys=users, day=day)
    assert round(count.values[0, 0, 0]) == 3  # bus-days, the ITMS report's N
    with pytest.raises(ValueError, match="needs user-days"):
        _spec(MEAN, unit=USER, max_contributions=2, per_unit_mean=True)


@pytest.mark.parametrize("kw", [
    {"statistic": SUM, "min_support": 10},  # support count + sum, composed in each cell
    {"statistic": MEAN},  # noisy centred sum + noisy count
    {"statistic": COUNT_ABOVE, "limit": 50, "days": 31, "unit": USER_DAY, "max_cells": 3},  # K cells
    {"statistic": MEDIAN, "min_support": 10},  # exponential mechanism (its own epsilon) + snapped support
])
def test_record_states_the_floating_point_epsilon_of_the_whole_release(kw):
    """The floating-point epsilon covers every snapped release a unit touches, just above epsilon
    (Mironov 2012 Theorem 1: at most 12 B eta / sensitivity relative plus 2 eta per release)."""
    statistic = kw.pop("statistic")
    fields = _spec(statistic, epsilon=1.0, **kw).record_fields(CELLS)
    assert fields["epsilon"] == pytest.approx(1.0)
    assert 1.0 < fields["epsilon_floating_point"] < 1.0 + 1e-3
    assert fields["count_grain"] > 0 and "snapping" in fields["floating_point"]


def test_quantile_release_stops_when_cancelled():
    """A long quantile release asks ``cancelled()`` between blocks of cells (issue 21: long loops must stop)."""
    from dp_geoprivacy.core.releases.release import ReleaseCancelledError

    spec = ZoneStatisticsSpec(statistic="median", epsilon=1.0, lower=0.0, upper=10.0, quantile_grid=1_000_001)
    cells = np.repeat(np.arange(50), 4)
    values = np.tile([1.0, 2.0, 3.0, 4.0], 50)
    asked = []

    def cancelled():
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(ReleaseCancelledError):
        release_zone_statistics(cells, values, spec, np.random.default_rng(1), n_zones=50, cancelled=cancelled)
    assert len(asked) == 2
