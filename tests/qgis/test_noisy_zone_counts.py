"""dp_geoprivacy:noisyzonecounts through the Processing API and qgis_process.

Statistical checks use fixed seeds: noise variances are bounded with the
fourth moment of the noise at 4.5 standard errors, sampling frequencies with
a chi-square quantile at 0.999. "Exact" counts use EPSILON = 1e9 (noise far
below 0.5, removed by rounding).
"""

import math

import h3
import numpy as np
import pytest
import shapely
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsFeature,
    QgsGraduatedSymbolRenderer,
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingFeedback,
    QgsVectorLayer,
)

from dp_geoprivacy.core.geometry.h3cells import cells_covering, cells_of_points, cells_to_text
from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise, StabilityHistogram
from dp_geoprivacy.core.mechanisms.gaussian import GaussianCountNoise, zcdp_rho
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.processing.metric_crs import wkt
from dp_geoprivacy.processing.privacy_metadata import read_from_file
from dp_geoprivacy.processing.styles import graduated_counts

from .conftest import feature_count, read_field, run_algorithm_json, run_qgis_process, write_grid_zones

ALG = "dp_geoprivacy:noisyzonecounts"
EXACT = 1e9
X0, Y0, CELL = 500_000.0, 4_500_000.0, 100.0


class Log(QgsProcessingFeedback):
    """Feedback that keeps what the algorithm logged."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def pushInfo(self, info):  # noqa: N802 (QGIS API)
        self.lines.append(info)
        super().pushInfo(info)

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.lines.append(warning)
        super().pushWarning(warning)

    def text(self):
        return "\n".join(self.lines)


def write_points(path, epsg, xy, users=None, times=None, time_type=ogr.OFTDateTime, user_type=ogr.OFTString):
    """Points with optional fields user and t (None values become NULL)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("user", user_type))
    layer.CreateField(ogr.FieldDefn("t", time_type))
    layer.StartTransaction()
    for i, (x, y) in enumerate(np.asarray(xy, dtype=float)):
        feature = ogr.Feature(layer.GetLayerDefn())
        if users is not None and users[i] is not None:
            feature["user"] = users[i]
        if times is not None and times[i] is not None:
            feature["t"] = times[i]
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(x), float(y))
        feature.SetGeometry(point)
        layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None
    return str(path)


def write_polygons(path, epsg, polygons, ids):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    for polygon, zone_id in zip(polygons, ids):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["zone_id"] = zone_id
        feature.SetGeometry(ogr.CreateGeometryFromWkt(polygon.wkt if hasattr(polygon, "wkt") else polygon))
        layer.CreateFeature(feature)
    dataset = None
    return str(path)


def grid_points(counts, n, jitter_seed=0):
    """Points inside the cells of an n x n grid of CELL-metre squares at (X0, Y0): counts[row * n + col] each."""
    rng = np.random.default_rng(jitter_seed)
    index = np.repeat(np.arange(n * n), counts)
    row, col = index // n, index % n
    x = X0 + (col + rng.uniform(0.05, 0.95, len(index))) * CELL
    y = Y0 + (row + rng.uniform(0.05, 0.95, len(index))) * CELL
    return np.column_stack((x, y))


def grid_ids(n):
    return [f"Z{r}_{c}" for r in range(n) for c in range(n)]


def by_zone(path, field="noisy_count", key="zone_id"):
    return dict(zip(read_field(path, key), read_field(path, field)))


@pytest.fixture
def grid(tmp_path):
    """A 5 x 5 grid (zone_id Z<row>_<col>) and points with known counts per zone."""
    n = 5
    counts = np.arange(n * n) % 7
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(counts, n))
    return zones, points, dict(zip(grid_ids(n), counts.tolist()))


