"""dp_geoprivacy:randomizedresponse through the Processing API, qgis_process and a model.

Dumont et al. 2021, "Differential Privacy in Travel Data", §3.3 (eq. 3-6)
and §4.1 (eq. 8-11). Statistical checks: chi-square at ALPHA = 0.001 with fixed seeds; estimates within 4.5 of their own
standard errors.
"""

import csv
import math
from dataclasses import asdict

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterField,
    QgsProcessingParameterVectorLayer,
    QgsVectorLayer,
)
from scipy import stats

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import run_algorithm_json, run_qgis_process
from .model_builder import ModelBuilder

ALG = "dp_geoprivacy:randomizedresponse"
ALPHA = 0.001


def write_table(path, columns, epsg=None, points=None, layer="survey"):
    """A GeoPackage table (or point layer when ``points`` is given) with the given columns.

    ``columns`` maps names to (OGR type, values); None values are NULL.
    """
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = None
    if epsg:
        srs = osr.SpatialReference()
        srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer(layer, srs, ogr.wkbPoint if points is not None else ogr.wkbNone)
    for name, (kind, _) in columns.items():
        out.CreateField(ogr.FieldDefn(name, kind))
    n = len(next(iter(columns.values()))[1])
    out.StartTransaction()
    for i in range(n):
        feature = ogr.Feature(out.GetLayerDefn())
        for name, (_, values) in columns.items():
            if values[i] is None:
                feature.SetFieldNull(name)
            else:
                feature[name] = values[i]
        if points is not None:
            point = ogr.Geometry(ogr.wkbPoint)
            point.AddPoint_2D(*map(float, points[i]))
            feature.SetGeometry(point)
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def _rows(path):
    layer = QgsVectorLayer(str(path), "out", "ogr")
    names = layer.fields().names()
    return layer, [dict(zip(names, f.attributes())) for f in layer.getFeatures()]


def _estimates(path):
    with open(path, newline="") as table:
        return list(csv.DictReader(table))


@pytest.fixture
def survey(tmp_path):
    """2,000 households: vehicle (text, 4 values), fuel (stratum), persons (integer)."""
    rng = np.random.default_rng(5)
    vehicle = rng.choice(["sedan", "suv", "van", "truck"], 2000, p=[0.4, 0.3, 0.2, 0.1]).tolist()
    fuel = ["electric" if v in ("sedan", "suv") and rng.random() < 0.3 else "gas" for v in vehicle]
    return write_table(tmp_path / "survey.gpkg", {
        "hid": (ogr.OFTInteger, list(range(2000))),
        "vehicle": (ogr.OFTString, vehicle),
        "fuel": (ogr.OFTString, fuel),
        "persons": (ogr.OFTInteger, rng.integers(1, 4, 2000).tolist()),
    }), vehicle, fuel


def test_table_without_geometry_k_ary_with_public_categories(survey, tmp_path):
    path, vehicle, _ = survey
    out, estimates = tmp_path / "out.gpkg", tmp_path / "estimates.csv"
    result = processing.run(ALG, {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck, bus",
                                  "P_TRUTH": 0.5, "SEED": 1, "KEEP_IDENTIFIERS": True, "OUTPUT": str(out),
                                  "OUTPUT_ESTIMATES": str(estimates)})
    k = 5
    assert math.isclose(result["EPSILON_SPENT"], math.log((0.5 * k + 0.5) / 0.5))  # Dumont et al. 2021 eq. 13, t = k
    assert result["ROWS_WRITTEN"] == 2000 and "NULL_VALUES" not in result
    layer, rows = _rows(out)
    assert layer.wkbType() == 100 and layer.fields().names() == ["fid", "hid", "vehicle", "fuel", "persons"]
    assert {r["vehicle"] for r in rows} <= {"sedan", "suv", "van", "truck", "bus"}
    hids = [r["hid"] for r in rows]
    assert sorted(hids) == list(range(2000))
    assert abs(stats.spearmanr(hids, np.arange(2000)).statistic) < 4.5 / math.sqrt(2000)  # shuffled
    kept = np.mean([r["vehicle"] == vehicle[r["hid"]] for r in rows])
    assert abs(kept - (0.5 + 0.5 / k)) < 4.5 * math.sqrt(0.6 * 0.4 / 2000)
    [record] = read_from_file(str(out))
    assert record.mechanism == "k_ary_randomized_response" and record.epsilon == result["EPSILON_SPENT"]
    assert read_from_file(str(estimates))[0].release_id == record.release_id  # one run, one release
    table = _estimates(estimates)
    assert [r["category"] for r in table] == ["sedan", "suv", "van", "truck", "bus"]
    n = 2000
    for row in table:  # Dumont et al. 2021 eq. 6 generalised: (C - (1 - p) N / k) / p
        assert math.isclose(float(row["estimate"]), (int(row["reported"]) - 0.5 * n / k) / 0.5)
        truth = vehicle.count(row["category"])
        assert abs(float(row["estimate"]) - truth) < 4.5 * float(row["std_error"])


