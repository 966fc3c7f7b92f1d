"""The QGIS test process ends with pytest's own exit status.

A layer Python still held when pytest-qgis called exitQgis() was deleted by the interpreter's finalization, after
GDAL had been unloaded, and crashed the process (status 139) after every test had passed: a layer in a test that
caught a refusal of processing.run (the refusal's traceback is never freed), or in a reference cycle the collector
had not reached. conftest.release_layers_before_exit now frees them before exitQgis.
"""

import gc
import os
import subprocess
import sys

import pytest
from qgis import processing
from qgis.core import QgsProcessingException, QgsVectorLayer

from .conftest import ROOT

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
INNER = "DP_GEOPRIVACY_EXIT_PROBE"


@pytest.mark.skipif(not os.environ.get(INNER), reason="run in its own session by the test below")
def test_a_layer_left_in_a_reference_cycle():
    gc.disable()  # the cycle stays until the session ends, as it did when the collector had not run
    layer = QgsVectorLayer(f"{SAMPLE}|layername=zones", "zones", "ogr")
    assert layer.featureCount() > 0
    with pytest.raises(ValueError) as caught:  # caught -> traceback -> this frame -> caught, layer
        int("not a number")
    assert caught.value


@pytest.mark.skipif(not os.environ.get(INNER), reason="run in its own session by the test below")
def test_a_layer_held_while_a_refusal_is_caught(tmp_path):
    layer = QgsVectorLayer(f"{SAMPLE}|layername=zones", "zones", "ogr")
    assert layer.isValid()
    run = {"INPUT": f"{SAMPLE}|layername=households", "EPSILON": 1, "DISTANCE": 100,
           "LEDGER": str(tmp_path / "ledger.json"), "BUDGET": 1.5, "OUTPUT": str(tmp_path / "first.gpkg")}
    processing.run("dp_geoprivacy:laplaceperturbation", run)
    with pytest.raises(QgsProcessingException, match="budget"):
        processing.run("dp_geoprivacy:laplaceperturbation", {**run, "OUTPUT": str(tmp_path / "again.gpkg")})


def test_a_session_leaving_layers_to_its_end_exits_with_its_status():
    if os.environ.get(INNER):
        pytest.skip("the inner session")
    inner = [f"{__file__}::{name}" for name in ("test_a_layer_left_in_a_reference_cycle",
                                                "test_a_layer_held_while_a_refusal_is_caught")]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *inner],
        env=dict(os.environ, **{INNER: "1"}), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, (run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    assert "2 passed" in run.stdout
