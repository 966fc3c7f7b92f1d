"""A public hierarchy of zones from parent-id fields (zone -> district -> city), validated.

A planner's zone layer often carries the ids of the areas each zone belongs
to (fields district_id and city_id, say). Those fields declare a tree: the
zones are the leaves, each distinct district id a node of the level above,
each distinct city id a node of the level above that. The tree is public (a
declared property of the public zones, never read from the points), and it
must be a tree for the least squares of :mod:`.hierarchy` to mean "children
add up to their parent":

* every zone has exactly one parent at every level: no NULL or empty
  parent id (a zone is one row, so it cannot have two);
* the parents form a tree: every zone of one district names the same city
  (a district id with two cities would be two nodes, or a node with two
  parents).

:func:`parent_id_hierarchy` raises :class:`ParentIdError` naming the field
and an example id otherwise, before anything is drawn. Nodes of every level
are in a public order: the zones as the layer lists them, the parent levels
by id (numerically when every id is an integer, else as text).

Everything here is numpy; no QGIS.
"""

from typing import Sequence

import numpy as np

from .hierarchy import Hierarchy, HierarchyError


class ParentIdError(HierarchyError):
    """The parent-id fields do not declare a tree; ``field`` is the offending one."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def _public_order(ids: np.ndarray) -> np.ndarray:
    """Indices sorting the distinct ``ids``: numerically when all are integers, else as text."""
    try:
        keys = np.array([int(i) for i in ids.tolist()], dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        keys = ids.astype(str)
    return np.argsort(keys, kind="stable")


def parent_id_hierarchy(zone_ids: Sequence, parent_fields: Sequence, parent_values: Sequence,
                        zone_level_name: str = "zone") -> tuple:
    """(Hierarchy, ids of every level coarse to fine) from each zone's parent ids.

    ``zone_ids``: the zones' ids (distinct), in the layer's order.
    ``parent_fields``: the parent-id field names, nearest level first (e.g.
    district_id, city_id). ``parent_values[k][i]``: zone i's value of field
    k as text (None for NULL). Raises ParentIdError (module doc).
    """
    zone_ids = np.asarray([str(z) for z in zone_ids], dtype=object)
    if len(set(zone_ids.tolist())) != len(zone_ids):
        raise HierarchyError("zone ids must be distinct")
    if not len(parent_fields):
        raise HierarchyError("give at least one parent-id field")
    if len(set(parent_fields)) != len(parent_fields):
        raise ParentIdError(parent_fields[0], "a parent-id field is given twice")
    values = []
    for name, column in zip(parent_fields, parent_values):
        column = np.asarray(list(column), dtype=object)
        if len(column) != len(zone_ids):
            raise HierarchyError(f"field {name} has {len(column)} values for {len(zone_ids)} zones")
        empty = np.array([v is None or str(v).strip() == "" for v in column.tolist()], dtype=bool)
        if empty.any():
            raise ParentIdError(name, f"zone {zone_ids[np.flatnonzero(empty)[0]]} has no {name} (NULL or empty): "
                                      f"every zone needs exactly one parent at every level")
        values.append(np.asarray([str(v) for v in column.tolist()], dtype=object))
    # Node index of each zone at every level, fine (the zones) to coarse.
    node_of_zone = [np.arange(len(zone_ids))]
    ids = [zone_ids]
    for column in values:
        distinct, inverse = np.unique(column.astype(str), return_inverse=True)
        order = _public_order(distinct.astype(object))
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        node_of_zone.append(rank[inverse.ravel()])
        ids.append(distinct.astype(object)[order])
    parents = []
    for level in range(len(parent_fields)):
        child, parent = node_of_zone[level], node_of_zone[level + 1]
        parent_of_child = np.full(len(ids[level]), -1, dtype=np.int64)
        parent_of_child[child] = parent
        clash = parent_of_child[child] != parent
        if clash.any():
            zone = int(np.flatnonzero(clash)[0])
            below = zone_ids[zone] if level == 0 else ids[level][child[zone]]
            raise ParentIdError(
                parent_fields[level],
                f"{'zone' if level == 0 else parent_fields[level - 1]} {below} has two values of "
                f"{parent_fields[level]} ({ids[level + 1][parent_of_child[child[zone]]]} and "
                f"{ids[level + 1][parent[zone]]}): the parent ids must form a tree")
        parents.append(parent_of_child)
    names = tuple(reversed([zone_level_name] + list(parent_fields)))
    return (Hierarchy(tuple(reversed(parents)), tuple(len(level) for level in reversed(ids)), names),
            list(reversed(ids)))
