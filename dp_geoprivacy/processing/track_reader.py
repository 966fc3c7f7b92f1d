"""Bulk reading of line layers as tracks: every vertex of every line, as arrays.

GDAL's Arrow stream gives the geometries as WKB; shapely decodes each batch
at once (``from_wkb``, ``get_coordinates``), never feature by feature.
Layers with M values (e.g. timestamps of GPS tracks) also give the M of
every vertex: shapely >= 2.1 on GEOS >= 3.12 reads them
(``get_coordinates(include_m=True)``); older ones drop M, so then they are
decoded from the WKB with numpy (``wkb_m_values``).
Used by dp_geoprivacy:trajectoryperturbation and dp_geoprivacy:tripends.
"""

from dataclasses import dataclass
from typing import Optional

import numpy as np
import shapely
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..translation import tr
from .readers import ALL_FIELDS, column_values, display_name, first_layer_name, ogr_open, require_crs

# Why a feature is not a usable track (index 0: usable).
NO_GEOMETRY, EMPTY, ONE_VERTEX, UNREADABLE = 1, 2, 3, 4


def _shapely_reads_m():
    version = tuple(int(p) for p in shapely.__version__.split(".")[:2] if p.isdigit())
    return version >= (2, 1) and shapely.geos_version >= (3, 12, 0)


SHAPELY_READS_M = _shapely_reads_m()


@dataclass
class TrackTable:
    """The usable lines of a layer: vertices ``coords`` (m, 2), line t from offsets[t] to offsets[t + 1].

    ``fids``, ``parts`` (parts per feature) and ``columns`` are aligned with
    the lines; ``skipped`` counts the others by reason (NO_GEOMETRY, EMPTY,
    ONE_VERTEX, UNREADABLE). The parts of a multi-line follow each other.
    ``times``: the M value of every vertex (m,) when the layer has M values,
    else None.
    """

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    fids: np.ndarray
    coords: np.ndarray
    offsets: np.ndarray
    parts: np.ndarray
    columns: dict
    skipped: dict
    times: Optional[np.ndarray] = None


def skip_text(reason):
    return {NO_GEOMETRY: tr("no geometry"), EMPTY: tr("an empty geometry"),
            ONE_VERTEX: tr("a line with only one vertex"),
            UNREADABLE: tr("a geometry that is not a readable line")}[reason]


