"""Utility check of synthetic trips against the original ones: NOT differentially private.

Roy, Kantarcioglu and Sweeney 2016 §4, Fig. 1: the top 5 origin stations (outgoing trips), the top 5
destination stations (incoming), the top 5 days and the top 5 routes of the
original data, each with its share of trips in the original and in the
synthetic data; and per table the average relative error and the earth
mover's distance (EMD) between the original and the synthetic
distribution. Every figure here is a statistic of the raw data: the result
is a calibration aid for the data holder, never for publication.

Definitions used:
* share: count / total count of that data set (so N need not match);
* average relative error of a table: the mean over cells with an original
  count > 0 of |synthetic share - original share| / original share;
* EMD: between the two distributions over the table's cells, with ground
  distance |i - j| in bins for ordered cells (time and duration bins) and
  the 0/1 distance for unordered cells (zones, pairs, categories), where
  the EMD equals the total variation distance (half the L1 distance).
"""

from dataclasses import dataclass
from typing import List

import numpy as np


@dataclass(frozen=True)
class TopRow:
    statistic: str
    rank: int
    key: int
    original_share: float
    synthetic_share: float


@dataclass(frozen=True)
class TableError:
    table: str
    average_relative_error: float
    emd: float
    emd_ground: str


def shares(keys: np.ndarray, size: int) -> np.ndarray:
    counts = np.bincount(np.asarray(keys, dtype=np.int64), minlength=size).astype(float)
    total = counts.sum()
    return counts / total if total else counts


def top_rows(statistic: str, original_keys, synthetic_keys, size: int, k: int = 5) -> List[TopRow]:
    """The k most frequent keys of the original with their shares in both data sets (ties: smaller key first)."""
    original, synthetic = shares(original_keys, size), shares(synthetic_keys, size)
    order = np.lexsort((np.arange(size), -original))[:k]
    return [TopRow(statistic, rank + 1, int(key), float(original[key]), float(synthetic[key]))
            for rank, key in enumerate(order.tolist()) if original[key] > 0]


def table_error(table: str, original_keys, synthetic_keys, size: int, ordered: bool) -> TableError:
    """Average relative error and EMD between the two distributions over ``size`` cells."""
    original, synthetic = shares(original_keys, size), shares(synthetic_keys, size)
    present = original > 0
    are = float(np.mean(np.abs(synthetic[present] - original[present]) / original[present])) if present.any() \
        else float("nan")
    if ordered:
        emd = float(np.abs(np.cumsum(original - synthetic)).sum())
        ground = "|i - j| bins"
    else:
        emd = float(0.5 * np.abs(original - synthetic).sum())
        ground = "0/1 (total variation)"
    return TableError(table, are, emd, ground)


def sparse_table_error(table: str, original_keys, synthetic_keys) -> TableError:
    """table_error for unordered cells given as arbitrary int64 keys (e.g. OD pairs over many zones)."""
    keys, inverse = np.unique(np.concatenate((np.asarray(original_keys, dtype=np.int64),
                                              np.asarray(synthetic_keys, dtype=np.int64))), return_inverse=True)
    n = len(original_keys)
    return table_error(table, inverse[:n], inverse[n:], len(keys), ordered=False)
