"""dp_geoprivacy:trajectoryperturbation and dp_geoprivacy:tripends through the Processing API and qgis_process.

Statistical check: KS test at alpha = 0.001 with a fixed seed (per-vertex
planar Laplace radius ~ Gamma(2, b)).
"""

import hashlib
import json
import sqlite3

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsVectorLayer, QgsWkbTypes
from scipy import stats

from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import ROOT, read_field, run_algorithm_json, run_qgis_process, write_grid_zones

ALG = "dp_geoprivacy:trajectoryperturbation"
ENDS = "dp_geoprivacy:tripends"
ALPHA = 0.001
X0, Y0 = 500_000.0, 4_500_000.0

ogr.UseExceptions()


def write_lines(path, epsg, lines, multi=(), layer="tracks", times=None):
    """A GeoPackage line layer with fields trip_id, user_id and t0; indices in ``multi`` become 2-part lines.

    ``times``: per line, an M value per vertex (the layer is then LineStringM / MultiLineStringM).
    """
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    kind = ogr.wkbMultiLineString if multi else ogr.wkbLineString
    out = dataset.CreateLayer(layer, srs, ogr.GT_SetM(kind) if times is not None else kind)
    for name, kind in (("trip_id", ogr.OFTInteger), ("user_id", ogr.OFTString), ("t0", ogr.OFTString)):
        out.CreateField(ogr.FieldDefn(name, kind))
    out.StartTransaction()
    for i, line in enumerate(lines):
        feature = ogr.Feature(out.GetLayerDefn())
        feature["trip_id"], feature["user_id"], feature["t0"] = i, f"u{i % 3}", "2024-05-01T08:00"
        geometry = ogr.Geometry(ogr.wkbLineString if times is None else ogr.wkbLineStringM)
        for j, (x, y) in enumerate(line):
            if times is None:
                geometry.AddPoint_2D(float(x), float(y))
            else:
                geometry.AddPointM(float(x), float(y), float(times[i][j]))
        if multi:
            parts = ogr.Geometry(ogr.wkbMultiLineString if times is None else ogr.wkbMultiLineStringM)
            parts.AddGeometry(geometry)
            if i in multi:
                shifted = ogr.Geometry(ogr.wkbLineString if times is None else ogr.wkbLineStringM)
                for j, (x, y) in enumerate(line):
                    if times is None:
                        shifted.AddPoint_2D(float(x) + 1000, float(y))
                    else:
                        shifted.AddPointM(float(x) + 1000, float(y), float(times[i][j]) + 60)
                parts.AddGeometry(shifted)
            geometry = parts
        feature.SetGeometry(geometry)
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def read_lines(path):
    """(list of (k, 2) vertex arrays, field names) of a line layer, in file order."""
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    names = [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(layer.GetLayerDefn().GetFieldCount())]
    lines = [np.array(feature.GetGeometryRef().GetPoints())[:, :2] for feature in layer]
    dataset = None
    return lines, names


def read_lines_m(path):
    """(geometry type name, list of (k, 3) x, y, m arrays, start_time, end_time values) of a layer, in file order."""
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    kind = layer.GetGeomType()
    rows = [(np.array([(g.GetX(i), g.GetY(i), g.GetM(i)) for i in range(g.GetPointCount())]),
             f["start_time"], f["end_time"]) for f in layer for g in [f.GetGeometryRef()]]
    dataset = None
    return kind, rows


