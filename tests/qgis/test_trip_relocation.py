"""dp_geoprivacy:triprelocation (Dumont et al. 2021, §6.3) through the Processing API, qgis_process and a model.

Histograms are built here in the formats noisyzonecounts (zone_id,
noisy_count[, time_slot]) and noisyodflows (origin_id, dest_id, noisy_count)
write. Reported counts are sums of independent per-trip Bernoulli draws
with known probabilities: each is checked within 4.5 standard deviations
of its expectation (fixed seeds).
"""

import math

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import (
    QgsApplication,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterVectorLayer,
    QgsVectorLayer,
)

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord
from dp_geoprivacy.processing.privacy_metadata import read_from_file, write_to_file

from .conftest import run_algorithm_json, run_qgis_process, write_grid_zones
from .model_builder import ModelBuilder
from .test_randomized_response import write_table

ALG = "dp_geoprivacy:triprelocation"
ZONES = [f"Z{r}_{c}" for r in range(3) for c in range(3)]


def _histogram_record(epsilon, release_id="histogram-release", dp=True, algorithm="dp_geoprivacy:noisyzonecounts"):
    return PrivacyRecord(algorithm=algorithm, plugin_version="0.1.0", mechanism="laplace", epsilon=epsilon,
                         delta=0.0, unit_of_privacy="one trip", sensitivity=1.0, sensitivity_unit="trip",
                         noise_scale=1 / epsilon if epsilon else None, noise_scale_unit="count", input_layer="trips",
                         seeded=False, release_id=release_id, differentially_private=dp)


def _zone_histogram(path, counts, record=None, slots=False):
    """A noisyzonecounts-like table; with ``slots`` every zone's count is split over two time slots."""
    zones, values, slot = [], [], []
    for zone, count in zip(ZONES, counts):
        parts = (count * 0.25, count * 0.75) if slots else (count,)
        for i, part in enumerate(parts):
            zones.append(zone)
            values.append(float(part))
            slot.append(f"slot{i}")
    columns = {"zone_id": (ogr.OFTString, zones), "noisy_count": (ogr.OFTReal, values),
               "moe95": (ogr.OFTReal, [3.0] * len(zones))}
    if slots:
        columns["time_slot"] = (ogr.OFTString, slot)
    path = write_table(path, columns, layer="counts")
    if record is not None:
        write_to_file(path, "counts", record, "Noisy zone counts")
    return path


@pytest.fixture
def case(tmp_path):
    """9 grid zones, 9,000 trips (origin counts ~ TRUE_COUNTS), a trip table with text zone ids."""
    rng = np.random.default_rng(12)
    true_counts = np.array([2000, 1500, 1200, 1000, 900, 800, 700, 500, 400])
    origin = np.repeat(np.arange(9), true_counts)
    dest = rng.choice(9, len(origin), p=true_counts / true_counts.sum())
    trips = write_table(tmp_path / "trips.gpkg", {
        "trip_id": (ogr.OFTInteger, list(range(len(origin)))),
        "o_zone": (ogr.OFTString, [ZONES[i] for i in origin]),
        "d_zone": (ogr.OFTString, [ZONES[i] for i in dest]),
        "purpose": (ogr.OFTString, ["work"] * len(origin)),
    }, layer="trips")
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (500_000.0, 4_500_000.0), 1000.0, 3)
    return trips, zones, origin, dest, true_counts


def _features(path):
    layer = QgsVectorLayer(str(path), "out", "ogr")
    return layer, list(layer.getFeatures())


def _endpoint_epsilon(p, q_min):
    return math.log((p + (1 - p) * q_min) / ((1 - p) * q_min))