def run(tmp_path, name="out.gpkg", feedback=None, **parameters):
    parameters.setdefault("OUTPUT", str(tmp_path / name))
    kwargs = {"feedback": feedback, "context": QgsProcessingContext()} if feedback is not None else {}
    return processing.run(ALG, parameters, **kwargs)


# --- counts, noise and privacy record ------------------------------------------------


def test_exact_counts_every_zone_fields_and_data_independent_order(grid, tmp_path):
    zones, points, truth = grid
    result = run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT, SEED=1)
    out = result["OUTPUT"]
    layer = QgsVectorLayer(out, "out", "ogr")
    assert layer.fields().names() == ["fid", "zone_id", "noisy_count", "moe95"]
    assert [layer.fields().field(n).typeName().lower() for n in ("zone_id", "noisy_count", "moe95")] == [
        "string", "real", "real"]
    assert by_zone(out) == {k: float(v) for k, v in truth.items()}
    assert read_field(out, "zone_id") == sorted(truth)  # by zone id, not by count
    assert result["ROWS_WRITTEN"] == 25 and result["OUTSIDE_COUNT"] == 0


def test_noise_on_every_zone_has_the_laplace_variance(tmp_path):
    n, epsilon = 20, 0.5
    counts = np.random.default_rng(4).integers(0, 12, n * n)
    counts[:60] = 0
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(counts, n))
    truth = dict(zip(grid_ids(n), counts.tolist()))
    noise = []
    for seed in range(3):
        out = run(tmp_path, f"out{seed}.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=epsilon,
                  CLAMP=False, SEED=seed)["OUTPUT"]
        noisy = by_zone(out)
        assert len(noisy) == n * n  # zero-count zones are published too
        noise.extend(noisy[k] - truth[k] for k in truth)
    noise = np.array(noise)
    b = 1 / epsilon
    second = np.mean(noise**2)
    assert abs(second - 2 * b**2) <= 4.5 * math.sqrt((24 * b**4 - 4 * b**4) / len(noise))
    assert abs(noise.mean()) <= 4.5 * math.sqrt(2 * b**2 / len(noise))
    zero_zones = [noisy[k] for k, v in truth.items() if v == 0]
    assert np.std(zero_zones) > 0.5 * math.sqrt(2) * b


def test_discrete_laplace_gives_integer_noise_of_its_variance(grid, tmp_path):
    zones, points, truth = grid
    noise = []
    for seed in range(8):
        out = run(tmp_path, f"out{seed}.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=0.8,
                  NOISE=1, CLAMP=False, SEED=seed)["OUTPUT"]
        noise.extend(v - truth[k] for k, v in by_zone(out).items())
    noise = np.array(noise)
    assert np.all(noise == np.round(noise))
    mechanism = CountNoise("discrete_laplace", 0.8, 1)
    a = mechanism.alpha
    k = np.arange(-3000, 3001)
    mu4 = float(np.sum((1 - a) / (1 + a) * a ** np.abs(k) * k.astype(float) ** 4))
    assert abs(np.mean(noise**2) - mechanism.variance) <= 4.5 * math.sqrt((mu4 - mechanism.variance**2) / len(noise))


def test_privacy_record_equals_results_equals_mechanism(grid, tmp_path):
    zones, points, _ = grid
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, EPSILON=0.3, USER_FIELD="user",
                 MAX_CONTRIBUTIONS=4)
    out = result["OUTPUT"]
    [record] = read_from_file(out)
    expected = CountNoise(LAPLACE, 0.3, 4).record_fields("x")
    assert record.mechanism == expected["mechanism"] and record.sensitivity_unit == expected["sensitivity_unit"]
    assert record.epsilon == result["EPSILON_SPENT"] == expected["epsilon"] == 0.3
    assert record.delta == result["DELTA_SPENT"] == expected["delta"] == 0.0
    assert record.sensitivity == result["SENSITIVITY"] == expected["sensitivity"] == 4
    assert record.noise_scale == result["NOISE_SCALE"] == expected["noise_scale"]
    assert record.seeded is False and record.algorithm == ALG
    assert "at most 4 points" in record.unit_of_privacy
    assert any("outside all zones" in note for note in record.notes)
    moe = read_field(out, "moe95")
    assert moe == [pytest.approx(CountNoise(LAPLACE, 0.3, 4).released_margin_of_error(0.95))] * 25


