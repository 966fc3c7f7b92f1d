"""The mobility report's trial run (DRY_RUN) gives the planned accuracy of each section (issue 24).

At the run's own settings (EPSILON, BUDGET_SPLIT, ANALYSES, M, NOISE=2 too) the trial run returns the accuracy
planner's rows for the report (core.accuracy.report_planning: one function for both) in SECTIONS_ACCURACY (JSON),
the visits per zone's and the OD flows' figures as results of their own, and logs each section's line. With
automatic M nothing is drawn: the sections are planned at AUTO_MAX_BOUND on what the choice leaves, as the planner
plans them. The figures follow from the settings alone: two neighbouring datasets give the same results.
"""

import json
import math

import pytest
from osgeo import ogr
from qgis import processing

from dp_geoprivacy.core.accuracy.report_planning import REPORT_COLUMNS
from dp_geoprivacy.core.releases.mobility_report import ANALYSES

from .conftest import run_qgis_process
from .test_accuracy_auto_bound import table_rows
from .test_mobility_report import X0, Y0, write_records, write_trips, write_zones

ALL = list(range(len(ANALYSES)))
SPLIT = "od_flows=3,visits_per_zone=2"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trial")
    return write_trips(folder)[0], write_zones(folder)


def report_parameters(records, zones, out, **extra):
    return {"INPUT": records, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
            "ZONE_ID_FIELD": "zone_id", "TIME_START": "2024-03-01", "TIME_END": "2024-04-01", "DRY_RUN": True,
            "OUTPUT_HTML": str(out / "report.html"), "OUTPUT_VISITS": str(out / "visits.gpkg"),
            "OUTPUT_FLOWS": str(out / "flows.gpkg"), **extra}


def trial_json(parameters):
    """The trial run through the real qgis_process: (results, log)."""
    done = run_qgis_process("run", "dp_geoprivacy:mobilityreport", "--json", "--",
                            *[f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}"
                              for k, v in parameters.items()])
    return json.loads(done.stdout[done.stdout.index("{"):])["results"], done.stdout + done.stderr


def planned(tmp_path, name, **parameters):
    """The accuracy planner's rows for the mobility report (RELEASE 6) at these settings (the report's columns)."""
    output = tmp_path / f"{name}.gpkg"
    results = processing.run("dp_geoprivacy:accuracyplanner", {"RELEASE": 6, "REPORT_ANALYSES": ALL,
                                                               "OUTPUT": str(output), **parameters})
    rows = [{column: None if isinstance(row[column], float) and math.isnan(row[column]) else row[column]
             for column in REPORT_COLUMNS} for row in table_rows(output)]
    return results, rows


@pytest.mark.parametrize("noise", [0, 2], ids=["Laplace", "NOISE=2"])
def test_trial_run_gives_each_sections_planned_accuracy_as_the_planner(inputs, tmp_path, noise):
    """EPSILON 2, M 3, a BUDGET_SPLIT, every analysis (NOISE=2: DELTA 1e-6, OD_DELTA 1e-7): the trial's rows are the
    planner's for the same settings, figure for figure; its lead results are the planner's; nothing is written."""
    records, zones = inputs
    gaussian = {"NOISE": noise, "DELTA": 1e-6 if noise else 0.0, "OD_DELTA": 1e-7}
    trial = processing.run("dp_geoprivacy:mobilityreport", report_parameters(
        records, zones, tmp_path, EPSILON=2, MAX_TRIPS_PER_USER=3, ANALYSES=ALL, BUDGET_SPLIT=SPLIT, **gaussian))
    assert trial["DRY_RUN"] is True and trial["EPSILON_SPENT"] == 0
    assert list(tmp_path.iterdir()) == []
    rows = json.loads(trial["SECTIONS_ACCURACY"])
    plan, expected = planned(tmp_path, "plan", EPSILON=2, EPSILONS="2", MAX_CONTRIBUTIONS=3, BUDGET_SPLIT=SPLIT,
                             **gaussian)
    assert [list(row) for row in rows] == [list(REPORT_COLUMNS)] * len(rows)
    assert rows == expected and {row["section"] for row in rows} == set(ANALYSES)
    for name in ("EXPECTED_ABS_ERROR", "RMSE", "MARGIN_OF_ERROR", "STABILITY_THRESHOLD"):
        assert trial[name] == plan[name], name
    settings, planner_settings = json.loads(trial["SETTINGS"]), json.loads(plan["SETTINGS"])
    for name in ("analyses", "budget_split", "max_contributions", "od_delta", "noise", "delta"):
        assert settings[name] == planner_settings[name], name
    [visits] = [row for row in rows if row["section"] == "visits_per_zone"]
    assert visits["section_epsilon"] == pytest.approx(2 * 2 / 18)  # 13 analyses at 1, od_flows 3, visits 2


