"""Discrete Gaussian noise on per-cell counts and sums of clamped values (the zone statistics' NOISE=2).

Sources: Canonne, Kamath and Steinke (2020), "The Discrete Gaussian for
Differential Privacy" (CKS: Theorem 14, Corollary 13), Bun and Steinke (2016)
(zCDP), as in :mod:`.gaussian`; the per-cell statistics and their clamping as
in :mod:`.bounded_stats`.

The query. One value per cell: a count of records, or a sum of values
clamped to public bounds [L, U] and then rounded to the nearest multiple of
the grain g (a power of two, chosen from the public bounds only:
``sum_grain``). Every rounded value is an integer multiple of g, so the sum
divided by g is an integer: the discrete Gaussian applies exactly (integer
noise on an integer query, CKS Theorem 14). For counts g = 1.

L2 sensitivity (proof, OpenDP style). Let x' be x with one unit of privacy
u added (removal is symmetric). Suppose the bounding before the mechanism
leaves u at most ``records_per_cell`` = R records (or per-unit means) in
each cell and records in at most C cells (C and R are public: below). The
change v of the query vector is zero outside u's cells; in each of them
|v_c| <= R * w, where w is the largest |value| one record can add: 1 for a
count, and for a sum round(max(|L|, |U|) / g) grain units (rounding to the
nearest multiple of g never moves a value in [L, U] beyond the multiple of g
nearest max(|L|, |U|)). Hence ||v||_2 <= sqrt(C) R w grain units. (The other
units' kept records are coupled to be equal in x and x', as in
core.releases.od_flows; the bound holds for every value of the bounding's
randomness and so for the mixture.) The units of the zone statistics:
- one record: C = 1, R = 1;
- one user, bounded to M DISTINCT cells with one record each
  (counting.bound_distinct_cells): C = M, R = 1, so L2 = sqrt(M) w, against
  L1 = M w for Laplace. This is the sqrt(M) * max(|L|, |U|) of the sum
  (up to the grain: w g <= max(|L|, |U|) + g / 2);
- one user-day, bounded to K cells and M records per cell (or one mean per
  cell): C = min(K, cells), R = M (or 1): L2 = sqrt(C) R w, against the
  Laplace release's per-cell epsilon / K.
Noise N_Z(0, sigma^2) on every cell, sigma = L2 / sqrt(2 rho) grain units
with rho = zcdp_rho(epsilon, delta), is rho-zCDP (CKS Theorem 14) and
(epsilon, delta)-DP (CKS Corollary 13). The released value is g times the
noisy integer: post-processing (its floating-point form is a function of the
integer only, so no gap of the Laplace kind, Mironov 2012, appears). Only the
rounding of each value to the grain and the floating-point limits of the
sampler (:mod:`.gaussian`) differ from the ideal mechanism, both stated in
the record.
"""

import math
from dataclasses import dataclass

import numpy as np

from .gaussian import (
    discrete_gaussian_margin,
    discrete_gaussian_variance,
    gaussian_sigma,
    sample_discrete_gaussian,
    zcdp_rho,
)

CONFIDENCE = 0.95
# The grain is the largest power of two at most max(|L|, |U|) / GRAIN_STEPS: values move by at most
# max(|L|, |U|) / 2048 when rounded to it, far below any Gaussian noise at a useful epsilon.
GRAIN_STEPS = 1024


def sum_grain(magnitude: float) -> float:
    """The grain g of the sums: the largest power of two <= ``magnitude`` / GRAIN_STEPS (public bounds only)."""
    if not (math.isfinite(magnitude) and magnitude > 0):
        raise ValueError(f"the bounds' magnitude must be positive and finite, got {magnitude!r}")
    return 2.0 ** math.floor(math.log2(magnitude / GRAIN_STEPS))


def round_to_grain(values, grain: float) -> np.ndarray:
    """Each value rounded to the nearest multiple of ``grain`` (exact: g is a power of two)."""
    return np.round(np.asarray(values, dtype=float) / grain) * grain


