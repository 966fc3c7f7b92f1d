"""Synthetic trips (core.releases.synthetic_trips, core.releases.synthetic_sbh, core.accuracy.synthetic_utility).

Fixed seeds. Every statistical check is a test at ALPHA = 0.001 (chi-square,
binomial) or a bound of 4.5 standard errors computed from the distribution
(exact moments of the snapped Laplace noise the tables are released with,
tests/core/snapped_laplace.py), so each can fail if the mechanism is wrong.
"""

import collections
import math

import numpy as np
import pytest
import shapely
from scipy import stats

from dp_geoprivacy.core.accounting.composition import compose
from dp_geoprivacy.core.accuracy.synthetic_utility import sparse_table_error, table_error, top_rows
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise, snap
from dp_geoprivacy.core.releases.publication import reveal
from dp_geoprivacy.core.releases.release import NoUsableRecordsError
from dp_geoprivacy.core.releases.synthetic_sbh import (
    MARGINALS,
    OPAL_DELTA_PER_RELEASE,
    OPAL_EPSILONS,
    StabilitySpec,
    Theorem7,
)
from dp_geoprivacy.core.releases.synthetic_trips import (
    DURATION,
    OD,
    START,
    TOTAL,
    ContingencySpec,
    TripData,
    attribute_table,
    random_points_in_polygons,
    release_synthetic_trips,
    sample_cells,
    split_budget,
)

from .snapped_laplace import snapped_moments, snapped_tail

ALPHA = 0.001
SE_BOUND = 4.5


def released_moments(true, noise):
    """Exact E[e^2] per sample and the variance of its sample mean, e = released - true for the snapped
    mechanism of ``noise`` at each true count (grains here are integers, so rounding to integers changes
    nothing; clamping at zero is ignored: every true count is > 10 b here, P < e^-10 / 2 per cell)."""
    true = np.asarray(true, dtype=float)
    values, inverse = np.unique(true, return_inverse=True)
    moments = np.array([snapped_moments(v, noise.scale, noise.grain) for v in values])[inverse]
    return moments[:, 0].mean(), (moments[:, 1] - moments[:, 0]**2).sum() / len(true)**2


