"""Noisy statistics of a measured value per zone (or H3 cell) and time slot.

The release behind dp_geoprivacy:noisyzonestatistics. Sources: seed 003 §II D
and §III (hexagon-and-timeslot (HAT) aggregation; Query 1, average speed per
HAT; Query 2, the average number of buses per day above a speed limit;
epsilon per HAT per day, and epsilon per day as the sum of the K largest
per-HAT epsilons, §III E-F), seed 002 §4.2-4.3 (user-level privacy with M
sampled contributions; five-number summaries by the exponential mechanism).
The mechanisms and their sensitivities are in :mod:`.bounded_stats` and
:mod:`.quantiles`; cells,
slots, the NULL-user rule and contribution bounding come from
:mod:`.zone_counts` and :mod:`.counting`.

Cells. A cell is a (zone, slot) pair, flattened as zone * n_slots + slot.
The zones are a public cell set (a tessellation or an H3 grid): every cell
gets its mechanisms, zero records included; records in no zone (OUTSIDE)
are dropped. One record lies in one cell.

Cleaning rules (documented, counted; the counts are for the data holder's
log, not for publication): records with a NULL (NaN) value, a NULL time
slot (slot < 0), a NULL user (:func:`.zone_counts.null_user_mask`, when the
unit is a user or user-day) or a NULL day (user-days) are dropped; values
outside [LOWER, UPPER] are clamped to the nearer bound before anything is
aggregated.

Units of privacy and the epsilon they get (``spec.epsilon`` is always the
total a unit can lose, the figure the ledger is charged):
- RECORD: each record is a unit (item level); it lies in one cell, so every
  cell's mechanisms run with the full epsilon (parallel composition).
- USER (seed 002): each user keeps at most M records in all, sampled
  uniformly; every cell runs with the full epsilon and sensitivities for M
  records. The losses are linear (:mod:`.bounded_stats`): a user with m_c
  records in cell c loses epsilon m_c / M there, at most epsilon in total.
- USER_DAY (seed 003): a unit is one user on one day. Each unit keeps at
  most K cells (sampled uniformly among those it touches) and at most M
  records in each kept cell (sampled), or, with ``per_unit_mean``, the mean
  of its values in each kept cell (seed 003 Query 1; then M = 1). Every cell runs with the same
  per-cell epsilon and sensitivities for M records, and a unit's total is
  the sum of the K largest per-cell epsilons (seed 003 §III F), here
  K * per-cell epsilon; so the per-cell epsilon is epsilon / min(K, cells).
  K is declared by the publisher and enforced by the sampling; it is never
  read from the data (seed 003 reads K = 89 from its data).

Minimum support (seed 003 publishes only HATs with at least 10 buses a
day): a cell is published only when a noisy count of its records is at
least ``min_support``. The count statistic tests its own noisy count, the
mean its noisy denominator (no extra budget); the sum, the count above
LIMIT and the quantiles spend ``support_share`` of the per-cell epsilon on a
separate noisy count (sequential composition within the cell).
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from .bounded_stats import (
    CONFIDENCE,
    BoundedCount,
    BoundedMean,
    BoundedSum,
    Bounds,
    CountAbovePerDay,
    exact_sums,
    require_contributions,
    sum_of_k_largest,
)
from .counting import bound_contributions
from .quantiles import ExponentialQuantiles
from .validation import require_positive_finite
from .zone_counts import null_user_mask

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
            raise ValueError("averaging each unit's values per cell (seed 003 Query 1) needs user-days as the unit "
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
        self.mechanisms(1)  # the mechanisms check their own settings (grid size, the mean's split)

    @property
    def bounds(self) -> Bounds:
        return Bounds(self.lower, self.upper)

    @property
    def columns(self) -> Tuple[str, ...]:
        return COLUMNS[self.statistic]

    @property
    def records_per_cell(self) -> int:
        """M: the most records (or per-unit means) one unit has in one cell after bounding."""
        return 1 if self.unit == RECORD or self.per_unit_mean else int(self.max_contributions)

    def cell_epsilon(self, n_cells: int) -> float:
        """The epsilon every cell's mechanisms share (see the module docstring)."""
        if self.unit == USER_DAY:
            return self.epsilon / min(int(self.max_cells), int(n_cells))
        return self.epsilon

    def total_epsilon(self, n_cells: int) -> float:
        """What one unit can lose over all cells: the figure for the record and the ledger."""
        if self.unit == USER_DAY:
            return sum_of_k_largest(np.full(int(n_cells), self.cell_epsilon(n_cells)), self.max_cells)
        return self.cell_epsilon(n_cells)

    def unit_text(self) -> str:
        m = self.max_contributions
        if self.unit == USER:
            return f"one user, at most {m} records kept per user (sampled uniformly)"
        if self.unit == USER_DAY and self.per_unit_mean:
            return (f"one user-day, at most {self.max_cells} cells kept per user and day (sampled uniformly), its "
                    "values averaged per cell (seed 003 Query 1)")
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
        # Floating point (core.counting, Mironov snapping): per cell, the snapped epsilons of the cell's
        # releases add up (the exponential mechanism's is its own epsilon, see core.quantiles); over the
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
            f"{self.total_epsilon(n_cells):g}.",
        ]
        if self.unit == USER_DAY:
            notes.append(f"User-day units touch at most K = {self.max_cells} cells (declared, enforced by sampling); "
                         "the total is the sum of the K largest per-cell epsilons (seed 003 §III F).")
        if self.statistic in QUANTILES:
            notes.append("Margins of error of the quantiles are in ranks: with 95% probability the released value is "
                         "within that many ranks of an exact quantile of the values rounded to the grid.")
        else:
            notes.append("Margins of error are 95% half-widths of the noise plus half the snapping grain"
                         + (" (the mean's from its noisy count)." if self.statistic == MEAN else "."))
        return tuple(notes)

    def mechanisms(self, n_cells: int):
        """(support count or None, statistic mechanism) for every cell, splitting the per-cell epsilon."""
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


