"""Public cells for the Spark path: zones from a GeoPackage, or H3 cells covering an EXTENT (no QGIS).

The same meanings as the Processing parameters (processing/zone_source.py):
ZONES + ZONE_ID_FIELD (ids; feature ids when not given), ALLOW_OVERLAP, or
H3_RESOLUTION + EXTENT ("xmin,xmax,ymin,ymax [EPSG:code]", QGIS's extent
text). Points are longitude/latitude (EPSG:4326); they are reprojected to
the zones' CRS with pyproj when it differs. Point assignment is the core's
(``core.geometry.zones.Tessellation.assign``: the raster ZoneLocator for large
batches; ``core.geometry.h3cells`` for H3), run on the executors inside mapInPandas.
Output order: by zone id, numerically when every id is an integer (as
``CellSet.id_order``).
"""

import re
from typing import Optional

import numpy as np
import shapely

from ..core.geometry import h3cells
from ..core.geometry.zones import OUTSIDE, Tessellation
from ..core.releases.zone_counts import overlay_faces

MAX_H3_CELLS = 2_000_000  # as processing/zone_source.py
DENSIFY_UP_TO_RESOLUTION, DENSIFY_DEGREES = 4, 0.05
WGS84 = "EPSG:4326"


class CellError(ValueError):
    """A zone or extent setting that cannot work; the message names the parameter and the fix."""


def id_order(ids) -> np.ndarray:
    """Indices of ``ids`` sorted numerically when every id is an integer, else as text (CellSet.id_order)."""
    ids = list(ids)
    try:
        keys = np.array([int(i) for i in ids], dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        keys = np.array(ids, dtype=object).astype(str)
    return np.argsort(keys, kind="stable")


class H3CellSet:
    """Sorted public H3 cells of one resolution (picklable: sent to the executors)."""

    kind = "h3"
    cells_per_point = 1
    overlay = None
    crs_wkt = None

    def __init__(self, resolution, cells, description):
        self.resolution = h3cells.check_resolution(resolution)
        self.cells = np.unique(np.asarray(cells, dtype=np.uint64))
        self.ids = h3cells.cells_to_text(self.cells)
        self.description = description

    def __len__(self):
        return len(self.cells)

    n_atoms = property(__len__)

    def assign_lonlat(self, lon, lat) -> np.ndarray:
        found = h3cells.cells_of_points(lon, lat, self.resolution)
        return h3cells.index_in(self.cells, found).astype(np.int64)

    def geometries(self, indices):
        return h3cells.cell_polygons(self.cells[np.asarray(indices, dtype=np.int64)],
                                     DENSIFY_DEGREES if self.resolution <= DENSIFY_UP_TO_RESOLUTION else None)


class ZoneCellSet:
    """Zones of a GeoPackage layer as a core Tessellation (and overlay faces when ALLOW_OVERLAP)."""

    kind = "zones"

    def __init__(self, polygons, ids, crs_wkt, description, overlay=None):
        self.polygons = np.asarray(polygons, dtype=object)
        self.ids = np.asarray([str(i) for i in ids], dtype=object)
        self.crs_wkt = crs_wkt
        self.description = description
        self.overlay = overlay
        self.cells_per_point = overlay.depth if overlay is not None else 1
        self._tessellation = None

    def __len__(self):
        return len(self.ids)

    @property
    def n_atoms(self):
        return len(self.overlay.faces) if self.overlay is not None else len(self)

    def __getstate__(self):  # the STRtree and the raster locator are rebuilt on each executor
        state = dict(self.__dict__)
        state["_tessellation"] = None
        state["_overlay_faces"] = (shapely.to_wkb(self.overlay.faces.polygons) if self.overlay is not None
                                   else None)
        state["overlay"] = None if self.overlay is None else (self.overlay.face, self.overlay.zone,
                                                               self.overlay.depth)
        state["polygons"] = shapely.to_wkb(self.polygons)
        return state

    def __setstate__(self, state):
        from ..core.releases.zone_counts import OverlayFaces

        faces = state.pop("_overlay_faces")
        state["polygons"] = np.asarray(shapely.from_wkb(state["polygons"]), dtype=object)
        if state["overlay"] is not None:
            face, zone, depth = state["overlay"]
            polygons = np.asarray(shapely.from_wkb(faces), dtype=object)
            state["overlay"] = OverlayFaces(Tessellation(polygons, np.arange(len(polygons))), face, zone, depth)
        self.__dict__.update(state)

    def tessellation(self):
        if self._tessellation is None:
            self._tessellation = (self.overlay.faces if self.overlay is not None
                                  else Tessellation(self.polygons, np.arange(len(self.polygons))))
        return self._tessellation

    def assign_lonlat(self, lon, lat) -> np.ndarray:
        xy = np.column_stack((np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)))
        if self.crs_wkt:
            transform = _transformer(WGS84, self.crs_wkt)
            if transform is not None:
                xy = transform(xy)
        ok = np.isfinite(xy).all(axis=1)
        out = np.full(len(xy), OUTSIDE, dtype=np.int64)
        if ok.any():
            out[ok] = self.tessellation().assign(xy[ok])
        return out

    def geometries(self, indices):
        return self.polygons[np.asarray(indices, dtype=np.int64)]


