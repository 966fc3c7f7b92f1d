"""noisyzonestatistics on Apache Spark: Spark computes the per-cell sufficient statistics, the core adds noise.

Split of the work (issue 15; the ITMS report §III, Kapp et al. 2023 §4.2-4.3 as in
core.releases.zone_statistics):

1. Executors, ``mapInPandas``: each record's cell (the core's zone locator
   or core.geometry.h3cells), time slot (core.releases.time_slots.time_slots), day
   (core.releases.time_slots.day_keys: user-days, and the count above LIMIT per
   user-day pair), flags for a NULL value, time, user or day and for a
   point in no zone (the core's cleaning rules), its value clamped to the
   public [LOWER, UPPER] and what the mechanism needs of it: the exact
   integer parts of the value (core.mechanisms.bounded_stats.float_parts: sums), its
   grid index (core.mechanisms.quantiles.ExponentialQuantiles.snap: quantiles) or
   whether it is above LIMIT; and uniform priorities (Philox keyed from the
   driver's generator, as for zone counts).
2. Bounding, before any aggregate (sampling, never the first M or K).
   Flagged records get a random salt, so they never take a rank.
   - UNIT 1 (user): the zone counts' window, rank among the user's clean
     records by priority, keep rank <= M.
   - UNIT 2 (user-day, the ITMS report): one shuffle by (user, day); a window per
     (unit, cell) ranks its records by priority (keep rank <= M) and gives
     the cell a priority, the second draw of its first-ranked record
     (independent of the first draw, so uniform whatever the number of
     records in the cell); a window per unit keeps the K cells of smallest
     cell priority, a uniform K-subset of the cells the unit touches. With
     PER_UNIT_MEAN a ``groupBy`` per (unit, cell) replaces the kept cell's
     clamped values by their mean (math.fsum: the correctly rounded sum,
     then / n) before the per-cell step.
3. ``groupBy`` cell, slot, flags, kept and the statistic's key (exponent
   for sums, grid index for quantiles, above LIMIT): counts, values clamped
   on each side, sums of the integer parts, distinct (user, day) pairs
   above LIMIT. Collected
   to the driver (Arrow): at most cells x slots x (exponents | grid values)
   rows.
4. Driver: ``core.releases.zone_statistics.release_zone_statistics_from_aggregate``,
   the function behind the QGIS algorithm, on the same aggregate the core
   computes (sums correctly rounded from the exact parts, so equal to the
   single-machine sums bit for bit). The driver's generator first skips the
   draws the core's bounding makes, so a SEED gives the core's numbers.

Per-unit means: the core sums a unit's values in record order, Spark
correctly rounded (record order is not defined on Spark); the two means
are equal whenever that sum is exact (e.g. values with a few binary
digits) and otherwise may differ in their last bit.
"""

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..core.accounting.privacy_record import PrivacyRecord
from ..core.mechanisms.bounded_stats import float_parts, sums_from_parts
from ..core.mechanisms.counting import LAPLACE, skip_bounding_draws
from ..core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..core.mechanisms.gaussian_stats import round_to_grain, sum_grain
from ..core.releases.time_slots import NO_SLOT, SLOT_KINDS, day_keys, slot_labels, time_slots
from ..core.releases.zone_statistics import (
    COUNT_ABOVE,
    MEAN,
    QUANTILES,
    RECORD,
    SUM,
    USER,
    USER_DAY,
    CleaningCounts,
    ZoneStatisticsAggregate,
    ZoneStatisticsSpec,
    release_zone_statistics_from_aggregate,
)
from .record import spark_record
from .zone_counts import _lonlat, bounding_key

STATISTICS = ("count", SUM, MEAN, COUNT_ABOVE, "median", "quartiles", "five_number")
UNITS = (RECORD, USER, USER_DAY)
NULL_USER, NULL_TIME, NULL_VALUE, NULL_DAY, NO_ZONE = 1, 2, 4, 8, 16
_SALT_RANGE = 1 << 30


@dataclass(frozen=True)
class StatColumns:
    """Where the points, values, users, times and days are in the DataFrame."""

    value: str
    lon: Optional[str] = None
    lat: Optional[str] = None
    geometry: Optional[str] = None
    user: Optional[str] = None
    time: Optional[str] = None
    day: Optional[str] = None  # the column days are read from (DAY_FIELD, else TIME_FIELD), when days are used


