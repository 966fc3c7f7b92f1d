"""Mobility report (Kapp et al. 2023): exact analyses vs an independent computation, user-level sensitivity, split,
noise.

Fixed seeds; statistical checks use alpha = 0.001 (a z bound of 3.29 standard
errors from the Laplace variance), so each can fail if the mechanism is wrong.
"""

import datetime as dt
import math
from collections import Counter, defaultdict

import numpy as np
import pytest

from dp_geoprivacy.core.releases import mobility_analyses as ma
from dp_geoprivacy.core.releases.mobility_report import (
    ANALYSES,
    BudgetSplitError,
    MobilityData,
    MobilityReportSpec,
    Period,
    release_mobility_report,
    split_budget,
)
from dp_geoprivacy.core.releases.publication import reveal
from dp_geoprivacy.core.releases.release import NoUsableRecordsError

T0 = dt.datetime(2024, 3, 4).timestamp() - dt.datetime(2024, 3, 4).astimezone().utcoffset().total_seconds()


def make_trips(n=400, users=60, zones=9, seed=3, incomplete=0.05):
    rng = np.random.default_rng(seed)
    start = T0 + rng.uniform(0, 14 * 86400, n)
    end = start + rng.uniform(-600, 7200, n)
    sl = np.column_stack([rng.uniform(13.0, 13.2, n), rng.uniform(52.4, 52.6, n)])
    el = sl + rng.normal(0, 0.02, (n, 2))
    has_start = np.ones(n, bool)
    has_end = rng.random(n) > incomplete
    end[~has_end] = np.nan
    el[~has_end] = np.nan
    start[rng.random(n) < 0.03] = np.nan
    sz = rng.integers(-1, zones, n)
    ez = np.where(has_end, rng.integers(-1, zones, n), ma.MISSING)
    user = rng.integers(0, users, n)
    return MobilityData(user, has_start, has_end, start, end, sl, el, sz, ez, zones)


def hav(a, b):
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def trips_list(t):
    for i in range(len(t.user)):
        yield {"user": t.user[i], "hs": t.has_start[i], "he": t.has_end[i], "st": t.start_time[i],
               "et": t.end_time[i], "sl": t.start_lonlat[i], "el": t.end_lonlat[i], "sz": t.start_zone[i],
               "ez": t.end_zone[i]}


def clock(seconds):
    return dt.datetime(1970, 1, 1) + dt.timedelta(seconds=float(seconds))


# --- exact analyses vs an independent, per-record computation --------------------------------


