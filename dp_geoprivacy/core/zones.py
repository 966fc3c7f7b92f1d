"""Assigning points to the zones of a public tessellation.

The tessellation (census blocks, traffic zones, hexagons) is public: which
zone a point falls in is computed exactly, and privacy comes from what is
then done with the counts (seed 002 §4.2: the tessellation is given as
public; every zone is a cell of the released histogram).

Rule for points on a shared boundary or inside overlapping zones: a point
belongs to the first zone, in zone order, that intersects it (contains it
or has it on its boundary). Zone order is the order of the zone layer,
which is public, so the rule leaks nothing. A point in no zone is OUTSIDE.
"""

import numpy as np
import shapely

OUTSIDE = -1


class Tessellation:
    """Polygons with ids, an STRtree over them, and vectorised point tests."""

    def __init__(self, polygons, ids):
        self.polygons = np.asarray(polygons, dtype=object)
        self.ids = np.asarray(ids, dtype=object)
        if len(self.polygons) != len(self.ids):
            raise ValueError("one id is needed per polygon")
        if len(set(self.ids.tolist())) != len(self.ids):
            raise ValueError("zone ids must be unique")
        shapely.prepare(self.polygons)
        self.tree = shapely.STRtree(self.polygons)

    def __len__(self):
        return len(self.polygons)

    def assign(self, xy: np.ndarray) -> np.ndarray:
        """Zone index of each (x, y) point, OUTSIDE (-1) where it is in no zone."""
        xy = np.asarray(xy, dtype=float)
        zone = np.full(len(xy), np.iinfo(np.int64).max, dtype=np.int64)
        finite = np.isfinite(xy).all(axis=1)
        points = shapely.points(xy[finite])
        point_index, zone_index = self.tree.query(points, predicate="intersects")
        np.minimum.at(zone, np.flatnonzero(finite)[point_index], zone_index)
        zone[zone == np.iinfo(np.int64).max] = OUTSIDE
        return zone

    def still_in(self, zone: np.ndarray, xy: np.ndarray) -> np.ndarray:
        """Whether each point still intersects the zone ``zone[i]`` it was assigned to.

        One vectorised test per point against its own (prepared) polygon;
        False for points with zone OUTSIDE.
        """
        inside = np.zeros(len(xy), dtype=bool)
        known = zone != OUTSIDE
        inside[known] = shapely.intersects_xy(self.polygons[zone[known]], xy[known, 0], xy[known, 1])
        return inside

    def overlapping_pairs(self, relative_tolerance: float = 1e-9) -> np.ndarray:
        """(k, 2) index pairs i < j of zones whose interiors overlap (shared edges do not count)."""
        left, right = self.tree.query(self.polygons, predicate="intersects")
        keep = left < right
        left, right = left[keep], right[keep]
        if not len(left):
            return np.empty((0, 2), dtype=np.int64)
        area = shapely.area(shapely.intersection(self.polygons[left], self.polygons[right]))
        smaller = np.minimum(shapely.area(self.polygons[left]), shapely.area(self.polygons[right]))
        overlapping = area > relative_tolerance * smaller
        return np.column_stack((left[overlapping], right[overlapping]))

    def areas(self) -> np.ndarray:
        return shapely.area(self.polygons)

    def representative_points(self) -> np.ndarray:
        """A point inside each zone (point on surface), for flow lines and labels."""
        return shapely.get_coordinates(shapely.point_on_surface(self.polygons))


def count_per_zone(zone: np.ndarray, n_zones: int, weights=None):
    """(counts per zone, count OUTSIDE) from an array of zone indices."""
    zone = np.asarray(zone)
    inside = zone != OUTSIDE
    counts = np.bincount(zone[inside], weights=None if weights is None else weights[inside], minlength=n_zones)
    outside = (~inside).sum() if weights is None else weights[~inside].sum()
    return counts, outside
