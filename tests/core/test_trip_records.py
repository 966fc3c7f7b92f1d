"""Trip records become trips (core.releases.mobility_report.pair_trip_records): a trip is (user, trip id), its rows
ordered by time; and what that means for the user bound (issue 19.1)."""

import numpy as np
import pytest

from dp_geoprivacy.core.releases import mobility_analyses as ma
from dp_geoprivacy.core.releases.mobility_report import (
    MobilityReportSpec,
    _by_pair_then_time,
    bounded_trips,
    pair_trip_records,
)

from .test_mobility_report import T0

# --- trip records: a trip is (user, trip id) -----------------------------------------------------


def shared_trip_ids(with_b: bool, others=40):
    """Trip records of ``others`` users with one trip each (ids 1..others, zone 0 to zone 1) and, with_b,
    user B's ``others`` trips with the same ids, later in time, in zone 5 (issue 19.1's attack)."""
    rows = []  # (user, trip, seconds, zone)
    for k in range(1, others + 1):
        rows += [(f"u{k}", k, T0 + 1000.0 * k, 0), (f"u{k}", k, T0 + 1000.0 * k + 300, 1)]
        if with_b:
            rows += [("B", k, T0 + 1000.0 * k + 500, 5), ("B", k, T0 + 1000.0 * k + 700, 5)]
    user, trip, seconds, zone = (np.array(c) for c in zip(*rows))
    lonlat = np.column_stack([13.0 + zone * 0.01, np.full(len(zone), 52.5)])
    return pair_trip_records(user.astype(object), trip, seconds, lonlat, zone, 9)


def test_repeated_trip_ids_across_users_keep_user_b_within_the_bound():
    """Issue 19.1: B's 40 trips share their ids with 40 other users' trips; M = 1. With the same seed, B's
    zone and the whole pre-noise visits-per-zone vector differ between the neighbours by at most the
    sensitivity 2M (grouping by trip id alone gave B's zone 40 with B and 0 without)."""
    m = 1
    spec = MobilityReportSpec(1.0, m, "u", analyses=("visits_per_zone",))
    sensitivity = spec.mechanisms()["visits_per_zone"].sensitivity
    visits = {}
    for with_b in (False, True):
        t = bounded_trips(shared_trip_ids(with_b), m, np.random.default_rng(7))
        visits[with_b] = ma._exact_visits_per_zone(t, t.n_zones)
    assert visits[False][5] == 0
    assert abs(visits[True][5] - visits[False][5]) <= sensitivity == 2 * m
    assert np.abs(visits[True] - visits[False]).sum() <= sensitivity


def test_trip_records_pair_first_and_last_row_of_each_user_trip():
    user = np.array(["a", "a", "a", "b", "b", "c"], dtype=object)
    trip = np.array([1, 1, 1, 1, 1, 2])
    seconds = np.array([30.0, 10.0, 20.0, 5.0, 6.0, 1.0])
    zone = np.array([2, 0, 1, 3, 4, 5])
    t = pair_trip_records(user, trip, seconds, np.zeros((6, 2)), zone, 9)
    got = sorted(zip(t.user.tolist(), t.start_zone.tolist(), t.end_zone.tolist(), t.has_end.tolist()))
    # a: three rows, first (zone 0) and last (zone 2) used; b: its own trip 1; c: one row, incomplete
    assert got == [("a", 0, 2, True), ("b", 3, 4, True), ("c", 5, ma.MISSING, False)]



@pytest.mark.parametrize("kind", ["bytes", "text", "object"])
def test_trip_records_order_text_ids_as_text_whatever_their_width_and_script(kind):
    """Text ids are coded by their numeric sort (8 bytes or 2 characters per key, issue 24's speed): the trips
    come out in the order of (user, trip id) compared as text, the order np.unique's text sort gives; ids that
    share a prefix longer than one key, differ only in a multi-byte character or are a prefix of another."""
    ids = ["abcdefghij2", "abcdefghij10", "abcdefghij1", "", "\u00e9t\u00e9", "\u4e2d", "\U0001F600", "a", "a b",
           "abcdefghij1", "Z"]
    text = np.array(ids)
    values = {"bytes": np.char.encode(text, "utf-8"), "text": text, "object": text.astype(object)}[kind]
    n = len(ids)  # each id a start row at i and an end row at 100 + i; zones: the row numbers
    t = pair_trip_records(np.full(2 * n, "u", dtype=object), np.concatenate([values, values]),
                          np.r_[np.arange(n), 100 + np.arange(n)].astype(float), np.zeros((2 * n, 2)),
                          np.arange(2 * n), 2 * n)
    # one user: its trips in the text order of their ids; the repeated id starts at row 2 and ends at n + 9
    order = sorted(set(ids), key=lambda i: i.encode("utf-8") if kind == "bytes" else i)
    assert t.start_zone.tolist() == [ids.index(i) for i in order]
    assert t.end_zone.tolist() == [n + n - 1 - ids[::-1].index(i) for i in order]


@pytest.mark.parametrize("layout", ["grouped in time order", "a trip's rows out of time order", "shuffled"])
def test_rows_are_ordered_by_user_trip_then_time_as_the_full_sort_orders_them(layout):
    """Issue 24 (speed): rows that come grouped by (user, trip) and in time order within each are ordered by a stable
    sort on the key alone, others by the full sort; either way in the order np.lexsort((time, key)) gives, ties and
    NULL times (last) included, and the trips start and end at the rows that order says."""
    rng = np.random.default_rng(8)
    key = np.repeat(np.arange(500), rng.integers(1, 5, 500))
    seconds = np.round(rng.uniform(0, 50, len(key)))  # ties within a trip
    seconds[rng.random(len(key)) < 0.05] = np.inf
    rows = np.lexsort((seconds, key))  # grouped, in time order
    if layout == "shuffled":
        rows = rng.permutation(len(key))
    key, seconds = key[rows], seconds[rows]
    if layout == "a trip's rows out of time order":
        last = int(np.flatnonzero(np.diff(key) == 0)[0]) + 1
        seconds[last] = -1.0  # earlier than the row before it, in the same trip
    order = np.lexsort((seconds, key))
    assert np.array_equal(_by_pair_then_time(key, seconds), order)
    t = pair_trip_records(np.full(len(key), "u", dtype=object), key,  # one user: trips in the order of their ids
                          np.where(np.isinf(seconds), np.nan, seconds), np.zeros((len(key), 2)), np.arange(len(key)),
                          len(key))
    change = np.diff(key[order]) != 0
    first, last = order[np.r_[True, change]], order[np.r_[change, True]]
    assert np.array_equal(t.start_zone, first)
    assert np.array_equal(t.end_zone, np.where(first == last, ma.MISSING, last))
