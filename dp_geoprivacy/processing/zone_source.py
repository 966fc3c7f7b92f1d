"""Where aggregate releases count: a public zone layer or H3 cells, from the same parameters.

Every algorithm that counts per zone (noisy zone counts, OD flows) declares
ZONES / ZONE_ID_FIELD / H3_RESOLUTION / EXTENT / ALLOW_OVERLAP through
:func:`add_zone_parameters` and turns them into a :class:`CellSet` with
:func:`cell_set_from_parameters`. A CellSet gives

* ``ids``: text ids of the cells (the zone id field's values, the zone
  layer's feature ids, or hexadecimal H3 indexes), index-aligned;
* ``assigner(points_crs, feedback)``: a function from (n, 2) x/y arrays in
  ``points_crs`` to cell indices (OUTSIDE = -1 for no cell). Points are
  reprojected to the zones' CRS, or to EPSG:4326 for H3, and the log says so
  once. It works batch by batch (keeps no state for public sets);
* ``geometries(indices, crs)``: shapely polygons of cells for output, and
  ``representative_points(indices, crs)``: a point inside each (for flow
  lines and labels).

The cell set must not depend on the data (Kapp et al. 2023 §4.2: the tessellation
is given as public, every zone is a cell and gets noise). A zone layer or
the H3 cells covering EXTENT are public. H3 without EXTENT is "open": the
cells are the ones the points fall in, so it is only allowed with a
mechanism that never publishes a cell without data (the stability
histogram, Asghar, Tyler and Kaafar 2017 Algorithm 1); callers pass ``require_public``.

Overlapping zones are detected and refused unless ALLOW_OVERLAP is set;
then a point inside several zones counts in each of them, assignment is to
the faces of the zones' overlay (``CellSet.overlay``), and
``cells_per_point`` (the largest number of zones overlapping at one place)
multiplies the sensitivity.
"""

import math

import numpy as np
import shapely
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
)

from ..core.geometry import h3cells
from ..core.geometry.zones import OUTSIDE
from ..core.releases.zone_counts import overlay_faces
from ..translation import tr
from .derived_zones import refuse_data_derived
from .metric_crs import crs_transformer
from .readers import has_crs
from .zone_reader import read_zones

ZONES = "ZONES"
ZONE_ID_FIELD = "ZONE_ID_FIELD"
H3_RESOLUTION = "H3_RESOLUTION"
EXTENT = "EXTENT"
ALLOW_OVERLAP = "ALLOW_OVERLAP"

# More cells than this from an extent is refused before any cell is listed.
MAX_H3_CELLS = 2_000_000
# H3 cells at this resolution or coarser get extra vertices before reprojection.
DENSIFY_UP_TO_RESOLUTION = 4
DENSIFY_DEGREES = 0.05


def wgs84() -> QgsCoordinateReferenceSystem:
    return QgsCoordinateReferenceSystem("EPSG:4326")


# --- parameters ---------------------------------------------------------------