@dataclass(frozen=True)
class CleaningCounts:
    """What the cleaning rules and the bounding did (raw counts: for the log, never published).

    Each drop reason is counted on its own (a record with a NULL value and a
    NULL time counts in both); ``kept`` is what the mechanisms saw.
    """

    records: int
    null_values: int
    null_slots: int
    null_users: int
    null_days: int
    outside: int
    clamped_below: int
    clamped_above: int
    dropped_by_bound: int
    kept: int


@dataclass
class ZoneStatisticsRelease:
    """A noisy statistic per (zone, slot) cell and the mechanisms that made it.

    ``values`` and ``margin`` have shape (n_zones, n_slots, len(columns)),
    NaN where a cell is not published. ``margin`` is the 95% margin of error
    in ``margin_unit``: value units (half-width, the mean's from its noisy
    count), or "ranks" for quantiles (rank error beyond the best grid value,
    see ExponentialQuantiles). ``support`` holds the noisy count each cell's
    minimum-support test used (the mean's denominator, always tested >= 1;
    NaN when there was no test): a DP release, publishable with the cell.
    """

    spec: ZoneStatisticsSpec
    columns: Tuple[str, ...]
    values: np.ndarray
    margin: np.ndarray
    margin_unit: str
    published: np.ndarray
    support: np.ndarray
    support_mechanism: object
    mechanism: object
    epsilon: float
    epsilon_per_cell: float
    counts: CleaningCounts

    @property
    def unit_of_privacy(self) -> str:
        return self.spec.unit_text()

    def record_fields(self) -> dict:
        """Fields for the privacy record (the spec's, for this release's cells)."""
        return self.spec.record_fields(self.published.size)

    def notes(self) -> Tuple[str, ...]:
        return self.spec.notes(self.published.size)


