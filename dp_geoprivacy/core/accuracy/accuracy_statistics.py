"""Accuracy of noisy zone statistics from the noise alone (dp_geoprivacy:accuracyplanner, issue 13).

Nothing here reads data. The figures come from the mechanisms the release
builds (``ZoneStatisticsSpec.mechanisms``: the epsilon split between the
mean's sum and count, the support count's share, the quantiles' share of
epsilon each, M) and from their own noise objects (``CountNoise`` of
:mod:`.bounded_stats`, ``ExponentialQuantiles.probabilities`` of
:mod:`.quantiles`), so planner and release cannot disagree on the noise.
Seeds: 003 §II D and §III (zone statistics), 002 §4.2-4.3 (M, quantiles).

What the planner must assume (public, declared; never read from data):
N, the number of records in a zone (RECORDS_PER_ZONE), and for the mean
and the quantiles where the values lie:

- sum: e = snap(S + A) - S for A ~ Laplace(b) snapped to the grain Lambda
  (Mironov). The true sum's position between two multiples of Lambda is
  averaged over (uniform: real values), so e = A + R with R uniform on
  [-Lambda/2, Lambda/2] independent of A. The 95% margin the release
  publishes (``margin_of_error``) is its own (Laplace half-width plus
  Lambda/2).
- mean (Wilson et al. 2020, :class:`.bounded_stats.BoundedMean`): a zone of
  N records with mean mu (declared; by default the centre c of the bounds),
  so its centred sum is N (mu - c). The released mean is
  clip(c + S' / N', LOWER, UPPER) with S' = snap(N (mu - c) + A) and
  N' = snap(N + B) the two snapped Laplace releases, both exact discrete
  distributions here (``snapped_count_pmf``); the zone is published when
  N' >= max(MIN_SUPPORT, 1) and the figures are conditional on that. So the
  figure is exact for a zone of N records with mean mu; zones with other
  means differ by about (mu - c) B / N'. The release publishes the margin
  t / N' (``BoundedMean.error_bound``), given here at N' = N.
- quantiles (median, quartiles, five-number summary): the N values spread
  evenly over [LOWER, UPPER] (x_i = LOWER + (i + 1/2) (UPPER - LOWER) / N);
  the output distribution over the grid is the mechanism's own
  (``ExponentialQuantiles.probabilities``), each quantile drawn
  independently, then sorted per cell as the release does (the order
  statistics of independent draws, exact). The error is against
  ``numpy.quantile`` of the values (linear interpolation), the figure the
  utility report measures. The rank margin (data-independent) is the
  release's ``rank_margin``; ``margin_of_error`` gives it in value units for
  evenly spread values (one rank = (UPPER - LOWER) / N).

Minimum support: for the sum and the quantiles a separate Laplace count
(``support_share`` of the cell's epsilon) decides publication; the
probability that a zone of N records is published is given, and the error
figures do not depend on it.

``spec_from_record`` rebuilds a release's spec from its privacy record (for
the utility report, which shows the planner's figure next to what it
measures).

Everything here is numpy and stdlib; no QGIS.
"""

import math
import re
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from ..mechanisms.bounded_stats import BoundedMean, BoundedSum
from ..mechanisms.counting import laplace_cdf
from ..mechanisms.quantiles import ExponentialQuantiles
from ..releases.zone_statistics import (
    FIVE_NUMBER,
    MEAN,
    MEDIAN,
    QUANTILES,
    QUARTILES,
    RECORD,
    SUM,
    USER,
    ZoneStatisticsSpec,
)
from .utility import zone_statistic_truth

CONFIDENCE = 0.95
PLANNED_STATISTICS = (SUM, MEAN) + tuple(QUANTILES)
# Laplace tails beyond this many scales (probability e^-30 / 2) are left out of the sums.
_TAIL_SCALES = 30.0
_GRID_POINTS = 6001


@dataclass(frozen=True)
class StatisticAccuracy:
    """The planner's figures for one zone-statistics release (module doc); value units unless named.

    ``grain`` is the snapping grain of the sum (the mean's sum), None for quantiles (no snapping).
    """

    statistic: str
    epsilon: float
    epsilon_per_cell: float
    records_per_zone: int
    noise_scale: float
    grain: Optional[float]
    p_published: float
    expected_abs_error: float
    rmse: float
    sd_abs_error: float
    error_q95: float
    margin_of_error: float
    rank_margin: Optional[float]
    columns: Tuple[str, ...]
    column_abs_error: Tuple[float, ...]

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__
                if key not in ("columns", "column_abs_error")}


def snapped_real_error(noise, points: int = _GRID_POINTS):
    """(errors, probabilities) of snap(x + A) - x with x uniform between multiples of the grain (module doc).

    The density of A + R (A Laplace(b), R uniform on +-Lambda/2) is
    (F(y + Lambda/2) - F(y - Lambda/2)) / Lambda; discretised on ``points``
    values (midpoint rule).
    """
    b, g = noise.scale, noise.grain
    reach = _TAIL_SCALES * b + g
    edges = np.linspace(-reach, reach, points + 1)
    mass = np.diff(_cdf_of_sum(edges, b, g))
    y = 0.5 * (edges[1:] + edges[:-1])
    return y, mass / mass.sum()


