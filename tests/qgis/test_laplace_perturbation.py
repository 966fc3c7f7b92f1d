"""dp_geoprivacy:laplaceperturbation through the Processing API and qgis_process.

Statistical checks: KS tests at alpha = 0.001 with fixed seeds; the mean
displacement is bounded by 4.5 standard errors from the known variance.
"""

import hashlib
import math

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsVectorLayer,
)
from scipy import stats

from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.processing.privacy_metadata import read_from_file, records_in

from .conftest import read_points, run_algorithm_json, run_qgis_process, write_points

ALG = "dp_geoprivacy:laplaceperturbation"
ALPHA = 0.001


def _displacements(input_xy, output_path, to_metric=None):
    pids, out_xy = read_points(output_path)
    truth = input_xy[pids]
    if to_metric:
        truth = transform_xy(truth, *to_metric)
        out_xy = transform_xy(out_xy, *to_metric)
    return pids, out_xy - truth


def _wkt(authid):
    return QgsCoordinateReferenceSystem(authid).toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED)


def _sha256(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def test_planar_laplace_through_processing_api(projected_points, tmp_path):
    path, xy = projected_points
    before = _sha256(path)
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": path, "EPSILON": 0.5, "DISTANCE": 50, "GRID": 0, "SEED": 1,
                                  "FIELDS": ["pid"], "KEEP_IDENTIFIERS": True, "OUTPUT": out})
    pids, d = _displacements(xy, result["OUTPUT"])
    b = 100.0
    assert result["NOISE_SCALE_M"] == b and result["EPSILON_SPENT"] == 0.5
    assert result["POINTS_WRITTEN"] == len(xy)
    assert stats.kstest(np.hypot(*d.T), stats.gamma(a=2, scale=b).cdf).pvalue > ALPHA
    assert np.all(np.abs(d.mean(axis=0)) < 4.5 * math.sqrt(3 * b**2 / len(d)))
    # Every input point appears once; the order does not follow the input.
    assert sorted(pids) == list(range(len(xy)))
    assert abs(stats.spearmanr(pids, np.arange(len(pids))).statistic) < 4.5 / math.sqrt(len(pids))
    assert _sha256(path) == before


def test_per_axis_laplace_on_geographic_layer(geographic_points, tmp_path):
    path, xy = geographic_points
    out = str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "EPSILON": 1, "DISTANCE": 100, "GRID": 0, "SEED": 2,
                         "FIELDS": ["pid"], "KEEP_IDENTIFIERS": True, "METRIC_CRS": "EPSG:32633", "OUTPUT": out})
    layer = QgsVectorLayer(out, "out", "ogr")
    assert layer.crs().authid() == "EPSG:4326"
    _, d = _displacements(xy, out, (_wkt("EPSG:4326"), _wkt("EPSG:32633")))
    for axis in (0, 1):
        assert stats.kstest(d[:, axis], stats.laplace(scale=100).cdf).pvalue > ALPHA
    [record] = read_from_file(out)
    assert record.metric_crs.startswith("EPSG:32633 (given)")


def test_per_axis_laplace_needs_a_planar_crs_on_a_geographic_layer(geographic_points, tmp_path):
    path, _ = geographic_points
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException,
                       match=r"Per-axis Laplace \(MECHANISM=1\) needs a planar CRS.*METRIC_CRS"):
        processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "OUTPUT": str(out)})
    assert not out.exists()


def test_planar_laplace_on_a_geographic_layer_is_drawn_on_the_ellipsoid(geographic_points, tmp_path):
    """No public planar CRS for EPSG:4326: each point moves along a geodesic by a Gamma(2, b) distance in a
    uniform direction (core.geometry.metric_crs, the noise frame)."""
    from pyproj import Geod

    path, xy = geographic_points
    out = str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "GRID": 0, "SEED": 6, "FIELDS": ["pid"],
                         "KEEP_IDENTIFIERS": True, "OUTPUT": out})
    pids, out_xy = read_points(out)
    truth = xy[pids]
    bearing, _, distance = Geod(ellps="WGS84").inv(truth[:, 0], truth[:, 1], out_xy[:, 0], out_xy[:, 1])
    assert stats.kstest(distance, stats.gamma(a=2, scale=100).cdf).pvalue > ALPHA
    assert stats.kstest(np.mod(bearing, 360), stats.uniform(0, 360).cdf).pvalue > ALPHA
    [record] = read_from_file(out)
    assert record.metric_crs.startswith("the WGS 84 ellipsoid, per point")


