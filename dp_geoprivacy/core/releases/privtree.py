"""Adaptive zones: a quadtree over a public extent, split privately where there is data (PrivTree).

Sources: Zhang, Xiao and Xie, "PrivTree: A Differentially Private Algorithm for
Hierarchical Decompositions", SIGMOD 2016 (Algorithm 2 and Theorem 1: the
biased, noisy split rule whose privacy cost does not grow with the depth);
Qardaji, Yang and Li, "Differentially private grids for geospatial data", ICDE
2013 (the uniform grid of m x m cells, m = sqrt(N epsilon / 10), the baseline
the benchmark compares with); Hay et al. 2016, "Principled evaluation of
differentially private algorithms using DPBench", SIGMOD 2016 (range queries
on random rectangles as the error measure).

The release has two parts that compose sequentially (Dwork and Roth 2014,
Theorem 3.16): the tree (epsilon_tree = TREE_SHARE x epsilon) and the leaves'
counts (the rest).

The tree. The extent (declared: never read from the points) is the root; a
node is split into its four quadrants. For a node v at depth d with c(v) kept
points, PrivTree computes b(v) = max(c(v) - d delta, theta - delta) and splits
v when b(v) + Laplace(lambda) > theta, with fan-out beta = 4,
lambda = (2 beta - 1) / ((beta - 1) epsilon') and delta = lambda ln beta.
Theorem 1 of Zhang et al.: the whole tree (the set of split decisions, of any
depth) is epsilon'-DP when one point is added or removed, for any public
theta. A user with up to M points is M points: by group privacy (Dwork and Roth
2014, Theorem 2.2) the tree run with epsilon' = epsilon_tree / M is
epsilon_tree-DP for the user. MAX_DEPTH is a public cap on the splitting (a
node at the cap is a leaf without a decision): fewer decisions, no more cost.
theta is public: 0 by default; with a target relative margin r (e.g. 0.2 for
+-20% at 95%), theta = beta x (the leaves' 95% margin) / r, so that a node is
split only when its (biased, noisy) count suggests that its quarters would
still meet the target on average. The noisy b values are never published: only
the decisions (the tree) are.

The counts. The leaves are disjoint and cover the extent; each kept point
lies in one leaf, so a user with M points changes the leaf counts by at most M
in L1, and the counting noise of :mod:`.counting` (Laplace with Mironov's
snapping, scale M / epsilon_count, on every leaf, zeros included) is
epsilon_count-DP given the tree. Points outside the extent are one more noisy
count.

Everything here is numpy; no QGIS.
"""

import functools
import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..mechanisms.counting import LAPLACE, CountNoise, bound_contributions, composed_snapping_fields
from ..mechanisms.validation import require_positive_finite
from .publication import Private
from .release import Release, no_op, null_user_mask, user_codes

FANOUT = 4
# The deepest a tree may go (a public setting's upper limit): 4^16 cells of the extent at most.
MAX_DEPTH_LIMIT = 16


class AdaptiveGridError(ValueError):
    """Settings that cannot work (raised before any draw)."""


@dataclass(frozen=True)
class AdaptiveGridSpec:
    """Public settings: the extent (x0, y0, x1, y1), epsilon and its tree share, the depth cap, M, the target."""

    bounds: tuple
    epsilon: float
    tree_share: float = 0.5
    max_depth: int = 10
    max_contributions: int = 1
    user_level: bool = False
    target_relative_margin: Optional[float] = None

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        x0, y0, x1, y1 = (float(v) for v in self.bounds)
        if not all(math.isfinite(v) for v in (x0, y0, x1, y1)) or not (x1 > x0 and y1 > y0):
            raise AdaptiveGridError("the extent must have an area")
        if not 0.0 < float(self.tree_share) < 1.0:
            raise AdaptiveGridError("the tree's share of epsilon must be between 0 and 1")
        if not 1 <= int(self.max_depth) <= MAX_DEPTH_LIMIT:
            raise AdaptiveGridError(f"the depth cap must be from 1 to {MAX_DEPTH_LIMIT}")
        if int(self.max_contributions) < 1:
            raise AdaptiveGridError("M (points per user) must be at least 1")
        if self.target_relative_margin is not None and not 0.0 < float(self.target_relative_margin) < 10.0:
            raise AdaptiveGridError("the target relative margin must be above 0 (e.g. 0.2 for +-20%)")

    @property
    def tree_epsilon(self) -> float:
        return float(self.epsilon) * float(self.tree_share)

    @property
    def count_noise(self) -> CountNoise:
        return CountNoise(LAPLACE, float(self.epsilon) * (1.0 - float(self.tree_share)), float(self.max_contributions))

    @property
    def split_scale(self) -> float:
        """lambda = (2 beta - 1) / ((beta - 1) epsilon'), epsilon' = epsilon_tree / M (group privacy)."""
        per_point = self.tree_epsilon / int(self.max_contributions)
        return (2 * FANOUT - 1) / ((FANOUT - 1) * per_point)

    @property
    def decay(self) -> float:
        """delta = lambda ln beta: the bias per level of depth."""
        return self.split_scale * math.log(FANOUT)

    @property
    def threshold(self) -> float:
        """theta: 0, or beta x the leaves' 95% margin / target (module doc)."""
        if self.target_relative_margin is None:
            return 0.0
        return FANOUT * self.count_noise.released_margin_of_error() / float(self.target_relative_margin)

    def unit_of_privacy(self) -> str:
        if self.user_level:
            return f"user (at most {int(self.max_contributions)} points per user, sampled)"
        return "point (item-level)"

    def mechanism(self) -> "AdaptiveGridMechanism":
        return AdaptiveGridMechanism(self)