def _cdf_of_sum(y, b, g):
    """CDF of A + R: the integral of F over [y - g/2, y + g/2], divided by g."""
    def integral(t):  # an antiderivative of the Laplace CDF
        t = np.asarray(t, dtype=float)
        return np.where(t < 0, 0.5 * b * np.exp(np.minimum(t, 0.0) / b),
                        t + 0.5 * b * np.exp(-np.maximum(t, 0.0) / b))
    return (integral(y + g / 2.0) - integral(y - g / 2.0)) / g


def snapped_count_pmf(noise, count: float):
    """(released values, probabilities) of snap(count + A) for a known true value ``count`` (exact)."""
    b, g = noise.scale, noise.grain
    k = np.arange(math.floor((count - _TAIL_SCALES * b) / g) - 1, math.ceil((count + _TAIL_SCALES * b) / g) + 2)
    values = k * g
    p = laplace_cdf(values + g / 2.0 - count, b) - laplace_cdf(values - g / 2.0 - count, b)
    return values, p / p.sum()


def _p_at_least(noise, count: int, threshold: float) -> float:
    values, p = snapped_count_pmf(noise, count)
    return float(p[values >= threshold].sum())


def _moments(errors, probs, confidence):
    abs_e = np.abs(errors)
    mean_abs = float(np.sum(abs_e * probs))
    second = float(np.sum(errors**2 * probs))
    order = np.argsort(abs_e, kind="stable")
    cumulative = np.cumsum(probs[order])
    q = float(abs_e[order][min(len(order) - 1, int(np.searchsorted(cumulative, confidence - 1e-12)))])
    return mean_abs, second, q


def _sorted_marginals(pmfs: np.ndarray) -> np.ndarray:
    """Marginal pmfs of the order statistics of independent draws with pmfs ``pmfs`` (J x G), exact."""
    cdf = np.clip(np.cumsum(pmfs, axis=1), 0.0, 1.0)
    j, g = pmfs.shape
    # at_least[r][c] = P(at least r of the J draws are <= grid c): the Poisson-binomial recursion.
    count = np.zeros((j + 1, g))
    count[0] = 1.0
    for row in range(j):
        f = cdf[row]
        new = np.zeros_like(count)
        new[0] = count[0] * (1.0 - f)
        new[1:] = count[1:] * (1.0 - f) + count[:-1] * f
        count = new
    at_least = np.cumsum(count[::-1], axis=0)[::-1]  # at_least[r] = sum_{s >= r} count[s]
    order_cdf = at_least[1:]  # P(r-th smallest <= c) = P(at least r draws <= c), r = 1..J
    return np.diff(np.concatenate((np.zeros((j, 1)), order_cdf), axis=1), axis=1)


def evenly_spread_values(lower: float, upper: float, records: int) -> np.ndarray:
    """The planner's assumed values of a zone for the quantiles (module doc)."""
    return lower + (np.arange(int(records)) + 0.5) * (upper - lower) / int(records)


def statistic_accuracy(spec: ZoneStatisticsSpec, records: int, n_cells: int = 1, zone_mean: Optional[float] = None,
                       confidence: float = CONFIDENCE) -> StatisticAccuracy:
    """Figures for ``spec`` (sum, mean or quantiles) on a zone of ``records`` records (module doc).

    ``zone_mean`` (the mean only; default the centre of the bounds) is the zone's declared true mean.
    """
    if spec.statistic not in PLANNED_STATISTICS:
        raise ValueError(f"the planner covers the statistics {PLANNED_STATISTICS}, not {spec.statistic!r}")
    n = int(records)
    if n < 1:
        raise ValueError("RECORDS_PER_ZONE must be at least 1")
    support, main = spec.mechanisms(n_cells)
    p_published = 1.0
    if support is not None:
        p_published = _p_at_least(support.noise, n, spec.min_support)
    rank_margin = None
    if isinstance(main, BoundedSum):
        errors, probs = snapped_real_error(main.noise)
        mean_abs, second, q95 = _moments(errors, probs, confidence)
        column_abs = (mean_abs,)
        margin, scale, grain = main.margin_of_error(confidence), main.scale, main.noise.grain
    elif isinstance(main, BoundedMean):
        mu = spec.bounds.midpoint if zone_mean is None else float(zone_mean)
        if not spec.lower <= mu <= spec.upper:
            raise ValueError(f"the zone mean {mu:g} must lie within [LOWER, UPPER]")
        mean_abs, second, q95, p_published = _mean_figures(main, n, mu, spec.min_support, confidence)
        column_abs = (mean_abs,)
        margin, scale, grain = main.error_bound(confidence) / n, main.sum_noise.scale, main.sum_noise.grain
    else:
        mean_abs, second, q95, column_abs = _quantile_figures(main, n, spec.statistic, confidence)
        rank_margin = main.rank_margin(confidence)
        margin = rank_margin * (spec.upper - spec.lower) / n
        scale, grain = 2.0 * main.sensitivity / main.epsilon_each, None
    return StatisticAccuracy(
        statistic=spec.statistic, epsilon=float(spec.total_epsilon(n_cells)),
        epsilon_per_cell=float(spec.cell_epsilon(n_cells)), records_per_zone=n, noise_scale=float(scale),
        grain=None if grain is None else float(grain), p_published=float(p_published),
        expected_abs_error=mean_abs, rmse=math.sqrt(second),
        sd_abs_error=math.sqrt(max(0.0, second - mean_abs**2)), error_q95=q95, margin_of_error=float(margin),
        rank_margin=rank_margin, columns=spec.columns, column_abs_error=tuple(float(v) for v in column_abs))


