"""dp_geoprivacy:accuracyplanner through the Processing API and qgis_process.

The planner's predicted error per zone is checked against what a real
noisyzonecounts run (SEED given) measures on data the test makes, for
epsilon 0.1, 1 and 5: within 4 standard errors of one draw's mean over the
zones (the standard deviation of |error| comes from the planner's own
distribution; two-sided alpha about 6e-5).
"""

import json
import math

import numpy as np
import pytest
from qgis import processing
from qgis.core import QgsProcessingException

from dp_geoprivacy.core.accuracy.noise_choice import count_noise_choice, sum_noise_choice
from dp_geoprivacy.core.accuracy.planning import count_accuracy
from dp_geoprivacy.core.accuracy.utility import compare_counts, sampling_tolerance
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN, zcdp_epsilon, zcdp_rho
from dp_geoprivacy.core.releases.zone_counts import make_mechanism

from .conftest import read_field, run_algorithm_json, write_grid_zones, write_points
from .test_mobility_report import run as run_report
from .test_mobility_report import write_trips, write_zones

ALG = "dp_geoprivacy:accuracyplanner"
X0, Y0, CELL, N = 500_000.0, 4_500_000.0, 100.0, 30


@pytest.fixture(scope="module")
def city(tmp_path_factory):
    """A 30 x 30 grid (900 zones) with 200-600 points in each zone (far above any margin: no clamping)."""
    folder = tmp_path_factory.mktemp("city")
    rng = np.random.default_rng(2024)
    counts = rng.integers(200, 600, N * N)
    index = np.repeat(np.arange(N * N), counts)
    x = X0 + (index % N + rng.uniform(0.05, 0.95, len(index))) * CELL
    y = Y0 + (index // N + rng.uniform(0.05, 0.95, len(index))) * CELL
    zones = write_grid_zones(folder / "zones.gpkg", 32633, (X0, Y0), CELL, N)
    points = write_points(folder / "points.gpkg", 32633, np.column_stack((x, y)))
    truth = {f"Z{i // N}_{i % N}": int(c) for i, c in enumerate(counts)}
    return zones, points, truth


def plan(tmp_path, **parameters):
    parameters.setdefault("OUTPUT", str(tmp_path / "plan.gpkg"))
    return processing.run(ALG, parameters)


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 5.0])
def test_predicted_error_matches_a_real_release(city, tmp_path, epsilon):
    zones, points, truth = city
    predicted = plan(tmp_path, RELEASE=0, EPSILON=epsilon, ZONES=N * N)
    out = tmp_path / "counts.gpkg"
    processing.run("dp_geoprivacy:noisyzonecounts", {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": epsilon, "SEED": 17,
        "OUTPUT": str(out)})
    noisy = dict(zip(read_field(out, "zone_id"), read_field(out, "noisy_count")))
    assert read_field(out, "moe95")[0] == pytest.approx(predicted["MARGIN_OF_ERROR"])
    # What dp_geoprivacy:utilityreport measures on the release and its original ...
    report = processing.run("dp_geoprivacy:utilityreport", {
        "RELEASED": str(out), "ORIGINAL": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
        "OUTPUT": str(tmp_path / "utility.gpkg")})
    assert report["MAE"] == pytest.approx(compare_counts(truth, noisy, domain=sorted(truth)).mae)
    assert report["PREDICTED_MAE"] == pytest.approx(predicted["EXPECTED_ABS_ERROR"])
    # ... is the planner's prediction within 4 standard errors of one draw (sd of |error| from the planner's
    # figures: RMSE^2 - E|e|^2).
    sd = math.sqrt(predicted["RMSE"] ** 2 - predicted["EXPECTED_ABS_ERROR"] ** 2)
    assert abs(report["MAE"] - predicted["EXPECTED_ABS_ERROR"]) <= sampling_tolerance(sd, N * N)


