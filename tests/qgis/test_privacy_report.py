"""The privacy ledger wired into algorithms, and dp_geoprivacy:privacyreport (Processing API, qgis_process, a model).

Composition rules: Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3) and §4 (56 disjoint day-mode
partitions, epsilons 1,1,1,1,2,2: total 8); the ITMS report §III F.
"""

import csv
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorLayer,
    QgsProject,
    QgsVectorLayer,
)

from dp_geoprivacy.core.accounting.ledger import Ledger, LedgerEntry
from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord
from dp_geoprivacy.processing.privacy_metadata import read_from_file, write_to_file

from .conftest import run_algorithm_json, run_qgis_process, write_points
from .model_builder import ModelBuilder

LAPLACE = "dp_geoprivacy:laplaceperturbation"
REPORT = "dp_geoprivacy:privacyreport"


DAYS = ("Mon", "Tue", "Wed")


@pytest.fixture
def points(tmp_path):
    """500 points with pid, label and day (Mon, Tue, Wed in turn)."""
    rng = np.random.default_rng(11)
    xy = np.column_stack((rng.uniform(5e5, 5.05e5, 500), rng.uniform(4.5e6, 4.505e6, 500)))
    path = write_points(tmp_path / "trips.gpkg", 32633, xy)
    dataset = ogr.Open(path, 1)
    dataset.ExecuteSQL("ALTER TABLE points ADD COLUMN day TEXT")
    dataset.ExecuteSQL("UPDATE points SET day = CASE pid % 3 WHEN 0 THEN 'Mon' WHEN 1 THEN 'Tue' ELSE 'Wed' END")
    dataset = None
    return path


def _perturb(points, out, **extra):
    parameters = {"INPUT": points, "EPSILON": 1.0, "DISTANCE": 100, "OUTPUT": str(out)}
    parameters.update(extra)
    return processing.run(LAPLACE, parameters)


def _report(tmp_path, **parameters):
    parameters.setdefault("OUTPUT", str(tmp_path / "releases.csv"))
    parameters.setdefault("REPORT", str(tmp_path / "report.html"))
    result = processing.run(REPORT, parameters)
    with open(parameters["OUTPUT"], newline="") as table:
        rows = list(csv.DictReader(table))
    return result, rows, Path(parameters["REPORT"]).read_text()


def _all_bytes_under(folder, exclude):
    return b"".join(p.read_bytes() for p in Path(folder).rglob("*") if p.is_file() and p.name != exclude)


# --- the ledger in an algorithm ----------------------------------------------------------


