"""Accuracy a release will have, from the noise distribution alone (dp_geoprivacy:accuracyplanner).

Nothing here reads data: every figure follows from the public settings of a
release (epsilon, delta, M, the number of cells, MIN_FLOW, DISTANCE) through
the very mechanism objects the releases draw their noise from
(``counting.CountNoise``, ``counting.StabilityHistogram``,
``location.LocationLaplace``), built by the releases' own ``spec.mechanism()``
or ``zone_counts.make_mechanism``. Planner and release therefore cannot
disagree on the noise.

Counts (zone counts, OD flows). A published count is
``round(snap(c + X))`` with X the mechanism's noise (Mironov snapping to the
grain Lambda for Laplace, see core.mechanisms.counting); its error e = published - c
is computed exactly from the noise's distribution (``published_error_pmf``):
for a grain above 1 the error depends on c modulo the grain (below 1, on
the parity of c, through numpy's rounding of halves to even), and the
figures average it over the residues (true counts spread evenly modulo the
grain, or as many even as odd). Clamping negative values to zero (Roy, Kantarcioglu and Sweeney 2016)
only shrinks errors of
cells whose true count is within the margin of zero: the figures are those of
cells well above it, an upper bound for the others.

- expected absolute error E|e| and RMSE sqrt(E e^2) per cell;
- the 95% margin of error: ``released_margin_of_error(0.95)`` of the mechanism
  (the Laplace half-width plus half the snapping grain), the figure every count
  release publishes as moe95 (P(|published - true| <= margin) >= 0.95);
- spurious cells: with noise on every cell (THRESHOLD = 0) a cell whose true
  count is 0 is published when its rounded value reaches MIN_FLOW (or, for
  MIN_FLOW <= 0, shows a non-zero value); each does so with probability
  p = ``CountNoise.release_tail(K)``, K = max(1, ceil(MIN_FLOW)), the very
  function the sparse OD path samples from. For n cells, n p is the expected
  number of published noise-only cells when all are empty: an upper bound
  for any data. The stability histogram (THRESHOLD = 1, Asghar, Tyler and Kaafar 2017
  Algorithm 1) and Gaussian thresholding (core.mechanisms.gaussian_threshold) never
  publish an empty cell; the threshold tau and the true count published with 50%
  and 95% probability are given instead.

Locations (planar or per-axis Laplace, Dumont et al. 2021 §5, Andrés et al. 2013). The
displacement |z - x| (Euclidean) of planar Laplace with scale b = DISTANCE /
EPSILON has a Gamma(2, b) distribution (mean 2b); per-axis Laplace has
independent Laplace(b) on x and y, and the Euclidean length of that vector
is integrated numerically. Snapping to GRID is ignored (it moves a point by
at most GRID / sqrt(2)).

Inverse. ``epsilon_for`` gives the epsilon from which on a figure (margin,
expected spurious cells, mean displacement) stays at most a target: it
scans a log-spaced grid of epsilons from 1e-4 to 1e4 and bisects between
the last grid epsilon that misses the target and the next. Margins and
displacements fall steadily with epsilon; the spurious count does not:
snapping rounds a zero count's noisy value to a multiple of the grain
Lambda >= b, so at MIN_FLOW 1 an empty cell is published with probability
P(noise >= Lambda / 2) = exp(-Lambda / 2b) / 2, between 0.18 and 0.30
whenever b >= 1 (e.g. the same 0.303 at epsilon 0.5 and 1). Only epsilons
with b well below 1, or a higher MIN_FLOW, make spurious cells rare.

Everything here is numpy, scipy and stdlib; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from ..mechanisms.counting import LAPLACE, CountNoise, StabilityHistogram, laplace_cdf
from ..mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..mechanisms.gaussian_threshold import THRESHOLDED, GaussianThreshold
from ..mechanisms.location import PLANAR, LocationLaplace
from ..releases.od_flows import ODDomain
from ..releases.od_paths import least_min_flow

CONFIDENCE = 0.95
# Residues of the true count modulo the grain averaged over (all of them up to this many).
MAX_RESIDUES = 256
# The noise's support is cut where its tail is below 1e-15 (Laplace: 35 scales).
_TAIL_SCALES = 35.0


def _count_noise(mechanism) -> CountNoise:
    return mechanism.noise() if isinstance(mechanism, THRESHOLDED) else mechanism


def published_error_pmf(noise: CountNoise):
    """(errors, probabilities) of e = round(released value) - c for a true count c (module doc).

    For Laplace the released value is snap(c + X) = k Lambda with probability
    F((k + 1/2) Lambda - c) - F((k - 1/2) Lambda - c) (F: the Laplace CDF);
    averaged over the residues of c modulo Lambda when Lambda > 1. For
    discrete Laplace e = X, P(k) = (1 - alpha) / (1 + alpha) alpha^|k|.
    """
    b = noise.scale
    if noise.kind == DISCRETE_GAUSSIAN:
        return noise.error_pmf()
    if noise.kind != LAPLACE:
        a = noise.alpha
        reach = max(1, int(math.ceil(_TAIL_SCALES * b)))
        k = np.arange(-reach, reach + 1)
        p = (1.0 - a) / (1.0 + a) * a ** np.abs(k).astype(float)
        return k.astype(float), p / p.sum()
    g = noise.grain
    # The error depends on c modulo the grain (g > 1) or, through numpy's round half to even of
    # values k g ending in .5, on the parity of c (g < 1).
    if g == 1:
        residues = [0.0]
    elif g < 1:
        residues = [0.0, 1.0]
    else:
        residues = np.unique(np.floor(np.linspace(0.0, g, min(int(g), MAX_RESIDUES), endpoint=False)))
    errors, probs = [], []
    for r in residues:
        k = np.arange(math.floor((r - _TAIL_SCALES * b) / g) - 1, math.ceil((r + _TAIL_SCALES * b) / g) + 2)
        upper = laplace_cdf((k + 0.5) * g - r, b)
        lower = laplace_cdf((k - 0.5) * g - r, b)
        errors.append(np.round(k * g) - r)
        probs.append((upper - lower) / len(residues))
    errors, probs = np.concatenate(errors), np.concatenate(probs)
    values, index = np.unique(errors, return_inverse=True)
    pmf = np.bincount(index, weights=probs)
    return values, pmf / pmf.sum()


def _abs_quantile(errors, probs, confidence):
    order = np.argsort(np.abs(errors), kind="stable")
    cumulative = np.cumsum(probs[order])
    return float(np.abs(errors[order])[min(len(order) - 1, np.searchsorted(cumulative, confidence - 1e-12))])


@dataclass(frozen=True)
class CountAccuracy:
    """The planner's figures for one count mechanism (zone counts or OD flows); see the module doc."""

    epsilon: float
    delta: float
    sensitivity: float
    noise_scale: float
    grain: float
    expected_abs_error: float
    rmse: float
    sd_abs_error: float
    margin_of_error: float
    published_margin: float
    cells: int
    min_flow: float
    p_spurious: float
    expected_spurious: float
    threshold: Optional[float] = None
    count_published_50: Optional[float] = None
    count_published_95: Optional[float] = None

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


