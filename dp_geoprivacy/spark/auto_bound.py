"""The automatic bounds on Spark ("M: automatic" and AUTO_VALUE_BOUNDS, issue 22), as the QGIS algorithms have them.

The plan, the record fields and the held log lines are core.mechanisms.auto_bound's, as in QGIS
(processing/auto_bound.py); this module reads the command's values and counts what the choices read on the
executors.

MAX_CONTRIBUTIONS / MAX_TRIPS / MAX_TRIPS_PER_USER = 0 asks for M to be chosen privately. The per-user counts
(records, or trips for the report) are counted on the executors: only their histogram (how many users have n
records) reaches the driver, where the core's ``BoundChoice.choose`` draws M from the noise generator, before any
other draw of the run, as the QGIS algorithm draws it: from one SEED both choose the same M and publish the same
release.

AUTO_VALUE_BOUNDS (noisyzonestatistics, UNIT 0 or 1) chooses LOWER and UPPER inside the declared public range as
the QGIS algorithm does. The executors give each value its candidate (``ValueBoundChoice.grid_index``) and, with
users, keep each user's at most M values by uniform priorities (their own Philox stream, as the release's bound);
only the histogram over the candidates reaches the driver, where ``choose_from_histogram`` draws the bounds after
skipping the draws of the single-machine sample (core ``choice_values``): the QGIS algorithm's draws, so the same
SEED chooses the same bounds whenever the sample keeps the same values (nobody above M).
"""

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from ..core.mechanisms.auto_bound import AUTOMATIC, AutomaticBound, AutomaticValueBounds, ValueBoundsRefusedError
from ..core.mechanisms.bound_selection import DEFAULT_MAX_BOUND, DEFAULT_SHARE, ValueBoundChoice
from ..core.mechanisms.bounded_stats import Bounds
from ..core.mechanisms.counting import skip_bounding_draws
from .cli import TRUE, UsageError, number


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


def has_point(frame, location: dict) -> np.ndarray:
    """Which rows of a pandas batch have a point in ``location``'s columns (spark.cli.point_columns): a NULL or
    empty geometry or a missing coordinate has none. The QGIS algorithms' reader skips such features before any
    choice reads the data: the Spark choices leave these rows out too (this one filter)."""
    from .zone_counts import _lonlat, located

    return located(*_lonlat(frame, location.get("lon"), location.get("lat"), location.get("geometry")))


def with_point(df, columns, location: Optional[dict]):
    """``columns`` of the rows of ``df`` that have a point (``has_point``; every row without ``location``)."""
    if not location:
        return df.select(*[f"`{c}`" for c in columns])
    wanted = list(dict.fromkeys([*columns, *location.values()]))
    rows = df.select(*[f"`{c}`" for c in wanted])

    def run(batches):
        for frame in batches:
            yield frame.loc[has_point(frame, location), list(columns)]

    return rows.mapInPandas(run, rows.select(*[f"`{c}`" for c in columns]).schema)


def per_user_counts(df, user: str, unit: Optional[str] = None, location: Optional[dict] = None) -> np.ndarray:
    """Records (or, with ``unit``, distinct ``unit`` ids: the report's trips) per user, NULL ids left out and, with
    ``location`` (the point columns), rows without a point (``has_point``, as the QGIS reader), counted on the
    executors; the driver gets the histogram and returns the counts (one per user, in no particular order:
    core.mechanisms.bound_selection sorts them). Raw: only a mechanism reads it."""
    from pyspark.sql import functions as sf

    rows = df.where(present(df, user))
    rows = with_point(rows, [user, *([unit] if unit is not None else [])], location)
    if unit is not None:
        rows = rows.where(present(rows, unit)).select(f"`{user}`", f"`{unit}`").distinct()
    histogram = (rows.groupBy(f"`{user}`").agg(sf.count(sf.lit(1)).alias("n"))
                 .groupBy("n").agg(sf.count(sf.lit(1)).alias("users")).collect())
    counts = np.asarray([r["n"] for r in histogram], dtype=np.int64)
    return np.repeat(counts, np.asarray([r["users"] for r in histogram], dtype=np.int64))


