"""Where the privacy ledger's entries are kept: the storage interface and the JSON file store.

The accounting rules (what a release costs, the budget check) live in
core.accounting.ledger and core.accounting.composition and never touch storage directly; they use a
:class:`LedgerStore`, which offers three things:

* ``read()``: every stored entry, as plain dicts (validated by core.accounting.ledger);
* ``locked()``: a context manager that excludes every other writer (other
  threads, processes and machines sharing the store) for its duration;
* ``write(entries)``: replace the stored entries with ``entries`` (only called
  with the lock held, with the old entries plus the new ones: a store may
  append the difference instead).

:class:`JsonFileStore` is the file the LEDGER parameter names. Another store
(e.g. a table in PostgreSQL shared by a team) implements the same three
methods and plugs into ``core.accounting.ledger.Ledger(store=...)``.

Safety of the file:

* Appending is serialised by a lock file next to the real ledger file
  (``<ledger>.lock``, created with ``O_CREAT | O_EXCL``, atomic on POSIX and
  Windows). A lock is never broken automatically.
* The new ledger is written to a temporary file in the real file's folder,
  flushed, given the old file's permission bits (and owner, where allowed),
  and moved over the old one with ``os.replace`` (atomic): a crash or a
  concurrent reader sees the old or the new ledger, never a partial one.
* A symbolic link is followed: the real file is appended to, so every link
  to a shared ledger sees the entry, and all links share one lock.
* A file with several hard links, a device, a pipe or a folder is refused
  with a message (replacing it would split the links or replace the device).
* A file that is not a ledger (invalid, damaged, another format) is never
  overwritten: reading it raises LedgerError, which stops the run.
"""

import json
import os
import socket
import stat
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, List, Protocol

LEDGER_FORMAT = "dp_geoprivacy.ledger/1"
PRIVATE_NOTE = (
    "Private file of the data publisher: it holds fingerprints of the source data. Do not publish it."
)


class LedgerError(Exception):
    """The ledger cannot be read, locked or written (damaged, locked, not a ledger, not allowed)."""


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


class LedgerStore(Protocol):
    """The storage a Ledger uses (see the module docstring)."""

    def describe(self) -> str:
        """How messages name the store (a path, a table)."""

    def read(self) -> List[dict]:
        """The stored entries as dicts; raise LedgerError when the store is damaged or not a ledger."""

    def locked(self):
        """A context manager holding the store's write lock."""

    def write(self, entries: Iterable[dict]) -> None:
        """Store ``entries`` (the old ones and the new ones), with the lock held."""