def test_relocation_from_a_noisy_histogram_records_per_trip_and_total_epsilon(case, tmp_path):
    trips, zones, origin, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts + 3.5, _histogram_record(0.5), slots=True)
    out = tmp_path / "out.gpkg"
    floor = 0.1
    result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                                  "ORIGIN_HISTOGRAM": histogram, "ZONES": zones, "EPSILON": 4.0, "FLOOR": floor,
                                  "SEED": 1, "KEEP_IDENTIFIERS": True, "OUTPUT": str(out)})
    h = true_counts + 3.5
    q_min = (1 - floor) * h.min() / h.sum() + floor / 9  # eq. 11 form with the floored histogram
    p = result["P_TRUTH_USED"]
    assert math.isclose(result["EPSILON_ORIGIN"], _endpoint_epsilon(p, q_min))
    assert math.isclose(result["EPSILON_PER_TRIP"], 2 * _endpoint_epsilon(p, q_min))
    assert math.isclose(result["EPSILON_PER_TRIP"], 4.0)
    assert math.isclose(result["EPSILON_TOTAL"], result["EPSILON_PER_TRIP"] + 0.5)
    assert result["TRIPS_WRITTEN"] == len(origin)
    records = read_from_file(str(out))
    assert [r.release_id for r in records][1:] == ["histogram-release"]
    assert records[0].epsilon == result["EPSILON_PER_TRIP"] and "Total with the histogram" in " ".join(
        records[0].notes)
    layer, features = _features(out)
    assert layer.crs().authid() == "EPSG:32633" and layer.geometryType() == 1  # lines
    assert layer.fields().names() == ["fid", "trip_id", "o_zone", "d_zone", "purpose"]
    centres = {z: (500_500.0 + 1000 * int(z[3]), 4_500_500.0 + 1000 * int(z[1])) for z in ZONES}
    for feature in features[:200]:
        line = feature.geometry().asPolyline()
        start, end = (line[0].x(), line[0].y()), (line[-1].x(), line[-1].y())
        assert np.allclose(start, centres[feature["o_zone"]]) and np.allclose(end, centres[feature["d_zone"]])
    kept = np.mean([ZONES[origin[f["trip_id"]]] == f["o_zone"] for f in features])
    q = (1 - floor) * h / h.sum() + floor / 9
    expected_kept = p + (1 - p) * np.sum(q[origin]) / len(origin)
    assert abs(kept - expected_kept) < 4.5 * math.sqrt(expected_kept * (1 - expected_kept) / len(origin))


def test_trip_ids_are_dropped_by_default(case, tmp_path):
    trips, zones, _, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts + 3.5, _histogram_record(0.5), slots=True)
    out = tmp_path / "out.gpkg"
    processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                         "ORIGIN_HISTOGRAM": histogram, "ZONES": zones, "OUTPUT": str(out)})
    layer, _ = _features(out)
    assert layer.fields().names() == ["fid", "o_zone", "d_zone", "purpose"]


def test_reported_histograms_match_the_true_ones_in_expectation(case, tmp_path):
    trips, _, origin, dest, true_counts = case
    # Public tables equal to the true origin and destination histograms.
    dest_counts = np.bincount(dest, minlength=9)
    origins = _zone_histogram(tmp_path / "origins.gpkg", true_counts)
    destinations = _zone_histogram(tmp_path / "destinations.gpkg", dest_counts)
    out = tmp_path / "out.gpkg"
    floor = 0.01
    result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                                  "ORIGIN_HISTOGRAM": origins, "DEST_HISTOGRAM": destinations, "EPSILON": 3.0,
                                  "FLOOR": floor, "HISTOGRAMS_PUBLIC": True, "SEED": 2, "OUTPUT": str(out)})
    p = result["P_TRUTH_USED"]
    assert 0.1 < p < 0.9
    layer, features = _features(out)
    assert layer.geometryType() == 4  # no zones given: a table
    for field, truth in (("o_zone", origin), ("d_zone", dest)):
        true = np.bincount(truth, minlength=9)
        q = (1 - floor) * true / true.sum() + floor / 9
        reported = np.array([sum(f[field] == z for f in features) for z in ZONES])
        per_trip = p * (truth[:, None] == np.arange(9)) + (1 - p) * q
        expectation = per_trip.sum(axis=0)
        sd = np.sqrt((per_trip * (1 - per_trip)).sum(axis=0))
        assert np.all(np.abs(reported - expectation) < 4.5 * sd)
        # E[reported] = p n + (1 - p) N q = n up to the floor's share: |E - n| <= (1 - p) FLOOR N.
        assert np.all(np.abs(expectation - true) <= (1 - p) * floor * len(truth) + 1e-9)
    [record] = read_from_file(str(out))
    assert "declared public" in " ".join(record.notes)


