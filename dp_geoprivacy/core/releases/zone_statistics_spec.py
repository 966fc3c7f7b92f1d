"""What a zone-statistics release is: the statistic, its public bounds, the unit of privacy, the budget.

``ZoneStatisticsSpec`` decides the mechanisms of every cell and the epsilon
each unit of privacy can lose; the derivation (units, epsilon per cell,
minimum support) is in :mod:`.zone_statistics`, which runs the release.
Sources: the ITMS report §II D and §III E-F, Kapp et al. 2023 §4.2-4.3. Only numpy and
stdlib; no QGIS.
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from ..mechanisms.bounded_stats import (
    BoundedCount,
    BoundedMean,
    BoundedSum,
    Bounds,
    CountAbovePerDay,
    require_contributions,
    sum_of_k_largest,
)
from ..mechanisms.counting import LAPLACE
from ..mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..mechanisms.gaussian_stats import GaussianCellStatistic
from ..mechanisms.quantiles import ExponentialQuantiles
from ..mechanisms.validation import require_positive_finite

COUNT, SUM, MEAN, COUNT_ABOVE = "count", "sum", "mean", "count_above_per_day"
MEDIAN, QUARTILES, FIVE_NUMBER = "median", "quartiles", "five_number"
STATISTICS = (COUNT, SUM, MEAN, COUNT_ABOVE, MEDIAN, QUARTILES, FIVE_NUMBER)
QUANTILES = {MEDIAN: (0.5,), QUARTILES: (0.25, 0.5, 0.75), FIVE_NUMBER: (0.0, 0.25, 0.5, 0.75, 1.0)}
COLUMNS = {COUNT: ("count",), SUM: ("sum",), MEAN: ("mean",), COUNT_ABOVE: ("per_day_above",),
           MEDIAN: ("median",), QUARTILES: ("q1", "median", "q3"),
           FIVE_NUMBER: ("min", "q1", "median", "q3", "max")}

RECORD, USER, USER_DAY = "record", "user", "user_day"
UNITS = (RECORD, USER, USER_DAY)


@dataclass(frozen=True)
class ZoneStatisticsSpec:
    """What to release: the statistic, its public bounds, the unit of privacy and the budget.

    ``epsilon`` is the total per unit of privacy. ``max_contributions`` (M)
    is per user (USER) or per user-day and cell (USER_DAY); ``max_cells``
    (K) the most cells a user-day keeps. ``limit`` and ``days`` (the public
    number of days of the period) are for COUNT_ABOVE. ``min_support`` 0
    publishes every cell. ``mean_sum_share`` is the mean's share of epsilon
    for the sum, ``support_share`` the share of a separate support count.
    """

    statistic: str
    epsilon: float
    lower: float
    upper: float
    unit: str = RECORD
    max_contributions: int = 1
    max_cells: int = 1
    limit: Optional[float] = None
    days: Optional[int] = None
    min_support: float = 0.0
    support_share: float = 0.2
    mean_sum_share: float = 0.5
    quantile_grid: int = 1001
    per_unit_mean: bool = False
    noise: str = LAPLACE
    delta: float = 0.0

    def __post_init__(self):
        if self.statistic not in STATISTICS:
            raise ValueError(f"STATISTIC must be one of {STATISTICS}, got {self.statistic!r}")
        if self.unit not in UNITS:
            raise ValueError(f"the unit of privacy must be one of {UNITS}, got {self.unit!r}")
        require_positive_finite("EPSILON", self.epsilon)
        bounds = Bounds(self.lower, self.upper)
        require_contributions("MAX_CONTRIBUTIONS (M)", self.max_contributions)
        require_contributions("MAX_CELLS (K)", self.max_cells)
        if self.unit == RECORD and self.max_contributions != 1:
            raise ValueError("with one record as the unit of privacy MAX_CONTRIBUTIONS must be 1")
        if self.per_unit_mean and (self.unit != USER_DAY or self.statistic == COUNT_ABOVE):
            raise ValueError("averaging each unit's values per cell (the ITMS report Query 1) needs user-days as the "
                             "unit "
                             "of privacy, and does not apply to the count above LIMIT")
        support = float(self.min_support)
        if not np.isfinite(support) or support < 0:
            raise ValueError(f"the minimum support must be a number >= 0, got {self.min_support!r}")
        if not (0.0 < float(self.support_share) < 1.0):
            raise ValueError(f"the support count's share of epsilon must be between 0 and 1, got "
                             f"{self.support_share!r}")
        if self.statistic == COUNT_ABOVE:
            if self.limit is None or self.days is None:
                raise ValueError("the count above LIMIT per day needs LIMIT and the number of DAYS in the period")
            CountAbovePerDay(1.0, self.limit, self.days)
            if not bounds.lower <= float(self.limit) < bounds.upper:
                raise ValueError(f"LIMIT ({float(self.limit):g}) must be within [LOWER, UPPER) = "
                                 f"[{bounds.lower:g}, {bounds.upper:g}): clamped values never exceed UPPER")
        if self.noise != LAPLACE:
            gaussian_setting_error(self)
        self.mechanisms(1)  # the mechanisms check their own settings (grid size, the mean's split)

    @property
    def bounds(self) -> Bounds:
        return Bounds(self.lower, self.upper)

    @property
    def columns(self) -> Tuple[str, ...]:
        return COLUMNS[self.statistic]

    @property
    def records_per_cell(self) -> int:
        """M: the most records (or per-unit means) one unit has in one cell after bounding (1 for a user
        bounded to distinct cells, the Gaussian's bound)."""
        if self.unit == RECORD or self.per_unit_mean or (self.unit == USER and self.noise != LAPLACE):
            return 1
        return int(self.max_contributions)

    def cell_epsilon(self, n_cells: int) -> float:
        """The epsilon every cell's mechanisms share (see the module docstring; the Gaussian's is the whole)."""
        if self.unit == USER_DAY and self.noise == LAPLACE:
            return self.epsilon / min(int(self.max_cells), int(n_cells))
        return self.epsilon

    def total_epsilon(self, n_cells: int) -> float:
        """What one unit can lose over all cells: the figure for the record and the ledger."""
        if self.unit == USER_DAY and self.noise == LAPLACE:
            return sum_of_k_largest(np.full(int(n_cells), self.cell_epsilon(n_cells)), self.max_cells)
        return self.cell_epsilon(n_cells)

    def unit_text(self) -> str:
        m = self.max_contributions
        if self.unit == USER and self.noise != LAPLACE:
            return f"one user, at most one record per cell and {m} cells kept per user (sampled uniformly)"
        if self.unit == USER:
            return f"one user, at most {m} records kept per user (sampled uniformly)"
        if self.unit == USER_DAY and self.per_unit_mean:
            return (f"one user-day, at most {self.max_cells} cells kept per user and day (sampled uniformly), its "
                    "values averaged per cell (the ITMS report Query 1)")
        if self.unit == USER_DAY:
            return (f"one user-day, at most {self.max_cells} cells and {m} records per cell kept per user and day "
                    "(sampled uniformly)")
        return "one record (item-level)"

    def record_fields(self, n_cells: int) -> dict:
        """Fields for the privacy record, known before the release runs (for budget reservations).

        ``epsilon`` is the total per unit of privacy over all cells; the
        sensitivity and noise scale are the statistic's per cell (``notes``
        give the per-cell epsilon and the split).
        """
        support, main = self.mechanisms(n_cells)
        fields = main.record_fields(self.unit_text())
        if support is not None:
            fields["mechanism"] += (f"; minimum support {self.min_support:g} tested on a Laplace noisy record count "
                                    f"(epsilon {support.epsilon:g} per cell)")
        elif self.min_support > 0:
            fields["mechanism"] += f"; minimum support {self.min_support:g} tested on the noisy count"
        # Floating point (core.mechanisms.counting, Mironov snapping): per cell, the snapped epsilons of the cell's
        # releases add up (the exponential mechanism's is its own epsilon, see core.mechanisms.quantiles); over the
        # cells they scale as the epsilons do (total / per-cell epsilon: 1, or K for user-days).
        per_cell = fields.get("epsilon_floating_point", main.epsilon if support is not None else None)
        if support is not None:
            snapped = support.noise.snapping_fields()
            per_cell += snapped["epsilon_floating_point"]
            fields["count_grain"] = fields.get("count_grain", snapped["count_grain"])
            fields["floating_point"] = "; ".join(
                text for text in (fields.get("floating_point"), f"support count: {snapped['floating_point']}") if text)
        if per_cell is not None:
            fields["epsilon_floating_point"] = per_cell * self.total_epsilon(n_cells) / self.cell_epsilon(n_cells)
        fields["epsilon"] = self.total_epsilon(n_cells)
        return fields

    def notes(self, n_cells: int) -> Tuple[str, ...]:
        """Plain-language notes for the privacy record."""
        notes = [
            f"Values clamped to the declared bounds [{self.lower:g}, {self.upper:g}] before aggregation; "
            "records with a NULL value, time, user or day are dropped.",
            f"Epsilon per cell: {self.cell_epsilon(n_cells):g}; epsilon per unit of privacy over all cells: "
            f"{self.total_epsilon(n_cells):g}." if self.noise == LAPLACE else
            f"Discrete Gaussian on every cell, calibrated to the L2 sensitivity over all cells "
            f"({gaussian_mechanism(self, n_cells).sensitivity:g}): rho-zCDP, (epsilon, delta) = "
            f"({self.epsilon:g}, {self.delta:g}) per unit of privacy over all cells.",
        ]
        if self.unit == USER_DAY:
            notes.append(f"User-day units touch at most K = {self.max_cells} cells (declared, enforced by sampling); "
                         "the total is the sum of the K largest per-cell epsilons (the ITMS report §III F).")
        if self.statistic in QUANTILES:
            notes.append("Margins of error of the quantiles are in ranks: with 95% probability the released value is "
                         "within that many ranks of an exact quantile of the values rounded to the grid.")
        elif self.noise != LAPLACE:
            notes.append("Margins of error are 95% half-widths of the discrete Gaussian noise.")
        else:
            notes.append("Margins of error are 95% half-widths of the noise plus half the snapping grain"
                         + (" (the mean's from its noisy count)." if self.statistic == MEAN else "."))
        return tuple(notes)

    def mechanisms(self, n_cells: int):
        """(support count or None, statistic mechanism) for every cell, splitting the per-cell epsilon."""
        if self.noise != LAPLACE:
            return None, gaussian_mechanism(self, n_cells)
        eps = self.cell_epsilon(n_cells)
        m = self.records_per_cell
        bounds = self.bounds
        support = None
        if self.min_support > 0 and self.statistic not in (COUNT, MEAN):
            support = BoundedCount(eps * self.support_share, m)
            eps = eps * (1.0 - self.support_share)
        if self.statistic == COUNT:
            main = BoundedCount(eps, m)
        elif self.statistic == SUM:
            main = BoundedSum(eps, bounds, m)
        elif self.statistic == MEAN:
            main = BoundedMean(eps, bounds, m, self.mean_sum_share)
        elif self.statistic == COUNT_ABOVE:
            main = CountAbovePerDay(eps, float(self.limit), int(self.days), 1 if self.unit != USER else m)
        else:
            main = ExponentialQuantiles(eps, bounds, QUANTILES[self.statistic], m, int(self.quantile_grid))
        return support, main


def gaussian_setting_error(spec: ZoneStatisticsSpec) -> None:
    """Raise ValueError when the discrete Gaussian (NOISE=2) cannot serve these settings."""
    if spec.noise != DISCRETE_GAUSSIAN:
        raise ValueError(f"NOISE must be {LAPLACE!r} or {DISCRETE_GAUSSIAN!r}, got {spec.noise!r}")
    if spec.statistic not in (COUNT, SUM):
        raise ValueError("the discrete Gaussian (NOISE=2) is offered for the count and the sum only")
    if not (0.0 < float(spec.delta) < 1.0):
        raise ValueError("the discrete Gaussian (NOISE=2) needs DELTA in (0, 1), e.g. 1e-6")
    if spec.statistic == SUM and spec.min_support > 0:
        raise ValueError("the discrete Gaussian sum (NOISE=2) publishes every cell: set MIN_SUPPORT to 0 (a "
                         "support count would be a second, Laplace release)")


def gaussian_mechanism(spec: ZoneStatisticsSpec, n_cells: int) -> GaussianCellStatistic:
    """The Gaussian of every cell: C cells and R records per unit (core.mechanisms.gaussian_stats' proof)."""
    cells = {RECORD: 1, USER: int(spec.max_contributions), USER_DAY: min(int(spec.max_cells), int(n_cells))}
    magnitude = spec.bounds.magnitude if spec.statistic == SUM else None
    return GaussianCellStatistic(spec.epsilon, float(spec.delta), cells[spec.unit], spec.records_per_cell, magnitude)
