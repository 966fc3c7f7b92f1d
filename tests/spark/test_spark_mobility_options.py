"""mobilityreport on Spark: NOISE=2 and DRY_RUN from the command line (issue 24), and their refusals.

A trial run reads and checks the inputs as the real run does, says what the report would spend, writes nothing and
appends nothing to the ledger; bad NOISE / DELTA / OD_DELTA / DRY_RUN settings are usage errors naming the parameter
and its fix (exit status 2, no traceback).
"""

import json

import pytest

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.accuracy.report_planning import section_rows
from dp_geoprivacy.core.mechanisms.bound_selection import release_epsilon
from dp_geoprivacy.core.releases.mobility_report import ANALYSES, MobilityReportSpec
from dp_geoprivacy.spark.__main__ import UsageError, main, mobility_report

from .test_spark_mobility_report import EXTENT, trip_records


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    trip_records(users=120, nulls=False).to_parquet(folder / "records.parquet", coerce_timestamps="us")
    return folder / "records.parquet"


def settings(records, tmp_path, **extra):
    values = {"INPUT": str(records), "USER_FIELD": "card", "TRIP_FIELD": "trip", "TIMESTAMP_FIELD": "ts",
              "LON_FIELD": "lon", "LAT_FIELD": "lat", "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "2",
              "MAX_TRIPS_PER_USER": "3", "LEDGER": str(tmp_path / "ledger.json"),
              "OUTPUT_HTML": str(tmp_path / "r.html"), "OUTPUT_VISITS": str(tmp_path / "v.gpkg"),
              "OUTPUT_FLOWS": str(tmp_path / "f.gpkg")}
    values.update({k: str(v) for k, v in extra.items()})
    return values


def test_gaussian_report_records_rho_in_the_ledger_and_the_results(spark, records, tmp_path):
    """NOISE=2 without OD flows: the report is zCDP; its ledger entry and results carry rho and the (epsilon, delta)
    rho converts to at DELTA (at most EPSILON), as the QGIS algorithm's."""
    analyses = "visits_per_zone,trips_per_weekday,jump_length"
    results = mobility_report(settings(records, tmp_path, NOISE=2, DELTA=1e-6, ANALYSES=analyses), spark,
                              log=lambda _: None)
    [entry] = Ledger(str(tmp_path / "ledger.json")).entries()
    assert entry.rho == pytest.approx(results["RHO_SPENT"]) and entry.rho > 0
    assert (entry.epsilon, entry.delta) == (pytest.approx(results["EPSILON_SPENT"]), 1e-6)
    expected = MobilityReportSpec(2.0, 3, "", tuple(analyses.split(",")), gaussian_delta=1e-6).record_fields()
    assert (entry.rho, entry.epsilon) == (pytest.approx(expected["rho"]), pytest.approx(expected["epsilon"]))
    (tmp_path / "laplace").mkdir()
    laplace = mobility_report(settings(records, tmp_path / "laplace", ANALYSES=analyses), spark, log=lambda _: None)
    assert "RHO_SPENT" not in laplace and laplace["EPSILON_SPENT"] == 2.0


def test_trial_run_reads_and_checks_then_writes_nothing(spark, records, tmp_path):
    """DRY_RUN=true: what the release would spend is reported (epsilon, delta, rho), the ledger's state is
    previewed, and no output file, no ledger entry is written; the same settings run for real spend exactly that."""
    log = []
    values = settings(records, tmp_path, NOISE=2, DELTA=1e-6, ANALYSES="visits_per_zone,trips_per_hour",
                      BUDGET=5)
    trial = mobility_report({**values, "DRY_RUN": "true"}, spark, log=log.append)
    assert trial["DRY_RUN"] is True and trial["EPSILON_SPENT"] == 0.0
    assert trial["RHO_WOULD_SPEND"] > 0 and trial["DELTA_WOULD_SPEND"] == 1e-6
    assert (trial["LEDGER_SPENT"], trial["BUDGET_WOULD_REFUSE"]) == (0.0, False)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    text = "\n".join(log)
    assert "would spend epsilon" in text and "rho" in text and "nothing added to the ledger" in text
    # Each section's planned accuracy at the run's settings: the core's rows (the planner's and QGIS's trial's).
    planned = section_rows(MobilityReportSpec(2.0, 3, "", ("visits_per_zone", "trips_per_hour"),
                                              gaussian_delta=1e-6), 2.0)
    assert json.loads(trial["SECTIONS_ACCURACY"]) == planned
    assert trial["MARGIN_OF_ERROR"] == planned[0]["margin_of_error"] and planned[0]["section"] == "visits_per_zone"
    assert "visits_per_zone (count): epsilon 1.67, expected error " in text
    real = mobility_report(values, spark, log=lambda _: None)
    assert (real["EPSILON_SPENT"], real["DELTA_SPENT"], real["RHO_SPENT"]) == (
        trial["EPSILON_WOULD_SPEND"], trial["DELTA_WOULD_SPEND"], trial["RHO_WOULD_SPEND"])
    # Now the ledger holds the release: a second trial sees it and that BUDGET would refuse a third epsilon 2.
    again = mobility_report({**values, "DRY_RUN": "yes", "BUDGET": real["EPSILON_SPENT"] * 1.5}, spark,
                            log=lambda _: None)
    assert again["LEDGER_SPENT"] > 0 and again["BUDGET_WOULD_REFUSE"] is True
    assert len(Ledger(str(tmp_path / "ledger.json")).entries()) == 1


