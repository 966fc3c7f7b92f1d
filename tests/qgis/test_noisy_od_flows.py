"""dp_geoprivacy:noisyodflows through the Processing API, the real qgis_process and a model.

Exact checks use EPSILON = 1e6 (noise scale 1e-6: after rounding the
published flows are the true counts); statistical behaviour of the release
paths is tested in tests/core/test_od_flows.py.
"""

import collections
import csv

import h3
import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsProcessingException, QgsProcessingFeedback, QgsProject, QgsVectorLayer

from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import ROOT, feature_count, read_field, run_algorithm_json, run_qgis_process, write_grid_zones

ALG = "dp_geoprivacy:noisyodflows"
X0, Y0, CELL = 500_000.0, 4_500_000.0, 1000.0
EXACT = 1e6  # epsilon so large that rounding removes the noise
# These tests check the pure epsilon-DP release (THRESHOLD 0) unless they say otherwise; the default is the
# stability histogram (issue 20: few noise-only flows).
PURE = {"THRESHOLD": 0, "DELTA": 0}


class LogFeedback(QgsProcessingFeedback):
    """Keeps every message the algorithm logs."""

    def __init__(self):
        super().__init__()
        self.messages = []

    def pushInfo(self, info):
        self.messages.append(info)

    def pushWarning(self, warning):
        self.messages.append(warning)

    def reportError(self, error, fatalError=False):  # noqa: N803 (QGIS API)
        self.messages.append(error)

    def text(self):
        return "\n".join(self.messages)


def centre(row, col, jitter=(0.0, 0.0)):
    return (X0 + (col + 0.5) * CELL + jitter[0], Y0 + (row + 0.5) * CELL + jitter[1])


def write_trip_lines(path, epsg, trips, uids=None, extra_wkt=(), layer="trips"):
    """A line layer, one trip per (origin, destination) pair in ``trips``; ``extra_wkt`` adds raw rows (None = null)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer(layer, srs, ogr.wkbLineString)
    out.CreateField(ogr.FieldDefn("uid", ogr.OFTString))
    out.StartTransaction()
    # float(): under numpy 2 the repr of a numpy scalar is "np.float64(...)", not a number.
    rows = ["LINESTRING ({!r} {!r}, {!r} {!r}, {!r} {!r})".format(
        *(float(v) for v in (o[0], o[1], (o[0] + d[0]) / 2, (o[1] + d[1]) / 2, d[0], d[1])))
            for o, d in trips] + list(extra_wkt)
    for i, wkt in enumerate(rows):
        feature = ogr.Feature(out.GetLayerDefn())
        feature["uid"] = None if uids is None else uids[i]
        if wkt is not None:
            feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def write_trip_csv(path, rows):
    """A CSV table ox,oy,dx,dy,uid (read by QGIS/OGR as text fields)."""
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["ox", "oy", "dx", "dy", "uid"])
        writer.writerows(rows)
    return str(path)


def write_trip_table(path, rows, kind=ogr.OFTReal):
    """A GeoPackage table without geometry: ox, oy, dx, dy of type ``kind`` (None = NULL) and uid."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    out = dataset.CreateLayer("trip_table", None, ogr.wkbNone)
    for name in ("ox", "oy", "dx", "dy"):
        out.CreateField(ogr.FieldDefn(name, kind))
    out.CreateField(ogr.FieldDefn("uid", ogr.OFTString))
    for row in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name, value in zip(("ox", "oy", "dx", "dy", "uid"), row):
            if value is not None:
                feature[name] = value
        out.CreateFeature(feature)
    dataset = None
    return str(path)


@pytest.fixture
def zones(tmp_path):
    return write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 3)


@pytest.fixture
def known_trips(tmp_path):
    """Trips between zone centres with known counts per (origin id, destination id), plus 2 outside."""
    rng = np.random.default_rng(1)
    plan = {("Z0_0", "Z2_2"): 5, ("Z2_2", "Z0_0"): 2, ("Z1_1", "Z1_1"): 4, ("Z0_1", "Z1_0"): 1, ("Z2_0", "Z0_2"): 3}
    trips = []
    for (a, b), count in plan.items():
        ra, ca = map(int, a[1:].split("_"))
        rb, cb = map(int, b[1:].split("_"))
        trips += [(centre(ra, ca, rng.uniform(-400, 400, 2)), centre(rb, cb, rng.uniform(-400, 400, 2)))
                  for _ in range(count)]
    trips += [(centre(0, 0), (X0 - 5000.0, Y0)), ((X0 + 9000.0, Y0 + 9000.0), centre(1, 1))]
    path = write_trip_lines(tmp_path / "trips.gpkg", 32633, trips)
    return path, plan, trips


