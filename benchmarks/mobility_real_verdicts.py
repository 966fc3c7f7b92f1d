"""The reporting of the mobility-report benchmark on real public data (bench_mobility_report_real.py): medians and
ratios of time per scale, and per shared analysis and epsilon the verdict (ours lower, or why the peer's is lower),
with the equally private check (ours with the peer's split)."""

import math

import numpy as np

from benchmarks.mobility_real_data import read_trips
from benchmarks.mobility_real_tools import ours_distributions, tag
from benchmarks.mobility_truth import distribution_errors, distribution_truth
from benchmarks.real_data_trial import cairns_feed

# Why the peer's error can be lower than ours on a shared analysis while its mechanism is not as private as ours
# (issue 24): the metric's suffix or name -> the reason. A lower peer error on anything else is a weakness of ours.
VERDICTS = {
    "trips_per_hour_share_mae_pp": "peer lower, not equally private: the peer noises trip ends per hour with "
                                   "sensitivity M, but a user's M trips have 2M ends (ours: 2M, Kapp et al. 2023 "
                                   "§4.3), so its noise is half what its epsilon needs (a factor 2 in the Laplace "
                                   "scale); and our default split gives trips per hour 1/27 of epsilon against the "
                                   "peer's 1/15 (a factor 1.8; visits, flows and trips over time get 5/27 each, "
                                   "issue 20). Same mechanism (Laplace counts) otherwise",
    "_summary_mae": "peer lower, not equally private: the peer's five-number summaries are exact data values (its "
                    "exponential mechanism picks a record and publishes that record's value); ours draws from the "
                    "public range",
    "_quartiles_mae": "peer lower, not equally private: the peer's quartiles are exact data values (a record's "
                      "value); ours draws from the public range",
    "trips_per_user_share_mae_pp": "peer lower, not equally private: the peer's trips-per-user bins run from its "
                                   "minimum to its maximum, exact data values (here every unit has M trips: one "
                                   "bin, exact); ours counts every public bin 1..M (with 1/27 of epsilon, half of it "
                                   "for the histogram, against the peer's 1/15)",
}
LOWER_IS_BETTER = ("visits_mae", "_pp", "_summary_mae", "_quartiles_mae")
HIGHER_IS_BETTER = ("od_true_pair_share", "od_true_top10_coverage")


def verdicts(rows, days, cell, epsilons, check=()):
    """Per epsilon of ``epsilons`` and shared analysis measure: the mean of ours and of the peer over the runs, and
    the verdict (``check``: equal_split_check's rows, for a lower peer error that no privacy flaw of the peer
    explains)."""
    checked = {(c["epsilon"], c["measure"]): c for c in check}
    out = []
    for epsilon in epsilons:
        prefix = f"{tag(days, cell)}_eps{epsilon:g}_"
        ours_rows = [r for r in rows if r["label"].startswith("ours_" + prefix)]
        peer_rows = [r for r in rows if r["label"].startswith("peer_" + prefix) and "error" not in r]
        if not ours_rows or not peer_rows:
            continue
        for key in sorted({k for r in ours_rows for k in r if k.endswith(LOWER_IS_BETTER + HIGHER_IS_BETTER)}):
            ours_mean, peer_mean = (mean_of_finite([r.get(key, np.nan) for r in tool])
                                    for tool in (ours_rows, peer_rows))
            higher = key.endswith(HIGHER_IS_BETTER)
            if key.startswith("od_") and all(r.get("od_published") == 0 for r in ours_rows):
                verdict = (f"ours publishes no flow and says the section publishes nothing reliable (issue 24.2); "
                           f"the peer's top 100 are {100 * np.mean([r['od_true_pair_share'] for r in peer_rows]):.0f}"
                           " % true pairs")
            elif (ours_mean >= peer_mean) if higher else (ours_mean <= peer_mean):
                verdict = "ours better or equal"
            else:
                verdict = next((text for suffix, text in VERDICTS.items() if key.endswith(suffix)), None)
                c = checked.get((epsilon, key))
                gap = None if c is None else c["ours_equal_split"] - c["peer"]
                if verdict is None and gap is not None and gap <= 2 * math.hypot(c["ours_se"], c["peer_se"]):
                    verdict = (f"peer lower with our default split only: same mechanism and sensitivity, but ours "
                               f"gives this analysis 1/27 of epsilon against the peer's 1/15 (visits, flows and trips "
                               f"over time get 5/27 each, issue 20); with the peer's split ours is "
                               f"{c['ours_equal_split']:g} ± {c['ours_se']:.2g} against its {c['peer']:g} ± "
                               f"{c['peer_se']:.2g} (standard errors; {c['days']} days, equal_split_check): "
                               + ("lower" if gap <= 0 else "equal within two standard errors"))
                verdict = verdict or "peer lower: a weakness of ours"
            out.append({"epsilon": epsilon, "measure": key, "ours": round(ours_mean, 4),
                        "peer": round(peer_mean, 4), "verdict": verdict})
    return out


