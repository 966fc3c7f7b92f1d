"""dp_geoprivacy:escapeanalysis through the Processing API, qgis_process and a model.

Statistical check: points uniform in the square cells of a grid, per-axis
Laplace of scale b: the exact escape share is 1 - (1 - (b/s)(1 - exp(-s/b)))^2.
Tolerance: two-sided alpha = 0.001 split over the scales (Bonferroni), with
the binomial standard deviation sqrt(q (1 - q) / N) of N points, which
bounds the Monte-Carlo sd of the mean over realizations (tests/core/test_escape.py
derives it). Fixed seeds. The test also shows it rejects a 10% larger scale.
"""

import math
import struct

import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsGraduatedSymbolRenderer,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsProject,
    QgsVectorLayer,
)
from scipy import stats

from dp_geoprivacy.core.geometry.zones import OUTSIDE, Tessellation
from dp_geoprivacy.processing.algorithms.escape_analysis import NOT_DP_NOTE, EscapeAnalysis
from dp_geoprivacy.processing.privacy_metadata import read_from_file
from dp_geoprivacy.processing.styles import escape_share_zones

from .conftest import (
    ROOT,
    feature_count,
    read_field,
    run_algorithm_json,
    run_qgis_process,
    write_grid_zones,
    write_points,
)

ALG = "dp_geoprivacy:escapeanalysis"
ALPHA = 0.001
ORIGIN = (500_000.0, 4_500_000.0)
SIDE, CELLS = 100.0, 6


