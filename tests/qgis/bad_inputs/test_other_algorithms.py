"""Bad and awkward inputs: escapeanalysis, randomizedresponse, triprelocation, h3grid and privacyreport
(the catalogue: test_catalogue.py)."""

import numpy as np
import pytest
from osgeo import ogr
from qgis.core import QgsProcessingException

from ..conftest import feature_count, read_field
from .harness import (
    ESCAPE,
    H3GRID,
    RELOCATE,
    REPORT,
    RESPONSE,
    X0,
    Y0,
    centre,
    escape,
    escape_shares,
    everything_in,
    points_layer,
    refused,
    relocate,
    response,
    succeeds,
    write_layer,
)

# --- escapeanalysis --------------------------------------------------------------------


def test_escape_empty_layer_is_refused(base, dirs):
    empty = points_layer(dirs[0] / "empty.gpkg", np.empty((0, 2)), pid=[0])
    refused(ESCAPE, escape(empty, base["zones"], dirs[1]), r"INPUT", dirs)


def test_escape_one_point(base, dirs):
    one = points_layer(dirs[0] / "one.gpkg", [centre(1, 1)], pid=[0])
    result, _ = succeeds(ESCAPE, escape(one, base["zones"], dirs[1]), dirs)
    assert result["POINTS_IN_ZONES"] == 1
    assert all(0 <= share <= 1 for share in escape_shares(result["OUTPUT_TABLE"]))


def test_escape_zones_with_holes_and_multipolygons(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbMultiPolygon, [
        (f"MULTIPOLYGON ((({x} {y}, {x + 900} {y}, {x + 900} {y + 900}, {x} {y + 900}, {x} {y}), "
         f"({x + 300} {y + 300}, {x + 600} {y + 300}, {x + 600} {y + 600}, {x + 300} {y + 600}, {x + 300} {y + 300})), "
         f"(({x + 2000} {y}, {x + 2300} {y}, {x + 2300} {y + 300}, {x + 2000} {y + 300}, {x + 2000} {y})))",
         {"zone_id": "ring+island"}),
        (f"POLYGON (({x + 300} {y + 300}, {x + 600} {y + 300}, {x + 600} {y + 600}, {x + 300} {y + 600}, "
         f"{x + 300} {y + 300}))", {"zone_id": "core"}),
    ], {"zone_id": ogr.OFTString})
    xy = [[x + 100, y + 100], [x + 450, y + 450], [x + 2150, y + 150], [x + 800, y + 800]]
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(4)))
    result, _ = succeeds(ESCAPE, escape(path, zones, outputs, SCALES="0.001"), dirs)
    assert result["POINTS_IN_ZONES"] == 4 and escape_shares(result["OUTPUT_TABLE"]) == [0.0]


@pytest.mark.parametrize("parameters, match", [
    ({"SCALES": "10,nan"}, "SCALES must hold numbers greater than 0"),
    ({"REALIZATIONS": 1e308}, "REALIZATIONS"),
    ({"REALIZATIONS": float("nan")}, "REALIZATIONS"),
    ({"TARGET_ESCAPE": float("nan")}, "TARGET_ESCAPE"),
    ({"DISTANCE": float("nan")}, "DISTANCE must be a finite number greater than 0"),
], ids=lambda value: str(value))
def test_escape_bad_numbers_are_refused(base, dirs, parameters, match):
    refused(ESCAPE, escape(base["points"], base["zones"], dirs[1], **parameters), match, dirs)


def test_escape_huge_scale_is_refused(base, dirs):
    refused(ESCAPE, escape(base["points"], base["zones"], dirs[1], SCALES="10,1e308"),
            "SCALES must hold numbers greater than 0 and at most 10,000,000", dirs)


def test_escape_outputs_to_spreadsheet_and_flatgeobuf(base, dirs):
    outputs = dirs[1]
    parameters = escape(base["points"], base["zones"], outputs, OUTPUT_TABLE=str(outputs / "table.xlsx"),
                        OUTPUT_ZONES=str(outputs / "zones.fgb"), OUTPUT_CHART=str(outputs / "chart.png"))
    result, _ = succeeds(ESCAPE, parameters, dirs)
    assert feature_count(outputs / "table.xlsx") == 2 and feature_count(outputs / "zones.fgb") == 9 * 2
    assert (outputs / "chart.png").stat().st_size > 0


# --- randomizedresponse ----------------------------------------------------------------


