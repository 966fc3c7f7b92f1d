"""Issue 20 §1: every algorithm run with the values its dialog preselects, on the sample city's GeoPackage layers.

The dialog is QGIS's own (processing.gui.AlgorithmDialog, offscreen): its layer boxes are set to the layer a
planner picks (the trips for trip algorithms, the households for point algorithms, the zones for zones), and
every other value is what the dialog shows then: for a GeoPackage QGIS puts ``fid`` in each required field box
that has no default. Each run either publishes or stops with a QgsProcessingException naming what to choose;
never a Python traceback.
"""

import shutil

import pytest
from qgis.core import (
    QgsApplication,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsProject,
    QgsVectorLayer,
)

from .conftest import ROOT

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"

# The layer a planner picks in each layer box (the other values are the dialog's).
LAYERS = {
    "laplaceperturbation": {"INPUT": "households"},
    "noisyzonecounts": {"INPUT": "households", "ZONES": "zones"},
    "noisyzonestatistics": {"INPUT": "households", "ZONES": "zones"},
    "noisyodflows": {"INPUT": "trips", "ZONES": "zones"},
    "mobilityreport": {"INPUT": "trips", "ZONES": "zones"},
    "randomizedresponse": {"INPUT": "households"},
    "triprelocation": {"INPUT": "trips", "ZONES": "zones"},
    "trajectoryperturbation": {"INPUT": "trips"},
    "tripends": {"INPUT": "trips"},
    "escapeanalysis": {"INPUT": "households", "ZONES": "zones"},
    "utilityreport": {"ORIGINAL": "households", "RELEASED": "households"},
    "accuracyplanner": {},
    "privacyreport": {},
    "synthetictrips": {"INPUT": "trips"},
    "h3grid": {},
    "consistentcounts": {"INPUT": "households"},
    "adaptivegrid": {"INPUT": "households"},
    "households_per_hexagon": {"households": "households"},
    "od_flows_with_privacy_report": {"trips": "trips", "zones": "zones"},
}
# Dialogs that cannot run before the planner fills a box (QGIS itself names the box): no default exists.
NEEDS_A_CHOICE = {"h3grid": "INPUT", "synthetictrips": "PERIOD_START",
                  "households_per_hexagon": "study_area", "adaptivegrid": "EXTENT", "randomizedresponse": "CATEGORIES"}
# Algorithms whose preselected values publish on the sample city (the others refuse with the choice to make).
PUBLISH_AT_DEFAULTS = {"laplaceperturbation", "noisyzonecounts", "noisyodflows", "mobilityreport",
                       "trajectoryperturbation", "tripends", "accuracyplanner", "escapeanalysis",
                       "od_flows_with_privacy_report"}


