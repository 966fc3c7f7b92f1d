"""Bulk loading of a GeoPackage's (SQLite) R*-tree: Sort-Tile-Recursive packing written into its shadow tables.

See _bulk_load_rtree. The packing is numpy only (_plan_levels) and can run
in a thread while SQLite inserts the table's rows (_IndexPlan); writing it
(_write_levels) needs the connection.
"""

import threading

import numpy as np

from .gpkg_rows import _PACKED_CHUNK, _ROWS, _integer_expression, _row_source


class _IndexPlan:
    """_fill_spatial_index in two steps: the packing starts in a thread at once; ``write()`` waits for it
    and writes it on ``connection`` (raising the thread's error, if any)."""

    def __init__(self, connection, rtree, fids, bounds):
        self.connection = connection
        self.table, self.node_size, self.capacity = _rtree_layout(connection, rtree)
        self.plan, self.error = None, None

        def plan():
            try:
                valid = np.isfinite(bounds).all(axis=1)
                ids, valid_bounds = (fids, bounds) if valid.all() else (fids[valid], bounds[valid])
                if len(ids):
                    self.plan = _plan_levels(np.asarray(ids, dtype=np.int64), _float32_box(valid_bounds),
                                             self.capacity, 0, 2)
            except BaseException as error:  # handed to write()
                self.error = error

        self.thread = threading.Thread(target=plan, name="dp_geoprivacy R*-tree packing", daemon=True)
        self.thread.start()

    def write(self):
        self.thread.join()
        if self.error is not None:
            raise self.error
        if self.plan is not None:
            _write_levels(self.connection, self.table, self.plan, self.capacity, self.node_size)
            self.plan = None


def _fill_spatial_index(connection, rtree, fids, bounds):
    """Fill the (empty) R*-tree with (fid, minx, maxx, miny, maxy) of the rows with a finite bounding box."""
    valid = np.isfinite(bounds).all(axis=1)
    if not valid.all():
        fids, bounds = fids[valid], bounds[valid]
    del valid
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
    table, node_size, capacity = _rtree_layout(connection, rtree)
    _pack_levels(connection, table, np.asarray(fids, dtype=np.int64), _float32_box(bounds), capacity, node_size,
                 0, 2)


def _rtree_layout(connection, rtree):
    """(quoted table prefix, node size, cells per node) of an empty SQLite R*-tree."""
    table = '"' + rtree.replace('"', '""')
    node_size = connection.execute(f'SELECT length(data) FROM {table}_node" WHERE nodeno = 1').fetchone()[0]
    return table, node_size, (node_size - 4) // _RTREE_CELL.itemsize


def _float32_box(bounds):
    """(n, 4) minx, maxx, miny, maxy as float32 rounded outward (as SQLite stores them) from (n, 4) bounds
    (minx, miny, maxx, maxy) or (n, 2) points."""
    box = np.empty((len(bounds), 4), dtype=np.float32)
    for column, (source, outward) in enumerate(((0, -np.inf), (2, np.inf), (1, -np.inf), (3, np.inf))):
        exact = bounds[:, source % bounds.shape[1]]  # (n, 2) bounds: points
        rounded = exact.astype(np.float32)
        moved = rounded.astype(float) < exact if outward > 0 else rounded.astype(float) > exact
        rounded[moved] = np.nextafter(rounded[moved], np.float32(outward))
        box[:, column] = rounded
        del exact, rounded, moved
    return box


def _pack_levels(connection, table, ids, box, capacity, node_size, depth, next_node):
    """Pack ``ids`` (row ids at depth 0, else child nodes) with their float32 boxes level by level up to
    the root (node 1). ``next_node``: the first free node number."""
    _write_levels(connection, table, _plan_levels(ids, box, capacity, depth, next_node), capacity, node_size)


