"""Bulk reading of QGIS layers into numpy arrays: points and any table (zones: ``zone_reader``).

QGIS hands the input to GDAL as a GeoPackage (sources in other formats,
selections and filters are exported to a temporary one in C++), and GDAL's
Arrow stream reads the feature ids, geometries and requested fields as
arrays: a million points in a fraction of a second. Trips are read by
``trip_reader``; writing is in ``writers``.
"""

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import numpy as np
import shapely
from osgeo import gdal, ogr
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..translation import tr

gdal.UseExceptions()
ogr.UseExceptions()

_WKB_POINT = np.dtype([("byte_order", "u1"), ("type", "<u4"), ("x", "<f8"), ("y", "<f8")])


@dataclass
class PointTable:
    """Point geometries of a source layer as arrays, with where they came from.

    ``fids`` and ``xy`` hold only features with a usable point; ``skipped_null``
    and ``skipped_empty`` count the others.
    """

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    fids: np.ndarray
    xy: np.ndarray
    skipped_null: int
    skipped_empty: int
    columns: dict = field(default_factory=dict)
    mapped: Optional[np.ndarray] = None


ALL_FIELDS = "*"


def has_crs(crs) -> bool:
    """Whether ``crs`` places coordinates on the ground: not invalid, and not GeoPackage's "Undefined
    geographic/cartesian SRS" (srs_id 0 and -1), which QGIS takes as valid but which says nothing."""
    return crs is not None and crs.isValid() and not crs.description().lower().startswith("undefined")


def require_crs(crs, name):
    """Refuse a layer without a usable CRS (has_crs), naming it and the fix."""
    if not has_crs(crs):
        raise QgsProcessingException(tr(
            "{name} has no coordinate reference system (CRS): its coordinates cannot be placed on the ground. "
            "Set its CRS (Layer Properties > Source, or 'Assign projection', native:assignprojection) and run "
            "again.").format(name=name))


