import pytest

from dp_geoprivacy.core.metric_crs import utm_epsg_for


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
