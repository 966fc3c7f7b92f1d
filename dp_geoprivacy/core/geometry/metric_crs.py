"""Choice of the CRS in which location noise is drawn, in ground metres.

A projected CRS "in metres" measures ground metres only where its scale
factor is 1. Web Mercator (EPSG:3857) stretches every distance by
1 / cos(latitude): at 60N one of its "metres" is half a ground metre, so
noise of scale b drawn in it displaces points by b / 2 on the ground and the
geo-indistinguishability claim (epsilon per DISTANCE metres) overstates the
protection twofold. The rule here: noise is drawn in a CRS whose Tissot
scale factors (pyproj ``Proj.get_factors``: the largest and smallest scale
in any direction) stay within ``TOLERANCE`` of 1 over the data's extent;
otherwise the local UTM zone, otherwise an azimuthal equidistant CRS centred
on the extent. Within the tolerance a ground distance d is at most
(1 + TOLERANCE) d in the CRS, so the effective epsilon per DISTANCE metres is
at most (1 + TOLERANCE) x epsilon; the record says so.

The extent is coarse on purpose: the data's longitude/latitude bounding box
rounded outward to whole degrees. Anything derived from the raw points and
written into the output leaks a little about them; a whole-degree box (and an
AEQD centre on a half-degree grid, a UTM zone of 6 degrees) reveals only
roughly where the data are, which the published points reveal anyway.
"""

import math
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from .proj_data import ensure_proj_data

# Largest allowed relative scale error of the noise CRS over the data's extent.
TOLERANCE = 0.01
# Noise displacements reach this many noise scales b with probability about
# 1e-6 (planar Laplace: P(R > 16.7 b) = 1e-6; per-axis: P(max |dx|,|dy| > 14.5 b)
# = 1e-6): the CRS must be usable that far around the data.
NOISE_REACH = 20.0
EARTH_MEAN_RADIUS_M = 6371008.8
# Sample points per side of the extent at which the scale factors are checked.
_SAMPLES = 11

Extent = Tuple[float, float, float, float]  # west, south, east, north in degrees


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


def coarse_extent(lonlat) -> Extent:
    """The (n, 2) longitude/latitude points' bounding box rounded outward to whole degrees.

    Non-finite rows are ignored; raises ValueError when none is finite.
    """
    lonlat = np.asarray(lonlat, dtype=float).reshape(-1, 2)
    lonlat = lonlat[np.isfinite(lonlat).all(axis=1)]
    if not len(lonlat):
        raise ValueError("the layer has no point with a finite longitude and latitude")
    west, south = np.floor(lonlat.min(axis=0))
    east, north = np.ceil(lonlat.max(axis=0))
    if east == west:
        east = west + 1.0
    if north == south:
        north = south + 1.0
    return (max(-180.0, west), max(-90.0, south), min(180.0, east), min(90.0, north))


