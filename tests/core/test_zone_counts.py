"""The noisy zone-count release: slots, user bounds, noise, threshold, top k, neighbouring datasets.

Statistical checks use fixed seeds. Variances are bounded with the fourth
moment (Var of the mean of n squared noises = (mu4 - sigma^4) / n) at 4.5
standard errors; empirical probability ratios get 4.5 standard errors of the
log ratio as sampling slack.
"""

import datetime as dt
import math

import numpy as np
import pytest
import shapely

from dp_geoprivacy.core.geometry import zones as zones_module
from dp_geoprivacy.core.geometry.zones import LOCATOR_MIN_POINTS, OUTSIDE, Tessellation
from dp_geoprivacy.core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE, CountNoise, StabilityHistogram
from dp_geoprivacy.core.releases.release import null_user_mask
from dp_geoprivacy.core.releases.time_slots import (
    FOUR_HOURS,
    HOUR,
    WEEKDAY,
    TimeSlotError,
    day_keys,
    slot_labels,
    time_slots,
)
from dp_geoprivacy.core.releases.zone_counts import make_mechanism, noisy_histogram, overlay_faces

Z = 4.5


def _fourth_moment(noise: CountNoise) -> float:
    if noise.kind == LAPLACE:
        return 24.0 * noise.scale**4
    a = noise.alpha
    k = np.arange(-4000, 4001)
    pmf = (1 - a) / (1 + a) * a ** np.abs(k)
    return float(np.sum(pmf * k.astype(float) ** 4))


def _variance_ok(samples, noise):
    n = samples.size
    second = float(np.mean(samples.astype(float) ** 2))
    se = math.sqrt((_fourth_moment(noise) - noise.variance**2) / n)
    return abs(second - noise.variance) <= Z * se, second, se


# --- time slots ------------------------------------------------------------------


def test_slot_labels():
    assert slot_labels(HOUR)[0] == "00-01" and slot_labels(HOUR)[23] == "23-00"
    assert slot_labels(FOUR_HOURS) == ("02-06", "06-10", "10-14", "14-18", "18-22", "22-02")
    assert slot_labels(WEEKDAY) == ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def test_time_slots_from_datetimes_objects_and_text():
    stamps = np.array(["2024-01-01T00:00", "2024-01-01T01:59:59", "2024-01-06T02:00", "2024-01-07T23:30"],
                      dtype="datetime64[ms]")
    assert time_slots(stamps, HOUR).tolist() == [0, 1, 2, 23]
    assert time_slots(stamps, FOUR_HOURS).tolist() == [5, 5, 0, 5]
    assert time_slots(stamps, WEEKDAY).tolist() == [0, 0, 5, 6]  # 2024-01-01 was a Monday
    mixed = np.array([dt.datetime(2024, 1, 3, 14, 5), None, "2024-01-04 10:00:00+02:00", "09:15",
                      dt.time(22, 0), b"2024-01-05T06:00Z"], dtype=object)
    assert time_slots(mixed, HOUR).tolist() == [14, -1, 10, 9, 22, 6]
    assert time_slots(mixed[[0, 1, 2, 5]], WEEKDAY).tolist() == [2, -1, 3, 4]


def test_time_slots_refuse_values_without_what_they_need():
    with pytest.raises(TimeSlotError, match="carry no time of day"):
        time_slots(np.array(["2024-01-01"], dtype="datetime64[D]"), HOUR)
    with pytest.raises(TimeSlotError, match="carry no date"):
        time_slots(np.array(["08:00"], dtype=object), WEEKDAY)
    with pytest.raises(TimeSlotError):
        time_slots(np.array(["tomorrow"], dtype=object), HOUR)


def test_day_keys_from_dates_text_and_day_numbers():
    stamps = np.array(["2024-01-01T23:59", "2024-01-02T00:00", "NaT"], dtype="datetime64[ms]")
    keys = day_keys(stamps)
    assert keys.mask.tolist() == [False, False, True] and keys[1] - keys[0] == 1
    mixed = day_keys(np.array([dt.date(2024, 1, 1), "2024-01-01 08:00", None, b"2024-01-03"], dtype=object))
    assert mixed.mask.tolist() == [False, False, True, False]
    assert mixed.data[0] == mixed.data[1] == (dt.date(2024, 1, 1) - dt.date(1970, 1, 1)).days
    assert mixed.data[3] - mixed.data[0] == 2
    numbers = day_keys(np.array([1.0, np.nan, 31.0]))
    assert numbers.mask.tolist() == [False, True, False] and numbers.data[[0, 2]].tolist() == [1, 31]
    with pytest.raises(TimeSlotError, match="carry no date"):
        day_keys(np.array(["08:00"], dtype=object))
    with pytest.raises(TimeSlotError, match="not whole numbers"):
        day_keys(np.array([1.5]))