def _flows(path):
    return list(zip(read_field(path, "origin_id"), read_field(path, "dest_id"), read_field(path, "noisy_count")))


def test_line_trips_give_exact_counts_at_huge_epsilon(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    flows, matrix = str(tmp_path / "flows.gpkg"), str(tmp_path / "matrix.gpkg")
    feedback = LogFeedback()
    result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "SEED": 1, "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": matrix}, feedback=feedback)
    expected = sorted((a, b, float(c)) for (a, b), c in plan.items())
    assert _flows(flows) == expected  # ordered by origin id, then destination id
    assert _flows(matrix) == expected
    assert result["FLOWS_PUBLISHED"] == len(plan) and result["OUTSIDE_FLOWS"] == 2
    assert result["EPSILON_SPENT"] == EXACT and result["DELTA_SPENT"] == 0 and result["SENSITIVITY"] == 1
    assert QgsVectorLayer(flows, "f", "ogr").fields().names() == ["fid", "origin_id", "dest_id", "noisy_count",
                                                                  "moe95"]
    assert QgsVectorLayer(matrix, "m", "ogr").fields().names() == ["fid", "origin_id", "dest_id", "noisy_count"]
    assert "2 of 17 trips have an end outside every zone" in feedback.text()


def test_lines_join_representative_points_and_intrazonal_flows_loop(known_trips, zones, tmp_path):
    path, _, _ = known_trips
    flows = str(tmp_path / "flows.gpkg")
    processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "SEED": 2,
                         "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")})
    layer = QgsVectorLayer(flows, "f", "ogr")
    assert layer.crs().authid() == "EPSG:32633"
    for feature in layer.getFeatures():
        line = shapely.from_wkt(feature.geometry().asWkt())
        coords = shapely.get_coordinates(line)
        (ra, ca), (rb, cb) = (map(int, feature[k][1:].split("_")) for k in ("origin_id", "dest_id"))
        assert np.allclose(coords[0], centre(ra, ca)) and np.allclose(coords[-1], centre(rb, cb))
        if feature["origin_id"] == feature["dest_id"]:
            assert len(coords) == 5 and line.length > 0  # a visible closed loop at the zone's point
        else:
            assert len(coords) == 2
        assert feature["moe95"] == pytest.approx(CountNoise(LAPLACE, EXACT, 1).released_margin_of_error())


def test_intrazonal_flows_can_be_left_out_and_discrete_noise_gives_integers(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    feedback = LogFeedback()
    flows = str(tmp_path / "flows.gpkg")
    result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "NOISE": 1, "INCLUDE_INTRAZONAL": False, "OUTPUT_FLOWS": flows,
                                  "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    assert _flows(flows) == sorted((a, b, float(c)) for (a, b), c in plan.items() if a != b)
    assert "INCLUDE_INTRAZONAL is off: 4 trips within one zone are in no cell" in feedback.text()
    assert result["OUTSIDE_FLOWS"] == 2 and read_field(flows, "moe95") == [0.0] * 4
    [record] = read_from_file(flows)
    assert "discrete_laplace" in record.mechanism and any("intrazonal left out" in n for n in record.notes)


def test_both_outputs_are_one_release_with_one_record(known_trips, zones, tmp_path):
    path, _, _ = known_trips
    flows, matrix = str(tmp_path / "flows.gpkg"), str(tmp_path / "matrix.csv")
    processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 0.5,
                         "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": matrix})
    [flow_record], [matrix_record] = read_from_file(flows), read_from_file(matrix)
    assert flow_record.release_id == matrix_record.release_id
    assert flow_record.epsilon == matrix_record.epsilon == 0.5 and flow_record.noise_scale == 2
    assert any("one release with one epsilon" in note for note in flow_record.notes)
    assert any("outside all zones" in note for note in flow_record.notes)
    assert flow_record.algorithm == ALG and not flow_record.seeded


