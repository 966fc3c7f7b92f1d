"""Similarity of two mobility reports (Kapp et al. 2023 §5.2.3), for the benchmark mode of dp_geoprivacy:mobilityreport.

Measures, with the peer's defaults per analysis: relative error for single
counts (TripCountError), Jensen-Shannon divergence for distributions
(histograms, trips per weekday/hour/period), earth mover's distance over
zone centroids in metres for visits per zone (LocationError), SMAPE for
five-number summaries (RadiusOfGyrationError) and for the normalised OD
matrix (ODFlowError); Kullback-Leibler divergence where the peer offers it; for the rankings of zones and
of flows, Kendall's tau and top-n coverage (the peer's benchmark measures); beside our Jensen-Shannon divergence
(base 2) the peer's "JSD", which is scipy's Jensen-Shannon distance (its square root, natural log).

:func:`noise_free_report` computes the same analyses without noise. It is
NOT differentially private: its values are the data (after the user bound),
and everything made from it is labelled so (title, metadata, keywords). It
is not a release and never feeds one. Everything here is numpy and scipy; no QGIS.
"""

import math

import numpy as np

from ..releases import mobility_analyses as ma
from ..releases.mobility_report import bounded_trips
from ..releases.od_flows import count_pairs
from ..releases.release import null_user_mask

EMD_MAX_VARIABLES = 4_000_000  # support(a) x support(b) transport variables; larger problems are not solved


def entropy(p, q, base=2):
    """Relative entropy sum p log(p / q) (base ``base``); infinite where q is 0 and p is not.

    Written here rather than taken from scipy.stats, whose import pulls in
    compiled Fortran modules the plugin does not otherwise load.
    """
    p, q = np.asarray(p, dtype=float), np.asarray(q, dtype=float)
    used = p > 0
    if np.any(q[used] == 0):
        return math.inf
    return float(np.sum(p[used] * np.log(p[used] / q[used])) / math.log(base))


def relative_error(true, other) -> float:
    true, other = float(true), float(other)
    return abs(true - other) / true if true else (0.0 if other == 0 else math.inf)


def _normalised(values):
    values = np.clip(np.asarray(values, dtype=float).ravel(), 0, None)
    total = values.sum()
    return values / total if total > 0 else None


def jensen_shannon(p, q) -> float:
    """JS divergence (base 2, 0 to 1) of two count vectors, each normalised; NaN when one is all zero."""
    p, q = _normalised(p), _normalised(q)
    if p is None or q is None:
        return math.nan
    m = (p + q) / 2
    return float(0.5 * entropy(p, m, base=2) + 0.5 * entropy(q, m, base=2))


def kullback_leibler(p, q) -> float:
    """KL divergence D(p || q) (base 2): infinite where q is 0 and p is not."""
    p, q = _normalised(p), _normalised(q)
    if p is None or q is None:
        return math.nan
    return float(entropy(p, q, base=2))


def smape(a, b) -> float:
    """(1/n) sum 2|a-b| / (|a|+|b|) over entries where |a|+|b| > 0 (Kapp et al. 2023 §5.2.3; 0 to 2)."""
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    denominator = np.abs(a) + np.abs(b)
    used = denominator > 0
    if not used.any():
        return 0.0
    return float(np.mean(2 * np.abs(a - b)[used] / denominator[used]))


RANKING_TOP_N = (10, 100)


def jensen_shannon_distance(p, q) -> float:
    """The peer's "JSD": scipy's Jensen-Shannon distance, the square root of the divergence in natural log."""
    divergence = jensen_shannon(p, q)
    return math.sqrt(max(divergence, 0.0) * math.log(2.0)) if divergence == divergence else math.nan


def top_n(values: dict, n: int) -> list:
    """The keys of the n largest values (ties by key order), only keys with a value > 0."""
    ranked = sorted((k for k, v in values.items() if v > 0), key=lambda k: (-values[k], k))
    return ranked[:n]


def top_n_coverage(reference: dict, other: dict, n: int) -> float:
    """Share of the reference's top n found in the other's top n (the peer's top-n coverage); NaN when the
    reference has no positive value."""
    base = top_n(reference, n)
    return len(set(base) & set(top_n(other, n))) / len(base) if base else math.nan


