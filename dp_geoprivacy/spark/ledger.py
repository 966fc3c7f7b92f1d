"""LEDGER, BUDGET and PARTITION on the Spark path: the plugin's ledger (core.accounting.ledger) and accounting.

The same file, entry and refusal as the QGIS algorithms (processing/budget.py
is their QGIS glue; this is the Spark glue around the same core pieces):
with LEDGER, the source is fingerprinted, then, with the ledger locked,
``core.accounting.ledger.Ledger.reserve`` checks BUDGET with the parallel composition
of ``core.accounting.composition`` over PARTITION and appends the entry BEFORE any noise
is drawn (a run that fails afterwards still counts as spent). BUDGET
without LEDGER is refused, as in QGIS.

PARTITION selects the rows (``field=value``, text compared without regard to
case, as the ledger compares partitions) before the release, and composes in
parallel only where no unit of privacy can span partitions
(core.accounting.composition.partition_rule). DATASET, ROWS_PER_PERSON and SEED go into
the entry as in QGIS.

Fingerprint: core.accounting.fingerprint's, of the geometries only (the point columns,
the WKB geometry column or the trip's two ends), computed on the executors in
batches (mapInPandas) and added up on the driver: the same value as the QGIS
plugin's for the same data in a GeoPackage, so releases from either count
against one budget. As in QGIS it stays in the ledger only.
"""

import uuid
from dataclasses import dataclass
from typing import Optional

from ..core.accounting import fingerprint
from ..core.accounting.composition import Partition, partition_rule
from ..core.accounting.ledger import BUDGET_TOLERANCE, BudgetExceededError, Ledger, LedgerEntry, LedgerError, now
from ..core.accounting.privacy_record import WEAK_EPSILON, weak_epsilon_note
from ..core.accounting.zcdp import Budget, BudgetSettingError, budget_from


class BudgetRefusedError(RuntimeError):
    """The release was refused (budget exhausted or ledger unusable); nothing was drawn or written."""


@dataclass(frozen=True)
class Reservation:
    """What the privacy record gets: release_id and partition (and the ledger's path, if any)."""

    release_id: str
    partition: str
    ledger: str = ""
    partition_rule: str = ""

    def record_fields(self) -> dict:
        return {"release_id": self.release_id, "partition": self.partition, "partition_rule": self.partition_rule}


def source_fingerprint(df, geometry) -> str:
    """core.accounting.fingerprint of the DataFrame's geometries, independent of row order and partitioning.

    ``geometry``: ("wkb", column) or ("points", [(x column, y column), ...]) (one pair per vertex: a point,
    or a trip's origin and destination).
    """
    from pyspark.sql import types as st

    kind, spec = geometry
    names = [spec] if kind == "wkb" else [name for pair in spec for name in pair]
    schema = st.StructType([st.StructField(n, st.LongType()) for n in ("rows", "high", "low", "xor")])

    def batches(frames):
        import numpy as np
        import pandas as pd

        for frame in frames:
            if kind == "wkb":
                rows = fingerprint.row_hashes_wkb([None if v is None else bytes(v) for v in frame.iloc[:, 0]])
            else:
                rows = fingerprint.row_hashes_points(*[(frame[x].to_numpy(float, na_value=np.nan),
                                                        frame[y].to_numpy(float, na_value=np.nan)) for x, y in spec])
            n, high, low, xor = fingerprint.partial(rows)
            signed = int(np.array([xor], dtype=np.uint64).view(np.int64)[0])
            yield pd.DataFrame({"rows": [n], "high": [high], "low": [low], "xor": [signed]})

    accumulator = fingerprint.Fingerprint()
    for row in df.select(*[f"`{n}`" for n in names]).mapInPandas(batches, schema).collect():
        accumulator.add_partial(row["rows"], row["high"], row["low"], row["xor"])
    return accumulator.hexdigest()


