"""The privacy ledger: the publisher's private record of every release.

A JSON file with one entry per release (per run of a privatizing
algorithm): a fingerprint of the source data, the algorithm, epsilon,
delta, unit of privacy, partition, output, time and release_id. The
fingerprint lets releases of the same data be added up across sessions and
tools (Asghar, Tyler and Kaafar 2017 §2, Theorems 2-3; the ITMS report §III F); it is a statistic of
the raw data, so it lives ONLY here: never in a published output, privacy
record or report.

Sources. Entries that share a fingerprint, a parent fingerprint (lineage:
a layer prepared from another, such as tripends' trip ends, is charged to
its parent) or a DATASET name belong to one source and spend one budget
(:func:`source_groups`).

Storage is separate from these rules (core.accounting.ledger_store): the JSON file the
LEDGER parameter names (locked, atomic, links followed, damaged files never
overwritten), or any other LedgerStore.

The budget check (:meth:`Ledger.reserve`) runs with the lock held: it
computes what has been spent on the data the new release touches (with
parallel composition over disjoint partitions, see core.accounting.composition),
refuses the release if it would take that above the budget, and otherwise
appends the entry BEFORE any noise is drawn. A run that crashes, fails or
is cancelled after reserving therefore still counts as spent: the safe
direction, since noise may already have been drawn and seen.
"""

import math
from dataclasses import asdict, dataclass, fields, replace
from typing import Dict, Iterable, List, Optional, Tuple

from .composition import Partition, ReleaseEvent, compose
from .ledger_store import LEDGER_FORMAT, PRIVATE_NOTE, JsonFileStore, LedgerError, LedgerStore, now
from .zcdp import Budget, compose_zcdp, has_zcdp_release

__all__ = ["LEDGER_FORMAT", "PRIVATE_NOTE", "BUDGET_TOLERANCE", "LedgerError", "BudgetExceededError", "LedgerEntry",
           "Budget", "Ledger", "Reservation", "now", "events_of", "source_groups"]

# Budget comparisons allow this relative slack for floating-point sums (1 + 1 + 1 == 3 exactly is not guaranteed).
BUDGET_TOLERANCE = 1e-9


class BudgetExceededError(LedgerError):
    """The release would take the source's total spend (epsilon, or rho for a zCDP budget) above the budget.

    ``spent``, ``requested`` and ``budget`` are in the budget's terms (``term``: "epsilon" or "rho"); ``detail``
    states the spend before and with the release in both terms (core.accounting.zcdp.Spend.text).
    """

    def __init__(self, spent: float, requested: float, budget: float, partition: Partition, term: str = "epsilon",
                 detail: str = ""):
        self.spent, self.requested, self.budget, self.partition = spent, requested, budget, partition
        self.term = term
        where = "" if partition.is_all else f" on partition {partition}"
        super().__init__(
            f"Privacy budget exceeded: {term} spent{where} = {spent:g}, requested = {requested:g}, "
            f"remaining = {max(budget - spent, 0.0):g} of the budget {budget:g}." + (f" {detail}." if detail else "")
            + " Nothing was released and no noise was drawn."
        )