@dataclass(frozen=True)
class GaussianCellStatistic:
    """Discrete Gaussian noise on one count or sum per cell (module doc: query, sensitivity, proof).

    ``cells_per_unit`` (C) and ``records_per_cell`` (R) come from the unit of
    privacy; ``magnitude`` is max(|L|, |U|) for a sum, None for a count.
    """

    epsilon: float
    delta: float
    cells_per_unit: int
    records_per_cell: int
    magnitude: float = None

    def __post_init__(self):
        if not (math.isfinite(self.epsilon) and self.epsilon > 0):
            raise ValueError(f"epsilon must be positive and finite, got {self.epsilon!r}")
        if not (0.0 < self.delta < 1.0):
            raise ValueError(f"the Gaussian needs DELTA in (0, 1), got {self.delta!r}")
        if int(self.cells_per_unit) < 1 or int(self.records_per_cell) < 1:
            raise ValueError("cells_per_unit and records_per_cell must be at least 1")

    @property
    def grain(self) -> float:
        return 1.0 if self.magnitude is None else sum_grain(self.magnitude)

    @property
    def per_record(self) -> int:
        """w: the largest |value| of one record, in grain units."""
        return 1 if self.magnitude is None else int(round(self.magnitude / self.grain))

    @property
    def sensitivity(self) -> float:
        """L2 sensitivity in value units: sqrt(C) R w g."""
        return math.sqrt(int(self.cells_per_unit)) * int(self.records_per_cell) * self.per_record * self.grain

    @property
    def rho(self) -> float:
        return zcdp_rho(self.epsilon, self.delta)

    @property
    def sigma(self) -> float:
        """sigma of the discrete Gaussian, in grain units."""
        return gaussian_sigma(self.sensitivity / self.grain, self.rho)

    @property
    def scale(self) -> float:
        """sigma in value units."""
        return self.sigma * self.grain

    @property
    def variance(self) -> float:
        return discrete_gaussian_variance(self.sigma) * self.grain**2

    def release(self, values, rng: np.random.Generator) -> np.ndarray:
        """g (values / g + N_Z(0, sigma^2)); ``values`` must be multiples of g (sums of rounded values)."""
        units = np.asarray(values, dtype=float) / self.grain
        whole = np.round(units)
        if not np.array_equal(units, whole):
            raise ValueError("the Gaussian's sums must be sums of values rounded to its grain")
        return (whole + sample_discrete_gaussian(self.sigma, units.shape, rng)) * self.grain

    def margin_of_error(self, confidence: float = CONFIDENCE) -> float:
        return discrete_gaussian_margin(self.sigma, confidence) * self.grain

    def record_fields(self, unit_of_privacy: str) -> dict:
        what = "count of records" if self.magnitude is None else "sum of clamped values"
        rho = self.rho
        grain = "" if self.magnitude is None else f" (values rounded to multiples of {self.grain:g} first)"
        return {
            "mechanism": (f"discrete Gaussian noise on the {what} per cell{grain} (Canonne, Kamath and Steinke "
                          f"2020), rho = {rho:.6g}-zCDP (Bun and Steinke 2016), converted to (epsilon, delta) by "
                          "Canonne, Kamath and Steinke 2020 Corollary 13"),
            "count_grain": self.grain,
            "epsilon_floating_point": self.epsilon,
            "floating_point": ("discrete Gaussian: integer noise on an integer query (Canonne, Kamath and Steinke "
                               "2020 Algorithm 3 in double precision; limits stated in core/mechanisms/gaussian.py)"),
            "epsilon": self.epsilon,
            "delta": self.delta,
            "rho": rho,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": (f"{'records' if self.magnitude is None else 'value units'}, L2 over all cells "
                                 f"(sqrt({int(self.cells_per_unit)} cells) x {int(self.records_per_cell)} records "
                                 f"x {'1' if self.magnitude is None else 'max(|LOWER|, |UPPER|)'})"),
            "noise_scale": self.scale,
            "noise_scale_unit": f"{'records' if self.magnitude is None else 'value units'} (discrete Gaussian sigma)",
        }