class _Log(QgsProcessingFeedback):
    """Feedback that keeps what the algorithm writes to the log."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def pushInfo(self, info):  # noqa: N802 (QGIS API)
        self.lines.append(info)

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.lines.append(warning)

    def text(self):
        return "\n".join(self.lines)


def _stay(b, side=SIDE):
    return (1.0 - (b / side) * (1.0 - math.exp(-side / b))) ** 2


def _grid_points(per_cell, seed, outside=0):
    """``per_cell`` points uniform in each grid cell, plus ``outside`` points east of the grid."""
    rng = np.random.default_rng(seed)
    cells = np.array([(ORIGIN[0] + c * SIDE, ORIGIN[1] + r * SIDE) for r in range(CELLS) for c in range(CELLS)])
    xy = np.repeat(cells, per_cell, axis=0) + rng.uniform(0, SIDE, (len(cells) * per_cell, 2))
    if outside:
        far = np.column_stack((rng.uniform(ORIGIN[0] + 2000, ORIGIN[0] + 2100, outside),
                               rng.uniform(ORIGIN[1], ORIGIN[1] + 100, outside)))
        xy = np.vstack((xy, far))
    return xy


@pytest.fixture
def grid_case(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, ORIGIN, SIDE, CELLS)
    xy = _grid_points(500, seed=31, outside=40)
    points = write_points(tmp_path / "points.gpkg", 32633, xy)
    return points, zones, xy


def _outputs(tmp_path, chart=None):
    outputs = {"OUTPUT_TABLE": str(tmp_path / "table.gpkg"), "OUTPUT_ZONES": str(tmp_path / "zone_shares.gpkg")}
    if chart:
        outputs["OUTPUT_CHART"] = str(tmp_path / chart)
    return outputs


def test_sweep_matches_the_exact_answer_through_processing(grid_case, tmp_path):
    points, zones, xy = grid_case
    scales = [10.0, 40.0]
    result = processing.run(ALG, {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "MECHANISM": 1, "SCALES": "40, 10",
        "REALIZATIONS": 5, "TARGET_ESCAPE": 0.3, "DISTANCE": 100, "SEED": 5, **_outputs(tmp_path, "chart.html"),
    })
    n_in = CELLS * CELLS * 500
    assert result["POINTS_OUTSIDE"] == 40 and result["POINTS_IN_ZONES"] == n_in

    table = tmp_path / "table.gpkg"
    assert read_field(table, "scale_m") == scales  # sorted
    assert read_field(table, "epsilon") == pytest.approx([10.0, 2.5])
    assert read_field(table, "b_lumped") == pytest.approx([0.1, 0.4])
    assert read_field(table, "runs") == [5, 5] and read_field(table, "n_outside") == [40, 40]
    share = read_field(table, "esc_share")
    z = stats.norm.ppf(1 - ALPHA / (2 * len(scales)))
    for b, estimate in zip(scales, share):
        q = 1 - _stay(b)
        tolerance = z * math.sqrt(q * (1 - q) / n_in)
        assert abs(estimate - q) <= tolerance, (b, estimate, q, tolerance)
        q_wrong = 1 - _stay(1.1 * b)
        assert abs(estimate - q_wrong) > tolerance  # the check can fail

    # Calibration: between 10 and 40 m, linear in log b; epsilon = DISTANCE / b.
    t = (0.3 - share[0]) / (share[1] - share[0])
    assert result["CALIBRATED_SCALE"] == pytest.approx(10.0 * 4.0**t)
    assert result["CALIBRATED_EPSILON"] == pytest.approx(100.0 / result["CALIBRATED_SCALE"])

    shares = tmp_path / "zone_shares.gpkg"
    assert feature_count(shares) == CELLS * CELLS * len(scales)
    assert read_field(shares, "zone_id")[:2] == ["Z0_0", "Z0_1"]
    population = np.array(read_field(shares, "population"))
    assert np.all(population == 500)
    rho = np.array(read_field(shares, "esc_share")).reshape(len(scales), -1)
    assert np.allclose((rho * 500).sum(axis=1) / n_in, share)  # eq. 15 from the zone rows
    assert (tmp_path / "chart.html").read_text().count("<svg") == 1


def test_a_calibration_on_the_raw_points_says_it_is_a_data_dependent_choice(grid_case, tmp_path):
    """Issue 19 item 11: the calibrated scale and epsilon come from the raw points; an epsilon chosen from them is
    a data-dependent choice no ledger counts: said in the log, the record and the chart, where they are shown."""
    points, zones, _ = grid_case
    feedback = _Log()
    processing.run(ALG, {"INPUT": points, "ZONES": zones, "SCALES": "10,40", "REALIZATIONS": 2,
                         "TARGET_ESCAPE": 0.3, "DISTANCE": 100, **_outputs(tmp_path, "chart.html")},
                   context=QgsProcessingContext(), feedback=feedback)
    said = "computed from the raw points of INPUT: an epsilon chosen from them is a choice that depends on the data"
    assert said in feedback.text() and "no privacy ledger counts it" in feedback.text()
    [record] = read_from_file(str(tmp_path / "table.gpkg"))
    assert any(said in note for note in record.notes)
    assert "an epsilon chosen from it is not counted by any ledger" in (tmp_path / "chart.html").read_text()


def test_uniform_points_over_the_zones_calibrate_without_reading_data(tmp_path):
    """UNIFORM_POINTS: public points drawn uniformly over the zones (no INPUT); for square cells the escape share
    of per-axis Laplace is known exactly (_stay): two-sided z test at ALPHA."""
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, ORIGIN, SIDE, CELLS)
    n, b = 20_000, 20.0
    feedback = _Log()
    result = processing.run(ALG, {"ZONES": zones, "UNIFORM_POINTS": n, "MECHANISM": 1, "SCALES": str(b),
                                  "REALIZATIONS": 1, "TARGET_ESCAPE": 0.3, "DISTANCE": 100, "SEED": 2,
                                  **_outputs(tmp_path)}, context=QgsProcessingContext(), feedback=feedback)
    assert result["POINTS_IN_ZONES"] == n and result["POINTS_OUTSIDE"] == 0
    q = 1 - _stay(b)
    tolerance = stats.norm.ppf(1 - ALPHA / 2) * math.sqrt(q * (1 - q) / n)
    assert abs(read_field(tmp_path / "table.gpkg", "esc_share")[0] - q) <= tolerance
    assert abs(read_field(tmp_path / "table.gpkg", "esc_share")[0] - (1 - _stay(1.2 * b))) > tolerance
    [record] = read_from_file(str(tmp_path / "table.gpkg"))
    assert any("drawn uniformly over the zones (public)" in note for note in record.notes)
    assert "raw points of INPUT" not in feedback.text()
    with pytest.raises(QgsProcessingException, match="Give INPUT .* or UNIFORM_POINTS"):
        processing.run(ALG, {"ZONES": zones, "SCALES": "20", **_outputs(tmp_path / "none")})


def test_outputs_and_help_say_not_differentially_private(grid_case, tmp_path):
    points, zones, _ = grid_case
    processing.run(ALG, {"INPUT": points, "ZONES": zones, "SCALES": "20", "REALIZATIONS": 2,
                         **_outputs(tmp_path, "chart.html")})
    for path in (tmp_path / "table.gpkg", tmp_path / "zone_shares.gpkg"):
        [record] = read_from_file(str(path))
        assert record.differentially_private is False and record.epsilon is None
        assert NOT_DP_NOTE in record.notes and record.algorithm == ALG
        metadata = QgsVectorLayer(str(path), "out", "ogr").metadata()
        assert "NOT DIFFERENTIALLY PRIVATE" in metadata.abstract()
        assert "not differentially private: contains statistics of the raw data" in metadata.abstract()
        keywords = metadata.keywords("dp_geoprivacy")
        assert "not-differentially-private" in keywords and "differential-privacy" not in keywords
        assert "NOT differentially private" in metadata.title()
    assert "NOT DIFFERENTIALLY PRIVATE" in (tmp_path / "chart.html").read_text()
    help_text = EscapeAnalysis().shortHelpString()
    assert "Not differentially private: the outputs contain statistics of the raw data" in help_text
    assert "Dumont et al. 2021 §5" in help_text and "eq. 15" in help_text and "log b" in help_text


def test_reprojection_geographic_zones_and_png_chart(tmp_path):
    """Points in EPSG:4326 and zones in EPSG:32633: points go to the zones' CRS, noise in metres."""
    zones_path = write_grid_zones(tmp_path / "zones.gpkg", 32633, ORIGIN, SIDE, CELLS)
    xy_metric = _grid_points(100, seed=4)
    from dp_geoprivacy.core.geometry.metric_crs import transform_xy

    utm, wgs = osr.SpatialReference(), osr.SpatialReference()
    utm.ImportFromEPSG(32633)
    wgs.ImportFromEPSG(4326)
    lonlat = transform_xy(xy_metric, utm.ExportToWkt(), wgs.ExportToWkt())
    points = write_points(tmp_path / "lonlat.gpkg", 4326, lonlat)
    log = _Log()
    result = processing.run(ALG, {"INPUT": points, "ZONES": zones_path, "SCALES": "30", "REALIZATIONS": 2,
                                  "SEED": 1, **_outputs(tmp_path, "chart.png")}, feedback=log)
    assert "points reprojected to the zones' CRS" in log.text()
    assert "Noise drawn in EPSG:32633" in log.text()
    assert result["POINTS_IN_ZONES"] == len(xy_metric) and result["POINTS_OUTSIDE"] == 0
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", (tmp_path / "chart.png").read_bytes()[16:24])
    assert width > 600 and height > 300


