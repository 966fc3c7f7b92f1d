"""The exact statistics the mobility report's mechanisms read, and the release from them.

:func:`statistics_of` computes, for a bounded trip set, everything the
mechanisms of :mod:`.mobility_report` read: per count analysis its exact
counts, per numeric analysis its :class:`~.mobility_analyses.ValueStatistics`,
the OD pair counts. Every one of them is a sum over users, so the
statistics of disjoint sets of whole users add up to those of their union
(:meth:`MobilityStatistics.__add__`) -- except the number of distinct
locations, which a distributed caller counts itself (the Spark path,
dp_geoprivacy.spark.mobility_report). :func:`release_statistics` draws the
noise in the order :func:`.mobility_report.release_mobility_report` always
has, so the same generator gives the same report from either path.

Everything here is private input of the mechanisms: never published as it
is. numpy only; no QGIS.
"""

from dataclasses import dataclass, field
from typing import Dict, Optional

import numpy as np

from ..mechanisms.counting import clamp_and_round
from . import mobility_analyses as ma
from .od_flows import PairCounts, count_pairs
from .od_paths import release_flows

# The count analyses and their exact values (a function of the bounded trips, the zone count and the spec).
_COUNTS = {
    "dataset_statistics": lambda t, n, spec: ma._exact_dataset_statistics(t),
    "missing_values": lambda t, n, spec: ma._exact_missing_values(t),
    "trips_over_time": lambda t, n, spec: ma._exact_trips_over_time(t, spec.period),
    "trips_per_weekday": lambda t, n, spec: ma._exact_trips_per_weekday(t),
    "trips_per_hour": lambda t, n, spec: ma._exact_trips_per_hour(t),
    "visits_per_zone": lambda t, n, spec: (ma._exact_distinct_visits_per_zone(t, n) if spec.gaussian_delta
                                           else ma._exact_visits_per_zone(t, n)),
    "visits_per_time_window": lambda t, n, spec: ma._exact_visits_per_time_window(t, n),
}
# The numeric analyses and their exact values per trip, gap or user.
VALUES = {
    "travel_time": ma._exact_travel_time_min, "jump_length": ma._exact_jump_length_km,
    "trips_per_user": ma._exact_trips_per_user, "time_between_trips": ma._exact_time_between_h,
    "radius_of_gyration": ma._exact_radius_of_gyration_km, "distinct_zones": ma._exact_distinct_zones,
    "mobility_entropy": ma._exact_mobility_entropy,
}
DISTINCT_LOCATIONS = 3  # the index of the distinct locations in dataset_statistics (not a sum over users)


@dataclass(frozen=True)
class MobilityStatistics:
    """Exact statistics of a bounded trip set for the chosen analyses (private; never published as they are).

    ``counts``: per count analysis its exact counts (the shapes the
    ``_exact_*`` functions give). ``values``: per numeric analysis its
    ValueStatistics. ``pairs``: the OD pair counts (None without od_flows).
    """

    counts: Dict[str, np.ndarray] = field(default_factory=dict)
    values: Dict[str, ma.ValueStatistics] = field(default_factory=dict)
    pairs: Optional[PairCounts] = None

    def __add__(self, other: "MobilityStatistics") -> "MobilityStatistics":
        """The statistics of two disjoint sets of whole users together (distinct locations: see the module)."""
        pairs = self.pairs
        if other.pairs is not None:
            pairs = other.pairs if pairs is None else merge_pairs(pairs, other.pairs)
        return MobilityStatistics({k: v + other.counts[k] for k, v in self.counts.items()},
                                  {k: v + other.values[k] for k, v in self.values.items()}, pairs)


def merge_pairs(a: PairCounts, b: PairCounts) -> PairCounts:
    """The pair counts of two disjoint trip sets on one domain together."""
    ranks, inverse = np.unique(np.concatenate((a.ranks, b.ranks)), return_inverse=True)
    counts = np.bincount(inverse, np.concatenate((a.counts, b.counts)), minlength=len(ranks)).astype(np.int64)
    return PairCounts(a.domain, ranks, counts, a.outside + b.outside, a.intrazonal_left_out + b.intrazonal_left_out)


