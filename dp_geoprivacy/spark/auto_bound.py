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

AUTO_VALUE_BOUNDS (noisyzonestatistics, UNIT 0 or 1) chooses LOWER and UPPER
inside the declared public range as the QGIS algorithm does: another
AUTO_SHARE of EPSILON (the release keeps what ``plan_choice`` leaves it)
goes to core.mechanisms.bound_selection.ValueBoundChoice, the private 2nd
and 98th percentiles on the public grid of candidates. The executors give
each value its candidate (``ValueBoundChoice.grid_index``) and, with users,
keep each user's at most M values by uniform priorities (their own Philox
stream, as the release's bound); only the histogram over the candidates
reaches the driver, where ``choose_from_histogram`` draws the bounds after
skipping the draws of the single-machine sample (core ``choice_values``):
the QGIS algorithm's draws, so the same SEED chooses the same bounds
whenever the sample keeps the same values (nobody above M).
"""

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from ..core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    BoundChoice,
    ValueBoundChoice,
    plan_choice,
    with_choice,
)
from ..core.mechanisms.bounded_stats import Bounds
from ..core.mechanisms.counting import skip_bounding_draws
from .cli import TRUE, UsageError, number

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
    # A trial run (DRY_RUN) does not run the choice, as in QGIS (processing/auto_bound.AutoBound.trial): M is not
    # drawn, the figures are for the largest candidate.
    trial: bool = False

    @classmethod
    def from_values(cls, values, name: str, epsilon: float, cells: int, *, default: int = 1, log=print, trial=False,
                    **plan):
        """From the command's parameters (``name`` the bound's); ``cells`` the release's public number of noisy
        cells and ``plan`` the rest of core.mechanisms.bound_selection.plan_choice's arguments (noise_cost, noise,
        delta, cost_share, per_unit, zcdp_release, other_choices), as the QGIS algorithm passes them; ``trial``: a
        trial run (DRY_RUN), which draws no M."""
        m = number(values, name, default, int)
        if m != AUTOMATIC:
            if m < 1:
                raise UsageError(f"{name} must be a whole number of at least 1, or 0 (automatic).")
            return cls.fixed(m, epsilon, values, cells, log=log, **plan)
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
        return cls(AUTOMATIC, epsilon, rest, choice, log, trial=trial)

    @classmethod
    def fixed(cls, m: int, epsilon: float, values, cells: int, *, log=print, other_choices: int = 0, **plan):
        """A declared M; the release keeps what ``other_choices`` automatic choices (AUTO_VALUE_BOUNDS) leave of
        ``epsilon`` (plan_choice, as the QGIS algorithm; 0 when they would take it all:
        SparkValueBounds.from_values says why)."""
        if not other_choices:
            return cls(m, epsilon, epsilon, log=log)
        try:
            rest = plan_choice(epsilon, number(values, "AUTO_SHARE", DEFAULT_SHARE), 1, cells, automatic=False,
                               other_choices=other_choices, **plan)[0]
        except ValueError:
            rest = 0.0
        return cls(m, epsilon, rest, log=log)

    @property
    def automatic(self) -> bool:
        return self.choice is not None

    def choose(self, df, user: str, rng: np.random.Generator, unit: Optional[str] = None) -> int:
        """Draw M from the per-user counts of ``df`` (the mechanism's only look at the data; the run's first draw
        from ``rng``, as in QGIS); returns M."""
        if self.automatic and self.trial:
            self.m = self.choice.max_bound
            self.log(f"Automatic M: M will be chosen privately when the release runs (from 1 to {self.m}), with "
                     f"epsilon {self.choice.epsilon:g} of the {self.epsilon:g} of this run; the release will use the "
                     f"other {self.epsilon_release:g}. This trial run draws nothing: its figures are for M = "
                     f"{self.m}, the most noise the choice can give.")
        elif self.automatic:
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
        return with_choice(release_fields, self.choice.description(None if self.trial else self.m),
                           self.choice.epsilon)

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
            self.announce()
            return reserved
        return reserve

    def announce(self):
        """Log the choice, once the run's reservation holds (``announcement``)."""
        announce(self)


def announce(choice):
    """Log a choice's held line (SparkBound / SparkValueBounds ``announcement``) and forget it."""
    if choice.announcement is not None:
        choice.log(choice.announcement)
        choice.announcement = None