def test_null_users():
    assert null_user_mask(np.array(["a", None, "", "b"], dtype=object)).tolist() == [False, True, True, False]
    assert null_user_mask(np.array([1.0, np.nan, 3.0])).tolist() == [False, True, False]
    assert null_user_mask(np.ma.masked_array([1, 2], mask=[False, True])).tolist() == [False, True]


# --- overlapping zones -----------------------------------------------------------


def test_overlay_counts_a_point_in_every_zone_containing_it():
    zones = Tessellation([shapely.box(0, 0, 10, 10), shapely.box(5, 0, 15, 10), shapely.box(6, 2, 8, 4),
                          shapely.box(20, 0, 30, 10)], ["a", "b", "c", "d"])
    overlay = overlay_faces(zones)
    assert overlay.depth == 3
    xy = np.array([[1, 1], [6, 1], [7, 3], [25, 5], [50, 50]], float)
    face = overlay.faces.assign(xy)
    assert face[-1] == OUTSIDE
    counts = overlay.zone_counts(np.bincount(face[face >= 0], minlength=len(overlay.faces))[:, None], 4)
    assert counts.ravel().tolist() == [3, 2, 1, 1]


# --- the release -----------------------------------------------------------------


@pytest.mark.parametrize("kind", [LAPLACE, DISCRETE_LAPLACE])
def test_every_zone_gets_noise_of_its_distribution(kind):
    rng = np.random.default_rng(11)
    n_zones, n_slots = 40, 3
    true = rng.integers(0, 30, size=(n_zones, n_slots))
    true[:10] = 0  # zero-count zones are noised too
    cell = np.repeat(np.arange(n_zones * n_slots), true.ravel())
    zone, slot = cell // n_slots, cell % n_slots
    zone = np.r_[zone, np.full(7, OUTSIDE)]
    slot = np.r_[slot, np.zeros(7, int)]
    mechanism = make_mechanism(epsilon=0.5, noise=kind, max_contributions=1)
    runs = 300
    noise = np.empty((runs, n_zones, n_slots))
    outside = np.empty(runs)
    for r in range(runs):
        release = noisy_histogram(zone, n_zones, n_slots, mechanism, rng, slot=slot, clamp=False)
        assert release.published.all()
        noise[r] = release.noisy - true
        outside[r] = release.outside - 7
    ok, second, se = _variance_ok(noise, mechanism)
    assert ok, (second, mechanism.variance, se)
    assert _variance_ok(outside, mechanism)[0]
    # Per cell, with a Bonferroni-widened bound: no cell is left without noise or over-noised.
    per_cell = np.mean(noise**2, axis=0)
    se_cell = math.sqrt((_fourth_moment(mechanism) - mechanism.variance**2) / runs)
    assert np.all(np.abs(per_cell - mechanism.variance) <= 6.0 * se_cell)
    assert abs(noise.mean()) <= Z * math.sqrt(mechanism.variance / noise.size)


def test_zero_count_zones_are_published_with_noise():
    rng = np.random.default_rng(3)
    mechanism = make_mechanism(epsilon=1.0)
    release = noisy_histogram(np.array([0, 0, 0]), 50, 1, mechanism, rng, clamp=False)
    assert release.published.all() and release.noisy.shape == (50, 1)
    # Snapped Laplace (grain 1 at b = 1): integer values, zeros possible, spread like the noise.
    assert np.all(release.noisy == np.round(release.noisy)) and np.count_nonzero(release.noisy[1:]) > 0
    assert np.std(release.noisy[1:]) > 0.3


def test_user_bound_keeps_at_most_m_per_user_and_samples_uniformly():
    # One user with 10 points in 10 zones, M = 3: each point kept with probability 3/10.
    rng = np.random.default_rng(5)
    mechanism = make_mechanism(epsilon=1e9, max_contributions=3)  # negligible noise: counts are exact
    users = np.array(["u"] * 10 + ["v", "w"])
    zone = np.r_[np.arange(10), 10, 10]
    kept = np.zeros(10)
    runs = 3000
    for _ in range(runs):
        release = noisy_histogram(zone, 11, 1, mechanism, rng, user_keys=users, max_contributions=3)
        counts = release.noisy[:, 0]
        assert counts[:10].sum() == 3 and counts[10] == 2
        kept += counts[:10]
    expected = runs * 3 / 10
    chi2 = float(np.sum((kept - expected) ** 2 / expected))
    assert chi2 < 27.88  # chi-square(9) 0.999 quantile


