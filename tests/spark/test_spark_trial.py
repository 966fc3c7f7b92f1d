"""DRY_RUN (a trial run) on noisyzonecounts, noisyodflows and noisyzonestatistics on Spark (issue 22, spark/trial.py):
every input read and checked, nothing drawn, written or entered; the figures (what would be spent, the noise and the
accuracy planner's figures, core.accuracy.trial.trial_figures as in QGIS) equal the later real run's record."""

import json

import pytest

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accuracy.trial import trial_figures
from dp_geoprivacy.spark.__main__ import noisy_od_flows, noisy_zone_counts, noisy_zone_statistics
from dp_geoprivacy.spark.cli import UsageError

from .test_spark_auto_bound import EXTENT, points
from .test_spark_cli import record_of

FIGURES = ("EPSILON_WOULD_SPEND", "DELTA_WOULD_SPEND", "RHO_WOULD_SPEND", "NOISE_SCALE", "SENSITIVITY",
           "EXPECTED_ABS_ERROR", "RMSE", "MARGIN_OF_ERROR", "STABILITY_THRESHOLD", "P_EMPTY_CELL_PUBLISHED",
           "EXPECTED_SPURIOUS")
OD_SETTINGS = ("min_flow", "cells")


def commands(tmp_path):
    """(name, run, parameters, output paths) of the three commands on the same points (user ``card``)."""
    points().to_parquet(tmp_path / "p.parquet")
    common = {"INPUT": str(tmp_path / "p.parquet"), "USER_FIELD": "card", "H3_RESOLUTION": "7", "EXTENT": EXTENT,
              "EPSILON": "0.8", "LEDGER": str(tmp_path / "ledger.json")}
    return {
        "noisyzonecounts": (noisy_zone_counts, {**common, "LON_FIELD": "lon", "LAT_FIELD": "lat",
                                                "MAX_CONTRIBUTIONS": "4", "OUTPUT": str(tmp_path / "c.gpkg")},
                            ["c.gpkg"]),
        "noisyodflows": (noisy_od_flows, {**common, "ORIGIN_X_FIELD": "lon", "ORIGIN_Y_FIELD": "lat",
                                          "DEST_X_FIELD": "dlon", "DEST_Y_FIELD": "dlat", "MAX_TRIPS": "3",
                                          "MIN_FLOW": "5", "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                                          "OUTPUT_MATRIX": str(tmp_path / "m.gpkg")}, ["f.gpkg", "m.gpkg"]),
        "noisyzonestatistics": (noisy_zone_statistics, {**common, "LON_FIELD": "lon", "LAT_FIELD": "lat",
                                                        "VALUE_FIELD": "speed", "STATISTIC": "1", "LOWER": "0",
                                                        "UPPER": "70", "UNIT": "1", "MAX_CONTRIBUTIONS": "3",
                                                        "NOISE": "2", "DELTA": "1e-6",
                                                        "OUTPUT": str(tmp_path / "s.gpkg")}, ["s.gpkg"]),
    }


@pytest.mark.parametrize("name", ["noisyzonecounts", "noisyodflows", "noisyzonestatistics"])
def test_a_trial_run_spends_nothing_and_says_what_the_real_run_then_spends(spark, tmp_path, name):
    run, values, outputs = commands(tmp_path)[name]
    log = []
    trial = run({**values, "DRY_RUN": "true"}, spark, log=log.append)
    assert trial["DRY_RUN"] is True and trial["EPSILON_SPENT"] == 0.0
    assert not any((tmp_path / out).exists() for out in outputs) and not (tmp_path / "ledger.json").exists()
    assert (trial["LEDGER_SPENT"], trial["LEDGER_AFTER"]) == (0.0, trial["EPSILON_WOULD_SPEND"])
    assert any(line.startswith("Trial run: no noise was drawn") for line in log)
    assert not any(line.startswith("Ledger: reserved") for line in log)
    real = run(values, spark, log=lambda line: None)
    record = record_of(tmp_path / outputs[0])
    [entry] = Ledger(tmp_path / "ledger.json").entries()
    assert trial["EPSILON_WOULD_SPEND"] == record.epsilon == entry.epsilon == real["EPSILON_SPENT"]
    assert trial["DELTA_WOULD_SPEND"] == record.delta == entry.delta
    assert trial.get("RHO_WOULD_SPEND") == record.rho == entry.rho
    assert (record.rho is not None) == (name == "noisyzonestatistics")
    assert (trial["NOISE_SCALE"], trial["SENSITIVITY"]) == (record.noise_scale, record.sensitivity)
    settings = {key: trial[key.upper()] for key in OD_SETTINGS} if name == "noisyodflows" else None
    expected, figures = trial_figures(json.loads(record.to_json()), settings)
    assert {k: trial.get(k) for k in FIGURES} == {k: expected.get(k) for k in FIGURES}
    if name == "noisyzonestatistics":  # the planner rebuilds counts and locations only (as in the QGIS trial run)
        assert figures is None
    else:  # a count: the planner's figures for its one mechanism
        assert figures is not None and trial["RMSE"] > 0
    if name == "noisyodflows":
        assert trial["CELLS"] == trial["ZONES"] ** 2 > 100 and trial["EXPECTED_SPURIOUS"] >= 0


def test_a_trial_run_with_automatic_choices_draws_nothing_and_checks_its_inputs(spark, tmp_path):
    """Automatic M and value bounds: the trial run says it draws nothing and gives the figures for the largest M and
    the declared range (as QGIS's); a column that is not there is refused as the real run refuses it."""
    run, values, outputs = commands(tmp_path)["noisyzonestatistics"]
    values = {**values, "MAX_CONTRIBUTIONS": "0", "AUTO_VALUE_BOUNDS": "true", "NOISE": "0", "DELTA": "0",
              "STATISTIC": "2"}
    log = []
    trial = run({**values, "DRY_RUN": "true"}, spark, log=log.append)
    assert any("This trial run draws nothing: its figures are for M = 50" in line for line in log)
    assert any("Automatic LOWER/UPPER: the bounds will be chosen privately inside 0 to 70" in line for line in log)
    assert not any("chose M =" in line or "percentiles are" in line for line in log)
    assert trial["EPSILON_WOULD_SPEND"] == pytest.approx(0.8)
    assert not (tmp_path / outputs[0]).exists() and not (tmp_path / "ledger.json").exists()
    with pytest.raises(Exception, match="nope"):
        run({**values, "VALUE_FIELD": "nope", "DRY_RUN": "true"}, spark, log=lambda line: None)
    assert not (tmp_path / "ledger.json").exists()
    with pytest.raises(UsageError, match="OUTPUT is required"):
        run({k: v for k, v in values.items() if k != "OUTPUT"}, spark)
