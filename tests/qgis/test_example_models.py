"""Issue 20 §5: the example models shipped with the provider run on the sample city and are laid out."""

from qgis.core import QgsApplication, QgsProcessingFeedback, QgsVectorLayer

from .conftest import ROOT, run_qgis_process

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
class Log(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.text = ""

    def reportError(self, error, fatal_error=False):  # noqa: N802 (QGIS API)
        self.text += error + "\n"


MODELS = ("households_per_hexagon", "od_flows_with_privacy_report")


def test_the_provider_ships_the_example_models_laid_out():
    registry = QgsApplication.processingRegistry()
    for name in MODELS:
        model = registry.algorithmById(f"dp_geoprivacy:{name}")
        assert model is not None and model.group() == "Example models", name
        assert "privacy" in model.tags() and model.shortDescription().startswith("Example model")
        positions = [child.position() for child in model.childAlgorithms().values()]
        inputs = [component.position() for component in model.parameterComponents().values()]
        assert len({(p.x(), p.y()) for p in positions + inputs}) == len(positions) + len(inputs), name
        assert min(p.x() for p in positions) > max(p.x() for p in inputs)


def _run_model(name, parameters, check=True):
    """Run an example model through the real qgis_process, as a planner's batch run would (run in the test
    process, a model algorithm of a Python provider crashes that process when pytest-qgis exits)."""
    return run_qgis_process("run", f"dp_geoprivacy:{name}", "--",
                            *[f"{key}={value}" for key, value in parameters.items()], check=check)


def test_households_per_hexagon_counts_within_the_budget(tmp_path):
    zones = QgsVectorLayer(f"{SAMPLE}|layername=zones", "zones", "ogr")
    extent = zones.extent()
    area = f"{extent.xMinimum()},{extent.xMaximum()},{extent.yMinimum()},{extent.yMaximum()} [EPSG:32632]"
    ledger = tmp_path / "ledger.json"
    counts = tmp_path / "counts.gpkg"
    parameters = {"households": f"{SAMPLE}|layername=households", "study_area": area, "resolution": 8,
                  "epsilon": 1.0, "ledger": str(ledger), "budget": 1.5, "count:households_per_hexagon": str(counts)}
    _run_model("households_per_hexagon", parameters)
    layer = QgsVectorLayer(str(counts), "counts", "ogr")
    assert layer.isValid() and layer.featureCount() > 0 and ledger.is_file()
    again = _run_model("households_per_hexagon",
                       {**parameters, "count:households_per_hexagon": str(tmp_path / "again.gpkg")}, check=False)
    assert again.returncode != 0
    assert "Privacy budget exceeded" in again.stdout + again.stderr, again.stdout + again.stderr
    assert not (tmp_path / "again.gpkg").exists()


def test_od_flows_with_privacy_report(tmp_path):
    parameters = {"trips": f"{SAMPLE}|layername=trips", "zones": f"{SAMPLE}|layername=zones", "zone_id": "zone_id",
                  "epsilon": 1.0, "flows:od_flows": str(tmp_path / "flows.gpkg"),
                  "flows:od_matrix": str(tmp_path / "matrix.csv"), "report:privacy_report": str(tmp_path / "r.html"),
                  "report:releases": str(tmp_path / "releases.csv")}
    _run_model("od_flows_with_privacy_report", parameters)
    assert QgsVectorLayer(str(tmp_path / "flows.gpkg"), "flows", "ogr").featureCount() > 0
    report = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "noisyodflows" in report