def test_joint_od_histogram_mode(case, tmp_path):
    trips, zones, origin, dest, _ = case
    od = np.zeros((9, 9))
    np.add.at(od, (origin, dest), 1)
    rows = [(ZONES[a], ZONES[b], od[a, b] + 0.7) for a in range(9) for b in range(9)]
    matrix = write_table(tmp_path / "od.gpkg", {"origin_id": (ogr.OFTString, [r[0] for r in rows]),
                                                "dest_id": (ogr.OFTString, [r[1] for r in rows]),
                                                "noisy_count": (ogr.OFTReal, [r[2] for r in rows])}, layer="matrix")
    write_to_file(matrix, "matrix", _histogram_record(1.0, "od-release", algorithm="dp_geoprivacy:noisyodflows"),
                  "OD")
    out = tmp_path / "out.gpkg"
    floor = 0.05
    result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                                  "OD_HISTOGRAM": matrix, "ZONES": zones, "EPSILON": 5.0, "FLOOR": floor, "SEED": 3,
                                  "OUTPUT": str(out)})
    p = result["P_TRUTH_USED"]
    m = od + 0.7
    rows_q = (1 - floor) * m / m.sum(axis=1, keepdims=True) + floor / 9
    assert math.isclose(result["EPSILON_DESTINATION"], _endpoint_epsilon(p, rows_q.min()))
    assert math.isclose(result["EPSILON_TOTAL"], result["EPSILON_PER_TRIP"] + 1.0)
    _, features = _features(out)
    observed = np.zeros((9, 9))
    for f in features:
        observed[ZONES.index(f["o_zone"]), ZONES.index(f["d_zone"])] += 1
    origin_q = (1 - floor) * m.sum(axis=1) / m.sum() + floor / 9
    p_origin = p * (origin[:, None] == np.arange(9)) + (1 - p) * origin_q
    p_dest = p * (dest[:, None, None] == np.arange(9)) + (1 - p) * rows_q[None]
    cell = (p_origin[:, :, None] * p_dest).reshape(len(origin), 81)
    expectation, sd = cell.sum(axis=0), np.sqrt((cell * (1 - cell)).sum(axis=0))
    assert np.all(np.abs(observed.ravel() - expectation) < 4.5 * sd)


def test_unknown_and_null_zones_are_reported_by_the_public_rule(tmp_path):
    trips = write_table(tmp_path / "t.gpkg", {"o": (ogr.OFTString, ["Z0_0", None, "X", "Z1_1"]),
                                              "d": (ogr.OFTString, ["Z0_1", "Z0_0", "Z0_0", None])})
    histogram = _zone_histogram(tmp_path / "h.gpkg", np.ones(9))
    result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o", "DEST_FIELD": "d",
                                  "ORIGIN_HISTOGRAM": histogram, "HISTOGRAMS_PUBLIC": True,
                                  "OUTPUT": str(tmp_path / "out.gpkg")})
    assert result["TRIPS_WRITTEN"] == 4 and "TRIPS_DROPPED" not in result  # no trip is dropped
    _, features = _features(tmp_path / "out.gpkg")
    assert {f["o"] for f in features} | {f["d"] for f in features} <= set(ZONES)


def test_a_histogram_that_is_not_private_is_refused(case, tmp_path):
    trips, _, _, _, true_counts = case
    raw = _zone_histogram(tmp_path / "raw.gpkg", true_counts, _histogram_record(None, dp=False))
    with pytest.raises(QgsProcessingException, match="NOT differentially private"):
        processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                             "ORIGIN_HISTOGRAM": raw, "OUTPUT": str(tmp_path / "out.gpkg")})
    assert not (tmp_path / "out.gpkg").exists()


@pytest.mark.parametrize("parameters, message", [
    ({"EPSILON": -1.0}, "EPSILON must be"),
    ({"EPSILON": 1e6}, "EPSILON is too large"),
    ({"FLOOR": 0.0}, "FLOOR must be in"),
    ({"ORIGIN_HISTOGRAM": None}, "Give ORIGIN_HISTOGRAM"),
    ({"DEST_FIELD": "o_zone"}, "must be different fields"),
])
def test_bad_parameters_are_refused_clearly(case, tmp_path, parameters, message):
    trips, _, _, _, true_counts = case
    full = {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
            "ORIGIN_HISTOGRAM": _zone_histogram(tmp_path / "h.gpkg", true_counts), "HISTOGRAMS_PUBLIC": True,
            "OUTPUT": str(tmp_path / "o.gpkg")}
    full.update(parameters)
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)


def test_ledger_counts_the_histogram_once_and_the_report_adds_it(case, tmp_path):
    trips, zones, _, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts, _histogram_record(0.5))
    ledger = tmp_path / "ledger.json"
    outs = [tmp_path / "a.gpkg", tmp_path / "b.gpkg"]
    for out in outs:
        result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                                      "ORIGIN_HISTOGRAM": histogram, "ZONES": zones, "EPSILON": 1.5,
                                      "LEDGER": str(ledger), "OUTPUT": str(out)})
    entries = Ledger(ledger).entries()
    assert [e.release_id for e in entries].count("histogram-release") == 1 and len(entries) == 3
    per_trip = result["EPSILON_PER_TRIP"]
    report = processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(outs[0])], "OUTPUT": str(tmp_path / "r.csv"), "REPORT": str(tmp_path / "r.html")})
    assert math.isclose(report["TOTAL_EPSILON"], per_trip + 0.5)
    report = processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(o) for o in outs] + [histogram], "LEDGER": str(ledger),
        "OUTPUT": str(tmp_path / "r2.csv"), "REPORT": str(tmp_path / "r2.html")})
    assert math.isclose(report["TOTAL_EPSILON"], 2 * per_trip + 0.5) and report["RELEASES"] == 3


