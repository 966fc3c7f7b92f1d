"""The release functions (core.releases.release's one shape): filtering, order, record fields, noise after checks.

Statistical checks use fixed seeds; the KS test runs at alpha = 0.001.
"""

import math

import numpy as np
import pytest
import shapely
from scipy import stats

from dp_geoprivacy.core.geometry.zones import OUTSIDE, Tessellation
from dp_geoprivacy.core.mechanisms.location import PLANAR, LocationLaplace, PerturbationSpec, release_perturbation
from dp_geoprivacy.core.releases.escape_release import (
    EscapeData,
    EscapeSpec,
    MatchError,
    match_rows,
    release_escape_analysis,
)
from dp_geoprivacy.core.releases.od_flows import ODFlowData, ODFlowSpec, release_od_flows
from dp_geoprivacy.core.releases.publication import reveal
from dp_geoprivacy.core.releases.randomized_response import (
    UNIFORM,
    ResponseData,
    ResponseInputError,
    ResponseSpec,
    StratumDeclaration,
    category_keys,
    release_randomized_response,
)
from dp_geoprivacy.core.releases.release import (
    NoUsableRecordsError,
    Release,
    order_by_rank,
    ranks_from_order,
    user_codes,
)
from dp_geoprivacy.core.releases.relocation import RelocationSpec, release_relocation
from dp_geoprivacy.core.releases.time_slots import HOUR, TimeSlotError
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts

ALPHA = 0.001


class _Reservations:
    """A before_noise callback that records the generator's state when it is called."""

    def __init__(self, rng):
        self.rng, self.states = rng, []

    def __call__(self, record_fields):
        self.fields = dict(record_fields)
        self.states.append(self.rng.bit_generator.state)


def test_release_is_immutable_and_exposes_epsilon():
    release = Release({"a": np.arange(3)}, None, {"epsilon": 0.5, "delta": 0.0})
    assert release.epsilon == 0.5 and release.delta == 0.0
    with pytest.raises(TypeError):
        release.result["b"] = 1
    with pytest.raises(AttributeError):
        release.mechanism = "other"


def test_order_by_rank_sorts_by_public_rank_then_minor_keys():
    rank = ranks_from_order(np.array([2, 0, 1]))  # key 2 first, then 0, then 1
    assert rank.tolist() == [1, 2, 0]
    keys, minor = np.array([0, 2, 1, 2, 0]), np.array([1, 1, 0, 0, 0])
    order = order_by_rank(rank, keys, minor)
    assert list(zip(keys[order].tolist(), minor[order].tolist())) == [(2, 0), (2, 1), (0, 0), (0, 1), (1, 0)]


def test_user_codes_give_one_code_per_distinct_text_id():
    codes = user_codes(np.array(["b", "a", "b", "c"], dtype=object))
    assert codes[0] == codes[2] and len(set(codes.tolist())) == 3


# --- location perturbation ------------------------------------------------------------------


def test_perturbation_release_claims_what_its_mechanism_draws():
    spec = PerturbationSpec(PLANAR, epsilon=0.5, distance=100.0, grid=0.0)
    xy = np.random.default_rng(1).uniform(0, 1000, size=(20_000, 2))
    release = release_perturbation(xy, spec, np.random.default_rng(2))
    assert dict(release.record_fields) == spec.mechanism().record_fields() == release.mechanism.record_fields()
    rows = release.result["rows"]
    assert sorted(rows.tolist()) == list(range(len(xy)))
    assert not np.array_equal(rows, np.arange(len(xy)))  # a random order, not the input's
    radius = np.hypot(*(release.result["xy"] - xy[rows]).T)
    assert stats.kstest(radius, stats.gamma(a=2, scale=spec.mechanism().scale).cdf).pvalue > ALPHA


