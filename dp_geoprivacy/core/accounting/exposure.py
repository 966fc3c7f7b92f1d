"""Who a release exposes: whether its partition composes in parallel, and what it costs one person.

Used by core.accounting.composition (the totals) and the glue that records each release's
partition rule (processing/budget.py, spark/ledger.py). Plain functions of a
release's partition (core.accounting.composition.Partition), unit of privacy and
declared bound; no imports from the rest of the core.
"""

import math
import re
from typing import Tuple

PARALLEL = "parallel"
SEQUENTIAL = "sequential"


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


# --- partitions that compose in parallel, and per-person totals --------------------------------------
#
# A run selects its partition's rows itself (PARTITION is a condition on the input). Disjoint selections
# of rows compose in parallel only for the unit of privacy when no unit can have rows in two partitions:
# partitions by the user field (all of a person's rows are in one partition), user-day units with
# partitions by the day field, and units that are one row each (item-level). Otherwise (a user-level
# release partitioned by day: a person travels on several days) the release counts on the whole source.

_PERSON_UNIT = re.compile(r"^\s*one user\b(?!-day)", re.IGNORECASE)
_USER_DAY_UNIT = re.compile(r"^\s*one user-day\b", re.IGNORECASE)
_ROW_UNIT = re.compile(r"\(item-level\)|^\s*(one (row|point|record|trajectory)\b|location:)", re.IGNORECASE)


def partition_rule(partition, unit_of_privacy: str, user_field: str = "", day_field: str = "",
                   row_is_unit: bool = True) -> str:
    """How a release on ``partition`` composes: a text starting with PARALLEL or SEQUENTIAL, with the reason.

    ``user_field``/``day_field``: the input fields that identify the person and the day (empty if none);
    ``row_is_unit``: False where one unit of privacy spans several rows even at item level (a trip's records).
    """
    if partition.is_all:
        return f"{PARALLEL}: the whole source"
    keys = {key for key, _ in partition.constraints}
    user, day = _normal(user_field or ""), _normal(day_field or "")
    if user and keys <= {user}:
        return f"{PARALLEL}: partitions by the user field {user_field}; all of a person's rows are in one partition"
    if _USER_DAY_UNIT.match(unit_of_privacy or "") and day and keys <= {day, user} - {""}:
        return f"{PARALLEL}: user-day units with partitions by the day field {day_field}"
    if row_is_unit and _ROW_UNIT.search(unit_of_privacy or "") and not _PERSON_UNIT.match(unit_of_privacy or ""):
        return f"{PARALLEL}: each unit of privacy is one row, so it lies in one partition"
    return (f"{SEQUENTIAL}: a unit of privacy ({unit_of_privacy or 'unknown'}) can have rows in several partitions, "
            "so this release is counted on the whole source")


def per_person(event) -> Tuple[float, float]:
    """(epsilon, delta) of one release for one PERSON.

    User-level releases protect the person. Any other unit (a point, a trip, a row, a user-day) is one of
    possibly many per person: unbounded (infinite) unless the publisher declared at most k units per person
    (``rows_per_person``), then group privacy gives k epsilon and k e^((k-1) epsilon) delta.
    """
    if _PERSON_UNIT.match(event.unit_of_privacy or ""):
        return event.epsilon, event.delta
    k = event.rows_per_person
    if not k:
        return math.inf, (math.inf if event.delta > 0 else 0.0)
    if k == 1:
        return event.epsilon, event.delta
    delta = k * math.exp(min((k - 1) * event.epsilon, 700.0)) * event.delta if event.delta > 0 else 0.0
    return k * event.epsilon, min(delta, math.inf)
