"""Noise is drawn in ground metres whatever the layer's CRS, in a frame chosen from public facts only
(core.geometry.metric_crs, "the noise frame").

A Web Mercator layer at 60N: one EPSG:3857 "metre" is half a ground metre
there, so noise drawn in the layer's CRS would move points by Gamma(2, b/2)
on the ground. The geodesic displacement (pyproj.Geod on WGS 84) must follow
Gamma(2, b): KS test at alpha = 0.001, fixed seed. The same KS test rejects
Gamma(2, b/2), the distribution the old behaviour produced, so the test can
fail.
"""

import os

import numpy as np
import pytest
from pyproj import Geod
from qgis import processing
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException
from scipy import stats

from dp_geoprivacy.core.geometry.metric_crs import transform_xy
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import read_points, write_points

ALG = "dp_geoprivacy:laplaceperturbation"
ALPHA = 0.001


def _wkt(authid):
    return QgsCoordinateReferenceSystem(authid).toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED)


@pytest.fixture
def mercator_points_60n(tmp_path):
    """4,000 points in EPSG:3857 over about 10 x 10 km around 10.5E, 60N."""
    rng = np.random.default_rng(11)
    lonlat = np.column_stack((rng.uniform(10.4, 10.6, 4000), rng.uniform(59.95, 60.05, 4000)))
    xy = transform_xy(lonlat, _wkt("EPSG:4326"), _wkt("EPSG:3857"))
    return write_points(tmp_path / "mercator.gpkg", 3857, xy), xy


def _geodesic_displacement(input_xy, output_path):
    pids, out_xy = read_points(output_path)
    to_lonlat = (_wkt("EPSG:3857"), _wkt("EPSG:4326"))
    before, after = transform_xy(input_xy[pids], *to_lonlat), transform_xy(out_xy, *to_lonlat)
    _, _, distance = Geod(ellps="WGS84").inv(before[:, 0], before[:, 1], after[:, 0], after[:, 1])
    return np.asarray(distance)


def test_web_mercator_at_60n_gets_ground_metre_noise(mercator_points_60n, tmp_path):
    path, xy = mercator_points_60n
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "GRID": 0, "SEED": 5,
                                  "FIELDS": ["pid"], "KEEP_IDENTIFIERS": True, "OUTPUT": out})
    b = 100.0
    assert result["NOISE_SCALE_M"] == b
    distance = _geodesic_displacement(xy, out)
    assert stats.kstest(distance, stats.gamma(a=2, scale=b).cdf).pvalue > ALPHA
    # Power: the old behaviour (noise in EPSG:3857 units) gives Gamma(2, b cos 60) on the ground.
    assert stats.kstest(distance, stats.gamma(a=2, scale=b / 2).cdf).pvalue < ALPHA
    [record] = read_from_file(out)
    assert record.metric_crs.startswith("the WGS 84 ellipsoid, per point")


def test_explicit_web_mercator_is_refused_naming_the_parameter(mercator_points_60n, tmp_path):
    path, _ = mercator_points_60n
    out = str(tmp_path / "out.gpkg")
    with pytest.raises(QgsProcessingException, match=r"METRIC_CRS: EPSG:3857 cannot carry the noise: it distorts"):
        processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "METRIC_CRS": "EPSG:3857",
                             "OUTPUT": out})
    assert not os.path.exists(out)


def test_noise_scale_beyond_the_crs_is_refused(mercator_points_60n, tmp_path):
    path, _ = mercator_points_60n
    out = str(tmp_path / "out.gpkg")
    with pytest.raises(QgsProcessingException, match=r"b = 1e\+302 m.*Increase EPSILON or decrease DISTANCE"):
        processing.run(ALG, {"INPUT": path, "EPSILON": 1e-300, "DISTANCE": 100, "OUTPUT": out})
    assert not os.path.exists(out)


