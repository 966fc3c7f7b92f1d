"""Benchmark: the accuracy planner's rows for the mobility report (core.accuracy.report_planning.section_rows),
which the planner (RELEASE 6) and the report's trial run (DRY_RUN) both compute, per setting, in seconds.

With NOISE=2 the OD flows' 95% published count is the least k whose discrete Gaussian tail is at most 5%. Trying
each k in turn summed an O(sigma) tail O(sigma) times: at EPSILON 0.05 and M 20 (sigma about 1,400) one planner
run took 156 s on this machine (2 cores, loaded by other work), 1.6 s with the bisection of
core.accuracy.planning._least (same k; tests/core/test_accuracy.py).

Run: .venv/bin/python benchmarks/bench_report_planner.py
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import print_table, write_results  # noqa: E402
from dp_geoprivacy.core.accuracy.report_planning import section_rows  # noqa: E402
from dp_geoprivacy.core.releases.mobility_report import ANALYSES, MobilityReportSpec  # noqa: E402

SETTINGS = [(1.0, 5, 0.0), (1.0, 5, 1e-6), (0.1, 20, 1e-6), (0.05, 20, 1e-6), (0.2, 50, 1e-6)]
NO_TIME_RANGE = tuple(a for a in ANALYSES if a != "trips_over_time")  # the planner's default analyses


def main():
    rows = []
    for epsilon, m, delta in SETTINGS:
        spec = MobilityReportSpec(epsilon, m, "one user", analyses=NO_TIME_RANGE, gaussian_delta=delta)
        start = time.perf_counter()
        planned = section_rows(spec, epsilon)
        seconds = time.perf_counter() - start
        [flows] = [row for row in planned if row["section"] == "od_flows"]
        rows.append({"epsilon": epsilon, "m": m, "noise": "discrete_gaussian" if delta else "laplace",
                     "seconds": round(seconds, 2), "od_threshold": flows["threshold"],
                     "od_published_95": flows["count_published_95"]})
    print_table(rows, list(rows[0]))
    print(write_results("report_planner", {"rows": rows}))


if __name__ == "__main__":
    main()