def test_table_chart_and_inverse(tmp_path):
    chart = tmp_path / "plan.html"
    results = plan(tmp_path, RELEASE=1, EPSILON=1, ZONES=80, MIN_FLOW=1, EPSILONS="0.5, 2",
                   TARGET_MARGIN=5, TARGET_SPURIOUS=10, OUTPUT_CHART=str(chart))
    assert read_field(results["OUTPUT"], "epsilon") == [0.5, 1.0, 2.0]
    spurious = read_field(results["OUTPUT"], "expected_spurious")
    for epsilon, value in zip((0.5, 1.0, 2.0), spurious):
        assert value == pytest.approx(count_accuracy(CountNoise(LAPLACE, epsilon, 1), 6400, 1).expected_spurious)
    # Snapping: grain 2 at epsilon 0.5, 1 at epsilon 1; a zero count is published when the noise reaches
    # 1 (grain 2) or 0.5 (grain 1): both with probability exp(-1/2) / 2.
    assert spurious[0] == pytest.approx(spurious[1]) and spurious[2] < spurious[1]
    # 6,400 cells, Laplace(1): each empty cell reaches 1 with probability 0.5 e^-0.5.
    assert results["EXPECTED_SPURIOUS"] == pytest.approx(6400 * 0.5 * math.exp(-0.5))
    # The published margin is ln(20) b + grain / 2 (counting.released_margin_of_error): for b in (1, 2] the grain
    # is 2, so the margin is 5 where ln(20) / epsilon = 4, at epsilon = ln(20) / 4 (b = 1.34, inside that range).
    assert results["EPSILON_FOR_MARGIN"] == pytest.approx(math.log(20) / 4, rel=1e-6)
    assert results["EPSILON_FOR_SPURIOUS"] > 5
    text = chart.read_text(encoding="utf-8")
    assert "<svg" in text and "polyline" in text and "no data was read" in text


def test_stability_and_locations(tmp_path):
    results = plan(tmp_path, RELEASE=1, EPSILON=1, ZONES=80, THRESHOLD=True, DELTA=1e-6)
    assert results["EXPECTED_SPURIOUS"] == 0
    assert results["STABILITY_THRESHOLD"] == pytest.approx(2 * math.log(2e6) + 1 + 1, rel=1e-9)
    results = plan(tmp_path, RELEASE=2, EPSILON=0.5, DISTANCE=100, TARGET_DISPLACEMENT=100)
    assert results["MEAN_DISPLACEMENT_M"] == pytest.approx(400.0)
    assert results["EPSILON_FOR_DISPLACEMENT"] == pytest.approx(2.0, rel=1e-6)


def test_bad_settings_are_named(tmp_path):
    with pytest.raises(QgsProcessingException, match="EPSILONS"):
        plan(tmp_path, EPSILONS="1, zero")
    with pytest.raises(QgsProcessingException, match="NOISE"):
        plan(tmp_path, RELEASE=1, THRESHOLD=True, NOISE=1)


def test_qgis_process_json(tmp_path):
    results = run_algorithm_json(ALG, RELEASE=0, EPSILON=1, ZONES=100, MAX_CONTRIBUTIONS=52,
                                 OUTPUT=str(tmp_path / "plan.gpkg"))
    # M = 52: Laplace scale 52, margin 52 ln 20 plus half the snapping grain 64.
    assert results["MARGIN_OF_ERROR"] == pytest.approx(52 * math.log(20) + 32)
    json.dumps(results)