@dataclass(frozen=True)
class LedgerEntry:
    """One release as the ledger stores it.

    ``fingerprint``: the input's content fingerprint (processing/source_fingerprint.py);
    ``parents``: the fingerprints of the layers the input was prepared from
    (lineage, e.g. the trips layer behind tripends' trip ends), charged too;
    ``dataset``: the publisher's name for the data (the DATASET parameter),
    for copies a fingerprint cannot recognise (reprojected, edited). Entries
    sharing any of these belong to one source (see :func:`source_groups`).
    ``seeded``: made with a user seed (not private; outside every total).
    ``rows_per_person``: the publisher's declared bound on units of privacy
    (rows, trips, user-days) per person, or None (unbounded).
    ``partition_rule``: core.accounting.composition.partition_rule's verdict (entries of
    older ledgers have none: their partitions were labels, counted on the
    whole source).
    """

    fingerprint: str
    algorithm: str
    epsilon: float
    delta: float
    unit_of_privacy: str
    partition: str
    output: str
    release_id: str
    input_layer: str = ""
    time: str = ""
    note: str = ""
    seeded: bool = False
    rows_per_person: Optional[int] = None
    dataset: str = ""
    parents: Tuple[str, ...] = ()
    partition_rule: str = ""
    # A Gaussian release's rho-zCDP (epsilon and delta above are its conversion); None for every other release
    # and in older ledgers (core.accounting.zcdp).
    rho: Optional[float] = None

    def to_dict(self) -> dict:
        data = asdict(self)
        data["parents"] = list(self.parents)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "LedgerEntry":
        """An entry read back; LedgerError (naming the entry and the field) for anything damaged."""
        if not isinstance(data, dict):
            raise LedgerError(f"a ledger entry is not an object: {data!r:.80}")
        missing = {"fingerprint", "epsilon", "release_id"} - set(data)
        if missing:
            raise LedgerError(f"ledger entry without {', '.join(sorted(missing))}: {data!r:.200}")
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        where = f"ledger entry {str(values.get('release_id'))[:40]!r}"
        for name in ("fingerprint", "release_id"):
            if not isinstance(values[name], str) or not values[name]:
                raise LedgerError(f"{where}: {name} must be non-empty text, got {values[name]!r:.40}")
        for name in ("algorithm", "unit_of_privacy", "output", "input_layer", "time", "note", "dataset",
                     "partition_rule"):
            value = values.get(name, "")
            if value is None:
                values[name] = ""
            elif not isinstance(value, str):
                raise LedgerError(f"{where}: {name} must be text, got {value!r:.40}")
        for name in ("epsilon", "delta"):
            value = values.get(name, 0.0) if name == "delta" else values[name]
            value = 0.0 if value is None and name == "delta" else value
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise LedgerError(f"{where}: {name} must be a finite number >= 0, got {value!r:.40}")
            values[name] = float(value)
        rho = values.get("rho")
        if rho is not None and (isinstance(rho, bool) or not isinstance(rho, (int, float)) or not math.isfinite(rho)
                                or rho < 0):
            raise LedgerError(f"{where}: rho must be a finite number >= 0 or null, got {rho!r:.40}")
        values["rho"] = None if rho is None else float(rho)
        partition = values.get("partition") or "all"
        try:
            if not isinstance(partition, str):
                raise ValueError
            Partition.parse(partition)
        except ValueError:
            raise LedgerError(f"{where}: partition {partition!r:.60} is not of the form key=value or 'all'") from None
        values["partition"] = partition
        seeded = values.get("seeded", False)
        if not isinstance(seeded, bool):
            raise LedgerError(f"{where}: seeded must be true or false, got {seeded!r:.40}")
        rows = values.get("rows_per_person")
        if rows is not None and (isinstance(rows, bool) or not isinstance(rows, int) or rows < 1):
            raise LedgerError(f"{where}: rows_per_person must be a whole number >= 1 or null, got {rows!r:.40}")
        parents = values.get("parents", [])
        if not isinstance(parents, list) or not all(isinstance(p, str) and p for p in parents):
            raise LedgerError(f"{where}: parents must be a list of fingerprints, got {parents!r:.60}")
        values["parents"] = tuple(parents)
        return cls(**values)

    def keys(self) -> Tuple[str, ...]:
        """What identifies the people's data of this entry: fingerprints (own and parents') and DATASET."""
        named = (f"dataset:{' '.join(self.dataset.split()).casefold()}",) if self.dataset.strip() else ()
        return (f"fingerprint:{self.fingerprint}",) + tuple(f"fingerprint:{p}" for p in self.parents) + named

    def event(self, source: str = "", source_label: str = "") -> ReleaseEvent:
        """The entry as an accounting event of the source ``source`` (by default its own fingerprint)."""
        return ReleaseEvent(
            release_id=self.release_id,
            source=source or self.fingerprint,
            epsilon=float(self.epsilon),
            delta=float(self.delta or 0.0),
            partition=Partition.parse(self.partition),
            algorithm=self.algorithm,
            unit_of_privacy=self.unit_of_privacy,
            output=self.output,
            time=self.time,
            source_label=source_label or self.input_layer,
            origin="ledger",
            seeded=self.seeded,
            rows_per_person=self.rows_per_person,
            partition_rule=self.partition_rule,
            rho=self.rho,
        )


def source_groups(entries: Iterable[LedgerEntry]) -> List[str]:
    """One source key per entry: entries sharing a fingerprint, a parent or a DATASET name, directly or through
    other entries, get the same key (the smallest of their group's keys: stable, never shown)."""
    entries = list(entries)
    parent: Dict[str, str] = {}

    def find(key):
        parent.setdefault(key, key)
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for entry in entries:
        keys = entry.keys()
        for key in keys[1:]:
            a, b = find(keys[0]), find(key)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return [find(entry.keys()[0]) for entry in entries]


def events_of(entries: Iterable[LedgerEntry]) -> Tuple[ReleaseEvent, ...]:
    """The entries as accounting events, grouped into sources by :func:`source_groups`."""
    entries = list(entries)
    return tuple(entry.event(source) for entry, source in zip(entries, source_groups(entries)))


@dataclass(frozen=True)
class Reservation:
    """The outcome of a budget check that let the release go ahead."""

    entries: Tuple[LedgerEntry, ...]
    spent_before: float
    total_after: float
    budget: Optional[Budget]
    # The spend with this release on its partition in both terms (core.accounting.zcdp.Spend.text), or "".
    spend_text: str = ""


