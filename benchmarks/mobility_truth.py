"""The truth the mobility-report benchmark measures both tools against (bench_mobility_report_real.py), computed
independently of both: the expected counts, shares and weighted five-number summaries after the user bound, each of
a unit's n trips kept with probability min(1, M / n) (both tools sample M trips per unit uniformly), and the errors
of published shares and summaries against them."""

from collections import defaultdict

import numpy as np

M = 5  # trips kept per unit of privacy (the benchmark's MAX_TRIPS_PER_USER)
USER_EDGES = np.arange(1, M + 2) - 0.5
TRAVEL_EDGES, JUMP_EDGES = np.arange(0.0, 121.0, 5.0), np.arange(0.0, 21.0, 1.0)


def truth(unit, oz, dz):
    """Expected visits per zone and OD flows after keeping min(1, M / n) of each unit's n trips."""
    _, inverse, counts = np.unique(unit.astype(str), return_inverse=True, return_counts=True)
    keep = np.minimum(1.0, M / counts[inverse])
    visits, flows = defaultdict(float), defaultdict(float)
    for p, o, d in zip(keep, oz, dz):
        if o:
            visits[o] += p
        if d:
            visits[d] += p
        if o and d:
            flows[(o, d)] += p
    return visits, flows


def haversine(a, b):
    """Great-circle km between (lon, lat) degree arrays (radius 6371 km, as both tools)."""
    lon1, lat1, lon2, lat2 = (np.radians(v) for v in (a[:, 0], a[:, 1], b[:, 0], b[:, 1]))
    h = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * np.arcsin(np.sqrt(h))


def binned(values, edges, weights=None):
    """Weighted counts per [e_i, e_i+1) bin and one overflow bin above the last edge."""
    index = np.clip(np.searchsorted(edges, values, side="right") - 1, 0, len(edges) - 1)
    return np.bincount(index, weights=weights, minlength=len(edges)).astype(float)


def weighted_quantiles(values, weights, quantiles=(0.0, 0.25, 0.5, 0.75, 1.0)):
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order]) / np.sum(weights)
    return [float(values[order][min(len(values) - 1, np.searchsorted(cumulative, q))]) if q > 0 else
            float(values[order][0]) for q in quantiles]


def distribution_truth(unit, start, end, origin, dest):
    """Expected shares (after keeping min(1, M / n) of each unit's n trips) and five-number summaries of the
    shared distribution analyses; computed here from the records, independently of both tools."""
    _, inverse, counts = np.unique(unit.astype(str), return_inverse=True, return_counts=True)
    keep = np.minimum(1.0, M / counts[inverse])
    weekday = lambda t: ((t // 86400).astype(np.int64) + 3) % 7  # noqa: E731 (1970-01-01 was a Thursday)
    hours = np.zeros((4, 24))
    for offset, t in ((0, start), (1, end)):
        np.add.at(hours, (2 * (weekday(t) >= 5) + offset, ((t % 86400) // 3600).astype(int)), keep)
    travel, jump = (end - start) / 60.0, haversine(origin, dest)
    per_user = np.minimum(counts, M).astype(float)
    return {"trips_per_weekday": (np.bincount(weekday(start), weights=keep, minlength=7), None),
            "trips_per_hour": (hours.ravel(), None),
            "travel_time": (binned(travel, TRAVEL_EDGES, keep), weighted_quantiles(travel, keep)),
            "jump_length": (binned(jump, JUMP_EDGES, keep), weighted_quantiles(jump, keep)),
            "trips_per_user": (binned(per_user, USER_EDGES), weighted_quantiles(per_user, np.ones(len(per_user))))}


def shares(counts):
    counts = np.maximum(np.asarray(counts, dtype=float), 0.0)
    return counts / counts.sum() if counts.sum() > 0 else counts


def distribution_errors(published, truths):
    """Per analysis: mean absolute error of the shares over the bins (percentage points), and of the five-number
    summary and of its three quartiles alone (the analysis's unit) when published."""
    out = {}
    for name, (counts, summary) in published.items():
        true_counts, true_summary = truths[name]
        out[f"{name}_share_mae_pp"] = float(100 * np.mean(np.abs(shares(counts) - shares(true_counts))))
        if summary is not None and true_summary is not None:
            error = np.abs(np.asarray(summary, float) - true_summary)
            out[f"{name}_summary_mae"] = float(np.mean(error))
            out[f"{name}_quartiles_mae"] = float(np.mean(error[1:4]))
    return out
