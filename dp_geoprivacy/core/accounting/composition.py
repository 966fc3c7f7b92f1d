"""Privacy accounting: how the epsilons and deltas of several releases add up.

Sources: Asghar, Tyler and Kaafar 2017 §2 (Theorem 2, basic sequential composition: k releases
of (epsilon, delta) each are (k epsilon, k delta)-DP together; Theorem 3,
parallel composition: releases computed on disjoint subsets of the rows cost
only the largest of them) and §4 (the Opal release: 56 disjoint day-mode
partitions, six column sets per partition with epsilons 1, 1, 1, 1, 2, 2,
total epsilon 8); the ITMS report §III F (Cumulative-Epsilon-Per-Day: the
per-query epsilons are summed).

Releases are immutable events (frozen dataclasses, in the spirit of
dp_accounting's DpEvent): one per run of a privatizing algorithm, identified
by its ``release_id``; every output of one run shares that id and is counted
once.

Partitions. A release declares the part of its source it was computed on as
a set of ``key=value`` constraints, e.g. ``day=Mon`` or ``day=Mon, mode=bus``;
``all`` (no constraint) is the whole source. Keys and values are compared
after stripping and case folding, so ``Mon`` and ``mon`` are the same value
(the safe direction: two spellings that might mean one value are never
treated as disjoint).

The rule for disjointness (stated once, used everywhere): two partitions are
disjoint exactly when they constrain a common key to different values.
Partitions on different keys (``day=Mon`` and ``mode=bus``) therefore
overlap (Monday bus trips are in both), and ``all`` overlaps everything.
A release's partition is used only when its ``partition_rule`` (core.accounting.exposure,
decided when the run selected its rows) says it composes in parallel: no
unit of privacy can have rows in two partitions (partitions by the user
field; user-day units with day partitions; one row per unit). Otherwise, and
for entries of older ledgers that carry no rule, the release counts on the
whole source (Asghar, Tyler and Kaafar 2017 Remark 1: a trip has one day and one mode; a person
travelling on several days does not).

The total. The privacy loss of one unit of privacy is the sum, by
sequential composition, over the releases whose partition contains it.
Every unit lies in one "cell": one value (or none of the mentioned values)
for every key. The total is the largest such sum over all cells, found by a
search over the mentioned values of each key; the releases of that worst
cell are the ones that drive the total. Epsilon and delta are maximised
separately (each is a valid bound for every cell). With conjunctions of
equalities a set of pairwise-overlapping partitions always has a common
cell, so this equals the largest total over sets of mutually overlapping
releases.
"""

import math
import re
from dataclasses import dataclass, field, replace
from typing import Dict, Iterable, Optional, Tuple

from .exposure import PARALLEL, SEQUENTIAL, partition_rule, per_person  # noqa: F401 (partition_rule: re-exported)

ALL = "all"
_SEPARATORS = (",", ";")


