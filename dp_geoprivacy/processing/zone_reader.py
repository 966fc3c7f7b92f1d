"""Bulk reading of a polygon zone layer into a core Tessellation (the points and tables: ``readers``)."""

from dataclasses import dataclass, field

import numpy as np
import shapely
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsWkbTypes

from ..core.geometry.zones import Tessellation
from ..translation import tr
from .readers import display_name, ogr_open


@dataclass
class ZoneTable:
    """Polygons of a zone layer as a core Tessellation, with their CRS."""

    tessellation: Tessellation
    crs: QgsCoordinateReferenceSystem
    source_name: str
    repaired: int
    skipped: int
    attributes: dict = field(default_factory=dict)


def read_zones(algorithm, parameters, name, id_field, context, feedback, extra_fields=()) -> ZoneTable:
    """Read the polygon layer parameter ``name`` with ids from field ``id_field`` (or feature ids).

    ``extra_fields``: more fields to read as text (None for NULL), in
    ``ZoneTable.attributes`` aligned with the zones (e.g. parent ids).

    Invalid polygons are repaired with shapely.make_valid (keeping their
    polygonal part) and counted in the log; features without a polygon are
    skipped and counted. Duplicate ids are refused.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.PolygonGeometry:
        raise QgsProcessingException(
            tr("{name} must be a polygon layer (zones); it holds {kind} geometries.").format(
                name=name, kind=QgsWkbTypes.displayString(source.wkbType())
            )
        )
    if id_field and source.fields().indexOf(id_field) < 0:
        raise QgsProcessingException(
            tr("The zone id field '{field}' is not a field of {name}.").format(field=id_field, name=name)
        )
    for wanted in extra_fields:
        if source.fields().indexOf(wanted) < 0:
            raise QgsProcessingException(
                tr("'{field}' is not a field of {name}.").format(field=wanted, name=name)
            )
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    with ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        layer.SetIgnoredFields(
            [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())
             if definition.GetFieldDefn(i).GetName() != id_field]
        )
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        wkb, ids, extra = [], [], {f: [] for f in extra_fields}
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=NO"]):
            wkb.extend(bytes(b) if b is not None and len(b) else None for b in batch[geometry_column].tolist())
            ids.extend(_as_text(batch[id_field] if id_field else batch[fid_column]))
        if extra_fields:  # a second pass with masks: a NULL integer would otherwise read as 0
            layer.SetIgnoredFields([definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())
                                    if definition.GetFieldDefn(i).GetName() not in extra_fields] + ["OGR_GEOMETRY"])
            layer.ResetReading()
            for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=NO", "USE_MASKED_ARRAYS=YES"]):
                for wanted in extra_fields:
                    column = np.ma.asarray(batch[wanted])
                    extra[wanted].extend(None if null else value for value, null in zip(
                        _as_text(np.ma.getdata(column)), np.ma.getmaskarray(column).tolist()))
    polygons = shapely.from_wkb(np.array(wkb, dtype=object), on_invalid="ignore")
    usable = ~shapely.is_missing(polygons) & ~shapely.is_empty(polygons)
    polygons, ids = polygons[usable], np.array(ids, dtype=object)[usable]
    if not len(polygons):
        raise QgsProcessingException(tr("{name} has no polygon features.").format(name=name))
    invalid = ~shapely.is_valid(polygons)
    if invalid.any():
        polygons[invalid] = [_polygonal_part(shapely.make_valid(g)) for g in polygons[invalid]]
        feedback.pushWarning(
            tr("Repaired {n} invalid zone polygons in {name} (shapely make_valid).").format(
                n=int(invalid.sum()), name=name
            )
        )
    skipped = int((~usable).sum())
    if skipped:
        feedback.pushWarning(tr("Skipped {n} zones without a polygon in {name}.").format(n=skipped, name=name))
    if id_field and any(i is None for i in ids):
        raise QgsProcessingException(
            tr("The zone id field '{field}' has empty values; every zone needs an id.").format(field=id_field)
        )
    try:
        tessellation = Tessellation(polygons, ids)
    except ValueError:
        raise QgsProcessingException(
            tr("Zone ids in '{field}' of {name} are not unique; choose a field with one value per zone.").format(
                field=id_field or "fid", name=name
            )
        ) from None
    name = display_name(source.sourceName(), path, layer_name)
    attributes = {wanted: np.array(values, dtype=object)[usable] for wanted, values in extra.items()}
    return ZoneTable(tessellation, source.sourceCrs(), name, int(invalid.sum()), skipped, attributes)


def _as_text(values):
    """Arrow column values as text ids (bytes decoded as UTF-8)."""
    return [
        None if v is None else v.decode("utf-8") if isinstance(v, bytes) else str(v)
        for v in np.asarray(values).tolist()
    ]


def _polygonal_part(geometry):
    parts = shapely.get_parts(geometry)
    polygons = parts[np.isin(shapely.get_type_id(parts), (3, 6))]
    return shapely.union_all(polygons) if len(polygons) else shapely.Polygon()