def test_outside_points_are_one_noisy_count_in_results_and_metadata(grid, tmp_path):
    zones, _, _ = grid
    far = np.column_stack((np.full(40, X0 - 5000.0), np.linspace(Y0, Y0 + 100, 40)))
    points = write_points(tmp_path / "far.gpkg", 32633, far)
    result = run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT, SEED=3)
    assert result["OUTSIDE_COUNT"] == 40  # every point outside: a valid run
    assert result["ROWS_WRITTEN"] == 25 and set(read_field(result["OUTPUT"], "noisy_count")) == {0.0}
    [record] = read_from_file(result["OUTPUT"])
    assert any("outside all zones: 40" in note for note in record.notes)


def test_seed_is_reproducible(grid, tmp_path):
    zones, points, _ = grid
    outs = [run(tmp_path, f"o{i}.gpkg", INPUT=points, ZONES=zones, EPSILON=1, CLAMP=False, **seed)["OUTPUT"]
            for i, seed in enumerate(({"SEED": 9}, {"SEED": 9}, {}))]
    values = [read_field(o, "noisy_count") for o in outs]
    assert values[0] == values[1] and values[0] != values[2]
    assert read_from_file(outs[0])[0].seeded and not read_from_file(outs[2])[0].seeded


def test_top_k_publishes_the_k_largest_noisy_counts(grid, tmp_path):
    zones, points, _ = grid
    full = run(tmp_path, "full.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=0.5,
               CLAMP=False, SEED=5)["OUTPUT"]
    top = run(tmp_path, "top.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=0.5,
              CLAMP=False, SEED=5, TOP_K=4)
    noisy = by_zone(full)
    assert top["ROWS_WRITTEN"] == 4
    assert set(read_field(top["OUTPUT"], "zone_id")) == set(sorted(noisy, key=noisy.get)[-4:])
    assert read_field(top["OUTPUT"], "zone_id") == sorted(read_field(top["OUTPUT"], "zone_id"))


# --- user-level privacy ---------------------------------------------------------------


def test_user_bound_leaves_no_user_above_m_and_drops_null_users(tmp_path):
    n = 10
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    # User "heavy" has one point in each of the 100 zones; 30 light users one point each in zone 0;
    # 5 points without a user id in zone 1.
    xy = np.r_[grid_points(np.ones(n * n, int), n), grid_points(np.r_[30, np.zeros(n * n - 1, int)], n),
               grid_points(np.r_[0, 5, np.zeros(n * n - 2, int)], n)]
    users = ["heavy"] * 100 + [f"light{i}" for i in range(30)] + [None] * 5
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=users)
    log = Log()
    out = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
              USER_FIELD="user", MAX_CONTRIBUTIONS=3, SEED=2)["OUTPUT"]
    counts = by_zone(out)
    assert sum(counts.values()) == 3 + 30
    assert counts["Z0_0"] in (30, 31) and counts["Z0_1"] <= 1
    assert "Dropped 5 points whose user id (user) is NULL" in log.text()


