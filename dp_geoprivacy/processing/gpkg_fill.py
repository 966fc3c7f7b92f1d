"""Filling a new GeoPackage table in one SQLite transaction, with a bulk-loaded R*-tree.

OGR's per-row spatial-index triggers are dropped during the insert and
restored after it; the R*-tree's shadow tables are written directly
(Sort-Tile-Recursive packing), about 1.5 us per row instead of 10.

Rows whose values all pack into flat buffers (fixed-width geometry blobs,
integers, integral or constant reals, text from a small set of values) are
inserted by one INSERT ... SELECT per geometry width that reads them with
substr() from a few bound blobs: no Python object per row (about 3x faster
than executemany for a million flows). Anything else goes through
executemany in chunks.
"""

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely

from .gpkg_rows import _PACKED_CHUNK, _PACKED_INT_MAX, _ROWS, _integer_expression, _row_source
from .gpkg_rtree import _fill_spatial_index, _IndexPlan

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


@dataclass(frozen=True)
class SourceCopy:
    """Attributes to copy in SQL from rows ``fids`` of a source GeoPackage table."""

    path: str
    layer_name: str
    fid_column: str
    fids: np.ndarray


def quoted(identifier):
    return '"' + identifier.replace('"', '""') + '"'


_GPKG_HEADER = np.dtype([("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4")])


def point_blobs(xy):
    """GeoPackage geometry blobs (no envelope) of 2D points; srs_id filled in later."""
    blobs = np.zeros(len(xy), dtype=_GPKG_POINT)
    blobs["magic"], blobs["flags"], blobs["byte_order"], blobs["type"] = b"GP", 1, 1, 1
    blobs["x"], blobs["y"] = xy[:, 0], xy[:, 1]
    return blobs


def point_bounds(xy):
    """Bounds of points: ``xy`` itself (no copy); an (n, 2) bounds array means minx = maxx, miny = maxy."""
    return xy


@dataclass(frozen=True)
class BlobGroups:
    """GeoPackage geometry blobs of fixed width per group: ``groups`` is a list of (rows, structured array).

    Each structured array starts with the 8-byte GeoPackage header fields of
    ``_GPKG_HEADER`` (srs_id filled in at insert time); ``rows`` are the
    output row positions (0-based) of its blobs. Together the groups cover
    every row once.
    """

    groups: list

    def __len__(self):
        return sum(len(rows) for rows, _ in self.groups)


@dataclass(frozen=True)
class PackedGeometries:
    """Geometries already encoded as BlobGroups, with their (n, 4) bounds (minx, miny, maxx, maxy)."""

    blobs: BlobGroups
    bounds: np.ndarray


def linestring_blobs(count, n):
    """``n`` GeoPackage blobs of 2D line strings with ``count`` vertices each, header set, vertices ("xy",
    (n, count, 2)) zero: to be filled in."""
    dtype = np.dtype(_GPKG_HEADER.descr + [("byte_order", "u1"), ("type", "<u4"), ("count", "<u4"),
                                            ("xy", "<f8", (count, 2))])
    blobs = np.zeros(n, dtype=dtype)
    blobs["magic"], blobs["flags"], blobs["byte_order"], blobs["type"], blobs["count"] = b"GP", 1, 1, 2, count
    return blobs


def linestring_blob_groups(groups):
    """BlobGroups of 2D line strings from {vertex count: (rows, coordinates (len(rows), count, 2))}."""
    out = []
    for count, (rows, coordinates) in sorted(groups.items()):
        blobs = linestring_blobs(count, len(rows))
        blobs["xy"] = coordinates
        out.append((np.asarray(rows, dtype=np.int64), blobs))
    return BlobGroups(out)


def wkb_blobs(geometries):
    """GeoPackage blobs: an 8-byte header then little-endian ISO WKB (srs_id filled in later).

    2D only: inside QGIS, shapely may run on QGIS's older GEOS, which refuses
    shapely 2.1's default output_dimension=4 ("must be 2 or 3").
    """
    return shapely.to_wkb(geometries, output_dimension=2, byte_order=1, flavor="iso").tolist()


def _blob_values(blobs, srs_id):
    if isinstance(blobs, BlobGroups):
        values = [None] * len(blobs)
        for rows, group in blobs.groups:
            for row, value in zip(rows.tolist(), _blob_values(group, srs_id)):
                values[row] = value
        return values
    if isinstance(blobs, np.ndarray):
        blobs = blobs.copy()
        blobs["srs_id"] = srs_id
        return blobs.view(f"V{blobs.dtype.itemsize}").tolist()
    header = np.zeros(1, dtype=_GPKG_HEADER)
    header["magic"], header["flags"], header["srs_id"] = b"GP", 1, srs_id
    prefix = header.tobytes()
    return [None if wkb is None else prefix + wkb for wkb in blobs]