def test_trial_run_with_automatic_m_plans_at_the_largest_candidate_under_qgis_process(inputs, tmp_path):
    """MAX_TRIPS_PER_USER=0 (automatic), AUTO_MAX_BOUND 7, AUTO_SHARE 0.1 of EPSILON 2, through qgis_process: no M
    is drawn and the log says so; the rows are the planner's with MAX_CONTRIBUTIONS 0 at the same settings (M = 7 on
    the 1.8 the choice leaves, labelled with the total EPSILON 2); CHOICE_EPSILON is the planner's."""
    records, zones = inputs
    trial, log = trial_json(report_parameters(records, zones, tmp_path, EPSILON=2, MAX_TRIPS_PER_USER=0,
                                              AUTO_MAX_BOUND=7, AUTO_SHARE=0.1, ANALYSES=ALL))
    assert "Automatic M is not drawn in a trial run: each section is planned at M = 7" in log
    assert "At EPSILON 2 for the whole report (M = 7), per section" in log
    assert "visits_per_zone (count): epsilon " in log and "chose M" not in log
    plan, expected = planned(tmp_path, "auto", EPSILON=2, EPSILONS="2", MAX_CONTRIBUTIONS=0, AUTO_MAX_BOUND=7,
                             AUTO_SHARE=0.1, OD_DELTA=1e-6)
    assert json.loads(trial["SECTIONS_ACCURACY"]) == expected
    assert trial["CHOICE_EPSILON"] == plan["CHOICE_EPSILON"] == pytest.approx(0.2)
    assert trial["MARGIN_OF_ERROR"] == plan["MARGIN_OF_ERROR"]
    settings = json.loads(trial["SETTINGS"])
    assert (settings["max_contributions"], settings["auto_max_bound"]) == (0, 7)
    assert list(tmp_path.iterdir()) == [tmp_path / "auto.gpkg"]


def test_trial_runs_on_neighbouring_datasets_give_the_same_results(inputs, tmp_path):
    """One user's trips added (7 trips, more than M: a user with the most weight), through qgis_process, with
    NOISE=2 and automatic M: the trial run's every result (what it would spend, every section's figures, the
    settings) is the same on both datasets; only the data holder's log may differ."""
    records, zones = inputs
    neighbour_rows = [("extra", f"x{k}", f"2024-03-0{1 + k} 0{k}:10:00", X0 + 100 * k + 50, Y0 + 50)
                      for k in range(7)]
    neighbour_rows += [("extra", f"x{k}", f"2024-03-0{1 + k} 0{k}:50:00", X0 + 3500, Y0 + 3500) for k in range(7)]
    source = ogr.Open(records)
    layer = source.GetLayer(0)
    rows = [(f["uid"], f["tid"], f["ts"], f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY()) for f in layer]
    source = None
    neighbour = write_records(tmp_path / "neighbour.gpkg", rows + neighbour_rows)
    settings = {"EPSILON": 1, "MAX_TRIPS_PER_USER": 0, "AUTO_MAX_BOUND": 5, "NOISE": 2, "DELTA": 1e-6,
                "ANALYSES": ALL}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, _ = trial_json(report_parameters(records, zones, tmp_path / "a", **settings))
    second, _ = trial_json(report_parameters(neighbour, zones, tmp_path / "b", **settings))
    assert "SECTIONS_ACCURACY" in first and first["EXPECTED_ABS_ERROR"] > 0
    assert first == second


@pytest.mark.parametrize("noise", [0, 2], ids=["Laplace", "NOISE=2"])
def test_trial_runs_sensitivity_and_noise_scale_describe_one_mechanism(inputs, tmp_path, noise):
    """M 5: the trial's SENSITIVITY and NOISE_SCALE are both the visits per zone's (its lead figures' mechanism:
    sensitivity 2M = 10, or sqrt(2M) with NOISE=2, and its scale); SENSITIVITY was the record's M (5) beside that
    mechanism's scale. Laplace: the scale is the sensitivity over the section's epsilon."""
    records, zones = inputs
    gaussian = {"NOISE": noise, "DELTA": 1e-6 if noise else 0.0}
    trial = processing.run("dp_geoprivacy:mobilityreport", report_parameters(
        records, zones, tmp_path, EPSILON=2, MAX_TRIPS_PER_USER=5, ANALYSES=ALL, BUDGET_SPLIT=SPLIT, **gaussian))
    [visits] = [row for row in json.loads(trial["SECTIONS_ACCURACY"]) if row["section"] == "visits_per_zone"]
    assert trial["SENSITIVITY"] == visits["sensitivity"] == pytest.approx(math.sqrt(10) if noise else 10)
    assert trial["NOISE_SCALE"] == visits["noise_scale"]
    if not noise:
        assert trial["NOISE_SCALE"] == pytest.approx(10 / visits["section_epsilon"])
