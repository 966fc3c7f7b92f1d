"""Bad and awkward inputs: noisyzonecounts (the catalogue: test_catalogue.py)."""

import numpy as np
import pytest
from osgeo import ogr
from qgis.core import QgsProcessingException

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import read_field, write_grid_zones
from .harness import (
    COUNTS,
    EXACT,
    X0,
    Y0,
    by_zone,
    counts,
    csv_file,
    everything_in,
    grid_points,
    point_rows,
    points_layer,
    refused,
    succeeds,
    true_counts,
    write_layer,
)

# --- noisyzonecounts -------------------------------------------------------------------


def test_counts_empty_layer_is_refused(base, dirs):
    inputs, outputs = dirs
    empty = points_layer(inputs / "empty.gpkg", np.empty((0, 2)), pid=[0])
    refused(COUNTS, counts(empty, base["zones"], outputs / "out.gpkg"), r"INPUT has no features with a point", dirs)


def test_counts_all_null_geometries_are_refused(base, dirs):
    inputs, outputs = dirs
    rows = [(None, {"pid": i}) for i in range(5)]
    path = write_layer(inputs / "nulls.gpkg", 32633, ogr.wkbPoint, rows, {"pid": ogr.OFTInteger})
    refused(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), r"INPUT has no features .*5 null", dirs)


def test_counts_multipoints_are_refused_or_counted_per_point(base, dirs):
    inputs, outputs = dirs
    xy = grid_points(10)
    rows = [(f"MULTIPOINT (({x} {y}))", {"pid": i}) for i, (x, y) in enumerate(xy)]
    path = write_layer(inputs / "multi.gpkg", 32633, ogr.wkbMultiPoint, rows, {"pid": ogr.OFTInteger})
    try:
        result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "single" in str(error).lower()
        assert everything_in(outputs) == []
    else:
        assert by_zone(result["OUTPUT"]) == true_counts(xy)


def test_counts_z_and_m_points(base, dirs):
    inputs, outputs = dirs
    xy = grid_points(40, seed=3)
    rows = [(f"POINT ZM ({x} {y} 3 4)", {"pid": i}) for i, (x, y) in enumerate(xy)]
    path = write_layer(inputs / "zm.gpkg", 32633, ogr.wkbPointZM, rows, {"pid": ogr.OFTInteger})
    result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    assert by_zone(result["OUTPUT"]) == true_counts(xy)


def test_counts_zones_with_holes_and_multipolygons(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    ring = f"({x} {y}, {x + 300} {y}, {x + 300} {y + 300}, {x} {y + 300}, {x} {y})"
    hole = f"({x + 100} {y + 100}, {x + 200} {y + 100}, {x + 200} {y + 200}, {x + 100} {y + 200}, {x + 100} {y + 100})"
    far = f"(({x + 1000} {y}, {x + 1100} {y}, {x + 1100} {y + 100}, {x + 1000} {y + 100}, {x + 1000} {y}))"
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbMultiPolygon, [
        (f"MULTIPOLYGON (({ring}, {hole}), {far})", {"zone_id": "holed+far"}),
        (f"MULTIPOLYGON (({hole}))", {"zone_id": "hole"}),
    ], {"zone_id": ogr.OFTString})
    xy = [[x + 50, y + 50], [x + 150, y + 150], [x + 150, y + 160], [x + 1050, y + 50], [x + 5000, y]]
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(5)))
    result, _ = succeeds(COUNTS, dict(counts(path, zones, outputs / "out.gpkg")), dirs)
    assert by_zone(result["OUTPUT"]) == {"holed+far": 2.0, "hole": 2.0}
    assert round(result["OUTSIDE_COUNT"]) == 1


def test_counts_one_feature(base, dirs):
    inputs, outputs = dirs
    path = points_layer(inputs / "one.gpkg", [[X0 + 10, Y0 + 10]], pid=[0])
    result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    assert sum(by_zone(result["OUTPUT"]).values()) == 1.0


def test_counts_csv_without_geometry_as_input_or_zones_is_refused(base, dirs):
    inputs, outputs = dirs
    table = csv_file(inputs / "table.csv", ["zone_id", "x"], [["Z0_0", 1], ["Z0_1", 2]])
    refused(COUNTS, counts(table, base["zones"], outputs / "out.gpkg"), r"INPUT", dirs)
    refused(COUNTS, counts(base["points"], table, outputs / "out.gpkg"), r"ZONES", dirs)