def samples_cells(spec: ZoneStatisticsSpec) -> bool:
    """Whether the bound samples cells per unit: user-days (K cells, M records in each) and, with NOISE=2, users
    (M distinct cells, one record in each: the Gaussian's L2 bound, core.mechanisms.counting.bound_distinct_cells)."""
    return spec.unit == USER_DAY or (spec.unit == USER and spec.noise != LAPLACE)


def unit_columns(spec: ZoneStatisticsSpec):
    """The columns that name a unit of privacy in the bound's windows (the salt keeps flagged records apart)."""
    return ("user", "day", "salt") if spec.unit == USER_DAY else ("user", "salt")


def gaussian_grain(spec: ZoneStatisticsSpec):
    """The public grain the Gaussian sum rounds each value it adds to (core.mechanisms.gaussian_stats), else None."""
    return sum_grain(spec.bounds.magnitude) if spec.noise != LAPLACE and spec.statistic == SUM else None


def uses_days(spec: ZoneStatisticsSpec) -> bool:
    """Days matter for the (user, day) pairs of the count above LIMIT with users (as the QGIS algorithm)."""
    return spec.unit == USER_DAY or (spec.unit == USER and spec.statistic == COUNT_ABOVE)


def _stat_key(spec):
    if spec.statistic in (SUM, MEAN):
        return "e"
    if spec.statistic in QUANTILES:
        return "q"
    if spec.statistic == COUNT_ABOVE:
        return "above"
    return None