def test_qgis_process_runs_trip_relocation(case, tmp_path):
    trips, zones, origin, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts, _histogram_record(0.25))
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT=trips, ORIGIN_FIELD="o_zone", DEST_FIELD="d_zone",
                                 ORIGIN_HISTOGRAM=histogram, ZONES=zones, EPSILON=3, SEED=9, OUTPUT=out)
    assert math.isclose(results["EPSILON_TOTAL"], results["EPSILON_PER_TRIP"] + 0.25)
    _, features = _features(out)
    assert len(features) == len(origin) and {f["o_zone"] for f in features} <= set(ZONES)


def test_model_chains_trip_relocation_into_the_privacy_report(case, tmp_path):
    trips, zones, _, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts, _histogram_record(0.5))
    model = (
        ModelBuilder("relocate_then_report")
        .input(QgsProcessingParameterVectorLayer("trips", "Trips", [QgsProcessing.TypeVector]))
        .input(QgsProcessingParameterVectorLayer("histogram", "Histogram", [QgsProcessing.TypeVector]))
        .input(QgsProcessingParameterVectorLayer("zones", "Zones", [QgsProcessing.TypeVectorPolygon]))
        .child("relocate", ALG, {"INPUT": ("input", "trips"), "ORIGIN_FIELD": ("value", "o_zone"),
                                 "DEST_FIELD": ("value", "d_zone"), "ORIGIN_HISTOGRAM": ("input", "histogram"),
                                 "ZONES": ("input", "zones"), "EPSILON": ("value", 2.5)},
               {"OUTPUT": "relocated"})
        .child("report", "dp_geoprivacy:privacyreport", {"LAYERS": [("child", "relocate", "OUTPUT")]},
               {"OUTPUT": "releases", "REPORT": "report"})
        .save(tmp_path / "relocate_then_report.model3")
    )
    releases = tmp_path / "releases.gpkg"
    run_qgis_process("run", model, "--", f"trips={trips}", f"histogram={histogram}", f"zones={zones}",
                     f"relocate:relocated={tmp_path / 'relocated.gpkg'}", f"report:releases={releases}",
                     f"report:report={tmp_path / 'report.html'}")
    _, rows = _features(releases)
    assert sorted(r["algorithm"] for r in rows) == ["dp_geoprivacy:noisyzonecounts", "dp_geoprivacy:triprelocation"]
    [own] = [r for r in rows if r["algorithm"] == ALG]
    assert math.isclose(own["epsilon"], read_from_file(str(tmp_path / "relocated.gpkg"))[0].epsilon)


# --- the histogram's standing and EPSILON (issue 19 item 2, issue 20 §3) ------------------------------


def test_a_histogram_without_a_record_needs_a_public_declaration(case, tmp_path):
    trips, _, _, _, true_counts = case
    unrecorded = _zone_histogram(tmp_path / "raw.gpkg", true_counts)  # e.g. the raw counts
    parameters = {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone", "ORIGIN_HISTOGRAM": unrecorded,
                  "OUTPUT": str(tmp_path / "out.gpkg")}
    with pytest.raises(QgsProcessingException, match="HISTOGRAMS_PUBLIC"):
        processing.run(ALG, parameters)
    assert not (tmp_path / "out.gpkg").exists()
    result = processing.run(ALG, {**parameters, "HISTOGRAMS_PUBLIC": True})
    assert math.isclose(result["EPSILON_TOTAL"], result["EPSILON_PER_TRIP"])
    notes = " ".join(read_from_file(str(tmp_path / "out.gpkg"))[0].notes)
    assert "declared public" in notes


def test_epsilon_is_the_main_parameter_and_p_follows_from_it(case, tmp_path):
    """At its defaults the release spends EPSILON's default per trip (not 10.58); p depends on public facts only."""
    trips, _, _, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "counts.gpkg", true_counts + 3.5, _histogram_record(0.5))
    result = processing.run(ALG, {"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone",
                                  "ORIGIN_HISTOGRAM": histogram, "OUTPUT": str(tmp_path / "out.gpkg")})
    epsilon = QgsApplication.processingRegistry().algorithmById(ALG).parameterDefinition("EPSILON").defaultValue()
    assert 0 < epsilon <= 2
    assert math.isclose(result["EPSILON_PER_TRIP"], epsilon, rel_tol=1e-9)
    h = true_counts + 3.5
    q_min = 0.9 * h.min() / h.sum() + 0.1 / 9  # the default FLOOR 0.1, origin and destination alike
    p = result["P_TRUTH_USED"]
    assert math.isclose(2 * _endpoint_epsilon(p, q_min), epsilon, rel_tol=1e-9)
