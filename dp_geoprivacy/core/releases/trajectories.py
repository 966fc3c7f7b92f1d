"""Private trajectories: SDD (sampling distance and direction) and per-vertex planar Laplace.

Sources: Dumont et al. 2021 §2.3 (GPS tracks identify routes), §6.1 (eq. 16: adapt
SDD of Jiang, Shao, Bressan, Kister and Tan, SSDBM 2013, to publish one
epsilon-DP version of each trip, start and end kept) and §6.2 (route-level
privacy left open). Geo-indistinguishability: Andres et al. 2013.

Every trajectory is first resampled to K vertices equally spaced along its
length (``resample``; K is public, so the number of published vertices says
nothing about the trip). Vertex 0 is the start, vertex K-1 the end; the
n = K-2 vertices in between are the ones SDD re-draws.

SDD (``SddMechanism``, in ``core.releases.trajectory_sdd`` with its derivation: budget
per step and per trajectory, and why every trajectory takes exactly n draws).

Per-vertex planar Laplace (``VertexLaplace``): each of the K resampled
vertices gets planar Laplace with epsilon / K per DISTANCE metres, so by
sequential composition two trajectories whose resampled vertices are
pairwise within DISTANCE metres are EPSILON-indistinguishable (and in
general at ratio exp(EPSILON * sum_k d_k / (K * DISTANCE))).

Over a person's trips: a person with m trips is protected at m * EPSILON
(sequential composition); the record says so.

Trips that do not fit (SDD, ``NOT_FITTING``). SDD can only reach a trip's end
when its start-end distance D is at most L = (K - 1) x MAX_STEP. What to do with
a trip where D > L is a public choice (``spec.not_fitting``), argued here:

- The unit of privacy is one trajectory, with replacement neighbours: two
  inputs differ in the content of one trip, the number of trips n is the same
  (it is published: one output row per trip). The unit protects a trip's
  content (its route; with KEEP_ENDPOINTS off also its ends), not whether it
  is in the input.
- Which MAX_STEP "would fit" (ceil(max D / (K - 1)) to 50 m) is read from the
  data: it goes only into the data holder's log, marked private (the facts
  hold it as ``Private``). It never chooses anything published.
- ``REFUSE`` (default): the run stops before any draw, naming that figure.
- ``SHORTEN``: the resampled track of a trip with D > L is scaled about the
  midpoint of its ends by L / D (a similarity, so its shape is kept and its
  ends become L apart), then perturbed as any other trip. This is a fixed
  per-trip map f, the same for every input (it depends only on public K and
  MAX_STEP), applied before the mechanism. Ends kept: neighbours have the same
  ends, so f(x) and f(x') have the same ends and SDD's guarantee between routes
  with the same ends holds for them; the published ends of a shortened trip are
  f's ends (the true ends are not protected in this mode anyway). Ends
  perturbed: f maps the pair of ends (s, e) to (m - h/2, m + h/2) with m the
  midpoint and h the projection of e - s onto the disc of radius L, which is
  1-Lipschitz, so |ds'| + |de'| <= sqrt(2 (|ds|^2 + |de|^2)) <= 2 DISTANCE
  when |ds|, |de| <= DISTANCE: two trips whose ends are each within DISTANCE
  still differ by at most 2 x epsilon_end on the ends, and every step is
  epsilon_step-DP for any change of the true vertices: EPSILON as before.
- ``DROP``: trips with D > L are left out of the output. Whether a trip fits
  depends only on its ends, so it is private only when the ends are not
  protected (KEEP_ENDPOINTS): neighbours then have the same ends, drop the
  same trips and write the same number of rows. With perturbed ends, moving
  one end by less than DISTANCE can make a trip drop out, and the row count
  would show it with certainty: DROP is refused there. The output then has
  n - dropped rows, so whoever knows n learns the exact number dropped: a
  function of the ends, which this unit does not protect.
- The number of trips shortened or dropped is published only as a noisy count:
  discrete Laplace with sensitivity 1 (one trip replaced changes the count by
  at most 1) at ``count_epsilon``, composed sequentially with the
  trajectories' EPSILON (the record's epsilon is the sum, and so is the
  ledger's). The exact count is logged as private.

Only numpy and stdlib; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..mechanisms.counting import DISCRETE_LAPLACE, CountNoise
from ..mechanisms.location import PLANAR, LocationLaplace
from ..mechanisms.validation import require_positive_finite
from .publication import Private
from .release import Release, no_op, random_order
from .trajectory_sdd import SDD, SddMechanism

VERTEX_LAPLACE = "planar_laplace_per_vertex"
MECHANISMS = (SDD, VERTEX_LAPLACE)

CHUNK = 16384

# What to do with a trip SDD cannot draw (start-end distance over (K - 1) x MAX_STEP): module doc.
REFUSE, SHORTEN, DROP = "refuse", "shorten", "drop"
NOT_FITTING = (REFUSE, SHORTEN, DROP)

COMPOSITION_NOTE = ("A person with m trips in the input is protected at m x epsilon "
                    "(sequential composition over their trips).")


class UnreachableTripError(ValueError):
    """A trip's start-end distance exceeds (K - 1) x MAX_STEP; raised before any draw."""

    def __init__(self, count, longest, limit):
        self.count, self.longest, self.limit = count, longest, limit
        super().__init__(f"{count} trips have start and end farther apart than (K - 1) x MAX_STEP = {limit:g} m "
                         f"(longest {longest:g} m)")


