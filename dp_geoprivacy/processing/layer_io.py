"""Bulk conversion between QGIS layers and numpy arrays.

Reading: QGIS hands the input to GDAL as a GeoPackage (sources in other
formats, selections and filters are exported to a temporary one in C++),
and GDAL's Arrow stream reads the feature ids and point geometries as
arrays: a million points in a fraction of a second.

Writing: OGR creates the output GeoPackage with the source's fields, then
SQLite inserts all rows at once, copying attributes from the source table
in SQL in the order the algorithm chose (a random one: row order must not
follow the input), and fills the spatial index directly. The file is built
under a temporary name and moved into place only when complete, so a
failed or cancelled run leaves nothing behind.
"""

import os
import shutil
import sqlite3
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import numpy as np
import shapely
from osgeo import gdal, ogr, osr
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessingException,
    QgsVectorFileWriter,
    QgsWkbTypes,
)

from ..core.zones import Tessellation
from ..translation import tr

gdal.UseExceptions()
ogr.UseExceptions()

_WKB_POINT = np.dtype([("byte_order", "u1"), ("type", "<u4"), ("x", "<f8"), ("y", "<f8")])
_GPKG_POINT = np.dtype(
    [
        ("magic", "S2"),
        ("version", "u1"),
        ("flags", "u1"),
        ("srs_id", "<i4"),
        ("byte_order", "u1"),
        ("type", "<u4"),
        ("x", "<f8"),
        ("y", "<f8"),
    ]
)


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
    if not source.sourceCrs().isValid():
        raise QgsProcessingException(
            tr("{name} has no coordinate reference system. Set one in Layer Properties > Source.").format(
                name=name
            )
        )
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
        layer_name=layer_name or _first_layer_name(path),
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


def _first_layer_name(path):
    with _ogr_open(path) as dataset:
        return dataset.GetLayer(0).GetName()


@contextmanager
def _ogr_open(path, update=False):
    dataset = ogr.Open(path, 1 if update else 0)
    try:
        yield dataset
    finally:
        dataset = None  # noqa: F841 (closes the dataset)


def _read_gpkg_points(path, layer_name, fields=(), map_xy=None):
    """(fids, xy, columns, n_null, n_empty) of the point layer, read as Arrow batches."""
    with _ogr_open(path) as dataset:
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
                column_parts[n].append(_column_values(batch[n])[valid])
    if not fid_parts:
        empty = np.empty((0, 2)) if map_xy is None else map_xy(np.empty((0, 2)))
        return np.empty(0, np.int64), empty, {n: np.empty(0) for n in wanted}, n_null, n_empty
    columns = {n: np.concatenate(parts) for n, parts in column_parts.items()}
    return np.concatenate(fid_parts), np.concatenate(xy_parts), columns, n_null, n_empty


def _column_values(values):
    """An Arrow column as a plain array: text as str objects, NULL as None or NaN."""
    mask = np.ma.getmaskarray(values)
    data = np.ma.getdata(values)
    if data.dtype.kind in "SO":
        out = np.array([None if v is None else v.decode("utf-8") if isinstance(v, bytes) else v
                        for v in data.tolist()], dtype=object)
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


@dataclass
class SourceTable:
    """Rows of any vector layer or table (no geometry needed), as arrays.

    ``fids`` holds every feature; ``columns`` the requested fields (text as
    str objects with None for NULL, numbers as arrays with NaN for NULL in
    real fields, see read_points); ``geometries`` shapely geometries (None
    where missing) when requested, else None. ``ogr_geometry_type`` is the
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


def read_table(algorithm, parameters, name, context, feedback, fields=(), geometry=False) -> SourceTable:
    """Read the feature source parameter ``name`` (any vector layer, or a table) into a SourceTable.

    ``fields`` are read as arrays (a missing field is refused naming the
    parameter; ALL_FIELDS reads every attribute field); geometries are read, as shapely objects, only when
    ``geometry`` is True. ``field_types`` maps each requested field to its
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
    layer_name = layer_name or _first_layer_name(path)
    with _ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        if fields == ALL_FIELDS:
            fields = names
        field_types = {n: definition.GetFieldDefn(definition.GetFieldIndex(n)).GetTypeName() for n in fields}
        geometry_column = layer.GetGeometryColumn()
        read_geometry = geometry and bool(geometry_column)
        layer.SetIgnoredFields([n for n in names if n not in fields] + ([] if read_geometry else ["OGR_GEOMETRY"]))
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        ogr_type = layer.GetGeomType()
        fid_parts, wkb, column_parts = [], [], {n: [] for n in fields}
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES"]):
            fid_parts.append(np.asarray(np.ma.getdata(batch[fid_column]), dtype=np.int64))
            for n in fields:
                column_parts[n].append(_column_values(batch[n]))
            if read_geometry:
                blobs = batch[geometry_column]
                missing = np.ma.getmaskarray(blobs)
                wkb.extend(None if gone or b is None or not len(b) else bytes(b)
                           for b, gone in zip(np.ma.getdata(blobs).tolist(), missing.tolist()))
    fids = np.concatenate(fid_parts) if fid_parts else np.empty(0, np.int64)
    columns = {n: np.concatenate(parts) if parts else np.empty(0, dtype=object) for n, parts in column_parts.items()}
    geometries = None
    if geometry:
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
    )


