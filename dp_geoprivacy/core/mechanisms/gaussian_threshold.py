"""Gaussian thresholding: discrete Gaussian noise on the cells present, published above a threshold.

The Gaussian counterpart of the stability-based histogram
(``counting.StabilityHistogram``) for sparse counts, where each user adds at
most 1 to each of at most M DISTINCT cells (L0 = M, Linf = 1, so L2 =
sqrt(M)): cells whose true count is 0 are never noised nor published, so no
cell is invented. Partition selection by Gaussian thresholding as analysed
by Wilson, Zhang, Lam, Desfontaines, Simmons-Marengo and Gipson (2020),
"Differentially Private SQL with Bounded User Contribution", PoPETs 2020(2),
§3 and its Gaussian variant in Google's differential-privacy library
(``GaussianPartitionSelection``) and PipelineDP; the noise is the discrete
Gaussian of Canonne, Kamath and Steinke (2020) (core.mechanisms.gaussian).

Mechanism A(x). S(x) = the cells with a true count > 0, plus the cells
that are always published (the OD release's outside cell: it takes the
Gaussian part below, ``noise()``). Y_c = x_c + Z_c with Z_c ~ N_Z(0,
sigma^2) independent, for c in S(x); publish (c, Y_c) for the cells with
Y_c >= tau (always-published cells: always). Rounding, clamping and a
MIN_FLOW are post-processing.

Claim (OpenDP style). With sigma = ``gaussian.scale`` (rho = M / (2
sigma^2), rho = zcdp_rho(epsilon, delta_g)) and the integer tau of
:func:`least_threshold`, A is (epsilon, delta_g + delta_t)-DP for
neighbours x, x' that differ by one user (added or removed), where
delta_t = 1 - (1 - P[1 + Z >= tau])^M, Z ~ N_Z(0, sigma^2).

Proof. Let x' be x with user u added (u's change v has entries in {0, 1}
on at most M cells, after the distinct bounding; the bounding of the
others is coupled as in core.releases.od_flows, and (epsilon, delta)-DP
holds for a mixture of pairs that each satisfy it, the inequality being
linear in the probabilities). Then S(x') = S(x) + N, N = the cells where
u's count is the whole count, |N| <= M, x'_c = 1 on N.
(1) Let H(y) be A's output computed on the cells of S(x) only, for y in
{x, x'}. H(x) = A(x). The counts of x and x' on S(x) differ by v restricted
to S(x), L2 norm <= sqrt(M), so the Gaussian on S(x) is rho-zCDP with rho =
M / (2 sigma^2) (Canonne, Kamath and Steinke 2020 Theorem 14), hence
(epsilon, delta_g)-DP (their Corollary 13; rho was chosen by inverting it),
and the threshold is post-processing: for every set O of outputs,
P[H(x) in O] <= e^eps P[H(x') in O] + delta_g and the converse.
(2) A(x') = H(x') plus the cells of N that pass tau, drawn independently.
Let q = P[some cell of N passes] = 1 - (1 - P[1 + Z >= tau])^|N| <= delta_t
(q grows with |N| <= M). On the complement event E, A(x') = H(x').
(3) Adding u: P[A(x') in O] <= P[H(x') in O and E] + q <= P[H(x') in O] +
q <= e^eps P[A(x) in O] + delta_g + delta_t.
(4) Removing u: A(x) never publishes a cell of N, so P[A(x) in O] =
P[A(x) in O1], O1 the outputs of O without a cell of N; and P[A(x') in O1]
= (1 - q) h with h = P[H(x') in O1] (E and H(x') are independent). With
a = P[A(x) in O1] <= min(1, e^eps h + delta_g): if e^eps h <= 1 - delta_g,
a - e^eps (1 - q) h <= delta_g + q e^eps h <= delta_g + q; otherwise a -
e^eps (1 - q) h <= 1 - (1 - delta_g)(1 - q) <= delta_g + q. So P[A(x) in O]
<= e^eps P[A(x') in O] + delta_g + delta_t.
Hence (epsilon, delta_g + delta_t)-DP. The release is NOT zCDP (a cell of
N published is an event of probability 0 under x): its record carries no
rho, and the ledger's zCDP route adds its (epsilon, delta) on top by basic
composition, as for the stability histogram (core.accounting.zcdp).

Choosing sigma and tau from public parameters only: a declared (epsilon,
delta) is split as delta_g = ``split`` * delta (default 1/2) and the rest
for delta_t; sigma from (epsilon, delta_g); tau the least integer with
1 - (1 - P[Z >= tau - 1])^M <= (1 - split) delta (the noisy counts are
integers, so an integer tau loses nothing). The tail P[Z >= k] is the exact
discrete-Gaussian sum (``GaussianCountNoise.release_tail``); 1 - (1 - p)^M
is computed as -expm1(M log1p(-p)). The sampler's floating-point limits
are core.mechanisms.gaussian's: its probabilities, and so the chance that
a cell of N passes tau, differ from the exact ones by a relative error of
order 2^-50 (and are 0 beyond about 8.6 sigma), which the claim ignores as
that module does.

When it beats the stability histogram: both publish only present cells;
its noise has sigma = sqrt(M / (2 rho)) against Laplace's scale 2M /
epsilon (replace-one calibration, standard deviation 2 sqrt(2) M /
epsilon), and tau is about 1 + sigma sqrt(2 ln(M / delta_t)) against M +
(2M / epsilon) ln(2M / delta) plus half the snapping grain. At epsilon 1,
delta 1e-6: tau 25 against 31 at M = 1 and 148 against 1,214 at M = 32;
the noise's standard deviation is larger for M <= 2 (4.7 against 2.8 at
M = 1) and smaller from M = 3 (:func:`compare_with_stability` gives the
figures for any setting).
"""

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .counting import StabilityHistogram
from .gaussian import GaussianCountNoise, histogram_l2_sensitivity

