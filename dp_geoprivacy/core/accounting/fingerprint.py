"""The ledger's fingerprint of a source: what identifies the people's data, the same in QGIS and Spark.

The fingerprint keys the privacy ledger (core.accounting.ledger). It must stay the same
for every copy of the same people's data that a publisher could release
again, or the copy would get a fresh budget: so it depends only on the
geometries (the locations are the people's data), not on the attribute
columns, their order or names, the row order, the file format, the feature
ids, Z values or multi/single-part wrapping. An ``ogr2ogr`` copy keeping two
columns, in another format, with the rows shuffled, has the same fingerprint.

Each coordinate is rounded to 1e-7 of its unit (about 1 cm in degrees, 0.1 um
in metres), so formats that write coordinates in decimal text (GeoJSON, CSV)
give the same values; each vertex's two rounded integers are mixed into a
64-bit value; a row's hash mixes the sum of its vertex values (so the
vertex order and a ring's starting point do not matter) with its vertex
count; the source's fingerprint is SHA-256 over the row count, the sums of
the rows' high and low 32-bit halves and their XOR (independent of row order,
and computable in parallel: Spark's executors hash their batches with this
same module, the driver adds the partial sums).

What it cannot see: a reprojected copy (other coordinates) or an edited one.
For those the publisher names the data (the DATASET parameter); the ledger
joins entries that share a fingerprint or a DATASET name. Equal geometries
in two different datasets merge their budgets: the safe direction.

A layer without geometry (a table) is fingerprinted from its attribute values
instead (processing/source_fingerprint.py); the fingerprint never leaves the ledger.
"""

import hashlib

import numpy as np
import shapely

SCALE = 1e7
_LIMIT = float(2**62)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_X_SALT = np.uint64(0x243F6A8885A308D3)
_Y_SALT = np.uint64(0x13198A2E03707344)
_NAN = np.int64(0x7FF8DEAD7FF8DEAD)
_VERSION = b"dp_geoprivacy fingerprint 2 (geometries)\n"


def _mix(values: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser, elementwise on uint64."""
    z = values.astype(np.uint64, copy=True)
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _rounded(values) -> np.ndarray:
    values = np.asarray(values, dtype=np.float64)
    out = np.rint(np.clip(values * SCALE, -_LIMIT, _LIMIT))
    finite = np.isfinite(values)
    result = np.where(finite, out, 0).astype(np.int64)
    result[~finite] = _NAN
    return result.view(np.uint64)


def vertex_hashes(x, y) -> np.ndarray:
    """A 64-bit value per vertex from its rounded coordinates."""
    with np.errstate(over="ignore"):
        return _mix(_mix(_rounded(x) ^ _X_SALT) + _mix(_rounded(y) ^ _Y_SALT))


def row_hashes_points(*pairs) -> np.ndarray:
    """Row hashes of rows given as coordinate columns: ``(x, y)`` pairs, one per vertex (a point: one pair; a
    trip's origin and destination: two). Equal to row_hashes_geometries of the same points or two-vertex lines;
    a vertex with a missing (NaN) coordinate is left out, as a NULL geometry has no vertex."""
    n = len(np.asarray(pairs[0][0]))
    sums = np.zeros(n, dtype=np.uint64)
    counts = np.zeros(n, dtype=np.uint64)
    for x, y in pairs:
        x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
        valid = np.isfinite(x) & np.isfinite(y)
        with np.errstate(over="ignore"):
            sums += np.where(valid, vertex_hashes(x, y), np.uint64(0))
        counts += valid.astype(np.uint64)
    return _row(sums, counts)


def row_hashes_geometries(geometries) -> np.ndarray:
    """Row hashes of shapely geometries (None or empty: a row with no vertex)."""
    geometries = np.asarray(geometries, dtype=object)
    coordinates, index = shapely.get_coordinates(geometries, return_index=True)
    n = len(geometries)
    sums = np.zeros(n, dtype=np.uint64)
    counts = np.bincount(index, minlength=n).astype(np.uint64)
    if len(index):
        hashes = vertex_hashes(coordinates[:, 0], coordinates[:, 1])
        with np.errstate(over="ignore"):
            np.add.at(sums, index, hashes)
    return _row(sums, counts)


def row_hashes_wkb(blobs) -> np.ndarray:
    """Row hashes of WKB blobs (None for NULL)."""
    return row_hashes_geometries(shapely.from_wkb(np.asarray(blobs, dtype=object), on_invalid="ignore"))


def _row(sums, counts):
    with np.errstate(over="ignore"):
        return _mix(_mix(sums) ^ (counts * _GOLDEN))


class Fingerprint:
    """Order-independent accumulator of row hashes; ``add`` batches (or partial sums), then ``hexdigest``."""

    def __init__(self):
        self.rows = 0
        self.high = 0
        self.low = 0
        self.xor = 0

    def add(self, row_hashes: np.ndarray) -> "Fingerprint":
        row_hashes = np.asarray(row_hashes, dtype=np.uint64)
        self.add_partial(*partial(row_hashes))
        return self

    def add_partial(self, rows: int, high: int, low: int, xor: int) -> None:
        self.rows += int(rows)
        self.high += int(high)
        self.low += int(low)
        self.xor ^= int(xor) & 0xFFFFFFFFFFFFFFFF

    def hexdigest(self) -> str:
        digest = hashlib.sha256(_VERSION)
        digest.update(repr((self.rows, self.high, self.low, self.xor)).encode())
        return digest.hexdigest()


def partial(row_hashes: np.ndarray):
    """(rows, sum of high halves, sum of low halves, XOR) of a batch's row hashes, as Python ints."""
    row_hashes = np.asarray(row_hashes, dtype=np.uint64)
    high = int(np.sum(row_hashes >> np.uint64(32), dtype=np.uint64))  # < 2**32 per row: exact below 2**32 rows
    low = int(np.sum(row_hashes & np.uint64(0xFFFFFFFF), dtype=np.uint64))
    xor = int(np.bitwise_xor.reduce(row_hashes)) if len(row_hashes) else 0
    return len(row_hashes), high, low, xor


def of_geometries(geometries) -> str:
    """The fingerprint of a whole source given as shapely geometries."""
    return Fingerprint().add(row_hashes_geometries(geometries)).hexdigest()
