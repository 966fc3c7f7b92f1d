"""The discrete Gaussian and zero-concentrated DP (zCDP) accounting.

Sources: Canonne, Kamath and Steinke (2020), "The Discrete Gaussian for
Differential Privacy", NeurIPS 2020 (CKS below; section and theorem numbers
of arXiv:2004.00010v5); Bun and Steinke (2016), "Concentrated Differential
Privacy: Simplifications, Extensions, and Lower Bounds", TCC 2016 (BS below).
Each formula below cites its statement; each was checked against a
maintained implementation: OpenDP (``sample_discrete_gaussian`` in
rust/src/traits/samplers/cks20, the zCDP map of ``ZExpFamily<2>`` and its
proof ``NoisePrivacyMap_for_ZExpFamily2.tex``, ``cdp_epsilon``) and the
authors' reference code (IBM/discrete-gaussian-differential-privacy,
``cdp2adp.py``: ``cdp_delta``, ``cdp_eps``, ``cdp_rho``), which Tumult Core
and dp_accounting's zCDP conversions derive from.

The discrete Gaussian N_Z(0, sigma^2): P(X = k) proportional to
exp(-k^2 / (2 sigma^2)) on the integers (CKS Definition 1).

Privacy (CKS Theorem 14, multivariate discrete Gaussian): if an
integer-valued query q: X^n -> Z^d has sum_j (q_j(x) - q_j(x'))^2 /
sigma^2 <= eps^2 for all neighbours x, x', then q(x) + Y with Y_j ~
N_Z(0, sigma^2) independent is (eps^2 / 2)-zCDP. With L2 sensitivity Delta:
rho = Delta^2 / (2 sigma^2), exactly as for the continuous Gaussian; no
extra term. (The small terms tau_j = 10 sum_{k>=1} exp(-2 pi^2 sigma_j^2
k / (k + 1)) of CKS appear in Theorem 15, the direct (eps, delta) bound
through the privacy loss, which is not used here: we convert rho with
Corollary 13 below, valid for any rho-zCDP mechanism.)

Sampling (CKS Algorithm 3, Theorem 30 for its exactness): t = floor(sigma)
+ 1; draw Y from the discrete Laplace, P(Y = y) proportional to
exp(-|y| / t); accept with probability exp(-(|Y| - sigma^2 / t)^2 / (2
sigma^2)); else draw again. Accepted values are exactly N_Z(0, sigma^2)
(CKS §5.3); a round accepts with probability about 0.45-0.76 (measured at
sigma = 0.3 to 1000), so a vector of n draws needs a few dozen rounds of numpy draws on the rejected
entries. Where this implementation is NOT exact (CKS's own sampler works in
exact rational arithmetic; this one in IEEE double precision, on the
release generator of core/mechanisms/rng.py):
- the discrete Laplace is the difference of two numpy geometric draws with
  p = 1 - exp(-1/t) (as core/mechanisms/counting.py draws its discrete Laplace);
  numpy's geometric inverts its cdf in floating point, so each
  probability is exact only up to rounding (relative error about 2^-52)
  and the tail beyond probability about 2^-53 is cut off;
- the acceptance test compares one uniform double (a multiple of 2^-53)
  with exp(-(|Y| - sigma^2 / t)^2 / (2 sigma^2)) computed in double
  precision: each acceptance probability is off by at most about 2^-53
  absolute, so values of probability below about 2^-53 relative to the
  mode can never be accepted (|k| above about 8.6 sigma).
The pmf of the output therefore differs from N_Z(0, sigma^2) by a relative
error of order 2^-50 in the bulk and is zero in tails of total mass below
about 1e-16. No gap in the output depends on the true count (integer noise
on integer counts), so Mironov's attack on floating-point Laplace does not
apply; the remaining error is of the kind counting.py states for the
discrete Laplace.
"""

import functools
import math
from dataclasses import dataclass
from typing import Iterable

import numpy as np

DISCRETE_GAUSSIAN = "discrete_gaussian"
# Bisection steps: each halves the bracket; 200 is far below double precision's resolution.
_BISECTION_STEPS = 200


# --- the sampler --------------------------------------------------------------------------