def test_privacy_record_in_written_file_matches_request(projected_points, tmp_path):
    path, _ = projected_points
    out = str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "EPSILON": 0.25, "DISTANCE": 200, "GRID": 2, "OUTPUT": out})
    [record] = read_from_file(out)
    assert record.epsilon == 0.25 and record.delta == 0.0
    assert record.sensitivity == 200 and record.noise_scale == 800
    assert record.snapping_grain_m == 2 and record.seeded is False
    assert record.algorithm == ALG and record.input_layer == "projected"
    metadata = QgsVectorLayer(out, "out", "ogr").metadata()
    assert "differential-privacy" in metadata.keywords("dp_geoprivacy")
    assert "epsilon = 0.25" in metadata.abstract()
    _, out_xy = read_points(out)
    assert np.allclose(out_xy / 2, np.round(out_xy / 2))


def test_attributes_are_opt_in_and_listed_fields_that_locate_or_link_are_refused(projected_points, tmp_path):
    path, _ = projected_points
    dataset = ogr.Open(path, 1)
    for statement in ("ALTER TABLE points ADD COLUMN x REAL", "ALTER TABLE points ADD COLUMN persons INTEGER",
                      "UPDATE points SET x = ST_MinX(geom), persons = pid % 5"):
        dataset.ExecuteSQL(statement)
    dataset = None
    bare, out = str(tmp_path / "bare.gpkg"), str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": bare})
    assert QgsVectorLayer(bare, "bare", "ogr").fields().names() == ["fid"]  # nothing unless listed
    processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "FIELDS": ["persons"], "OUTPUT": out})
    layer = QgsVectorLayer(out, "out", "ogr")
    assert layer.fields().names() == ["fid", "persons"]
    assert sorted(f["persons"] for f in layer.getFeatures())[:3] == [0, 0, 0]
    del layer
    assert not read_from_file(out)[0].notes
    for listed, reason in ((["persons", "x"], "'x': it holds coordinates"), (["pid"], "'pid': most of its values"),
                           (["label"], "'label': most of its values")):
        refused = tmp_path / "refused.gpkg"
        with pytest.raises(QgsProcessingException, match=f"FIELDS: .*{reason}"):
            processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "FIELDS": listed,
                                 "OUTPUT": str(refused)})
        assert not refused.exists()


def _add_fields(path, definitions, rows):
    """Add fields (name, OGR type) to the GeoPackage point layer at ``path`` and fill them row by row."""
    dataset = ogr.Open(str(path), 1)
    layer = dataset.GetLayer(0)
    for name, kind in definitions:
        layer.CreateField(ogr.FieldDefn(name, kind))
    layer.StartTransaction()
    for feature, values in zip(layer, rows):
        for (name, _), value in zip(definitions, values):
            if value is not None:
                feature[name] = value
        layer.SetFeature(feature)
    layer.CommitTransaction()
    dataset = None


