"""Benchmark: discrete Gaussian (zCDP) against Laplace for zone counts, and a plan of 15 releases (issue 22 §1).

Core functions only (no QGIS). Data made here, with a fixed benchmark seed,
tuned by no test: 400 zones of Zipf-like popularity (weight 1 / rank^0.8),
20,000 users who each visit M = 32 distinct zones drawn by popularity
(without replacement). Every release uses epsilon = 1 (Laplace, discrete
Laplace: pure DP, sensitivity M = 32) or (epsilon = 1, delta = 1e-6) (the
discrete Gaussian: L2 sensitivity sqrt(32), rho from CKS 2020 Corollary 13).

1. RMSE per zone of release_zone_counts (no clamping, no rounding, so the
   error is the noise; and with the default clamping), REPEATS releases of
   each, against the exact figures (Laplace sd sqrt(2) M / epsilon, the
   discrete Gaussian's sigma) and, for reference only, the analytic
   Gaussian mechanism of Balle and Wang 2018 (continuous, not implemented
   here). Goal: Gaussian RMSE at least 1.4x lower than Laplace.
2. A plan of 15 Gaussian releases at (1, 1e-6) each: basic composition
   spends (15, 1.5e-5); zCDP adds rho and converts at the same total delta.
   And the reverse: the same total (1, 1e-6) split over 15 releases, the
   noise sigma per release with each accounting. Also 15 Laplace releases
   at epsilon 1/15 each, where the zCDP conversion is WORSE than adding up
   (a ledger must take the smaller of the two).

3. OD flows and zone-statistics sums on public extracts no test tunes to
   (build/trial-data, ``make trial-data``), with synthetic users: RMSE per
   cell, Laplace (epsilon 1) against the discrete Gaussian (1, 1e-6), at
   M = 32 and M = 4 (below the M from which the Gaussian wins, about 11).
   - OD flows: the 1,339 Cairns GTFS trips (build/trial-data/cairns.gpkg,
     layer trips; first and last vertex), a public 16 x 16 grid over the
     declared box 145.60-145.85 E, 17.10-16.75 S; USERS_OD users each take
     up to M trips drawn from the feed whose zone pairs are distinct (so both
     mechanisms count the same histogram; the feed's ends fall on 26
     distinct pairs, so a user has at most 26 trips while the noise is
     calibrated to M); release_od_flows, MIN_FLOW 0, every cell published
     (rounded and clamped, as published).
   - Zone-statistics sums: the 8,045 Helsinki points
     (build/trial-data/helsinki.gpkg), a public 250 m grid over the declared
     box 385000-387000 E, 6671000-6673500 N (80 zones); USERS_SUM users each
     take one point in each of M distinct zones drawn by the points'
     popularity, value lognormal(2.5, 0.8) clamped to [0, 60];
     release_zone_statistics, UNIT user, sum.
   - Synthetic trips' tables (model 0, core.releases.synthetic_trips): the
     same Cairns trips and grid, each trip's start hour (first departure of
     build/trial-data/cairns/stop_times.txt; 24 public hourly bins of a day,
     later starts dropped), duration (last arrival - first departure, 7 bins
     up to 120 minutes) and service day (Weekday / Saturday / Sunday, from
     the trip id); USERS_OD users as for the OD flows; default weights
     1,4,2,2,1. RMSE per cell of each table as published (rounded, clamped;
     duration rows of the pairs drawn), each mechanism against its own exact
     table (Laplace counts trips, the Gaussian users per cell, which differ
     only where a user's trips share a cell: the share is reported), with
     the noise's own standard deviations for reference.

Run: .venv/bin/python benchmarks/bench_gaussian.py
"""

import math
import sys
import time
from pathlib import Path