def read_points(algorithm, parameters, name, context, feedback, fields=(), map_xy=None) -> PointTable:
    """Read the point feature source parameter ``name`` into a PointTable.

    ``fields`` names attribute fields to read as arrays into
    ``PointTable.columns``, aligned with ``fids`` and ``xy`` (ALL_FIELDS for
    every field). Text comes as object arrays of str with None for NULL;
    numbers as numeric arrays (NaN for NULL in real fields).

    ``map_xy``, if given, is applied to each Arrow batch's (n, 2) array of
    usable points as it is read; ``PointTable.mapped`` then holds the
    concatenated results and ``xy`` is None, so only one batch of
    coordinates is in memory at a time (e.g. map points to zone indices).

    Raises QgsProcessingException naming the parameter for a missing layer,
    a multipoint or non-point layer, or a layer with no usable point.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    wkb_type = source.wkbType()
    if QgsWkbTypes.geometryType(wkb_type) != QgsWkbTypes.PointGeometry:
        raise QgsProcessingException(
            tr("{name} must be a point layer; it holds {kind} geometries.").format(
                name=name, kind=QgsWkbTypes.displayString(wkb_type)
            )
        )
    if QgsWkbTypes.isMultiType(wkb_type):
        raise QgsProcessingException(
            tr(
                "{name} is a multipoint layer. Each point must be one location: run "
                "'Multipart to singleparts' (native:multiparttosingleparts) first."
            ).format(name=name)
        )
    require_crs(source.sourceCrs(), name)
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    fids, xy, columns, n_null, n_empty = _read_gpkg_points(path, layer_name, fields, map_xy)
    if len(fids) == 0:
        raise QgsProcessingException(
            tr("{name} has no features with a point geometry ({null} null, {empty} empty).").format(
                name=name, null=n_null, empty=n_empty
            )
        )
    if n_null or n_empty:
        feedback.pushWarning(
            tr("Skipped {null} features with no geometry and {empty} with an empty geometry.").format(
                null=n_null, empty=n_empty
            )
        )
    return PointTable(
        gpkg_path=path,
        layer_name=layer_name or first_layer_name(path),
        source_name=display_name(source.sourceName(), path, layer_name),
        crs=source.sourceCrs(),
        fids=fids,
        skipped_null=n_null,
        skipped_empty=n_empty,
        columns=columns,
        xy=None if map_xy else xy,
        mapped=xy if map_xy else None,
    )


def display_name(name, path, layer_name):
    """The input's name for logs and privacy records.

    QGIS names a layer loaded from a file after the file; for one table of
    a multi-layer GeoPackage that hides which table was used, so the table
    is appended ("sample_city:households").
    """
    if layer_name and name == Path(path).stem and layer_name != name:
        return f"{name}:{layer_name}"
    return name


def first_layer_name(path):
    with ogr_open(path) as dataset:
        return dataset.GetLayer(0).GetName()


@contextmanager
def ogr_open(path, update=False):
    dataset = ogr.Open(path, 1 if update else 0)
    try:
        yield dataset
    finally:
        dataset = None  # noqa: F841 (closes the dataset)


def _read_gpkg_points(path, layer_name, fields=(), map_xy=None):
    """(fids, xy, columns, n_null, n_empty) of the point layer, read as Arrow batches."""
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        wanted = names if fields == ALL_FIELDS else list(fields)
        layer.SetIgnoredFields([n for n in names if n not in wanted])
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        fid_parts, xy_parts, n_null, n_empty = [], [], 0, 0
        column_parts = {n: [] for n in wanted}
        stream = layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES"])
        for batch in stream:
            fids = np.asarray(batch[fid_column], dtype=np.int64)
            xy, valid, null = decode_wkb_points(np.ma.getdata(batch[geometry_column]))
            missing = np.ma.getmaskarray(batch[geometry_column])
            null, valid = null | missing, valid & ~missing
            n_null += int(null.sum())
            n_empty += int((~valid & ~null).sum())
            fid_parts.append(fids[valid])
            xy_parts.append(xy[valid] if map_xy is None else map_xy(xy[valid]))
            for n in wanted:
                column_parts[n].append(column_values(batch[n])[valid])
    if not fid_parts:
        empty = np.empty((0, 2)) if map_xy is None else map_xy(np.empty((0, 2)))
        return np.empty(0, np.int64), empty, {n: np.empty(0) for n in wanted}, n_null, n_empty
    # Joined one column at a time, each column's batches freed at once: peak memory about one copy, not two.
    columns = {}
    for n in wanted:
        columns[n] = np.concatenate(column_parts.pop(n))
    fids = np.concatenate(fid_parts)
    del fid_parts
    return fids, np.concatenate(xy_parts), columns, n_null, n_empty


def field_type(definition, name, fid_column):
    """The OGR type of field ``name``; the feature id column (a GeoPackage's ``fid``, which QGIS lists as a field
    and preselects in field boxes) is read like any field: 64-bit integers from the Arrow stream's FID column."""
    if name == fid_column and definition.GetFieldIndex(name) < 0:
        return ogr.OFTInteger64
    return definition.GetFieldDefn(definition.GetFieldIndex(name)).GetType()


def column_values(values):
    """An Arrow column as a plain array: text as str objects, NULL as None or NaN."""
    mask = np.ma.getmaskarray(values)
    data = np.ma.getdata(values)
    if data.dtype.kind in "SO":
        items = data.tolist()
        try:  # every value UTF-8 bytes (no NULL): decoded in one C loop
            out = np.array(list(map(bytes.decode, items)), dtype=object)
        except (TypeError, UnicodeDecodeError):
            out = np.array([None if v is None else v.decode("utf-8") if isinstance(v, bytes) else v
                            for v in items], dtype=object)
        out[mask] = None
        return out
    if mask.any():
        if data.dtype.kind in "iub":
            data = data.astype(float)
        if data.dtype.kind == "f":
            data = np.where(mask, np.nan, data)
        else:
            data = np.where(mask, None, data.astype(object))
    return data


