"""noisyzonecounts on Apache Spark: Spark aggregates exactly, the driver draws the noise with the core.

Split of the work (issue 15; Kapp et al. 2023 §4.2-4.3 for the user bound):

1. Executors, ``mapInPandas``: each batch of points gets its cell (the
   core's Tessellation/ZoneLocator on the broadcast zones, or core.geometry.h3cells),
   its time slot (core.releases.time_slots.time_slots), flags for a NULL user and a
   NULL time (core.releases.release.null_user_mask), and a uniform priority drawn
   from Philox keyed by a bounding key and the partition id.
2. User bound, before any aggregate: a window per user ordered by the
   priority; a record is kept when its rank is at most M. The M smallest of
   i.i.d. uniform priorities are a uniformly random M-subset of the user's
   records, wherever the records sit (sampling, not the first M).
3. ``groupBy(cell, slot, flags, kept).count()``: one small row per
   non-empty cell, collected to the driver.
4. Driver: ``core.releases.zone_counts.release_zone_counts_from_aggregate``: the
   same mechanism, noise, threshold, top k, clamping, output order and
   record fields as the QGIS algorithm.

The bounding stream is a child of the noise generator's SeedSequence
(``spawn``; it does not advance the noise generator), so a SEED makes the
whole run reproducible on the same partitioning, and the noise stream is
the one the single-machine path uses (see skip_bounding_draws).
"""

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..core.accounting.privacy_record import PrivacyRecord
from ..core.geometry.zones import OUTSIDE
from ..core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE
from ..core.releases.release import ranks_from_order
from ..core.releases.time_slots import NO_SLOT, SLOT_KINDS, time_slots
from ..core.releases.zone_counts import ZoneCountAggregate, ZoneCountSpec, release_zone_counts_from_aggregate
from .record import spark_record

NOISE_KINDS = (LAPLACE, DISCRETE_LAPLACE)
NULL_USER, NULL_TIME = 1, 2
_SALT_RANGE = 1 << 30


@dataclass(frozen=True)
class PointColumns:
    """Where the points' coordinates, users and times are in the DataFrame."""

    lon: Optional[str] = None
    lat: Optional[str] = None
    geometry: Optional[str] = None  # WKB points, longitude/latitude
    user: Optional[str] = None
    time: Optional[str] = None

    def ends(self):
        """(output column, lon column, lat column, WKB column, vertex) of each located end: one point here."""
        return (("cell", self.lon, self.lat, self.geometry, "point"),)


def bounding_key(rng: np.random.Generator) -> int:
    """A 128-bit Philox key for the executors' priorities, from a child of the generator's SeedSequence.

    Spawning does not draw from ``rng``. Seeded generators give the same
    key every run; the OS-keyed ones (core.mechanisms.rng.secure_bit_generator, no
    SeedSequence) a fresh key from the OS's cryptographic source.
    """
    seed_seq = getattr(rng.bit_generator, "seed_seq", None)
    if seed_seq is None:
        import secrets

        return secrets.randbits(128)
    child = seed_seq.spawn(1)[0]
    words = child.generate_state(2, np.uint64)
    return int(words[0]) << 64 | int(words[1])


def _lonlat(frame, lon_column, lat_column, geometry_column, vertex="point"):
    """Longitude and latitude of each row: from two columns, or from WKB (``vertex``: "point" for points,
    "first" / "last" for the first / last vertex of a line, of a multi-line its first / last part's, as the
    plugin reads trips). NULL or empty geometries give NaN (no zone)."""
    if geometry_column:
        import shapely

        values = frame[geometry_column].to_numpy(dtype=object)
        present = np.array([v is not None for v in values], dtype=bool)
        lon = np.full(len(values), np.nan)
        lat = np.full(len(values), np.nan)
        if present.any():
            geometries = shapely.from_wkb(np.asarray([bytes(v) for v in values[present]], dtype=object))
            rows = np.flatnonzero(present)
            if vertex == "point":  # an empty point has no x (GEOS refuses it): it stays NaN, in no zone
                full = ~shapely.is_empty(geometries)
                lon[rows[full]], lat[rows[full]] = shapely.get_x(geometries[full]), shapely.get_y(geometries[full])
            else:
                xy, index = shapely.get_coordinates(geometries, return_index=True)
                if len(index):
                    change = np.flatnonzero(np.diff(index)) + 1
                    pick = np.r_[0, change] if vertex == "first" else np.r_[change - 1, len(index) - 1]
                    lon[rows[index[pick]]], lat[rows[index[pick]]] = xy[pick, 0], xy[pick, 1]
        return lon, lat
    return (frame[lon_column].to_numpy(dtype=float, na_value=np.nan),
            frame[lat_column].to_numpy(dtype=float, na_value=np.nan))


