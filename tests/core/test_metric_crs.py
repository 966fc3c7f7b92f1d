import pytest

from dp_geoprivacy.core.geometry.metric_crs import utm_epsg_for


@pytest.mark.parametrize(
    "lon, lat, epsg",
    [(13.4, 52.5, 32633), (-93.3, 44.9, 32615), (151.2, -33.9, 32756), (-180.0, 0.0, 32601), (179.99, 1.0, 32660)],
)
def test_utm_zone(lon, lat, epsg):
    assert utm_epsg_for(lon, lat) == epsg


@pytest.mark.parametrize("lon, lat", [(0.0, 85.0), (0.0, -81.0), (float("nan"), 0.0)])
def test_outside_utm_is_refused(lon, lat):
    with pytest.raises(ValueError):
        utm_epsg_for(lon, lat)


# --- choice of the noise CRS (core.geometry.metric_crs.choose_metric_crs) ---

import math  # noqa: E402

from dp_geoprivacy.core.geometry.metric_crs import (  # noqa: E402
    AEQD,
    LAYER,
    TOLERANCE,
    UTM,
    DistortedCrsError,
    NoMetricCrsError,
    choose_metric_crs,
    coarse_extent,
    max_noise_scale,
    scale_distortion,
)


def test_web_mercator_scale_error_is_one_over_cos_latitude():
    # At 60N the scale is 1 / cos(60) = 2: an error of 100%.
    assert scale_distortion("EPSG:3857", (10, 60, 10.001, 60.001)) == pytest.approx(1.0, rel=1e-3)
    assert scale_distortion("EPSG:3857", (10, -0.5, 11, 0.5)) < TOLERANCE


def test_coarse_extent_rounds_outward_to_whole_degrees():
    assert coarse_extent([[10.4, 59.95], [10.6, 60.05], [math.nan, 0]]) == (10, 59, 11, 61)
    assert coarse_extent([[10.0, 60.0]]) == (10, 60, 11, 61)


def test_distorted_layer_crs_falls_back_to_utm_and_says_why():
    choice = choose_metric_crs((10, 59, 11, 61), layer_crs="EPSG:3857")
    assert (choice.how, choice.name) == (UTM, "EPSG:32632")
    assert choice.rejected[0] == "EPSG:3857" and choice.rejected[1] > 0.9
    assert "EPSG:3857 was not used" in choice.description()


def test_true_to_scale_layer_crs_is_kept():
    choice = choose_metric_crs((13, 52, 14, 53), layer_crs="EPSG:25833")
    assert (choice.how, choice.name, choice.rejected) == (LAYER, "EPSG:25833", None)


def test_explicit_distorted_crs_is_refused_with_the_fallback():
    with pytest.raises(DistortedCrsError) as error:
        choose_metric_crs((10, 59, 11, 61), explicit="EPSG:3857")
    assert error.value.suggestion == "EPSG:32632"


def test_beyond_utm_an_azimuthal_equidistant_crs_is_used():
    choice = choose_metric_crs((0, 85, 10, 89))
    assert choice.how == AEQD and "+lat_0=87 +lon_0=5" in choice.name
    assert choice.distortion <= TOLERANCE


def test_continental_extent_has_no_metric_crs():
    with pytest.raises(NoMetricCrsError):
        choose_metric_crs((-10, 35, 30, 60))


def test_max_noise_scale_bounds_the_reach_of_the_noise():
    utm = choose_metric_crs((10, 59, 11, 61))
    # UTM zone 32N is 6 degrees wide: about 334 km at 60N; noise reaches 20 b.
    assert 15_000 < max_noise_scale(utm) < 18_000
    assert max_noise_scale(utm) < 1e302


# --- the noise frame of a release: public facts only -------------------------------------------

import numpy as np  # noqa: E402
from pyproj import CRS, Geod  # noqa: E402

from dp_geoprivacy.core.geometry.metric_crs import (  # noqa: E402
    EARTH_MEAN_RADIUS_M,
    GEODESIC,
    NOISE_REACH,
    NoiseFrame,
    NoPublicFrameError,
    frame_max_noise_scale,
    geodesic_move,
    planar_frame,
)


@pytest.mark.parametrize("epsg", [32633, 3067, 27700, 2056, 32760])
def test_a_crs_true_to_scale_over_its_area_of_use_is_a_frame(epsg):
    frame = planar_frame(CRS.from_epsg(epsg).to_wkt(), "layer")
    assert frame.distortion <= 0.01 and frame.name == f"EPSG:{epsg}"
    assert "over its area of use" in frame.description()


@pytest.mark.parametrize("epsg", [3857, 3035])
def test_a_crs_distorted_somewhere_in_its_area_of_use_is_not(epsg):
    with pytest.raises(NoPublicFrameError, match="distorts distances"):
        planar_frame(CRS.from_epsg(epsg).to_wkt(), "given")


def test_a_crs_without_an_area_of_use_is_not_a_frame():
    wkt = CRS.from_proj4("+proj=aeqd +lat_0=60 +lon_0=25 +datum=WGS84 +units=m").to_wkt()
    with pytest.raises(NoPublicFrameError, match="no area of use"):
        planar_frame(wkt, "given")


def test_the_frame_text_names_no_data():
    """The record's note depends on the CRS only: the same for any data (issue 19 item 5)."""
    assert planar_frame(CRS.from_epsg(3067).to_wkt(), "layer").description() == (
        "EPSG:3067 (the layer's CRS); scale error at most 0.215% over its area of use (longitude 19.08 to 31.59, "
        "latitude 58.84 to 70.09)")
    assert NoiseFrame(GEODESIC).description().startswith("the WGS 84 ellipsoid, per point")


def test_geodesic_move_travels_the_displacement_on_the_ellipsoid():
    rng = np.random.default_rng(1)
    lonlat = np.column_stack((rng.uniform(-180, 180, 1000), rng.uniform(-89, 89, 1000)))
    east_north = rng.normal(0, 5000, (1000, 2))
    moved = geodesic_move(lonlat, east_north)
    bearing, _, distance = Geod(ellps="WGS84").inv(lonlat[:, 0], lonlat[:, 1], moved[:, 0], moved[:, 1])
    assert np.allclose(distance, np.hypot(*east_north.T), rtol=1e-9, atol=1e-6)
    expected = np.degrees(np.arctan2(east_north[:, 0], east_north[:, 1]))
    assert np.allclose(np.mod(bearing - expected + 180, 360) - 180, 0, atol=1e-6)


def test_geodesic_reach_keeps_the_area_scale_within_tolerance():
    """J(r) = (r/R) / sin(r/R) at NOISE_REACH x the largest b must stay within 1 + TOLERANCE."""
    b = frame_max_noise_scale(NoiseFrame(GEODESIC))
    r = NOISE_REACH * b / EARTH_MEAN_RADIUS_M
    assert r / math.sin(r) <= 1 + TOLERANCE + 1e-9
    assert 70_000 < b < 80_000
