"""LEDGER, BUDGET and PARTITION on the Spark path: the plugin's ledger (core.ledger) and accounting.

The same file, entry and refusal as the QGIS algorithms (processing/budget.py
is their QGIS glue; this is the Spark glue around the same core pieces):
with LEDGER, the source is fingerprinted, then, with the ledger locked,
``core.ledger.Ledger.reserve`` checks BUDGET with the parallel composition
of ``core.accounting`` over PARTITION and appends the entry BEFORE any noise
is drawn (a run that fails afterwards still counts as spent). BUDGET
without LEDGER is refused, as in QGIS.

Fingerprint of a Parquet source (computed by Spark over every row and
column, so a billion-row input is never sorted on the driver): each row's
xxhash64 over all columns (Spark's ``xxhash64``), combined without regard
to row order as the row count, the sum of the rows' two 32-bit halves and
their XOR, then SHA-256 of those with the sorted column names and types.
It differs from the QGIS fingerprint of the same data in a GeoPackage (a
different format's content): releases of one dataset should be made from
one copy of it. As in QGIS it stays in the ledger only.
"""

import hashlib
import uuid
from dataclasses import dataclass
from typing import Optional

from ..core.accounting import Partition
from ..core.ledger import BudgetExceededError, Ledger, LedgerEntry, LedgerError, now
from ..core.privacy_record import WEAK_EPSILON, weak_epsilon_note


class BudgetRefusedError(RuntimeError):
    """The release was refused (budget exhausted or ledger unusable); nothing was drawn or written."""


@dataclass(frozen=True)
class Reservation:
    """What the privacy record gets: release_id and partition (and the ledger's path, if any)."""

    release_id: str
    partition: str
    ledger: str = ""

    def record_fields(self) -> dict:
        return {"release_id": self.release_id, "partition": self.partition}


def source_fingerprint(df) -> str:
    """SHA-256 hex of the DataFrame's content, independent of row order and partitioning (see the docstring)."""
    from pyspark.sql import functions as sf

    names = sorted(df.columns)
    row = sf.xxhash64(*[sf.col(f"`{n}`") for n in names])
    high = sf.shiftrightunsigned(sf.col("h"), 32)
    low = sf.col("h").bitwiseAND(sf.lit(0xFFFFFFFF))
    [totals] = (df.select(row.alias("h"))
                .select("h", high.alias("high"), low.alias("low"))
                .agg(sf.count(sf.lit(1)).alias("n"), sf.sum(sf.col("high").cast("decimal(38,0)")).alias("high"),
                     sf.sum(sf.col("low").cast("decimal(38,0)")).alias("low"), sf.bit_xor("h").alias("xor"))
                .collect())
    schema = sorted((f.name, f.dataType.simpleString()) for f in df.schema.fields)
    digest = hashlib.sha256(b"dp_geoprivacy.spark fingerprint 1\n")
    digest.update(repr((schema, int(totals["n"]), str(totals["high"] or 0), str(totals["low"] or 0),
                        int(totals["xor"] or 0))).encode())
    return digest.hexdigest()


def partition_of(text: Optional[str]) -> Partition:
    try:
        return Partition.parse(text or "")
    except ValueError as error:
        raise BudgetRefusedError(f"PARTITION: {error}") from None


def reserve(*, algorithm: str, mechanism_fields: dict, ledger: Optional[str], budget: Optional[float],
            partition: Optional[str], output: str, input_name: str, fingerprint=None, log=print) -> Reservation:
    """Check BUDGET and append this release to LEDGER, before any noise is drawn (processing/budget.reserve).

    ``fingerprint`` is a callable giving the source's fingerprint (only
    called when there is a ledger). Raises BudgetRefusedError with the plugin's
    message when the budget would be exceeded, BUDGET has no LEDGER, or the
    ledger cannot be used.
    """
    if weak_epsilon_note(mechanism_fields.get("epsilon")):
        log(f"Warning: EPSILON = {float(mechanism_fields['epsilon']):g} is above {WEAK_EPSILON:g}: this release "
            "gives no meaningful protection. The output's privacy record says so.")
    parsed = partition_of(partition)
    release_id = uuid.uuid4().hex
    if not ledger:
        if budget is not None:
            raise BudgetRefusedError("BUDGET needs a LEDGER: the epsilon already spent on the source is read from the "
                                "ledger.")
        return Reservation(release_id, parsed.text)
    log("Fingerprinting the input for the privacy ledger...")
    entry = LedgerEntry(
        fingerprint=fingerprint(), algorithm=algorithm, epsilon=float(mechanism_fields["epsilon"]),
        delta=float(mechanism_fields.get("delta") or 0.0), unit_of_privacy=mechanism_fields["unit_of_privacy"],
        partition=parsed.text, output=str(output), release_id=release_id, input_layer=input_name, time=now(),
        note="reserved before any noise was drawn (dp_geoprivacy.spark)")
    try:
        reservation = Ledger(ledger).reserve(entry, budget)
    except BudgetExceededError as error:
        raise BudgetRefusedError(f"{error} Ledger: {ledger}. Lower EPSILON, choose another PARTITION, or raise "
                            "BUDGET.") from None
    except (LedgerError, OSError) as error:
        raise BudgetRefusedError(f"LEDGER {ledger}: {str(error).rstrip('.')}. Give LEDGER a dp_geoprivacy ledger (or a "
                            "new file) in a folder you can write to.") from None
    log(f"Ledger: reserved epsilon {entry.epsilon:g} on partition '{parsed.text}' (spent there before: "
        f"{reservation.spent_before:g}); the source's total is now {reservation.total_after:g}"
        + ("" if budget is None else f" of the budget {budget:g}") + ".")
    return Reservation(release_id, parsed.text, str(ledger))
