"""Randomized relocation of trip origins and destinations between zones.

Source: Dumont et al., "Differential Privacy in Travel Data" (Mathematical
Problems in Industry workshop report, 2021), §6.3. Every trip reports its true origin zone with
probability ``p`` and otherwise a zone drawn from a histogram of origins
(§6.3.1, Step 1); the destination likewise (Step 2), either from a
histogram of destinations (independent case) or, to preserve the joint
origin-destination histogram, from the row of the OD histogram of the
*reported* origin (§6.3.2, eq. 24).

The histograms must not leak: they come from a noisy release of this
plugin, read with its privacy record (its epsilon is part of the total and
is charged to the ledger with this release), or from a table the publisher
declares public (not computed from these people's data). A histogram with
neither is refused by the glue: an unrecorded raw count would be a free
input, and the output would reveal it. Noisy counts may be
negative; they are clipped at 0. A floor then mixes a share ``f`` of
uniform mass into every replacement distribution,
``q = (1 - f) h / sum(h) + f / N``, so every zone has a positive
probability of at least ``f / N`` and no zone is impossible.

Privacy, per trip. For one endpoint, a true zone ``c`` and another zone
``c'``: ``Pr[report c | c] / Pr[report c | c'] = (p + (1-p) q_c) / ((1-p) q_c)``,
largest at the smallest replacement probability ``q_min`` (an endpoint that
is NULL or no known zone is reported as a draw from q alone, whose
probabilities lie between those two, so it stays within the bound):

    epsilon_endpoint = ln((p + (1-p) q_min) / ((1-p) q_min))     (eq. 11)

(eq. 12 with q_min = n / t; for uniform q over N zones, eq. 13). The two
endpoints are two responses about one trip: the trip's epsilon is
epsilon_origin + epsilon_destination (sequential composition, Asghar, Tyler and Kaafar 2017,
Theorem 2). In the joint case the destination's q_min is the smallest over
all rows. The histogram's own epsilon is added on top (the output depends on
it), giving the total.

Choosing p. The publisher gives the per-trip epsilon; p is the one value
with epsilon_origin(p) + epsilon_destination(p) = epsilon, found in closed
form from the two smallest replacement probabilities (``p_for_trip_epsilon``).
Those come from the histograms and the floor, which are public (a recorded
release or a declared public table), so p depends on public facts only.

What is not done: the report's Note 3 (updating the histogram after every
draw, i.e. sampling without replacement) would make each trip's report
depend on the others' reports; here trips are relocated independently,
which preserves the histograms in expectation:
``E[reported count of zone i] = p n_i + (1 - p) N_trips q_i``. Step 3
(trip 2 starts where trip 1 ended) is not imposed either: every trip is
relocated on its own, and the unit of privacy is one trip's endpoints.
"""

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

import numpy as np

from .publication import Private
from .randomized_response import replacement_epsilon
from .release import Release, no_op, random_order

OUTSIDE = -1  # an endpoint that is NULL or not a known zone: always replaced


def p_for_trip_epsilon(epsilon: float, q_origin: float, q_destination: float) -> float:
    """The p with ln(1 + x / q_o) + ln(1 + x / q_d) = epsilon, x = p / (1 - p) (eq. 11 for both endpoints).

    (1 + x / q_o)(1 + x / q_d) = e^eps is the quadratic x^2 + (q_o + q_d) x
    - q_o q_d (e^eps - 1) = 0; its positive root, written without
    cancellation, is 2 q_o q_d (e^eps - 1) / ((q_o + q_d) + sqrt((q_o + q_d)^2
    + 4 q_o q_d (e^eps - 1))).
    """
    if not (isinstance(epsilon, (int, float)) and math.isfinite(epsilon) and epsilon >= 0):
        raise ValueError(f"epsilon must be a finite number >= 0, got {epsilon!r}")
    if not (0 < q_origin <= 1 and 0 < q_destination <= 1):
        raise ValueError("the smallest replacement probabilities must be in (0, 1]")
    try:
        grow = math.expm1(epsilon)
    except OverflowError:
        return 1.0
    total = q_origin + q_destination
    x = 2 * q_origin * q_destination * grow / (total + math.sqrt(total * total + 4 * q_origin * q_destination * grow))
    return x / (1 + x)