def read_tracks(algorithm, parameters, name, context, feedback, fields=()) -> TrackTable:
    """Read the line source parameter ``name`` in bulk; ``fields`` as in readers.read_points.

    Raises QgsProcessingException naming ``name`` for a missing layer, a
    layer that does not hold lines, no CRS, or no usable line.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.LineGeometry:
        raise QgsProcessingException(tr("{name} must be a line layer (one line per trip); it holds {kind} "
                                        "geometries.").format(name=name,
                                                              kind=QgsWkbTypes.displayString(source.wkbType())))
    require_crs(source.sourceCrs(), name)
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback)
    with_m = QgsWkbTypes.hasM(source.wkbType())
    parts = {"fids": [], "coords": [], "counts": [], "parts": [], "times": []}
    skipped = np.zeros(5, dtype=np.int64)
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        wanted = names if fields == ALL_FIELDS else list(fields)
        layer.SetIgnoredFields([n for n in names if n not in wanted])
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        column_parts = {n: [] for n in wanted}
        # Batches of 8192 lines: a batch of long tracks is decoded (WKB, GEOS, coordinates) at once.
        options = ["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=YES", "MAX_FEATURES_IN_BATCH=8192"]
        for batch in layer.GetArrowStreamAsNumPy(options=options):
            if feedback is not None and feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was written."))
            coords, counts, n_parts, reason, times = decode_lines(batch[geometry_column], with_m)
            parts["times"].append(times)
            skipped += np.bincount(reason, minlength=5)
            kept = reason == 0
            parts["fids"].append(np.asarray(np.ma.getdata(batch[fid_column]), dtype=np.int64)[kept])
            parts["coords"].append(coords)
            parts["counts"].append(counts[kept])
            parts["parts"].append(n_parts[kept])
            for n in wanted:
                column_parts[n].append(column_values(batch[n])[kept])
    counts = np.concatenate(parts["counts"]) if parts["counts"] else np.empty(0, np.int64)
    reasons = {r: int(skipped[r]) for r in (NO_GEOMETRY, EMPTY, ONE_VERTEX, UNREADABLE) if skipped[r]}
    if not len(counts):
        details = "; ".join(tr("{n} with {reason}").format(n=c, reason=skip_text(r)) for r, c in reasons.items())
        raise QgsProcessingException(tr("{name} has no usable line ({details}).").format(
            name=name, details=details or tr("it is empty")))
    return TrackTable(
        gpkg_path=path,
        layer_name=layer_name or first_layer_name(path),
        source_name=display_name(source.sourceName(), path, layer_name),
        crs=source.sourceCrs(),
        fids=np.concatenate(parts["fids"]),
        coords=np.concatenate(parts["coords"]).reshape(-1, 2),
        offsets=np.concatenate(([0], np.cumsum(counts))).astype(np.int64),
        parts=np.concatenate(parts["parts"]),
        columns={n: np.concatenate(p) for n, p in column_parts.items()},
        skipped=reasons,
        times=np.concatenate(parts["times"]) if with_m else None,
    )


def decode_lines(wkb, with_m=False):
    """(coords of the usable lines, vertices per feature, parts per feature, reason per feature, M values) of WKB lines.

    M values: with ``with_m``, the M of every vertex of the usable lines (aligned with coords; NaN where a
    geometry has none), else None.
    """
    n = len(wkb)
    blobs = np.empty(n, dtype=object)
    blobs[:] = np.ma.getdata(wkb).tolist()
    missing = np.ma.getmaskarray(wkb) | np.array([b is None or len(b) == 0 for b in blobs], dtype=bool)
    blobs[missing] = None
    reason = np.where(missing, NO_GEOMETRY, 0).astype(np.int64)
    geometries = shapely.from_wkb(blobs, on_invalid="ignore")
    linear = np.isin(shapely.get_type_id(geometries), (1, 2, 5))
    reason[~missing & ~linear] = UNREADABLE
    for i in np.flatnonzero(~missing & shapely.is_missing(geometries)).tolist():
        if _one_vertex_line(blobs[i]):  # GEOS refuses a one-vertex line: say what it is
            reason[i] = ONE_VERTEX
    empty = linear & shapely.is_empty(geometries)
    reason[empty] = EMPTY
    good = reason == 0
    coords, index = shapely.get_coordinates(geometries[good], return_index=True)
    counts = np.zeros(n, dtype=np.int64)
    counts[good] = np.bincount(index, minlength=int(good.sum()))
    reason[good & (counts < 2)] = ONE_VERTEX
    keep_vertex = np.repeat(reason[good] == 0, counts[good])
    n_parts = np.zeros(n, dtype=np.int64)
    n_parts[good] = shapely.get_num_geometries(geometries[good])
    times = None
    if with_m:
        if SHAPELY_READS_M:
            times = shapely.get_coordinates(geometries[good], include_m=True)[:, 2]
        else:
            times = wkb_m_values(blobs[good])
        if len(times) != len(coords):
            raise QgsProcessingException(tr("The M values of the lines could not be read ({m} values for {n} "
                                            "vertices).").format(m=len(times), n=len(coords)))
        times = times[keep_vertex]
    return coords[keep_vertex], counts, n_parts, reason, times


def wkb_m_values(blobs):
    """The M value of every vertex of WKB lines and multi-lines, in order (NaN for a geometry without M).

    Little-endian LineStrings (what GDAL gives) are decoded at once with numpy;
    others (multi-lines, big-endian, EWKB with an SRID) one by one. ISO WKB
    (2002, 3002) and EWKB flags (0x40000000 M, 0x80000000 Z) are understood.
    """
    blobs = list(blobs)
    if not blobs:
        return np.empty(0)
    lengths = np.fromiter(map(len, blobs), dtype=np.int64, count=len(blobs))
    buffer = np.frombuffer(b"".join(blobs), dtype=np.uint8)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    header = buffer[starts[:, None] + np.arange(9)]
    kind = header[:, 1:5].copy().view("<u4")[:, 0].astype(np.int64)
    count = header[:, 5:9].copy().view("<u4")[:, 0].astype(np.int64)
    iso = kind & 0x0FFFFFFF
    has_z = ((kind & 0x80000000) != 0) | np.isin(iso // 1000, (1, 3))
    has_m = ((kind & 0x40000000) != 0) | np.isin(iso // 1000, (2, 3))
    fast = (header[:, 0] == 1) & (iso % 1000 == 2) & has_m & ((kind & 0x20000000) == 0)
    dims = 2 + has_z.astype(np.int64) + 1
    slow = [_blob_m_values(blobs[i]) for i in np.flatnonzero(~fast).tolist()]
    sizes = count.copy()
    sizes[~fast] = [len(v) for v in slow]
    first = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    out = np.empty(int(sizes.sum()))
    rows = np.flatnonzero(fast)
    vertex = np.repeat(rows, count[rows])
    j = np.arange(len(vertex)) - np.repeat(np.cumsum(count[rows]) - count[rows], count[rows])  # vertex in its line
    where = starts[vertex] + 9 + 8 * (dims[vertex] * j + dims[vertex] - 1)
    out[first[vertex] + j] = buffer[where[:, None] + np.arange(8)].copy().view("<f8")[:, 0]
    for i, values in zip(np.flatnonzero(~fast).tolist(), slow):
        out[first[i]:first[i] + len(values)] = values
    return out


def _blob_m_values(blob):
    """M of every vertex of one WKB line or multi-line, any byte order (NaN without M)."""
    out = []
    _parse_m(bytes(blob), 0, out)
    return np.concatenate(out) if out else np.empty(0)


def _parse_m(blob, pos, out):
    order = "<" if blob[pos] == 1 else ">"
    kind = int(np.frombuffer(blob, f"{order}u4", 1, pos + 1)[0])
    pos += 5
    iso = kind & 0x0FFFFFFF
    has_z = bool(kind & 0x80000000) or iso // 1000 in (1, 3)
    has_m = bool(kind & 0x40000000) or iso // 1000 in (2, 3)
    if kind & 0x20000000:  # EWKB SRID
        pos += 4
    count = int(np.frombuffer(blob, f"{order}u4", 1, pos)[0])
    pos += 4
    if iso % 1000 == 2:
        dims = 2 + has_z + has_m
        values = np.frombuffer(blob, f"{order}f8", count * dims, pos).reshape(count, dims)
        out.append(values[:, -1].astype(float) if has_m else np.full(count, np.nan))
        return pos + 8 * count * dims
    for _ in range(count):  # multi-line or collection of lines
        pos = _parse_m(blob, pos, out)
    return pos


def field_names(table: TrackTable):
    """The attribute field names of the table's source layer."""
    with ogr_open(table.gpkg_path) as dataset:
        definition = dataset.GetLayerByName(table.layer_name).GetLayerDefn()
        return [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]


def _one_vertex_line(blob):
    """Whether WKB ``blob`` is a LineString (2D, Z, M or ZM; either byte order) with fewer than 2 vertices."""
    if len(blob) < 9 or blob[0] not in (0, 1):
        return False
    order = "<" if blob[0] == 1 else ">"
    kind, count = np.frombuffer(blob[1:9], dtype=f"{order}u4")
    return int(kind) % 1000 == 2 and int(kind) // 1000 <= 3 and int(count) < 2
