"""Trips SDD cannot draw (start-end distance over (K - 1) x MAX_STEP): refuse, shorten or drop (NOT_FITTING).

The privacy argument is in core.releases.trajectories' module doc; these tests check its premises on
neighbouring inputs (one trip replaced, including a trip that does not fit) and the count's noise.
"""

import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.releases.trajectories import (
    DROP,
    REFUSE,
    SDD,
    SHORTEN,
    VERTEX_LAPLACE,
    Tracks,
    TrajectorySpec,
    UnreachableTripError,
    release_trajectories,
    shorten,
)

ALPHA = 0.001
K, M = 5, 100.0  # L = (K - 1) x MAX_STEP = 400 m
FITS = [(0.0, 0.0), (150.0, 80.0), (300.0, 0.0)]
TOO_LONG = [(1000.0, 0.0), (1500.0, 300.0), (2000.0, 0.0)]  # start-end 1,000 m
TOO_LONG_OTHER_ROUTE = [(1000.0, 0.0), (1500.0, -500.0), (2000.0, 0.0)]  # same ends, another route


def _tracks(lines):
    coords = np.concatenate([np.asarray(line, dtype=float) for line in lines])
    offsets = np.concatenate(([0], np.cumsum([len(line) for line in lines])))
    return Tracks(coords, offsets)


def _spec(not_fitting, keep_endpoints=True, **settings):
    return TrajectorySpec(SDD, 2.0, K, max_step=M, keep_endpoints=keep_endpoints, grid=0.0,
                          not_fitting=not_fitting, **settings)


def test_refuse_is_the_default_and_names_nothing_published():
    assert TrajectorySpec(SDD, 1.0, K, max_step=M).not_fitting == REFUSE
    calls = []
    with pytest.raises(UnreachableTripError):
        release_trajectories(_tracks([FITS, TOO_LONG]), _spec(REFUSE), np.random.default_rng(1),
                             before_noise=calls.append)
    assert calls == []


def test_shorten_scales_the_trip_about_its_midpoint_to_fit_and_counts_it_with_noise():
    calls = []
    release = release_trajectories(_tracks([FITS, TOO_LONG]), _spec(SHORTEN), np.random.default_rng(2),
                                   before_noise=calls.append)
    rows, tracks, shortened = (release.result[n] for n in ("rows", "tracks", "shortened"))
    assert sorted(rows) == [0, 1]
    long_row = int(np.flatnonzero(rows == 1)[0])
    assert list(shortened) == [r == 1 for r in rows]
    start, end = tracks[long_row, 0], tracks[long_row, -1]
    assert np.hypot(*(end - start)) == pytest.approx(400.0) and np.hypot(*(end - start)) <= 400.0
    np.testing.assert_allclose((start + end) / 2, (1500.0, 0.0))  # midpoint of the true ends kept
    steps = np.hypot(*np.diff(tracks[long_row], axis=0).T)
    assert steps.max() <= M + 1e-6
    fitting_row = int(np.flatnonzero(rows == 0)[0])
    np.testing.assert_allclose(tracks[fitting_row, [0, -1]], [FITS[0], FITS[-1]])  # a fitting trip unchanged
    # epsilon of the record and of the ledger: trajectories + count, composed sequentially
    assert release.epsilon == pytest.approx(2.1) and calls[0]["epsilon"] == pytest.approx(2.1)
    assert "shortened" in release.record_fields["unit_of_privacy"]
    # the exact count and the MAX_STEP that would fit are private; the noisy count is public
    assert set(release.private_facts) >= {"not_fitting", "fitting_max_step"}
    assert release.private_facts["fitting_max_step"].value == 250.0
    assert "not_fitting_noisy" in release.public_facts


def test_neighbours_with_a_trip_that_does_not_fit_publish_the_same_number_of_rows():
    """One trip replaced: inside the limit in one input, beyond it in the other, ends within DISTANCE."""
    fits = [(0.0, 0.0), (200.0, 10.0), (390.0, 0.0)]
    does_not = [(0.0, 0.0), (200.0, 10.0), (460.0, 0.0)]
    for kind, keep in ((SDD, False), (SDD, True)):
        counts = {len(release_trajectories(_tracks([FITS, trip]), _spec(SHORTEN, keep_endpoints=keep),
                                           np.random.default_rng(3)).result["rows"]) for trip in (fits, does_not)}
        assert counts == {2}, kind
    # DROP with kept ends: neighbours have the same ends, so the same trips are dropped
    for route in (TOO_LONG, TOO_LONG_OTHER_ROUTE):
        release = release_trajectories(_tracks([FITS, route]), _spec(DROP), np.random.default_rng(4))
        assert list(release.result["rows"]) == [0] and not release.result["shortened"].any()
    # ... with perturbed ends it is refused: the row count would show a trip moved past the limit
    with pytest.raises(ValueError, match="KEEP_ENDPOINTS"):
        _spec(DROP, keep_endpoints=False)
    TrajectorySpec(VERTEX_LAPLACE, 1.0, K, not_fitting=DROP)  # no limit to fit: nothing dropped


def test_shortening_moves_the_ends_no_more_than_the_privacy_argument_allows():
    """|ds'| + |de'| <= sqrt(2 (|ds|^2 + |de|^2)): ends each within DISTANCE stay within 2 x DISTANCE in all."""
    rng = np.random.default_rng(5)
    n, limit = 20000, 400.0
    a = rng.uniform(-1000, 1000, size=(n, 2, 2))
    b = a + rng.normal(0, 100, size=(n, 2, 2)) * rng.uniform(0, 3, size=(n, 1, 1))
    out = []
    for ends in (a, b):
        straight = np.hypot(*(ends[:, 1] - ends[:, 0]).T)
        out.append(shorten(ends, straight, limit))
    moved = np.hypot(*(out[1] - out[0]).transpose(2, 0, 1)).sum(axis=1)
    bound = np.sqrt(2 * (np.hypot(*(b - a).transpose(2, 0, 1)) ** 2).sum(axis=1))
    assert (moved <= bound + 1e-6).all()
    assert (np.hypot(*(out[0][:, 1] - out[0][:, 0]).T) <= limit).all()


def test_the_noisy_count_has_discrete_laplace_noise_at_its_epsilon():
    """P(noisy count == true count) is (1 - a) / (1 + a), a = exp(-epsilon): binomial test at ALPHA."""
    runs, epsilon = 600, 1.0
    spec = _spec(SHORTEN, count_epsilon=epsilon)
    tracks = _tracks([TOO_LONG, TOO_LONG_OTHER_ROUTE, TOO_LONG, FITS])  # 3 do not fit
    rng = np.random.default_rng(6)
    hits = sum(release_trajectories(tracks, spec, rng).facts["not_fitting_noisy"] == 3 for _ in range(runs))
    a = math.exp(-epsilon)
    assert stats.binomtest(hits, runs, (1 - a) / (1 + a)).pvalue > ALPHA
    assert hits < runs  # the count is noisy
