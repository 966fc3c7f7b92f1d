"""Model 1 of dp_geoprivacy:synthetictrips: stability histograms over disjoint partitions (Asghar, Tyler and Kaafar
2017 §3-4).

Asghar, Tyler and Kaafar 2017 §4.1: the trips are split into disjoint partitions by public
fields (4 modes x 14 days = 56), and within each partition the stability-
based histogram (Algorithm 1, ``counting.StabilityHistogram``) releases six
column sets: (1) tap-on time, (2) tap-on place, (3) tap-off time, (4)
tap-off place, (5) tap-on time x place, (6) tap-off time x place, with
(epsilon_j, delta_j) each; the output repeats each published cell by its
rounded noisy count.

Theorem 7 (composition, stated here once): within one partition the
releases j = 1..k are computed on the same trips, so they compose
sequentially (Theorem 2): (sum epsilon_j, sum delta_j). The partitions are
disjoint sets of trips made by the algorithm's own split of the data on
PARTITION_FIELDS (every trip has one value per field; a NULL value is a
partition of its own), so the releases of different partitions compose in
parallel (Theorem 3): the whole release is (sum epsilon_j, sum delta_j)-DP,
however many partitions there are. Asghar, Tyler and Kaafar 2017 §4.2: epsilon_j = 1, 1, 1, 1,
2, 2 and delta_j = 1/8,000,000 give epsilon 8 and delta 7.5e-7 < 1e-6.

Running SBH separately in every partition with the same (epsilon_j,
delta_j) is the same as one SBH over the cells (partition, value): the
noise is independent per cell and the threshold is the same. That is what
is computed. With a user bound (USER_FIELD, at most M trips per user over
all partitions) each user still adds at most M to each marginal's cells,
so ``StabilityHistogram(max_contributions=M)`` calibrates each release and
the same composition holds for the user.

Data-independent output: cells are keyed by (partition code, public
ranks) and written in that sorted order (Asghar, Tyler and Kaafar 2017 §3.3.1); partition codes
must be numbered in the sorted order of the partition values (the glue
does). How many partitions occur is a fact of the data: it goes to the log,
never into the record.
"""

import math
from dataclasses import dataclass
from typing import Callable, Tuple

import numpy as np

from ..accounting.composition import PARALLEL, Partition, ReleaseEvent
from ..mechanisms.counting import StabilityHistogram, composed_snapping_fields
from .publication import Private
from .release import Release, no_op, ranks_from_order
from .synthetic_trips import TripData, check_range, prepare, split_budget

ON_TIME, ON_PLACE, OFF_TIME, OFF_PLACE, ON_TIME_PLACE, OFF_TIME_PLACE = (
    "on_time", "on_place", "off_time", "off_place", "on_time_place", "off_time_place")
MARGINALS = (ON_TIME, ON_PLACE, OFF_TIME, OFF_PLACE, ON_TIME_PLACE, OFF_TIME_PLACE)
# The columns of each marginal: start/end time bin, origin/destination zone.
COLUMNS = {ON_TIME: ("start_bin",), ON_PLACE: ("origin",), OFF_TIME: ("end_bin",), OFF_PLACE: ("dest",),
           ON_TIME_PLACE: ("start_bin", "origin"), OFF_TIME_PLACE: ("end_bin", "dest")}
# Asghar, Tyler and Kaafar 2017 §4.2.
OPAL_EPSILONS = (1.0, 1.0, 1.0, 1.0, 2.0, 2.0)
OPAL_DELTA_PER_RELEASE = 1.0 / 8_000_000


@dataclass(frozen=True)
class Theorem7:
    """The composition of Asghar, Tyler and Kaafar 2017 Theorem 7 for releases (name, epsilon_j, delta_j) in every
    partition."""

    releases: Tuple[Tuple[str, float, float], ...]

    @property
    def epsilon(self) -> float:
        """Sequential within a partition; parallel across partitions: the sum of the epsilon_j."""
        return math.fsum(e for _, e, _ in self.releases)

    @property
    def delta(self) -> float:
        return math.fsum(d for _, _, d in self.releases)

    def events(self, partitions, source: str = "source"):
        """accounting.ReleaseEvent per (partition, release): what compose() must add up to (epsilon, delta).

        ``partitions``: partition texts such as "day=3, mode=bus" (disjoint
        because they constrain common keys to different values).
        """
        rule = f"{PARALLEL}: each trip lies in one partition (the algorithm's own split on the partition fields)"
        return [ReleaseEvent(release_id=f"{p}|{name}", source=source, epsilon=e, delta=d,
                             partition=Partition.parse(p), partition_rule=rule)
                for p in partitions for name, e, d in self.releases]

    def statement(self) -> str:
        parts = ", ".join(f"{name} ({e:g}, {d:.3g})" for name, e, d in self.releases)
        return (f"Asghar, Tyler and Kaafar 2017 Theorem 7: within each partition the releases {parts} compose "
                 "sequentially to "
                f"({self.epsilon:g}, {self.delta:.3g}); the partitions are disjoint sets of trips made by the "
                f"algorithm's own split on the partition fields, so they compose in parallel: the release is "
                f"({self.epsilon:g}, {self.delta:.3g})-DP.")


