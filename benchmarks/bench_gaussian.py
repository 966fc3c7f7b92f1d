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
    path = write_results("gaussian", {
        "data": {"zones": ZONES, "users": USERS, "distinct_zones_per_user": M, "repeats": REPEATS,
                 "zone_popularity": "1 / rank^0.8", "seed": BENCH_SEED},
        "epsilon": EPSILON, "delta": DELTA, "rho": rho, "sigma": sigma, "analytic_gaussian_sigma": analytic,
        "rmse": rows, "laplace_over_gaussian_rmse": ratio, "laplace_over_gaussian_rmse_clamped": ratio_clamped,
        "laplace_over_gaussian_exact": math.sqrt(2) * M / sigma,
        "laplace_over_analytic_gaussian": math.sqrt(2) * M / analytic, "goal_ratio": 1.4,
        "goal_met": ratio >= 1.4, "plan": plan})
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
