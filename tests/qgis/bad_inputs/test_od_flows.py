"""Bad and awkward inputs: noisyodflows (the catalogue: test_catalogue.py)."""

import pytest
from osgeo import ogr
from qgis.core import QgsProcessingException

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import feature_count, read_field, write_grid_zones
from .harness import (
    ESCAPE,
    FLOWS,
    TRIP_ENDS,
    X0,
    Y0,
    escape,
    escape_shares,
    everything_in,
    flow_total,
    flows,
    points_layer,
    refused,
    succeeds,
    trips_layer,
    write_layer,
)

# --- noisyodflows ----------------------------------------------------------------------


def test_flows_z_and_m_lines(base, dirs):
    inputs, outputs = dirs
    rows = [(f"LINESTRING ZM ({a[0]} {a[1]} 1 2, {b[0]} {b[1]} 3 4)", {"trip": i})
            for i, (a, b) in enumerate(TRIP_ENDS)]
    path = write_layer(inputs / "zm.gpkg", 32633, ogr.wkbLineStringZM, rows, {"trip": ogr.OFTInteger})
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert result["FLOWS_PUBLISHED"] == 3 and flow_total(result["OUTPUT_FLOWS"]) == 6


def test_flows_multilinestrings_are_counted_or_refused(base, dirs):
    inputs, outputs = dirs
    rows = [(f"MULTILINESTRING (({a[0]} {a[1]}, {b[0]} {b[1]}))", {"trip": i}) for i, (a, b) in enumerate(TRIP_ENDS)]
    path = write_layer(inputs / "multi.gpkg", 32633, ogr.wkbMultiLineString, rows, {"trip": ogr.OFTInteger})
    try:
        result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert flow_total(result["OUTPUT_FLOWS"]) == 6


def bowtie_and_overlap_zones(path):
    """Zone 'bow' is a self-intersecting bow tie; 'b' overlaps 'a' by half."""
    x, y = X0, Y0
    return write_layer(path, 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y}, {x + 1000} {y + 1000}, {x} {y + 1000}, {x} {y}))", {"zone_id": "a"}),
        (f"POLYGON (({x + 500} {y}, {x + 1500} {y}, {x + 1500} {y + 1000}, {x + 500} {y + 1000}, {x + 500} {y}))",
         {"zone_id": "b"}),
        (f"POLYGON (({x} {y + 2000}, {x + 1000} {y + 3000}, {x + 1000} {y + 2000}, {x} {y + 3000}, {x} {y + 2000}))",
         {"zone_id": "bow"}),
    ], {"zone_id": ogr.OFTString})


def test_flows_overlapping_zones_are_refused_without_naming_a_missing_option(dirs):
    inputs, outputs = dirs
    zones = bowtie_and_overlap_zones(inputs / "zones.gpkg")
    ends = [((X0 + 100, Y0 + 500), (X0 + 100, Y0 + 2500))] * 2 + [((X0 + 700, Y0 + 500), (X0 + 1400, Y0 + 500))]
    path = trips_layer(inputs / "trips.gpkg", ends, trip=[0, 1, 2])
    message = refused(FLOWS, flows(path, zones, outputs), r"ZONES has 1 pairs of overlapping zones .*'a' and 'b'",
                      dirs)
    assert "ALLOW_OVERLAP" not in message  # noisyodflows has no such option


def test_flows_invalid_zones_are_repaired(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y + 1000}, {x + 1000} {y}, {x} {y + 1000}, {x} {y}))", {"zone_id": "bow"}),
        (f"POLYGON (({x + 2000} {y}, {x + 3000} {y}, {x + 3000} {y + 1000}, {x + 2000} {y + 1000}, {x + 2000} {y}))",
         {"zone_id": "sq"}),
    ], {"zone_id": ogr.OFTString})
    path = trips_layer(inputs / "trips.gpkg", [((x + 100, y + 500), (x + 2500, y + 500))] * 2, trip=[0, 1])
    result, log = succeeds(FLOWS, flows(path, zones, outputs), dirs)
    assert list(zip(read_field(result["OUTPUT_FLOWS"], "origin_id"), read_field(result["OUTPUT_FLOWS"], "dest_id"),
                    read_field(result["OUTPUT_FLOWS"], "noisy_count"))) == [("bow", "sq", 2.0)]


def test_escape_invalid_zones_are_repaired(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y + 1000}, {x + 1000} {y}, {x} {y + 1000}, {x} {y}))", {"zone_id": "bow"}),
    ], {"zone_id": ogr.OFTString})
    path = points_layer(inputs / "points.gpkg", [[x + 100, y + 500], [x + 900, y + 500]], pid=[0, 1])
    result, log = succeeds(ESCAPE, escape(path, zones, outputs, SCALES="0.001"), dirs)
    assert result["POINTS_IN_ZONES"] == 2 and escape_shares(result["OUTPUT_TABLE"]) == [0.0]