def test_zones_in_a_geographic_crs_use_metric_areas(tmp_path):
    """Zones and points in EPSG:4326: noise in the UTM zone, point-in-polygon back in degrees."""
    rng = np.random.default_rng(12)
    lon0, lat0, step = 13.30, 52.45, 0.002
    path = tmp_path / "zones4326.gpkg"
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(4326)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    for r in range(4):
        for c in range(4):
            feature = ogr.Feature(layer.GetLayerDefn())
            box = shapely.box(lon0 + c * step, lat0 + r * step, lon0 + (c + 1) * step, lat0 + (r + 1) * step)
            feature.SetGeometry(ogr.CreateGeometryFromWkb(box.wkb))
            layer.CreateFeature(feature)
    dataset = None
    lonlat = np.column_stack((rng.uniform(lon0, lon0 + 4 * step, 2000), rng.uniform(lat0, lat0 + 4 * step, 2000)))
    points = write_points(tmp_path / "pts4326.gpkg", 4326, lonlat)
    log = _Log()
    result = processing.run(ALG, {"INPUT": points, "ZONES": str(path), "SCALES": "5,50", "REALIZATIONS": 2,
                                  **_outputs(tmp_path)}, feedback=log)
    assert "EPSG:32633" in log.text() and result["POINTS_IN_ZONES"] == 2000
    # Cells are about 136 m x 222 m: b / sqrt(mean area) uses square metres, not degrees.
    lumped = read_field(tmp_path / "table.gpkg", "b_lumped")
    side_x, side_y = 0.002 * 111_320 * math.cos(math.radians(52.454)), 0.002 * 111_250
    assert 50 / lumped[1] == pytest.approx(math.sqrt(side_x * side_y), rel=0.02)
    shares = read_field(tmp_path / "table.gpkg", "esc_share")
    assert 0 < shares[0] < shares[1] < 1