def test_perturbation_release_matches_the_mechanism_draw_for_draw():
    """Same generator sequence as the algorithm had before the release function: shuffle, then noise."""
    spec = PerturbationSpec(PLANAR, epsilon=1.0, distance=50.0)
    xy = np.random.default_rng(3).uniform(0, 1000, size=(500, 2))
    release = release_perturbation(xy, spec, np.random.default_rng(4))
    rng = np.random.default_rng(4)
    rows = rng.permutation(len(xy))
    expected = LocationLaplace(PLANAR, 1.0, 50.0).perturb(xy[rows], rng)
    assert np.array_equal(release.result["rows"], rows)
    assert np.array_equal(release.result["xy"], expected)


# --- zone counts ------------------------------------------------------------------------------


def _zone_data(**extra):
    cell = np.array([0, 1, 1, 2, OUTSIDE, 2, 2])
    return ZoneCountData(cell=cell, n_zones=3, zone_rank=ranks_from_order(np.array([2, 0, 1])), **extra)


def test_zone_count_release_drops_null_users_and_times_and_reports_them():
    users = np.array(["a", None, "b", "", "c", "d", "e"], dtype=object)
    times = np.array(["08:00", "09:00", None, "10:00", "11:00", "12:00", "13:00"], dtype=object)
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="one user", slot_kind=HOUR, max_contributions=1)
    release = release_zone_counts(_zone_data(user_keys=users, times=times), spec, np.random.default_rng(5))
    assert reveal(release.facts["null_users"]) == 2  # None and the empty text
    assert reveal(release.facts["null_times"]) == 1
    assert dict(release.record_fields) == spec.mechanism().record_fields("one user")
    # Every zone x hour cell is published (noise on every cell), in the public order: zone rank, then hour.
    zones, slots = release.result["zone_index"], release.result["slot_index"]
    assert len(zones) == 3 * 24
    assert zones.tolist() == [2] * 24 + [0] * 24 + [1] * 24
    assert slots.tolist() == list(range(24)) * 3


def test_zone_count_release_is_unbiased_per_zone():
    """Mean noisy count over repeated releases is the true count (Laplace noise, variance 2 b^2)."""
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="one point", clamp=False)
    data = _zone_data()
    rng = np.random.default_rng(6)
    runs = np.array([release_zone_counts(data, spec, rng).result["noisy_count"] for _ in range(4000)])
    # Output order by zone rank: zones 2, 0, 1 with true counts 3, 1, 2.
    b = spec.mechanism().scale
    standard_error = np.sqrt(2 * b**2 / len(runs))
    assert np.all(np.abs(runs.mean(axis=0) - [3, 1, 2]) < 4.5 * standard_error)


def test_zone_count_release_checks_times_before_any_draw_and_reserves_before_drawing():
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="one point", slot_kind=HOUR)
    rng = np.random.default_rng(7)
    reservations = _Reservations(rng)
    bad = np.array(["2024-05-01"] * 7, dtype=object)  # dates carry no hour
    with pytest.raises(TimeSlotError):
        release_zone_counts(_zone_data(times=bad), spec, rng, before_noise=reservations)
    assert reservations.states == []
    start = rng.bit_generator.state
    good = np.array(["08:00"] * 7, dtype=object)
    release_zone_counts(_zone_data(times=good), spec, rng, before_noise=reservations)
    assert reservations.states == [start]  # called once, before the first draw
    assert reservations.fields == spec.mechanism().record_fields("one point")
    assert rng.bit_generator.state != start


# --- OD flows ---------------------------------------------------------------------------------


def _od_data(**extra):
    origin = np.array([0, 0, 1, 2, OUTSIDE, 2])
    dest = np.array([1, 1, 0, 2, 0, OUTSIDE])
    return ODFlowData(origin, dest, zone_order=np.array([2, 0, 1]), **extra)


def test_od_release_publishes_every_pair_in_id_order_with_the_mechanism_fields():
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="one trip", min_flow=0.0)
    release = release_od_flows(_od_data(), spec, np.random.default_rng(8))
    assert dict(release.record_fields) == spec.mechanism().record_fields("one trip")
    pairs = list(zip(release.result["origin_index"].tolist(), release.result["dest_index"].tolist()))
    ids_order = [2, 0, 1]
    assert pairs == [(o, d) for o in ids_order for d in ids_order]  # MIN_FLOW 0: all 9 pairs, by id
    assert reveal(release.facts["trips"]) == 6 and reveal(release.facts["ends_outside"]) == 2
    assert release.facts["path"] == "dense" and release.facts["published"] == 9