def _sha256(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


@pytest.fixture
def walks(tmp_path):
    """300 random-walk tracks of 30 vertices in EPSG:32633 (steps of about 100 m)."""
    rng = np.random.default_rng(3)
    lines = np.cumsum(rng.normal(0, 80, (300, 30, 2)), axis=1) + [X0, Y0]
    return write_lines(tmp_path / "walks.gpkg", 32633, lines), lines


def test_sdd_keeps_endpoints_bounds_steps_and_records_the_budget(walks, tmp_path):
    path, lines = walks
    before = _sha256(path)
    out = str(tmp_path / "sdd.gpkg")
    result = processing.run(ALG, {"INPUT": path, "EPSILON": 4, "RESAMPLE": 12, "MAX_STEP": 400, "GRID": 0,
                                  "SEED": 1, "OUTPUT": out})
    published, names = read_lines(out)
    assert result["TRAJECTORIES_WRITTEN"] == 300 and result["EPSILON_SPENT"] == 4
    assert names == []  # no attribute reveals the trip (FIELDS empty)
    assert all(len(line) == 12 for line in published)
    ends = {(tuple(line[0]), tuple(line[-1])) for line in lines}
    assert {(tuple(line[0]), tuple(line[-1])) for line in published} == ends  # exactly the input's ends
    order = [[tuple(lines[i][0]) for i in range(300)].index(tuple(line[0])) for line in published]
    assert order != list(range(300))  # rows do not follow the input
    steps = np.concatenate([np.hypot(*np.diff(line, axis=0).T) for line in published])
    assert steps.max() <= 400 * (1 + 1e-6)
    [record] = read_from_file(out)
    assert record.epsilon == 4 and record.mechanism == "sdd" and record.seeded
    assert "0.4 each" in record.unit_of_privacy  # 4 / (12 - 2) per re-drawn vertex
    assert any("m x epsilon" in note for note in record.notes)
    assert _sha256(path) == before


def test_per_vertex_laplace_on_a_geographic_layer_draws_gamma_radii_in_the_given_utm_zone(tmp_path):
    # 400 identical straight trips: every resampled vertex is known exactly.
    lonlat_line = np.array([[13.40, 52.50], [13.41, 52.50], [13.42, 52.50]])
    path = write_lines(tmp_path / "geo.gpkg", 4326, [lonlat_line] * 400)
    out = str(tmp_path / "lap.gpkg")
    result = processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "EPSILON": 5, "RESAMPLE": 5, "DISTANCE": 100,
                                  "GRID": 0, "SEED": 2, "METRIC_CRS": "EPSG:32633", "OUTPUT": out})
    assert QgsVectorLayer(out, "o", "ogr").crs().authid() == "EPSG:4326"
    b = 5 * 100 / 5
    assert result["NOISE_SCALE_M"] == b
    wkt = [QgsCoordinateReferenceSystem(a).toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED)
           for a in ("EPSG:4326", "EPSG:32633")]
    truth = transform_xy(lonlat_line, *wkt)
    truth = np.column_stack((np.linspace(truth[0, 0], truth[-1, 0], 5), np.linspace(truth[0, 1], truth[-1, 1], 5)))
    published, _ = read_lines(out)
    d = np.stack([transform_xy(line, *wkt) for line in published]) - truth
    radius = np.hypot(d[..., 0], d[..., 1]).ravel()
    assert stats.kstest(radius, stats.gamma(a=2, scale=b).cdf).pvalue > ALPHA
    assert stats.kstest(radius, stats.gamma(a=2, scale=1.1 * b).cdf).pvalue < ALPHA  # the test can fail
    [record] = read_from_file(out)
    assert record.metric_crs.startswith("EPSG:32633 (given)") and record.mechanism == "planar_laplace_per_vertex"


def test_fields_are_carried_only_when_chosen_and_identifiers_are_refused(walks, tmp_path):
    path, _ = walks
    out = tmp_path / "fields.gpkg"
    with pytest.raises(QgsProcessingException, match="FIELDS: 'trip_id' cannot be published"):
        processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "FIELDS": ["t0", "trip_id"], "OUTPUT": str(out)})
    assert not out.exists()
    processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "FIELDS": ["t0"], "OUTPUT": str(out)})
    _, names = read_lines(out)
    assert names == ["t0"]


def test_repeated_vertices_are_harmless(tmp_path):
    line = [(X0, Y0), (X0, Y0), (X0 + 50, Y0), (X0 + 50, Y0), (X0 + 100, Y0)]
    path = write_lines(tmp_path / "rep.gpkg", 32633, [line, line])
    result = processing.run(ALG, {"INPUT": path, "RESAMPLE": 4, "MAX_STEP": 100, "OUTPUT": str(tmp_path / "o.gpkg")})
    assert result["TRAJECTORIES_WRITTEN"] == 2


