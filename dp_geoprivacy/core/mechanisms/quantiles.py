"""Private quantiles per cell: median, quartiles, five-number summaries (Kapp et al. 2023 §4.3.2).

The exponential mechanism on ranks over a public grid of candidate values
between the declared bounds; neighbouring datasets, clamping and the
contribution bound M are those of :mod:`.bounded_stats`. Everything here is
numpy; no QGIS.

Floating point. Mironov's attack (2012) reads the low-order bits of
``value + Laplace noise``: the set of doubles a release can take depends on
the true value. It does not apply here: the output is always a value of the
public grid, chosen by inverting cumulative weights (no noise is added to a
data value), so the set of possible outputs is the grid whatever the data.
What floating point does change is each candidate's probability: the
weights exp(-eps_q d / 2M) (d a rank distance computed from integer counts
and the public q) are rounded, their cumulative sum carries a relative
error of at most about G * 2^-53, the uniform has 53 bits, and a weight
below ~1e-308 underflows to 0 (a candidate whose ideal probability is below
that then has none). So each event's realised probability is within an
additive amount of order G * 2^-53 (about 1e-13 for G = 1001) of the exact
mechanism's: a delta of that order beside the stated epsilon, which the
record does not add (it is far below any delta a release uses). There is
no snapping here and no grain.
"""

import math
from dataclasses import dataclass
from typing import Iterable, Tuple

import numpy as np

from ..releases.release import check_cancelled
from .bounded_stats import CONFIDENCE, Bounds, require_contributions
from .validation import require_positive_finite


def rank_distance(a, b, target):
    """How many ranks a candidate c is from rank ``target``: max(a - t, t - b, 0), with a = #{x < c} and
    b = #{x <= c} (arrays over the candidates). Adding or removing one value moves a and b by 0 or 1."""
    return np.maximum(np.maximum(a - target, target - b), 0.0)


def draw_by_rank_distance(distance, scale: float, rng: np.random.Generator) -> np.ndarray:
    """The exponential mechanism: for each row of ``distance`` (candidates on the last axis), the index of a
    candidate drawn with probability proportional to exp(-scale * distance), by inverting the cumulative
    weights with one uniform per row (the best weight is exactly 1 when some distance is 0)."""
    weights = np.cumsum(np.exp(-scale * np.asarray(distance, dtype=float)), axis=-1)
    draw = rng.random(weights.shape[:-1]) * weights[..., -1]
    return np.argmax(weights > draw[..., None], axis=-1)