def floored_distribution(counts, floor_share: float) -> np.ndarray:
    """``(1 - f) h / sum(h) + f / N`` with h the counts clipped at 0 (uniform if all are 0)."""
    if not 0 < floor_share <= 1:
        raise ValueError(f"the floor share must be in (0, 1], got {floor_share!r}")
    h = np.clip(np.asarray(counts, dtype=float), 0, None)
    if not np.all(np.isfinite(h)):
        raise ValueError("histogram counts must be finite")
    n = h.shape[-1]
    total = h.sum(axis=-1, keepdims=True)
    shares = np.divide(h, total, out=np.full(h.shape, 1.0 / n), where=total > 0)
    return (1 - floor_share) * shares + floor_share / n


@dataclass(frozen=True)
class TripRelocation:
    """Relocation of origin and destination zone indices (0..N-1).

    ``origin_q``: replacement distribution of origins (N). Destinations:
    ``dest_q`` (N, independent case) or ``od_q`` (N x N, row s is the
    distribution of destinations for reported origin s; joint case).
    """

    p_truth: float
    origin_q: np.ndarray = field(compare=False)
    dest_q: Optional[np.ndarray] = field(default=None, compare=False)
    od_q: Optional[np.ndarray] = field(default=None, compare=False)

    def __post_init__(self):
        if not (isinstance(self.p_truth, (int, float)) and 0 <= self.p_truth < 1):
            raise ValueError(f"the probability of reporting the true zone must be in [0, 1), got {self.p_truth!r}")
        if (self.dest_q is None) == (self.od_q is None):
            raise ValueError("give either a destination histogram or an OD histogram")
        n = len(self.origin_q)
        _check_distribution("origin", self.origin_q, (n,))
        if self.dest_q is not None:
            _check_distribution("destination", self.dest_q, (n,))
        else:
            _check_distribution("OD", self.od_q, (n, n))

    @classmethod
    def independent(cls, p_truth, origin_counts, dest_counts, floor_share):
        """Origins and destinations from separate histograms (§6.3.1)."""
        return cls(p_truth, floored_distribution(origin_counts, floor_share),
                   dest_q=floored_distribution(dest_counts, floor_share))

    @classmethod
    def joint(cls, p_truth, od_counts, floor_share):
        """Origins from the OD histogram's row sums, destinations from the reported origin's row (§6.3.2)."""
        od = np.clip(np.asarray(od_counts, dtype=float), 0, None)
        return cls(p_truth, floored_distribution(od.sum(axis=1), floor_share),
                   od_q=floored_distribution(od, floor_share))

    @property
    def n_zones(self) -> int:
        return len(self.origin_q)

    @property
    def joint_histogram(self) -> bool:
        return self.od_q is not None

    @property
    def origin_q_min(self) -> float:
        return float(np.min(self.origin_q))

    @property
    def dest_q_min(self) -> float:
        return float(np.min(self.od_q if self.joint_histogram else self.dest_q))

    @property
    def epsilon_origin(self) -> float:
        return replacement_epsilon(self.p_truth, self.origin_q_min)

    @property
    def epsilon_destination(self) -> float:
        return replacement_epsilon(self.p_truth, self.dest_q_min)

    @property
    def epsilon(self) -> float:
        """Per-trip epsilon: origin plus destination (eq. 11 for each)."""
        return self.epsilon_origin + self.epsilon_destination

    def relocate(self, origin: np.ndarray, dest: np.ndarray, rng: np.random.Generator):
        """Reported (origin, destination) zone indices for true indices ``origin``, ``dest``.

        An index OUTSIDE (NULL or not a known zone) is always replaced.
        """
        origin = np.asarray(origin, dtype=np.int64)
        dest = np.asarray(dest, dtype=np.int64)
        n = len(origin)
        reported_origin = origin.copy()
        move = (rng.random(n) >= self.p_truth) | (origin == OUTSIDE)
        reported_origin[move] = rng.choice(self.n_zones, size=int(move.sum()), p=self.origin_q)
        reported_dest = dest.copy()
        move = (rng.random(n) >= self.p_truth) | (dest == OUTSIDE)
        if not self.joint_histogram:
            reported_dest[move] = rng.choice(self.n_zones, size=int(move.sum()), p=self.dest_q)
        else:
            rows = np.flatnonzero(move)
            by_origin = reported_origin[rows]
            for s in np.unique(by_origin):
                chosen = rows[by_origin == s]
                reported_dest[chosen] = rng.choice(self.n_zones, size=len(chosen), p=self.od_q[s])
        return reported_origin, reported_dest

    def record_fields(self, floor_share: float) -> dict:
        """The privacy parameters of this mechanism, for the privacy record."""
        kind = "joint OD histogram" if self.joint_histogram else "origin and destination histograms"
        return {
            "mechanism": "randomized_trip_relocation",
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": "one trip's origin and destination zone (other fields are not protected; "
                               "a person with several trips is protected per trip)",
            "sensitivity": 1.0,
            "sensitivity_unit": "trip (one origin-destination pair)",
            "noise_scale": 1.0 - self.p_truth,
            "noise_scale_unit": f"probability that an endpoint is replaced by a draw from the {kind} "
                                f"(floor share {floor_share:g})",
        }