def test_response_probabilities_through_processing_match_p(tmp_path):
    path = write_table(tmp_path / "one.gpkg", {"mode": (ogr.OFTString, ["car"] * 20000)})
    out = tmp_path / "out.gpkg"
    result = processing.run(ALG, {"INPUT": path, "FIELD": "mode", "CATEGORIES": "car\nbus\nbike\nwalk",
                                  "EPSILON": 1.5, "SEED": 2, "OUTPUT": str(out),
                                  "OUTPUT_ESTIMATES": QgsProcessing.TEMPORARY_OUTPUT})
    p = result["P_TRUTH_USED"]
    assert math.isclose(p, (math.exp(1.5) - 1) / (math.exp(1.5) - 1 + 4))
    assert math.isclose(result["EPSILON_SPENT"], 1.5)
    _, rows = _rows(out)
    observed = [sum(r["mode"] == c for r in rows) for c in ("car", "bus", "bike", "walk")]
    expected = np.array([p + (1 - p) / 4] + [(1 - p) / 4] * 3) * 20000
    assert stats.chisquare(observed, expected).pvalue > ALPHA


def test_strata_keep_replacements_inside_and_say_the_stratum_is_not_protected(survey, tmp_path):
    path, _, fuel = survey
    out = tmp_path / "out.gpkg"
    result = processing.run(ALG, {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck",
                                  "STRATA_FIELD": "fuel", "STRATA": "electric: sedan, suv\ngas", "P_TRUTH": 0.0,
                                  "SEED": 3, "KEEP_IDENTIFIERS": True, "OUTPUT": str(out),
                                  "OUTPUT_ESTIMATES": str(tmp_path / "e.csv")})
    assert result["EPSILON_SPENT"] == 0
    _, rows = _rows(out)
    assert all(r["vehicle"] in ("sedan", "suv") for r in rows if r["fuel"] == "electric")
    assert [r["fuel"] for r in sorted(rows, key=lambda r: r["hid"])] == fuel  # the stratum is published exactly
    [record] = read_from_file(str(out))
    notes = " ".join(record.notes)
    assert "not protected" in notes and "values present in the data" not in notes
    table = _estimates(tmp_path / "e.csv")
    assert {(r["stratum"], r["category"]) for r in table if r["stratum"] == "electric"} == {
        ("electric", "sedan"), ("electric", "suv")}


def test_null_and_undeclared_values_are_reported_by_the_public_rule(tmp_path):
    values = ["yes", None, "no", "maybe"] * 250
    path = write_table(tmp_path / "t.gpkg", {"answer": (ogr.OFTString, values), "row": (ogr.OFTInteger,
                                                                                        list(range(1000)))})
    out, estimates = tmp_path / "out.gpkg", tmp_path / "e.csv"
    result = processing.run(ALG, {"INPUT": path, "FIELD": "answer", "CATEGORIES": "yes,no", "P_TRUTH": 0.5,
                                  "SEED": 5, "KEEP_IDENTIFIERS": True, "OUTPUT": str(out),
                                  "OUTPUT_ESTIMATES": str(estimates)})
    assert "NULL_VALUES" not in result  # a raw count: not published
    _, rows = _rows(out)
    assert {r["answer"] for r in rows} == {"yes", "no"}  # NULL and 'maybe' are randomized too
    undeclared = [r["answer"] for r in rows if values[r["row"]] in (None, "maybe")]
    assert abs(undeclared.count("yes") - 250) < 4.5 * math.sqrt(500 * 0.25)  # a draw from q: half each
    assert sum(int(r["reported"]) for r in _estimates(estimates)) == 1000
    assert "reported as a draw from the replacement distribution" in " ".join(read_from_file(str(out))[0].notes)
    # With OTHER, they are reported as that declared category (kept with p, like any declared value).
    result = processing.run(ALG, {"INPUT": path, "FIELD": "answer", "CATEGORIES": "yes,no,unknown",
                                  "OTHER": "unknown", "P_TRUTH": 0.7, "SEED": 6, "KEEP_IDENTIFIERS": True,
                                  "OUTPUT": str(tmp_path / "other.gpkg")})
    _, rows = _rows(tmp_path / "other.gpkg")
    share = np.mean([r["answer"] == "unknown" for r in rows if values[r["row"]] in (None, "maybe")])
    expected = 0.7 + 0.3 / 3
    assert abs(share - expected) < 4.5 * math.sqrt(expected * (1 - expected) / 500)