# Tables of at least this many rows get 64 KiB pages (small outputs keep SQLite's default size).
_LARGE_PAGES_FROM = 100_000


def fill_gpkg(path: Path, layer_name: str, blobs, bounds, columns, copy):
    """Insert all rows, and their spatial index entries, in one SQLite transaction.

    OGR's per-row index triggers are dropped during the insert and restored
    after it; the index is filled directly, in a spatially coherent order.
    """
    n = len(copy.fids) if copy is not None else len(blobs) if blobs is not None else len(columns[0].values)
    # No statement cache: a cached statement keeps its bound buffers (megabytes per packed insert).
    connection = sqlite3.connect(str(path), isolation_level=None, cached_statements=0)
    try:
        if n >= _LARGE_PAGES_FROM:
            # The file is new and nearly empty (OGR's tables only): rebuilt at once with 64 KiB pages,
            # fewer page writes per row (the R*-tree's nodes keep their size: SQLite caps it).
            connection.execute("PRAGMA page_size=65536")
            connection.execute("VACUUM")
        # The transaction's rollback journal holds only OGR's few pages: kept in memory.
        connection.execute("PRAGMA journal_mode=MEMORY")
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("PRAGMA cache_size=-16384")
        # Working rows (temp.dp_rows) spill to a temporary file beyond a small cache: memory stays bounded.
        connection.execute("PRAGMA temp_store=FILE")
        connection.execute("PRAGMA temp.cache_size=-4096")
        geometry = connection.execute(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name=?", (layer_name,)
        ).fetchone()
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger' AND tbl_name=?", (layer_name,)
        ).fetchall()
        new_fids = np.arange(1, n + 1, dtype=np.int64)
        if copy is not None:
            connection.execute("ATTACH DATABASE ? AS src", (copy.path,))
            connection.execute("PRAGMA src.cache_size=-8192")
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {quoted(name)}")
        names = ["fid"] + ([geometry[0]] if geometry else []) + [c.name for c in columns]
        srs_id = geometry[1] if geometry else None
        index = None
        if geometry and n >= _PLAN_IN_THREAD_FROM:
            # The R*-tree's packing (sorts, numpy) is computed in a thread while SQLite inserts the rows.
            index = _IndexPlan(connection, f"rtree_{layer_name}_{geometry[0]}", new_fids, bounds)
        packed = copy is None and _insert_packed(connection, layer_name, names, n, blobs if geometry else None,
                                                 srs_id, columns)
        if packed:
            pass
        elif copy is None:
            if isinstance(blobs, BlobGroups):  # encoded with their headers once, here
                encoded = _blob_values(blobs, srs_id)
                geometry_values = lambda start, stop: encoded[start:stop]  # noqa: E731
            else:
                geometry_values = lambda start, stop: _blob_values(blobs[start:stop], srs_id)  # noqa: E731
            values = [new_fids] + ([geometry_values] if geometry else [])
            values += [c.python_values() for c in columns]
            connection.executemany(
                f"INSERT INTO {quoted(layer_name)} ({', '.join(map(quoted, names))}) "
                f"VALUES ({', '.join('?' * len(names))})",
                _chunked_rows(values, n),
            )
        else:
            _insert_copying(connection, layer_name, names, new_fids, blobs if geometry else None, srs_id, columns,
                            copy)
        if index is not None:
            index.write()
        elif geometry:
            _fill_spatial_index(connection, f"rtree_{layer_name}_{geometry[0]}", new_fids, bounds)
        if geometry:
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