def test_a_longitude_field_in_another_crs_with_nulls_is_refused(tmp_path):
    """Issue 19 item 4: longitude/latitude (EPSG:4326) on a layer in EPSG:3067 with 30% NULLs located every row's
    true point to under 1 cm and passed the old check (layer-CRS x/y in half of the rows)."""
    rng = np.random.default_rng(19)
    xy = np.column_stack((rng.uniform(380e3, 400e3, 600), rng.uniform(6.67e6, 6.69e6, 600)))
    path = write_points(tmp_path / "helsinki.gpkg", 3067, xy)
    lonlat = transform_xy(xy, _wkt("EPSG:3067"), _wkt("EPSG:4326"))
    null = rng.random(600) < 0.3
    _add_fields(path, [("lon", ogr.OFTReal), ("lat", ogr.OFTReal), ("persons", ogr.OFTInteger)],
                [(None if n else float(lo), float(la), int(i % 4) + 1) for (lo, la), n, i in
                 zip(lonlat, null, range(600))])
    for listed in (["lon"], ["lat", "persons"]):
        with pytest.raises(QgsProcessingException, match="holds coordinates of the true points"):
            processing.run(ALG, {"INPUT": path, "FIELDS": listed, "OUTPUT": str(tmp_path / "out.gpkg")})
    processing.run(ALG, {"INPUT": path, "FIELDS": ["persons"], "OUTPUT": str(tmp_path / "out.gpkg")})


def test_a_copy_of_the_user_id_is_refused_and_keep_identifiers_is_for_seeded_runs_only(tmp_path):
    """Issue 19 item 4: a user id and its copy (5 points per user) link a user's noisy points, which can be
    averaged; the old rule (all values distinct) kept both."""
    rng = np.random.default_rng(20)
    xy = np.column_stack((rng.uniform(5e5, 5.1e5, 500), rng.uniform(4.5e6, 4.51e6, 500)))
    path = write_points(tmp_path / "users.gpkg", 32633, xy)
    _add_fields(path, [("uid", ogr.OFTInteger), ("uid_copy", ogr.OFTString)],
                [(i // 5, f"u{i // 5}") for i in range(500)])
    out = tmp_path / "out.gpkg"
    for listed in (["uid_copy"], ["uid"]):
        with pytest.raises(QgsProcessingException, match=f"'{listed[0]}': most of its values are shared by fewer"):
            processing.run(ALG, {"INPUT": path, "FIELDS": listed, "OUTPUT": str(out)})
    with pytest.raises(QgsProcessingException, match="KEEP_IDENTIFIERS is for seeded study runs only"):
        processing.run(ALG, {"INPUT": path, "FIELDS": ["uid_copy"], "KEEP_IDENTIFIERS": True, "OUTPUT": str(out)})
    assert not out.exists()
    processing.run(ALG, {"INPUT": path, "FIELDS": ["uid_copy"], "KEEP_IDENTIFIERS": True, "SEED": 1,
                         "OUTPUT": str(out)})
    assert QgsVectorLayer(str(out), "out", "ogr").fields().names() == ["fid", "uid_copy"]
    assert "Do not publish" in " ".join(read_from_file(str(out))[0].notes)


def test_seed_is_reproducible_and_recorded(projected_points, tmp_path):
    path, _ = projected_points
    outs = [str(tmp_path / f"out{i}.gpkg") for i in range(3)]
    for out, seed in zip(outs, (5, 5, None)):
        parameters = {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": out}
        if seed is not None:
            parameters.update(SEED=seed, FIELDS=["pid"], KEEP_IDENTIFIERS=True)
        processing.run(ALG, parameters)
    (p0, xy0), (p1, xy1), (p2, xy2) = (read_points(o) for o in outs)
    assert np.array_equal(p0, p1) and np.array_equal(xy0, xy1)
    assert not np.array_equal(xy0, xy2)
    assert read_from_file(outs[0])[0].seeded and not read_from_file(outs[2])[0].seeded


def test_null_and_empty_geometries_are_skipped_and_counted(tmp_path):
    xy = np.column_stack((np.linspace(5e5, 5.01e5, 10), np.full(10, 4.5e6)))
    xy[3] = np.nan
    path = write_points(tmp_path / "holes.gpkg", 32633, xy, null_rows={5, 6})
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "FIELDS": ["pid"],
                                  "KEEP_IDENTIFIERS": True, "SEED": 1, "OUTPUT": out})
    assert result["POINTS_WRITTEN"] == 7 and "POINTS_SKIPPED" not in result  # a raw count: private log only
    pids, _ = read_points(out)
    assert sorted(pids) == [0, 1, 2, 4, 7, 8, 9]


def test_shapefile_output_gets_a_metadata_sidecar(projected_points, tmp_path):
    path, _ = projected_points
    out = str(tmp_path / "out.shp")
    processing.run(ALG, {"INPUT": path, "EPSILON": 2, "DISTANCE": 100, "OUTPUT": out})
    assert (tmp_path / "out.qmd").is_file()
    assert read_from_file(out)[0].epsilon == 2
    assert sorted(p.name for p in tmp_path.iterdir() if p.stem == "out") == [
        "out.dbf", "out.prj", "out.qmd", "out.shp", "out.shx"]


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"EPSILON": 0}, "EPSILON must be a finite number greater than 0"),
        ({"EPSILON": -1}, "EPSILON must be a finite number greater than 0"),
        ({"EPSILON": float("nan")}, "EPSILON must be a finite number greater than 0"),
        ({"EPSILON": float("inf")}, "EPSILON must be a finite number greater than 0"),
        ({"DISTANCE": 0}, "DISTANCE must be a finite number greater than 0"),
        ({"DISTANCE": float("inf")}, "DISTANCE must be a finite number greater than 0"),
        ({"METRIC_CRS": "EPSG:4326"}, "METRIC_CRS must be a projected CRS in metres"),
        ({"METRIC_CRS": "EPSG:999999"}, "METRIC_CRS: 'EPSG:999999' is not a CRS QGIS knows"),
        ({"METRIC_CRS": "not a crs"}, "METRIC_CRS: 'not a crs' is not a CRS QGIS knows"),
        ({"DISTANCE": 0.1, "GRID": 1}, "DISTANCE is too small.*below the snapping grid GRID = 1 m"),
        ({"DISTANCE": 1e-300, "GRID": 0}, "DISTANCE is too small.*vanish in the coordinates' precision"),
        ({"DISTANCE": 3, "EPSILON": 5, "GRID": 1}, "DISTANCE is too small"),
    ],
)
def test_bad_parameters_are_refused_with_a_clear_message(projected_points, tmp_path, parameters, message):
    path, _ = projected_points
    out = tmp_path / "out.gpkg"
    full = {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": str(out)}
    full.update(parameters)
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)
    assert not out.exists()


