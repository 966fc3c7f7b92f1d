"""Noisy histograms: the count mechanisms behind zone counts and OD flows.

Sources: Dumont et al. 2021 §6.1 (Laplace(1/epsilon) on block counts, publish the
10 largest), Kapp et al. 2023 §4.2-4.3 (user-level privacy: each user keeps at most
M contributions, chosen by sampling; sensitivity M for trips, 2M for trip
ends; every cell of a public tessellation is noised), Asghar, Tyler and Kaafar 2017 Algorithm 1
(stability-based histogram), Roy, Kantarcioglu and Sweeney 2016 (negative counts set to zero).

Neighbouring datasets and sensitivity. A contribution is one record (a
point, a trip end, a trip) and adds 1 to ``cells_per_contribution`` cells
(1 for points or trips, 2 for the two ends of a trip). With at most M
contributions per user (M = 1 and item-level privacy are the same
arithmetic), adding or removing one user changes the histogram by at most
``M * cells_per_contribution`` in L1 norm: that is the sensitivity, and
Laplace (or discrete Laplace) noise of scale sensitivity / epsilon on every
cell gives epsilon-DP. Which cells exist must not depend on the data: with
a public tessellation every cell is noised, zero counts included.

The stability-based histogram (Asghar, Tyler and Kaafar 2017 Algorithm 1) noises only non-zero
cells and publishes those above a threshold; it never introduces a cell
with a true count of zero. Asghar, Tyler and Kaafar 2017 proves it for replace-one neighbours
(one record replaced: two cells change by 1): Lap(2/epsilon) and threshold
2 ln(2/delta)/epsilon + 1. For a user with M bounded contributions,
replacing the user changes L1 <= 2 M c, at most L0 = 2 M c cells, each by
at most Linf = M c (c = cells_per_contribution). Lap(L1/epsilon) on the
cells is epsilon-DP; a cell present only in one dataset is published with
probability at most exp(-(tau - Linf) / b) (Asghar et al.'s bound on the
Laplace tail), so tau = Linf + b ln(L0 / delta) keeps the union of such
events below delta. For M = c = 1 this is exactly Asghar et al.'s Lap(2/epsilon)
and 2 ln(2/delta)/epsilon + 1. Calibrated for replacement, the guarantee
also holds for adding or removing a user.

Floating point (Mironov 2012, "On significance of the least significant
bits for differential privacy"). Laplace noise drawn in double precision
and added to a count leaves gaps in the set of values a release can take
that depend on the true count: publishing ``count + Laplace`` as a float
can reveal the count exactly. Laplace releases here therefore use
Mironov's snapping mechanism, inside the mechanism (``CountNoise.apply``,
``StabilityHistogram.release``) so that no caller can skip it: clamp the
count to the public bound [-B, B] (B = SNAP_BOUND = 2^32, above any count
this plugin can hold), add Laplace(b), round to the nearest multiple of
the grain Lambda = the smallest power of two >= b, clamp to [-B, B] again.
Mironov's Theorem 1 (stated for sensitivity 1, applied here to count /
sensitivity) makes that ((1 + 12 B eta / sensitivity) epsilon + 2 eta)-DP
with eta = 2^-53, for b < B < 2^46 b: ``CountNoise.snapped_epsilon``, at
most 6e-6 relative above epsilon; the record carries the grain and that
epsilon. The budget and the record's epsilon stay the requested epsilon.
Published values are multiples of Lambda (later rounding to integers and
clamping at zero is post-processing). Rounding to the grain moves a value
by at most Lambda / 2, so every published margin of error of a snapped
value is ``CountNoise.released_margin_of_error``: the Laplace half-width
plus Lambda / 2 (the one place this is stated; zone counts, OD flows and
the bounded statistics use it). Discrete Laplace adds integers to
integers, so its outputs have no such gaps; it is drawn with numpy's
geometric sampler (inversion in floating point), which is not an exact
sampler: its tails are truncated near 2^-53 probability.

The OD flows' sparse path draws the values of empty cells from the tail of
the same snapped mechanism (``release_tail``, ``sample_release_tail``), so
it stays equal in distribution to the dense path.
"""

import math
from dataclasses import dataclass

import numpy as np

from .validation import require_positive_finite

LAPLACE = "laplace"
# Public bound B of the snapping mechanism (Mironov 2012): no count exceeds it.
SNAP_BOUND = 2.0**32
_ETA = 2.0**-53  # unit roundoff of IEEE double precision
DISCRETE_LAPLACE = "discrete_laplace"
NOISE_KINDS = (LAPLACE, DISCRETE_LAPLACE)


