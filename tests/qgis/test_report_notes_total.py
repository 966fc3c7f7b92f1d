"""The mobility report's privacy notes (record and page) state the total the run spends: with NOISE=2 the analyses
are composed in zero-concentrated DP, so the report spends less than EPSILON and the first note must say that
total, not 'Total epsilon <EPSILON> (... sequential composition)' beside a title of another epsilon."""

import pytest
from qgis import processing

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .test_report_trial import ALL, inputs, report_parameters  # noqa: F401 (the module's fixture)

NO_TIME_RANGE = [i for i in ALL if i != 2]  # every analysis but trips over time: as the sample city's report


@pytest.mark.parametrize("automatic", [False, True], ids=["M=3", "automatic M"])
def test_gaussian_reports_first_note_gives_the_epsilon_it_spends(inputs, tmp_path, automatic):  # noqa: F811
    records, zones = inputs
    m = {"MAX_TRIPS_PER_USER": 0, "AUTO_MAX_BOUND": 5} if automatic else {"MAX_TRIPS_PER_USER": 3}
    processing.run("dp_geoprivacy:mobilityreport", report_parameters(
        records, zones, tmp_path, DRY_RUN=False, EPSILON=1, NOISE=2, DELTA=1e-6, ANALYSES=NO_TIME_RANGE, **m))
    [record] = read_from_file(str(tmp_path / "visits.gpkg"))
    assert record.epsilon < 1.0  # zCDP: the report spends less than EPSILON
    first = record.notes[0]
    assert "Total epsilon 1 " not in first and "sequential composition" not in first
    assert f"Total epsilon {record.epsilon:g}, delta {record.delta:g}" in first


def test_laplace_reports_first_note_is_unchanged(inputs, tmp_path):  # noqa: F811
    records, zones = inputs
    processing.run("dp_geoprivacy:mobilityreport", report_parameters(
        records, zones, tmp_path, DRY_RUN=False, EPSILON=1, MAX_TRIPS_PER_USER=3))
    [record] = read_from_file(str(tmp_path / "visits.gpkg"))
    assert record.notes[0].startswith("Total epsilon 1 (differential privacy, user level, sequential composition)")