@dataclass(frozen=True)
class Partition:
    """A conjunction of ``key=value`` constraints; no constraint is the whole source ("all")."""

    constraints: Tuple[Tuple[str, str], ...] = ()
    text: str = ALL

    @classmethod
    def parse(cls, text: Optional[str]) -> "Partition":
        """Parse ``"all"``, ``""``/None (all), ``"day=Mon"`` or ``"day=Mon, mode=bus"`` (``,`` or ``;``).

        Raises ValueError for an item without ``=``, an empty key or value,
        or a key given twice with different values.
        """
        text = (text or "").strip()
        if text.casefold() in ("", ALL):
            return cls()
        for separator in _SEPARATORS[1:]:
            text = text.replace(separator, _SEPARATORS[0])
        constraints = {}
        shown = []
        for item in text.split(_SEPARATORS[0]):
            item = item.strip()
            if not item:
                continue
            key, equals, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not equals or not key or not value:
                raise ValueError(
                    f"partition item {item!r} is not of the form key=value (e.g. day=Mon); use 'all' for the "
                    "whole source"
                )
            normal_key, normal_value = _normal(key), _normal(value)
            if constraints.get(normal_key, normal_value) != normal_value:
                raise ValueError(f"partition gives key {key!r} two values")
            if normal_key not in constraints:
                shown.append(f"{key}={value}")
            constraints[normal_key] = normal_value
        if not constraints:
            return cls()
        return cls(tuple(sorted(constraints.items())), ", ".join(shown))

    @property
    def is_all(self) -> bool:
        return not self.constraints

    def as_dict(self) -> Dict[str, str]:
        return dict(self.constraints)

    def disjoint_from(self, other: "Partition") -> bool:
        """True when a common key has different values (see the module docstring)."""
        mine = self.as_dict()
        return any(key in mine and mine[key] != value for key, value in other.constraints)

    def contains_cell(self, cell: Dict[str, Optional[str]]) -> bool:
        """Whether a cell (key -> value, None for "none of the mentioned values") lies in this partition."""
        return all(cell.get(key) == value for key, value in self.constraints)

    def __str__(self):
        return self.text


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class ReleaseEvent:
    """One release: what it cost and where it came from.

    ``source`` is an opaque key grouping the releases that spend the same
    data's budget (a ledger fingerprint, or a layer name when no ledger is
    known); ``source_label`` is how reports show it (never the fingerprint).
    """

    release_id: str
    source: str
    epsilon: float
    delta: float = 0.0
    partition: Partition = field(default_factory=Partition)
    algorithm: str = ""
    unit_of_privacy: str = ""
    output: str = ""
    time: str = ""
    source_label: str = ""
    origin: str = ""
    # Made with a user seed: not private, listed apart and outside every total.
    seeded: bool = False
    # The publisher's declared bound on units of privacy per person (None: unbounded); see per_person().
    rows_per_person: Optional[int] = None
    # How the partition composes (partition_rule): "parallel: ..." or "sequential: ..."; a release whose rule is
    # not parallel is counted on the whole source ("all") whatever its partition.
    partition_rule: str = ""
    # A Gaussian release's rho-zCDP (Bun and Steinke 2016; epsilon and delta above are its conversion), or None
    # (pure epsilon-DP releases enter the zCDP route as epsilon^2 / 2: core.accounting.zcdp).
    rho: Optional[float] = None

    def __post_init__(self):
        for name in ("epsilon", "delta", "rho"):
            value = getattr(self, name)
            if name == "rho" and value is None:
                continue
            if value is None or not isinstance(value, (int, float)) or math.isnan(value) or value < 0:
                raise ValueError(f"{name} of release {self.release_id} must be a number >= 0, got {value!r}")

    @property
    def counted_partition(self) -> Partition:
        """The partition the totals use: the declared one when its rule is parallel, else the whole source."""
        return self.partition if self.partition_rule.startswith(PARALLEL) else Partition()


@dataclass(frozen=True)
class Composition:
    """The total of a set of releases of one source.

    ``driving`` holds the release ids of the worst cell for epsilon (those
    that drive the total), ``cell`` that cell (key -> value, None meaning
    "a value no release names"), ``delta_driving`` the same for delta.
    """

    epsilon: float
    delta: float
    driving: Tuple[str, ...]
    delta_driving: Tuple[str, ...]
    cell: Tuple[Tuple[str, Optional[str]], ...]
    events: Tuple[ReleaseEvent, ...]

    @property
    def sequential_epsilon(self) -> float:
        """The sum of all epsilons: the total if no partitions were disjoint."""
        return math.fsum(e.epsilon for e in self.events)


