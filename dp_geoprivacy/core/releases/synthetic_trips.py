"""Synthetic trips from noisy tables (dp_geoprivacy:synthetictrips), numpy only.

One entry point, :func:`release_synthetic_trips`, with two models:

MODEL 0, contingency tables (Roy, Kantarcioglu and Sweeney 2016 §3, Algorithm 1; §3.1 the tables,
§3.2 the sampling). The groups of attributes are fixed here, public, never
chosen from the data: origin x destination, origin x start-time bin,
(origin, destination) x duration bin, origin x each declared attribute,
plus one noisy total. Each table gets Laplace noise of scale M / epsilon_t
on every cell of its public domain (zones, time bins, duration bins and
category lists are all declared), with epsilon_t = EPSILON * w_t / sum(w)
from the declared weights; the tables are computed on the same trips, so
they compose sequentially (Asghar, Tyler and Kaafar 2017 Theorem 2): the release is EPSILON-DP.
Each trip adds 1 to one cell of each table: adding or removing a user with
at most M trips changes each table by at most M in L1 (Roy, Kantarcioglu and Sweeney 2016 says 2 for
a changed entry: replacement is two of our add/remove steps). Post-
processing (no privacy cost): round, negatives set to zero (Roy, Kantarcioglu and Sweeney 2016 §3.1),
normalise; N = the rounded, clamped noisy total (never the true one); N
trips are drawn i.i.d.: (origin, destination) from the OD table, the start
bin from the origin's row, the duration bin from the pair's row, each
attribute from the origin's row; a row whose noisy counts are all zero
falls back to the uniform distribution over its public cells. Within a bin
the start and the duration are uniform (Roy, Kantarcioglu and Sweeney 2016 §3.2: minutes and seconds
uniform, duration uniform in its bin).

The duration table has |zones|² x bins cells (43.75 million for 2,500
zones and 7 bins): its rows are noised when the sampling first needs them
(the pairs drawn, in sorted order). Rows never drawn would never influence
the output, so this has exactly the distribution of noising all of them.

Every noisy table cell and the noisy total are released by
``CountNoise.apply``: Mironov's snapping mechanism (:mod:`.counting`; grain
Lambda = smallest power of two >= b), so the floating-point attack on raw
double-precision Laplace does not apply; the record carries each table's
grain and the floating-point epsilon (sum over the tables).

NOISE=2 (``ContingencySpec.delta`` > 0): the discrete Gaussian on every
table instead, calibrated to each table's L2 sensitivity, the tables sharing
one rho-zCDP budget; each unit of privacy counts once per cell of every
table but the total. Sensitivity and proof: core.releases.synthetic_gaussian.

MODEL 1, stability histograms (Asghar, Tyler and Kaafar 2017 §3-4): see core.releases.synthetic_sbh.

What is not copied from Roy, Kantarcioglu and Sweeney 2016 (data-dependent, so not differentially
private): removing outliers by 3 IQR of the raw data, and grouping the
attributes by a chi-square or G test on the raw data. Here the duration
bins have a public maximum (longer trips are clamped into the last bin and
counted), and the groups are fixed.
"""

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping, Optional, Tuple

import numpy as np
import shapely

from ..mechanisms.counting import (
    LAPLACE,
    CountNoise,
    bound_contributions,
    clamp_and_round,
    composed_snapping_fields,
    histogram_sensitivity,
)
from ..mechanisms.validation import require_positive_finite
from .publication import Private
from .release import NoUsableRecordsError, Release, no_op, null_user_mask, user_codes
from .synthetic_gaussian import gaussian_table_budget, one_per_unit

CONTINGENCY, STABILITY = 0, 1
TOTAL, OD, START, DURATION = "total", "origin_destination", "origin_start", "od_duration"


def attribute_table(name: str) -> str:
    return f"origin_{name}"


