"""noisyodflows on Apache Spark: trips' end cells and the user bound on Spark, the noise by the core.

Same split as spark/zone_counts.py: ``mapInPandas`` locates both ends of
each trip (ORIGIN_X/Y_FIELD, DEST_X/Y_FIELD in longitude/latitude), the
user window keeps at most MAX_TRIPS trips per user (uniform priorities),
``groupBy(origin, dest, flags, kept).count()`` is collected, and the driver
calls ``core.releases.od_flows.release_od_flows_from_pairs``: the plugin's dense,
sparse or stability path, MIN_FLOW, output order and record fields.
"""

from dataclasses import dataclass
from typing import Optional

import numpy as np
import shapely

from ..core.accounting.privacy_record import PrivacyRecord
from ..core.geometry.zones import OUTSIDE
from ..core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE
from ..core.releases.od_flows import ODFlowSpec, flow_geometries, pair_counts_from_groups, release_od_flows_from_pairs
from ..core.releases.release import ranks_from_order
from .cells import id_order
from .record import spark_record
from .zone_counts import NULL_USER, bounded_frame, bounding_key

NOISE_KINDS = (LAPLACE, DISCRETE_LAPLACE)


@dataclass(frozen=True)
class TripColumns:
    """Where the trips' two ends are (longitude/latitude columns, or WKB lines) and the user column.

    With ``geometry`` (WKB lines, longitude/latitude) the origin is the first
    vertex and the destination the last (of a multi-line, the first vertex of
    its first part and the last of its last part), as the plugin reads trips.
    """

    origin_x: Optional[str] = None
    origin_y: Optional[str] = None
    dest_x: Optional[str] = None
    dest_y: Optional[str] = None
    user: Optional[str] = None
    time: Optional[str] = None  # no time slots for flows
    geometry: Optional[str] = None

    def ends(self):
        if self.geometry:
            return (("origin", None, None, self.geometry, "first"), ("dest", None, None, self.geometry, "last"))
        return (("origin", self.origin_x, self.origin_y, None, "point"),
                ("dest", self.dest_x, self.dest_y, None, "point"))


def spark_pair_rows(df, cells, columns: TripColumns, *, max_trips: int, key: int):
    """Rows (origin, dest, flags, kept, count) from Spark: the exact, pre-noise part."""
    frame = bounded_frame(df, cells, columns, max_contributions=max_trips, slot_kind=None, key=key)
    rows = frame.groupBy("origin", "dest", "flags", "kept").count().collect()
    return [(int(r["origin"]), int(r["dest"]), int(r["flags"]), bool(r["kept"]), int(r["count"])) for r in rows]


def pairs_from_rows(rows, cells, include_intrazonal: bool):
    """(PairCounts in id order, zone order, facts) of Spark's grouped rows."""
    zone_order = id_order(cells.ids)
    rank = ranks_from_order(zone_order)
    rows = np.asarray(rows, dtype=np.int64).reshape(-1, 5)
    origin, dest, flags, kept, count = rows.T
    clean = flags == 0
    facts = {"null_users": int(count[(flags & NULL_USER) != 0].sum()), "records": int(count[clean].sum()),
             "ends_outside": int(count[clean & ((origin == OUTSIDE) | (dest == OUTSIDE))].sum()),
             "dropped_by_bound": int(count[clean & (kept == 0)].sum())}
    use = clean & (kept == 1)
    to_rank = np.vectorize(lambda z: OUTSIDE if z == OUTSIDE else rank[z], otypes=[np.int64])
    origin_rank = to_rank(origin[use]) if use.any() else np.empty(0, np.int64)
    dest_rank = to_rank(dest[use]) if use.any() else np.empty(0, np.int64)
    pairs = pair_counts_from_groups(origin_rank, dest_rank, count[use], len(cells), include_intrazonal)
    return pairs, zone_order, facts


def od_flow_spec(*, epsilon, delta=0.0, noise=0, threshold=0, user_field=None, max_trips=1, min_flow=0.0,
                 include_intrazonal=True) -> ODFlowSpec:
    """The core spec from the Processing parameters' values (as noisyodflows words the unit)."""
    max_trips = int(max_trips) if user_field else 1
    unit = (f"one user ({user_field}), at most {max_trips} trips kept per user (sampled uniformly)"
            if user_field else "one trip (item-level)")
    return ODFlowSpec(epsilon=float(epsilon), unit_of_privacy=unit, delta=float(delta), noise=NOISE_KINDS[int(noise)],
                      threshold=int(threshold) == 1, max_trips=max_trips, min_flow=float(min_flow),
                      include_intrazonal=bool(include_intrazonal))


def release_spark_od_flows(df, cells, columns: TripColumns, spec: ODFlowSpec, rng: np.random.Generator,
                           before_noise=None):
    """Aggregate on Spark, then the core's release from the pair counts. Returns (Release, PairCounts)."""
    if cells.overlay is not None:
        raise ValueError("OD flows need zones that do not overlap")
    rows = spark_pair_rows(df, cells, columns, max_trips=spec.max_trips, key=bounding_key(rng))
    pairs, zone_order, facts = pairs_from_rows(rows, cells, spec.include_intrazonal)
    kwargs = {} if before_noise is None else {"before_noise": before_noise}
    release = release_od_flows_from_pairs(pairs, zone_order, spec, rng, bounded=bool(columns.user), **kwargs,
                                          **facts)
    return release, pairs


def flow_lines(cells, origin_index, dest_index):
    """Flow lines between the zones' points on surface, intrazonal loops 0.15 x sqrt(area) wide (as QGIS)."""
    used = np.unique(np.concatenate((origin_index, dest_index)))
    points = np.full((len(cells), 2), np.nan)
    size = np.zeros(len(cells))
    if len(used):
        polygons = cells.geometries(used)
        points[used] = shapely.get_coordinates(shapely.point_on_surface(polygons))
        size[used] = 0.15 * np.sqrt(shapely.area(polygons))
    return flow_geometries(points, size, origin_index, dest_index)


def od_record(release, *, input_name, seeded, cells, min_flow, include_intrazonal,
              **reservation) -> PrivacyRecord:
    facts = release.facts
    notes = [f"Zones: {cells.description}; {release.facts['cells']:,} ordered pairs "
             f"({'intrazonal included' if include_intrazonal else 'intrazonal left out'}) plus one outside cell.",
             f"Noisy count of trips with an end outside all zones: {facts['outside']:g} (95% margin of error "
             f"{facts['margin_of_error']:g}).",
             f"Release path: {facts['path']}. Post-processing in this order: round, clamp negatives to zero, leave "
             f"out flows below MIN_FLOW={min_flow:g} (a missing pair had a published count below it)."]
    if facts["threshold"] is not None:
        notes.append(f"Stability threshold {facts['threshold']:.4g}: only pairs with trips whose noisy count reached "
                     "it are published; a missing pair does not mean zero.")
    return spark_record("noisyodflows", release.record_fields, input_name=input_name, seeded=seeded,
                        notes=notes, **reservation)
