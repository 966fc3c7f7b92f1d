"""DRY_RUN on every privatizing algorithm: inputs checked, cost and accuracy reported, nothing written or spent."""

import hashlib
import math
import shutil

import pytest
from qgis import processing
from qgis.core import QgsApplication, QgsProcessingException

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accuracy.planning import count_accuracy, displacement_accuracy
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise
from dp_geoprivacy.core.mechanisms.location import PLANAR, LocationLaplace

from .conftest import ROOT, run_algorithm_json
from .test_trip_relocation import _histogram_record, _zone_histogram, case  # noqa: F401 (fixture)

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
PRIVATIZING = ("laplaceperturbation", "noisyzonecounts", "noisyodflows", "noisyzonestatistics",
               "randomizedresponse", "triprelocation", "trajectoryperturbation")


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "in" / "sample_city.gpkg"
    path.parent.mkdir()
    shutil.copy(SAMPLE, path)
    return str(path)


def _parameters(name, sample, out):
    layer = f"{sample}|layername="
    zones = {"ZONES": layer + "zones", "ZONE_ID_FIELD": "zone_id"}
    return {
        "laplaceperturbation": {"INPUT": layer + "households", "EPSILON": 1, "DISTANCE": 100,
                                "OUTPUT": str(out / "perturbed.gpkg")},
        "noisyzonecounts": {"INPUT": layer + "households", **zones, "EPSILON": 0.5,
                            "OUTPUT": str(out / "counts.gpkg")},
        "noisyodflows": {"INPUT": layer + "trips", **zones, "USER_FIELD": "user_id", "MAX_TRIPS": 4, "EPSILON": 2,
                         "MIN_FLOW": 3, "THRESHOLD": 0, "DELTA": 0, "OUTPUT_FLOWS": str(out / "flows.gpkg"),
                         "OUTPUT_MATRIX": str(out / "matrix.csv")},
        "noisyzonestatistics": {"INPUT": layer + "households", **zones, "VALUE_FIELD": "persons", "STATISTIC": 2,
                                "LOWER": 1, "UPPER": 8, "EPSILON": 1, "OUTPUT": str(out / "means.gpkg")},
        "randomizedresponse": {"INPUT": layer + "households", "FIELD": "fuel",
                               "CATEGORIES": "gas,diesel,hybrid,electric", "P_TRUTH": 0.6,
                               "OUTPUT": str(out / "randomized.gpkg"), "OUTPUT_ESTIMATES": str(out / "est.csv")},
        "trajectoryperturbation": {"INPUT": layer + "trips", "MECHANISM": 0, "EPSILON": 5, "RESAMPLE": 12,
                                   "MAX_STEP": 1500, "OUTPUT": str(out / "trajectories.gpkg")},
    }[name]


def _digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