def _least(holds, upper: int) -> int:
    """The least k in 0..upper with ``holds(k)``, for a condition that stays true once true (a tail that only
    shrinks; ``upper`` must hold): by bisection, so a tail that costs O(sigma) is summed O(log sigma) times, not
    once per k (the report's Gaussian OD flows at sigma 1,400 took minutes)."""
    low, high = 0, upper
    while low < high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle + 1
    return low


def count_accuracy(mechanism, cells: int = 1, min_flow: float = 0.0, confidence: float = CONFIDENCE) -> CountAccuracy:
    """Figures for ``mechanism`` (a CountNoise, StabilityHistogram or GaussianThreshold) over ``cells`` cells at
    ``min_flow``."""
    noise = _count_noise(mechanism)
    errors, probs = published_error_pmf(noise)
    mean_abs = float(np.sum(np.abs(errors) * probs))
    second = float(np.sum(errors**2 * probs))
    stability = isinstance(mechanism, THRESHOLDED)
    if isinstance(mechanism, GaussianThreshold):
        p_spurious = 0.0
        tau = float(mechanism.threshold)
        # P(c + Z >= tau) for the discrete Gaussian Z: >= 1/2 at c = tau; >= confidence from c = tau + m, m the
        # least integer with P(Z >= m + 1) <= 1 - confidence (Z is symmetric).
        m = _least(lambda k: noise.release_tail(k + 1) <= 1 - confidence, int(_TAIL_SCALES * noise.scale) + 1)
        published_50, published_95 = tau, tau + m
    elif stability:
        p_spurious = 0.0
        tau = float(mechanism.threshold)
        b = noise.scale
        # P(c + X >= tau) for Laplace X: 1/2 at c = tau, 0.95 at c = tau + b ln 10.
        published_50, published_95 = tau, tau + b * math.log(1.0 / (2.0 * (1.0 - confidence)))
    else:
        p_spurious = float(noise.release_tail(max(1, math.ceil(min_flow))))
        tau = published_50 = published_95 = None
    return CountAccuracy(
        epsilon=float(noise.epsilon) if not stability else float(mechanism.epsilon),
        delta=float(getattr(mechanism, "delta", 0.0)),
        sensitivity=float(noise.sensitivity),
        noise_scale=float(noise.scale),
        grain=float(noise.grain),
        expected_abs_error=mean_abs,
        rmse=math.sqrt(second),
        sd_abs_error=math.sqrt(max(0.0, second - mean_abs**2)),
        margin_of_error=float(noise.released_margin_of_error(confidence)),
        published_margin=_abs_quantile(errors, probs, confidence),
        cells=int(cells),
        min_flow=float(min_flow),
        p_spurious=p_spurious,
        expected_spurious=int(cells) * p_spurious,
        threshold=tau,
        count_published_50=published_50,
        count_published_95=published_95,
    )