def stat_batches(cells, columns: StatColumns, spec: ZoneStatisticsSpec, slot_kind, key: int):
    """The mapInPandas function: cell, slot, flags, clamp side, the statistic's key and parts, priority."""
    lower, upper = spec.bounds.lower, spec.bounds.upper
    quantiles = spec.mechanisms(1)[1] if spec.statistic in QUANTILES else None
    stat_key = _stat_key(spec)
    bound = spec.unit in (USER, USER_DAY)
    cell_sampling = samples_cells(spec)
    grain = None if spec.per_unit_mean else gaussian_grain(spec)  # per-unit means are rounded once averaged
    per_unit_mean = bool(spec.per_unit_mean)

    def run(batches):
        import pandas as pd
        from pyspark import TaskContext

        from ..core.releases.release import null_user_mask

        partition = TaskContext.get().partitionId()
        generator = np.random.Generator(np.random.Philox(key=key, counter=[0, 0, partition, 1]))
        for frame in batches:
            n = len(frame)
            cell = cells.assign_lonlat(*_lonlat(frame, columns.lon, columns.lat, columns.geometry))
            values = pd.to_numeric(frame[columns.value], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
            flags = np.where(np.isnan(values), NULL_VALUE, 0) | np.where(cell < 0, NO_ZONE, 0)
            slot = np.zeros(n, dtype=np.int32)
            if slot_kind:
                slot = time_slots(frame[columns.time].to_numpy(), slot_kind)
                flags |= np.where(slot == NO_SLOT, NULL_TIME, 0)
                slot = np.maximum(slot, 0).astype(np.int32)
            out = {"cell": cell.astype(np.int64), "slot": slot}
            if columns.user:
                users = frame[columns.user]
                null = null_user_mask(np.asarray(users.to_numpy(dtype=object), dtype=object))
                flags |= np.where(null, NULL_USER, 0)
                if users.dtype.kind == "f" or users.dtype == object and null.any():
                    users = users.where(~null, users[~null].iloc[0] if (~null).any() else 0)
                out["user"] = users.to_numpy()
            if columns.day:
                day = day_keys(frame[columns.day].to_numpy())
                flags |= np.where(np.ma.getmaskarray(day), NULL_DAY, 0)
                out["day"] = np.ma.getdata(day).astype(np.int64)
            clean = flags == 0
            x = np.where(clean, np.clip(np.nan_to_num(values), lower, upper), 0.0)
            if grain is not None:  # the Gaussian sum adds values rounded to its public grain, as the core
                x = round_to_grain(x, grain)
            out["clamp"] = np.where(clean & (values < lower), -1, np.where(clean & (values > upper), 1, 0)).astype(
                np.int8)
            if stat_key == "e":
                out["e"], out["hi"], out["lo"] = float_parts(x)
                out["e"] = out["e"].astype(np.int32)
            elif stat_key == "q":
                out["q"] = np.where(clean, quantiles.snap(x), 0).astype(np.int32)
            elif stat_key == "above":
                out["above"] = clean & (x > float(spec.limit))
            if per_unit_mean:
                out["x"] = x
            if bound:
                out["priority"] = generator.random(n)
                if cell_sampling:  # the cell's priority, if this record ranks first in its (user-day, cell)
                    out["cell_draw"] = generator.random(n)
                out["salt"] = np.where(clean, 0, generator.integers(1, _SALT_RANGE, n)).astype(np.int64)
            out["flags"] = flags.astype(np.int32)
            yield pd.DataFrame(out)

    return run


def bounded_records(df, cells, columns: StatColumns, spec: ZoneStatisticsSpec, slot_kind, key: int):
    """Spark DataFrame of the records after the bound: cell, slot, flags, clamp side, the statistic's key and
    parts, and ``kept`` (UNIT 1: rank <= M among the user's records; UNIT 2: the cell among the K kept of its
    user-day and, without PER_UNIT_MEAN, rank <= M in it; ``pair_first`` and ``in_kept_cell`` tell the driver
    the draws the core makes). Flagged records' ``kept`` means nothing (they are dropped)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    if spec.unit == USER_DAY and not (columns.user and columns.day):
        raise ValueError("UNIT 2 (user-days) needs USER_FIELD and the day of every record (DAY_FIELD or TIME_FIELD)")
    wanted = [c for c in (columns.lon, columns.lat, columns.geometry, columns.value, columns.user, columns.time,
                          columns.day) if c]
    missing = [c for c in wanted if c not in df.columns]
    if missing:
        raise ValueError(f"the input has no column {missing[0]!r} (columns: {', '.join(df.columns)})")
    df = df.select(*dict.fromkeys(wanted))
    fields = [st.StructField("cell", st.LongType()), st.StructField("slot", st.IntegerType())]
    if columns.user:
        fields.append(st.StructField("user", df.schema[columns.user].dataType))
    if columns.day:
        fields.append(st.StructField("day", st.LongType()))
    fields.append(st.StructField("clamp", st.ByteType()))
    stat_key = _stat_key(spec)
    if stat_key == "e":
        fields += [st.StructField("e", st.IntegerType()), st.StructField("hi", st.LongType()),
                   st.StructField("lo", st.LongType())]
    elif stat_key == "q":
        fields.append(st.StructField("q", st.IntegerType()))
    elif stat_key == "above":
        fields.append(st.StructField("above", st.BooleanType()))
    if spec.per_unit_mean:
        fields.append(st.StructField("x", st.DoubleType()))
    if spec.unit in (USER, USER_DAY):
        fields.append(st.StructField("priority", st.DoubleType()))
        if samples_cells(spec):
            fields.append(st.StructField("cell_draw", st.DoubleType()))
        fields.append(st.StructField("salt", st.LongType()))
    fields.append(st.StructField("flags", st.IntegerType()))
    assigned = df.mapInPandas(stat_batches(cells, columns, spec, slot_kind, key), st.StructType(fields))
    m = int(spec.max_contributions)
    if spec.unit == USER and not samples_cells(spec):
        window = Window.partitionBy("user", "salt").orderBy("priority")
        return assigned.withColumn("kept", sf.row_number().over(window) <= m)
    if samples_cells(spec):
        # One shuffle by unit: a hash partitioning on the unit also clusters the (unit, cell) window. User-days
        # keep K cells and M records in each; users with NOISE=2 M cells and one record in each (the core keeps
        # the first in reading order, Spark, which has none, the one of smallest priority: either is a function
        # of the user's own records, so the bound and the sensitivity are the same).
        unit = unit_columns(spec)
        cells_kept = spec.max_cells if spec.unit == USER_DAY else spec.max_contributions
        assigned = assigned.repartition(*unit)
        in_cell = Window.partitionBy(*unit, "cell", "slot").orderBy("priority")
        in_unit = Window.partitionBy(*unit).orderBy("cell_priority", "cell", "slot")
        ranked = (assigned.withColumn("rank", sf.row_number().over(in_cell))
                  .withColumn("cell_priority", sf.first("cell_draw").over(in_cell))
                  .withColumn("in_kept_cell", sf.dense_rank().over(in_unit) <= int(cells_kept))
                  .withColumn("pair_first", sf.col("rank") == 1))
        kept = sf.col("in_kept_cell") if spec.per_unit_mean else (
            sf.col("in_kept_cell") & (sf.col("rank") <= int(spec.records_per_cell)))
        return ranked.withColumn("kept", kept).drop("priority", "cell_draw", "cell_priority", "rank")
    return assigned.withColumn("kept", sf.lit(True))


def unit_means(spec: ZoneStatisticsSpec):
    """The mapInPandas function on the (unit, cell) groups: the mean of a kept group's clamped values (one
    value per user-day and cell, the ITMS report Query 1) and what the statistic needs of it."""
    quantiles = spec.mechanisms(1)[1] if spec.statistic in QUANTILES else None
    stat_key = _stat_key(spec)
    grain = gaussian_grain(spec)

    def run(batches):
        for frame in batches:
            used = frame["values"].map(len).to_numpy() > 0  # clean and kept
            mean = np.array([math.fsum(v) / len(v) if len(v) else 0.0 for v in frame["values"]], dtype=float)
            if grain is not None:  # the Gaussian sum adds each mean rounded to its grain, as the core
                mean = round_to_grain(mean, grain)
            out = frame[["cell", "slot", "flags", "kept", "n", "below", "above_upper", "pair_first",
                         "in_kept_cell"]].copy()
            out["units"] = used.astype(np.int64)
            if stat_key == "e":
                e, hi, lo = float_parts(mean)
                out["e"], out["hi"], out["lo"] = e.astype(np.int32), hi, lo
            elif stat_key == "q":
                out["q"] = np.where(used, quantiles.snap(np.clip(mean, spec.bounds.lower, spec.bounds.upper)),
                                    0).astype(np.int32)
            yield out

    return run


def statistics_frame(df, cells, columns: StatColumns, spec: ZoneStatisticsSpec, slot_kind, key: int):
    """Spark DataFrame of the per-cell groups (cell, slot, flags, kept[, e | q | above], n, below, ...)."""
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    bounded = bounded_records(df, cells, columns, spec, slot_kind, key)
    stat_key = _stat_key(spec)
    keys = ["cell", "slot", "flags", "kept"] + ([stat_key] if stat_key else [])
    ones = {name: sf.sum(sf.when((sf.col("flags") == 0) & sf.col(name), 1).otherwise(0)).alias(name)
            for name in ("pair_first", "in_kept_cell")}
    if spec.per_unit_mean:
        # One row per (unit, cell) group (no new shuffle: the unit partitioning clusters it), its mean, then the
        # per-cell groups below; "n" stays the number of records, "units" counts the kept means.
        clean_kept = (sf.col("flags") == 0) & sf.col("kept")
        per_pair = bounded.groupBy("user", "day", "salt", "cell", "slot", "flags", "kept").agg(
            sf.count(sf.lit(1)).alias("n"),
            sf.sum(sf.when(sf.col("clamp") < 0, 1).otherwise(0)).alias("below"),
            sf.sum(sf.when(sf.col("clamp") > 0, 1).otherwise(0)).alias("above_upper"),
            ones["pair_first"], ones["in_kept_cell"],
            sf.collect_list(sf.when(clean_kept, sf.col("x"))).alias("values"))
        fields = [st.StructField("cell", st.LongType()), st.StructField("slot", st.IntegerType()),
                  st.StructField("flags", st.IntegerType()), st.StructField("kept", st.BooleanType())]
        fields += [st.StructField(name, st.LongType())
                   for name in ("n", "below", "above_upper", "pair_first", "in_kept_cell", "units")]
        if stat_key == "e":
            fields += [st.StructField("e", st.IntegerType()), st.StructField("hi", st.LongType()),
                       st.StructField("lo", st.LongType())]
        elif stat_key == "q":
            fields.append(st.StructField("q", st.IntegerType()))
        means = per_pair.mapInPandas(unit_means(spec), st.StructType(fields))
        sums = [sf.sum(c).alias(c) for c in ("n", "below", "above_upper", "pair_first", "in_kept_cell", "units")]
        if stat_key == "e":
            sums += [sf.sum("hi").alias("hi"), sf.sum("lo").alias("lo")]
        return means.groupBy(*keys).agg(*sums)
    # The clamp side is summed, not a key: a key would split a cell's (user, day) pairs above LIMIT in two.
    aggregates = [sf.count(sf.lit(1)).alias("n"),
                  sf.sum(sf.when(sf.col("clamp") < 0, 1).otherwise(0)).alias("below"),
                  sf.sum(sf.when(sf.col("clamp") > 0, 1).otherwise(0)).alias("above_upper")]
    if samples_cells(spec):
        aggregates += [ones["pair_first"], ones["in_kept_cell"]]
    if stat_key == "e":
        aggregates += [sf.sum("hi").alias("hi"), sf.sum("lo").alias("lo")]
    if stat_key == "above" and columns.day and columns.user:
        pair = sf.when(sf.col("above") & (sf.col("flags") == 0) & sf.col("kept"), sf.struct("user", "day"))
        aggregates.append(sf.countDistinct(pair).alias("pairs"))
    return bounded.groupBy(*keys).agg(*aggregates)


def aggregate_from_groups(groups, spec: ZoneStatisticsSpec, n_zones: int, n_slots: int,
                          days: bool):
    """The core's ZoneStatisticsAggregate from Spark's groups (a pandas DataFrame), and the number of uniform
    draws the core's bounding makes on the same data (UNIT 1: one per clean record; UNIT 2: one per clean
    (user-day, cell) pair, then, without PER_UNIT_MEAN, one per record in a kept cell)."""
    n_cells = n_zones * n_slots
    flags = groups["flags"].to_numpy(dtype=np.int64)
    n = groups["n"].to_numpy(dtype=np.int64)
    kept_flag = groups["kept"].to_numpy(dtype=bool)
    clean = flags == 0
    use = clean & kept_flag
    flat = (groups["cell"].to_numpy(dtype=np.int64) * n_slots + groups["slot"].to_numpy(dtype=np.int64))[use]
    weight = n[use]
    cleaned = int(n[clean].sum())
    kept = int(weight.sum())
    units = groups["units"].to_numpy(dtype=np.int64)[use] if spec.per_unit_mean else weight  # values per cell
    draws = 0
    if spec.unit == USER and samples_cells(spec):  # one per clean (user, cell) pair (bound_distinct_cells)
        draws = int(groups["pair_first"].to_numpy(dtype=np.int64)[clean].sum())
    elif spec.unit == USER:
        draws = cleaned
    elif spec.unit == USER_DAY:
        draws = int(groups["pair_first"].to_numpy(dtype=np.int64)[clean].sum())
        if not spec.per_unit_mean:
            draws += int(groups["in_kept_cell"].to_numpy(dtype=np.int64)[clean].sum())

    def count(bit):
        return int(n[(flags & bit) != 0].sum())

    cleaning = CleaningCounts(records=int(n.sum()), null_values=count(NULL_VALUE), null_slots=count(NULL_TIME),
                              null_users=count(NULL_USER), null_days=count(NULL_DAY), outside=count(NO_ZONE),
                              clamped_below=int(groups["below"].to_numpy(dtype=np.int64)[clean].sum()),
                              clamped_above=int(groups["above_upper"].to_numpy(dtype=np.int64)[clean].sum()),
                              dropped_by_bound=cleaned - kept,
                              kept=kept)
    aggregate = ZoneStatisticsAggregate(n_zones=n_zones, n_slots=n_slots,
                                        counts=np.bincount(flat, weights=units, minlength=n_cells).astype(float),
                                        cleaning=cleaning)
    if spec.statistic in (SUM, MEAN):
        aggregate.sums = sums_from_parts(flat, groups["e"].to_numpy(dtype=np.int64)[use],
                                         groups["hi"].to_numpy(dtype=np.int64)[use],
                                         groups["lo"].to_numpy(dtype=np.int64)[use], n_cells)
    elif spec.statistic == COUNT_ABOVE:
        above = groups["above"].to_numpy(dtype=bool)[use]
        per = groups["pairs"].to_numpy(dtype=np.int64)[use] if days else weight
        aggregate.exceeding = np.bincount(flat[above], weights=per[above], minlength=n_cells).astype(np.int64)
    elif spec.statistic in QUANTILES:
        aggregate.grid_cell, aggregate.grid_index, aggregate.grid_count = (
            flat, groups["q"].to_numpy(dtype=np.int64)[use], units)
    return aggregate, draws


def spark_zone_statistics_aggregate(df, cells, columns: StatColumns, spec: ZoneStatisticsSpec, slot_kind,
                                    rng: np.random.Generator) -> ZoneStatisticsAggregate:
    """The exact part on Spark: the core's aggregate, the driver's generator past the draws the single-machine bound
    makes (see aggregate_from_groups), so a SEED then gives the core path's noise. A trial run stops here."""
    if cells.overlay is not None:
        raise ValueError("zone statistics need zones that do not overlap")
    key = bounding_key(rng)
    groups = statistics_frame(df, cells, columns, spec, slot_kind, key).toPandas()
    n_slots = len(slot_labels(slot_kind)) if slot_kind else 1
    aggregate, draws = aggregate_from_groups(groups, spec, len(cells), n_slots,
                                             days=bool(columns.day and columns.user))
    skip_bounding_draws(rng, draws)
    return aggregate