@pytest.mark.parametrize("name", [n for n in PRIVATIZING if n != "triprelocation"])
def test_dry_run_writes_nothing_and_reports_cost(name, sample, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    ledger = tmp_path / "ledger.json"
    before = _digest(sample)
    parameters = {**_parameters(name, sample, out), "DRY_RUN": True, "LEDGER": str(ledger)}
    results = processing.run(f"dp_geoprivacy:{name}", parameters)
    assert results["DRY_RUN"] is True and results["EPSILON_SPENT"] == 0
    assert results["EPSILON_WOULD_SPEND"] > 0
    assert sorted(p.name for p in out.iterdir()) == []
    assert not ledger.exists()
    assert _digest(sample) == before
    assert results["LEDGER_SPENT"] == 0 and results["LEDGER_AFTER"] == pytest.approx(results["EPSILON_WOULD_SPEND"])


def test_dry_run_figures_are_the_planners(sample, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    results = processing.run("dp_geoprivacy:noisyzonecounts",
                             {**_parameters("noisyzonecounts", sample, out), "DRY_RUN": True})
    expected = count_accuracy(CountNoise(LAPLACE, 0.5, 1))
    assert results["MARGIN_OF_ERROR"] == expected.margin_of_error
    assert results["EXPECTED_ABS_ERROR"] == pytest.approx(expected.expected_abs_error)
    results = processing.run("dp_geoprivacy:laplaceperturbation",
                             {**_parameters("laplaceperturbation", sample, out), "DRY_RUN": True})
    assert results["MEAN_DISPLACEMENT_M"] == pytest.approx(displacement_accuracy(
        LocationLaplace(PLANAR, 1.0, 100.0)).mean)


def test_dry_run_still_validates_inputs(sample, tmp_path):
    parameters = {**_parameters("noisyzonecounts", sample, tmp_path), "ZONE_ID_FIELD": "no_such_field",
                  "DRY_RUN": True}
    with pytest.raises(QgsProcessingException):
        processing.run("dp_geoprivacy:noisyzonecounts", parameters)


def test_dry_run_of_trip_relocation(case, tmp_path):  # noqa: F811 (fixture)
    trips, zones, _, _, true_counts = case
    histogram = _zone_histogram(tmp_path / "hist.gpkg", true_counts, _histogram_record(0.5))
    out = tmp_path / "out"
    out.mkdir()
    results = processing.run("dp_geoprivacy:triprelocation", {
        "INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone", "ORIGIN_HISTOGRAM": histogram,
        "ZONES": zones, "EPSILON": 3, "DRY_RUN": True, "OUTPUT": str(out / "relocated.gpkg")})
    assert results["DRY_RUN"] is True and results["EPSILON_WOULD_SPEND"] == pytest.approx(3.0)
    assert list(out.iterdir()) == []


def test_dry_run_against_a_ledger_says_whether_the_budget_would_refuse(sample, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    ledger = tmp_path / "ledger.json"
    parameters = {**_parameters("noisyzonecounts", sample, out), "LEDGER": str(ledger), "BUDGET": 1.0}
    processing.run("dp_geoprivacy:noisyzonecounts", parameters)  # spends 0.5
    before = _digest(ledger)
    out_files = sorted(p.name for p in out.iterdir())
    results = processing.run("dp_geoprivacy:noisyzonecounts", {**parameters, "EPSILON": 0.8, "DRY_RUN": True})
    assert results["BUDGET_WOULD_REFUSE"] is True
    assert results["LEDGER_SPENT"] == pytest.approx(0.5) and results["BUDGET_REMAINING"] == pytest.approx(0.5)
    results = processing.run("dp_geoprivacy:noisyzonecounts", {**parameters, "EPSILON": 0.4, "DRY_RUN": True})
    assert results["BUDGET_WOULD_REFUSE"] is False
    assert _digest(ledger) == before and len(Ledger(ledger).entries()) == 1
    assert sorted(p.name for p in out.iterdir()) == out_files


def test_dry_run_under_qgis_process_json(sample, tmp_path):
    results = run_algorithm_json("dp_geoprivacy:noisyzonecounts", **{
        **_parameters("noisyzonecounts", sample, tmp_path), "DRY_RUN": "true"})
    assert results["DRY_RUN"] is True
    # b = 2: ln(20) b plus half the snapping grain 2 (counting.released_margin_of_error)
    assert results["MARGIN_OF_ERROR"] == pytest.approx(2 * math.log(20) + 1.0)
    assert not (tmp_path / "counts.gpkg").exists()


def test_every_privatizing_algorithm_offers_dry_run():
    from qgis.core import QgsApplication

    for name in PRIVATIZING:
        algorithm = QgsApplication.processingRegistry().algorithmById(f"dp_geoprivacy:{name}")
        assert algorithm.parameterDefinition("DRY_RUN") is not None, name


def test_od_dry_run_record_carries_min_flow_threshold_and_delta(sample, tmp_path):
    """Issue 13: the spurious-flow figure of a noisyodflows trial run is read against MIN_FLOW (and THRESHOLD,
    DELTA), all in its results (and in qgis_process --json), and it is the planner's figure for those cells."""
    import json

    out = tmp_path / "out"
    out.mkdir()
    parameters = {**_parameters("noisyodflows", sample, out), "DRY_RUN": True}
    results = processing.run("dp_geoprivacy:noisyodflows", parameters)
    assert results["MIN_FLOW"] == 3 and results["THRESHOLD"] == 0 and results["DELTA"] == 0
    settings = json.loads(results["SETTINGS"])
    assert settings["min_flow"] == 3 and settings["threshold"] == 0 and settings["max_trips"] == 4
    cells = settings["cells"]
    assert cells == settings["zones"] ** 2  # intrazonal pairs included by default
    expected = count_accuracy(CountNoise(LAPLACE, 2.0, 4), cells, 3)
    assert results["EXPECTED_SPURIOUS"] == pytest.approx(expected.expected_spurious)
    assert results["P_EMPTY_CELL_PUBLISHED"] == pytest.approx(expected.p_spurious) and expected.p_spurious > 0
    stable = run_algorithm_json("dp_geoprivacy:noisyodflows", **{
        **_parameters("noisyodflows", sample, out), "THRESHOLD": 1, "DELTA": 1e-6, "DRY_RUN": "true"})
    assert stable["THRESHOLD"] == 1 and stable["DELTA"] == 1e-6 and stable["MIN_FLOW"] == 3
    assert stable["EXPECTED_SPURIOUS"] == 0 and stable["STABILITY_THRESHOLD"] > 0
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("name", ["laplaceperturbation", "noisyodflows", "noisyzonecounts"])
def test_dry_run_loads_nothing_in_the_desktop(name, sample, tmp_path):
    """Issue 20 §5: outputs the dialog would load are taken off the load list on a trial run (else QGIS reports
    "The following layers were not correctly generated")."""
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback, QgsProcessingOutputLayerDefinition, QgsProject

    out = tmp_path / "out"
    out.mkdir()
    parameters = {**_parameters(name, sample, out), "DRY_RUN": True}
    algorithm = QgsApplication.processingRegistry().createAlgorithmById(f"dp_geoprivacy:{name}")
    for definition in algorithm.destinationParameterDefinitions():
        if definition.name() in parameters:
            output = QgsProcessingOutputLayerDefinition(parameters[definition.name()], QgsProject.instance())
            parameters[definition.name()] = output
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    results, ok = algorithm.run(parameters, context, QgsProcessingFeedback())
    assert ok and results["DRY_RUN"] is True
    assert context.layersToLoadOnCompletion() == {}
    assert list(out.iterdir()) == []