@dataclass(frozen=True)
class DisplacementAccuracy:
    """Displacement |z - x| (metres, Euclidean) of a location mechanism."""

    epsilon: float
    distance: float
    noise_scale: float
    mean: float
    median: float
    q90: float
    q95: float
    kind: str

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


def _per_axis_cdf(r: float, b: float) -> float:
    """P(sqrt(X^2 + Y^2) <= r) for X, Y iid Laplace(b): |X|, |Y| iid Exponential(b)."""
    from scipy import integrate  # lazily (dp_geoprivacy/__init__.py)
    if r <= 0:
        return 0.0
    value, _ = integrate.quad(lambda x: math.exp(-x / b) / b * (1.0 - math.exp(-math.sqrt(r * r - x * x) / b)),
                              0.0, r, limit=200)
    return value


def displacement_quantile(mechanism: LocationLaplace, q: float) -> float:
    """The q-quantile of the Euclidean displacement of ``mechanism`` (metres)."""
    from scipy import optimize, stats  # lazily (dp_geoprivacy/__init__.py)
    b = mechanism.scale
    if mechanism.kind == PLANAR:
        return float(stats.gamma.ppf(q, 2.0, scale=b))
    return float(optimize.brentq(lambda r: _per_axis_cdf(r, b) - q, 1e-12 * b, 60.0 * b, xtol=1e-9 * b))


def displacement_accuracy(mechanism: LocationLaplace) -> DisplacementAccuracy:
    """Mean and quantiles of the displacement (module doc)."""
    from scipy import integrate  # lazily (dp_geoprivacy/__init__.py)
    b = mechanism.scale
    if mechanism.kind == PLANAR:
        mean = 2.0 * b
    else:  # E R = integral of P(R > r) dr
        mean, _ = integrate.quad(lambda r: 1.0 - _per_axis_cdf(r, b), 0.0, 60.0 * b, limit=200)
    return DisplacementAccuracy(
        epsilon=float(mechanism.epsilon), distance=float(mechanism.distance), noise_scale=float(b),
        mean=float(mean), median=displacement_quantile(mechanism, 0.5),
        q90=displacement_quantile(mechanism, 0.9), q95=displacement_quantile(mechanism, 0.95),
        kind=mechanism.kind)


# --- the inverse ------------------------------------------------------------------------------

EPSILON_RANGE = (1e-4, 1e4)


def epsilon_for(figure: Callable[[float], float], target: float, points: int = 161) -> Optional[float]:
    """The epsilon from which on (up to 1e4) ``figure(epsilon) <= target``; None if not even at 1e4 (module doc).

    Scans ``points`` log-spaced epsilons of EPSILON_RANGE, then bisects
    between the last one that misses the target and the next.
    """
    if not (isinstance(target, (int, float)) and target >= 0 and math.isfinite(target)):
        raise ValueError(f"the target must be a finite number >= 0, got {target!r}")
    grid = np.geomspace(*EPSILON_RANGE, points)
    meets = [figure(float(e)) <= target for e in grid]
    if not meets[-1]:
        return None
    misses = [i for i, ok in enumerate(meets) if not ok]
    if not misses:
        return float(grid[0])
    low, high = float(grid[misses[-1]]), float(grid[misses[-1] + 1])
    for _ in range(60):
        middle = math.sqrt(low * high)
        if figure(middle) <= target:
            high = middle
        else:
            low = middle
        if high / low < 1 + 1e-9:
            break
    return high


