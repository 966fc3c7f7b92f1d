"""What a planner's trial of the newest features on real data found (Helsinki points, the Cairns feed's trips, the
sample city), each checked here on small data: labels that said L1 and b under Gaussian noise, the OD totals loading
unnamed and unstyled, refusals that did not name the fix, the planner calling two different figures its 95%
margin, the mobility report's dialog refusing NOISE=2, and a trial run with automatic M giving the figures of an
epsilon the counts did not get."""

import pytest
from qgis import processing
from qgis.core import QgsApplication, QgsGraduatedSymbolRenderer, QgsProcessingException, QgsProject

from .conftest import ROOT, write_grid_zones
from .od_flows.conftest import known_trips, zones  # noqa: F401 (fixtures)
from .od_flows.support import ALG as OD_FLOWS
from .od_flows.support import PURE, LogFeedback
from .test_dialog_defaults import no_iface  # noqa: F401 (fixture)

SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"


@pytest.mark.parametrize("algorithm", ["noisyzonecounts", "noisyodflows", "noisyzonestatistics"])
def test_sensitivity_and_noise_scale_say_what_they_are_under_gaussian_noise(algorithm):
    """With NOISE=2 SENSITIVITY is the L2 sensitivity and NOISE_SCALE sigma (the trial's zone counts gave 2.236 and
    10.13 under 'Sensitivity (L1)' and 'Noise scale b')."""
    found = QgsApplication.processingRegistry().algorithmById(f"dp_geoprivacy:{algorithm}")
    assert "L2 with NOISE=2" in found.outputDefinition("SENSITIVITY").description()
    assert "sigma with NOISE=2" in found.outputDefinition("NOISE_SCALE").description()


def test_od_totals_load_named_from_their_record_and_graduated(known_trips, zones, tmp_path):  # noqa: F811
    project = QgsProject.instance()
    before = set(project.mapLayers())
    processing.runAndLoadResults(OD_FLOWS, {**PURE, "MIN_FLOW": 0, "INPUT": known_trips[0], "ZONES": zones,
                                            "ZONE_ID_FIELD": "zone_id", "EPSILON": 2,
                                            "OUTPUT_FLOWS": str(tmp_path / "f.gpkg"),
                                            "OUTPUT_MATRIX": str(tmp_path / "m.gpkg"),
                                            "OUTPUT_TOTALS": str(tmp_path / "t.gpkg")})
    loaded = [project.mapLayer(i) for i in set(project.mapLayers()) - before]
    try:
        [totals] = [layer for layer in loaded if layer.source().startswith(str(tmp_path / "t.gpkg"))]
        assert totals.name().startswith("Consistent OD totals (ε=2")
        assert totals.metadata().abstract().startswith("Differentially private release")
        renderer = totals.renderer()
        assert isinstance(renderer, QgsGraduatedSymbolRenderer) and renderer.classAttribute() == "origin_total"
    finally:
        project.removeMapLayers([layer.id() for layer in loaded])


def test_automatic_value_bounds_without_their_range_are_refused_naming_it(tmp_path):
    with pytest.raises(QgsProcessingException, match="AUTO_VALUE_BOUNDS chooses the bounds inside a public range: "
                                                     "give LOWER and UPPER"):
        processing.run("dp_geoprivacy:noisyzonestatistics", {
            "INPUT": f"{SAMPLE}|layername=households", "ZONES": f"{SAMPLE}|layername=zones",
            "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "persons", "AUTO_VALUE_BOUNDS": True, "EPSILON": 1,
            "OUTPUT": str(tmp_path / "stats.gpkg")})


def test_parent_fields_joined_by_commas_are_refused_with_the_separator(tmp_path):
    """qgis_process takes several fields as 'district;city'; 'district,city' said only that no such field exists."""
    from osgeo import ogr

    nested = write_grid_zones(tmp_path / "zones.gpkg", 32632, (683000, 5330000), 1000.0, 4)
    dataset = ogr.Open(nested, 1)
    dataset.ExecuteSQL("ALTER TABLE zones ADD COLUMN district TEXT")
    dataset.ExecuteSQL("ALTER TABLE zones ADD COLUMN city TEXT")
    dataset.ExecuteSQL("UPDATE zones SET district = substr(zone_id, 1, 2), city = 'C'")
    dataset = None
    with pytest.raises(QgsProcessingException, match="PARENT_FIELDS: several fields are separated by ';', not ',' "
                                                     r"\(e.g. district;city\)"):
        processing.run("dp_geoprivacy:consistentcounts", {
            "INPUT": f"{SAMPLE}|layername=households", "ZONES": nested, "ZONE_ID_FIELD": "zone_id",
            "PARENT_FIELDS": "district,city", "EPSILON": 1, "OUTPUT": str(tmp_path / "levels.gpkg")})


