"""The mobility report's planned accuracy as people read it in the log (processing/report_accuracy.py): the trial
run's and the accuracy planner's lines give counts as the report page does (1,574, never 1.57e+03), and the OD
flows' threshold in the unit the report counts (trips with Laplace, users per pair with NOISE=2)."""

import re

import pytest

from dp_geoprivacy.core.releases.mobility_report import ANALYSES, MobilityReportSpec
from dp_geoprivacy.processing.report_accuracy import trial_sections

EXPONENT = re.compile(r"\d[eE]\+\d")  # a large number written with a power of ten (1.57e+03)


def logged(**spec):
    lines = []
    trial_sections(MobilityReportSpec(epsilon=1.0, max_trips=5, unit_of_privacy="one user",
                                     analyses=tuple(a for a in ANALYSES if a != "trips_over_time"), **spec), 1.0,
                   lines.append)
    return lines


@pytest.mark.parametrize("gaussian_delta", [0.0, 1e-6], ids=["Laplace", "NOISE=2"])
def test_section_lines_give_numbers_for_people(gaussian_delta):
    """EPSILON 1, M 5 (the defaults): margins run to thousands and rank margins to tens of thousands; none is
    written with a power of ten, and the visits per zone's margin is the one the report page writes (±164)."""
    lines = logged(gaussian_delta=gaussian_delta)
    assert not [line for line in lines if EXPONENT.search(line)]
    assert gaussian_delta or any("margin ±1,574" in line for line in lines)
    assert any(line.startswith("visits_per_zone (count)") and "margin ±" in line for line in lines)


def test_od_flow_threshold_is_in_the_reports_unit():
    """Laplace: the stability histogram counts trips; NOISE=2: Gaussian thresholding counts users per pair."""
    [laplace] = [line for line in logged() if line.startswith("od_flows")]
    [gaussian] = [line for line in logged(gaussian_delta=1e-6) if line.startswith("od_flows")]
    assert "trips" in laplace and "users" not in laplace
    assert "users per pair" in gaussian and "trips" not in gaussian


def test_planners_report_lines_give_numbers_for_people(tmp_path):
    """The accuracy planner for the report at EPSILON 0.05, M 20, NOISE=2 (the side by side at DELTA): the Laplace
    OD threshold is about 64,000 trips (once written 6.368e+04); no log line writes a number with a power of ten."""
    from qgis import processing

    from .feedback import Log

    log = Log()
    processing.run("dp_geoprivacy:accuracyplanner", {
        "RELEASE": 6, "EPSILON": 0.05, "EPSILONS": "0.05", "MAX_CONTRIBUTIONS": 20, "NOISE": 2, "DELTA": 1e-6,
        "OUTPUT": str(tmp_path / "plan.gpkg")}, feedback=log)
    side = [line for line in log.lines if line.startswith(("OD flows:", "Visits per zone:"))]
    assert len(side) == 2, log.lines
    assert not [line for line in log.lines if EXPONENT.search(line)], log.lines