def test_od_flows_with_threshold_compare_the_stability_histogram_and_gaussian_thresholding(tmp_path):
    from dp_geoprivacy.core.mechanisms.counting import StabilityHistogram
    from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold

    gaussian = plan(tmp_path, RELEASE=1, EPSILON=1, MAX_CONTRIBUTIONS=32, DELTA=1e-6, NOISE=2, THRESHOLD=True)
    expected = GaussianThreshold(1.0, 1e-6, 32)
    assert gaussian["STABILITY_THRESHOLD"] == expected.threshold and gaussian["EXPECTED_SPURIOUS"] == 0
    assert gaussian["RMSE"] == pytest.approx(expected.noise().variance ** 0.5, rel=1e-9)
    assert gaussian["GAUSSIAN_RMSE"] == pytest.approx(gaussian["RMSE"], rel=1e-9)
    assert gaussian["LAPLACE_RMSE"] == pytest.approx(2 ** 0.5 * StabilityHistogram(1.0, 1e-6, 32).scale)
    assert gaussian["SMALLER_ERROR_NOISE"] == "Gaussian"
    laplace = plan(tmp_path, RELEASE=1, EPSILON=1, MAX_CONTRIBUTIONS=32, DELTA=1e-6, THRESHOLD=True,
                   OUTPUT=str(tmp_path / "laplace.gpkg"))
    assert laplace["STABILITY_THRESHOLD"] > 5 * gaussian["STABILITY_THRESHOLD"]
    assert laplace["GAUSSIAN_RMSE"] == gaussian["GAUSSIAN_RMSE"]
    counts = plan(tmp_path, RELEASE=0, EPSILON=1, MAX_CONTRIBUTIONS=32, DELTA=1e-6, NOISE=2, THRESHOLD=True,
                  OUTPUT=str(tmp_path / "counts.gpkg"))  # zone counts: the same mechanism
    assert counts["STABILITY_THRESHOLD"] == expected.threshold and counts["SMALLER_ERROR_NOISE"] == "Gaussian"
    with pytest.raises(QgsProcessingException, match="a threshold uses Laplace noise"):  # discrete Laplace: refused
        plan(tmp_path, RELEASE=0, NOISE=1, DELTA=1e-6, THRESHOLD=True, OUTPUT=str(tmp_path / "bad.gpkg"))
    with pytest.raises(QgsProcessingException, match="needs each point in one zone"):
        plan(tmp_path, RELEASE=0, NOISE=2, DELTA=1e-6, THRESHOLD=True, CELLS_PER_CONTRIBUTION=2,
             OUTPUT=str(tmp_path / "bad2.gpkg"))


def test_laplace_and_gaussian_side_by_side_say_which_gives_the_smaller_error(tmp_path):
    """Issue 22 §1: zone counts with M = 32 distinct zones per user at (1, 1e-6): the Gaussian's RMSE is about 1.8x
    lower (L2 sensitivity sqrt(32) against L1 32); with M = 1 Laplace is better; the figures are noise_choice's."""
    many = plan(tmp_path, RELEASE=0, EPSILON=1, MAX_CONTRIBUTIONS=32, DELTA=1e-6)
    expected = count_noise_choice(1.0, 1e-6, 32)
    assert many["SMALLER_ERROR_NOISE"] == "Gaussian"
    assert many["LAPLACE_RMSE"] == pytest.approx(expected.laplace_rmse) == pytest.approx(many["RMSE"])
    assert many["GAUSSIAN_RMSE"] == pytest.approx(expected.gaussian_rmse)
    assert many["LAPLACE_RMSE"] / many["GAUSSIAN_RMSE"] > 1.4
    assert read_field(many["OUTPUT"], "smaller_error")[-1] == "Gaussian"
    assert len(read_field(many["OUTPUT"], "gaussian_rmse")) == 7
    one = plan(tmp_path, RELEASE=1, EPSILON=1, MAX_CONTRIBUTIONS=1, DELTA=1e-6, OUTPUT=str(tmp_path / "one.gpkg"))
    assert one["SMALLER_ERROR_NOISE"] == "Laplace"
    assert plan(tmp_path, RELEASE=0, DELTA=0, OUTPUT=str(tmp_path / "none.gpkg"))["SMALLER_ERROR_NOISE"] is None
    # Planning the Gaussian itself (NOISE=2): its RMSE is the side-by-side figure
    gaussian = plan(tmp_path, RELEASE=0, EPSILON=1, MAX_CONTRIBUTIONS=32, DELTA=1e-6, NOISE=2,
                    OUTPUT=str(tmp_path / "g.gpkg"))
    assert gaussian["RMSE"] == pytest.approx(expected.gaussian_rmse)
    with pytest.raises(QgsProcessingException, match="DELTA must be above 0 with Gaussian noise"):
        plan(tmp_path, RELEASE=0, NOISE=2, DELTA=0, OUTPUT=str(tmp_path / "bad.gpkg"))
    # Zone sums: values up to 100, M = 4 records in distinct zones
    sums = plan(tmp_path, RELEASE=4, STATISTIC=0, EPSILON=1, LOWER=0, UPPER=100, MAX_CONTRIBUTIONS=4, DELTA=1e-6,
                OUTPUT=str(tmp_path / "sum.gpkg"))
    expected = sum_noise_choice(1.0, 1e-6, 100.0, 4)
    assert sums["GAUSSIAN_RMSE"] == pytest.approx(expected.gaussian_rmse)
    assert sums["SMALLER_ERROR_NOISE"] == expected.smaller_error