def _mean_figures(main: BoundedMean, n: int, mu: float, min_support: float, confidence: float):
    bounds = main.bounds
    sums, ps = snapped_count_pmf(main.sum_noise, n * (mu - bounds.midpoint))
    counts, pc = snapped_count_pmf(main.count.noise, n)
    published = counts >= max(float(min_support), 1.0)
    p_published = float(pc[published].sum())
    if not published.any() or p_published <= 0:
        return math.nan, math.nan, math.nan, 0.0
    weights = pc[published] / p_published
    released = np.clip(bounds.midpoint + sums[None, :] / counts[published][:, None], bounds.lower, bounds.upper)
    probs = weights[:, None] * ps[None, :]
    mean_abs, second, q95 = _moments((released - mu).ravel(), probs.ravel(), confidence)
    return mean_abs, second, q95, p_published


def _quantile_figures(main: ExponentialQuantiles, n: int, statistic: str, confidence: float):
    values = evenly_spread_values(main.bounds.lower, main.bounds.upper, n)
    truth = zone_statistic_truth(values, statistic)
    pmfs = np.array([main.probabilities(values, q) for q in main.quantiles])
    marginals = _sorted_marginals(pmfs) if len(main.quantiles) > 1 else pmfs
    grid = main.grid
    errors = grid[None, :] - truth[:, None]
    column_abs = tuple(float(v) for v in np.sum(np.abs(errors) * marginals, axis=1))
    probs = marginals / len(main.quantiles)
    mean_abs, second, q95 = _moments(errors.ravel(), probs.ravel(), confidence)
    return mean_abs, second, q95, column_abs


# --- from a release's privacy record (the utility report) -------------------------------------

_NUMBER = r"([-+0-9.eE]+|inf|nan)"


def statistic_of_columns(columns) -> Optional[str]:
    """The statistic of a noisyzonestatistics layer from its value columns (None: not one the planner covers)."""
    names = set(columns)
    for statistic, needed in ((FIVE_NUMBER, {"min", "max"}), (QUARTILES, {"q1", "q3"}), (MEDIAN, {"median"}),
                              (MEAN, {"mean"}), (SUM, {"sum"})):
        if needed <= names:
            return statistic
    return None


def spec_from_record(fields, statistic: str) -> ZoneStatisticsSpec:
    """The spec a noisyzonestatistics release ran with, rebuilt from its record (epsilon per cell, bounds, M,
    shares, grid and minimum support as the record states them). Raises ValueError when it cannot be read."""
    notes = " ".join(fields.get("notes") or ())
    mechanism = str(fields.get("mechanism", ""))
    bounds = re.search(r"declared bounds \[" + _NUMBER + ", " + _NUMBER + r"\]", notes)
    per_cell = re.search(r"Epsilon per cell: " + _NUMBER + ";", notes)
    if not bounds or not per_cell:
        raise ValueError("the record states no bounds or epsilon per cell")
    lower, upper, epsilon = float(bounds.group(1)), float(bounds.group(2)), float(per_cell.group(1))
    sensitivity = float(fields.get("sensitivity") or 0.0)
    half, magnitude = (upper - lower) / 2.0, max(abs(lower), abs(upper))
    m = sensitivity / {SUM: magnitude, MEAN: half}.get(statistic, 1.0)
    options = {"max_contributions": max(1, int(round(m)))}
    options["unit"] = USER if options["max_contributions"] > 1 else RECORD
    shares = re.search(r"centred sum \(epsilon " + _NUMBER + r"\) over Laplace noisy count \(epsilon " + _NUMBER,
                       mechanism)
    if shares:
        options["mean_sum_share"] = float(shares.group(1)) / (float(shares.group(1)) + float(shares.group(2)))
    grid = re.search(r"over (\d+) values from LOWER", mechanism)
    if grid:
        options["quantile_grid"] = int(grid.group(1))
    support = re.search(r"minimum support " + _NUMBER + r" tested on a Laplace noisy record count \(epsilon "
                        + _NUMBER, mechanism)
    if support:
        options.update(min_support=float(support.group(1)), support_share=float(support.group(2)) / epsilon)
    else:
        plain = re.search(r"minimum support " + _NUMBER + " tested on the noisy count", mechanism)
        if plain:
            options["min_support"] = float(plain.group(1))
    return ZoneStatisticsSpec(statistic=statistic, epsilon=epsilon, lower=lower, upper=upper, **options)