def _codes(keys) -> np.ndarray:
    """Integer codes 0..k-1 of hashable keys (sortable or not)."""
    keys = np.asarray(keys)
    try:
        return np.unique(keys, return_inverse=True)[1].astype(np.int64).ravel()
    except TypeError:
        seen = {}
        return np.array([seen.setdefault(k, len(seen)) for k in keys.tolist()], dtype=np.int64)


def _as_values(values) -> np.ndarray:
    values = np.asarray(values)
    if values.dtype.kind in "biuf":
        return values.astype(float)
    if values.dtype.kind == "O":
        out = np.empty(len(values))
        for i, v in enumerate(values.tolist()):
            if v is None:
                out[i] = np.nan
            elif isinstance(v, (int, float, np.number)) and not isinstance(v, bool):
                out[i] = float(v)
            else:
                raise ValueError(f"VALUE_FIELD must be numeric; found {v!r}")
        return out
    raise ValueError(f"VALUE_FIELD must be numeric; got values of type {values.dtype}")


def _pair_key(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """One int64 code per distinct (a, b) pair of int codes."""
    return _codes(a * (int(b.max(initial=0)) + 1) + b)


@dataclass
class ZoneStatisticsAggregate:
    """The per-cell sufficient statistics the mechanisms need (exact, pre-noise; never published).

    Cells are flat (zone * n_slots + slot). ``counts``: records (or per-unit
    means) per cell after bounding. ``sums``: the correctly rounded sum of
    the clamped values (SUM, MEAN; else None). ``exceeding``: units above
    LIMIT per cell (COUNT_ABOVE; else None). Quantiles: ``grid_cell``,
    ``grid_index`` and ``grid_count`` list how many values of a cell fall on
    each grid value (a sparse histogram over the public grid; ``grid_count``
    None means one per entry); else None.
    """

    n_zones: int
    n_slots: int
    counts: np.ndarray
    cleaning: CleaningCounts
    sums: Optional[np.ndarray] = None
    exceeding: Optional[np.ndarray] = None
    grid_cell: Optional[np.ndarray] = None
    grid_index: Optional[np.ndarray] = None
    grid_count: Optional[np.ndarray] = None


def aggregate_zone_statistics(
    cell,
    values,
    spec: ZoneStatisticsSpec,
    rng: np.random.Generator,
    *,
    n_zones: int,
    n_slots: int = 1,
    slot=None,
    user_keys=None,
    day=None,
) -> ZoneStatisticsAggregate:
    """Clean, bound (drawing from ``rng``), clamp and aggregate per cell: the exact part of the release."""
    n_zones, n_slots = int(n_zones), int(n_slots)
    if n_zones < 1 or n_slots < 1:
        raise ValueError("no cells: the zones (or H3 cells) and time slots must give at least one cell")
    n_cells = n_zones * n_slots
    cell = np.asarray(cell, dtype=np.int64).ravel()
    values = _as_values(values).ravel()
    n = len(cell)
    if len(values) != n:
        raise ValueError("one value per record is needed")
    if np.any(cell >= n_zones):
        raise ValueError("zone indices must be < n_zones")
    slot = np.zeros(n, dtype=np.int64) if slot is None else np.asarray(slot, dtype=np.int64).ravel()
    if len(slot) != n or np.any(slot >= n_slots):
        raise ValueError("one slot per record in 0..n_slots-1 (negative for NULL) is needed")
    if spec.unit in (USER, USER_DAY) and user_keys is None:
        raise ValueError(f"the unit of privacy {spec.unit!r} needs user ids (USER_FIELD)")
    if spec.unit == USER_DAY and day is None:
        raise ValueError("the unit of privacy 'user_day' needs the day of every record (DAY_FIELD)")

    null_values = np.isnan(values)
    null_slots = slot < 0
    outside = cell < 0
    null_users = np.zeros(n, dtype=bool)
    null_days = np.zeros(n, dtype=bool)
    if spec.unit != RECORD:
        if len(user_keys) != n:
            raise ValueError("one user id per record is needed")
        null_users = null_user_mask(user_keys)
        user_keys = np.ma.getdata(np.ma.asarray(user_keys))
    # Days matter for user-days, and for the (user, day) pairs of the count above LIMIT.
    use_days = day is not None and (spec.unit == USER_DAY or (spec.unit == USER and spec.statistic == COUNT_ABOVE))
    if use_days:
        if len(day) != n:
            raise ValueError("one day per record is needed")
        null_days = null_user_mask(day)
        day = np.ma.getdata(np.ma.asarray(day))
    keep = ~(null_values | null_slots | outside | null_users | null_days)
    cleaned = int(keep.sum())
    flat = (cell * n_slots + slot)[keep]
    clamped = spec.bounds.clamp(values[keep])
    x = clamped.values
    user = _codes(user_keys[keep]) if spec.unit != RECORD else None
    days = _codes(day[keep]) if use_days else None

    # Bounding by sampling (seed 002 §4.3); the unit key of each record.
    if spec.unit == USER:
        kept = bound_contributions(user, spec.max_contributions, rng)
    elif spec.unit == USER_DAY:
        unit = _pair_key(user, days)
        unit_cell = _pair_key(unit, flat)
        first = np.unique(unit_cell, return_index=True)[1]  # one row per (unit, cell) pair
        kept_pairs = first[bound_contributions(unit[first], spec.max_cells, rng)]
        in_kept_cell = np.isin(unit_cell, unit_cell[kept_pairs])
        candidates = np.flatnonzero(in_kept_cell)
        if spec.per_unit_mean:
            kept = candidates
        else:
            kept = candidates[bound_contributions(unit_cell[candidates], spec.max_contributions, rng)]
    else:
        kept = np.arange(len(x))
    flat, x = flat[kept], x[kept]
    user = user[kept] if user is not None else None
    days = days[kept] if days is not None else None
    if spec.per_unit_mean:  # seed 003 Query 1: one value per user-day and cell, the mean of its clamped values
        first, pair = np.unique(unit_cell[kept], return_index=True, return_inverse=True)[1:]
        x = np.bincount(pair, weights=x) / np.bincount(pair)
        flat = flat[first]

    counts = np.bincount(flat, minlength=n_cells).astype(float)
    aggregate = ZoneStatisticsAggregate(
        n_zones=n_zones, n_slots=n_slots, counts=counts,
        cleaning=CleaningCounts(
            records=n,
            null_values=int(null_values.sum()),
            null_slots=int(null_slots.sum()),
            null_users=int(null_users.sum()),
            null_days=int(null_days.sum()),
            outside=int(outside.sum()),
            clamped_below=clamped.below,
            clamped_above=clamped.above,
            dropped_by_bound=cleaned - len(kept),
            kept=len(kept),
        ))
    if spec.statistic in (SUM, MEAN):
        aggregate.sums = exact_sums(flat, x, n_cells)
    elif spec.statistic == COUNT_ABOVE:
        above = x > spec.limit
        if spec.unit == RECORD or (spec.unit == USER and days is None):
            exceeding = np.bincount(flat[above], minlength=n_cells)
        else:
            pair = _pair_key(user[above], days[above]) if len(flat[above]) else np.empty(0, dtype=np.int64)
            _, first = np.unique(_pair_key(pair, flat[above]) if len(pair) else pair, return_index=True)
            exceeding = np.bincount(flat[above][first], minlength=n_cells)
        aggregate.exceeding = exceeding
    elif spec.statistic in QUANTILES:
        aggregate.grid_cell, aggregate.grid_index = flat, spec.mechanisms(n_cells)[1].snap(x)
    return aggregate


def release_zone_statistics(
    cell,
    values,
    spec: ZoneStatisticsSpec,
    rng: np.random.Generator,
    *,
    n_zones: int,
    n_slots: int = 1,
    slot=None,
    user_keys=None,
    day=None,
) -> ZoneStatisticsRelease:
    """Clean, bound, clamp, aggregate per (zone, slot) cell, then the spec's mechanisms.

    ``cell`` is each record's zone index (OUTSIDE / negative for none),
    ``values`` its measured value, ``slot`` its slot index (negative for a
    NULL time; None: one slot), ``user_keys`` its user id (USER, USER_DAY),
    ``day`` its day (USER_DAY; for COUNT_ABOVE with USER, the days that make
    (user, day) pairs). With ``spec.per_unit_mean`` each user-day's clamped
    values in a cell are first replaced by their mean (seed 003 Query 1: a
    bus's average speed that day in the HAT), so a unit adds one value to a
    cell (M = 1 in every sensitivity, no record sampling) and counts are of
    user-days. Raises ValueError for bad inputs. The two steps are
    :func:`aggregate_zone_statistics` (exact) and
    :func:`release_zone_statistics_from_aggregate` (noise; the Spark path
    calls it with the aggregate Spark computed).
    """
    aggregate = aggregate_zone_statistics(cell, values, spec, rng, n_zones=n_zones, n_slots=n_slots, slot=slot,
                                          user_keys=user_keys, day=day)
    return release_zone_statistics_from_aggregate(aggregate, spec, rng)


def release_zone_statistics_from_aggregate(aggregate: ZoneStatisticsAggregate, spec: ZoneStatisticsSpec,
                                           rng: np.random.Generator) -> ZoneStatisticsRelease:
    """The spec's mechanisms on the per-cell aggregate: minimum support, noise, margins, publication."""
    n_zones, n_slots = aggregate.n_zones, aggregate.n_slots
    n_cells = n_zones * n_slots
    counts = np.asarray(aggregate.counts, dtype=float)
    support_mech, main = spec.mechanisms(n_cells)
    support = np.full(n_cells, np.nan)
    published = np.ones(n_cells, dtype=bool)
    if support_mech is not None:
        support = support_mech.release(counts, rng)
        published = support >= spec.min_support

    n_cols = len(spec.columns)
    out = np.full((n_cells, n_cols), np.nan)
    margin = np.full((n_cells, n_cols), np.nan)
    margin_unit = "value"
    if spec.statistic == COUNT:
        noisy = main.release(counts, rng)
        if spec.min_support > 0:
            support = noisy
            published = noisy >= spec.min_support
        out[:, 0], margin[:, 0] = noisy, main.margin_of_error()
    elif spec.statistic == SUM:
        out[:, 0] = main.release(aggregate.sums, rng)
        margin[:, 0] = main.margin_of_error()
    elif spec.statistic == MEAN:
        mean, support, mean_margin, published = main.release(aggregate.sums, counts, rng, spec.min_support)
        out[:, 0], margin[:, 0] = mean, mean_margin
    elif spec.statistic == COUNT_ABOVE:
        out[:, 0], margin[:, 0] = main.release(aggregate.exceeding, rng), main.margin_of_error()
    else:
        chosen = np.flatnonzero(published)
        out[chosen] = main.release_histogram(aggregate.grid_cell, aggregate.grid_index, aggregate.grid_count,
                                             chosen, rng)
        margin[:] = main.rank_margin(CONFIDENCE)
        margin_unit = "ranks"
    out[~published] = np.nan
    margin[~published] = np.nan

    shape = (n_zones, n_slots)
    return ZoneStatisticsRelease(
        spec=spec,
        columns=spec.columns,
        values=out.reshape(shape + (n_cols,)),
        margin=margin.reshape(shape + (n_cols,)),
        margin_unit=margin_unit,
        published=published.reshape(shape),
        support=support.reshape(shape),
        support_mechanism=support_mech,
        mechanism=main,
        epsilon=spec.total_epsilon(n_cells),
        epsilon_per_cell=spec.cell_epsilon(n_cells),
        counts=aggregate.cleaning,
    )