def _insert_copying(connection, layer_name, names, new_fids, blobs, srs_id, columns, copy):
    """Insert the columns ``names`` (fid, the geometry if any, replaced columns), with the other
    attributes copied from the source table."""
    fields = [row[1] for row in connection.execute(f"PRAGMA table_info({quoted(layer_name)})")]
    attributes = [f for f in fields if f not in names]
    n = len(copy.fids)
    if names == ["fid"] and n and copy.fids[0] == 1 and copy.fids[-1] == n and np.all(np.diff(copy.fids) == 1):
        # All source rows, in their order: one statement, no row list.
        target = ", ".join(map(quoted, names + attributes))
        selected = ", ".join(["s." + quoted(copy.fid_column)] + ["s." + quoted(c) for c in attributes])
        connection.execute(
            f"INSERT INTO {quoted(layer_name)} ({target}) SELECT {selected} FROM src.{quoted(copy.layer_name)} s "
            f"WHERE s.{quoted(copy.fid_column)} BETWEEN 1 AND ? ORDER BY s.{quoted(copy.fid_column)}", (n,))
        return
    own = [f"c{i}" for i in range(1, len(names))]
    connection.execute(
        f"CREATE TEMP TABLE dp_rows (fid INTEGER PRIMARY KEY, src_fid INTEGER{''.join(', ' + c for c in own)})"
    )
    # Column order of the insert: fid, the geometry if any (as _insert_packed wants), src_fid, replaced columns.
    geometry = blobs is not None
    order = ["fid"] + own[:1 if geometry else 0] + ["src_fid"] + own[1 if geometry else 0:]
    if not _insert_packed(connection, "dp_rows", order, n, blobs, srs_id, [_IntColumn(copy.fids)] + list(columns),
                          schema="temp"):
        values = [new_fids] + ([lambda start, stop: _blob_values(blobs[start:stop], srs_id)] if geometry else [])
        values += [copy.fids] + [c.python_values() for c in columns]
        connection.executemany(
            f"INSERT INTO temp.dp_rows ({', '.join(order)}) VALUES ({', '.join('?' * len(order))})",
            _chunked_rows(values, n),
        )
    target = ", ".join(map(quoted, names + attributes))
    selected = ", ".join(["r.fid"] + ["r." + c for c in own] + ["s." + quoted(c) for c in attributes])
    connection.execute(
        f"INSERT INTO {quoted(layer_name)} ({target}) SELECT {selected} FROM temp.dp_rows r "
        f"JOIN src.{quoted(copy.layer_name)} s ON s.{quoted(copy.fid_column)} = r.src_fid ORDER BY r.fid"
    )
    connection.execute("DROP TABLE temp.dp_rows")


# Tables of at least this many rows get their R*-tree packing computed in a thread during the insert.
_PLAN_IN_THREAD_FROM = 100_000


def _packs(column):
    """Whether _column_expression can pack this column (else executemany is used)."""
    if column.kind == "text":
        return column.codes is not None
    values = np.asarray(column.values)
    if values.dtype.kind not in "iubf":
        return False
    if column.kind == "int":
        return not len(values) or int(values.max()) - int(values.min()) <= _PACKED_INT_MAX
    finite = values[np.isfinite(values)]
    if len(finite) != int((~np.isnan(values)).sum()):
        return False  # infinities
    return bool(not len(finite) or np.all(finite == finite[0]) or (np.all(np.abs(finite) < _PACKED_INT_MAX)
                                                and np.all(finite == np.round(finite))))


# Pad byte of fixed-width text slots (never read: each text is cut to its length); texts up to this many
# UTF-8 bytes go into slots.
_PAD = 1
_PADDED_TEXT_MAX = 64


def _padded_categories(column, cache):
    """(fixed-width UTF-8 bytes of each category, all of equal length) for a coded text column whose
    categories are short, non-NULL and free of the pad byte; None otherwise (then a lookup table is used)."""
    key = ("padded", id(column.categories))
    if key not in cache:
        cache[key] = None
        texts = [None if v is None else str(v).encode("utf-8") for v in column.categories]
        if texts and all(t is not None and bytes([_PAD]) not in t and b"\0" not in t for t in texts):
            width = max(1, max(len(t) for t in texts))
            if width <= _PADDED_TEXT_MAX:
                table = np.array([t.ljust(width, bytes([_PAD])) for t in texts], dtype=f"S{width}")
                cache[key] = (table, len({len(t) for t in texts}) == 1 and len(texts[0]) == width)
                cache[("lengths", id(column.categories))] = np.array([len(t) for t in texts], dtype=np.int64)
    return cache[key]