def text_bytes(values):
    """An Arrow text column as a masked array of its UTF-8 bytes (numpy "S", NULL masked); None when it is not
    text held as bytes."""
    data = np.ma.getdata(values)
    if data.dtype.kind not in "SO":
        return None
    try:
        return np.ma.array(data.astype("S"), mask=np.ma.getmaskarray(values))
    except (TypeError, ValueError):  # not bytes (e.g. str objects beyond ASCII)
        return None


def joined_column(parts):
    """One column from its batches: masked bytes stay masked bytes when every batch is; otherwise as
    column_values gives them."""
    if not parts:
        return np.empty(0, dtype=object)
    if all(isinstance(p, np.ma.MaskedArray) and p.dtype.kind == "S" for p in parts):
        return np.ma.concatenate(parts)
    return np.concatenate([column_values(p) for p in parts])


def decode_wkb_points(wkb):
    """Decode an array of WKB points to (xy, valid, null) arrays.

    Fast path: a fixed-width array of 21-byte little-endian 2D points is
    reinterpreted in place. Anything else goes through shapely.
    """
    wkb = np.asarray(wkb)
    if wkb.dtype.kind == "V" and wkb.dtype.itemsize == _WKB_POINT.itemsize:
        points = np.frombuffer(wkb.tobytes(), dtype=_WKB_POINT)
        if np.all(points["byte_order"] == 1) and np.all(points["type"] == 1):
            xy = np.column_stack((points["x"], points["y"]))
            valid = np.isfinite(xy).all(axis=1)
            return xy, valid, np.zeros(len(xy), dtype=bool)
    blobs = [bytes(b) if b is not None and len(b) else None for b in wkb.tolist()]
    geometries = shapely.from_wkb(np.array(blobs, dtype=object), on_invalid="ignore")
    null = shapely.is_missing(geometries)
    type_ids = shapely.get_type_id(geometries)
    if np.any((type_ids != 0) & ~null):
        raise QgsProcessingException(
            tr("The layer holds geometries that are not single points; run 'Multipart to singleparts' first.")
        )
    usable = ~null & ~shapely.is_empty(geometries)
    xy = np.full((len(geometries), 2), np.nan)
    xy[usable, 0] = shapely.get_x(geometries[usable])
    xy[usable, 1] = shapely.get_y(geometries[usable])
    valid = usable & np.isfinite(xy).all(axis=1)
    return xy, valid, null


@dataclass
class SourceTable:
    """Rows of any vector layer or table (no geometry needed), as arrays.

    ``fids`` holds every feature; ``columns`` the requested fields (text as
    str objects with None for NULL, numbers as arrays with NaN for NULL in
    real fields, see read_points); ``geometries`` shapely geometries (None
    where missing) when requested, else None; ``point_xy`` instead, when
    asked for and the layer holds points: (n, 2) coordinates, NaN where the
    point is missing or empty. ``ogr_geometry_type`` is the
    layer's OGR geometry type (ogr.wkbNone for a table).
    """

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    fids: np.ndarray
    columns: dict
    field_types: dict
    ogr_geometry_type: int
    geometries: Optional[np.ndarray] = None
    point_xy: Optional[np.ndarray] = None