@dataclass(frozen=True)
class AdaptiveGridMechanism:
    """PrivTree's split rule and the leaves' counting noise, composed; its record fields are the release's."""

    spec: AdaptiveGridSpec

    def record_fields(self) -> dict:
        spec, noise = self.spec, self.spec.count_noise
        return {
            "mechanism": (f"PrivTree quadtree (Zhang, Xiao and Xie 2016): epsilon {spec.tree_epsilon:.6g} for the "
                          f"splits (Laplace scale {spec.split_scale:.6g}, bias {spec.decay:.6g} per level, "
                          f"threshold {spec.threshold:.6g}, depth at most {int(spec.max_depth)}), then laplace "
                          f"noise on every leaf{noise.snapping_label()}, epsilon {noise.epsilon:.6g}"),
            **composed_snapping_fields((("leaf counts", noise),)),
            "epsilon": float(spec.epsilon),
            "delta": 0.0,
            "unit_of_privacy": spec.unit_of_privacy(),
            "sensitivity": float(spec.max_contributions),
            "sensitivity_unit": "count, L1 over the leaves",
            "noise_scale": noise.scale,
            "noise_scale_unit": "count (Laplace scale b of the leaf counts)",
        }


@dataclass(frozen=True)
class AdaptiveGridData:
    """Point coordinates (n, 2) in the extent's CRS and, for user-level privacy, a user id per point."""

    xy: np.ndarray
    user: Optional[np.ndarray] = None


def _kept_points(data: AdaptiveGridData, spec: AdaptiveGridSpec, rng) -> np.ndarray:
    """Indices of the points the release counts (NULL users dropped, at most M per user, sampled)."""
    n = len(data.xy)
    if not spec.user_level:
        return np.arange(n)
    if data.user is None:
        raise AdaptiveGridError("user-level privacy needs a user id per point")
    rows = np.flatnonzero(~null_user_mask(data.user))
    return rows[bound_contributions(user_codes(np.asarray(data.user)[rows]), int(spec.max_contributions), rng)]


def grow_tree(x_unit: np.ndarray, y_unit: np.ndarray, spec: AdaptiveGridSpec, rng: np.random.Generator) -> tuple:
    """PrivTree over points in unit coordinates [0, 1)^2: (depth, ix, iy) of the leaves, in depth-first order.

    Nodes are (depth, ix, iy) with ix, iy < 2^depth. Every visited node below
    the depth cap gets one Laplace draw, zeros included.
    """
    depth_cap, scale, decay, theta = int(spec.max_depth), spec.split_scale, spec.decay, spec.threshold
    leaves = []
    active = np.zeros((1, 2), dtype=np.int64)  # the root
    for depth in range(depth_cap + 1):
        if not len(active):
            break
        if depth == depth_cap:
            leaves.append(np.column_stack((np.full(len(active), depth), active)))
            break
        side = 1 << depth
        cell = np.floor(x_unit * side).astype(np.int64) * side + np.floor(y_unit * side).astype(np.int64)
        keys = active[:, 0] * side + active[:, 1]
        order = np.argsort(keys)
        position = np.searchsorted(keys[order], cell)
        found = (position < len(keys)) & (keys[order][np.minimum(position, len(keys) - 1)] == cell)
        counts = np.bincount(order[position[found]], minlength=len(active)).astype(float)
        biased = np.maximum(counts - depth * decay, theta - decay)
        split = biased + rng.laplace(0.0, scale, len(active)) > theta
        leaves.append(np.column_stack((np.full(int((~split).sum()), depth), active[~split])))
        parents = active[split]
        active = np.concatenate([parents * 2 + np.array(offset) for offset in ((0, 0), (1, 0), (0, 1), (1, 1))])
    tree = np.concatenate(leaves) if leaves else np.zeros((0, 3), dtype=np.int64)
    # A public order: by the leaves' position along a Morton (Z-order) curve at the finest level.
    shift = depth_cap - tree[:, 0]
    order = np.lexsort((tree[:, 0], _morton(tree[:, 1] << shift, tree[:, 2] << shift)))
    return tree[order]