def test_od_release_drops_null_users_and_refuses_all_null_before_any_draw():
    spec = ODFlowSpec(epsilon=1.0, unit_of_privacy="one user", max_trips=1)
    users = np.array(["a", "a", None, "b", "", "c"], dtype=object)
    rng = np.random.default_rng(9)
    reservations = _Reservations(rng)
    release = release_od_flows(_od_data(user_keys=users), spec, rng, before_noise=reservations)
    assert reveal(release.facts["null_users"]) == 2 and reveal(release.facts["trips"]) == 4
    assert reveal(release.facts["dropped_by_bound"]) == 1  # user a keeps one of two trips
    assert len(reservations.states) == 1
    rng = np.random.default_rng(10)
    reservations = _Reservations(rng)
    start = rng.bit_generator.state
    with pytest.raises(NoUsableRecordsError):
        release_od_flows(_od_data(user_keys=np.array([None] * 6, dtype=object)), spec, rng, before_noise=reservations)
    assert reservations.states == [] and rng.bit_generator.state == start


# --- randomized response ------------------------------------------------------------------------


def test_randomized_response_release_reports_every_row_and_estimates_in_domain_order():
    values = np.array(["b", "a", None, "a", "c"] * 400, dtype=object)
    spec = ResponseSpec(("a", "b", "c"), UNIFORM, p_truth=0.5)
    rng = np.random.default_rng(11)
    reservations = _Reservations(rng)
    release = release_randomized_response(ResponseData(values, "text"), spec, rng, before_noise=reservations)
    assert reservations.fields == dict(release.record_fields) == release.mechanism.record_fields()
    rows, reported = release.result["rows"], release.result["reported"]
    assert sorted(rows.tolist()) == list(range(len(values)))
    assert set(reported.tolist()) <= {"a", "b", "c"}  # NULL is reported by the rule for undeclared values
    assert reveal(release.facts["outside"]) == 400
    assert release.result["category"].tolist() == ["a", "b", "c"]
    # Unbiased: true counts a 800, b 400, c 400, plus the 400 NULLs spread as q (1/3 each).
    error = np.abs(release.result["estimate"] - (np.array([800, 400, 400]) + 400 / 3))
    assert np.all(error < 4.5 * release.result["std_error"])


def test_randomized_response_release_refuses_before_any_draw():
    rng = np.random.default_rng(12)
    reservations = _Reservations(rng)
    spec = ResponseSpec(("a", "b"), UNIFORM, epsilon=1.0, strata=(StratumDeclaration("x"),))
    with pytest.raises(ResponseInputError) as raised:
        release_randomized_response(ResponseData(np.array(["a", "z", "a"], dtype=object), "text",
                                                 np.array(["x", "y", "x"], dtype=object)), spec, rng,
                                    before_noise=reservations)
    assert raised.value.reason == "undeclared_strata" and raised.value.values == ("y",)
    with pytest.raises(ResponseInputError) as raised:
        release_randomized_response(ResponseData(np.array(["a"], dtype=object), "text"),
                                    ResponseSpec(("a", "b"), UNIFORM, epsilon=50.0), rng, before_noise=reservations)
    assert raised.value.reason == "p_rounds_to_one"
    assert reservations.states == []


def test_category_keys_read_integers_and_reals_as_text():
    assert category_keys(np.array([3, None], dtype=object), "int").tolist() == ["3", None]
    assert category_keys(np.array(["4.0"], dtype=object), "int", parse=True).tolist() == ["4"]
    with pytest.raises(ValueError):
        category_keys(np.array(["4.5"], dtype=object), "int", parse=True)


# --- trip relocation --------------------------------------------------------------------------


