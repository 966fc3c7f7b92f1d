"""Point layers read in batches, for releases whose memory must stay bounded (laplaceperturbation).

``scan_points`` reads the layer once (feature ids, geometries and numeric
fields, one Arrow batch at a time) and keeps only what the release needs
before any noise: the number of usable points, their bounding box, the
skip counts, and which fields would undo the release (the rules of
``core.attributes``, applied without holding the columns: the coordinate
rule is counted batch by batch, the identifier rule is answered by SQLite
over the source table, which sorts on disk). ``point_batches`` then
reads the usable points again, batch by batch, in the layer's order.
"""

import sqlite3
import urllib.parse
from dataclasses import dataclass, field
from typing import Optional

import numpy as np
from osgeo import ogr
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..core.attributes import COORDINATES, IDENTIFIER
from ..translation import tr
from .gpkg_fill import quoted
from .readers import (
    display_name,
    first_layer_name,
    ogr_open,
)


@dataclass
class PointScan:
    """What one pass over a point layer found (see module doc)."""

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    count: int
    skipped_null: int
    skipped_empty: int
    bounds: Optional[np.ndarray]  # [[min x, min y], [max x, max y]] of the usable points
    identifying: dict = field(default_factory=dict)  # {field: core.attributes reason}
    fid_column: str = "fid"
    geometry_column: str = "geom"


def scan_points(algorithm, parameters, name, context, feedback) -> PointScan:
    """Check the point layer parameter ``name`` as readers.read_points does and scan it once (module doc)."""
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    wkb_type = source.wkbType()
    if QgsWkbTypes.geometryType(wkb_type) != QgsWkbTypes.PointGeometry:
        raise QgsProcessingException(tr("{name} must be a point layer; it holds {kind} geometries.").format(
            name=name, kind=QgsWkbTypes.displayString(wkb_type)))
    if QgsWkbTypes.isMultiType(wkb_type):
        raise QgsProcessingException(tr(
            "{name} is a multipoint layer. Each point must be one location: run "
            "'Multipart to singleparts' (native:multiparttosingleparts) first.").format(name=name))
    if not source.sourceCrs().isValid():
        raise QgsProcessingException(tr(
            "{name} has no coordinate reference system. Set one in Layer Properties > Source.").format(name=name))
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback)
    source_name = display_name(source.sourceName(), path, layer_name)
    layer_name = layer_name or first_layer_name(path)
    count, n_null, n_empty, low, high = 0, 0, 0, None, None
    close, skipped_fids = {}, []
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name)
        definition = layer.GetLayerDefn()
        fields = [definition.GetFieldDefn(i) for i in range(definition.GetFieldCount())]
        names = [f.GetName() for f in fields]
        numeric = [f.GetName() for f in fields if f.GetType() in (ogr.OFTInteger, ogr.OFTInteger64, ogr.OFTReal)
                   and f.GetSubType() != ogr.OFSTBoolean]
        fid_column, geometry_column = layer.GetFIDColumn() or "fid", layer.GetGeometryColumn() or "geom"
        del fields, definition, layer
    close = dict.fromkeys(numeric, 0)
    for batch in _batches(path, layer_name, fid_column, geometry_column, numeric):
        if feedback is not None and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was written."))
        fids, xy, valid, null = batch["fids"], batch["xy"], batch["valid"], batch["null"]
        n_null += int(null.sum())
        n_empty += int((~valid & ~null).sum())
        if not valid.all():
            skipped_fids.append(fids[~valid])
        xy = xy[valid]
        count += len(xy)
        if len(xy):
            low = xy.min(axis=0) if low is None else np.minimum(low, xy.min(axis=0))
            high = xy.max(axis=0) if high is None else np.maximum(high, xy.max(axis=0))
        for n in numeric:
            values = batch["columns"][n][valid]
            close[n] += int(np.isclose(values[:, None], xy, rtol=0.0, atol=1e-6).any(axis=1).sum())
    if count == 0:
        raise QgsProcessingException(tr("{name} has no features with a point geometry ({null} null, {empty} "
                                        "empty).").format(name=name, null=n_null, empty=n_empty))
    if n_null or n_empty:
        feedback.pushWarning(tr("Skipped {null} features with no geometry and {empty} with an empty "
                                "geometry.").format(null=n_null, empty=n_empty))
    # core.attributes: a numeric field equal to x or y in at least half of the rows holds coordinates;
    # otherwise a field whose non-NULL values are all distinct (at most one NULL in ten rows) is a key.
    identifying = {n: COORDINATES for n, c in close.items() if c / count >= 0.5}
    skipped = np.concatenate(skipped_fids) if skipped_fids else np.empty(0, np.int64)
    for name in names:
        if name not in identifying and _is_key(path, layer_name, fid_column, name, count, skipped):
            identifying[name] = IDENTIFIER
    return PointScan(path, layer_name, source_name, source.sourceCrs(),
                     count, n_null, n_empty, np.vstack((low, high)), identifying, fid_column, geometry_column)