def _check_distribution(name, q, shape):
    q = np.asarray(q, dtype=float)
    if q.shape != shape:
        raise ValueError(f"{name} distribution must have shape {shape}, got {q.shape}")
    if shape[0] == 0:
        raise ValueError("at least one zone is needed")
    if np.any(~np.isfinite(q)) or np.any(q <= 0):
        raise ValueError(f"{name} distribution must be finite and positive for every zone (add a floor)")
    if not np.allclose(q.sum(axis=-1), 1.0, rtol=1e-9, atol=1e-12):
        raise ValueError(f"{name} distribution must sum to 1")


def expected_reported_counts(p_truth: float, true_counts, q) -> np.ndarray:
    """E[reported count per zone] = p n_i + (1 - p) N q_i for one endpoint (independent case)."""
    n = np.asarray(true_counts, dtype=float)
    return p_truth * n + (1 - p_truth) * n.sum() * np.asarray(q, dtype=float)



# --- the release (dp_geoprivacy:triprelocation) -----------------------------------------------


def zone_keys(values) -> list:
    """Zone ids as text keys: integers (also integral reals) without a decimal point; None for NULL."""
    out = []
    for value in np.asarray(values, dtype=object).tolist():
        if value is None or (isinstance(value, float) and math.isnan(value)):
            out.append(None)
        elif isinstance(value, float) and value.is_integer():
            out.append(str(int(value)))
        else:
            out.append(str(value))
    return out


def zone_sort_key(zone: str):
    """Sort key of zone ids: integers numerically first, then text."""
    return (0, int(zone), zone) if zone.lstrip("-").isdigit() else (1, 0, zone)


def zones_named(histograms) -> set:
    """Zone ids named by the histograms (keys are zones, or (origin, destination) pairs)."""
    named = set()
    for histogram in histograms:
        for key in histogram:
            named.update(key if isinstance(key, tuple) else (key,))
    return named