@pytest.mark.parametrize("case, message", [
    ("multipart", "multi-part lines"),
    ("one_vertex", "only one vertex"),
    # the count, the longest trip and the fitting MAX_STEP are all read from the data: the whole text is private
    ("too_long", r"^1 trips of INPUT .* \(the longest: .* MAX_STEP 550 m would fit them\. .* count\. "
                 r"\(private to the data holder, do not publish\)$"),
    ("max_step", "MAX_STEP must be a finite number greater than 0"),
    ("resample", "RESAMPLE must be a whole number of at least 3"),
])
def test_bad_input_is_refused_with_the_parameter_and_the_fix(case, message, tmp_path):
    line = [(X0, Y0), (X0 + 100, Y0), (X0 + 200, Y0)]
    settings = {"RESAMPLE": 5, "MAX_STEP": 500}
    if case == "multipart":
        path = write_lines(tmp_path / "in.gpkg", 32633, [line, line], multi={1})
    elif case == "one_vertex":
        path = write_lines(tmp_path / "in.gpkg", 32633, [line, [(X0, Y0)]])
    elif case == "too_long":
        path = write_lines(tmp_path / "in.gpkg", 32633, [line, [(X0, Y0), (X0 + 2001, Y0)]])
    else:
        path = write_lines(tmp_path / "in.gpkg", 32633, [line])
        settings = {"max_step": {"MAX_STEP": 0}, "resample": {"RESAMPLE": 2}}[case]
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, {"INPUT": path, "OUTPUT": str(out), **settings})
    assert not out.exists()


@pytest.mark.parametrize("metric_crs, message", [
    (None, r"needs a planar CRS in metres, and the layer's CRS EPSG:4326.*Set METRIC_CRS"),
    ("EPSG:3857", r"METRIC_CRS: EPSG:3857 cannot carry the noise"),
    ("EPSG:999999", r"METRIC_CRS: 'EPSG:999999' is not a CRS QGIS knows"),
])
def test_the_noise_plane_comes_from_public_facts_only(tmp_path, metric_crs, message):
    """Issue 19 item 5: no UTM zone or azimuthal equidistant centre is chosen from the data's extent; a layer in
    longitude/latitude needs METRIC_CRS, and a METRIC_CRS that is invalid or not true to scale is refused."""
    path = write_lines(tmp_path / "in.gpkg", 4326, [[(13.40, 52.50), (13.41, 52.51)]])
    out = tmp_path / "out.gpkg"
    parameters = {"INPUT": path, "OUTPUT": str(out), "RESAMPLE": 5, "MAX_STEP": 5000}
    if metric_crs:
        parameters["METRIC_CRS"] = metric_crs
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert not out.exists()


def test_a_layer_without_a_crs_is_refused(tmp_path):
    """Issue 21: a GeoPackage layer with the "Undefined geographic SRS" gave a traceback."""
    import sqlite3

    path = write_lines(tmp_path / "in.gpkg", 32633, [[(X0, Y0), (X0 + 100, Y0)]] * 3)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE gpkg_geometry_columns SET srs_id = 0")
    connection.execute("UPDATE gpkg_contents SET srs_id = 0")
    connection.commit()
    connection.close()
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match=r"INPUT has no coordinate reference system \(CRS\)"):
        processing.run(ALG, {"INPUT": path, "OUTPUT": str(out)})
    assert not out.exists()


def test_budget_stops_a_run_before_any_output(walks, tmp_path):
    path, _ = walks
    ledger, out = tmp_path / "ledger.json", tmp_path / "o.gpkg"
    processing.run(ALG, {"INPUT": path, "EPSILON": 3, "LEDGER": str(ledger), "BUDGET": 5,
                         "OUTPUT": str(tmp_path / "first.gpkg")})
    with pytest.raises(QgsProcessingException):
        processing.run(ALG, {"INPUT": path, "EPSILON": 3, "LEDGER": str(ledger), "BUDGET": 5, "OUTPUT": str(out)})
    assert not out.exists()
    assert len(json.loads(ledger.read_text())["entries"]) == 1


# --- timestamps (M values) ---------------------------------------------------------------------


@pytest.fixture
def timed(tmp_path):
    """40 straight east-west trips of 4 km at constant speed, each starting at its own epoch second."""
    rng = np.random.default_rng(12)
    starts = 1_714_550_000 + rng.integers(0, 86_400, 40).astype(float)
    durations = rng.uniform(600, 3600, 40)
    lines, times = [], []
    for i in range(40):
        along = np.sort(np.concatenate(([0.0, 4000.0], rng.uniform(0, 4000, 8))))
        lines.append(np.column_stack((X0 + along, np.full(10, Y0 + 100.0 * i))))
        times.append(starts[i] + durations[i] * along / 4000.0)
    return write_lines(tmp_path / "timed.gpkg", 32633, lines, times=times), starts, durations


