"""dp_geoprivacy:noisyzonestatistics through the Processing API, qgis_process and a Processing model.

"Exact" runs use EPSILON = 1e9: the noise is then far below the tolerances
used. The one statistical check (the sum's Laplace noise) bounds the
second moment of the noise with its fourth moment at 4.5 standard errors,
with fixed seeds. The mechanisms' own distribution and neighbouring-dataset
tests are in tests/core/test_zone_statistics.py.
"""

import math

import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsGraduatedSymbolRenderer,
    QgsProcessing,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSource,
    QgsVectorLayer,
)

from dp_geoprivacy.core.releases.zone_statistics import (
    COLUMNS,
    COUNT,
    COUNT_ABOVE,
    FIVE_NUMBER,
    MEAN,
    MEDIAN,
    QUARTILES,
    SUM,
    USER_DAY,
    ZoneStatisticsSpec,
)
from dp_geoprivacy.processing.privacy_metadata import read_from_file, records_in

from .conftest import ROOT, feature_count, read_field, run_algorithm_json, run_qgis_process, write_grid_zones
from .feedback import Log
from .model_builder import ModelBuilder, model_definition

ALG = "dp_geoprivacy:noisyzonestatistics"
EXACT = 1e9
X0, Y0, CELL, N = 500_000.0, 4_500_000.0, 100.0, 3
STATISTICS = (COUNT, SUM, MEAN, COUNT_ABOVE, MEDIAN, QUARTILES, FIVE_NUMBER)
MODEL = ROOT / "tests" / "data" / "models" / "h3grid_then_zone_statistics.model3"


def write_points(path, epsg, xy, **columns):
    """Points with fields speed (real), label (text), user (text), t (date-time text) and day (date); None is NULL."""
    kinds = {"speed": ogr.OFTReal, "label": ogr.OFTString, "user": ogr.OFTString, "t": ogr.OFTDateTime,
             "day": ogr.OFTDate}
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    for name, kind in kinds.items():
        layer.CreateField(ogr.FieldDefn(name, kind))
    layer.StartTransaction()
    for i, (x, y) in enumerate(np.asarray(xy, dtype=float)):
        feature = ogr.Feature(layer.GetLayerDefn())
        for name, values in columns.items():
            if values[i] is not None:
                feature[name] = values[i]
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(x), float(y))
        feature.SetGeometry(point)
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


def zone_ids():
    return [f"Z{r}_{c}" for r in range(N) for c in range(N)]