def deduplicate(events: Iterable[ReleaseEvent]) -> Tuple[ReleaseEvent, ...]:
    """One event per release_id (outputs of one run are one release).

    When copies disagree (they should not), the largest epsilon and delta
    are kept, and the partition "all" unless their partitions agree: the
    safe direction. First-seen order is kept.
    """
    kept: Dict[str, ReleaseEvent] = {}
    for event in events:
        seen = kept.get(event.release_id)
        if seen is None:
            kept[event.release_id] = event
            continue
        if seen == event:
            continue
        kept[event.release_id] = replace(
            seen,
            epsilon=max(seen.epsilon, event.epsilon),
            delta=max(seen.delta, event.delta),
            rho=None if None in (seen.rho, event.rho) else max(seen.rho, event.rho),
            partition=seen.partition if seen.partition == event.partition else Partition(),
            partition_rule=seen.partition_rule if seen.partition_rule == event.partition_rule else SEQUENTIAL,
            source_label=seen.source_label or event.source_label,
            seeded=seen.seeded and event.seeded,
            rows_per_person=None if None in (seen.rows_per_person, event.rows_per_person) else max(
                seen.rows_per_person, event.rows_per_person),
        )
    return tuple(kept.values())


def compose(events: Iterable[ReleaseEvent], within: Optional[Partition] = None) -> Composition:
    """Total epsilon and delta of releases of one source (sequential + parallel composition).

    ``within`` restricts the worst-cell search to cells inside a partition:
    ``compose(events, within=p).epsilon`` is what has already been spent on
    the data a new release on ``p`` would touch.
    """
    events = tuple(e for e in deduplicate(events) if not e.seeded)
    fixed = dict(within.constraints) if within is not None else {}
    epsilon, driving, cell = _worst_cell(events, lambda e: e.epsilon, fixed)
    delta, delta_driving, _ = _worst_cell(events, lambda e: e.delta, fixed)
    return Composition(
        epsilon=epsilon,
        delta=delta,
        driving=tuple(e.release_id for e in driving),
        delta_driving=tuple(e.release_id for e in delta_driving),
        cell=tuple(sorted(cell.items())),
        events=events,
    )


def totals_per_source(events: Iterable[ReleaseEvent]) -> Dict[str, Composition]:
    """A Composition per source key, in first-seen order.

    A release may count against several sources (e.g. a noisy histogram
    computed from one layer and used to relocate the trips of another): it
    is deduplicated within each source, not across them.
    """
    groups: Dict[str, list] = {}
    for event in events:
        groups.setdefault(event.source, []).append(event)
    return {source: compose(group) for source, group in groups.items()}


def _worst_cell(events, weight, fixed):
    """(largest total weight over cells, events of that cell, the cell).

    Branch over the keys in sorted order; for each key, over the values the
    remaining events name (a value named by none of them, represented by
    None, can only match a subset of any named value's events, so it is
    needed only when no event constrains the key). Keys fixed by ``fixed``
    take only their fixed value. Ties keep the first cell in sorted order.
    """
    candidates = [e for e in events if _matches(e.counted_partition, fixed)]
    keys = sorted({key for e in candidates for key, _ in e.counted_partition.constraints} - set(fixed))
    best = _search(candidates, keys, weight, {})
    total, chosen, cell = best
    cell = {**fixed, **cell}
    return total, chosen, cell


def _matches(partition: Partition, fixed: Dict[str, str]) -> bool:
    return all(fixed.get(key, value) == value for key, value in partition.constraints)


def _search(events, keys, weight, cell):
    if not events:
        return 0.0, (), dict(cell)
    if not keys:
        return math.fsum(weight(e) for e in events), tuple(events), dict(cell)
    key, rest = keys[0], keys[1:]
    values = sorted({dict(e.counted_partition.constraints)[key] for e in events
                     if key in dict(e.counted_partition.constraints)})
    if not values:
        return _search(events, rest, weight, {**cell, key: None})
    best = None
    for value in values:
        subset = [e for e in events if dict(e.counted_partition.constraints).get(key, value) == value]
        result = _search(subset, rest, weight, {**cell, key: value})
        if best is None or result[0] > best[0]:
            best = result
    return best