def _morton(ix: np.ndarray, iy: np.ndarray) -> np.ndarray:
    code = np.zeros(len(ix), dtype=np.uint64)
    for bit in range(MAX_DEPTH_LIMIT):
        code |= ((ix.astype(np.uint64) >> np.uint64(bit)) & np.uint64(1)) << np.uint64(2 * bit + 1)
        code |= ((iy.astype(np.uint64) >> np.uint64(bit)) & np.uint64(1)) << np.uint64(2 * bit)
    return code


def leaf_bounds(tree: np.ndarray, bounds: tuple) -> np.ndarray:
    """(n, 4) x0, y0, x1, y1 of each leaf (depth, ix, iy) of the extent ``bounds``."""
    x0, y0, x1, y1 = (float(v) for v in bounds)
    side = np.exp2(tree[:, 0].astype(float))
    width, height = (x1 - x0) / side, (y1 - y0) / side
    left, bottom = x0 + tree[:, 1] * width, y0 + tree[:, 2] * height
    return np.column_stack((left, bottom, left + width, bottom + height))


def leaf_of_points(x_unit, y_unit, tree: np.ndarray, depth_cap: int) -> np.ndarray:
    """Index of the leaf holding each point in unit coordinates (the leaves cover [0, 1)^2)."""
    shift = depth_cap - tree[:, 0]
    start = _morton(tree[:, 1] << shift, tree[:, 2] << shift)
    order = np.argsort(start, kind="stable")
    side = 1 << depth_cap
    code = _morton(np.floor(x_unit * side).astype(np.int64), np.floor(y_unit * side).astype(np.int64))
    return order[np.searchsorted(start[order], code, side="right") - 1]


def release_adaptive_grid(data: AdaptiveGridData, spec: AdaptiveGridSpec, rng: np.random.Generator,
                          before_noise: Callable = no_op) -> Release:
    """The leaves of a private quadtree and their noisy counts (module doc), in a public (Z-order) order.

    ``result``: ``bounds`` (n, 4), ``depth``, ``column`` and ``row`` (the cell's
    place among the 2^depth x 2^depth squares), ``noisy_count`` (snapped, not
    rounded), ``moe95`` (each cell's 95% margin), and ``outside`` (one noisy
    count of the kept points outside the extent). With a target, sibling cells
    that miss it are merged (:func:`merge_to_target`, post-processing).
    """
    xy = np.asarray(data.xy, dtype=float).reshape(-1, 2)
    mechanism = spec.mechanism()
    fields = mechanism.record_fields()
    before_noise(fields)
    kept = _kept_points(data, spec, rng)
    x0, y0, x1, y1 = (float(v) for v in spec.bounds)
    x_unit = (xy[kept, 0] - x0) / (x1 - x0)
    y_unit = (xy[kept, 1] - y0) / (y1 - y0)
    inside = (x_unit >= 0) & (x_unit < 1) & (y_unit >= 0) & (y_unit < 1)  # NaN (empty points) counts outside
    tree = grow_tree(x_unit[inside], y_unit[inside], spec, rng)
    leaf = leaf_of_points(x_unit[inside], y_unit[inside], tree, int(spec.max_depth))
    counts = np.bincount(leaf, minlength=len(tree)).astype(float)
    noise = spec.count_noise
    noisy = noise.apply(counts, rng)
    outside = noise.apply(np.array([float(np.count_nonzero(~inside))]), rng)
    sizes = np.ones(len(tree), dtype=np.int64)
    if spec.target_relative_margin is not None:
        tree, noisy, sizes = merge_to_target(tree, noisy, noise, float(spec.target_relative_margin))
    margins = np.array([sum_margin(noise, k) for k in sizes.tolist()])
    facts = {"private_points_kept": Private(int(len(kept))),
             "private_points_dropped": Private(int(len(xy) - len(kept)))}
    return Release(result={"bounds": leaf_bounds(tree, spec.bounds), "depth": tree[:, 0], "column": tree[:, 1],
                           "row": tree[:, 2], "noisy_count": noisy, "moe95": margins, "outside": outside},
                   mechanism=mechanism, record_fields=fields, facts=facts)