@pytest.fixture
def speeds(tmp_path):
    """A 3 x 3 grid of 100 m zones; zone i holds 10 (i + 1) points with speeds on the 0.1 grid, some beyond [0, 65]."""
    rng = np.random.default_rng(11)
    zone = np.repeat(np.arange(N * N), 10 * (np.arange(N * N) + 1))
    xy = np.column_stack((X0 + (zone % N + rng.uniform(0.05, 0.95, len(zone))) * CELL,
                          Y0 + (zone // N + rng.uniform(0.05, 0.95, len(zone))) * CELL))
    speed = np.round(rng.uniform(-5, 75, len(zone)), 1)
    users = [f"bus{u}" for u in rng.integers(0, 40, len(zone))]
    hours = rng.integers(9, 21, len(zone))
    days = rng.integers(1, 29, len(zone))
    times = [f"2024-02-{d:02d}T{h:02d}:10:00" for d, h in zip(days, hours)]
    points = write_points(tmp_path / "points.gpkg", 32633, xy, speed=speed.tolist(),
                          label=[f"{v}" for v in speed], user=users, t=times)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, N)
    return points, zones, zone, speed


def base(points, zones, tmp_path, name="out.gpkg", **extra):
    parameters = {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed", "LOWER": 0,
                  "UPPER": 65, "LIMIT": 50, "DAYS": 28, "OUTPUT": str(tmp_path / name)}
    parameters.update(extra)
    return parameters


def run(parameters, feedback=None):
    kwargs = {"feedback": feedback, "context": QgsProcessingContext()} if feedback is not None else {}
    return processing.run(ALG, parameters, **kwargs)


def spec_for(statistic, epsilon, **kw):
    limits = {"limit": 50.0, "days": 28} if statistic == COUNT_ABOVE else {}
    return ZoneStatisticsSpec(statistic, epsilon, 0.0, 65.0, **limits, **kw)


def truth(zone, speed):
    clamped = np.clip(speed, 0, 65)
    return {zone_ids()[i]: clamped[zone == i] for i in range(N * N)}


# --- results, record and mechanism ----------------------------------------------------------------


@pytest.mark.parametrize("statistic", STATISTICS)
def test_each_statistic_record_results_and_mechanism_agree(speeds, tmp_path, statistic):
    points, zones, zone, speed = speeds
    epsilon = 0.7
    result = run(base(points, zones, tmp_path, STATISTIC=STATISTICS.index(statistic), EPSILON=epsilon, SEED=3))
    out = result["OUTPUT"]
    [record] = read_from_file(out)
    expected = spec_for(statistic, epsilon).record_fields(N * N)
    for name in ("mechanism", "epsilon", "delta", "sensitivity", "sensitivity_unit", "noise_scale",
                 "noise_scale_unit", "unit_of_privacy"):
        assert getattr(record, name) == pytest.approx(expected[name]) if isinstance(expected[name], float) \
            else getattr(record, name) == expected[name], name
    assert record.epsilon == result["EPSILON_SPENT"] == epsilon and result["DELTA_SPENT"] == 0.0 == record.delta
    assert record.sensitivity == result["SENSITIVITY"] and record.noise_scale == result["NOISE_SCALE"]
    assert result["EPSILON_PER_CELL"] == epsilon and record.algorithm == ALG and record.seeded
    assert set(spec_for(statistic, epsilon).notes(N * N)) <= set(record.notes)
    layer = QgsVectorLayer(out, "o", "ogr")
    margin = "moe95_rank" if statistic in (MEDIAN, QUARTILES, FIVE_NUMBER) else "moe95"
    support = ["noisy_support"] if statistic == MEAN else []  # the mean's noisy count (a DP release)
    assert layer.fields().names() == ["fid", "zone_id", *COLUMNS[statistic], margin, *support]
    assert read_field(out, "zone_id") == zone_ids() and result["ROWS_WRITTEN"] == N * N
    _, mechanism = spec_for(statistic, epsilon).mechanisms(N * N)
    if statistic in (MEDIAN, QUARTILES, FIVE_NUMBER):
        assert read_field(out, margin) == [pytest.approx(mechanism.rank_margin())] * (N * N)
        rows = np.array([[f[c] for c in COLUMNS[statistic]] for f in QgsVectorLayer(out, "o", "ogr").getFeatures()])
        assert np.all(np.diff(rows, axis=1) >= 0) and rows.min() >= 0 and rows.max() <= 65
    elif statistic != MEAN:
        assert read_field(out, margin) == [pytest.approx(mechanism.margin_of_error())] * (N * N)


def test_exact_statistics_equal_the_clamped_truth(speeds, tmp_path):
    points, zones, zone, speed = speeds
    values = truth(zone, speed)
    got = {}
    for statistic in (COUNT, SUM, MEAN, MEDIAN, FIVE_NUMBER):
        out = run(base(points, zones, tmp_path, f"{statistic}.gpkg", STATISTIC=STATISTICS.index(statistic),
                       EPSILON=EXACT, SEED=1))["OUTPUT"]
        got[statistic] = {c: dict(zip(read_field(out, "zone_id"), read_field(out, c))) for c in COLUMNS[statistic]}
    for zone_id, v in values.items():
        assert got[COUNT]["count"][zone_id] == pytest.approx(len(v), abs=1e-3)
        assert got[SUM]["sum"][zone_id] == pytest.approx(v.sum(), abs=1e-3)
        assert got[MEAN]["mean"][zone_id] == pytest.approx(v.mean(), abs=1e-6)
        five = [got[FIVE_NUMBER][c][zone_id] for c in COLUMNS[FIVE_NUMBER]]
        # An exact q-quantile lies between the lower and upper order statistics (grid step 0.065 from 0 to 65).
        for q, released in zip((0.25, 0.5, 0.75, 0.5), five[1:4] + [got[MEDIAN]["median"][zone_id]]):
            assert np.quantile(v, q, method="lower") - 0.04 <= released <= np.quantile(v, q, method="higher") + 0.04
        assert 0 <= five[0] <= v.min() + 0.04 and v.max() - 0.04 <= five[4] <= 65


def test_count_above_limit_per_day_user_days(speeds, tmp_path):
    points, zones, zone, speed = speeds
    layer = QgsVectorLayer(points, "p", "ogr")
    users = np.array([f["user"] for f in layer.getFeatures()])
    days = np.array([f["t"].date().day() for f in layer.getFeatures()])
    result = run(base(points, zones, tmp_path, STATISTIC=3, UNIT=2, USER_FIELD="user", DAY_FIELD="t",
                      MAX_CELLS_PER_DAY=N * N,
                      MAX_CONTRIBUTIONS=1000, EPSILON=EXACT, SEED=2))
    got = dict(zip(read_field(result["OUTPUT"], "zone_id"), read_field(result["OUTPUT"], "per_day_above")))
    for i, zone_id in enumerate(zone_ids()):
        here = zone == i
        pairs = {(u, d) for u, d, s in zip(users[here], days[here], speed[here]) if min(s, 65) > 50}
        assert got[zone_id] == pytest.approx(len(pairs) / 28, abs=1e-6)
    assert result["EPSILON_PER_CELL"] == pytest.approx(EXACT / (N * N))


def test_sum_noise_has_the_laplace_variance_the_record_states(speeds, tmp_path):
    points, zones, zone, speed = speeds
    values = truth(zone, speed)
    noise, scale = [], None
    for seed in range(12):
        result = run(base(points, zones, tmp_path, f"s{seed}.gpkg", STATISTIC=1, EPSILON=2.0, SEED=100 + seed))
        scale = result["NOISE_SCALE"]
        noise.extend(v - values[k].sum() for k, v in zip(read_field(result["OUTPUT"], "zone_id"),
                                                         read_field(result["OUTPUT"], "sum")))
    noise = np.array(noise)
    assert scale == 65 / 2.0  # max(|LOWER|, |UPPER|) / epsilon
    variance = 2 * scale**2
    assert abs(np.mean(noise**2) - variance) <= 4.5 * math.sqrt((24 * scale**4 - variance**2) / len(noise))


def test_gaussian_sum_keeps_one_value_per_user_and_cell_and_records_rho(tmp_path):
    # User a: 5 points of 40 in zone 0 and 1 of 20 in zone 1; user b: 1 point of 10 in zone 0. M = 3.
    from dp_geoprivacy.core.mechanisms.gaussian import zcdp_delta, zcdp_rho

    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 2)
    xy = [(X0 + 50, Y0 + 50)] * 5 + [(X0 + 150, Y0 + 50), (X0 + 50, Y0 + 50)]
    points = write_points(tmp_path / "p.gpkg", 32633, xy, speed=[40.0] * 5 + [20.0, 10.0], user=["a"] * 6 + ["b"])
    log = Log()
    result = run(base(points, zones, tmp_path, STATISTIC=1, UNIT=1, USER_FIELD="user", MAX_CONTRIBUTIONS=3,
                      NOISE=2, DELTA=1e-6, EPSILON=EXACT, SEED=3), log)
    got = dict(zip(read_field(result["OUTPUT"], "zone_id"), read_field(result["OUTPUT"], "sum")))
    assert got == {"Z0_0": pytest.approx(50.0, abs=0.1), "Z0_1": pytest.approx(20.0, abs=0.1),
                   "Z1_0": pytest.approx(0.0, abs=0.1), "Z1_1": pytest.approx(0.0, abs=0.1)}
    assert result["SENSITIVITY"] == pytest.approx(math.sqrt(3) * 65) and result["DELTA_SPENT"] == 1e-6
    assert "L2 sensitivity over all cells" in log.text()
    [record] = read_from_file(result["OUTPUT"])
    assert record.rho == pytest.approx(zcdp_rho(EXACT, 1e-6)) and zcdp_delta(record.rho, record.epsilon) <= 1e-6
    assert "one record per cell and 3 cells" in record.unit_of_privacy


# --- cleaning, units, minimum support ---------------------------------------------------------------


def test_clamped_and_null_values_are_counted_in_the_log(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 1)
    xy = np.full((6, 2), (X0 + 50, Y0 + 50))
    points = write_points(tmp_path / "p.gpkg", 32633, xy, speed=[-3.0, 10.0, 80.0, 90.0, None, None])
    log = Log()
    result = run(base(points, zones, tmp_path, STATISTIC=2, EPSILON=EXACT, SEED=1), log)
    assert "Dropped 2 points whose value (speed) is NULL" in log.text()
    assert "Clamped 1 values below LOWER (0) and 2 above UPPER (65)" in log.text()
    assert read_field(result["OUTPUT"], "mean") == [pytest.approx((0 + 10 + 65 + 65) / 4)]


def test_user_day_unit_spends_epsilon_over_k_cells_and_bounds_each_user_day(speeds, tmp_path):
    points, zones, _, _ = speeds
    log = Log()
    result = run(base(points, zones, tmp_path, STATISTIC=0, UNIT=2, USER_FIELD="user", TIME_FIELD="t",
                      MAX_CELLS_PER_DAY=3, MAX_CONTRIBUTIONS=2, EPSILON=1.5, SEED=4), log)
    [record] = read_from_file(result["OUTPUT"])
    spec = spec_for(COUNT, 1.5, unit=USER_DAY, max_contributions=2, max_cells=3)
    assert result["EPSILON_PER_CELL"] == pytest.approx(0.5) and record.epsilon == pytest.approx(1.5)
    assert record.unit_of_privacy == spec.unit_text() and "at most 3 cells" in record.unit_of_privacy
    assert record.sensitivity == 2 and any("K = 3" in note for note in record.notes)
    assert "Contribution bound:" in log.text()


def test_per_unit_mean_averages_each_user_day_per_cell_like_seed_003_query_1(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 1)
    # Bus a on day 1: nine records at 10 km/h; bus a on day 2 and bus b on day 1: one record each at 50 and 80.
    users = ["a"] * 10 + ["b"]
    times = ["2024-02-01T10:00:00"] * 9 + ["2024-02-02T10:00:00", "2024-02-01T10:30:00"]
    points = write_points(tmp_path / "p.gpkg", 32633, np.full((11, 2), (X0 + 50, Y0 + 50)),
                          speed=[10.0] * 9 + [50.0, 80.0], user=users, t=times)
    common = {"STATISTIC": 2, "UNIT": 2, "USER_FIELD": "user", "DAY_FIELD": "t", "MAX_CONTRIBUTIONS": 9,
              "EPSILON": EXACT, "SEED": 6}
    per_unit = run(base(points, zones, tmp_path, "unit.gpkg", PER_UNIT_MEAN=True, **common))["OUTPUT"]
    per_record = run(base(points, zones, tmp_path, "record.gpkg", **common))["OUTPUT"]
    assert read_field(per_unit, "mean") == [pytest.approx((10 + 50 + 65) / 3, abs=1e-6)]  # one value per user-day
    assert read_field(per_record, "mean") == [pytest.approx((9 * 10 + 50 + 65) / 11, abs=1e-6)]
    [record] = read_from_file(per_unit)
    assert "averaged per cell (the ITMS report Query 1)" in record.unit_of_privacy
    assert record.sensitivity == pytest.approx(65 / 2)  # M = 1: one mean per user-day and cell


def test_minimum_support_publishes_only_cells_whose_noisy_count_reaches_it(speeds, tmp_path):
    points, zones, zone, _ = speeds
    result = run(base(points, zones, tmp_path, STATISTIC=4, MIN_SUPPORT=45, EPSILON=EXACT, SEED=5))
    out = result["OUTPUT"]
    assert read_field(out, "zone_id") == [z for i, z in enumerate(zone_ids()) if 10 * (i + 1) >= 45]
    assert read_field(out, "noisy_support") == [pytest.approx(10 * (i + 1), abs=1e-3) for i in range(N * N)
                                                if 10 * (i + 1) >= 45]
    [record] = read_from_file(out)
    assert "minimum support 45 tested on a Laplace noisy record count" in record.mechanism


def test_seeded_runs_reproduce_and_unseeded_differ(speeds, tmp_path):
    points, zones, _, _ = speeds
    outs = [run(base(points, zones, tmp_path, f"o{i}.gpkg", STATISTIC=2, EPSILON=1, **seed))["OUTPUT"]
            for i, seed in enumerate(({"SEED": 9}, {"SEED": 9}, {}))]
    values = [read_field(o, "mean") for o in outs]
    assert values[0] == values[1] and values[0] != values[2]
    assert read_from_file(outs[0])[0].seeded and not read_from_file(outs[2])[0].seeded


def test_time_slots_give_one_row_per_zone_and_hour(speeds, tmp_path):
    points, zones, _, _ = speeds
    result = run(base(points, zones, tmp_path, STATISTIC=0, TIME_FIELD="t", EPSILON=EXACT, SEED=1))
    out = result["OUTPUT"]
    assert result["ROWS_WRITTEN"] == N * N * 24 and read_field(out, "time_slot")[:2] == ["00-01", "01-02"]
    assert sum(read_field(out, "count")) == pytest.approx(450, abs=1e-3)


@pytest.mark.parametrize("statistic, field", [(MEAN, "mean"), (FIVE_NUMBER, "median")])
def test_loaded_output_carries_its_record_and_is_graduated_by_the_statistic(speeds, tmp_path, statistic, field):
    from qgis.core import QgsProject

    points, zones, _, _ = speeds
    project = QgsProject.instance()
    before = set(project.mapLayers())
    try:
        processing.runAndLoadResults(ALG, base(points, zones, tmp_path, STATISTIC=STATISTICS.index(statistic),
                                               EPSILON=0.5, SEED=1))
        [layer] = [layer for lid, layer in project.mapLayers().items() if lid not in before]
        [record] = records_in(layer.metadata())
        assert record.epsilon == 0.5 and layer.name().startswith("Noisy zone statistics")
        renderer = layer.renderer()
        assert isinstance(renderer, QgsGraduatedSymbolRenderer) and renderer.classAttribute() == field
        assert len(renderer.ranges()) >= 2
    finally:
        project.removeMapLayers([lid for lid in project.mapLayers() if lid not in before])


# --- bad input -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("parameters, message", [
    ({"VALUE_FIELD": "label"}, "VALUE_FIELD 'label' is not a numeric field of INPUT: choose an integer or real"),
    ({"LOWER": 70}, r"LOWER \(70\) must be less than UPPER \(65\): swap"),
    ({"LOWER": 65}, r"LOWER \(65\) must be less than UPPER \(65\)"),
    ({"LOWER": "nan"}, "LOWER must be a finite number .*Declare it"),
    ({"UPPER": "inf"}, "UPPER must be a finite number .*Declare it"),
    ({"UPPER": None}, "STATISTIC mean needs public bounds LOWER and UPPER"),
    ({"STATISTIC": 0, "LOWER": None}, "STATISTIC count needs public bounds LOWER and UPPER"),
    ({"UNIT": 1, "USER_FIELD": "user", "MAX_CONTRIBUTIONS": -1},
     "MAX_CONTRIBUTIONS must be a whole number of at least 0"),
    ({"MAX_CONTRIBUTIONS": 0}, r"MAX_CONTRIBUTIONS=0 \(automatic\) is for UNIT=1"),
    ({"UNIT": 2, "USER_FIELD": "user", "TIME_FIELD": "t", "AUTO_VALUE_BOUNDS": True},
     "AUTO_VALUE_BOUNDS is for UNIT=0"),
    ({"UNIT": 2, "USER_FIELD": "user", "TIME_FIELD": "t", "MAX_CELLS_PER_DAY": 0},
     "MAX_CELLS_PER_DAY must be a whole number of at least 1"),
    ({"STATISTIC": 3, "LIMIT": None}, "needs LIMIT .* and DAYS"),
    ({"STATISTIC": 3, "LIMIT": 65}, r"LIMIT \(65\) must be within \[LOWER, UPPER\)"),
    ({"STATISTIC": 3, "LIMIT": 50, "DAYS": 7, "AUTO_VALUE_BOUNDS": True},
     r"The count above LIMIT needs no value bounds .*clear AUTO_VALUE_BOUNDS"),
    ({"UNIT": 1}, "UNIT user needs USER_FIELD"),
    ({"USER_FIELD": "user"}, "USER_FIELD is set but UNIT is one record"),
    ({"UNIT": 2, "USER_FIELD": "user"}, "UNIT user-day needs the day of every record: set DAY_FIELD"),
    ({"MEAN_SUM_SHARE": 1}, "MEAN_SUM_SHARE must be between 0 and 1"),
    ({"PER_UNIT_MEAN": True}, "PER_UNIT_MEAN averages each user-day's values per cell: it needs UNIT=2"),
    ({"EPSILON": 0}, "EPSILON must be a finite number greater than 0"),
    ({"ZONES": None, "H3_RESOLUTION": 8}, "H3_RESOLUTION needs an EXTENT: .* Set EXTENT to the public study area"),
    ({"ZONES": None, "H3_RESOLUTION": 8, "EXTENT": "13.4,13.4,52.5,52.5 [EPSG:4326]"}, "EXTENT is empty"),
    ({"TIME_FIELD": "label"}, "TIME_FIELD 'label' cannot give hour slots"),
    ({"STATISTIC": 1, "NOISE": 2}, r"NOISE=2 \(discrete Gaussian\) needs DELTA > 0"),
    ({"STATISTIC": 2, "NOISE": 2, "DELTA": 1e-6}, "offered for STATISTIC count and sum only"),
    ({"STATISTIC": 1, "NOISE": 2, "DELTA": 1e-6, "MIN_SUPPORT": 5}, "set MIN_SUPPORT=0"),
    ({"NOISE": 1}, r"NOISE=1 \(discrete Laplace\) is not offered for zone statistics"),
])
def test_bad_input_is_refused_naming_the_parameter_and_the_fix(speeds, tmp_path, parameters, message):
    points, zones, _, _ = speeds
    full = {k: v for k, v in base(points, zones, tmp_path, **{"EPSILON": 1, **parameters}).items() if v is not None}
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)
    assert not (tmp_path / "out.gpkg").exists()


