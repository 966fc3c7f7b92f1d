"""Audit attacks for the spatial-structure releases (consistent counts over levels, adaptive zones)."""

import numpy as np

from dp_geoprivacy.core.mechanisms.counting import LAPLACE
from dp_geoprivacy.core.releases.hierarchy import Hierarchy, HierarchyData, HierarchySpec, release_hierarchy_counts
from dp_geoprivacy.core.releases.privtree import AdaptiveGridData, AdaptiveGridSpec, release_adaptive_grid

from .auditing import Attack

EPSILON = 1.0
# City -> 3 districts -> 8 zones; the added unit goes to zone 7, whose district (2) is otherwise empty.
TREE = Hierarchy(parents=(np.zeros(3, dtype=np.int64), np.array([0, 0, 1, 1, 1, 2, 2, 2])), sizes=(1, 3, 8),
                 names=("city", "district", "zone"))
TARGET_LEAF = 7


def hierarchy_attack(unit: str, m: int = 1) -> Attack:
    """D: 40 points in zones 0 to 4 (8 users of 5 at user level); D': plus one unit with M points in zone 7.
    Statistic: zone 7's published count (after least squares and rounding)."""
    base_leaf = np.repeat(np.arange(5), 8)
    base_user = np.repeat(np.arange(8), 5)
    data = []
    for extra in (0, m):
        leaf = np.r_[base_leaf, np.full(extra, TARGET_LEAF)]
        user = np.r_[base_user, np.full(extra, 99)] if unit == "user" else None
        data.append(HierarchyData(leaf, user))
    spec = HierarchySpec(TREE, EPSILON, (0.2, 0.4, 0.4), m, unit == "user", LAPLACE, True)

    def statistic(neighbour, rng):
        return float(release_hierarchy_counts(data[neighbour], spec, rng).result["level_2"][TARGET_LEAF])

    return Attack("consistentcounts", unit + (f", M={m}" if m > 1 else ""), EPSILON, 0.0, statistic)


def adaptive_grid_attack(unit: str, m: int = 1) -> Attack:
    """D: 200 points in the lower-left quarter of the unit square (40 users of 5 at user level); D': plus one
    unit with M points at (0.9, 0.9). Statistic: the published count of the cell holding (0.9, 0.9), which
    depends on the private splitting and on the counts."""
    rng = np.random.default_rng(0)
    base = rng.uniform(0.0, 0.5, (200, 2))
    base_user = np.repeat(np.arange(40), 5)
    data = []
    for extra in (0, m):
        xy = np.vstack((base, np.full((extra, 2), 0.9)))
        user = np.r_[base_user, np.full(extra, 99)] if unit == "user" else None
        data.append(AdaptiveGridData(xy, user))
    spec = AdaptiveGridSpec((0.0, 0.0, 1.0, 1.0), EPSILON, 0.25, 8, m, unit == "user", None)

    def statistic(neighbour, rng):
        result = release_adaptive_grid(data[neighbour], spec, rng).result
        b = result["bounds"]
        hit = np.flatnonzero((b[:, 0] <= 0.9) & (0.9 < b[:, 2]) & (b[:, 1] <= 0.9) & (0.9 < b[:, 3]))
        return float(result["noisy_count"][hit[0]])

    return Attack("adaptivegrid", unit + (f", M={m}" if m > 1 else ""), EPSILON, 0.0, statistic)


def spatial_attacks():
    return [hierarchy_attack("point"), hierarchy_attack("user", m=3), adaptive_grid_attack("point"),
            adaptive_grid_attack("user", m=3)]