def _without_crs(path):
    """The GeoPackage layer's CRS replaced by GeoPackage's "Undefined geographic SRS" (srs_id 0), as ogr2ogr
    writes a CSV without -a_srs: QGIS takes it as a valid CRS (issue 21: a traceback)."""
    import sqlite3

    connection = sqlite3.connect(str(path))
    connection.execute("UPDATE gpkg_geometry_columns SET srs_id = 0")
    connection.execute("UPDATE gpkg_contents SET srs_id = 0")
    connection.commit()
    connection.close()
    return path


@pytest.mark.parametrize(
    "make_layer, message",
    [
        (lambda p: write_points(p, 32633, np.empty((0, 2))), "no features with a point geometry"),
        (lambda p: write_points(p, 32633, [[5e5, 4.5e6]], null_rows={0}), "no features with a point geometry"),
        (lambda p: write_points(p, 32633, [[5e5, 4.5e6]], multipoint=True), "Multipart to singleparts"),
        (lambda p: _without_crs(write_points(p, 32633, [[5e5, 4.5e6], [5.1e5, 4.6e6]])),
         r"INPUT has no coordinate reference system \(CRS\).*Set its CRS"),
    ],
    ids=["empty layer", "only null geometries", "multipoint", "no CRS"],
)
def test_bad_layers_are_refused_with_a_clear_message(tmp_path, make_layer, message):
    path = make_layer(tmp_path / "bad.gpkg")
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": str(out)})
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad.gpkg"]


def test_cancelled_run_leaves_no_output(projected_points, tmp_path):
    path, _ = projected_points
    out = tmp_path / "out.gpkg"
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    try:
        processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": str(out)},
                       context=QgsProcessingContext(), feedback=feedback)
    except QgsProcessingException:
        pass
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["projected.gpkg"]


