"""Noisy statistics of a measured value per zone (or H3 cell) and time slot.

The release behind dp_geoprivacy:noisyzonestatistics. Sources: the ITMS report §II D
and §III (hexagon-and-timeslot (HAT) aggregation; Query 1, average speed per
HAT; Query 2, the average number of buses per day above a speed limit;
epsilon per HAT per day, and epsilon per day as the sum of the K largest
per-HAT epsilons, §III E-F), Kapp et al. 2023 §4.2-4.3 (user-level privacy with M
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
- USER (Kapp et al. 2023): each user keeps at most M records in all, sampled
  uniformly; every cell runs with the full epsilon and sensitivities for M
  records. The losses are linear (:mod:`.bounded_stats`): a user with m_c
  records in cell c loses epsilon m_c / M there, at most epsilon in total.
- USER_DAY (the ITMS report): a unit is one user on one day. Each unit keeps at
  most K cells (sampled uniformly among those it touches) and at most M
  records in each kept cell (sampled), or, with ``per_unit_mean``, the mean
  of its values in each kept cell (the ITMS report Query 1; then M = 1). Every cell runs with the same
  per-cell epsilon and sensitivities for M records, and a unit's total is
  the sum of the K largest per-cell epsilons (the ITMS report §III F), here
  K * per-cell epsilon; so the per-cell epsilon is epsilon / min(K, cells).
  K is declared by the publisher and enforced by the sampling; it is never
  read from the data (the ITMS report reads K = 89 from its data).

Discrete Gaussian (NOISE=2; count and sum only). Every cell gets discrete
Gaussian noise calibrated to the L2 sensitivity of the whole vector of cells
(the derivation and proof are in :mod:`..mechanisms.gaussian_stats`): with
B = max(|LOWER|, |UPPER|) (rounded up to the grain g, at most B + g / 2;
g = the largest power of two <= B / 1024) and w = B for a sum, 1 for a count,
- RECORD: a record lies in one cell: L2 = w;
- USER: bounded differently from Laplace, to at most one record per cell
  and M distinct cells (``bound_distinct_cells``), so L2 = sqrt(M) w (the
  Laplace release's L1 is M w); a sum then adds one value per user and cell;
- USER_DAY: at most K cells and M records (or one mean) per cell, so
  L2 = sqrt(min(K, cells)) M w (the Laplace release spends epsilon / K per cell).
rho = zcdp_rho(EPSILON, DELTA) covers all cells at once; the record carries
rho, EPSILON and DELTA. The mean, the count above LIMIT and the quantiles
stay Laplace / exponential; a Gaussian sum with a minimum support is refused
(its support count would be a second, Laplace release).

Minimum support (the ITMS report publishes only HATs with at least 10 buses a
day): a cell is published only when a noisy count of its records is at
least ``min_support``. The count statistic tests its own noisy count, the
mean its noisy denominator (no extra budget); the sum, the count above
LIMIT and the quantiles spend ``support_share`` of the per-cell epsilon on a
separate noisy count (sequential composition within the cell).
"""

from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from ..mechanisms.bounded_stats import CONFIDENCE, exact_sums
from ..mechanisms.counting import LAPLACE, bound_contributions, bound_distinct_cells
from ..mechanisms.gaussian_stats import round_to_grain, sum_grain
from .zone_counts import null_user_mask
from .zone_statistics_spec import (  # noqa: F401 (the spec's names are part of this module's API)
    COLUMNS,
    COUNT,
    COUNT_ABOVE,
    FIVE_NUMBER,
    MEAN,
    MEDIAN,
    QUANTILES,
    QUARTILES,
    RECORD,
    STATISTICS,
    SUM,
    UNITS,
    USER,
    USER_DAY,
    ZoneStatisticsSpec,
)


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

    # Bounding by sampling (Kapp et al. 2023 §4.3); the unit key of each record.
    if spec.unit == USER and spec.noise != LAPLACE:  # the Gaussian's L2 bound: M distinct cells, one record each
        kept = bound_distinct_cells(user, flat, spec.max_contributions, rng)
    elif spec.unit == USER:
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
    if spec.per_unit_mean:  # the ITMS report Query 1: one value per user-day and cell, the mean of its clamped values
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
        aggregate.sums = exact_sums(flat, _gaussian_grain_values(x, spec), n_cells)
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


def _gaussian_grain_values(values: np.ndarray, spec: ZoneStatisticsSpec) -> np.ndarray:
    """The values the Gaussian sum adds up: rounded to its grain (core.mechanisms.gaussian_stats); others as given."""
    if spec.noise == LAPLACE or spec.statistic != SUM:
        return values
    return round_to_grain(values, sum_grain(spec.bounds.magnitude))


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
    cancelled=None,
) -> ZoneStatisticsRelease:
    """Clean, bound, clamp, aggregate per (zone, slot) cell, then the spec's mechanisms.

    ``cell`` is each record's zone index (OUTSIDE / negative for none),
    ``values`` its measured value, ``slot`` its slot index (negative for a
    NULL time; None: one slot), ``user_keys`` its user id (USER, USER_DAY),
    ``day`` its day (USER_DAY; for COUNT_ABOVE with USER, the days that make
    (user, day) pairs). With ``spec.per_unit_mean`` each user-day's clamped
    values in a cell are first replaced by their mean (the ITMS report Query 1: a
    bus's average speed that day in the HAT), so a unit adds one value to a
    cell (M = 1 in every sensitivity, no record sampling) and counts are of
    user-days. Raises ValueError for bad inputs. The two steps are
    :func:`aggregate_zone_statistics` (exact) and
    :func:`release_zone_statistics_from_aggregate` (noise; the Spark path
    calls it with the aggregate Spark computed). ``cancelled()`` (optional) is asked between blocks of the
    quantiles' work: True raises core.releases.release.ReleaseCancelledError.
    """
    aggregate = aggregate_zone_statistics(cell, values, spec, rng, n_zones=n_zones, n_slots=n_slots, slot=slot,
                                          user_keys=user_keys, day=day)
    return release_zone_statistics_from_aggregate(aggregate, spec, rng, cancelled)


def release_zone_statistics_from_aggregate(aggregate: ZoneStatisticsAggregate, spec: ZoneStatisticsSpec,
                                           rng: np.random.Generator, cancelled=None) -> ZoneStatisticsRelease:
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
                                             chosen, rng, cancelled=cancelled)
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
