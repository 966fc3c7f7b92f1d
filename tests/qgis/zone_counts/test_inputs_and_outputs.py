"""dp_geoprivacy:noisyzonecounts: awkward and bad inputs, the styled output, qgis_process."""


import numpy as np
import pytest
import shapely
from qgis import processing
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsFeature,
    QgsGraduatedSymbolRenderer,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsVectorLayer,
)

from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.processing.metric_crs import wkt
from dp_geoprivacy.processing.privacy_metadata import read_from_file
from dp_geoprivacy.processing.styles import graduated_counts

from ..conftest import feature_count, read_field, run_algorithm_json, run_qgis_process, write_grid_zones
from .support import ALG, CELL, EXACT, X0, Y0, Log, by_zone, grid_points, run, write_points, write_polygons


def test_points_in_another_crs_are_reprojected_and_logged(grid, tmp_path):
    zones, _, truth = grid
    xy = grid_points(np.array(list(truth.values())), 5)
    lonlat = transform_xy(xy, wkt(QgsCoordinateReferenceSystem("EPSG:32633")),
                          wkt(QgsCoordinateReferenceSystem("EPSG:4326")))
    points = write_points(tmp_path / "lonlat.gpkg", 4326, lonlat)
    log = Log()
    out = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
              SEED=1)["OUTPUT"]
    assert "reprojected from EPSG:4326 to the zones' CRS EPSG:32633" in log.text()
    assert by_zone(out) == {k: float(v) for k, v in truth.items()}


def test_invalid_zone_polygons_are_repaired_and_logged(tmp_path):
    bowtie = "POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))"
    zones = write_polygons(tmp_path / "zones.gpkg", 32633, [bowtie, shapely.box(20, 0, 30, 10)], ["bow", "box"])
    points = write_points(tmp_path / "points.gpkg", 32633, [[2, 5], [8, 5], [25, 5]])
    log = Log()
    out = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
              SEED=1)["OUTPUT"]
    assert "Repaired 1 invalid zone polygons" in log.text()
    assert by_zone(out) == {"bow": 2.0, "box": 1.0}


def test_overlapping_zones_are_refused_unless_allowed(tmp_path):
    zones = write_polygons(tmp_path / "zones.gpkg", 32633,
                           [shapely.box(0, 0, 10, 10), shapely.box(5, 0, 15, 10), shapely.box(20, 0, 30, 10)],
                           ["a", "b", "c"])
    points = write_points(tmp_path / "points.gpkg", 32633, [[2, 5], [7, 5], [12, 5], [25, 5]])
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match="overlapping zones .*'a' and 'b'.*ALLOW_OVERLAP"):
        run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1)
    assert not out.exists()
    result = run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT, ALLOW_OVERLAP=True,
                 SEED=1)
    assert by_zone(result["OUTPUT"]) == {"a": 2.0, "b": 2.0, "c": 1.0}  # the point at x=7 counts twice
    assert result["SENSITIVITY"] == 2
    with pytest.raises(QgsProcessingException, match="Gaussian thresholding.*needs each point in one zone"):
        run(tmp_path, name="gauss.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1,
            ALLOW_OVERLAP=True, THRESHOLD=1, NOISE=2, DELTA=1e-6)
    assert not (tmp_path / "gauss.gpkg").exists()


def test_qgis_process_gaussian_thresholding_publishes_zones_with_enough_users(tmp_path):
    """THRESHOLD=1 with NOISE=2: users per zone (one point per user and zone), only zones at or above tau (2 at a
    huge epsilon), a record without rho."""
    from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold

    n = 3
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    # Z0_0: user a (5 points) and b; Z1_1: user c only; Z2_2: users a, d and e.
    xy = grid_points([6, 0, 0, 0, 1, 0, 0, 0, 3], n)
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=["a"] * 5 + ["b", "c", "a", "d", "e"])
    out = tmp_path / "out.gpkg"
    result = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", USER_FIELD="user",
                                MAX_CONTRIBUTIONS=2, EPSILON=EXACT, THRESHOLD=1, NOISE=2, DELTA=1e-6, OUTPUT=out)
    assert GaussianThreshold(EXACT, 1e-6, 2).threshold == 2
    assert by_zone(out) == {"Z0_0": 2.0, "Z2_2": 3.0}
    assert result["DELTA_SPENT"] == 1e-6 and result["SENSITIVITY"] == pytest.approx(2 ** 0.5)
    [record] = read_from_file(str(out))
    assert record.rho is None and "Gaussian thresholding" in record.mechanism and "tau = 2" in record.mechanism


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"MAX_CONTRIBUTIONS": -1}, "MAX_CONTRIBUTIONS must be a whole number of at least 1"),
        ({"MAX_CONTRIBUTIONS": 0}, r"MAX_CONTRIBUTIONS=0 \(automatic\) chooses the bound per user: set USER_FIELD"),
        ({"TOP_K": -1}, "TOP_K must be a whole number of at least 0"),
        ({"DELTA": 1}, r"DELTA must be in \[0, 1\)"),
        ({"DELTA": -0.1}, r"DELTA must be in \[0, 1\)"),
        ({"THRESHOLD": 1}, "THRESHOLD=1 .* needs DELTA > 0"),
        ({"THRESHOLD": 1, "DELTA": 1e-6, "NOISE": 1}, "set NOISE=0"),
        ({"NOISE": 2}, r"NOISE=2 \(discrete Gaussian\) needs DELTA > 0"),
        ({"EPSILON": 0}, "EPSILON must be a finite number greater than 0"),
        ({"H3_RESOLUTION": 8}, "either ZONES or H3_RESOLUTION, not both"),
        ({"ZONES": None}, "a polygon layer as ZONES, or an H3_RESOLUTION"),
        ({"ZONES": None, "H3_RESOLUTION": 8}, "H3_RESOLUTION needs an EXTENT"),
        ({"ZONE_ID_FIELD": "label"}, "not a field of ZONES"),
        ({"TIME_FIELD": "user"}, "TIME_FIELD 'user' cannot give hour slots"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(grid, tmp_path, parameters, message):
    zones, points, _ = grid
    full = {"INPUT": points, "ZONES": zones, "EPSILON": 1, "OUTPUT": str(tmp_path / "out.gpkg")}
    full.update(parameters)
    full = {k: v for k, v in full.items() if v is not None}
    if parameters.get("TIME_FIELD"):
        full["INPUT"] = write_points(tmp_path / "users.gpkg", 32633, [[X0 + 5, Y0 + 5]], users=["x"])
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)
    assert not (tmp_path / "out.gpkg").exists()


