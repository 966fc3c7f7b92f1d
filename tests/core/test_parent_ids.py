"""A public hierarchy from parent-id fields (core.releases.parent_ids): the tree, its order, refusals."""

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.counting import LAPLACE
from dp_geoprivacy.core.releases.hierarchy import HierarchyData, HierarchySpec, release_hierarchy_counts
from dp_geoprivacy.core.releases.parent_ids import ParentIdError, parent_id_hierarchy

ZONES = ["z1", "z2", "z3", "z4", "z5", "z6"]
DISTRICTS = ["10", "2", "10", "2", "7", "7"]
CITIES = ["B", "A", "B", "A", "A", "A"]


def test_the_fields_declare_levels_coarse_to_fine_in_public_order():
    hierarchy, ids = parent_id_hierarchy(ZONES, ["district_id", "city_id"], [DISTRICTS, CITIES])
    assert hierarchy.names == ("city_id", "district_id", "zone")
    assert [list(level) for level in ids] == [["A", "B"], ["2", "7", "10"], ZONES]  # districts numerically
    assert hierarchy.sizes == (2, 3, 6)
    assert list(hierarchy.parents[0]) == [0, 0, 1]  # 2 and 7 in A, 10 in B
    assert list(hierarchy.parents[1]) == [2, 0, 2, 0, 1, 1]
    counts = hierarchy.aggregate(np.arange(1, 7))
    assert list(counts[1]) == [2 + 4, 5 + 6, 1 + 3] and list(counts[0]) == [17, 4]


def test_one_parent_field_makes_two_levels():
    hierarchy, ids = parent_id_hierarchy(ZONES, ["city_id"], [CITIES])
    assert hierarchy.sizes == (2, 6) and list(ids[0]) == ["A", "B"]


@pytest.mark.parametrize("districts, cities, field, message", [
    (["10", None, "10", "2", "7", "7"], CITIES, "district_id", "zone z2 has no district_id"),
    (DISTRICTS, ["B", "A", "B", "A", "A", " "], "city_id", "zone z6 has no city_id"),
    (DISTRICTS, ["B", "A", "B", "A", "A", "B"], "city_id", "district_id 7 has two values of city_id"),
])
def test_a_zone_without_one_parent_or_a_district_in_two_cities_is_refused(districts, cities, field, message):
    with pytest.raises(ParentIdError, match=message) as refused:
        parent_id_hierarchy(ZONES, ["district_id", "city_id"], [districts, cities])
    assert refused.value.field == field


def test_a_field_given_twice_is_refused():
    with pytest.raises(ParentIdError, match="given twice"):
        parent_id_hierarchy(ZONES, ["city_id", "city_id"], [CITIES, CITIES])


def test_the_release_over_zones_adds_up():
    hierarchy, _ids = parent_id_hierarchy(ZONES, ["district_id", "city_id"], [DISTRICTS, CITIES])
    leaf = np.repeat(np.arange(6), [40, 0, 3, 1, 12, 0])
    spec = HierarchySpec(hierarchy, 1.0, (1 / 3, 1 / 3, 1 / 3), noise=LAPLACE)
    release = release_hierarchy_counts(HierarchyData(leaf), spec, np.random.default_rng(3))
    levels = [release.result[f"level_{level}"] for level in range(3)]
    for level in (0, 1):
        sums = np.bincount(hierarchy.parents[level], weights=levels[level + 1], minlength=hierarchy.sizes[level])
        assert np.array_equal(sums, levels[level])
