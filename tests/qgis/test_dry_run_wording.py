"""What a trial run of noisyodflows says with NOISE=2 and THRESHOLD=1: the flows are chosen by Gaussian
thresholding (Wilson et al. 2020 §3), which is (epsilon, delta)-DP and not zero-concentrated DP; the log must not
call it the stability histogram or say it is accounted as rho-zCDP."""

import re
import shutil

from qgis import processing

from .conftest import ROOT
from .feedback import Log

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"


def trial_log(tmp_path, **extra):
    sample = tmp_path / "sample_city.gpkg"
    shutil.copy(SAMPLE, sample)
    log = Log()
    processing.run("dp_geoprivacy:noisyodflows", {
        "INPUT": f"{sample}|layername=trips", "ZONES": f"{sample}|layername=zones", "ZONE_ID_FIELD": "zone_id",
        "USER_FIELD": "user_id", "MAX_TRIPS": 4, "EPSILON": 1, "DRY_RUN": True,
        "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"), "OUTPUT_MATRIX": str(tmp_path / "matrix.gpkg"), **extra},
        feedback=log)
    return "\n".join(log.lines)


def test_gaussian_thresholding_is_named_as_such(tmp_path):
    log = trial_log(tmp_path, NOISE=2, DELTA=1e-6, THRESHOLD=1)
    assert "stability histogram" not in log and "accounted as rho-zCDP" not in log, log
    assert "With Gaussian thresholding (THRESHOLD=1, NOISE=2) no cell without data is published" in log
    assert "not zero-concentrated DP" in log
    assert re.search(r"; noise scale \d+\.\d{1,3}\.", log), log  # for people: 9.338, not 9.337754716513768


def test_stability_histogram_and_gaussian_noise_keep_their_words(tmp_path):
    assert "With the stability histogram (THRESHOLD=1) no cell without data is published" in trial_log(
        tmp_path, THRESHOLD=1, DELTA=1e-6)
    assert "accounted as rho-zCDP" in trial_log(tmp_path, NOISE=2, DELTA=1e-6, THRESHOLD=0)