@pytest.mark.parametrize("fallback", [False, True])
def test_m_values_are_published_resampled_on_the_grain_and_not_protected(timed, tmp_path, monkeypatch, fallback):
    from dp_geoprivacy.processing import track_reader

    decoded = []
    if fallback:  # shapely < 2.1 (QGIS 3.22): M decoded from the WKB with numpy
        monkeypatch.setattr(track_reader, "SHAPELY_READS_M", False)
        monkeypatch.setattr(track_reader, "wkb_m_values",
                            lambda blobs, real=track_reader.wkb_m_values: decoded.append(1) or real(blobs))
    path, starts, durations = timed
    out = tmp_path / "timed_out.gpkg"
    processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "EPSILON": 5, "RESAMPLE": 6, "TIME_GRAIN": 300,
                         "VERTEX_TIMES": True, "SEED": 4, "OUTPUT": str(out)})
    assert bool(decoded) == fallback
    kind, rows = read_lines_m(out)
    assert kind == ogr.wkbLineStringM and len(rows) == 40
    assert QgsVectorLayer(str(out), "o", "ogr").wkbType() == QgsWkbTypes.LineStringM  # QGIS reads the M values
    # Constant speed: the time at resampled vertex j is start + duration x j / 5, rounded to 300 s (halves up).
    expected = {tuple(np.floor((s + d * np.arange(6) / 5) / 300 + 0.5) * 300) for s, d in zip(starts, durations)}
    published = {tuple(xym[:, 2]) for xym, _, _ in rows}
    assert published == expected
    for xym, start, end in rows:
        assert np.all(np.mod(xym[:, 2], 300) == 0) and np.all(np.diff(xym[:, 2]) >= 0)
        assert (start, end) == (xym[0, 2], xym[-1, 2])
    [record] = read_from_file(str(out))
    assert any("NOT protected" in note and "300" in note for note in record.notes)
    assert record.epsilon == 5  # the times cost nothing and are not accounted


def test_by_default_only_the_rounded_start_time_is_published(timed, tmp_path):
    """Issue 19 item 10: the times at the resampled vertices showed where along the true route a trip stopped;
    by default only each trip's start time, rounded to TIME_GRAIN, is published."""
    path, starts, _ = timed
    out = tmp_path / "start_only.gpkg"
    processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "EPSILON": 5, "RESAMPLE": 6, "TIME_GRAIN": 300,
                         "SEED": 4, "OUTPUT": str(out)})
    dataset = ogr.Open(str(out))
    layer = dataset.GetLayer(0)
    assert layer.GetGeomType() == ogr.wkbLineString  # no M values
    definition = layer.GetLayerDefn()
    assert [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())] == ["start_time"]
    published = sorted(f["start_time"] for f in layer)
    dataset = None
    assert published == sorted(np.floor(starts / 300 + 0.5) * 300)
    [record] = read_from_file(str(out))
    assert any("Start times" in note and "NOT protected" in note and "300" in note for note in record.notes)
    assert not any("each published vertex" in note for note in record.notes)


