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

Only numpy and stdlib; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..mechanisms.location import PLANAR, LocationLaplace
from ..mechanisms.validation import require_positive_finite
from .publication import Private
from .release import Release, no_op, random_order
from .trajectory_sdd import SDD, SddMechanism

VERTEX_LAPLACE = "planar_laplace_per_vertex"
MECHANISMS = (SDD, VERTEX_LAPLACE)

CHUNK = 16384

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

    ``result["rows"]``: per output row, the input line it came from;
    ``result["tracks"]``: (n, K, 2) released vertices in the same metric CRS;
    ``result["times"]``: None, or with ``tracks.times`` the (n, K) times
    interpolated at the resampled vertices (along the true line) and rounded
    to ``spec.time_grain`` (``coarsen_times``). The times are NOT protected
    by the mechanism: they are published coarsened, as kept endpoints are.
    Raises UnreachableTripError (SDD: a start-end distance over (K - 1) x
    MAX_STEP) and ValueError (a line with fewer than 2 vertices) before any
    draw. ``before_noise``: see core.releases.release.
    """
    mechanism = spec.mechanism()
    coarsen_times(np.empty(0), spec.time_grain)  # refuses a bad grain before any work
    if tracks.times is None:
        resampled, times = resample(tracks.coords, tracks.offsets, spec.k), None
    else:
        resampled = resample(np.column_stack((tracks.coords, tracks.times)), tracks.offsets, spec.k)
        resampled, times = resampled[..., :2], resampled[..., 2]
    if spec.kind == SDD:
        gap = resampled[:, -1] - resampled[:, 0]
        straight = np.hypot(gap[:, 0], gap[:, 1])
        limit = (spec.k - 1) * spec.max_step
        too_long = straight > limit
        if too_long.any():
            raise UnreachableTripError(int(too_long.sum()), float(straight.max()), limit)
    before_noise(mechanism.record_fields())
    rows = random_order(len(resampled), rng)
    noisy = mechanism.perturb(resampled[rows], rng)
    facts = {"trajectories": len(rows), "vertices_in": Private(len(tracks.coords)),
             "vertices_out": int(noisy.size // 2)}
    if times is not None:
        times = coarsen_times(times[rows], spec.time_grain)
        facts["time_grain"] = spec.time_grain
    return Release({"rows": rows, "tracks": noisy, "times": times}, mechanism, mechanism.record_fields(), facts)


# --- trip ends (dp_geoprivacy:tripends; not a release) ---------------------------------------


def trip_ends(coords: np.ndarray, offsets: np.ndarray):
    """(origins, destinations): the first and last vertex of every line (a preparation step, no noise).

    ``coords`` may also be (m,) values per vertex, e.g. times: then the first and last value of every line.
    """
    coords, offsets = np.asarray(coords, dtype=float), np.asarray(offsets, dtype=np.int64)
    return coords[offsets[:-1]], coords[offsets[1:] - 1]