import numpy as np
from scipy import optimize, stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import print_table, write_results  # noqa: E402
from dp_geoprivacy.core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE  # noqa: E402
from dp_geoprivacy.core.mechanisms.gaussian import (  # noqa: E402
    DISCRETE_GAUSSIAN,
    bun_steinke_epsilon,
    compose_rho,
    gaussian_beats_laplace_from,
    gaussian_sigma,
    pure_dp_rho,
    zcdp_epsilon,
    zcdp_rho,
)
from dp_geoprivacy.core.releases.zone_counts import (  # noqa: E402
    ZoneCountData,
    ZoneCountSpec,
    histogram_counts,
    release_zone_counts,
)

EPSILON, DELTA, M = 1.0, 1e-6, 32
ZONES, USERS, REPEATS, PLAN = 400, 20_000, 20, 15
BENCH_SEED = 2022  # the benchmark's data and runs are reproducible; the plugin never uses a fixed seed


def make_data(rng):
    weights = 1.0 / np.arange(1, ZONES + 1) ** 0.8
    weights /= weights.sum()
    cells = np.concatenate([rng.choice(ZONES, size=M, replace=False, p=weights) for _ in range(USERS)])
    users = np.repeat(np.arange(USERS), M)
    return ZoneCountData(cell=cells, n_zones=ZONES, zone_rank=np.arange(ZONES), user_keys=users)


def analytic_gaussian_sigma(epsilon, delta, l2):
    """Balle and Wang 2018 Theorem 8: the smallest sigma with Phi(D/2s - e s/D) - e^e Phi(-D/2s - e s/D) <= delta."""
    def excess(sigma):
        a, b = l2 / (2 * sigma), epsilon * sigma / l2
        return stats.norm.cdf(a - b) - math.exp(epsilon) * stats.norm.cdf(-a - b) - delta
    return optimize.brentq(excess, 1e-3 * l2, 1e3 * l2, xtol=1e-12)


def rmse_of(data, truth, noise, clamp, rng):
    spec = ZoneCountSpec(epsilon=EPSILON, unit_of_privacy="one user", delta=DELTA if noise == DISCRETE_GAUSSIAN
                         else 0.0, noise=noise, max_contributions=M, clamp=clamp)
    squares, start = [], time.perf_counter()
    for _ in range(REPEATS):
        release = release_zone_counts(data, spec, rng)
        squares.append((release.result["noisy_count"] - truth) ** 2)
    return math.sqrt(float(np.mean(squares))), (time.perf_counter() - start) / REPEATS


DATA = Path(__file__).resolve().parents[1] / "build" / "trial-data"
OD_BOX, OD_GRID = (145.60, -17.10, 145.85, -16.75), 16
SUM_BOX, SUM_CELL = (385000.0, 6671000.0, 387000.0, 6673500.0), 250.0
USERS_OD, USERS_SUM, REAL_REPEATS = 3000, 3000, 10


def _grid_index(xy, box, nx, ny):
    """Zone index of each point in an nx x ny grid over ``box`` (-1 outside)."""
    x0, y0, x1, y1 = box
    i = np.floor((xy[:, 0] - x0) / (x1 - x0) * nx).astype(int)
    j = np.floor((xy[:, 1] - y0) / (y1 - y0) * ny).astype(int)
    return np.where((i >= 0) & (i < nx) & (j >= 0) & (j < ny), j * nx + i, -1)


def _read(path, layer, ends=False):
    from osgeo import ogr

    rows = []
    dataset = ogr.Open(str(path))  # kept referenced while its layer is read
    for feature in dataset.GetLayerByName(layer):
        g = feature.GetGeometryRef()
        if g is None:
            continue
        rows.append((g.GetX(0), g.GetY(0), g.GetX(g.GetPointCount() - 1), g.GetY(g.GetPointCount() - 1)) if ends
                    else (g.GetX(), g.GetY()))
    return np.array(rows)


def _users_of_distinct_pairs(pair, m, rng):
    """USERS_OD synthetic users, each with up to M trips of the feed on distinct zone pairs: (trip indices, users)."""
    trips, users = [], []
    for user in range(USERS_OD):
        seen, kept = set(), []
        for t in rng.permutation(len(pair)):  # M trips of the feed with distinct zone pairs (the outside cell once)
            if pair[t] not in seen:
                seen.add(pair[t])
                kept.append(t)
            if len(kept) == m:
                break
        trips.extend(kept)
        users.extend([user] * len(kept))
    return np.array(trips, dtype=np.int64), np.array(users)