@dataclass
class TripTable:
    """Trips as arrays: origin and destination (n, 2), with where they came from.

    ``fids``, ``origin``, ``dest`` and ``columns`` (the requested fields, as
    in read_points) hold only the trips kept; ``skipped`` maps each reason a
    trip was left out (TRIP_SKIP_REASONS) to how many. ``crs`` is the layer's
    CRS (invalid for a table without geometry).
    """

    source_name: str
    crs: QgsCoordinateReferenceSystem
    fids: np.ndarray
    origin: np.ndarray
    dest: np.ndarray
    columns: dict
    skipped: dict


# Why a trip is skipped, by the code trip_line_ends / read_trips give it (0: kept).
TRIP_SKIP_REASONS = ("", "no geometry", "an empty geometry", "a line with only one vertex",
                     "a geometry that is not a readable line", "a NULL coordinate",
                     "a coordinate that is not a finite number")


def _trip_skip_reason_texts():
    """TRIP_SKIP_REASONS as translated text, in the same order."""
    return ("", tr("no geometry"), tr("an empty geometry"), tr("a line with only one vertex"),
            tr("a geometry that is not a readable line"), tr("a NULL coordinate"),
            tr("a coordinate that is not a finite number"))


def read_trips(algorithm, parameters, name, context, feedback, coordinate_fields=None, fields=()) -> TripTable:
    """Read the trips of parameter ``name`` in bulk (GDAL Arrow stream, vectorised decoding).

    Without ``coordinate_fields`` the layer must hold lines: origin = first
    vertex, destination = last vertex (of the first and last part of a
    multi-line). With ``coordinate_fields`` = (origin x, origin y,
    destination x, destination y) field names, any layer or table works;
    the fields hold numbers, or text holding numbers. Every skipped trip is
    counted by reason (TRIP_SKIP_REASONS) and the counts go to the log; no
    usable trip at all raises QgsProcessingException naming ``name``.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    coordinate_fields = tuple(coordinate_fields or ())
    for wanted in coordinate_fields + tuple(fields):
        if source.fields().indexOf(wanted) < 0:
            raise QgsProcessingException(
                tr("The field '{field}' is not a field of {name}.").format(field=wanted, name=name))
    if not coordinate_fields and QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.LineGeometry:
        raise QgsProcessingException(tr(
            "{name} holds {kind} geometries. Give a line layer (origin = first vertex, destination = last "
            "vertex), or all four coordinate fields ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD and "
            "DEST_Y_FIELD.").format(name=name, kind=QgsWkbTypes.displayString(source.wkbType())))
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback)
    counts = np.zeros(len(TRIP_SKIP_REASONS), dtype=np.int64)
    parts = {"fids": [], "origin": [], "dest": []}
    column_parts = {n: [] for n in fields}
    with _ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        for wanted in coordinate_fields:
            kind = definition.GetFieldDefn(definition.GetFieldIndex(wanted)).GetType()
            if kind not in (ogr.OFTInteger, ogr.OFTInteger64, ogr.OFTReal, ogr.OFTString):
                raise QgsProcessingException(tr(
                    "The coordinate field '{field}' of {name} holds {kind} values; choose a field with numbers "
                    "(or text holding numbers).").format(field=wanted, name=name,
                                                         kind=ogr.GetFieldTypeName(kind)))
        keep = set(coordinate_fields) | set(fields)
        layer.SetIgnoredFields([n for n in names if n not in keep] + (["OGR_GEOMETRY"] if coordinate_fields else []))
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES"]):
            if feedback is not None and feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was written."))
            if coordinate_fields:
                origin, dest, reason = _coordinate_ends([batch[f] for f in coordinate_fields])
            else:
                origin, dest, reason = trip_line_ends(batch[geometry_column])
            counts += np.bincount(reason, minlength=len(TRIP_SKIP_REASONS))
            kept = reason == 0
            parts["fids"].append(np.asarray(np.ma.getdata(batch[fid_column]), dtype=np.int64)[kept])
            parts["origin"].append(origin[kept])
            parts["dest"].append(dest[kept])
            for n in fields:
                column_parts[n].append(_column_values(batch[n])[kept])
    skipped = {TRIP_SKIP_REASONS[i]: int(c) for i, c in enumerate(counts) if i and c}
    reason_text = dict(zip(TRIP_SKIP_REASONS, _trip_skip_reason_texts()))
    described = "; ".join(tr("{n} with {reason}").format(n=c, reason=reason_text[r]) for r, c in skipped.items())
    if counts[0] == 0:
        raise QgsProcessingException(tr("{name} has no usable trip ({details}).").format(
            name=name, details=described or tr("it is empty")))
    if skipped and feedback is not None:
        feedback.pushWarning(tr("Skipped {n} of {total} trips of {name}: {details}.").format(
            n=int(counts[1:].sum()), total=int(counts.sum()), name=name, details=described))
    return TripTable(
        source_name=display_name(source.sourceName(), path, layer_name),
        crs=source.sourceCrs(),
        fids=np.concatenate(parts["fids"]),
        origin=np.concatenate(parts["origin"]).reshape(-1, 2),
        dest=np.concatenate(parts["dest"]).reshape(-1, 2),
        columns={n: np.concatenate(p) for n, p in column_parts.items()},
        skipped=skipped,
    )


def _coordinate_ends(columns):
    """(origin, dest, reason) from four Arrow columns: origin x, origin y, destination x, destination y."""
    values, null, bad = [], np.zeros(len(columns[0]), dtype=bool), np.zeros(len(columns[0]), dtype=bool)
    for column in columns:
        mask = np.ma.getmaskarray(column)
        data = np.ma.getdata(column)
        if data.dtype.kind in "SUO":  # text: parse in bulk, element by element only if that fails
            data = np.where(mask, b"nan" if data.dtype.kind == "S" else "nan", data)
            try:
                number = data.astype(float)
            except (TypeError, ValueError):
                number = np.array([_to_float(v) for v in data.tolist()], dtype=float)
        else:
            number = data.astype(float)
        values.append(number)
        null |= mask
        bad |= ~np.isfinite(number)
    reason = np.where(null, 5, np.where(bad, 6, 0)).astype(np.int64)
    return np.column_stack(values[:2]), np.column_stack(values[2:]), reason


def _to_float(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return np.nan


def trip_line_ends(wkb):
    """(origin, dest, reason) of an array of WKB lines: first and last vertex, reason 0 where usable.

    Fast path: little-endian ISO WKB LineStrings (2D, Z, M or ZM) are read
    from one joined buffer with numpy. Anything else (multi-lines, other
    byte order) goes through shapely: first vertex of the first part, last
    of the last part. Reasons index TRIP_SKIP_REASONS.
    """
    blobs = np.ma.getdata(wkb).tolist()
    for i in np.flatnonzero(np.ma.getmaskarray(wkb)).tolist():
        blobs[i] = None
    n = len(blobs)
    origin, dest = np.full((n, 2), np.nan), np.full((n, 2), np.nan)
    reason = np.zeros(n, dtype=np.int64)
    lengths = np.fromiter((len(b) if b else 0 for b in blobs), dtype=np.int64, count=n)
    reason[lengths == 0] = 1
    buffer = np.frombuffer(b"".join(b for b in blobs if b), dtype=np.uint8)
    offsets = np.cumsum(lengths) - lengths
    rows = np.flatnonzero(lengths >= 9)
    start = offsets[rows]

    def read(position, dtype):
        size = np.dtype(dtype).itemsize
        return buffer[position[:, None] + np.arange(size)].copy().view(dtype).ravel()

    kind, count = read(start + 1, "<u4"), read(start + 5, "<u4").astype(np.int64)
    dims = np.select([kind == 2, (kind == 1002) | (kind == 2002), kind == 3002], [2, 3, 4], 0)
    fast = (buffer[start] == 1) & (dims > 0) & (lengths[rows] == 9 + 8 * dims * count)
    rows_fast, start, count, dims = rows[fast], start[fast], count[fast], dims[fast]
    reason[rows_fast[count == 0]] = 2
    reason[rows_fast[count == 1]] = 3
    line = count >= 2
    rows_fast, start, last = rows_fast[line], start[line] + 9, start[line] + 9 + 8 * dims[line] * (count[line] - 1)
    origin[rows_fast] = np.column_stack((read(start, "<f8"), read(start + 8, "<f8")))
    dest[rows_fast] = np.column_stack((read(last, "<f8"), read(last + 8, "<f8")))
    slow = np.setdiff1d(np.flatnonzero(lengths > 0), rows_fast, assume_unique=True)
    slow = slow[reason[slow] == 0]
    if len(slow):
        _line_ends_shapely([blobs[i] for i in slow.tolist()], slow, origin, dest, reason)
    usable = reason == 0
    reason[usable & ~(np.isfinite(origin).all(axis=1) & np.isfinite(dest).all(axis=1))] = 6
    return origin, dest, reason


def _line_ends_shapely(blobs, rows, origin, dest, reason):
    """The general case of trip_line_ends, filling ``origin``, ``dest`` and ``reason`` at ``rows``."""
    geometries = np.empty(len(blobs), dtype=object)
    for i, blob in enumerate(blobs):
        try:
            geometries[i] = shapely.from_wkb(blob)
        except shapely.errors.ShapelyError:
            geometries[i] = None
    linear = np.isin(shapely.get_type_id(geometries), (1, 2, 5))
    reason[rows[~linear]] = 4
    empty = linear & shapely.is_empty(geometries)
    reason[rows[empty]] = 2
    good = linear & ~empty
    coordinates, index = shapely.get_coordinates(geometries[good], return_index=True)
    vertices = np.bincount(index, minlength=int(good.sum()))
    end = np.cumsum(vertices)
    begin = end - vertices
    target = rows[good]
    reason[target[vertices < 2]] = 3
    ok = vertices >= 2
    origin[target[ok]] = coordinates[begin[ok]]
    dest[target[ok]] = coordinates[end[ok] - 1]


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
class ZoneTable:
    """Polygons of a zone layer as a core Tessellation, with their CRS."""

    tessellation: Tessellation
    crs: QgsCoordinateReferenceSystem
    source_name: str
    repaired: int
    skipped: int


def read_zones(algorithm, parameters, name, id_field, context, feedback) -> ZoneTable:
    """Read the polygon layer parameter ``name`` with ids from field ``id_field`` (or feature ids).

    Invalid polygons are repaired with shapely.make_valid (keeping their
    polygonal part) and counted in the log; features without a polygon are
    skipped and counted. Duplicate ids are refused.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.PolygonGeometry:
        raise QgsProcessingException(
            tr("{name} must be a polygon layer (zones); it holds {kind} geometries.").format(
                name=name, kind=QgsWkbTypes.displayString(source.wkbType())
            )
        )
    if id_field and source.fields().indexOf(id_field) < 0:
        raise QgsProcessingException(
            tr("The zone id field '{field}' is not a field of {name}.").format(field=id_field, name=name)
        )
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    with _ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        layer.SetIgnoredFields(
            [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())
             if definition.GetFieldDefn(i).GetName() != id_field]
        )
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        wkb, ids = [], []
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=NO"]):
            wkb.extend(bytes(b) if b is not None and len(b) else None for b in batch[geometry_column].tolist())
            ids.extend(_as_text(batch[id_field] if id_field else batch[fid_column]))
    polygons = shapely.from_wkb(np.array(wkb, dtype=object), on_invalid="ignore")
    usable = ~shapely.is_missing(polygons) & ~shapely.is_empty(polygons)
    polygons, ids = polygons[usable], np.array(ids, dtype=object)[usable]
    if not len(polygons):
        raise QgsProcessingException(tr("{name} has no polygon features.").format(name=name))
    invalid = ~shapely.is_valid(polygons)
    if invalid.any():
        polygons[invalid] = [_polygonal_part(shapely.make_valid(g)) for g in polygons[invalid]]
        feedback.pushWarning(
            tr("Repaired {n} invalid zone polygons in {name} (shapely make_valid).").format(
                n=int(invalid.sum()), name=name
            )
        )
    skipped = int((~usable).sum())
    if skipped:
        feedback.pushWarning(tr("Skipped {n} zones without a polygon in {name}.").format(n=skipped, name=name))
    if id_field and any(i is None for i in ids):
        raise QgsProcessingException(
            tr("The zone id field '{field}' has empty values; every zone needs an id.").format(field=id_field)
        )
    try:
        tessellation = Tessellation(polygons, ids)
    except ValueError:
        raise QgsProcessingException(
            tr("Zone ids in '{field}' of {name} are not unique; choose a field with one value per zone.").format(
                field=id_field or "fid", name=name
            )
        ) from None
    name = display_name(source.sourceName(), path, layer_name)
    return ZoneTable(tessellation, source.sourceCrs(), name, int(invalid.sum()), skipped)