@pytest.mark.parametrize("parameters, match", [
    ({"P_TRUTH": float("nan")}, "P_TRUTH"), ({"P_TRUTH": -1}, "P_TRUTH"), ({"P_TRUTH": 1e308}, "P_TRUTH"),
    ({"P_TRUTH": float("inf")}, "P_TRUTH"),
    ({"P_TRUTH": None, "EPSILON": float("nan")}, "EPSILON"), ({"P_TRUTH": None, "EPSILON": -1}, "EPSILON"),
    ({"P_TRUTH": None, "EPSILON": float("inf")}, "EPSILON"),
], ids=lambda value: str(value))
def test_response_bad_numbers_are_refused(base, dirs, parameters, match):
    parameters = {k: v for k, v in response(base["points"], dirs[1], **parameters).items() if v is not None}
    refused(RESPONSE, parameters, match, dirs)


def test_response_outputs_to_csv_and_spreadsheet(base, dirs):
    outputs = dirs[1]
    result, _ = succeeds(RESPONSE, response(base["points"], outputs, OUTPUT=str(outputs / "answers.csv"),
                                            OUTPUT_ESTIMATES=str(outputs / "estimates.xlsx")), dirs)
    assert feature_count(outputs / "answers.csv") == 60 and feature_count(outputs / "estimates.xlsx") == 3


def test_response_empty_table(dirs):
    inputs, outputs = dirs
    path = write_layer(inputs / "empty.gpkg", None, ogr.wkbNone, [], {"vehicle": ogr.OFTString})
    try:
        result, _ = succeeds(RESPONSE, response(path, outputs), dirs)
    except QgsProcessingException as error:
        assert "FIELD 'vehicle' has only NULL values" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert result["ROWS_WRITTEN"] == 0


def test_response_one_row_with_unicode_names(dirs):
    inputs, outputs = dirs
    folder = inputs / "Umfrage ü"
    folder.mkdir()
    path = write_layer(folder / "Haushalte 2024.gpkg", None, ogr.wkbNone, [(None, {"Fahrzeug ä": "Fähre"})],
                       {"Fahrzeug ä": ogr.OFTString})
    result, _ = succeeds(RESPONSE, response(path, outputs, FIELD="Fahrzeug ä", CATEGORIES="Fähre,Rad"), dirs)
    assert read_field(result["OUTPUT"], "Fahrzeug ä")[0] in ("Fähre", "Rad")


# --- triprelocation --------------------------------------------------------------------


@pytest.mark.parametrize("parameters, match", [
    ({"EPSILON": float("nan")}, "EPSILON"), ({"EPSILON": -1}, "EPSILON"), ({"EPSILON": 1e308}, "EPSILON"),
    ({"FLOOR": float("nan")}, "FLOOR"), ({"FLOOR": -1}, "FLOOR"), ({"FLOOR": 1e308}, "FLOOR"),
], ids=lambda value: str(value))
def test_relocation_bad_numbers_are_refused(relocation, dirs, parameters, match):
    refused(RELOCATE, relocate(relocation["trips"], relocation["histogram"], dirs[1], **parameters), match, dirs)


def test_relocation_one_trip(relocation, dirs):
    inputs, outputs = dirs
    one = write_layer(inputs / "one.gpkg", None, ogr.wkbNone, [(None, {"o_zone": "Z0_0", "d_zone": "Z1_1"})],
                      {"o_zone": ogr.OFTString, "d_zone": ogr.OFTString})
    result, _ = succeeds(RELOCATE, relocate(one, relocation["histogram"], outputs), dirs)
    assert result["TRIPS_WRITTEN"] == 1


def test_relocation_empty_trip_table(relocation, dirs):
    inputs, outputs = dirs
    empty = write_layer(inputs / "empty.gpkg", None, ogr.wkbNone, [],
                        {"o_zone": ogr.OFTString, "d_zone": ogr.OFTString})
    try:
        result, _ = succeeds(RELOCATE, relocate(empty, relocation["histogram"], outputs), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert result["TRIPS_WRITTEN"] == 0


# --- h3grid and privacyreport ----------------------------------------------------------


@pytest.mark.parametrize("resolution", [float("nan"), -1, 1e308])
def test_h3grid_bad_resolution_is_refused(dirs, resolution):
    refused(H3GRID, {"INPUT": "0,1,0,1 [EPSG:4326]", "RESOLUTION": resolution, "OUTPUT": str(dirs[1] / "g.gpkg")},
            "RESOLUTION must be a whole number from 0 to 15", dirs)


@pytest.mark.parametrize("content, match", [
    (None, r"LEDGER .* does not exist"), ("", r"LEDGER: .* is empty"),
    ("{not json", r"LEDGER: .* is not a dp_geoprivacy ledger"),
], ids=["missing", "empty", "corrupt"])
def test_report_on_a_missing_empty_or_corrupt_ledger(dirs, content, match):
    inputs, outputs = dirs
    ledger = inputs / "ledger.json"
    if content is not None:
        ledger.write_text(content)
    parameters = {"LEDGER": str(ledger), "OUTPUT": str(outputs / "releases.csv"), "REPORT": str(outputs / "r.html")}
    refused(REPORT, parameters, match, dirs)