def histogram_sensitivity(max_contributions: int = 1, cells_per_contribution: int = 1) -> int:
    """L1 sensitivity of a histogram when one user (<= M contributions) is added or removed.

    Time slots do not change it: each contribution still adds 1 to
    ``cells_per_contribution`` (zone, slot) cells, whichever slots they are.
    """
    if int(max_contributions) < 1 or int(cells_per_contribution) < 1:
        raise ValueError("max_contributions and cells_per_contribution must be at least 1")
    return int(max_contributions) * int(cells_per_contribution)


# Discrete Laplace noise beyond this scale is not sampled: its integers no longer fit a float exactly, and at
# epsilon / sensitivity below about 1e-16 the sampler's parameter 1 - exp(-epsilon / sensitivity) is 0.
MAX_DISCRETE_SCALE = 2.0**52


def discrete_scale_error(epsilon: float, sensitivity: float = 1.0) -> str:
    return (f"EPSILON {epsilon:g} is too small for discrete Laplace noise (NOISE=1): its scale sensitivity / EPSILON "
            f"= {sensitivity / epsilon:.3g} is above 2^52, where integer noise is no longer exact. Use an EPSILON of "
            f"at least {sensitivity / MAX_DISCRETE_SCALE:.3g}, or Laplace noise (NOISE=0).")


