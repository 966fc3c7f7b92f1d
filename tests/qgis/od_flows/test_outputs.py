"""dp_geoprivacy:noisyodflows: the two outputs as one release, styling, qgis_process, a model, the index."""

import collections
import csv

import h3
import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsProcessingException, QgsProcessingFeedback, QgsProject, QgsVectorLayer

from ..conftest import ROOT, feature_count, run_algorithm_json, run_qgis_process
from .support import ALG, EXACT, PURE, LogFeedback, centre, published_flows, write_trip_csv, write_trip_lines


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
        as_floats = [[(a, b, float(c)) for a, b, c in published_flows(path)] for path in (matrix, flows)]
        assert as_floats[0] == as_floats[1]
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
        assert all((a, b) in plan for a, b, _ in published_flows(flows))
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
        outputs.append(published_flows(tmp_path / f"f{i}.gpkg"))
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
    assert published_flows(flows) == sorted((a, b, float(c)) for (a, b), c in plan.items())
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
    assert published_flows(flows) == [("Z2_0", "Z0_1", 4.0)]
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
    got = {(a, b): c for a, b, c in published_flows(flows)}
    assert got == {pair: float(count) for pair, count in expected.items()}
    assert results["OUTSIDE_FLOWS"] == 0
    assert QgsVectorLayer(str(flows), "f", "ogr").crs().authid() == "EPSG:4326"


def test_model_chains_od_flows_into_native_extract(known_trips, zones, tmp_path):
    path, plan, _ = known_trips
    model = ROOT / "tests" / "data" / "models" / "od_flows_then_extract.model3"
    strong, matrix = tmp_path / "strong.gpkg", tmp_path / "matrix.gpkg"
    run_qgis_process("run", str(model), "--", f"trips={path}", f"zones={zones}", f"epsilon={EXACT}", "min_count=3",
                     f"od:matrix={matrix}", f"strong:strong_flows={strong}")
    assert sorted(published_flows(strong)) == sorted((a, b, float(c)) for (a, b), c in plan.items() if c >= 3)
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


def test_no_flow_published_warns_in_plain_words(known_trips, zones, tmp_path):
    """THRESHOLD=1 at EPSILON 0.1 (M = 1): noise scale b = 2 / 0.1 = 20, snapping grain 32 (the power of two at or
    above b), threshold 1 + 20 ln(2 / 1e-6) + 32 / 2 = 307.2 trips; the largest pair has 5 trips, so nothing is
    published. The log said only 'stability release: 0 of 81 pairs published.': now plain words, and a warning
    saying why and what to change."""
    path, _, _ = known_trips
    feedback = LogFeedback()
    result = processing.run(ALG, {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 0.1,
                                  "THRESHOLD": 1, "DELTA": 1e-6, "SEED": 1, "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                                  "OUTPUT_MATRIX": str(tmp_path / "m.csv")}, feedback=feedback)
    assert result["FLOWS_PUBLISHED"] == 0
    assert "Flows published: 0 of the 81 zone pairs." in feedback.messages
    assert not [m for m in feedback.messages if "release: " in m]  # no path name ("stability", "dense")
    [warning] = [w for w in feedback.warnings if w.startswith("No flow reached the publication threshold")]
    assert "a flow needs about 307 trips (after the bound M)" in warning and "the 81 zone pairs" in warning
    assert "larger EPSILON, coarser zones or a lower M (MAX_TRIPS)" in warning