@dataclass(frozen=True)
class RelocationSpec:
    """Settings of a trip relocation, with its public inputs.

    ``epsilon``: per trip (origin plus destination); p follows from it and
    the histograms (``p_for_trip_epsilon``).

    ``histograms``: one dict {(origin id, destination id): count} (joint),
    or one or two dicts {zone id: count} (origin, then destination; one dict
    serves both). ``domain``: the zone ids trips may be reported in (the
    public zones), or None for the zones the histograms name, in
    zone_sort_key order.
    """

    epsilon: float
    floor: float
    joint: bool
    histograms: tuple
    domain: Optional[tuple] = None

    @property
    def zones(self) -> tuple:
        if self.domain is not None:
            return tuple(self.domain)
        return tuple(sorted(zones_named(self.histograms), key=zone_sort_key))

    @property
    def unknown_zones(self) -> list:
        """Zones the histograms name that are not in the domain (ignored), sorted."""
        return sorted(zones_named(self.histograms) - set(self.zones), key=zone_sort_key)

    def mechanism(self) -> TripRelocation:
        """The relocation at the p that spends ``epsilon`` per trip."""
        distributions = self._distributions()
        p = p_for_trip_epsilon(self.epsilon, distributions.origin_q_min, distributions.dest_q_min)
        if not p < 1:
            raise ValueError("epsilon is too large: the probability of keeping the true zone rounds to 1")
        return replace(distributions, p_truth=p)

    def _distributions(self) -> TripRelocation:
        """The replacement distributions (at p = 0) from the histograms and the floor."""
        zones = self.zones
        if not zones:
            raise ValueError("the histograms name no zone")
        position = {zone: i for i, zone in enumerate(zones)}
        if self.joint:
            matrix = np.zeros((len(zones), len(zones)))
            for (origin, dest), count in self.histograms[0].items():
                if origin in position and dest in position:
                    matrix[position[origin], position[dest]] += count
            return TripRelocation.joint(0.0, matrix, self.floor)
        vectors = [np.zeros(len(zones)) for _ in self.histograms]
        for vector, histogram in zip(vectors, self.histograms):
            for zone, count in histogram.items():
                if zone in position:
                    vector[position[zone]] += count
        return TripRelocation.independent(0.0, vectors[0], vectors[-1], self.floor)


def release_relocation(origin_ids, dest_ids, spec: RelocationSpec, rng: np.random.Generator,
                       before_noise: Callable[[dict], None] = no_op) -> Release:
    """Relocate every trip, in a random row order.

    ``origin_ids``/``dest_ids``: per trip, its zone ids (any values; read
    with zone_keys). An endpoint that is NULL or not a known zone is
    reported as a draw from its replacement distribution (the public rule:
    distributed exactly as a true zone drawn from it, so within epsilon of
    any known zone, as in core.releases.randomized_response); no trip is dropped, so
    the number of rows does not depend on the zones. ``result``: ``rows``
    (input row of each output row), ``origin_id`` and ``dest_id`` (reported
    zone ids). ``facts`` (private to the data holder, for the log):
    ``outside``, the number of endpoints outside the known zones.
    """
    mechanism = spec.mechanism()
    zones = spec.zones
    position = {zone: i for i, zone in enumerate(zones)}
    origin = np.array([position.get(z, OUTSIDE) for z in zone_keys(origin_ids)], dtype=np.int64)
    dest = np.array([position.get(z, OUTSIDE) for z in zone_keys(dest_ids)], dtype=np.int64)
    fields = mechanism.record_fields(spec.floor)
    before_noise(fields)
    reported_origin, reported_dest = mechanism.relocate(origin, dest, rng)
    order = random_order(len(origin), rng)
    ids = np.array(zones, dtype=object)
    result = {"rows": order, "origin_id": ids[reported_origin[order]], "dest_id": ids[reported_dest[order]],
              "origin_index": reported_origin[order], "dest_index": reported_dest[order]}
    outside = int(np.sum(origin == OUTSIDE) + np.sum(dest == OUTSIDE))
    return Release(result, mechanism, fields, {"outside": Private(outside), "zones": len(zones)})
