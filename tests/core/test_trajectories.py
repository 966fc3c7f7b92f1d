"""Trajectory releases (core.releases.trajectories): resampling, SDD step distributions, termination, neighbours.

Statistical tests use fixed seeds. Distribution tests: chi-square over bins
at alpha = 0.001 (bins merged so every expected count is at least 5); each
has a twin showing that a wrong epsilon is rejected at the same alpha. The
neighbouring test bounds the empirical log-ratio of output frequencies by
epsilon plus 4.5 standard errors of the log-ratio (sqrt(1/c1 + 1/c2) for
counts c1, c2; about 7e-6 two-sided per bin, Bonferroni over < 200 bins
keeps the family-wise rate under 0.002).
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.releases.trajectories import (
    SDD,
    VERTEX_LAPLACE,
    SddMechanism,
    Tracks,
    TrajectorySpec,
    UnreachableTripError,
    VertexLaplace,
    coarsen_times,
    release_trajectories,
    resample,
    trip_ends,
)

ALPHA = 0.001
M = 100.0


def _tracks(lines, times=None):
    coords = np.concatenate([np.asarray(line, dtype=float) for line in lines])
    offsets = np.concatenate(([0], np.cumsum([len(line) for line in lines])))
    return Tracks(coords, offsets, None if times is None else np.concatenate(times).astype(float))


def _merge_bins(observed, expected, minimum=5.0):
    """Merge neighbouring bins until every expected count is at least ``minimum``."""
    obs, exp, o, e = [], [], 0.0, 0.0
    for a, b in zip(observed, expected):
        o, e = o + a, e + b
        if e >= minimum:
            obs.append(o)
            exp.append(e)
            o, e = 0.0, 0.0
    if e:
        obs[-1] += o
        exp[-1] += e
    return np.array(obs), np.array(exp)


def _chi_square_p(observed_index, probabilities):
    counts = np.bincount(observed_index, minlength=len(probabilities)).astype(float)
    obs, exp = _merge_bins(counts, probabilities * counts.sum())
    return stats.chisquare(obs, exp).pvalue


# --- resampling ------------------------------------------------------------------------------


def test_resample_spaces_vertices_equally_and_keeps_the_ends_exactly():
    line = [(0.0, 0.0), (30.0, 0.0), (30.0, 0.0), (30.0, 40.0), (30.1, 40.0)]  # with a repeated vertex
    tracks = _tracks([line, [(5.0, 5.0), (5.0, 5.0)]])
    out = resample(tracks.coords, tracks.offsets, k=6)
    assert out.shape == (2, 6, 2)
    assert tuple(out[0, 0]) == line[0] and tuple(out[0, -1]) == line[-1]
    steps = np.hypot(*np.diff(out[0], axis=0).T)
    along = np.diff(np.linspace(0, 70.1, 6))
    # equally spaced along the line: straight parts give exact spacing
    assert steps[0] == pytest.approx(along[0])
    assert np.allclose(out[1], 5.0)  # a zero-length trip stays put


def test_times_are_interpolated_at_the_resampled_vertices_along_the_line():
    # 0 -> 30 m east in 100 s, a 10 s stop (repeated vertex), then 40 m north in 40 s.
    line = [(0.0, 0.0), (30.0, 0.0), (30.0, 0.0), (30.0, 40.0)]
    times = [1000.0, 1100.0, 1110.0, 1150.0]
    tracks = _tracks([line], [times])
    out = resample(np.column_stack((tracks.coords, tracks.times)), tracks.offsets, k=8)  # every 10 m
    assert out.shape == (1, 8, 3)
    assert np.allclose(out[0, :, :2], resample(tracks.coords, tracks.offsets, k=8)[0])  # times do not move vertices
    expected = [1000.0, 1000 + 100 / 3, 1000 + 200 / 3, 1110.0, 1120.0, 1130.0, 1140.0, 1150.0]
    assert np.allclose(out[0, :, 2], expected)  # at 30 m the line leaves the stop: its later time


def test_times_are_rounded_to_the_grain_halves_up_and_stay_in_order():
    times = np.array([0.0, 449.9, 450.0, 1349.0, 1350.0, -450.0, -451.0])
    assert coarsen_times(times, 900.0).tolist() == [0.0, 0.0, 900.0, 900.0, 1800.0, 0.0, -900.0]
    assert coarsen_times(times, 0.0).tolist() == times.tolist()
    increasing = np.sort(np.random.default_rng(4).uniform(1.7e9, 1.7e9 + 86400, 1000))
    assert np.all(np.diff(coarsen_times(increasing, 900.0)) >= 0)
    with pytest.raises(ValueError, match="time grain"):
        coarsen_times(times, -1.0)


@pytest.mark.parametrize("kind", [SDD, VERTEX_LAPLACE])
def test_release_publishes_times_on_the_grain_in_the_rows_order(kind):
    lines = [[(0.0, 0.0), (300.0, 0.0)], [(0.0, 500.0), (0.0, 900.0), (0.0, 1000.0)]]
    times = [[3600.0, 7200.0], [0.0, 3600.0, 3700.0]]
    spec = TrajectorySpec(kind, 5.0, 5, max_step=2 * M, time_grain=600.0)
    release = release_trajectories(_tracks(lines, times), spec, np.random.default_rng(8))
    # Vertices every 75 m (line 0) and 125 m (line 1: 400 m in 3600 s, then 100 m in 100 s).
    exact = {0: [3600.0, 4500.0, 5400.0, 6300.0, 7200.0], 1: [0.0, 1125.0, 2250.0, 3375.0, 3700.0]}
    rounded = {0: [3600.0, 4800.0, 5400.0, 6600.0, 7200.0], 1: [0.0, 1200.0, 2400.0, 3600.0, 3600.0]}
    for row, published in zip(release.result["rows"], release.result["times"]):
        assert published.tolist() == rounded[row] == coarsen_times(np.array(exact[row]), 600.0).tolist()
    assert release.facts["time_grain"] == 600.0
    assert release_trajectories(_tracks(lines), spec, np.random.default_rng(8)).result["times"] is None


def test_resample_refuses_one_vertex_lines():
    with pytest.raises(ValueError, match="two vertices"):
        resample(np.zeros((3, 2)), np.array([0, 1, 3]), 5)


def test_trip_ends_are_first_and_last_vertex():
    tracks = _tracks([[(0, 0), (1, 1), (2, 2)], [(5, 5), (6, 6)]])
    origin, dest = trip_ends(tracks.coords, tracks.offsets)
    assert origin.tolist() == [[0, 0], [5, 5]] and dest.tolist() == [[2, 2], [6, 6]]


# --- budget and record -------------------------------------------------------------------------


@pytest.mark.parametrize("keep", [True, False])
def test_budget_per_step_composes_to_the_declared_epsilon(keep):
    mechanism = SddMechanism(2.0, 12, M, keep_endpoints=keep)
    assert mechanism.step_epsilon == pytest.approx(2.0 / (10 if keep else 12))
    assert mechanism.length_epsilon + mechanism.direction_epsilon == pytest.approx(mechanism.step_epsilon)
    assert mechanism.total_epsilon() == pytest.approx(2.0)
    fields = mechanism.record_fields()
    assert fields["epsilon"] == pytest.approx(2.0) and fields["mechanism"] == SDD
    assert fields["noise_scale"] == pytest.approx(2 * M / mechanism.length_epsilon)
    vertex = VertexLaplace(2.0, 12, 50.0)
    assert vertex.record_fields()["epsilon"] == pytest.approx(2.0)
    assert vertex.record_fields()["noise_scale"] == pytest.approx(50.0 * 12 / 2.0)


def test_vertex_laplace_radius_follows_gamma_2_b():
    mechanism = VertexLaplace(1.0, 10, 100.0, grid=0)
    tracks = np.zeros((5000, 10, 2))
    d = mechanism.perturb(tracks, np.random.default_rng(3)).reshape(-1, 2)
    b = mechanism.vertex_mechanism().scale
    assert b == pytest.approx(1000.0)
    assert stats.kstest(np.hypot(*d.T), stats.gamma(a=2, scale=b).cdf).pvalue > ALPHA


# --- SDD step distributions ---------------------------------------------------------------------


def _angular(a, b):
    d = np.abs(a - b) % (2 * np.pi)
    return np.minimum(d, 2 * np.pi - d)


def _unconstrained_draws(mechanism, true, n=40_000, seed=5):
    prev = np.zeros((n, 2))
    end = np.tile([[1e6, 0.0]], (n, 1))  # far away with many steps left: nothing is cut off
    return mechanism.step(prev, np.tile(true, (n, 1)), end, remaining=10**5, rng=np.random.default_rng(seed))


@pytest.mark.parametrize("true", [(40.0, 30.0), (-250.0, 10.0), (0.0, 0.0)])
def test_step_length_follows_its_exponential_mechanism(true):
    mechanism = SddMechanism(4.0, 3, M)  # one step at epsilon 4: 2 on the length, 2 on the direction
    _, _, j = _unconstrained_draws(mechanism, true)
    rho = mechanism.candidates()[1]
    r = min(math.hypot(*true), M)
    p = np.exp(-mechanism.length_epsilon * np.abs(rho - r) / (2 * M))
    assert _chi_square_p(j, p / p.sum()) > ALPHA
    wrong = np.exp(-1.5 * mechanism.length_epsilon * np.abs(rho - r) / (2 * M))
    assert _chi_square_p(j, wrong / wrong.sum()) < ALPHA


@pytest.mark.parametrize("true", [(40.0, 30.0), (-250.0, 10.0)])
def test_step_direction_follows_its_exponential_mechanism(true):
    mechanism = SddMechanism(8.0, 3, M)
    _, a, _ = _unconstrained_draws(mechanism, true)
    alpha = mechanism.candidates()[0]  # beta = 0: the end lies on the x axis
    theta = math.atan2(true[1], true[0])
    p = np.exp(-mechanism.direction_epsilon * _angular(alpha, theta) / (2 * np.pi))
    assert _chi_square_p(a, p / p.sum()) > ALPHA
    wrong = np.exp(-1.5 * mechanism.direction_epsilon * _angular(alpha, theta) / (2 * np.pi))
    assert _chi_square_p(a, wrong / wrong.sum()) < ALPHA


def _restricted_joint(mechanism, prev, true, end, remaining, epsilon_scale=1.0):
    """The exponential mechanism over the feasible candidates, written out candidate by candidate."""
    offsets, rho = mechanism.candidates()
    beta = math.atan2(end[1] - prev[1], end[0] - prev[0])
    r = min(math.hypot(true[0] - prev[0], true[1] - prev[1]), M)
    theta = math.atan2(true[1] - prev[1], true[0] - prev[0])
    p = np.zeros((len(offsets), len(rho)))
    for a, offset in enumerate(offsets):
        alpha = beta + offset
        for j, length in enumerate(rho):
            x, y = prev[0] + length * math.cos(alpha), prev[1] + length * math.sin(alpha)
            if math.hypot(x - end[0], y - end[1]) <= remaining * M * (1 + 1e-12):
                p[a, j] = math.exp(-epsilon_scale * (mechanism.length_epsilon * abs(length - r) / (2 * M)
                                   + mechanism.direction_epsilon * _angular(alpha, theta) / (2 * np.pi)))
    return p / p.sum()


def test_restricted_step_follows_the_joint_distribution_over_reachable_candidates():
    """Near the end only candidates that keep it reachable are drawn, in proportion to their weights."""
    mechanism = SddMechanism(6.0, 3, M)
    prev, true, end, n = (0.0, 0.0), (-30.0, 60.0), (150.0, 0.0), 60_000
    new, a, j = mechanism.step(np.tile(prev, (n, 1)), np.tile(true, (n, 1)), np.tile(end, (n, 1)), 1,
                               np.random.default_rng(9))
    assert np.all(np.hypot(*(new - end).T) <= M * (1 + 1e-9))
    index = a * (mechanism.lengths + 1) + j
    p = _restricted_joint(mechanism, prev, true, end, 1).ravel()
    assert p[index].min() > 0  # never an unreachable candidate
    assert _chi_square_p(index, p) > ALPHA
    wrong = _restricted_joint(mechanism, prev, true, end, 1, epsilon_scale=1.5).ravel()
    assert _chi_square_p(index, wrong) < ALPHA


# --- endpoints and termination ------------------------------------------------------------------


def _walks(n, k, seed, spread=40.0):
    rng = np.random.default_rng(seed)
    return np.cumsum(rng.normal(0, spread, (n, k, 2)), axis=1) + 5e5


def test_kept_endpoints_equal_the_input():
    walks = _walks(300, 9, 1)
    tracks = Tracks(walks.reshape(-1, 2), np.arange(0, 300 * 9 + 1, 9))
    release = release_trajectories(tracks, TrajectorySpec(SDD, 1.0, 9, max_step=400.0), np.random.default_rng(2))
    rows, out = release.result["rows"], release.result["tracks"]
    assert sorted(rows.tolist()) == list(range(300)) and rows.tolist() != list(range(300))
    assert np.array_equal(out[:, 0], walks[rows, 0]) and np.array_equal(out[:, -1], walks[rows, -1])
    assert not np.array_equal(out[:, 1:-1], walks[rows, 1:-1])


@pytest.mark.parametrize("epsilon", [1e-6, 1.0, 900.0])
@pytest.mark.parametrize("keep", [True, False])
def test_sdd_terminates_and_keeps_every_step_within_max_step_on_adversarial_trips(epsilon, keep):
    """Trips at the reachability limit, zig-zags, far detours, zero length: n draws each, end always reached."""
    k = 8
    limit = (k - 1) * M
    straight = np.column_stack((np.linspace(0, limit, k), np.zeros(k)))  # start-end exactly (K-1) x M
    zigzag = np.column_stack((np.linspace(0, limit * 0.99, k), np.tile([0.0, 5000.0], k // 2)))
    zigzag[-1, 1] = 0.0
    detour = np.array([[0, 0]] + [[1e6, -1e6]] * (k - 2) + [[10.0, 0.0]])
    still = np.zeros((k, 2))
    tracks = _tracks([straight, zigzag, detour, still] * 25)
    spec = TrajectorySpec(SDD, epsilon * (k - 2), k, max_step=M, keep_endpoints=keep, grid=0)
    release = release_trajectories(tracks, spec, np.random.default_rng(4))
    out = release.result["tracks"]
    assert out.shape == (100, k, 2) and np.isfinite(out).all()
    steps = np.hypot(*np.diff(out, axis=1).transpose(2, 0, 1))
    assert steps.max() <= M * (1 + 1e-6)


def test_trip_longer_than_reachable_is_refused_before_any_draw():
    k = 5
    long_trip = [(0.0, 0.0), ((k - 1) * M + 0.5, 0.0)]
    calls = []
    with pytest.raises(UnreachableTripError, match="farther apart than"):
        release_trajectories(_tracks([long_trip, [(0, 0), (1, 1)]]), TrajectorySpec(SDD, 1.0, k, max_step=M),
                             np.random.default_rng(0), before_noise=calls.append)
    assert calls == []


@pytest.mark.parametrize("bad", [{"max_step": 0.0}, {"max_step": -1.0}, {"k": 2}, {"epsilon": 0.0},
                                 {"epsilon": 1e5}])
def test_bad_sdd_settings_are_refused(bad):
    settings = {"epsilon": 1.0, "k": 10, "max_step": M} | bad
    with pytest.raises(ValueError):
        SddMechanism(**settings)


def test_vertex_laplace_release_records_what_it_drew():
    tracks = _tracks([[(0, 0), (100, 0)], [(0, 0), (0, 50), (10, 50)]])
    release = release_trajectories(tracks, TrajectorySpec(VERTEX_LAPLACE, 2.0, 4, distance=50.0),
                                   np.random.default_rng(1))
    assert release.result["tracks"].shape == (2, 4, 2)
    assert release.record_fields == release.mechanism.record_fields()
    assert release.epsilon == pytest.approx(2.0)


# --- neighbouring trajectories ------------------------------------------------------------------


def _max_log_ratio(epsilon_used, n=300_000, seed=21):
    """Largest significant log-ratio of output frequencies for two neighbouring two-step trips.

    Both trips go from (0, 0) to (100, 0) with one re-drawn vertex (K = 3):
    one through (1, 0), the other through (-60, 80) (r = 0.01 M vs M,
    direction 0 vs 127 degrees). Returns (largest |log ratio| minus its
    allowance of 4.5 standard errors, largest raw |log ratio|).
    """
    mechanism = SddMechanism(epsilon_used, 3, M)
    end = np.tile([[100.0, 0.0]], (n, 1))
    counts = []
    for i, true in enumerate(((1.0, 0.0), (-60.0, 80.0))):
        _, a, j = mechanism.step(np.zeros((n, 2)), np.tile(true, (n, 1)), end, 1, np.random.default_rng(seed + i))
        # bins: 12 direction sectors x 8 length bands
        counts.append(np.bincount((a // 6) * 8 + np.minimum(j // 8, 7), minlength=96).astype(float))
    c1, c2 = counts
    both = (c1 >= 200) & (c2 >= 200)
    log_ratio = np.abs(np.log(c1[both] / c2[both]))
    allowance = 4.5 * np.sqrt(1 / c1[both] + 1 / c2[both])
    return float((log_ratio - allowance).max()), float(log_ratio.max())


def test_neighbouring_two_step_trips_are_within_e_to_the_epsilon():
    epsilon = 1.0  # declared per trajectory; K = 3 has one step, which gets all of it
    lower_bound, raw = _max_log_ratio(epsilon)
    assert lower_bound <= epsilon
    assert raw > 0.3 * epsilon  # the two trips are far apart: the test has something to bound


def test_neighbouring_test_catches_an_understated_budget():
    """Noise drawn at 5 x the declared epsilon: the same check fails (the ratio exceeds e^epsilon).

    (The bound is not tight here: the reachable set of a two-step trip is small, and the
    measured log-ratio at the declared epsilon is about 0.35.)
    """
    declared = 1.0
    lower_bound, _ = _max_log_ratio(5.0 * declared)
    assert lower_bound > declared


@pytest.mark.parametrize("kind", [SDD, VERTEX_LAPLACE])
def test_release_reserves_the_fields_it_records_and_draws_with_its_mechanism(kind):
    """Privacy claims are code: the reserved fields, the recorded fields and the noise come from one mechanism."""
    walks = _walks(50, 7, 8)
    tracks = Tracks(walks.reshape(-1, 2), np.arange(0, 50 * 7 + 1, 7))
    spec = TrajectorySpec(kind, 3.0, 7, max_step=500.0, grid=0)
    reserved = []
    release = release_trajectories(tracks, spec, np.random.default_rng(6), before_noise=reserved.append)
    assert reserved == [dict(release.record_fields)] and release.epsilon == pytest.approx(3.0)
    rng = np.random.default_rng(6)
    rows = rng.permutation(50)
    expected = spec.mechanism().perturb(resample(tracks.coords, tracks.offsets, 7)[rows], rng)
    assert np.array_equal(release.result["rows"], rows) and np.array_equal(release.result["tracks"], expected)