def test_measure_mode_gives_the_observed_escapes_of_a_perturbed_layer(grid_case, tmp_path):
    points, zones, xy = grid_case
    perturbed = str(tmp_path / "perturbed.gpkg")
    processing.run("dp_geoprivacy:laplaceperturbation", {"INPUT": points, "MECHANISM": 1, "EPSILON": 2,
                                                         "DISTANCE": 60, "GRID": 1, "SEED": 3, "FIELDS": ["pid"],
                                                         "KEEP_IDENTIFIERS": True,
                                                         "OUTPUT": perturbed})
    # Drop three perturbed points: their true points have no partner.
    dataset = ogr.Open(perturbed, 1)
    layer = dataset.GetLayer(0)
    for fid in (1, 2, 3):
        layer.DeleteFeature(fid)
    dataset = None
    result = processing.run(ALG, {"INPUT": points, "ZONES": zones, "PERTURBED": perturbed, "MATCH_FIELD": "pid",
                                  "SCALES": "", **_outputs(tmp_path)})
    # Recount directly: pid pairs each perturbed point with its true location.
    grid = Tessellation([shapely.box(ORIGIN[0] + c * SIDE, ORIGIN[1] + r * SIDE, ORIGIN[0] + (c + 1) * SIDE,
                                     ORIGIN[1] + (r + 1) * SIDE) for r in range(CELLS) for c in range(CELLS)],
                        list(range(CELLS * CELLS)))
    dataset = ogr.Open(perturbed)
    pids, moved = [], []
    for feature in dataset.GetLayer(0):
        pids.append(feature["pid"])
        moved.append((feature.GetGeometryRef().GetX(), feature.GetGeometryRef().GetY()))
    dataset = None
    before, after = grid.assign(xy[np.array(pids)]), grid.assign(np.array(moved))
    in_zone = before != OUTSIDE
    expected = ((after != before) & in_zone).sum() / in_zone.sum()
    assert result["ESCAPE_SHARE"] == pytest.approx(expected)
    assert result["POINTS_UNMATCHED"] == 3 and result["POINTS_IN_ZONES"] == in_zone.sum()
    table = tmp_path / "table.gpkg"
    assert read_field(table, "scale_m") == [30.0]  # from the perturbed layer's privacy record
    assert read_field(table, "runs") == [1] and read_field(table, "esc_sd") == [None]
    assert feature_count(tmp_path / "zone_shares.gpkg") == CELLS * CELLS
    [record] = read_from_file(str(table))
    assert record.differentially_private is False and "matched on pid" in record.notes[1]