def test_stability_threshold_suppresses_exactly_the_cells_below_it():
    rng = np.random.default_rng(8)
    true = np.r_[np.zeros(30, int), rng.integers(1, 80, 70)]
    rng.shuffle(true)
    zone = np.repeat(np.arange(100), true)
    mechanism = make_mechanism(epsilon=1.0, delta=1e-5, threshold=True)
    assert isinstance(mechanism, StabilityHistogram)
    for seed in range(20):
        release = noisy_histogram(zone, 100, 1, mechanism, np.random.default_rng(seed), clamp=False)
        replay_published, replay_noisy = mechanism.release(np.append(true, 0.0), np.random.default_rng(seed))
        assert np.array_equal(release.published[:, 0], replay_published[:-1])
        published = release.published[:, 0]
        assert not np.any(published & (true == 0))
        assert np.all(release.noisy[published, 0] >= mechanism.threshold)
        assert np.all(replay_noisy[:-1][(true > 0) & ~published] < mechanism.threshold)
        assert np.isnan(release.noisy[~published, 0]).all()
        assert math.isnan(release.outside)  # no point outside: the outside cell is never published


def test_top_k_keeps_the_k_largest_noisy_counts():
    zone = np.repeat(np.arange(20), np.arange(20) * 5)
    mechanism = make_mechanism(epsilon=1.0)
    full = noisy_histogram(zone, 20, 1, mechanism, np.random.default_rng(1), clamp=False)
    top = noisy_histogram(zone, 20, 1, mechanism, np.random.default_rng(1), k=4, clamp=False)
    assert top.published.sum() == 4
    assert set(np.flatnonzero(top.published[:, 0])) == set(np.argsort(-full.noisy[:, 0])[:4])


def test_clamp_rounds_and_zeroes_negatives():
    release = noisy_histogram(np.array([0]), 30, 1, make_mechanism(epsilon=0.2), np.random.default_rng(2))
    assert np.all(release.noisy >= 0) and np.all(release.noisy == np.round(release.noisy))


def test_same_seed_same_release():
    zone = np.array([0, 1, 1, 2, OUTSIDE])
    users = np.array(["a", "a", "b", "c", "c"])
    runs = [noisy_histogram(zone, 4, 1, make_mechanism(epsilon=1, max_contributions=1),
                                np.random.default_rng(seed), user_keys=users) for seed in (4, 4, 5)]
    assert np.array_equal(runs[0].noisy, runs[1].noisy) and runs[0].outside == runs[1].outside
    assert not np.array_equal(runs[0].noisy, runs[2].noisy)


def test_sensitivity_follows_unit_m_and_overlap_depth_not_slots():
    assert make_mechanism(epsilon=1).sensitivity == 1
    assert make_mechanism(epsilon=1, max_contributions=4).sensitivity == 4
    assert make_mechanism(epsilon=1, max_contributions=4, cells_per_contribution=2).sensitivity == 8
    assert make_mechanism(epsilon=1, delta=1e-6, threshold=True, max_contributions=4).sensitivity == 8
    with pytest.raises(ValueError, match="Laplace"):
        make_mechanism(epsilon=1, delta=1e-6, threshold=True, noise=DISCRETE_LAPLACE)


# --- neighbouring datasets -------------------------------------------------------------


def _value_frequencies(zone, users, m, mechanism, runs, seed):
    rng = np.random.default_rng(seed)
    values = np.empty(runs, dtype=np.int64)
    for r in range(runs):
        release = noisy_histogram(zone, 2, 1, mechanism, rng, user_keys=users, max_contributions=m,
                                      clamp=False)
        values[r] = int(release.noisy[0, 0])
    return values


def _worst_log_ratio_excess(a, b, epsilon, min_count=300):
    """max over values v of log(P_a(v) / P_b(v)) - epsilon - Z * SE, both directions."""
    worst = -np.inf
    for v in np.union1d(a, b):
        na, nb = np.count_nonzero(a == v), np.count_nonzero(b == v)
        if na < min_count or nb < min_count:
            continue
        log_ratio = math.log((na / len(a)) / (nb / len(b)))
        se = math.sqrt(1 / na + 1 / nb)
        worst = max(worst, abs(log_ratio) - epsilon - Z * se)
    return worst