def test_all_null_values_no_cells_and_overlapping_zones_are_refused(tmp_path):
    points = write_points(tmp_path / "p.gpkg", 32633, [[X0 + 5, Y0 + 5], [X0 + 15, Y0 + 5]], speed=[None, None])
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 2)
    with pytest.raises(QgsProcessingException, match="Every value of VALUE_FIELD 'speed' is NULL"):
        run(base(points, zones, tmp_path, EPSILON=1))
    empty = ogr.GetDriverByName("GPKG").CreateDataSource(str(tmp_path / "empty.gpkg"))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    empty.CreateLayer("zones", srs, ogr.wkbPolygon).CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    empty = None
    with pytest.raises(QgsProcessingException, match="ZONES has no polygon features"):
        run(base(points, str(tmp_path / "empty.gpkg"), tmp_path, EPSILON=1))
    overlapping = write_grid_zones(tmp_path / "a.gpkg", 32633, (X0, Y0), CELL, 1)
    dataset = ogr.Open(overlapping, 1)
    layer = dataset.GetLayer(0)
    feature = ogr.Feature(layer.GetLayerDefn())
    feature["zone_id"] = "shifted"
    feature.SetGeometry(ogr.CreateGeometryFromWkt(
        f"POLYGON(({X0 + 50} {Y0},{X0 + 150} {Y0},{X0 + 150} {Y0 + 100},{X0 + 50} {Y0 + 100},{X0 + 50} {Y0}))"))
    layer.CreateFeature(feature)
    dataset = None
    with pytest.raises(QgsProcessingException, match="overlapping zones .*does not support"):
        run(base(points, overlapping, tmp_path, EPSILON=1))
    assert not (tmp_path / "out.gpkg").exists()


