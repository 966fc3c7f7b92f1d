"""Assigning points to the zones of a public tessellation.

The tessellation (census blocks, traffic zones, hexagons) is public: which
zone a point falls in is computed exactly, and privacy comes from what is
then done with the counts (Kapp et al. 2023 §4.2: the tessellation is given as
public; every zone is a cell of the released histogram).

Rule for points on a shared boundary or inside overlapping zones: a point
belongs to the first zone, in zone order, that intersects it (contains it
or has it on its boundary). Zone order is the order of the zone layer,
which is public, so the rule leaks nothing. A point in no zone is OUTSIDE.
"""

import math

import numpy as np
import shapely

OUTSIDE = -1
# Tessellation.assign locates this many points or more with the raster ZoneLocator
# (built once per tessellation), fewer with the STRtree.
LOCATOR_MIN_POINTS = 20_000
LOCATOR_CHUNK = 1 << 16

_EMPTY = -1  # ZoneLocator cell codes: no zone intersects the cell ...
_MIXED = -2  # ... or several do, or one that does not cover it.
_OFFSET_X = 0.3819660112501051  # irrational fractions of a cell: the raster does not
_OFFSET_Y = 0.2360679774997897  # line up with regular tessellations' edges


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
        self._locator = None

    def __len__(self):
        return len(self.polygons)

    def assign(self, xy: np.ndarray, transform=None) -> np.ndarray:
        """Zone index of each (x, y) point, OUTSIDE (-1) where it is in no zone; ``transform`` (an (n, 2) -> (n, 2)
        function, point by point) first takes the points into the zones' CRS.

        Many points are located with the raster ZoneLocator (same answers,
        built once and kept), LOCATOR_CHUNK at a time (reprojected chunk by chunk too: the temporary arrays stay
        small and are reused, where whole-column ones cost page faults in a fresh process); few with the STRtree.
        """
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        if len(xy) < LOCATOR_MIN_POINTS:
            return self.assign_with_tree(xy if transform is None else transform(xy))
        locator = self.locator()
        zone = np.empty(len(xy), dtype=np.int64)
        for begin in range(0, len(xy), LOCATOR_CHUNK):
            part = xy[begin:begin + LOCATOR_CHUNK]
            zone[begin:begin + len(part)] = locator.locate(part if transform is None else transform(part))
        return zone

    def locator(self) -> "ZoneLocator":
        """The raster index of these zones (built on first use)."""
        if self._locator is None:
            self._locator = ZoneLocator(self)
        return self._locator

    def assign_with_tree(self, xy: np.ndarray) -> np.ndarray:
        """``assign`` by an STRtree query: the reference the ZoneLocator is tested against."""
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
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
        area = np.zeros(len(left))
        wide = _boxes_overlap(self.polygons, left, right)  # else the intersection has no area: edges, corners
        area[wide] = shapely.area(shapely.intersection(self.polygons[left[wide]], self.polygons[right[wide]]))
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