def test_escape_analysis_refuses_scales_beyond_the_crs(tmp_path):
    # 1,000 km: under the generic 10,000 km cap on SCALES, far beyond what a UTM zone carries.
    from .conftest import write_grid_zones

    rng = np.random.default_rng(3)
    xy = np.column_stack((rng.uniform(5e5, 5.1e5, 200), rng.uniform(4.5e6, 4.51e6, 200)))
    points = write_points(tmp_path / "p.gpkg", 32633, xy)
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (5e5, 4.5e6), 1000.0, 10)
    with pytest.raises(QgsProcessingException, match=r"at most \d+ m in SCALES"):
        processing.run("dp_geoprivacy:escapeanalysis", {
            "INPUT": points, "ZONES": zones, "SCALES": "100,1e6", "REALIZATIONS": 1, "SEED": 1,
            "OUTPUT_TABLE": str(tmp_path / "t.gpkg"), "OUTPUT_ZONES": str(tmp_path / "z_out.gpkg")})


def test_polar_layer_is_perturbed_on_the_ellipsoid(tmp_path):
    path = write_points(tmp_path / "polar.gpkg", 4326, [[10.0, 89.0], [10.1, 89.1]])
    out = str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": out})
    [record] = read_from_file(out)
    assert record.metric_crs.startswith("the WGS 84 ellipsoid, per point")
    _, out_xy = read_points(out)
    assert np.isfinite(out_xy).all() and (np.abs(out_xy[:, 1]) <= 90).all()


class _Log:
    """A QgsProcessingFeedback that keeps every line of the log."""

    @staticmethod
    def feedback():
        from qgis.core import QgsProcessingFeedback

        class Log(QgsProcessingFeedback):
            def __init__(self):
                super().__init__()
                self.lines = []

            def pushInfo(self, text):  # noqa: N802 (QGIS API)
                self.lines.append(text)

            def pushWarning(self, text):  # noqa: N802 (QGIS API)
                self.lines.append(text)

            def pushCommandInfo(self, text):  # noqa: N802 (QGIS API)
                self.lines.append(text)

            def pushDebugInfo(self, text):  # noqa: N802 (QGIS API)
                self.lines.append(text)

            def reportError(self, text, fatal=False):  # noqa: N802 (QGIS API)
                self.lines.append(text)

        return Log()


@pytest.mark.parametrize("epsg, far", [(4326, (24.0, 68.0)), (3067, (500e3, 7.5e6)), (3857, (3.0e6, 9.5e6))])
def test_a_far_away_point_changes_nothing_in_the_record_or_the_log(tmp_path, epsg, far):
    """Issue 19 item 5: with the same SEED, one added far-away point must not change the record or the log (the
    old note gave the data's whole-degree box, "24 to 25, 60 to 61" becoming "24 to 27, 60 to 68", and the UTM
    zone came from it)."""
    from qgis.core import QgsProcessingContext

    rng = np.random.default_rng(21)
    lonlat = np.column_stack((rng.uniform(24.8, 25.0, 300), rng.uniform(60.1, 60.3, 300)))
    xy = transform_xy(lonlat, _wkt("EPSG:4326"), _wkt(f"EPSG:{epsg}"))
    records, logs = [], []
    for name, points in (("a", xy), ("b", np.vstack((xy, [far])))):
        (tmp_path / name).mkdir()
        path = write_points(tmp_path / name / "points.gpkg", epsg, points)
        out = str(tmp_path / name / "out.gpkg")
        feedback = _Log.feedback()
        processing.run(ALG, {"INPUT": path, "EPSILON": 1, "DISTANCE": 100, "SEED": 3, "OUTPUT": out},
                       context=QgsProcessingContext(), feedback=feedback)
        [record] = read_from_file(out)
        records.append({k: v for k, v in record.__dict__.items() if k not in ("release_id", "created")})
        # The results' raw counts (POINTS_WRITTEN) are issue 19 item 9, not this test's.
        logs.append([line.replace(str(tmp_path / name), "") for line in feedback.lines
                     if not line.startswith("Results:")])
    assert records[0] == records[1]
    assert logs[0] == logs[1]


