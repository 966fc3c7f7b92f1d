"""The noise paths of an OD-flow release: every cell noised (dense, sparse) or the stability histogram.

The cells and their true counts are :mod:`.od_flows`' ``PairCounts``; this
module noises them, rounds, clamps and keeps what is published.

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
- ``stability``: THRESHOLD = 1 (the stability histogram, or Gaussian thresholding with the
  discrete Gaussian: core.mechanisms.gaussian_threshold).
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
from typing import TYPE_CHECKING

import numpy as np

from ..mechanisms.counting import CountNoise, clamp_and_round
from ..mechanisms.gaussian_threshold import THRESHOLDED

if TYPE_CHECKING:
    from .od_flows import PairCounts

DENSE, SPARSE, STABILITY = "dense", "sparse", "stability"
# Domains up to this many cells (1,024 zones) are noised cell by cell; larger
# ones take the sparse path when min_flow > 0.
DENSE_MAX_CELLS = 1 << 20
# Cells noised at once on the dense path (bounds its memory: about 100 MB).
CHUNK_CELLS = 1 << 22


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


def dense_noisy_chunks(pairs: "PairCounts", noise: CountNoise, rng: np.random.Generator, chunk: int = CHUNK_CELLS):
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


def _stability(pairs, histogram, min_flow, rng):
    passed, noisy = histogram.release(pairs.counts, rng)
    keep, published = publish(noisy, min_flow)
    keep &= passed
    return pairs.ranks[keep], published[keep]


def release_flows(pairs: "PairCounts", mechanism, min_flow: float, rng: np.random.Generator,
                  path: str = None, chunk: int = CHUNK_CELLS) -> FlowRelease:
    """Release the OD matrix of ``pairs`` and the outside count.

    ``mechanism`` is a CountNoise (THRESHOLD 0: every cell noised; dense or
    sparse path) or a thresholded mechanism (THRESHOLD 1: StabilityHistogram, or GaussianThreshold
    with the discrete Gaussian; the same path). ``path`` defaults to
    :func:`choose_path`; forcing "dense" or "sparse" is for tests. The
    outside cell always gets the mechanism's noise and is always reported
    (rounded and clamped).
    """
    stability = isinstance(mechanism, THRESHOLDED)
    if path is None:
        path = choose_path(pairs.domain.size, 1 if stability else 0, min_flow)
    if (path == STABILITY) != stability:
        raise ValueError("the stability path needs a thresholded mechanism, the others a CountNoise")
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
