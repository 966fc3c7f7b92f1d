"""Empirical audit of randomizedresponse and triprelocation (issue 19, "an empirical audit").

For each worst-case pair of neighbouring datasets (one row's value, or one
trip's zones, changed), the core release function is run RUNS times on each
side with the secure generator (core.mechanisms.rng, no seed). A distinguishing event
(the changed row reports a chosen value) has frequency k1 / RUNS on one side
and k2 / RUNS on the other; with Clopper-Pearson bounds at ALPHA (split over
the two sides), epsilon >= ln(lower(p1) / upper(p2)) holds with confidence
1 - ALPHA (DP Auditorium style; Jagielski et al. 2020, Nasr et al. 2021).
The lower bound must not exceed the claimed epsilon; for the pairs where
the event is the mechanism's worst case it should come close to it.

Run: .venv/bin/python benchmarks/audit_randomized_response.py [RUNS]
(core only, no QGIS; about 45 s of CPU for RUNS = 20,000).
Results: benchmarks/results/audit_randomized_response.json.
"""

import math
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import write_results  # noqa: E402
from dp_geoprivacy.core.mechanisms.rng import noise_source  # noqa: E402
from dp_geoprivacy.core.releases.randomized_response import (
    DECLARED,
    ResponseData,
    ResponseInputError,
    ResponseSpec,
    StratumDeclaration,
    release_randomized_response,
)  # noqa: E402
from dp_geoprivacy.core.releases.relocation import RelocationSpec, release_relocation  # noqa: E402

ALPHA = 0.05


def clopper_pearson_epsilon(k1, k2, runs, alpha=ALPHA):
    """ln(lower bound of p1 / upper bound of p2), each one-sided at alpha / 2, in the likelier direction."""
    if k1 < k2:
        k1, k2 = k2, k1
    lower = stats.beta.ppf(alpha / 2, k1, runs - k1 + 1) if k1 > 0 else 0.0
    upper = stats.beta.ppf(1 - alpha / 2, k2 + 1, runs - k2) if k2 < runs else 1.0
    return max(math.log(lower / upper), 0.0) if lower > 0 else 0.0


def _count(run, runs):
    return sum(bool(run(noise_source().generator)) for _ in range(runs))


def response_case(name, spec, values, changed, event, runs, strata=None):
    """Row 0 holds values[0] (first) or changed (second); the event: row 0 reports ``event``."""
    def run_on(first_value):
        data = ResponseData(np.array([first_value] + values[1:], dtype=object), "text",
                            None if strata is None else np.array(strata, dtype=object))

        def run(rng):
            release = release_randomized_response(data, spec, rng)
            return release.result["reported"][int(np.flatnonzero(release.result["rows"] == 0)[0])] == event
        return run
    try:
        claimed = spec.mechanism().epsilon
        k1, k2 = _count(run_on(values[0]), runs), _count(run_on(changed), runs)
    except ResponseInputError as refused:
        return {"case": name, "refused": refused.reason}
    return {"case": name, "claimed_epsilon": claimed, "runs": runs, "k1": k1, "k2": k2,
            "lower_bound": clopper_pearson_epsilon(k1, k2, runs)}


def relocation_case(name, spec, trip, changed, runs):
    """Trip 0 goes trip (first) or changed (second); the event: trip 0 is reported as ``trip``."""
    others = [("0", "1"), ("1", "2"), ("2", "0")]

    def run_on(first):
        trips = [first] + others
        origin = np.array([t[0] for t in trips], dtype=object)
        dest = np.array([t[1] for t in trips], dtype=object)

        def run(rng):
            result = release_relocation(origin, dest, spec, rng).result
            row = int(np.flatnonzero(result["rows"] == 0)[0])
            return (result["origin_id"][row], result["dest_id"][row]) == trip
        return run
    k1, k2 = _count(run_on(trip), runs), _count(run_on(changed), runs)
    return {"case": name, "claimed_epsilon": spec.mechanism().epsilon, "runs": runs, "k1": k1, "k2": k2,
            "lower_bound": clopper_pearson_epsilon(k1, k2, runs)}


def main(runs):
    start = time.perf_counter()
    values = ["a", "b"] * 5
    uniform = ResponseSpec(("a", "b", "c"), epsilon=1.0)
    declared = ResponseSpec(("a", "b", "c"), DECLARED, epsilon=1.0, weights=(2.0, 1.0, 1.0))
    histogram = {"0": 15.0, "1": 10.0, "2": 25.0, "3": 5.0, "4": 20.0}  # zone 3 is the rarest
    cases = [
        response_case("k-ary: declared value changed (worst case)", uniform, values, "b", "a", runs),
        response_case("k-ary: a value no declaration names, only in the changed row", uniform, values, "zzz", "a",
                      runs),
        response_case("declared q: a category no other row holds, only in the changed row", declared,
                      ["a"] * 10, "c", "c", runs),
        response_case("declared strata: one-row stratum field", ResponseSpec(
            ("a", "b"), epsilon=1.0, strata=tuple(StratumDeclaration(str(i)) for i in range(10))),
            values, "b", "a", runs, strata=[str(i) for i in range(10)]),
        relocation_case("triprelocation: the trip at the rarest zones vs another trip",
                        RelocationSpec(2.0, 0.1, False, (histogram,)), ("3", "3"), ("0", "2"), runs),
        relocation_case("triprelocation: the trip at the rarest zones vs a trip with unknown zones",
                        RelocationSpec(2.0, 0.1, False, (histogram,)), ("3", "3"), ("zzz", None), runs),
    ]
    for case in cases:
        if "refused" in case:
            print(f"{case['case']}: refused ({case['refused']}), nothing published")
        else:
            print(f"{case['case']}: claimed {case['claimed_epsilon']:.3f}, lower bound {case['lower_bound']:.3f} "
                  f"({case['k1']} vs {case['k2']} of {case['runs']:,})")
            assert case["lower_bound"] <= case["claimed_epsilon"], case
    write_results("audit_randomized_response", {"alpha": ALPHA, "runs": runs, "cases": cases,
                                                "wall_s": round(time.perf_counter() - start, 1)})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