def scale_distortion(crs, extent: Extent) -> float:
    """Largest relative scale error |k - 1| of ``crs`` over ``extent``, in any direction.

    ``crs``: anything ``pyproj.CRS.from_user_input`` takes (WKT, "EPSG:3857").
    Checked on an 11 x 11 grid over the extent (including its edges) with the
    Tissot indicatrix's semi-axes (the largest and smallest scale at a point).
    Infinite where the projection is undefined (e.g. Mercator at a pole).
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS, Proj
    from pyproj.exceptions import CRSError, ProjError

    west, south, east, north = extent
    lon, lat = np.meshgrid(np.linspace(west, east, _SAMPLES), np.linspace(south, north, _SAMPLES))
    # A pole is a point, not a line: sample just inside it.
    lat = np.clip(lat, -89.999, 89.999)
    try:
        factors = Proj(CRS.from_user_input(crs)).get_factors(lon.ravel(), lat.ravel(), errcheck=False)
    except (CRSError, ProjError):  # not a map projection PROJ can evaluate: not known to be true to scale
        return math.inf
    scales = np.concatenate((np.asarray(factors.tissot_semimajor, dtype=float),
                             np.asarray(factors.tissot_semiminor, dtype=float)))
    if not np.isfinite(scales).all() or (scales <= 0).any():
        return math.inf
    return float(np.abs(scales - 1.0).max())


def aeqd_wkt(lon_0: float, lat_0: float) -> str:
    """WKT of the WGS 84 azimuthal equidistant CRS centred on (lon_0, lat_0), in metres."""
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS

    return CRS.from_proj4(
        f"+proj=aeqd +lat_0={lat_0:g} +lon_0={lon_0:g} +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs"
    ).to_wkt()


@dataclass(frozen=True)
class MetricChoice:
    """The CRS noise is drawn in, and why.

    ``how``: GIVEN (the METRIC_CRS parameter), LAYER (the layer's own CRS),
    UTM or AEQD (fallbacks). ``name``: "EPSG:32633" or the AEQD's proj
    string. ``distortion``: its largest scale error over the extent.
    ``rejected``: (name, distortion) of the layer's CRS when it was metric but
    too distorted, else None.
    """

    wkt: str
    name: str
    how: str
    distortion: float
    extent: Extent
    rejected: Optional[Tuple[str, float]] = None

    def description(self) -> str:
        """One English line for the privacy record."""
        text = {
            GIVEN: "{name} (given)",
            LAYER: "{name} (the layer's CRS)",
            UTM: "{name} (UTM zone of the layer's coarse extent)",
            AEQD: "{name} (azimuthal equidistant, centred on the layer's coarse extent)",
        }[self.how].format(name=self.name)
        text += f"; scale error at most {100 * self.distortion:.2g}% over {format_extent(self.extent)}"
        if self.rejected:
            text += (f"; the layer's CRS {self.rejected[0]} was not used: its scale error there is "
                     f"{_percent(self.rejected[1])} (tolerance {100 * TOLERANCE:g}%)")
        return text


GIVEN, LAYER, UTM, AEQD = "given", "layer", "utm", "aeqd"


class DistortedCrsError(ValueError):
    """A CRS given for the noise distorts distances beyond TOLERANCE over the data's extent."""

    def __init__(self, name: str, distortion: float, extent: Extent, suggestion: Optional[str]):
        self.name, self.distortion, self.extent, self.suggestion = name, distortion, extent, suggestion
        super().__init__(
            f"{name} distorts distances by up to {_percent(distortion)} over {format_extent(extent)} "
            f"(tolerance {100 * TOLERANCE:g}%)"
        )


class NoMetricCrsError(ValueError):
    """No UTM zone or azimuthal equidistant CRS keeps distortion within TOLERANCE over the extent."""


def _percent(distortion: float) -> str:
    return "infinite" if not math.isfinite(distortion) else f"{100 * distortion:.3g}%"


def format_extent(extent: Extent) -> str:
    west, south, east, north = extent
    return f"longitude {west:g} to {east:g}, latitude {south:g} to {north:g}"


def choose_metric_crs(extent: Extent, layer_crs=None, explicit=None, tolerance: float = TOLERANCE) -> MetricChoice:
    """The CRS in which to draw noise in ground metres over ``extent`` (a coarse_extent).

    ``explicit`` (WKT, or None) must keep scale error within ``tolerance``,
    else DistortedCrsError (with the fallback as suggestion). Otherwise
    ``layer_crs`` (WKT of a CRS already known to be projected in metres, or
    None) when within tolerance, else the UTM zone of the extent's centre when
    within tolerance, else an azimuthal equidistant CRS centred on the
    extent's centre (a half-degree grid point). Raises NoMetricCrsError when
    the extent is too large for any of them (over ~3,000 km across).
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS

    def name_of(wkt):
        crs = CRS.from_user_input(wkt)
        authority = crs.to_authority(min_confidence=90)
        return ":".join(authority) if authority else crs.name

    fallback = _fallback(extent, tolerance)
    if explicit is not None:
        distortion = scale_distortion(explicit, extent)
        if not distortion <= tolerance:
            raise DistortedCrsError(name_of(explicit), distortion, extent, fallback.name if fallback else None)
        return MetricChoice(explicit, name_of(explicit), GIVEN, distortion, extent)
    rejected = None
    if layer_crs is not None:
        distortion = scale_distortion(layer_crs, extent)
        if distortion <= tolerance:
            return MetricChoice(layer_crs, name_of(layer_crs), LAYER, distortion, extent)
        rejected = (name_of(layer_crs), distortion)
    if fallback is None:
        raise NoMetricCrsError(
            f"the data's extent ({format_extent(extent)}) is too large for one CRS with scale error "
            f"within {100 * tolerance:g}%"
        )
    return MetricChoice(fallback.wkt, fallback.name, fallback.how, fallback.distortion, extent, rejected)


def _fallback(extent: Extent, tolerance: float) -> Optional[MetricChoice]:
    """The UTM zone of the extent's centre, else an AEQD on it, if within tolerance; else None."""
    west, south, east, north = extent
    lon_0, lat_0 = (west + east) / 2.0, (south + north) / 2.0
    try:
        epsg = utm_epsg_for(lon_0, lat_0)
    except ValueError:
        epsg = None
    if epsg is not None:
        distortion = scale_distortion(f"EPSG:{epsg}", extent)
        if distortion <= tolerance:
            from pyproj import CRS

            return MetricChoice(CRS.from_epsg(epsg).to_wkt(), f"EPSG:{epsg}", UTM, distortion, extent)
    wkt = aeqd_wkt(lon_0, lat_0)
    distortion = scale_distortion(wkt, extent)
    if distortion <= tolerance:
        name = f"+proj=aeqd +lat_0={lat_0:g} +lon_0={lon_0:g} +datum=WGS84"
        return MetricChoice(wkt, name, AEQD, distortion, extent)
    return None


# --- the noise frame of a release, from public facts only ---------------------------------------
#
# A release must not choose anything from the data (not even a UTM zone or a note naming the data's
# whole-degree box: one added far-away point would change it). So a release draws its noise either
#
# - in a planar CRS named by public facts: METRIC_CRS, else the layer's own CRS, each used only when it
#   is projected in metres and true to scale (within TOLERANCE) over its whole area of use (a property
#   of the CRS's definition, not of the data); or
# - per point on the ellipsoid (GEODESIC): the displacement (a distance r and a bearing) is drawn as in
#   the plane and applied by solving the geodesic direct problem from the true point (pyproj's Geod.fwd).
#
# Proof sketch for the geodesic frame (planar Laplace of scale b). For a true point x, the output
# z = exp_x(v) with v drawn with density exp(-|v|/b) / (2 pi b^2) in the tangent plane at x; this is
# planar Laplace in the azimuthal equidistant projection centred on x, which keeps distances from x:
# |v| = d(x, z), the geodesic distance. On the sphere of radius R the surface element at distance r
# is R sin(r/R) dr dtheta against r dr dtheta in the plane, so the density of z per unit area is
#     p(z | x) = exp(-d(x, z) / b) / (2 pi b^2) * J(d(x, z)),   J(r) = (r/R) / sin(r/R).
# For two true points x, x':  p(z | x) / p(z | x') <= exp((d(x', z) - d(x, z)) / b) * J(r) / J(r')
# <= exp(d(x, x') / b) * J(r), by the triangle inequality and J >= 1. J is increasing and stays within
# 1 + TOLERANCE while r <= REACH, where J(REACH) = 1 + TOLERANCE (J(r) ~ 1 + r^2 / (6 R^2)), about 1,550 km at 1 %;
# b is refused above REACH / NOISE_REACH, so r > REACH has probability below 21 e^-20 ~ 4e-8. Hence
# locations DISTANCE metres apart are (epsilon + ln(1 + TOLERANCE), 4e-8)-indistinguishable, the same
# (1 + TOLERANCE) factor the planar CRSs carry. On the WGS 84 ellipsoid the reduced length of the
# geodesic takes the place of R sin(r/R); it differs from it by a factor 1 + O(f (r/R)^2) (f, the
# flattening, 1/298), well inside the tolerance. Only the planar (Euclidean) mechanism is drawn this
# way: per-axis Laplace is defined on a fixed pair of axes, which the geodesic frame does not have.

GEODESIC = "geodesic"


@dataclass(frozen=True)
class NoiseFrame:
    """Where a release draws its noise: a planar CRS (``wkt``) or GEODESIC (``wkt`` None).

    ``how``: GIVEN, LAYER or GEODESIC; ``name`` the CRS's name; ``distortion``
    its largest scale error over its area of use; ``area`` that area (west,
    south, east, north in degrees, from the CRS's definition). Nothing here
    comes from the data.
    """

    how: str
    wkt: Optional[str] = None
    name: str = ""
    distortion: float = 0.0
    area: Optional[Extent] = None

    def description(self) -> str:
        """One English line for the privacy record."""
        if self.how == GEODESIC:
            return ("the WGS 84 ellipsoid, per point (planar Laplace applied by the geodesic direct problem from "
                    f"each true point); scale error within {100 * TOLERANCE:g}% up to {NOISE_REACH:g} noise scales; "
                    "in a layer in longitude/latitude the snapping grid is the grain / 111,320 degrees (about the "
                    "grain in metres north-south)")
        text = "{name} (given)" if self.how == GIVEN else "{name} (the layer's CRS)"
        return (text.format(name=self.name) + f"; scale error at most {_percent(self.distortion)} over its "
                f"area of use ({format_extent(self.area)})")


class NoPublicFrameError(ValueError):
    """A planar CRS cannot be used: no area of use, not true to scale over it, or not in metres."""

    def __init__(self, name: str, reason: str):
        self.name, self.reason = name, reason
        super().__init__(f"{name}: {reason}")


def crs_area_of_use(crs_wkt: str) -> Optional[Extent]:
    """The CRS's area of use from its definition (west, south, east > west, north), or None."""
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS

    crs = CRS.from_user_input(crs_wkt)
    area = crs.area_of_use
    if area is None:
        authority = crs.to_authority(min_confidence=90)
        if authority:
            area = CRS.from_authority(*authority).area_of_use
    if area is None:
        return None
    west, south, east, north = area.bounds
    if east < west:  # crosses the antimeridian: PROJ takes longitudes beyond 180
        east += 360.0
    return (west, south, east, north)


def planar_frame(crs_wkt: str, how: str, tolerance: float = TOLERANCE) -> NoiseFrame:
    """The planar frame of a projected CRS in metres, checked over its area of use (public facts only).

    Raises NoPublicFrameError when it has no area of use or distorts
    distances beyond ``tolerance`` somewhere in it.
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS

    crs = CRS.from_user_input(crs_wkt)
    authority = crs.to_authority(min_confidence=90)
    name = ":".join(authority) if authority else crs.name
    area = crs_area_of_use(crs_wkt)
    if area is None:
        raise NoPublicFrameError(name, "it declares no area of use, so its scale cannot be checked")
    distortion = scale_distortion(crs_wkt, area)
    if not distortion <= tolerance:
        raise NoPublicFrameError(
            name, f"it distorts distances by up to {_percent(distortion)} over its area of use "
                  f"({format_extent(area)}; tolerance {100 * tolerance:g}%)")
    return NoiseFrame(how, crs_wkt, name, distortion, area)


def frame_max_noise_scale(frame: NoiseFrame) -> float:
    """Largest noise scale b (metres) a frame carries: NOISE_REACH x b must stay where it is true to scale.

    GEODESIC: within REACH of each point (see the proof sketch above). A
    planar CRS: within the smaller side of its area of use (measured on the
    ground through its middle), never beyond half the Earth's circumference.
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import Geod

    if frame.how == GEODESIC:
        from scipy.optimize import brentq

        reach = brentq(lambda c: c / math.sin(c) - (1.0 + TOLERANCE), 1e-9, 1.5)  # J(r) = 1 + TOLERANCE, radians
        return EARTH_MEAN_RADIUS_M * reach / NOISE_REACH
    west, south, east, north = frame.area
    geod = Geod(ellps="WGS84")
    lat_mid = (south + north) / 2.0
    width = geod.line_length([west, (west + east) / 2.0, east], [lat_mid] * 3)
    height = geod.line_length([(west + east) / 2.0] * 2, [south, north])
    return min(math.pi * EARTH_MEAN_RADIUS_M, width, height) / NOISE_REACH


def geodesic_move(lonlat, east_north) -> np.ndarray:
    """Points (n, 2) longitude/latitude moved by (n, 2) east/north displacements in metres, on WGS 84.

    The displacement's length is the geodesic distance travelled and its
    direction the initial bearing (the geodesic direct problem, pyproj's
    Geod.fwd); see the proof sketch above.
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import Geod

    lonlat = np.asarray(lonlat, dtype=float).reshape(-1, 2)
    east_north = np.asarray(east_north, dtype=float).reshape(-1, 2)
    if not len(lonlat):
        return lonlat.copy()
    bearing = np.degrees(np.arctan2(east_north[:, 0], east_north[:, 1]))
    distance = np.hypot(east_north[:, 0], east_north[:, 1])
    lon, lat, _ = Geod(ellps="WGS84").fwd(lonlat[:, 0].copy(), lonlat[:, 1].copy(), bearing, distance)
    return np.column_stack((np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)))


def max_noise_scale(choice: MetricChoice) -> float:
    """Largest noise scale b (metres) the chosen CRS can carry around the data.

    Noise reaches NOISE_REACH x b (probability ~1e-6 of going further); that
    reach must fit inside the CRS's area of use (its smaller side, measured
    on the ground through the extent's centre) or, for an AEQD, inside the
    disc where its scale error stays within TOLERANCE (c / sin c = 1 +
    TOLERANCE, about 1,560 km at 1%), and never beyond half the Earth's
    circumference. A larger b draws noise where the CRS is not in ground
    metres (or not defined at all), and the points land there too.
    """
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
    from pyproj import CRS, Geod

    half_circumference = math.pi * EARTH_MEAN_RADIUS_M
    size = half_circumference
    west, south, east, north = choice.extent
    lon_0, lat_0 = (west + east) / 2.0, (south + north) / 2.0
    area = CRS.from_user_input(choice.wkt).area_of_use if choice.how != AEQD else None
    if choice.how == AEQD:
        size = 2.0 * EARTH_MEAN_RADIUS_M * math.sqrt(6.0 * TOLERANCE)  # c/sin c ~ 1 + c^2/6
    elif area is not None:
        a_west, a_south, a_east, a_north = area.bounds
        if a_east < a_west:  # crosses the antimeridian
            a_east += 360.0
        geod = Geod(ellps="WGS84")
        lat_mid = min(max(lat_0, a_south), a_north)
        width = geod.line_length([a_west, (a_west + a_east) / 2.0, a_east], [lat_mid] * 3)
        height = geod.line_length([lon_0, lon_0], [a_south, a_north])
        size = min(size, width, height)
    return size / NOISE_REACH


def xy_transformer(from_wkt: str, to_wkt: str):
    """A function reprojecting (n, 2) arrays of x/y (easting/northing, longitude/latitude order)."""
    ensure_proj_data()  # pyproj must find PROJ's data (core/geometry/proj_data.py)
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
