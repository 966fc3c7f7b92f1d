"""Consistent counts over a public hierarchy of zones (H3 resolutions, or zone -> district -> city).

Sources: Hay, Rastogi, Miklau and Suciu, "Boosting the accuracy of
differentially private histograms through consistency", PVLDB 2010 (noisy
counts at every level of a tree, then least squares so that children add up
to their parent); Cormode, Procopiuc, Srivastava, Shen and Yu,
"Differentially private spatial decompositions", ICDE 2012, §4 (the same
least-squares estimate when the levels get different shares of epsilon: one
pass up the tree and one down); Abowd et al., "The 2020 Census Disclosure
Avoidance System TopDown Algorithm", Harvard Data Science Review 2022 (levels
share one budget; non-negative integer counts that add up, by post-processing).

Privacy. The hierarchy (its levels and which node is whose parent) is public:
declared by the planner (H3 resolutions over a declared extent, or a parent-id
field of a public zone layer), never read from the points. Each kept
contribution adds 1 to exactly one node of every level (its leaf and the
leaf's ancestors). A user with at most M contributions changes each level's
histogram by at most M in L1, so level l with epsilon_l = share_l * epsilon
gets the counting noise of :mod:`.counting` with sensitivity M and
epsilon_l (every node, zeros included); the levels compose sequentially
(Dwork and Roth 2014, Theorem 3.16) to epsilon = sum of epsilon_l. Points in
no leaf are one more noisy cell at the finest level's cost (they add to no
other level's nodes, so the bound above still holds). Everything after the
noise (least squares, non-negative integer rounding) is post-processing of
the noisy values and the public tree (Dwork and Roth 2014, Proposition 2.1):
it costs nothing and reads no data.

The estimate. With noisy y_v of variance s_v at every node, the least-squares
x (minimising sum (x_v - y_v)^2 / s_v under x_parent = sum of its children)
is, by the two-pass algorithm: up the tree, z_v = y_v at a leaf, else the
inverse-variance mean of y_v and the sum of its children's z (variance V_v);
down the tree, x_root = z_root and each child gets
x_c = z_c + V_c / sum(V of its siblings and itself) * (x_parent - sum of those z).

Everything here is numpy; no QGIS.
"""

import math
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from ..mechanisms.counting import LAPLACE, CountNoise, bound_contributions, composed_snapping_fields
from ..mechanisms.validation import require_positive_finite
from .publication import Private
from .release import Release, no_op, null_user_mask, user_codes


class HierarchyError(ValueError):
    """The declared hierarchy or split cannot be used (raised before any draw)."""


@dataclass(frozen=True)
class Hierarchy:
    """A public tree in levels, coarse (level 0) to fine (the leaves, the last level).

    ``parents[l]`` gives, for each node of level l + 1, the index of its
    parent in level l. ``names`` labels the levels (e.g. "H3 resolution 7").
    """

    parents: tuple
    sizes: tuple
    names: tuple

    def __post_init__(self):
        if len(self.sizes) < 2:
            raise HierarchyError("a hierarchy needs at least two levels")
        if len(self.parents) != len(self.sizes) - 1 or len(self.names) != len(self.sizes):
            raise HierarchyError("one parent array per level below the top, and one name per level")
        for level, parent in enumerate(self.parents):
            parent = np.asarray(parent)
            if len(parent) != self.sizes[level + 1]:
                raise HierarchyError(f"level {level + 1} has {self.sizes[level + 1]} nodes but "
                                     f"{len(parent)} parent indices")
            if len(parent) and (parent.min() < 0 or parent.max() >= self.sizes[level]):
                raise HierarchyError(f"a parent index of level {level + 1} is outside level {level}")
            if np.bincount(parent, minlength=self.sizes[level]).min(initial=1) == 0:
                raise HierarchyError(f"a node of level {level} has no children at level {level + 1}")

    @property
    def levels(self) -> int:
        return len(self.sizes)

    def aggregate(self, leaf_counts: np.ndarray) -> list:
        """Counts at every level (coarse to fine) from counts of the leaves."""
        counts = [np.asarray(leaf_counts, dtype=float)]
        for level in range(self.levels - 2, -1, -1):
            counts.insert(0, np.bincount(self.parents[level], weights=counts[0], minlength=self.sizes[level]))
        return counts

    def ancestors(self, leaf: np.ndarray) -> list:
        """For leaf indices, their node index at every level (coarse to fine)."""
        nodes = [np.asarray(leaf, dtype=np.int64)]
        for level in range(self.levels - 2, -1, -1):
            nodes.insert(0, np.asarray(self.parents[level])[nodes[0]])
        return nodes