def test_cancelled_run_leaves_no_output(grid, tmp_path):
    zones, points, _ = grid
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(QgsProcessingException):
        processing.run(ALG, {"INPUT": points, "ZONES": zones, "EPSILON": 1, "OUTPUT": str(tmp_path / "out.gpkg")},
                       context=QgsProcessingContext(), feedback=feedback)
    assert not (tmp_path / "out.gpkg").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg", "zones.gpkg"]


def test_output_is_styled_graduated_by_noisy_count(grid, tmp_path):
    zones, points, _ = grid
    out = run(tmp_path, INPUT=points, ZONES=zones, EPSILON=1, SEED=1)["OUTPUT"]
    layer = QgsVectorLayer(out, "o", "ogr")
    graduated_counts(layer)
    renderer = layer.renderer()
    assert isinstance(renderer, QgsGraduatedSymbolRenderer) and renderer.classAttribute() == "noisy_count"
    assert len(renderer.ranges()) >= 2


def test_count_classes_are_whole_numbers_without_repeated_bounds(tmp_path):
    """Issue 20 §5: quantile classes of counts showed "0 - 0", "256 - 256" and decimal breaks."""
    from dp_geoprivacy.processing.styles import integer_classes

    layer = QgsVectorLayer("Polygon?crs=EPSG:32633&field=noisy_count:double", "counts", "memory")
    values = [0.0] * 30 + [256.0] * 5 + [3.0, 17.0, 40.0]
    features = []
    for value in values:
        feature = QgsFeature(layer.fields())
        feature["noisy_count"] = value
        features.append(feature)
    ok, _ = layer.dataProvider().addFeatures(features)
    assert ok
    classes = integer_classes(layer, "noisy_count")
    assert classes[0][0] == 0 and classes[-1][1] == 256 and len(classes) >= 3
    labels = [label for _, _, label in classes]
    assert all("." not in label for label in labels) and "0 - 0" not in labels and "256 - 256" not in labels
    assert all(upper > lower for lower, upper, _ in classes)
    assert [a[1] for a in classes[:-1]] == [b[0] for b in classes[1:]]  # contiguous


def test_qgis_process_runs_with_users_slots_and_threshold(tmp_path):
    rng = np.random.default_rng(12)
    n = 4000
    xy = np.column_stack((rng.uniform(X0, X0 + 500, n), rng.uniform(Y0, Y0 + 500, n)))
    users = [f"u{i}" for i in rng.integers(0, 800, n)]
    times = [f"2024-05-{6 + i % 7:02d}T{h:02d}:15:00" for i, h in enumerate(rng.integers(0, 24, n))]
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=users, times=times)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 5)
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1, DELTA=1e-6,
                                 USER_FIELD="user", MAX_CONTRIBUTIONS=3, TIME_FIELD="t", TIME_SLOT=2,
                                 THRESHOLD=0, NOISE=1, SEED=4, OUTPUT=out)
    assert results["ROWS_WRITTEN"] == feature_count(out) == 25 * 7
    assert results["SENSITIVITY"] == 3 and results["EPSILON_SPENT"] == 1 and results["DELTA_SPENT"] == 0
    assert all(v == round(v) and v >= 0 for v in read_field(out, "noisy_count"))
    stable = tmp_path / "stable.gpkg"
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, EPSILON=1, DELTA=1e-6, THRESHOLD=1,
                                 SEED=4, OUTPUT=stable)
    assert results["DELTA_SPENT"] == 1e-6 and results["SENSITIVITY"] == 2
    assert results["ROWS_WRITTEN"] == feature_count(stable) == 25  # ~160 points per zone, threshold ~29


def test_qgis_process_reports_bad_settings_clearly(grid, tmp_path):
    zones, points, _ = grid
    result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"ZONES={zones}", "EPSILON=1", "THRESHOLD=1",
                              f"OUTPUT={tmp_path / 'x.gpkg'}", check=False)
    assert result.returncode != 0
    assert "needs DELTA > 0" in result.stdout + result.stderr
    assert not (tmp_path / "x.gpkg").exists()