def test_cancelled_run_leaves_no_output(speeds, tmp_path):
    points, zones, _, _ = speeds
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(QgsProcessingException):
        processing.run(ALG, base(points, zones, tmp_path, EPSILON=1), context=QgsProcessingContext(),
                       feedback=feedback)
    assert not (tmp_path / "out.gpkg").exists()


# --- qgis_process and models --------------------------------------------------------------------------------


@pytest.mark.parametrize("statistic", STATISTICS)
def test_qgis_process_runs_each_statistic(speeds, tmp_path, statistic):
    points, zones, _, _ = speeds
    out = tmp_path / f"cli_{statistic}.gpkg"
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", VALUE_FIELD="speed",
                                 STATISTIC=STATISTICS.index(statistic), LOWER=0, UPPER=65, LIMIT=50, DAYS=28,
                                 UNIT=1, USER_FIELD="user", MAX_CONTRIBUTIONS=5, TIME_FIELD="t", TIME_SLOT=1,
                                 EPSILON=2, SEED=4, OUTPUT=out)
    [record] = read_from_file(str(out))
    expected = spec_for(statistic, 2.0, unit="user", max_contributions=5).record_fields(N * N * 6)
    if statistic == MEAN:  # published where the noisy count is >= 1
        assert results["ROWS_WRITTEN"] == feature_count(out) <= N * N * 6
    else:
        assert results["ROWS_WRITTEN"] == feature_count(out) == N * N * 6
    assert results["EPSILON_SPENT"] == record.epsilon == expected["epsilon"] == 2
    assert results["SENSITIVITY"] == record.sensitivity == pytest.approx(expected["sensitivity"])
    assert results["NOISE_SCALE"] == pytest.approx(record.noise_scale) and record.mechanism == expected["mechanism"]