def located(lon, lat) -> np.ndarray:
    """Which rows have a point (``_lonlat`` gives NaN for a NULL or empty geometry or a missing coordinate): the
    one filter of rows without a point (the QGIS algorithms' reader skips such features)."""
    return np.isfinite(lon) & np.isfinite(lat)


def assign_batches(cells, columns, slot_kind: Optional[str], key: int):
    """The mapInPandas function: cell of each end, slot, flags and priority per record (user passed through)."""

    def run(batches):
        import pandas as pd
        from pyspark import TaskContext

        from ..core.releases.release import null_user_mask

        partition = TaskContext.get().partitionId()
        generator = np.random.Generator(np.random.Philox(key=key, counter=[0, 0, partition, 0]))
        for frame in batches:
            n = len(frame)
            out = {}
            keep = np.ones(n, dtype=bool)
            for name, lon_column, lat_column, geometry_column, vertex in columns.ends():
                lon, lat = _lonlat(frame, lon_column, lat_column, geometry_column, vertex)
                if vertex == "point":  # a row without a point is no record, as the QGIS reader skips it
                    keep &= located(lon, lat)
                out[name] = cells.assign_lonlat(lon, lat)
            out["slot"] = np.zeros(n, dtype=np.int32)
            flags = np.zeros(n, dtype=np.int32)
            if columns.user:
                users = frame[columns.user]
                null = null_user_mask(np.asarray(users.to_numpy(dtype=object), dtype=object))
                flags |= np.where(null, NULL_USER, 0).astype(np.int32)
                if users.dtype.kind == "f" or users.dtype == object and null.any():
                    users = users.where(~null, users[~null].iloc[0] if (~null).any() else 0)
                out["user"] = users.to_numpy()
                out["priority"] = generator.random(n)
                out["salt"] = np.where(null, generator.integers(1, _SALT_RANGE, n), 0).astype(np.int64)
            if slot_kind:
                values = frame[columns.time].to_numpy()
                slot = time_slots(values, slot_kind)
                flags |= np.where(slot == NO_SLOT, NULL_TIME, 0).astype(np.int32)
                out["slot"] = np.maximum(slot, 0).astype(np.int32)
            out["flags"] = flags
            yield pd.DataFrame(out)[keep]

    return run


def bounded_frame(df, cells, columns, *, max_contributions: int, slot_kind: Optional[str], key: int):
    """Spark DataFrame (cell, slot, flags, kept[, user]): each record's cell and slot, its NULL flags, and
    whether the user bound keeps it (rank <= M among the user's records by priority)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as sf
    from pyspark.sql import types as st

    wanted = [c for end in columns.ends() for c in end[1:4] if c] + [c for c in (columns.user, columns.time) if c]
    wanted = list(dict.fromkeys(wanted))
    missing = [c for c in wanted if c not in df.columns]
    if missing:
        raise ValueError(f"the input has no column {missing[0]!r} (columns: {', '.join(df.columns)})")
    df = df.select(*wanted)
    fields = [st.StructField(end[0], st.LongType()) for end in columns.ends()]
    fields.append(st.StructField("slot", st.IntegerType()))
    if columns.user:
        fields += [st.StructField("user", df.schema[columns.user].dataType),
                   st.StructField("priority", st.DoubleType()), st.StructField("salt", st.LongType())]
    fields.append(st.StructField("flags", st.IntegerType()))
    assigned = df.mapInPandas(assign_batches(cells, columns, slot_kind, key), st.StructType(fields))
    if columns.user:
        window = Window.partitionBy("user", "salt").orderBy("priority")
        return assigned.withColumn("kept", sf.row_number().over(window) <= int(max_contributions))
    return assigned.withColumn("kept", sf.lit(True))


def spark_aggregate(df, cells, columns: PointColumns, *, max_contributions: int, slot_kind: Optional[str],
                    key: int):
    """Rows (cell, slot, flags, kept, count) from Spark: the exact, pre-noise part, collected to the driver."""
    frame = bounded_frame(df, cells, columns, max_contributions=max_contributions, slot_kind=slot_kind, key=key)
    rows = frame.groupBy("cell", "slot", "flags", "kept").count().collect()
    return [(int(r["cell"]), int(r["slot"]), int(r["flags"]), bool(r["kept"]), int(r["count"])) for r in rows]


def aggregate_from_rows(rows, cells, n_slots: int, bounded: bool) -> ZoneCountAggregate:
    """The ZoneCountAggregate (counts per zone and slot, outside, facts) of Spark's grouped rows."""
    atoms = np.zeros((cells.n_atoms, n_slots), dtype=np.int64)
    outside = null_users = null_times = records = dropped = 0
    for cell, slot, flags, kept, count in rows:
        null_users += count if flags & NULL_USER else 0
        null_times += count if flags & NULL_TIME else 0
        if flags:
            continue
        records += count
        if not kept:
            dropped += count
        elif cell == OUTSIDE:
            outside += count
        else:
            atoms[cell, slot] += count
    counts = cells.overlay.zone_counts(atoms, len(cells)) if cells.overlay is not None else atoms
    return ZoneCountAggregate(counts=counts, outside=outside, zone_rank=ranks_from_order(id_order_of(cells)),
                              records=records, null_users=null_users, null_times=null_times,
                              dropped_by_bound=dropped, bounded=bounded)