def _as_text(values):
    """Arrow column values as text ids (bytes decoded as UTF-8)."""
    return [
        None if v is None else v.decode("utf-8") if isinstance(v, bytes) else str(v)
        for v in np.asarray(values).tolist()
    ]


def _polygonal_part(geometry):
    parts = shapely.get_parts(geometry)
    polygons = parts[np.isin(shapely.get_type_id(parts), (3, 6))]
    return shapely.union_all(polygons) if len(polygons) else shapely.Polygon()


@dataclass(frozen=True)
class Column:
    """An output attribute: name, kind ('int', 'real' or 'text') and values."""

    name: str
    kind: str
    values: object

    _OGR_TYPES = {"int": ogr.OFTInteger64, "real": ogr.OFTReal, "text": ogr.OFTString}

    def field_definition(self):
        return ogr.FieldDefn(self.name, self._OGR_TYPES[self.kind])

    def python_values(self):
        """Values as Python objects for SQLite (NaN and masked entries become NULL)."""
        values = np.asarray(self.values, dtype=object if self.kind == "text" else None)
        if self.kind == "real":
            values = values.astype(float)
            return [None if v != v else v for v in values.tolist()]
        if self.kind == "int":
            return np.asarray(values, dtype=np.int64).tolist()
        return [None if v is None else str(v) for v in values.tolist()]


