"""Rows for INSERT ... SELECT from packed buffers (no Python object per row).

Values are laid out in bound blobs (integers as fixed-width decimal digits,
fixed-width slots of bytes) and read row by row with substr(); the rows
i = 0..n-1 come from a temporary table of row numbers. Shared by the
GeoPackage writers (gpkg_fill, gpkg_rtree, gpkg_stream).
"""

import numpy as np

# Rows i = 0..n-1 for INSERT ... SELECT from packed buffers: a scan of a temporary table of row numbers
# (made once per connection by _row_source), about twice as fast per row as a recursive CTE.
_ROWS = "FROM temp.dp_idx WHERE i < :n"
# Integers up to this magnitude are packed as digits (a REAL column holds them exactly: below 2**53).
_PACKED_INT_MAX = 1 << 52
# Rows per INSERT ... SELECT statement.
_PACKED_CHUNK = 1 << 18


def _row_source(connection, n):
    """Make sure temp.dp_idx holds the row numbers 0..n-1 (at most _PACKED_CHUNK; grown when needed)."""
    have = connection.execute("SELECT count(*) FROM temp.sqlite_master WHERE name = 'dp_idx'").fetchone()[0]
    if not have:
        connection.execute("CREATE TEMP TABLE dp_idx (i INTEGER PRIMARY KEY)")
        start = 0
    else:
        start = connection.execute("SELECT coalesce(max(i) + 1, 0) FROM temp.dp_idx").fetchone()[0]
    if start < n:
        connection.execute("WITH RECURSIVE s(i) AS (SELECT :a UNION ALL SELECT i + 1 FROM s WHERE i + 1 < :b) "
                           "INSERT INTO temp.dp_idx SELECT i FROM s", {"a": start, "b": n})


def _digits(values):
    """Non-negative integers as fixed-width ASCII digits in one buffer: (bytes, width)."""
    values = np.asarray(values, dtype=np.int64)
    width = len(str(int(values.max()))) if len(values) else 1
    out = np.empty((len(values), width), dtype=np.uint8)
    rest = values.copy()
    for k in range(width - 1, -1, -1):
        out[:, k] = 48 + rest % 10
        rest //= 10
    return out.tobytes(), width


def _integer_expression(values, name, parameters, null=None):
    """SQL reading integer ``values`` (row i of temp.dp_idx) from a digits buffer bound as ``name``.

    ``null``: mask of rows that read as NULL (stored as 0, the others as value - min + 1).
    """
    values = np.asarray(values, dtype=np.int64)
    if null is None and len(values) and int(values[-1]) - int(values[0]) == len(values) - 1 and (
            len(values) == 1 or bool(np.all(np.diff(values) == 1))):
        return f"(i + {int(values[0])})"  # consecutive (fids in order): no buffer to parse
    low = int(values[~null].min()) if null is not None and (~null).any() else int(values.min()) if len(values) else 0
    if null is None:
        digits, width = _digits(values - low)
        parameters[name] = digits
        return f"(CAST(substr(:{name}, i * {width} + 1, {width}) AS INTEGER) + {low})"
    shifted = np.where(null, 0, values - low + 1)
    digits, width = _digits(shifted)
    parameters[name] = digits
    return f"(nullif(CAST(substr(:{name}, i * {width} + 1, {width}) AS INTEGER), 0) + {low - 1})"