def test_identifiers_are_dropped_by_default_and_the_rest_passes_through(survey, tmp_path):
    path, _, _ = survey
    out = tmp_path / "out.gpkg"
    processing.run(ALG, {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck", "P_TRUTH": 0.5,
                         "OUTPUT": str(out)})
    layer, _ = _rows(out)
    assert layer.fields().names() == ["fid", "vehicle", "fuel", "persons"]
    assert "Do not publish" not in " ".join(read_from_file(str(out))[0].notes)


def test_raw_point_geometry_is_not_published(tmp_path):
    rng = np.random.default_rng(6)
    xy = rng.uniform(0, 1000, (300, 2)) + [5e5, 4.5e6]
    path = write_table(tmp_path / "p.gpkg", {"pid": (ogr.OFTInteger, list(range(300))),
                                             "persons": (ogr.OFTInteger, rng.integers(1, 5, 300).tolist())},
                       epsg=32633, points=xy)
    out = tmp_path / "out.gpkg"
    processing.run(ALG, {"INPUT": path, "FIELD": "persons", "CATEGORIES": "1,2,3,4,5", "P_TRUTH": 0.3,
                         "SEED": 7, "OUTPUT": str(out)})
    layer, rows = _rows(out)
    assert layer.wkbType() == 100  # QgsWkbTypes.NoGeometry: the true locations are not written
    assert layer.fields().names() == ["fid", "persons"]
    assert layer.fields().field("persons").typeName().lower().startswith("int")
    assert {r["persons"] for r in rows} <= {1, 2, 3, 4, 5} and len(rows) == 300


def test_geometry_of_a_location_release_is_kept(tmp_path):
    rng = np.random.default_rng(9)
    xy = rng.uniform(0, 1000, (300, 2)) + [5e5, 4.5e6]
    path = write_table(tmp_path / "p.gpkg", {"pid": (ogr.OFTInteger, list(range(300))),
                                             "persons": (ogr.OFTInteger, rng.integers(1, 5, 300).tolist())},
                       epsg=32633, points=xy)
    perturbed, out = tmp_path / "perturbed.gpkg", tmp_path / "out.gpkg"
    processing.run("dp_geoprivacy:laplaceperturbation", {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "SEED": 7,
                                                          "FIELDS": ["pid", "persons"], "KEEP_IDENTIFIERS": True,
                                                          "OUTPUT": str(perturbed)})
    processing.run(ALG, {"INPUT": str(perturbed), "FIELD": "persons", "CATEGORIES": "1,2,3,4,5", "P_TRUTH": 0.3,
                         "SEED": 7, "KEEP_IDENTIFIERS": True, "OUTPUT": str(out)})
    before = {f["pid"]: f.geometry().asPoint() for f in QgsVectorLayer(str(perturbed), "p", "ogr").getFeatures()}
    layer, _ = _rows(out)
    assert layer.crs().authid() == "EPSG:32633"
    for feature in layer.getFeatures():
        assert feature["persons"] in (1, 2, 3, 4, 5)
        assert feature.geometry().asPoint() == before[feature["pid"]]


