"""Filling a new GeoPackage point table from batches, in bounded memory (laplaceperturbation at scale).

Each batch's rows (output position, source fid, a coarse x key and the
GeoPackage point blob) go to a temporary table on disk as they come. Then
one INSERT ... SELECT copies them into the output in position order (a
random order: SQLite's sorter spills to disk), taking the attributes from
the source table, and fids 1..n follow that order. The R*-tree is packed
as ``gpkg_fill`` packs it (Sort-Tile-Recursive), but its leaves are built
one vertical slice at a time from the rows sorted by x in SQLite; only the
leaf boxes (one per 51 points) are kept for the levels above. Nothing of
size n lives in Python except what the caller holds.
"""

import sqlite3

import numpy as np

from .gpkg_fill import _GPKG_POINT, point_blobs, quoted
from .gpkg_rows import _PACKED_CHUNK, _ROWS, _integer_expression, _row_source
from .gpkg_rtree import _float32_box, _insert_nodes, _pack_levels, _rtree_layout

# Resolution of the integer x key the leaves are sorted by (any order works for a valid tree; this one
# keeps the packing as tight as an exact sort).
_X_KEY_STEPS = 1 << 40


def fill_points_stream(path, layer_name, batches, n, copy, x_range, check):
    """Fill the empty point table ``layer_name`` of the GeoPackage ``path``; returns the rows written.

    ``batches`` yields (source fids, output positions (0..n-1, distinct), xy
    (k, 2), positions dropped (points that could not be written)); dropped
    positions leave no gap: fids are 1..rows in position order. ``copy``: a
    gpkg_fill.SourceCopy (its fids are not used) naming the table whose
    other attributes are copied. ``x_range`` (low, high): the expected span
    of x, for the sort key. ``check()`` is called between batches (raise to
    cancel).
    """
    # No statement cache: a cached statement keeps its bound buffers (megabytes per packed insert).
    connection = sqlite3.connect(str(path), isolation_level=None, cached_statements=0)
    try:
        # SQLite's default 4 KiB pages: its sorter holds 250 pages in memory (64 KiB pages: 16 MB).
        connection.execute("PRAGMA journal_mode=MEMORY")
        connection.execute("PRAGMA synchronous=OFF")
        # Small caches: the rows live in files (main, temporary) and SQLite's sorter spills to disk.
        connection.execute("PRAGMA cache_size=-1024")
        connection.execute("PRAGMA temp_store=FILE")
        connection.execute("PRAGMA temp.cache_size=-1024")
        geometry, srs_id = connection.execute(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name=?", (layer_name,)).fetchone()
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger' AND tbl_name=?", (layer_name,)).fetchall()
        connection.execute("ATTACH DATABASE ? AS src", (copy.path,))
        connection.execute("PRAGMA src.cache_size=-512")
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {quoted(name)}")
        connection.execute("CREATE TEMP TABLE dp_points (k INTEGER, src_fid INTEGER, xk INTEGER, geom BLOB)")
        written, low, high = [], None, None
        low_x, span = float(x_range[0]), max(float(x_range[1]) - float(x_range[0]), 1e-9)
        for fids, positions, xy, dropped in batches:
            check()
            if len(dropped):
                written.append(np.asarray(dropped, dtype=np.int64))
            if not len(fids):
                continue
            key = np.clip((xy[:, 0] - low_x) / span * _X_KEY_STEPS, 0, _X_KEY_STEPS).astype(np.int64)
            blobs = point_blobs(xy)
            blobs["srs_id"] = srs_id
            for start in range(0, len(fids), _PACKED_CHUNK):
                part = slice(start, start + _PACKED_CHUNK)
                parameters = {"n": len(fids[part]), "geom": blobs[part].tobytes()}
                expressions = [_integer_expression(np.asarray(values[part], dtype=np.int64), name, parameters)
                               for name, values in (("k", positions), ("s", fids), ("x", key))]
                _row_source(connection, parameters["n"])
                width = blobs.dtype.itemsize
                connection.execute(
                    f"INSERT INTO temp.dp_points (k, src_fid, xk, geom) SELECT {', '.join(expressions)}, "
                    f"substr(:geom, i * {width} + 1, {width}) {_ROWS}", parameters)
            low = xy.min(axis=0) if low is None else np.minimum(low, xy.min(axis=0))
            high = xy.max(axis=0) if high is None else np.maximum(high, xy.max(axis=0))
        rows = connection.execute("SELECT count(*) FROM temp.dp_points").fetchone()[0]
        check()
        fields = [r[1] for r in connection.execute(f"PRAGMA main.table_info({quoted(layer_name)})")]
        attributes = [f for f in fields if f not in ("fid", geometry)]
        target = ", ".join(map(quoted, [geometry] + attributes))
        selected = ", ".join(["r.geom"] + ["s." + quoted(c) for c in attributes])
        connection.execute(
            f"INSERT INTO main.{quoted(layer_name)} ({target}) SELECT {selected} FROM temp.dp_points r "
            f"JOIN src.{quoted(copy.layer_name)} s ON s.{quoted(copy.fid_column)} = r.src_fid ORDER BY r.k")
        check()
        missing = np.sort(np.concatenate(written)) if written else np.empty(0, dtype=np.int64)
        if rows:
            _streamed_rtree(connection, f"rtree_{layer_name}_{geometry}", rows, missing)
            connection.execute("UPDATE gpkg_contents SET min_x=?, min_y=?, max_x=?, max_y=? WHERE table_name=?",
                               (float(low[0]), float(low[1]), float(high[0]), float(high[1]), layer_name))
        connection.execute("DROP TABLE temp.dp_points")
        for _name, sql in triggers:
            connection.execute(sql)
        connection.execute("UPDATE gpkg_ogr_contents SET feature_count=? WHERE lower(table_name)=lower(?)",
                           (rows, layer_name))
        connection.execute("COMMIT")
        connection.execute("DETACH DATABASE src")
        return rows
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()


def _streamed_rtree(connection, rtree, rows, missing):
    """Pack the R*-tree of temp.dp_points (see module doc); fid = position + 1 - positions missing below."""
    table, node_size, capacity = _rtree_layout(connection, rtree)
    connection.execute("CREATE TEMP TABLE dp_sorted AS SELECT k, geom FROM temp.dp_points ORDER BY xk")
    connection.execute("CREATE TEMP TABLE dp_links (fid INTEGER, node INTEGER)")
    n_nodes = -(-rows // capacity)
    per_slice = int(np.ceil(np.sqrt(n_nodes))) * capacity
    leaf_numbers, leaf_boxes, next_node = [], [], 2
    for first in range(0, rows, per_slice):
        k_text, geom_hex = connection.execute(
            f"SELECT group_concat(k + {10**15}, ''), group_concat(hex(geom), '') FROM temp.dp_sorted "
            "WHERE rowid BETWEEN ? AND ?", (first + 1, first + per_slice)).fetchone()
        positions = np.frombuffer(k_text.encode("ascii"), dtype="S16").astype(np.int64) - 10**15
        points = np.frombuffer(bytes.fromhex(geom_hex), dtype=_GPKG_POINT)
        del k_text, geom_hex
        fids = positions + 1 - (np.searchsorted(missing, positions) if len(missing) else 0)
        xy = np.column_stack((points["x"], points["y"]))
        order = np.argsort(xy[:, 1], kind="stable")
        fids, box = fids[order], _float32_box(xy[order])
        count = len(fids)
        numbers = next_node + np.arange(-(-count // capacity), dtype=np.int64)
        next_node += len(numbers)
        node_of = np.repeat(numbers, capacity)[:count]
        parameters = {"n": count}
        expressions = [_integer_expression(fids, "f", parameters), _integer_expression(node_of, "m", parameters)]
        _row_source(connection, count)
        connection.execute(f"INSERT INTO temp.dp_links (fid, node) SELECT {', '.join(expressions)} {_ROWS}",
                           parameters)
        _insert_nodes(connection, table, numbers, fids, box, capacity, node_size)
        starts = np.arange(0, count, capacity)
        leaf_numbers.append(numbers)
        leaf_boxes.append(np.column_stack((
            np.minimum.reduceat(box[:, 0], starts), np.maximum.reduceat(box[:, 1], starts),
            np.minimum.reduceat(box[:, 2], starts), np.maximum.reduceat(box[:, 3], starts))))
    connection.execute(f'INSERT INTO {table}_rowid" (rowid, nodeno) SELECT fid, node FROM temp.dp_links ORDER BY fid')
    connection.execute("DROP TABLE temp.dp_links")
    connection.execute("DROP TABLE temp.dp_sorted")
    numbers, boxes = np.concatenate(leaf_numbers), np.concatenate(leaf_boxes)
    if len(numbers) == 1:
        # One leaf: it becomes the root (depth 0), its rows already linked above.
        _move_leaf_to_root(connection, table, int(numbers[0]))
        return
    _pack_levels(connection, table, numbers, boxes, capacity, node_size, 1, next_node)


def _move_leaf_to_root(connection, table, leaf):
    """Make the single leaf node ``leaf`` the root (node 1, depth 0) and point its rows at it."""
    data = connection.execute(f'SELECT data FROM {table}_node" WHERE nodeno = ?', (leaf,)).fetchone()[0]
    connection.execute(f'DELETE FROM {table}_node" WHERE nodeno = ?', (leaf,))
    connection.execute(f'UPDATE {table}_node" SET data = ? WHERE nodeno = 1', (data,))
    connection.execute(f'UPDATE {table}_rowid" SET nodeno = 1')