def test_randomized_response_figures_are_the_mechanisms(tmp_path):
    from dp_geoprivacy.core.accuracy.planning import response_accuracy, response_mechanism

    results = plan(tmp_path, RELEASE=3, EPSILON=1, CATEGORIES=4, RESPONDENTS=2000, SHARE=0.4, TARGET_MARGIN=100)
    expected = response_accuracy(response_mechanism(1.0, 4), 2000, 0.4)
    assert results["RMSE"] == pytest.approx(expected.standard_error)
    assert results["MARGIN_OF_ERROR"] == pytest.approx(expected.margin_of_error)
    e = results["EPSILON_FOR_MARGIN"]
    assert response_accuracy(response_mechanism(e, 4), 2000, 0.4).margin_of_error <= 100 + 1e-6
    assert read_field(results["OUTPUT"], "p_truth")[0] < read_field(results["OUTPUT"], "p_truth")[-1]


# --- zone statistics: the planner's prediction against the utility report's measurement -----------------------

STAT_N, STAT_RECORDS, LOW, HIGH = 20, 100, 1.0, 8.0


def _write_valued_points(path, xy, values):
    from osgeo import ogr, osr

    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("value", ogr.OFTReal))
    layer.StartTransaction()
    for (x, y), v in zip(xy, values):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("value", float(v))
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({x} {y})"))
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


