"""dp_geoprivacy:noisyodflows: the flows counted, the user bound, the Gaussian options.

Exact checks use EPSILON = 1e6 (noise scale 1e-6: after rounding the published flows are the true counts);
statistical behaviour of the release paths is tested in tests/core/test_od_flows.py.
"""

import numpy as np
import pytest
import shapely
from qgis import processing
from qgis.core import QgsVectorLayer

from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import read_field, run_algorithm_json
from .support import ALG, EXACT, PURE, LogFeedback, centre, published_flows, write_trip_lines


def test_line_trips_give_exact_counts_at_huge_epsilon(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    flows, matrix = str(tmp_path / "flows.gpkg"), str(tmp_path / "matrix.gpkg")
    feedback = LogFeedback()
    result = processing.run(ALG, {**PURE, "INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
                                  "SEED": 1, "OUTPUT_FLOWS": flows, "OUTPUT_MATRIX": matrix}, feedback=feedback)
    expected = sorted((a, b, float(c)) for (a, b), c in plan.items())
    assert published_flows(flows) == expected  # ordered by origin id, then destination id
    assert published_flows(matrix) == expected
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
    assert published_flows(flows) == sorted((a, b, float(c)) for (a, b), c in plan.items() if a != b)
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
    assert published_flows(flows) == [("Z0_0", "Z2_2", 2.0), ("Z1_1", "Z0_1", 1.0)]
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
    assert published_flows(flows) == [("Z0_0", "Z2_2", 1.0), ("Z1_1", "Z0_1", 2.0)]
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
    assert published_flows(flows) == [("Z0_0", "Z2_2", 3.0)] and results["FLOWS_PUBLISHED"] == 1
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