@dataclass(frozen=True)
class CountNoise:
    """Additive noise on counts: Laplace(b) or discrete Laplace, b = sensitivity / epsilon.

    Discrete Laplace (the two-sided geometric) has P(k) proportional to
    alpha^|k| with alpha = exp(-epsilon / sensitivity): integer-valued, and
    epsilon-DP for integer counts with that L1 sensitivity.
    """

    kind: str
    epsilon: float
    sensitivity: float

    def __post_init__(self):
        if self.kind not in NOISE_KINDS:
            raise ValueError(f"noise must be one of {NOISE_KINDS}, got {self.kind!r}")
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("sensitivity", self.sensitivity)
        if self.kind == DISCRETE_LAPLACE and self.scale > MAX_DISCRETE_SCALE:
            raise ValueError(discrete_scale_error(self.epsilon, self.sensitivity))

    @property
    def scale(self) -> float:
        """Laplace scale b = sensitivity / epsilon (also the discrete Laplace's b)."""
        return self.sensitivity / self.epsilon

    @property
    def alpha(self) -> float:
        """Discrete Laplace parameter exp(-1/b)."""
        return math.exp(-1.0 / self.scale)

    @property
    def grain(self) -> float:
        """The grain of published values: Lambda = smallest power of two >= b (Laplace), 1 (discrete)."""
        return snap_grain(self.scale) if self.kind == LAPLACE else 1.0

    @property
    def snapped_epsilon(self) -> float:
        """The epsilon the mechanism guarantees in floating point (Mironov 2012 Theorem 1; module doc)."""
        if self.kind != LAPLACE:
            return self.epsilon
        return snapping_epsilon(self.epsilon, self.sensitivity)

    def apply(self, counts, rng: np.random.Generator) -> np.ndarray:
        """The released values for true ``counts``: the snapping mechanism for Laplace, counts + noise otherwise."""
        counts = np.asarray(counts, dtype=float)
        if self.kind == LAPLACE:
            return snap(np.clip(counts, -SNAP_BOUND, SNAP_BOUND) + self.noise(counts.shape, rng), self.grain)
        return counts + self.noise(counts.shape, rng)

    def release_tail(self, k: int) -> float:
        """P(round(released value) >= k) for a true count of 0 and an integer k >= 1."""
        if self.kind != LAPLACE:
            return self.tail(k - 0.5)
        return self.tail(self._release_tail_start(k))

    def sample_release_tail(self, k: int, size: int, rng: np.random.Generator) -> np.ndarray:
        """Released values for true counts of 0, conditioned on round(value) >= k (integer k >= 1)."""
        if self.kind != LAPLACE:
            return self.sample_tail(k - 0.5, size, rng)
        return snap(self.sample_tail(self._release_tail_start(k), size, rng), self.grain)

    def _release_tail_start(self, k: int) -> float:
        """y0 with round(snap(y)) >= k exactly when y >= y0 (up to ties, which have probability 0)."""
        g = self.grain
        first = math.ceil((k - 0.5) / g) * g  # smallest multiple of the grain that rounds to >= k ...
        if np.round(first) < k:  # ... with numpy's round half to even at k - 1/2
            first += g
        return first - g / 2.0

    def noise(self, size, rng: np.random.Generator) -> np.ndarray:
        """Raw noise (no snapping): for analysis; releases use ``apply``."""
        if self.kind == LAPLACE:
            return rng.laplace(0.0, self.scale, size=size)
        p = 1.0 - self.alpha
        return (rng.geometric(p, size=size) - rng.geometric(p, size=size)).astype(float)

    @property
    def variance(self) -> float:
        if self.kind == LAPLACE:
            return 2.0 * self.scale**2
        a = self.alpha
        return 2.0 * a / (1.0 - a) ** 2

    def margin_of_error(self, confidence: float = 0.95) -> float:
        """Half-width m with P(|noise| <= m) >= confidence."""
        beta = 1.0 - confidence
        if self.kind == LAPLACE:
            return self.scale * math.log(1.0 / beta)
        # P(|X| > k) = 2 alpha^(k+1) / (1 + alpha); smallest integer k with that <= beta.
        a = self.alpha
        if a == 0.0:  # scale so small that exp(-1/b) underflows: the noise is always 0
            return 0.0
        k = math.log(beta * (1.0 + a) / 2.0) / math.log(a) - 1.0
        return float(max(0, math.ceil(k - 1e-12)))

    def released_margin_of_error(self, confidence: float = 0.95) -> float:
        """Half-width m' with P(|released - true| <= m') >= confidence, for ``apply``'s released values.

        Snapping moves a value by at most Lambda / 2 (round to the nearest
        multiple of the grain; the clamps only move it towards a true value
        inside [-B, B]), so |released - true| <= |noise| + Lambda / 2 and
        m' = ``margin_of_error`` + Lambda / 2 covers at least ``confidence``
        for every true value. Discrete Laplace is not snapped: m' = m.
        Rounding the released value to an integer afterwards (post-processing)
        changes nothing when Lambda >= 1 and the true count is an integer
        (the released value already is one); for Lambda < 1 it adds <= 1/2.
        """
        if self.kind != LAPLACE:
            return self.margin_of_error(confidence)
        return self.margin_of_error(confidence) + self.grain / 2.0

    def tail(self, t: float) -> float:
        """P(noise >= t) for t > 0."""
        if self.kind == LAPLACE:
            return 0.5 * math.exp(-t / self.scale)
        a, k = self.alpha, math.ceil(t)
        return a**k / (1.0 + a)

    def sample_tail(self, t: float, size: int, rng: np.random.Generator) -> np.ndarray:
        """Noise values conditioned on being >= t (t > 0): the tail is exponential / geometric."""
        if self.kind == LAPLACE:
            return t + rng.exponential(self.scale, size=size)
        return math.ceil(t) + rng.geometric(1.0 - self.alpha, size=size).astype(float) - 1.0

    def record_fields(self, unit_of_privacy: str) -> dict:
        """Privacy parameters of this noise, for the privacy record."""
        return {
            "mechanism": f"{self.kind} noise on every cell{self.snapping_label()}",
            **self.snapping_fields(),
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": "count, L1 over all cells",
            "noise_scale": self.scale,
            "noise_scale_unit": "count (Laplace scale b)" if self.kind == LAPLACE
            else "count (discrete Laplace scale b; alpha = exp(-1/b))",
        }

    def snapping_label(self) -> str:
        """' with Mironov's snapping (bound B, grain Lambda)' for Laplace, '' otherwise: for mechanism texts."""
        if self.kind == LAPLACE:
            return f" with Mironov's snapping (bound {SNAP_BOUND:g}, grain {self.grain:g})"
        return ""

    def snapping_fields(self) -> dict:
        """The floating-point protection, for the privacy record (see the module doc)."""
        if self.kind == LAPLACE:
            return {"count_grain": self.grain, "epsilon_floating_point": self.snapped_epsilon,
                    "floating_point": (f"Mironov snapping mechanism: true values clamped to +-{SNAP_BOUND:g}, Laplace "
                                       f"added, rounded to multiples of {self.grain:g}, clamped; epsilon in "
                                       f"floating point {self.snapped_epsilon:.9g}")}
        return {"count_grain": 1.0, "epsilon_floating_point": self.epsilon,
                "floating_point": "discrete Laplace: integer noise on integer counts (numpy geometric sampler)"}