def test_weak_epsilon_is_flagged_in_the_log_and_the_record(tmp_path):
    """EPSILON=20 (no meaningful protection, above 10) runs, and the log and the record say so (EPSILON=1e308 is
    refused: its noise vanishes below the grid)."""
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    class Log(QgsProcessingFeedback):
        warnings = []

        def pushWarning(self, text):  # noqa: N802 (QGIS API)
            self.warnings.append(text)

    rng = np.random.default_rng(4)
    path = write_points(tmp_path / "p.gpkg", 32633, np.column_stack((rng.uniform(5e5, 5.01e5, 50),
                                                                       rng.uniform(4.5e6, 4.501e6, 50))))
    feedback = Log()
    out = str(tmp_path / "out.gpkg")
    processing.run(ALG, {"INPUT": path, "EPSILON": 20, "DISTANCE": 100, "OUTPUT": out},
                   context=QgsProcessingContext(), feedback=feedback)
    assert any("EPSILON = 20 is above 10: this release gives no meaningful protection" in w
               for w in feedback.warnings)
    [record] = read_from_file(out)
    assert any("gives no meaningful protection" in note for note in record.notes)
    processing.run(ALG, {"INPUT": path, "EPSILON": 10, "DISTANCE": 100, "OUTPUT": str(tmp_path / "ok.gpkg")})
    assert not any("meaningful" in note for note in read_from_file(str(tmp_path / "ok.gpkg"))[0].notes)


def test_zone_count_record_states_its_floating_point_protection(tmp_path):
    from .conftest import write_grid_zones

    rng = np.random.default_rng(6)
    path = write_points(tmp_path / "p.gpkg", 32633, np.column_stack((rng.uniform(5e5, 5.01e5, 300),
                                                                        rng.uniform(4.5e6, 4.501e6, 300))))
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (5e5, 4.5e6), 250.0, 4)
    out = str(tmp_path / "counts.gpkg")
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                     "EPSILON": 0.3, "CLAMP": False, "OUTPUT": out})
    [record] = read_from_file(out)
    assert record.count_grain == 4 and 0.3 < record.epsilon_floating_point < 0.3 * (1 + 1e-5)
    assert "snapping" in record.floating_point and "Floating-point safety" in record.summary()
    from osgeo import ogr

    dataset = ogr.Open(out)
    values = [f.GetField("noisy_count") for f in dataset.GetLayer(0)]
    dataset = None
    assert values and all(v % 4 == 0 for v in values if v is not None)  # CLAMP=false: snapped values as published


def test_qgis_process_json_refuses_a_noise_scale_machine_readably(mercator_points_60n, tmp_path):
    import json

    from .conftest import run_qgis_process

    path, _ = mercator_points_60n
    out = tmp_path / "out.gpkg"
    refused = run_qgis_process("run", ALG, "--json", "--", f"INPUT={path}", "EPSILON=1e-300", "DISTANCE=100",
                               f"OUTPUT={out}", check=False)
    assert refused.returncode != 0 and not out.exists()
    [line] = [line for line in refused.stdout.splitlines() if line.startswith("{")]
    refusal = json.loads(line)["dp_geoprivacy_refusal"]
    assert (refusal["reason"], refusal["parameter"], refusal["algorithm"]) == ("noise_scale_too_large", "EPSILON", ALG)
    assert refusal["noise_scale_m"] == pytest.approx(1e302) and 0 < refusal["limit_m"] < 100_000


@pytest.mark.parametrize("algorithm, extra", [
    ("dp_geoprivacy:noisyzonecounts", {}),
    ("dp_geoprivacy:noisyzonestatistics", {"VALUE_FIELD": "pid", "LOWER": 0, "UPPER": 10}),
])
def test_zone_releases_refuse_points_without_a_crs(tmp_path, algorithm, extra):
    """Issue 21: points in GeoPackage's "Undefined geographic SRS" were all counted as outside: pure noise was
    published with no warning."""
    import sqlite3

    from .conftest import write_grid_zones

    rng = np.random.default_rng(5)
    path = write_points(tmp_path / "p.gpkg", 32633, np.column_stack((rng.uniform(5e5, 5.01e5, 50),
                                                                     rng.uniform(4.5e6, 4.501e6, 50))))
    connection = sqlite3.connect(path)
    connection.execute("UPDATE gpkg_geometry_columns SET srs_id = 0")
    connection.execute("UPDATE gpkg_contents SET srs_id = 0")
    connection.commit()
    connection.close()
    zones = write_grid_zones(tmp_path / "z.gpkg", 32633, (5e5, 4.5e6), 500.0, 2)
    out = tmp_path / "out.gpkg"
    with pytest.raises(QgsProcessingException, match=r"INPUT has no coordinate reference system \(CRS\).*Set its CRS"):
        processing.run(algorithm, {"INPUT": path, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "OUTPUT": str(out),
                                   **extra})
    assert not out.exists()