def test_the_planners_side_by_side_does_not_call_its_quantiles_the_margin_of_error(tmp_path):
    """The planner's log gave one Laplace noise a '95% margin of error 111.9' (the bound a release publishes) and a
    '95% margin 97' (the exact quantile) two lines apart."""
    log = LogFeedback()
    processing.run("dp_geoprivacy:accuracyplanner", {"RELEASE": 0, "EPSILON": 1, "ZONES": 202,
                                                     "MAX_CONTRIBUTIONS": 32, "DELTA": 1e-6,
                                                     "OUTPUT": str(tmp_path / "plan.gpkg")}, feedback=log)
    [line] = [m for m in log.messages if m.startswith("Side by side")]
    assert "95% margin" not in line and "RMSE 46.19, 95% of errors within 97;" in line


def test_the_mobility_reports_dialog_runs_with_gaussian_noise(no_iface):  # noqa: F811
    """The dialog lists every analysis in ANALYSES (its default); with NOISE=2 that was taken as choosing od_flows
    and refused, so the report could not run from the dialog without unticking it. Now the OD flows take part
    (Gaussian thresholding)."""
    from processing.gui.AlgorithmDialog import AlgorithmDialog
    from qgis.core import QgsProcessingContext, QgsVectorLayer

    layers = {key: QgsVectorLayer(f"{SAMPLE}|layername={name}", name, "ogr")
              for key, name in (("INPUT", "trips"), ("ZONES", "zones"))}
    assert len(QgsProject.instance().addMapLayers(list(layers.values()))) == len(layers)
    algorithm = QgsApplication.processingRegistry().createAlgorithmById("dp_geoprivacy:mobilityreport")
    dialog = AlgorithmDialog(algorithm, False, None)
    try:
        context = QgsProcessingContext()
        context.setProject(QgsProject.instance())
        panel = dialog.mainWidget()
        for name, value in {**layers, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "user_id",
                            "TIMESTAMP_FIELD": "depart_time", "MAX_TRIPS_PER_USER": 4, "NOISE": 2,
                            "DELTA": 1e-6}.items():
            panel.wrappers[name].setParameterValue(value, context)
        values = panel.createProcessingParameters()
        assert len(values["ANALYSES"]) == len(algorithm.parameterDefinition("ANALYSES").options())
        log = LogFeedback()
        results, ok = algorithm.run(values, context, log)
        assert ok, "\n".join(log.messages)
        # The OD flows are in, by Gaussian thresholding (issue 22), and the page says which noise they used.
        assert not any("OD flows are left out" in m for m in log.messages)
        with open(results["OUTPUT_HTML"], encoding="utf-8") as page:
            assert "OD flows by Gaussian thresholding" in page.read()
    finally:
        dialog.deleteLater()
        QgsProject.instance().removeMapLayers([layer.id() for layer in layers.values()])


def test_a_trial_run_with_automatic_m_gives_the_figures_of_the_counts_own_epsilon(tmp_path):
    """The trial run's accuracy came from the record's epsilon (the run's whole EPSILON, the choice's share
    included) while its NOISE_SCALE was the counts' (on Helsinki: margin 181.8 beside a noise scale 52.63, whose
    margin is 189.7): with AUTO_SHARE 0.9 of EPSILON 10 the counts have epsilon 1, scale 8 at M = 8."""
    import math

    from dp_geoprivacy.core.accuracy.planning import count_accuracy
    from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise

    from .neighbouring_cases import point, write_layer
    from .test_auto_bound import AUTO, PER_USER, USERS, centre

    zones_path = write_grid_zones(tmp_path / "zones.gpkg", 32633, (500_000.0, 4_500_000.0), 1000.0, 3)
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    log = LogFeedback()
    results = processing.run("dp_geoprivacy:noisyzonecounts", {
        **AUTO, "INPUT": write_layer(tmp_path / "points.gpkg", rows), "ZONES": zones_path, "ZONE_ID_FIELD": "zone_id",
        "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 0, "DRY_RUN": True, "OUTPUT": str(tmp_path / "counts.gpkg")},
        feedback=log)
    assert results["NOISE_SCALE"] == pytest.approx(8.0)
    # the noise the counts get: scale 8 (their epsilon 10 x 0.1 = 1, up to rounding, which the grain follows)
    expected = count_accuracy(CountNoise(LAPLACE, 8 / results["NOISE_SCALE"], 8), 10, 1)
    assert results["MARGIN_OF_ERROR"] == pytest.approx(expected.margin_of_error)
    assert results["MARGIN_OF_ERROR"] > 8 * math.log(20)
    assert results["EXPECTED_ABS_ERROR"] == pytest.approx(expected.expected_abs_error)
    # The log's own line: 8 / EPSILON (10) is not 8 (it said "8 / EPSILON = 8")
    assert any("so the noise scale is 8 / epsilon 1 = 8 per cell" in m for m in log.messages), log.messages