def write_points(source: PointTable, rows: np.ndarray, xy: np.ndarray, destination: str, feedback, finish,
                 exclude_fields=(), replaced=()):
    """Write points ``xy`` with the attributes of source rows ``rows``, in that order.

    ``rows`` indexes ``source.fids``; output feature ids are 1..n in the given
    order; attributes are copied from the source table in SQL. ``finish(path,
    layer_name)`` runs on the complete file before it is moved into place (to
    add metadata). Fields named in ``exclude_fields`` are left out. ``xy``
    None writes a table without geometry. ``replaced`` holds Columns aligned
    with ``rows`` whose values replace those of the source fields of the same
    name (the source's field definitions are kept; SQLite converts numeric
    text to the field's type). Returns the layer name.
    """
    geometry = (ogr.wkbNone, None, None) if xy is None else (ogr.wkbPoint, _point_blobs(xy), _point_bounds(xy))
    return _write_copy(source, rows, geometry, None, destination, feedback, finish, exclude_fields, replaced)


def write_rows(source, rows, destination, feedback, finish, geometries=None, geometry_type=None, crs_wkt=None,
               exclude_fields=(), replaced=()):
    """Like write_points, for any source table and any geometry (or none).

    ``source`` is a PointTable or SourceTable (anything with ``gpkg_path``,
    ``layer_name`` and ``fids``). ``geometries``: shapely geometries aligned
    with ``rows``, of OGR type ``geometry_type``, in ``crs_wkt`` (default: the
    source's CRS); None writes a table without geometry.
    """
    if geometries is None:
        geometry = (ogr.wkbNone, None, None)
    else:
        geometries = np.asarray(geometries, dtype=object)
        geometry = (geometry_type, _wkb_blobs(geometries), shapely.bounds(geometries))
    return _write_copy(source, rows, geometry, crs_wkt, destination, feedback, finish, exclude_fields, replaced)