def test_ledger_entry_matches_the_record_and_the_fingerprint_stays_in_the_ledger(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    out = tmp_path / "out.gpkg"
    _perturb(points, out, LEDGER=str(ledger), PARTITION="day=Mon", SEED=1)
    [entry] = Ledger(ledger).entries()
    [record] = read_from_file(str(out))
    assert entry.release_id == record.release_id and entry.epsilon == record.epsilon == 1.0
    assert entry.partition == record.partition == "day=Mon"
    assert entry.algorithm == LAPLACE and entry.input_layer == "trips" and entry.output == str(out)
    assert len(entry.fingerprint) == 64
    assert entry.unit_of_privacy == record.unit_of_privacy
    # Never in a published output: not in the layer, its metadata, nor the report made from both.
    result, _, page = _report(tmp_path, LAYERS=[str(out)], LEDGER=str(ledger))
    assert result["LOCATION_EPSILON"] == 0 and result["TOTAL_EPSILON"] == 0  # seeded: outside every total
    assert entry.seeded and not record.differentially_private and "Not private (seeded)" in page
    assert entry.fingerprint.encode() not in _all_bytes_under(tmp_path, exclude="ledger.json")
    assert entry.fingerprint[:8] not in page


def test_budget_refuses_before_any_output_with_spent_requested_remaining(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    _perturb(points, tmp_path / "first.gpkg", LEDGER=str(ledger), BUDGET=1.5)
    before = ledger.read_bytes()
    with pytest.raises(QgsProcessingException, match=r"spent = 1, requested = 1, remaining = 0\.5"):
        _perturb(points, tmp_path / "second.gpkg", LEDGER=str(ledger), BUDGET=1.5)
    assert not (tmp_path / "second.gpkg").exists()
    assert ledger.read_bytes() == before
    result = _perturb(points, tmp_path / "third.gpkg", EPSILON=0.5, LEDGER=str(ledger), BUDGET=1.5)
    assert result["EPSILON_SPENT"] == 0.5 and len(Ledger(ledger).entries()) == 2


def test_disjoint_partitions_share_a_budget_in_parallel(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    for day in ("Mon", "Tue", "Wed"):
        _perturb(points, tmp_path / f"{day}.gpkg", LEDGER=ledger, BUDGET=1, PARTITION=f"day={day}")
    with pytest.raises(QgsProcessingException, match="(?i)on partition day=tue"):
        _perturb(points, tmp_path / "again.gpkg", LEDGER=ledger, BUDGET=1, PARTITION="day=tue")
    with pytest.raises(QgsProcessingException, match="remaining = 0"):
        _perturb(points, tmp_path / "p1.gpkg", LEDGER=ledger, BUDGET=1, PARTITION="label=p1")  # overlaps every day
    result, rows, _ = _report(tmp_path, LEDGER=ledger)
    assert result["LOCATION_EPSILON"] == 1 and len(rows) == 3


def test_a_run_that_fails_after_reserving_still_counts(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    with pytest.raises(QgsProcessingException, match="No vector format"):
        _perturb(points, tmp_path / "out.unknownformat", LEDGER=str(ledger))
    assert [e.epsilon for e in Ledger(ledger).entries()] == [1.0]


def test_budget_without_ledger_and_bad_partition_are_refused(points, tmp_path):
    with pytest.raises(QgsProcessingException, match="BUDGET needs a LEDGER"):
        _perturb(points, tmp_path / "a.gpkg", BUDGET=2)
    with pytest.raises(QgsProcessingException, match="PARTITION: .*key=value"):
        _perturb(points, tmp_path / "b.gpkg", PARTITION="monday")
    assert not list(tmp_path.glob("[ab].gpkg"))


def test_a_corrupt_ledger_is_refused_and_kept(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    ledger.write_text("my notes, not a ledger")
    with pytest.raises(QgsProcessingException, match="not a dp_geoprivacy ledger"):
        _perturb(points, tmp_path / "out.gpkg", LEDGER=str(ledger))
    assert ledger.read_text() == "my notes, not a ledger" and not (tmp_path / "out.gpkg").exists()


def _fingerprint(ledger):
    return Ledger(ledger).entries()[-1].fingerprint


def test_fingerprint_covers_the_whole_layer_whatever_the_selection_filter_or_row_order(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    _perturb(points, tmp_path / "whole.gpkg", LEDGER=ledger)
    whole = _fingerprint(ledger)
    layer = QgsVectorLayer(points, "trips", "ogr")
    assert layer.setSubsetString('"pid" < 100')
    assert QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"pid" < 10')
        selected = QgsProcessingFeatureSourceDefinition(layer.id(), selectedFeaturesOnly=True)
        result = _perturb(selected, tmp_path / "part.gpkg", LEDGER=ledger, PARTITION="day=Mon")
        assert result["POINTS_WRITTEN"] == 4  # the run itself keeps its partition's rows: pid 0, 3, 6, 9
        assert _fingerprint(ledger) == whole
        _perturb(layer, tmp_path / "filtered.gpkg", LEDGER=ledger)
        assert _fingerprint(ledger) == whole
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    # The same rows in another order: the same data.
    dataset = ogr.Open(points)
    source = dataset.GetLayer(0)
    rows = [(f["pid"], f["label"], f.GetGeometryRef().ExportToWkb()) for f in source]
    dataset = None
    shuffled = write_points(tmp_path / "shuffled.gpkg", 32633, np.empty((0, 2)))
    dataset = ogr.Open(shuffled, 1)
    target = dataset.GetLayer(0)
    for pid, label, wkb in reversed(rows):
        feature = ogr.Feature(target.GetLayerDefn())
        feature["pid"], feature["label"] = pid, label
        feature.SetGeometry(ogr.CreateGeometryFromWkb(wkb))
        target.CreateFeature(feature)
    dataset = None
    _perturb(shuffled, tmp_path / "shuffled_out.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) == whole
    # A changed attribute: the same people's locations, the same data (issue 19 item 7).
    dataset = ogr.Open(shuffled, 1)
    dataset.ExecuteSQL("UPDATE points SET label = 'changed' WHERE pid = 7")
    dataset = None
    _perturb(shuffled, tmp_path / "changed_label.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) == whole
    # A moved point: other data.
    dataset = ogr.Open(shuffled, 1)
    dataset.ExecuteSQL("UPDATE points SET geom = MakePoint(500100.0, 4500100.0, 32633) WHERE pid = 7")
    dataset = None
    _perturb(shuffled, tmp_path / "changed_out.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) != whole


# --- the report ----------------------------------------------------------------------------


def _ledger_with(path, entries):
    Ledger(path).append(*entries)
    return str(path)


def _entry(epsilon, partition, fingerprint="a" * 64, name="opal", delta=0.0, release_id=None, **more):
    return LedgerEntry(fingerprint=fingerprint, algorithm="dp_geoprivacy:noisyzonecounts", epsilon=epsilon,
                       delta=delta, unit_of_privacy=more.pop("unit", "one trip"), partition=partition,
                       output=f"/private/{partition}.gpkg",
                       release_id=release_id or f"{partition}/{epsilon}/{np.random.default_rng().integers(1e12)}",
                       input_layer=name, time="2024-01-01T00:00:00+00:00",
                       partition_rule="parallel: each unit of privacy is one row", **more)


def test_report_of_the_seed_001_opal_ledger_totals_8(tmp_path):
    entries = [_entry(eps, f"day={d}, mode={m}", delta=1 / 8_000_000, release_id=f"{d}-{m}-{j}")
               for d in range(14) for m in ("bus", "train", "ferry", "light rail")
               for j, eps in enumerate((1, 1, 1, 1, 2, 2))]
    ledger = _ledger_with(tmp_path / "ledger.json", entries)
    result, rows, page = _report(tmp_path, LEDGER=ledger)
    assert result["TOTAL_EPSILON"] == 8 and result["SOURCES"] == 1 and result["RELEASES"] == 336
    assert math.isclose(result["TOTAL_DELTA"], 6 / 8_000_000)
    driving = [r for r in rows if r["drives_total"] == "1"]
    assert len(driving) == 6 and len({r["partition"] for r in driving}) == 1
    assert {r["source"] for r in rows} == {"S1 (opal)"}
    assert "epsilon 8, delta 7.5e-07 per unit of privacy (one trip)</li>" in page
    assert "<b>per person: UNBOUNDED" in page  # one trip is not one person (issue 19 item 8)
    assert "Theorem 3" in page and "a" * 16 not in page


def test_report_groups_layers_without_a_ledger_by_input_name_and_says_so(points, tmp_path):
    _perturb(points, tmp_path / "a.gpkg", EPSILON=0.5)
    _perturb(points, tmp_path / "b.gpkg", EPSILON=0.25)
    result, rows, page = _report(tmp_path, LAYERS=[str(tmp_path / "a.gpkg"), str(tmp_path / "b.gpkg")])
    assert result["LOCATION_EPSILON"] == 0.75 and result["LOCATION_DISTANCE_M"] == 100 and result["SOURCES"] == 1
    assert {r["source"] for r in rows} == {"S1 (trips)"}
    assert "input layer name" in page


def test_report_applies_parallel_composition_to_layers_with_disjoint_partitions(points, tmp_path):
    outs = []
    for day, eps in (("Mon", 1.0), ("Tue", 2.0)):
        outs.append(str(tmp_path / f"{day}.gpkg"))
        _perturb(points, outs[-1], EPSILON=eps, PARTITION=f"day={day}")
    outs.append(str(tmp_path / "all.gpkg"))
    _perturb(points, outs[-1], EPSILON=0.5)
    result, rows, _ = _report(tmp_path, LAYERS=outs)
    assert result["LOCATION_EPSILON"] == 2.5
    assert sorted((r["partition"], r["drives_total"]) for r in rows) == [("all", "1"), ("day=Mon", "0"),
                                                                        ("day=Tue", "1")]


def test_layers_and_ledger_count_each_release_once(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    _perturb(points, tmp_path / "a.gpkg", LEDGER=ledger)
    _perturb(points, tmp_path / "b.gpkg", LEDGER=ledger, EPSILON=2)
    _perturb(points, tmp_path / "c.gpkg", EPSILON=0.5)  # not in the ledger: grouped by name
    layers = [str(tmp_path / n) for n in ("a.gpkg", "a.gpkg", "b.gpkg", "c.gpkg")]
    result, rows, _ = _report(tmp_path, LAYERS=layers, LEDGER=ledger)
    assert result["RELEASES"] == 3 and result["SOURCES"] == 2
    assert result["LOCATION_EPSILON"] == 3  # the larger source; sources are never added (3 + 0.5)
    assert sorted(r["read_from"] for r in rows) == ["layer", "ledger+layer", "ledger+layer"]


def test_layers_without_a_record_or_not_private_are_listed_and_not_counted(points, tmp_path):
    calibration = write_points(tmp_path / "calibration.gpkg", 32633, [[5e5, 4.5e6]])
    record = PrivacyRecord(algorithm="dp_geoprivacy:escapeanalysis", plugin_version="0", mechanism="none",
                           epsilon=None, delta=None, unit_of_privacy="", sensitivity=None, sensitivity_unit="",
                           noise_scale=None, noise_scale_unit="", input_layer="trips", seeded=False,
                           differentially_private=False)
    write_to_file(calibration, "points", record, "Calibration")
    _perturb(points, tmp_path / "a.gpkg", EPSILON=0.5, SEED=3)
    result, rows, page = _report(tmp_path, LAYERS=[calibration, points, str(tmp_path / "a.gpkg")])
    # A seeded release is not private (issue 19 item 6): listed apart, outside every total.
    assert result["LOCATION_EPSILON"] == 0 and result["RELEASES"] == 1
    assert len(rows) == 1 and rows[0]["seeded"] == "1" and rows[0]["guarantee"] == "not private (seeded)"
    assert float(rows[0]["epsilon_counted"]) == 0
    assert "NOT differentially private" in page and "has no dp_geoprivacy privacy record" in page
    assert "Not private (seeded): outside every total" in page


def test_same_name_under_two_fingerprints_is_flagged(tmp_path):
    ledger = _ledger_with(tmp_path / "ledger.json", [_entry(1, "all", "a" * 64, "trips"),
                                                      _entry(1, "all", "b" * 64, "trips")])
    result, _, page = _report(tmp_path, LEDGER=ledger)
    assert result["SOURCES"] == 2 and result["TOTAL_EPSILON"] == 1  # never added across sources
    assert "appears under 2 different fingerprints" in page


def test_kinds_of_guarantee_and_sources_are_never_added(points, tmp_path):
    """A location release (epsilon per 100 m), an aggregate release of the same source, and another source."""
    ledger = tmp_path / "ledger.json"
    _perturb(points, tmp_path / "perturbed.gpkg", EPSILON=1, LEDGER=str(ledger))
    [location] = Ledger(ledger).entries()
    _ledger_with(ledger, [
        _entry(0.5, "all", location.fingerprint, "trips", delta=1e-6, release_id="counts"),
        _entry(3, "all", "c" * 64, "cairns timetable", release_id="cairns"),
    ])
    result, rows, page = _report(tmp_path, LEDGER=str(ledger))
    assert result["TOTAL_EPSILON"] == 3 and result["TOTAL_DELTA"] == 0  # Cairns alone, not 3 + 0.5 (+ 1)
    assert result["LOCATION_EPSILON"] == 1 and result["LOCATION_DISTANCE_M"] == 100
    assert result["SOURCES"] == 2 and result["RELEASES"] == 3
    by_id = {r["release_id"]: r for r in rows}
    assert by_id[location.release_id]["guarantee"] == "geo-indistinguishability (L2) per 100 m"
    assert by_id["counts"]["guarantee"] == by_id["cairns"]["guarantee"] == "differential privacy"
    assert by_id["counts"]["source"] == by_id[location.release_id]["source"] != by_id["cairns"]["source"]
    assert "epsilon 1 per 100 m" in page and "epsilon 0.5, delta 1e-06 per unit of privacy" in page
    assert "their sum means nothing" in page and "4.5" not in page


def test_report_needs_layers_or_a_ledger(tmp_path):
    with pytest.raises(QgsProcessingException, match="Give LAYERS"):
        _report(tmp_path)


# --- qgis_process and a model ------------------------------------------------------------------


def test_qgis_process_runs_the_report(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    results = run_algorithm_json(LAPLACE, INPUT=points, EPSILON=0.7, DISTANCE=100, LEDGER=ledger,
                                 BUDGET=1, OUTPUT=tmp_path / "out.gpkg")
    assert results["EPSILON_SPENT"] == 0.7
    results = run_algorithm_json(REPORT, LAYERS=tmp_path / "out.gpkg", LEDGER=ledger,
                                 OUTPUT=tmp_path / "rel.gpkg", REPORT=tmp_path / "r.html")
    assert results["LOCATION_EPSILON"] == 0.7 and results["RELEASES"] == 1
    refused = run_qgis_process("run", LAPLACE, "--", f"INPUT={points}", "EPSILON=0.7", "DISTANCE=100",
                               f"LEDGER={ledger}", "BUDGET=1", f"OUTPUT={tmp_path / 'again.gpkg'}", check=False)
    assert refused.returncode != 0
    assert "spent = 0.7, requested = 0.7, remaining = 0.3" in refused.stdout + refused.stderr
    assert json.loads(ledger.read_text())["entries"][0]["epsilon"] == 0.7


def test_qgis_process_json_refusal_is_machine_readable(points, tmp_path):
    """qgis_process 3.22 prints nothing on stdout when an algorithm raises; the refusal is a JSON object there."""
    ledger = tmp_path / "ledger.json"
    args = ["run", LAPLACE, "--json", "--", f"INPUT={points}", "EPSILON=0.7", "DISTANCE=100", f"LEDGER={ledger}",
            "BUDGET=1"]
    run_qgis_process(*args, f"OUTPUT={tmp_path / 'first.gpkg'}")
    refused = run_qgis_process(*args, f"OUTPUT={tmp_path / 'again.gpkg'}", check=False)
    assert refused.returncode != 0
    [line] = [line for line in refused.stdout.splitlines() if line.startswith("{")]
    refusal = json.loads(line)["dp_geoprivacy_refusal"]
    assert refusal["reason"] == "budget_exceeded" and refusal["parameter"] == "BUDGET"
    assert (refusal["spent"], refusal["requested"], refusal["remaining"], refusal["budget"]) == (0.7, 0.7, 0.3, 1.0)
    assert refusal["algorithm"] == LAPLACE and "remaining = 0.3" in refusal["message"]
    assert not (tmp_path / "again.gpkg").exists()
    # Without --json, stdout carries no JSON refusal (the message is on stderr as before).
    plain = run_qgis_process("run", LAPLACE, "--", *args[4:], f"OUTPUT={tmp_path / 'plain.gpkg'}", check=False)
    assert plain.returncode != 0 and "dp_geoprivacy_refusal" not in plain.stdout


def test_model_chains_perturbation_into_the_privacy_report(points, tmp_path):
    model = (
        ModelBuilder("perturb_then_report")
        .input(QgsProcessingParameterVectorLayer("points", "Points", [QgsProcessing.TypeVectorPoint]))
        .input(QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0))
        .child("perturb", LAPLACE, {"INPUT": ("input", "points"), "EPSILON": ("input", "epsilon"),
                                    "DISTANCE": ("value", 100), "PARTITION": ("value", "day=Mon")},
               {"OUTPUT": "perturbed"})
        .child("report", REPORT, {"LAYERS": [("child", "perturb", "OUTPUT")]},
               {"OUTPUT": "releases", "REPORT": "report"})
        .save(tmp_path / "perturb_then_report.model3")
    )
    releases, page = tmp_path / "releases.gpkg", tmp_path / "report.html"
    run_qgis_process("run", model, "--", f"points={points}", "epsilon=0.8",
                     f"perturb:perturbed={tmp_path / 'perturbed.gpkg'}", f"report:releases={releases}",
                     f"report:report={page}")
    layer = QgsVectorLayer(str(releases), "releases", "ogr")
    [row] = list(layer.getFeatures())
    assert row["epsilon"] == 0.8 and row["partition"] == "day=Mon" and row["drives_total"] == 1
    assert "0.8" in page.read_text()
    assert not list(tmp_path.rglob("*.json"))  # no ledger was made when none was asked for


# --- the aggregate algorithms are wired to the ledger too ----------------------------------------


def test_zone_counts_and_od_flows_reserve_in_the_ledger_and_count_once(points, tmp_path):
    from .conftest import write_grid_zones

    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    counts = tmp_path / "counts.gpkg"
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                     "EPSILON": 0.5, "LEDGER": ledger, "PARTITION": "day=Mon",
                                                     "OUTPUT": str(counts), "ROWS_PER_PERSON": 2})
    trips = _trip_lines(tmp_path / "trips.gpkg", [((5e5 + 100 * i, 4.5e6 + 100), (5e5 + 3000, 4.5e6 + 3000 - i))
                                                 for i in range(40)])
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.gpkg"
    processing.run("dp_geoprivacy:noisyodflows", {"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                  "EPSILON": 0.25, "LEDGER": ledger, "OUTPUT_FLOWS": str(flows),
                                                  "OUTPUT_MATRIX": str(matrix)})
    entries = Ledger(ledger).entries()
    assert [(e.algorithm, e.epsilon, e.partition) for e in entries] == [
        ("dp_geoprivacy:noisyzonecounts", 0.5, "day=Mon"), ("dp_geoprivacy:noisyodflows", 0.25, "all")]
    assert read_from_file(str(counts))[0].release_id == entries[0].release_id
    [flows_record], [matrix_record] = read_from_file(str(flows)), read_from_file(str(matrix))
    assert flows_record.release_id == matrix_record.release_id == entries[1].release_id
    result, rows, page = _report(tmp_path, LAYERS=[str(counts), str(flows), str(matrix)])
    assert result["RELEASES"] == 2 and result["TOTAL_EPSILON"] == 0.75 and len(rows) == 2
    # Per person (issue 19 item 8): both are item-level (one point, one trip) and the OD release declared no
    # bound on rows per person, so a person's exposure is unbounded; the report says so first.
    assert result["PERSON_EPSILON"] == math.inf and "per person: UNBOUNDED" in page
    ledger_result, _, _ = _report(tmp_path, LEDGER=ledger, OUTPUT=str(tmp_path / "r2.csv"))
    assert ledger_result["PERSON_EPSILON"] == math.inf


def _trip_lines(path, trips):
    """A line layer in EPSG:32633, one straight trip per ((ox, oy), (dx, dy))."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    out = dataset.CreateLayer("trips", srs, ogr.wkbLineString)
    for (ox, oy), (dx, dy) in trips:
        feature = ogr.Feature(out.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"LINESTRING ({ox} {oy}, {dx} {dy})"))
        out.CreateFeature(feature)
    dataset = None
    return str(path)


# --- issue 19 items 3, 7, 8 and issue 21 §2: partitions, lineage, copies, the ledger file ------------------


def _with_users(points):
    """The fixture's points with a user id (50 users, each on every day)."""
    dataset = ogr.Open(points, 1)
    dataset.ExecuteSQL("ALTER TABLE points ADD COLUMN uid INTEGER")
    dataset.ExecuteSQL("UPDATE points SET uid = pid % 50")
    dataset = None
    return points


def test_partition_selects_its_rows_and_user_level_day_partitions_add_up(points, tmp_path):
    from .conftest import write_grid_zones

    result = _perturb(points, tmp_path / "mon.gpkg", PARTITION="day=Mon")
    assert result["POINTS_WRITTEN"] == 167  # the run keeps its partition's rows itself (pid % 3 == 0)
    with pytest.raises(QgsProcessingException, match="PARTITION: 'mode' is not a field of INPUT"):
        _perturb(points, tmp_path / "bus.gpkg", PARTITION="mode=bus")
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    counts = {"INPUT": _with_users(points), "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1.0,
              "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 5, "LEDGER": ledger, "BUDGET": 1.5}
    processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "PARTITION": "day=Mon",
                                                     "OUTPUT": str(tmp_path / "c_mon.gpkg")})
    # A user travels on Monday and Tuesday: the day partitions are not disjoint for users (issue 19 item 3).
    with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
        processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "PARTITION": "day=Tue",
                                                         "OUTPUT": str(tmp_path / "c_tue.gpkg")})
    # Partitions by the user field are disjoint for users: parallel.
    for uid in (1, 2):
        processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "EPSILON": 0.5, "PARTITION": f"uid={uid}",
                                                         "OUTPUT": str(tmp_path / f"c_u{uid}.gpkg")})
    entries = Ledger(ledger).entries()
    assert [e.partition_rule.split(":")[0] for e in entries] == ["sequential", "parallel", "parallel"]
    result, rows, page = _report(tmp_path, LEDGER=ledger)
    assert result["TOTAL_EPSILON"] == 1.5 and result["PERSON_EPSILON"] == 1.5  # user level: per person
    assert "sequential: a unit of privacy" in page and "partitions by the user field uid" in page


def _ogr2ogr_copy(points, destination, **options):
    from osgeo import gdal

    gdal.VectorTranslate(str(destination), points, **options)
    return str(destination)


def test_copies_and_prepared_layers_share_the_source_budget(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    _perturb(points, tmp_path / "a.gpkg", LEDGER=ledger, BUDGET=1.5)
    # An ogr2ogr copy keeping two columns, rows reversed, in another format: the same people (issue 19 item 7).
    copy = _ogr2ogr_copy(points, tmp_path / "copy.geojson", format="GeoJSON",
                         SQLStatement="SELECT geom, label, day FROM points ORDER BY pid DESC")
    with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
        _perturb(copy, tmp_path / "b.gpkg", LEDGER=ledger, BUDGET=1.5)
    shapefile = _ogr2ogr_copy(points, tmp_path / "copy.shp", format="ESRI Shapefile", selectFields=["pid"])
    with pytest.raises(QgsProcessingException, match="spent = 1"):
        _perturb(shapefile, tmp_path / "c.gpkg", LEDGER=ledger, BUDGET=1.5)
    # A reprojected copy is other coordinates: the publisher names both with DATASET.
    utm34 = _ogr2ogr_copy(points, tmp_path / "utm34.gpkg", format="GPKG", dstSRS="EPSG:32634")
    _perturb(points, tmp_path / "d.gpkg", EPSILON=0.25, LEDGER=ledger, DATASET="survey 2024")
    with pytest.raises(QgsProcessingException, match="spent = 1.25"):
        _perturb(utm34, tmp_path / "e.gpkg", LEDGER=ledger, BUDGET=1.5, DATASET="Survey 2024")
    assert _perturb(utm34, tmp_path / "f.gpkg", LEDGER=ledger, BUDGET=1.5)["EPSILON_SPENT"] == 1  # unnamed: new


def test_trip_ends_are_charged_to_their_trips(tmp_path):
    from .conftest import write_grid_zones

    trips = _trip_lines(tmp_path / "trips.gpkg", [((5e5 + 100 * i, 4.5e6 + 100), (5e5 + 3000, 4.5e6 + 3000 - i))
                                                 for i in range(40)])
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    processing.run("dp_geoprivacy:noisyodflows", {"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                  "EPSILON": 1.0, "LEDGER": ledger, "BUDGET": 1.5,
                                                  "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"),
                                                  "OUTPUT_MATRIX": str(tmp_path / "matrix.gpkg")})
    ends = processing.run("dp_geoprivacy:tripends", {"INPUT": trips, "ORIGINS": str(tmp_path / "origins.gpkg"),
                                                     "DESTINATIONS": str(tmp_path / "destinations.shp")})
    for output in (ends["ORIGINS"], ends["DESTINATIONS"]):
        with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
            _perturb(output, tmp_path / "ends_out.gpkg", LEDGER=ledger, BUDGET=1.5)
    _perturb(ends["ORIGINS"], tmp_path / "ends_ok.gpkg", EPSILON=0.5, LEDGER=ledger, BUDGET=1.5)
    result, _, _ = _report(tmp_path, LEDGER=ledger)
    assert result["SOURCES"] == 1  # the trips and their ends are one source
    assert Ledger(ledger).entries()[-1].parents == (Ledger(ledger).entries()[0].fingerprint,)


def test_ledger_file_faults_are_refused_or_followed(points, tmp_path):
    """Issue 21 §2: LEDGER = OUTPUT, two outputs on one file, a link, a GeoPackage as LEDGER."""
    ledger = tmp_path / "ledger.json"
    _perturb(points, tmp_path / "a.gpkg", LEDGER=str(ledger))
    before = ledger.read_bytes()
    with pytest.raises(QgsProcessingException, match="OUTPUT and LEDGER are the same file|LEDGER and OUTPUT"):
        _perturb(points, str(ledger), LEDGER=str(ledger))
    assert ledger.read_bytes() == before
    with pytest.raises(QgsProcessingException, match="ORIGINS and DESTINATIONS are the same file"):
        trips = _trip_lines(tmp_path / "t.gpkg", [((5e5, 4.5e6), (5e5 + 10, 4.5e6))])
        processing.run("dp_geoprivacy:tripends", {"INPUT": trips, "ORIGINS": str(tmp_path / "e.gpkg"),
                                                  "DESTINATIONS": str(tmp_path / "e.gpkg")})
    assert not (tmp_path / "e.gpkg").exists()
    link = tmp_path / "link.json"
    link.symlink_to(ledger)
    _perturb(points, tmp_path / "b.gpkg", LEDGER=str(link))
    assert link.is_symlink() and len(Ledger(ledger).entries()) == 2
    gpkg = tmp_path / "a.gpkg"
    content = gpkg.read_bytes()
    with pytest.raises(QgsProcessingException, match="LEDGER .*not a dp_geoprivacy ledger .not UTF-8"):
        _perturb(points, tmp_path / "c.gpkg", LEDGER=str(gpkg))
    assert gpkg.read_bytes() == content and not (tmp_path / "c.gpkg").exists()


@pytest.mark.parametrize("algorithm, first, second", [
    ("escapeanalysis", "OUTPUT_TABLE", "OUTPUT_ZONES"), ("escapeanalysis", "OUTPUT_CHART", "OUTPUT_TABLE"),
    ("randomizedresponse", "OUTPUT", "OUTPUT_ESTIMATES"), ("tripends", "ORIGINS", "DESTINATIONS"),
    ("mobilityreport", "OUTPUT_VISITS", "OUTPUT_FLOWS"), ("mobilityreport", "OUTPUT_HTML", "OUTPUT_BENCHMARK"),
    ("noisyzonecounts", "OUTPUT", "LEDGER"), ("noisyodflows", "OUTPUT_MATRIX", "LEDGER"),
])
def test_two_outputs_of_one_run_on_one_file_are_refused(tmp_path, algorithm, first, second):
    """Issue 21 §2: they silently replaced each other (and LEDGER = OUTPUT overwrote the ledger)."""
    from qgis.core import QgsApplication, QgsProcessingContext

    instance = QgsApplication.processingRegistry().createAlgorithmById(f"dp_geoprivacy:{algorithm}")
    same = str(tmp_path / "same.gpkg")
    ok, message = instance.checkParameterValues({first: same, second: same}, QgsProcessingContext())
    assert not ok and re.search(f"({first} and {second}|{second} and {first}) are the same file", message)
    if "LEDGER" in (first, second):
        assert "the ledger would be lost" in message


def test_every_kind_of_damaged_ledger_gives_a_clear_refusal_and_stays_as_it_was(points, tmp_path):
    """Issue 21 §2: 10 of 18 kinds of damaged ledger gave tracebacks (the catalogue is tests/core/test_ledger.py)."""
    from tests.core.test_ledger import DAMAGED

    for kind, content in sorted(DAMAGED.items()):
        ledger = tmp_path / f"{kind.replace(' ', '_')}.json"
        ledger.write_bytes(content if isinstance(content, bytes) else content.encode())
        for run in (lambda path=str(ledger): _perturb(points, tmp_path / "out.gpkg", LEDGER=path, BUDGET=5),
                    lambda path=str(ledger): _report(tmp_path, LEDGER=path)):
            with pytest.raises(QgsProcessingException, match="LEDGER.*(ledger|empty)") as error:
                run()
            assert "Traceback" not in str(error.value), kind
        assert ledger.read_bytes() == (content if isinstance(content, bytes) else content.encode()), kind
        assert not (tmp_path / "out.gpkg").exists(), kind
    with pytest.raises(QgsProcessingException, match="LEDGER .* is a folder"):
        _perturb(points, tmp_path / "out.gpkg", LEDGER=str(tmp_path))


def test_qgis_process_json_says_when_a_persons_exposure_is_unbounded(tmp_path):
    """PERSON_EPSILON is inf when one person's total is unbounded; JSON has no inf (qgis_process writes null), so
    PERSON_UNBOUNDED says it in a way a script can read, on every QGIS version."""
    unbounded = _ledger_with(tmp_path / "items.json", [_entry(0.5, "all")])  # one trip: not one person
    results = run_algorithm_json(REPORT, LEDGER=unbounded, OUTPUT=tmp_path / "a.csv", REPORT=tmp_path / "a.html")
    assert results["PERSON_UNBOUNDED"] is True and results["PERSON_EPSILON"] in (None, "inf")
    assert results["TOTAL_EPSILON"] == 0.5
    bounded = _ledger_with(tmp_path / "users.json", [_entry(0.5, "all", unit="one user")])
    results = run_algorithm_json(REPORT, LEDGER=bounded, OUTPUT=tmp_path / "b.csv", REPORT=tmp_path / "b.html")
    assert results["PERSON_UNBOUNDED"] is False and results["PERSON_EPSILON"] == 0.5


def test_one_gaussian_release_is_reported_at_its_own_epsilon_in_a_readable_line(tmp_path):
    """A discrete Gaussian release calibrated to (1, 1e-6): its rho converts back to 1 - 1.6e-14, which the report
    gave as TOTAL_EPSILON 0.9999999999999842 'by zCDP', in a log line ending '... smaller epsilon. over 1
    release(s).'"""
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_rho

    from .od_flows.support import LogFeedback

    ledger = _ledger_with(tmp_path / "ledger.json", [_entry(1.0, "all", delta=1e-6, rho=zcdp_rho(1.0, 1e-6),
                                                            unit="one user (uid)")])
    log = LogFeedback()
    result = processing.run(REPORT, {"LEDGER": ledger, "OUTPUT": str(tmp_path / "r.csv"),
                                     "REPORT": str(tmp_path / "r.html")}, feedback=log)
    assert (result["TOTAL_EPSILON"], result["TOTAL_DELTA"], result["TOTAL_ROUTE"]) == (1.0, 1e-6, "basic composition")
    [line] = [line for line in log.messages if "release(s)" in line]
    assert line.startswith("S1 (opal), 1 release(s): epsilon 1, delta 1e-06 per unit of privacy (one user (uid))")
    assert line.endswith("Basic composition gives the smaller epsilon.") and ". over" not in line
