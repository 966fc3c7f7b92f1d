"""A public zone hierarchy from ZONES, ZONE_ID_FIELD and PARENT_FIELDS (dp_geoprivacy:consistentcounts).

One zone layer declares the tree: its zones are the leaves and each parent-id
field (nearest level first, e.g. district_id then city_id) a level above
(core.releases.parent_ids validates it). The zones must not overlap (a point
is in one leaf). A parent's polygon is the union of its zones' polygons, so
every level can be drawn from the public zones alone.
"""

import numpy as np
import shapely
from qgis.core import QgsProcessingException

from ..core.releases.hierarchy import HierarchyError
from ..core.releases.parent_ids import ParentIdError, parent_id_hierarchy
from ..translation import tr
from .zone_source import cell_set_from_parameters

PARENT_FIELDS = "PARENT_FIELDS"


def zone_hierarchy_from_parameters(algorithm, parameters, context, feedback):
    """(ZoneLayerCells, Hierarchy, ids per level coarse to fine); refusals name PARENT_FIELDS or ZONE_ID_FIELD."""
    fields = algorithm.parameterAsFields(parameters, PARENT_FIELDS, context)
    if not fields:
        raise QgsProcessingException(tr(
            "PARENT_FIELDS: give the fields of ZONES with each zone's parent ids, nearest level first (e.g. "
            "district_id, then city_id)."))
    id_field = algorithm.parameterAsString(parameters, "ZONE_ID_FIELD", context) or None
    if id_field in fields:
        raise QgsProcessingException(tr(
            "PARENT_FIELDS holds the zone id field '{field}': list only the parents' id fields.").format(
            field=id_field))
    cells = cell_set_from_parameters(algorithm, parameters, context, feedback, extra_fields=tuple(fields))
    attributes = cells.table.attributes
    try:
        hierarchy, ids = parent_id_hierarchy(cells.ids, fields, [attributes[name] for name in fields],
                                             zone_level_name=id_field or "zone")
    except ParentIdError as error:
        raise QgsProcessingException(tr(
            "PARENT_FIELDS ({field}): {error}. Fix the field in ZONES so that every zone has one parent per "
            "level and every parent one parent of its own.").format(field=error.field, error=error)) from None
    except HierarchyError as error:
        raise QgsProcessingException(tr("PARENT_FIELDS: {error}.").format(error=error)) from None
    return cells, hierarchy, ids


def level_polygons(cells, hierarchy) -> list:
    """Polygons of every level, coarse to fine: the zones, and each parent the union of its children."""
    polygons = [np.asarray(cells.geometries(), dtype=object)]
    for level in range(hierarchy.levels - 2, -1, -1):
        parent = np.asarray(hierarchy.parents[level])
        order = np.argsort(parent, kind="stable")
        groups = np.split(polygons[0][order], np.cumsum(np.bincount(parent, minlength=hierarchy.sizes[level]))[:-1])
        polygons.insert(0, np.array([shapely.union_all(group) for group in groups], dtype=object))
    return polygons