def test_the_linestring_m_output_and_tripends_outputs_are_valid_geopackages(timed, tmp_path):
    """The LineStringM blobs are built by hand (line_m_blobs): GDAL's validate_gpkg.py checks them."""
    validate_gpkg = pytest.importorskip("osgeo_utils.samples.validate_gpkg")
    path, _, _ = timed
    outputs = [processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "FIELDS": ["t0"], "VERTEX_TIMES": True,
                                    "OUTPUT": str(tmp_path / "m.gpkg")})["OUTPUT"]]
    ends = processing.run(ENDS, {"INPUT": path, "ORIGINS": str(tmp_path / "o.gpkg"),
                                 "DESTINATIONS": str(tmp_path / "d.gpkg")})
    outputs += [ends["ORIGINS"], ends["DESTINATIONS"]]
    for out in outputs:
        assert validate_gpkg.check(str(out), abort_at_first_error=False, extra_checks=True, warning_msg=False) == []
    dataset = ogr.Open(outputs[0])
    layer = dataset.GetLayer(0)
    assert [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(3)] == ["t0", "start_time", "end_time"]
    xy = np.concatenate([np.array(f.GetGeometryRef().GetPoints())[:, :2] for f in layer])
    dataset = None
    kind, rows = read_lines_m(outputs[0])
    assert kind == ogr.wkbLineStringM and len(rows) == 40
    bounds = np.array([xyz[:, :2] for xyz, _, _ in rows]).reshape(-1, 2)
    assert np.array_equal(xy, bounds)
    connection = sqlite3.connect(outputs[0])
    extent = connection.execute("SELECT min_x, max_x, min_y, max_y FROM gpkg_contents").fetchone()
    boxes = connection.execute('SELECT min(minx), max(maxx), min(miny), max(maxy) FROM "rtree_m_geom"').fetchone()
    connection.close()
    expected = (xy[:, 0].min(), xy[:, 0].max(), xy[:, 1].min(), xy[:, 1].max())
    assert np.allclose(extent, expected) and np.allclose(boxes, expected, rtol=1e-6)  # float32 R*-tree boxes


def test_lines_without_m_give_no_time_fields(walks, tmp_path):
    path, _ = walks
    out = tmp_path / "plain.gpkg"
    processing.run(ALG, {"INPUT": path, "MECHANISM": 1, "OUTPUT": str(out)})
    dataset = ogr.Open(str(out))
    layer = dataset.GetLayer(0)
    assert layer.GetGeomType() == ogr.wkbLineString
    assert layer.GetLayerDefn().GetFieldCount() == 0
    [record] = read_from_file(str(out))
    assert not any("NOT protected" in note for note in record.notes)
    dataset = None


@pytest.mark.parametrize("fallback", [False, True])
def test_tripends_carries_first_and_last_m_value_as_start_and_end_time(tmp_path, monkeypatch, fallback):
    from dp_geoprivacy.processing import track_reader

    monkeypatch.setattr(track_reader, "SHAPELY_READS_M", not fallback and track_reader.SHAPELY_READS_M)
    lines = [[(X0, Y0), (X0 + 10, Y0), (X0 + 20, Y0 + 5)], [(X0 + 1, Y0 + 1), (X0 + 3, Y0 + 3)]]
    times = [[100.0, 160.0, 250.5], [1000.0, 1100.0]]
    path = write_lines(tmp_path / "t.gpkg", 32633, lines, multi={1}, times=times)  # line 1: 2 parts
    origins, destinations = tmp_path / "o.gpkg", tmp_path / "d.gpkg"
    processing.run(ENDS, {"INPUT": path, "ORIGINS": str(origins), "DESTINATIONS": str(destinations)})
    for out in (origins, destinations):
        assert read_field(out, "start_time") == [100.0, 1000.0]
        assert read_field(out, "end_time") == [250.5, 1160.0]  # the last vertex of the last part (+60 s)
        assert read_field(out, "trip_id") == [0, 1]


def test_qgis_process_runs_with_m_values(timed, tmp_path):
    path, _, _ = timed
    out = tmp_path / "cli_m.gpkg"
    results = run_algorithm_json(ALG, INPUT=path, EPSILON=3, RESAMPLE=5, MAX_STEP=2000, TIME_GRAIN=900,
                                 VERTEX_TIMES=True, OUTPUT=out)
    assert results["TRAJECTORIES_WRITTEN"] == 40
    kind, rows = read_lines_m(out)
    assert kind == ogr.wkbLineStringM
    assert all(np.all(np.mod(xym[:, 2], 900) == 0) and start == xym[0, 2] for xym, start, _ in rows)


# --- tripends ----------------------------------------------------------------------------------