def _write_copy(source, rows, geometry, crs_wkt, destination, feedback, finish, exclude_fields, replaced):
    geometry_type, blobs, bounds = geometry
    with _ogr_open(source.gpkg_path) as src_dataset:
        src_layer = src_dataset.GetLayerByName(source.layer_name)
        definition = src_layer.GetLayerDefn()
        fields = [definition.GetFieldDefn(i) for i in range(definition.GetFieldCount())
                  if definition.GetFieldDefn(i).GetName() not in exclude_fields]
        unknown = {c.name for c in replaced} - {f.GetName() for f in fields}
        if unknown:
            raise ValueError(f"replaced columns {sorted(unknown)} are not fields of the output")
        srs = None
        if geometry_type != ogr.wkbNone:
            srs = src_layer.GetSpatialRef() if not crs_wkt else _srs_from_wkt(crs_wkt)
        src_fid_column = src_layer.GetFIDColumn() or "fid"
        copy = _SourceCopy(source.gpkg_path, source.layer_name, src_fid_column, source.fids[rows])
        return _write(destination, srs, geometry_type, fields, blobs, bounds, list(replaced),
                      copy, feedback, finish)


def _srs_from_wkt(crs_wkt):
    srs = osr.SpatialReference()
    srs.ImportFromWkt(crs_wkt)
    srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    return srs


def write_features(destination: str, crs_wkt: str, geometry_type, geometries, columns, feedback, finish):
    """Write a new layer from arrays: shapely ``geometries`` (or None for a table) and ``columns``.

    ``geometry_type`` is an OGR type (e.g. ogr.wkbPolygon, ogr.wkbLineString,
    ogr.wkbNone). Rows are written in the order given: callers put them in a
    data-independent order (e.g. by zone id). Same atomic behaviour as
    write_points. Returns the layer name.
    """
    srs = None
    if geometries is not None:
        srs = osr.SpatialReference()
        srs.ImportFromWkt(crs_wkt)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
        blobs, bounds = _wkb_blobs(geometries), shapely.bounds(geometries)
    else:
        geometry_type, blobs, bounds = ogr.wkbNone, None, None
    fields = [column.field_definition() for column in columns]
    return _write(destination, srs, geometry_type, fields, blobs, bounds, columns, None, feedback, finish)