def test_user_level_bound_and_null_users_are_logged(zones, tmp_path):
    # User "a" makes 6 trips Z0_0 -> Z2_2; "b" one trip; two trips without a user id.
    trips = [(centre(0, 0), centre(2, 2))] * 6 + [(centre(1, 1), centre(0, 1))] * 3
    path = write_trip_lines(tmp_path / "t.gpkg", 32633, trips, uids=["a"] * 6 + ["b", None, ""])
    feedback = LogFeedback()
    flows = str(tmp_path / "f.gpkg")
    result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "USER_FIELD": "uid", "MAX_TRIPS": 2, "OUTPUT_FLOWS": flows,
                                  "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, feedback=feedback)
    assert _flows(flows) == [("Z0_0", "Z2_2", 2.0), ("Z1_1", "Z0_1", 1.0)]
    assert result["SENSITIVITY"] == 2
    assert "Dropped 2 trips whose user id (uid) is NULL or empty" in feedback.text()
    assert "User bound: 4 trips beyond 2 per user" in feedback.text()
    [record] = read_from_file(flows)
    assert "at most 2 trips" in record.unit_of_privacy


def test_gaussian_counts_each_user_once_per_pair_and_records_rho(zones, tmp_path):
    # User "a" makes 6 trips Z0_0 -> Z2_2 and 1 trip Z1_1 -> Z0_1; "b" one trip Z1_1 -> Z0_1.
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_delta, zcdp_rho

    trips = [(centre(0, 0), centre(2, 2))] * 6 + [(centre(1, 1), centre(0, 1))] * 2
    path = write_trip_lines(tmp_path / "t.gpkg", 32633, trips, uids=["a"] * 7 + ["b"])
    feedback = LogFeedback()
    flows = str(tmp_path / "f.gpkg")
    result = processing.run(ALG, {"THRESHOLD": 0, "DELTA": 1e-6, "NOISE": 2, "INPUT": path, "ZONES": zones,
                                  "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "USER_FIELD": "uid", "MAX_TRIPS": 4,
                                  "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")},
                            feedback=feedback)
    assert _flows(flows) == [("Z0_0", "Z2_2", 1.0), ("Z1_1", "Z0_1", 2.0)]
    assert result["SENSITIVITY"] == 2.0 and result["DELTA_SPENT"] == 1e-6
    assert "L2 sensitivity is sqrt(M)" in feedback.text()
    [record] = read_from_file(flows)
    assert record.rho == pytest.approx(zcdp_rho(EXACT, 1e-6)) and zcdp_delta(record.rho, record.epsilon) <= 1e-6
    assert "one trip per zone pair and 4 pairs" in record.unit_of_privacy


def test_qgis_process_gaussian_thresholding_publishes_pairs_with_users_and_enters_the_ledger_on_top(zones, tmp_path):
    """NOISE=2 with THRESHOLD=1 (core.mechanisms.gaussian_threshold) through qgis_process: users per pair, only
    pairs at or above tau, a record without rho; in a ledger with a Gaussian release the report adds its (epsilon,
    delta) to the zCDP part."""
    from dp_geoprivacy.core.accounting.ledger import Ledger
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_epsilon, zcdp_rho
    from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold

    # Z0_0 -> Z2_2 by users a (6 trips), b and c; Z1_1 -> Z0_1 by d only.
    trips = [(centre(0, 0), centre(2, 2))] * 8 + [(centre(1, 1), centre(0, 1))]
    path = write_trip_lines(tmp_path / "t.gpkg", 32633, trips, uids=["a"] * 6 + ["b", "c", "d"])
    common = {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid", "MAX_TRIPS": 2,
              "NOISE": 2, "DELTA": 1e-6, "THRESHOLD": 1, "MIN_FLOW": 0}
    flows = tmp_path / "f.gpkg"
    results = run_algorithm_json(ALG, **common, EPSILON=EXACT, OUTPUT_FLOWS=flows, OUTPUT_MATRIX=tmp_path / "m.gpkg")
    assert GaussianThreshold(EXACT, 1e-6, 2).threshold == 2
    assert _flows(flows) == [("Z0_0", "Z2_2", 3.0)] and results["FLOWS_PUBLISHED"] == 1
    assert results["DELTA_SPENT"] == 1e-6 and results["SENSITIVITY"] == pytest.approx(2 ** 0.5)
    [record] = read_from_file(str(flows))
    assert record.rho is None and record.delta == 1e-6 and "Gaussian thresholding" in record.mechanism
    assert "tau = 2" in record.mechanism and "one trip per zone pair and 2 pairs" in record.unit_of_privacy
    # In one ledger with a Gaussian release (rho): the report's zCDP route adds (0.5, 1e-7) on top.
    ledger = tmp_path / "ledger.json"
    for threshold in (1, 0):
        run_algorithm_json(ALG, **{**common, "THRESHOLD": threshold, "DELTA": 1e-7}, EPSILON=0.5, LEDGER=ledger,
                           OUTPUT_FLOWS=tmp_path / f"f{threshold}.gpkg", OUTPUT_MATRIX=tmp_path / f"m{threshold}.gpkg")
    rho = zcdp_rho(0.5, 1e-7)
    assert [e.rho for e in Ledger(ledger).entries()] == [None, pytest.approx(rho, rel=1e-12)]
    report = run_algorithm_json("dp_geoprivacy:privacyreport", LEDGER=ledger, DELTA=1e-6,
                                OUTPUT=tmp_path / "releases.gpkg", REPORT=tmp_path / "report.html")
    assert report["TOTAL_ROUTE"] == "zCDP"
    assert report["TOTAL_EPSILON"] == pytest.approx(zcdp_epsilon(rho, 1e-6) + 0.5, rel=1e-9)
    assert report["TOTAL_EPSILON"] < 1.0  # basic composition: 1.0
    assert report["TOTAL_DELTA"] == pytest.approx(1e-6 + 1e-7)


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
    assert _flows(flows) == [("Z0_2", "Z2_1", 3.0)]
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
    assert _flows(flows) == [("Z0_0", "Z1_1", 3.0)]
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
    assert "sparse release: 2 of 1185921 pairs published" in feedback.text()
    assert _flows(flows) == [("Z0_0", "Z32_32", 3.0), ("Z0_1", "Z0_1", 2.0)]