@dataclass(frozen=True)
class ExponentialQuantiles:
    """Quantiles per cell by the exponential mechanism on ranks (Kapp et al. 2023 §4.3.2).

    Candidates: a public grid of G equally spaced values from L to U (not the
    data's own values, whose set would itself leak). Clamped values are
    rounded to the nearest grid value (a per-record step with a public grid;
    the error is at most half a grid step), so some grid value is always an
    exact quantile. For a cell with n values, a(c) = #{x < c} and
    b(c) = #{x <= c}; c is an exact q-quantile when a(c) <= q n <= b(c), and
    the score is minus the rank distance
    u(c) = -max(a(c) - q n, q n - b(c), 0). Sensitivity: adding a
    record moves a and b by 0 or 1 and q n by q, so u moves by at most
    max(q, 1-q) <= 1; a unit with M records moves it by at most M
    (Kapp et al. 2023: "a user with M trips influences the output by M").
    Each quantile samples c with probability proportional to
    exp(eps_q u(c) / (2 M)) and is eps_q-DP (McSherry and Talwar 2007); the
    budget is split equally, eps_q = epsilon / (number of quantiles)
    (sequential composition). The released quantiles are sorted per cell
    (post-processing), which never increases the largest rank error.

    Accuracy: the best score is 0, and P(u(out) <= -r) <= G exp(-eps_q r / (2M)),
    so with probability >= 95% the released value is within
    r95 = 2M ln(G / 0.05) / eps_q ranks of an exact q-quantile of the values
    rounded to the grid.
    The minimum and maximum (q = 0, 1) score every candidate outside the
    data's range alike, so they land anywhere between LOWER and the data's
    minimum (resp. its maximum and UPPER): Kapp et al. 2023 prefers declared bounds.
    """

    epsilon: float
    bounds: Bounds
    quantiles: Tuple[float, ...] = (0.5,)
    max_contributions: int = 1
    grid_size: int = 1001

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_contributions("max_contributions", self.max_contributions)
        quantiles = tuple(float(q) for q in self.quantiles)
        if not quantiles or any(not (0.0 <= q <= 1.0) for q in quantiles):
            raise ValueError(f"quantiles must be between 0 and 1, got {self.quantiles!r}")
        object.__setattr__(self, "quantiles", quantiles)
        if int(self.grid_size) != self.grid_size or int(self.grid_size) < 2:
            raise ValueError(f"the quantile grid needs at least 2 candidate values, got {self.grid_size!r}")

    @property
    def epsilon_each(self) -> float:
        return self.epsilon / len(self.quantiles)

    @property
    def sensitivity(self) -> float:
        """M, in ranks."""
        return float(self.max_contributions)

    @property
    def grid(self) -> np.ndarray:
        return np.linspace(self.bounds.lower, self.bounds.upper, int(self.grid_size))

    @property
    def step(self) -> float:
        return (self.bounds.upper - self.bounds.lower) / (int(self.grid_size) - 1)

    def rank_margin(self, confidence: float = CONFIDENCE) -> float:
        """r95: the rank error exceeded with probability <= 1 - confidence."""
        return 2.0 * self.sensitivity * math.log(int(self.grid_size) / (1.0 - confidence)) / self.epsilon_each

    def snap(self, values) -> np.ndarray:
        """Grid index of each clamped value (the nearest grid value)."""
        index = np.rint((np.asarray(values, dtype=float) - self.bounds.lower) / self.step)
        return np.clip(index, 0, int(self.grid_size) - 1).astype(np.int64)

    def scores(self, values, q: float) -> np.ndarray:
        """u(c) for every grid value c, for one cell's clamped values (rounded to the grid)."""
        index = np.sort(self.snap(values))
        k = np.arange(int(self.grid_size))
        a = np.searchsorted(index, k, side="left")
        b = np.searchsorted(index, k, side="right")
        return -rank_distance(a, b, q * len(index))

    def probabilities(self, values, q: float) -> np.ndarray:
        """The exact output distribution over the grid (for tests and documentation)."""
        logits = self.epsilon_each * self.scores(values, q) / (2.0 * self.sensitivity)
        weights = np.exp(logits - logits.max())
        return weights / weights.sum()

    def release(self, cell: np.ndarray, values: np.ndarray, cells: Iterable[int], rng: np.random.Generator,
                chunk_entries: int = 1_000_000) -> np.ndarray:
        """Sorted noisy quantiles, shape (len(cells), len(quantiles)), for the given cells only.

        ``cell`` / ``values`` are per record (values clamped). Scores are
        computed for blocks of cells from cumulative counts over the grid
        (about ``chunk_entries`` numbers per array per block); each quantile
        is drawn by inverting the cumulative weights with one uniform per
        cell (weights exp(eps_q u / 2M) <= 1, the best being exactly 1).
        """
        return self.release_histogram(cell, self.snap(np.asarray(values, dtype=float)), None, cells, rng,
                                      chunk_entries)

    def release_histogram(self, cell: np.ndarray, index: np.ndarray, count, cells: Iterable[int],
                          rng: np.random.Generator, chunk_entries: int = 1_000_000, cancelled=None) -> np.ndarray:
        """As :meth:`release`, from a sparse histogram over the grid: ``count[i]`` values of cell ``cell[i]``
        on grid value ``index[i]`` (``count`` None: one each). Entries may repeat; their order does not matter.
        The mechanism needs exactly these counts (the cumulative counts a, b below); the Spark path
        aggregates them per cell and grid value. ``cancelled()`` (optional) is asked before each block of cells:
        True raises core.releases.release.ReleaseCancelledError."""
        cells = np.asarray(list(cells) if not isinstance(cells, np.ndarray) else cells, dtype=np.int64)
        grid = self.grid
        g = len(grid)
        out = np.empty((len(cells), len(self.quantiles)))
        if not len(cells):
            return out
        cell = np.asarray(cell, dtype=np.int64)
        position = np.full(int(max(cell.max(initial=-1), cells.max())) + 1, -1, dtype=np.int64)
        position[cells] = np.arange(len(cells))
        row_of_record = position[cell] if len(cell) else np.empty(0, dtype=np.int64)
        wanted = row_of_record >= 0
        row_of_record = row_of_record[wanted]
        index = np.asarray(index, dtype=np.int64)[wanted]
        weight = None if count is None else np.asarray(count, dtype=float)[wanted]
        order = np.argsort(row_of_record, kind="stable")
        row_sorted, index = row_of_record[order], index[order]
        weight = None if weight is None else weight[order]
        block = max(1, chunk_entries // g)
        scale = self.epsilon_each / (2.0 * self.sensitivity)
        for start in range(0, len(cells), block):
            check_cancelled(cancelled)
            stop = min(start + block, len(cells))
            lo, hi = np.searchsorted(row_sorted, [start, stop])
            rows = stop - start
            # b[:, k] = #{x <= c_k}; a[:, k] = #{x < c_k} = b[:, k-1] (values are grid values).
            b = np.bincount((row_sorted[lo:hi] - start) * g + index[lo:hi], minlength=rows * g,
                            weights=None if weight is None else weight[lo:hi])
            b = np.cumsum(b.reshape(rows, g), axis=1, dtype=float)
            a = np.zeros_like(b)
            a[:, 1:] = b[:, :-1]
            n = b[:, -1:]
            for j, q in enumerate(self.quantiles):
                out[start:stop, j] = grid[draw_by_rank_distance(rank_distance(a, b, q * n), scale, rng)]
        return np.sort(out, axis=1)

    def record_fields(self, unit_of_privacy: str) -> dict:
        names = ", ".join(f"{q:g}" for q in self.quantiles)
        return {
            "mechanism": ("exponential mechanism on ranks (Kapp et al. 2023 §4.3.2) for the quantiles "
                          f"{names}, epsilon "
                          f"{self.epsilon_each:g} each, over {int(self.grid_size)} values from LOWER to UPPER"),
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.sensitivity,
            "sensitivity_unit": "ranks per cell (M)",
            "noise_scale": 2.0 * self.sensitivity / self.epsilon_each,
            "noise_scale_unit": "ranks (2 M / epsilon per quantile: weight exp(-rank distance / scale))",
        }