def composed_snapping_fields(parts) -> dict:
    """``snapping_fields`` of several noises composed sequentially, e.g. a sum and a count, or tables.

    ``parts``: (name, CountNoise) pairs. The floating-point epsilons add up
    (sequential composition, Asghar, Tyler and Kaafar 2017 Theorem 2), as the epsilons do;
    ``count_grain`` is the largest grain (each part's is in the text).
    """
    parts = tuple(parts)
    fields = [noise.snapping_fields() for _, noise in parts]
    each = "; ".join(f"{name}: {f['floating_point']}" for (name, _), f in zip(parts, fields))
    total = math.fsum(f["epsilon_floating_point"] for f in fields)
    return {"count_grain": max(f["count_grain"] for f in fields), "epsilon_floating_point": total,
            "floating_point": f"{each}; together epsilon in floating point {total:.9g}"}


@dataclass(frozen=True)
class StabilityHistogram:
    """Asghar, Tyler and Kaafar 2017 Algorithm 1, generalised to users with M bounded contributions (see module doc)."""

    epsilon: float
    delta: float
    max_contributions: int = 1
    cells_per_contribution: int = 1

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        if not (0.0 < self.delta < 1.0):
            raise ValueError(f"delta must be in (0, 1) for the stability histogram, got {self.delta!r}")
        histogram_sensitivity(self.max_contributions, self.cells_per_contribution)

    @property
    def per_user_cells(self) -> int:
        return self.max_contributions * self.cells_per_contribution

    @property
    def sensitivity(self) -> float:
        """L1 change when one user is replaced: 2 M c."""
        return 2.0 * self.per_user_cells

    @property
    def scale(self) -> float:
        return self.sensitivity / self.epsilon

    @property
    def threshold(self) -> float:
        """tau = M c + b ln(2 M c / delta) + Lambda / 2; for M = c = 1: 2 ln(2/delta)/epsilon + 1 + Lambda / 2.

        Lambda / 2 (half the snapping grain) keeps delta: a snapped value
        reaches tau only if the unsnapped one reached tau - Lambda / 2.
        """
        return (self.per_user_cells + self.scale * math.log(2.0 * self.per_user_cells / self.delta)
                + self.noise().grain / 2.0)

    def noise(self) -> CountNoise:
        return CountNoise(LAPLACE, self.epsilon, self.sensitivity)

    def release(self, counts: np.ndarray, rng: np.random.Generator):
        """(published mask, noisy values) for the true counts of cells.

        Cells with a true count of zero are never published; the others get
        Lap(b) noise and are published when the noisy count reaches tau.
        """
        counts = np.asarray(counts, dtype=float)
        noisy = np.zeros_like(counts)
        present = counts > 0
        noisy[present] = self.noise().apply(counts[present], rng)
        published = present & (noisy >= self.threshold)
        return published, noisy

    def record_fields(self, unit_of_privacy: str) -> dict:
        noise = self.noise()
        return {
            "mechanism": "stability-based histogram (Asghar, Tyler and Kaafar 2017 Algorithm 1)"
                         f"{noise.snapping_label()}",
            **noise.snapping_fields(),
            "epsilon": self.epsilon,
            "delta": self.delta,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": "count, L1 when one user is replaced (2 M c)",
            "noise_scale": self.scale,
            "noise_scale_unit": f"count (Laplace scale b); publication threshold {self.threshold:.4g}",
        }


def laplace_cdf(y, b):
    """P(X <= y) for X ~ Laplace(0, b), elementwise. The very operations of scipy.stats.laplace.cdf(y, scale=b)
    (the same values to the bit), without importing scipy.stats (0.2 s and more, at the first help text)."""
    y = np.asarray(y, dtype=float)
    return np.where(y < 0, 0.5 * np.exp(np.minimum(y, 0.0) / b), 1.0 - 0.5 * np.exp(-np.maximum(y, 0.0) / b))


def snap_grain(scale: float) -> float:
    """Lambda: the smallest power of two >= ``scale`` (at least the smallest positive double)."""
    if scale <= 0:
        return 2.0**-1074
    return 2.0 ** max(-1074, math.ceil(math.log2(scale)))