def test_loaded_zones_are_graduated_by_escape_share(grid_case, tmp_path):
    points, zones, _ = grid_case
    project = QgsProject.instance()
    before = set(project.mapLayers())
    try:
        processing.runAndLoadResults(ALG, {"INPUT": points, "ZONES": zones, "SCALES": "10,20,40", "REALIZATIONS": 2,
                                           "TARGET_ESCAPE": 0.25, "SEED": 2, **_outputs(tmp_path)})
        loaded = [project.mapLayer(i) for i in set(project.mapLayers()) - before]
        [shares] = [layer for layer in loaded if layer.geometryType() == 2]
        renderer = shares.renderer()
        assert isinstance(renderer, QgsGraduatedSymbolRenderer) and len(renderer.ranges()) == 5
        assert '"scale_m" = 10.0' in renderer.classAttribute()  # the largest sweep scale <= calibrated b
        assert "map: b = 10 m" in shares.name()
        assert "NOT DIFFERENTIALLY PRIVATE" in shares.metadata().abstract()
    finally:
        for layer_id in set(project.mapLayers()) - before:
            project.removeMapLayer(layer_id)


def test_style_function_draws_one_scale(grid_case, tmp_path):
    points, zones, _ = grid_case
    processing.run(ALG, {"INPUT": points, "ZONES": zones, "SCALES": "10,40", "REALIZATIONS": 2, **_outputs(tmp_path)})
    layer = QgsVectorLayer(str(tmp_path / "zone_shares.gpkg"), "shares", "ogr")
    escape_share_zones(layer, scale=40.0)
    expression = layer.renderer().classAttribute()
    from qgis.core import QgsExpression, QgsExpressionContext, QgsExpressionContextUtils

    context = QgsExpressionContext(QgsExpressionContextUtils.globalProjectLayerScopes(layer))
    compiled = QgsExpression(expression)
    drawn = 0
    for feature in layer.getFeatures():
        context.setFeature(feature)
        value = compiled.evaluate(context)
        if value is not None:
            drawn += 1
            assert feature["scale_m"] == 40.0 and value == feature["esc_share"]
    assert drawn == CELLS * CELLS


def test_overlapping_zones_are_reported(tmp_path):
    path = tmp_path / "overlap.gpkg"
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    for name, box in (("a", (0, 0, 100, 100)), ("b", (50, 0, 150, 100))):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["zone_id"] = name
        feature.SetGeometry(ogr.CreateGeometryFromWkb(shapely.box(*box).wkb))
        layer.CreateFeature(feature)
    dataset = None
    points = write_points(tmp_path / "p.gpkg", 32633, [[75.0, 50.0], [125.0, 50.0], [25.0, 50.0]])
    log = _Log()
    processing.run(ALG, {"INPUT": points, "ZONES": str(path), "ZONE_ID_FIELD": "zone_id", "SCALES": "1e-9",
                         "REALIZATIONS": 1, **_outputs(tmp_path)}, feedback=log)
    assert "1 pairs of zones overlap" in log.text()
    # The point at x = 75 lies in both: it belongs to the first zone in layer order.
    assert read_field(tmp_path / "zone_shares.gpkg", "population") == [2, 1]


# --- bad input: a clear message naming the parameter, and no output ---------------------