# --- kinds of guarantee -------------------------------------------------------------------------
#
# Two kinds of guarantee are made by the algorithms and they are not the same
# quantity, so they are never added:
#
# * GEO_INDISTINGUISHABILITY (location releases: laplaceperturbation):
#   metric DP for each location. epsilon is per DISTANCE metres: two true
#   locations d metres apart are (epsilon d / DISTANCE)-indistinguishable. The
#   unit is one location, whatever person it belongs to.
# * DIFFERENTIAL_PRIVACY (aggregate releases: counts, flows, relocation,
#   randomized response): (epsilon, delta)-DP for one unit of privacy (a
#   user, a trip, a point, a row), with no notion of distance.
#
# Within one source and one kind the usual composition holds. Geo-
# indistinguishability releases compose as metric DP: releases with
# (epsilon_i per D_i) of the same location give sum(epsilon_i d / D_i), which
# is reported as epsilon per D_ref with D_ref the smallest D_i
# (epsilon_i x D_ref / D_i per release). Planar (L2) and per-axis (L1)
# releases measure distance differently and are kept apart. (epsilon, delta)-DP releases with
# different units of privacy add up for the smallest unit (a user-level
# guarantee also protects each of the user's points; not the other way
# round), and the report lists the units.
#
# Sources are never added: a source holds its own people, and two sources
# (a Cairns timetable and Helsinki points) do not protect the same units. If
# two sources do hold the same people, the publisher must add their totals
# and say so; the report cannot know it.

GEO_INDISTINGUISHABILITY = "geo-indistinguishability"
DIFFERENTIAL_PRIVACY = "differential privacy"
KINDS = (DIFFERENTIAL_PRIVACY, GEO_INDISTINGUISHABILITY)
# Location releases state their unit of privacy as core.mechanisms.location.LocationLaplace.record_fields does.
_LOCATION_UNIT = re.compile(r"^\s*location:.*?within\s+([0-9.eE+-]+)\s*m\b")


@dataclass(frozen=True)
class Guarantee:
    """The kind of a release's guarantee; ``distance`` (metres) is DISTANCE for geo-indistinguishability."""

    kind: str
    distance: float = 0.0
    norm: str = ""

    @property
    def group(self) -> str:
        """Releases with the same group compose; L1 and L2 distances are different metrics."""
        return f"{self.kind} ({self.norm})" if self.norm else self.kind


def guarantee_of(unit_of_privacy: str) -> Guarantee:
    """The guarantee a release's unit of privacy states (the record and the ledger both keep it)."""
    match = _LOCATION_UNIT.match(unit_of_privacy or "")
    if match:
        try:
            distance = float(match.group(1))
        except ValueError:
            distance = math.nan
        if math.isfinite(distance) and distance > 0:
            norm = "L1" if "(L1" in unit_of_privacy else "L2"
            return Guarantee(GEO_INDISTINGUISHABILITY, distance, norm)
    return Guarantee(DIFFERENTIAL_PRIVACY)


@dataclass(frozen=True)
class SourceTotal:
    """The total of one kind of guarantee for one source.

    ``label`` is the source's stable name ("S2 (trips)"). For
    GEO_INDISTINGUISHABILITY, ``composition`` counts each release's epsilon
    rescaled to ``distance`` (the smallest DISTANCE of the group; delta 0), so
    ``composition.epsilon`` is epsilon per ``distance`` metres.
    ``own_epsilon`` maps release ids to each release's own epsilon (before
    rescaling). ``units``: the distinct units of privacy of the group's
    releases.
    """

    source: str
    label: str
    kind: str
    distance: float
    composition: Composition
    units: Tuple[str, ...]
    own_epsilon: Tuple[Tuple[str, float], ...] = ()
    norm: str = ""
    # DIFFERENTIAL_PRIVACY only: the total for one person (per_person(): item-level releases count k epsilon
    # for a declared k, else infinity), with the same partition rules.
    person: Optional[Composition] = None
    # The zCDP route (core.accounting.zcdp.ZcdpTotal) for the unit of privacy and for one person, where the source
    # has a Gaussian release and a delta is declared (core.accounting.zcdp.with_zcdp); None otherwise.
    zcdp: Optional[object] = None
    person_zcdp: Optional[object] = None

    @property
    def epsilon(self) -> float:
        return self.composition.epsilon

    @property
    def delta(self) -> float:
        return self.composition.delta


