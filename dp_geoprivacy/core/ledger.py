"""The privacy ledger: the publisher's private record of every release.

A JSON file with one entry per release (per run of a privatizing
algorithm): a fingerprint of the source data, the algorithm, epsilon,
delta, unit of privacy, partition, output, time and release_id. The
fingerprint lets releases of the same data be added up across sessions and
tools (seed 001 §2, Theorems 2-3; seed 003 §III F); it is a statistic of
the raw data, so it lives ONLY here: never in a published output, privacy
record or report.

Safety of the file:

* Appending is serialised by a lock file (``<ledger>.lock``, created with
  ``O_CREAT | O_EXCL``, which is atomic on POSIX and Windows alike). A run
  that cannot get the lock within the timeout stops with a message naming
  the lock file; a lock is never broken automatically (two runs breaking
  the same stale lock could both append).
* The new ledger is written to a temporary file in the same folder, flushed
  to disk, and moved over the old one with ``os.replace`` (atomic), so a
  crash or a concurrent reader sees the old or the new ledger, never a
  partial one, and no entry is lost.
* A file that is not a ledger is never overwritten.

The budget check (:meth:`Ledger.reserve`) runs with the lock held: it
computes what has been spent on the data the new release touches (with
parallel composition over disjoint partitions, see core.accounting),
refuses the release if it would take that above the budget, and otherwise
appends the entry BEFORE any noise is drawn. A run that crashes, fails or
is cancelled after reserving therefore still counts as spent: the safe
direction, since noise may already have been drawn and seen.
"""

import json
import os
import socket
import tempfile
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Optional, Tuple

from .accounting import Partition, ReleaseEvent, compose

LEDGER_FORMAT = "dp_geoprivacy.ledger/1"
PRIVATE_NOTE = (
    "Private file of the data publisher: it holds fingerprints of the source data. Do not publish it."
)
# Budget comparisons allow this relative slack for floating-point sums (1 + 1 + 1 == 3 exactly is not guaranteed).
BUDGET_TOLERANCE = 1e-9


class LedgerError(Exception):
    """The ledger cannot be read, locked or written."""


class BudgetExceededError(LedgerError):
    """The release would take the source's total epsilon above the budget."""

    def __init__(self, spent: float, requested: float, budget: float, partition: Partition):
        self.spent, self.requested, self.budget, self.partition = spent, requested, budget, partition
        where = "" if partition.is_all else f" on partition {partition}"
        super().__init__(
            f"Privacy budget exceeded: epsilon spent{where} = {spent:g}, requested = {requested:g}, "
            f"remaining = {max(budget - spent, 0.0):g} of the budget {budget:g}. Nothing was released "
            "and no noise was drawn."
        )


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class LedgerEntry:
    """One release as the ledger stores it."""

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

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "LedgerEntry":
        known = {f.name for f in fields(cls)}
        missing = {"fingerprint", "epsilon", "release_id"} - set(data)
        if missing:
            raise LedgerError(f"ledger entry without {', '.join(sorted(missing))}: {data!r}")
        return cls(**{k: v for k, v in data.items() if k in known})

    def event(self, source_label: str = "") -> ReleaseEvent:
        """The entry as an accounting event, grouped by fingerprint."""
        return ReleaseEvent(
            release_id=self.release_id,
            source=self.fingerprint,
            epsilon=float(self.epsilon),
            delta=float(self.delta or 0.0),
            partition=Partition.parse(self.partition),
            algorithm=self.algorithm,
            unit_of_privacy=self.unit_of_privacy,
            output=self.output,
            time=self.time,
            source_label=source_label or self.input_layer,
            origin="ledger",
        )


@dataclass(frozen=True)
class Reservation:
    """The outcome of a budget check that let the release go ahead."""

    entries: Tuple[LedgerEntry, ...]
    spent_before: float
    total_after: float
    budget: Optional[float]