class Log(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.text = ""

    def reportError(self, error, fatal_error=False):  # noqa: N802 (QGIS API)
        self.text += error + "\n"

    def pushInfo(self, info):  # noqa: N802 (QGIS API)
        self.text += info + "\n"

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.text += warning + "\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """The sample city's three layers in the project, from a copy (a run must not change its input)."""
    path = tmp_path_factory.mktemp("city") / "sample_city.gpkg"
    shutil.copy(SAMPLE, path)
    layers = {}
    for name in ("trips", "households", "zones"):
        layer = QgsVectorLayer(f"{path}|layername={name}", name, "ogr")
        assert layer.isValid()
        layers[name] = layer
    assert len(QgsProject.instance().addMapLayers(list(layers.values()))) == len(layers)
    yield layers
    QgsProject.instance().removeMapLayers([layer.id() for layer in layers.values()])


@pytest.fixture
def no_iface(monkeypatch):
    """pytest-qgis's iface is a mock the dialog cannot hand to C++: the dialog then runs as without a desktop."""
    from processing.gui import ParametersPanel

    monkeypatch.setattr(ParametersPanel, "iface", None)


def dialog_values(algorithm_id, layers):
    """The dialog's algorithm and the values it holds once the planner has chosen the layers (or the name of
    the parameter it refuses)."""
    from processing.gui.AlgorithmDialog import AlgorithmDialog
    from processing.gui.AlgorithmDialogBase import AlgorithmDialogBase

    algorithm = QgsApplication.processingRegistry().createAlgorithmById(f"dp_geoprivacy:{algorithm_id}")
    dialog = AlgorithmDialog(algorithm, False, None)
    panel = dialog.mainWidget()
    context = QgsProcessingContext()
    for name, layer in LAYERS.get(algorithm_id, {}).items():
        panel.wrappers[name].setParameterValue(layers[layer], context)
    try:
        return algorithm, panel.createProcessingParameters()
    except AlgorithmDialogBase.InvalidParameterValue as refusal:
        return algorithm, refusal.parameter.name()
    finally:
        dialog.deleteLater()


def test_every_algorithm_is_covered():
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    assert {a.name() for a in provider.algorithms()} == set(LAYERS)


@pytest.mark.parametrize("algorithm_id", sorted(LAYERS))
def test_dialog_defaults_publish_or_name_the_choice(algorithm_id, project, no_iface):
    algorithm, values = dialog_values(algorithm_id, project)
    if algorithm_id in NEEDS_A_CHOICE:
        assert values == NEEDS_A_CHOICE[algorithm_id]
        return
    assert isinstance(values, dict), f"the dialog refuses its own defaults at {values}"
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    log = Log()
    ok, message = algorithm.checkParameterValues(values, context)
    if ok:
        try:
            results, ok = algorithm.run(values, context, log)
        except QgsProcessingException as error:
            message = str(error)
        else:
            message = log.text
    assert "Traceback" not in message + log.text, message + log.text
    assert "Error" not in message.split(":")[0], message
    if algorithm_id in PUBLISH_AT_DEFAULTS:
        assert ok, f"{algorithm_id} does not publish at its dialog defaults: {message}"
    else:
        assert not ok and message, algorithm_id


def _algorithms():
    return QgsApplication.processingRegistry().providerById("dp_geoprivacy").algorithms()


def test_labels_are_a_few_dialog_words():
    """Issue 20 §4: labels fit QGIS's default dialog, name no other parameter and cite no paper; details are in
    the help."""
    import re

    for algorithm in _algorithms():
        names = {p.name() for p in algorithm.parameterDefinitions()}
        for parameter in algorithm.parameterDefinitions():
            label = parameter.description()
            assert len(label) <= 45, (algorithm.name(), label)
            others = [n for n in names - {parameter.name()} if n.isupper() and re.search(rf"\b{n}\b", label)]
            assert not others, label
            assert "seed 0" not in label.lower() and "§" not in label, label


def test_delta_follows_threshold_and_the_ledger_is_a_file_beside_the_budget():
    from qgis.core import QgsProcessingParameterFile

    checked = 0
    for algorithm in _algorithms():
        order = [p.name() for p in algorithm.parameterDefinitions()]
        if "THRESHOLD" in order and "DELTA" in order:
            assert order.index("DELTA") == order.index("THRESHOLD") + 1, algorithm.name()
        if "BUDGET" in order:
            ledger = algorithm.parameterDefinition("LEDGER")
            assert isinstance(ledger, QgsProcessingParameterFile), algorithm.name()
            assert ledger.behavior() == QgsProcessingParameterFile.File and ledger.flags() & ledger.FlagOptional
            assert order.index("BUDGET") == order.index("LEDGER") + 1, algorithm.name()
            assert "LEDGER" not in [d.name() for d in algorithm.destinationParameterDefinitions()]
            checked += 1
    assert checked >= 8


def test_trip_ends_say_they_are_not_private():
    algorithm = QgsApplication.processingRegistry().algorithmById("dp_geoprivacy:tripends")
    for name in ("ORIGINS", "DESTINATIONS"):
        assert "not private" in algorithm.parameterDefinition(name).description()
