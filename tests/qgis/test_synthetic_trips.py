"""dp_geoprivacy:synthetictrips through the Processing API, the real qgis_process and a model.

Exact checks use EPSILON = 1e6 (noise scale about 1e-5: after rounding the
noisy tables are the true ones); the statistical behaviour of both models
is tested in tests/core/test_synthetic_trips.py.
"""

import collections
import csv
import json
import re

import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorLayer,
    QgsVectorLayer,
)

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import feature_count, read_field, run_algorithm_json, run_qgis_process, write_grid_zones
from .model_builder import ModelBuilder

ALG = "dp_geoprivacy:synthetictrips"
X0, Y0, CELL = 500_000.0, 4_500_000.0, 1000.0
EXACT = 1e6
PERIOD = {"PERIOD_START": "2013-10-01T00:00:00", "PERIOD_END": "2013-10-08T00:00:00"}
CATEGORIES = "gender=male|female; usertype=Subscriber|Customer"


class LogFeedback(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.messages = []

    def pushInfo(self, info):  # noqa: N802 (QGIS API)
        self.messages.append(info)

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.messages.append(warning)

    def text(self):
        return "\n".join(self.messages)


def centre(row, col):
    return (X0 + (col + 0.5) * CELL, Y0 + (row + 0.5) * CELL)


def write_trips(path, rows, epsg=32633):
    """Lines with start (text), dur (real), gender, usertype, day, mode and uid; rows: dicts with o, d and fields."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer("trips", srs, ogr.wkbLineString)
    for name, kind in (("start", ogr.OFTString), ("dur", ogr.OFTReal), ("gender", ogr.OFTString),
                       ("usertype", ogr.OFTString), ("day", ogr.OFTInteger), ("mode", ogr.OFTString),
                       ("uid", ogr.OFTString)):
        out.CreateField(ogr.FieldDefn(name, kind))
    out.StartTransaction()
    for row in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name in ("start", "dur", "gender", "usertype", "day", "mode", "uid"):
            if row.get(name) is not None:
                feature[name] = row[name]
        o, d = row["o"], row["d"]
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"LINESTRING ({o[0]} {o[1]}, {d[0]} {d[1]})"))
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


@pytest.fixture
def zones(tmp_path):
    return write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 3)


@pytest.fixture
def trips(tmp_path):
    """300 trips between four zone pairs, on days 1-3 of the period, by bus or train."""
    rng = np.random.default_rng(1)
    plan = [((0, 0), (2, 2), 120), ((0, 0), (0, 1), 90), ((1, 1), (1, 1), 60), ((2, 0), (0, 2), 30)]
    rows = []
    for (a, b, n) in plan:
        for i in range(n):
            rows.append({"o": centre(*a), "d": centre(*b), "start": f"2013-10-0{1 + i % 3}T08:{(7 * i) % 60:02d}:00",
                         "dur": float(5 + (i % 4) * 10), "gender": ("male", "female", "x")[i % 3],
                         "usertype": ("Subscriber", "Customer")[i % 2], "day": 1 + i % 3,
                         "mode": ("bus", "train")[i % 2], "uid": f"u{int(rng.integers(0, 1000))}"})
    plan = {(f"Z{a[0]}_{a[1]}", f"Z{b[0]}_{b[1]}"): n for a, b, n in plan}
    return write_trips(tmp_path / "trips.gpkg", rows), rows, plan


def run(params, feedback=None):
    return processing.run(ALG, params, feedback=feedback)


def base(trips, zones, tmp_path, **extra):
    params = {"INPUT": trips, "START_FIELD": "start", "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT,
              "OUTPUT": str(tmp_path / "synthetic.gpkg"), **PERIOD}
    params.update(extra)
    return params


def rows_of(path):
    layer = QgsVectorLayer(str(path), "rows", "ogr")
    assert layer.isValid()
    return [dict(zip(layer.fields().names(), f.attributes())) | {"_geometry": f.geometry()}
            for f in layer.getFeatures()]


# --- model 0 ------------------------------------------------------------------------------------


def test_model0_samples_trips_from_the_tables_at_huge_epsilon(trips, zones, tmp_path):
    path, rows, plan = trips
    tables = tmp_path / "tables.gpkg"
    result = run(base(path, zones, tmp_path, DURATION_FIELD="dur", MAX_DURATION=30, DURATION_BINS=3,
                      ATTRIBUTE_FIELDS=["gender", "usertype"], CATEGORIES=CATEGORIES, SEED=4,
                      OUTPUT_TABLES=str(tables)))
    assert result["SYNTHETIC_ROWS"] == len(rows)  # N is the noisy total: exact at this epsilon
    out = rows_of(result["OUTPUT"])
    assert {r["origin_id"] for r in out} <= {a for a, _ in plan} and all((r["origin_id"], r["dest_id"]) in plan
                                                                         for r in out)
    assert {"trip_id", "origin_id", "dest_id", "start_time", "duration_min", "end_time", "gender", "usertype"} <= set(
        out[0]) and not {"uid", "start", "dur", "day", "mode"} & set(out[0])
    grid = {f"Z{r}_{c}": shapely.box(X0 + c * CELL, Y0 + r * CELL, X0 + (c + 1) * CELL, Y0 + (r + 1) * CELL)
            for r in range(3) for c in range(3)}
    for r in out:
        line = shapely.from_wkt(r["_geometry"].asWkt())
        first, last = shapely.Point(line.coords[0]), shapely.Point(line.coords[-1])
        assert grid[r["origin_id"]].contains(first) and grid[r["dest_id"]].contains(last)
        assert "2013-10-01" <= r["start_time"][:10] <= "2013-10-03" and 0 <= r["duration_min"] <= 30
        assert r["gender"] in ("male", "female", "other") and r["usertype"] in ("Subscriber", "Customer")
    # trips of 35 minutes are above MAX_DURATION=30: clamped into the last bin, never beyond
    assert max(r["duration_min"] for r in out) <= 30
    records = read_from_file(result["OUTPUT"])
    assert records[0].epsilon == pytest.approx(EXACT) and records[0].is_release
    assert not records[0].differentially_private  # a seeded run (issue 19 item 6)
    assert read_from_file(str(tables))[0].release_id == records[0].release_id  # one release
    table = rows_of(tables)
    assert [r["noisy_count"] for r in table if r["table"] == "total"] == [len(rows)]
    od = {(r["origin_id"], r["dest_id"]): r["noisy_count"] for r in table if r["table"] == "origin_destination"}
    assert od == {k: float(v) for k, v in plan.items()}
    gender = collections.Counter()
    for r in table:
        if r["table"] == "origin_gender":
            gender[r["category"]] += r["noisy_count"]
    assert gender == {"male": 100, "female": 100, "other": 100}  # 'x' is not declared: other


def test_bad_inputs_are_counted_or_refused(trips, zones, tmp_path):
    path, rows, _ = trips
    bad = rows[:10] + [dict(rows[0], start="yesterday"), dict(rows[0], start=None), dict(rows[0], dur=500.0),
                       dict(rows[0], start="2014-01-01T00:00:00"), dict(rows[0], dur=-3.0)]
    bad_path = write_trips(tmp_path / "bad.gpkg", bad)
    feedback = LogFeedback()
    result = run(base(bad_path, zones, tmp_path, DURATION_FIELD="dur", MAX_DURATION=30), feedback)
    log = feedback.text()
    assert "Dropped 2 trips with a start time that is NULL or does not parse" in log
    assert "Dropped 1 trips with a start outside PERIOD_START to PERIOD_END" in log
    assert "Dropped 1 trips with a duration that is NULL, negative or not a number" in log
    assert "3 trips last longer than MAX_DURATION=30 minutes: clamped" in log  # two of 35 minutes, one of 500
    assert result["SYNTHETIC_ROWS"] == 11
    for extra, message in (
            ({"WEIGHTS": "1,0,1"}, "WEIGHTS must be numbers greater than 0"),
            ({"WEIGHTS": "1,-2,1"}, "WEIGHTS must be numbers greater than 0"),
            ({"WEIGHTS": "1,1"}, "WEIGHTS needs 3 numbers"),
            ({"MODEL": 1, "DELTA": 0.0}, "DELTA must be in (0, 1) for model 1"),
            ({"MODEL": 1, "DELTA": 1.0}, "DELTA must be in (0, 1) for model 1"),
            ({"ATTRIBUTE_FIELDS": ["gender"]}, "Declare the categories of gender in CATEGORIES"),
            ({"PERIOD_START": "soon"}, "PERIOD_START must be a date and time"),
            ({"MODEL": 1, "MARGINALS": [2]}, "tap-off time marginals need DURATION_FIELD"),
            ({"UTILITY_CHECK": True}, "UTILITY_CHECK needs OUTPUT_UTILITY or OUTPUT_UTILITY_HTML")):
        out = tmp_path / "refused.gpkg"
        with pytest.raises(QgsProcessingException, match=message.replace("(", r"\(").replace(")", r"\)")):
            run(base(bad_path, zones, tmp_path, OUTPUT=str(out), **extra))
        assert not out.exists()


def test_seeded_runs_reproduce_and_utility_check_is_marked_not_private(trips, zones, tmp_path):
    path, rows, _ = trips
    outputs = []
    for i in range(2):
        result = run(base(path, zones, tmp_path, EPSILON=2.0, SEED=9, OUTPUT=str(tmp_path / f"s{i}.gpkg"),
                          UTILITY_CHECK=True, OUTPUT_UTILITY=str(tmp_path / f"u{i}.gpkg"),
                          OUTPUT_UTILITY_HTML=str(tmp_path / f"u{i}.html")))
        outputs.append([(r["origin_id"], r["dest_id"], r["start_time"]) for r in rows_of(result["OUTPUT"])])
    assert outputs[0] == outputs[1]
    utility = QgsVectorLayer(str(tmp_path / "u0.gpkg"), "u", "ogr")
    metadata = utility.metadata()
    assert "NOT differentially private" in metadata.title()
    keywords = metadata.keywords("dp_geoprivacy")
    assert "not-differentially-private" in keywords and "differential-privacy" not in keywords
    assert not read_from_file(str(tmp_path / "u0.gpkg"))[0].differentially_private
    stats = {(f["section"], f["statistic"]) for f in utility.getFeatures()}
    assert ("top 5", "routes") in stats and ("error", "origin_destination") in stats
    page = (tmp_path / "u0.html").read_text()
    assert "NOT DIFFERENTIALLY PRIVATE" in page and "Top 5 days" in page


# --- model 1 ------------------------------------------------------------------------------------


def test_model1_publishes_only_data_cells_and_states_theorem_7(trips, zones, tmp_path):
    path, rows, _ = trips
    rows = rows + [dict(rows[0], day=None) for _ in range(5)]  # a NULL day: a partition of its own
    path = write_trips(tmp_path / "t1.gpkg", rows)
    ledger = tmp_path / "ledger.json"
    result = run(base(path, zones, tmp_path, MODEL=1, DURATION_FIELD="dur", PARTITION_FIELDS=["day", "mode"],
                      WEIGHTS="1,1,1,1,2,2", EPSILON=8000.0, DELTA=7.5e-7, LEDGER=str(ledger),
                      OUTPUT=str(tmp_path / "m1.csv")))
    with open(result["OUTPUT"], newline="") as handle:
        out = list(csv.DictReader(handle))
    assert {r["release"] for r in out} == {"on_time", "on_place", "off_time", "off_place", "on_time_place",
                                           "off_time_place"}
    data_places = collections.Counter((str(r["day"]) if r["day"] is not None else "NULL", r["mode"],
                                       f"Z{int((r['o'][1] - Y0) // CELL)}_{int((r['o'][0] - X0) // CELL)}")
                                      for r in rows)
    published = collections.Counter((r["day"], r["mode"], r["on_zone"]) for r in out if r["release"] == "on_place")
    assert set(published) <= set(data_places)
    # b = 2 / 1000: the threshold is 1.03, so every cell of 2 trips or more is published with its count
    assert published == {k: v for k, v in data_places.items() if v >= 2}
    assert published[("NULL", "bus", "Z0_0")] == 5  # the NULL-day partition is a partition of its own
    entry = json.loads(ledger.read_text())["entries"][0]
    assert entry["epsilon"] == pytest.approx(8000.0) and entry["delta"] == pytest.approx(7.5e-7)
    record = read_from_file(str(tmp_path / "m1.csv"))[0]
    assert record.epsilon == pytest.approx(8000.0) and record.delta == pytest.approx(7.5e-7)
    assert any("Theorem 7" in note for note in record.notes)
    assert result["EPSILON_SPENT"] == pytest.approx(8000.0) and result["DELTA_SPENT"] == pytest.approx(7.5e-7)


# --- the real qgis_process and a model ------------------------------------------------------------


def test_qgis_process_model0_from_a_csv_of_coordinates(zones, tmp_path):
    table = tmp_path / "trips.csv"
    with open(table, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["ox", "oy", "dx", "dy", "start", "usertype"])
        for i in range(40):
            writer.writerow([*centre(0, 0), *centre(1, 2), f"2013-10-02 0{i % 10}:00:00", "Customer"])
    out = tmp_path / "synthetic.gpkg"
    results = run_algorithm_json(ALG, INPUT=table, ORIGIN_X_FIELD="ox", ORIGIN_Y_FIELD="oy", DEST_X_FIELD="dx",
                                 DEST_Y_FIELD="dy", COORDINATES_CRS="EPSG:32633", START_FIELD="start",
                                 ATTRIBUTE_FIELDS="usertype", CATEGORIES="usertype=Subscriber|Customer",
                                 ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT, OUTPUT=out, **PERIOD)
    assert results["SYNTHETIC_ROWS"] == 40 and feature_count(out) == 40
    assert set(read_field(out, "origin_id")) == {"Z0_0"} and set(read_field(out, "usertype")) == {"Customer"}


def test_qgis_process_model1_with_h3_cells_without_extent(tmp_path):
    rng = np.random.default_rng(5)
    rows = [{"o": (13.35, 52.49), "d": (13.45, 52.51 + rng.uniform(0, 1e-4)), "start": "2013-10-01T08:00:00",
             "dur": 12.0, "day": 1, "mode": "bus"} for _ in range(50)]
    path = write_trips(tmp_path / "h3.gpkg", rows, epsg=4326)
    out = tmp_path / "rows.gpkg"
    results = run_algorithm_json(ALG, INPUT=path, START_FIELD="start", DURATION_FIELD="dur", H3_RESOLUTION=7,
                                 MODEL=1, PARTITION_FIELDS="mode", EPSILON=EXACT, DELTA=1e-6, OUTPUT=out, **PERIOD)
    # every marginal has one cell holding all 50 trips: each is repeated 50 times
    assert results["SYNTHETIC_ROWS"] == feature_count(out) == 6 * 50
    assert set(read_field(out, "mode")) == {"bus"}


def test_model_chains_synthetic_trips_into_native_extract(trips, zones, tmp_path):
    path, rows, plan = trips
    model = (
        ModelBuilder("synthetic_then_extract")
        .input(QgsProcessingParameterVectorLayer("trips", "Trips", [QgsProcessing.TypeVectorLine]))
        .input(QgsProcessingParameterVectorLayer("zones", "Zones", [QgsProcessing.TypeVectorPolygon]))
        .input(QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0))
        .child("synth", ALG, {"INPUT": ("input", "trips"), "ZONES": ("input", "zones"),
                              "ZONE_ID_FIELD": ("value", "zone_id"), "START_FIELD": ("value", "start"),
                              "EPSILON": ("input", "epsilon"), "PERIOD_START": ("value", PERIOD["PERIOD_START"]),
                              "PERIOD_END": ("value", PERIOD["PERIOD_END"])}, {"OUTPUT": "synthetic"})
        .child("extract", "native:extractbyattribute",
               {"INPUT": ("child", "synth", "OUTPUT"), "FIELD": ("value", "origin_id"), "OPERATOR": ("value", 0),
                "VALUE": ("value", "Z0_0")}, {"OUTPUT": "from_z00"})
        .save(tmp_path / "synthetic_then_extract.model3")
    )
    extracted = tmp_path / "from_z00.gpkg"
    run_qgis_process("run", model, "--", f"trips={path}", f"zones={zones}", f"epsilon={EXACT}",
                     f"synth:synthetic={tmp_path / 'synthetic.gpkg'}", f"extract:from_z00={extracted}")
    n = feature_count(extracted)
    assert set(read_field(extracted, "origin_id")) == {"Z0_0"}
    # 210 of 300 trips start in Z0_0: the synthetic count is Binomial(300, 0.7): within 5 standard deviations
    assert abs(n - 210) < 5 * (300 * 0.7 * 0.3) ** 0.5


def test_a_failed_last_output_leaves_no_output(trips, zones, tmp_path):
    path, _, _ = trips
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where the page's folder should be")
    out, tables = tmp_path / "synthetic.gpkg", tmp_path / "tables.gpkg"
    with pytest.raises(QgsProcessingException):
        run(base(path, zones, tmp_path, OUTPUT=str(out), OUTPUT_TABLES=str(tables), UTILITY_CHECK=True,
                 OUTPUT_UTILITY_HTML=str(blocker / "page.html")))
    assert not out.exists() and not tables.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no working folder left behind


def test_zone_id_fields_and_representative_points(zones, tmp_path):
    table = tmp_path / "zone_trips.csv"
    with open(table, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["from_zone", "to_zone", "start"])
        writer.writerows([("Z0_0", "Z2_1", "2013-10-02T07:30:00")] * 30 + [("Z1_1", "Z1_1", "2013-10-02T07:30:00")] * 10
                         + [("nowhere", "Z0_0", "2013-10-02T07:30:00")] * 4)
    feedback = LogFeedback()
    result = run(base(str(table), zones, tmp_path, ORIGIN_ZONE_FIELD="from_zone", DEST_ZONE_FIELD="to_zone", POINTS=1,
                      SEED=2), feedback)
    assert "Dropped 4 trips with an end in no zone" in feedback.text()
    out = rows_of(result["OUTPUT"])
    assert len(out) == 40  # the noisy total; pairs are sampled from the OD table, so only pairs with trips occur
    assert {(r["origin_id"], r["dest_id"]) for r in out} == {("Z0_0", "Z2_1"), ("Z1_1", "Z1_1")}
    for r in out:
        line = shapely.from_wkt(r["_geometry"].asWkt())
        if r["origin_id"] == "Z0_0":  # representative points: the centres of the square zones
            assert line.coords[0] == pytest.approx(centre(0, 0)) and line.coords[-1] == pytest.approx(centre(2, 1))
        else:  # intrazonal: a small loop starting and ending at the zone's point
            assert line.coords[0] == line.coords[-1] == pytest.approx(centre(1, 1)) and len(line.coords) == 5
    with pytest.raises(QgsProcessingException, match="Give both ORIGIN_ZONE_FIELD and DEST_ZONE_FIELD"):
        run(base(str(table), zones, tmp_path, ORIGIN_ZONE_FIELD="from_zone"))


def test_loaded_outputs_carry_their_record_title_and_style(trips, zones, tmp_path):
    from qgis.core import QgsProject

    path, _, _ = trips
    project = QgsProject.instance()
    before = set(project.mapLayers())
    processing.runAndLoadResults(ALG, base(path, zones, tmp_path, EPSILON=2.0, OUTPUT_TABLES=str(tmp_path / "t.gpkg"),
                                           UTILITY_CHECK=True, OUTPUT_UTILITY=str(tmp_path / "u.gpkg")))
    loaded = [project.mapLayer(i) for i in set(project.mapLayers()) - before]
    try:
        names = sorted(re.sub(r"; run [0-9a-f]{6}\)$", ")", layer.name()) for layer in loaded)
        assert names == ["Noisy tables (ε=2, δ=0)", "Synthetic trips (ε=2, δ=0)",
                         "Utility check (NOT differentially private)"]
        [trips_layer] = [layer for layer in loaded if layer.name().startswith("Synthetic trips")]
        assert trips_layer.renderer().symbol().color().name() == "#7570b3"
        assert trips_layer.metadata().abstract().startswith("Differentially private release")
    finally:
        project.removeMapLayers([layer.id() for layer in loaded])


# --- NOISE=2: the discrete Gaussian (core.releases.synthetic_gaussian) ----------------------------


def test_qgis_process_gaussian_counts_users_per_cell_and_records_rho_in_the_ledger(zones, tmp_path):
    """User a: 5 trips Z0_0 -> Z2_2 and 1 trip Z1_1 -> Z0_1; user b: 2 trips Z1_1 -> Z0_1. At EPSILON 1e6 the
    Gaussian tables are exact: the OD table counts users per pair (1 and 2), the total counts kept trips (3 + 2
    with M = 3); two runs in one ledger give the privacy report's zCDP total."""
    from dp_geoprivacy.core.accounting.ledger import Ledger
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_delta, zcdp_rho

    rows = [{"o": centre(0, 0), "d": centre(2, 2), "start": "2013-10-01T08:00:00", "uid": "a"}] * 5 + [
        {"o": centre(1, 1), "d": centre(0, 1), "start": "2013-10-02T08:00:00", "uid": u} for u in "abb"]
    path = write_trips(tmp_path / "g.gpkg", rows)
    ledger, tables = tmp_path / "ledger.json", tmp_path / "tables.gpkg"
    results = run_algorithm_json(ALG, INPUT=path, START_FIELD="start", ZONES=zones, ZONE_ID_FIELD="zone_id",
                                 EPSILON=EXACT, NOISE=2, DELTA=1e-6, USER_FIELD="uid", MAX_TRIPS=3, SEED=2,
                                 LEDGER=ledger, OUTPUT=tmp_path / "s.gpkg", OUTPUT_TABLES=tables, **PERIOD)
    assert results["EPSILON_SPENT"] == EXACT and results["DELTA_SPENT"] == 1e-6
    assert results["SYNTHETIC_ROWS"] == 5  # the total: a keeps 3 of 6 trips, b 2
    table = rows_of(tables)
    od = {(r["origin_id"], r["dest_id"]): r["noisy_count"] for r in table if r["table"] == "origin_destination"}
    # a keeps 3 of its 6 trips (sampled): Z0_0 -> Z2_2 once if any of the 3 is there, Z1_1 -> Z0_1 likewise
    assert od[("Z1_1", "Z0_1")] in (1.0, 2.0) and set(od.values()) <= {1.0, 2.0}
    assert sum(od.values()) <= 3  # users per pair, never trips: a counts once per pair
    [record] = read_from_file(str(tmp_path / "s.gpkg"))[:1]
    assert record.rho == pytest.approx(zcdp_rho(EXACT, 1e-6), rel=1e-9)
    assert zcdp_delta(record.rho, record.epsilon) <= 1e-6
    assert any("Noise per table (NOISE=2)" in n and "origin_destination discrete Gaussian L2 1.732" in n
               for n in record.notes)
    [entry] = Ledger(ledger).entries()
    assert entry.rho == pytest.approx(record.rho) and entry.delta == 1e-6


def test_gaussian_bad_settings_are_refused(trips, zones, tmp_path):
    path, _, _ = trips
    for extra, message in (
            ({"NOISE": 2, "DELTA": 0.0}, "NOISE=2 (discrete Gaussian) needs DELTA in (0, 1)"),
            ({"NOISE": 2, "DELTA": 1.0}, "NOISE=2 (discrete Gaussian) needs DELTA in (0, 1)"),
            ({"NOISE": 2, "DELTA": -1e-6}, "NOISE=2 (discrete Gaussian) needs DELTA in (0, 1)"),
            ({"NOISE": 2, "MODEL": 1, "DELTA": 1e-6}, "NOISE=2 (discrete Gaussian) is for model 0"),
            ({"NOISE": 1}, "NOISE=1 (discrete Laplace) is not offered")):
        out = tmp_path / "refused.gpkg"
        with pytest.raises(QgsProcessingException, match=re.escape(message)):
            run(base(path, zones, tmp_path, OUTPUT=str(out), **extra))
        assert not out.exists()