class JsonFileStore:
    """The ledger as one JSON file (see the module docstring)."""

    def __init__(self, path, lock_timeout: float = 30.0, poll: float = 0.02):
        self.path = Path(path)
        self.lock_timeout = lock_timeout
        self.poll = poll

    def describe(self) -> str:
        return str(self.path)

    @property
    def real_path(self) -> Path:
        """The file a symbolic link points to (the path itself otherwise)."""
        return Path(os.path.realpath(self.path))

    @property
    def lock_path(self) -> Path:
        real = self.real_path
        return real.with_name(real.name + ".lock")

    # --- reading ---------------------------------------------------------------------------

    def _status(self):
        """The real file's os.stat, or None when it does not exist yet; refuses what cannot be a ledger."""
        try:
            status = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError as error:  # a link loop, a folder we may not enter
            raise LedgerError(f"{self.path} cannot be opened ({error.strerror or error})") from None
        if stat.S_ISDIR(status.st_mode):
            raise LedgerError(f"{self.path} is a folder, not a ledger file; give a file name")
        if not stat.S_ISREG(status.st_mode):
            raise LedgerError(f"{self.path} is a device or special file, not a ledger file; give an ordinary file")
        if status.st_nlink > 1:
            raise LedgerError(
                f"{self.path} has {status.st_nlink} hard links: each append replaces the file atomically, which "
                "would split them (the other names would keep the old ledger). Use the one file, or symbolic links "
                "to it")
        return status

    def read(self) -> List[dict]:
        if self._status() is None:
            return []
        for attempt in range(50):  # Windows: os.replace by a writer can briefly block opening
            try:
                raw = self.path.read_bytes()
                break
            except PermissionError:
                if attempt == 49 or os.name != "nt":
                    raise LedgerError(f"{self.path} cannot be read (no permission)") from None
                time.sleep(self.poll)
            except OSError as error:
                raise LedgerError(f"{self.path} cannot be read ({error.strerror or error})") from None
        if not raw.strip():
            raise LedgerError(
                f"{self.path} is empty, not a dp_geoprivacy ledger (a damaged ledger loses what was spent); give "
                "another file name to start a new ledger, or restore this one from a backup")
        return parse(raw, str(self.path))

    # --- locking and writing ---------------------------------------------------------------

    @contextmanager
    def locked(self):
        lock_path = self.lock_path
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LedgerError(f"the folder of {self.path} cannot be made ({error.strerror or error})") from None
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                handle = os.open(str(lock_path), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                break
            except FileExistsError:
                if time.monotonic() > deadline:
                    raise LedgerError(
                        f"The ledger is locked by another run ({self._lock_owner()}). If no run is in "
                        f"progress, a crashed run left the lock behind: delete {lock_path} and try again."
                    ) from None
                time.sleep(self.poll)
            except OSError as error:
                raise LedgerError(f"the lock file {lock_path} cannot be made ({error.strerror or error})") from None
        try:
            os.write(handle, f"pid {os.getpid()} on {socket.gethostname()} since {now()}".encode())
            os.close(handle)
            yield self
        finally:
            try:
                os.remove(str(lock_path))
            except FileNotFoundError:
                pass

    def _lock_owner(self) -> str:
        try:
            return self.lock_path.read_text(encoding="utf-8", errors="replace").strip() or "unknown"
        except OSError:
            return "unknown"

    def write(self, entries: Iterable[dict]) -> None:
        """Replace the real file atomically, keeping its permission bits (call with the lock held)."""
        status = self._status()
        real = self.real_path
        data = {"format": LEDGER_FORMAT, "note": PRIVATE_NOTE, "entries": list(entries)}
        text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False) + "\n"
        handle, temporary = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=str(real.parent))
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                if status is not None:
                    _keep_owner_and_mode(out.fileno(), status)
                os.fsync(out.fileno())
            for attempt in range(50):
                try:
                    os.replace(temporary, str(real))
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


def _keep_owner_and_mode(fileno, status) -> None:
    if hasattr(os, "fchown"):
        try:
            os.fchown(fileno, status.st_uid, status.st_gid)
        except OSError:  # only root may give a file away; the mode is kept anyway
            pass
    if hasattr(os, "fchmod"):
        os.fchmod(fileno, stat.S_IMODE(status.st_mode))
    # Windows has no fchmod: mkstemp's file keeps the folder's permissions there.


def parse(raw: bytes, where: str) -> List[dict]:
    """The entries of a ledger's bytes, as dicts; LedgerError for anything that is not a ledger."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LedgerError(f"{where} is not a dp_geoprivacy ledger (not UTF-8 text: a binary file, e.g. a "
                          "GeoPackage?)") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise LedgerError(f"{where} is not a dp_geoprivacy ledger (JSON nested too deeply)") from None
    except ValueError as error:
        raise LedgerError(f"{where} is not a dp_geoprivacy ledger (invalid JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != LEDGER_FORMAT:
        raise LedgerError(f"{where} is not a dp_geoprivacy ledger (format {LEDGER_FORMAT} expected)")
    entries = data.get("entries", [])
    if not isinstance(entries, list) or not all(isinstance(item, dict) for item in entries):
        raise LedgerError(f"{where} is a damaged dp_geoprivacy ledger ('entries' must be a list of objects)")
    return entries