def test_relocation_release_reports_unknown_zones_by_the_public_rule_and_drops_no_trip():
    spec = RelocationSpec(epsilon=2.0, floor=0.01, joint=False, histograms=({"1": 10.0, "2": 5.0, "10": 1.0},))
    assert spec.zones == ("1", "2", "10")  # numeric ids in numeric order
    origin = np.array([1.0, 2, None, 10, 7], dtype=object)  # 1.0 reads as zone "1"; 7 is unknown
    dest = np.array(["2", "1", "1", "1", "1"], dtype=object)
    rng = np.random.default_rng(13)
    reservations = _Reservations(rng)
    release = release_relocation(origin, dest, spec, rng, before_noise=reservations)
    assert reveal(release.facts["outside"]) == 2
    assert sorted(release.result["rows"].tolist()) == [0, 1, 2, 3, 4]
    assert set(release.result["origin_id"].tolist()) <= {"1", "2", "10"}
    assert reservations.fields == dict(release.record_fields) == release.mechanism.record_fields(0.01)
    # An unknown origin is a draw from q alone: over many trips its share of zone "10" is q("10").
    many = release_relocation(np.array([None] * 20_000, dtype=object), np.array(["1"] * 20_000, dtype=object),
                              spec, np.random.default_rng(14))
    q = release.mechanism.origin_q[2]
    share = float(np.mean(many.result["origin_id"] == "10"))
    assert abs(share - q) < 4.5 * math.sqrt(q * (1 - q) / 20_000)


def test_relocation_release_keeps_each_trip_with_probability_p():
    """The share of origins reported truthfully is p + (1 - p) q_own: checked at 4.5 binomial standard errors."""
    spec = RelocationSpec(epsilon=3.0, floor=0.05, joint=False, histograms=({"a": 50.0, "b": 50.0},))
    n = 20_000
    origin = np.array(["a"] * n, dtype=object)
    release = release_relocation(origin, origin, spec, np.random.default_rng(15))
    q_a, p = release.mechanism.origin_q[0], release.mechanism.p_truth
    assert math.isclose(release.mechanism.epsilon, 3.0)
    expected = p + (1 - p) * q_a
    share = float(np.mean(release.result["origin_id"] == "a"))
    assert abs(share - expected) < 4.5 * np.sqrt(expected * (1 - expected) / n)


# --- escape analysis (not a release: the same shape, no mechanism) ------------------------------


def test_match_rows_pairs_equal_keys_and_refuses_repeats():
    true_rows, perturbed_rows, unmatched = match_rows(np.array([5.0, "7", None, 9], dtype=object),
                                                      np.array(["9", 5, "8"], dtype=object))
    assert true_rows.tolist() == [0, 3] and perturbed_rows.tolist() == [1, 0] and unmatched == 3
    with pytest.raises(MatchError) as raised:
        match_rows(np.array([1, 2], dtype=object), np.array([1, 1.0], dtype=object))
    assert raised.value.reason == "repeated" and raised.value.layer == 1
    with pytest.raises(MatchError) as raised:
        match_rows(np.array([1], dtype=object), np.array([2], dtype=object))
    assert raised.value.reason == "none"


def test_escape_analysis_is_marked_not_a_release_and_lays_out_both_tables():
    zones = Tessellation(shapely.box(np.arange(3) * 100.0, 0, np.arange(3) * 100.0 + 100, 100), ["c", "a", "b"])
    xy = np.random.default_rng(16).uniform([0, 0], [300, 100], size=(3000, 2))
    data = EscapeData(zones, zones.assign(xy), mean_zone_area=1e4, xy_metric=xy)
    spec = EscapeSpec(scales=(10.0, 50.0), realizations=2, distance=20.0, target=0.2)
    release = release_escape_analysis(data, spec, np.random.default_rng(17))
    assert release.mechanism is None and release.record_fields["epsilon"] is None
    table, per_zone = release.result["table"], release.result["zones"]
    assert table["scale_m"].tolist() == [10.0, 50.0] and table["epsilon"].tolist() == [2.0, 0.4]
    assert per_zone["zone_id"].tolist() == ["c", "a", "b"] * 2
    assert per_zone["population"].sum() == 2 * 3000
    assert np.all(np.diff(table["esc_share"]) > 0)  # larger noise, more escapes
    assert release.facts["calibration"].target == 0.2