@pytest.mark.parametrize("parameters, message", [
    ({"P_TRUTH": 0.5, "EPSILON": 1.0}, "Give exactly one of P_TRUTH"),
    ({}, "Give exactly one of P_TRUTH"),
    ({"P_TRUTH": 1.0}, "P_TRUTH must be in"),
    ({"P_TRUTH": 0.5, "CATEGORIES": "sedan"}, "CATEGORIES must list"),
    ({"P_TRUTH": 0.5, "STRATA_FIELD": "vehicle"}, "STRATA_FIELD must be another field"),
    ({"P_TRUTH": 0.5, "FIELD": "persons", "CATEGORIES": "1, 2.5"}, "CATEGORIES must be numbers"),
    ({"P_TRUTH": 0.5, "REPLACEMENT": 1}, "REPLACEMENT 1 draws from a declared distribution"),
    ({"P_TRUTH": 0.5, "REPLACEMENT": 1, "REPLACEMENT_WEIGHTS": "sedan=1, suv=0, van=1, truck=1"}, "weight > 0"),
    ({"P_TRUTH": 0.5, "REPLACEMENT": 1, "REPLACEMENT_WEIGHTS": "sedan=1, suv=1"}, "exactly once"),
    ({"P_TRUTH": 0.5, "REPLACEMENT_WEIGHTS": "sedan=1, suv=1, van=1, truck=1"}, "REPLACEMENT is uniform"),
    ({"P_TRUTH": 0.5, "OTHER": "bus"}, "OTHER must be one of CATEGORIES"),
    ({"P_TRUTH": 0.5, "STRATA": "gas"}, "STRATA needs STRATA_FIELD"),
    ({"P_TRUTH": 0.5, "STRATA_FIELD": "fuel", "STRATA": "gas: sedan, bus"}, "not in CATEGORIES"),
    ({"EPSILON": 800.0}, "EPSILON is too large"),
])
def test_bad_parameters_are_refused_clearly(survey, tmp_path, parameters, message):
    path, _, _ = survey
    full = {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck",
            "OUTPUT": str(tmp_path / "out.gpkg")}
    full.update(parameters)
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)
    assert not (tmp_path / "out.gpkg").exists()


def test_ledger_records_the_release(survey, tmp_path):
    path, _, _ = survey
    ledger = tmp_path / "ledger.json"
    processing.run(ALG, {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck", "P_TRUTH": 0.5,
                         "LEDGER": str(ledger),
                         "PARTITION": "fuel=gas", "OUTPUT": str(tmp_path / "out.gpkg")})
    [entry] = Ledger(ledger).entries()
    [record] = read_from_file(str(tmp_path / "out.gpkg"))
    assert entry.release_id == record.release_id and entry.epsilon == record.epsilon
    assert entry.algorithm == ALG and entry.partition == "fuel=gas"  # a field of the input: the run selects it
    assert entry.partition_rule.startswith("parallel")  # one row per unit of privacy


def test_qgis_process_runs_randomized_response(survey, tmp_path):
    path, vehicle, _ = survey
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT=path, FIELD="vehicle", CATEGORIES="sedan,suv,van,truck", P_TRUTH=0.5,
                                 SEED=8, OUTPUT=out,
                                 OUTPUT_ESTIMATES=tmp_path / "e.gpkg")
    assert math.isclose(results["EPSILON_SPENT"], math.log((0.5 * 4 + 0.5) / 0.5))
    _, rows = _rows(out)
    assert len(rows) == 2000 and {r["vehicle"] for r in rows} <= set(vehicle)


def test_trial_runs_of_neighbours_report_the_same(tmp_path):
    """The dry run publishes p (NOISE_SCALE = 1 - p) and epsilon: the same for neighbouring datasets."""
    results = []
    for name, values in (("a", ["car"] * 40), ("b", ["bike"] + ["car"] * 39)):
        path = write_table(tmp_path / f"{name}.gpkg", {"mode": (ogr.OFTString, values)})
        results.append(processing.run(ALG, {"INPUT": path, "FIELD": "mode", "CATEGORIES": "car, bus, bike",
                                             "REPLACEMENT": 1, "REPLACEMENT_WEIGHTS": "car=1, bus=1, bike=2",
                                             "EPSILON": 1.0, "DRY_RUN": True,
                                             "OUTPUT": str(tmp_path / f"{name}-out.gpkg")}))
    assert results[0] == results[1]
    assert math.isclose(results[0]["EPSILON_WOULD_SPEND"], 1.0)
    assert math.isclose(results[0]["NOISE_SCALE"], 1 - 0.25 * math.expm1(1.0) / (1 + 0.25 * math.expm1(1.0)))