def od_rmse(m, rng):
    """RMSE per published cell of the OD release (rounded and clamped), Laplace and discrete Gaussian."""
    from dp_geoprivacy.core.releases.od_flows import ODFlowData, ODFlowSpec, count_pairs, release_od_flows

    ends = _read(DATA / "cairns.gpkg", "trips", ends=True)
    origin = _grid_index(ends[:, :2], OD_BOX, OD_GRID, OD_GRID)
    dest = _grid_index(ends[:, 2:], OD_BOX, OD_GRID, OD_GRID)
    n = OD_GRID * OD_GRID
    pair = np.where((origin >= 0) & (dest >= 0), origin * n + dest, -1)
    kept, users = _users_of_distinct_pairs(pair, m, rng)
    o, d = origin[kept], dest[kept]
    truth = count_pairs(o, d, n).dense().ravel().astype(float)
    data = ODFlowData(o, d, zone_order=np.arange(n), user_keys=users)
    out = {}
    for noise, delta in ((LAPLACE, 0.0), (DISCRETE_GAUSSIAN, DELTA)):
        spec = ODFlowSpec(epsilon=EPSILON, unit_of_privacy="user", delta=delta, noise=noise, max_trips=m)
        squares = []
        for _ in range(REAL_REPEATS):
            r = release_od_flows(data, spec, rng)
            released = np.zeros(n * n)
            released[r.result["origin_index"] * n + r.result["dest_index"]] = r.result["noisy_count"]
            squares.append((released - truth) ** 2)
        out[noise] = math.sqrt(float(np.mean(squares)))
    return {"m": m, "trips": len(o), "distinct_pairs_in_feed": int(len(np.unique(pair))), "cells": n * n,
            "rmse_laplace": round(out[LAPLACE], 3), "rmse_gaussian": round(out[DISCRETE_GAUSSIAN], 3),
            "laplace_over_gaussian": round(out[LAPLACE] / out[DISCRETE_GAUSSIAN], 3)}


def sum_rmse(m, rng):
    """RMSE per cell of the zone-statistics sum (UNIT user), Laplace and discrete Gaussian."""
    from dp_geoprivacy.core.releases.zone_statistics import release_zone_statistics
    from dp_geoprivacy.core.releases.zone_statistics_spec import SUM, USER, ZoneStatisticsSpec

    xy = _read(DATA / "helsinki.gpkg", "points")
    nx, ny = int((SUM_BOX[2] - SUM_BOX[0]) / SUM_CELL), int((SUM_BOX[3] - SUM_BOX[1]) / SUM_CELL)
    zone = _grid_index(xy, SUM_BOX, nx, ny)
    zone = zone[zone >= 0]
    popularity = np.bincount(zone, minlength=nx * ny).astype(float) + 1.0
    popularity /= popularity.sum()
    cells = np.concatenate([rng.choice(nx * ny, size=m, replace=False, p=popularity) for _ in range(USERS_SUM)])
    users = np.repeat(np.arange(USERS_SUM), m)
    values = np.clip(rng.lognormal(2.5, 0.8, len(cells)), 0, 60)
    truth = np.bincount(cells, weights=values, minlength=nx * ny)
    out = {}
    for noise, delta in ((LAPLACE, 0.0), (DISCRETE_GAUSSIAN, DELTA)):
        spec = ZoneStatisticsSpec(SUM, EPSILON, 0.0, 60.0, unit=USER, max_contributions=m, noise=noise, delta=delta)
        squares = [(release_zone_statistics(cells, values, spec, rng, n_zones=nx * ny, user_keys=users)
                    .values[:, 0, 0] - truth) ** 2 for _ in range(REAL_REPEATS)]
        out[noise] = math.sqrt(float(np.mean(squares)))
    return {"m": m, "zones": nx * ny, "records": len(cells), "rmse_laplace": round(out[LAPLACE], 2),
            "rmse_gaussian": round(out[DISCRETE_GAUSSIAN], 2),
            "laplace_over_gaussian": round(out[LAPLACE] / out[DISCRETE_GAUSSIAN], 3)}