@dataclass(frozen=True)
class _SourceCopy:
    """Attributes to copy in SQL from rows ``fids`` of a source GeoPackage table."""

    path: str
    layer_name: str
    fid_column: str
    fids: np.ndarray


def _write(destination, srs, geometry_type, fields, blobs, bounds, columns, copy, feedback, finish):
    destination = Path(destination)
    if "|" in str(destination) or ":" in destination.name:
        raise QgsProcessingException(
            tr("Outputs must be file paths (for example out.gpkg), not '{dest}'.").format(dest=destination)
        )
    layer_name = destination.stem
    destination.parent.mkdir(parents=True, exist_ok=True)
    work_dir = Path(tempfile.mkdtemp(prefix=".dp_geoprivacy-", dir=destination.parent))
    try:
        work = work_dir / f"{layer_name}.gpkg"
        _create(work, layer_name, srs, geometry_type, fields)
        _fill(work, layer_name, blobs, bounds, columns, copy)
        if destination.suffix.lower() != ".gpkg":
            _convert(work, layer_name, work_dir / destination.name)
            work.unlink()
            work = work_dir / destination.name
        finish(str(work), layer_name)
        if feedback is not None and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was written."))
        for produced in work_dir.iterdir():
            os.replace(produced, destination.parent / produced.name)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    return layer_name


