"""The discrete Gaussian option of the synthetic tables (model 0 with NOISE=2; issue 22 §1), numpy only.

Sources: Canonne, Kamath and Steinke (2020), "The Discrete Gaussian for
Differential Privacy" (CKS: Algorithm 3, Theorem 14, Corollary 13); Bun and
Steinke (2016), "Concentrated Differential Privacy" (BS: Proposition 1.4,
Lemma 1.7); the tables and their sampling as in :mod:`.synthetic_trips`
(Roy, Kantarcioglu and Sweeney 2016 §3). The sampler, the calibration and
the conversion are :mod:`..mechanisms.gaussian`'s (GaussianCountNoise,
zcdp_rho, zcdp_epsilon); nothing here draws noise of its own.

The query. Model 0 releases the tables total, origin x destination, origin
x start bin, (origin, destination) x duration bin and origin x each
attribute. With the Gaussian, the total still counts the kept trips, and
every other table counts, per cell, the units of privacy with at least one
kept trip in that cell (``one_per_unit``: each unit's trips in one cell
count once). The synthetic trips are drawn from the tables' shapes and N
from the total, so a repeated trip (a daily commute on one pair) weighs once
per user in the shapes; the number of trips stays the noisy total.

Sensitivity (proof, OpenDP style). Let x' be x with one unit u added
(removal is symmetric): one trip, or with USER_FIELD one user. The bounding
keeps at most M of u's trips (a uniform sample per user,
counting.bound_contributions; M = 1 at item level); the other units' kept
trips are coupled to be equal in x and x' (as in core.releases.od_flows),
and the bounds below hold for every value of the bounding's randomness, so
for the mixture. Let v_t = q_t(x') - q_t(x) for table t.
- total: one cell, u adds its kept trips, at most M: ||v||_2 = ||v||_1 <= M.
  Here L2 = L1, a user's trips all landing in the one cell.
- every other table: each kept trip of u lies in one cell of t, so u has
  trips in at most M cells of t, and each such cell gains exactly 1 (u is
  counted once per cell): v_t is a 0/1 vector with at most M ones and
  ||v_t||_2 <= sqrt(M) (mechanisms.gaussian.histogram_l2_sensitivity(M)),
  against ||v_t||_1 <= M. Without the one-per-unit counting, u's M trips on
  one pair would change one cell by M: L2 = M. The counting is what makes
  sqrt(M) hold.
The duration table's rows are noised only for the pairs the sampling draws.
The full table has the sensitivity above, and rows never drawn never reach
the output, so the output has the distribution of noising every row
(:mod:`.synthetic_trips`).

Privacy (proof, OpenDP style).
  Claim: the release is rho-zCDP with rho = sum_t rho_t <= zcdp_rho(EPSILON,
  DELTA), hence (EPSILON, DELTA)-DP.
  Proof: (1) rho = zcdp_rho(EPSILON, DELTA) and rho_t = rho w_t / sum(w)
  (WEIGHTS: the public budget split of the Laplace release, applied to rho).
  Table t gets N_Z(0, sigma_t^2) on every cell with sigma_t = Delta_t /
  sqrt(2 rho_t), Delta_t its L2 sensitivity above: it is rho_t-zCDP (CKS
  Theorem 14; GaussianCountNoise with ``rho_share`` w_t / sum(w)). (2) The
  tables are computed from the same trips with independent noise, and the
  duration rows to noise are chosen after the OD table's noise: adaptive
  composition adds rho (BS Lemma 1.7): sum_t rho_t = rho. (3) zcdp_rho
  returns the lower end of its bracket, so zcdp_delta(rho, EPSILON) <= DELTA:
  (EPSILON, DELTA)-DP (CKS Corollary 13). The record's epsilon is EPSILON
  when this holds for the sum of the rho_t as computed in floating point,
  else the conversion of that sum (``converted_epsilon``). (4) Rounding,
  clamping at 0 and sampling the trips use the noisy tables only:
  post-processing. The record carries rho (the ledger's zCDP route composes
  it with other releases), epsilon and delta.

Why the total is Gaussian too, with L2 = L1 = M. Within a zCDP account a
pure epsilon_0-DP Laplace costs epsilon_0^2 / 2 (BS Proposition 1.4); for
the same rho_0 its variance 2 M^2 / epsilon_0^2 = M^2 / rho_0 is twice the
Gaussian's M^2 / (2 rho_0), so Laplace is not kept there.

When it beats Laplace. A table with the share w of the budget: Laplace
(NOISE=0, epsilon w) has variance 2 (M / (EPSILON w))^2 per cell, the
Gaussian at most M / (2 rho w) (the discrete Gaussian's variance is at most
sigma^2, CKS §2). The Gaussian is smaller exactly when M > w EPSILON^2 /
(4 rho) (mechanisms.gaussian.gaussian_beats_laplace_from with ``share``).
At EPSILON 1 and DELTA 1e-6 (rho 0.0244) that is M >= 11 for a release with
one table, and M >= 5 for the OD table at the default weights 1,4,2,2 (w =
4/9). Because rho splits linearly while a Laplace share's variance grows as
1 / w^2, the tables of one release gain more than a single release does.
Floating point: the sampler's limits are stated in :mod:`..mechanisms.gaussian`.
There is no snapping: integer noise on integer counts.
"""

