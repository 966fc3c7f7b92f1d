"""Composition rules: sequential (Asghar, Tyler and Kaafar 2017 Theorem 2), parallel over disjoint partitions
(Theorem 3),
the Asghar, Tyler and Kaafar 2017 §4 Opal example and the ITMS report §III F's cumulative epsilon per day."""

import dataclasses
import itertools
import math
from dataclasses import replace

import numpy as np
import pytest

from dp_geoprivacy.core.accounting.composition import (
    DIFFERENTIAL_PRIVACY,
    Partition,
    ReleaseEvent,
    account,
    compose,
    deduplicate,
    partition_rule,
    per_person,
    seeded,
    totals_per_source,
    worst,
)

DAYS = [f"2016-07-{d:02d}" for d in range(1, 15)]  # Asghar, Tyler and Kaafar 2017 §4: 14 days
MODES = ["bus", "train", "ferry", "light rail"]  # ... and 4 modes: 56 disjoint partitions
COLUMN_SETS = {"tap-on times": 1, "tap-on locations": 1, "tap-off times": 1, "tap-off locations": 1,
               "tap-on times and locations": 2, "tap-off times and locations": 2}
DELTA_J = 1 / 8_000_000


def _event(release_id, epsilon, partition="all", source="s", delta=0.0, rule="parallel: one row per unit"):
    return ReleaseEvent(release_id=release_id, source=source, epsilon=epsilon, delta=delta,
                        partition=Partition.parse(partition), partition_rule=rule)


def _opal_events():
    return [
        _event(f"{day}/{mode}/{columns}", epsilon, f"day={day}, mode={mode}", delta=DELTA_J)
        for day, mode in itertools.product(DAYS, MODES)
        for columns, epsilon in COLUMN_SETS.items()
    ]


def test_seed_001_opal_example_totals_8():
    events = _opal_events()
    assert len(events) == 56 * 6
    total = compose(events)
    assert total.epsilon == 8
    assert total.sequential_epsilon == 56 * 8  # what ignoring Theorem 3 would claim
    assert math.isclose(total.delta, 6 * DELTA_J) and total.delta < 2 ** -20  # §4.2: below 1e-6
    # The six column sets of one day-mode partition drive the total.
    assert len(total.driving) == 6
    assert len({release.split("/")[0] + release.split("/")[1] for release in total.driving}) == 1
    cell = dict(total.cell)
    assert cell["day"] in DAYS and cell["mode"] in MODES


def test_seed_001_example_with_one_more_release_on_one_partition():
    events = _opal_events() + [_event("extra", 0.5, "day=2016-07-03, mode=ferry")]
    total = compose(events)
    assert total.epsilon == 8.5
    assert "extra" in total.driving and len(total.driving) == 7
    assert dict(total.cell) == {"day": "2016-07-03", "mode": "ferry"}


def test_seed_003_cumulative_epsilon_per_day_sums_the_queries():
    # the ITMS report §III F: Epsilon-Per-Day of query 1 (12.361) plus query 2 (2.871) = 15.232 (B = 1).
    events = [_event("q1-d1", 12.361, "day=1"), _event("q2-d1", 2.871, "day=1"),
              _event("q1-d2", 12.361, "day=2"), _event("q2-d2", 2.871, "day=2")]
    assert math.isclose(compose(events).epsilon, 15.232)


def test_basic_sequential_composition_adds_epsilon_and_delta():
    total = compose([_event("a", 0.5, delta=1e-6), _event("b", 1.0), _event("c", 2.0, delta=1e-7)])
    assert total.epsilon == 3.5 and math.isclose(total.delta, 1.1e-6)
    assert set(total.driving) == {"a", "b", "c"}


def test_partitions_on_different_keys_overlap():
    assert not Partition.parse("day=Mon").disjoint_from(Partition.parse("mode=bus"))
    assert compose([_event("a", 1, "day=Mon"), _event("b", 2, "mode=bus")]).epsilon == 3


def test_all_overlaps_everything_and_disjoint_values_do_not_add():
    events = [_event("mon-bus", 1, "day=Mon, mode=bus"), _event("mon-train", 1, "day=Mon; mode=train"),
              _event("tue", 2, "day=Tue")]
    assert compose(events).epsilon == 2
    assert compose(events + [_event("everything", 0.5)]).epsilon == 2.5
    assert Partition.parse("day=Mon, mode=bus").disjoint_from(Partition.parse("mode=train"))
    assert not Partition.parse("all").disjoint_from(Partition.parse("day=Mon"))


def test_values_are_compared_case_and_space_insensitively_the_safe_way():
    assert not Partition.parse("Day = Mon").disjoint_from(Partition.parse("day=mon"))
    assert compose([_event("a", 1, "Day=MON"), _event("b", 1, "day = mon")]).epsilon == 2


def test_outputs_of_one_run_count_once():
    first = _event("run-1", 1.0)
    again = dataclasses.replace(first, output="the second output of the same run")
    assert len(deduplicate([first, again])) == 1
    assert compose([first, again, _event("run-2", 0.5)]).epsilon == 1.5