def test_gaussian_counts_each_user_once_per_zone_in_at_most_m_zones_and_records_rho(tmp_path):
    n = 10
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    # User "heavy": 20 points in zone 0 and one in each other zone; 30 light users one point each in zone 0.
    xy = np.r_[grid_points(np.r_[20, np.ones(n * n - 1, int)], n), grid_points(np.r_[30, np.zeros(n * n - 1, int)], n)]
    users = ["heavy"] * 119 + [f"light{i}" for i in range(30)]
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=users)
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1e4,
                 DELTA=1e-6, NOISE=2, USER_FIELD="user", MAX_CONTRIBUTIONS=3, SEED=2)
    counts = by_zone(result["OUTPUT"])
    assert sum(counts.values()) == 3 + 30 and counts["Z0_0"] in (30, 31)
    [record] = read_from_file(result["OUTPUT"])
    expected = GaussianCountNoise(1e4, 1e-6, math.sqrt(3))
    assert record.rho == pytest.approx(zcdp_rho(1e4, 1e-6)) == pytest.approx(expected.rho)
    assert record.epsilon == result["EPSILON_SPENT"] == 1e4 and record.delta == result["DELTA_SPENT"] == 1e-6
    assert record.sensitivity == result["SENSITIVITY"] == pytest.approx(math.sqrt(3))
    assert record.noise_scale == result["NOISE_SCALE"] == pytest.approx(expected.scale)
    assert "discrete Gaussian" in record.mechanism and "sqrt(M)" in log.text()
    assert "116 points were left out (a user's repeats in a zone" in log.text()


def test_user_bound_samples_uniformly(tmp_path):
    # One user with 4 points in 4 zones and M = 1: each zone should get the point a quarter of the time.
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 2)
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(np.ones(4, int), 2), users=["u"] * 4)
    hits = np.zeros(4)
    runs = 200
    for seed in range(runs):
        out = run(tmp_path, f"o{seed}.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
                  USER_FIELD="user", MAX_CONTRIBUTIONS=1, SEED=seed)["OUTPUT"]
        counts = by_zone(out)
        hits += [counts[k] for k in grid_ids(2)]
    assert hits.sum() == runs
    chi2 = float(np.sum((hits - runs / 4) ** 2 / (runs / 4)))
    assert chi2 < 16.27  # chi-square(3) 0.999 quantile


# --- stability threshold ----------------------------------------------------------------


def test_stability_threshold_suppresses_exactly_the_cells_below_it(tmp_path):
    n, epsilon, delta = 6, 1.0, 1e-4
    counts = np.r_[np.zeros(10, int), np.arange(1, 27) * 2]
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(counts, n))
    mechanism = StabilityHistogram(epsilon, delta, 1, 1)
    ids = grid_ids(n)
    for seed in range(6):
        result = run(tmp_path, f"o{seed}.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=epsilon,
                     DELTA=delta, THRESHOLD=1, CLAMP=False, SEED=seed)
        published = by_zone(result["OUTPUT"])
        # Replay the noise: cells in zone-layer order, then the outside cell.
        expected, noisy = mechanism.release(np.append(counts, 0.0), noise_source(seed).generator)
        assert set(published) == {ids[i] for i in np.flatnonzero(expected[:-1])}
        assert all(counts[ids.index(k)] > 0 for k in published)  # never a zone without data
        assert all(v >= mechanism.threshold for v in published.values())
        assert all(published[ids[i]] == pytest.approx(noisy[i]) for i in np.flatnonzero(expected[:-1]))
        assert math.isnan(result["OUTSIDE_COUNT"])
        assert result["DELTA_SPENT"] == delta and result["SENSITIVITY"] == 2


def test_stability_threshold_with_users_and_h3_without_extent(tmp_path):
    rng = np.random.default_rng(6)
    lon, lat = rng.normal(13.4, 0.01, 3000), rng.normal(52.5, 0.01, 3000)
    users = [f"u{i % 600}" for i in range(3000)]
    points = write_points(tmp_path / "points.gpkg", 4326, np.column_stack((lon, lat)), users=users)
    result = run(tmp_path, INPUT=points, H3_RESOLUTION=7, EPSILON=2, DELTA=1e-6, THRESHOLD=1, USER_FIELD="user",
                 MAX_CONTRIBUTIONS=2, SEED=1)
    ids = read_field(result["OUTPUT"], "zone_id")
    seen = set(cells_to_text(np.unique(cells_of_points(lon, lat, 7))))
    assert ids and set(ids) <= seen and ids == sorted(ids)
    assert result["SENSITIVITY"] == 4  # 2 M c with M = 2