def test_trial_run_refuses_bad_input_as_the_real_run(spark, records, tmp_path):
    with pytest.raises(UsageError, match="inside the zones"):
        mobility_report(settings(records, tmp_path, DRY_RUN="true", EXTENT="10,11,10,11 [EPSG:4326]"), spark,
                        log=lambda _: None)
    with pytest.raises(UsageError, match="no column 'when'"):
        mobility_report(settings(records, tmp_path, DRY_RUN="true", TIMESTAMP_FIELD="when"), spark,
                        log=lambda _: None)
    assert list(tmp_path.iterdir()) == []


def test_trial_run_with_automatic_m_draws_no_m(spark, records, tmp_path):
    """MAX_TRIPS_PER_USER=0 with DRY_RUN: the choice is not run (no M is drawn: its output would be a mechanism
    output no ledger holds); the figures are for AUTO_MAX_BOUND, the most noise the choice can give."""
    log = []
    trial = mobility_report(settings(records, tmp_path, DRY_RUN="true", MAX_TRIPS_PER_USER=0, AUTO_MAX_BOUND=7),
                            spark, log=log.append)
    text = "\n".join(log)
    assert "This trial run draws nothing: its figures are for M = 7" in text
    assert "chose M" not in text and trial["EPSILON_WOULD_SPEND"] == pytest.approx(2.0)
    assert "at most 7 trips" in text
    # The sections planned as the planner plans automatic M: at M = 7 on what the choice (5% of 2) leaves.
    assert "Automatic M is not drawn in a trial run: each section is planned at M = 7" in text
    rows = json.loads(trial["SECTIONS_ACCURACY"])
    analyses = tuple(a for a in ANALYSES if a != "trips_over_time")  # no TIME_START and TIME_END
    assert rows == section_rows(MobilityReportSpec(release_epsilon(2.0, 0.05, 1, zcdp_release=False), 7, "",
                                                   analyses), 2.0)
    assert trial["CHOICE_EPSILON"] == pytest.approx(0.1)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("extra, message", [
    ({"NOISE": "1"}, "NOISE=1 (discrete Laplace) is not offered"),
    ({"NOISE": "2"}, "NOISE=2 (discrete Gaussian) needs DELTA > 0, e.g. DELTA=1e-6"),
    ({"NOISE": "2", "DELTA": "1.5"}, "needs DELTA > 0"),
    ({"NOISE": "7"}, "NOISE must be 0 (Laplace) or 2"),
    ({"NOISE": "gauss"}, "NOISE must be a whole number"),
    ({"OD_DELTA": "0"}, "OD_DELTA must be in (0, 1)"),
])
def test_bad_noise_settings_are_usage_errors_naming_the_parameter(tmp_path, capsys, extra, message):
    """Refused before Spark starts or anything is read: exit status 2, the message, no traceback."""
    values = settings(tmp_path / "none.parquet", tmp_path, **extra)
    assert main(["mobilityreport", *[f"{k}={v}" for k, v in values.items()]]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
    assert list(tmp_path.iterdir()) == []


def test_other_commands_offer_dry_run_and_release_nothing(spark, tmp_path, capsys):
    """Every Spark command offers DRY_RUN (spark/trial.py): noisyzonecounts given DRY_RUN=true from the command line
    exits 0, prints what it would spend and the planner's figures, and writes neither its output nor the ledger."""
    import pandas as pd

    pd.DataFrame({"lon": [145.75, 145.76], "lat": [-16.93, -16.92]}).to_parquet(tmp_path / "p.parquet")
    ledger = tmp_path / "ledger.json"
    status = main(["noisyzonecounts", f"INPUT={tmp_path / 'p.parquet'}", "LON_FIELD=lon", "LAT_FIELD=lat",
                   "H3_RESOLUTION=7", f"EXTENT={EXTENT}", "EPSILON=1", f"OUTPUT={tmp_path / 'c.gpkg'}",
                   f"LEDGER={ledger}", "DRY_RUN=true"])
    out = capsys.readouterr().out
    assert status == 0 and "EPSILON_WOULD_SPEND: 1.0" in out and "RMSE: " in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.parquet"]