def test_exact_counts_match_independent_loops():
    t = make_trips()
    trips = list(trips_list(t))
    weekday, hours, visits, windows = Counter(), Counter(), Counter(), Counter()
    for r in trips:
        if r["hs"] and not math.isnan(r["st"]):
            weekday[clock(r["st"]).weekday()] += 1
        for present, s, end in ((r["hs"], r["st"], 0), (r["he"], r["et"], 1)):
            if present and not math.isnan(s):
                c = clock(s)
                hours[(2 * (c.weekday() >= 5) + end, c.hour)] += 1
        for present, z in ((r["hs"], r["sz"]), (r["he"], r["ez"])):
            if present and z != ma.MISSING:
                visits[t.n_zones if z == ma.OUTSIDE else z] += 1
        if r["he"] and r["ez"] >= 0 and not math.isnan(r["et"]):
            c = clock(r["et"])
            windows[(6 * (c.weekday() >= 5) + ((c.hour - 2) % 24) // 4, r["ez"])] += 1
    assert list(ma._exact_trips_per_weekday(t)) == [weekday[d] for d in range(7)]
    got = ma._exact_trips_per_hour(t)
    assert all(got[c, h] == hours[(c, h)] for c in range(4) for h in range(24))
    assert list(ma._exact_visits_per_zone(t, t.n_zones)) == [visits[z] for z in range(t.n_zones + 1)]
    got = ma._exact_visits_per_time_window(t, t.n_zones)
    assert all(got[w, z] == windows[(w, z)] for w in range(12) for z in range(t.n_zones))
    stats = ma._exact_dataset_statistics(t)
    complete = sum(1 for r in trips if r["hs"] and r["he"])
    points = {tuple(r[k]) for r in trips for k, p in (("sl", "hs"), ("el", "he")) if r[p] and not np.isnan(r[k]).any()}
    assert list(stats) == [complete, len(trips) - complete, len(set(t.user)), len(points)]
    period = Period(T0, T0 + 14 * 86400)
    assert period.unit == "day" and period.count == 14
    per_day = Counter(int((r["st"] - T0) // 86400) for r in trips if not math.isnan(r["st"]))
    assert list(ma._exact_trips_over_time(t, period)) == [per_day[d] for d in range(14)] + [0]


def test_exact_numeric_measures_match_independent_loops():
    t = make_trips()
    trips = list(trips_list(t))
    travel = sorted((r["et"] - r["st"]) / 60 for r in trips
                    if r["hs"] and r["he"] and not math.isnan(r["st"]) and not math.isnan(r["et"])
                    and r["et"] >= r["st"])
    assert np.allclose(np.sort(ma._exact_travel_time_min(t)), travel)
    jumps = sorted(hav(r["sl"], r["el"]) for r in trips if r["hs"] and r["he"] and not np.isnan(r["el"]).any())
    assert np.allclose(np.sort(ma._exact_jump_length_km(t)), jumps)
    by_user = defaultdict(list)
    for r in trips:
        by_user[r["user"]].append(r)
    assert sorted(ma._exact_trips_per_user(t)) == sorted(len(v) for v in by_user.values())
    gaps, rog, distinct, entropy = [], [], [], []
    for rs in by_user.values():
        timed = sorted((r for r in rs if not math.isnan(r["st"]) and not math.isnan(r["et"])), key=lambda r: r["st"])
        gaps += [max(0.0, (b["st"] - a["et"]) / 3600) for a, b in zip(timed, timed[1:])]
        pts = [r[k] for r in rs for k, p in (("sl", "hs"), ("el", "he")) if r[p] and not np.isnan(r[k]).any()]
        if pts:
            centre = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
            rog.append(math.sqrt(sum(hav(p, centre) ** 2 for p in pts) / len(pts)))
        zs = Counter(r[k] for r in rs for k, p in (("sz", "hs"), ("ez", "he")) if r[p] and r[k] >= 0)
        distinct.append(len(zs))
        if zs:
            total = sum(zs.values())
            h = -sum(c / total * math.log(c / total) for c in zs.values())
            entropy.append(h / math.log(total) if total > 1 else 0.0)
    assert np.allclose(np.sort(ma._exact_time_between_h(t)), sorted(gaps))
    assert np.allclose(np.sort(ma._exact_radius_of_gyration_km(t)), sorted(rog))
    assert sorted(ma._exact_distinct_zones(t)) == sorted(distinct)
    assert np.allclose(np.sort(ma._exact_mobility_entropy(t)), sorted(entropy))


# --- budget split ------------------------------------------------------------------------------


@pytest.mark.parametrize("weights", [None, {"od_flows": 5.0, "visits_per_zone": 2.5}, {"jump_length": 0.0}])
def test_split_adds_up_to_epsilon(weights):
    for epsilon in (0.1, 1.0, 3.7):
        shares = split_budget(epsilon, ANALYSES, weights)
        assert math.fsum(shares.values()) == epsilon
        spec = MobilityReportSpec(epsilon, 4, "u", weights=weights, period=Period(T0, T0 + 86400))
        mechs = spec.mechanisms()
        total = math.fsum(sum(m.epsilon for m in (v if isinstance(v, tuple) else (v,))) for v in mechs.values())
        assert total == pytest.approx(epsilon, rel=1e-12)


def test_default_split_favours_visits_flows_and_trips_over_time():
    """Issue 20: by default the analyses planners read first get five times the share of each other one; a split
    given replaces the default (its unnamed analyses weigh 1)."""
    shares = split_budget(1.0, ANALYSES)
    for first in ("visits_per_zone", "od_flows", "trips_over_time"):
        assert shares[first] == pytest.approx(5 / 27)
    assert shares["jump_length"] == pytest.approx(1 / 27)
    assert split_budget(1.0, ANALYSES, {"jump_length": 2.0})["visits_per_zone"] == pytest.approx(1 / 16)


@pytest.mark.parametrize("weights", [{"od_flows": -1.0}, dict.fromkeys(ANALYSES, 0.0), {"od_flows": float("nan")}])
def test_bad_split_weights_refused(weights):
    with pytest.raises(BudgetSplitError):
        split_budget(1.0, ANALYSES, weights)


# --- user-level sensitivity: neighbouring datasets (one user added, M trips kept) --------------


def add_user(t, m, seed=9):
    """t plus one new user with m complete trips (the bounded neighbour)."""
    extra = make_trips(n=m, users=1, zones=t.n_zones, seed=seed, incomplete=0.0)
    cat = {k: np.concatenate((getattr(t, k), getattr(extra, k))) for k in
           ("has_start", "has_end", "start_time", "end_time", "start_lonlat", "end_lonlat", "start_zone",
            "end_zone")}
    return MobilityData(np.concatenate((t.user, np.full(m, 10**6))), n_zones=t.n_zones, **cat)


@pytest.mark.parametrize("seed", range(5))
def test_neighbouring_user_changes_each_analysis_within_its_sensitivity(seed):
    m = 4
    t = make_trips(seed=seed)
    keep = np.flatnonzero(np.concatenate([[True], np.diff(np.sort(t.user)) >= 0]))  # all rows
    order = np.argsort(t.user, kind="stable")
    rank = np.arange(len(order)) - np.searchsorted(t.user[order], t.user[order])
    bounded = t.subset(np.sort(order[rank < m]))  # each user at most m trips
    assert len(keep)
    n2 = add_user(bounded, m, seed=seed + 100)
    spec = MobilityReportSpec(1.0, m, "u", period=Period(T0, T0 + 14 * 86400))
    mechs = spec.mechanisms()
    counts = {"trips_per_weekday": lambda d: ma._exact_trips_per_weekday(d),
              "trips_per_hour": lambda d: ma._exact_trips_per_hour(d),
              "visits_per_zone": lambda d: ma._exact_visits_per_zone(d, d.n_zones),
              "visits_per_time_window": lambda d: ma._exact_visits_per_time_window(d, d.n_zones),
              "trips_over_time": lambda d: ma._exact_trips_over_time(d, spec.period)}
    for name, f in counts.items():
        change = np.abs(f(n2) - f(bounded)).sum()
        mech = mechs[name][0] if isinstance(mechs[name], tuple) else mechs[name]
        assert 0 < change <= mech.sensitivity, name
    totals = [ma._exact_visits_per_time_window(d, d.n_zones).sum(axis=1) for d in (bounded, n2)]
    assert np.abs(totals[1] - totals[0]).sum() <= mechs["visits_per_time_window"][1].sensitivity
    values = {"travel_time": ma._exact_travel_time_min, "jump_length": ma._exact_jump_length_km,
              "trips_per_user": ma._exact_trips_per_user, "time_between_trips": ma._exact_time_between_h,
              "radius_of_gyration": ma._exact_radius_of_gyration_km, "distinct_zones": ma._exact_distinct_zones,
              "mobility_entropy": ma._exact_mobility_entropy}
    for name, f in values.items():
        edges = np.asarray(mechs[name].bin_edges)
        change = np.abs(ma.histogram(f(n2), edges) - ma.histogram(f(bounded), edges)).sum()
        assert change <= mechs[name].contributions, name
        assert len(f(n2)) - len(f(bounded)) <= mechs[name].contributions, name
    stats = ma._exact_dataset_statistics(n2) - ma._exact_dataset_statistics(bounded)
    assert all(abs(c) <= mech.sensitivity for c, mech in zip(stats, mechs["dataset_statistics"]))


# --- the release -------------------------------------------------------------------------------


def test_release_reserves_once_with_total_epsilon_and_drops_null_users():
    t = make_trips()
    user = t.user.astype(object)
    user[:10] = None
    t = MobilityData(user, *(getattr(t, k) for k in ("has_start", "has_end", "start_time", "end_time",
                                                     "start_lonlat", "end_lonlat", "start_zone", "end_zone")),
                     n_zones=t.n_zones)
    calls = []
    spec = MobilityReportSpec(2.0, 3, "one user", period=Period(T0, T0 + 14 * 86400), top_n_flows=5)
    release = release_mobility_report(t, spec, np.random.default_rng(1), before_noise=calls.append)
    assert len(calls) == 1 and calls[0]["epsilon"] == 2.0 == release.epsilon
    assert reveal(release.facts["null_users"]) == 10
    assert len(release.result["od_flows"]) <= 5
    assert release.result["visits_per_zone"].shape == (t.n_zones + 1,)
    assert math.fsum(release.facts["shares"].values()) == 2.0
    for name in ANALYSES:
        assert name in release.result or name == "od_flows"


def test_all_null_users_refused_before_noise():
    t = make_trips(n=5)
    t = MobilityData(np.full(5, None, dtype=object), *(getattr(t, k) for k in (
        "has_start", "has_end", "start_time", "end_time", "start_lonlat", "end_lonlat", "start_zone", "end_zone")),
        n_zones=t.n_zones)
    calls = []
    with pytest.raises(NoUsableRecordsError):
        release_mobility_report(t, MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone",)),
                                np.random.default_rng(0), before_noise=calls.append)
    assert not calls


def test_visits_noise_is_laplace_with_the_stated_scale():
    """Large true counts (no clamping at 0): noisy - exact has mean 0 and variance 2 b^2 (z test, alpha 0.001)."""
    zones = 400
    n = 200_000
    rng = np.random.default_rng(5)
    z = rng.integers(0, zones, n)
    t = MobilityData(np.arange(n), np.ones(n, bool), np.ones(n, bool), np.zeros(n), np.zeros(n),
                     np.zeros((n, 2)), np.zeros((n, 2)), z, z, zones)
    spec = MobilityReportSpec(0.5, 1, "u", analyses=("visits_per_zone",))
    release = release_mobility_report(t, spec, np.random.default_rng(11))
    diff = release.result["visits_per_zone"] - ma._exact_visits_per_zone(t, zones)
    b = 2 * 1 / 0.5
    assert release.facts["analysis_fields"]["visits_per_zone"]["noise_scale"] == b
    k = len(diff)
    grain = release.facts["analysis_fields"]["visits_per_zone"]["count_grain"]
    var = 2 * b * b + grain**2 / 12 + 1 / 12  # Laplace, snapping and rounding (independent, uniform errors)
    assert abs(diff.mean()) <= 3.29 * math.sqrt(var / k)
    # sample variance within 4.5 standard errors (Laplace kurtosis 6: var of s^2 ~ (6 + 2) var^2 / k)
    assert abs(diff.var() - var) <= 4.5 * math.sqrt(8 / k) * var


def test_quartiles_are_drawn_with_sensitivity_m():
    spec = MobilityReportSpec(1.0, 7, "u", analyses=("travel_time", "trips_per_user"))
    mechs = spec.mechanisms()
    assert mechs["travel_time"].quantiles.sensitivity == 7
    assert mechs["trips_per_user"].quantiles.sensitivity == 1
    assert mechs["travel_time"].epsilon == pytest.approx(0.5)


# --- similarity measures (benchmark mode, Kapp et al. 2023 §5.2.3) ---------------------------------------


def test_similarity_measures_on_known_values():
    from dp_geoprivacy.core.accuracy import mobility_similarity as ms

    assert ms.relative_error(100, 90) == pytest.approx(0.1)
    assert ms.jensen_shannon([1, 0], [0, 1]) == pytest.approx(1.0)
    assert ms.jensen_shannon([3, 1], [6, 2]) == pytest.approx(0.0, abs=1e-12)
    assert ms.smape([1, 2, 0], [1, 2, 0]) == 0.0
    assert ms.smape([1, 0], [0, 1]) == pytest.approx(2.0)
    assert ms.od_flow_error({(0, 1): 5}, {(0, 1): 10}) == pytest.approx(0.0)
    # Two zones 0.01 degrees of latitude apart (about 1,112 m): moving half the mass costs half that distance.
    centroids = np.array([[13.0, 52.0], [13.0, 52.01]])
    d = 1000 * ma.haversine_km(centroids[:1], centroids[1:])[0]
    assert ms.earth_movers_distance([2, 0], [1, 1], centroids) == pytest.approx(d / 2, rel=1e-6)
    assert ms.earth_movers_distance([1, 1], [1, 1], centroids) == pytest.approx(0.0, abs=1e-6)


def test_noise_free_report_compares_to_itself_with_zero_error():
    from dp_geoprivacy.core.accuracy import mobility_similarity as ms

    t = make_trips()
    spec = MobilityReportSpec(1.0, 3, "u", period=Period(T0, T0 + 14 * 86400))
    exact = ms.noise_free_report(t, spec, np.random.default_rng(2))
    centroids = np.column_stack([np.linspace(13, 13.2, t.n_zones), np.full(t.n_zones, 52.5)])
    rows = ms.compare(exact, exact, centroids)
    def ranking(measure):  # 1 for identical rankings
        return measure.startswith("Kendall") or measure.endswith("coverage")

    assert rows and all(v == pytest.approx(0.0, abs=1e-9) or math.isnan(v) for _, measure, v in rows
                        if "Kullback" not in measure and not ranking(measure))
    assert all(v == 1.0 for _, measure, v in rows if ranking(measure))
    assert {measure for _, measure, _ in rows} >= {"Kendall's tau (top 10)", "top-100 coverage"}
    noisy = release_mobility_report(t, spec, np.random.default_rng(3)).result
    values = {(a, m): v for a, m, v in ms.compare(exact, noisy, centroids)}
    assert 0 <= values[("visits_per_zone", "Jensen-Shannon divergence")] <= 1


def test_record_and_facts_come_from_the_mechanisms_that_drew_the_noise():
    t = make_trips()
    spec = MobilityReportSpec(3.0, 4, "u", period=Period(T0, T0 + 14 * 86400),
                              weights={"visits_per_zone": 3.0, "od_flows": 2.0})
    release = release_mobility_report(t, spec, np.random.default_rng(4))
    mechs = release.mechanism
    assert release.record_fields["noise_scale"] == mechs["visits_per_zone"].noise.scale == 2 * 4 / mechs[
        "visits_per_zone"].epsilon
    for name, fields in release.facts["analysis_fields"].items():
        parts = fields if isinstance(fields, list) else [fields]
        mech = mechs[name] if isinstance(mechs[name], tuple) else (mechs[name],)
        assert [p["epsilon"] for p in parts] == [m.epsilon for m in mech]
        assert math.fsum(p["epsilon"] for p in parts) == pytest.approx(release.facts["shares"][name], rel=1e-12)
    assert release.facts["shares"]["visits_per_zone"] == pytest.approx(3.0 * 3.0 / 18.0)


# --- totals are unbiased (issue 24.1): never a sum of counts clamped at zero ------------------------


def few_destinations(zones=500, n=300, seed=2):
    """n one-trip users whose destinations fall in the first 10 of ``zones`` zones: most zones are empty."""
    rng = np.random.default_rng(seed)
    start = T0 + rng.uniform(0, 7 * 86400, n)
    z = rng.integers(0, 10, n)
    return MobilityData(np.arange(n), np.ones(n, bool), np.ones(n, bool), start, start + 600, np.zeros((n, 2)),
                        np.zeros((n, 2)), z, z, zones)


def test_destinations_per_window_totals_are_unbiased():
    """Mean of the published window totals over 300 seeded runs = the true totals, within z * sqrt(var / runs) at
    alpha 0.001 (Bonferroni over the 12 windows: z = 3.97). Summing the 500 zones' clamped counts instead adds
    about 500 b / 2 per window."""
    t, runs = few_destinations(), 300
    spec = MobilityReportSpec(1.0, 1, "u", analyses=("visits_per_time_window",))
    truth = ma._exact_visits_per_time_window(t, t.n_zones).sum(axis=1)
    totals = np.array([release_mobility_report(t, spec, np.random.default_rng(1000 + i)).result[
        "visits_per_time_window_totals"] for i in range(runs)])
    fields = spec.mechanisms()["visits_per_time_window"][1].fields()
    assert fields["sensitivity"] == 1 and fields["epsilon"] == pytest.approx(0.25)
    b, grain = fields["noise_scale"], fields["count_grain"]
    var = 2 * b * b + grain**2 / 12 + 1 / 12
    z = 3.97  # scipy.stats.norm.isf(0.001 / 24)
    assert np.all(np.abs(totals.mean(axis=0) - truth) <= z * math.sqrt(var / runs)), totals.mean(axis=0) - truth


def test_records_and_trips_are_sums_of_unclamped_parts():
    """1,000 complete trips, no incomplete one: the mean of the published trips and records over 2,000 seeded
    runs is within 3.29 standard errors (alpha 0.001) of 1,000 and 2,000; clamping the incomplete count at zero
    before summing would add b / 2 = 2 to both."""
    n, runs = 1000, 2000
    t = MobilityData(np.arange(n), np.ones(n, bool), np.ones(n, bool), np.zeros(n), np.zeros(n), np.zeros((n, 2)),
                     np.zeros((n, 2)), np.zeros(n, int), np.zeros(n, int), 3)
    spec = MobilityReportSpec(1.0, 1, "u", analyses=("dataset_statistics",))
    stats = np.array([release_mobility_report(t, spec, np.random.default_rng(i)).result["dataset_statistics"]
                      for i in range(runs)])
    mechs = spec.mechanisms()["dataset_statistics"]
    var = [m.noise.variance + m.noise.grain**2 / 12 + 1 / 12 for m in mechs[:2]]
    for k, (truth, var_k) in enumerate(((2 * n, 4 * var[0] + var[1]), (n, var[0] + var[1]))):
        assert abs(stats[:, k].mean() - truth) <= 3.29 * math.sqrt(var_k / runs), (k, stats[:, k].mean())


# --- OD flows: selected by the stability-based histogram (issue 24.2) ----------------------------------


def heavy_and_scattered(zones=1000, heavy=10, per_heavy=1000, scattered=10_000, seed=6):
    """One trip per user: ``heavy`` pairs with ``per_heavy`` trips each, and ``scattered`` trips over random pairs."""
    rng = np.random.default_rng(seed)
    pairs = rng.choice(zones * zones, heavy, replace=False)
    o = np.concatenate((np.repeat(pairs // zones, per_heavy), rng.integers(0, zones, scattered)))
    d = np.concatenate((np.repeat(pairs % zones, per_heavy), rng.integers(0, zones, scattered)))
    n = len(o)
    start = T0 + rng.uniform(0, 7 * 86400, n)
    lonlat = np.column_stack([np.full(n, 13.0), np.full(n, 52.5)])
    return MobilityData(np.arange(n), np.ones(n, bool), np.ones(n, bool), start, start + 900, lonlat, lonlat,
                        o, d, zones)


def test_published_top_flows_are_true_pairs_at_epsilon_one_for_the_whole_report():
    """Epsilon 1 for the whole report (all analyses, equal split), M = 1, 1,000 zones (a million pairs): in each of 5
    seeded runs every published flow is a pair with trips (the goal: at least 90 %), and the heavy pairs, far above
    the threshold, are published. Noising every pair and keeping the 100 largest published about 10 % true pairs."""
    t = heavy_and_scattered()
    spec = MobilityReportSpec(1.0, 1, "u", period=Period(T0, T0 + 7 * 86400))
    truth = set(zip(t.start_zone.tolist(), t.end_zone.tolist()))
    heavy = {p for p, c in Counter(zip(t.start_zone.tolist(), t.end_zone.tolist())).items() if c >= 1000}
    assert spec.delta == 1e-6 and spec.record_fields()["delta"] == 1e-6
    for seed in range(5):
        r = release_mobility_report(t, spec, np.random.default_rng(seed)).result
        published = set(zip(r["od_origin"].tolist(), r["od_dest"].tolist()))
        assert published and published <= truth
        assert heavy <= published  # 1,000 trips against a threshold of about 440
        assert r["od_threshold"][0] < 1000 and np.all(r["od_flows"] >= 0)


def test_ranking_measures_on_known_values():
    """Kendall's tau-b and top-n coverage against hand counts; the peer's JSD is scipy's distance."""
    from dp_geoprivacy.core.accuracy import mobility_similarity as ms
    ref = {"a": 5, "b": 4, "c": 3, "d": 2, "e": 0}
    assert ms.kendall_tau(ref, ref, 10) == 1.0
    assert ms.kendall_tau(ref, {"a": 2, "b": 3, "c": 4, "d": 5}, 10) == -1.0
    # one discordant pair (c, d) of 6: (5 - 1) / 6
    assert ms.kendall_tau(ref, {"a": 9, "b": 8, "c": 1, "d": 2}, 4) == pytest.approx(4 / 6)
    assert ms.top_n_coverage(ref, {"a": 10, "x": 9, "c": 5}, 2) == 0.5  # top 2: {a, b} against {a, x}
    assert math.isnan(ms.top_n_coverage({"a": 0}, ref, 3))
    p, q = np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0])
    pn, qn = p / p.sum(), q / q.sum()
    m = (pn + qn) / 2
    scipy_distance = math.sqrt(0.5 * np.sum(pn * np.log(pn / m)) + 0.5 * np.sum(qn * np.log(qn / m)))
    assert ms.jensen_shannon_distance(p, q) == pytest.approx(scipy_distance)