# --- time slots --------------------------------------------------------------------------


def test_one_row_per_zone_and_four_hour_window(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 2)
    xy = grid_points(np.array([3, 2, 0, 1]), 2)
    times = ["2024-05-06T02:00:00", "2024-05-06T05:59:00", "2024-05-06T23:10:00",  # Z0_0: 02-06 x2, 22-02
             "2024-05-07T01:00:00", None,  # Z0_1: 22-02, NULL time
             "2024-05-08T12:00:00"]  # Z1_1: 10-14
    points = write_points(tmp_path / "points.gpkg", 32633, xy, times=times)
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
                 TIME_FIELD="t", TIME_SLOT=1, SEED=1)
    out = result["OUTPUT"]
    assert QgsVectorLayer(out, "o", "ogr").fields().names() == ["fid", "zone_id", "time_slot", "noisy_count",
                                                                  "moe95"]
    rows = list(zip(read_field(out, "zone_id"), read_field(out, "time_slot"), read_field(out, "noisy_count")))
    assert len(rows) == 4 * 6  # every zone x slot cell is public
    windows = ["02-06", "06-10", "10-14", "14-18", "18-22", "22-02"]
    assert rows[:6] == [("Z0_0", w, v) for w, v in zip(windows, [2.0, 0, 0, 0, 0, 1.0])]
    counts = {(z, s): v for z, s, v in rows}
    assert counts[("Z0_1", "22-02")] == 1 and counts[("Z1_1", "10-14")] == 1 and sum(counts.values()) == 5
    assert "Dropped 1 points whose time (t) is NULL" in log.text()
    assert result["SENSITIVITY"] == 1  # slots do not change it


def test_day_of_week_and_hour_slots(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 1)
    times = ["2024-05-06T08:30:00", "2024-05-12T08:59:00", "2024-05-12T09:00:00"]  # Mon, Sun, Sun
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(np.array([3]), 1), times=times)
    week = run(tmp_path, "w.gpkg", INPUT=points, ZONES=zones, EPSILON=EXACT, TIME_FIELD="t", TIME_SLOT=2, SEED=1)
    assert dict(zip(read_field(week["OUTPUT"], "time_slot"), read_field(week["OUTPUT"], "noisy_count"))) == {
        "Mon": 1, "Tue": 0, "Wed": 0, "Thu": 0, "Fri": 0, "Sat": 0, "Sun": 2}
    hours = run(tmp_path, "h.gpkg", INPUT=points, ZONES=zones, EPSILON=EXACT, TIME_FIELD="t", SEED=1)["OUTPUT"]
    values = dict(zip(read_field(hours, "time_slot"), read_field(hours, "noisy_count")))
    assert len(values) == 24 and values["08-09"] == 2 and values["09-10"] == 1


# --- H3 -------------------------------------------------------------------------------------


def test_h3_cells_covering_an_extent_are_all_published(tmp_path):
    rng = np.random.default_rng(3)
    lon, lat = rng.uniform(13.35, 13.45, 500), rng.uniform(52.45, 52.55, 500)
    lon[:20] = 14.5  # outside the extent
    points = write_points(tmp_path / "points.gpkg", 4326, np.column_stack((lon, lat)))
    result = run(tmp_path, INPUT=points, H3_RESOLUTION=8, EXTENT="13.3,13.5,52.4,52.6 [EPSG:4326]",
                 EPSILON=EXACT, SEED=1)
    cells = cells_covering(shapely.box(13.3, 52.4, 13.5, 52.6), 8)
    out = result["OUTPUT"]
    ids = read_field(out, "zone_id")
    assert ids == sorted(cells_to_text(cells)) and result["ROWS_WRITTEN"] == len(cells)
    truth = {}
    for cell in cells_to_text(cells_of_points(lon[20:], lat[20:], 8)):
        truth[cell] = truth.get(cell, 0) + 1
    counts = by_zone(out)
    assert all(counts[k] == truth.get(k, 0) for k in counts)
    assert result["OUTSIDE_COUNT"] == 20
    assert all(h3.is_valid_cell(i) for i in ids)
    assert QgsVectorLayer(out, "o", "ogr").crs().authid() == "EPSG:4326"