def _line_layer(path):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    layer = dataset.CreateLayer("lines", srs, ogr.wkbLineString)
    feature = ogr.Feature(layer.GetLayerDefn())
    feature.SetGeometry(ogr.CreateGeometryFromWkt("LINESTRING(500000 4500000, 500100 4500100)"))
    layer.CreateFeature(feature)
    dataset = None
    return str(path)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"SCALES": ""}, "SCALES is empty"),
        ({"SCALES": " , "}, "SCALES is empty"),
        ({"SCALES": "10,-5"}, "SCALES must hold numbers greater than 0.*'-5'"),
        ({"SCALES": "0"}, "SCALES must hold numbers greater than 0"),
        ({"SCALES": "10,abc"}, "SCALES must hold numbers greater than 0.*'abc'"),
        ({"SCALES": "10,inf"}, "SCALES must hold numbers greater than 0"),
        ({"REALIZATIONS": 0}, "REALIZATIONS must be a whole number of at least 1"),
        ({"REALIZATIONS": -3}, "REALIZATIONS must be a whole number of at least 1"),
        ({"TARGET_ESCAPE": 1.5}, "TARGET_ESCAPE must be a share strictly between 0 and 1"),
        ({"TARGET_ESCAPE": 0}, "TARGET_ESCAPE must be a share strictly between 0 and 1"),
        ({"TARGET_ESCAPE": 1}, "TARGET_ESCAPE must be a share strictly between 0 and 1"),
        ({"DISTANCE": 0}, "DISTANCE must be a finite number greater than 0"),
        ({"DISTANCE": -10}, "DISTANCE must be a finite number greater than 0"),
        ({"METRIC_CRS": "EPSG:4326"}, "METRIC_CRS must be a projected CRS in metres"),
        ({"PERTURBED": "SELF"}, "PERTURBED needs MATCH_FIELD"),
        ({"PERTURBED": "SELF", "MATCH_FIELD": "household"}, "MATCH_FIELD 'household' is not a field of INPUT"),
        ({"PERTURBED": "OTHER", "MATCH_FIELD": "label"}, "MATCH_FIELD 'label' is not a field of PERTURBED"),
        ({"PERTURBED": "SELF", "MATCH_FIELD": "dup"}, "MATCH_FIELD 'dup' has repeated values in INPUT"),
        ({"INPUT": "LINES"}, "INPUT must be a point layer"),
        ({"ZONES": "POINTS"}, "ZONES must be a polygon layer"),
        ({"ZONE_ID_FIELD": "dup"}, "not a field of ZONES"),
        ({"INPUT": "FAR"}, "No point of INPUT lies in a zone of ZONES"),
        ({"OUTPUT_CHART": "chart.svg"}, "OUTPUT_CHART must end in .html or .png"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message_and_no_output(tmp_path, change, message):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    zones = write_grid_zones(inputs / "zones.gpkg", 32633, ORIGIN, SIDE, 3)
    xy = _grid_points(5, seed=1)[:30]
    points = write_points(inputs / "points.gpkg", 32633, xy)
    dataset = ogr.Open(points, 1)  # a field with repeated values
    layer = dataset.GetLayer(0)
    layer.CreateField(ogr.FieldDefn("dup", ogr.OFTInteger))
    for feature in layer:
        feature["dup"] = 1
        layer.SetFeature(feature)
    dataset = None
    other = tmp_path / "inputs" / "other.gpkg"
    ds = ogr.GetDriverByName("GPKG").CreateDataSource(str(other))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    lyr = ds.CreateLayer("other", srs, ogr.wkbPoint)
    lyr.CreateField(ogr.FieldDefn("pid", ogr.OFTInteger))
    f = ogr.Feature(lyr.GetLayerDefn())
    f["pid"] = 0
    f.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT({ORIGIN[0] + 5} {ORIGIN[1] + 5})"))
    lyr.CreateFeature(f)
    ds = None
    named = {"SELF": points, "OTHER": str(other), "LINES": _line_layer(inputs / "lines.gpkg"), "POINTS": points,
             "FAR": write_points(inputs / "far.gpkg", 32633, [[0.0, 0.0]])}
    outputs = tmp_path / "outputs"
    parameters = {"INPUT": points, "ZONES": zones, "SCALES": "10,20", "REALIZATIONS": 2, "SEED": 1,
                  "OUTPUT_TABLE": str(outputs / "table.gpkg"), "OUTPUT_ZONES": str(outputs / "zones.gpkg"),
                  "OUTPUT_CHART": str(outputs / "chart.html")}
    for key, value in change.items():
        parameters[key] = named.get(value, value) if isinstance(value, str) else value
    if "OUTPUT_CHART" in change:
        parameters["OUTPUT_CHART"] = str(outputs / change["OUTPUT_CHART"])
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert not outputs.exists() or not any(outputs.iterdir())


def test_cancelled_run_leaves_no_output(grid_case, tmp_path):
    points, zones, _ = grid_case
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        processing.run(ALG, {"INPUT": points, "ZONES": zones, "SCALES": "10", "REALIZATIONS": 3,
                             **_outputs(tmp_path, "chart.html")}, context=QgsProcessingContext(), feedback=feedback)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg", "zones.gpkg"]


# --- the real qgis_process, and a model ------------------------------------------------


def test_qgis_process_runs_the_sweep_and_reports_results(grid_case, tmp_path):
    points, zones, _ = grid_case
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", MECHANISM=1,
                                 SCALES="10,40", REALIZATIONS=3, TARGET_ESCAPE=0.3, DISTANCE=50, SEED=9,
                                 OUTPUT_TABLE=tmp_path / "t.gpkg", OUTPUT_ZONES=tmp_path / "z.gpkg",
                                 OUTPUT_CHART=tmp_path / "c.html")
    assert results["POINTS_OUTSIDE"] == 40 and results["POINTS_IN_ZONES"] == CELLS * CELLS * 500
    assert 10 < results["CALIBRATED_SCALE"] < 40
    assert results["CALIBRATED_EPSILON"] == pytest.approx(50 / results["CALIBRATED_SCALE"])
    assert read_from_file(str(tmp_path / "z.gpkg"))[0].differentially_private is False
    assert feature_count(tmp_path / "z.gpkg") == CELLS * CELLS * 2
    # Same seed through the Processing API: the same numbers.
    processing.run(ALG, {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "MECHANISM": 1,
                         "SCALES": "10,40", "REALIZATIONS": 3, "SEED": 9, "OUTPUT_TABLE": str(tmp_path / "t2.gpkg"),
                         "OUTPUT_ZONES": str(tmp_path / "z2.gpkg")})
    assert read_field(tmp_path / "t.gpkg", "esc_share") == read_field(tmp_path / "t2.gpkg", "esc_share")