def factorial_data(nz=12, nt=6, nd=2, per_pair=120, categories=(("g", 3),), seed=0):
    """Every (origin, destination) pair per_pair times; start, duration and categories cycle: no cell is small."""
    pairs = np.repeat(np.arange(nz * nz), per_pair)
    i = np.arange(len(pairs))
    attributes = {name: (i * (j + 7)) % k for j, (name, k) in enumerate(categories)}
    return TripData(origin_zone=pairs // nz, dest_zone=pairs % nz, start_bin=i % nt, zone_order=np.arange(nz),
                    duration_bin=(i // nt) % nd if nd else None, attributes=attributes)


def spec_for(data, epsilon, weights, nz=12, nt=6, nd=2, categories=(("g", 3),), max_trips=1):
    return ContingencySpec(epsilon=epsilon, weights=weights, n_zones=nz, n_time_bins=nt, unit_of_privacy="one trip",
                           n_duration_bins=nd, categories=categories, max_trips=max_trips)


# --- model 0: the noise of every table ----------------------------------------------------------


def test_each_table_has_the_noise_variance_of_its_sensitivity():
    data = factorial_data()
    spec = spec_for(data, 2.0, (1, 4, 2, 3, 2))  # scales b = M / epsilon_t: 6, 1.5, 3, 2, 3
    budget = spec.mechanism()
    assert [round(budget.noise(t).scale, 9) for t in (TOTAL, OD, START, DURATION, attribute_table("g"))] == [
        6.0, 1.5, 3.0, 2.0, 3.0]
    nz, nt, nd = 12, 6, 2
    o, d = np.asarray(data.origin_zone), np.asarray(data.dest_zone)
    true = {OD: np.bincount(o * nz + d, minlength=nz * nz),
            START: np.bincount(o * nt + data.start_bin, minlength=nz * nt).reshape(nz, nt),
            attribute_table("g"): np.bincount(o * 3 + data.attributes["g"], minlength=nz * 3).reshape(nz, 3)}
    true_duration = np.bincount((o * nz + d) * nd + data.duration_bin, minlength=nz * nz * nd).reshape(-1, nd)
    deviations = {name: [] for name in (OD, START, DURATION, attribute_table("g"))}
    for seed in range(12):
        tables = release_synthetic_trips(data, spec, np.random.default_rng(seed)).facts["tables"]
        for name in true:
            deviations[name].append((tables[name].ravel(), true[name].ravel()))
        pairs, rows = tables[DURATION]
        deviations[DURATION].append((rows.ravel(), true_duration[pairs].ravel()))
    for name, parts in deviations.items():
        released = np.concatenate([r for r, _ in parts])
        truth = np.concatenate([t for _, t in parts])
        noise = budget.noise(name)
        second, variance = released_moments(truth, noise)
        se = math.sqrt(variance)
        assert abs(np.mean((released - truth)**2) - second) < SE_BOUND * se, name
        # and not the variance of another sensitivity (M = 2 would double b)
        doubled = CountNoise(LAPLACE, noise.epsilon, 2 * noise.sensitivity)
        assert abs(released_moments(truth, doubled)[0] - second) > 2 * SE_BOUND * se


def test_n_comes_from_the_noisy_total_never_the_true_one():
    data = factorial_data(nz=3, per_pair=10)
    spec = spec_for(data, 1.0, (1, 1, 1, 1, 1), nz=3)
    b, grain = spec.mechanism().noise(TOTAL).scale, spec.mechanism().noise(TOTAL).grain
    assert (b, grain) == (5.0, 8.0)
    n_true = 90
    seen = []
    for seed in range(400):
        release = release_synthetic_trips(data, spec, np.random.default_rng(seed))
        # the noisy total is the first draw of an item-level release: replay it (snapped to the grain)
        expected = max(0.0, round(snap(n_true + np.random.default_rng(seed).laplace(0.0, b), grain)))
        assert release.facts["noisy_total"] == expected
        assert release.facts["synthetic_trips"] == len(release.result["origin_index"]) == expected
        seen.append(expected - n_true)
    second, fourth = snapped_moments(n_true, b, grain)  # grain 8: released totals are integers, none below 0
    assert abs(np.mean(np.square(seen)) - second) < SE_BOUND * math.sqrt((fourth - second**2) / len(seen))
    assert np.mean(np.array(seen) != 0) > 0.5


def test_seeded_runs_reproduce():
    data = factorial_data(nz=4, per_pair=20)
    spec = spec_for(data, 1.0, (1, 1, 1, 1, 1), nz=4)
    a = release_synthetic_trips(data, spec, np.random.default_rng(5))
    b = release_synthetic_trips(data, spec, np.random.default_rng(5))
    c = release_synthetic_trips(data, spec, np.random.default_rng(6))
    assert all(np.array_equal(a.result[k], b.result[k]) for k in a.result)
    assert not all(len(a.result[k]) == len(c.result[k]) and np.array_equal(a.result[k], c.result[k])
                   for k in a.result)


# --- model 0: the sampled trips follow the noisy tables -----------------------------------------


def _chi_square_p(observed, expected, fixed_rows):
    """p-value of a chi-square test of observed against expected counts; cells with expected < 5 merged per row."""
    stat, df = 0.0, 0
    for obs_row, exp_row in zip(np.atleast_2d(observed), np.atleast_2d(expected)):
        small = exp_row < 5
        obs = np.r_[obs_row[~small], obs_row[small].sum()] if small.any() else obs_row
        exp = np.r_[exp_row[~small], exp_row[small].sum()] if small.any() else exp_row
        keep = exp > 0
        assert obs[~keep].sum() == 0  # a cell of weight zero is never drawn
        stat += ((obs[keep] - exp[keep]) ** 2 / exp[keep]).sum()
        df += keep.sum() - (1 if fixed_rows else 0)
    return stats.chi2.sf(stat, df - (0 if fixed_rows else 1))


def test_sampled_trips_reproduce_the_noisy_tables_in_distribution():
    # small epsilon: the noisy tables differ clearly from the true ones, so sampling from the
    # true tables would fail these tests
    rng = np.random.default_rng(11)
    nz, nt, nd = 6, 5, 3
    n = 60_000
    weights = rng.gamma(0.5, size=nz * nz)
    pairs = rng.choice(nz * nz, size=n, p=weights / weights.sum())
    data = TripData(origin_zone=pairs // nz, dest_zone=pairs % nz, start_bin=rng.integers(0, nt, n),
                    zone_order=np.arange(nz), duration_bin=rng.integers(0, nd, n),
                    attributes={"g": rng.integers(0, 2, n)})
    spec = ContingencySpec(epsilon=0.05, weights=(5, 1, 1, 1, 1), n_zones=nz, n_time_bins=nt,
                           unit_of_privacy="one trip", n_duration_bins=nd, categories=(("g", 2),))
    release = release_synthetic_trips(data, spec, np.random.default_rng(3))
    tables, result = release.facts["tables"], release.result
    n_syn = len(result["origin_index"])
    assert n_syn == release.facts["noisy_total"] > 50_000
    od = tables[OD]
    observed = np.bincount(result["origin_index"] * nz + result["dest_index"], minlength=nz * nz)
    assert _chi_square_p(observed, n_syn * od / od.sum(), fixed_rows=False) > ALPHA
    true_od = np.bincount(pairs, minlength=nz * nz)
    assert _chi_square_p(observed, n_syn * true_od / true_od.sum(), fixed_rows=False) < ALPHA
    per_origin = np.bincount(result["origin_index"], minlength=nz)
    for name, key, k in ((START, "start_bin", nt), (attribute_table("g"), "attribute:g", 2)):
        table = tables[name].astype(float)
        table[table.sum(axis=1) == 0] = 1.0
        expected = per_origin[:, None] * table / table.sum(axis=1, keepdims=True)
        observed = np.bincount(result["origin_index"] * k + result[key], minlength=nz * k).reshape(nz, k)
        assert _chi_square_p(observed, expected, fixed_rows=True) > ALPHA, name
    drawn, rows = tables[DURATION]
    pair_of_trip = result["origin_index"] * nz + result["dest_index"]
    assert set(np.unique(pair_of_trip)) == set(drawn)
    rows = rows.astype(float)
    rows[rows.sum(axis=1) == 0] = 1.0
    per_pair = np.bincount(np.searchsorted(drawn, pair_of_trip), minlength=len(drawn))
    expected = per_pair[:, None] * rows / rows.sum(axis=1, keepdims=True)
    observed = np.bincount(np.searchsorted(drawn, pair_of_trip) * nd + result["duration_bin"],
                           minlength=len(drawn) * nd).reshape(-1, nd)
    assert _chi_square_p(observed, expected, fixed_rows=True) > ALPHA
    for offset in ("start_offset", "duration_offset"):  # uniform within the bin (Roy et al. 2016 §3.2)
        assert stats.kstest(result[offset], "uniform").pvalue > ALPHA


def test_sample_cells_never_draws_a_zero_cell_and_matches_the_weights():
    weights = np.array([0.0, 3.0, 0.0, 1.0, 6.0, 0.0])
    draws = sample_cells(weights, 20_000, np.random.default_rng(1))
    counts = np.bincount(draws, minlength=6)
    assert counts[[0, 2, 5]].sum() == 0
    assert stats.chisquare(counts[[1, 3, 4]], 20_000 * np.array([0.3, 0.1, 0.6])).pvalue > ALPHA


# --- model 0: neighbouring datasets at the unit of privacy --------------------------------------


def test_a_user_changes_a_cell_by_at_most_m_so_the_odds_move_by_exactly_exp_epsilon():
    """D' adds one user with 5 trips in one OD cell; with M = 3 only 3 count: the tail odds ratio is exp(eps_od)."""
    m, eps = 3, 3.0
    base_o = np.array([0, 0, 1, 1, 0, 1])
    base_d = np.array([0, 1, 0, 1, 1, 1])
    users = np.array(["a", "b", "c", "d", "e", "f"], dtype=object)

    def data(extra):
        o = np.r_[base_o, np.zeros(extra, dtype=int)]
        d = np.r_[base_d, np.ones(extra, dtype=int)]
        keys = np.r_[users, np.array(["u"] * extra, dtype=object)]
        return TripData(origin_zone=o, dest_zone=d, start_bin=np.zeros(len(o), dtype=int), zone_order=np.arange(2),
                        user_keys=keys)

    spec = ContingencySpec(epsilon=eps, weights=(1, 1, 1), n_zones=2, n_time_bins=1,
                           unit_of_privacy="one user, at most 3 trips", max_trips=m)
    b = spec.mechanism().noise(OD).scale
    assert b == pytest.approx(m / 1.0)
    runs = 6000
    cell = 0 * 2 + 1  # (0, 1): true count 2 in D, 2 + 3 in D'
    t = 9  # tail event {published count >= t}: above both true counts
    hits = []
    for extra in (0, 5):
        rng = np.random.default_rng(100 + extra)
        hits.append(sum(release_synthetic_trips(data(extra), spec, rng).facts["tables"][OD][cell] >= t
                        for _ in range(runs)))
    p = [h / runs for h in hits]
    # Snapped to the grain 4 (integers: rounding keeps them): count >= 9 exactly when c + Y >= 12 - 2,
    # above both true counts, so P = exp(-(10 - c) / b) / 2 and the ratio is exactly e^(3 / b) = e^eps_od.
    grain = spec.mechanism().noise(OD).grain
    assert grain == 4
    expected = [snapped_tail(c, b, grain, t) for c in (2, 5)]
    assert expected == pytest.approx([0.5 * math.exp(-(10 - c) / b) for c in (2, 5)])
    assert expected[1] / expected[0] == pytest.approx(math.exp(1.0))
    for observed, e in zip(hits, expected):
        assert stats.binomtest(observed, runs, e).pvalue > ALPHA
    assert p[1] / p[0] < math.exp(1.0) * 1.35  # exp(eps_od) = e; unbounded (5 trips) would give e^(5/3)


def test_bad_budget_weights_are_refused():
    data = factorial_data(nz=2, per_pair=3)
    for weights in ((1, 0, 1, 1, 1), (1, -1, 1, 1, 1), (1, 1, 1)):
        with pytest.raises(ValueError):
            release_synthetic_trips(data, spec_for(data, 1.0, weights, nz=2), np.random.default_rng(0))
    assert split_budget(8.0, OPAL_EPSILONS) == OPAL_EPSILONS


def test_all_null_users_are_refused_before_any_budget_is_reserved():
    data = TripData(origin_zone=np.zeros(3, int), dest_zone=np.zeros(3, int), start_bin=np.zeros(3, int),
                    zone_order=np.arange(1), user_keys=np.array([None, "", None], dtype=object))
    called = []
    with pytest.raises(NoUsableRecordsError):
        release_synthetic_trips(data, ContingencySpec(1.0, (1, 1, 1), 1, 1, "u", max_trips=1),
                                np.random.default_rng(0), before_noise=called.append)
    assert called == []


# --- model 1: stability histograms over partitions ------------------------------------------------


def opal_like(n=40_000, days=14, modes=4, nz=30, nt=96, seed=2):
    rng = np.random.default_rng(seed)
    zone_weights = rng.gamma(0.3, size=nz)
    origin = rng.choice(nz, n, p=zone_weights / zone_weights.sum())
    dest = rng.choice(nz, n, p=zone_weights / zone_weights.sum())
    start = np.clip(rng.normal(32, 6, n).astype(int), 0, nt - 1)
    end = np.minimum(start + rng.integers(1, 4, n), nt - 1)
    partition = rng.integers(0, days * modes, n)
    return TripData(origin_zone=origin, dest_zone=dest, start_bin=start, end_bin=end, zone_order=np.arange(nz),
                    partition=partition)


def test_theorem_7_reproduces_seed_001_figures():
    """56 day x mode partitions, six releases with epsilon 1, 1, 1, 1, 2, 2 and delta 1/8,000,000 each."""
    spec = StabilitySpec(epsilon=8.0, delta=6 * OPAL_DELTA_PER_RELEASE, marginals=MARGINALS, weights=OPAL_EPSILONS,
                         n_zones=30, n_time_bins=96, unit_of_privacy="one trip")
    budget = spec.mechanism()
    assert [h.epsilon for _, h in budget.histograms] == pytest.approx(list(OPAL_EPSILONS))
    assert [h.delta for _, h in budget.histograms] == pytest.approx([1 / 8_000_000] * 6)
    theorem = budget.composition
    assert theorem.epsilon == 8.0 and theorem.delta == pytest.approx(7.5e-7) and theorem.delta < 1e-6
    partitions = [f"day={day}, mode={mode}" for day in range(14) for mode in ("bus", "train", "ferry", "light rail")]
    assert len(partitions) == 56
    events = theorem.events(partitions)
    assert len(events) == 56 * 6
    total = compose(events)
    assert total.epsilon == pytest.approx(8.0) and total.delta == pytest.approx(7.5e-7)
    assert total.sequential_epsilon == pytest.approx(56 * 8)  # what ignoring parallel composition would claim
    release = release_synthetic_trips(opal_like(), spec, np.random.default_rng(0))
    assert reveal(release.facts["partitions"]) == 56
    assert release.epsilon == 8.0 and release.delta == pytest.approx(7.5e-7)
    assert "Theorem 7" in release.facts["composition"] and "Theorem 7" in release.record_fields["mechanism"]
    assert Theorem7((("a", 1.0, 0.1),)).statement().startswith("Asghar, Tyler and Kaafar 2017 Theorem 7")


def _cells(data, marginal, at_least=1):
    columns = {"on_time": (data.start_bin,), "on_place": (data.origin_zone,), "off_time": (data.end_bin,),
               "off_place": (data.dest_zone,), "on_time_place": (data.start_bin, data.origin_zone),
               "off_time_place": (data.end_bin, data.dest_zone)}[marginal]
    counts = collections.Counter(zip(np.asarray(data.partition).tolist(), *[np.asarray(c).tolist() for c in columns]))
    return {cell for cell, count in counts.items() if count >= at_least}


def test_stability_histograms_never_output_a_cell_absent_from_the_data():
    data = opal_like(n=20_000)
    spec = StabilitySpec(epsilon=60.0, delta=1e-3, marginals=MARGINALS, weights=(1,) * 6, n_zones=30, n_time_bins=96,
                         unit_of_privacy="one trip")
    release = release_synthetic_trips(data, spec, np.random.default_rng(4))
    r = release.result
    names = {"on_time": ("start_bin",), "on_place": ("origin_index",), "off_time": ("end_bin",),
             "off_place": ("dest_index",), "on_time_place": ("start_bin", "origin_index"),
             "off_time_place": ("end_bin", "dest_index")}
    for j, marginal in enumerate(MARGINALS):
        rows = r["marginal"] == j
        assert rows.any()
        out = set(zip(r["partition"][rows].tolist(), *[r[c][rows].tolist() for c in names[marginal]]))
        assert out <= _cells(data, marginal)
        # with this much budget (b = 0.2, threshold 2.5) every cell of 5 trips or more passes: the test has power
        assert _cells(data, marginal, at_least=5) <= out
    # rows come in the public order: marginal, partition, then cell
    key = np.lexsort((r["dest_index"], r["end_bin"], r["origin_index"], r["start_bin"], r["partition"], r["marginal"]))
    assert np.array_equal(key, np.arange(len(key)))


def test_stability_neighbour_publishes_a_single_trip_cell_with_probability_delta_over_4():
    """D has one trip in a cell empty in D': SBH publishes it with P(Lap(2/eps) >= 2 ln(2/delta)/eps) = delta/4."""
    eps, delta = 1.0, 0.4
    spec = StabilitySpec(epsilon=eps, delta=delta, marginals=("on_place",), weights=(1,), n_zones=3, n_time_bins=1,
                         unit_of_privacy="one trip")
    big = 200
    o = np.r_[np.zeros(big, int), 2]  # zone 2 holds one trip (absent from the neighbour)
    data = TripData(origin_zone=o, dest_zone=o, start_bin=np.zeros(len(o), int), zone_order=np.arange(3),
                    partition=np.zeros(len(o), int))
    rng = np.random.default_rng(8)
    runs = 8000
    published = sum((release_synthetic_trips(data, spec, rng).result["origin_index"] == 2).any() for _ in range(runs))
    # Snapped (b = 2, grain 2): published when 1 + Y reaches the first multiple of 2 at or above the
    # threshold tau = 2 ln(2/delta)/eps + 1 + 1, minus 1: P = exp(-(6 - 1 - 1) / 2) / 2, below delta / 4.
    histogram = spec.mechanism().histograms[0][1]
    assert (histogram.scale, histogram.noise().grain) == (2.0, 2.0)
    p = snapped_tail(1.0, 2.0, 2.0, histogram.threshold)
    assert p == pytest.approx(0.5 * math.exp(-2.0)) and p <= delta / 4
    assert stats.binomtest(published, runs, p).pvalue > ALPHA
    neighbour = TripData(origin_zone=o[:-1], dest_zone=o[:-1], start_bin=np.zeros(big, int), zone_order=np.arange(3),
                         partition=np.zeros(big, int))
    assert not any((release_synthetic_trips(neighbour, spec, rng).result["origin_index"] == 2).any()
                   for _ in range(200))


def test_stability_user_level_bound_and_delta_checks():
    data = opal_like(n=2000)
    keys = np.arange(2000) % 100
    bounded = TripData(**{**data.__dict__, "user_keys": keys})
    spec = StabilitySpec(epsilon=4.0, delta=1e-6, marginals=("on_place", "off_place"), weights=(1, 1), n_zones=30,
                         n_time_bins=96, unit_of_privacy="one user", max_trips=2)
    release = release_synthetic_trips(bounded, spec, np.random.default_rng(1))
    assert reveal(release.facts["dropped_by_bound"]) == 2000 - 200
    histogram = spec.mechanism().histograms[0][1]
    assert histogram.sensitivity == 4 and histogram.delta == 5e-7
    for delta in (0.0, 1.0, -0.1, 1.5):
        with pytest.raises(ValueError):
            StabilitySpec(4.0, delta, ("on_place",), (1,), 30, 96, "x").mechanism()
    with pytest.raises(ValueError):
        StabilitySpec(4.0, 1e-6, ("on_place",), (0,), 30, 96, "x").mechanism()


# --- geometry and utility ---------------------------------------------------------------------------


def test_random_points_fall_inside_their_zone_and_are_uniform():
    polygons = np.array([shapely.box(0, 0, 10, 10), shapely.Polygon([(20, 0), (30, 0), (20, 10)])], dtype=object)
    index = np.r_[np.zeros(3000, int), np.ones(3000, int)]
    xy = random_points_in_polygons(polygons, index, np.random.default_rng(2))
    assert shapely.contains_xy(polygons[index], xy[:, 0], xy[:, 1]).all()
    assert stats.kstest(xy[:3000, 0] / 10, "uniform").pvalue > ALPHA
    # in the triangle x - 20 has density 2 (1 - u) on [0, 10]: P(X - 20 <= x) = 1 - (1 - x/10)^2
    assert stats.kstest((xy[3000:, 0] - 20) / 10, lambda u: 1 - (1 - u) ** 2).pvalue > ALPHA


def test_utility_measures():
    rows = top_rows("origin", np.array([0, 0, 0, 1, 1, 2]), np.array([0, 1, 1, 2]), 4, k=5)
    assert [(r.key, r.original_share, r.synthetic_share) for r in rows] == [
        (0, 0.5, 0.25), (1, 1 / 3, 0.5), (2, 1 / 6, 0.25)]
    ordered = table_error("t", np.array([0, 0, 1]), np.array([1, 1, 2]), 3, ordered=True)
    assert ordered.emd == pytest.approx(1.0)  # 2/3 of the mass moves one bin, 1/3 moves one bin
    assert ordered.average_relative_error == pytest.approx(np.mean([1.0, abs(2 / 3 - 1 / 3) / (1 / 3)]))
    assert sparse_table_error("od", np.array([10, 10, 99]), np.array([10, 99, 99])).emd == pytest.approx(1 / 3)


def test_out_of_range_input_is_refused_before_the_budget_is_reserved():
    data = TripData(origin_zone=np.array([0, 3]), dest_zone=np.array([0, 1]), start_bin=np.array([0, 0]),
                    zone_order=np.arange(2), end_bin=np.array([0, 0]), partition=np.array([0, 0]))
    called = []
    with pytest.raises(ValueError, match="origin zone"):
        release_synthetic_trips(data, ContingencySpec(1.0, (1, 1, 1), 2, 1, "u"), np.random.default_rng(0),
                                before_noise=called.append)
    with pytest.raises(ValueError, match="origin"):
        release_synthetic_trips(data, StabilitySpec(1.0, 1e-6, ("on_place",), (1,), 2, 1, "u"),
                                np.random.default_rng(0), before_noise=called.append)
    assert called == []


def test_records_state_the_grains_and_the_floating_point_epsilon_of_every_table():
    """Every table is snapped (core.mechanisms.counting): the record gives the grains and the floating-point
    epsilon, the sum of the tables' (Mironov 2012 Theorem 1), just above EPSILON."""
    data = factorial_data(nz=3, per_pair=10)
    model0 = spec_for(data, 1.0, (1, 1, 1, 1, 1), nz=3).mechanism()
    model1 = StabilitySpec(epsilon=2.0, delta=1e-3, marginals=("on_place", "off_place"), weights=(1, 1), n_zones=3,
                           n_time_bins=1, unit_of_privacy="one trip").mechanism()
    for budget, epsilon in ((model0, 1.0), (model1, 2.0)):
        fields = budget.record_fields("one trip")
        assert "snapping" in fields["mechanism"] and "multiples of" in fields["floating_point"]
        assert epsilon < fields["epsilon_floating_point"] < epsilon * (1 + 1e-5)
    assert fields["count_grain"] == max(h.noise().grain for _, h in model1.histograms)
    assert model0.record_fields("u")["count_grain"] == 8.0  # b = 1 / 0.2 = 5 per table: grain 8