@functools.lru_cache(maxsize=256)
def _sum_tail_point(k: int, confidence: float) -> float:
    """t with P(|L_1 + ... + L_k| <= t) = confidence for iid standard Laplace L_i (b = 1).

    The sum is G1 - G2 with G1, G2 iid Gamma(k, 1); P(G1 - G2 > t) = integral of
    gamma.pdf(g) gamma.sf(g + t) dg, solved for the two-sided tail 1 - confidence.
    """
    from scipy import integrate, optimize, stats

    gamma = stats.gamma(k)
    low, high = gamma.ppf(1e-16), gamma.isf(1e-16)  # the mass outside is far below the precision needed

    def two_sided_tail(t):
        value, _ = integrate.quad(lambda g: gamma.pdf(g) * gamma.sf(g + t), low, high, limit=400,
                                  points=(float(k),))
        return 2.0 * value - (1.0 - confidence)

    return float(optimize.brentq(two_sided_tail, 0.0, high - low, xtol=1e-10))


def sum_margin(noise, k: int, confidence: float = 0.95) -> float:
    """95% margin of the sum of k released (snapped) Laplace counts: the noise's, plus k half-grains."""
    return noise.scale * _sum_tail_point(int(k), float(confidence)) + int(k) * noise.grain / 2.0


def merge_to_target(tree: np.ndarray, noisy: np.ndarray, noise, target: float) -> tuple:
    """Post-processing: four sibling cells that all miss the target are merged into their parent, repeatedly.

    A cell misses the target when its 95% margin exceeds ``target`` x its
    noisy count. Siblings of which one meets it stay apart (a readable cell is
    never merged away); the merged cell may meet it (four times the count, about
    twice the margin) or be merged again with its own siblings. The merged
    cell's count is the sum of the four noisy counts and its margin that of a
    sum of as many noisy counts (:func:`sum_margin`).
    Only published values and the public tree are used: no privacy cost.
    Returns (tree, noisy counts, number of original leaves in each cell), in the
    tree's public order.
    """
    cells = {tuple(node): (float(value), 1) for node, value in zip(tree.tolist(), np.asarray(noisy).tolist())}
    changed = True
    while changed:
        changed = False
        by_parent = {}
        for depth, ix, iy in cells:
            if depth > 0:
                by_parent.setdefault((depth - 1, ix // 2, iy // 2), []).append((depth, ix, iy))
        for parent, children in sorted(by_parent.items()):
            if len(children) != FANOUT:
                continue
            values = [cells[c] for c in children]
            if any(sum_margin(noise, k) <= target * value for value, k in values):
                continue
            for child in children:
                del cells[child]
            cells[parent] = (sum(v for v, _ in values), sum(k for _, k in values))
            changed = True
    merged = np.array(sorted(cells), dtype=np.int64).reshape(-1, 3)
    depth_cap = int(tree[:, 0].max()) if len(tree) else 0
    shift = depth_cap - merged[:, 0]
    order = np.lexsort((merged[:, 0], _morton(merged[:, 1] << shift, merged[:, 2] << shift)))
    merged = merged[order]
    values = np.array([cells[tuple(node)][0] for node in merged.tolist()])
    sizes = np.array([cells[tuple(node)][1] for node in merged.tolist()], dtype=np.int64)
    return merged, values, sizes


def uniform_grid_size(total: float, epsilon: float, c: float = 10.0) -> int:
    """Qardaji et al. 2013's uniform grid: m = sqrt(N epsilon / c) cells a side (at least 1)."""
    return max(1, int(math.ceil(math.sqrt(max(total, 0.0) * epsilon / c))))


def range_estimate(bounds: np.ndarray, counts: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Answers to rectangle queries (q, 4) from cell counts, each cell's count spread evenly over its area."""
    out = np.empty(len(queries))
    area = (bounds[:, 2] - bounds[:, 0]) * (bounds[:, 3] - bounds[:, 1])
    for i, (qx0, qy0, qx1, qy1) in enumerate(queries):
        w = np.clip(np.minimum(bounds[:, 2], qx1) - np.maximum(bounds[:, 0], qx0), 0, None)
        h = np.clip(np.minimum(bounds[:, 3], qy1) - np.maximum(bounds[:, 1], qy0), 0, None)
        out[i] = float(np.sum(counts * w * h / area))
    return out