def _create(path: Path, layer_name: str, srs, geometry_type, fields):
    """Create an empty GeoPackage layer (with a spatial index when it has geometry)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    options = ["FID=fid"] + (["SPATIAL_INDEX=YES"] if geometry_type != ogr.wkbNone else [])
    layer = dataset.CreateLayer(layer_name, srs, geometry_type, options)
    for definition in fields:
        layer.CreateField(definition)
    layer = None  # noqa: F841
    dataset = None  # noqa: F841


def _quote(identifier):
    return '"' + identifier.replace('"', '""') + '"'


_GPKG_HEADER = np.dtype([("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4")])


def _point_blobs(xy):
    """GeoPackage geometry blobs (no envelope) of 2D points; srs_id filled in later."""
    blobs = np.zeros(len(xy), dtype=_GPKG_POINT)
    blobs["magic"], blobs["flags"], blobs["byte_order"], blobs["type"] = b"GP", 1, 1, 1
    blobs["x"], blobs["y"] = xy[:, 0], xy[:, 1]
    return blobs


def _point_bounds(xy):
    return np.column_stack((xy, xy))


def _wkb_blobs(geometries):
    """GeoPackage blobs: an 8-byte header then little-endian ISO WKB (srs_id filled in later).

    2D only: inside QGIS, shapely may run on QGIS's older GEOS, which refuses
    shapely 2.1's default output_dimension=4 ("must be 2 or 3").
    """
    return shapely.to_wkb(geometries, output_dimension=2, byte_order=1, flavor="iso").tolist()


def _blob_values(blobs, srs_id):
    if isinstance(blobs, np.ndarray):
        blobs = blobs.copy()
        blobs["srs_id"] = srs_id
        return blobs.view(f"V{blobs.dtype.itemsize}").tolist()
    header = np.zeros(1, dtype=_GPKG_HEADER)
    header["magic"], header["flags"], header["srs_id"] = b"GP", 1, srs_id
    prefix = header.tobytes()
    return [None if wkb is None else prefix + wkb for wkb in blobs]


def _fill(path: Path, layer_name: str, blobs, bounds, columns, copy):
    """Insert all rows, and their spatial index entries, in one SQLite transaction.

    OGR's per-row index triggers are dropped during the insert and restored
    after it; the index is filled directly, in a spatially coherent order.
    """
    n = len(copy.fids) if copy is not None else len(blobs) if blobs is not None else len(columns[0].values)
    connection = sqlite3.connect(str(path), isolation_level=None)
    try:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("PRAGMA cache_size=-65536")
        geometry = connection.execute(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name=?", (layer_name,)
        ).fetchone()
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger' AND tbl_name=?", (layer_name,)
        ).fetchall()
        new_fids = np.arange(1, n + 1, dtype=np.int64)
        if copy is not None:
            connection.execute("ATTACH DATABASE ? AS src", (copy.path,))
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {_quote(name)}")
        names = ["fid"] + ([geometry[0]] if geometry else []) + [c.name for c in columns]
        srs_id = geometry[1] if geometry else None
        values = [new_fids] + ([lambda start, stop: _blob_values(blobs[start:stop], srs_id)] if geometry else [])
        values += [c.python_values() for c in columns]
        if copy is None:
            connection.executemany(
                f"INSERT INTO {_quote(layer_name)} ({', '.join(map(_quote, names))}) "
                f"VALUES ({', '.join('?' * len(names))})",
                _chunked_rows(values, n),
            )
        else:
            _insert_copying(connection, layer_name, names, values, copy)
        if geometry:
            _fill_spatial_index(connection, f"rtree_{layer_name}_{geometry[0]}", new_fids, bounds)
            connection.execute(
                "UPDATE gpkg_contents SET min_x=?, min_y=?, max_x=?, max_y=? WHERE table_name=?",
                (*_extent(bounds), layer_name),
            )
        for _name, sql in triggers:
            connection.execute(sql)
        connection.execute(
            "UPDATE gpkg_ogr_contents SET feature_count=? WHERE lower(table_name)=lower(?)", (n, layer_name)
        )
        connection.execute("COMMIT")
        if copy is not None:
            connection.execute("DETACH DATABASE src")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()


def _insert_copying(connection, layer_name, names, values, copy):
    """Insert the columns ``names`` (fid, the geometry if any, replaced columns) from ``values``,
    with the other attributes copied from the source table."""
    fields = [row[1] for row in connection.execute(f"PRAGMA table_info({_quote(layer_name)})")]
    attributes = [f for f in fields if f not in names]
    own = [f"c{i}" for i in range(1, len(names))]
    connection.execute(
        f"CREATE TEMP TABLE dp_rows (fid INTEGER PRIMARY KEY, src_fid INTEGER{''.join(', ' + c for c in own)})"
    )
    connection.executemany(
        f"INSERT INTO temp.dp_rows VALUES ({', '.join('?' * (len(names) + 1))})",
        _chunked_rows([values[0], copy.fids] + values[1:], len(copy.fids)),
    )
    target = ", ".join(map(_quote, names + attributes))
    selected = ", ".join(["r.fid"] + ["r." + c for c in own] + ["s." + _quote(c) for c in attributes])
    connection.execute(
        f"INSERT INTO {_quote(layer_name)} ({target}) SELECT {selected} FROM temp.dp_rows r "
        f"JOIN src.{_quote(copy.layer_name)} s ON s.{_quote(copy.fid_column)} = r.src_fid ORDER BY r.fid"
    )
    connection.execute("DROP TABLE temp.dp_rows")


def _fill_spatial_index(connection, rtree, fids, bounds):
    """Fill the (empty) R*-tree with (fid, minx, maxx, miny, maxy) of the rows with a finite bounding box."""
    valid = np.isfinite(bounds).all(axis=1)
    fids, bounds = fids[valid], bounds[valid]
    if not len(fids):
        return
    _bulk_load_rtree(connection, rtree, fids, bounds)


_RTREE_CELL = np.dtype([("id", ">i8"), ("box", ">f4", (4,))])


def _bulk_load_rtree(connection, rtree, fids, bounds):
    """Build an empty 2D SQLite R*-tree in one pass (Sort-Tile-Recursive packing) by writing its shadow tables.

    Inserting rows one by one costs about 10 us each (R*-tree splits); this
    writes the %_node blobs (big-endian: depth, cell count, then per cell
    rowid or child node and float32 minx, maxx, miny, maxy rounded outward,
    as SQLite does), %_parent and %_rowid directly: about 1.5 us per row.
    Node size is read from the empty root SQLite made, so the layout matches
    the table. ``SELECT rtreecheck(...)`` passes on the result and later
    inserts and deletes work as usual.
    """
    table = '"' + rtree.replace('"', '""')
    node_size = connection.execute(f'SELECT length(data) FROM {table}_node" WHERE nodeno = 1').fetchone()[0]
    capacity = (node_size - 4) // _RTREE_CELL.itemsize
    low, high = bounds[:, :2].astype(np.float32), bounds[:, 2:].astype(np.float32)
    low = np.where(low.astype(float) > bounds[:, :2], np.nextafter(low, np.float32(-np.inf)), low)
    high = np.where(high.astype(float) < bounds[:, 2:], np.nextafter(high, np.float32(np.inf)), high)
    ids, box = np.asarray(fids, dtype=np.int64), np.column_stack((low[:, 0], high[:, 0], low[:, 1], high[:, 1]))
    depth, next_node, levels, links = 0, 2, [], []
    while len(ids) > capacity:
        n, n_nodes = len(ids), -(-len(ids) // capacity)
        slice_of = np.empty(n, dtype=np.int64)
        slice_of[np.argsort(box[:, 0] + box[:, 1], kind="stable")] = np.arange(n) // (
            int(np.ceil(np.sqrt(n_nodes))) * capacity)
        order = np.lexsort((box[:, 2] + box[:, 3], slice_of))
        ids, box = ids[order], box[order]
        numbers = next_node + np.arange(n_nodes, dtype=np.int64)
        next_node += n_nodes
        links.append((ids, numbers[np.arange(n) // capacity]))
        levels.append((numbers, _rtree_nodes(ids, box, capacity, node_size)))
        starts = np.arange(0, n, capacity)
        box = np.column_stack((np.minimum.reduceat(box[:, 0], starts), np.maximum.reduceat(box[:, 1], starts),
                               np.minimum.reduceat(box[:, 2], starts), np.maximum.reduceat(box[:, 3], starts)))
        ids, depth = numbers, depth + 1
    links.append((ids, np.ones(len(ids), dtype=np.int64)))
    root = _rtree_nodes(ids, box, capacity, node_size)[0]
    root[:2] = np.frombuffer(np.array(depth, dtype=">u2").tobytes(), dtype=np.uint8)
    connection.execute(f'UPDATE {table}_node" SET data = ? WHERE nodeno = 1', (root.tobytes(),))
    for numbers, blobs in levels:
        connection.executemany(f'INSERT INTO {table}_node" (nodeno, data) VALUES (?, ?)',
                               zip(numbers.tolist(), (blob.tobytes() for blob in blobs)))
    for i, (children, parent) in enumerate(links):
        target = f'{table}_rowid" (rowid, nodeno)' if i == 0 else f'{table}_parent" (nodeno, parentnode)'
        order = np.argsort(children, kind="stable")  # key order: B-tree appends, not random inserts
        connection.executemany(f"INSERT INTO {target} VALUES (?, ?)",
                               _chunked_rows([children[order], parent[order]], len(children)))


def _rtree_nodes(ids, box, capacity, node_size):
    """Node blobs holding ``ids``/``box`` cells, ``capacity`` per node in order (the last may be partial)."""
    n_nodes = max(-(-len(ids) // capacity), 1)
    cells = np.zeros(n_nodes * capacity, dtype=_RTREE_CELL)
    cells["id"][:len(ids)], cells["box"][:len(ids)] = ids, box
    counts = np.full(n_nodes, capacity, dtype=">u2")
    counts[-1] = len(ids) - capacity * (n_nodes - 1)
    blobs = np.zeros((n_nodes, node_size), dtype=np.uint8)
    blobs[:, 2:4] = counts.view(np.uint8).reshape(n_nodes, 2)
    blobs[:, 4:4 + capacity * _RTREE_CELL.itemsize] = cells.view(np.uint8).reshape(n_nodes, -1)
    return blobs


def _chunked_rows(columns, n, size=100_000):
    """Row tuples for executemany, converting ``size`` rows at a time to bound memory.

    A column is a numpy array (sliced, then converted to Python objects), a
    list (sliced), or a callable (start, stop) -> list.
    """
    for start in range(0, n, size):
        stop = min(start + size, n)
        parts = [
            column(start, stop) if callable(column)
            else column[start:stop].tolist() if isinstance(column, np.ndarray)
            else column[start:stop]
            for column in columns
        ]
        yield from zip(*parts)


def _extent(bounds):
    valid = bounds[np.isfinite(bounds).all(axis=1)]
    if not len(valid):
        return (None, None, None, None)
    return (float(valid[:, 0].min()), float(valid[:, 1].min()), float(valid[:, 2].max()), float(valid[:, 3].max()))


def _convert(gpkg: Path, layer_name: str, destination: Path):
    """Convert the finished GeoPackage layer to the destination's OGR format."""
    driver = QgsVectorFileWriter.driverForExtension(destination.suffix.lstrip("."))
    if not driver:
        raise QgsProcessingException(
            tr("No vector format is known for the extension '{ext}' of {dest}. Use .gpkg.").format(
                ext=destination.suffix, dest=destination.name
            )
        )
    options = {}
    dataset = ogr.Open(str(gpkg))
    layer = dataset.GetLayerByName(layer_name)
    points = ogr.GT_Flatten(layer.GetGeomType()) == ogr.wkbPoint
    geometry_column = layer.GetGeometryColumn()
    dataset = None
    if points and driver == "CSV":  # CSV and spreadsheets drop geometries: keep points as X and Y columns
        options["layerCreationOptions"] = ["GEOMETRY=AS_XY"]
    elif points and driver in ("XLSX", "ODS"):
        options["SQLStatement"] = (f"SELECT *, ST_MinX({_quote(geometry_column)}) AS X, "
                                   f"ST_MinY({_quote(geometry_column)}) AS Y FROM {_quote(layer_name)}")
        options["layerName"] = layer_name
    else:
        options["layers"] = [layer_name]
    gdal.VectorTranslate(str(destination), str(gpkg), format=driver, **options)