def source_labels(events: Iterable[ReleaseEvent]) -> Dict[str, str]:
    """One stable name per source key: "S<n> (<input layer names>)".

    Numbered in order of each source's earliest release (time, then the
    sorted layer names, then the key), so the same releases get the same
    names whatever order the layers and the ledger were read in. The key (a
    fingerprint) is never part of the name.
    """
    names: Dict[str, set] = {}
    first: Dict[str, str] = {}
    for event in events:
        names.setdefault(event.source, set())
        if event.source_label:
            names[event.source].add(event.source_label)
        if event.source not in first or (event.time or "") < first[event.source]:
            first[event.source] = event.time or ""
    order = sorted(names, key=lambda s: (first[s], sorted(names[s]), s))
    return {
        source: f"S{number} ({', '.join(sorted(names[source]))})" if names[source] else f"S{number}"
        for number, source in enumerate(order, start=1)
    }


def account(events: Iterable[ReleaseEvent]) -> Tuple[SourceTotal, ...]:
    """Totals per (source, kind of guarantee), never added across either (see above).

    Ordered by source name, then kind (differential privacy first).
    """
    events = list(events)
    labels = source_labels(events)
    groups: Dict[Tuple[str, str, str], list] = {}
    for event in events:
        if event.seeded:
            continue
        guarantee = guarantee_of(event.unit_of_privacy)
        groups.setdefault((event.source, guarantee.kind, guarantee.norm), []).append(event)
    totals = []
    for (source, kind, norm), group in groups.items():
        group = deduplicate(group)
        units = tuple(dict.fromkeys(e.unit_of_privacy for e in group))
        if kind == GEO_INDISTINGUISHABILITY:
            distance = min(guarantee_of(e.unit_of_privacy).distance for e in group)
            scaled = [replace(e, epsilon=e.epsilon * distance / guarantee_of(e.unit_of_privacy).distance, delta=0.0)
                      for e in group]
            totals.append(SourceTotal(source, labels[source], kind, distance, compose(scaled), units,
                                      tuple((e.release_id, e.epsilon) for e in group), norm))
        else:
            person = compose(replace(e, epsilon=per_person(e)[0], delta=per_person(e)[1]) for e in group)
            totals.append(SourceTotal(source, labels[source], kind, 0.0, compose(group), units,
                                      tuple((e.release_id, e.epsilon) for e in group), person=person))
    number = {label: int(label[1:].split(" ")[0]) for label in labels.values()}
    return tuple(sorted(totals, key=lambda t: (number[t.label], KINDS.index(t.kind), t.norm)))


def worst(totals: Iterable[SourceTotal], kind: str, per_person: bool = False) -> Optional[SourceTotal]:
    """The source total of ``kind`` with the largest epsilon (per metre for geo-indistinguishability; per person
    with ``per_person``, for differential privacy), or None.

    A maximum, not a sum: sources are never added.
    """
    candidates = [t for t in totals if t.kind == kind]
    if not candidates:
        return None
    if kind == GEO_INDISTINGUISHABILITY:
        return max(candidates, key=lambda t: (t.epsilon / t.distance, t.epsilon))
    if per_person:
        return max(candidates, key=lambda t: (t.person.epsilon, t.person.delta))
    return max(candidates, key=lambda t: (t.epsilon, t.delta))


def seeded(events: Iterable[ReleaseEvent]) -> Tuple[ReleaseEvent, ...]:
    """The seeded releases (not private; listed apart, outside every total), one per release_id."""
    return tuple(e for e in deduplicate(events) if e.seeded)