def test_tripends_gives_first_and_last_vertex_with_fields(tmp_path):
    lines = [[(X0, Y0), (X0 + 10, Y0), (X0 + 20, Y0 + 5)], [(X0 + 1, Y0 + 1), (X0 + 3, Y0 + 3)]]
    path = write_lines(tmp_path / "t.gpkg", 32633, lines + [[(X0, Y0)]], multi={1})
    origins, destinations = tmp_path / "o.gpkg", tmp_path / "d.gpkg"
    result = processing.run(ENDS, {"INPUT": path, "FIELDS": ["trip_id", "user_id"], "ORIGINS": str(origins),
                                   "DESTINATIONS": str(destinations)})
    assert result["TRIPS"] == 2 and result["TRIPS_SKIPPED"] == 1
    dataset = ogr.Open(str(origins))
    rows = [(f["trip_id"], f["user_id"], f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY())
            for f in dataset.GetLayer(0)]
    assert rows == [(0, "u0", X0, Y0), (1, "u1", X0 + 1, Y0 + 1)]
    assert dataset.GetLayer(0).GetLayerDefn().GetFieldIndex("t0") < 0
    assert dataset.GetLayer(0).GetLayerDefn().GetFieldIndex("start_time") < 0  # no M values: no time fields
    dataset = ogr.Open(str(destinations))
    ends = [(f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY()) for f in dataset.GetLayer(0)]
    assert ends == [(X0 + 20, Y0 + 5), (X0 + 1003, Y0 + 3)]  # last vertex of the last part
    dataset = None


def test_model_chains_tripends_into_noisyzonecounts(tmp_path):
    rng = np.random.default_rng(11)
    starts = np.column_stack((rng.uniform(X0, X0 + 300, 200), rng.uniform(Y0, Y0 + 300, 200)))
    lines = [[tuple(s), tuple(s + [50.0, 80.0]), tuple(s + [400.0, 10.0])] for s in starts]
    tracks = write_lines(tmp_path / "tracks.gpkg", 32633, lines)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), 100.0, 3)
    model = ROOT / "tests" / "data" / "models" / "tripends_then_zone_counts.model3"  # built by the script beside it
    counts, origins = tmp_path / "counts.gpkg", tmp_path / "origins.gpkg"
    run_qgis_process("run", str(model), "--", f"tracks={tracks}", f"zones={zones}", "epsilon=1000000000",
                     f"ends:origins={origins}", f"count:counts={counts}")
    cells = (np.floor((starts[:, 1] - Y0) / 100).astype(int), np.floor((starts[:, 0] - X0) / 100).astype(int))
    truth = {f"Z{r}_{c}": 0.0 for r in range(3) for c in range(3)}
    for r, c in zip(*cells):
        truth[f"Z{r}_{c}"] += 1
    assert dict(zip(read_field(counts, "zone_id"), read_field(counts, "noisy_count"))) == truth


# --- the real qgis_process ---------------------------------------------------------------------


def test_qgis_process_lists_both_algorithms():
    listing = run_qgis_process("list").stdout
    assert ALG in listing and ENDS in listing


def test_qgis_process_sdd_run_and_bad_input(walks, tmp_path):
    path, _ = walks
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT=path, EPSILON=2, RESAMPLE=8, MAX_STEP=600, KEEP_ENDPOINTS="false",
                                 DISTANCE=50, OUTPUT=out)
    assert results["TRAJECTORIES_WRITTEN"] == 300 and results["EPSILON_SPENT"] == 2
    [record] = read_from_file(str(out))
    assert "perturbed by planar Laplace at 0.25 per 50 m" in record.unit_of_privacy  # 2 / 8 per endpoint
    bad = run_qgis_process("run", ALG, "--", f"INPUT={path}", "MAX_STEP=-5", f"OUTPUT={tmp_path / 'x.gpkg'}",
                           check=False)
    assert bad.returncode != 0 and "MAX_STEP must be a finite number greater than 0" in bad.stdout + bad.stderr
    assert not (tmp_path / "x.gpkg").exists()



def test_the_model_file_is_what_its_builder_makes(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "build_tripends_count_model", ROOT / "tests" / "data" / "models" / "build_tripends_count_model.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    built = builder.build(tmp_path / "rebuilt.model3")
    from qgis.core import QgsProcessingModelAlgorithm

    saved, rebuilt = QgsProcessingModelAlgorithm(), QgsProcessingModelAlgorithm()
    assert saved.fromFile(str(ROOT / "tests" / "data" / "models" / "tripends_then_zone_counts.model3"))
    assert rebuilt.fromFile(built)
    assert saved.childAlgorithms().keys() == rebuilt.childAlgorithms().keys()
    assert [p.name() for p in saved.parameterDefinitions()] == [p.name() for p in rebuilt.parameterDefinitions()]