def test_flows_one_trip(base, dirs):
    inputs, outputs = dirs
    path = trips_layer(inputs / "one.gpkg", TRIP_ENDS[:1], trip=[1])
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 1


def test_flows_point_layer_without_coordinate_fields_is_refused(base, dirs):
    refused(FLOWS, flows(base["points"], base["zones"], dirs[1]), r"INPUT", dirs)


@pytest.mark.parametrize("parameters, match", [
    ({"MIN_FLOW": float("nan")}, "MIN_FLOW must be a number of at least 0"),
    ({"MIN_FLOW": float("inf")}, "MIN_FLOW must be a number of at least 0"),
    ({"MIN_FLOW": -1}, "MIN_FLOW must be a number of at least 0"),
    ({"MAX_TRIPS": 1e308, "USER_FIELD": "trip"}, "MAX_TRIPS"),
    ({"MAX_TRIPS": float("nan"), "USER_FIELD": "trip"}, "MAX_TRIPS"),
    ({"EPSILON": float("nan")}, "EPSILON must be a finite number greater than 0"),
    ({"DELTA": float("inf")}, "DELTA"),
    ({"AUTO_OCCUPANCY": 2, "MAX_TRIPS": 0, "USER_FIELD": "trip"}, "AUTO_OCCUPANCY must be between 0 and 1"),
], ids=lambda value: str(value))
def test_flows_bad_numbers_are_refused(base, dirs, parameters, match):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    refused(FLOWS, dict(flows(path, base["zones"], dirs[1], EPSILON=1), **parameters), match, dirs)


def test_flows_text_and_null_user_ids(base, dirs):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, user=["Ann", "Ann", "Ann", "Bo", None, "Zoë"])
    result, log = succeeds(FLOWS, flows(path, base["zones"], dirs[1], USER_FIELD="user", MAX_TRIPS=2), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 4  # Ann keeps 2 of 3, Bo 1, Zoë 1; the NULL user is dropped
    assert "NULL" in log


def test_flows_existing_outputs_are_replaced(base, dirs):
    inputs, outputs = dirs
    path = trips_layer(inputs / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    points_layer(outputs / "flows.gpkg", [[0.0, 0.0]], old=[1])
    (outputs / "matrix.csv").write_text("old,stuff\n1,2\n")
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 6 and flow_total(result["OUTPUT_MATRIX"]) == 6
    assert "old" not in (outputs / "matrix.csv").read_text()


def test_flows_huge_min_flow_publishes_nothing(base, dirs):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    result, _ = succeeds(FLOWS, flows(path, base["zones"], dirs[1], EPSILON=1, MIN_FLOW=1e308), dirs)
    assert result["FLOWS_PUBLISHED"] == 0 and feature_count(result["OUTPUT_FLOWS"]) == 0


@pytest.mark.parametrize("flows_suffix, matrix_suffix", [(".shp", ".xlsx"), (".geojson", ".csv"), (".fgb", ".gpkg")])
def test_flows_write_common_formats(base, dirs, flows_suffix, matrix_suffix):
    inputs, outputs = dirs
    path = trips_layer(inputs / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    parameters = flows(path, base["zones"], outputs, OUTPUT_FLOWS=str(outputs / f"flows{flows_suffix}"),
                       OUTPUT_MATRIX=str(outputs / f"matrix{matrix_suffix}"))
    result, _ = succeeds(FLOWS, parameters, dirs)
    field = "noisy_coun" if flows_suffix == ".shp" else "noisy_count"
    assert sum(map(float, read_field(result["OUTPUT_FLOWS"], field))) == 6
    assert flow_total(result["OUTPUT_MATRIX"]) == 6
    assert read_from_file(result["OUTPUT_FLOWS"])[0].release_id == read_from_file(result["OUTPUT_MATRIX"])[0].release_id


def test_flows_50000_zones_sparse_path(dirs):
    inputs, outputs = dirs
    zones = write_grid_zones(inputs / "many.gpkg", 32633, (X0, Y0), 10.0, 224)  # 50,176 zones
    ends = [((X0 + 5 + 10 * i, Y0 + 5), (X0 + 5, Y0 + 5 + 10 * i)) for i in range(200)]
    path = trips_layer(inputs / "trips.gpkg", ends, trip=list(range(200)))
    result, _ = succeeds(FLOWS, flows(path, zones, outputs, EPSILON=1, MIN_FLOW=40), dirs)
    assert result["FLOWS_PUBLISHED"] == feature_count(result["OUTPUT_FLOWS"]) < 10
