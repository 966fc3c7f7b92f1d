"""Choice of a metric CRS when the user gives none.

The default must be coarse: anything derived from the raw points and written
into the output leaks a little about them. A UTM zone (6 degrees of longitude,
one hemisphere) reveals only roughly where the data are, which the published
points reveal anyway. Users should still pass an explicit metric CRS.
"""

import math


def utm_epsg_for(lon: float, lat: float) -> int:
    """EPSG code of the WGS 84 / UTM zone containing (lon, lat) in degrees.

    Raises ValueError outside UTM's latitude range (beyond 84N or 80S), where a
    polar stereographic CRS must be chosen explicitly.
    """
    if not (math.isfinite(lon) and math.isfinite(lat)):
        raise ValueError("the layer's centre has no finite longitude and latitude")
    if lat > 84.0 or lat < -80.0:
        raise ValueError("the layer lies beyond UTM's latitude range (84N to 80S)")
    zone = min(60, max(1, int(math.floor((lon + 180.0) / 6.0)) + 1))
    return (32600 if lat >= 0 else 32700) + zone


def xy_transformer(from_wkt: str, to_wkt: str):
    """A function reprojecting (n, 2) arrays of x/y (easting/northing, longitude/latitude order)."""
    import numpy as np

    from .proj_data import ensure_proj_data

    ensure_proj_data()  # before pyproj's first import (which warns when it finds no PROJ data)
    from pyproj import CRS, Transformer

    transformer = Transformer.from_crs(CRS.from_wkt(from_wkt), CRS.from_wkt(to_wkt), always_xy=True)

    def transform(xy):
        xy = np.asarray(xy, dtype=float)
        if not len(xy):
            return xy.reshape(0, 2)
        if len(xy) == 1:  # pyproj takes one-element arrays as a point and converts them to scalars (numpy 2 warns)
            return np.array([transformer.transform(float(xy[0, 0]), float(xy[0, 1]))], dtype=float)
        x, y = transformer.transform(xy[:, 0], xy[:, 1])
        return np.column_stack((np.asarray(x, dtype=float), np.asarray(y, dtype=float)))

    return transform


def transform_xy(xy, from_wkt: str, to_wkt: str):
    """Reproject an (n, 2) array of x/y (easting/northing, longitude/latitude order) once."""
    return xy_transformer(from_wkt, to_wkt)(xy)