def partition_rows(df, text: Optional[str]):
    """The rows of PARTITION (field=value conditions) of ``df``; BudgetRefusedError for an unknown field."""
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    parsed = partition_of(text)
    if parsed.is_all:
        return df
    fields = {f.name.casefold(): f for f in df.schema.fields}
    for item in parsed.text.split(","):
        key, _, value = (part.strip() for part in item.partition("="))
        field = fields.get(key.casefold())
        if field is None:
            raise BudgetRefusedError(f"PARTITION: '{key}' is not a column of INPUT (columns: "
                                     f"{', '.join(df.columns)}). PARTITION selects the rows whose columns have the "
                                     "given values, e.g. day=Mon.")
        column = sf.col(f"`{field.name}`")
        if isinstance(field.dataType, st.NumericType):
            try:
                df = df.filter(column == sf.lit(float(value)))
                continue
            except ValueError:
                pass
        df = df.filter(sf.lower(column.cast("string")) == sf.lit(value.casefold()))
    return df


def partition_of(text: Optional[str]) -> Partition:
    try:
        return Partition.parse(text or "")
    except ValueError as error:
        raise BudgetRefusedError(f"PARTITION: {error}") from None


def budget_of(epsilon: Optional[float], delta: Optional[float] = None, rho: Optional[float] = None) -> Optional[Budget]:
    """BUDGET (with BUDGET_DELTA) or BUDGET_RHO as a core.accounting.zcdp.Budget, or None: the plugin's rules
    (core.accounting.zcdp.budget_from), refused as BudgetRefusedError."""
    try:
        return budget_from(epsilon, delta, rho)
    except BudgetSettingError as error:
        raise BudgetRefusedError(str(error)) from None


def check_paths(ledger: Optional[str], budget: Optional[Budget], outputs) -> None:
    """Refuse a LEDGER that is one of the outputs (issue 21 §2); ``budget`` comes from budget_of (checked there)."""
    if ledger:
        import os

        for output in outputs:
            if output and os.path.realpath(output) == os.path.realpath(ledger):
                raise BudgetRefusedError(f"LEDGER and the output are the same file ({ledger}): the output would "
                                         "replace the ledger. Choose another file for one of them.")


def reserve(*, algorithm: str, mechanism_fields: dict, ledger: Optional[str], budget: Optional[Budget],
            partition: Optional[str], output: str, log=print, **entry) -> Reservation:
    """Check BUDGET and append this release to LEDGER, before any noise is drawn (processing/budget.reserve).

    ``entry``: the rest of the ledger entry (_entry: input_name, fingerprint, a callable giving the source's
    fingerprint, only called when there is a ledger, user_field, day_field, seeded, dataset, rows_per_person,
    row_is_unit). Raises BudgetRefusedError with the plugin's message when the budget would be exceeded, BUDGET
    has no LEDGER, or the ledger cannot be used.
    """
    if weak_epsilon_note(mechanism_fields.get("epsilon")):
        log(f"Warning: EPSILON = {float(mechanism_fields['epsilon']):g} is above {WEAK_EPSILON:g}: this release "
            "gives no meaningful protection. The output's privacy record says so.")
    parsed = partition_of(partition)
    release_id = uuid.uuid4().hex
    rule = _rule(parsed, mechanism_fields, entry)
    if not ledger:
        if budget is not None:
            raise BudgetRefusedError("BUDGET needs a LEDGER: the epsilon already spent on the source is read from the "
                                "ledger.")
        return Reservation(release_id, parsed.text, "", rule)
    log("Fingerprinting the input for the privacy ledger...")
    entry = _entry(algorithm, mechanism_fields, parsed, output, release_id, rule, **entry)
    try:
        reservation = Ledger(ledger).reserve(entry, budget)
    except BudgetExceededError as error:
        raise BudgetRefusedError(f"{error} Ledger: {ledger}. Lower EPSILON, choose another PARTITION, or raise "
                            f"{'BUDGET_RHO' if budget.rho is not None else 'BUDGET'}.") from None
    except (LedgerError, OSError) as error:
        raise _unusable(ledger, error) from None
    log(f"Ledger: reserved epsilon {entry.epsilon:g} on partition '{parsed.text}' (spent there before: "
        f"{reservation.spent_before:g}); the source's total is now {reservation.total_after:g}"
        + ("" if budget is None else f" ({reservation.spend_text}; the budget: {budget.describe()})") + ".")
    return Reservation(release_id, parsed.text, str(ledger), rule)