def test_h3_points_in_a_projected_crs_are_reprojected(tmp_path):
    xy = np.column_stack((np.full(10, 391_000.0), np.linspace(5_820_000.0, 5_821_000.0, 10)))  # Berlin, 33N
    points = write_points(tmp_path / "points.gpkg", 32633, xy)
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, H3_RESOLUTION=6, EXTENT="13.2,13.6,52.4,52.6 [EPSG:4326]",
                 EPSILON=EXACT, SEED=1)
    assert "reprojected from EPSG:32633 to EPSG:4326" in log.text()
    assert sum(read_field(result["OUTPUT"], "noisy_count")) == 10 and result["OUTSIDE_COUNT"] == 0
    assert QgsVectorLayer(result["OUTPUT"], "o", "ogr").crs().authid() == "EPSG:32633"


# --- bad input --------------------------------------------------------------------------------


def test_points_in_another_crs_are_reprojected_and_logged(grid, tmp_path):
    zones, _, truth = grid
    xy = grid_points(np.array(list(truth.values())), 5)
    lonlat = transform_xy(xy, wkt(QgsCoordinateReferenceSystem("EPSG:32633")),
                          wkt(QgsCoordinateReferenceSystem("EPSG:4326")))
    points = write_points(tmp_path / "lonlat.gpkg", 4326, lonlat)
    log = Log()
    out = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
              SEED=1)["OUTPUT"]
    assert "reprojected from EPSG:4326 to the zones' CRS EPSG:32633" in log.text()
    assert by_zone(out) == {k: float(v) for k, v in truth.items()}


def test_invalid_zone_polygons_are_repaired_and_logged(tmp_path):
    bowtie = "POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))"
    zones = write_polygons(tmp_path / "zones.gpkg", 32633, [bowtie, shapely.box(20, 0, 30, 10)], ["bow", "box"])
    points = write_points(tmp_path / "points.gpkg", 32633, [[2, 5], [8, 5], [25, 5]])
    log = Log()
    out = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
              SEED=1)["OUTPUT"]
    assert "Repaired 1 invalid zone polygons" in log.text()
    assert by_zone(out) == {"bow": 2.0, "box": 1.0}


def test_overlapping_zones_are_refused_unless_allowed(tmp_path):
    zones = write_polygons(tmp_path / "zones.gpkg", 32633,
                           [shapely.box(0, 0, 10, 10), shapely.box(5, 0, 15, 10), shapely.box(20, 0, 30, 10)],
                           ["a", "b", "c"])
    points = write_points(tmp_path / "points.gpkg", 32633, [[2, 5], [7, 5], [12, 5], [25, 5]])
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match="overlapping zones .*'a' and 'b'.*ALLOW_OVERLAP"):
        run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1)
    assert not out.exists()
    result = run(tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT, ALLOW_OVERLAP=True,
                 SEED=1)
    assert by_zone(result["OUTPUT"]) == {"a": 2.0, "b": 2.0, "c": 1.0}  # the point at x=7 counts twice
    assert result["SENSITIVITY"] == 2
    with pytest.raises(QgsProcessingException, match="Gaussian thresholding.*needs each point in one zone"):
        run(tmp_path, name="gauss.gpkg", INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1,
            ALLOW_OVERLAP=True, THRESHOLD=1, NOISE=2, DELTA=1e-6)
    assert not (tmp_path / "gauss.gpkg").exists()