def epsilon_for_margin(make_mechanism: Callable[[float], object], margin: float,
                       confidence: float = CONFIDENCE) -> Optional[float]:
    """Smallest epsilon whose count margin of error is at most ``margin``."""
    return epsilon_for(lambda e: _count_noise(make_mechanism(e)).released_margin_of_error(confidence), margin)


def epsilon_for_spurious(make_mechanism: Callable[[float], object], cells: int, min_flow: float,
                         spurious: float) -> Optional[float]:
    """Smallest epsilon whose expected number of spurious cells (of ``cells`` empty ones) is at most ``spurious``."""
    return epsilon_for(lambda e: count_accuracy(make_mechanism(e), cells, min_flow).expected_spurious, spurious)


def epsilon_for_displacement(make_mechanism: Callable[[float], LocationLaplace], mean: float) -> Optional[float]:
    """Smallest epsilon whose mean displacement is at most ``mean`` metres (falls as 1/epsilon)."""
    return epsilon_for(lambda e: displacement_accuracy(make_mechanism(e)).mean, mean)


# --- sweeps --------------------------------------------------------------------------------------

DEFAULT_SWEEP = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0)


def parse_epsilons(text: str) -> tuple:
    """Epsilons from text such as '0.1, 0.5 1 2': positive, finite, sorted, unique."""
    parts = [p for p in str(text).replace(";", ",").replace(",", " ").split() if p]
    values = []
    for part in parts:
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"{part!r} is not a number") from None
        if not (math.isfinite(value) and value > 0):
            raise ValueError(f"epsilons must be finite and > 0, got {part!r}")
        values.append(value)
    if not values:
        raise ValueError("no epsilon given")
    return tuple(sorted(set(values)))


def sweep(accuracy: Callable[[float], object], epsilons: Sequence[float]) -> list:
    """``accuracy(epsilon).as_row()`` for each epsilon."""
    return [accuracy(float(e)).as_row() for e in epsilons]


# --- from a privacy record (trial runs: DRY_RUN) ----------------------------------------------


def mechanism_from_record(fields) -> Optional[object]:
    """The count or location mechanism described by a release's record fields, or None for other kinds.

    The record fields are those the mechanism itself wrote (``record_fields``),
    so rebuilding from epsilon, delta, sensitivity and the mechanism's name
    gives the same noise: for the stability histogram the sensitivity is
    2 M c and only the product M c enters its threshold. The record's epsilon
    is the run's whole epsilon; when part of it paid for a choice (automatic
    M, AUTO_SHARE) the counts got less: the record's release_epsilon (written
    by bound_selection.with_choice). Records written before that field say it
    only through a Laplace count's noise scale.
    """
    name = str(fields.get("mechanism", ""))
    epsilon, sensitivity = float(fields["epsilon"]), float(fields.get("sensitivity") or 0.0)
    if sensitivity <= 0:
        return None
    scale = float(fields.get("noise_scale") or 0.0)
    own = fields.get("release_epsilon")

    def laplace_epsilon():
        """A Laplace-calibrated count's own epsilon: release_epsilon, else (older records) from b = sensitivity /
        epsilon (the record's epsilon when they agree)."""
        if own is not None:
            return float(own)
        if scale > 0 and not math.isclose(sensitivity / scale, epsilon, rel_tol=1e-9):
            return sensitivity / scale
        return epsilon

    if name.startswith("stability-based histogram"):
        return StabilityHistogram(laplace_epsilon(), float(fields["delta"]), max(1, int(round(sensitivity / 2.0))), 1)
    if name.startswith("Gaussian thresholding"):  # L2 sensitivity sqrt(M); sigma from (epsilon, delta / 2)
        mechanism = GaussianThreshold(epsilon if own is None else float(own), float(fields["delta"]),
                                      max(1, int(round(sensitivity**2))))
        # An older record whose epsilon also paid for a choice (automatic M, no release_epsilon): its sigma is not
        # the record's own, and that release's sigma and tau are not rebuilt here.
        return mechanism if not scale or math.isclose(mechanism.scale, scale, rel_tol=1e-6) else None
    for kind in ("discrete_laplace", LAPLACE):
        if name.startswith(f"{kind} noise on every cell"):
            return CountNoise(kind, laplace_epsilon(), sensitivity)
    if name in (PLANAR, "per_axis_laplace"):
        return LocationLaplace(name, epsilon, sensitivity, float(fields.get("snapping_grain_m") or 0.0))
    return None


