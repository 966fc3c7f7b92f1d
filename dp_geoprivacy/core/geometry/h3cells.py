"""H3 hexagons as a public tessellation (the ITMS report §II C: H3 indexing, hexagon-and-timeslot).

H3 (Uber's discrete global grid) cuts the sphere into hexagons (and twelve
pentagons per resolution) at resolutions 0 (coarsest) to 15. Which cell a
longitude/latitude lies in is a fixed, public function, so a set of H3 cells
chosen without looking at the data is a public tessellation like any zone
layer.

Ids. Cells are handled as ``numpy.uint64`` H3 indexes (the 64-bit integer
form; 0 means "no cell"). :func:`cells_to_text` gives the usual 15-character
hexadecimal form (``8a1fb46622dffff``) used in output fields, and
:func:`cells_from_text` reads it back.

Geometry. Cell boundaries are returned as shapely polygons with x =
longitude, y = latitude (degrees, WGS 84). Edges are straight lines in
longitude/latitude between the H3 vertices (H3's own edges are great-circle
arcs; the difference is negligible at resolution 5 and finer, and
:func:`cell_polygons` can densify coarser cells). Which cell a point belongs
to is always decided by H3 itself (:func:`cells_of_points`), never by these
drawings. Cells crossing the antimeridian are split there into a
MultiPolygon with parts on both sides of longitude 180. Cells containing a
pole cannot be drawn in longitude/latitude; :func:`cell_polygons` refuses
them with :class:`PolarCellError`.

Only numpy, shapely and h3 (4.x) are used.
"""

import math

import h3
import numpy as np
import shapely
from h3.api import basic_int as h3int

from .zones import OUTSIDE

MIN_RESOLUTION, MAX_RESOLUTION = 0, 15
NO_CELL = np.uint64(0)
EARTH_RADIUS_KM = 6371.0088


class H3CellError(ValueError):
    """A request H3 cannot honour (resolution, extent, too many cells)."""


class PolarCellError(H3CellError):
    """A cell containing a pole was asked for as a longitude/latitude polygon."""


class TooManyCellsError(H3CellError):
    """An extent would need more cells than the caller allows."""

    def __init__(self, estimate, limit, resolution):
        self.estimate, self.limit, self.resolution = estimate, limit, resolution
        super().__init__(
            f"about {estimate:,.0f} H3 cells of resolution {resolution} would be needed "
            f"(limit {limit:,}); choose a coarser resolution or a smaller extent"
        )


def check_resolution(resolution) -> int:
    """``resolution`` as an int in 0..15, or H3CellError."""
    try:
        value = int(resolution)
    except (TypeError, ValueError):
        raise H3CellError(f"the H3 resolution must be an integer from 0 to 15, got {resolution!r}") from None
    if value != resolution and not (isinstance(resolution, float) and resolution.is_integer()):
        raise H3CellError(f"the H3 resolution must be an integer from 0 to 15, got {resolution!r}")
    if not MIN_RESOLUTION <= value <= MAX_RESOLUTION:
        raise H3CellError(f"the H3 resolution must be an integer from 0 to 15, got {resolution!r}")
    return value


def average_cell_area_km2(resolution) -> float:
    """The average area of an H3 hexagon at ``resolution`` (km², h3's table)."""
    return float(h3.average_hexagon_area(check_resolution(resolution), unit="km^2"))


def cells_of_points(lon, lat, resolution) -> np.ndarray:
    """H3 cell (uint64) of each longitude/latitude in degrees; 0 where not a valid location.

    Non-finite coordinates and latitudes beyond +-90 give 0 (NO_CELL).
    Longitudes outside -180..180 are wrapped by H3.
    """
    resolution = check_resolution(resolution)
    lon = np.asarray(lon, dtype=float).ravel()
    lat = np.asarray(lat, dtype=float).ravel()
    if lon.shape != lat.shape:
        raise ValueError("lon and lat must have the same length")
    cells = np.zeros(len(lon), dtype=np.uint64)
    valid = np.isfinite(lon) & np.isfinite(lat) & (np.abs(lat) <= 90.0)
    if valid.any():
        convert = h3int.latlng_to_cell
        cells[valid] = np.fromiter(
            map(convert, lat[valid].tolist(), lon[valid].tolist(), [resolution] * int(valid.sum())),
            dtype=np.uint64,
            count=int(valid.sum()),
        )
    return cells


