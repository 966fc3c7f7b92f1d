"""Origin-destination flow matrices with differential privacy (numpy only).

Sources
-------
- Dumont et al. 2021 §4.2: a trip is an ordered pair (i, j) of blocks; 2,500 blocks
  give 2,500² possible trips, so randomizing whole trips costs epsilon of
  about 16 (eq. 13). Counting trips per pair and noising the counts is the
  affordable release. §6.3.2: the joint from-to histogram ht_from-to(i, j).
- Kapp et al. 2023 §3.2 and §4.3: OD flows are counts of trips per (origin tile,
  destination tile) of a public tessellation; user-level privacy bounds
  each user to M trips (by sampling, §4.3) and gives the trip counts
  sensitivity M (§4.3.1); every cell of the public tessellation is noised
  and points outside it become one noisy count. Its evaluation (§5.2.3
  ODFlowError, §5.4) shows OD flows need far more budget than zone counts,
  hence the margin of error published with every flow.
- Asghar, Tyler and Kaafar 2017 Algorithm 1: the stability-based histogram
  (``counting.StabilityHistogram``): only pairs that occur are noised and
  published above a threshold; no pair is invented.
- Roy, Kantarcioglu and Sweeney 2016 §3: an OD contingency table with Laplace noise, negative counts
  set to zero.
- Cormode, Procopiuc, Srivastava and Tran, "Differentially private summaries
  for sparse data", ICDT 2012: the sparse path below.

Cells and sensitivity
---------------------
With n public zones the cells are the n² ordered pairs (n² - n when
intrazonal pairs are left out: a public choice), plus one "outside" cell
for trips with an origin or destination in no zone. A trip whose origin and
destination lie in the same zone adds 1 to that zone's diagonal cell, once.
Each (bounded) trip adds 1 to exactly one cell, so one user with at most M
trips changes the histogram by at most M in L1 norm:
``histogram_sensitivity(M, 1)``.

Post-processing order (the same on every path)
----------------------------------------------
1. noisy = the count mechanism's released value (``CountNoise.apply``: for
   Laplace, Mironov's snapping mechanism, see core.mechanisms.counting; every cell, or
   the stability rule);
2. round to the nearest integer (``clamp_and_round``: numpy's round);
3. clamp negatives to zero (Roy, Kantarcioglu and Sweeney 2016);
4. publication: keep the cells whose value after 3 is >= ``min_flow``
   (``min_flow`` <= 0 keeps every cell, zeros included).
On the stability path the stability threshold of Asghar, Tyler and Kaafar 2017 (step 6, on the
unrounded noisy count) decides first; steps 2-4 follow. Steps 2-4 only
transform released noisy counts and cost no privacy.

Paths (chosen from public facts only: n, THRESHOLD and MIN_FLOW)
----------------------------------------------------------------
- ``stability``: THRESHOLD = 1.
- ``dense``: noise every one of the cells, in chunks of CHUNK_CELLS (memory
  O(chunk + non-empty cells)), when the domain has at most DENSE_MAX_CELLS
  cells (1,024 zones) or when ``min_flow`` <= 0 (then every cell is
  published anyway).
- ``sparse``: otherwise (THRESHOLD = 0, ``min_flow`` > 0 rounded up to an
  integer K, more than DENSE_MAX_CELLS cells). The non-empty cells are noised directly. Of the
  E empty cells, each would be published by the dense path independently
  with probability p = P(round(released value of a zero count) >= K)
  (``CountNoise.release_tail``: for snapped Laplace, P(noise >= y0) with y0
  the lower edge of the first snapped value that rounds to K or more; for
  discrete noise P(noise >= K)). So the
  number published is Binomial(E, p), which ones is a uniform subset of
  that size (sampled without building the n² cells), and their values are
  the mechanism's output conditioned on that (``CountNoise.sample_release_tail``), then
  steps 2-4 as above. This is exactly the distribution of the dense path's
  output, at a cost proportional to the non-empty and published cells: on
  2,500 zones (6.25 million cells) it is never slower than the dense path
  and, when few empty cells reach K, several times faster.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import shapely

from ..geometry.zones import OUTSIDE
from ..mechanisms.counting import (
    LAPLACE,
    CountNoise,
    StabilityHistogram,
    bound_contributions,
    clamp_and_round,
    skip_bounding_draws,
)
from .publication import Private
from .release import NoUsableRecordsError, Release, no_op, null_user_mask, ranks_from_order, user_codes
from .zone_counts import make_mechanism

DENSE, SPARSE, STABILITY = "dense", "sparse", "stability"
# Domains up to this many cells (1,024 zones) are noised cell by cell; larger
# ones take the sparse path when min_flow > 0.
DENSE_MAX_CELLS = 1 << 20
# Up to this many cells, pairs are counted with one bincount (an int64 per cell).
BINCOUNT_MAX_CELLS = 1 << 24
# Cells noised at once on the dense path (bounds its memory: about 100 MB).
CHUNK_CELLS = 1 << 22


@dataclass(frozen=True)
class ODDomain:
    """The public cells of an OD matrix: ordered zone pairs, ranked row by row.

    The rank of (origin o, destination d) is o * n + d, or, without
    intrazonal pairs, o * (n - 1) + d - (d > o). Ranks follow (origin,
    destination) order, so sorting by rank sorts the rows of the matrix.
    """

    n_zones: int
    include_intrazonal: bool = True

    def __post_init__(self):
        if int(self.n_zones) < 0:
            raise ValueError("n_zones must be >= 0")

    @property
    def size(self) -> int:
        n = int(self.n_zones)
        return n * n if self.include_intrazonal else n * (n - 1) if n > 1 else 0

    def ranks(self, origin: np.ndarray, dest: np.ndarray) -> np.ndarray:
        """Ranks of the cells (origin[i], dest[i]); pairs must be in the domain."""
        origin = np.asarray(origin, dtype=np.int64)
        dest = np.asarray(dest, dtype=np.int64)
        if self.include_intrazonal:
            return origin * self.n_zones + dest
        return origin * (self.n_zones - 1) + dest - (dest > origin)

    def cells(self, ranks: np.ndarray):
        """(origin, dest) zone indices of cell ranks."""
        ranks = np.asarray(ranks, dtype=np.int64)
        if self.include_intrazonal:
            return ranks // self.n_zones, ranks % self.n_zones
        origin, j = np.divmod(ranks, self.n_zones - 1)
        return origin, j + (j >= origin)


@dataclass(frozen=True)
class PairCounts:
    """True trip counts of the non-empty cells of a domain (before any noise).

    ``ranks`` are sorted and unique; ``counts`` are > 0. ``outside`` counts
    trips with an end in no zone (they form the one outside cell);
    ``intrazonal_left_out`` counts trips in one zone when the domain has no
    intrazonal cells (those trips are in no cell).
    """

    domain: ODDomain
    ranks: np.ndarray
    counts: np.ndarray
    outside: int
    intrazonal_left_out: int

    def dense(self) -> np.ndarray:
        """All cell counts as an (n, n) matrix (tests and small domains only)."""
        n = self.domain.n_zones
        matrix = np.zeros((n, n), dtype=np.int64)
        origin, dest = self.domain.cells(self.ranks)
        matrix[origin, dest] = self.counts
        return matrix


def count_pairs(origin_zone, dest_zone, n_zones: int, include_intrazonal: bool = True) -> PairCounts:
    """Count trips per (origin zone, destination zone) cell.

    ``origin_zone`` and ``dest_zone`` are zone indices, OUTSIDE (-1) for an
    end in no zone. A trip with both ends in one zone is counted once, in
    that zone's diagonal cell (or, without intrazonal cells, in none).
    """
    origin = np.asarray(origin_zone, dtype=np.int64)
    dest = np.asarray(dest_zone, dtype=np.int64)
    if origin.shape != dest.shape:
        raise ValueError("one destination zone is needed per origin zone")
    domain = ODDomain(int(n_zones), bool(include_intrazonal))
    if len(origin) and (max(origin.max(), dest.max()) >= domain.n_zones or min(origin.min(), dest.min()) < OUTSIDE):
        raise ValueError("zone indices must be in [0, n_zones) or OUTSIDE")
    inside = (origin != OUTSIDE) & (dest != OUTSIDE)
    intrazonal = inside & (origin == dest)
    counted = inside if include_intrazonal else inside & ~intrazonal
    ranks = domain.ranks(origin[counted], dest[counted])
    if domain.size <= BINCOUNT_MAX_CELLS:
        per_cell = np.bincount(ranks, minlength=domain.size)
        cells = np.flatnonzero(per_cell)
        counts = per_cell[cells]
    else:
        cells, counts = np.unique(ranks, return_counts=True)
    return PairCounts(
        domain=domain,
        ranks=cells.astype(np.int64),
        counts=counts.astype(np.int64),
        outside=int((~inside).sum()),
        intrazonal_left_out=0 if include_intrazonal else int(intrazonal.sum()),
    )


def choose_path(domain_size: int, threshold: int, min_flow: float) -> str:
    """The release path for a domain size, THRESHOLD (0 or 1) and MIN_FLOW (see module doc)."""
    if int(threshold) == 1:
        return STABILITY
    if int(threshold) != 0:
        raise ValueError("threshold must be 0 (noise every cell) or 1 (stability histogram)")
    if domain_size <= DENSE_MAX_CELLS or min_flow <= 0:
        return DENSE
    return SPARSE


def publish(noisy: np.ndarray, min_flow: float):
    """(kept mask, published values): steps 2-4 of the module doc (round, clamp, keep >= min_flow)."""
    values = clamp_and_round(noisy)
    keep = values >= min_flow if min_flow > 0 else np.ones(len(values), dtype=bool)
    return keep, values


@dataclass(frozen=True)
class FlowRelease:
    """Published flows in (origin, destination) order, and the published outside count.

    ``noisy_count`` holds integer values (as floats) after rounding and
    clamping; ``published`` is how many of the ``cells`` cells are in it.
    """

    origin: np.ndarray
    dest: np.ndarray
    noisy_count: np.ndarray
    outside: float
    path: str
    cells: int

    @property
    def published(self) -> int:
        return len(self.noisy_count)


def dense_noisy_chunks(pairs: PairCounts, noise: CountNoise, rng: np.random.Generator, chunk: int = CHUNK_CELLS):
    """Yield (first rank, true count + noise) for consecutive chunks of every cell of the domain."""
    size = pairs.domain.size
    for start in range(0, size, chunk):
        stop = min(size, start + chunk)
        lo, hi = np.searchsorted(pairs.ranks, (start, stop))
        counts = np.zeros(stop - start)
        counts[pairs.ranks[lo:hi] - start] = pairs.counts[lo:hi]
        yield start, noise.apply(counts, rng)


def _dense(pairs, noise, min_flow, rng, chunk):
    ranks, values = [], []
    for start, noisy in dense_noisy_chunks(pairs, noise, rng, chunk):
        keep, published = publish(noisy, min_flow)
        kept = np.flatnonzero(keep)
        ranks.append(kept + start)
        values.append(published[kept])
    return _concatenate(ranks, np.int64), _concatenate(values, float)


def sample_distinct(population: int, k: int, rng: np.random.Generator, chunk: int = CHUNK_CELLS) -> np.ndarray:
    """A uniformly random k-subset of range(population), sorted, in O(k + chunk) memory.

    The population is cut into chunks; how many of the k fall in each chunk
    is multivariate hypergeometric, and each chunk's share is then drawn
    without replacement inside the chunk. Together that is a uniform
    k-subset of the whole range.
    """
    population, k = int(population), int(k)
    if not 0 <= k <= population:
        raise ValueError(f"cannot draw {k} distinct values from {population}")
    if k == 0:
        return np.empty(0, dtype=np.int64)
    if population <= chunk:
        return np.sort(rng.choice(population, size=k, replace=False)).astype(np.int64)
    n_chunks = -(-population // chunk)
    sizes = np.full(n_chunks, chunk, dtype=np.int64)
    sizes[-1] = population - chunk * (n_chunks - 1)
    shares = rng.multivariate_hypergeometric(sizes, k)
    parts = [
        start + np.sort(rng.choice(int(size), size=int(share), replace=False))
        for start, size, share in zip(np.arange(n_chunks, dtype=np.int64) * chunk, sizes, shares)
        if share
    ]
    return np.concatenate(parts).astype(np.int64)


def tail_threshold(min_flow: float) -> float:
    """t with P(round(noise) >= ceil(min_flow)) = P(noise >= t): ceil(min_flow) - 1/2."""
    if min_flow <= 0:
        raise ValueError("the sparse path needs min_flow > 0")
    return math.ceil(min_flow) - 0.5


def expected_noise_flows(noise, cells: int, min_flow: float) -> float:
    """Expected number of published flows among ``cells`` empty pairs with noise on every cell: each
    is published when its released value rounds to K = max(1, ceil(MIN_FLOW)) or more, with probability
    ``noise.release_tail(K)`` (the very tail the sparse path samples from, snapping included)."""
    return cells * noise.release_tail(max(1, math.ceil(min_flow)))


def least_min_flow(noise, cells: int, limit: float, start: int = 1):
    """The smallest whole MIN_FLOW >= ``start`` whose expected noise-only flows among ``cells`` empty
    pairs is at most ``limit`` (from public facts only), or None beyond 10^6."""
    k = max(1, int(start))
    while k < 10**6 and cells * noise.release_tail(k) > limit:
        k += 1
    return k if k < 10**6 else None


def _sparse(pairs, noise, min_flow, rng, chunk):
    # Non-empty cells: noised directly, exactly as on the dense path.
    keep, published = publish(noise.apply(pairs.counts, rng), min_flow)
    ranks, values = [pairs.ranks[keep]], [published[keep]]
    # Empty cells: how many, which, and their values (the tail of the same mechanism).
    least = math.ceil(min_flow)
    n_empty = pairs.domain.size - len(pairs.ranks)
    k = int(rng.binomial(n_empty, noise.release_tail(least))) if n_empty else 0
    empty_rank = sample_distinct(n_empty, k, rng, chunk)
    # The e-th empty cell's rank: e plus the number of non-empty cells with
    # at most e empty cells before them.
    empties_before = pairs.ranks - np.arange(len(pairs.ranks), dtype=np.int64)
    cell_rank = empty_rank + np.searchsorted(empties_before, empty_rank, side="right")
    keep, published = publish(noise.sample_release_tail(least, k, rng), min_flow)
    ranks.append(cell_rank[keep])
    values.append(published[keep])
    ranks, values = np.concatenate(ranks), np.concatenate(values)
    order = np.argsort(ranks, kind="stable")
    return ranks[order], values[order]


def _stability(pairs, histogram: StabilityHistogram, min_flow, rng):
    passed, noisy = histogram.release(pairs.counts, rng)
    keep, published = publish(noisy, min_flow)
    keep &= passed
    return pairs.ranks[keep], published[keep]


def release_flows(pairs: PairCounts, mechanism, min_flow: float, rng: np.random.Generator,
                  path: str = None, chunk: int = CHUNK_CELLS) -> FlowRelease:
    """Release the OD matrix of ``pairs`` and the outside count.

    ``mechanism`` is a CountNoise (THRESHOLD 0: every cell noised; dense or
    sparse path) or a StabilityHistogram (THRESHOLD 1). ``path`` defaults to
    :func:`choose_path`; forcing "dense" or "sparse" is for tests. The
    outside cell always gets the mechanism's noise and is always reported
    (rounded and clamped).
    """
    stability = isinstance(mechanism, StabilityHistogram)
    if path is None:
        path = choose_path(pairs.domain.size, 1 if stability else 0, min_flow)
    if (path == STABILITY) != stability:
        raise ValueError("the stability path needs a StabilityHistogram, the others a CountNoise")
    if path == DENSE:
        ranks, values = _dense(pairs, mechanism, min_flow, rng, chunk)
    elif path == SPARSE:
        ranks, values = _sparse(pairs, mechanism, min_flow, rng, chunk)
    elif path == STABILITY:
        ranks, values = _stability(pairs, mechanism, min_flow, rng)
    else:
        raise ValueError(f"unknown path {path!r}")
    outside_noise = mechanism.noise() if stability else mechanism
    outside = float(clamp_and_round(outside_noise.apply(np.array([float(pairs.outside)]), rng))[0])
    origin, dest = pairs.domain.cells(ranks)
    return FlowRelease(origin, dest, values, outside, path, pairs.domain.size)


def _concatenate(parts, dtype):
    return np.concatenate(parts).astype(dtype) if parts else np.empty(0, dtype=dtype)


# --- the release (dp_geoprivacy:noisyodflows) -------------------------------------------------


@dataclass(frozen=True)
class ODFlowData:
    """The input of an OD-flow release, as arrays.

    ``origin_zone``/``dest_zone``: per trip, the zone index of each end, or
    OUTSIDE. ``zone_order``: the zone indices in the public order of their
    ids (the output order). ``user_keys``: per trip, its raw user id (None:
    every trip is its own unit).
    """

    origin_zone: np.ndarray
    dest_zone: np.ndarray
    zone_order: np.ndarray
    user_keys: Optional[np.ndarray] = None


@dataclass(frozen=True)
class ODFlowSpec:
    """Settings of an OD-flow release (``unit_of_privacy`` is the record's text, worded by the glue)."""

    epsilon: float
    unit_of_privacy: str
    delta: float = 0.0
    noise: str = LAPLACE
    threshold: bool = False
    max_trips: int = 1
    min_flow: float = 0.0
    include_intrazonal: bool = True

    def mechanism(self):
        return make_mechanism(epsilon=self.epsilon, delta=self.delta, noise=self.noise, threshold=self.threshold,
                              max_contributions=self.max_trips)


def release_od_flows(data: ODFlowData, spec: ODFlowSpec, rng: np.random.Generator,
                     before_noise: Callable[[dict], None] = no_op) -> Release:
    """Drop NULL users, bound users, count pairs and release them (see release_flows).

    ``result``: ``origin_index``, ``dest_index`` (zone indices) and
    ``noisy_count`` of the published flows, ordered by (origin id,
    destination id): independent of the data. ``facts``: ``null_users``,
    ``trips`` (after dropping them), ``ends_outside`` (of those, trips with an
    end in no zone), ``dropped_by_bound``, ``intrazonal_left_out``, ``path``,
    ``published``, ``cells``, ``outside`` (the noisy outside count),
    ``margin_of_error`` (95%) and ``threshold`` (or None). Raises
    NoUsableRecordsError, before ``before_noise``, when every user id is NULL.
    """
    mechanism = spec.mechanism()
    origin, dest = np.asarray(data.origin_zone), np.asarray(data.dest_zone)
    user_keys = data.user_keys
    facts = {"null_users": Private(0), "dropped_by_bound": Private(0)}
    if user_keys is not None:
        null_users = null_user_mask(user_keys)
        facts["null_users"] = Private(int(null_users.sum()))
        if null_users.any():
            keep = ~null_users
            origin, dest, user_keys = origin[keep], dest[keep], np.ma.asarray(user_keys)[keep]
        if not len(origin):
            raise NoUsableRecordsError("every trip has a NULL user id")
    facts.update(trips=Private(len(origin)), ends_outside=Private(int(((origin == OUTSIDE) | (dest == OUTSIDE)).sum())))
    before_noise(mechanism.record_fields(spec.unit_of_privacy))
    if user_keys is not None:
        kept = bound_contributions(user_codes(user_keys), spec.max_trips, rng)
        facts["dropped_by_bound"] = Private(len(origin) - len(kept))
        origin, dest = origin[kept], dest[kept]
    # Work in id order: zone ranks sorted by id, so the release comes out
    # ordered by (origin id, destination id), independent of the data.
    zone_order = np.asarray(data.zone_order, dtype=np.int64)
    rank = ranks_from_order(zone_order)
    origin_rank = np.where(origin == OUTSIDE, OUTSIDE, rank[np.maximum(origin, 0)])
    dest_rank = np.where(dest == OUTSIDE, OUTSIDE, rank[np.maximum(dest, 0)])
    del origin, dest
    pairs = count_pairs(origin_rank, dest_rank, len(zone_order), spec.include_intrazonal)
    del origin_rank, dest_rank
    return _release_pairs(pairs, zone_order, mechanism, spec, rng, facts)


def pair_counts_from_groups(origin_rank, dest_rank, trips, n_zones: int, include_intrazonal: bool = True
                            ) -> PairCounts:
    """count_pairs for grouped trips: ``trips[i]`` trips from ``origin_rank[i]`` to ``dest_rank[i]``.

    Ranks are zone ranks in id order, or OUTSIDE; rows may repeat (they are
    added up). Equal to count_pairs on the trips written out one by one.
    """
    origin = np.asarray(origin_rank, dtype=np.int64)
    dest = np.asarray(dest_rank, dtype=np.int64)
    trips = np.asarray(trips, dtype=np.int64)
    domain = ODDomain(int(n_zones), bool(include_intrazonal))
    if len(origin) and (max(origin.max(), dest.max()) >= domain.n_zones or min(origin.min(), dest.min()) < OUTSIDE):
        raise ValueError("zone indices must be in [0, n_zones) or OUTSIDE")
    inside = (origin != OUTSIDE) & (dest != OUTSIDE)
    intrazonal = inside & (origin == dest)
    counted = (inside if include_intrazonal else inside & ~intrazonal) & (trips > 0)
    cells, where = np.unique(domain.ranks(origin[counted], dest[counted]), return_inverse=True)
    counts = np.bincount(where.ravel(), weights=trips[counted], minlength=len(cells)).astype(np.int64)
    return PairCounts(domain=domain, ranks=cells.astype(np.int64), counts=counts,
                      outside=int(trips[~inside].sum()),
                      intrazonal_left_out=0 if include_intrazonal else int(trips[intrazonal].sum()))


def release_od_flows_from_pairs(pairs: PairCounts, zone_order, spec: ODFlowSpec, rng: np.random.Generator, *,
                                records: int, null_users: int = 0, ends_outside: int = 0, dropped_by_bound: int = 0,
                                bounded: bool = False,
                                before_noise: Callable[[dict], None] = no_op) -> Release:
    """The noise part of release_od_flows, from pair counts bounded and aggregated elsewhere (e.g. Spark).

    ``pairs``: counts in zone-rank (id) order of the trips kept after NULL
    users were dropped and each user bounded to ``spec.max_trips`` trips
    sampled uniformly; ``records``: trips left after the NULL drop, before
    bounding. With ``bounded``, ``rng`` first skips the single-machine
    bounding's draws (counting.skip_bounding_draws), so equal pairs and an
    equal seed publish equal flows on both paths. Result, record fields and
    facts as release_od_flows.
    """
    mechanism = spec.mechanism()
    if records == 0 and null_users:
        raise NoUsableRecordsError("every trip has a NULL user id")
    facts = {"null_users": Private(int(null_users)), "dropped_by_bound": Private(int(dropped_by_bound)),
             "trips": Private(int(records)), "ends_outside": Private(int(ends_outside))}
    before_noise(mechanism.record_fields(spec.unit_of_privacy))
    if bounded:
        skip_bounding_draws(rng, records)
    return _release_pairs(pairs, np.asarray(zone_order, dtype=np.int64), mechanism, spec, rng, facts)


def _release_pairs(pairs, zone_order, mechanism, spec, rng, facts) -> Release:
    flows = release_flows(pairs, mechanism, spec.min_flow, rng)
    stability = isinstance(mechanism, StabilityHistogram)
    noise = mechanism.noise() if stability else mechanism
    facts = dict(facts)
    facts.update(intrazonal_left_out=Private(pairs.intrazonal_left_out), path=flows.path, published=flows.published,
                 cells=flows.cells, outside=flows.outside, margin_of_error=noise.released_margin_of_error(0.95),
                 threshold=mechanism.threshold if stability else None)
    result = {"origin_index": zone_order[flows.origin], "dest_index": zone_order[flows.dest],
              "noisy_count": flows.noisy_count}
    return Release(result, mechanism, mechanism.record_fields(spec.unit_of_privacy), facts)


def flow_coordinates(points: np.ndarray, loop_size: np.ndarray, origin: np.ndarray, dest: np.ndarray) -> dict:
    """The vertices of the flow lines (see flow_geometries), grouped by vertex count.

    Returns {vertex count: (rows, coordinates (len(rows), count, 2))}: 2 for
    lines between zones, 5 for intrazonal diamonds; rows index the flows.
    """
    points = np.asarray(points, dtype=float)
    origin = np.asarray(origin, dtype=np.int64)
    dest = np.asarray(dest, dtype=np.int64)
    groups = {}
    between = origin != dest
    rows = np.flatnonzero(between)
    if len(rows):
        ends = np.empty((len(rows), 2, 2))
        ends[:, 0], ends[:, 1] = points[origin[rows]], points[dest[rows]]
        groups[2] = (rows, ends)
    rows = np.flatnonzero(~between)
    if len(rows):
        zone = origin[rows]
        r = np.asarray(loop_size, dtype=float)[zone][:, None]
        p = points[zone]
        groups[5] = (rows, np.stack((p, p + r * [0.5, 1.0], p + r * [0.0, 2.0], p + r * [-0.5, 1.0], p), axis=1))
    return groups


def flow_geometries(points: np.ndarray, loop_size: np.ndarray, origin: np.ndarray, dest: np.ndarray) -> np.ndarray:
    """Flow lines from ``points[origin]`` to ``points[dest]`` (shapely LineStrings, one per flow).

    ``points`` (n, 2) are the zones' representative points (point on
    surface). An intrazonal flow (origin = destination) is drawn as a small
    closed diamond starting and ending at the zone's point, ``loop_size[z]``
    wide and twice as tall (above the point): visible on a map, and its
    first and last vertex are still the zone's point, so the layer reads
    back as trips between the same zones. The vertices come from
    flow_coordinates (the writer encodes those directly, without shapely).
    """
    lines = np.empty(len(origin), dtype=object)
    for rows, coordinates in flow_coordinates(points, loop_size, origin, dest).values():
        lines[rows] = shapely.linestrings(coordinates)
    return lines