class Ledger:
    """The accounting rules over a store (core.accounting.ledger_store): reading needs no lock, appending takes it.

    ``Ledger(path)`` uses the JSON file at ``path``; ``Ledger(store=...)`` any other LedgerStore.
    """

    def __init__(self, path=None, lock_timeout: float = 30.0, poll: float = 0.02, store: LedgerStore = None):
        self.store = store if store is not None else JsonFileStore(path, lock_timeout, poll)

    @property
    def path(self):
        return getattr(self.store, "path", None)

    @property
    def lock_path(self):
        return getattr(self.store, "lock_path", None)

    def entries(self) -> Tuple[LedgerEntry, ...]:
        """All entries (none if the ledger does not exist yet); LedgerError when it is damaged."""
        entries = tuple(LedgerEntry.from_dict(item) for item in self.store.read())
        seen = {}
        for entry in entries:
            earlier = seen.setdefault((entry.release_id, entry.fingerprint), entry)
            if earlier is not entry and (earlier.epsilon, earlier.delta, earlier.partition) != (
                    entry.epsilon, entry.delta, entry.partition):
                raise LedgerError(
                    f"{self.store.describe()} is damaged: release {entry.release_id!r} is recorded twice with "
                    "different epsilon, delta or partition")
        return entries

    def events(self) -> Tuple[ReleaseEvent, ...]:
        return events_of(self.entries())

    def locked(self):
        return self.store.locked()

    def append(self, *entries: LedgerEntry) -> None:
        """Append entries atomically."""
        with self.store.locked():
            self.store.write([e.to_dict() for e in self.entries() + tuple(entries)])

    def reserve(self, entry: LedgerEntry, budget=None, inherited: Iterable[LedgerEntry] = ()) -> Reservation:
        """Check the budget of the source ``entry`` belongs to and append, with the lock held.

        The source is every entry sharing a fingerprint, parent or DATASET
        name with ``entry`` (source_groups). ``inherited`` are earlier releases
        this one builds on (e.g. the noisy histogram trip relocation draws
        from); those whose release_id is not yet recorded for this source are
        appended too (under this entry's fingerprint) and counted against its
        budget: the output depends on them, even when they were computed from
        another layer. Seeded releases are outside every total (they are not
        private). ``budget``: a core.accounting.zcdp.Budget (epsilon with an
        optional delta, or rho), a number (an epsilon) or None. Raises
        BudgetExceededError (and appends nothing) if what the data ``entry``
        touches has spent would exceed ``budget``.
        """
        if budget is not None and not isinstance(budget, Budget):
            budget = Budget(epsilon=float(budget))
        with self.store.locked():
            existing = self.entries()
            new, before, after = _spending(existing, entry, inherited)
            partition = new[-1].event().counted_partition  # "all" when the partition composes sequentially
            text = ""
            if budget is not None:
                gaussian = has_zcdp_release(after)
                spent = _spend(budget, before, partition, gaussian)
                total = _spend(budget, after, partition, gaussian)
                text = "Spent before this release: " + spent.text() + ". With it: " + total.text()
                if total.value > budget.limit * (1 + BUDGET_TOLERANCE):
                    raise BudgetExceededError(spent.value, total.value - spent.value, budget.limit, partition,
                                              budget.term, text)
            self.store.write([e.to_dict() for e in existing + tuple(new)])
            return Reservation(tuple(new), compose(before, within=partition).epsilon, compose(after).epsilon, budget,
                               text)

    def preview(self, entry: LedgerEntry, inherited: Iterable[LedgerEntry] = (), budget=None) -> Tuple[float, float]:
        """(spent before, spent after) on the data ``entry`` touches, as reserve would find them: epsilon by basic
        composition, or in ``budget``'s terms (a Budget or an epsilon); writes nothing."""
        _, before, after = _spending(self.entries(), entry, inherited)
        within = after[-1].counted_partition
        if budget is None:
            return compose(before, within=within).epsilon, compose(after, within=within).epsilon
        if not isinstance(budget, Budget):
            budget = Budget(epsilon=float(budget))
        gaussian = has_zcdp_release(after)
        return _spend(budget, before, within, gaussian).value, _spend(budget, after, within, gaussian).value


def _spend(budget: Budget, events, within: Partition, gaussian: bool):
    """What ``events`` spend within ``within`` in the budget's terms (core.accounting.zcdp.Budget.spent)."""
    basic = compose(events, within=within)
    zcdp = compose_zcdp(events, budget.delta or None, within=within)
    return budget.spent(basic, zcdp, use_zcdp=gaussian)


def _spending(existing, entry, inherited):
    """(entries to append, the source's events before them, and with them)."""
    groups = source_groups(tuple(existing) + (entry,))
    mine = groups[-1]
    same = [e for e, g in zip(existing, groups) if g == mine]
    known = {e.release_id for e in same}
    new = [replace(e, fingerprint=entry.fingerprint, parents=entry.parents, dataset=entry.dataset)
           for e in inherited if e.release_id not in known and e.release_id != entry.release_id]
    new.append(entry)
    same_source = [e.event(mine) for e in same]
    added = [e.event(mine) for e in new]
    return new, same_source, same_source + added