# --- resampling ----------------------------------------------------------------------------


def resample(coords: np.ndarray, offsets: np.ndarray, k: int) -> np.ndarray:
    """(n, k, c) vertices equally spaced along each line (k public), first and last exact.

    ``coords`` (m, c) holds the vertices of all lines one after another,
    line t from ``offsets[t]`` to ``offsets[t + 1]`` (at least 2 each).
    Distances along a line come from the first two columns (x, y); further
    columns (e.g. a time per vertex, the M value) are interpolated at the
    same positions. Repeated vertices (zero-length segments) are harmless; a
    line of zero length gives k copies of its point.
    """
    coords, offsets = np.asarray(coords, dtype=float), np.asarray(offsets, dtype=np.int64)
    k = int(k)
    if k < 2:
        raise ValueError("K must be at least 2")
    counts = np.diff(offsets)
    if len(counts) and counts.min() < 2:
        raise ValueError("every line needs at least two vertices")
    n = len(counts)
    if n > CHUNK:  # bounded temporaries: lines in blocks of CHUNK
        out = np.empty((n, k, coords.shape[1]))
        for first in range(0, n, CHUNK):
            block = offsets[first:first + CHUNK + 1]
            out[first:first + CHUNK] = resample(coords[block[0]:block[-1]], block - block[0], k)
        return out
    if n == 0:
        return np.empty((0, k, coords.shape[1]))
    segment = np.hypot(*np.diff(coords[:, :2], axis=0).T)
    segment[offsets[1:-1] - 1] = 0.0  # the jumps from one line to the next
    cumulative = np.concatenate(([0.0], np.cumsum(segment)))
    start, end = offsets[:-1], offsets[1:] - 1
    base, length = cumulative[start], cumulative[end] - cumulative[start]
    fraction = np.linspace(0.0, 1.0, k)
    target = base[:, None] + length[:, None] * fraction[None, :]
    index = np.searchsorted(cumulative, target, side="right") - 1
    index = np.clip(index, start[:, None], end[:, None] - 1)
    span = cumulative[index + 1] - cumulative[index]
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.where(span > 0, (target - cumulative[index]) / span, 0.0)
    t = np.clip(t, 0.0, 1.0)[..., None]
    out = coords[index] * (1.0 - t) + coords[index + 1] * t
    out[:, 0], out[:, -1] = coords[start], coords[end]
    return out