class ZoneLocator:
    """The zone of many points at once, by exactly the rule of ``Tessellation.assign``.

    A regular raster is laid over the zones' extent, with a ring of cells
    beyond it (about ``cells_per_zone`` cells per zone, at most about
    ``max_cells``; above ``cache_cells`` cells, only while that leaves fewer
    than 64 cells per zone: a raster of a few MB stays in the processor's
    cache, and a larger one cost more to build and to look up than the extra
    polygon tests it saves, e.g. 1,700 zones and 640,000 points: 0.19 s at
    1,024 cells per zone, 0.12 s at 2^19 cells). Each cell, enlarged by a margin far above floating-point
    rounding, keeps the zones that intersect it, in layer order. A point in a
    cell that one zone covers and no other touches gets that zone without a
    polygon test; a point in a cell with several candidates is tested against
    them in layer order (``intersects_xy``) and the first hit wins; a point
    in a cell with no candidate is OUTSIDE. Points beyond the raster, and
    non-finite coordinates, fall into the outer ring, whose cells no zone
    covers: they are OUTSIDE, or tested and found in no zone.
    """

    def __init__(self, tessellation: Tessellation, cells_per_zone: int = 1024, max_cells: int = 1 << 21,
                 cache_cells: int = 1 << 19):
        self.polygons = tessellation.polygons
        self.shadowed = _shadowed_zones(tessellation)
        bounds = shapely.bounds(self.polygons)
        bounds = bounds[np.isfinite(bounds).all(axis=1)]
        if not len(bounds):
            raise ValueError("the tessellation has no zone with a finite extent")
        xmin, ymin = bounds[:, 0].min(), bounds[:, 1].min()
        xmax, ymax = bounds[:, 2].max(), bounds[:, 3].max()
        span = max(xmax - xmin, ymax - ymin, 1e-9)
        n = len(self.polygons)
        target = int(np.clip(min(cells_per_zone * n, max(cache_cells, 64 * n)), 64, max_cells))
        area = max(xmax - xmin, span * 1e-6) * max(ymax - ymin, span * 1e-6)
        width = math.sqrt(area / target)
        while True:
            self.x0 = xmin - (1 + _OFFSET_X) * width
            self.y0 = ymin - (1 + _OFFSET_Y) * width
            self.nx = int(math.floor((xmax - self.x0) / width)) + 2
            self.ny = int(math.floor((ymax - self.y0) / width)) + 2
            if self.nx * self.ny <= 2 * max_cells:
                break
            width *= 1.5
        self.width = width
        self.inverse_width = 1.0 / width
        self._build(margin=width * 1e-7)

    def _build(self, margin):
        """Cell codes and candidate lists, from zone boundaries and bounding boxes only.

        1. Cells whose (enlarged) box meets a zone boundary are *marked*:
           boundaries are sampled every quarter cell, and every cell within
           half a sample step (plus the margin) of a sample is marked.
        2. A run of unmarked cells along a row meets no boundary, so each of
           its cells lies inside exactly the zones that contain the run's
           first cell centre: one zone makes them pure, none empty, several
           (overlaps) mixed with those zones as candidates.
        3. A marked cell is mixed; its candidates are the zones whose
           bounding box meets it, in layer order (a superset of the zones
           meeting it: the exact test sorts them out).
        """
        n_cells = self.nx * self.ny
        marked = np.zeros(n_cells, dtype=bool)
        step = self.width / 4.0
        reach = step / 2.0 + margin
        for qx, qy in _boundary_samples(self.polygons, step):
            for dx in (-reach, reach):
                for dy in (-reach, reach):
                    marked[self._cell_of(qy + dy, self.y0, self.ny) * self.nx
                           + self._cell_of(qx + dx, self.x0, self.nx)] = True

        free = ~marked.reshape(self.ny, self.nx)
        run_start = free.copy()
        run_start[:, 1:] &= ~free[:, :-1]
        run_end = free.copy()
        run_end[:, :-1] &= ~free[:, 1:]
        first = np.flatnonzero(run_start)
        lengths = np.flatnonzero(run_end) - first + 1
        del run_start, run_end
        centres = shapely.points(self.x0 + (first % self.nx + 0.5) * self.width,
                                 self.y0 + (first // self.nx + 0.5) * self.width)
        run_index, run_zone = shapely.STRtree(self.polygons).query(centres, predicate="intersects")
        zones_per_run = np.bincount(run_index, minlength=len(first))
        run_code = np.full(len(first), _EMPTY, dtype=np.int32)
        single = zones_per_run == 1
        run_code[run_index[single[run_index]]] = run_zone[single[run_index]]
        run_code[zones_per_run > 1] = _MIXED

        self.code = np.full(n_cells, _MIXED, dtype=np.int32)
        self.code[free.ravel()] = np.repeat(run_code, lengths)  # runs are in cell order
        del free

        cell_parts, zone_parts = [], []
        overlapped = np.flatnonzero(zones_per_run > 1)
        if len(overlapped):  # free cells inside overlapping zones: their run's zones are the candidates
            order = np.argsort(run_index, kind="stable")
            run_first = np.searchsorted(run_index[order], overlapped)
            cells = np.repeat(first[overlapped], lengths[overlapped]) + _ranks(lengths[overlapped])
            runs = np.repeat(np.arange(len(overlapped)), lengths[overlapped])
            counts = zones_per_run[overlapped][runs]
            cell_parts.append(np.repeat(cells, counts))
            offsets = np.repeat(run_first[runs], counts) + _ranks(counts)
            zone_parts.append(run_zone[order][offsets])
        bounds = shapely.bounds(self.polygons)
        for zone_index, cells in self._bbox_cells(bounds, margin):
            keep = marked[cells]
            cell_parts.append(cells[keep])
            zone_parts.append(zone_index[keep])
        cell = np.concatenate(cell_parts) if cell_parts else np.empty(0, np.int64)
        zone = np.concatenate(zone_parts) if zone_parts else np.empty(0, np.int64)
        order = np.lexsort((zone, cell))
        cell, zone = cell[order], zone[order]
        index_type = np.int32 if len(zone) < 2**31 else np.int64
        self.count = np.bincount(cell, minlength=n_cells).astype(np.int32)
        del cell
        self.start = np.zeros(n_cells + 1, dtype=index_type)
        np.cumsum(self.count, out=self.start[1:])
        self.candidates = zone.astype(np.int32)
        self.code[marked & (self.count == 0)] = _EMPTY

    def _bbox_cells(self, bounds, margin, batch=1 << 18):
        """(zone indices, cell indices) of the cells each zone's bounding box meets, in batches."""
        finite = np.flatnonzero(np.isfinite(bounds).all(axis=1))
        ix0 = self._cell_of(bounds[finite, 0] - margin, self.x0, self.nx)
        ix1 = self._cell_of(bounds[finite, 2] + margin, self.x0, self.nx)
        iy0 = self._cell_of(bounds[finite, 1] - margin, self.y0, self.ny)
        iy1 = self._cell_of(bounds[finite, 3] + margin, self.y0, self.ny)
        width, height = ix1 - ix0 + 1, iy1 - iy0 + 1
        sizes = width * height
        begin = 0
        while begin < len(finite):
            end = begin + max(1, int(np.searchsorted(np.cumsum(sizes[begin:]), batch)))
            end = min(end, len(finite))
            zones = slice(begin, end)
            counts = sizes[zones]
            k = _ranks(counts)
            w = np.repeat(width[zones], counts)
            cells = (np.repeat(iy0[zones], counts) + k // w) * self.nx + np.repeat(ix0[zones], counts) + k % w
            yield np.repeat(finite[zones], counts), cells
            begin = end

    def _cell_of(self, values, origin, n):
        index = np.subtract(values, origin)
        index *= self.inverse_width
        np.fmax(index, 0, out=index)  # also maps NaN to the outer ring
        np.fmin(index, n - 1, out=index)
        return index.astype(np.int64)  # truncation is floor for values >= 0

    def locate_xy(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Zone index (int32) of each point (x[i], y[i]); OUTSIDE (-1) where it is in no zone."""
        cell = self._cell_of(y, self.y0, self.ny)
        cell *= self.nx
        cell += self._cell_of(x, self.x0, self.nx)
        zone = self.code[cell]  # a zone index, OUTSIDE (= _EMPTY) or _MIXED
        pending = np.flatnonzero(zone == _MIXED)
        if not len(pending):
            return zone
        zone[pending] = OUTSIDE
        cell = cell[pending]
        k = 0
        while len(pending):
            candidate = self.candidates[self.start[cell] + k]
            hit = shapely.intersects_xy(self.polygons[candidate], x[pending], y[pending])
            zone[pending[hit]] = candidate[hit]
            more = ~hit & (self.count[cell] > k + 1)
            pending, cell = pending[more], cell[more]
            k += 1
        return zone

    def locate(self, xy: np.ndarray) -> np.ndarray:
        """Zone index of each (x, y) row; OUTSIDE (-1) where it is in no zone."""
        xy = np.asarray(xy, dtype=float)
        zone = self.locate_xy(np.ascontiguousarray(xy[:, 0]), np.ascontiguousarray(xy[:, 1]))
        return zone.astype(np.int64)


def _ranks(counts):
    """0..c-1 for each c in ``counts``, concatenated."""
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    return np.arange(total, dtype=np.int64) - starts


def _boundary_samples(polygons, step, batch=1 << 18):
    """Points along every zone boundary (rings and holes), at most ``step`` apart, in batches of (x, y)."""
    rings = shapely.get_parts(shapely.boundary(polygons))
    coords, ring = shapely.get_coordinates(rings, return_index=True)
    same = ring[1:] == ring[:-1]
    a, b = coords[:-1][same], coords[1:][same]
    finite = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1)
    a, b = a[finite], b[finite]
    samples = np.ceil(np.hypot(*(b - a).T) / step).astype(np.int64) + 1
    begin = 0
    while begin < len(a):
        end = min(len(a), begin + max(1, int(np.searchsorted(np.cumsum(samples[begin:]), batch))))
        n = samples[begin:end]
        segment = np.repeat(np.arange(begin, end), n)
        t = _ranks(n) / np.repeat(np.maximum(n - 1, 1), n)
        yield a[segment, 0] + (b[segment, 0] - a[segment, 0]) * t, a[segment, 1] + (b[segment, 1] - a[segment, 1]) * t
        begin = end


def _shadowed_zones(tessellation: Tessellation) -> np.ndarray:
    """Zones whose interior meets the interior of a zone earlier in layer order.

    A point strictly inside such a zone may belong to the earlier zone, so
    the own-zone test alone cannot tell that it stayed.
    """
    shadowed = np.zeros(len(tessellation), dtype=bool)
    later, earlier = tessellation.tree.query(tessellation.polygons, predicate="intersects")
    keep = earlier < later
    keep[keep] = _boxes_overlap(tessellation.polygons, later[keep], earlier[keep])  # else interiors cannot meet
    later, earlier = later[keep], earlier[keep]
    if len(later):
        overlap = shapely.relate_pattern(tessellation.polygons[later], tessellation.polygons[earlier], "T********")
        shadowed[later[overlap]] = True
    return shadowed


def uniform_points(tessellation: Tessellation, n: int, rng: np.random.Generator) -> np.ndarray:
    """(n, 2) points drawn uniformly over the union of the zones, in their CRS's coordinates.

    Public points for a calibration that reads no data (escape analysis):
    rejection sampling in the zones' bounding box. Raises ValueError when the
    zones cover (almost) none of their bounding box.
    """
    bounds = shapely.bounds(tessellation.polygons)
    low, high = np.nanmin(bounds[:, :2], axis=0), np.nanmax(bounds[:, 2:], axis=0)
    found, count = [], 0
    for _ in range(1000):
        candidates = rng.uniform(low, high, size=(max(2 * (n - count), 1024), 2))
        inside = candidates[tessellation.assign(candidates) != OUTSIDE][:n - count]
        found.append(inside)
        count += len(inside)
        if count == n:
            return np.concatenate(found)
    raise ValueError("the zones cover almost none of their bounding box: no uniform points could be drawn")


def _boxes_overlap(polygons, left, right) -> np.ndarray:
    """Whether the bounding boxes of polygons[left[i]] and polygons[right[i]] overlap with a positive area: where
    they do not, the two polygons share at most edges and corners (their intersection has no area and their
    interiors do not meet), so no polygon operation is needed to tell. Shared edges are most pairs of neighbours
    in a grid (1,700 zones: 0.05 s of intersections saved)."""
    a, b = shapely.bounds(polygons[left]), shapely.bounds(polygons[right])
    return ((np.minimum(a[:, 2], b[:, 2]) > np.maximum(a[:, 0], b[:, 0]))
            & (np.minimum(a[:, 3], b[:, 3]) > np.maximum(a[:, 1], b[:, 1])))