def test_qgis_process_gaussian_thresholding_publishes_zones_with_enough_users(tmp_path):
    """THRESHOLD=1 with NOISE=2: users per zone (one point per user and zone), only zones at or above tau (2 at a
    huge epsilon), a record without rho."""
    from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold
    from dp_geoprivacy.processing.privacy_metadata import read_from_file

    n = 3
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    # Z0_0: user a (5 points) and b; Z1_1: user c only; Z2_2: users a, d and e.
    xy = grid_points([6, 0, 0, 0, 1, 0, 0, 0, 3], n)
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=["a"] * 5 + ["b", "c", "a", "d", "e"])
    out = tmp_path / "out.gpkg"
    result = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", USER_FIELD="user",
                                MAX_CONTRIBUTIONS=2, EPSILON=EXACT, THRESHOLD=1, NOISE=2, DELTA=1e-6, OUTPUT=out)
    assert GaussianThreshold(EXACT, 1e-6, 2).threshold == 2
    assert by_zone(out) == {"Z0_0": 2.0, "Z2_2": 3.0}
    assert result["DELTA_SPENT"] == 1e-6 and result["SENSITIVITY"] == pytest.approx(2 ** 0.5)
    [record] = read_from_file(str(out))
    assert record.rho is None and "Gaussian thresholding" in record.mechanism and "tau = 2" in record.mechanism


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"MAX_CONTRIBUTIONS": -1}, "MAX_CONTRIBUTIONS must be a whole number of at least 1"),
        ({"MAX_CONTRIBUTIONS": 0}, r"MAX_CONTRIBUTIONS=0 \(automatic\) chooses the bound per user: set USER_FIELD"),
        ({"TOP_K": -1}, "TOP_K must be a whole number of at least 0"),
        ({"DELTA": 1}, r"DELTA must be in \[0, 1\)"),
        ({"DELTA": -0.1}, r"DELTA must be in \[0, 1\)"),
        ({"THRESHOLD": 1}, "THRESHOLD=1 .* needs DELTA > 0"),
        ({"THRESHOLD": 1, "DELTA": 1e-6, "NOISE": 1}, "set NOISE=0"),
        ({"NOISE": 2}, r"NOISE=2 \(discrete Gaussian\) needs DELTA > 0"),
        ({"EPSILON": 0}, "EPSILON must be a finite number greater than 0"),
        ({"H3_RESOLUTION": 8}, "either ZONES or H3_RESOLUTION, not both"),
        ({"ZONES": None}, "a polygon layer as ZONES, or an H3_RESOLUTION"),
        ({"ZONES": None, "H3_RESOLUTION": 8}, "H3_RESOLUTION needs an EXTENT"),
        ({"ZONE_ID_FIELD": "label"}, "not a field of ZONES"),
        ({"TIME_FIELD": "user"}, "TIME_FIELD 'user' cannot give hour slots"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(grid, tmp_path, parameters, message):
    zones, points, _ = grid
    full = {"INPUT": points, "ZONES": zones, "EPSILON": 1, "OUTPUT": str(tmp_path / "out.gpkg")}
    full.update(parameters)
    full = {k: v for k, v in full.items() if v is not None}
    if parameters.get("TIME_FIELD"):
        full["INPUT"] = write_points(tmp_path / "users.gpkg", 32633, [[X0 + 5, Y0 + 5]], users=["x"])
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, full)
    assert not (tmp_path / "out.gpkg").exists()


def test_cancelled_run_leaves_no_output(grid, tmp_path):
    zones, points, _ = grid
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(QgsProcessingException):
        processing.run(ALG, {"INPUT": points, "ZONES": zones, "EPSILON": 1, "OUTPUT": str(tmp_path / "out.gpkg")},
                       context=QgsProcessingContext(), feedback=feedback)
    assert not (tmp_path / "out.gpkg").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg", "zones.gpkg"]


