"""dp_geoprivacy:privacyreport: totals over layers and a ledger (Processing API, qgis_process, a model).

Composition rules: Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3) and §4 (56 disjoint day-mode
partitions, epsilons 1,1,1,1,2,2: total 8); the ITMS report §III F.
"""

import json
import math

import pytest
from qgis import processing
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorLayer,
    QgsVectorLayer,
)

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord
from dp_geoprivacy.processing.privacy_metadata import write_to_file

from ..conftest import run_algorithm_json, run_qgis_process, write_points
from ..model_builder import ModelBuilder
from .support import LAPLACE, REPORT, ledger_entry, ledger_with, perturb, run_report


def test_report_of_the_seed_001_opal_ledger_totals_8(tmp_path):
    entries = [ledger_entry(eps, f"day={d}, mode={m}", delta=1 / 8_000_000, release_id=f"{d}-{m}-{j}")
               for d in range(14) for m in ("bus", "train", "ferry", "light rail")
               for j, eps in enumerate((1, 1, 1, 1, 2, 2))]
    ledger = ledger_with(tmp_path / "ledger.json", entries)
    result, rows, page = run_report(tmp_path, LEDGER=ledger)
    assert result["TOTAL_EPSILON"] == 8 and result["SOURCES"] == 1 and result["RELEASES"] == 336
    assert math.isclose(result["TOTAL_DELTA"], 6 / 8_000_000)
    driving = [r for r in rows if r["drives_total"] == "1"]
    assert len(driving) == 6 and len({r["partition"] for r in driving}) == 1
    assert {r["source"] for r in rows} == {"S1 (opal)"}
    assert "epsilon 8, delta 7.5e-07 per unit of privacy (one trip)</li>" in page
    assert "<b>per person: UNBOUNDED" in page  # one trip is not one person (issue 19 item 8)
    assert "Theorem 3" in page and "a" * 16 not in page


def test_report_groups_layers_without_a_ledger_by_input_name_and_says_so(points, tmp_path):
    perturb(points, tmp_path / "a.gpkg", EPSILON=0.5)
    perturb(points, tmp_path / "b.gpkg", EPSILON=0.25)
    result, rows, page = run_report(tmp_path, LAYERS=[str(tmp_path / "a.gpkg"), str(tmp_path / "b.gpkg")])
    assert result["LOCATION_EPSILON"] == 0.75 and result["LOCATION_DISTANCE_M"] == 100 and result["SOURCES"] == 1
    assert {r["source"] for r in rows} == {"S1 (trips)"}
    assert "input layer name" in page


def test_report_applies_parallel_composition_to_layers_with_disjoint_partitions(points, tmp_path):
    outs = []
    for day, eps in (("Mon", 1.0), ("Tue", 2.0)):
        outs.append(str(tmp_path / f"{day}.gpkg"))
        perturb(points, outs[-1], EPSILON=eps, PARTITION=f"day={day}")
    outs.append(str(tmp_path / "all.gpkg"))
    perturb(points, outs[-1], EPSILON=0.5)
    result, rows, _ = run_report(tmp_path, LAYERS=outs)
    assert result["LOCATION_EPSILON"] == 2.5
    assert sorted((r["partition"], r["drives_total"]) for r in rows) == [("all", "1"), ("day=Mon", "0"),
                                                                        ("day=Tue", "1")]


def test_layers_and_ledger_count_each_release_once(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    perturb(points, tmp_path / "a.gpkg", LEDGER=ledger)
    perturb(points, tmp_path / "b.gpkg", LEDGER=ledger, EPSILON=2)
    perturb(points, tmp_path / "c.gpkg", EPSILON=0.5)  # not in the ledger: grouped by name
    layers = [str(tmp_path / n) for n in ("a.gpkg", "a.gpkg", "b.gpkg", "c.gpkg")]
    result, rows, _ = run_report(tmp_path, LAYERS=layers, LEDGER=ledger)
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
    perturb(points, tmp_path / "a.gpkg", EPSILON=0.5, SEED=3)
    result, rows, page = run_report(tmp_path, LAYERS=[calibration, points, str(tmp_path / "a.gpkg")])
    # A seeded release is not private (issue 19 item 6): listed apart, outside every total.
    assert result["LOCATION_EPSILON"] == 0 and result["RELEASES"] == 1
    assert len(rows) == 1 and rows[0]["seeded"] == "1" and rows[0]["guarantee"] == "not private (seeded)"
    assert float(rows[0]["epsilon_counted"]) == 0
    assert "NOT differentially private" in page and "has no dp_geoprivacy privacy record" in page
    assert "Not private (seeded): outside every total" in page


def test_same_name_under_two_fingerprints_is_flagged(tmp_path):
    ledger = ledger_with(tmp_path / "ledger.json", [ledger_entry(1, "all", "a" * 64, "trips"),
                                                      ledger_entry(1, "all", "b" * 64, "trips")])
    result, _, page = run_report(tmp_path, LEDGER=ledger)
    assert result["SOURCES"] == 2 and result["TOTAL_EPSILON"] == 1  # never added across sources
    assert "appears under 2 different fingerprints" in page


def test_kinds_of_guarantee_and_sources_are_never_added(points, tmp_path):
    """A location release (epsilon per 100 m), an aggregate release of the same source, and another source."""
    ledger = tmp_path / "ledger.json"
    perturb(points, tmp_path / "perturbed.gpkg", EPSILON=1, LEDGER=str(ledger))
    [location] = Ledger(ledger).entries()
    ledger_with(ledger, [
        ledger_entry(0.5, "all", location.fingerprint, "trips", delta=1e-6, release_id="counts"),
        ledger_entry(3, "all", "c" * 64, "cairns timetable", release_id="cairns"),
    ])
    result, rows, page = run_report(tmp_path, LEDGER=str(ledger))
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
        run_report(tmp_path)


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


def test_one_gaussian_release_is_reported_at_its_own_epsilon_in_a_readable_line(tmp_path):
    """A discrete Gaussian release calibrated to (1, 1e-6): its rho converts back to 1 - 1.6e-14, which the report
    gave as TOTAL_EPSILON 0.9999999999999842 'by zCDP', in a log line ending '... smaller epsilon. over 1
    release(s).'"""
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_rho

    from ..od_flows.support import LogFeedback

    ledger = ledger_with(tmp_path / "ledger.json", [ledger_entry(1.0, "all", delta=1e-6, rho=zcdp_rho(1.0, 1e-6),
                                                            unit="one user (uid)")])
    log = LogFeedback()
    result = processing.run(REPORT, {"LEDGER": ledger, "OUTPUT": str(tmp_path / "r.csv"),
                                     "REPORT": str(tmp_path / "r.html")}, feedback=log)
    assert (result["TOTAL_EPSILON"], result["TOTAL_DELTA"], result["TOTAL_ROUTE"]) == (1.0, 1e-6, "basic composition")
    [line] = [line for line in log.messages if "release(s)" in line]
    assert line.startswith("S1 (opal), 1 release(s): epsilon 1, delta 1e-06 per unit of privacy (one user (uid))")
    assert line.endswith("Basic composition gives the smaller epsilon.") and ". over" not in line