@dataclass(frozen=True)
class TripData:
    """Trips as arrays (only usable trips: the glue drops and counts the others).

    ``origin_zone``/``dest_zone``: zone indices; ``start_bin``: public time
    bin of the start; ``end_bin``: time bin of the end (model 1, or None);
    ``duration_bin``: duration bin (model 0, or None); ``attributes``: name
    -> category codes (indices in the declared list); ``partition``:
    partition codes (model 1; codes numbered in the public order of the
    partition values); ``user_keys``: raw user ids, or None for item level.
    ``zone_order``: zone indices in the public order of their ids.
    """

    origin_zone: np.ndarray
    dest_zone: np.ndarray
    start_bin: np.ndarray
    zone_order: np.ndarray
    end_bin: Optional[np.ndarray] = None
    duration_bin: Optional[np.ndarray] = None
    attributes: Mapping[str, np.ndarray] = field(default_factory=dict)
    partition: Optional[np.ndarray] = None
    user_keys: Optional[np.ndarray] = None


def split_budget(epsilon: float, weights) -> Tuple[float, ...]:
    """epsilon_j = epsilon * w_j / sum(w); every weight must be finite and > 0."""
    epsilon = require_positive_finite("epsilon", epsilon)
    weights = tuple(float(w) for w in weights)
    if not weights:
        raise ValueError("at least one budget weight is needed")
    for w in weights:
        require_positive_finite("budget weight", w)
    total = math.fsum(weights)
    return tuple(epsilon * w / total for w in weights)


@dataclass(frozen=True)
class TableBudget:
    """The noise of every table of model 0: one CountNoise per table, composed sequentially."""

    tables: Tuple[Tuple[str, CountNoise], ...]

    @property
    def epsilon(self) -> float:
        return math.fsum(noise.epsilon for _, noise in self.tables)

    def noise(self, table: str) -> CountNoise:
        return dict(self.tables)[table]

    def per_table(self) -> str:
        """Each table's noise: its epsilon and Laplace scale (for the record and the notes)."""
        return "; ".join(f"{name} epsilon {noise.epsilon:.4g}, b {noise.scale:.4g}" for name, noise in self.tables)

    def record_fields(self, unit_of_privacy: str) -> dict:
        largest = max(noise.scale for _, noise in self.tables)
        per_table = self.per_table()
        return {
            "mechanism": "Laplace noise with Mironov's snapping on every cell of public contingency tables, "
                         "synthetic trips sampled from them (Roy, Kantarcioglu and Sweeney 2016 §3)",
            **composed_snapping_fields(self.tables),
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy,
            "sensitivity": self.tables[0][1].sensitivity,
            "sensitivity_unit": "count, L1 per table (sequential composition over the tables)",
            "noise_scale": largest,
            "noise_scale_unit": f"count (largest Laplace scale b of the tables; {per_table})",
        }


@dataclass(frozen=True)
class ContingencySpec:
    """Model 0 settings: public domains, the budget split and the unit of privacy.

    ``weights``: one per table in :meth:`table_names` order (total, OD,
    start, duration if ``n_duration_bins``, then one per category).
    ``categories``: (attribute name, number of categories) in order.
    ``delta`` > 0: the discrete Gaussian at (epsilon, delta) (NOISE=2,
    core.releases.synthetic_gaussian); 0: Laplace, pure epsilon-DP.
    """

    epsilon: float
    weights: Tuple[float, ...]
    n_zones: int
    n_time_bins: int
    unit_of_privacy: str
    n_duration_bins: int = 0
    categories: Tuple[Tuple[str, int], ...] = ()
    max_trips: int = 1
    delta: float = 0.0

    @property
    def gaussian(self) -> bool:
        return bool(self.delta)

    def table_names(self) -> Tuple[str, ...]:
        names = [TOTAL, OD, START] + ([DURATION] if self.n_duration_bins else [])
        return tuple(names + [attribute_table(name) for name, _ in self.categories])

    def mechanism(self):
        """TableBudget (Laplace) or, with ``delta``, synthetic_gaussian.GaussianTableBudget."""
        names = self.table_names()
        if len(self.weights) != len(names):
            raise ValueError(f"{len(names)} budget weights are needed ({', '.join(names)}), got {len(self.weights)}")
        epsilons = split_budget(self.epsilon, self.weights)
        if self.gaussian:
            return gaussian_table_budget(self.epsilon, self.delta, names, epsilons, self.max_trips)
        sensitivity = histogram_sensitivity(self.max_trips, 1)
        return TableBudget(tuple((n, CountNoise(LAPLACE, e, sensitivity)) for n, e in zip(names, epsilons)))


