"""The fingerprint of an algorithm's input for the privacy ledger (processing/budget.py uses it).

core.accounting.fingerprint's, of the geometries only (the same for any copy in any format, any columns or row
order, and the same as the Spark path's), taken over the WHOLE layer the input comes from (a selection, a layer
filter or PARTITION's selection is ignored); a table without geometry is fingerprinted from its attribute values.
It goes only into the ledger, never into a published output, a privacy record or a report.
"""

import hashlib
import zlib

import numpy as np
from osgeo import ogr
from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProcessingUtils, QgsProviderRegistry, QgsVectorLayer

from ..core.accounting import fingerprint as geometry_fingerprint
from ..translation import tr
from .privacy_metadata import lineage_of
from .readers import display_name


def source_fingerprint(algorithm, parameters, name, context, feedback):
    """(fingerprint of the whole input layer, the layer's name, its lineage); see the module docstring.

    The fingerprint is core.accounting.fingerprint's, of the geometries only (the same for any copy in any format, any
    columns or row order, and the same as the Spark path's); a table without geometry is fingerprinted from
    its attribute values. The lineage: the fingerprints a preparation step (tripends) recorded in the layer's
    metadata as its parents.
    """
    layer = input_layer(algorithm, parameters, name, context)
    keep_alive = None
    parents = lineage_of(layer) if layer is not None else ()
    if layer is not None:
        whole = _unfiltered(layer)
        if whole is None:
            feedback.pushWarning(tr(
                "The input's filter could not be removed for the fingerprint; the ledger fingerprints "
                "the filtered features only."))
            whole = layer
        keep_alive = whole
        parameters = {name: whole}
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    dataset = ogr.Open(path)
    try:
        ogr_layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = ogr_layer.GetLayerDefn()
        names = sorted(definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount()))
        geometry_column = ogr_layer.GetGeometryColumn()
        if geometry_column:
            ogr_layer.SetIgnoredFields(names)
            accumulator = geometry_fingerprint.Fingerprint()
            for batch in ogr_layer.GetArrowStreamAsNumPy(options=["USE_MASKED_ARRAYS=YES"]):
                blobs = batch[geometry_column]
                missing = np.ma.getmaskarray(blobs)
                accumulator.add(geometry_fingerprint.row_hashes_wkb(
                    [None if gone else b for b, gone in zip(np.ma.getdata(blobs).tolist(), missing.tolist())]))
            fingerprint = accumulator.hexdigest()
        else:
            fingerprint = _table_fingerprint(ogr_layer, names)
    finally:
        dataset = None  # noqa: F841 (closes the dataset)
    source_name = display_name(layer.name(), path, layer_name) if layer is not None else name
    del keep_alive
    return fingerprint, source_name, parents


def _table_fingerprint(ogr_layer, names):
    """A table without geometry: every row's attribute values hashed (field-name order), rows sorted."""
    digest = hashlib.sha256()
    digest.update(repr((names, False)).encode())
    parts = [_row_hashes([batch[n] for n in names])
             for batch in ogr_layer.GetArrowStreamAsNumPy(options=["USE_MASKED_ARRAYS=YES"])]
    rows = np.sort(np.concatenate(parts)) if parts else np.empty(0, np.uint64)
    digest.update(rows.astype("<u8").tobytes())
    return digest.hexdigest()


def input_layer(algorithm, parameters, name, context):
    """The map layer behind the input parameter (also for 'selected features only'), or None."""
    value = parameters.get(name)
    if isinstance(value, QgsProcessingFeatureSourceDefinition):
        layer = QgsProcessingUtils.mapLayerFromString(value.source.valueAsString(context.expressionContext())[0],
                                                      context)
        return layer if isinstance(layer, QgsVectorLayer) else None
    return algorithm.parameterAsVectorLayer(parameters, name, context)


def _unfiltered(layer):
    """The layer without its filter (subset string); None if that cannot be done."""
    if not layer.subsetString():
        return layer
    registry = QgsProviderRegistry.instance()
    parts = registry.decodeUri(layer.providerType(), layer.source())
    if "subset" not in parts:
        return None
    parts.pop("subset")
    whole = QgsVectorLayer(registry.encodeUri(layer.providerType(), parts), "unfiltered", layer.providerType())
    return whole if whole.isValid() and not whole.subsetString() else None


_MIX = np.uint64(0x9E3779B97F4A7C15)
_NULL = np.uint64(0x6A09E667F3BCC909)


def _row_hashes(columns) -> np.ndarray:
    """A 64-bit hash per row combining every column's value hash (order of columns fixed by the caller)."""
    n = len(columns[0]) if columns else 0
    row = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for index, values in enumerate(columns):
            value = _value_hashes(values) ^ np.uint64(index + 1)
            row = (row * _MIX) ^ value
            row ^= row >> np.uint64(29)
    return row


def _value_hashes(values) -> np.ndarray:
    mask = np.ma.getmaskarray(values)
    data = np.ma.getdata(values)
    if data.dtype.kind == "f":
        hashed = np.ascontiguousarray(data.astype("<f8")).view("<u8").astype(np.uint64)
    elif data.dtype.kind in "iub":
        hashed = np.ascontiguousarray(data.astype("<i8")).view("<u8").astype(np.uint64)
    elif data.dtype.kind in "Mm":
        hashed = np.ascontiguousarray(data.astype("<i8", copy=False)).view("<u8").astype(np.uint64)
    else:
        blobs = [b"" if v is None else v if isinstance(v, bytes) else bytes(v) if isinstance(v, (bytearray, memoryview))
                 else str(v).encode("utf-8") for v in data.tolist()]
        crc = np.fromiter(map(zlib.crc32, blobs), dtype=np.uint64, count=len(blobs))
        adler = np.fromiter(map(zlib.adler32, blobs), dtype=np.uint64, count=len(blobs))
        hashed = (crc << np.uint64(32)) | adler
    with np.errstate(over="ignore"):
        hashed = hashed * _MIX
    hashed[mask] = _NULL
    return hashed