@pytest.mark.parametrize("parameters, match", [
    ({"EPSILON": float("nan")}, "EPSILON must be a finite number greater than 0"),
    ({"EPSILON": float("inf")}, "EPSILON must be a finite number greater than 0"),
    ({"EPSILON": -1}, "EPSILON must be a finite number greater than 0"),
    ({"DELTA": float("nan")}, r"DELTA"),
    ({"MAX_CONTRIBUTIONS": 1e308, "USER_FIELD": "user"}, r"MAX_CONTRIBUTIONS"),
    ({"MAX_CONTRIBUTIONS": float("nan"), "USER_FIELD": "user"}, r"MAX_CONTRIBUTIONS"),
    ({"TOP_K": 1e308}, r"TOP_K"),
    ({"TOP_K": float("nan")}, r"TOP_K"),
    ({"BUDGET": float("nan"), "LEDGER": "LEDGER"}, r"BUDGET"),
    ({"BUDGET": -1, "LEDGER": "LEDGER"}, r"BUDGET"),
    ({"BUDGET_RHO": float("nan"), "LEDGER": "LEDGER"}, r"BUDGET_RHO"),
    ({"BUDGET_RHO": -1, "LEDGER": "LEDGER"}, r"BUDGET_RHO"),
    ({"BUDGET_RHO": 0.5}, r"BUDGET needs a LEDGER"),
    ({"BUDGET_RHO": 0.5, "BUDGET": 1, "LEDGER": "LEDGER"}, r"not both"),
    ({"BUDGET_DELTA": 1e-6, "LEDGER": "LEDGER"}, r"BUDGET_DELTA is the delta allowed with BUDGET"),
    ({"BUDGET_DELTA": 2, "BUDGET": 1, "LEDGER": "LEDGER"}, r"BUDGET_DELTA"),
    ({"AUTO_OCCUPANCY": 1.5, "MAX_CONTRIBUTIONS": 0, "USER_FIELD": "user"}, r"AUTO_OCCUPANCY must be between 0 and 1"),
    ({"AUTO_OCCUPANCY": -0.1, "MAX_CONTRIBUTIONS": 0, "USER_FIELD": "user"}, r"AUTO_OCCUPANCY must be between 0 and 1"),
    ({"AUTO_OCCUPANCY": float("nan"), "MAX_CONTRIBUTIONS": 0, "USER_FIELD": "user"},
     r"AUTO_OCCUPANCY must be between 0 and 1"),
], ids=lambda value: str(value))
def test_counts_bad_numbers_are_refused(base, dirs, tmp_path, parameters, match):
    parameters = dict(parameters)
    if parameters.get("LEDGER"):
        parameters["LEDGER"] = str(tmp_path / "ledger.json")
    parameters = dict(counts(base["points"], base["zones"], dirs[1] / "out.gpkg", EPSILON=1), **parameters)
    refused(COUNTS, parameters, match, dirs)
    assert not (tmp_path / "ledger.json").exists()


def test_counts_unicode_and_spaces_in_field_names(dirs):
    inputs, outputs = dirs
    zones = write_layer(inputs / "Zonen ü.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({X0} {Y0}, {X0 + 100} {Y0}, {X0 + 100} {Y0 + 100}, {X0} {Y0 + 100}, {X0} {Y0}))",
         {"Zonen Nr ü": "Süd"}),
        (f"POLYGON (({X0 + 100} {Y0}, {X0 + 200} {Y0}, {X0 + 200} {Y0 + 100}, {X0 + 100} {Y0 + 100}, {X0 + 100} {Y0}))",
         {"Zonen Nr ü": "Nord Ost"}),
    ], {"Zonen Nr ü": ogr.OFTString})
    xy = [[X0 + 10, Y0 + 10], [X0 + 20, Y0 + 20], [X0 + 150, Y0 + 50]]
    points = write_layer(inputs / "Punkte mit Leerzeichen.gpkg", 32633, ogr.wkbPoint,
                         point_rows(xy, **{"Nutzer ID ß": ["Jörg", "Jörg", "Zoë"]}), {"Nutzer ID ß": ogr.OFTString})
    result, _ = succeeds(COUNTS, counts(points, zones, outputs / "Zählung ü.gpkg", ZONE_ID_FIELD="Zonen Nr ü",
                                        USER_FIELD="Nutzer ID ß", MAX_CONTRIBUTIONS=2), dirs)
    assert by_zone(result["OUTPUT"]) == {"Süd": 2.0, "Nord Ost": 1.0}


