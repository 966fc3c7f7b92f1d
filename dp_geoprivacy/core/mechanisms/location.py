"""Laplace perturbation of point locations.

Sources: Dumont et al. 2021 §3.4 (the Laplace mechanism, eq. 7) and §5 (eq. 14:
independent Laplace noise on x and y with b = Delta f / epsilon), and
geo-indistinguishability (Andres et al. 2013: planar Laplace).

What is private. Each output point depends on one input point only. With
planar Laplace of scale ``b = distance / epsilon`` the density of reporting
z for a true location x is proportional to ``exp(-|z - x|_2 / b)``, so for two
true locations x, x' at Euclidean distance d the ratio of densities is at most
``exp(d / b) = exp(epsilon * d / distance)``: locations ``distance`` metres
apart are epsilon-indistinguishable. Per-axis Laplace has density
``exp(-|z - x|_1 / b)`` and gives the same guarantee with d measured in L1
(|dx| + |dy|). Snapping to a grid is post-processing and mitigates the
floating-point attack of Mironov (2012).

How far the grid goes against that attack (documented, behaviour unchanged).
The attack reads the low-order bits of ``x + noise``: which doubles a
release can take depends on x. Rounding to a grid of ``grid`` metres
(default 1 m) publishes only multiples of the grid, so those bits are gone:
each grid point gets the probability of a whole interval of the sampled
noise (about grid / ulp, e.g. 10^10 doubles near UTM coordinates of 10^6 m),
not of single doubles. It is not Mironov's snapping mechanism: that rounds
to a power of two >= b and clamps to a public bound, and his Theorem 1 is
proved for that; a 1 m grid with b = 100 m is far finer, and no clamping
bound is applied, so the theorem does not cover this release and the record
claims no floating-point epsilon. What remains is the sampler's resolution
in the far tail: per-axis noise is drawn from a 53-bit uniform u as about
b ln(1/u), whose reachable values lie more than a grid step apart once
u < 2^-53 b / grid (probability about 1e-14 for b = 100 m and a 1 m grid,
beyond about 32 b); there some grid points are unreachable for one true
location and reachable for another, an additive delta of that order. The
planar sampler (numpy's gamma for the radius, a uniform angle) has the same
kind of finite tail resolution; its exact figure is not derived here. With
``grid = 0`` (snapping off) raw doubles are published and the attack applies.
"""

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..releases.release import Release, no_op, random_order
from .validation import require_positive_finite

# The smallest noise scale b (metres) a location release accepts when the output is not snapped: below a
# centimetre the noise is lost in the coordinates' own precision (1e-300 m adds nothing to a double).
MIN_NOISE_SCALE_M = 0.01

PLANAR = "planar_laplace"
PER_AXIS = "per_axis_laplace"
MECHANISMS = (PLANAR, PER_AXIS)