def test_failed_second_output_leaves_neither_output(known_trips, zones, tmp_path):
    path, _, _ = known_trips
    with pytest.raises(QgsProcessingException):
        processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "EPSILON": 1,
                             "OUTPUT_FLOWS": str(tmp_path / "f.xyz"),
                             "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["trips.gpkg", "zones.gpkg"]


def test_cancel_after_the_first_output_leaves_neither_output(known_trips, zones, tmp_path):
    """Cancelling once the matrix is complete (converted, with its sidecar, in its working folder) leaves
    neither output: both are put in place together at the end (writers.together)."""
    path, _, _ = known_trips
    matrix = tmp_path / "m.csv"

    class CancelOnceMatrixExists(QgsProcessingFeedback):
        def isCanceled(self):  # noqa: N802 (QGIS API)
            return any(tmp_path.glob(".dp_geoprivacy-*/m.qmd"))

    with pytest.raises(QgsProcessingException, match="Cancelled"):
        processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "EPSILON": 1,
                             "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                             "OUTPUT_MATRIX": str(matrix)}, feedback=CancelOnceMatrixExists())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["trips.gpkg", "zones.gpkg"]


def test_matrix_holds_the_flows_attributes_in_the_same_order(known_trips, zones, tmp_path):
    """The matrix is copied from the flow lines in SQL (GeoPackage) or written from arrays (other formats)."""
    path, _, _ = known_trips
    for suffix in (".gpkg", ".csv"):
        flows, matrix = tmp_path / f"f{suffix}", tmp_path / f"m{suffix}.gpkg"
        processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 0.5,
                             "OUTPUT_FLOWS": str(flows), "OUTPUT_MATRIX": str(matrix)})
        assert [(a, b, float(c)) for a, b, c in _flows(matrix)] == [(a, b, float(c)) for a, b, c in _flows(flows)]
        dataset = ogr.Open(str(matrix))
        names = [d.GetName() for d in dataset.GetLayer(0).schema]
        dataset = None
        assert names == ["origin_id", "dest_id", "noisy_count"]


def test_stability_threshold_publishes_only_pairs_with_trips(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    for seed in range(5):
        flows = tmp_path / f"f{seed}.gpkg"
        result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 20,
                                      "DELTA": 0.1, "THRESHOLD": 1, "SEED": seed, "OUTPUT_FLOWS": str(flows),
                                      "OUTPUT_MATRIX": str(tmp_path / f"m{seed}.gpkg")})
        assert all((a, b) in plan for a, b, _ in _flows(flows))
        assert result["DELTA_SPENT"] == 0.1 and result["SENSITIVITY"] == 2


def test_seeded_runs_are_reproducible(known_trips, zones, tmp_path):
    path, _, _ = known_trips
    outputs = []
    for i, seed in enumerate((4, 4, None)):
        parameters = {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 0.3, **PURE,
                      "OUTPUT_FLOWS": str(tmp_path / f"f{i}.gpkg"), "OUTPUT_MATRIX": str(tmp_path / f"m{i}.gpkg")}
        if seed is not None:
            parameters["SEED"] = seed
        processing.run(ALG, parameters)
        outputs.append(_flows(tmp_path / f"f{i}.gpkg"))
    assert outputs[0] == outputs[1] and outputs[0] != outputs[2]