import math
from dataclasses import dataclass
from typing import Tuple

import numpy as np

from ..mechanisms.gaussian import (
    GaussianCountNoise,
    compose_rho,
    histogram_l2_sensitivity,
    zcdp_delta,
    zcdp_epsilon,
)

TOTAL = "total"  # the one table that counts trips (core.releases.synthetic_trips.TOTAL)


def table_l2_sensitivity(table: str, max_trips: int) -> float:
    """L2 sensitivity of one table for a unit with at most M kept trips (module doc): M for the total, else sqrt(M)."""
    return float(int(max_trips)) if table == TOTAL else histogram_l2_sensitivity(int(max_trips))


def one_per_unit(units: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """The cells of the distinct (unit, cell) pairs: each unit's records in one cell count once (module doc)."""
    units, cells = np.asarray(units, dtype=np.int64), np.asarray(cells, dtype=np.int64)
    if not len(cells):
        return cells
    order = np.lexsort((cells, units))
    units, cells = units[order], cells[order]
    first = np.ones(len(cells), dtype=bool)
    first[1:] = (units[1:] != units[:-1]) | (cells[1:] != cells[:-1])
    return cells[first]


@dataclass(frozen=True)
class GaussianTableBudget:
    """The discrete Gaussian of every table of model 0: one GaussianCountNoise per table, sharing one rho."""

    epsilon: float
    delta: float
    tables: Tuple[Tuple[str, GaussianCountNoise], ...]

    @property
    def rho(self) -> float:
        return compose_rho(noise.rho for _, noise in self.tables)

    @property
    def converted_epsilon(self) -> float:
        """EPSILON where the tables' rho converts within it at DELTA (module doc, step 3); else the conversion."""
        rho = self.rho
        return self.epsilon if zcdp_delta(rho, self.epsilon) <= self.delta else zcdp_epsilon(rho, self.delta)

    def noise(self, table: str) -> GaussianCountNoise:
        return dict(self.tables)[table]

    def per_table(self) -> str:
        """Each table's noise: its L2 sensitivity, sigma and rho (for the record and the notes)."""
        return "; ".join(f"{name} discrete Gaussian L2 {noise.sensitivity:.4g} sigma {noise.scale:.4g} "
                         f"rho {noise.rho:.4g}" for name, noise in self.tables)

    def record_fields(self, unit_of_privacy: str) -> dict:
        rho = self.rho
        floating_point = self.tables[0][1].snapping_fields()["floating_point"]
        return {
            "mechanism": ("discrete Gaussian noise on every cell of public contingency tables (Canonne, Kamath and "
                          "Steinke 2020), each unit of privacy counted once per cell of each table but the total; the "
                          f"tables share rho = {rho:.6g}-zCDP by the budget weights (Bun and Steinke 2016), converted "
                          "to (epsilon, delta) by Canonne, Kamath and Steinke 2020 Corollary 13; synthetic trips "
                          "sampled from them (Roy, Kantarcioglu and Sweeney 2016 §3)"),
            "count_grain": 1.0,
            "epsilon_floating_point": self.epsilon,
            "floating_point": floating_point,
            "epsilon": self.converted_epsilon,
            "delta": self.delta,
            "rho": rho,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": max(noise.sensitivity for name, noise in self.tables if name != TOTAL),
            "sensitivity_unit": ("count, L2 per table: sqrt(M) for every table but the total (each unit once per "
                                 "cell, in at most M cells), M for the total (one cell: L2 = L1)"),
            "noise_scale": max(noise.scale for _, noise in self.tables),
            "noise_scale_unit": f"count (largest discrete Gaussian sigma of the tables; {self.per_table()})",
        }


def gaussian_table_budget(epsilon: float, delta: float, names, shares, max_trips: int) -> GaussianTableBudget:
    """Every table's discrete Gaussian: the share w_t / sum(w) of zcdp_rho(EPSILON, DELTA) (module doc)."""
    if not 0.0 < float(delta) < 1.0:
        raise ValueError(f"the discrete Gaussian (NOISE=2) needs DELTA in (0, 1), e.g. 1e-6; got {delta!r}")
    total = math.fsum(shares)
    return GaussianTableBudget(float(epsilon), float(delta), tuple(
        (name, GaussianCountNoise(float(epsilon), float(delta), table_l2_sensitivity(name, max_trips),
                                  rho_share=share / total))
        for name, share in zip(names, shares)))
