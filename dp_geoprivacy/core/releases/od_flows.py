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

Discrete Gaussian (noise "discrete_gaussian", L2 sensitivity). Proof, OpenDP
style. Let x' be x with one user u added (removal is symmetric). Bounding
(:func:`bound_users`) keeps, for u, one trip per cell and then at most M of
u's distinct cells; every other user's kept trips are a uniform sample of
that user's own trips, with the same distribution in x and x'. Couple the
two runs so that the other users keep the same trips (the draws differ
only by where u's records sit in the stream). So the
histogram changes by a vector v with entries in {0, 1} on at most M cells:
||v||_2 <= sqrt(M) = ``histogram_l2_sensitivity(M, 1)``. Noise N_Z(0,
sigma^2) on every cell (dense or sparse path: the same distribution) with
sigma = sqrt(M) / sqrt(2 rho) is rho-zCDP (Canonne, Kamath and Steinke 2020
Theorem 14) and (epsilon, delta)-DP by their Corollary 13, with rho =
``zcdp_rho(epsilon, delta)``; the uncoupled mechanism is a mixture over the
coupling of mechanisms each within rho, and Renyi divergence is jointly
quasi-convex, so the bound holds for the mixture. Rounding, clamping and MIN_FLOW are
post-processing. The counts are then users per pair (a user's repeated trips
on one pair count once), as the help says. THRESHOLD with the Gaussian is
Gaussian thresholding (``gaussian_threshold.GaussianThreshold``: the same
bounding, noise on the pairs with trips and the outside cell only, a pair
published at or above tau; (epsilon, delta_g + delta_t)-DP, not zCDP; the
proof is in its module). The aggregate (Spark) path refuses the Gaussian:
it bounds users by trips, not by distinct pairs.

The noise, rounding and publication of the cells (dense, sparse and stability
paths) are in :mod:`.od_paths`.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import shapely

from ..geometry.zones import OUTSIDE
from ..mechanisms.counting import (
    LAPLACE,
    bound_contributions,
    bound_distinct_cells,
    skip_bounding_draws,
)
from ..mechanisms.gaussian import GaussianCountNoise
from ..mechanisms.gaussian_threshold import THRESHOLDED, GaussianThreshold
from .od_paths import release_flows
from .publication import Private
from .release import NoUsableRecordsError, Release, no_op, null_user_mask, ranks_from_order, user_codes
from .zone_counts import make_mechanism

# Up to this many cells, and at most BINCOUNT_CELLS_PER_TRIP per trip counted, pairs are counted with one bincount
# (an int64 per cell); otherwise by sorting the trips (np.unique: the same cells and counts). A report's few
# thousand trips after the user bound over 1,700^2 cells: 0.04 s for the bincount and its scan, 1 ms sorting.
BINCOUNT_MAX_CELLS = 1 << 24
BINCOUNT_CELLS_PER_TRIP = 32


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
    if domain.size <= min(BINCOUNT_MAX_CELLS, BINCOUNT_CELLS_PER_TRIP * len(ranks)):
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
        kept = bound_users(origin, dest, user_codes(user_keys), len(data.zone_order), mechanism, spec.max_trips, rng)
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


def bound_users(origin, dest, users, n_zones: int, mechanism, max_trips: int, rng: np.random.Generator) -> np.ndarray:
    """Indices of the trips kept when each user keeps at most ``max_trips`` (M) trips, sampled uniformly.

    Laplace (L1 sensitivity M): any M of the user's trips. The discrete
    Gaussian (L2 sensitivity, core.mechanisms.gaussian.histogram_l2_sensitivity):
    first one trip per (user, cell), then M of the user's distinct cells
    (counting.bound_distinct_cells). A cell is an ordered zone pair; every
    trip with an end in no zone is in the one outside cell. A user then adds
    at most 1 to each of at most M cells: ||change||_2 <= sqrt(M) (trips
    within one zone that INCLUDE_INTRAZONAL leaves out add to no cell, which
    only lowers it).
    """
    if not isinstance(mechanism, (GaussianCountNoise, GaussianThreshold)):
        return bound_contributions(users, max_trips, rng)
    origin, dest = np.asarray(origin, dtype=np.int64), np.asarray(dest, dtype=np.int64)
    cell = np.where((origin == OUTSIDE) | (dest == OUTSIDE), -1, origin * int(n_zones) + dest)
    return bound_distinct_cells(users, cell, max_trips, rng)


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
    if isinstance(mechanism, (GaussianCountNoise, GaussianThreshold)):
        raise ValueError("the discrete Gaussian needs users bounded to distinct zone pairs, which the aggregate "
                         "path does not do: use Laplace or discrete Laplace there")
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
    stability = isinstance(mechanism, THRESHOLDED)
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