def snapping_epsilon(epsilon: float, sensitivity: float, bound: float = SNAP_BOUND) -> float:
    """Mironov (2012) Theorem 1 for f / sensitivity: (1 + 12 B eta / sensitivity) epsilon + 2 eta.

    The theorem needs b < B < 2^46 b (b = sensitivity / epsilon): outside
    that range (epsilon above 2^14 sensitivity, far beyond any meaningful
    protection, or below sensitivity / 2^32) no floating-point guarantee is
    claimed and this returns infinity.
    """
    scale = sensitivity / epsilon
    if not scale < bound < 2.0**46 * scale:
        return math.inf
    return (1.0 + 12.0 * bound * _ETA / sensitivity) * epsilon + 2.0 * _ETA


def snap(values: np.ndarray, grain: float, bound: float = SNAP_BOUND) -> np.ndarray:
    """Round to the nearest multiple of ``grain`` (a power of two: exact in floating point) and clamp to +-bound."""
    return np.clip(np.round(np.asarray(values, dtype=float) / grain) * grain, -bound, bound)


def bound_contributions(user_keys: np.ndarray, max_contributions: int, rng: np.random.Generator) -> np.ndarray:
    """Indices of the records kept when each user keeps at most M, chosen uniformly at random.

    Kapp et al. 2023 §4.3: sampling, not the first M, so which records survive does
    not depend on their order. ``user_keys`` are hashable ids (NULLs must be
    handled by the caller). The returned indices are sorted.
    """
    if int(max_contributions) < 1:
        raise ValueError("max_contributions must be at least 1")
    user_keys = np.asarray(user_keys)
    if user_keys.dtype.kind in "iu" and len(user_keys) and 0 <= user_keys.min() and user_keys.max() < 4 * len(
            user_keys) + 1024:
        # Small non-negative codes (as readers give them): dense ranks by counting, as np.unique's inverse.
        user = (np.cumsum(np.bincount(user_keys) > 0) - 1)[user_keys]
    else:
        _, user = np.unique(user_keys, return_inverse=True)
    priority = rng.random(len(user))
    # By user, then priority (np.lexsort((priority, user))): a sort by priority, then a stable one by user.
    order = np.argsort(priority)
    order = order[np.argsort(user[order], kind="stable")]
    sorted_user = user[order]
    first_of_user = np.r_[0, np.flatnonzero(np.diff(sorted_user)) + 1]
    rank = np.arange(len(order)) - np.repeat(first_of_user, np.diff(np.r_[first_of_user, len(order)]))
    return np.sort(order[rank < int(max_contributions)])


def bound_distinct_cells(user_keys: np.ndarray, cell_keys: np.ndarray, max_contributions: int,
                         rng: np.random.Generator) -> np.ndarray:
    """Indices of the records kept when each user keeps at most one record per cell, then at most M cells.

    For L2-calibrated noise (core.mechanisms.gaussian.histogram_l2_sensitivity): a
    user's records in one histogram cell are reduced to the first of them
    (they count the same), then M of the user's distinct cells are sampled
    uniformly (bound_contributions on the remaining records). ``cell_keys``:
    per record, an integer naming its histogram cell. Returns sorted indices.
    """
    _, user = np.unique(np.asarray(user_keys), return_inverse=True)
    _, cell = np.unique(np.asarray(cell_keys), return_inverse=True)
    pair = user.astype(np.int64).ravel() * (int(cell.max(initial=0)) + 1) + cell.astype(np.int64).ravel()
    _, first = np.unique(pair, return_index=True)
    first = np.sort(first)
    return first[bound_contributions(user.ravel()[first], max_contributions, rng)]


def skip_bounding_draws(rng: np.random.Generator, records: int, chunk: int = 1 << 22) -> None:
    """Advance ``rng`` exactly as bound_contributions does for ``records`` records.

    bound_contributions draws one uniform double per record; a path that
    bounded users elsewhere (Spark, with its own stream) skips those draws
    so that, from the same seed, its noise is the very noise the
    single-machine path draws.
    """
    for start in range(0, int(records), chunk):
        rng.random(min(chunk, int(records) - start))


def clamp_and_round(noisy: np.ndarray) -> np.ndarray:
    """Post-processing (Roy, Kantarcioglu and Sweeney 2016): round to integers and set negatives to zero."""
    return np.maximum(np.round(noisy), 0.0)


def top_k(noisy: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest noisy values (post-processing of a noisy release)."""
    if k < 0:
        raise ValueError("k must be >= 0")
    if k == 0 or k >= len(noisy):
        return np.arange(len(noisy))
    return np.sort(np.argsort(-np.asarray(noisy), kind="stable")[:k])
