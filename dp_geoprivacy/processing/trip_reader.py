"""Bulk reading of trips (origin and destination of each) from a line layer or four coordinate fields.

GDAL's Arrow stream gives the line geometries as WKB; the first and last
vertex are decoded with numpy (shapely only for the unusual cases).
"""

from dataclasses import dataclass

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..core.releases.publication import log_private
from ..translation import tr
from .arrow_columns import ARROW_FORMATS, arrow_columns, arrow_schema_formats, arrow_text_array
from .readers import column_values, display_name, field_type, ogr_open


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


def read_trips(algorithm, parameters, name, context, feedback, coordinate_fields=None, fields=(),
               coded_fields=()) -> TripTable:
    """Read the trips of parameter ``name`` in bulk (GDAL Arrow stream, vectorised decoding).

    Without ``coordinate_fields`` the layer must hold lines: origin = first
    vertex, destination = last vertex (of the first and last part of a
    multi-line). With ``coordinate_fields`` = (origin x, origin y,
    destination x, destination y) field names, any layer or table works;
    the fields hold numbers, or text holding numbers. Every skipped trip is
    counted by reason (TRIP_SKIP_REASONS) and the counts go to the log; no
    usable trip at all raises QgsProcessingException naming ``name``.

    ``coded_fields`` (e.g. user ids, needed only to tell users apart) are
    read like ``fields`` except that text comes as a masked int64 array of
    codes, one per distinct value, masked where the value is NULL or empty:
    sorted in C, no Python string per trip.
    """
    fields = tuple(fields) + tuple(f for f in coded_fields if f not in fields)
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
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        for wanted in coordinate_fields:
            kind = field_type(definition, wanted, fid_column)
            if kind not in (ogr.OFTInteger, ogr.OFTInteger64, ogr.OFTReal, ogr.OFTString):
                raise QgsProcessingException(tr(
                    "The coordinate field '{field}' of {name} holds {kind} values; choose a field with numbers "
                    "(or text holding numbers).").format(field=wanted, name=name,
                                                         kind=ogr.GetFieldTypeName(kind)))
        keep = set(coordinate_fields) | set(fields)
        layer.SetIgnoredFields([n for n in names if n not in keep] + (["OGR_GEOMETRY"] if coordinate_fields else []))
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        raw = None
        if not coordinate_fields and not set(fields) - set(coded_fields):
            raw = layer.GetArrowStream(["INCLUDE_FID=YES"])
            formats = arrow_schema_formats(raw)
            if not set(formats.values()) <= ARROW_FORMATS or not {geometry_column, fid_column} <= set(formats):
                raw = None  # an unusual layout: GDAL's numpy reader below
        read_raw = raw is not None
        if read_raw:
            # Lines and coded fields only (the usual case): read from the Arrow buffers directly.
            for batch in arrow_columns(raw, formats):
                if feedback is not None and feedback.isCanceled():
                    raise QgsProcessingException(tr("Cancelled: no output was written."))
                geometry = batch[geometry_column]
                origin, dest, reason = _line_ends(geometry.data, geometry.starts, geometry.lengths)
                counts += np.bincount(reason, minlength=len(TRIP_SKIP_REASONS))
                kept = reason == 0
                parts["fids"].append(batch[fid_column].values.astype(np.int64)[kept])
                parts["origin"].append(origin[kept])
                parts["dest"].append(dest[kept])
                for n in fields:
                    column_parts[n].append(_arrow_coded_part(batch[n], kept))
            raw = None
        for batch in (() if read_raw else
                      layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES"])):
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
                column_parts[n].append(batch[n][kept] if n in coded_fields else column_values(batch[n])[kept])
    skipped = {TRIP_SKIP_REASONS[i]: int(c) for i, c in enumerate(counts) if i and c}
    reason_text = dict(zip(TRIP_SKIP_REASONS, _trip_skip_reason_texts()))
    described = "; ".join(tr("{n} with {reason}").format(n=c, reason=reason_text[r]) for r, c in skipped.items())
    if counts[0] == 0:
        raise QgsProcessingException(tr("{name} has no usable trip ({details}).").format(
            name=name, details=described or tr("it is empty")))
    if skipped and feedback is not None:
        log_private(feedback, tr("Skipped {n} of {total} trips of {name}: {details}."), warning=True,
                    n=int(counts[1:].sum()), total=int(counts.sum()), name=name, details=described)
    return TripTable(
        source_name=display_name(source.sourceName(), path, layer_name),
        crs=source.sourceCrs(),
        fids=np.concatenate(parts["fids"]),
        origin=np.concatenate(parts["origin"]).reshape(-1, 2),
        dest=np.concatenate(parts["dest"]).reshape(-1, 2),
        columns={n: _codes(p) if n in coded_fields else np.concatenate(p) for n, p in column_parts.items()},
        skipped=skipped,
    )


def _codes(parts):
    """Arrow column parts as codes of their distinct values (masked where NULL or empty), see read_trips."""
    mask = np.concatenate([np.ma.getmaskarray(p) for p in parts])
    data = np.concatenate([np.ma.getdata(p) for p in parts])
    if data.dtype.kind == "S":
        if data.dtype.itemsize <= 8:
            # Up to 8 bytes: as big-endian integers of the NUL-padded bytes (same order, faster to sort).
            padded = np.zeros((len(data), 8), dtype=np.uint8)
            padded[:, :data.dtype.itemsize] = data.view(np.uint8).reshape(len(data), -1)
            _, codes = np.unique(padded.view(">u8").ravel(), return_inverse=True)
        else:
            _, codes = np.unique(data, return_inverse=True)
        return np.ma.masked_array(codes.astype(np.int64), mask=mask | (data == b""))
    return np.concatenate([column_values(p) for p in parts])


def _arrow_coded_part(column, kept):
    """A coded field's batch (arrow_columns.ArrowColumn) as _codes takes it: a masked array, text as bytes."""
    valid = np.ones(column.length, dtype=bool) if column.valid is None else column.valid
    if column.values is not None:
        values = column.values
    else:
        values = arrow_text_array(column)
        if values is None:  # long ids: one Python object each, as GDAL's numpy reader gives them
            values = np.array([column.data[a:a + b].tobytes() for a, b in
                               zip(column.starts.tolist(), column.lengths.tolist())], dtype=bytes)
    return np.ma.masked_array(values, mask=~valid)[kept]


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
    lengths = np.fromiter((len(b) if b else 0 for b in blobs), dtype=np.int64, count=len(blobs))
    buffer = np.frombuffer(b"".join(b for b in blobs if b), dtype=np.uint8)
    return _line_ends(buffer, np.cumsum(lengths) - lengths, lengths)


def _line_ends(buffer, offsets, lengths):
    """trip_line_ends on WKB blobs joined in ``buffer`` (uint8): blob i is ``lengths[i]`` bytes from
    ``offsets[i]`` (length 0: no geometry)."""
    n = len(lengths)
    origin, dest = np.full((n, 2), np.nan), np.full((n, 2), np.nan)
    reason = np.zeros(n, dtype=np.int64)
    reason[lengths == 0] = 1
    rows = np.flatnonzero(lengths >= 9)
    start = offsets[rows]

    def read(position, dtype, items=2):
        """``items`` values of ``dtype`` from each position (one gather)."""
        size = np.dtype(dtype).itemsize * items
        return buffer[position[:, None] + np.arange(size)].view(dtype).ravel()

    kind, count = read(start + 1, "<u4").reshape(-1, 2).T  # type and vertex count: one gather
    count = count.astype(np.int64)
    dims = np.select([kind == 2, (kind == 1002) | (kind == 2002), kind == 3002], [2, 3, 4], 0)
    fast = (buffer[start] == 1) & (dims > 0) & (lengths[rows] == 9 + 8 * dims * count)
    rows_fast, start, count, dims = rows[fast], start[fast], count[fast], dims[fast]
    reason[rows_fast[count == 0]] = 2
    reason[rows_fast[count == 1]] = 3
    line = count >= 2
    rows_fast, start, last = rows_fast[line], start[line] + 9, start[line] + 9 + 8 * dims[line] * (count[line] - 1)
    origin[rows_fast] = read(start, "<f8").reshape(-1, 2)
    dest[rows_fast] = read(last, "<f8").reshape(-1, 2)
    slow = np.setdiff1d(np.flatnonzero(lengths > 0), rows_fast, assume_unique=True)
    slow = slow[reason[slow] == 0]
    if len(slow):
        _line_ends_shapely([buffer[offsets[i]:offsets[i] + lengths[i]].tobytes() for i in slow.tolist()], slow,
                           origin, dest, reason)
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