def _transformer(source, target):
    from pyproj import CRS, Transformer

    source, target = CRS.from_user_input(source), CRS.from_user_input(target)
    if source == target:
        return None
    transformer = Transformer.from_crs(source, target, always_xy=True)

    def transform(xy):
        x, y = transformer.transform(xy[:, 0], xy[:, 1])
        return np.column_stack((x, y))

    return transform


_EXTENT = re.compile(r"^\s*([^,\s]+)\s*,\s*([^,\s]+)\s*,\s*([^,\s]+)\s*,\s*([^,\s\[]+)\s*(?:\[(.+)\])?\s*$")


def parse_extent(text: str):
    """(lon/lat polygon, description) of QGIS's extent text 'xmin,xmax,ymin,ymax [CRS]' (default EPSG:4326)."""
    match = _EXTENT.match(text or "")
    if not match:
        raise CellError(f"EXTENT must be 'xmin,xmax,ymin,ymax [EPSG:code]' (got {text!r}).")
    xmin, xmax, ymin, ymax = (float(v) for v in match.groups()[:4])
    crs = (match.group(5) or WGS84).strip()
    if not (xmin < xmax and ymin < ymax):
        raise CellError(f"EXTENT needs xmin < xmax and ymin < ymax (got {text!r}).")
    box = shapely.segmentize(shapely.box(xmin, ymin, xmax, ymax), max((xmax - xmin), (ymax - ymin)) / 64)
    transform = _transformer(crs, WGS84)
    if transform is not None:
        box = shapely.transform(box, transform)
    return box, f"{xmin:g},{xmax:g},{ymin:g},{ymax:g} [{crs}]"


def h3_cells(resolution, extent: Optional[str]) -> H3CellSet:
    """The public H3 cells of ``resolution`` overlapping EXTENT (required: cells must not depend on the data)."""
    try:
        resolution = h3cells.check_resolution(resolution)
    except h3cells.H3CellError:
        raise CellError(f"H3_RESOLUTION must be an integer from 0 to 15 (got {resolution!r}).") from None
    if not extent:
        raise CellError("H3_RESOLUTION needs an EXTENT: the published cells must not depend on the data. "
                        "Set EXTENT to the public study area.")
    box, description = parse_extent(extent)
    try:
        cells = h3cells.cells_covering(box, resolution, max_cells=MAX_H3_CELLS)
    except h3cells.TooManyCellsError as error:
        raise CellError(f"EXTENT at H3 resolution {resolution} needs about {error.estimate:,.0f} cells (at most "
                        f"{MAX_H3_CELLS:,}). Choose a coarser resolution or a smaller extent.") from None
    if not len(cells):
        raise CellError("EXTENT is covered by no H3 cell; give an extent with an area.")
    if h3cells.contains_pole(cells).any():
        raise CellError("EXTENT reaches the H3 cell around a pole; give an extent that stays clear of the poles.")
    return H3CellSet(resolution, cells, f"{len(cells)} H3 cells of resolution {resolution} covering {description}")


def zone_cells(path: str, id_field: Optional[str] = None, allow_overlap: bool = False) -> ZoneCellSet:
    """Zones of a GeoPackage (first layer, or 'path|layername=name'), read with OGR (no QGIS)."""
    from osgeo import ogr

    path, _, layer_part = str(path).partition("|layername=")
    dataset = ogr.Open(path)
    if dataset is None:
        raise CellError(f"ZONES: cannot open {path!r}; give a polygon GeoPackage.")
    layer = dataset.GetLayerByName(layer_part) if layer_part else dataset.GetLayer(0)
    if layer is None:
        raise CellError(f"ZONES: no layer {layer_part!r} in {path!r}.")
    if id_field and layer.GetLayerDefn().GetFieldIndex(id_field) < 0:
        raise CellError(f"The zone id field '{id_field}' is not a field of ZONES.")
    polygons, ids = [], []
    for feature in layer:
        geometry = feature.GetGeometryRef()
        if geometry is None:
            continue
        shape = shapely.make_valid(shapely.from_wkb(bytes(geometry.ExportToIsoWkb())))
        parts = [p for p in shapely.get_parts(shape) if shapely.get_type_id(p) in (3, 6)]
        if not parts:
            continue
        polygons.append(shapely.union_all(parts))
        ids.append(feature.GetField(id_field) if id_field else feature.GetFID())
    srs = layer.GetSpatialRef()
    crs_wkt = srs.ExportToWkt() if srs is not None else None
    name = layer.GetName()
    if len(set(map(str, ids))) != len(ids):
        raise CellError(f"ZONES: the zone ids ({id_field or 'feature ids'}) must be unique.")
    tessellation = Tessellation(np.asarray(polygons, dtype=object), np.arange(len(polygons)))
    pairs = tessellation.overlapping_pairs()
    overlay = None
    if len(pairs):
        if not allow_overlap:
            raise CellError(f"ZONES has {len(pairs)} pairs of overlapping zones (e.g. '{ids[pairs[0, 0]]}' and "
                            f"'{ids[pairs[0, 1]]}'). Fix the zones, or set ALLOW_OVERLAP=true to count such "
                            "points in every zone that contains them (more noise).")
        overlay = overlay_faces(tessellation)
    return ZoneCellSet(polygons, ids, crs_wkt, f"{len(ids)} zones of {name}", overlay)
