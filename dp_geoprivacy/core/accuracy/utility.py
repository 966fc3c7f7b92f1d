"""Utility of a release measured against the raw data it came from (dp_geoprivacy:utilityreport).

NOT differentially private: every figure here is a statistic of the raw
data, for the data holder who decides whether a release is usable. Nothing
computed here may be published with the release.

Counts per cell (zone counts, OD flows): the released layer lists the
published cells with their noisy value; a cell not published counts as 0
(what a reader of the layer sees). Metrics (Kapp et al. 2023 §5.2 uses the same
families: MAE and relative errors of counts, SMAPE and the share of
missing / spurious flows for OD):

- ``mae``, ``rmse``: mean absolute / root mean square error over the cells
  (published or with a true count above 0, or every cell of a declared
  domain); comparable with the planner's expected absolute error and RMSE
  (core.accuracy.planning) for cells well above zero;
- ``relative_error``: sum |noisy - true| / sum true;
- ``zero_share_nonzero``: among cells whose true count is 0, the share
  published with a value above 0;
- ``smape``: mean of |noisy - true| / ((|noisy| + |true|) / 2) over cells
  where either is non-zero;
- ``correlation``: Pearson's r between noisy and true values;
- ``top_overlap``: share of the n largest true cells among the n largest
  published ones;
- ``spurious``: published with a value above 0 while the true count is 0;
  ``missing``: true count above 0 but not published (or published as 0).

Zone statistics (noisyzonestatistics): per zone the raw statistic of the
values in it (``zone_statistic_truth``: sum, mean, or ``numpy.quantile``
with linear interpolation for each quantile of the release) against the
published one; ``compare_statistics`` gives the MAE and RMSE over the
zones published with data (every column of a quantile release counted),
comparable with the planner's figures (core.accuracy.accuracy_statistics).

Everything here is numpy and stdlib; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Mapping

import numpy as np


@dataclass(frozen=True)
class CountComparison:
    """Metrics of noisy against true counts over a set of cells (module doc)."""

    cells: int
    mae: float
    rmse: float
    relative_error: float
    smape: float
    correlation: float
    true_total: float
    noisy_total: float
    zero_cells: int
    zero_share_nonzero: float
    spurious: int
    missing: int
    top_n: int
    top_overlap: float

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


def align(true: Mapping, noisy: Mapping, domain=None):
    """(keys, true values, noisy values) over the union of keys (or ``domain``); absent cells are 0."""
    keys = list(domain) if domain is not None else sorted(set(true) | set(noisy), key=repr)
    t = np.array([float(true.get(k, 0.0)) for k in keys])
    n = np.array([float(noisy.get(k, 0.0)) for k in keys])
    n = np.where(np.isnan(n), 0.0, n)
    return keys, t, n


def compare_counts(true: Mapping, noisy: Mapping, domain=None, top_n: int = 10) -> CountComparison:
    """Compare released values ``noisy`` {cell: value} with raw counts ``true`` {cell: count}."""
    _, t, n = align(true, noisy, domain)
    if not len(t):
        raise ValueError("no cells to compare")
    error = n - t
    either = (np.abs(n) + np.abs(t)) > 0
    smape = float(np.mean(np.abs(error[either]) / ((np.abs(n[either]) + np.abs(t[either])) / 2.0))) \
        if either.any() else 0.0
    zero = t == 0
    if len(t) > 1 and np.std(t) > 0 and np.std(n) > 0:
        correlation = float(np.corrcoef(t, n)[0, 1])
    else:
        correlation = math.nan
    top_n = int(min(top_n, len(t)))
    if top_n:
        top_true = set(np.argsort(-t, kind="stable")[:top_n].tolist())
        top_noisy = set(np.argsort(-n, kind="stable")[:top_n].tolist())
        overlap = len(top_true & top_noisy) / top_n
    else:
        overlap = math.nan
    return CountComparison(
        cells=len(t),
        mae=float(np.mean(np.abs(error))),
        rmse=float(np.sqrt(np.mean(error**2))),
        relative_error=float(np.sum(np.abs(error)) / np.sum(t)) if np.sum(t) > 0 else math.nan,
        smape=smape,
        correlation=correlation,
        true_total=float(t.sum()),
        noisy_total=float(n.sum()),
        zero_cells=int(zero.sum()),
        zero_share_nonzero=float(np.mean(n[zero] > 0)) if zero.any() else math.nan,
        spurious=int(np.sum(zero & (n > 0))),
        missing=int(np.sum((t > 0) & (n <= 0))),
        top_n=top_n,
        top_overlap=overlap,
    )


def sampling_tolerance(sd: float, cells: int, z: float = 4.0) -> float:
    """z standard errors of a mean over ``cells`` independent cells with standard deviation ``sd``."""
    return z * sd / math.sqrt(max(1, cells))


# --- zone statistics ------------------------------------------------------------------------

_QUANTILES = {"median": (0.5,), "quartiles": (0.25, 0.5, 0.75), "five_number": (0.0, 0.25, 0.5, 0.75, 1.0)}


def zone_statistic_truth(values, statistic: str) -> np.ndarray:
    """The raw statistic of one zone's values, one entry per column of the release (module doc)."""
    values = np.asarray(values, dtype=float)
    values = values[~np.isnan(values)]
    if statistic == "sum":
        return np.array([values.sum()])
    if not len(values):
        return np.full(len(_QUANTILES.get(statistic, (0,))), np.nan)
    if statistic == "mean":
        return np.array([values.mean()])
    if statistic in _QUANTILES:
        return np.quantile(values, _QUANTILES[statistic])
    raise ValueError(f"no raw figure for the statistic {statistic!r}")