@dataclass
class SparkBound(AutomaticBound):
    """The bound of one Spark run: the declared M, or the M chosen privately (``choice`` set); core.mechanisms
    .auto_bound plans, charges and logs it, this reads the command's values and counts on the executors."""

    log: Callable = field(default=print, repr=False)

    @classmethod
    def from_values(cls, values, name: str, epsilon: float, cells: int, *, default: int = 1, log=print, trial=False,
                    **plan):
        """From the command's parameters (``name`` the bound's); ``cells`` the release's public number of noisy
        cells and ``plan`` the rest of core.mechanisms.bound_selection.plan_choice's arguments (noise_cost, noise,
        delta, cost_share, per_unit, zcdp_release, other_choices), as the QGIS algorithm passes them; ``trial``: a
        trial run (DRY_RUN), which draws no M."""
        m = number(values, name, default, int)
        occupancy = number(values, "AUTO_OCCUPANCY")
        if occupancy is not None and not 0.0 <= occupancy <= 1.0:  # refused whatever M, as QGIS's range check
            raise UsageError(f"AUTO_OCCUPANCY must be between 0 and 1, the share of zones you expect to hold data, "
                             f"e.g. 0.15 for a grid over a city's extent; or leave it out (got {occupancy:g}).")
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
            bound = cls.planned(AUTOMATIC, epsilon, share, largest, cells, trial=trial, occupancy=occupancy, **plan)
        except ValueError as error:
            raise UsageError(f"{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE (between 0 and 1, e.g. "
                             "0.05) and AUTO_MAX_BOUND (at least 1).") from None
        bound.log = log
        return bound

    @classmethod
    def fixed(cls, m: int, epsilon: float, values, cells: int, *, log=print, other_choices: int = 0, **plan):
        """A declared M; the release keeps what ``other_choices`` automatic choices (AUTO_VALUE_BOUNDS) leave of
        ``epsilon`` (AutomaticBound.planned, as the QGIS algorithm; refused, as there, where they would take it all:
        with NOISE=2, their rho the whole rho(EPSILON, DELTA))."""
        share = number(values, "AUTO_SHARE", DEFAULT_SHARE) if other_choices else DEFAULT_SHARE
        try:
            bound = cls.planned(m, epsilon, share, 1, cells, other_choices=other_choices, **plan)
        except ValueBoundsRefusedError as error:
            raise UsageError(str(error)) from None
        bound.log = log
        return bound

    def choose(self, df, user: str, rng: np.random.Generator, unit: Optional[str] = None,
               location: Optional[dict] = None) -> int:
        """Draw M from the per-user counts of ``df`` (the mechanism's only look at the data; the run's first draw
        from ``rng``, as in QGIS); returns M."""
        return super().choose(lambda: per_user_counts(df, user, unit, location), rng, self.log)

    def released(self, release):
        """``release`` with the whole run's record fields (``fields``), for its record."""
        from dataclasses import replace

        return replace(release, record_fields=self.fields(release.record_fields)) if self.automatic else release


def value_histogram(df, value: str, user: Optional[str], m: int, choice: ValueBoundChoice, key: int,
                    location: Optional[dict] = None):
    """(candidates, values on each, values read before the sample) of the value bounds' choice, counted on the
    executors: the values of ``value`` that are numbers (NULL and NaN left out), with ``location`` (the point
    columns, spark.cli.point_columns) of a row with a point (a NULL or empty geometry or a missing coordinate left
    out, as the QGIS algorithm reads no feature without a point) and, with ``user``, of a user
    (spark.auto_bound.present), each user's at most ``m`` kept by uniform priorities (Philox keyed by ``key``,
    one stream per partition). Only the histogram over ``choice``'s public grid reaches the driver."""
    from pyspark.sql import Window
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    location = dict(location or {})
    wanted = [value, *([user] if user else []), *location.values()]
    rows = (df.where(present(df, user)) if user else df).select(*[f"`{c}`" for c in dict.fromkeys(wanted)])
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
            if location:  # a row without a point is no record of the release (nor of the QGIS algorithm's reader)
                numeric &= has_point(frame, location)
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
class SparkValueBounds(AutomaticValueBounds):
    """The value bounds of one Spark run: the declared LOWER/UPPER, or bounds chosen inside them (``choice``
    set), as processing/auto_bound.AutoValueBounds (both core.mechanisms.auto_bound.AutomaticValueBounds)."""

    log: Callable = field(default=print, repr=False)

    @staticmethod
    def requested(values) -> bool:
        return str(values.get("AUTO_VALUE_BOUNDS", "")).lower() in TRUE

    @classmethod
    def from_values(cls, values, epsilon: float, epsilon_release: float, declared: Bounds, log=print, trial=False):
        """``epsilon``: the run's EPSILON (the share is of it); ``epsilon_release``: what the release gets, the
        choices already taken out (SparkBound's, planned with ``other_choices``); ``trial``: a trial run (DRY_RUN),
        which draws no bounds."""
        requested = cls.requested(values)
        share = number(values, "AUTO_SHARE", DEFAULT_SHARE) if requested else DEFAULT_SHARE
        try:
            bounds = cls.planned(requested, epsilon, share, epsilon_release, declared, trial=requested and trial)
        except ValueError as error:
            raise UsageError(str(error)) from None
        bounds.log = log
        return bounds

    def choose(self, df, value: str, user: Optional[str], m: int, rng: np.random.Generator,
               location: Optional[dict] = None) -> Bounds:
        """Draw the bounds from the values of ``df`` (``user``: users are the unit, each one's at most ``m``
        values; ``location``: the point columns, rows without a point left out): the mechanism's only look at the
        data, after any draw of an automatic M, as in QGIS. Returns the bounds the release uses."""
        def draw(choice):
            from .zone_counts import bounding_key

            index, count, read = value_histogram(df, value, user, m, choice, bounding_key(rng), location)
            if user:
                skip_bounding_draws(rng, read)  # the single-machine sample's draws (core choice_values)
            return choice.choose_from_histogram(index, count, rng)
        return super().choose(m, draw, self.log)