def add_zone_parameters(algorithm, *, h3=True, allow_overlap=True):
    """Declare ZONES, ZONE_ID_FIELD (and H3_RESOLUTION, EXTENT, ALLOW_OVERLAP) on ``algorithm``.

    ``algorithm`` is a DpAlgorithm (uses its ``add``). ZONES is optional when
    ``h3`` is True (then exactly one of ZONES and H3_RESOLUTION must be given).
    """
    zones = QgsProcessingParameterFeatureSource(
        ZONES, tr("Zones (public polygon layer)"), [QgsProcessing.TypeVectorPolygon], optional=h3
    )
    zones.setHelp(tr("Public zones to count in (census blocks, traffic zones, a grid). "
                     "Leave empty and set H3_RESOLUTION to count in H3 hexagons instead."))
    algorithm.add(zones)
    id_field = QgsProcessingParameterField(
        ZONE_ID_FIELD, tr("Zone id field (empty: feature ids)"), parentLayerParameterName=ZONES, optional=True
    )
    id_field.setHelp(tr("A field with one distinct value per zone; written to the output as zone_id."))
    algorithm.add(id_field)
    if h3:
        resolution = QgsProcessingParameterNumber(
            H3_RESOLUTION, tr("H3 resolution (0-15; instead of zones)"), QgsProcessingParameterNumber.Integer,
            optional=True, minValue=0, maxValue=15,
        )
        resolution.setHelp(tr("Count in H3 hexagons of this resolution (the ITMS report: 7 is about 5 km², "
                              "8 about 0.7 km², 9 about 0.1 km²). Set EXTENT too, so that the set of "
                              "published cells does not depend on the data."))
        algorithm.add(resolution)
        extent = QgsProcessingParameterExtent(EXTENT, tr("Extent covered by H3 cells"), optional=True)
        extent.setHelp(tr("The public area whose H3 cells are published (every cell overlapping it). "
                          "Choose it from knowledge of the study area, not from the points."))
        algorithm.add(extent)
    if allow_overlap:
        overlap = QgsProcessingParameterBoolean(
            ALLOW_OVERLAP, tr("Allow overlapping zones"),
            defaultValue=False,
        )
        overlap.setFlags(overlap.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        overlap.setHelp(tr("Overlapping zones are refused by default. When allowed, a point counts in "
                           "every zone containing it and the sensitivity grows by the largest number of "
                           "zones that overlap at one place."))
        algorithm.add(overlap)


def _given(parameters, name):
    value = parameters.get(name)
    return value is not None and value != "" and not (isinstance(value, float) and math.isnan(value))


# --- reprojection --------------------------------------------------------------


def _crs_name(crs):
    return crs.authid() or crs.description() or tr("custom CRS")


# --- cell sets -------------------------------------------------------------------


class CellSet:
    """A public (or open H3) set of cells: ids, point assignment and geometry."""

    kind = ""
    public = True
    cells_per_point = 1
    overlay = None

    def __len__(self):
        return len(self.ids)

    @property
    def n_atoms(self):
        """Number of values ``assign`` can return besides OUTSIDE (faces when zones overlap)."""
        return len(self.overlay.faces) if self.overlay is not None else len(self)

    def batch_assigner(self, points_crs, feedback, total, progress=(10.0, 60.0)):
        """``map_xy`` for readers.read_points: each batch's cell codes (int32 while they fit), progress
        from ``progress[0]`` over ``progress[1]`` percent for ``total`` features, and a stop on cancel
        (nothing is written yet). None when the points have no CRS (read_points then refuses them)."""
        if not has_crs(points_crs):
            return None
        assign = self.assigner(points_crs, feedback)
        start, span = progress
        done = [0]

        def map_xy(xy):
            if feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was written."))
            done[0] += len(xy)
            feedback.setProgress(start + span * min(done[0] / max(total, 1), 1.0))
            return assign(xy).astype(np.int32 if self.n_atoms < 2**31 - 1 else np.int64)

        return map_xy

    def id_order(self, indices=None) -> np.ndarray:
        """``indices`` (default all) sorted by cell id: numerically when every id is an integer, else as text.

        The output order of every release (Asghar, Tyler and Kaafar 2017 §3.3.1: the order must
        not depend on the data).
        """
        indices = np.arange(len(self)) if indices is None else np.asarray(indices, dtype=np.int64)
        ids = [self.ids[i] for i in indices.tolist()]
        try:
            keys = np.array([int(i) for i in ids], dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            keys = np.array(ids, dtype=object).astype(str)
        return indices[np.argsort(keys, kind="stable")]


class ZoneLayerCells(CellSet):
    """The polygons of a zone layer (a core Tessellation) with their ids and CRS."""

    kind = "zones"

    def __init__(self, table, overlay=None):
        self.table = table
        self.tessellation = table.tessellation
        self.ids = np.asarray([str(i) for i in self.tessellation.ids.tolist()], dtype=object)
        self.crs = table.crs
        self.overlay = overlay
        self.cells_per_point = overlay.depth if overlay is not None else 1
        self.description = tr("{n} zones of {name} ({crs})").format(
            n=len(self.ids), name=table.source_name, crs=_crs_name(table.crs))

    def assigner(self, points_crs, feedback):
        transform = crs_transformer(points_crs, self.crs)
        if transform is not None and feedback is not None:
            feedback.pushInfo(tr("Points are reprojected from {a} to the zones' CRS {b} to find their zones.").format(
                a=_crs_name(points_crs), b=_crs_name(self.crs)))
        cells = self.overlay.faces if self.overlay is not None else self.tessellation

        def assign(xy):
            xy = np.asarray(xy, dtype=float).reshape(-1, 2)
            return cells.assign(xy, transform)

        return assign

    def representative_points(self, indices=None, crs=None):
        """(n, 2) x/y of a point inside each zone (point on surface), in ``crs`` (default the zones' CRS)."""
        polygons = self.tessellation.polygons if indices is None else self.tessellation.polygons[indices]
        xy = shapely.get_coordinates(shapely.point_on_surface(polygons))
        transform = crs_transformer(self.crs, crs) if crs is not None else None
        return xy if transform is None else transform(xy)

    def geometries(self, indices=None, crs=None):
        polygons = self.tessellation.polygons if indices is None else self.tessellation.polygons[indices]
        transform = crs_transformer(self.crs, crs) if crs is not None else None
        if transform is not None:
            polygons = shapely.transform(polygons, transform)
        return polygons


class H3Cells(CellSet):
    """H3 cells of one resolution: a fixed sorted set (public), or the cells found in the data (open)."""

    kind = "h3"

    def __init__(self, resolution, cells=None, extent_description=""):
        self.resolution = h3cells.check_resolution(resolution)
        self.public = cells is not None
        self._cells = np.unique(np.asarray(cells, dtype=np.uint64)) if cells is not None else np.empty(0, np.uint64)
        self._order = np.arange(len(self._cells))  # index of each sorted cell (open sets grow)
        self._ids = None
        self.crs = wgs84()
        if self.public:
            self.description = tr("{n} H3 cells of resolution {r} covering {extent}").format(
                n=len(self._cells), r=self.resolution, extent=extent_description)
        else:
            self.description = tr("H3 cells of resolution {r} that hold points (no fixed extent)").format(
                r=self.resolution)

    @property
    def cells(self) -> np.ndarray:
        """uint64 H3 cells, index-aligned with ``ids`` and with assignment results."""
        out = np.empty(len(self._cells), dtype=np.uint64)
        out[self._order] = self._cells
        return out

    @property
    def ids(self):
        if self._ids is None or len(self._ids) != len(self._cells):
            self._ids = h3cells.cells_to_text(self.cells)
        return self._ids

    def assigner(self, points_crs, feedback):
        transform = crs_transformer(points_crs, self.crs)
        if transform is not None and feedback is not None:
            feedback.pushInfo(tr("Points are reprojected from {a} to EPSG:4326 (longitude/latitude) to find their "
                                 "H3 cells.").format(a=_crs_name(points_crs)))

        def assign(xy):
            xy = np.asarray(xy, dtype=float).reshape(-1, 2)
            lonlat = xy if transform is None else transform(xy)
            found = h3cells.cells_of_points(lonlat[:, 0], lonlat[:, 1], self.resolution)
            if not self.public:
                self._grow(found[found != h3cells.NO_CELL])
            position = h3cells.index_in(self._cells, found)
            return np.where(position == OUTSIDE, OUTSIDE, self._order[np.maximum(position, 0)])

        return assign

    def _grow(self, found):
        """Open sets: add newly seen cells at the end (indices of known cells never change)."""
        new = np.setdiff1d(np.unique(found), self._cells, assume_unique=True)
        if not len(new):
            return
        cells = np.concatenate((self._cells, new))
        order = np.concatenate((self._order, np.arange(len(self._cells), len(cells))))
        sort = np.argsort(cells, kind="stable")
        self._cells, self._order = cells[sort], order[sort]

    def representative_points(self, indices=None, crs=None):
        """(n, 2) x/y of each cell's centre, in ``crs`` (default EPSG:4326, longitude/latitude)."""
        cells = self.cells if indices is None else self.cells[np.asarray(indices, dtype=np.int64)]
        xy = h3cells.cell_centres(cells)
        transform = crs_transformer(self.crs, crs) if crs is not None else None
        return xy if transform is None else transform(xy)

    def geometries(self, indices=None, crs=None):
        cells = self.cells if indices is None else self.cells[np.asarray(indices, dtype=np.int64)]
        try:
            polygons = h3cells.cell_polygons(
                cells, DENSIFY_DEGREES if self.resolution <= DENSIFY_UP_TO_RESOLUTION else None)
        except h3cells.PolarCellError as error:
            raise QgsProcessingException(
                tr("{error}. Use an EXTENT that stays clear of the poles.").format(error=error)) from None
        transform = crs_transformer(self.crs, crs) if crs is not None else None
        if transform is not None:
            polygons = shapely.transform(polygons, transform)
            # Halves of a cell split at longitude 180 meet again in a CRS centred near it: merge them.
            invalid = ~shapely.is_valid(polygons)
            if invalid.any():
                polygons[invalid] = [shapely.union_all(shapely.get_parts(p)) for p in polygons[invalid]]
        return polygons


# --- from parameters ----------------------------------------------------------------


def extent_lonlat(algorithm, parameters, name, context, feedback, default_crs=None):
    """(lon/lat shapely geometry, its CRS, description) of extent parameter ``name``.

    The extent's own CRS is used (``default_crs`` when it has none, said in
    the log). Its outline is densified before reprojection, and split at the
    antimeridian when it crosses it. An extent around a pole is refused.
    """
    rectangle = algorithm.parameterAsExtent(parameters, name, context)
    crs = algorithm.parameterAsExtentCrs(parameters, name, context)
    if rectangle.isNull() or rectangle.isEmpty() or not all(
            math.isfinite(v) for v in (rectangle.xMinimum(), rectangle.xMaximum(),
                                       rectangle.yMinimum(), rectangle.yMaximum())):
        raise QgsProcessingException(tr("{name} is empty; give an extent with an area.").format(name=name))
    if not has_crs(crs):
        if not has_crs(default_crs):
            raise QgsProcessingException(
                tr("{name} has no CRS. Append one to an extent, e.g. '13.0,13.8,52.3,52.7 [EPSG:4326]'; for a layer, "
                   "set its CRS (Layer Properties > Source, or 'Assign projection', native:assignprojection).").format(
                    name=name))
        crs = default_crs
        feedback.pushInfo(tr("{name} has no CRS of its own; taken to be in {crs}.").format(
            name=name, crs=_crs_name(crs)))
    box = shapely.segmentize(
        shapely.box(rectangle.xMinimum(), rectangle.yMinimum(), rectangle.xMaximum(), rectangle.yMaximum()),
        max(rectangle.width(), rectangle.height()) / 256.0,
    )
    ring = np.asarray(box.exterior.coords)
    transform = crs_transformer(crs, wgs84())
    if transform is not None:
        ring = transform(ring)
    if not np.isfinite(ring).all():
        raise QgsProcessingException(
            tr("{name} reaches beyond the area where {crs} can be converted to longitude/latitude; "
               "give a smaller extent.").format(name=name, crs=_crs_name(crs)))
    lon = np.degrees(np.unwrap(np.radians(ring[:, 0])))
    if abs(lon[-1] - lon[0]) > 180.0:
        raise QgsProcessingException(
            tr("{name} goes around a pole; H3 cells containing a pole cannot be drawn. "
               "Give an extent that stays clear of the poles.").format(name=name))
    lat = np.clip(ring[:, 1], -90.0, 90.0)
    if transform is None:  # already lon/lat: the box is what it says
        lon = np.clip(ring[:, 0], -180.0, 180.0)
    geometry = h3cells.split_at_antimeridian(lon, lat)
    bounds = (rectangle.xMinimum(), rectangle.xMaximum(), rectangle.yMinimum(), rectangle.yMaximum())
    description = ",".join(f"{v:.6g}" for v in bounds) + f" [{_crs_name(crs)}]"
    return geometry, crs, description


def h3_cells_covering_extent(algorithm, parameters, name, resolution, context, feedback, default_crs=None,
                             max_cells=MAX_H3_CELLS):
    """(sorted uint64 cells covering extent parameter ``name``, the extent's CRS, description)."""
    geometry, crs, description = extent_lonlat(algorithm, parameters, name, context, feedback, default_crs)
    try:
        cells = h3cells.cells_covering(geometry, resolution, max_cells=max_cells)
    except h3cells.TooManyCellsError as error:
        raise QgsProcessingException(
            tr("{name} at H3 resolution {r} needs about {n:,.0f} cells (at most {limit:,}). "
               "Choose a coarser resolution or a smaller extent.").format(
                name=name, r=resolution, n=error.estimate, limit=max_cells)) from None
    except h3cells.H3CellError as error:
        raise QgsProcessingException(tr("{name}: {error}.").format(name=name, error=error)) from None
    polar = h3cells.contains_pole(cells)
    if polar.any():
        raise QgsProcessingException(
            tr("{name} reaches the H3 cell around a pole ({cell}), which cannot be drawn. "
               "Give an extent that stays clear of the poles.").format(
                name=name, cell=h3cells.cells_to_text(cells[polar][:1])[0]))
    return cells, crs, description


def cell_set_from_parameters(algorithm, parameters, context, feedback, *, points_crs=None, require_public=True,
                             extra_fields=()):
    """The CellSet chosen by ZONES / ZONE_ID_FIELD / H3_RESOLUTION / EXTENT / ALLOW_OVERLAP.

    Raises QgsProcessingException naming the parameters and the fix when
    both or neither of ZONES and H3_RESOLUTION are given, when H3 has no
    EXTENT while ``require_public``, or when zones overlap without
    ALLOW_OVERLAP. With ``require_public``, ZONES or EXTENT taken from the
    input itself are refused (derived_zones). ``extra_fields`` of ZONES are
    read too (``cells.table.attributes``).
    """
    if require_public:
        refuse_data_derived(algorithm, parameters, context, feedback)
    has_zones = _given(parameters, ZONES)
    has_h3 = _given(parameters, H3_RESOLUTION) and algorithm.parameterDefinition(H3_RESOLUTION) is not None
    if has_zones and has_h3:
        raise QgsProcessingException(
            tr("Give either ZONES or H3_RESOLUTION, not both: clear one of them."))
    if not has_zones and not has_h3:
        raise QgsProcessingException(
            tr("Give the zones to count in: a polygon layer as ZONES, or an H3_RESOLUTION (with an EXTENT)."))
    if has_h3:
        resolution = algorithm.parameterAsInt(parameters, H3_RESOLUTION, context)
        if not h3cells.MIN_RESOLUTION <= resolution <= h3cells.MAX_RESOLUTION:
            raise QgsProcessingException(
                tr("H3_RESOLUTION must be an integer from 0 to 15 (got {r}).").format(r=resolution))
        if _given(parameters, ZONE_ID_FIELD):
            feedback.pushInfo(tr("ZONE_ID_FIELD is not used with H3 cells: their ids are the H3 indexes."))
        if not _given(parameters, EXTENT):
            if require_public and algorithm.parameterDefinition("THRESHOLD") is None:
                raise QgsProcessingException(
                    tr("H3_RESOLUTION needs an EXTENT: the published cells must not depend on the data. "
                       "Set EXTENT to the public study area."))
            if require_public:
                raise QgsProcessingException(
                    tr("H3_RESOLUTION needs an EXTENT: the published cells must not depend on the data. "
                       "Set EXTENT to the public study area, or use the stability threshold (THRESHOLD=1), "
                       "which publishes only cells with data and never a cell without."))
            return H3Cells(resolution)
        cells, _crs, description = h3_cells_covering_extent(
            algorithm, parameters, EXTENT, resolution, context, feedback, default_crs=points_crs)
        if not len(cells):
            raise QgsProcessingException(tr("EXTENT is covered by no H3 cell; give an extent with an area."))
        return H3Cells(resolution, cells, description)

    id_field = algorithm.parameterAsString(parameters, ZONE_ID_FIELD, context) or None
    table = read_zones(algorithm, parameters, ZONES, id_field, context, feedback, extra_fields)
    pairs = table.tessellation.overlapping_pairs()
    allow = algorithm.parameterDefinition(ALLOW_OVERLAP) is not None and algorithm.parameterAsBoolean(
        parameters, ALLOW_OVERLAP, context)
    if not len(pairs):
        return ZoneLayerCells(table)
    ids = table.tessellation.ids
    example = tr("'{a}' and '{b}'").format(a=ids[pairs[0, 0]], b=ids[pairs[0, 1]])
    if not allow and algorithm.parameterDefinition(ALLOW_OVERLAP) is None:
        raise QgsProcessingException(
            tr("ZONES has {n} pairs of overlapping zones (e.g. {example}): a point there would lie in more than "
               "one zone, which this algorithm does not support. Fix the zones (e.g. 'Check validity' / "
               "'Union') or use a tessellation such as H3_RESOLUTION.").format(n=len(pairs), example=example))
    if not allow:
        raise QgsProcessingException(
            tr("ZONES has {n} pairs of overlapping zones (e.g. {example}): a point there would count in "
               "more than one zone. Fix the zones (e.g. 'Check validity' / 'Union'), or set "
               "ALLOW_OVERLAP=true to count such points in every zone that contains them (more noise).").format(
                n=len(pairs), example=example))
    overlay = overlay_faces(table.tessellation)
    feedback.pushWarning(
        tr("ZONES has {n} pairs of overlapping zones (e.g. {example}); ALLOW_OVERLAP is set, so a point counts "
           "in every zone that contains it. Up to {depth} zones overlap at one place: the sensitivity is "
           "multiplied by {depth}.").format(n=len(pairs), example=example, depth=overlay.depth))
    return ZoneLayerCells(table, overlay)