def value_histogram(df, value: str, user: Optional[str], m: int, choice: ValueBoundChoice, key: int):
    """(candidates, values on each, values read before the sample) of the value bounds' choice, counted on the
    executors: the values of ``value`` that are numbers (NULL and NaN left out) and, with ``user``, of a user
    (spark.auto_bound.present), each user's at most ``m`` kept by uniform priorities (Philox keyed by ``key``,
    one stream per partition). Only the histogram over ``choice``'s public grid reaches the driver."""
    from pyspark.sql import Window
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    rows = df.where(present(df, user)).select(f"`{value}`", f"`{user}`") if user else df.select(f"`{value}`")
    fields = [st.StructField("g", st.IntegerType())]
    if user:
        fields += [st.StructField("user", df.schema[user].dataType), st.StructField("priority", st.DoubleType())]

    def run(batches):
        import pandas as pd
        from pyspark import TaskContext

        generator = np.random.Generator(np.random.Philox(key=key, counter=[0, 0, TaskContext.get().partitionId(), 2]))
        for frame in batches:
            values = pd.to_numeric(frame[value], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
            numeric = ~np.isnan(values)
            out = {"g": choice.grid_index(values[numeric]).astype(np.int32)}
            if user:
                out["user"] = frame[user].to_numpy()[numeric]
                out["priority"] = generator.random(int(numeric.sum()))
            yield pd.DataFrame(out)

    indexed = rows.mapInPandas(run, st.StructType(fields))
    if user:
        kept = sf.row_number().over(Window.partitionBy("user").orderBy("priority")) <= int(m)
        indexed = indexed.withColumn("kept", sf.when(kept, 1).otherwise(0))
    else:
        indexed = indexed.withColumn("kept", sf.lit(1))
    histogram = indexed.groupBy("g").agg(sf.count(sf.lit(1)).alias("n"), sf.sum("kept").alias("kept")).collect()
    index = np.asarray([r["g"] for r in histogram], dtype=np.int64)
    count = np.asarray([r["kept"] for r in histogram], dtype=np.int64)
    return index, count, int(sum(r["n"] for r in histogram))


@dataclass
class SparkValueBounds:
    """The value bounds of one Spark run: the declared LOWER/UPPER, or bounds chosen inside them (``choice``
    set), as processing/auto_bound.AutoValueBounds."""

    bounds: Bounds
    epsilon_release: float
    choice: Optional[ValueBoundChoice] = None
    log: Callable = field(default=print, repr=False)
    announcement: Optional[str] = field(default=None, repr=False)

    @staticmethod
    def requested(values) -> bool:
        return str(values.get("AUTO_VALUE_BOUNDS", "")).lower() in TRUE

    @classmethod
    def from_values(cls, values, epsilon: float, epsilon_release: float, declared: Bounds, log=print):
        """``epsilon``: the run's EPSILON (the share is of it); ``epsilon_release``: what the release gets, the
        choices already taken out (SparkBound's, planned with ``other_choices``)."""
        if not cls.requested(values):
            return cls(declared, epsilon_release, log=log)
        share = number(values, "AUTO_SHARE", DEFAULT_SHARE)
        if not (0.0 < share < 1.0 and epsilon_release > 0):
            raise UsageError(f"AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: the choices would take the "
                             "whole EPSILON. Use e.g. AUTO_SHARE=0.05.")
        return cls(declared, epsilon_release, ValueBoundChoice(epsilon * share, declared), log=log)

    def choose(self, df, value: str, user: Optional[str], m: int, rng: np.random.Generator) -> Bounds:
        """Draw the bounds from the values of ``df`` (``user``: users are the unit, each one's at most ``m``
        values): the mechanism's only look at the data, after any draw of an automatic M, as in QGIS. Returns the
        bounds the release uses."""
        if self.choice is None:
            return self.bounds
        from .zone_counts import bounding_key

        self.choice = ValueBoundChoice(self.choice.epsilon, self.bounds, max_contributions=int(m))
        index, count, read = value_histogram(df, value, user, m, self.choice, bounding_key(rng))
        if user:
            skip_bounding_draws(rng, read)  # the single-machine sample's draws (core choice_values)
        self.bounds = self.choice.choose_from_histogram(index, count, rng)
        self.announcement = (f"Automatic LOWER/UPPER: the private 2nd and 98th percentiles are {self.bounds.lower:g} "
                             f"and {self.bounds.upper:g} (epsilon {self.choice.epsilon:g}); values are clamped to "
                             "them.")
        return self.bounds

    def announce(self):
        """Log the chosen bounds, once the run's reservation holds (``announcement``)."""
        announce(self)

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if self.choice is None:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(self.bounds), self.choice.epsilon)