def sample_discrete_gaussian(sigma: float, size, rng: np.random.Generator) -> np.ndarray:
    """``size`` draws of N_Z(0, sigma^2) (CKS Algorithm 3, vectorised; floating point: module doc)."""
    if not (math.isfinite(sigma) and sigma > 0):
        raise ValueError(f"sigma must be positive and finite, got {sigma!r}")
    shape = (size,) if np.ndim(size) == 0 else tuple(size)
    n = int(np.prod(shape, dtype=np.int64))
    out = np.empty(n, dtype=np.int64)
    t = math.floor(sigma) + 1
    p = -math.expm1(-1.0 / t)  # 1 - exp(-1/t): the discrete Laplace's geometric parameter
    sigma2 = sigma * sigma
    todo = np.arange(n)
    while len(todo):
        m = len(todo)
        y = rng.geometric(p, size=m) - rng.geometric(p, size=m)
        accept = rng.random(m) < np.exp(-((np.abs(y) - sigma2 / t) ** 2) / (2.0 * sigma2))
        out[todo[accept]] = y[accept]
        todo = todo[~accept]
    return out.reshape(shape)


def sample_discrete_gaussian_tail(sigma: float, k: int, size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` draws of X ~ N_Z(0, sigma^2) conditioned on X >= k (an integer), by inversion of the pmf.

    P(X = j | X >= k) = exp(-j^2 / 2 sigma^2) / sum_{i >= k} exp(-i^2 / 2 sigma^2) on j = k, k + 1, ...
    The table runs from k to the end of ``_support`` (mass beyond it < 1e-300 of the whole) or, when k
    lies beyond the support (k > 38 sigma), over 40 sigma + 1 more integers: there j^2 - k^2 >= 2 k (j - k),
    so the conditional mass left out is below exp(-40 sigma k / sigma^2) / (1 - exp(-k / sigma^2)), with
    k / sigma > 38 far below 1e-300. Weights are taken relative to exp(-k^2 / 2 sigma^2), so nothing
    underflows for any k. Floating point: each probability of the table is exact up to rounding
    (relative 2^-52), and numpy's ``choice`` inverts their cumulative sum with one uniform double. Used
    for the empty cells of the OD release's sparse path, whose number is drawn with ``release_tail``.
    """
    k = int(k)
    last = max(int(_support(sigma)[-1]), k + int(math.ceil(40.0 * sigma)) + 1)
    j = np.arange(k, last + 1, dtype=float)
    weights = np.exp(-(j * j - float(k) * k) / (2.0 * sigma * sigma))
    return rng.choice(j.astype(np.int64), size=int(size), p=weights / math.fsum(weights))


def _support(sigma: float) -> np.ndarray:
    """Integers carrying all but < 1e-300 of N_Z(0, sigma^2)'s mass (|k| <= 38 sigma + 2)."""
    half = int(math.ceil(38.0 * sigma)) + 2
    return np.arange(-half, half + 1)


def discrete_gaussian_pmf(k, sigma: float) -> np.ndarray:
    """P(X = k) for X ~ N_Z(0, sigma^2): exp(-k^2 / 2 sigma^2) over its sum on the integers."""
    norm = math.fsum(np.exp(-(_support(sigma).astype(float) ** 2) / (2.0 * sigma * sigma)))
    k = np.asarray(k, dtype=float)
    return np.exp(-(k**2) / (2.0 * sigma * sigma)) / norm


def discrete_gaussian_variance(sigma: float) -> float:
    """Var(X) for X ~ N_Z(0, sigma^2), by summation; at most sigma^2 (CKS §2)."""
    k = _support(sigma)
    return float(math.fsum(discrete_gaussian_pmf(k, sigma) * k.astype(float) ** 2))


def discrete_gaussian_margin(sigma: float, confidence: float = 0.95) -> float:
    """The smallest integer m with P(|X| <= m) >= confidence, X ~ N_Z(0, sigma^2), by summation."""
    k = np.arange(0, _support(sigma)[-1] + 1)
    pmf = discrete_gaussian_pmf(k, sigma)
    covered = np.cumsum(np.where(k == 0, pmf, 2.0 * pmf))
    return float(k[min(int(np.searchsorted(covered, confidence - 1e-15)), len(k) - 1)])


# --- zCDP accounting ----------------------------------------------------------------------


def gaussian_rho(l2_sensitivity: float, sigma: float) -> float:
    """rho of (discrete) Gaussian noise sigma on a query of L2 sensitivity Delta: Delta^2 / (2 sigma^2).

    CKS Theorem 14 (integer-valued queries, discrete Gaussian); BS
    Proposition 1.6 (continuous Gaussian). OpenDP: ZExpFamily<2>'s zCDP map
    returns (d_in / scale)^2 / 2.
    """
    return float(l2_sensitivity) ** 2 / (2.0 * float(sigma) ** 2)


def gaussian_sigma(l2_sensitivity: float, rho: float) -> float:
    """The sigma that makes Delta-sensitive noise rho-zCDP: Delta / sqrt(2 rho) (inverse of gaussian_rho)."""
    return float(l2_sensitivity) / math.sqrt(2.0 * float(rho))


def pure_dp_rho(epsilon: float) -> float:
    """An epsilon-DP mechanism is (epsilon^2 / 2)-zCDP (BS Proposition 1.4)."""
    return float(epsilon) ** 2 / 2.0


def compose_rho(rhos: Iterable[float]) -> float:
    """Sequential composition: rho_1-zCDP then rho_2-zCDP is (rho_1 + rho_2)-zCDP (BS Lemma 1.7)."""
    return math.fsum(float(r) for r in rhos)


def bun_steinke_epsilon(rho: float, delta: float) -> float:
    """rho-zCDP gives (rho + 2 sqrt(rho ln(1/delta)), delta)-DP (BS Proposition 1.3); looser than zcdp_epsilon."""
    _check_rho_delta(rho, delta)
    return rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta))


def zcdp_delta(rho: float, epsilon: float) -> float:
    """The delta at which rho-zCDP gives (epsilon, delta)-DP, CKS Corollary 13 (from Proposition 12):

        delta = inf over alpha > 1 of exp((alpha - 1)(alpha rho - epsilon)) / (alpha - 1) * (1 - 1/alpha)^alpha.

    Any alpha > 1 gives a valid delta, so an inexact minimisation only
    makes delta larger (safe). The exponent's derivative in alpha is
    (alpha - 1)(2 alpha rho - epsilon + ...) up to a positive factor:
    (2 alpha - 1) rho - epsilon + ln(1 - 1/alpha), increasing in alpha;
    its root is found by bisection on [1.01, (epsilon + 1) / (2 rho) + 2]
    (the bracket and the floor at 1.01 of the authors' ``cdp_delta``: the
    optimum is above (1 + epsilon / rho) / 2, so the floor binds only when
    epsilon <= rho, where delta is large anyway).
    """
    if not (rho >= 0 and epsilon >= 0):
        raise ValueError("rho and epsilon must be >= 0")
    if rho == 0:
        return 0.0
    lo, hi = 1.01, (epsilon + 1.0) / (2.0 * rho) + 2.0
    for _ in range(_BISECTION_STEPS):
        alpha = (lo + hi) / 2.0
        if (2.0 * alpha - 1.0) * rho - epsilon + math.log1p(-1.0 / alpha) < 0:
            lo = alpha
        else:
            hi = alpha
        if hi - lo <= 1e-12 * hi:
            break
    alpha = (lo + hi) / 2.0
    log_delta = (alpha - 1.0) * (alpha * rho - epsilon) + alpha * math.log1p(-1.0 / alpha) - math.log(alpha - 1.0)
    return min(1.0, math.exp(min(log_delta, 0.0)))


def zcdp_epsilon(rho: float, delta: float) -> float:
    """The smallest epsilon with zcdp_delta(rho, epsilon) <= delta (CKS Corollary 13, inverted by bisection).

    zcdp_delta decreases in epsilon; the bracket is [0, bun_steinke_epsilon]
    (Corollary 13 is never worse than BS Proposition 1.3), and the upper end
    is returned, so the result always satisfies the conversion.
    """
    _check_rho_delta(rho, delta)
    if rho == 0:
        return 0.0
    lo, hi = 0.0, bun_steinke_epsilon(rho, delta)
    for _ in range(_BISECTION_STEPS):
        mid = (lo + hi) / 2.0
        if zcdp_delta(rho, mid) <= delta:
            hi = mid
        else:
            lo = mid
        if hi - lo <= 1e-12 * hi:
            break
    return hi


@functools.lru_cache(maxsize=256)
def zcdp_rho(epsilon: float, delta: float) -> float:
    """The largest rho whose conversion (zcdp_epsilon) stays within (epsilon, delta), by bisection.

    A pure function of its two numbers, cached: every GaussianCountNoise asks for it on each draw and record
    field (the synthetic tables' shares ask for the same one per table).

    zcdp_delta increases in rho; the lower end of the bracket is returned,
    so zcdp_delta(result, epsilon) <= delta always holds.
    """
    if not (math.isfinite(epsilon) and epsilon > 0):
        raise ValueError(f"epsilon must be positive and finite, got {epsilon!r}")
    _check_rho_delta(0.0, delta)
    lo, hi = 0.0, epsilon + 1.0  # zcdp_delta(epsilon + 1, epsilon) > delta for any delta < 1 of interest
    while zcdp_delta(hi, epsilon) <= delta:
        hi *= 2.0
    for _ in range(_BISECTION_STEPS):
        mid = (lo + hi) / 2.0
        if zcdp_delta(mid, epsilon) <= delta:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * hi:
            break
    return lo


def epsilon_for_rho(rho: float, delta: float) -> float:
    """The largest epsilon found whose zcdp_rho is at most ``rho``: the epsilon to run a release at when it may spend
    only ``rho`` (a release keeps its epsilon and draws at zcdp_rho of it). zcdp_epsilon(rho) is up to 1e-12 above
    the exact inverse and zcdp_rho of that can come back above ``rho`` (0.0231059703595458 for 0.0231059703595366
    at delta 1e-6): stepped down by 1e-12, then twice that, ... until it does not."""
    epsilon, step = zcdp_epsilon(rho, delta), 1e-12
    while epsilon > 0 and zcdp_rho(epsilon, delta) > rho:
        epsilon, step = epsilon * (1.0 - step), step * 2.0
    return epsilon


def epsilon_within(rho: float, delta: float, epsilon: float) -> float:
    """What rho-zCDP is recorded as at ``delta`` in a run declared at ``epsilon``: ``epsilon`` itself when the
    conversion's bisection ends above it, or below it by no more than rounding (1e-10 of it), and CKS Corollary 13
    holds at ``epsilon`` (zcdp_delta(rho, epsilon) <= delta, checked directly); else zcdp_epsilon. So a rho planned
    to fit EPSILON (zcdp_rho, and what the choices leave of it) is recorded as EPSILON, not 1.000000000000176 (nor
    0.9999999999990565) of EPSILON 1; both values satisfy Corollary 13, so the spend is never understated."""
    converted = zcdp_epsilon(rho, delta)
    if converted > epsilon * (1.0 - 1e-10) and zcdp_delta(rho, epsilon) <= delta:
        return float(epsilon)
    return converted


def _check_rho_delta(rho: float, delta: float) -> None:
    if not (math.isfinite(rho) and rho >= 0):
        raise ValueError(f"rho must be >= 0 and finite, got {rho!r}")
    if not (0.0 < delta < 1.0):
        raise ValueError(f"delta must be in (0, 1) for a conversion from zCDP, got {delta!r}")


def gaussian_beats_laplace_from(epsilon: float, delta: float, share: float = 1.0) -> int:
    """The least M from which Gaussian noise on sqrt(M)-L2 counts has a smaller variance than Laplace on M-L1.

    Laplace: 2 (M / epsilon)^2; Gaussian (calibrated as GaussianCountNoise):
    sigma^2 = M / (2 rho) with rho = zcdp_rho(epsilon, delta). The first is
    smaller exactly while M <= epsilon^2 / (4 rho). (The discrete Gaussian's
    variance is at most sigma^2, CKS §2, so the figure is safe for it.)
    ``share`` w: a table that gets the part w of a release's budget (Laplace:
    epsilon w, sequential composition; Gaussian: rho w, zCDP composition, as
    the synthetic tables share theirs): Laplace is smaller while M <= w
    epsilon^2 / (4 rho), so the Gaussian wins from a smaller M.
    """
    return int(math.floor(float(share) * float(epsilon) ** 2 / (4.0 * zcdp_rho(epsilon, delta)))) + 1


# --- discrete Gaussian noise on counts ----------------------------------------------------


def histogram_l2_sensitivity(max_contributions: int = 1, cells_per_contribution: int = 1) -> float:
    """L2 sensitivity of a histogram when one user, bounded to M DISTINCT cells' records, is added or removed.

    The Gaussian's histograms bound each user to at most one record per
    histogram cell and then at most M records (``counting.bound_distinct_cells``).
    Each record adds 1 to c cells (c = ``cells_per_contribution``), so the
    user's change v has ||v||_1 <= M c and ||v||_2 <= sqrt(||v||_1 ||v||_inf).
    With c = 1 the M cells are distinct: ||v||_inf = 1 and L2 = sqrt(M).
    With overlapping zones (c > 1) distinct faces may still lie in one zone,
    so ||v||_inf <= M and L2 = M sqrt(c) (no better bound is claimed). Were
    repeats of a cell allowed (records bounded as for Laplace), one user
    could put all M in one cell and L2 would be M: the distinct bounding is
    what makes the Gaussian's sqrt(M) hold.
    """
    m, c = int(max_contributions), int(cells_per_contribution)
    if m < 1 or c < 1:
        raise ValueError("max_contributions and cells_per_contribution must be at least 1")
    return math.sqrt(m * c * (1 if c == 1 else m))


@dataclass(frozen=True)
class GaussianCountNoise:
    """Discrete Gaussian noise N_Z(0, sigma^2) on every cell, calibrated to (epsilon, delta) through zCDP.

    rho = zcdp_rho(epsilon, delta) (CKS Corollary 13 inverted), sigma =
    sensitivity / sqrt(2 rho) (CKS Theorem 14, ``sensitivity`` is L2); the
    release is rho-zCDP and hence (epsilon, delta)-DP. Counts must be
    integers (they are: the histogram counts records). The same interface as
    counting.CountNoise where a zone-count release uses it. ``rho_share``:
    the part of that rho this noise spends when several tables of one
    (epsilon, delta) release share it (zCDP composition adds their rho, BS
    Lemma 1.7: core.releases.synthetic_gaussian); 1 for a release of its own.
    """

    epsilon: float
    delta: float
    sensitivity: float
    kind: str = DISCRETE_GAUSSIAN
    rho_share: float = 1.0

    def __post_init__(self):
        if not (math.isfinite(self.epsilon) and self.epsilon > 0):
            raise ValueError(f"epsilon must be positive and finite, got {self.epsilon!r}")
        if not (0.0 < self.delta < 1.0):
            raise ValueError(f"the Gaussian needs delta in (0, 1), got {self.delta!r}")
        if not (math.isfinite(self.sensitivity) and self.sensitivity > 0):
            raise ValueError(f"sensitivity must be positive and finite, got {self.sensitivity!r}")
        if not (0.0 < self.rho_share <= 1.0):
            raise ValueError(f"rho_share must be in (0, 1], got {self.rho_share!r}")

    @property
    def rho(self) -> float:
        return zcdp_rho(self.epsilon, self.delta) * self.rho_share

    @property
    def scale(self) -> float:
        """sigma of the discrete Gaussian."""
        return gaussian_sigma(self.sensitivity, self.rho)

    grain = 1.0  # integer noise on integer counts: nothing to snap

    @property
    def snapped_epsilon(self) -> float:
        return self.epsilon

    @property
    def variance(self) -> float:
        return discrete_gaussian_variance(self.scale)

    def noise(self, size, rng: np.random.Generator) -> np.ndarray:
        return sample_discrete_gaussian(self.scale, size, rng).astype(float)

    def apply(self, counts, rng: np.random.Generator) -> np.ndarray:
        counts = np.asarray(counts, dtype=float)
        return counts + self.noise(counts.shape, rng)

    def margin_of_error(self, confidence: float = 0.95) -> float:
        return discrete_gaussian_margin(self.scale, confidence)

    def released_margin_of_error(self, confidence: float = 0.95) -> float:
        """Not snapped: the noise's margin (see CountNoise.released_margin_of_error)."""
        return self.margin_of_error(confidence)

    def error_pmf(self):
        """(errors, probabilities) of the integer error of a released count (for core.accuracy.planning)."""
        k = _support(self.scale)
        return k.astype(float), discrete_gaussian_pmf(k, self.scale)

    def release_tail(self, k: int) -> float:
        """P(noise >= k) for an integer k >= 1 (a true 0 released as >= k)."""
        errors, probs = self.error_pmf()
        return float(math.fsum(probs[errors >= k]))

    def sample_release_tail(self, k: int, size: int, rng: np.random.Generator) -> np.ndarray:
        """Released values for true counts of 0, conditioned on value >= k (the OD release's sparse path)."""
        return sample_discrete_gaussian_tail(self.scale, k, size, rng).astype(float)

    def snapping_label(self) -> str:
        return ""

    def snapping_fields(self) -> dict:
        return {"count_grain": 1.0, "epsilon_floating_point": self.epsilon,
                "floating_point": "discrete Gaussian: integer noise on integer counts (Canonne, Kamath and Steinke "
                                  "2020 Algorithm 3 in double precision; limits stated in core/mechanisms/gaussian.py)"}

    def record_fields(self, unit_of_privacy: str) -> dict:
        rho = self.rho
        return {
            "mechanism": (f"discrete Gaussian noise on every cell (Canonne, Kamath and Steinke 2020), rho = "
                          f"{rho:.6g}-zCDP (Bun and Steinke 2016), converted to (epsilon, delta) by Canonne, Kamath "
                          "and Steinke 2020 Corollary 13"),
            **self.snapping_fields(),
            "epsilon": self.epsilon,
            "delta": self.delta,
            "rho": rho,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": "count, L2 over all cells (each user adds 1 to at most M distinct cells)",
            "noise_scale": self.scale,
            "noise_scale_unit": "count (discrete Gaussian sigma)",
        }
