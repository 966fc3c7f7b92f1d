"""Escaped-point analysis: how many points leave their zone under Laplace noise.

Source: Dumont et al. 2021 §5 (file 000_e6ef460761bead7b.txt, Fig. 13-21). Household
locations are perturbed with Laplace noise (eq. 14: per-axis scale b), many
times for each of a range of scales; a point *escapes* when its perturbed
location is no longer in its original polygon (point-in-polygon). The
seed's figures are what this module computes:

* Fig. 14/18: the share of points that escape, against b;
* Fig. 15: the same against the lumped, dimensionless scale. The seed uses
  b times N on an N x N grid, i.e. b over the grid spacing; for any
  tessellation we use b / sqrt(mean zone area), which is b / side on a grid
  of squares;
* Fig. 16/20: the share of zones whose population has no net change;
* eq. 15: the city-wide escape share sum_i P_i rho_i / sum_i P_i, where P_i
  is the number of points in zone i and rho_i the share of them that escape.
  It equals (escaped points) / (points in zones); that is how it is
  computed, per realization, and the per-zone shares are reported too.
* §5's open question ("a histogram of blocks vs unsigned relative change in
  population"): summarised as the mean absolute relative change
  |Q_i - P_i| / P_i over zones with P_i > 0, Q_i being the zone's population
  after perturbation.

Definitions (documented in the algorithm's help too):

* P_i counts the input points in zone i (Tessellation's rule: a point on a
  shared boundary, or in overlapping zones, belongs to the first zone in
  layer order that it intersects). Points in no zone are counted apart
  (``points_outside``); they are perturbed too, and those that land in a
  zone add to that zone's Q_i (``entered``), as they would in a real
  perturb-then-aggregate release.
* A point escapes when its perturbed location belongs, by the same rule, to
  another zone or to no zone (``lost_outside`` counts the latter).
* Zones with P_i = 0 have no escape share (NaN, NULL in outputs) and are
  left out of the mean absolute relative change; they weigh 0 in eq. 15 and
  count in the share of zones with no net change (they keep it when nothing
  lands in them). If no point at all lies in a zone, there is nothing to
  analyse and ``ValueError`` is raised.
* Means and standard deviations are over realizations; the standard
  deviation is the sample one (ddof = 1) and NaN with one realization.

Random draws. Realization r draws one standard noise vector per point
(scale 1, from ``LocationLaplace.noise``; points in zones first, in zone
order, then the others) and uses it, multiplied by b, for every scale b:
common random numbers. Each scale's statistics are still
those of independent Laplace(b) noise, and the curve over b is smooth; for
convex zones a point's escape is monotone in b within a realization, so the
mean escape share increases with b. With a seeded generator the results
are reproducible (for a fixed chunk size).

Speed and memory. The sweep makes N x scales x realizations point tests.
Each perturbed point is first tested against its own zone only (one
vectorised ``contains_xy`` on prepared polygons); only the points that
fail (and, in overlapping layers, points of zones overlapped by an earlier
zone) are located among all zones, by ``zones.ZoneLocator``: a raster index over
the zones whose cells lie in one zone answer without a polygon test, other
cells test their few candidate zones in layer order (exactly the rule of
``Tessellation.assign``; the tests compare the two). The points are
processed in chunks, so the perturbed copies held at any time are one
chunk's, whatever N, the number of scales and of realizations.

Not differentially private: every output of this module is a statistic of
the true locations; it is a calibration aid for the data holder.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import shapely

from ..geometry.zones import OUTSIDE, Tessellation, ZoneLocator
from ..mechanisms.location import MECHANISMS, PER_AXIS, LocationLaplace

DEFAULT_CHUNK_SIZE = 1 << 18



class SweepCancelledError(Exception):
    """Raised when the ``cancelled`` callback of a sweep returns True."""


def _moved(own, own_polygons, x, y, locator):
    """(rows that may have left their zone, their zones): the own-zone-first test.

    One ``contains_xy`` per point against its own prepared polygon: a point
    strictly inside it, in a zone that no earlier zone overlaps, stayed. The
    others (outside their zone, on its boundary, or in a shadowed zone) are
    located among all zones; some of them turn out to be in their own zone.
    """
    inside = shapely.contains_xy(own_polygons, x, y)
    if locator.shadowed.any():
        inside &= ~locator.shadowed[own]
    rows = np.flatnonzero(~inside)
    return rows, locator.locate_xy(x[rows], y[rows])


def new_zones(own: np.ndarray, own_polygons: np.ndarray, xy: np.ndarray, locator: ZoneLocator) -> np.ndarray:
    """Zone of each moved point ``xy`` whose original zone is ``own`` (never OUTSIDE).

    ``own_polygons[i]`` is ``polygons[own[i]]``. Each point is tested against
    its own zone first and located among all zones only when that test
    fails. The result equals ``Tessellation.assign(xy)``.
    """
    xy = np.asarray(xy, dtype=float)
    rows, located = _moved(own, own_polygons, np.ascontiguousarray(xy[:, 0]), np.ascontiguousarray(xy[:, 1]),
                           locator)
    zone = np.array(own, dtype=np.int64)
    zone[rows] = located
    return zone


@dataclass(frozen=True)
class Calibration:
    """The largest scale whose mean escape share is at most ``target``.

    ``status``: "interpolated" (between sweep scales ``lower`` and
    ``upper``), "top_of_sweep" (even the largest scale meets the target; the
    answer may be larger: extend SCALES), or "below_sweep" (even the smallest
    scale escapes too often; ``scale`` is None: add smaller scales).
    """

    target: float
    scale: Optional[float]
    lower: Optional[float]
    upper: Optional[float]
    status: str


def calibrate(scales, escape_mean, target: float) -> Calibration:
    """Largest scale with mean escape share <= target, refined between sweep points.

    Let k be the largest sweep index with ``escape_mean[k] <= target``. If a
    larger scale follows (its share is then > target), the answer is where
    the straight line through (log b_k, m_k) and (log b_k+1, m_k+1) reaches
    the target: linear interpolation of the mean escape share in log b,
    the axis on which Dumont et al. 2021 plot it (Fig. 14).
    """
    scales = np.asarray(scales, dtype=float)
    escape_mean = np.asarray(escape_mean, dtype=float)
    if not 0 < target < 1:
        raise ValueError(f"target must be a share between 0 and 1 (exclusive), got {target!r}")
    if len(scales) != len(escape_mean) or not len(scales) or np.any(np.diff(scales) <= 0):
        raise ValueError("scales must be increasing, one escape share per scale")
    meets = np.flatnonzero(escape_mean <= target)
    if not len(meets):
        return Calibration(target, None, None, float(scales[0]), "below_sweep")
    k = int(meets[-1])
    if k == len(scales) - 1:
        return Calibration(target, float(scales[k]), float(scales[k]), None, "top_of_sweep")
    m0, m1 = escape_mean[k], escape_mean[k + 1]
    t = (target - m0) / (m1 - m0)
    log_b = math.log(scales[k]) + t * (math.log(scales[k + 1]) - math.log(scales[k]))
    scale = min(max(math.exp(log_b), scales[k]), scales[k + 1])
    return Calibration(target, float(scale), float(scales[k]), float(scales[k + 1]), "interpolated")


@dataclass(frozen=True)
class EscapeStatistics:
    """City-wide (per scale) and per-zone (per scale and zone) escape statistics.

    City-wide arrays have one value per scale; ``zone_*`` arrays have shape
    (scales, zones). Means and sample standard deviations are over
    realizations. Shares of zones with P_i = 0 are NaN.
    """

    scales: np.ndarray
    realizations: int
    population: np.ndarray
    points_outside: int
    mean_zone_area: float
    escape_mean: np.ndarray
    escape_sd: np.ndarray
    no_change_mean: np.ndarray
    no_change_sd: np.ndarray
    abs_rel_change_mean: np.ndarray
    abs_rel_change_sd: np.ndarray
    lost_outside_mean: np.ndarray
    entered_mean: np.ndarray
    zone_escape_mean: np.ndarray
    zone_escape_sd: np.ndarray
    zone_net_change_mean: np.ndarray
    zone_abs_rel_change_mean: np.ndarray
    zone_no_change_share: np.ndarray

    @property
    def points_in_zones(self) -> int:
        return int(self.population.sum())

    @property
    def empty_zones(self) -> int:
        return int((self.population == 0).sum())

    @property
    def lumped_scale(self) -> np.ndarray:
        """b / sqrt(mean zone area): the dimensionless scale of Dumont et al. 2021 Fig. 15."""
        return self.scales / math.sqrt(self.mean_zone_area)

    def calibrate(self, target: float) -> Calibration:
        return calibrate(self.scales, self.escape_mean, target)


class _Accumulator:
    """Sums over realizations of per-zone and city-wide statistics."""

    def __init__(self, population: np.ndarray, n_scales: int, realizations: int):
        self.population = np.asarray(population, dtype=np.int64)
        self.populated = self.population > 0
        self.realizations = realizations
        shape, zones = (n_scales, realizations), (n_scales, len(population))
        self.city_escape = np.zeros(shape)
        self.city_no_change = np.zeros(shape)
        self.city_abs_rel = np.zeros(shape)
        self.lost = np.zeros(shape)
        self.entered = np.zeros(shape)
        self.rho_sum = np.zeros(zones)
        self.rho_sq_sum = np.zeros(zones)
        self.net_sum = np.zeros(zones)
        self.abs_rel_sum = np.zeros(zones)
        self.no_change_count = np.zeros(zones)

    def add(self, s, r, escaped, arrived, lost, entered):
        """One realization at scale index s: escapes and arrivals per zone."""
        p = self.population
        change = arrived - escaped  # Q_i - P_i
        rho = escaped[self.populated] / p[self.populated]
        relative = np.abs(change[self.populated]) / p[self.populated]
        self.city_escape[s, r] = escaped.sum() / p.sum()  # eq. 15
        self.city_no_change[s, r] = np.mean(change == 0)
        self.city_abs_rel[s, r] = relative.mean() if len(relative) else np.nan
        self.lost[s, r], self.entered[s, r] = lost, entered
        self.rho_sum[s, self.populated] += rho
        self.rho_sq_sum[s, self.populated] += rho * rho
        self.net_sum[s] += change
        self.abs_rel_sum[s, self.populated] += relative
        self.no_change_count[s] += change == 0

    def result(self, scales, points_outside, mean_zone_area) -> EscapeStatistics:
        r = self.realizations
        empty = ~self.populated

        def sd(values):
            return values.std(axis=1, ddof=1) if r > 1 else np.full(len(values), np.nan)

        zone_mean = self.rho_sum / r
        if r > 1:
            variance = (self.rho_sq_sum - self.rho_sum**2 / r) / (r - 1)
            zone_sd = np.sqrt(np.clip(variance, 0.0, None))
        else:
            zone_sd = np.full_like(zone_mean, np.nan)
        zone_abs_rel = self.abs_rel_sum / r
        for values in (zone_mean, zone_sd, zone_abs_rel):
            values[:, empty] = np.nan
        return EscapeStatistics(
            scales=np.asarray(scales, dtype=float),
            realizations=r,
            population=self.population,
            points_outside=int(points_outside),
            mean_zone_area=float(mean_zone_area),
            escape_mean=self.city_escape.mean(axis=1),
            escape_sd=sd(self.city_escape),
            no_change_mean=self.city_no_change.mean(axis=1),
            no_change_sd=sd(self.city_no_change),
            abs_rel_change_mean=self.city_abs_rel.mean(axis=1),
            abs_rel_change_sd=sd(self.city_abs_rel),
            lost_outside_mean=self.lost.mean(axis=1),
            entered_mean=self.entered.mean(axis=1),
            zone_escape_mean=zone_mean,
            zone_escape_sd=zone_sd,
            zone_net_change_mean=self.net_sum / r,
            zone_abs_rel_change_mean=zone_abs_rel,
            zone_no_change_share=self.no_change_count / r,
        )


def _check_scales(scales) -> np.ndarray:
    scales = np.asarray(scales, dtype=float).ravel()
    if not len(scales):
        raise ValueError("at least one scale is needed")
    if not np.all(np.isfinite(scales) & (scales > 0)):
        raise ValueError(f"scales must be finite numbers greater than 0, got {scales.tolist()!r}")
    return np.unique(scales)


def _mean_area(tessellation, mean_zone_area):
    if mean_zone_area is None:
        mean_zone_area = float(tessellation.areas().mean())
    if not (math.isfinite(mean_zone_area) and mean_zone_area > 0):
        raise ValueError(f"the mean zone area must be a positive number, got {mean_zone_area!r}")
    return mean_zone_area


def escape_sweep(
    tessellation: Tessellation,
    xy: np.ndarray,
    scales,
    realizations: int,
    rng: np.random.Generator,
    *,
    kind: str = PER_AXIS,
    zone: Optional[np.ndarray] = None,
    to_zone_crs: Optional[Callable[[np.ndarray], np.ndarray]] = None,
    mean_zone_area: Optional[float] = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    locator: Optional[ZoneLocator] = None,
    progress: Optional[Callable[[float], None]] = None,
    cancelled: Optional[Callable[[], bool]] = None,
) -> EscapeStatistics:
    """Perturb the points ``realizations`` times per scale and count escapes.

    ``xy``: the true locations, (n, 2), in the metric CRS the noise is drawn
    in. ``zone``: each point's zone index (``Tessellation.assign`` in the
    zones' CRS); computed from ``xy`` when omitted (zones and points in one
    CRS). ``to_zone_crs``: maps perturbed metric coordinates to the zones'
    CRS (None: same CRS). ``kind``: PER_AXIS (Dumont et al. 2021 eq. 14) or PLANAR.
    ``scales``: Laplace scales b in metres (sorted and deduplicated).
    ``mean_zone_area``: in square metres, for the lumped scale (default: the
    zones' own mean area, for zones in a metric CRS). ``progress(fraction)``
    is called per chunk; ``cancelled()`` is polled per chunk and a True
    answer raises SweepCancelledError.
    """
    if kind not in MECHANISMS:
        raise ValueError(f"kind must be one of {MECHANISMS}, got {kind!r}")
    scales = _check_scales(scales)
    if int(realizations) != realizations or realizations < 1:
        raise ValueError(f"realizations must be an integer >= 1, got {realizations!r}")
    realizations = int(realizations)
    if int(chunk_size) < 1:
        raise ValueError("chunk_size must be >= 1")
    chunk_size = int(chunk_size)
    xy = np.asarray(xy, dtype=float)
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError("coordinates must be an (n, 2) array")
    locator = locator or ZoneLocator(tessellation)
    zone = locator.locate(xy) if zone is None else np.asarray(zone, dtype=np.int64)
    if len(zone) != len(xy):
        raise ValueError("one zone index is needed per point")
    mean_zone_area = _mean_area(tessellation, mean_zone_area)
    n_zones = len(tessellation)

    in_zone = zone != OUTSIDE
    # Points in zones in zone order (stable): each zone's prepared polygon is
    # then tested on consecutive points, and nearby points are located together.
    rows = np.flatnonzero(in_zone)
    rows = rows[np.argsort(zone[rows], kind="stable")]
    own = zone[rows]
    population = np.bincount(own, minlength=n_zones)
    if population.sum() == 0:
        raise ValueError("no point lies in any zone")
    x_in, y_in = xy[rows, 0], xy[rows, 1]
    x_out, y_out = np.ascontiguousarray(xy[~in_zone, 0]), np.ascontiguousarray(xy[~in_zone, 1])
    own_polygons = tessellation.polygons[own]
    unit = LocationLaplace(kind, epsilon=1.0, distance=1.0, grid=0.0)
    seeds = rng.integers(0, 2**63, size=realizations, dtype=np.int64)
    accumulator = _Accumulator(population, len(scales), realizations)

    def located(x, y):
        if to_zone_crs is None:
            return x, y
        moved = to_zone_crs(np.column_stack((x, y)))
        return np.ascontiguousarray(moved[:, 0]), np.ascontiguousarray(moved[:, 1])

    chunks = [(True, a, min(a + chunk_size, len(x_in))) for a in range(0, len(x_in), chunk_size)]
    chunks += [(False, a, min(a + chunk_size, len(x_out))) for a in range(0, len(x_out), chunk_size)]
    steps, done = realizations * len(chunks), 0
    for r in range(realizations):
        generator = np.random.Generator(np.random.PCG64(int(seeds[r])))
        escaped = np.zeros((len(scales), n_zones), dtype=np.int64)
        arrived = np.zeros((len(scales), n_zones), dtype=np.int64)
        lost = np.zeros(len(scales), dtype=np.int64)
        entered = np.zeros(len(scales), dtype=np.int64)
        for from_zone, a, b in chunks:
            if cancelled is not None and cancelled():
                raise SweepCancelledError()
            origin_x, origin_y = (x_in[a:b], y_in[a:b]) if from_zone else (x_out[a:b], y_out[a:b])
            noise = unit.noise(b - a, generator)
            noise_x, noise_y = np.ascontiguousarray(noise[:, 0]), np.ascontiguousarray(noise[:, 1])
            moved_x, moved_y = np.empty(b - a), np.empty(b - a)
            for s, scale in enumerate(scales):
                np.multiply(noise_x, scale, out=moved_x)
                moved_x += origin_x
                np.multiply(noise_y, scale, out=moved_y)
                moved_y += origin_y
                px, py = located(moved_x, moved_y)
                if from_zone:
                    before = own[a:b]
                    rows, after = _moved(before, own_polygons[a:b], px, py, locator)
                    before = before[rows]
                    left = after != before
                    escaped[s] += np.bincount(before[left], minlength=n_zones)
                    after = after[left]
                    lost[s] += int(np.count_nonzero(after == OUTSIDE))
                else:
                    after = locator.locate_xy(px, py)
                    entered[s] += int(np.count_nonzero(after != OUTSIDE))
                arrived[s] += np.bincount(after[after != OUTSIDE], minlength=n_zones)
            done += 1
            if progress is not None:
                progress(done / steps)
        for s in range(len(scales)):
            accumulator.add(s, r, escaped[s], arrived[s], lost[s], entered[s])
    return accumulator.result(scales, len(x_out), mean_zone_area)


def observed_escapes(
    tessellation: Tessellation,
    zone_before: np.ndarray,
    zone_after: np.ndarray,
    scale: float = math.nan,
    mean_zone_area: Optional[float] = None,
) -> EscapeStatistics:
    """The escapes of one existing perturbation (measure mode): one scale, one realization.

    ``zone_before[i]`` and ``zone_after[i]`` are the zones (``assign``) of
    point i's true and perturbed locations, for matched pairs only.
    ``scale`` (NaN when unknown) is only carried into the result.
    """
    zone_before = np.asarray(zone_before, dtype=np.int64)
    zone_after = np.asarray(zone_after, dtype=np.int64)
    if zone_before.shape != zone_after.shape:
        raise ValueError("one perturbed zone is needed per true zone")
    n_zones = len(tessellation)
    in_zone = zone_before != OUTSIDE
    population = np.bincount(zone_before[in_zone], minlength=n_zones)
    if population.sum() == 0:
        raise ValueError("no point lies in any zone")
    left = zone_after != zone_before
    arrivals = zone_after[left & (zone_after != OUTSIDE)]
    accumulator = _Accumulator(population, 1, 1)
    accumulator.add(
        0,
        0,
        np.bincount(zone_before[left & in_zone], minlength=n_zones),
        np.bincount(arrivals, minlength=n_zones),
        int((left & in_zone & (zone_after == OUTSIDE)).sum()),
        int((~in_zone & (zone_after != OUTSIDE)).sum()),
    )
    mean_zone_area = _mean_area(tessellation, mean_zone_area)
    return accumulator.result(np.array([scale], dtype=float), int((~in_zone).sum()), mean_zone_area)
