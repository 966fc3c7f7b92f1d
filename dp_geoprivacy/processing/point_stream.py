"""Point layers read in batches, for releases whose memory must stay bounded (laplaceperturbation).

``open_points`` checks the layer and reads only what is public or needs no
pass over the points (its CRS, its table, its row count from SQLite);
``point_batches`` then reads the points once, batch by batch, in the layer's
order: nothing about the release is decided from the points before the
noise (core.geometry.metric_crs, "the noise frame").
"""

import sqlite3
import urllib.parse
from dataclasses import dataclass

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..translation import tr
from .gpkg_fill import quoted
from .readers import (
    display_name,
    first_layer_name,
    ogr_open,
    require_crs,
)


@dataclass
class PointSource:
    """A point layer ready to be streamed (see module doc). ``rows``: all its rows, with or without a point."""

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    rows: int
    fields: tuple
    fid_column: str = "fid"
    geometry_column: str = "geom"


def open_points(algorithm, parameters, name, context, feedback) -> PointSource:
    """Check the point layer parameter ``name`` as readers.read_points does, without reading its points."""
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
    require_crs(source.sourceCrs(), name)
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback)
    source_name = display_name(source.sourceName(), path, layer_name)
    layer_name = layer_name or first_layer_name(path)
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name)
        fid_column, geometry_column = layer.GetFIDColumn() or "fid", layer.GetGeometryColumn() or "geom"
        definition = layer.GetLayerDefn()
        fields = tuple(definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount()))
        del definition, layer
    connection = _read_only(path)
    try:
        (rows,) = connection.execute(f"SELECT count(*) FROM {quoted(layer_name)}").fetchone()
    finally:
        connection.close()
    if rows == 0:
        raise QgsProcessingException(tr("{name} has no features with a point geometry (the layer is empty).").format(
            name=name))
    return PointSource(path, layer_name, source_name, source.sourceCrs(), rows, fields, fid_column,
                       geometry_column)


def point_batches(source: PointSource):
    """Yield (fids, xy, valid, null) of every row of the layer, a batch at a time, in fid order: ``valid``
    where the row has a usable point, ``null`` where it has no geometry (readers.decode_wkb_points)."""
    yield from _batches(source.gpkg_path, source.layer_name, source.fid_column, source.geometry_column)


# Rows per batch read from SQLite (a few MB of Python objects at a time).
BATCH_ROWS = 1 << 12
# Added to fids and blob lengths so that their decimal text has a fixed width (19 and 10 digits).
_FID_OFFSET = 10**18
_LENGTH_OFFSET = 10**9
# GeoPackage geometry header: envelope bytes by the envelope code in bits 1-3 of the flags byte.
_ENVELOPE_BYTES = np.array([0, 32, 48, 48, 64, 0, 0, 0])


def _batches(path, layer_name, fid_column, geometry_column):
    """Batches of the point table read with SQLite directly, in fid order: (fids, xy, valid, null). Each
    batch comes as a few long strings (fids, geometry blobs in hex), not a Python object per row: GDAL's
    reader and per-row fetching both hold far more memory."""
    fid, geometry = quoted(fid_column), quoted(geometry_column)
    # Fixed-width decimal text without printf (slow in SQLite): integers plus a power of ten.
    query = (f"SELECT count(*), group_concat({fid} + {_FID_OFFSET}, ''), group_concat(coalesce(length({geometry}), "
             f"0) + {_LENGTH_OFFSET}, ''), group_concat(hex({geometry}), '') FROM "
             f"(SELECT {fid}, {geometry} FROM {quoted(layer_name)} WHERE {fid} > ? ORDER BY {fid} LIMIT {BATCH_ROWS})")
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
            del row
            xy, valid, null = decode_gpkg_points(data, lengths)
            last = int(fids[-1])
            yield fids, xy, valid, null
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