@dataclass(frozen=True)
class StatisticComparison:
    """Errors of published zone statistics against the raw ones (module doc)."""

    zones: int
    columns: tuple
    mae: float
    rmse: float
    bias: float
    max_abs_error: float
    column_mae: tuple
    published_without_data: int

    def as_row(self) -> dict:
        return {key: getattr(self, key) for key in self.__dataclass_fields__ if key not in ("columns", "column_mae")}


def compare_statistics(true: Mapping, noisy: Mapping, columns) -> StatisticComparison:
    """Compare ``noisy`` {zone: published values} with ``true`` {zone: raw values} (arrays, one per column).

    Zones published whose raw figure is undefined (no data: a mean or a
    quantile of nothing) are counted in ``published_without_data`` and left
    out of the errors.
    """
    keys = [k for k in sorted(noisy, key=repr) if k in true and not np.any(np.isnan(np.asarray(true[k], float)))]
    without = sum(1 for k in noisy if k not in keys)
    if not keys:
        raise ValueError("no published zone has data to compare with")
    t = np.array([np.asarray(true[k], dtype=float) for k in keys])
    n = np.array([np.asarray(noisy[k], dtype=float) for k in keys])
    error = n - t
    return StatisticComparison(
        zones=len(keys), columns=tuple(columns), mae=float(np.mean(np.abs(error))),
        rmse=float(np.sqrt(np.mean(error**2))), bias=float(np.mean(error)), max_abs_error=float(np.max(np.abs(error))),
        column_mae=tuple(float(v) for v in np.mean(np.abs(error), axis=0)), published_without_data=int(without))


# --- locations ----------------------------------------------------------------------------------

MAX_EMD_CELLS = 300


@dataclass(frozen=True)
class GridEmd:
    """Earth mover's distance (metres) between two point sets binned on a public grid."""

    emd: float
    cell: float
    cells_true: int
    cells_released: int


def _grid_histogram(xy, cell):
    keys = np.floor(np.asarray(xy, dtype=float) / cell).astype(np.int64)
    unique, counts = np.unique(keys, axis=0, return_counts=True)
    return (unique + 0.5) * cell, counts / counts.sum()


def grid_emd(true_xy, released_xy, cell: float, max_cells: int = MAX_EMD_CELLS) -> GridEmd:
    """EMD between the two sets' distributions over square cells of ``cell`` metres (a public grid anchored
    at the CRS origin), each set weighted to a total of 1, with the Euclidean distance between cell centres
    as the cost: the transport problem solved exactly (scipy's HiGHS). When either set covers more than
    ``max_cells`` cells, the cell size is doubled until neither does (the size used is returned): the
    EMD at a cell size is within about one cell diagonal of the EMD of the points themselves.
    """
    from scipy.optimize import linprog  # noqa: PLC0415 (only this function needs it)
    from scipy.sparse import coo_matrix  # noqa: PLC0415

    if not (cell > 0 and math.isfinite(cell)):
        raise ValueError("the grid cell must be a finite number > 0")
    true_xy, released_xy = np.asarray(true_xy, dtype=float), np.asarray(released_xy, dtype=float)
    if not len(true_xy) or not len(released_xy):
        raise ValueError("both point sets need at least one point")
    while True:
        a_xy, a = _grid_histogram(true_xy, cell)
        b_xy, b = _grid_histogram(released_xy, cell)
        if max(len(a), len(b)) <= max_cells:
            break
        cell *= 2.0
    n, m = len(a), len(b)
    cost = np.hypot(a_xy[:, None, 0] - b_xy[None, :, 0], a_xy[:, None, 1] - b_xy[None, :, 1]).ravel()
    rows = np.concatenate((np.repeat(np.arange(n), m), n + np.tile(np.arange(m), n)))
    cols = np.concatenate((np.arange(n * m), np.arange(n * m)))
    equality = coo_matrix((np.ones(2 * n * m), (rows, cols)), shape=(n + m, n * m)).tocsr()
    solution = linprog(cost, A_eq=equality, b_eq=np.concatenate((a, b)), bounds=(0, None), method="highs")
    if not solution.success:
        raise ValueError(f"the transport problem was not solved: {solution.message}")
    return GridEmd(float(solution.fun), float(cell), n, m)


@dataclass(frozen=True)
class Displacement:
    """Distances between paired true and released points (metres)."""

    pairs: int
    mean: float
    median: float
    q90: float
    q95: float


def displacement(true_xy, released_xy) -> Displacement:
    """Euclidean distance between each true point and its released partner (same row)."""
    d = np.hypot(*(np.asarray(released_xy, dtype=float) - np.asarray(true_xy, dtype=float)).T)
    if not len(d):
        raise ValueError("no paired points")
    return Displacement(len(d), float(d.mean()), float(np.median(d)), float(np.quantile(d, 0.9)),
                        float(np.quantile(d, 0.95)))


def escape_share_per_zone(true_zone, released_zone, n_zones: int) -> np.ndarray:
    """Per zone, the share of its (paired) true points whose released point lies in another zone (NaN: none)."""
    true_zone, released_zone = np.asarray(true_zone), np.asarray(released_zone)
    inside = true_zone >= 0
    total = np.bincount(true_zone[inside], minlength=n_zones).astype(float)
    left = np.bincount(true_zone[inside & (released_zone != true_zone)], minlength=n_zones).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, left / total, np.nan)