def release_spark_zone_statistics(df, cells, columns: StatColumns, spec: ZoneStatisticsSpec, slot_kind,
                                  rng: np.random.Generator):
    """Aggregate on Spark (spark_zone_statistics_aggregate), then the core's release from the aggregate. Returns
    (release, aggregate)."""
    aggregate = spark_zone_statistics_aggregate(df, cells, columns, spec, slot_kind, rng)
    return release_zone_statistics_from_aggregate(aggregate, spec, rng), aggregate


def statistics_spec(*, statistic, epsilon, lower, upper, unit=0, max_contributions=1, max_cells=1, limit=None,
                    days=None, min_support=0.0, support_share=0.2, mean_sum_share=0.5, quantile_grid=1001,
                    per_unit_mean=False, noise=0, delta=0.0) -> ZoneStatisticsSpec:
    """The core spec from the Processing parameters' values (STATISTIC, UNIT and NOISE as their indices, as in
    QGIS: NOISE 0 Laplace, 2 the discrete Gaussian with ``delta``; 1 is not offered, as in QGIS)."""
    if int(noise) not in (0, 2):
        raise ValueError("NOISE=1 (discrete Laplace) is not offered for zone statistics: use NOISE=0 (Laplace) or, "
                         "for the count and the sum, NOISE=2 (discrete Gaussian, with DELTA > 0)")
    statistic, unit = STATISTICS[int(statistic)], UNITS[int(unit)]
    return ZoneStatisticsSpec(
        statistic=statistic, epsilon=float(epsilon), lower=float(lower), upper=float(upper), unit=unit,
        max_contributions=int(max_contributions) if unit != RECORD else 1, max_cells=int(max_cells),
        limit=float(limit) if statistic == COUNT_ABOVE and limit is not None else None,
        days=int(days) if statistic == COUNT_ABOVE and days is not None else None,
        min_support=float(min_support), support_share=float(support_share), mean_sum_share=float(mean_sum_share),
        quantile_grid=int(quantile_grid), per_unit_mean=bool(per_unit_mean),
        noise=DISCRETE_GAUSSIAN if int(noise) == 2 else LAPLACE, delta=float(delta) if int(noise) == 2 else 0.0)


def statistics_record(release, *, input_name, seeded, cells, value_field, time_field, slot_kind,
                      mechanism_fields=None, **reservation) -> PrivacyRecord:
    """The privacy record, with the notes of the QGIS algorithm (core notes, then its own) and where it ran;
    ``mechanism_fields``: the whole run's (an automatic M's cost added), else the release's."""
    spec = release.spec
    notes = list(release.notes()) + [f"Cells: {cells.description}.",
                                     f"Statistic {spec.statistic} of field {value_field}."]
    if time_field:
        notes.append(f"Per time slot ({slot_kind}) of field {time_field}.")
    if spec.min_support > 0:
        notes.append(f"Only cells whose noisy count reached {spec.min_support:g} are published; a missing cell "
                     "does not mean zero.")
    fields = release.record_fields() if mechanism_fields is None else mechanism_fields
    return spark_record("noisyzonestatistics", fields, input_name=input_name, seeded=seeded, notes=notes,
                        **reservation)


__all__ = ["SLOT_KINDS", "StatColumns", "release_spark_zone_statistics", "spark_zone_statistics_aggregate",
           "statistics_record", "statistics_spec", "uses_days"]