def _plan_levels(ids, box, capacity, depth, next_node):
    """The packing of _pack_levels, computed without the database (numpy only: it can run in a thread
    while SQLite inserts the rows): ([(leaves?, children, parent node, node numbers, boxes)], root)."""
    levels = []
    while len(ids) > capacity:
        n, n_nodes = len(ids), -(-len(ids) // capacity)
        # Vertical slices by x centre (one sort), then each slice by y centre (small sorts).
        order = np.argsort(box[:, 0] + box[:, 1])
        per_slice = int(np.ceil(np.sqrt(n_nodes))) * capacity
        y = box[order, 2] + box[order, 3]
        for start in range(0, n, per_slice):
            part = slice(start, start + per_slice)
            order[part] = order[part][np.argsort(y[part])]
        del y
        ids, box = ids[order], box[order]
        del order
        numbers = next_node + np.arange(n_nodes, dtype=np.int64)
        next_node += n_nodes
        levels.append((depth == 0, ids, np.repeat(numbers, capacity)[:n], numbers, box))
        starts = np.arange(0, n, capacity)
        box = np.column_stack((np.minimum.reduceat(box[:, 0], starts), np.maximum.reduceat(box[:, 1], starts),
                               np.minimum.reduceat(box[:, 2], starts), np.maximum.reduceat(box[:, 3], starts)))
        ids, depth = numbers, depth + 1
    return levels, (depth, ids, box)


def _write_levels(connection, table, plan, capacity, node_size):
    """Write a _plan_levels packing into the R*-tree's shadow tables (node 1 becomes the root)."""
    levels, (depth, ids, box) = plan
    while levels:
        leaves, children, parent, numbers, boxes = levels.pop(0)  # each level freed once written
        _insert_links(connection, table, leaves, children, parent)
        _insert_nodes(connection, table, numbers, children, boxes, capacity, node_size)
        del children, parent, numbers, boxes
    _insert_links(connection, table, depth == 0, ids, np.ones(len(ids), dtype=np.int64))
    root = _rtree_nodes(ids, box, capacity, node_size)[0]
    root[:2] = np.frombuffer(np.array(depth, dtype=">u2").tobytes(), dtype=np.uint8)
    connection.execute(f'UPDATE {table}_node" SET data = ? WHERE nodeno = 1', (root.tobytes(),))


def _insert_links(connection, table, leaves, children, parent):
    """%_rowid (leaves: row id -> leaf node) or %_parent (node -> parent node) rows, in key order."""
    target = f'{table}_rowid" (rowid, nodeno)' if leaves else f'{table}_parent" (nodeno, parentnode)'
    # Key order: B-tree appends, not random inserts. The keys are distinct; when they fill a range
    # (fids 1..n, node numbers) the order comes from one scatter instead of a sort.
    low = int(children.min())
    if int(children.max()) - low == len(children) - 1:
        children, parent, order = np.arange(low, low + len(children)), _scattered(parent, children - low), None
    else:
        order = np.argsort(children)
    for start in range(0, len(children), _PACKED_CHUNK):
        chunk = slice(start, start + _PACKED_CHUNK) if order is None else order[start:start + _PACKED_CHUNK]
        expressions, parameters = [], {"n": len(children[chunk])}
        for k, values in enumerate((children, parent)):
            expressions.append(_integer_expression(values[chunk], f"p{k}", parameters))
        _row_source(connection, parameters["n"])
        connection.execute(f"INSERT INTO {target} SELECT {', '.join(expressions)} {_ROWS}", parameters)


def _scattered(values, positions):
    """``out[positions] = values`` for a permutation ``positions`` of 0..n-1."""
    out = np.empty_like(values)
    out[positions] = values
    return out


def _insert_nodes(connection, table, numbers, ids, box, capacity, node_size, nodes_per_chunk=4096):
    """Insert the %_node rows of ``numbers`` (consecutive) holding ``ids``/``box``: one INSERT ... SELECT
    per ``nodes_per_chunk`` nodes reading the blobs from one bound buffer."""
    for first in range(0, len(numbers), nodes_per_chunk):
        cells = slice(first * capacity, (first + nodes_per_chunk) * capacity)
        blobs = _rtree_nodes(ids[cells], box[cells], capacity, node_size)
        parameters = {"n": len(blobs), "d": blobs.tobytes()}
        del blobs
        number = _integer_expression(numbers[first:first + nodes_per_chunk], "k", parameters)
        _row_source(connection, parameters["n"])
        connection.execute(f'INSERT INTO {table}_node" (nodeno, data) SELECT {number}, '
                           f"substr(:d, i * {node_size} + 1, {node_size}) {_ROWS}", parameters)


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