def _column_expression(column, rows, name, parameters, connection, lookups):
    """SQL for Column ``column`` at ``rows`` (row i of temp.dp_idx), its buffers added to ``parameters``;
    None when its values do not pack (then the caller falls back to executemany)."""
    if column.kind == "text":
        if column.codes is None:
            return None
        codes = np.asarray(column.codes, dtype=np.int64)[rows]
        padded = _padded_categories(column, lookups)
        if padded is not None:
            # Each row's text as a slice of one blob of fixed-width slots (no lookup per row), as long as
            # its own byte length (read from a second buffer unless every text has the slot's length;
            # cheaper than trimming the padding).
            table, equal = padded
            width = table.dtype.itemsize
            parameters[name] = table[codes].tobytes()
            if equal:
                return f"CAST(substr(:{name}, i * {width} + 1, {width}) AS TEXT)"
            length = _integer_expression(lookups[("lengths", id(column.categories))][codes], name + "n", parameters)
            return f"CAST(substr(:{name}, i * {width} + 1, {length}) AS TEXT)"
        table = f"dp_g{name}"
        if table not in lookups:
            connection.execute(f"CREATE TEMP TABLE {table} (k INTEGER PRIMARY KEY, v TEXT)")
            connection.executemany(f"INSERT INTO temp.{table} VALUES (?, ?)",
                                   enumerate(None if v is None else str(v) for v in column.categories))
            lookups[table] = True
        return f"(SELECT v FROM temp.{table} WHERE k = {_integer_expression(codes, name, parameters)})"
    values = np.asarray(column.values)
    if values.dtype.kind not in "iubf":
        return None
    values = values[rows]
    if column.kind == "int":
        values = values.astype(np.int64)
        if len(values) and int(values.max()) - int(values.min()) > _PACKED_INT_MAX:
            return None
        return _integer_expression(values, name, parameters)
    values = values.astype(float)
    null = np.isnan(values)
    finite = values[~null]
    if len(finite) and np.all(finite == finite[0]):
        parameters[name] = float(finite[0])
        return f":{name}" if not null.any() else f"(CASE WHEN {_integer_expression(null, name + 'n', parameters)} " \
                                                 f"THEN NULL ELSE :{name} END)"
    if not (np.all(np.abs(finite) < _PACKED_INT_MAX) and np.all(finite == np.round(finite))):
        return None
    expression = _integer_expression(np.where(null, 0, values).astype(np.int64), name, parameters, null)
    return f"CAST({expression} AS REAL)"


@dataclass(frozen=True)
class _IntColumn:
    """An int64 column for _insert_packed (like writers.Column, without the writer's extras)."""

    values: np.ndarray
    kind: str = "int"
    codes: object = None


def _insert_packed(connection, layer_name, names, n, blobs, srs_id, columns, schema="main"):
    """Insert rows from packed buffers (see module doc); False when some column does not pack.

    ``names`` are fid, then the geometry column if ``blobs`` is given, then one per column."""
    if blobs is not None and not isinstance(blobs, (BlobGroups, np.ndarray)):
        return False
    if blobs is None:
        groups = [(np.arange(n, dtype=np.int64), None)]
    elif isinstance(blobs, np.ndarray):
        groups = [(np.arange(n, dtype=np.int64), blobs)]
    else:
        groups = blobs.groups
    if not all(_packs(column) for column in columns):
        return False
    lookups = {}
    try:
        for rows, group in groups:
            if group is not None:
                group["srs_id"] = srs_id  # our own array (point_blobs, linestring_blob_groups)
                width = group.dtype.itemsize
            # In chunks: the bound buffers (which SQLite copies) stay small.
            for start in range(0, len(rows), _PACKED_CHUNK):
                chunk = rows[start:start + _PACKED_CHUNK]
                parameters = {"n": len(chunk)}
                expressions = [_integer_expression(chunk + 1, "fid", parameters)]
                if group is not None:
                    parameters["geom"] = group[start:start + _PACKED_CHUNK].tobytes()
                    expressions.append(f"substr(:geom, i * {width} + 1, {width})")
                for k, column in enumerate(columns):
                    expressions.append(_column_expression(column, chunk, f"c{k}", parameters, connection, lookups))
                _row_source(connection, len(chunk))
                connection.execute(
                    f"INSERT INTO {schema}.{quoted(layer_name)} ({', '.join(map(quoted, names))}) "
                    f"SELECT {', '.join(expressions)} {_ROWS}", parameters)
                del parameters
        return True
    finally:
        for (table,) in connection.execute("SELECT name FROM temp.sqlite_master WHERE type='table' AND "
                                           "name LIKE 'dp!_g%' ESCAPE '!'").fetchall():
            connection.execute(f"DROP TABLE temp.{quoted(table)}")


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
    valid = np.isfinite(bounds).all(axis=1)
    if not valid.any():
        return (None, None, None, None)
    width = bounds.shape[1]  # 4, or 2 for points (minx = maxx, miny = maxy)
    if valid.all():  # no copy of the bounds
        return (float(bounds[:, 0].min()), float(bounds[:, 1].min()), float(bounds[:, 2 % width].max()),
                float(bounds[:, 3 % width].max()))
    return tuple(float(bounds[valid, k % width].min() if k < 2 else bounds[valid, k % width].max())
                 for k in range(4))