GAUSSIAN_THRESHOLD = "discrete_gaussian_threshold"
# Share of the declared delta spent by the Gaussian part (the rest bounds the threshold's delta_t).
DELTA_SPLIT = 0.5


def any_passes(p: float, cells: int) -> float:
    """1 - (1 - p)^cells: the probability that at least one of ``cells`` independent cells passes (each p)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"p must be a probability, got {p!r}")
    if p == 1.0:
        return 1.0 if cells > 0 else 0.0
    return -math.expm1(int(cells) * math.log1p(-p))


def least_threshold(noise: GaussianCountNoise, cells: int, delta_t: float) -> int:
    """The least integer tau >= 1 with any_passes(P[1 + Z >= tau], cells) <= delta_t, Z the noise."""
    if not 0.0 < delta_t < 1.0:
        raise ValueError(f"delta_t must be in (0, 1), got {delta_t!r}")
    errors, probs = noise.error_pmf()
    # tails[i] = P[Z >= errors[i]], summed from the far tail inwards (small terms first); tau = k + 1 passes
    # with P[1 + Z >= k + 1] = P[Z >= k]. any_passes over the whole support at once.
    tails = np.minimum(np.cumsum(probs[::-1])[::-1], 1.0)
    with np.errstate(divide="ignore"):  # log1p(-1) = -inf where a tail is 1: any_passes is then 1
        passes = -np.expm1(int(cells) * np.log1p(-tails))
    fits = np.flatnonzero((errors >= 0) & (passes <= delta_t))
    if len(fits):
        return int(errors[fits[0]]) + 1
    return int(errors[-1]) + 2  # beyond the support: probability < 1e-300


@dataclass(frozen=True)
class GaussianThreshold:
    """Discrete Gaussian on the cells present, published when the noisy count reaches ``threshold`` (module doc).

    The same interface as counting.StabilityHistogram where the OD release uses it: ``release(counts, rng)``
    gives (published mask, noisy values), ``noise()`` the Gaussian of the always-published cells.
    """

    epsilon: float
    delta: float
    max_contributions: int = 1
    split: float = DELTA_SPLIT
    kind: str = GAUSSIAN_THRESHOLD

    def __post_init__(self):
        if not (math.isfinite(self.epsilon) and self.epsilon > 0):
            raise ValueError(f"epsilon must be positive and finite, got {self.epsilon!r}")
        if not (0.0 < self.delta < 1.0):
            raise ValueError(f"Gaussian thresholding needs delta in (0, 1), got {self.delta!r}")
        if not 0.0 < self.split < 1.0:
            raise ValueError(f"the delta split must be in (0, 1), got {self.split!r}")
        histogram_l2_sensitivity(self.max_contributions)

    @property
    def delta_gaussian(self) -> float:
        return self.split * self.delta

    @property
    def delta_threshold(self) -> float:
        """The delta_t budget; the threshold's actual delta_t (``threshold_delta``) is at most this."""
        return self.delta - self.delta_gaussian

    def noise(self) -> GaussianCountNoise:
        """The Gaussian part: sigma from (epsilon, delta_g) and L2 sensitivity sqrt(M)."""
        return self._noise

    @cached_property
    def _noise(self) -> GaussianCountNoise:  # computed once: calibrating rho is a bisection
        return GaussianCountNoise(self.epsilon, self.delta_gaussian, histogram_l2_sensitivity(self.max_contributions))

    @property
    def sensitivity(self) -> float:
        return self.noise().sensitivity

    @cached_property
    def scale(self) -> float:
        return self.noise().scale

    @cached_property
    def threshold(self) -> int:
        """tau: the least integer with 1 - (1 - P[1 + Z >= tau])^M <= delta_t."""
        return least_threshold(self.noise(), int(self.max_contributions), self.delta_threshold)

    @cached_property
    def threshold_delta(self) -> float:
        """The actual delta_t at tau: 1 - (1 - P[Z >= tau - 1])^M."""
        return any_passes(min(1.0, self.noise().release_tail(self.threshold - 1)), int(self.max_contributions))

    def release(self, counts: np.ndarray, rng: np.random.Generator):
        """(published mask, noisy values) for the true counts of cells: zero cells are never published."""
        counts = np.asarray(counts, dtype=float)
        noisy = np.zeros_like(counts)
        present = counts > 0
        noisy[present] = self.noise().apply(counts[present], rng)
        return present & (noisy >= self.threshold), noisy

    def record_fields(self, unit_of_privacy: str) -> dict:
        noise = self.noise()
        return {
            "mechanism": (f"Gaussian thresholding (Wilson et al. 2020 §3, Gaussian partition selection): discrete "
                          f"Gaussian noise (Canonne, Kamath and Steinke 2020) on the cells with data only, published "
                          f"at or above tau = {self.threshold}; (epsilon, delta_g + delta_t)-DP with delta_g = "
                          f"{self.delta_gaussian:.6g} for the Gaussian part (rho = {noise.rho:.6g}-zCDP, converted "
                          f"by Canonne, Kamath and Steinke 2020 Corollary 13) and delta_t = "
                          f"{self.threshold_delta:.6g} <= {self.delta_threshold:.6g} for a cell only the added user "
                          "creates passing tau; not zCDP"),
            **noise.snapping_fields(),
            "epsilon": self.epsilon,
            "delta": self.delta,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": noise.sensitivity,
            "sensitivity_unit": "count, L2 over all cells (each user adds 1 to at most M distinct cells: L0 M, "
                                "Linf 1)",
            "noise_scale": noise.scale,
            "noise_scale_unit": f"count (discrete Gaussian sigma); publication threshold {self.threshold}",
        }


# The releases that publish only cells with data, above a threshold (the OD release's "stability" path).
THRESHOLDED = (StabilityHistogram, GaussianThreshold)


def compare_with_stability(epsilon: float, delta: float, max_contributions: int) -> dict:
    """Public figures of both thresholded releases at one setting: each one's noise standard deviation and
    threshold (for the help and the accuracy planner; no data)."""
    gaussian = GaussianThreshold(epsilon, delta, int(max_contributions))
    stability = StabilityHistogram(epsilon, delta, int(max_contributions))
    return {"gaussian_sd": math.sqrt(gaussian.noise().variance), "gaussian_threshold": float(gaussian.threshold),
            "laplace_sd": math.sqrt(2.0) * stability.scale, "laplace_threshold": stability.threshold}