def test_qgis_process_reports_bad_input_clearly(grid_case, tmp_path):
    points, zones, _ = grid_case
    result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"ZONES={zones}", "SCALES=10,-1",
                              f"OUTPUT_TABLE={tmp_path / 't.gpkg'}", f"OUTPUT_ZONES={tmp_path / 'z.gpkg'}",
                              check=False)
    assert result.returncode != 0
    assert "SCALES must hold numbers greater than 0" in result.stdout + result.stderr
    assert not (tmp_path / "t.gpkg").exists() and not (tmp_path / "z.gpkg").exists()


def test_model_feeds_zone_shares_into_native_extract(grid_case, tmp_path):
    points, zones, _ = grid_case
    model = ROOT / "tests" / "data" / "models" / "escape_then_extract.model3"
    lossy, table = tmp_path / "lossy.gpkg", tmp_path / "table.gpkg"
    run_qgis_process("run", str(model), "--", f"points={points}", f"zones={zones}", "min_share=0.6",
                     f"escape:escape_table={table}", f"extract:lossy_zones={lossy}")
    assert read_field(table, "scale_m") == [10.0, 50.0]
    shares = read_field(lossy, "esc_share")
    assert shares and all(s >= 0.6 for s in shares) and set(read_field(lossy, "scale_m")) == {50.0}
    # Per-axis b = 50 m in 100 m cells: the exact escape share is 0.68; most cells are above 0.6.
    assert len(shares) > CELLS * CELLS // 2