def test_selected_features_only_and_filtered_layers(projected_points, tmp_path):
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject

    path, _ = projected_points
    layer = QgsVectorLayer(path, "pts", "ogr")
    assert layer.setSubsetString('"pid" < 1000')
    assert QgsProject.instance().addMapLayer(layer)
    layer.selectByExpression('"pid" < 10')
    try:
        out = str(tmp_path / "subset.gpkg")
        result = processing.run(ALG, {"INPUT": layer, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": out})
        assert result["POINTS_WRITTEN"] == 1000
        out = str(tmp_path / "selected.gpkg")
        selected = QgsProcessingFeatureSourceDefinition(layer.id(), selectedFeaturesOnly=True)
        result = processing.run(ALG, {"INPUT": selected, "EPSILON": 1, "DISTANCE": 100, "FIELDS": ["pid"],
                                      "KEEP_IDENTIFIERS": True, "SEED": 1, "OUTPUT": out})
        assert result["POINTS_WRITTEN"] == 10
        assert sorted(read_points(out)[0]) == list(range(10))
    finally:
        QgsProject.instance().removeMapLayer(layer.id())


# --- the same through the real qgis_process -------------------------------------


def test_qgis_process_lists_the_algorithm():
    listing = run_qgis_process("list").stdout
    assert "DP Geoprivacy" in listing and ALG in listing


def test_qgis_process_planar_on_projected_layer(projected_points, tmp_path):
    path, xy = projected_points
    out = str(tmp_path / "cli.gpkg")
    results = run_algorithm_json(ALG, INPUT=path, EPSILON=2, DISTANCE=100, GRID=0, SEED=3, FIELDS="pid",
                                 KEEP_IDENTIFIERS=True, OUTPUT=out)
    assert results["POINTS_WRITTEN"] == len(xy)
    _, d = _displacements(xy, out)
    assert stats.kstest(np.hypot(*d.T), stats.gamma(a=2, scale=50).cdf).pvalue > ALPHA
    assert read_from_file(out)[0].noise_scale == 50


def test_qgis_process_planar_on_geographic_layer(geographic_points, tmp_path):
    path, xy = geographic_points
    out = str(tmp_path / "cli.gpkg")
    run_algorithm_json(ALG, INPUT=path, EPSILON=1, DISTANCE=100, GRID=0, SEED=4, METRIC_CRS="EPSG:32633",
                       FIELDS="pid", KEEP_IDENTIFIERS=True, OUTPUT=out)
    _, d = _displacements(xy, out, (_wkt("EPSG:4326"), _wkt("EPSG:32633")))
    assert stats.kstest(np.hypot(*d.T), stats.gamma(a=2, scale=100).cdf).pvalue > ALPHA


def test_qgis_process_reports_bad_input_clearly(projected_points, tmp_path):
    path, _ = projected_points
    result = run_qgis_process("run", ALG, "--", f"INPUT={path}", "EPSILON=-2", "DISTANCE=100",
                              f"OUTPUT={tmp_path / 'x.gpkg'}", check=False)
    assert result.returncode != 0
    assert "EPSILON must be a finite number greater than 0" in result.stdout + result.stderr


def test_output_loaded_into_a_project_carries_its_record_and_a_style(projected_points, tmp_path):
    from qgis.core import QgsProject

    path, _ = projected_points
    project = QgsProject.instance()
    before = set(project.mapLayers())
    try:
        processing.runAndLoadResults(ALG, {"INPUT": path, "EPSILON": 0.5, "DISTANCE": 100,
                                           "OUTPUT": str(tmp_path / "loaded.gpkg")})
        [layer] = [layer for lid, layer in project.mapLayers().items() if lid not in before]
        [record] = records_in(layer.metadata())
        assert record.epsilon == 0.5 and record.noise_scale == 200
        assert "differential-privacy" in layer.metadata().keywords("dp_geoprivacy")
        assert layer.name().startswith("Perturbed points") and "ε=0.5" in layer.name()
        assert layer.renderer().symbol().size() == 1.4
    finally:
        project.removeMapLayers([lid for lid in project.mapLayers() if lid not in before])