def prepare(data: TripData, max_trips: int, before_noise, record_fields, rng):
    """Drop NULL users, call ``before_noise``, bound users: (row indices kept, facts)."""
    n = len(np.asarray(data.origin_zone))
    rows = np.arange(n)
    facts = {"null_users": Private(0), "dropped_by_bound": Private(0)}
    if data.user_keys is not None:
        null = null_user_mask(data.user_keys)
        facts["null_users"] = Private(int(null.sum()))
        rows = rows[~null]
        if not len(rows):
            raise NoUsableRecordsError("every trip has a NULL user id")
    if not len(rows):
        raise NoUsableRecordsError("no usable trip")
    facts["trips"] = Private(len(rows))
    before_noise(record_fields)
    if data.user_keys is not None:
        keys = user_codes(np.ma.asarray(data.user_keys)[rows])
        kept = bound_contributions(keys, max_trips, rng)
        facts["dropped_by_bound"] = Private(len(rows) - len(kept))
        rows = rows[kept]
    return rows, facts


def _sample_rows(probability_rows: np.ndarray, row_of_draw: np.ndarray, rng) -> np.ndarray:
    """For each draw, a column index from the row ``row_of_draw[i]`` of weights (>= 0, each row sum > 0).

    One searchsorted over all rows: row r's CDF shifted by r stays
    increasing (fast when ``row_of_draw`` is sorted, as it is here).
    """
    k = probability_rows.shape[1]
    cdf = np.cumsum(probability_rows, axis=1)
    cdf /= cdf[:, -1:]
    cdf[:, -1] = 1.0
    flat = (cdf + np.arange(len(cdf))[:, None]).ravel()
    u = rng.random(len(row_of_draw))
    position = np.searchsorted(flat, row_of_draw + u, side="right")
    return np.minimum(position - row_of_draw * k, k - 1)


