"""The privacy ledger as a table in PostgreSQL, so a team publishing from several machines shares one budget.

LEDGER names it in QGIS's data source form, with or without the provider
prefix: ``postgres://dbname='city' host=db.example port=5432 user='gis'
table="privacy"."ledger"`` or ``dbname='city' ... table="privacy"."ledger"``
(``service=`` and ``authcfg=`` work as in QGIS). Without ``table=`` the table
is ``public.dp_geoprivacy_ledger``. It is created on first use: one row per
entry (``id`` in order of reservation, ``fingerprint``, ``release_id``,
``entry``: the entry as JSON, as in the ledger file, ``written``).

The guarantees are those of the ledger file (core.accounting.ledger), with the
database's transaction in place of the lock file: a reservation is ONE
transaction that takes a transaction-scoped advisory lock on the table
(``pg_advisory_xact_lock``, so concurrent runs from any process or machine
queue there), reads the entries, applies the budget rule of core.accounting.ledger and
inserts the new entries, then commits, before any noise is drawn. A refused
release rolls back and writes nothing; a run that dies before the commit
leaves nothing (its noise was not drawn yet); an entry, once committed, is
never rewritten or deleted. A run that waits longer than the lock timeout
stops with a message. The connection is GDAL's PostgreSQL driver (libpq),
which every QGIS has.
"""

import json
import re
from contextlib import contextmanager
from typing import Iterable, List, Optional

from osgeo import gdal, ogr
from qgis.core import QgsDataSourceUri

from ..core.accounting.ledger import Ledger
from ..core.accounting.ledger_store import LedgerError

gdal.UseExceptions()
ogr.UseExceptions()

DEFAULT_TABLE = "dp_geoprivacy_ledger"
PREFIXES = ("postgres://", "postgresql://", "postgis://", "postgres:", "postgis:")


def postgres_ledger_uri(value) -> Optional[str]:
    """The QGIS data source URI when the LEDGER value names a PostgreSQL table, else None (a file)."""
    text = str(value or "").strip()
    for prefix in PREFIXES:
        if text.startswith(prefix):
            return text[len(prefix):]
    if text.startswith(("dbname=", "service=", "host=")) and "=" in text:
        return text
    return None


def without_password(location: str) -> str:
    """The LEDGER value for messages and logs: a PostgreSQL password is never repeated."""
    return re.sub(r"password=('(?:[^'\\]|\\.)*'|\S+)", "password=...", str(location))


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(value: str) -> str:
    return "'" + str(value).replace("'", "''") + "'"


class PostgresStore:
    """A ledger table in PostgreSQL (see the module docstring): a LedgerStore (core.accounting), so the budget
    rules are core.accounting.ledger's, applied inside the table's transaction."""

    def __init__(self, uri: str, lock_timeout: float = 30.0):
        source = QgsDataSourceUri(uri)
        self.schema = source.schema() or "public"
        self.table = source.table() or DEFAULT_TABLE
        self.connection_info = source.connectionInfo(True)
        self.lock_timeout = lock_timeout
        self.name = f"{source.database() or source.service()}:{self.schema}.{self.table}"  # for messages
        self._dataset = None

    def describe(self) -> str:
        return self.name

    @property
    def qualified(self) -> str:
        return f"{_quoted(self.schema)}.{_quoted(self.table)}"

    def _open(self):
        try:
            return gdal.OpenEx("PG:" + self.connection_info, gdal.OF_VECTOR | gdal.OF_UPDATE,
                               open_options=["LIST_ALL_TABLES=NO"])
        except RuntimeError as error:
            raise LedgerError(f"cannot connect to PostgreSQL ({str(error).strip()})") from None

    def _rows(self, dataset, sql):
        result = dataset.ExecuteSQL(sql)
        if result is None:
            return []
        try:
            return [[feature.GetField(i) for i in range(feature.GetFieldCount())] for feature in result]
        finally:
            dataset.ReleaseResultSet(result)

    @contextmanager
    def locked(self):
        """One transaction holding the table's advisory lock (created on first use)."""
        if self._dataset is not None:
            raise LedgerError("the ledger is already locked by this run")
        dataset = self._open()
        try:
            dataset.StartTransaction()
            try:
                self._rows(dataset, f"SET LOCAL lock_timeout = '{int(self.lock_timeout * 1000)}ms'")
                self._rows(dataset, f"DO $$ BEGIN PERFORM pg_advisory_xact_lock(hashtext('dp_geoprivacy_ledger'), "
                                    f"hashtext({_literal(self.schema + '.' + self.table)})); END $$")
                self._rows(dataset, f"CREATE TABLE IF NOT EXISTS {self.qualified} (id bigserial PRIMARY KEY, "
                                    f"fingerprint text NOT NULL, release_id text NOT NULL, entry text NOT NULL, "
                                    f"written timestamptz NOT NULL DEFAULT now())")
                self._dataset = dataset
                yield self
                self._dataset = None
                dataset.CommitTransaction()
            except BaseException:
                self._dataset = None
                dataset.RollbackTransaction()
                raise
        except RuntimeError as error:
            message = str(error).strip()
            if "lock timeout" in message:
                message = f"the ledger table is locked by another run for over {self.lock_timeout:g} s"
            raise LedgerError(message) from None
        finally:
            dataset = None  # noqa: F841 (closes the connection)

    def _entry_texts(self):
        if self._dataset is not None:
            return [row[0] for row in self._rows(self._dataset, f"SELECT entry FROM {self.qualified} ORDER BY id")]
        dataset = self._open()
        try:
            exists = self._rows(dataset, f"SELECT to_regclass({_literal(self.qualified)}) IS NOT NULL")
            if not exists or not exists[0][0] or exists[0][0] in (0, "0", "f", "false"):
                return []
            return [row[0] for row in self._rows(dataset, f"SELECT entry FROM {self.qualified} ORDER BY id")]
        finally:
            dataset = None  # noqa: F841

    def read(self) -> List[dict]:
        try:
            return [json.loads(text) for text in self._entry_texts()]
        except (ValueError, TypeError) as error:
            raise LedgerError(f"{self.name} holds an entry that is not a dp_geoprivacy ledger entry ({error})") \
                from None

    def write(self, entries: Iterable[dict]) -> None:
        """Insert the entries beyond those already in the table (with the lock held: rows are never rewritten)."""
        if self._dataset is None:
            raise LedgerError("entries are stored with the ledger locked")
        entries = list(entries)
        stored = len(self._entry_texts())
        new = entries[stored:]
        if not new:
            return
        values = ", ".join(f"({_literal(e.get('fingerprint', ''))}, {_literal(e.get('release_id', ''))}, "
                           f"{_literal(json.dumps(e, sort_keys=True))})" for e in new)
        self._rows(self._dataset, f"INSERT INTO {self.qualified} (fingerprint, release_id, entry) VALUES {values}")


def postgres_ledger(uri: str, lock_timeout: float = 30.0) -> Ledger:
    """The ledger kept in the PostgreSQL table ``uri`` names."""
    return Ledger(store=PostgresStore(uri, lock_timeout))
