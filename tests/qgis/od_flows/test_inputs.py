"""dp_geoprivacy:noisyodflows: trip inputs (lines, coordinate tables, CRSs) and the refusals of bad ones."""

import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import QgsProcessingException

from dp_geoprivacy.core.releases.od_paths import SPARSE, choose_path

from ..conftest import feature_count, write_grid_zones
from .support import ALG, EXACT, PURE, X0, Y0, LogFeedback, centre, published_flows, write_trip_lines, write_trip_table


def test_coordinate_table_in_lonlat_is_reprojected_to_the_zones(zones, tmp_path):
    from pyproj import Transformer

    to_lonlat = Transformer.from_crs(32633, 4326, always_xy=True)
    (ox, oy), (dx, dy) = to_lonlat.transform(*centre(0, 2)), to_lonlat.transform(*centre(2, 1))
    table = write_trip_table(tmp_path / "table.gpkg", [(ox, oy, dx, dy, "u")] * 3)
    feedback = LogFeedback()
    flows = str(tmp_path / "f.gpkg")
    processing.run(ALG, {**PURE, "INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy", "DEST_X_FIELD": "dx",
                         "DEST_Y_FIELD": "dy", "COORDINATES_CRS": "EPSG:4326", "ZONES": zones,
                         "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "OUTPUT_FLOWS": flows,
                         "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    assert published_flows(flows) == [("Z0_2", "Z2_1", 3.0)]
    assert "reprojected from EPSG:4326" in feedback.text()


def test_skipped_lines_are_counted_by_reason(known_trips, zones, tmp_path):
    _, _, trips = known_trips
    bad = [None, None, "LINESTRING EMPTY", f"LINESTRING ({X0 + 10} {Y0 + 10})"]
    path = write_trip_lines(tmp_path / "bad.gpkg", 32633, trips, extra_wkt=bad)
    feedback = LogFeedback()
    result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                                  "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    log = feedback.text()
    assert "Skipped 4 of 21 trips of INPUT" in log
    assert "2 with no geometry" in log and "1 with an empty geometry" in log
    assert "1 with a line with only one vertex" in log
    assert result["FLOWS_PUBLISHED"] == 5


def test_null_and_non_numeric_coordinates_are_counted(zones, tmp_path):
    good = [centre(0, 0) + centre(1, 1) + ("u",)] * 3
    rows = [tuple(f"{v:.2f}" if isinstance(v, float) else v for v in row) for row in good]
    rows += [(None, "4500500", "501500", "4501500", "u"), ("abc", "4500500", "501500", "4501500", "u"),
             ("500500", "4500500", "nan", "4501500", "u")]
    table = write_trip_table(tmp_path / "text.gpkg", rows, kind=ogr.OFTString)
    feedback = LogFeedback()
    flows = str(tmp_path / "f.gpkg")
    processing.run(ALG, {**PURE, "INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy", "DEST_X_FIELD": "dx",
                         "DEST_Y_FIELD": "dy", "COORDINATES_CRS": "EPSG:32633", "ZONES": zones,
                         "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "OUTPUT_FLOWS": flows,
                         "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    assert published_flows(flows) == [("Z0_0", "Z1_1", 3.0)]
    log = feedback.text()
    assert "Skipped 3 of 6 trips" in log
    assert "1 with a NULL coordinate" in log and "2 with a coordinate that is not a finite number" in log


def _refused(parameters, tmp_path):
    parameters = dict({"OUTPUT_FLOWS": str(tmp_path / "f.gpkg"), "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")},
                      **parameters)
    with pytest.raises(QgsProcessingException) as error:
        processing.run(ALG, parameters)
    assert not (tmp_path / "f.gpkg").exists() and not (tmp_path / "m.gpkg").exists()
    return str(error.value)


def test_coordinate_fields_given_partly_are_refused(zones, tmp_path):
    table = write_trip_table(tmp_path / "t.gpkg", [(1.0, 2.0, 3.0, 4.0, "u")])
    message = _refused({"INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy", "ZONES": zones}, tmp_path)
    assert "only in part (ORIGIN_X_FIELD, ORIGIN_Y_FIELD)" in message and "DEST_X_FIELD, DEST_Y_FIELD" in message


def test_table_without_coordinate_fields_or_crs_is_refused(zones, tmp_path):
    table = write_trip_table(tmp_path / "t.gpkg", [(1.0, 2.0, 3.0, 4.0, "u")])
    assert "line layer" in _refused({"INPUT": table, "ZONES": zones}, tmp_path)
    message = _refused({"INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy", "DEST_X_FIELD": "dx",
                        "DEST_Y_FIELD": "dy", "ZONES": zones}, tmp_path)
    assert "Set COORDINATES_CRS" in message


def test_projected_coordinates_declared_as_lonlat_are_refused(zones, tmp_path):
    table = write_trip_table(tmp_path / "t.gpkg", [centre(0, 0) + centre(1, 1) + ("u",)] * 2)
    message = _refused({"INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy", "DEST_X_FIELD": "dx",
                        "DEST_Y_FIELD": "dy", "COORDINATES_CRS": "EPSG:4326", "ZONES": zones}, tmp_path)
    assert "COORDINATES_CRS" in message and "longitude/latitude" in message


def test_lonlat_declared_as_projected_puts_every_trip_outside_with_a_warning(zones, tmp_path):
    table = write_trip_table(tmp_path / "t.gpkg", [(13.4, 52.5, 13.41, 52.51, "u")] * 4)
    feedback = LogFeedback()
    result = processing.run(ALG, {**PURE, "INPUT": table, "ORIGIN_X_FIELD": "ox", "ORIGIN_Y_FIELD": "oy",
                                  "DEST_X_FIELD": "dx", "DEST_Y_FIELD": "dy", "COORDINATES_CRS": "EPSG:32633",
                                  "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                                  "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    assert result["OUTSIDE_FLOWS"] == 4 and result["FLOWS_PUBLISHED"] == 0
    assert "All 4 trips have an origin or destination outside every zone" in feedback.text()
    assert "COORDINATES_CRS" in feedback.text()
    assert feature_count(tmp_path / "f.gpkg") == 0


def test_no_usable_trip_is_refused(zones, tmp_path):
    path = write_trip_lines(tmp_path / "t.gpkg", 32633, [], extra_wkt=[None, "LINESTRING EMPTY"])
    message = _refused({"INPUT": path, "ZONES": zones}, tmp_path)
    assert "INPUT has no usable trip" in message and "1 with no geometry" in message


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"THRESHOLD": 1, "DELTA": 0}, "THRESHOLD=1 (stability histogram) needs DELTA > 0"),
        ({"THRESHOLD": 1, "DELTA": 1e-6, "NOISE": 1}, "uses Laplace noise"),
        ({"NOISE": 2, "DELTA": 0}, "NOISE=2 (discrete Gaussian) needs DELTA > 0"),
        ({"EPSILON": 0}, "EPSILON must be a finite number greater than 0"),
        ({"MIN_FLOW": 0, "EPSILON": 1}, None),
    ],
)
def test_bad_settings_are_refused_clearly(known_trips, zones, tmp_path, parameters, message):
    path, _, _ = known_trips
    base = {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", **PURE}
    if message is None:  # MIN_FLOW=0 is valid: every one of the 9 x 9 pairs is published, zeros included
        result = processing.run(ALG, dict(base, **parameters, OUTPUT_FLOWS=str(tmp_path / "f.gpkg"),
                                          OUTPUT_MATRIX=str(tmp_path / "m.gpkg")))
        assert result["FLOWS_PUBLISHED"] == 81
        return
    assert message in _refused(dict(base, **parameters), tmp_path)


def test_too_many_noise_flows_are_refused_with_the_min_flow_that_fits(tmp_path):
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (X0, Y0), 10.0, 100)  # 10,000 zones
    trips = write_trip_lines(tmp_path / "t.gpkg", 32633, [(centre(0, 0), centre(0, 0))])
    message = _refused({"INPUT": trips, "ZONES": zones, "EPSILON": 1, "MIN_FLOW": 1, **PURE}, tmp_path)
    assert "Raise MIN_FLOW to" in message


def test_many_zones_take_the_sparse_path_and_still_count_exactly(tmp_path):
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (X0, Y0), 100.0, 33)  # 1,089 zones: 1.19 million pairs
    trips = [((X0 + 50, Y0 + 50), (X0 + 3250, Y0 + 3250))] * 3 + [((X0 + 150, Y0 + 50), (X0 + 150, Y0 + 60))] * 2
    path = write_trip_lines(tmp_path / "t.gpkg", 32633, trips)
    feedback = LogFeedback()
    flows = str(tmp_path / "f.gpkg")
    processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                         "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    # The log names no release path (plain words); the 1,185,921 pairs, above DENSE_MAX_CELLS with the default
    # MIN_FLOW 1, are the sparse path's (core.releases.od_paths.choose_path, whose sparse = dense is a core test).
    assert choose_path(1185921, 0, 1.0) == SPARSE
    assert "Flows published: 2 of the 1,185,921 zone pairs." in feedback.messages
    assert published_flows(flows) == [("Z0_0", "Z32_32", 3.0), ("Z0_1", "Z0_1", 2.0)]