@dataclass(frozen=True)
class StabilityBudget:
    """One StabilityHistogram per marginal, composed as in Theorem 7."""

    histograms: Tuple[Tuple[str, StabilityHistogram], ...]

    @property
    def composition(self) -> Theorem7:
        return Theorem7(tuple((name, h.epsilon, h.delta) for name, h in self.histograms))

    def record_fields(self, unit_of_privacy: str) -> dict:
        largest = max(h.scale for _, h in self.histograms)
        per = "; ".join(f"{name} epsilon {h.epsilon:.4g}, delta {h.delta:.3g}, b {h.scale:.4g}, threshold "
                        f"{h.threshold:.4g}" for name, h in self.histograms)
        return {
            "mechanism": "stability-based histograms (Asghar, Tyler and Kaafar 2017 Algorithm 1) with Mironov's "
                         "snapping per marginal "
                         "within disjoint partitions; composition of Asghar, Tyler and Kaafar 2017 Theorem 7",
            **composed_snapping_fields((name, h.noise()) for name, h in self.histograms),
            "epsilon": self.composition.epsilon,
            "delta": self.composition.delta,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.histograms[0][1].sensitivity,
            "sensitivity_unit": "count, L1 per marginal when one unit is replaced (2 M)",
            "noise_scale": largest,
            "noise_scale_unit": f"count (largest Laplace scale b; {per})",
        }


@dataclass(frozen=True)
class StabilitySpec:
    """Model 1 settings: the marginals released, EPSILON split by ``weights``, DELTA split equally."""

    epsilon: float
    delta: float
    marginals: Tuple[str, ...]
    weights: Tuple[float, ...]
    n_zones: int
    n_time_bins: int
    unit_of_privacy: str
    max_trips: int = 1

    def mechanism(self) -> StabilityBudget:
        if not self.marginals or len(set(self.marginals)) != len(self.marginals):
            raise ValueError("choose at least one marginal, each once")
        unknown = [m for m in self.marginals if m not in MARGINALS]
        if unknown:
            raise ValueError(f"unknown marginals {unknown}; choose from {MARGINALS}")
        if len(self.weights) != len(self.marginals):
            raise ValueError(f"{len(self.marginals)} budget weights are needed, one per marginal, got "
                             f"{len(self.weights)}")
        if not (0.0 < float(self.delta) < 1.0):
            raise ValueError(f"delta must be in (0, 1) for model 1, got {self.delta!r}")
        epsilons = split_budget(self.epsilon, self.weights)
        delta_j = float(self.delta) / len(self.marginals)
        return StabilityBudget(tuple((m, StabilityHistogram(e, delta_j, int(self.max_trips)))
                                     for m, e in zip(self.marginals, epsilons)))


def release_stability(data: TripData, spec: StabilitySpec, rng: np.random.Generator,
                      before_noise: Callable[[dict], None] = no_op) -> Release:
    """Model 1 (see module doc).

    ``result``: ``marginal`` (index into spec.marginals), ``partition``
    (code), ``start_bin``, ``origin_index``, ``end_bin``, ``dest_index`` (-1
    where the marginal has no such column), one row per copy, ordered by
    marginal, partition, then the cell's public order. ``facts``:
    ``published`` and ``cells`` per marginal, ``partitions`` (log only).
    """
    budget = spec.mechanism()
    record = budget.record_fields(spec.unit_of_privacy)
    nz, nt = int(spec.n_zones), int(spec.n_time_bins)
    for name in {c for m in spec.marginals for c in COLUMNS[m]}:  # input errors before any draw
        values = {"origin": data.origin_zone, "dest": data.dest_zone, "start_bin": data.start_bin,
                  "end_bin": data.end_bin}[name]
        if values is None:
            raise ValueError(f"the marginals chosen need {name}")
        check_range(values, nz if name in ("origin", "dest") else nt, name)
    rows, facts = prepare(data, spec.max_trips, before_noise, record, rng)
    rank = ranks_from_order(np.asarray(data.zone_order, dtype=np.int64))
    partition = (np.zeros(len(rows), dtype=np.int64) if data.partition is None
                 else np.asarray(data.partition, dtype=np.int64)[rows])
    columns = {"origin": rank[np.asarray(data.origin_zone, dtype=np.int64)[rows]],
               "dest": rank[np.asarray(data.dest_zone, dtype=np.int64)[rows]],
               "start_bin": np.asarray(data.start_bin, dtype=np.int64)[rows]}
    if data.end_bin is not None:
        columns["end_bin"] = np.asarray(data.end_bin, dtype=np.int64)[rows]
    sizes = {"origin": nz, "dest": nz, "start_bin": nt, "end_bin": nt}
    facts["partitions"] = Private(int(len(np.unique(partition))))
    out = {k: [] for k in ("marginal", "partition", "start_bin", "origin_index", "end_bin", "dest_index")}
    published, cells = {}, {}
    order = np.asarray(data.zone_order, dtype=np.int64)
    for j, (name, histogram) in enumerate(budget.histograms):
        names = COLUMNS[name]
        key = partition.copy()
        for c in names:
            key = key * sizes[c] + columns[c]
        keys, counts = np.unique(key, return_counts=True)  # sorted: the public order of the cells
        passed, noisy = histogram.release(counts, rng)
        copies = np.where(passed, np.round(noisy), 0).astype(np.int64)
        keys = np.repeat(keys[copies > 0], copies[copies > 0])
        published[name], cells[name] = int((copies > 0).sum()), len(counts)
        values = {}
        for c in reversed(names):
            keys, values[c] = np.divmod(keys, sizes[c])
        out["marginal"].append(np.full(len(keys), j, dtype=np.int64))
        out["partition"].append(keys)
        out["start_bin"].append(values.get("start_bin", np.full(len(keys), -1)))
        out["end_bin"].append(values.get("end_bin", np.full(len(keys), -1)))
        out["origin_index"].append(order[values["origin"]] if "origin" in values else np.full(len(keys), -1))
        out["dest_index"].append(order[values["dest"]] if "dest" in values else np.full(len(keys), -1))
    result = {k: np.concatenate(v).astype(np.int64) for k, v in out.items()}
    facts.update(published=published, cells=Private(cells), rows=len(result["marginal"]),
                 composition=budget.composition.statement())
    return Release(result, budget, record, facts)
