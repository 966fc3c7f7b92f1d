"""Noisy counts of points per zone (and time slot): the release behind dp_geoprivacy:noisyzonecounts.

Sources: Dumont et al. 2021 §6.1 (Laplace(1/epsilon) on every block count, publish the
10 largest), Kapp et al. 2023 §4.2-4.3 (user-level privacy, each user bounded to M
contributions by sampling, the tessellation is public and every tile gets
noise, points outside become one noisy count; four-hour time windows §3),
Asghar, Tyler and Kaafar 2017 Algorithm 1 and §3.3.1 (stability-based histogram; output order
independent of the data), the ITMS report (H3 hexagon-and-timeslot counts).

The histogram. Cells are (zone, slot) pairs, plus one OUTSIDE cell for the
contributions that fall in no zone. Each kept contribution adds 1 to
``cells_per_contribution`` zone cells (1 for a tessellation; the overlap
depth when overlapping zones count a point in each zone that contains it)
or 1 to the outside cell. The mechanisms and the sensitivity rule are those
of :mod:`.counting` (one place): ``histogram_sensitivity(M, c)`` for noise
on every cell, ``StabilityHistogram`` for the thresholded release (``GaussianThreshold``
with the discrete Gaussian: core.mechanisms.gaussian_threshold, users bounded to M
distinct cells as for the Gaussian on every cell).

Everything here is numpy; no QGIS.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import shapely

from ..geometry.zones import OUTSIDE, Tessellation
from ..mechanisms.counting import (
    DISCRETE_LAPLACE,
    LAPLACE,
    CountNoise,
    StabilityHistogram,
    bound_contributions,
    bound_distinct_cells,
    clamp_and_round,
    histogram_sensitivity,
    skip_bounding_draws,
    top_k,
)
from ..mechanisms.gaussian import DISCRETE_GAUSSIAN, GaussianCountNoise, histogram_l2_sensitivity
from ..mechanisms.gaussian_threshold import THRESHOLDED, GaussianThreshold
from .publication import Private
from .release import Release, no_op, null_user_mask, order_by_rank, user_codes
from .time_slots import NO_SLOT, slot_labels, time_slots

# --- overlapping zones -----------------------------------------------------------


@dataclass
class OverlayFaces:
    """The zones cut into faces that each lie in a fixed set of zones.

    ``faces`` is a Tessellation of the pieces of the zones' arrangement
    (faces in no zone are left out); ``face``/``zone`` pairs say which zones
    each face lies in; ``depth`` is the largest number of zones any face lies
    in: the most zones one point can fall in.
    """

    faces: Tessellation
    face: np.ndarray
    zone: np.ndarray
    depth: int

    def zone_counts(self, face_counts: np.ndarray, n_zones: int) -> np.ndarray:
        """Counts per zone (rows) from counts per face (rows; extra axes such as slots kept)."""
        face_counts = np.asarray(face_counts)
        out = np.zeros((n_zones,) + face_counts.shape[1:], dtype=face_counts.dtype)
        np.add.at(out, self.zone, face_counts[self.face])
        return out


def overlay_faces(tessellation: Tessellation) -> OverlayFaces:
    """Cut possibly overlapping zones into faces (polygonize the union of all boundaries).

    A point inside several zones is counted once in each: it is assigned to
    a face (first face in order on a shared edge) and the face's count goes
    to every zone the face lies in.
    """
    boundaries = shapely.union_all(shapely.boundary(tessellation.polygons))
    faces = np.asarray(shapely.get_parts(shapely.polygonize(shapely.get_parts(boundaries))), dtype=object)
    inner = shapely.point_on_surface(faces)
    face_index, zone_index = tessellation.tree.query(inner, predicate="intersects")
    kept = np.unique(face_index)
    renumber = np.full(len(faces), -1, dtype=np.int64)
    renumber[kept] = np.arange(len(kept))
    face_index = renumber[face_index]
    depth = int(np.bincount(face_index).max()) if len(face_index) else 1
    face_tessellation = Tessellation(faces[kept], np.arange(len(kept)))
    return OverlayFaces(face_tessellation, face_index, zone_index.astype(np.int64), max(depth, 1))


# --- the noisy histogram -------------------------------------------------------------


@dataclass
class NoisyHistogram:
    """A noisy zone x slot histogram and the mechanism that made it.

    ``noisy`` has shape (n_zones, n_slots) (NaN where not published),
    ``published`` the same shape. ``outside`` is the noisy count of
    contributions outside every zone (NaN when the stability threshold
    suppressed it). ``mechanism`` is the CountNoise or StabilityHistogram
    whose ``record_fields`` go into the privacy record.
    """

    noisy: np.ndarray
    published: np.ndarray
    outside: float
    margin_of_error: float
    mechanism: object
    sensitivity: float
    epsilon: float
    delta: float
    kept: int
    dropped_by_bound: int


def make_mechanism(*, epsilon, delta=0.0, noise=LAPLACE, threshold=False, max_contributions=1,
                   cells_per_contribution=1):
    """The count mechanism for these settings (CountNoise; when ``threshold``, StabilityHistogram, or
    GaussianThreshold with the discrete Gaussian: core.mechanisms.gaussian_threshold)."""
    if threshold:
        if noise == DISCRETE_GAUSSIAN:  # users bounded to M distinct cells, each in one cell: L0 M, Linf 1
            if int(cells_per_contribution) != 1:
                raise ValueError("Gaussian thresholding needs each contribution in one cell (no overlapping zones)")
            return GaussianThreshold(epsilon, delta, int(max_contributions))
        if noise != LAPLACE:
            raise ValueError("the stability histogram uses Laplace noise only")
        return StabilityHistogram(epsilon, delta, int(max_contributions), int(cells_per_contribution))
    if noise == DISCRETE_GAUSSIAN:  # L2 sensitivity: users bounded to M distinct cells (noisy_histogram)
        return GaussianCountNoise(epsilon, delta, histogram_l2_sensitivity(max_contributions, cells_per_contribution))
    if noise not in (LAPLACE, DISCRETE_LAPLACE):
        raise ValueError(f"unknown noise {noise!r}")
    return CountNoise(noise, epsilon, histogram_sensitivity(max_contributions, cells_per_contribution))


def noisy_histogram(
    cell: np.ndarray,
    n_zones: int,
    n_slots: int,
    mechanism,
    rng: np.random.Generator,
    *,
    slot: Optional[np.ndarray] = None,
    user_keys: Optional[np.ndarray] = None,
    max_contributions: int = 1,
    overlay: Optional[OverlayFaces] = None,
    k: int = 0,
    clamp: bool = True,
) -> NoisyHistogram:
    """Bound, count, noise, threshold, select the top k and clamp.

    ``cell`` holds, per record, its zone index (or face index when
    ``overlay`` is given) or OUTSIDE; ``slot`` its slot index (0..n_slots-1),
    None when there are no slots. Records must already be cleaned (no NULL
    users, no NULL slots). With ``user_keys`` each user keeps at most
    ``max_contributions`` records, sampled uniformly (Kapp et al. 2023 §4.3);
    without, every record is its own unit. The mechanism decides which
    cells exist: CountNoise noises every zone x slot cell and the outside
    cell, zero counts included; StabilityHistogram only non-zero ones above
    its threshold (Asghar, Tyler and Kaafar 2017 Algorithm 1). ``k`` > 0 keeps the k largest
    noisy published cells (post-processing, Dumont et al. 2021 §6.1); ``clamp`` rounds
    and sets negatives to zero (post-processing, Roy, Kantarcioglu and Sweeney 2016).
    """
    cell = np.asarray(cell, dtype=np.int64)
    slot = np.zeros(len(cell), dtype=np.int64) if slot is None else np.asarray(slot, dtype=np.int64)
    if len(slot) != len(cell):
        raise ValueError("one slot per record is needed")
    if np.any(slot < 0) or np.any(slot >= n_slots):
        raise ValueError("slots must be in 0..n_slots-1 (drop NULL times first)")
    total = len(cell)
    if user_keys is not None:
        if isinstance(mechanism, (GaussianCountNoise, GaussianThreshold)):  # one record per cell (outside: one)
            cell_key = np.where(cell == OUTSIDE, -1, cell * n_slots + slot)
            keep = bound_distinct_cells(user_keys, cell_key, max_contributions, rng)
        else:
            keep = bound_contributions(user_keys, max_contributions, rng)
        cell, slot = cell[keep], slot[keep]
    counts, outside_true = histogram_counts(cell, slot, n_zones, n_slots, overlay)
    return histogram_from_counts(counts, outside_true, mechanism, rng, k=k, clamp=clamp, kept=len(cell),
                                 dropped_by_bound=total - len(cell))


def histogram_counts(cell: np.ndarray, slot: np.ndarray, n_zones: int, n_slots: int,
                     overlay: Optional[OverlayFaces] = None):
    """(true counts per (zone, slot), true count outside every zone) of already bounded records.

    The exact, non-private step: ``cell`` holds zone (or face) indices or
    OUTSIDE, ``slot`` slot indices. The Spark path computes the same
    numbers with a groupBy (dp_geoprivacy.spark) and passes them to
    :func:`histogram_from_counts`.
    """
    cell = np.asarray(cell, dtype=np.int64)
    slot = np.asarray(slot, dtype=np.int64)
    inside = cell != OUTSIDE
    n_atoms = len(overlay.faces) if overlay is not None else n_zones
    flat = np.bincount(cell[inside] * n_slots + slot[inside], minlength=n_atoms * n_slots)
    counts = flat.reshape(n_atoms, n_slots)
    if overlay is not None:
        counts = overlay.zone_counts(counts, n_zones)
    return counts, float((~inside).sum())


def histogram_from_counts(counts: np.ndarray, outside_true: float, mechanism, rng: np.random.Generator, *,
                          k: int = 0, clamp: bool = True, kept: int = 0, dropped_by_bound: int = 0
                          ) -> NoisyHistogram:
    """Noise, threshold, top k and clamp a (zone, slot) histogram of bounded counts (see noisy_histogram).

    ``counts`` (n_zones, n_slots) and ``outside_true`` must come from
    records already bounded to the mechanism's M per user: the noise is
    calibrated to that bound, not checked against it.
    """
    counts = np.asarray(counts)
    n_zones, n_slots = counts.shape
    all_cells = np.append(counts.ravel().astype(float), float(outside_true))

    if isinstance(mechanism, THRESHOLDED):
        published_all, noisy_all = mechanism.release(all_cells, rng)
        moe = mechanism.noise().released_margin_of_error(0.95)
    else:
        noisy_all = mechanism.apply(all_cells, rng)
        published_all = np.ones(len(all_cells), dtype=bool)
        moe = mechanism.released_margin_of_error(0.95)
    published = published_all[:-1].reshape(n_zones, n_slots)
    noisy = noisy_all[:-1].reshape(n_zones, n_slots)
    outside = float(noisy_all[-1]) if published_all[-1] else float("nan")

    if k:
        candidates = np.flatnonzero(published.ravel())
        chosen = candidates[top_k(noisy.ravel()[candidates], int(k))]
        published = np.zeros(published.size, dtype=bool)
        published[chosen] = True
        published = published.reshape(n_zones, n_slots)
    if clamp:
        noisy = clamp_and_round(noisy)
        outside = float(clamp_and_round(np.array([outside]))[0]) if outside == outside else outside
    noisy = np.where(published, noisy, np.nan)
    record = mechanism.record_fields("")
    return NoisyHistogram(
        noisy=noisy,
        published=published,
        outside=outside,
        margin_of_error=float(moe),
        mechanism=mechanism,
        sensitivity=float(record["sensitivity"]),
        epsilon=float(record["epsilon"]),
        delta=float(record["delta"]),
        kept=int(kept),
        dropped_by_bound=int(dropped_by_bound),
    )


# --- the release (dp_geoprivacy:noisyzonecounts) ----------------------------------------------


@dataclass(frozen=True)
class ZoneCountData:
    """The input of a zone-count release, as arrays.

    ``cell``: per point, its zone index (face index with ``overlay``) or
    OUTSIDE. ``zone_rank``: each zone's rank in the public order of zone ids
    (the output order). ``user_keys``: per point, its raw user id (None:
    every point is its own unit). ``times``: per point, its raw time value
    (needed when the spec asks for time slots).
    """

    cell: np.ndarray
    n_zones: int
    zone_rank: np.ndarray
    user_keys: Optional[np.ndarray] = None
    times: Optional[np.ndarray] = None
    overlay: Optional[OverlayFaces] = None


@dataclass(frozen=True)
class ZoneCountSpec:
    """Settings of a zone-count release.

    ``unit_of_privacy`` is the text the record states (the glue words it,
    translated); ``slot_kind`` one of SLOT_KINDS or None for no time slots.
    See noisy_histogram for ``k`` and ``clamp``.
    """

    epsilon: float
    unit_of_privacy: str
    delta: float = 0.0
    noise: str = LAPLACE
    threshold: bool = False
    max_contributions: int = 1
    cells_per_contribution: int = 1
    slot_kind: Optional[str] = None
    k: int = 0
    clamp: bool = True

    def mechanism(self):
        return make_mechanism(epsilon=self.epsilon, delta=self.delta, noise=self.noise, threshold=self.threshold,
                              max_contributions=self.max_contributions,
                              cells_per_contribution=self.cells_per_contribution)

    @property
    def slot_labels(self) -> tuple:
        return slot_labels(self.slot_kind) if self.slot_kind else ("",)


def release_zone_counts(data: ZoneCountData, spec: ZoneCountSpec, rng: np.random.Generator,
                        before_noise: Callable[[dict], None] = no_op) -> Release:
    """Drop NULL users and NULL times, bound users, count, noise and order the published cells.

    ``result``: ``zone_index``, ``slot_index`` and ``noisy_count`` of each
    published (zone, slot) cell, ordered by zone id then slot (public order,
    Asghar, Tyler and Kaafar 2017 §3.3.1). ``facts``: ``null_users`` and ``null_times`` (points
    dropped), ``dropped_by_bound``, ``outside`` (noisy count outside every
    zone; NaN when thresholded away), ``margin_of_error`` (95%), ``threshold``
    (the stability threshold, or None). Raises TimeSlotError when the times
    cannot give the slots, before ``before_noise`` is called (see core.releases.release).
    """
    mechanism = spec.mechanism()
    cell = np.asarray(data.cell)
    keep = np.ones(len(cell), dtype=bool)
    facts = {"null_users": Private(0), "null_times": Private(0)}
    user_keys = data.user_keys
    if user_keys is not None:
        null_users = null_user_mask(user_keys)
        facts["null_users"] = Private(int(null_users.sum()))
        keep &= ~null_users
    slot = None
    if spec.slot_kind:
        slot = time_slots(data.times, spec.slot_kind)
        null_times = slot == NO_SLOT
        facts["null_times"] = Private(int(null_times.sum()))
        keep &= ~null_times
    if not keep.all():
        cell = cell[keep]
        slot = slot[keep] if slot is not None else None
        user_keys = np.ma.asarray(user_keys)[keep] if user_keys is not None else None
    before_noise(mechanism.record_fields(spec.unit_of_privacy))
    histogram = noisy_histogram(
        cell, data.n_zones, len(spec.slot_labels), mechanism, rng, slot=slot,
        user_keys=user_codes(user_keys) if user_keys is not None else None,
        max_contributions=spec.max_contributions, overlay=data.overlay, k=spec.k, clamp=spec.clamp)
    return _release_histogram(histogram, mechanism, data.zone_rank, spec, facts)


@dataclass(frozen=True)
class ZoneCountAggregate:
    """Pre-noise aggregate of a zone-count release, computed elsewhere (e.g. on Spark).

    ``counts`` (n_zones, n_slots): true counts per (zone, slot) of the
    records kept after NULL users and times were dropped and each user was
    bounded to ``spec.max_contributions`` records sampled uniformly;
    ``outside``: kept records in no zone. ``records``: records left after
    the NULL drops, before bounding; ``null_users``, ``null_times``,
    ``dropped_by_bound``: as in release_zone_counts' facts.
    """

    counts: np.ndarray
    outside: int
    zone_rank: np.ndarray
    records: int
    null_users: int = 0
    null_times: int = 0
    dropped_by_bound: int = 0
    bounded: bool = False


def release_zone_counts_from_aggregate(aggregate: ZoneCountAggregate, spec: ZoneCountSpec,
                                       rng: np.random.Generator,
                                       before_noise: Callable[[dict], None] = no_op) -> Release:
    """The noise part of release_zone_counts, from counts bounded and aggregated elsewhere.

    Same mechanism, noise, threshold, top k, clamping, output order, record
    fields and facts as release_zone_counts. With ``aggregate.bounded``
    (users were bounded), ``rng`` first skips the draws the single-machine
    bounding would take (skip_bounding_draws), so equal aggregates and an
    equal seed give equal published numbers on both paths.
    """
    mechanism = spec.mechanism()
    if isinstance(mechanism, (GaussianCountNoise, GaussianThreshold)):
        raise ValueError("the discrete Gaussian needs users bounded to distinct cells, which the aggregate "
                         "path does not do: use Laplace or discrete Laplace there")
    counts = np.asarray(aggregate.counts)
    if counts.shape != (len(aggregate.zone_rank), len(spec.slot_labels)):
        raise ValueError("counts must have one row per zone and one column per slot")
    before_noise(mechanism.record_fields(spec.unit_of_privacy))
    if aggregate.bounded:
        skip_bounding_draws(rng, aggregate.records)
    kept = int(aggregate.records) - int(aggregate.dropped_by_bound)
    histogram = histogram_from_counts(counts, aggregate.outside, mechanism, rng, k=spec.k, clamp=spec.clamp,
                                      kept=kept, dropped_by_bound=aggregate.dropped_by_bound)
    facts = {"null_users": Private(int(aggregate.null_users)), "null_times": Private(int(aggregate.null_times))}
    return _release_histogram(histogram, mechanism, aggregate.zone_rank, spec, facts)


def _release_histogram(histogram, mechanism, zone_rank, spec, facts) -> Release:
    """Published cells in public order (zone id, then slot), with the facts, as a Release."""
    zone_index, slot_index = np.nonzero(histogram.published)
    order = order_by_rank(zone_rank, zone_index, slot_index)
    zone_index, slot_index = zone_index[order], slot_index[order]
    facts = dict(facts)
    facts.update(dropped_by_bound=Private(histogram.dropped_by_bound), outside=histogram.outside,
                 margin_of_error=histogram.margin_of_error,
                 threshold=mechanism.threshold if isinstance(mechanism, THRESHOLDED) else None)
    result = {"zone_index": zone_index, "slot_index": slot_index,
              "noisy_count": histogram.noisy[zone_index, slot_index]}
    return Release(result, mechanism, mechanism.record_fields(spec.unit_of_privacy), facts)