def equal_split_check(days, peer_rows, epsilons, runs=10):
    """Ours with the peer's split (each of the 15 analyses 1/15 of epsilon, BUDGET_SPLIT), in process, ``runs``
    releases per epsilon of ``epsilons``: the mean share error of each distribution analysis, beside the peer's (and
    twice the peer's for trips per hour: its error with the 2M its epsilon needs, the Laplace scale doubled)."""
    from dp_geoprivacy.core.releases.mobility_report import ANALYSES

    trips = read_trips(cairns_feed(), days)
    truths = distribution_truth(*trips)
    out = []
    for epsilon in epsilons:
        split = dict.fromkeys(ANALYSES, 1.0)
        errors = [distribution_errors(ours_distributions(*trips, epsilon, days, split), truths) for _ in range(runs)]
        peers = [r for r in peer_rows if f"_eps{epsilon:g}_" in r["label"] and "error" not in r]
        for key in sorted(k for k in errors[0] if k.endswith("_share_mae_pp")):
            peer_mean = mean_of_finite([r[key] for r in peers])
            doubled = round(2 * peer_mean, 4) if key.startswith("trips_per_hour") else None
            out.append({"days": days, "epsilon": epsilon, "measure": key, "peer": round(peer_mean, 4),
                        "peer_se": standard_error([r[key] for r in peers]),
                        "ours_equal_split": round(mean_of_finite([e[key] for e in errors]), 4),
                        "ours_se": standard_error([e[key] for e in errors]), "peer_at_sensitivity_2m": doubled})
    return out


def standard_error(values):
    """The standard error of the mean of the runs (sample standard deviation / sqrt(runs); 0 for one run)."""
    values = np.asarray(values, dtype=float)
    return round(float(values.std(ddof=1) / math.sqrt(len(values))), 4) if len(values) > 1 else 0.0


def mean_of_finite(values):
    """The mean of the finite values (NaN when there is none: e.g. the share of true pairs when none is published)."""
    values = np.asarray(values, dtype=float)
    return float(values[np.isfinite(values)].mean()) if np.isfinite(values).any() else float("nan")


def scale_summary(rows, days, cell, trips, zones):
    """Medians of each tool's runs at one scale, and the ratio peer / ours: wall, CPU and peak RSS of the whole
    process, and the in-session wall and CPU (session_*: the report alone in a session that has started; rows of
    results files older than this measure have none, and their scales get no such keys)."""
    out = {"days": days, "trips": trips, "cell_m": cell, "zones": zones}
    keys = ("wall_s", "cpu_s", "peak_rss_mib", "session_wall_s", "session_cpu_s")
    for tool in ("ours", "peer"):
        mine = [r for r in rows if r["label"].startswith(f"{tool}_{tag(days, cell)}_") and "error" not in r]
        for key in keys:
            values = [r[key] for r in mine if key in r]
            if values or not key.startswith("session_"):
                out[f"{tool}_{key}"] = float(np.median(values)) if values else None
    for key in keys:
        if out.get(f"ours_{key}") and out.get(f"peer_{key}"):
            out[f"ratio_{key}"] = round(out[f"peer_{key}"] / out[f"ours_{key}"], 2)
    out["reaches_20x_wall"] = out.get("ratio_wall_s", 0) >= 20
    out["reaches_20x_cpu"] = out.get("ratio_cpu_s", 0) >= 20
    if "ratio_session_cpu_s" in out:
        out["reaches_20x_session_wall"] = out.get("ratio_session_wall_s", 0) >= 20
        out["reaches_20x_session_cpu"] = out["ratio_session_cpu_s"] >= 20
    return out