def test_flow_layer_is_styled_by_count_when_loaded(known_trips, zones, tmp_path):
    """Issue 20 §5: arrowed flows whose width legend has whole-number classes; the layer's name (the legend title)
    carries epsilon, the margin of one flow and the run, so two runs can be told apart."""
    from qgis.core import QgsArrowSymbolLayer, QgsGraduatedSymbolRenderer

    path, _, _ = known_trips
    project = QgsProject.instance()
    before = set(project.mapLayers())
    for run in ("a", "b"):
        processing.runAndLoadResults(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                           "EPSILON": 2, "OUTPUT_FLOWS": str(tmp_path / f"f{run}.gpkg"),
                                           "OUTPUT_MATRIX": str(tmp_path / f"m{run}.gpkg")})
    loaded = [project.mapLayer(i) for i in set(project.mapLayers()) - before]
    try:
        flows = [layer for layer in loaded if layer.name().startswith("Noisy OD flows (ε=2, δ=0; ±")]
        assert len(flows) == 2 and flows[0].name() != flows[1].name() and "; run " in flows[0].name()
        assert all(project.layerTreeRoot().findLayer(layer.id()).isExpanded() for layer in flows)  # width legend
        renderer = flows[0].renderer()
        assert isinstance(renderer, QgsGraduatedSymbolRenderer) and renderer.classAttribute() == "noisy_count"
        ranges = renderer.ranges()  # copies: kept alive while their symbols are read
        arrows = [r.symbol().symbolLayer(0) for r in ranges]
        assert all(isinstance(arrow, QgsArrowSymbolLayer) for arrow in arrows)
        assert all(arrow.headType() == QgsArrowSymbolLayer.HeadSingle for arrow in arrows)
        widths = [arrow.arrowWidth() for arrow in arrows]
        assert len(widths) >= 2 and widths == sorted(widths) and widths[0] < widths[-1]
        for r in ranges:
            assert r.lowerValue() == int(r.lowerValue()) and r.upperValue() == int(r.upperValue())
            assert "." not in r.label() and r.label() != f"{r.lowerValue():g} - {r.lowerValue():g}"
        assert flows[0].metadata().abstract().startswith("Differentially private release")
        assert any(layer.name().startswith("Noisy OD matrix (ε=") for layer in loaded)
    finally:
        project.removeMapLayers([layer.id() for layer in loaded])