def h3_hierarchy(leaf_cells: np.ndarray, resolutions: Sequence[int]) -> tuple:
    """The hierarchy of H3 cells: (Hierarchy, cells of each level as sorted uint64 arrays).

    ``leaf_cells``: the public cells at the finest resolution (e.g. those
    covering a declared extent). Coarser levels are their parents at each of
    ``resolutions`` (strictly increasing, the last the leaves' resolution).
    """
    from h3.api import basic_int as h3int

    resolutions = [int(r) for r in resolutions]
    if len(resolutions) < 2 or any(b <= a for a, b in zip(resolutions, resolutions[1:])):
        raise HierarchyError("H3 resolutions must be at least two, strictly increasing (coarse to fine)")
    leaves = np.unique(np.asarray(leaf_cells, dtype=np.uint64))
    cells = [leaves]
    parents = []
    for resolution in reversed(resolutions[:-1]):
        parent_of = np.fromiter((h3int.cell_to_parent(int(c), resolution) for c in cells[0].tolist()),
                                dtype=np.uint64, count=len(cells[0]))
        level_cells, parent_index = np.unique(parent_of, return_inverse=True)
        parents.insert(0, parent_index.astype(np.int64).ravel())
        cells.insert(0, level_cells)
    names = tuple(f"H3 resolution {r}" for r in resolutions)
    return Hierarchy(tuple(parents), tuple(len(c) for c in cells), names), cells


def complete_tree(levels: int, fanout: int = 7) -> Hierarchy:
    """A complete tree of ``levels`` levels under one root, ``fanout`` children per node (H3: 7).

    For planning: a level's error after least squares depends on the tree's
    local shape (fan-out and depth), not on how wide it is, so a complete tree
    under one cell stands for any public H3 hierarchy of these resolutions
    (apart from cells at the edge of an extent, which have fewer children).
    """
    sizes = tuple(fanout ** level for level in range(int(levels)))
    parents = tuple(np.repeat(np.arange(sizes[level]), fanout) for level in range(int(levels) - 1))
    return Hierarchy(parents, sizes, tuple(f"level {level}" for level in range(int(levels))))


