"""The local file behind a Processing parameter value (inputs and outputs), for the checks in base.py."""

from pathlib import Path

from qgis.core import (
    QgsMapLayer,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingOutputLayerDefinition,
    QgsProcessingUtils,
)

from .readers import first_layer_name


def file_path(value, context=None):
    """The local file behind a raw parameter value (a path, 'path|layername=...', a layer, a layer id, a
    feature source or an output definition), or None when it is not a file (memory layers, temporary
    outputs, database URIs)."""
    return file_source(value, context)[0]


def first_layer(path):
    """The name of a file's first layer ('' when it cannot be read)."""
    try:
        return first_layer_name(str(path))
    except Exception:  # noqa: BLE001 (not a layer file: nothing to compare)
        return ""


def file_source(value, context=None):
    """(the local file behind a raw parameter value, the layer name it gives or None), see file_path;
    (None, None) when it is not a file."""
    if isinstance(value, QgsProcessingOutputLayerDefinition):
        value = value.sink.staticValue()
    elif isinstance(value, QgsProcessingFeatureSourceDefinition):
        value = value.source.staticValue()
    if isinstance(value, str) and context is not None and value and not Path(value.split("|")[0]).exists():
        layer = QgsProcessingUtils.mapLayerFromString(value, context, False)  # a layer id: no new layer loaded
        value = layer if layer is not None else value
    if isinstance(value, QgsMapLayer):
        value = value.source()
    if not isinstance(value, str) or not value or value == "TEMPORARY_OUTPUT" or "://" in value \
            or value.startswith(("memory:", "postgres", "ogr:", "spatialite:", "dbname=")):
        return None, None
    layer_name = next((part.split("=", 1)[1] for part in value.split("|")[1:] if part.startswith("layername=")), None)
    return Path(value.split("|")[0]), layer_name