@dataclass(frozen=True)
class LocationLaplace:
    """Laplace location perturbation calibrated to (epsilon, distance).

    ``kind`` is PLANAR (Euclidean distance, radius ~ Gamma(2, b)) or PER_AXIS
    (L1 distance, each axis ~ Laplace(0, b)). ``distance`` is in metres of
    the metric CRS the coordinates are in; ``grid`` is the snapping grain in
    the same unit (0 disables snapping).
    """

    kind: str
    epsilon: float
    distance: float
    grid: float = 1.0

    def __post_init__(self):
        if self.kind not in MECHANISMS:
            raise ValueError(f"mechanism must be one of {MECHANISMS}, got {self.kind!r}")
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("distance", self.distance)
        if not np.isfinite(self.grid) or self.grid < 0:
            raise ValueError(f"grid must be a finite number >= 0, got {self.grid!r}")

    @property
    def scale(self) -> float:
        """Noise scale b in metres: b = distance / epsilon."""
        return self.distance / self.epsilon

    @property
    def sensitivity_norm(self) -> str:
        """The norm in which ``distance`` (the sensitivity) is measured."""
        return "L2 (Euclidean)" if self.kind == PLANAR else "L1 (|dx| + |dy|)"

    def noise(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """Draw an (n, 2) array of displacements in metres."""
        b = self.scale
        if self.kind == PLANAR:
            radius = rng.gamma(shape=2.0, scale=b, size=n)
            angle = rng.uniform(0.0, 2.0 * np.pi, size=n)
            return np.column_stack((radius * np.cos(angle), radius * np.sin(angle)))
        return rng.laplace(loc=0.0, scale=b, size=(n, 2))

    def perturb(self, xy: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Return perturbed, grid-snapped copies of the (n, 2) metric coordinates."""
        xy = np.asarray(xy, dtype=float)
        if xy.ndim != 2 or xy.shape[1] != 2:
            raise ValueError("coordinates must be an (n, 2) array")
        out = xy + self.noise(len(xy), rng)
        return snap_to_grid(out, self.grid)

    def record_fields(self) -> dict:
        """The privacy parameters of this mechanism, for the privacy record."""
        return {
            "mechanism": self.kind,
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": (
                f"location: any two true locations within {self.distance:g} m "
                f"({self.sensitivity_norm}) are epsilon-indistinguishable"
            ),
            "sensitivity": self.distance,
            "sensitivity_unit": f"m, {self.sensitivity_norm}",
            "noise_scale": self.scale,
            "noise_scale_unit": "m (Laplace scale b)",
            "snapping_grain_m": self.grid,
        }


class NoiseTooSmallError(ValueError):
    """The noise scale is below the snapping grid (or a centimetre): most points would be published in place."""


def require_visible_noise(mechanism: LocationLaplace) -> None:
    """Refuse settings whose noise vanishes in the output (decided from DISTANCE, EPSILON and GRID only).

    With b = DISTANCE / EPSILON below GRID most displacements are shorter
    than the grid step and snapping puts most points back in their own grid
    cell (planar: about 1 in 6 at b = GRID, over half at b = GRID / 2); below
    MIN_NOISE_SCALE_M the noise is lost in the coordinates' precision. The
    record's epsilon would still hold mathematically, but the output would be
    the true locations to the grid: refused, like a weak epsilon is flagged.
    """
    floor = max(mechanism.grid, MIN_NOISE_SCALE_M)
    if mechanism.scale < floor:
        raise NoiseTooSmallError(
            f"the noise scale b = DISTANCE / EPSILON = {mechanism.scale:g} m is below "
            + (f"the snapping grid GRID = {mechanism.grid:g} m: most points would be published in their own grid "
               "cell" if mechanism.grid >= MIN_NOISE_SCALE_M else
               f"{MIN_NOISE_SCALE_M:g} m: the noise would vanish in the coordinates' precision"))


def snap_to_grid(xy: np.ndarray, grid: float) -> np.ndarray:
    """Round coordinates to multiples of ``grid`` (no-op for grid == 0)."""
    if grid == 0:
        return xy
    return np.round(xy / grid) * grid


# --- the release (dp_geoprivacy:laplaceperturbation) ------------------------------------------


@dataclass(frozen=True)
class PerturbationSpec:
    """Settings of a location-perturbation release (see LocationLaplace)."""

    kind: str
    epsilon: float
    distance: float
    grid: float = 1.0

    def mechanism(self) -> LocationLaplace:
        return LocationLaplace(self.kind, self.epsilon, self.distance, self.grid)


def release_perturbation(xy: np.ndarray, spec: PerturbationSpec, rng: np.random.Generator,
                         before_noise: Callable[[dict], None] = no_op) -> Release:
    """Perturb every point of the (n, 2) metric coordinates ``xy``, in a random row order.

    ``result["rows"]`` gives, per output row, the input row it came from (a
    uniformly random order: the output must not follow the input's order);
    ``result["xy"]`` the perturbed, grid-snapped coordinates in the same
    metric CRS. ``before_noise``: see core.releases.release.
    """
    mechanism = spec.mechanism()
    require_visible_noise(mechanism)
    before_noise(mechanism.record_fields())
    rows = random_order(len(xy), rng)
    noisy = mechanism.perturb(np.asarray(xy, dtype=float)[rows], rng)
    return Release({"rows": rows, "xy": noisy}, mechanism, mechanism.record_fields(), {"points": len(rows)})


def release_perturbation_batches(n: int, spec: PerturbationSpec, rng: np.random.Generator,
                                 before_noise: Callable[[dict], None] = no_op, geodesic: bool = False) -> Release:
    """release_perturbation for points that arrive in batches (memory bounded by a batch).

    ``n`` is the number of rows to come (rows without a usable point among
    them are the glue's to drop). ``result["positions"]`` is a uniformly
    random permutation of 0..n-1 (int32 when n < 2**31: 4 bytes a point):
    input row j goes to output row ``positions[j]``, so the output order does
    not follow the input. ``result["perturb"](xy)`` returns the perturbed copy
    of the next batch of (k, 2) coordinates (noise drawn per point,
    independently, exactly as release_perturbation draws it): metric
    coordinates, grid-snapped; with ``geodesic`` (planar Laplace only)
    longitude/latitude moved on the ellipsoid (core.geometry.metric_crs, the noise
    frame), not snapped (the glue snaps in the output CRS). ``before_noise``:
    see core.releases.release.
    """
    mechanism = spec.mechanism()
    require_visible_noise(mechanism)
    if geodesic and mechanism.kind != PLANAR:
        raise ValueError("noise on the ellipsoid is drawn for planar Laplace only")
    before_noise(mechanism.record_fields())
    positions = np.arange(n, dtype=np.int32 if n < 2**31 else np.int64)
    rng.shuffle(positions)  # the uniform permutation random_order draws, without an int64 copy
    if geodesic:
        from ..geometry.metric_crs import geodesic_move

        def perturb(lonlat):
            return geodesic_move(lonlat, mechanism.noise(len(lonlat), rng))
    else:
        def perturb(xy):
            return mechanism.perturb(xy, rng)
    return Release({"positions": positions, "perturb": perturb}, mechanism, mechanism.record_fields(), {"points": n})
