"""dp_geoprivacy:mobilityreport's log as people read it (a planner's trial run): the empty OD flows' threshold in
the unit the report counts, a DELTA the settings do not use, an empty INPUT."""

import re

import pytest
from qgis import processing
from qgis.core import QgsProcessingException

from .feedback import Log
from .test_mobility_report import ALG, write_records, write_trips, write_zones


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("messages")
    return write_trips(folder)[0], write_zones(folder)


def report(path, zones, tmp_path, **extra):
    log = Log()
    parameters = {"INPUT": path, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                  "ZONE_ID_FIELD": "zone_id", "EPSILON": 1.0, "MAX_TRIPS_PER_USER": 3,
                  "OUTPUT_HTML": str(tmp_path / "report.html"), "OUTPUT_VISITS": str(tmp_path / "visits.gpkg"),
                  "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"), **extra}
    processing.run(ALG, parameters, feedback=log)
    return log


@pytest.mark.parametrize("extra, unit, not_unit", [
    ({}, "trips", "users"),
    ({"NOISE": 2, "DELTA": 1e-6}, "users per pair", "trips"),
], ids=["Laplace", "NOISE=2"])
def test_empty_flows_warning_gives_the_threshold_in_the_reports_unit(data, tmp_path, extra, unit, not_unit):
    """EPSILON 1 on 120 trips: no pair reaches the threshold. The stability histogram counts trips; Gaussian
    thresholding (NOISE=2) counts users per pair, as the accuracy planner says (it said 'trips' for both)."""
    log = report(*data, tmp_path, **extra)
    [line] = [w for w in log.warnings if w.startswith("No OD flow reached the publication threshold")]
    about = re.search(r"\(about [\d,.]+ ([a-z ]+)\)", line)
    assert about and about.group(1) == unit and not_unit not in about.group(1), line
    page = (tmp_path / "report.html").read_text(encoding="utf-8")  # the page's note on the section says the same
    assert re.search(rf"publication threshold of about [\d,.]+ {unit} at this epsilon", page)


@pytest.mark.parametrize("analyses, part", [(None, "only on the OD flows (OD_DELTA)"), ([0], "delta = 0")])
def test_laplace_report_warns_that_delta_is_not_used(data, tmp_path, analyses, part):
    """NOISE=0 with DELTA 1e-6: DELTA is ignored (only NOISE=2 uses it); a warning, as noisyzonecounts and
    noisyodflows say it, not a refusal (it was silently ignored)."""
    extra = {"NOISE": 0, "DELTA": 1e-6} if analyses is None else {"NOISE": 0, "DELTA": 1e-6, "ANALYSES": analyses}
    log = report(*data, tmp_path, **extra)
    [line] = [w for w in log.warnings if w.startswith("DELTA is only used by NOISE=2")]
    assert part in line
    assert not [w for w in report(*data, tmp_path, NOISE=0).warnings if w.startswith("DELTA")]


def test_an_empty_records_layer_is_refused_as_empty(data, tmp_path):
    """0 features with TRIP_FIELD set: the refusal says INPUT has no records (it said no record had a trip id in
    TRIP_FIELD, as if the trip ids were missing); nothing is written."""
    empty = write_records(tmp_path / "empty.gpkg", [])
    with pytest.raises(QgsProcessingException, match=r"INPUT has no records \(the layer is empty\)"):
        report(empty, data[1], tmp_path)
    assert not (tmp_path / "report.html").exists()
