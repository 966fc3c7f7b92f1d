"""The synthetic sample city (resources/sample_data/sample_city.gpkg).

Checks what docs/sample_data.md promises: three layers in EPSG:32632 with
the documented fields and value ranges; zones valid, non-overlapping and
covering every household; trips two-vertex lines inside the city; and the
committed file is exactly what make_sample_city.py writes.
"""

import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from osgeo import ogr

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DIR = ROOT / "resources" / "sample_data"
GPKG = SAMPLE_DIR / "sample_city.gpkg"
SCRIPT = SAMPLE_DIR / "make_sample_city.py"

ogr.UseExceptions()

FIELDS = {
    "households": {
        "hh_id": "Integer", "persons": "Integer", "vehicles": "Integer",
        "fuel": "String", "vehicle_make": "String",
    },
    "zones": {"zone_id": "String", "name": "String"},
    "trips": {"trip_id": "Integer", "user_id": "Integer", "mode": "String", "depart_time": "DateTime"},
}
GEOMETRY = {"households": ogr.wkbPoint, "zones": ogr.wkbPolygon, "trips": ogr.wkbLineString}


def read(path, layer_name):
    """[(attributes dict, geometry WKT)] of one layer."""
    ds = ogr.Open(str(path))
    layer = ds.GetLayerByName(layer_name)
    rows = [(feature.items(), feature.GetGeometryRef().ExportToWkt()) for feature in layer]
    return rows


@pytest.fixture(scope="module")
def dataset():
    assert GPKG.is_file(), f"missing {GPKG}: run {SCRIPT.relative_to(ROOT)}"
    ds = ogr.Open(str(GPKG))
    yield ds
    ds = None


def features(dataset, name):
    layer = dataset.GetLayerByName(name)
    layer.SetSpatialFilter(None)
    layer.ResetReading()
    return [(f.items(), f.GetGeometryRef().Clone()) for f in layer]


def test_three_layers_with_documented_fields(dataset):
    names = sorted(dataset.GetLayer(i).GetName() for i in range(dataset.GetLayerCount()))
    assert names == ["households", "trips", "zones"]
    for name, fields in FIELDS.items():
        layer = dataset.GetLayerByName(name)
        definition = layer.GetLayerDefn()
        found = {
            definition.GetFieldDefn(i).GetName(): definition.GetFieldDefn(i).GetTypeName()
            for i in range(definition.GetFieldCount())
        }
        assert found == fields, name
        assert layer.GetGeomType() == GEOMETRY[name], name
        assert layer.GetSpatialRef().GetAuthorityCode(None) == "32632", name


def test_file_is_small():
    assert GPKG.stat().st_size < 2_000_000


def test_households(dataset):
    rows = [attributes for attributes, _ in features(dataset, "households")]
    assert 2500 <= len(rows) <= 3500
    assert sorted(r["hh_id"] for r in rows) == list(range(1, len(rows) + 1))
    assert {r["persons"] for r in rows} == set(range(1, 7))
    assert {r["vehicles"] for r in rows} == set(range(0, 4))
    for r in rows:  # fuel and make describe the household's car: NULL without one
        if r["vehicles"] == 0:
            assert r["fuel"] is None and r["vehicle_make"] is None
        else:
            assert r["fuel"] in {"gas", "diesel", "hybrid", "electric"} and r["vehicle_make"]
    fuels = [r["fuel"] for r in rows if r["fuel"]]
    assert fuels.count("gas") > fuels.count("diesel") > fuels.count("hybrid") > 0
    assert fuels.count("electric") > 0


def test_zones_valid_and_not_overlapping(dataset):
    zones = features(dataset, "zones")
    assert 36 <= len(zones) <= 48
    ids = [attributes["zone_id"] for attributes, _ in zones]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"Z\d\d", i) for i in ids)
    assert all(attributes["name"] for attributes, _ in zones)
    for attributes, geometry in zones:
        assert geometry.IsValid() and not geometry.IsEmpty(), attributes["zone_id"]
        assert geometry.GetGeometryType() == ogr.wkbPolygon
    for (a, ga), (b, gb) in combinations(zones, 2):
        if ga.Intersects(gb):
            assert ga.Intersection(gb).GetArea() < 1.0, (a["zone_id"], b["zone_id"])


def test_every_household_in_exactly_one_zone(dataset):
    households = dataset.GetLayerByName("households")
    zone_of = {}
    for attributes, zone in features(dataset, "zones"):
        households.SetSpatialFilter(zone)  # exact test for a polygon filter
        for feature in households:
            assert zone.Contains(feature.GetGeometryRef())
            assert feature["hh_id"] not in zone_of, f"household {feature['hh_id']} in two zones"
            zone_of[feature["hh_id"]] = attributes["zone_id"]
    households.SetSpatialFilter(None)
    assert len(zone_of) == households.GetFeatureCount()


def test_trips(dataset):
    trips = features(dataset, "trips")
    assert 5000 <= len(trips) <= 7000
    households = {a["hh_id"]: (a, g) for a, g in features(dataset, "households")}
    city = ogr.Geometry(ogr.wkbMultiPolygon)
    for _, zone in features(dataset, "zones"):
        city.AddGeometry(zone)
    city = city.UnionCascaded()
    assert sorted(a["trip_id"] for a, _ in trips) == list(range(1, len(trips) + 1))
    days, from_home, per_user = set(), 0, {}
    for attributes, line in trips:
        assert line.GetGeometryType() == ogr.wkbLineString and line.GetPointCount() == 2
        assert attributes["mode"] in {"walk", "bike", "bus", "car"}
        days.add(attributes["depart_time"][:10])
        hh_id, person = divmod(attributes["user_id"], 10)  # user_id = hh_id * 10 + person
        home_attributes, home = households[hh_id]
        assert 1 <= person <= home_attributes["persons"]
        per_user[attributes["user_id"]] = per_user.get(attributes["user_id"], 0) + 1
        origin = line.GetPoint_2D(0)
        from_home += origin == home.GetPoint_2D(0)
        for x, y in line.GetPoints():
            point = ogr.Geometry(ogr.wkbPoint)
            point.AddPoint_2D(x, y)
            assert city.Contains(point)
    assert days == {"2023/05/16"}  # one weekday (a Tuesday)
    assert set(per_user.values()) == {1, 2, 3, 4}
    assert from_home / len(trips) > 0.5  # origin mostly at home


def test_qgis_reads_the_layers():
    from qgis.core import QgsVectorLayer, QgsWkbTypes

    counts = {}
    for name in ("households", "zones", "trips"):
        layer = QgsVectorLayer(f"{GPKG}|layername={name}", name, "ogr")
        assert layer.isValid(), name
        assert layer.crs().authid() == "EPSG:32632"
        counts[name] = layer.featureCount()
    trips = QgsVectorLayer(f"{GPKG}|layername=trips", "trips", "ogr")
    assert QgsWkbTypes.flatType(trips.wkbType()) == QgsWkbTypes.LineString
    first = next(trips.getFeatures())
    assert first["depart_time"].date().dayOfWeek() == 2  # Tuesday
    assert counts["zones"] >= 36 and counts["households"] >= 2500 and counts["trips"] >= 5000


def test_script_reproduces_the_committed_file(tmp_path):
    out = tmp_path / "again.gpkg"
    subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True, capture_output=True)
    for name in ("households", "zones", "trips"):
        assert read(out, name) == read(GPKG, name), name
