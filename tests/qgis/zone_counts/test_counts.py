"""dp_geoprivacy:noisyzonecounts: the counts, their noise and record, the user bound, the stability threshold.

Statistical checks use fixed seeds: noise variances are bounded with the
fourth moment of the noise at 4.5 standard errors, sampling frequencies with
a chi-square quantile at 0.999. "Exact" counts use EPSILON = 1e9 (noise far
below 0.5, removed by rounding).
"""

import math

import numpy as np
import pytest
from qgis.core import (
    QgsVectorLayer,
)

from dp_geoprivacy.core.geometry.h3cells import cells_of_points, cells_to_text
from dp_geoprivacy.core.mechanisms.counting import LAPLACE, CountNoise, StabilityHistogram
from dp_geoprivacy.core.mechanisms.gaussian import GaussianCountNoise, zcdp_rho
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import read_field, write_grid_zones
from .support import ALG, CELL, EXACT, X0, Y0, Log, by_zone, grid_ids, grid_points, run, write_points


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