def kendall_tau(reference: dict, other: dict, n: int) -> float:
    """Kendall's tau-b of the reference's top n items ranked by the reference and by the other (absent: 0).

    The peer correlates the tile indices of the two top-n lists position by position; here the same items are
    ranked twice, so 1 means the released report orders the true top n exactly as the data does.
    """
    items = top_n(reference, n)
    x = np.array([reference[k] for k in items], dtype=float)
    y = np.array([other.get(k, 0.0) for k in items], dtype=float)
    if len(items) < 2:
        return math.nan
    dx, dy = np.sign(x[:, None] - x[None, :]), np.sign(y[:, None] - y[None, :])
    upper = np.triu_indices(len(items), 1)
    concordance = float(np.sum(dx[upper] * dy[upper]))
    tied_x, tied_y = float(np.sum(dx[upper] != 0)), float(np.sum(dy[upper] != 0))
    return concordance / math.sqrt(tied_x * tied_y) if tied_x and tied_y else math.nan


def ranking_rows(name: str, reference: dict, other: dict) -> list:
    """Kendall's tau and top-n coverage rows of one ranking, for each n in RANKING_TOP_N."""
    rows = []
    for n in RANKING_TOP_N:
        rows.append((f"{name} ranking", f"Kendall's tau (top {n})", kendall_tau(reference, other, n)))
        rows.append((f"{name} ranking", f"top-{n} coverage", top_n_coverage(reference, other, n)))
    return rows


def od_flow_error(a: dict, b: dict) -> float:
    """SMAPE of the normalised OD matrices over their combined support (Kapp et al. 2023 ODFlowError)."""
    ta, tb = sum(a.values()), sum(b.values())
    keys = [k for k in set(a) | set(b) if a.get(k, 0) > 0 or b.get(k, 0) > 0]
    if not keys or not ta or not tb:
        return math.nan
    return smape([a.get(k, 0) / ta for k in keys], [b.get(k, 0) / tb for k in keys])


def earth_movers_distance(p, q, centroids_lonlat) -> float:
    """EMD in metres between two visit distributions over zones (haversine between centroids; Kapp et al. 2023
    LocationError).

    Solved exactly as a transport problem over the two supports; NaN when
    support(p) x support(q) exceeds EMD_MAX_VARIABLES.
    """
    p, q = _normalised(p), _normalised(q)
    if p is None or q is None:
        return math.nan
    i, j = np.flatnonzero(p), np.flatnonzero(q)
    if len(i) * len(j) > EMD_MAX_VARIABLES:
        return math.nan
    a, b = np.asarray(centroids_lonlat, dtype=float)[i], np.asarray(centroids_lonlat, dtype=float)[j]
    cost = 1000.0 * ma.haversine_km(np.repeat(a, len(j), axis=0), np.tile(b, (len(i), 1)))
    n, m = len(i), len(j)
    rows = np.repeat(np.arange(n), m)
    cols = np.tile(np.arange(m), n)
    from scipy import optimize  # only when an EMD is asked for
    from scipy.sparse import coo_matrix, vstack

    variables = np.arange(n * m)
    a_eq = vstack([coo_matrix((np.ones(n * m), (rows, variables)), shape=(n, n * m)),
                   coo_matrix((np.ones(n * m), (cols, variables)), shape=(m, n * m))]).tocsr()
    result = optimize.linprog(cost, A_eq=a_eq, b_eq=np.concatenate((p[i], q[j])), bounds=(0, None),
                              method="highs")
    return float(result.fun) if result.success else math.nan


