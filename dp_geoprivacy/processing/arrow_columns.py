"""Arrow record batches of GDAL's Arrow stream read directly through the C data interface.

No Python object per row: each batch's validity bitmap, fixed-width values and
variable-width (text, blob) offsets are copied out as numpy arrays. Used by
``readers`` and ``trip_reader``; nothing here is QGIS.
"""

import ctypes
from dataclasses import dataclass
from typing import Optional

import numpy as np


class _ArrowSchema(ctypes.Structure):
    pass


_ArrowSchema._fields_ = [
    ("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_void_p),
    ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64),
    ("children", ctypes.POINTER(ctypes.POINTER(_ArrowSchema))), ("dictionary", ctypes.c_void_p),
    ("release", ctypes.c_void_p), ("private_data", ctypes.c_void_p)]


class _ArrowArray(ctypes.Structure):
    pass


_ArrowArray._fields_ = [
    ("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64), ("buffers", ctypes.POINTER(ctypes.c_void_p)),
    ("children", ctypes.POINTER(ctypes.POINTER(_ArrowArray))), ("dictionary", ctypes.c_void_p),
    ("release", ctypes.c_void_p), ("private_data", ctypes.c_void_p)]

# Arrow formats read by arrow_columns: fixed-width numbers, and variable-width binary/UTF-8.
_ARROW_FIXED = {b"l": np.int64, b"i": np.int32, b"s": np.int16, b"g": np.float64, b"f": np.float32}
_ARROW_VARIABLE = {b"z": np.int32, b"u": np.int32, b"Z": np.int64, b"U": np.int64}
ARROW_FORMATS = frozenset(_ARROW_FIXED) | frozenset(_ARROW_VARIABLE)


@dataclass
class ArrowColumn:
    """One column of an Arrow batch, copied out of GDAL's buffers.

    ``valid``: bool per row (None: no NULL). Fixed-width columns: ``values``
    (numpy). Binary and text columns: ``data`` (uint8, every value joined),
    ``starts`` and ``lengths`` (int64 per row, into ``data``; 0 for NULL).
    """

    format: bytes
    length: int
    valid: Optional[np.ndarray]
    values: Optional[np.ndarray] = None
    data: Optional[np.ndarray] = None
    starts: Optional[np.ndarray] = None
    lengths: Optional[np.ndarray] = None


def _buffer(address, dtype, count):
    """``count`` items of ``dtype`` at ``address``, copied into a numpy array."""
    dtype = np.dtype(dtype)
    if not count:
        return np.empty(0, dtype)
    return np.frombuffer((ctypes.c_char * (count * dtype.itemsize)).from_address(address), dtype=dtype).copy()


def arrow_schema_formats(stream) -> dict:
    """{column name: Arrow format} of a GDAL ArrowArrayStream's record batches."""
    owner = stream.GetSchema()  # kept alive (it owns the C struct) while the names are read
    schema = _ArrowSchema.from_address(owner._getPtr())
    formats = {schema.children[k].contents.name.decode("utf-8"): bytes(schema.children[k].contents.format)
               for k in range(schema.n_children)}
    del schema, owner
    return formats


def arrow_columns(stream, formats):
    """Yield each record batch of a GDAL ArrowArrayStream as {name: ArrowColumn} (formats from
    arrow_schema_formats; every one must be in ARROW_FORMATS)."""
    names = list(formats)
    while True:
        batch = stream.GetNextRecordBatch()
        if batch is None:
            return
        array = _ArrowArray.from_address(batch._getPtr())
        out = {}
        for k, name in enumerate(names):
            child = array.children[k].contents
            n, first, buffers = int(child.length), int(child.offset), child.buffers
            valid = None
            if child.null_count and buffers[0]:
                bits = _buffer(buffers[0], np.uint8, (first + n + 7) // 8)
                valid = np.unpackbits(bits, bitorder="little")[first:first + n].astype(bool)
            kind = formats[name]
            if kind in _ARROW_FIXED:
                values = _buffer(buffers[1] + first * np.dtype(_ARROW_FIXED[kind]).itemsize, _ARROW_FIXED[kind], n)
                out[name] = ArrowColumn(kind, n, valid, values=values)
            else:
                offsets = _buffer(buffers[1], _ARROW_VARIABLE[kind], first + n + 1)[first:].astype(np.int64)
                data = _buffer(buffers[2], np.uint8, int(offsets[-1])) if n else np.empty(0, np.uint8)
                lengths = np.diff(offsets)
                if valid is not None:
                    lengths[~valid] = 0
                out[name] = ArrowColumn(kind, n, valid, data=data, starts=offsets[:-1], lengths=lengths)
        del batch
        yield out


def arrow_text_array(column: ArrowColumn, max_width: int = 64):
    """A binary/text ArrowColumn as a fixed-width bytes array ('S' dtype, NUL-padded: NULL as b''), or None
    when a value is longer than ``max_width`` bytes."""
    n = column.length
    width = int(column.lengths.max()) if n else 0
    if width > max_width:
        return None
    width = max(width, 1)
    if n and np.all(column.lengths == width) and np.all(np.diff(column.starts) == width):
        return column.data[int(column.starts[0]):int(column.starts[0]) + n * width].view(f"S{width}").copy()
    position = np.arange(width)
    inside = position < column.lengths[:, None]
    index = np.where(inside, column.starts[:, None] + position, 0)
    cells = np.where(inside, column.data[index] if len(column.data) else 0, 0).astype(np.uint8)
    return np.ascontiguousarray(cells).view(f"S{width}").ravel()