def test_model_chains_randomized_response_into_native_aggregate(survey, tmp_path):
    path, _, _ = survey
    model = (
        ModelBuilder("randomize_then_aggregate")
        .input(QgsProcessingParameterVectorLayer("survey", "Survey", [QgsProcessing.TypeVector]))
        .input(QgsProcessingParameterField("field", "Field", parentLayerParameterName="survey"))
        .child("randomize", ALG, {"INPUT": ("input", "survey"), "FIELD": ("input", "field"),
                                  "P_TRUTH": ("value", 0.5), "CATEGORIES": ("value", "sedan,suv,van,truck")},
               {"OUTPUT": "randomized"})
        .child("aggregate", "native:aggregate", {
            "INPUT": ("child", "randomize", "OUTPUT"), "GROUP_BY": ("value", '"vehicle"'),
            "AGGREGATES": ("value", [
                {"aggregate": "first_value", "delimiter": ",", "input": '"vehicle"', "length": 20,
                 "name": "vehicle", "precision": 0, "type": 10},
                {"aggregate": "count", "delimiter": ",", "input": '"vehicle"', "length": 0, "name": "n",
                 "precision": 0, "type": 4}])},
               {"OUTPUT": "counts"})
        .save(tmp_path / "randomize_then_aggregate.model3")
    )
    counts = tmp_path / "counts.gpkg"
    run_qgis_process("run", model, "--", f"survey={path}", "field=vehicle",
                     f"randomize:randomized={tmp_path / 'randomized.gpkg'}", f"aggregate:counts={counts}")
    _, rows = _rows(counts)
    assert sum(r["n"] for r in rows) == 2000
    assert {r["vehicle"] for r in rows} <= {"sedan", "suv", "van", "truck"}
    assert read_from_file(str(tmp_path / "randomized.gpkg"))[0].algorithm == ALG


# --- neighbouring datasets: everything but the noisy values is the same (issue 19 item 2) -----------


def _comparable(result, out):
    """The results and the privacy record of a run, without paths, release id and time."""
    [record] = read_from_file(str(out))
    fields = {k: v for k, v in asdict(record).items() if k not in ("release_id", "created", "input_layer")}
    return {k: v for k, v in result.items() if not k.startswith("OUTPUT")}, fields


def test_a_new_category_in_one_row_changes_nothing_but_the_noisy_values(tmp_path):
    rng = np.random.default_rng(31)
    modes = rng.choice(["car", "bus"], 300).tolist()
    changed = ["tram"] + modes[1:]  # a value no declaration names, only in the changed row
    runs = []
    for name, values in (("a", modes), ("b", changed)):
        path = write_table(tmp_path / f"{name}.gpkg", {"mode": (ogr.OFTString, values)})
        out, estimates = tmp_path / f"{name}-out.gpkg", tmp_path / f"{name}-e.csv"
        result = processing.run(ALG, {"INPUT": path, "FIELD": "mode", "CATEGORIES": "car, bus, bike",
                                      "EPSILON": 1.0, "SEED": 11, "OUTPUT": str(out),
                                      "OUTPUT_ESTIMATES": str(estimates)})
        _, rows = _rows(out)
        assert {r["mode"] for r in rows} <= {"car", "bus", "bike"} and len(rows) == 300
        runs.append((_comparable(result, out), [r["category"] for r in _estimates(estimates)]))
    assert runs[0] == runs[1]
    assert runs[0][1] == ["car", "bus", "bike"]
    assert math.isclose(runs[0][0][0]["P_TRUTH_USED"], (math.e - 1) / (math.e - 1 + 3))  # k-ary, k = 3


def test_categories_must_be_declared(survey, tmp_path):
    path, _, _ = survey
    for categories in (None, "", " , "):
        parameters = {"INPUT": path, "FIELD": "vehicle", "EPSILON": 1.0, "OUTPUT": str(tmp_path / "o.gpkg")}
        if categories is not None:
            parameters["CATEGORIES"] = categories
        with pytest.raises(QgsProcessingException, match="CATEGORIES"):
            processing.run(ALG, parameters)
        assert not (tmp_path / "o.gpkg").exists()


