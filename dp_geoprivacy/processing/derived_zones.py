"""Zones and extents that come from the data itself are not public (issue 19 item 5).

A release's cells must be public declarations. Two ways data slip in:

- EXTENT given as the input layer (or a copy of it): its bounding box, to
  the metre, is the data's, and it chooses the cells and goes into the
  record. Refused when EXTENT is the input layer or a layer with the same
  content (the ledger's fingerprint, processing.budget, compared here and
  never written anywhere).
- ZONES (or EXTENT) made by dp_geoprivacy:h3grid from a layer's extent: the
  grid records where it came from (a note naming the layer's source,
  ``derived_note``), and a release on that same source refuses it.

h3grid cannot tell a public boundary layer from a data layer, so it marks
every grid made from a layer; only the release on the same source refuses
it. A grid made from a copy of the data under another name is caught only
when given as EXTENT (by content), not as ZONES: the help says so.
"""

import re
from pathlib import Path

from qgis.core import QgsProcessingException, QgsProcessingUtils, QgsVectorLayer

from ..translation import tr
from .privacy_metadata import records_in
from .readers import first_layer_name

DERIVED_PREFIX = "Data-derived tessellation: the H3 cells covering the extent of the layer "
# An extent typed as text: "xmin,xmax,ymin,ymax [EPSG:...]".
_EXTENT_TEXT = re.compile(r"^\s*[-+0-9.eE]+\s*,\s*[-+0-9.eE]+\s*,\s*[-+0-9.eE]+\s*,\s*[-+0-9.eE]+\s*(\[.*\])?\s*$")


def source_identity(layer) -> str:
    """The file and layer a vector layer reads, as 'resolved path|layername=name' (its source string else)."""
    parts = layer.source().split("|")
    path = Path(parts[0])
    if not path.exists():
        return layer.source()
    names = [p[len("layername="):] for p in parts[1:] if p.startswith("layername=")]
    return f"{path.resolve()}|layername={names[0] if names else first_layer_name(str(path))}"


def extent_layer(parameters, name, context):
    """The vector layer an extent parameter was given as, or None (a typed extent, a raster, nothing)."""
    value = parameters.get(name)
    if isinstance(value, QgsVectorLayer):
        return value
    if not isinstance(value, str) or not value.strip() or _EXTENT_TEXT.match(value):
        return None
    layer = QgsProcessingUtils.mapLayerFromString(value, context)
    return layer if isinstance(layer, QgsVectorLayer) and layer.isValid() else None


def derived_note(layer) -> str:
    """The note h3grid writes into a grid made from ``layer``'s extent."""
    return DERIVED_PREFIX + source_identity(layer) + tr(
        ". If that layer holds the data a release protects, this grid shows the data's extent: it is not a public "
        "tessellation for releases on that layer (they refuse it).")


def refuse_data_derived(algorithm, parameters, context, feedback, *, input_parameter="INPUT", zones="ZONES",
                        extent="EXTENT"):
    """Refuse an EXTENT that is the input (by source or content) and ZONES/EXTENT made by h3grid from the input."""
    data = algorithm.parameterAsVectorLayer(parameters, input_parameter, context)
    if data is None:
        return
    identity = source_identity(data)
    for name in (zones, extent):
        layer = extent_layer(parameters, name, context) if parameters.get(name) not in (None, "") else None
        if layer is None:
            continue
        records = records_in(layer.metadata())
        if not records:  # formats without metadata: the .qmd sidecar (privacy_metadata.read_from_file)
            layer.loadDefaultMetadata()
            records = records_in(layer.metadata())
        notes = [note for record in records for note in record.notes]
        if any(note.startswith(DERIVED_PREFIX + identity + ".") for note in notes):
            raise QgsProcessingException(tr(
                "{name} was made by H3 hexagon grid from the extent of {input}, the layer this release protects: "
                "it shows the data's extent and is not a public tessellation. Make the grid from a public "
                "extent (e.g. the city's boundary) instead.").format(name=name, input=input_parameter))
        if name == extent and _same_data(algorithm, parameters, input_parameter, layer, identity, context,
                                         feedback):
            raise QgsProcessingException(tr(
                "EXTENT is {input} itself (or a copy of it): its bounding box is the data's and would choose the "
                "cells and go into the record. Give the public study area instead (e.g. the city's boundary or "
                "typed coordinates).").format(input=input_parameter))


def _same_data(algorithm, parameters, input_parameter, layer, identity, context, feedback):
    """Whether the extent layer is the input's source, or has its content fingerprint (processing.budget)."""
    if source_identity(layer) == identity:
        return True
    from .source_fingerprint import source_fingerprint

    theirs = source_fingerprint(algorithm, {input_parameter: layer}, input_parameter, context, feedback)[0]
    ours = source_fingerprint(algorithm, parameters, input_parameter, context, feedback)[0]
    return theirs == ours