@pytest.mark.parametrize("extra_points", [2, 5], ids=["user with M points", "user with more than M points"])
def test_adding_one_user_changes_output_probabilities_by_at_most_e_epsilon(extra_points):
    epsilon, m, runs = 0.7, 2, 30_000
    base_zone = np.array([0, 0, 0, 0, 0, 1, 1, 1])
    base_users = np.array(["a", "b", "c", "d", "e", "a", "f", "g"])
    neighbour_zone = np.r_[base_zone, np.zeros(extra_points, int)]
    neighbour_users = np.r_[base_users, np.array(["new"] * extra_points)]
    mechanism = make_mechanism(epsilon=epsilon, noise=DISCRETE_LAPLACE, max_contributions=m)
    d = _value_frequencies(base_zone, base_users, m, mechanism, runs, 1)
    d_prime = _value_frequencies(neighbour_zone, neighbour_users, m, mechanism, runs, 2)
    assert _worst_log_ratio_excess(d, d_prime, epsilon) <= 0
    # The bound is tight (left of both true counts the ratio is exactly e^epsilon) ...
    left = [v for v in range(-3, 4) if np.count_nonzero(d == v) > 300]
    ratios = [np.count_nonzero(d == v) / np.count_nonzero(d_prime == v) for v in left]
    assert abs(math.log(np.mean(ratios)) - epsilon) < 0.15
    # ... so noise calibrated for one point per user would fail the same check.
    wrong = CountNoise(DISCRETE_LAPLACE, epsilon, 1)
    d_wrong = _value_frequencies(base_zone, base_users, m, wrong, runs, 3)
    d_prime_wrong = _value_frequencies(neighbour_zone, neighbour_users, m, wrong, runs, 4)
    assert _worst_log_ratio_excess(d_wrong, d_prime_wrong, epsilon) > 0


# --- fast point location --------------------------------------------------------------


@pytest.mark.parametrize("kind", ["grid", "voronoi with a holed zone on top", "one zone"])
def test_zone_locator_gives_the_same_zones_as_the_tessellation(kind):
    rng = np.random.default_rng(21)
    if kind == "grid":
        polygons = [shapely.box(c * 10, r * 10, (c + 1) * 10, (r + 1) * 10) for r in range(30) for c in range(30)]
    elif kind == "one zone":
        polygons = [shapely.Point(50, 50).buffer(30)]
    else:
        cells = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint(rng.uniform(0, 100, (300, 2)))))
        polygons = list(shapely.intersection(cells, shapely.box(0, 0, 100, 100)))
        polygons.insert(7, shapely.box(20, 20, 60, 60).difference(shapely.box(30, 30, 40, 40)))
    zones = Tessellation(polygons, range(len(polygons)))
    vertices = shapely.get_coordinates(np.array(polygons, dtype=object))
    edges = np.column_stack((rng.integers(0, 31, 5000) * 10.0, rng.uniform(0, 300, 5000)))
    xy = np.r_[rng.uniform(-10, 310, (50_000, 2)), vertices, edges, [[np.nan, 1.0], [1.0, np.inf]]]
    assert len(xy) >= LOCATOR_MIN_POINTS  # the raster path of Tessellation.assign
    assert np.array_equal(zones.assign(xy), zones.assign_with_tree(xy))
    assert zones.assign(np.empty((0, 2))).shape == (0,)


def test_many_points_are_reprojected_and_located_chunk_by_chunk_with_the_same_zones(monkeypatch):
    """Issue 24 (speed): Tessellation.assign with a reprojection hands LOCATOR_CHUNK points at a time to it and to
    the ZoneLocator; the zones equal the STRtree's on the reprojected points, across chunk ends; few points go to
    the tree, reprojected once."""
    monkeypatch.setattr(zones_module, "LOCATOR_CHUNK", 4096)
    polygons = [shapely.box(c * 10, r * 10, (c + 1) * 10, (r + 1) * 10) for r in range(30) for c in range(30)]
    zones = Tessellation(polygons, range(len(polygons)))
    rng = np.random.default_rng(22)
    xy = np.r_[rng.uniform(-10, 160, (LOCATOR_MIN_POINTS + 5001, 2)), [[np.nan, 1.0]]]
    sizes = []

    def transform(a):  # an affine map point by point, as a reprojection is
        sizes.append(len(a))
        return a * 2.0 + [-5.0, 3.0]

    got = zones.assign(xy, transform)
    assert max(sizes) == 4096 and sum(sizes) == len(xy) and len(sizes) == -(-len(xy) // 4096)
    assert np.array_equal(got, zones.assign_with_tree(xy * 2.0 + [-5.0, 3.0]))
    sizes.clear()
    assert np.array_equal(zones.assign(xy[:100], transform), got[:100]) and sizes == [100]