def test_conflicting_copies_keep_the_larger_epsilon_and_all():
    a = _event("x", 1.0, "day=Mon")
    b = _event("x", 2.0, "day=Tue")
    [kept] = deduplicate([a, b])
    assert kept.epsilon == 2.0 and kept.partition.is_all


def test_spent_within_a_partition():
    events = [_event("mon", 1, "day=Mon"), _event("tue", 3, "day=Tue"), _event("all", 0.5)]
    assert compose(events, within=Partition.parse("day=Mon")).epsilon == 1.5
    assert compose(events, within=Partition.parse("day=Wed")).epsilon == 0.5
    assert compose(events, within=Partition.parse("mode=bus")).epsilon == 3.5


def test_totals_per_source_are_separate():
    totals = totals_per_source([_event("a", 1, source="x"), _event("b", 2, source="y"), _event("c", 1, source="x")])
    assert {k: v.epsilon for k, v in totals.items()} == {"x": 2, "y": 2}


def test_one_release_can_count_against_two_sources_but_once_overall():
    # A noisy histogram of trip points (source x) used to relocate the trips of another table (source y).
    histogram_x, histogram_y = _event("h", 0.5, source="x"), _event("h", 0.5, source="y")
    events = [histogram_x, _event("counts", 1, source="x"), histogram_y, _event("relocation", 2, source="y")]
    assert {k: v.epsilon for k, v in totals_per_source(events).items()} == {"x": 1.5, "y": 2.5}
    assert compose(events).epsilon == 3.5


@pytest.mark.parametrize("text", ["day", "day=", "=Mon", "day=Mon, day=Tue"])
def test_bad_partitions_are_refused(text):
    with pytest.raises(ValueError):
        Partition.parse(text)


def test_partition_text_and_all():
    assert Partition.parse(None).is_all and Partition.parse(" ALL ").is_all and Partition.parse("").is_all
    assert str(Partition.parse("day=Mon;mode=bus")) == "day=Mon, mode=bus"
    assert Partition.parse("day=Mon, mode=bus").constraints == Partition.parse("mode=bus, day=Mon").constraints


def test_negative_or_missing_epsilon_is_refused():
    with pytest.raises(ValueError):
        _event("a", -1)
    with pytest.raises(ValueError):
        _event("a", float("nan"))


def _brute_force(events):
    """Largest sum over every cell of the full product of mentioned values plus one unnamed value per key."""
    keys = sorted({k for e in events for k, _ in e.partition.constraints})
    domains = [sorted({v for e in events for k, v in e.partition.constraints if k == key}) + [None] for key in keys]
    best = 0.0
    for values in itertools.product(*domains):
        cell = dict(zip(keys, values))
        best = max(best, math.fsum(e.epsilon for e in events if e.partition.contains_cell(cell)))
    return best


def test_worst_cell_search_agrees_with_brute_force_on_random_releases():
    rng = np.random.default_rng(3)
    keys = {"day": ["Mon", "Tue", "Wed"], "mode": ["bus", "train"], "zone": ["a", "b", "c", "d"]}
    for trial in range(300):
        events = []
        for i in range(int(rng.integers(1, 9))):
            chosen = [k for k in keys if rng.random() < 0.5]
            partition = ", ".join(f"{k}={rng.choice(keys[k])}" for k in chosen) or "all"
            events.append(_event(f"{trial}-{i}", float(rng.integers(1, 5)) / 2, partition))
        assert compose(events).epsilon == _brute_force(events), events


# --- kinds of guarantee and sources are never added (core.accounting.composition.account) ---

from dp_geoprivacy.core.accounting.composition import (  # noqa: E402
    GEO_INDISTINGUISHABILITY,
    guarantee_of,
    source_labels,
)
from dp_geoprivacy.core.mechanisms.location import PER_AXIS, PLANAR, LocationLaplace  # noqa: E402


def _unit(kind, distance):
    return LocationLaplace(kind=kind, epsilon=1, distance=distance).record_fields()["unit_of_privacy"]


def test_guarantee_is_read_from_the_mechanisms_unit_of_privacy():
    planar, per_axis = guarantee_of(_unit(PLANAR, 100)), guarantee_of(_unit(PER_AXIS, 50))
    assert (planar.kind, planar.distance, planar.norm) == (GEO_INDISTINGUISHABILITY, 100.0, "L2")
    assert (per_axis.kind, per_axis.distance, per_axis.norm) == (GEO_INDISTINGUISHABILITY, 50.0, "L1")
    assert guarantee_of("one user (uid), at most 5 trips kept").kind == DIFFERENTIAL_PRIVACY


def _release(rid, source, eps, unit, delta=0.0, name="", time=""):
    return ReleaseEvent(rid, source, eps, delta, unit_of_privacy=unit, source_label=name, time=time)