def _cairns_trip_table():
    """Cairns trips in the OD grid: (origin, dest, start hour, duration bin, service day), from the gpkg and
    the feed's stop_times (trips starting after 24:00 or with an end outside the grid are left out)."""
    import csv

    first, last = {}, {}
    with open(DATA / "cairns" / "stop_times.txt", newline="") as handle:
        for row in csv.DictReader(handle):
            if not row["departure_time"]:  # an untimed stop between timed ones
                continue
            h, mi, se = (int(x) for x in row["departure_time"].split(":"))
            seconds = h * 3600 + mi * 60 + se
            trip = row["trip_id"]
            first[trip] = min(first.get(trip, seconds), seconds)
            last[trip] = max(last.get(trip, seconds), seconds)
    from osgeo import ogr

    ids, ends = [], []
    dataset = ogr.Open(str(DATA / "cairns.gpkg"))
    for feature in dataset.GetLayerByName("trips"):
        g = feature.GetGeometryRef()
        if g is not None and feature["trip_id"] in first:
            ids.append(feature["trip_id"])
            ends.append((g.GetX(0), g.GetY(0), g.GetX(g.GetPointCount() - 1), g.GetY(g.GetPointCount() - 1)))
    ends = np.array(ends)
    origin = _grid_index(ends[:, :2], OD_BOX, OD_GRID, OD_GRID)
    dest = _grid_index(ends[:, 2:], OD_BOX, OD_GRID, OD_GRID)
    start = np.array([first[t] // 3600 for t in ids])
    minutes = np.array([(last[t] - first[t]) / 60.0 for t in ids])
    duration = np.minimum((np.clip(minutes, 0, 120) / 120 * 7).astype(int), 6)
    day = np.array([0 if "Weekday" in t else 1 if "Saturday" in t else 2 for t in ids])
    ok = (origin >= 0) & (dest >= 0) & (start < 24)
    return origin[ok], dest[ok], start[ok], duration[ok], day[ok]


def synthetic_rmse(m, rng):
    """RMSE per cell of each synthetic table, Laplace (epsilon 1) and discrete Gaussian (1, 1e-6) (module doc)."""
    from dp_geoprivacy.core.releases.synthetic_trips import (
        DURATION,
        ContingencySpec,
        TripData,
        exact_table,
        release_synthetic_trips,
        table_cells,
        units_of,
    )

    origin, dest, start, duration, day = _cairns_trip_table()
    n = OD_GRID * OD_GRID
    kept, users = _users_of_distinct_pairs(origin * n + dest, m, rng)
    data = TripData(origin[kept], dest[kept], start[kept], zone_order=np.arange(n), duration_bin=duration[kept],
                    attributes={"day": day[kept]}, user_keys=users)
    rows_all = np.arange(len(kept))  # every user has at most M trips: the bound keeps them all
    out = {}
    for delta in (0.0, DELTA):
        spec = ContingencySpec(EPSILON, (1, 4, 2, 2, 1), n, 24, "user", 7, (("day", 3),), m, delta)
        cells = table_cells(data, rows_all, spec)
        exact = {t: exact_table(t, cells, units_of(data, rows_all) if delta else None) for t in spec.table_names()}
        budget = spec.mechanism()
        squares = {t: [] for t in spec.table_names()}
        for _ in range(REAL_REPEATS):
            tables = release_synthetic_trips(data, spec, rng).facts["tables"]
            for t in spec.table_names():
                if t == DURATION:
                    pairs, released = tables[t]
                    truth = exact[t].reshape(-1, 7)[pairs]
                else:
                    released, truth = tables[t], exact[t]
                squares[t].append(((np.ravel(released) - np.ravel(truth)) ** 2).ravel())
        out[delta] = {t: (math.sqrt(float(np.mean(np.concatenate(v)))), budget.noise(t), exact[t].sum())
                      for t, v in squares.items()}
    rows = []
    for t in out[0.0]:
        (lap, lap_noise, trips), (gau, gau_noise, users_cells) = out[0.0][t], out[DELTA][t]
        rows.append({"m": m, "table": t, "rmse_laplace": round(lap, 3), "rmse_gaussian": round(gau, 3),
                     "laplace_over_gaussian": round(lap / gau, 3),
                     "noise_sd_laplace": round(math.sqrt(2) * lap_noise.scale, 3),
                     "noise_sd_gaussian": round(gau_noise.scale, 3),
                     "sd_ratio": round(math.sqrt(2) * lap_noise.scale / gau_noise.scale, 3),
                     "share_collapsed": round(1 - users_cells / trips, 4)})
    return rows


def real_data(rng):
    """Section 3 of the module doc, or None when build/trial-data is missing."""
    if not (DATA / "cairns.gpkg").exists() or not (DATA / "helsinki.gpkg").exists():
        print(f"{DATA} is missing (make trial-data): OD and zone-sum figures skipped")
        return None
    od = [od_rmse(m, rng) for m in (M, 4)]
    sums = [sum_rmse(m, rng) for m in (M, 4)]
    synthetic = [row for m in (M, 4) for row in synthetic_rmse(m, rng)]
    print("OD flows (Cairns trips, synthetic users):")
    print_table(od, list(od[0]))
    print("Zone-statistics sums (Helsinki points, synthetic users):")
    print_table(sums, list(sums[0]))
    print("Synthetic trips' tables (Cairns trips, synthetic users; default weights 1,4,2,2,1):")
    print_table(synthetic, list(synthetic[0]))
    return {"od_flows": od, "zone_sums": sums, "synthetic_tables": synthetic,
            "synthetic_od_gaussian_beats_laplace_from_m": gaussian_beats_laplace_from(EPSILON, DELTA, 4 / 10),
            "gaussian_beats_laplace_from_m": gaussian_beats_laplace_from(EPSILON, DELTA)}


def main():
    rng = np.random.Generator(np.random.Philox(BENCH_SEED))
    data = make_data(rng)
    truth = histogram_counts(data.cell, np.zeros(len(data.cell), dtype=np.int64), ZONES, 1)[0][:, 0].astype(float)
    rho = zcdp_rho(EPSILON, DELTA)
    sigma = gaussian_sigma(math.sqrt(M), rho)
    expected = {LAPLACE: math.sqrt(2) * M / EPSILON, DISCRETE_LAPLACE: None, DISCRETE_GAUSSIAN: sigma}
    rows = []
    for noise in (LAPLACE, DISCRETE_LAPLACE, DISCRETE_GAUSSIAN):
        raw, seconds = rmse_of(data, truth, noise, False, rng)
        clamped, _ = rmse_of(data, truth, noise, True, rng)
        rows.append({"noise": noise, "rmse_per_zone": round(raw, 3), "rmse_clamped": round(clamped, 3),
                     "rmse_expected": None if expected[noise] is None else round(expected[noise], 3),
                     "seconds_per_release": round(seconds, 4)})
    print_table(rows, ["noise", "rmse_per_zone", "rmse_clamped", "rmse_expected", "seconds_per_release"])
    by = {r["noise"]: r for r in rows}
    ratio = by[LAPLACE]["rmse_per_zone"] / by[DISCRETE_GAUSSIAN]["rmse_per_zone"]
    ratio_clamped = by[LAPLACE]["rmse_clamped"] / by[DISCRETE_GAUSSIAN]["rmse_clamped"]
    analytic = analytic_gaussian_sigma(EPSILON, DELTA, math.sqrt(M))
    print(f"Laplace / discrete Gaussian RMSE: {ratio:.3f} measured ({ratio_clamped:.3f} clamped), "
          f"{math.sqrt(2) * M / sigma:.3f} exact; analytic Gaussian (Balle-Wang, reference): "
          f"{math.sqrt(2) * M / analytic:.3f}")

    # 2. plans
    total_delta = PLAN * DELTA
    plan_rho = compose_rho([rho] * PLAN)
    eps_zcdp = zcdp_epsilon(plan_rho, total_delta)
    per_release_rho = rho / PLAN  # the same total (1, 1e-6) in zCDP
    sigma_split_zcdp = gaussian_sigma(math.sqrt(M), per_release_rho)
    sigma_split_basic = gaussian_sigma(math.sqrt(M), zcdp_rho(EPSILON / PLAN, DELTA / PLAN))
    laplace_rho = compose_rho([pure_dp_rho(EPSILON / PLAN)] * PLAN)
    plan = {
        "releases": PLAN,
        "each": {"epsilon": EPSILON, "delta": DELTA, "rho": rho},
        "basic_composition": {"epsilon": PLAN * EPSILON, "delta": total_delta},
        "zcdp": {"rho": plan_rho, "epsilon_cks_corollary_13": eps_zcdp,
                 "epsilon_bun_steinke": bun_steinke_epsilon(plan_rho, total_delta), "delta": total_delta},
        "factor_basic_over_zcdp": PLAN * EPSILON / eps_zcdp,
        "factor_theory_large_k": math.sqrt(PLAN),
        "same_total_budget_split_15": {
            "sigma_per_release_basic": sigma_split_basic, "sigma_per_release_zcdp": sigma_split_zcdp,
            "rmse_factor": sigma_split_basic / sigma_split_zcdp},
        "laplace_15_at_epsilon_1_over_15": {
            "basic_epsilon": EPSILON, "zcdp_rho": laplace_rho,
            "zcdp_epsilon_at_delta_1e-6": zcdp_epsilon(laplace_rho, DELTA)},
    }
    print(f"Plan of {PLAN} Gaussian releases at ({EPSILON:g}, {DELTA:g}): basic ({PLAN * EPSILON:g}, "
          f"{total_delta:g}); zCDP rho {plan_rho:.4f} -> epsilon {eps_zcdp:.3f} at delta {total_delta:g}: "
          f"factor {plan['factor_basic_over_zcdp']:.3f} (sqrt(15) = {math.sqrt(PLAN):.3f} as k grows)")
    print(f"Total (1, 1e-6) split over {PLAN}: sigma per release {sigma_split_basic:.2f} (basic) vs "
          f"{sigma_split_zcdp:.2f} (zCDP), {plan['same_total_budget_split_15']['rmse_factor']:.3f}x")
    print(f"{PLAN} Laplace releases at epsilon 1/{PLAN}: basic epsilon 1; zCDP rho {laplace_rho:.4f} -> epsilon "
          f"{plan['laplace_15_at_epsilon_1_over_15']['zcdp_epsilon_at_delta_1e-6']:.3f} at delta 1e-6 (worse)")
    real = real_data(rng)
    path = write_results("gaussian", {
        "data": {"zones": ZONES, "users": USERS, "distinct_zones_per_user": M, "repeats": REPEATS,
                 "zone_popularity": "1 / rank^0.8", "seed": BENCH_SEED},
        "epsilon": EPSILON, "delta": DELTA, "rho": rho, "sigma": sigma, "analytic_gaussian_sigma": analytic,
        "rmse": rows, "laplace_over_gaussian_rmse": ratio, "laplace_over_gaussian_rmse_clamped": ratio_clamped,
        "laplace_over_gaussian_exact": math.sqrt(2) * M / sigma,
        "laplace_over_analytic_gaussian": math.sqrt(2) * M / analytic, "goal_ratio": 1.4,
        "goal_met": ratio >= 1.4, "plan": plan, "real_data": real})
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