def point_batches(scan: PointScan):
    """Yield (fids, xy) of the usable points of the scanned layer, a batch at a time, in fid order."""
    for batch in _batches(scan.gpkg_path, scan.layer_name, scan.fid_column, scan.geometry_column, ()):
        valid = batch["valid"]
        yield batch["fids"][valid], batch["xy"][valid]


# Rows per batch read from SQLite (a few MB of Python objects at a time).
BATCH_ROWS = 1 << 12
# Added to fids and blob lengths so that their decimal text has a fixed width (19 and 10 digits).
_FID_OFFSET = 10**18
_LENGTH_OFFSET = 10**9
# GeoPackage geometry header: envelope bytes by the envelope code in bits 1-3 of the flags byte.
_ENVELOPE_BYTES = np.array([0, 32, 48, 48, 64, 0, 0, 0])


def _batches(path, layer_name, fid_column, geometry_column, numeric):
    """Batches of the point table read with SQLite directly, in fid order: {fids, xy, valid, null,
    columns}, numeric fields as float (NaN for NULL or non-numbers). Each batch comes as a few long
    strings (fids, geometry blobs in hex, numbers), not a Python object per row: GDAL's reader and
    per-row fetching both hold far more memory."""
    fid, geometry = quoted(fid_column), quoted(geometry_column)
    # Fixed-width decimal text without printf (slow in SQLite): integers plus a power of ten. Integer
    # fields as text (exact, fast); real ones through printf('%.17g') (exact round trip).
    values = "".join(f", group_concat(CASE typeof({quoted(n)}) WHEN 'integer' THEN {quoted(n)} || '' WHEN 'real' "
                     f"THEN printf('%.17g', {quoted(n)}) ELSE 'nan' END, ',')" for n in numeric)
    query = (f"SELECT count(*), group_concat({fid} + {_FID_OFFSET}, ''), group_concat(coalesce(length({geometry}), "
             f"0) + {_LENGTH_OFFSET}, ''), group_concat(hex({geometry}), ''){values} FROM "
             f"(SELECT {', '.join([fid, geometry] + [quoted(n) for n in numeric])} FROM {quoted(layer_name)} "
             f"WHERE {fid} > ? ORDER BY {fid} LIMIT {BATCH_ROWS})")
    connection = _read_only(path)
    try:
        connection.execute("PRAGMA cache_size=-512")
        last = -(1 << 62)
        while True:
            row = connection.execute(query, (last,)).fetchone()
            if not row[0]:
                return
            fids = np.frombuffer(row[1].encode("ascii"), dtype="S19").astype(np.int64) - _FID_OFFSET
            lengths = np.frombuffer(row[2].encode("ascii"), dtype="S10").astype(np.int64) - _LENGTH_OFFSET
            data = np.frombuffer(bytes.fromhex(row[3] or ""), dtype=np.uint8)
            columns = {n: np.fromstring(text, sep=",") for n, text in zip(numeric, row[4:])}
            del row
            xy, valid, null = decode_gpkg_points(data, lengths)
            last = int(fids[-1])
            yield {"fids": fids, "xy": xy, "valid": valid, "null": null, "columns": columns}
    finally:
        connection.close()