def noise_free_report(data, spec, rng) -> dict:
    """The analyses of ``spec`` without noise, after the same user bound (NOT differentially private; see module)."""
    t = bounded_trips(data.subset(~null_user_mask(data.user)), spec.max_trips, rng)
    n, out = t.n_zones, {}
    for name in spec.analyses:
        if name == "dataset_statistics":
            c, i, u, loc = ma._exact_dataset_statistics(t)
            out[name] = np.array([2 * c + i, c + i, c, i, u, loc])
        elif name == "missing_values":
            out[name] = ma._exact_missing_values(t)
        elif name == "trips_over_time":
            out[name] = ma._exact_trips_over_time(t, spec.period)
        elif name == "trips_per_weekday":
            out[name] = ma._exact_trips_per_weekday(t)
        elif name == "trips_per_hour":
            out[name] = ma._exact_trips_per_hour(t)
        elif name == "visits_per_zone":
            out[name] = ma._exact_visits_per_zone(t, n)
        elif name == "visits_per_time_window":
            out[name] = ma._exact_visits_per_time_window(t, n)
            out[name + "_totals"] = out[name].sum(axis=1)
        elif name == "od_flows":
            located = ma.complete_located(t)
            pairs = count_pairs(t.start_zone[located], t.end_zone[located], n, True)
            origin, dest = pairs.domain.cells(pairs.ranks)
            out["od_origin"], out["od_dest"], out["od_flows"] = origin, dest, pairs.counts.astype(float)
        else:
            values = {
                "travel_time": ma._exact_travel_time_min, "jump_length": ma._exact_jump_length_km,
                "trips_per_user": ma._exact_trips_per_user, "time_between_trips": ma._exact_time_between_h,
                "radius_of_gyration": ma._exact_radius_of_gyration_km, "distinct_zones": ma._exact_distinct_zones,
                "mobility_entropy": ma._exact_mobility_entropy,
            }[name](t)
            mech = spec.mechanisms()[name]
            out[name] = ma.histogram(values, np.asarray(mech.bin_edges))
            out[name + "_summary"] = (np.quantile(values, ma.FIVE_NUMBERS) if len(values)
                                      else np.full(5, np.nan))
    return out


def compare(reference: dict, other: dict, centroids_lonlat) -> list:
    """Rows (analysis, measure, value) with the peer's default measure per analysis, plus KLD/SMAPE where offered."""
    rows = []
    names = ("records", "trips", "complete_trips", "incomplete_trips", "users", "locations")
    if "dataset_statistics" in reference and "dataset_statistics" in other:
        for k, name in enumerate(names):
            rows.append((f"dataset_statistics.{name}", "relative error",
                         relative_error(reference["dataset_statistics"][k], other["dataset_statistics"][k])))
    if "missing_values" in reference and "missing_values" in other:
        for k, name in enumerate(("timestamp", "coordinates")):
            rows.append((f"missing_values.{name}", "relative error",
                         relative_error(reference["missing_values"][k], other["missing_values"][k])))
    for name in ("trips_over_time", "trips_per_weekday", "trips_per_hour", "visits_per_time_window",
                 "visits_per_time_window_totals", "travel_time",
                 "jump_length", "trips_per_user", "time_between_trips", "radius_of_gyration", "distinct_zones",
                 "mobility_entropy"):
        if name in reference and name in other:
            rows.append((name, "Jensen-Shannon divergence", jensen_shannon(reference[name], other[name])))
            rows.append((name, "Kullback-Leibler divergence", kullback_leibler(reference[name], other[name])))
        if name + "_summary" in reference and name + "_summary" in other:
            rows.append((name + " (five-number summary)", "SMAPE",
                         smape(reference[name + "_summary"], other[name + "_summary"])))
    if "visits_per_zone" in reference and "visits_per_zone" in other:
        rows.append(("visits_per_zone", "earth mover's distance (m)",
                     earth_movers_distance(reference["visits_per_zone"][:-1], other["visits_per_zone"][:-1],
                                           centroids_lonlat)))
        rows.append(("visits_per_zone", "Jensen-Shannon divergence",
                     jensen_shannon(reference["visits_per_zone"][:-1], other["visits_per_zone"][:-1])))
        rows.append(("visits_per_zone", "Jensen-Shannon distance (the peer's JSD)",
                     jensen_shannon_distance(reference["visits_per_zone"][:-1], other["visits_per_zone"][:-1])))
        rows.append(("visits_outside", "relative error",
                     relative_error(reference["visits_per_zone"][-1], other["visits_per_zone"][-1])))
        rows += ranking_rows("visits_per_zone", dict(enumerate(reference["visits_per_zone"][:-1].tolist())),
                             dict(enumerate(other["visits_per_zone"][:-1].tolist())))
    if "od_flows" in reference and "od_flows" in other:
        a = dict(zip(zip(reference["od_origin"].tolist(), reference["od_dest"].tolist()), reference["od_flows"]))
        b = dict(zip(zip(other["od_origin"].tolist(), other["od_dest"].tolist()), other["od_flows"]))
        rows.append(("od_flows", "SMAPE of the normalised OD matrix (ODFlowError)", od_flow_error(a, b)))
        rows += ranking_rows("od_flows", a, b)
    return rows