def test_qgis_process_reports_bad_input_clearly(speeds, tmp_path):
    points, zones, _, _ = speeds
    result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"ZONES={zones}", "VALUE_FIELD=speed",
                              "LOWER=10", "UPPER=5", f"OUTPUT={tmp_path / 'x.gpkg'}", check=False)
    assert result.returncode != 0 and "LOWER (10) must be less than UPPER (5)" in result.stdout + result.stderr
    assert not (tmp_path / "x.gpkg").exists()


def build_model(path):
    """h3grid over a public study area, then the mean speed per hexagon: the committed model is this one."""
    return (
        ModelBuilder("h3grid_then_zone_statistics")
        .input(QgsProcessingParameterExtent("area", "Study area"))
        .input(QgsProcessingParameterFeatureSource("points", "Points", [QgsProcessing.TypeVectorPoint]))
        .child("grid", "dp_geoprivacy:h3grid", {"INPUT": ("input", "area"), "RESOLUTION": ("value", 7)},
               {"OUTPUT": "hexagons"})
        .child("stats", ALG, {"INPUT": ("input", "points"), "ZONES": ("child", "grid", "OUTPUT"),
                              "ZONE_ID_FIELD": ("value", "h3_index"), "VALUE_FIELD": ("value", "speed"),
                              "STATISTIC": ("value", 2), "LOWER": ("value", 0), "UPPER": ("value", 65),
                              "EPSILON": ("value", EXACT), "SEED": ("value", 1)},
               {"OUTPUT": "means"})
        .save(path)
    )