def id_order_of(cells):
    from .cells import id_order

    return id_order(cells.ids)


def zone_count_spec(*, epsilon, delta=0.0, noise=0, threshold=0, user_field=None, max_contributions=1,
                    time_field=None, time_slot=0, top_k=0, clamp=True, cells_per_point=1) -> ZoneCountSpec:
    """The core spec from the Processing parameters' values (enums as their indices, as in QGIS)."""
    max_contributions = int(max_contributions) if user_field else 1
    unit = (f"one user ({user_field}), at most {max_contributions} points kept per user (sampled uniformly)"
            if user_field else "one point (item-level)")
    return ZoneCountSpec(
        epsilon=float(epsilon), unit_of_privacy=unit, delta=float(delta), noise=NOISE_KINDS[int(noise)],
        threshold=int(threshold) == 1, max_contributions=max_contributions, cells_per_contribution=cells_per_point,
        slot_kind=SLOT_KINDS[int(time_slot)] if time_field else None, k=int(top_k), clamp=bool(clamp))


def record_notes(cells, facts, spec: ZoneCountSpec, time_field):
    """The record's notes, worded as the QGIS algorithm's (NoisyZoneCounts._notes), plus where it ran."""
    outside = "suppressed by the threshold" if facts["outside"] != facts["outside"] else f"{facts['outside']:g}"
    notes = [f"Cells: {cells.description}.",
             f"Noisy count outside all zones: {outside} (95% margin of error {facts['margin_of_error']:g})."]
    if cells.cells_per_point > 1:
        notes.append(f"Overlapping zones allowed: a point counts in up to {cells.cells_per_point} zones.")
    if time_field:
        notes.append(f"Per time slot ({spec.slot_kind}) of field {time_field}.")
    if facts["threshold"] is not None:
        notes.append(f"Stability threshold: only zones with data whose noisy count reached {facts['threshold']:.4g} "
                     "are published; a missing zone does not mean zero.")
    if spec.k:
        notes.append(f"Only the {spec.k} largest noisy counts are published (post-processing).")
    if spec.clamp:
        notes.append("Counts rounded and clamped at zero (post-processing).")
    return notes


def privacy_record(release, *, input_name, seeded, notes, **reservation) -> PrivacyRecord:
    return spark_record("noisyzonecounts", release.record_fields, input_name=input_name, seeded=seeded,
                        notes=notes, **reservation)


def release_spark_zone_counts(df, cells, columns: PointColumns, spec: ZoneCountSpec, rng: np.random.Generator,
                              before_noise=None):
    """Aggregate on Spark, then the core's release from the aggregate. Returns (Release, aggregate)."""
    key = bounding_key(rng)
    rows = spark_aggregate(df, cells, columns, max_contributions=spec.max_contributions,
                           slot_kind=spec.slot_kind, key=key)
    aggregate = aggregate_from_rows(rows, cells, len(spec.slot_labels), bounded=bool(columns.user))
    kwargs = {} if before_noise is None else {"before_noise": before_noise}
    return release_zone_counts_from_aggregate(aggregate, spec, rng, **kwargs), aggregate