class Ledger:
    """A ledger file; reading needs no lock, appending takes it."""

    def __init__(self, path, lock_timeout: float = 30.0, poll: float = 0.02):
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self.lock_timeout = lock_timeout
        self.poll = poll

    # --- reading ---------------------------------------------------------------

    def entries(self) -> Tuple[LedgerEntry, ...]:
        """All entries (none if the file does not exist yet)."""
        if not self.path.exists():
            return ()
        for attempt in range(50):  # Windows: os.replace by a writer can briefly block opening
            try:
                text = self.path.read_text(encoding="utf-8")
                break
            except PermissionError:
                if attempt == 49:
                    raise
                time.sleep(self.poll)
        if not text.strip():
            return ()
        try:
            data = json.loads(text)
        except ValueError as error:
            raise LedgerError(f"{self.path} is not a dp_geoprivacy ledger (invalid JSON: {error})") from None
        if not isinstance(data, dict) or data.get("format") != LEDGER_FORMAT:
            raise LedgerError(f"{self.path} is not a dp_geoprivacy ledger (format {LEDGER_FORMAT} expected)")
        return tuple(LedgerEntry.from_dict(item) for item in data.get("entries", ()))

    def events(self) -> Tuple[ReleaseEvent, ...]:
        return tuple(entry.event() for entry in self.entries())

    # --- locking and writing ---------------------------------------------------

    @contextmanager
    def locked(self):
        """Hold the ledger's lock file for the duration of the block."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                handle = os.open(str(self.lock_path), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                break
            except FileExistsError:
                if time.monotonic() > deadline:
                    raise LedgerError(
                        f"The ledger is locked by another run ({self._lock_owner()}). If no run is in "
                        f"progress, a crashed run left the lock behind: delete {self.lock_path} and try again."
                    ) from None
                time.sleep(self.poll)
        try:
            os.write(handle, f"pid {os.getpid()} on {socket.gethostname()} since {now()}".encode())
            os.close(handle)
            yield self
        finally:
            try:
                os.remove(str(self.lock_path))
            except FileNotFoundError:
                pass

    def _lock_owner(self) -> str:
        try:
            return self.lock_path.read_text(encoding="utf-8", errors="replace").strip() or "unknown"
        except OSError:
            return "unknown"

    def _write(self, entries: Iterable[LedgerEntry]) -> None:
        """Replace the file atomically (call with the lock held)."""
        data = {"format": LEDGER_FORMAT, "note": PRIVATE_NOTE, "entries": [e.to_dict() for e in entries]}
        handle, temporary = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=str(self.path.parent))
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1, sort_keys=True)
                out.write("\n")
                out.flush()
                os.fsync(out.fileno())
            for attempt in range(50):
                try:
                    os.replace(temporary, str(self.path))
                    break
                except PermissionError:  # Windows: a reader has the file open
                    if attempt == 49:
                        raise
                    time.sleep(self.poll)
        except BaseException:
            try:
                os.remove(temporary)
            except FileNotFoundError:
                pass
            raise

    def _store(self, existing: Tuple[LedgerEntry, ...], new: Tuple[LedgerEntry, ...]) -> None:
        """Save ``new`` after ``existing`` (call with the lock held). The storage hook: a ledger kept
        elsewhere (processing/ledger_postgres.py) overrides it with ``entries`` and ``locked``."""
        self._write(existing + new)

    def append(self, *entries: LedgerEntry) -> None:
        """Append entries atomically."""
        with self.locked():
            self._store(self.entries(), tuple(entries))

    def reserve(self, entry: LedgerEntry, budget: Optional[float] = None,
                inherited: Iterable[LedgerEntry] = ()) -> Reservation:
        """Check the budget of ``entry.fingerprint`` and append, with the lock held.

        ``inherited`` are earlier releases this one builds on (e.g. the noisy
        histogram trip relocation draws from); those whose release_id is not
        yet recorded for this fingerprint are appended too (under this
        fingerprint) and counted against its budget: the output depends on
        them, even when they were computed from another layer.
        Raises BudgetExceededError (and appends nothing) if the total epsilon of
        the data ``entry`` touches would exceed ``budget``.
        """
        with self.locked():
            existing = self.entries()
            known = {e.release_id for e in existing if e.fingerprint == entry.fingerprint}
            new = [replace(e, fingerprint=entry.fingerprint) for e in inherited
                   if e.release_id not in known and e.release_id != entry.release_id]
            new.append(entry)
            same_source = [e.event() for e in existing if e.fingerprint == entry.fingerprint]
            partition = Partition.parse(entry.partition)
            spent = compose(same_source, within=partition).epsilon
            after = compose(same_source + [e.event() for e in new], within=partition).epsilon
            if budget is not None and after > budget * (1 + BUDGET_TOLERANCE):
                requested = after - spent
                raise BudgetExceededError(spent, requested, budget, partition)
            self._store(existing, tuple(new))
            total_after = compose(same_source + [e.event() for e in new]).epsilon
            return Reservation(tuple(new), spent, total_after, budget)