def read_table(algorithm, parameters, name, context, feedback, fields=(), geometry=False,
               point_xy=False, text_as_bytes=False) -> SourceTable:
    """Read the feature source parameter ``name`` (any vector layer, or a table) into a SourceTable.

    ``fields`` are read as arrays (a missing field is refused naming the
    parameter; ALL_FIELDS reads every attribute field); geometries are read, as shapely objects, only when
    ``geometry`` is True (a point layer's as coordinates in ``point_xy`` when ``point_xy`` is True too: no
    shapely object per feature). With ``text_as_bytes``, text columns come as masked arrays of UTF-8 bytes
    (numpy "S", NULL masked; text numpy cannot hold so falls back to str objects): ids and timestamps that numpy
    then sorts and parses in bulk. ``field_types`` maps each requested field to its
    OGR type name ('String', 'Integer', 'Integer64', 'Real', ...).
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    for wanted in (() if fields == ALL_FIELDS else fields):
        if source.fields().indexOf(wanted) < 0:
            raise QgsProcessingException(
                tr("The field '{field}' is not a field of {name}.").format(field=wanted, name=name)
            )
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    layer_name = layer_name or first_layer_name(path)
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        if fields == ALL_FIELDS:
            fields = names
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        field_types = {n: ogr.GetFieldTypeName(field_type(definition, n, fid_column)) for n in fields}
        geometry_column = layer.GetGeometryColumn()
        read_geometry = geometry and bool(geometry_column)
        layer.SetIgnoredFields([n for n in names if n not in fields] + ([] if read_geometry else ["OGR_GEOMETRY"]))
        ogr_type = layer.GetGeomType()
        fid_parts, blob_parts, column_parts = [], [], {n: [] for n in fields}
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES"]):
            fid_parts.append(np.asarray(np.ma.getdata(batch[fid_column]), dtype=np.int64))
            for n in fields:
                raw = text_bytes(batch[n]) if text_as_bytes else None
                column_parts[n].append(column_values(batch[n]) if raw is None else raw)
            if read_geometry:
                blobs = batch[geometry_column]
                blob_parts.append((np.ma.getdata(blobs), np.ma.getmaskarray(blobs)))
    fids = np.concatenate(fid_parts) if fid_parts else np.empty(0, np.int64)
    columns = {n: joined_column(parts) for n, parts in column_parts.items()}
    geometries, xy = None, None
    if read_geometry and point_xy and ogr.GT_Flatten(ogr_type) == ogr.wkbPoint:
        xy = (np.concatenate([wkb_point_coordinates(*part) for part in blob_parts]) if blob_parts
              else np.empty((0, 2)))
    elif geometry:
        wkb = [None if gone or b is None or not len(b) else bytes(b)
               for data, missing in blob_parts for b, gone in zip(data.tolist(), missing.tolist())]
        geometries = (shapely.from_wkb(np.array(wkb, dtype=object), on_invalid="ignore") if read_geometry
                      else np.full(len(fids), None, dtype=object))
    return SourceTable(
        gpkg_path=path,
        layer_name=layer_name,
        source_name=display_name(source.sourceName(), path, layer_name),
        crs=source.sourceCrs(),
        fids=fids,
        columns=columns,
        field_types=field_types,
        ogr_geometry_type=ogr_type if geometry_column else ogr.wkbNone,
        geometries=geometries,
        point_xy=xy,
    )


def wkb_point_coordinates(blobs, missing) -> np.ndarray:
    """(n, 2) x, y of an array of WKB points (``missing``: True where NULL; NaN there and for empty points). 2D
    little-endian points (what GDAL's Arrow stream gives for a point layer) are read in one block, anything else
    through shapely."""
    xy = np.full((len(blobs), 2), np.nan)
    present = ~np.asarray(missing, dtype=bool)
    if blobs.dtype.kind == "V" and blobs.dtype.itemsize == _WKB_POINT.itemsize:  # fixed width: no copy per value
        points = np.ascontiguousarray(blobs[present]).view(_WKB_POINT)
        if np.all(points["byte_order"] == 1) and np.all(points["type"] == 1):
            xy[present] = np.column_stack((points["x"], points["y"]))
            return xy
    items = blobs[present].tolist()
    if not items:
        return xy
    try:
        sizes = np.fromiter(map(len, items), dtype=np.int64, count=len(items))
    except TypeError:  # None among the values not masked
        sizes = None
    if sizes is not None and np.all(sizes == _WKB_POINT.itemsize):
        points = np.frombuffer(b"".join(items), dtype=_WKB_POINT)
        if np.all(points["byte_order"] == 1) and np.all(points["type"] == 1):
            xy[present] = np.column_stack((points["x"], points["y"]))
            return xy
    geometries = shapely.from_wkb(np.array([bytes(b) if b is not None and len(b) else None for b in items],
                                           dtype=object), on_invalid="ignore")
    usable = ~shapely.is_missing(geometries) & ~shapely.is_empty(geometries)
    xy[np.flatnonzero(present)[usable]] = shapely.get_coordinates(geometries[usable])[:, :2]
    return xy
