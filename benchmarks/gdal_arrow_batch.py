"""Arrow C data for GDAL's own writer (OGRLayer::WriteArrowBatch, GDAL >= 3.8), built from numpy with ctypes.

GDAL's Python bindings take an ``ogr.ArrowSchema`` and ``ogr.ArrowArray``
(plain C structs of the Arrow C data interface); pyarrow is not needed: the
structs are filled here, pointing at numpy buffers that stay alive until the
write returns. One batch is a struct array whose children are the columns:
int64 ("l"), float64 ("g"), UTF-8 text ("u") and binary WKB geometry ("z",
tagged with the ``ogc.wkb`` Arrow extension so GDAL takes it as the geometry).

Used by bench_gpkg_writer.py to measure GDAL's writer against the plugin's
hand-written SQLite path (processing/gpkg_fill.py); see there for the result.
"""

import ctypes
import struct

import numpy as np
from osgeo import gdal, ogr


def available() -> bool:
    """Whether this GDAL offers OGRLayer::WriteArrowBatch to Python (GDAL >= 3.8)."""
    return int(gdal.VersionInfo()) >= 3080000 and hasattr(ogr.Layer, "WriteArrowBatch") and hasattr(
        ogr, "ArrowArray") and hasattr(ogr, "ArrowSchema")


class _Schema(ctypes.Structure):
    pass


_SCHEMA_RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(_Schema))
_Schema._fields_ = [
    ("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_void_p),
    ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64), ("children", ctypes.POINTER(ctypes.POINTER(_Schema))),
    ("dictionary", ctypes.c_void_p), ("release", _SCHEMA_RELEASE), ("private_data", ctypes.c_void_p),
]


class _Array(ctypes.Structure):
    pass


_ARRAY_RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(_Array))
_Array._fields_ = [
    ("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64), ("buffers", ctypes.POINTER(ctypes.c_void_p)),
    ("children", ctypes.POINTER(ctypes.POINTER(_Array))), ("dictionary", ctypes.c_void_p),
    ("release", _ARRAY_RELEASE), ("private_data", ctypes.c_void_p),
]


@_SCHEMA_RELEASE
def _release_schema(schema):
    children = schema.contents.children
    for i in range(schema.contents.n_children):
        children[i].contents.release = _SCHEMA_RELEASE()
    schema.contents.release = _SCHEMA_RELEASE()


@_ARRAY_RELEASE
def _release_array(array):
    children = array.contents.children
    for i in range(array.contents.n_children):
        children[i].contents.release = _ARRAY_RELEASE()
    array.contents.release = _ARRAY_RELEASE()


_FLAG_NULLABLE = 2
_WKB_METADATA = b"".join((struct.pack("<i", 1), struct.pack("<i", 20), b"ARROW:extension:name",
                          struct.pack("<i", 7), b"ogc.wkb"))


def _validity(mask):
    """An Arrow validity bitmap (1 = valid, LSB first) from a boolean 'is null' mask, or None."""
    if mask is None or not mask.any():
        return None, 0
    return np.packbits(~mask, bitorder="little"), int(mask.sum())


def _bytes_column(values):
    """(offsets int32, data uint8, null mask) of a sequence of bytes (None for NULL)."""
    lengths = np.fromiter((0 if v is None else len(v) for v in values), dtype=np.int64, count=len(values))
    offsets = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    if offsets[-1] >= 2**31:
        raise OverflowError("column too large for one Arrow batch")
    data = np.frombuffer(b"".join(v for v in values if v is not None), dtype=np.uint8)
    mask = np.fromiter((v is None for v in values), dtype=bool, count=len(values))
    return offsets.astype(np.int32), data, mask


class Batch:
    """Columns for one WriteArrowBatch call; ``keep`` holds every buffer and struct alive."""

    def __init__(self, length: int):
        self.length = length
        self.columns = []  # (name, format, metadata, buffers, null_count)
        self.keep = []

    def add_int64(self, name, values):
        values = np.ascontiguousarray(values, dtype=np.int64)
        self.columns.append((name, b"l", None, [None, values], 0))

    def add_float64(self, name, values):
        values = np.ascontiguousarray(values, dtype=np.float64)
        validity, nulls = _validity(np.isnan(values))
        self.columns.append((name, b"g", None, [validity, values], nulls))

    def add_text(self, name, values):
        encoded = [None if v is None else str(v).encode("utf-8") for v in np.asarray(values, dtype=object).tolist()]
        offsets, data, mask = _bytes_column(encoded)
        validity, nulls = _validity(mask)
        self.columns.append((name, b"u", None, [validity, offsets, data], nulls))

    def add_wkb(self, name, blobs):
        offsets, data, mask = _bytes_column(blobs)
        validity, nulls = _validity(mask)
        self.columns.append((name, b"z", _WKB_METADATA, [validity, offsets, data], nulls))

    def write(self, layer, options=()):
        """Write the batch to the OGR layer; raises RuntimeError when GDAL refuses it."""
        schema, array = ogr.ArrowSchema(), ogr.ArrowArray()
        self._fill(_Schema.from_address(schema._getPtr()), _Array.from_address(array._getPtr()))
        result = layer.WriteArrowBatch(schema, array, list(options))
        if result != ogr.OGRERR_NONE:
            raise RuntimeError(f"WriteArrowBatch failed ({result}): {gdal.GetLastErrorMsg()}")
        del schema, array  # their destructors call our release callbacks
        self.keep.clear()

    def _fill(self, top_schema, top_array):
        n = len(self.columns)
        schema_children = (ctypes.POINTER(_Schema) * n)()
        array_children = (ctypes.POINTER(_Array) * n)()
        for i, (name, fmt, metadata, buffers, nulls) in enumerate(self.columns):
            child_schema = _Schema(format=fmt, name=name.encode("utf-8"), flags=_FLAG_NULLABLE,
                                   release=_release_schema)
            if metadata is not None:
                text = ctypes.create_string_buffer(metadata, len(metadata))
                child_schema.metadata = ctypes.addressof(text)
                self.keep.append(text)
            pointers = (ctypes.c_void_p * len(buffers))(
                *[None if b is None else b.ctypes.data for b in buffers])
            child_array = _Array(length=self.length, null_count=nulls, n_buffers=len(buffers),
                                 buffers=pointers, release=_release_array)
            schema_children[i] = ctypes.pointer(child_schema)
            array_children[i] = ctypes.pointer(child_array)
            self.keep += [child_schema, child_array, pointers, buffers]
        top_buffers = (ctypes.c_void_p * 1)(None)
        self.keep += [schema_children, array_children, top_buffers]
        top_schema.format, top_schema.name, top_schema.flags = b"+s", b"", 0
        top_schema.n_children, top_schema.children, top_schema.release = n, schema_children, _release_schema
        top_array.length, top_array.null_count, top_array.n_buffers = self.length, 0, 1
        top_array.buffers, top_array.n_children = top_buffers, n
        top_array.children, top_array.release = array_children, _release_array