def test_output_is_styled_graduated_by_noisy_count(grid, tmp_path):
    zones, points, _ = grid
    out = run(tmp_path, INPUT=points, ZONES=zones, EPSILON=1, SEED=1)["OUTPUT"]
    layer = QgsVectorLayer(out, "o", "ogr")
    graduated_counts(layer)
    renderer = layer.renderer()
    assert isinstance(renderer, QgsGraduatedSymbolRenderer) and renderer.classAttribute() == "noisy_count"
    assert len(renderer.ranges()) >= 2


def test_count_classes_are_whole_numbers_without_repeated_bounds(tmp_path):
    """Issue 20 §5: quantile classes of counts showed "0 - 0", "256 - 256" and decimal breaks."""
    from dp_geoprivacy.processing.styles import integer_classes

    layer = QgsVectorLayer("Polygon?crs=EPSG:32633&field=noisy_count:double", "counts", "memory")
    values = [0.0] * 30 + [256.0] * 5 + [3.0, 17.0, 40.0]
    features = []
    for value in values:
        feature = QgsFeature(layer.fields())
        feature["noisy_count"] = value
        features.append(feature)
    ok, _ = layer.dataProvider().addFeatures(features)
    assert ok
    classes = integer_classes(layer, "noisy_count")
    assert classes[0][0] == 0 and classes[-1][1] == 256 and len(classes) >= 3
    labels = [label for _, _, label in classes]
    assert all("." not in label for label in labels) and "0 - 0" not in labels and "256 - 256" not in labels
    assert all(upper > lower for lower, upper, _ in classes)
    assert [a[1] for a in classes[:-1]] == [b[0] for b in classes[1:]]  # contiguous


# --- qgis_process ---------------------------------------------------------------------------


def test_qgis_process_runs_with_users_slots_and_threshold(tmp_path):
    rng = np.random.default_rng(12)
    n = 4000
    xy = np.column_stack((rng.uniform(X0, X0 + 500, n), rng.uniform(Y0, Y0 + 500, n)))
    users = [f"u{i}" for i in rng.integers(0, 800, n)]
    times = [f"2024-05-{6 + i % 7:02d}T{h:02d}:15:00" for i, h in enumerate(rng.integers(0, 24, n))]
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=users, times=times)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 5)
    out = tmp_path / "cli.gpkg"
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1, DELTA=1e-6,
                                 USER_FIELD="user", MAX_CONTRIBUTIONS=3, TIME_FIELD="t", TIME_SLOT=2,
                                 THRESHOLD=0, NOISE=1, SEED=4, OUTPUT=out)
    assert results["ROWS_WRITTEN"] == feature_count(out) == 25 * 7
    assert results["SENSITIVITY"] == 3 and results["EPSILON_SPENT"] == 1 and results["DELTA_SPENT"] == 0
    assert all(v == round(v) and v >= 0 for v in read_field(out, "noisy_count"))
    stable = tmp_path / "stable.gpkg"
    results = run_algorithm_json(ALG, INPUT=points, ZONES=zones, EPSILON=1, DELTA=1e-6, THRESHOLD=1,
                                 SEED=4, OUTPUT=stable)
    assert results["DELTA_SPENT"] == 1e-6 and results["SENSITIVITY"] == 2
    assert results["ROWS_WRITTEN"] == feature_count(stable) == 25  # ~160 points per zone, threshold ~29


def test_qgis_process_reports_bad_settings_clearly(grid, tmp_path):
    zones, points, _ = grid
    result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"ZONES={zones}", "EPSILON=1", "THRESHOLD=1",
                              f"OUTPUT={tmp_path / 'x.gpkg'}", check=False)
    assert result.returncode != 0
    assert "needs DELTA > 0" in result.stdout + result.stderr
    assert not (tmp_path / "x.gpkg").exists()