def test_committed_model_is_the_one_the_builder_makes(tmp_path):
    assert model_definition(build_model(tmp_path / "fresh.model3")) == model_definition(MODEL)


def test_model_chains_h3grid_into_zone_statistics(tmp_path):
    rng = np.random.default_rng(5)
    lonlat = np.column_stack((rng.uniform(13.32, 13.48, 600), rng.uniform(52.42, 52.58, 600)))
    speed = np.round(rng.uniform(0, 60, 600), 1)
    points = write_points(tmp_path / "pts.gpkg", 4326, lonlat, speed=speed.tolist())
    hexagons, means = tmp_path / "hexagons.gpkg", tmp_path / "means.gpkg"
    run_qgis_process("run", str(MODEL), "--", "area=13.3,13.5,52.4,52.6 [EPSG:4326]", f"points={points}",
                     f"grid:hexagons={hexagons}", f"stats:means={means}")
    # The hexagon layer is the zone layer: points are assigned by its polygons (first zone on a shared edge).
    dataset = ogr.Open(str(hexagons))
    polygons = {f["h3_index"]: shapely.from_wkt(f.GetGeometryRef().ExportToWkt()) for f in dataset.GetLayer(0)}
    dataset = None
    cells = np.array([next(i for i, p in polygons.items() if shapely.intersects_xy(p, x, y)) for x, y in lonlat])
    # Every hexagon gets the mechanism; the mean is published where its noisy count is >= 1. With EPSILON 1e9
    # that is every hexagon with two points or more; one with a single point is published about half the time.
    published = read_field(means, "zone_id")
    found, count = np.unique(cells, return_counts=True)
    assert published == sorted(published) and set(found[count >= 2]) <= set(published) <= set(found)
    got = dict(zip(published, read_field(means, "mean")))
    for cell in published:
        assert got[cell] == pytest.approx(speed[cells == cell].mean(), abs=1e-6)
    assert read_from_file(str(means))[0].algorithm == ALG