def test_location_and_aggregate_releases_and_sources_are_totalled_apart():
    events = [
        _release("loc100", "s1", 1.0, _unit(PLANAR, 100), name="helsinki", time="2"),
        _release("loc200", "s1", 1.0, _unit(PLANAR, 200), name="helsinki", time="3"),
        _release("l1", "s1", 1.0, _unit(PER_AXIS, 100), name="helsinki", time="3"),
        _release("counts", "s1", 0.5, "one user", 1e-6, name="helsinki", time="4"),
        _release("cairns", "s2", 3.0, "one trip", name="cairns", time="1"),
    ]
    totals = account(events)
    summary = [(t.label, t.kind, t.norm, t.distance, t.epsilon, t.delta) for t in totals]
    assert summary == [
        ("S1 (cairns)", DIFFERENTIAL_PRIVACY, "", 0.0, 3.0, 0.0),
        ("S2 (helsinki)", DIFFERENTIAL_PRIVACY, "", 0.0, 0.5, 1e-6),
        ("S2 (helsinki)", GEO_INDISTINGUISHABILITY, "L1", 100.0, 1.0, 0.0),
        # 1 per 100 m and 1 per 200 m of the same locations: 1 + 0.5 per 100 m (metric DP composition).
        ("S2 (helsinki)", GEO_INDISTINGUISHABILITY, "L2", 100.0, 1.5, 0.0),
    ]
    assert dict(totals[3].own_epsilon) == {"loc100": 1.0, "loc200": 1.0}
    assert worst(totals, DIFFERENTIAL_PRIVACY).epsilon == 3.0  # a maximum, never 3.5
    assert worst(totals, GEO_INDISTINGUISHABILITY).epsilon == 1.5


def test_source_names_do_not_depend_on_reading_order():
    events = [_release("a", "x", 1, "u", name="b-layer", time="5"),
              _release("b", "y", 1, "u", name="a-layer", time="1")]
    assert source_labels(events) == source_labels(events[::-1]) == {"y": "S1 (a-layer)", "x": "S2 (b-layer)"}


# --- issue 19: partition rules, per-person totals, seeded releases ------------------------------------------


def test_partitions_compose_in_parallel_only_where_no_unit_spans_them():
    day = Partition.parse("day=Mon")
    user_level = "one user (uid), at most 5 points kept per user (sampled uniformly)"
    assert partition_rule(day, user_level, user_field="uid").startswith("sequential")  # a user travels on two days
    assert partition_rule(Partition.parse("uid=42"), user_level, user_field="UID").startswith("parallel")
    assert partition_rule(day, "one user-day, at most 3 cells kept per user and day", user_field="uid",
                          day_field="day").startswith("parallel")
    assert partition_rule(day, "one user-day, at most 3 cells", day_field="date").startswith("sequential")
    assert partition_rule(day, "one point (item-level)").startswith("parallel")
    assert partition_rule(day, "one trip (item-level)", row_is_unit=False).startswith("sequential")
    # the same layer released under day=Mon and day=Tue at user level: 2, not 1 (issue 19 item 3)
    events = [ReleaseEvent(release_id=d, source="s", epsilon=1.0, partition=Partition.parse(f"day={d}"),
                           unit_of_privacy=user_level, partition_rule=partition_rule(
                               Partition.parse(f"day={d}"), user_level, user_field="uid")) for d in ("Mon", "Tue")]
    assert compose(events).epsilon == 2.0


def test_item_level_releases_are_unbounded_per_person_unless_k_is_declared():
    user = ReleaseEvent(release_id="u", source="s", epsilon=1.0, unit_of_privacy="one user (uid), at most 5 points")
    item = ReleaseEvent(release_id="i", source="s", epsilon=1.0, unit_of_privacy="one point (item-level)")
    [total] = account([user, item])
    assert total.epsilon == 2.0 and total.person.epsilon == math.inf  # issue 19 item 8: not 2
    [total] = account([user, replace(item, rows_per_person=5)])
    assert total.person.epsilon == 6.0  # a person with 5 points: 1 + 5 x 1
    assert per_person(replace(item, delta=1e-6, rows_per_person=2)) == (2.0, pytest.approx(2 * math.e * 1e-6))
    user_day = ReleaseEvent(release_id="d", source="s", epsilon=0.5, unit_of_privacy="one user-day, at most 3 cells")
    assert per_person(user_day)[0] == math.inf and per_person(replace(user_day, rows_per_person=7))[0] == 3.5
    assert worst(account([user, replace(item, source="t", rows_per_person=3)]), DIFFERENTIAL_PRIVACY,
                 per_person=True).source == "t"


def test_seeded_releases_are_outside_every_total():
    public = _event("p", 1.0)
    study = replace(_event("x", 5.0), seeded=True)
    assert compose([public, study]).epsilon == 1.0
    [total] = account([public, study])
    assert total.epsilon == 1.0 and [e.release_id for e in total.composition.events] == ["p"]
    assert [e.release_id for e in seeded([public, study])] == ["x"]