def parse_shares(text: str, levels: int) -> tuple:
    """A declared split of epsilon over the levels, e.g. "1,2,2" (normalised) or "" (the default)."""
    if not str(text or "").strip():
        return default_shares(levels)
    try:
        weights = [float(part) for part in str(text).replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise HierarchyError(f"the split must be numbers separated by commas, got {text!r}") from None
    if len(weights) != levels:
        raise HierarchyError(f"the split has {len(weights)} parts for {levels} levels")
    if any(not math.isfinite(w) or w < 0 for w in weights) or sum(weights) <= 0:
        raise HierarchyError("the split's parts must be non-negative numbers, not all zero")
    total = math.fsum(weights)
    return tuple(w / total for w in weights)


def default_shares(levels: int) -> tuple:
    """Equal shares (Hay et al. 2010): every level is measured with the same noise."""
    return tuple(1.0 / levels for _ in range(levels))


@dataclass(frozen=True)
class HierarchySpec:
    """Public settings: the tree, epsilon and its split over levels, M, the noise, the rounding."""

    hierarchy: Hierarchy
    epsilon: float
    shares: tuple
    max_contributions: int = 1
    user_level: bool = False
    noise: str = LAPLACE
    nonnegative_integers: bool = True

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        if len(self.shares) != self.hierarchy.levels:
            raise HierarchyError("one share of epsilon per level")
        if int(self.max_contributions) < 1:
            raise HierarchyError("M (contributions per user) must be at least 1")

    def level_noises(self) -> list:
        """The counting noise of each level (None where its share is 0: that level is not measured)."""
        return [CountNoise(self.noise, self.epsilon * share, float(self.max_contributions)) if share > 0 else None
                for share in self.shares]

    def unit_of_privacy(self) -> str:
        if self.user_level:
            return f"user (at most {int(self.max_contributions)} points per user, sampled)"
        return "point (item-level)"

    def mechanism(self) -> "HierarchyMechanism":
        return HierarchyMechanism(self)


@dataclass(frozen=True)
class HierarchyMechanism:
    """The levels' noises, composed sequentially; its record fields are the release's."""

    spec: HierarchySpec

    def record_fields(self) -> dict:
        spec = self.spec
        noises = spec.level_noises()
        measured = [(name, noise) for name, noise in zip(spec.hierarchy.names, noises) if noise is not None]
        split = "; ".join(f"{name}: epsilon {noise.epsilon:.6g}, scale {noise.scale:.6g}" for name, noise in measured)
        return {
            "mechanism": (f"{spec.noise} noise on every node of each level of a public hierarchy (Hay et al. 2010), "
                          f"levels composed sequentially, then least squares so that children add up to their "
                          f"parent" + (" and non-negative integer rounding that keeps the sums"
                                       if spec.nonnegative_integers else "") + f"; levels: {split}"),
            **composed_snapping_fields(measured),
            "epsilon": spec.epsilon,
            "delta": 0.0,
            "unit_of_privacy": spec.unit_of_privacy(),
            "sensitivity": float(spec.max_contributions),
            "sensitivity_unit": "count, L1 over the nodes of one level",
            "noise_scale": max(noise.scale for _, noise in measured),
            "noise_scale_unit": "count (largest level scale b)",
        }

    def level_record_fields(self, level: int) -> dict:
        """The record fields of one level published as its own layer.

        Its noise scale is its own level's (a level with share 0 is not
        measured: its counts are sums of its children's); the sensitivity
        (M per level) is the same at every level. Its epsilon (and the
        floating-point figures) are the whole release's, not the level's
        share: after the least squares a level's counts depend on every
        level's noisy counts, so the layer alone costs what the release
        costs, and every level's record names the same release (one ledger
        entry, counted once by release_id).
        """
        spec, whole = self.spec, self.record_fields()
        noise, name = spec.level_noises()[level], spec.hierarchy.names[level]
        share = spec.shares[level]
        own = (f"this level ({name}) measured with epsilon {noise.epsilon:.6g} ({share:.4g} of the release's "
               f"epsilon {spec.epsilon:.6g}), {spec.noise} scale {noise.scale:.6g}" if noise is not None else
               f"this level ({name}) not measured (share 0): its counts are sums of its children's")
        fields = dict(whole, mechanism=f"level {level} of {spec.hierarchy.levels} of one release: {own}; "
                                       f"{whole['mechanism']}")
        if noise is not None:
            fields.update(noise_scale=noise.scale, noise_scale_unit="count (scale b of this level's own noise)")
        else:
            fields["noise_scale_unit"] = "count (largest level scale b: this level has no noise of its own)"
        return fields


@dataclass(frozen=True)
class HierarchyData:
    """Per point: its leaf index (-1 outside every leaf) and, for user-level privacy, its user id."""

    leaf: np.ndarray
    user: Optional[np.ndarray] = None
    extra: dict = field(default_factory=dict)


def least_squares(hierarchy: Hierarchy, noisy: Sequence, variances: Sequence) -> list:
    """Consistent least-squares counts from noisy counts per level (module doc).

    A level with variance ``inf`` (not measured) is estimated from the others.
    """
    levels = hierarchy.levels
    z = [None] * levels
    v = [None] * levels
    z[-1] = np.asarray(noisy[-1], dtype=float).copy()
    v[-1] = np.full(hierarchy.sizes[-1], float(variances[-1]))
    if not math.isfinite(variances[-1]):
        raise HierarchyError("the finest level must get a share of epsilon")
    for level in range(levels - 2, -1, -1):
        parent = hierarchy.parents[level]
        child_sum = np.bincount(parent, weights=z[level + 1], minlength=hierarchy.sizes[level])
        child_var = np.bincount(parent, weights=v[level + 1], minlength=hierarchy.sizes[level])
        if math.isfinite(variances[level]):
            own = float(variances[level])
            z[level] = (np.asarray(noisy[level], dtype=float) / own + child_sum / child_var) / (1 / own + 1 / child_var)
            v[level] = 1.0 / (1.0 / own + 1.0 / child_var)
        else:
            z[level], v[level] = child_sum, child_var
    x = [None] * levels
    x[0] = z[0]
    for level in range(1, levels):
        parent = hierarchy.parents[level - 1]
        sum_z = np.bincount(parent, weights=z[level], minlength=hierarchy.sizes[level - 1])
        sum_v = np.bincount(parent, weights=v[level], minlength=hierarchy.sizes[level - 1])
        x[level] = z[level] + v[level] / sum_v[parent] * (x[level - 1] - sum_z)[parent]
    return x


def round_consistently(hierarchy: Hierarchy, estimates: Sequence) -> list:
    """Non-negative integers that still add up, from consistent real estimates (post-processing).

    Top level: each node rounded to the nearest integer >= 0. Down the tree,
    each parent's integer is shared among its children in proportion to their
    estimates clamped at zero (equally where all are zero), floored, and the
    remainder given one by one to the largest fractional parts (ties: the
    lower public index first).
    """
    out = [np.maximum(np.rint(np.asarray(estimates[0], dtype=float)), 0.0)]
    for level in range(1, hierarchy.levels):
        parent = np.asarray(hierarchy.parents[level - 1])
        weight = np.maximum(np.asarray(estimates[level], dtype=float), 0.0)
        total = np.bincount(parent, weights=weight, minlength=hierarchy.sizes[level - 1])
        siblings = np.bincount(parent, minlength=hierarchy.sizes[level - 1])
        share = np.where(total[parent] > 0, weight / np.where(total[parent] > 0, total[parent], 1.0),
                         1.0 / siblings[parent])
        exact = share * out[level - 1][parent]
        whole = np.floor(exact)
        left = out[level - 1] - np.bincount(parent, weights=whole, minlength=hierarchy.sizes[level - 1])
        order = np.lexsort((np.arange(len(exact)), -(exact - whole), parent))
        rank = np.empty(len(order), dtype=np.int64)
        first = np.searchsorted(parent[order], np.arange(hierarchy.sizes[level - 1]))
        rank[order] = np.arange(len(order)) - first[parent[order]]
        out.append(whole + (rank < np.rint(left)[parent]))
    return out


def released_variances(noises) -> list:
    """Variance of each level's released values around the truth: the noise's, plus the snapping's.

    Laplace values are rounded to multiples of the grain g (Mironov snapping,
    :mod:`.counting`); with g <= 2b that rounding error is close to uniform on
    [-g/2, g/2] (variance g^2/12) and independent of the count. A level
    without a share is not measured (variance inf).
    """
    return [math.inf if noise is None else noise.variance + (noise.grain ** 2 / 12.0 if noise.kind == LAPLACE else 0.0)
            for noise in noises]


def released_error(noise, size: int, rng: np.random.Generator) -> np.ndarray:
    """Draws of (released - true) for one level, snapping included, at counts of unknown offset to the grain."""
    if noise is None:
        return np.zeros(size)
    offset = rng.random(size) * noise.grain
    return noise.apply(offset, rng) - offset


def expected_errors(spec: HierarchySpec, rng: np.random.Generator, draws: int = 200,
                    confidence: float = 0.95) -> tuple:
    """(mean absolute error, margin at ``confidence``) of each level's counts, by simulating the noise alone.

    The estimate is linear in the noise, so its error does not depend on the
    counts (before the non-negative rounding, which the figures leave out):
    it needs only the public tree and settings, never the data.
    """
    noises = spec.level_noises()
    variances = released_variances(noises)
    errors = [[] for _ in range(spec.hierarchy.levels)]
    for _ in range(int(draws)):
        noisy = [released_error(noise, size, rng) for noise, size in zip(noises, spec.hierarchy.sizes)]
        for level, error in enumerate(least_squares(spec.hierarchy, noisy, variances)):
            errors[level].append(np.abs(error))
    errors = [np.concatenate(level) for level in errors]
    return ([float(np.mean(level)) for level in errors],
            [float(np.quantile(level, confidence)) for level in errors])


def release_hierarchy_counts(data: HierarchyData, spec: HierarchySpec, rng: np.random.Generator,
                             before_noise: Callable = no_op) -> Release:
    """Noisy counts at every level, consistent (children add up), in the hierarchy's public order.

    ``result``: ``level_<l>`` arrays of published counts per level (nodes in
    the hierarchy's order, which is public), and ``outside`` (one value, the
    noisy count of points in no leaf, at the finest level's cost).
    """
    hierarchy = spec.hierarchy
    leaf = np.asarray(data.leaf, dtype=np.int64)
    if len(leaf) and leaf.max(initial=-1) >= hierarchy.sizes[-1]:
        raise HierarchyError("a leaf index is outside the hierarchy")
    keep = np.ones(len(leaf), dtype=bool)
    if spec.user_level:
        if data.user is None:
            raise HierarchyError("user-level privacy needs a user id per point")
        keep = ~null_user_mask(data.user)
    mechanism = spec.mechanism()
    fields = mechanism.record_fields()
    before_noise(fields)
    if spec.user_level:
        kept_rows = np.flatnonzero(keep)
        sampled = bound_contributions(user_codes(np.asarray(data.user)[kept_rows]), int(spec.max_contributions), rng)
        keep = np.zeros(len(leaf), dtype=bool)
        keep[kept_rows[sampled]] = True
    inside = keep & (leaf >= 0)
    leaf_counts = np.bincount(leaf[inside], minlength=hierarchy.sizes[-1]).astype(float)
    outside_count = float(np.count_nonzero(keep & (leaf < 0)))
    noises = spec.level_noises()
    counts = hierarchy.aggregate(leaf_counts)
    noisy = [noise.apply(level_counts, rng) if noise else np.zeros_like(level_counts)
             for noise, level_counts in zip(noises, counts)]
    outside = noises[-1].apply(np.array([outside_count]), rng)
    estimates = least_squares(hierarchy, noisy, released_variances(noises))
    if spec.nonnegative_integers:
        estimates = round_consistently(hierarchy, estimates)
        outside = np.maximum(np.rint(outside), 0.0)
    result = {f"level_{level}": values for level, values in enumerate(estimates)}
    result["outside"] = outside
    facts = {"private_points_kept": Private(int(np.count_nonzero(keep))),
             "private_points_dropped": Private(int(len(leaf) - np.count_nonzero(keep)))}
    return Release(result=result, mechanism=mechanism, record_fields=fields, facts=facts)