@pytest.fixture(scope="module")
def valued_city(tmp_path_factory):
    """400 zones of 100 points each: for the mean, values in pairs around the centre of the bounds (each zone's
    mean is the planner's default zone mean); for the quantiles, values spread evenly between the bounds (the
    planner's assumption for quantiles)."""
    from dp_geoprivacy.core.accuracy.accuracy_statistics import evenly_spread_values

    folder = tmp_path_factory.mktemp("valued")
    rng = np.random.default_rng(77)
    zones = STAT_N * STAT_N
    index = np.repeat(np.arange(zones), STAT_RECORDS)
    x = X0 + (index % STAT_N + rng.uniform(0.05, 0.95, len(index))) * CELL
    y = Y0 + (index // STAT_N + rng.uniform(0.05, 0.95, len(index))) * CELL
    centre, half = (LOW + HIGH) / 2, (HIGH - LOW) / 2
    spread = rng.uniform(0, half, (zones, STAT_RECORDS // 2))
    paired = np.concatenate((centre + spread, centre - spread), axis=1).ravel()
    even = np.tile(evenly_spread_values(LOW, HIGH, STAT_RECORDS), zones)
    return (write_grid_zones(folder / "zones.gpkg", 32633, (X0, Y0), CELL, STAT_N),
            {"mean": _write_valued_points(folder / "paired.gpkg", np.column_stack((x, y)), paired),
             "median": _write_valued_points(folder / "even.gpkg", np.column_stack((x, y)), even)})


@pytest.mark.parametrize("epsilon", [0.1, 1.0, 5.0])
@pytest.mark.parametrize("statistic", ["mean", "median"])
def test_zone_statistics_prediction_matches_the_utility_report(valued_city, tmp_path, statistic, epsilon):
    """The planner (RELEASE 4) predicts the error per zone that utilityreport measures on a real
    noisyzonestatistics run (SEED given), within 4 standard errors of one draw's mean over the 400 zones (sd of
    |error| from the planner's RMSE and expected absolute error)."""
    zones, points = valued_city
    statistic_option = {"mean": 1, "median": 2}[statistic]
    predicted = plan(tmp_path, RELEASE=4, EPSILON=epsilon, STATISTIC=statistic_option, LOWER=LOW, UPPER=HIGH,
                     RECORDS_PER_ZONE=STAT_RECORDS)
    settings = json.loads(predicted["SETTINGS"])
    assert settings["statistic"] == statistic and settings["lower"] == LOW and settings["records_per_zone"] == 100
    out = tmp_path / "stats.gpkg"
    processing.run("dp_geoprivacy:noisyzonestatistics", {
        "INPUT": points[statistic], "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "value",
        "STATISTIC": {"mean": 2, "median": 4}[statistic], "LOWER": LOW, "UPPER": HIGH, "EPSILON": epsilon,
        "SEED": 23, "OUTPUT": str(out)})
    report = processing.run("dp_geoprivacy:utilityreport", {
        "RELEASED": str(out), "ORIGINAL": points[statistic], "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
        "VALUE_FIELD": "value", "OUTPUT": str(tmp_path / "utility.gpkg")})
    assert report["RELEASE_KIND"] == "dp_geoprivacy:noisyzonestatistics"
    assert report["PREDICTED_MAE"] == pytest.approx(predicted["EXPECTED_ABS_ERROR"])
    sd = math.sqrt(predicted["RMSE"] ** 2 - predicted["EXPECTED_ABS_ERROR"] ** 2)
    assert abs(report["MAE"] - predicted["EXPECTED_ABS_ERROR"]) <= sampling_tolerance(sd, report["ZONES_COMPARED"])
    assert report["ZONES_COMPARED"] == STAT_N * STAT_N


def test_every_release_kind_records_its_settings(tmp_path):
    """Issue 13: the OD prediction carries MIN_FLOW, THRESHOLD and DELTA; every kind its public settings."""
    od = plan(tmp_path, RELEASE=1, EPSILON=1, ZONES=50, MIN_FLOW=3, THRESHOLD=False, DELTA=1e-6,
              MAX_CONTRIBUTIONS=4, INCLUDE_INTRAZONAL=False)
    settings = json.loads(od["SETTINGS"])
    assert settings == {"release": "dp_geoprivacy:noisyodflows", "zones": 50, "cells": 50 * 49,
                        "max_contributions": 4, "noise": "laplace", "threshold": 0, "delta": 0.0, "min_flow": 3.0,
                        "include_intrazonal": 0, "side_by_side_delta": 1e-6}
    assert read_field(od["OUTPUT"], "setting_min_flow") == [3.0] * 7
    assert read_field(od["OUTPUT"], "setting_threshold") == [0.0] * 7
    assert read_field(od["OUTPUT"], "setting_release") == ["dp_geoprivacy:noisyodflows"] * 7
    stable = json.loads(plan(tmp_path, RELEASE=1, EPSILON=1, ZONES=50, THRESHOLD=True, DELTA=1e-6)["SETTINGS"])
    assert stable["threshold"] == 1 and stable["delta"] == 1e-6 and stable["min_flow"] == 1.0
    expected_keys = {
        0: {"zones", "slots", "cells", "max_contributions", "cells_per_contribution", "noise", "threshold", "delta",
            "min_flow", "side_by_side_delta"},
        2: {"mechanism", "distance"},
        3: {"categories", "respondents", "share"},
        4: {"statistic", "lower", "upper", "unit", "max_contributions", "records_per_zone", "zone_mean",
            "min_support", "support_share", "mean_sum_share", "quantile_grid"}}
    for release, keys in expected_keys.items():
        settings = json.loads(plan(tmp_path, RELEASE=release, EPSILON=1)["SETTINGS"])
        assert set(settings) == keys | {"release"}, release


def test_consistent_counts_plan_gives_each_levels_error_for_the_split(tmp_path):
    """RELEASE 5: per level, the expected absolute error that consistentcounts' own figures give (the same
    simulation of the noise, here on a complete H3 tree), smaller at larger epsilon, and per split."""
    from dp_geoprivacy.core.releases.hierarchy import HierarchySpec, complete_tree, expected_errors

    results = plan(tmp_path, RELEASE=5, EPSILON=1, LEVELS=3, SPLIT="1,2,2", EPSILONS="0.5, 1, 2")
    assert read_field(results["OUTPUT"], "epsilon") == [0.5, 1.0, 2.0]
    finest = read_field(results["OUTPUT"], "mae_level2")
    assert finest[0] > finest[1] > finest[2]
    spec = HierarchySpec(complete_tree(3), 1.0, (0.2, 0.4, 0.4), 1, False, LAPLACE, False)
    mae, moe = expected_errors(spec, np.random.default_rng(1), draws=1000)
    # Simulation error: 300 draws x 49 leaves in the planner; 3% relative covers over 4 standard errors.
    assert finest[1] == pytest.approx(mae[2], rel=0.03)
    assert results["EXPECTED_ABS_ERROR"] == pytest.approx(mae[2], rel=0.03)
    # The finest level's 95% margin from 300 x 49 noisy leaves: relative standard error about 1.4% (with the
    # reference's); 6% is over 4 of them.
    assert read_field(results["OUTPUT"], "moe95_level2")[1] == pytest.approx(moe[2], rel=0.06)
    assert json.loads(results["SETTINGS"])["split"] == "0.2,0.4,0.4"
    with pytest.raises(QgsProcessingException, match="SPLIT"):
        plan(tmp_path, RELEASE=5, EPSILON=1, LEVELS=3, SPLIT="1,2")


def test_consistent_counts_plan_for_zones_uses_their_children_per_parent(tmp_path):
    """RELEASE 5 with CHILDREN (zones: e.g. 4 zones per district, 4 districts per city): the figures of a
    complete tree of that fan-out, which differ from H3's 7 at the coarse levels."""
    from dp_geoprivacy.core.releases.hierarchy import HierarchySpec, complete_tree, expected_errors

    results = plan(tmp_path, RELEASE=5, EPSILON=1, LEVELS=3, CHILDREN=2, EPSILONS="1")
    spec = HierarchySpec(complete_tree(3, 2), 1.0, (1 / 3,) * 3, 1, False, LAPLACE, False)
    mae, _moe = expected_errors(spec, np.random.default_rng(1), draws=4000)
    # The middle level: 2 nodes x 300 draws in the planner; the relative standard error of a mean absolute
    # error is about 1/sqrt(600) = 4% (|error| has about its mean as standard deviation), 4 of them 16%.
    # H3's fan-out 7 gives 2.90 here, 23% above fan-out 2's 2.35, so a planner ignoring CHILDREN fails.
    assert read_field(results["OUTPUT"], "mae_level1")[0] == pytest.approx(mae[1], rel=0.16)
    assert json.loads(results["SETTINGS"])["children"] == 2


def test_od_totals_plan_matches_what_releases_measure(tmp_path):
    """RELEASE 7: the expected absolute error of a flow, an origin total, a destination total and the grand total
    after the least squares, and the origin totals' 95% margin, against R releases of noisyodflows' consistent
    totals (core.releases.od_totals, fixed seed) on 3,000 trips between 12 zones.

    Tolerance, two-sided alpha about 6e-5 per figure (4 standard errors): a release's mean absolute error over its
    cells is one draw of a distribution whose standard deviation s the R releases estimate; the planner averages
    DRAWS (its SETTINGS) draws of the same distribution and the test R, so their difference has standard error
    s * sqrt(1/DRAWS + 1/R). The margin: each release's share of origin totals within it has mean 0.95 and a
    standard deviation the releases estimate, plus the planner's quantile error (binomial, DRAWS x 12 totals).
    A planner that ignored TOTALS_SPLIT (e.g. the flows alone at the whole epsilon) is off by far more.
    """
    from dp_geoprivacy.core.releases.od_flows import ODFlowData
    from dp_geoprivacy.core.releases.od_totals import ODTotalsSpec, release_od_totals

    zones, releases = 12, 300
    results = plan(tmp_path, RELEASE=7, EPSILON=1, ZONES=zones, TOTALS_SPLIT="2,3,3,2", EPSILONS="0.5, 1")
    predicted = {name: read_field(results["OUTPUT"], name)[1] for name in (
        "mae_flow", "mae_origin_total", "mae_dest_total", "mae_grand_total", "moe95_origin_total")}
    assert read_field(results["OUTPUT"], "mae_origin_total")[0] > predicted["mae_origin_total"]
    settings = json.loads(results["SETTINGS"])
    assert settings["totals_split"] == "0.2,0.3,0.3,0.2" and settings["cells"] == zones * zones
    assert results["EXPECTED_ABS_ERROR"] == predicted["mae_origin_total"]
    draws = settings["draws"]

    rng = np.random.default_rng(77)
    origin, dest = rng.integers(0, zones, 3000), rng.integers(0, zones, 3000)
    table = np.zeros((zones, zones))
    np.add.at(table, (origin, dest), 1.0)
    data = ODFlowData(origin, dest, np.arange(zones))
    spec = ODTotalsSpec(1.0, "trip", (0.2, 0.3, 0.3, 0.2))
    measured = {name: [] for name in predicted}
    for _ in range(releases):
        result = release_od_totals(data, spec, rng, error_draws=1).result
        origin_error = np.abs(result["origin_total"] - table.sum(axis=1))
        measured["mae_flow"].append(np.mean(np.abs(result["noisy_count"] - table[result["origin_index"],
                                                                                  result["dest_index"]])))
        measured["mae_origin_total"].append(np.mean(origin_error))
        measured["mae_dest_total"].append(np.mean(np.abs(result["dest_total"] - table.sum(axis=0))))
        measured["mae_grand_total"].append(abs(result["grand_total"][0] - table.sum()))
        measured["moe95_origin_total"].append(np.mean(origin_error <= predicted["moe95_origin_total"]))
    for name, values in measured.items():
        values = np.asarray(values)
        if name.startswith("moe95"):
            tolerance = 4 * math.sqrt(values.var(ddof=1) / releases + 0.95 * 0.05 / (draws * zones))
            assert abs(values.mean() - 0.95) < tolerance, (name, values.mean(), tolerance)
        else:
            tolerance = 4 * values.std(ddof=1) * math.sqrt(1 / draws + 1 / releases)
            assert abs(values.mean() - predicted[name]) < tolerance, (name, values.mean(), predicted[name], tolerance)
    with pytest.raises(QgsProcessingException, match="TOTALS_SPLIT"):
        plan(tmp_path, RELEASE=7, EPSILON=1, ZONES=zones, TOTALS_SPLIT="1,2")


def test_mobility_report_plan_gives_each_sections_margin_as_the_report_writes_it(tmp_path):
    """RELEASE 6: per section of the mobility report, the epsilon of the split and the 95% margin of one
    published count; for visits per zone the very margin the report writes into its layer (moe95)."""
    from dp_geoprivacy.core.releases.mobility_report import ANALYSES
    from dp_geoprivacy.processing.privacy_metadata import read_from_file

    split = "od_flows=3,visits_per_zone=2"
    results = plan(tmp_path, RELEASE=6, EPSILON=2, MAX_CONTRIBUTIONS=3, REPORT_ANALYSES=list(range(len(ANALYSES))),
                   BUDGET_SPLIT=split, EPSILONS="1, 10")
    table = {name: read_field(results["OUTPUT"], name) for name in (
        "epsilon", "section", "part", "section_epsilon", "margin_of_error", "threshold", "count_published_95")}
    rows = [dict(zip(table, values)) for values in zip(*table.values())]
    assert sorted({r["epsilon"] for r in rows}) == [1.0, 2.0, 10.0]
    at = {(r["section"], r["part"]): r for r in rows if r["epsilon"] == 2.0}
    assert {section for section, _ in at} == set(ANALYSES)
    visits = at["visits_per_zone", "count"]
    # 18 weights (13 analyses at 1, od_flows 3, visits 2): visits get 2/18 of EPSILON
    assert visits["section_epsilon"] == pytest.approx(2 * 2 / 18)
    assert results["MARGIN_OF_ERROR"] == visits["margin_of_error"]
    od = at["od_flows", "count"]
    assert results["STABILITY_THRESHOLD"] == od["threshold"] and od["count_published_95"] > od["threshold"]
    assert [r["margin_of_error"] for r in rows if r["section"] == "visits_per_zone"] == sorted(
        [r["margin_of_error"] for r in rows if r["section"] == "visits_per_zone"], reverse=True)
    settings = json.loads(results["SETTINGS"])
    assert settings["budget_split"] == "od_flows=3,visits_per_zone=2" and settings["max_contributions"] == 3
    # The report at the same settings: its split and the margin it publishes are the planner's.
    run_report(write_trips(tmp_path)[0], write_zones(tmp_path), tmp_path, EPSILON=2.0, BUDGET_SPLIT=split)
    assert read_field(tmp_path / "visits.gpkg", "moe95")[0] == pytest.approx(visits["margin_of_error"], rel=1e-12)
    mechanism = read_from_file(str(tmp_path / "visits.gpkg"))[0].mechanism
    for section in ("visits_per_zone", "od_flows", "trips_per_hour"):
        assert f"{section} epsilon {at[section, 'count']['section_epsilon']:.6g} " in mechanism
    with pytest.raises(QgsProcessingException, match="BUDGET_SPLIT"):
        plan(tmp_path, RELEASE=6, EPSILON=1, BUDGET_SPLIT="od_flow=2")


def test_automatic_m_plan_gives_the_choices_cost_and_the_error_at_the_largest_and_a_typical_m(tmp_path):
    """Issue 22 §2: M = 0 plans the release with AUTO_SHARE of EPSILON taken by the choice (Laplace: 0.05 of 1, the
    release at 0.95; the discrete Gaussian: 0.05^2 / 2 of rho(1, 1e-6), the release at that rest's conversion), with
    figures at AUTO_MAX_BOUND (the table) and TYPICAL_M; computed here from the mechanisms the release would build."""
    results = run_algorithm_json(ALG, RELEASE=0, EPSILON=1, ZONES=100, MAX_CONTRIBUTIONS=0, AUTO_MAX_BOUND=40,
                                 TYPICAL_M=6, OUTPUT=str(tmp_path / "plan.gpkg"))
    assert results["CHOICE_EPSILON"] == pytest.approx(0.05)
    for m, name in ((40, "EXPECTED_ABS_ERROR"), (6, "EXPECTED_ABS_ERROR_TYPICAL_M")):
        expected = count_accuracy(make_mechanism(epsilon=0.95, noise=LAPLACE, max_contributions=m), 100, 1.0)
        assert results[name] == pytest.approx(expected.expected_abs_error)
    settings = json.loads(results["SETTINGS"])
    assert settings["max_contributions"] == 0 and settings["auto_max_bound"] == 40 and settings["typical_m"] == 6
    gaussian = plan(tmp_path, RELEASE=1, EPSILON=1, ZONES=20, MAX_CONTRIBUTIONS=0, NOISE=2, DELTA=1e-6,
                    OUTPUT=str(tmp_path / "g.gpkg"))
    rest = zcdp_epsilon(zcdp_rho(1.0, 1e-6) - 0.05 ** 2 / 2, 1e-6)
    expected = count_accuracy(make_mechanism(epsilon=rest, delta=1e-6, noise=DISCRETE_GAUSSIAN,
                                             max_contributions=50), 1, 1.0)
    assert gaussian["CHOICE_EPSILON"] == pytest.approx(0.05)
    assert gaussian["EXPECTED_ABS_ERROR"] == pytest.approx(expected.expected_abs_error, rel=1e-6)
    for release, name in ((5, "consistentcounts"), (7, r"noisyodflows \(OUTPUT_TOTALS\)")):
        with pytest.raises(QgsProcessingException, match=r"MAX_CONTRIBUTIONS=0 \(automatic M\) is planned for zone "
                                                         rf"counts, OD flows, zone statistics and the mobility "
                                                         rf"report: for {name} give M"):
            plan(tmp_path, RELEASE=release, MAX_CONTRIBUTIONS=0, OUTPUT=str(tmp_path / "s.gpkg"))


def test_automatic_m_plan_refuses_a_share_whose_rho_takes_the_whole_budget_at_a_tabulated_epsilon(tmp_path):
    """With the Gaussian the choice's (0.2 EPSILON)^2 / 2 = 0.02 EPSILON^2 fits in rho(1, 1e-6) = 0.024 but not in
    rho(10, 1e-6) = 0.0154 x 100: the table's EPSILON 10 is refused with the parameter named, not a crash."""
    with pytest.raises(QgsProcessingException, match=r"MAX_CONTRIBUTIONS=0 \(automatic\) cannot work: .*AUTO_SHARE"):
        plan(tmp_path, RELEASE=0, EPSILON=1, MAX_CONTRIBUTIONS=0, NOISE=2, DELTA=1e-6, AUTO_SHARE=0.2,
             EPSILONS="1, 10")