def test_strata_must_be_declared_and_must_not_identify_rows(survey, tmp_path):
    path, _, _ = survey
    base = {"INPUT": path, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck", "EPSILON": 1.0,
            "OUTPUT": str(tmp_path / "o.gpkg")}
    with pytest.raises(QgsProcessingException, match="STRATA"):  # a stratum field with no declared strata
        processing.run(ALG, {**base, "STRATA_FIELD": "hid", "REPLACEMENT": 1,
                             "REPLACEMENT_WEIGHTS": "sedan=1, suv=1, van=1, truck=1"})
    with pytest.raises(QgsProcessingException, match="STRATA"):  # a stratum value that is not declared
        processing.run(ALG, {**base, "STRATA_FIELD": "fuel", "STRATA": "gas"})
    small = write_table(tmp_path / "small.gpkg", {"hid": (ogr.OFTInteger, list(range(30))),
                                                  "vehicle": (ogr.OFTString, ["suv"] * 30)})
    with pytest.raises(QgsProcessingException, match="identifies rows"):  # one stratum per row, declared
        processing.run(ALG, {**base, "INPUT": small, "STRATA_FIELD": "hid",
                             "STRATA": "\n".join(str(i) for i in range(30))})
    assert not (tmp_path / "o.gpkg").exists()


def test_declared_strata_give_the_same_p_and_record_on_neighbours(survey, tmp_path):
    path, vehicle, fuel = survey
    # Neighbour: one electric sedan becomes an suv (the rarer value of its stratum).
    row = next(i for i, (v, f) in enumerate(zip(vehicle, fuel)) if f == "electric" and v == "sedan")
    changed = vehicle[:row] + ["suv"] + vehicle[row + 1:]
    other = write_table(tmp_path / "neighbour.gpkg", {"hid": (ogr.OFTInteger, list(range(2000))),
                                              "vehicle": (ogr.OFTString, changed), "fuel": (ogr.OFTString, fuel)})
    runs = []
    for name, source in (("a", path), ("b", other)):
        out = tmp_path / f"{name}.gpkg"
        result = processing.run(ALG, {
            "INPUT": source, "FIELD": "vehicle", "CATEGORIES": "sedan, suv, van, truck", "STRATA_FIELD": "fuel",
            "STRATA": "electric: sedan=3, suv=1\ngas: sedan=4, suv=3, van=2, truck=1", "REPLACEMENT": 1,
            "EPSILON": 1.0, "SEED": 12, "OUTPUT": str(out), "OUTPUT_ESTIMATES": str(tmp_path / f"{name}.csv")})
        runs.append(_comparable(result, out))
        _, rows = _rows(out)
        assert all(r["vehicle"] in ("sedan", "suv") for r in rows if r["fuel"] == "electric")
        table = _estimates(tmp_path / f"{name}.csv")
        assert [(r["stratum"], r["category"]) for r in table] == [
            ("electric", "sedan"), ("electric", "suv"), ("gas", "sedan"), ("gas", "suv"), ("gas", "van"),
            ("gas", "truck")]
    assert runs[0] == runs[1]
    # p from epsilon and the smallest declared probability (gas: truck 1/10), eq. 11 inverted.
    q_min = 0.1
    p = q_min * math.expm1(1.0) / (1 + q_min * math.expm1(1.0))
    assert math.isclose(runs[0][0]["P_TRUTH_USED"], p) and math.isclose(runs[0][0]["EPSILON_SPENT"], 1.0)


def test_declared_replacement_reports_a_category_no_row_holds(tmp_path):
    """With a declared distribution every category is reported with probability >= (1 - p) q_min."""
    n, p = 20_000, 0.5
    path = write_table(tmp_path / "cars.gpkg", {"mode": (ogr.OFTString, ["car"] * n)})
    out = tmp_path / "out.gpkg"
    result = processing.run(ALG, {"INPUT": path, "FIELD": "mode", "CATEGORIES": "car, bus, bike",
                                  "REPLACEMENT": 1, "REPLACEMENT_WEIGHTS": "car=2, bus=1, bike=1", "P_TRUTH": p,
                                  "SEED": 13, "OUTPUT": str(out)})
    q = np.array([0.5, 0.25, 0.25])
    assert math.isclose(result["EPSILON_SPENT"], math.log((p + (1 - p) * 0.25) / ((1 - p) * 0.25)))
    _, rows = _rows(out)
    observed = [sum(r["mode"] == c for r in rows) for c in ("car", "bus", "bike")]
    expected = (p * np.array([1, 0, 0]) + (1 - p) * q) * n
    assert stats.chisquare(observed, expected).pvalue > ALPHA
    [record] = read_from_file(str(out))
    assert record.mechanism == "randomized_response_declared_distribution"
