"""Bounded statistics of a measured value: sum, count, mean, count above a limit, quantiles.

Sources: the ITMS report §II D and §III E (Query 1, the average bus speed per
hexagon-and-timeslot; Query 2, the average number of buses per day above a
speed limit; Laplace noise of scale sensitivity / epsilon), Kapp et al. 2023 §4.2-4.3
(user-level privacy with at most M contributions per user, chosen by
sampling). The quantiles (Kapp et al. 2023 §4.3.2) are in :mod:`.quantiles`.

Neighbouring datasets. Two datasets are neighbours when one holds one more
unit of privacy than the other (add / remove), as in :mod:`.counting`. A
unit contributes at most ``max_contributions`` = M records to one cell (the
release bounds this by sampling before any mechanism runs, see
:mod:`.zone_statistics`). Every value is clamped to public bounds
[LOWER, UPPER] declared by the publisher (e.g. 0 and 65 km/h) before it is
aggregated; the bounds are never read from the data (the ITMS report reads the
maximum speed and N from the raw data, and its mean's sensitivity
(max - min) / N uses the private N: neither is copied here).

Linear losses. Every mechanism below is calibrated so that a unit with
m <= M records in the cell costs at most epsilon * m / M there (Laplace:
the change is at most m times the per-record change, the scale is M times
it over epsilon; exponential mechanism: a utility change d costs
epsilon * d / sensitivity). A unit whose M records are spread over several
cells therefore costs at most epsilon in total (the same holds for the
exponential-mechanism quantiles of :mod:`.quantiles`) (Kapp et al. 2023's argument for
histograms); :mod:`.zone_statistics` uses this for the user-level unit and
the sum of the K largest per-cell epsilons (the ITMS report §III F) for user-days.

Floating point. Every published Laplace value (count, sum, the mean's
centred sum and count, count above per day) is released by
``CountNoise.apply``: Mironov's snapping mechanism (see :mod:`.counting`:
clamp to +-2^32, add Laplace, round to the grain Lambda = the smallest power
of two >= b), never as value + raw double-precision Laplace. The records
carry the grain and the floating-point epsilon (``CountNoise.snapping_fields``).
Margins of error are ``CountNoise.released_margin_of_error``: the Laplace
half-width plus Lambda / 2; the mean's adds the two grains' halves to its
bound (see :class:`BoundedMean`). A true sum beyond +-2^32 value units would
be clamped there (the bound is public, part of the mechanism).

Everything here is numpy / scipy; no QGIS.
"""

import math
from dataclasses import dataclass

import numpy as np

from .counting import LAPLACE, CountNoise, composed_snapping_fields
from .validation import require_positive_finite

CONFIDENCE = 0.95


def _require_bound(name: str, value) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number (not NaN or infinite), got {value!r}")
    return number