def test_counts_text_user_ids(base, dirs):
    result, _ = succeeds(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", USER_FIELD="user",
                                        MAX_CONTRIBUTIONS=5), dirs)
    assert sum(by_zone(result["OUTPUT"]).values()) == 60  # 12 users with 5 points each: nothing cut


@pytest.mark.parametrize("value, ok", [
    ("2024-05-01T08:30:00Z", True), ("2024-05-01 08:30", True), ("08:30", True), ("2024-05-01T08:30:00+02:00", True),
    ("2024-05-01T08:30:00.123", True), ("5/1/2024 8:30 PM", False), ("yesterday", False), ("25:00", False),
    ("2024-13-40T08:30", False),
])
def test_counts_odd_time_formats(dirs, base, value, ok):
    inputs, outputs = dirs
    xy = grid_points(12, seed=4)
    path = points_layer(inputs / "timed.gpkg", xy, pid=list(range(12)), seen=[value] * 12)
    parameters = counts(path, base["zones"], outputs / "out.gpkg", TIME_FIELD="seen", TIME_SLOT=0)
    if ok:
        result, _ = succeeds(COUNTS, parameters, dirs)
        slots = set(read_field(result["OUTPUT"], "time_slot"))
        assert len(slots) == 24 and sum(read_field(result["OUTPUT"], "noisy_count")) == 12
    else:
        message = refused(COUNTS, parameters, r"TIME_FIELD 'seen' cannot give", dirs)
        assert "Choose a date-time field" in message


@pytest.mark.parametrize("kind, value, slot, ok", [
    (ogr.OFTDate, "2024/05/01", 2, True),  # a date gives the weekday
    (ogr.OFTDate, "2024/05/01", 0, False),  # but no hour
    (ogr.OFTTime, "08:30:00", 0, True),  # a time gives the hour
    (ogr.OFTTime, "08:30:00", 2, False),  # but no weekday
    (ogr.OFTDateTime, "2024/05/01 08:30:00+02", 1, True),
], ids=["date weekday", "date hour", "time hour", "time weekday", "datetime with offset"])
def test_counts_typed_time_fields(dirs, base, kind, value, slot, ok):
    inputs, outputs = dirs
    xy = grid_points(7, seed=6)
    path = write_layer(inputs / "typed.gpkg", 32633, ogr.wkbPoint, point_rows(xy, seen=[value] * 7), {"seen": kind})
    parameters = counts(path, base["zones"], outputs / "out.gpkg", TIME_FIELD="seen", TIME_SLOT=slot)
    if ok:
        result, _ = succeeds(COUNTS, parameters, dirs)
        assert sum(read_field(result["OUTPUT"], "noisy_count")) == 7
    else:
        refused(COUNTS, parameters, r"TIME_FIELD 'seen' cannot give .* carry no", dirs)


def test_counts_integer_time_field_is_refused(dirs, base):
    inputs, _ = dirs
    path = points_layer(inputs / "epoch.gpkg", grid_points(5), pid=list(range(5)), seen=[1714552200] * 5)
    refused(COUNTS, counts(path, base["zones"], dirs[1] / "out.gpkg", TIME_FIELD="seen"), r"TIME_FIELD 'seen'", dirs)


@pytest.mark.parametrize("suffix", [".shp", ".csv", ".geojson", ".fgb", ".xlsx"])
def test_counts_write_every_common_format(base, dirs, suffix):
    target = dirs[1] / f"counts{suffix}"
    result, _ = succeeds(COUNTS, counts(base["points"], base["zones"], target), dirs)
    assert by_zone(target) == true_counts(base["xy"])
    assert read_from_file(str(target))[0].epsilon == EXACT


def test_counts_50000_zones(dirs):
    inputs, outputs = dirs
    zones = write_grid_zones(inputs / "many.gpkg", 32633, (X0, Y0), 10.0, 224)  # 50,176 zones
    xy = np.random.default_rng(5).uniform((X0, Y0), (X0 + 2240, Y0 + 2240), (5000, 2))
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(5000)))
    result, _ = succeeds(COUNTS, counts(path, zones, outputs / "out.gpkg"), dirs)
    assert result["ROWS_WRITTEN"] == 224 * 224
    assert sum(read_field(result["OUTPUT"], "noisy_count")) == 5000