# --- per-vertex planar Laplace ---------------------------------------------------------------


@dataclass(frozen=True)
class VertexLaplace:
    """Planar Laplace on each of K resampled vertices at epsilon / K per ``distance`` metres."""

    epsilon: float
    k: int
    distance: float
    grid: float = 1.0

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("distance", self.distance)
        if int(self.k) != self.k or self.k < 2:
            raise ValueError(f"K must be a whole number >= 2, got {self.k!r}")

    @property
    def vertex_epsilon(self) -> float:
        return self.epsilon / int(self.k)

    def vertex_mechanism(self) -> LocationLaplace:
        return LocationLaplace(PLANAR, self.vertex_epsilon, self.distance, self.grid)

    def total_epsilon(self) -> float:
        return int(self.k) * self.vertex_epsilon

    def perturb(self, tracks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        tracks = np.asarray(tracks, dtype=float)
        mechanism, out = self.vertex_mechanism(), np.empty_like(tracks)
        for first in range(0, len(tracks), CHUNK):  # bounded temporaries
            block = tracks[first:first + CHUNK]
            out[first:first + CHUNK] = mechanism.perturb(block.reshape(-1, 2), rng).reshape(block.shape)
        return out

    def record_fields(self) -> dict:
        vertex = self.vertex_mechanism()
        return {
            "mechanism": VERTEX_LAPLACE,
            "epsilon": self.total_epsilon(),
            "delta": 0.0,
            "unit_of_privacy": (
                f"one trajectory resampled to K = {int(self.k)} vertices: two trajectories whose resampled "
                f"vertices are pairwise within {self.distance:g} m are epsilon-indistinguishable (each vertex: "
                f"geo-indistinguishability at {self.vertex_epsilon:g} per {self.distance:g} m, Euclidean; "
                f"sequential composition over the K vertices)"
            ),
            "sensitivity": self.distance,
            "sensitivity_unit": "m per vertex, L2 (Euclidean)",
            "noise_scale": vertex.scale,
            "noise_scale_unit": "m (planar Laplace scale b per vertex = K x DISTANCE / EPSILON)",
            "snapping_grain_m": self.grid,
        }


# --- the release (dp_geoprivacy:trajectoryperturbation) --------------------------------------


@dataclass(frozen=True)
class TrajectorySpec:
    """Settings of a trajectory release; ``kind`` is SDD or VERTEX_LAPLACE."""

    kind: str
    epsilon: float
    k: int
    max_step: float = math.inf
    keep_endpoints: bool = True
    distance: float = 100.0
    grid: float = 1.0
    time_grain: float = 900.0
    not_fitting: str = REFUSE
    count_epsilon: float = 0.1

    def __post_init__(self):
        if self.not_fitting not in NOT_FITTING:
            raise ValueError(f"not_fitting must be one of {NOT_FITTING}, got {self.not_fitting!r}")
        if self.not_fitting == DROP and self.kind == SDD and not self.keep_endpoints:
            raise ValueError("dropping the trips that do not fit is private only when start and end are published "
                             "exactly (SDD with KEEP_ENDPOINTS): with perturbed ends the number of rows would show "
                             "a trip dropped; shorten them instead")

    def count_noise(self) -> Optional[CountNoise]:
        """The noise on the number of trips shortened or dropped (SDD only), or None when nothing is counted."""
        if self.kind != SDD or self.not_fitting == REFUSE:
            return None
        return CountNoise(DISCRETE_LAPLACE, self.count_epsilon, 1.0)

    def record_fields(self) -> dict:
        """The release's record fields: the trajectories' mechanism, composed with the count's noise if any."""
        fields = self.mechanism().record_fields()
        noise = self.count_noise()
        if noise is None:
            return fields
        verb = "shortened to fit" if self.not_fitting == SHORTEN else "dropped"
        limit = (int(self.k) - 1) * self.max_step
        return {
            **fields,
            "mechanism": f"{fields['mechanism']}; trips not fitting {verb}, their number counted",
            "epsilon": fields["epsilon"] + noise.epsilon,
            "unit_of_privacy": (
                f"{fields['unit_of_privacy']}. Trips whose start and end are farther apart than (K - 1) x MAX_STEP "
                f"= {limit:g} m are {verb}" + (" (scaled about the midpoint of their ends, a fixed per-trip map)"
                                               if self.not_fitting == SHORTEN else "")
                + f"; their number is published with discrete Laplace noise at epsilon {noise.epsilon:g} "
                f"(sensitivity 1), composed sequentially with the trajectories' epsilon {fields['epsilon']:g}"),
        }

    def laplace_scale(self):
        """The largest planar Laplace scale b (metres) the release draws, or None when it draws none.

        Per-vertex Laplace: K x DISTANCE / EPSILON; SDD: its perturbed endpoints' scale (steps are
        bounded by MAX_STEP instead). The glue checks that the noise CRS can carry it.
        """
        mechanism = self.mechanism()
        if self.kind == VERTEX_LAPLACE:
            return mechanism.vertex_mechanism().scale
        return None if self.keep_endpoints else mechanism.endpoint_mechanism().scale

    def mechanism(self):
        if self.kind == SDD:
            return SddMechanism(self.epsilon, self.k, self.max_step, self.keep_endpoints, self.distance, self.grid)
        if self.kind == VERTEX_LAPLACE:
            return VertexLaplace(self.epsilon, self.k, self.distance, self.grid)
        raise ValueError(f"mechanism must be one of {MECHANISMS}, got {self.kind!r}")


@dataclass(frozen=True)
class Tracks:
    """Lines as arrays: all vertices ``coords`` (m, 2) in a metric CRS, line t from offsets[t] to offsets[t+1].

    ``times``: optional (m,) time per vertex (the lines' M values, e.g. epoch seconds), or None.
    """

    coords: np.ndarray
    offsets: np.ndarray
    times: Optional[np.ndarray] = None


def coarsen_times(times: np.ndarray, grain: float) -> np.ndarray:
    """Times rounded to the nearest multiple of ``grain`` (halves up; grain 0: unchanged).

    Not a privacy mechanism: times are passed through coarsened, like kept
    endpoints. Rounding is monotone, so times in travel order stay in order.
    """
    times = np.asarray(times, dtype=float)
    if not np.isfinite(grain) or grain < 0:
        raise ValueError(f"the time grain must be a finite number >= 0, got {grain!r}")
    return times.copy() if grain == 0 else np.floor(times / grain + 0.5) * grain


def release_trajectories(tracks: Tracks, spec: TrajectorySpec, rng: np.random.Generator,
                         before_noise: Callable[[dict], None] = no_op) -> Release:
    """Resample every line to K vertices and perturb it, rows in a uniformly random order.

    ``result["rows"]``: per output row, the input line it came from (dropped lines have none);
    ``result["tracks"]``: (n, K, 2) released vertices in the same metric CRS;
    ``result["times"]``: None, or with ``tracks.times`` the (n, K) times
    interpolated at the resampled vertices (along the true line) and rounded
    to ``spec.time_grain`` (``coarsen_times``). The times are NOT protected
    by the mechanism: they are published coarsened, as kept endpoints are.
    Raises UnreachableTripError (SDD with ``spec.not_fitting`` REFUSE: a
    start-end distance over (K - 1) x MAX_STEP) and ValueError (a line with
    fewer than 2 vertices) before any draw. With SHORTEN or DROP (module doc),
    ``result["shortened"]`` marks the output rows that were shortened (their
    ends are not the input's) and ``facts["not_fitting_noisy"]`` is the noisy
    number of trips shortened or dropped (``facts["not_fitting"]``, the exact
    number, and ``facts["fitting_max_step"]`` are private). ``before_noise``:
    see core.releases.release.
    """
    mechanism = spec.mechanism()
    coarsen_times(np.empty(0), spec.time_grain)  # refuses a bad grain before any work
    if tracks.times is None:
        resampled, times = resample(tracks.coords, tracks.offsets, spec.k), None
    else:
        resampled = resample(np.column_stack((tracks.coords, tracks.times)), tracks.offsets, spec.k)
        resampled, times = resampled[..., :2], resampled[..., 2]
    too_long, source = np.zeros(len(resampled), dtype=bool), np.arange(len(resampled))
    facts, affected = {}, 0
    if spec.kind == SDD:
        gap = resampled[:, -1] - resampled[:, 0]
        straight = np.hypot(gap[:, 0], gap[:, 1])
        limit = (spec.k - 1) * spec.max_step
        too_long = straight > limit
        if too_long.any() and spec.not_fitting == REFUSE:
            raise UnreachableTripError(int(too_long.sum()), float(straight.max()), limit)
        if spec.not_fitting != REFUSE:
            affected = int(too_long.sum())
            facts["not_fitting"] = Private(affected)
            facts["fitting_max_step"] = Private(fitting_max_step(straight, spec.k))
        if spec.not_fitting == SHORTEN:
            resampled = shorten(resampled, straight, limit)
        elif spec.not_fitting == DROP:
            kept = ~too_long
            resampled, times, too_long = resampled[kept], None if times is None else times[kept], too_long[kept]
            source = source[kept]
    record_fields = spec.record_fields()
    before_noise(record_fields)
    noise = spec.count_noise()
    if noise is not None:
        facts["not_fitting_noisy"] = max(0, int(noise.apply([affected], rng)[0]))
    rows = random_order(len(resampled), rng)
    noisy = mechanism.perturb(resampled[rows], rng)
    facts.update({"trajectories": len(rows), "vertices_in": Private(len(tracks.coords)),
                  "vertices_out": int(noisy.size // 2)})
    if times is not None:
        times = coarsen_times(times[rows], spec.time_grain)
        facts["time_grain"] = spec.time_grain
    return Release({"rows": source[rows], "tracks": noisy, "times": times, "shortened": too_long[rows]}, mechanism,
                   record_fields, facts)


def fitting_max_step(straight: np.ndarray, k: int, step: float = 50.0) -> float:
    """The smallest multiple of ``step`` metres at which every start-end distance fits (K - 1) x MAX_STEP.

    Read from the data: private (only the data holder's log may show it).
    """
    longest = float(np.max(straight)) if len(straight) else 0.0
    return step * max(1, math.ceil(longest / (int(k) - 1) / step))


def shorten(resampled: np.ndarray, straight: np.ndarray, limit: float) -> np.ndarray:
    """Tracks whose ends are farther apart than ``limit`` scaled about the midpoint of their ends to fit it.

    A fixed per-trip map (public ``limit`` only; module doc): the shape is kept, the ends come
    ``limit`` apart (a hair less, so that rounding never puts them beyond it); other tracks unchanged.
    """
    out = np.array(resampled, dtype=float)
    over = straight > limit
    if over.any():
        middle = (out[over, 0] + out[over, -1]) / 2.0
        factor = (limit * (1.0 - 1e-9) / straight[over])[:, None, None]
        out[over] = middle[:, None] + (out[over] - middle[:, None]) * factor
    return out


# --- trip ends (dp_geoprivacy:tripends; not a release) ---------------------------------------


def trip_ends(coords: np.ndarray, offsets: np.ndarray):
    """(origins, destinations): the first and last vertex of every line (a preparation step, no noise).

    ``coords`` may also be (m,) values per vertex, e.g. times: then the first and last value of every line.
    """
    coords, offsets = np.asarray(coords, dtype=float), np.asarray(offsets, dtype=np.int64)
    return coords[offsets[:-1]], coords[offsets[1:] - 1]