def preview(*, algorithm: str, mechanism_fields: dict, ledger: Optional[str], budget: Optional[Budget],
            partition: Optional[str], output: str, log=print, **entry) -> dict:
    """A trial run's look at LEDGER (DRY_RUN; processing/dry_run's ledger check): what reserve would find, with
    nothing written. Results LEDGER_SPENT and LEDGER_AFTER (in BUDGET's terms when given) and, with BUDGET,
    BUDGET_WOULD_REFUSE and BUDGET_REMAINING; {} without LEDGER. Arguments as reserve's."""
    parsed = partition_of(partition)
    if not ledger:
        if budget is not None:
            raise BudgetRefusedError("BUDGET needs a LEDGER: the epsilon already spent on the source is read from the "
                                "ledger.")
        return {}
    log("Fingerprinting the input for the privacy ledger (read only)...")
    entry = _entry(algorithm, mechanism_fields, parsed, output, "trial", _rule(parsed, mechanism_fields, entry),
                   **entry)
    try:
        spent, after = Ledger(ledger).preview(entry, budget=budget)
    except (LedgerError, OSError) as error:
        raise _unusable(ledger, error) from None
    results = {"LEDGER_SPENT": spent, "LEDGER_AFTER": after}
    term = budget.term if budget is not None else "epsilon"
    log(f"Ledger: {term} {spent:g} spent on partition '{parsed.text}' so far; this release would make it {after:g}.")
    if budget is not None:
        refused = after > budget.limit * (1 + BUDGET_TOLERANCE)
        results.update(BUDGET_WOULD_REFUSE=refused, BUDGET_REMAINING=max(budget.limit - spent, 0.0))
        if refused:
            log(f"The budget ({budget.describe()}) would refuse this release: lower EPSILON, choose another "
                "PARTITION, or raise the budget.")
    return results


def _rule(parsed, mechanism_fields, entry):
    return partition_rule(parsed, mechanism_fields["unit_of_privacy"], user_field=entry.get("user_field") or "",
                          day_field=entry.get("day_field") or "", row_is_unit=entry.get("row_is_unit", True))


def _entry(algorithm, mechanism_fields, parsed, output, release_id, rule, *, input_name: str, fingerprint=None,
           user_field: str = "", day_field: str = "", seeded: bool = False, dataset: str = "",
           rows_per_person: Optional[int] = None, row_is_unit: bool = True) -> LedgerEntry:
    """The ledger entry of this release (the source fingerprinted now)."""
    return LedgerEntry(
        fingerprint=fingerprint(), algorithm=algorithm, epsilon=float(mechanism_fields["epsilon"]),
        delta=float(mechanism_fields.get("delta") or 0.0), unit_of_privacy=mechanism_fields["unit_of_privacy"],
        partition=parsed.text, output=str(output), release_id=release_id, input_layer=input_name, time=now(),
        note="reserved before any noise was drawn (dp_geoprivacy.spark)", seeded=seeded,
        rows_per_person=rows_per_person, dataset=(dataset or "").strip(), partition_rule=rule,
        rho=None if mechanism_fields.get("rho") is None else float(mechanism_fields["rho"]))


def _unusable(ledger, error) -> BudgetRefusedError:
    return BudgetRefusedError(f"LEDGER {ledger}: {str(error).rstrip('.')}. Give LEDGER a dp_geoprivacy ledger (or a "
                              "new file) in a folder you can write to.")