def decode_gpkg_points(buffer, lengths):
    """(xy, valid, null) of GeoPackage point blobs joined in ``buffer`` (uint8), ``lengths`` bytes each (0:
    NULL), as readers.decode_wkb_points: valid where the point is not empty and both coordinates are
    finite; Z and M are ignored."""
    n = len(lengths)
    null = lengths == 0
    xy = np.full((n, 2), np.nan)
    rows = np.flatnonzero(~null)
    if not len(rows):
        return xy, np.zeros(n, dtype=bool), null
    lengths = lengths[rows]
    start = np.cumsum(lengths) - lengths
    ok = lengths >= 8
    flags = np.where(ok, buffer[np.minimum(start + 3, len(buffer) - 1)], 0)
    empty = (flags & 0x10) != 0
    wkb = start + 8 + _ENVELOPE_BYTES[(flags >> 1) & 7]
    ok &= ~empty & (wkb + 21 <= start + lengths) & (buffer[np.minimum(start, len(buffer) - 1)] == ord("G"))
    at = wkb[ok]
    little = buffer[at] == 1
    raw = buffer[(at + 1)[:, None] + np.arange(20)].copy()
    raw[~little] = raw[~little][:, np.r_[3:-1:-1, 11:3:-1, 19:11:-1]]  # big-endian: reverse each field
    kind = raw[:, :4].copy().view("<u4").ravel()
    point = (kind & 0xFFFF) % 1000 == 1  # Point, Point Z, M or ZM (ISO or extended WKB)
    if not point.all():
        raise QgsProcessingException(
            tr("The layer holds geometries that are not single points; run 'Multipart to singleparts' first."))
    xy[rows[ok]] = raw[:, 4:].copy().view("<f8").reshape(-1, 2)
    valid = np.isfinite(xy).all(axis=1)
    return xy, valid, null


def _read_only(path):
    """A read-only SQLite connection to ``path`` (any characters: the URI is percent-encoded), without a
    statement cache (a cached statement keeps what was bound to it)."""
    return sqlite3.connect(f"file:{urllib.parse.quote(str(path))}?mode=ro", uri=True, cached_statements=0)


def _is_key(path, layer_name, fid_column, name, count, skipped):
    """core.attributes' identifier rule for field ``name`` over the usable rows, answered by SQLite (which
    sorts on disk: no copy of the column in memory). ``skipped``: fids of the rows without a usable point."""
    if count < 2:
        return False
    connection = _read_only(path)
    try:
        connection.execute("PRAGMA temp_store=FILE")
        connection.execute("PRAGMA cache_size=-1024")
        where = ""
        if len(skipped):
            connection.execute("CREATE TEMP TABLE dp_skipped (fid INTEGER PRIMARY KEY)")
            connection.executemany("INSERT OR IGNORE INTO temp.dp_skipped VALUES (?)", ((int(f),) for f in skipped))
            where = f" AND {quoted(fid_column)} NOT IN (SELECT fid FROM temp.dp_skipped)"
        table, column = quoted(layer_name), quoted(name)
        (present,) = connection.execute(f"SELECT count({column}) FROM {table} WHERE 1{where}").fetchone()
        if present < 0.9 * count:
            return False
        (repeated,) = connection.execute(
            f"SELECT EXISTS (SELECT 1 FROM {table} WHERE {column} IS NOT NULL{where} GROUP BY {column} "
            f"HAVING count(*) > 1)").fetchone()
        return not repeated
    finally:
        connection.close()
