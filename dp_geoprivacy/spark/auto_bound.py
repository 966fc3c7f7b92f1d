"""The automatic contribution bound on Spark ("M: automatic", issue 22 §2), as the QGIS algorithms have it.

MAX_CONTRIBUTIONS / MAX_TRIPS / MAX_TRIPS_PER_USER = 0 asks for M to be
chosen privately: AUTO_SHARE of EPSILON (default 5 %) goes to the exponential
mechanism of core.mechanisms.bound_selection over 1..AUTO_MAX_BOUND (default
50), planned by the same core function as in QGIS (``plan_choice``), and the
release runs on the rest with the chosen M.

The per-user counts (records, or trips for the report) are counted on the
executors: only their histogram (how many users have n records) reaches the
driver, where the core's ``BoundChoice.choose`` draws M from the noise
generator, before any other draw of the run, as the QGIS algorithm draws it
(processing/auto_bound.py): from one SEED both choose the same M and publish
the same release. The choice's epsilon is in the reservation (so in the
ledger entry and the record), and the chosen M is logged only once that
reservation holds (a run refused by its BUDGET shows no mechanism output that
no ledger paid for).
"""

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from ..core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    BoundChoice,
    plan_choice,
    with_choice,
)
from .cli import UsageError, number

AUTOMATIC = 0


def present(df, name):
    """Spark condition: ``name`` holds an id (not NULL, not empty text, not NaN), as core.releases.release.is_null
    reads ids: records without one are dropped by every release."""
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    kind = df.schema[name].dataType
    condition = sf.col(f"`{name}`").isNotNull()
    if isinstance(kind, st.StringType):
        condition &= sf.col(f"`{name}`") != ""
    elif isinstance(kind, (st.FloatType, st.DoubleType)):
        condition &= ~sf.isnan(sf.col(f"`{name}`"))
    return condition


def per_user_counts(df, user: str, unit: Optional[str] = None) -> np.ndarray:
    """Records (or, with ``unit``, distinct ``unit`` ids: the report's trips) per user, NULL ids left out,
    counted on the executors; the driver gets the histogram and returns the counts (one per user, in no
    particular order: core.mechanisms.bound_selection sorts them). Raw: only a mechanism reads it."""
    from pyspark.sql import functions as sf

    rows = df.where(present(df, user))
    if unit is not None:
        rows = rows.where(present(rows, unit)).select(f"`{user}`", f"`{unit}`").distinct()
    histogram = (rows.groupBy(f"`{user}`").agg(sf.count(sf.lit(1)).alias("n"))
                 .groupBy("n").agg(sf.count(sf.lit(1)).alias("users")).collect())
    counts = np.asarray([r["n"] for r in histogram], dtype=np.int64)
    return np.repeat(counts, np.asarray([r["users"] for r in histogram], dtype=np.int64))


@dataclass
class SparkBound:
    """The bound of one Spark run: the declared M, or the M chosen privately (``choice`` set)."""

    m: int
    epsilon: float
    epsilon_release: float
    choice: Optional[BoundChoice] = None
    log: Callable = field(default=print, repr=False)
    announcement: Optional[str] = field(default=None, repr=False)

    @classmethod
    def from_values(cls, values, name: str, epsilon: float, cells: int, *, default: int = 1, log=print, **plan):
        """From the command's parameters (``name`` the bound's); ``cells`` the release's public number of noisy
        cells and ``plan`` the rest of core.mechanisms.bound_selection.plan_choice's arguments (noise_cost, noise,
        delta, cost_share, per_unit, zcdp_release), as the QGIS algorithm passes them."""
        m = number(values, name, default, int)
        if m != AUTOMATIC:
            if m < 1:
                raise UsageError(f"{name} must be a whole number of at least 1, or 0 (automatic).")
            return cls(m, epsilon, epsilon, log=log)
        if not values.get("USER_FIELD"):
            raise UsageError(f"{name}=0 (automatic) chooses the bound per user: set USER_FIELD, or give {name} a "
                             "whole number of at least 1.")
        share = number(values, "AUTO_SHARE", DEFAULT_SHARE)
        largest = number(values, "AUTO_MAX_BOUND", DEFAULT_MAX_BOUND, int)
        try:
            rest, choice = plan_choice(epsilon, share, largest, cells, **plan)
        except ValueError as error:
            raise UsageError(f"{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE (between 0 and 1, e.g. "
                             "0.05) and AUTO_MAX_BOUND (at least 1).") from None
        return cls(AUTOMATIC, epsilon, rest, choice, log)

    @property
    def automatic(self) -> bool:
        return self.choice is not None

    def choose(self, df, user: str, rng: np.random.Generator, unit: Optional[str] = None) -> int:
        """Draw M from the per-user counts of ``df`` (the mechanism's only look at the data; the run's first draw
        from ``rng``, as in QGIS); returns M."""
        if self.automatic:
            self.m = self.choice.choose(per_user_counts(df, user, unit), rng)
            self.announcement = (
                f"Automatic M: permute-and-flip chose M = {self.m} (from 1 to {self.choice.max_bound}) "
                f"with epsilon {self.choice.epsilon:g} of the {self.epsilon:g} of this run; the release uses the "
                f"other {self.epsilon_release:g}.")
        return self.m

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if not self.automatic:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(self.m), self.choice.epsilon)

    def released(self, release):
        """``release`` with the whole run's record fields (``fields``), for its record."""
        from dataclasses import replace

        return replace(release, record_fields=self.fields(release.record_fields)) if self.automatic else release

    def charged(self, before_noise):
        """``before_noise`` (the run's spark.cli.Budget) reserving the whole run: the choice's epsilon added; the
        choice is logged once that reservation holds."""
        if not self.automatic:
            return before_noise

        def reserve(fields):
            reserved = before_noise(self.fields(fields))
            if self.announcement is not None:
                self.log(self.announcement)
                self.announcement = None
            return reserved
        return reserve