def test_qgis_process_with_lines(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.xlsx"
    results = run_algorithm_json(ALG, THRESHOLD=0, INPUT=path, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
                                 SEED=3,
                                 OUTPUT_FLOWS=flows, OUTPUT_MATRIX=matrix)
    assert results["FLOWS_PUBLISHED"] == len(plan) and results["OUTSIDE_FLOWS"] == 2
    assert _flows(flows) == sorted((a, b, float(c)) for (a, b), c in plan.items())
    table = QgsVectorLayer(str(matrix), "matrix", "ogr")
    assert table.isValid() and table.featureCount() == len(plan)
    assert {"origin_id", "dest_id", "noisy_count"} <= set(table.fields().names())


def test_qgis_process_with_a_csv_of_coordinates(zones, tmp_path):
    rows = [(f"{centre(2, 0)[0]:.1f}", f"{centre(2, 0)[1]:.1f}", f"{centre(0, 1)[0]:.1f}", f"{centre(0, 1)[1]:.1f}",
             f"u{i}") for i in range(4)] + [("", "1", "2", "3", "u9"), ("x", "1", "2", "3", "u9")]
    table = write_trip_csv(tmp_path / "trips.csv", rows)
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.csv"
    result = run_qgis_process("run", ALG, "--", "THRESHOLD=0", f"INPUT={table}", "ORIGIN_X_FIELD=ox",
                              "ORIGIN_Y_FIELD=oy",
                              "DEST_X_FIELD=dx", "DEST_Y_FIELD=dy", "COORDINATES_CRS=EPSG:32633", f"ZONES={zones}",
                              "ZONE_ID_FIELD=zone_id", f"EPSILON={EXACT}", "USER_FIELD=uid", "MAX_TRIPS=1",
                              f"OUTPUT_FLOWS={flows}", f"OUTPUT_MATRIX={matrix}")
    assert "Skipped 2 of 6 trips" in result.stdout + result.stderr
    assert _flows(flows) == [("Z2_0", "Z0_1", 4.0)]
    with open(matrix, newline="") as handle:
        assert list(csv.DictReader(handle)) == [{"origin_id": "Z2_0", "dest_id": "Z0_1", "noisy_count": "4"}]


def test_qgis_process_with_h3_cells(tmp_path):
    rng = np.random.default_rng(5)
    origins = np.column_stack((rng.uniform(13.33, 13.37, 60), rng.uniform(52.48, 52.50, 60)))
    dests = np.column_stack((rng.uniform(13.43, 13.47, 60), rng.uniform(52.50, 52.52, 60)))
    path = write_trip_lines(tmp_path / "t.gpkg", 4326, list(zip(map(tuple, origins), map(tuple, dests))))
    flows = tmp_path / "flows.gpkg"
    results = run_algorithm_json(ALG, THRESHOLD=0, INPUT=path, H3_RESOLUTION=7,
                                 EXTENT="13.3,13.5,52.45,52.55 [EPSG:4326]",
                                 EPSILON=EXACT, OUTPUT_FLOWS=flows, OUTPUT_MATRIX=tmp_path / "m.gpkg")
    expected = collections.Counter(
        (h3.latlng_to_cell(o[1], o[0], 7), h3.latlng_to_cell(d[1], d[0], 7)) for o, d in zip(origins, dests))
    got = {(a, b): c for a, b, c in _flows(flows)}
    assert got == {pair: float(count) for pair, count in expected.items()}
    assert results["OUTSIDE_FLOWS"] == 0
    assert QgsVectorLayer(str(flows), "f", "ogr").crs().authid() == "EPSG:4326"


def test_model_chains_od_flows_into_native_extract(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    model = ROOT / "tests" / "data" / "models" / "od_flows_then_extract.model3"
    strong, matrix = tmp_path / "strong.gpkg", tmp_path / "matrix.gpkg"
    run_qgis_process("run", str(model), "--", f"trips={path}", f"zones={zones}", f"epsilon={EXACT}", "min_count=3",
                     f"od:matrix={matrix}", f"strong:strong_flows={strong}")
    assert sorted(_flows(strong)) == sorted((a, b, float(c)) for (a, b), c in plan.items() if c >= 3)
    assert feature_count(matrix) == len(plan)


def test_bulk_loaded_spatial_index_is_valid_and_answers_like_the_geometries(tmp_path):
    """gpkg_fill builds the R*-tree in one pass (the flow layer can hold millions of lines): check it."""
    import sqlite3

    from dp_geoprivacy.processing.writers import Column, write_features

    rng = np.random.default_rng(9)
    n = 30_000
    starts = rng.uniform(0, 10_000, (n, 2))
    ends = starts + rng.normal(0, 800, (n, 2))
    lines = shapely.linestrings(np.stack((starts, ends), axis=1))
    lines[::1000] = shapely.from_wkt("LINESTRING EMPTY")
    out = tmp_path / "lines.gpkg"
    crs = osr.SpatialReference()
    crs.ImportFromEPSG(32633)
    write_features(str(out), crs.ExportToWkt(), ogr.wkbLineString, lines, [Column("k", "int", np.arange(n))],
                   None, lambda path, layer: None)
    connection = sqlite3.connect(str(out))
    assert connection.execute("SELECT rtreecheck('rtree_lines_geom')").fetchone() == ("ok",)
    assert connection.execute("SELECT count(*) FROM rtree_lines_geom").fetchone() == (n - n // 1000,)
    connection.close()
    layer = QgsVectorLayer(str(out), "lines", "ogr")
    bounds = shapely.bounds(lines)
    from qgis.core import QgsFeatureRequest, QgsRectangle

    for _ in range(10):
        x, y = rng.uniform(0, 10_000, 2)
        box = (x, y, x + 400, y + 400)
        got = sorted(f["k"] for f in layer.getFeatures(QgsFeatureRequest().setFilterRect(QgsRectangle(*box))))
        hits = ((bounds[:, 2] >= box[0]) & (bounds[:, 0] <= box[2]) & (bounds[:, 3] >= box[1])
                & (bounds[:, 1] <= box[3]))
        candidates = np.flatnonzero(hits)
        exact = candidates[shapely.intersects(lines[candidates], shapely.box(*box))]
        assert set(exact.tolist()) <= set(got) <= set(candidates.tolist())