def index_in(sorted_cells: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Position of each cell in the sorted array ``sorted_cells``; OUTSIDE (-1) where absent."""
    sorted_cells = np.asarray(sorted_cells, dtype=np.uint64)
    cells = np.asarray(cells, dtype=np.uint64)
    if not len(sorted_cells):
        return np.full(len(cells), OUTSIDE, dtype=np.int64)
    position = np.searchsorted(sorted_cells, cells)
    position = np.minimum(position, len(sorted_cells) - 1)
    found = (sorted_cells[position] == cells) & (cells != NO_CELL)
    return np.where(found, position, OUTSIDE).astype(np.int64)


def cells_to_text(cells) -> np.ndarray:
    """Hexadecimal H3 ids (object array of str) of uint64 cells."""
    return np.array([h3.int_to_str(int(c)) for c in np.asarray(cells, dtype=np.uint64).tolist()], dtype=object)


def cells_from_text(texts) -> np.ndarray:
    """uint64 cells of hexadecimal H3 ids; H3CellError for anything that is not a valid cell."""
    out = np.zeros(len(texts), dtype=np.uint64)
    for i, text in enumerate(texts):
        if text is None or not h3.is_valid_cell(str(text)):
            raise H3CellError(f"{text!r} is not a valid H3 cell id")
        out[i] = h3.str_to_int(str(text))
    return out


def cell_centres(cells) -> np.ndarray:
    """(n, 2) longitude/latitude of the centres of uint64 cells."""
    cells = np.asarray(cells, dtype=np.uint64)
    return np.array([h3int.cell_to_latlng(c)[::-1] for c in cells.tolist()], dtype=float).reshape(-1, 2)


def resolution_of(cells) -> np.ndarray:
    """Resolution of each uint64 cell."""
    return np.array([h3int.get_resolution(int(c)) for c in np.asarray(cells, dtype=np.uint64).tolist()], dtype=int)


# --- cells covering an area -------------------------------------------------


def _lonlat_parts(geometry):
    """Polygon parts of a lon/lat geometry, checked to lie within -180..180, -90..90."""
    if geometry is None or shapely.is_empty(geometry):
        raise H3CellError("the extent is empty")
    if not shapely.is_valid(geometry):
        geometry = shapely.make_valid(geometry)
    parts = shapely.get_parts(geometry)
    parts = parts[np.isin(shapely.get_type_id(parts), (3,))]
    if not len(parts):
        raise H3CellError("the extent has no area")
    minx, miny, maxx, maxy = shapely.total_bounds(parts)
    if minx < -180 - 1e-9 or maxx > 180 + 1e-9 or miny < -90 - 1e-9 or maxy > 90 + 1e-9:
        raise H3CellError(
            "the extent must lie within longitude -180..180 and latitude -90..90 "
            "(split an extent crossing the antimeridian with split_at_antimeridian)"
        )
    return parts


def _strips(polygon, width=90.0):
    """Cut a polygon into vertical strips at most ``width`` degrees wide (H3 needs arcs < 180 degrees)."""
    minx, miny, maxx, maxy = polygon.bounds
    if maxx - minx <= width:
        return [polygon]
    edges = np.linspace(minx, maxx, int(math.ceil((maxx - minx) / width)) + 1)
    pieces = [shapely.intersection(polygon, shapely.box(a, miny - 1, b, maxy + 1))
              for a, b in zip(edges[:-1], edges[1:])]
    out = []
    for piece in pieces:
        parts = shapely.get_parts(piece)
        out.extend(p for p in parts if shapely.get_type_id(p) == 3 and not p.is_empty)
    return out


def _spherical_box_area_km2(bounds):
    minx, miny, maxx, maxy = bounds
    return (
        EARTH_RADIUS_KM**2
        * math.radians(maxx - minx)
        * abs(math.sin(math.radians(maxy)) - math.sin(math.radians(miny)))
    )


def estimated_cell_count(geometry, resolution) -> float:
    """Rough number of cells needed to cover a lon/lat geometry (from its parts' bounding boxes)."""
    resolution = check_resolution(resolution)
    parts = _lonlat_parts(geometry)
    area = sum(_spherical_box_area_km2(p.bounds) for p in parts)
    hexagon = h3.average_hexagon_area(resolution, unit="km^2")
    edge = h3.average_hexagon_edge_length(resolution, unit="km")
    # Cells straddling the border: about perimeter / edge length more.
    perimeter = sum(
        2 * (EARTH_RADIUS_KM * math.radians(p.bounds[3] - p.bounds[1]))
        + 2 * (EARTH_RADIUS_KM * math.radians(p.bounds[2] - p.bounds[0]))
        for p in parts
    )
    return area / hexagon + perimeter / edge + len(parts)


def cells_covering(geometry, resolution, max_cells=None) -> np.ndarray:
    """Sorted uint64 cells that overlap a lon/lat polygon or multipolygon (x = longitude).

    Every location inside the geometry lies in one of the returned cells
    (H3's "overlap" containment). The geometry must lie within -180..180
    longitude; split one crossing the antimeridian with
    :func:`split_at_antimeridian` first. With ``max_cells`` the estimated
    count is checked first (TooManyCellsError), before any cell is listed.
    """
    resolution = check_resolution(resolution)
    parts = _lonlat_parts(geometry)
    if max_cells is not None:
        estimate = estimated_cell_count(geometry, resolution)
        if estimate > max_cells:
            raise TooManyCellsError(estimate, max_cells, resolution)
    found = []
    for part in parts:
        for strip in _strips(part):
            shape = h3.LatLngPoly(
                [(y, x) for x, y in strip.exterior.coords[:-1]],
                *[[(y, x) for x, y in ring.coords[:-1]] for ring in strip.interiors],
            )
            found.append(_overlapping_cells(shape, strip, resolution))
    cells = np.unique(np.concatenate(found)) if found else np.empty(0, dtype=np.uint64)
    if max_cells is not None and len(cells) > max_cells:
        raise TooManyCellsError(len(cells), max_cells, resolution)
    return cells


def _overlapping_cells(shape, polygon, resolution):
    """Cells overlapping ``polygon``: H3's overlap mode, or centre cells plus their ring, filtered."""
    try:
        cells = h3.h3shape_to_cells_experimental(shape, resolution, contain="overlap")
        return np.array([h3.str_to_int(c) for c in cells], dtype=np.uint64)
    except (AttributeError, TypeError, ValueError, h3.H3BaseException):  # pragma: no cover (older h3 4.x)
        pass
    centre = [h3.str_to_int(c) for c in h3.h3shape_to_cells(shape, resolution)]
    if not centre:
        x, y = polygon.representative_point().coords[0]
        centre = [h3int.latlng_to_cell(y, x, resolution)]
    candidates = {n for c in centre for n in h3int.grid_disk(c, 1)}
    candidates = np.array(sorted(candidates), dtype=np.uint64)
    keep = shapely.intersects(cell_polygons(candidates), polygon)
    return candidates[keep]


# --- cell geometry -----------------------------------------------------------


def split_at_antimeridian(lon, lat):
    """A lon/lat polygon from a ring given with continuous (unwrapped) longitudes.

    Longitudes may run beyond +-180 (e.g. 179 then 181); the polygon is cut at
    the antimeridian and the pieces shifted back into -180..180, giving a
    MultiPolygon when it crosses, else a Polygon.
    """
    polygon = shapely.Polygon(np.column_stack((lon, lat)))
    if not polygon.is_valid:
        polygon = shapely.make_valid(polygon)
    minx, _, maxx, _ = polygon.bounds
    if minx >= -180.0 and maxx <= 180.0:
        return polygon
    pieces = []
    for shift in (-360.0, 0.0, 360.0):
        window = shapely.box(-180.0 - shift, -90.0, 180.0 - shift, 90.0)
        piece = shapely.intersection(polygon, window)
        if not piece.is_empty and piece.area > 0:
            pieces.extend(
                p for p in shapely.get_parts(shapely.transform(piece, lambda c, s=shift: c + [s, 0.0]))
                if shapely.get_type_id(p) == 3
            )
    return shapely.MultiPolygon(pieces) if len(pieces) > 1 else pieces[0]


def cell_polygons(cells, densify_degrees=None) -> np.ndarray:
    """Boundary polygons (object array of shapely geometries, x = longitude) of uint64 cells.

    Cells crossing the antimeridian become MultiPolygons split at longitude
    180. Cells containing a pole raise PolarCellError. ``densify_degrees``
    adds vertices so no edge is longer than that (for reprojecting coarse
    cells).
    """
    cells = np.asarray(cells, dtype=np.uint64)
    rings, counts, special = [], [], []
    for i, cell in enumerate(cells.tolist()):
        boundary = np.asarray(h3int.cell_to_boundary(cell), dtype=float)  # (lat, lng) pairs
        closed = np.degrees(np.unwrap(np.radians(np.r_[boundary[:, 1], boundary[0, 1]])))
        if abs(closed[-1] - closed[0]) > 180.0:  # the ring winds once around the pole
            raise PolarCellError(
                f"H3 cell {h3.int_to_str(cell)} contains a pole and cannot be drawn as a "
                "longitude/latitude polygon; leave the polar caps out of the extent"
            )
        lon = closed[:-1]
        if lon.min() < -180.0 or lon.max() > 180.0:
            special.append((i, lon, boundary[:, 0]))
            lon = np.clip(lon, -180.0, 180.0)
        rings.append(np.column_stack((lon, boundary[:, 0])))
        counts.append(len(boundary))
    if not rings:
        return np.empty(0, dtype=object)
    coords = np.concatenate(rings)
    index = np.repeat(np.arange(len(rings)), counts)
    polygons = shapely.polygons(shapely.linearrings(coords, indices=index))
    polygons = np.asarray(polygons, dtype=object)
    for i, lon, lat in special:
        polygons[i] = split_at_antimeridian(lon, lat)
    if densify_degrees:
        polygons = shapely.segmentize(polygons, float(densify_degrees))
    return polygons


def contains_pole(cells) -> np.ndarray:
    """Whether each uint64 cell contains the north or south pole."""
    cells = np.asarray(cells, dtype=np.uint64)
    if not len(cells):
        return np.zeros(0, dtype=bool)
    resolutions = resolution_of(cells)
    poles = {
        r: (h3int.latlng_to_cell(90.0, 0.0, int(r)), h3int.latlng_to_cell(-90.0, 0.0, int(r)))
        for r in np.unique(resolutions).tolist()
    }
    return np.array([int(c) in poles[int(r)] for c, r in zip(cells.tolist(), resolutions.tolist())], dtype=bool)