def sample_cells(weights: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """n i.i.d. cell indices with probability weights / sum(weights) (weights >= 0, sum > 0), sorted.

    Sorted uniforms through the CDF: the same multiset as n independent
    draws, in cell order (callers shuffle the finished trips).
    """
    cdf = np.cumsum(weights, dtype=float)
    cdf /= cdf[-1]
    cdf[-1] = 1.0
    return np.minimum(np.searchsorted(cdf, np.sort(rng.random(n)), side="right"), len(cdf) - 1)


def _row_distribution(published: np.ndarray) -> np.ndarray:
    """Rows of published counts as sampling weights; an all-zero row becomes uniform (public fallback)."""
    weights = np.array(published, dtype=float)
    empty = weights.sum(axis=1) <= 0
    weights[empty] = 1.0
    return weights


def _noisy_dense(counts: np.ndarray, noise: CountNoise, rng) -> np.ndarray:
    """The released table (snapped, ``CountNoise.apply``), rounded with negatives set to zero."""
    return clamp_and_round(noise.apply(counts, rng))


def release_contingency(data: TripData, spec: ContingencySpec, rng: np.random.Generator,
                        before_noise: Callable[[dict], None] = no_op) -> Release:
    """Model 0 (see module doc). Zone indices in ``result`` are indices of the caller's zones."""
    budget = spec.mechanism()
    record = budget.record_fields(spec.unit_of_privacy)
    nz, nt, nd = int(spec.n_zones), int(spec.n_time_bins), int(spec.n_duration_bins)
    # Input errors before any draw (and before the budget is reserved).
    check_range(data.origin_zone, nz, "origin zone")
    check_range(data.dest_zone, nz, "destination zone")
    check_range(data.start_bin, nt, "start bin")
    if nd:
        if data.duration_bin is None:
            raise ValueError("n_duration_bins > 0 needs duration_bin")
        check_range(data.duration_bin, nd, "duration bin")
    for name, k in spec.categories:
        check_range(data.attributes[name], k, f"category of {name}")
    rows, facts = prepare(data, spec.max_trips, before_noise, record, rng)
    cells = table_cells(data, rows, spec)
    units = units_of(data, rows) if spec.gaussian else None
    # Noisy tables, drawn in a fixed order (total, OD, start, attributes; durations when sampled).
    total = float(_noisy_dense(exact_table(TOTAL, cells, units), budget.noise(TOTAL), rng)[0])
    od = _noisy_dense(exact_table(OD, cells, units), budget.noise(OD), rng)
    start_table = _noisy_dense(exact_table(START, cells, units).reshape(nz, nt), budget.noise(START), rng)
    attribute_tables = {}
    for name, k in spec.categories:
        counts = exact_table(attribute_table(name), cells, units).reshape(nz, k)
        attribute_tables[name] = _noisy_dense(counts, budget.noise(attribute_table(name)), rng)
    n = int(total) if od.sum() > 0 else 0
    facts.update(noisy_total=total, synthetic_trips=n)
    # Sampling (post-processing of the noisy tables).
    pair = sample_cells(od, n, rng) if n else np.empty(0, dtype=np.int64)
    syn_origin, syn_dest = pair // nz, pair % nz
    syn_start = _sample_rows(_row_distribution(start_table), syn_origin, rng) if n else pair
    result = {"origin_index": syn_origin, "dest_index": syn_dest, "start_bin": syn_start,
              "start_offset": rng.random(n)}
    tables = {TOTAL: np.array([total]), OD: od, START: start_table}
    if nd:
        pairs_drawn, row_of_draw = np.unique(pair, return_inverse=True)
        keys = cells[DURATION][0] if units is None else one_per_unit(units, cells[DURATION][0])
        true_keys, true_counts = np.unique(keys, return_counts=True)
        cells = (pairs_drawn[:, None] * nd + np.arange(nd)).ravel()
        position = np.minimum(np.searchsorted(true_keys, cells), max(len(true_keys) - 1, 0))
        hit = (true_keys[position] == cells) if len(true_keys) else np.zeros(len(cells), dtype=bool)
        counts = np.where(hit, true_counts[position] if len(true_keys) else 0, 0).reshape(-1, nd).astype(float)
        duration_rows = _noisy_dense(counts, budget.noise(DURATION), rng)
        result["duration_bin"] = _sample_rows(_row_distribution(duration_rows), row_of_draw.ravel(), rng)
        result["duration_offset"] = rng.random(n)
        tables[DURATION] = (pairs_drawn, duration_rows)
    for name, table in attribute_tables.items():
        result[f"attribute:{name}"] = _sample_rows(_row_distribution(table), syn_origin, rng)
        tables[attribute_table(name)] = table
    facts["tables"] = tables
    # The trips were drawn in (origin, destination) order: publish them in a random order.
    order = rng.permutation(n)
    result = {name: values[order] for name, values in result.items()}
    return Release(result, budget, record, facts)


def table_cells(data: TripData, rows: np.ndarray, spec: ContingencySpec) -> dict:
    """Table name -> (each kept trip's cell in that table, the table's number of cells); the total has one cell."""
    nz, nt, nd = int(spec.n_zones), int(spec.n_time_bins), int(spec.n_duration_bins)
    origin = np.asarray(data.origin_zone, dtype=np.int64)[rows]
    pair = origin * nz + np.asarray(data.dest_zone, dtype=np.int64)[rows]
    cells = {TOTAL: (np.zeros(len(rows), dtype=np.int64), 1), OD: (pair, nz * nz),
             START: (origin * nt + np.asarray(data.start_bin, dtype=np.int64)[rows], nz * nt)}
    if nd:
        cells[DURATION] = (pair * nd + np.asarray(data.duration_bin, dtype=np.int64)[rows], nz * nz * nd)
    for name, k in spec.categories:
        cells[attribute_table(name)] = (origin * k + np.asarray(data.attributes[name], dtype=np.int64)[rows], nz * k)
    return cells


def units_of(data: TripData, rows: np.ndarray) -> np.ndarray:
    """The unit of privacy of each kept trip as an integer code: its user, or (item level) the trip itself."""
    if data.user_keys is None:
        return np.arange(len(rows))
    return np.unique(user_codes(np.ma.asarray(data.user_keys)[rows]), return_inverse=True)[1].ravel()


def exact_table(name: str, cells: dict, units: Optional[np.ndarray] = None) -> np.ndarray:
    """The exact counts of one table (flat): trips per cell; with ``units`` (the Gaussian) units per cell,
    each unit counted once per cell, except in the total (core.releases.synthetic_gaussian)."""
    cell, n_cells = cells[name]
    if units is not None and name != TOTAL:
        cell = one_per_unit(units, cell)
    return np.bincount(cell, minlength=n_cells).astype(float)


def check_range(values, size, what):
    values = np.asarray(values)
    if len(values) and (values.min() < 0 or values.max() >= size):
        raise ValueError(f"{what} indices must be in [0, {size})")


def release_synthetic_trips(data: TripData, spec, rng: np.random.Generator,
                            before_noise: Callable[[dict], None] = no_op) -> Release:
    """Release synthetic trips with model 0 (ContingencySpec) or model 1 (synthetic_sbh.StabilitySpec).

    ``facts`` carry counts for the log and, for model 0, ``tables`` (the
    noisy tables, already released) and ``noisy_total``. Raises
    NoUsableRecordsError (before ``before_noise``) when no trip is usable.
    """
    from .synthetic_sbh import StabilitySpec, release_stability

    if isinstance(spec, ContingencySpec):
        return release_contingency(data, spec, rng, before_noise)
    if isinstance(spec, StabilitySpec):
        return release_stability(data, spec, rng, before_noise)
    raise TypeError(f"unknown synthetic-trip spec {type(spec).__name__}")


# --- geometry helpers (post-processing) --------------------------------------------------------


def random_points_in_polygons(polygons, index: np.ndarray, rng: np.random.Generator,
                              max_rounds: int = 200) -> np.ndarray:
    """(n, 2) points uniform inside ``polygons[index[i]]`` (rejection from each polygon's bounding box).

    A polygon too thin to be hit within ``max_rounds`` rounds gets its point
    on surface for the remaining points.
    """
    index = np.asarray(index, dtype=np.int64)
    out = np.full((len(index), 2), np.nan)
    if not len(index):
        return out
    used = np.unique(index)
    bounds = np.full((len(polygons), 4), np.nan)
    bounds[used] = shapely.bounds(np.asarray(polygons, dtype=object)[used])
    shapely.prepare(np.asarray(polygons, dtype=object)[used])
    todo = np.arange(len(index))
    for _ in range(max_rounds):
        if not len(todo):
            break
        b = bounds[index[todo]]
        x = b[:, 0] + rng.random(len(todo)) * (b[:, 2] - b[:, 0])
        y = b[:, 1] + rng.random(len(todo)) * (b[:, 3] - b[:, 1])
        inside = shapely.contains_xy(np.asarray(polygons, dtype=object)[index[todo]], x, y)
        out[todo[inside]] = np.column_stack((x[inside], y[inside]))
        todo = todo[~inside]
    if len(todo):
        out[todo] = shapely.get_coordinates(shapely.point_on_surface(np.asarray(polygons, dtype=object)[index[todo]]))
    return out