def accuracy_from_record(fields, cells: int = 1, min_flow: float = 0.0) -> Optional[object]:
    """CountAccuracy or DisplacementAccuracy for the mechanism of ``fields`` (None when not a count or location)."""
    mechanism = mechanism_from_record(fields)
    if mechanism is None:
        return None
    if isinstance(mechanism, LocationLaplace):
        return displacement_accuracy(mechanism)
    return count_accuracy(mechanism, cells, min_flow)


# --- honest defaults: the OD flows' spurious-flow warning ------------------------------------

SPURIOUS_WARNING = 10.0  # expected noise-only flows above which noisyodflows warns before drawing noise


@dataclass(frozen=True)
class SpuriousAdvice:
    """Expected noise-only cells of a release and what would bring them below ``limit`` (public facts only)."""

    expected: float
    p_empty: float
    cells: int
    min_flow_needed: Optional[int]
    zones_needed: Optional[int]
    epsilon_needed: Optional[float]


def spurious_advice(mechanism, n_zones: int, include_intrazonal: bool, min_flow: float,
                    limit: float = SPURIOUS_WARNING,
                    make_mechanism: Callable[[float], object] = None) -> SpuriousAdvice:
    """The expected number of noise-only flows (all pairs empty) and the MIN_FLOW, number of zones and
    epsilon (with ``make_mechanism``) that would bring it to ``limit`` or below."""
    cells = ODDomain(int(n_zones), bool(include_intrazonal)).size
    figures = count_accuracy(mechanism, cells, min_flow)
    noise = _count_noise(mechanism)
    needed = None
    if figures.p_spurious > 0:
        needed = least_min_flow(noise, cells, limit, start=math.ceil(min_flow))
    zones = None
    if figures.p_spurious > 0:
        zones = int(n_zones)
        while zones > 1 and ODDomain(zones, bool(include_intrazonal)).size * figures.p_spurious > limit:
            zones -= 1
    epsilon = epsilon_for_spurious(make_mechanism, cells, min_flow, limit) if make_mechanism else None
    return SpuriousAdvice(figures.expected_spurious, figures.p_spurious, cells, needed, zones, epsilon)


# --- randomized response (k-ary, Dumont et al. 2021 eq. 13) ----------------------------------------------


@dataclass(frozen=True)
class ResponseAccuracy:
    """Error of the estimated count of one category from a k-ary randomized-response release.

    The estimate is the mechanism's own (``RandomizedResponse.estimate``):
    unbiased, with the standard error it publishes, evaluated at the reported
    counts expected for ``respondents`` rows of which a share ``share`` hold
    the category. Absolute error and margin use the normal approximation
    (the estimate is a sum of independent rows): E|e| = se sqrt(2 / pi),
    95% margin 1.96 se.
    """

    epsilon: float
    p_truth: float
    categories: int
    respondents: int
    share: float
    standard_error: float
    expected_abs_error: float
    margin_of_error: float

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


def response_mechanism(epsilon: float, categories: int):
    """The k-ary randomized response the release builds for ``epsilon`` (p from Dumont et al. 2021 eq. 13 inverted)."""
    from ..releases.randomized_response import RandomizedResponse, p_truth_for_epsilon  # noqa: PLC0415

    k = int(categories)
    if k < 2:
        raise ValueError("randomized response needs at least 2 categories")
    p = p_truth_for_epsilon(float(epsilon), 1.0 / k)
    return RandomizedResponse.uniform(p, [tuple(str(i) for i in range(k))])


def response_accuracy(mechanism, respondents: int, share: float, confidence: float = CONFIDENCE) -> ResponseAccuracy:
    """Figures for the first category of ``mechanism``'s first stratum holding ``share`` of ``respondents``."""
    from scipy import stats  # lazily (dp_geoprivacy/__init__.py)
    stratum = mechanism.strata[0]
    k, n, p = len(stratum.domain), int(respondents), mechanism.p_truth
    if n < 1 or not 0 <= share <= 1:
        raise ValueError("respondents must be >= 1 and the share in [0, 1]")
    q = np.asarray(stratum.probabilities, dtype=float)
    truth = np.full(k, n * (1 - share) / max(1, k - 1))
    truth[0] = n * share
    expected_reported = p * truth + (1 - p) * n * q
    _, se = mechanism.estimate(0, expected_reported)
    se0 = float(se[0])
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    return ResponseAccuracy(float(mechanism.epsilon), float(p), k, n, float(share), se0,
                            se0 * math.sqrt(2.0 / math.pi), z * se0)