def require_contributions(name: str, value) -> int:
    """An integer >= 1 (a bound on contributions), or ValueError naming it."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a whole number >= 1, got {value!r}") from None
    if number != value or number < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    return number


@dataclass(frozen=True)
class Clamped:
    """Values clamped to the bounds, and how many were below LOWER / above UPPER.

    The two counts are raw-data statistics for the data holder's log; they
    are not differentially private and must not go into a published output.
    """

    values: np.ndarray
    below: int
    above: int


@dataclass(frozen=True)
class Bounds:
    """Public bounds [lower, upper] of a measured value, declared by the publisher."""

    lower: float
    upper: float

    def __post_init__(self):
        lower = _require_bound("LOWER", self.lower)
        upper = _require_bound("UPPER", self.upper)
        if not lower < upper:
            raise ValueError(f"LOWER ({lower:g}) must be less than UPPER ({upper:g})")
        object.__setattr__(self, "lower", lower)
        object.__setattr__(self, "upper", upper)

    @property
    def magnitude(self) -> float:
        """max(|lower|, |upper|): the largest |value| a clamped record can have."""
        return max(abs(self.lower), abs(self.upper))

    @property
    def midpoint(self) -> float:
        return 0.5 * (self.lower + self.upper)

    @property
    def half_width(self) -> float:
        return 0.5 * (self.upper - self.lower)

    def clamp(self, values) -> Clamped:
        """Clamp finite values to [lower, upper] (+-inf go to the bound; NaN must be dropped first)."""
        values = np.asarray(values, dtype=float)
        if np.isnan(values).any():
            raise ValueError("drop NULL (NaN) values before clamping")
        below = int(np.count_nonzero(values < self.lower))
        above = int(np.count_nonzero(values > self.upper))
        return Clamped(np.clip(values, self.lower, self.upper), below, above)


def _laplace(epsilon: float, sensitivity: float) -> CountNoise:
    return CountNoise(LAPLACE, epsilon, sensitivity)


class _SnappedLaplacePerCell:
    """What BoundedCount, BoundedSum and CountAbovePerDay share: snapped Laplace of scale
    ``sensitivity / epsilon`` on one value per cell, its margin, and its record.

    Subclasses are frozen dataclasses with ``epsilon`` and a ``sensitivity``
    property (derived in their docstrings); the noise drawn, the margin and the
    record all come from ``noise``, so they cannot disagree.
    """

    @property
    def noise(self) -> CountNoise:
        return _laplace(self.epsilon, self.sensitivity)

    @property
    def scale(self) -> float:
        return self.noise.scale

    @property
    def variance(self) -> float:
        return self.noise.variance

    def release(self, values, rng: np.random.Generator) -> np.ndarray:
        """Snapped noisy values (``CountNoise.apply``) for the true per-cell values."""
        return self.noise.apply(values, rng)

    def margin_of_error(self, confidence: float = CONFIDENCE) -> float:
        return self.noise.released_margin_of_error(confidence)

    def _record_fields(self, unit_of_privacy: str, mechanism: str, sensitivity_unit: str,
                       noise_scale_unit: str) -> dict:
        return {
            "mechanism": f"{mechanism}{self.noise.snapping_label()}",
            **self.noise.snapping_fields(),
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": sensitivity_unit,
            "noise_scale": self.scale,
            "noise_scale_unit": noise_scale_unit,
        }


@dataclass(frozen=True)
class BoundedCount(_SnappedLaplacePerCell):
    """Laplace count of records per cell, each unit contributing at most M records to a cell.

    Sensitivity: adding or removing a unit changes a cell's count by at most
    M (its records in that cell), so Lap(M / epsilon) is epsilon-DP per cell
    (Kapp et al. 2023 §4.3.1: trip counts have sensitivity M).
    """

    epsilon: float
    max_contributions: int = 1

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_contributions("max_contributions", self.max_contributions)

    @property
    def sensitivity(self) -> float:
        return float(self.max_contributions)

    def record_fields(self, unit_of_privacy: str) -> dict:
        return self._record_fields(unit_of_privacy, "Laplace noise on the count of records per cell",
                                   "records per cell (M)", "records (Laplace scale b = M / epsilon)")


@dataclass(frozen=True)
class BoundedSum(_SnappedLaplacePerCell):
    """Laplace sum of clamped values per cell.

    Sensitivity: each record is clamped to [L, U], so |value| <= max(|L|, |U|);
    adding or removing a unit with at most M records in the cell changes the
    sum by at most M * max(|L|, |U|). Lap(M max(|L|,|U|) / epsilon) is
    epsilon-DP per cell (Laplace mechanism, Kapp et al. 2023 Definition 4).
    """

    epsilon: float
    bounds: Bounds
    max_contributions: int = 1

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_contributions("max_contributions", self.max_contributions)

    @property
    def sensitivity(self) -> float:
        return self.max_contributions * self.bounds.magnitude

    def record_fields(self, unit_of_privacy: str) -> dict:
        return self._record_fields(unit_of_privacy, "Laplace noise on the sum of clamped values per cell",
                                   "value units per cell (M * max(|LOWER|, |UPPER|))", "value units (Laplace scale b)")


def _sum_of_exponentials_quantile(mean_a: float, mean_b: float, confidence: float) -> float:
    """t with P(A + B <= t) = confidence for independent exponentials of means mean_a, mean_b."""
    beta = 1.0 - confidence
    la, lb = 1.0 / mean_a, 1.0 / mean_b
    if math.isclose(la, lb, rel_tol=1e-9):
        def tail(t):
            return (1.0 + la * t) * math.exp(-la * t) - beta
    else:
        def tail(t):
            return (lb * math.exp(-la * t) - la * math.exp(-lb * t)) / (lb - la) - beta
    high = (mean_a + mean_b) * (math.log(1.0 / beta) + 2.0)
    while tail(high) > 0:
        high *= 2.0
    from scipy import optimize  # here, not at import: only the mean needs scipy (a broken scipy stops nothing else)

    return float(optimize.brentq(tail, 0.0, high, xtol=1e-12 * high))


@dataclass(frozen=True)
class BoundedMean:
    """The mean as a noisy centred sum over a noisy count (the two share epsilon).

    Method (the bounded mean of Google's differential-privacy library,
    Wilson et al., "Differentially Private SQL with Bounded User
    Contribution", PoPETs 2020): with c = (L+U)/2 and h = (U-L)/2,
      S' = sum(x - c) + Lap(M h / eps_s),   N' = N + Lap(M / eps_c),
      mean' = c + S' / N', clamped to [L, U],  eps_s + eps_c = epsilon.
    Proof: |x - c| <= h for clamped x, so one unit (<= M records in the
    cell) changes the centred sum by <= M h and the count by <= M; each
    Laplace release is eps_s- resp. eps_c-DP, together epsilon-DP
    (sequential composition, Asghar, Tyler and Kaafar 2017 Theorem 2); the ratio and the clamp
    are post-processing. Nothing uses the true N (the ITMS report's (max-min)/N
    does, and is not DP).

    Margin: mean' - mean = (a - b (mean - c)) / N' exactly, with a, b the two
    Laplace noises, and |a - b (mean - c)| <= |a| + h |b|, a sum of two
    exponentials of means M h / eps_s and M h / eps_c. Its 95% quantile t
    gives the margin t / N': computed from the released N' only, covering
    the true mean with probability >= 95% (clamping to [L, U] only moves
    the estimate towards the true mean). t is smallest at eps_s = eps_c
    (the two means are symmetric in eps_s, eps_c), hence the default split.

    Snapping: both releases go through ``CountNoise.apply``, so a and b are
    the snapped errors, |a| <= |a_Laplace| + Lambda_s / 2 and
    |b| <= |b_Laplace| + Lambda_c / 2 (:mod:`.counting`); the identity above
    still holds, and t grows by Lambda_s / 2 + h Lambda_c / 2.
    """

    epsilon: float
    bounds: Bounds
    max_contributions: int = 1
    sum_share: float = 0.5

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_contributions("max_contributions", self.max_contributions)
        if not (0.0 < float(self.sum_share) < 1.0):
            raise ValueError(f"the mean's sum share of epsilon must be between 0 and 1, got {self.sum_share!r}")

    @property
    def sum_epsilon(self) -> float:
        return self.epsilon * self.sum_share

    @property
    def count_epsilon(self) -> float:
        return self.epsilon * (1.0 - self.sum_share)

    @property
    def sum_sensitivity(self) -> float:
        """M h: the centred sum's sensitivity."""
        return self.max_contributions * self.bounds.half_width

    @property
    def sum_noise(self) -> CountNoise:
        return _laplace(self.sum_epsilon, self.sum_sensitivity)

    @property
    def count(self) -> BoundedCount:
        return BoundedCount(self.count_epsilon, self.max_contributions)

    def error_bound(self, confidence: float = CONFIDENCE) -> float:
        """t: P(|a| + h|b| <= t) >= confidence for the snapped errors a, b; the margin is t / N'."""
        h = self.bounds.half_width
        return (_sum_of_exponentials_quantile(self.sum_noise.scale, h * self.count.scale, confidence)
                + self.sum_noise.grain / 2.0 + h * self.count.noise.grain / 2.0)

    def release(self, sums, counts, rng: np.random.Generator, min_count: float = 1.0):
        """(noisy mean, noisy count, margin, published) per cell.

        ``sums`` are sums of clamped values, ``counts`` record counts.
        A cell is published when its noisy count is >= max(min_count, 1);
        elsewhere the mean and margin are NaN (the noisy count is returned
        for every cell: it is itself a DP release).
        """
        sums = np.asarray(sums, dtype=float)
        counts = np.asarray(counts, dtype=float)
        centred = sums - counts * self.bounds.midpoint
        noisy_sum = self.sum_noise.apply(centred, rng)
        noisy_count = self.count.release(counts, rng)
        published = noisy_count >= max(float(min_count), 1.0)
        safe = np.where(published, noisy_count, 1.0)
        mean = np.clip(self.bounds.midpoint + noisy_sum / safe, self.bounds.lower, self.bounds.upper)
        margin = self.error_bound() / safe
        return (np.where(published, mean, np.nan), noisy_count, np.where(published, margin, np.nan), published)

    def record_fields(self, unit_of_privacy: str) -> dict:
        return {
            "mechanism": (f"bounded mean: Laplace noisy centred sum (epsilon {self.sum_epsilon:g}) over Laplace "
                          f"noisy count (epsilon {self.count_epsilon:g}), clamped to [LOWER, UPPER] "
                          "(Wilson et al. 2020), both with Mironov's snapping"),
            **composed_snapping_fields((("centred sum", self.sum_noise), ("count", self.count.noise))),
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sum_sensitivity,
            "sensitivity_unit": (f"value units per cell for the centred sum (M (UPPER-LOWER)/2); the count's is "
                                 f"{self.max_contributions} records"),
            "noise_scale": self.sum_noise.scale,
            "noise_scale_unit": f"value units (sum's Laplace scale); count's scale {self.count.scale:g} records",
        }


@dataclass(frozen=True)
class CountAbovePerDay(_SnappedLaplacePerCell):
    """The ITMS report Query 2: the number of (unit, day) pairs above LIMIT per cell, divided by DAYS.

    A pair exceeds the limit when any of its clamped values in the cell
    does (the ITMS report: a bus's maximum speed that day). ``days`` is the public
    number of days of the period (the ITMS report: 31), declared, not counted in
    the data. Sensitivity: a unit adds at most ``pairs_per_unit`` exceeding
    pairs to a cell (1 for a record or a user-day; M for a user with M
    records, who is on at most M days), so the average changes by at most
    pairs_per_unit / days: the ITMS report's 1/31 for a bus-day.
    """

    epsilon: float
    limit: float
    days: int
    pairs_per_unit: int = 1

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        _require_bound("LIMIT", self.limit)
        require_contributions("days in the period", self.days)
        require_contributions("pairs per unit", self.pairs_per_unit)

    @property
    def sensitivity(self) -> float:
        return self.pairs_per_unit / self.days

    def release(self, exceeding_pairs, rng: np.random.Generator) -> np.ndarray:
        """Snapped noisy averages (``CountNoise.apply``) of the exceeding pairs over the days."""
        return super().release(np.asarray(exceeding_pairs, dtype=float) / self.days, rng)

    def record_fields(self, unit_of_privacy: str) -> dict:
        return self._record_fields(
            unit_of_privacy,
            f"Laplace noise on the number per day of units above LIMIT {self.limit:g} per cell, "
            f"averaged over {self.days} days (the ITMS report Query 2)",
            "units per day per cell (pairs per unit / days)", "units per day (Laplace scale b)")


def sum_of_k_largest(per_cell_epsilons, k: int) -> float:
    """The ITMS report §III F: an upper bound on a unit's epsilon when it touches at most k cells.

    Each cell's release costs the unit at most its per-cell epsilon when the
    unit has data there (sequential composition over the <= k cells it
    touches, Asghar, Tyler and Kaafar 2017 Theorem 2); the worst k cells are the k largest.
    ``k`` is a declared bound (enforced by sampling), never read from data.
    """
    k = require_contributions("K (most cells per unit)", k)
    eps = np.asarray(per_cell_epsilons, dtype=float).ravel()
    if eps.size == 0:
        raise ValueError("no cells: nothing to account")
    if np.any(~np.isfinite(eps)) or np.any(eps < 0):
        raise ValueError("per-cell epsilons must be finite and >= 0")
    if k >= eps.size:
        return float(math.fsum(eps))
    return float(math.fsum(np.partition(eps, eps.size - k)[eps.size - k:]))


# --- exact sums per cell (order-free; the Spark path sums the same integer parts) ---------------


def float_parts(values):
    """Each double as (exponent e, hi, lo) with x = (hi * 2^26 + lo) * 2^(e - 53) exactly; 0 <= lo < 2^26.

    Integer parts whose sums are exact (int64 holds 2^36 records per
    (cell, e) group): the basis of :func:`exact_sums`, and what the Spark path
    sums per cell and exponent (dp_geoprivacy.spark.zone_statistics).
    """
    mantissa, exponent = np.frexp(np.asarray(values, dtype=float))
    m = np.ldexp(mantissa, 53).astype(np.int64)  # exact: a double's significand has 53 bits
    hi = m >> 26
    return exponent.astype(np.int64), hi, m - (hi << 26)


def sums_from_parts(cell, exponent, hi, lo, n_cells: int) -> np.ndarray:
    """Per cell, the correctly rounded double of the exact sum of the (cell, e, hi sum, lo sum) groups.

    Groups may repeat a (cell, e) pair (partial sums from several places);
    the result does not depend on their order.
    """
    from fractions import Fraction

    sums = np.zeros(int(n_cells))
    totals = {}
    for c, e, h, l_ in zip(np.asarray(cell).tolist(), np.asarray(exponent).tolist(), np.asarray(hi).tolist(),
                           np.asarray(lo).tolist()):
        if h or l_:
            totals.setdefault(c, []).append((e, (h << 26) + l_))
    for c, parts in totals.items():
        low = min(e for e, _ in parts)
        total = sum(m << (e - low) for e, m in parts)
        sums[c] = float(Fraction(total) * Fraction(2) ** (low - 53))
    return sums


def exact_sums(cell, values, n_cells: int) -> np.ndarray:
    """Per cell, the sum of ``values`` correctly rounded (independent of record order; numpy, exact)."""
    cell = np.asarray(cell, dtype=np.int64)
    if not len(cell):
        return np.zeros(int(n_cells))
    exponent, hi, lo = float_parts(values)
    key = cell * 4096 + (exponent + 2048)
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.r_[0, np.flatnonzero(np.diff(key)) + 1]
    group = key[starts]
    return sums_from_parts(group // 4096, group % 4096 - 2048, np.add.reduceat(hi[order], starts),
                           np.add.reduceat(lo[order], starts), n_cells)