def od_pairs(t, n_zones: int, distinct: bool = False) -> PairCounts:
    """Trips with both ends located per (origin, destination) cell (an end outside every zone: the outside cell).
    ``distinct`` (Gaussian thresholding, NOISE=2): users per cell instead, each user counted once in each cell
    (the outside cell included), as noisyodflows' one trip per (user, pair)."""
    keep = ma.complete_located(t)
    origin, dest = t.start_zone[keep], t.end_zone[keep]
    if distinct:
        outside = (origin == ma.OUTSIDE) | (dest == ma.OUTSIDE)
        rows = np.unique(np.stack((np.asarray(t.user)[keep].astype(np.int64), np.where(outside, ma.OUTSIDE, origin),
                                   np.where(outside, ma.OUTSIDE, dest))), axis=1)
        origin, dest = rows[1], rows[2]
    return count_pairs(origin, dest, n_zones, True)


def statistics_of(t, spec) -> MobilityStatistics:
    """The exact statistics of the bounded trips ``t`` (users as codes) for ``spec``'s analyses."""
    mechanisms = spec.mechanisms()
    n = t.n_zones
    counts = {a: np.asarray(f(t, n, spec), dtype=float) for a, f in _COUNTS.items() if a in mechanisms}
    values = {a: mechanisms[a].statistics(f(t)) for a, f in VALUES.items() if a in mechanisms}
    pairs = od_pairs(t, n, distinct=bool(spec.gaussian_delta)) if "od_flows" in mechanisms else None
    return MobilityStatistics(counts, values, pairs)


def release_statistics(statistics: MobilityStatistics, spec, rng: np.random.Generator):
    """(result, analysis_fields) of release_mobility_report from the exact statistics: every analysis in the
    spec's order, each with its own mechanism and share."""
    result, analysis_fields = {}, {}
    for name, mech in spec.mechanisms().items():
        if name == "dataset_statistics":
            exact = statistics.counts[name]
            noisy = np.array([m.release_unclamped(exact[i:i + 1], rng)[0] for i, m in enumerate(mech)])
            complete, incomplete, users, locations = noisy
            # records and trips: sums of the unclamped noisy parts (unbiased); each figure shown is then clamped.
            result[name] = np.maximum(np.array([2 * complete + incomplete, complete + incomplete, complete,
                                                incomplete, users, locations]), 0.0)
            analysis_fields[name] = [m.fields() for m in mech]
        elif name == "missing_values":
            exact = statistics.counts[name]
            result[name] = np.array([m.release(exact[i:i + 1], rng)[0] for i, m in enumerate(mech)])
            analysis_fields[name] = [m.fields() for m in mech]
        elif name == "visits_per_time_window":
            exact = statistics.counts[name]
            result[name] = mech[0].release(exact, rng)
            result[name + "_totals"] = mech[1].release_unclamped(exact.sum(axis=1), rng)
            analysis_fields[name] = [m.fields() for m in mech]
        elif name == "od_flows":
            result.update(_release_od(statistics.pairs, mech, spec.top_n_flows, rng))
            analysis_fields[name] = mech.fields()
        elif isinstance(mech, ma.CountAnalysis):
            result[name] = mech.release(statistics.counts[name], rng)
            analysis_fields[name] = mech.fields()
        else:
            result[name], result[name + "_summary"] = mech.release_statistics(statistics.values[name], rng)
            result[name + "_edges"] = np.asarray(mech.bin_edges)
            analysis_fields[name] = mech.fields()
    return result, analysis_fields


def _release_od(pairs, mech, top_n, rng):
    """OD flows: the pairs the stability-based selection (or Gaussian thresholding) publishes, the top N of them
    by noisy count;
    ``od_threshold`` (public) the count a pair needs to be published half the time."""
    flows = release_flows(pairs, mech.histogram, 0.0, rng)
    order = np.argsort(-flows.noisy_count, kind="stable")[:int(top_n)]
    return {"od_origin": flows.origin[order], "od_dest": flows.dest[order],
            "od_flows": clamp_and_round(flows.noisy_count[order]), "od_outside": np.array([flows.outside]),
            "od_threshold": np.array([mech.threshold])}
