"""Benchmark: 10^7 Laplace draws from the old and the new release-noise generator.

Old: numpy's PCG64 seeded with 128 secret bits (predictable from enough
outputs). New (core.mechanisms.rng.noise_source): numpy's Philox keyed with 128 bits
and a 256-bit counter from ``secrets``. For reference: the same number of
Laplace variates by inverse CDF from ``os.urandom`` bytes (a CSPRNG in the
strict sense, but only for the distributions one re-implements). Median of
REPEATS runs each, alternating, in one process; peak RSS of the process.

Run: .venv/bin/python benchmarks/bench_rng.py   (also part of make benchmark)
"""

import os
import resource
import secrets
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import print_table, write_results  # noqa: E402
from dp_geoprivacy.core.mechanisms.rng import noise_source  # noqa: E402

N = 10_000_000
REPEATS = 5


def pcg64_old():
    return np.random.Generator(np.random.PCG64(secrets.randbits(128))).laplace(0.0, 100.0, N)


def philox_new():
    return noise_source().generator.laplace(0.0, 100.0, N)


def urandom_inverse_cdf():
    bits = np.frombuffer(os.urandom(8 * N), dtype=np.uint64)
    u = ((bits >> np.uint64(11)).astype(np.float64) + 0.5) * 2.0**-53  # in (0, 1)
    return np.where(u < 0.5, 100.0 * np.log(2.0 * u), -100.0 * np.log(2.0 - 2.0 * u))


def main():
    cases = {"PCG64 (old)": pcg64_old, "Philox keyed from secrets (new)": philox_new,
             "os.urandom + inverse CDF (reference)": urandom_inverse_cdf}
    times = {name: [] for name in cases}
    for _ in range(REPEATS):
        for name, draw in cases.items():
            start = time.perf_counter()
            values = draw()
            times[name].append(time.perf_counter() - start)
            assert len(values) == N
    baseline = statistics.median(times["PCG64 (old)"])
    rows = [{"generator": name, "median_s": round(statistics.median(t), 3),
             "ratio_to_old": round(statistics.median(t) / baseline, 2)} for name, t in times.items()]
    print(f"{N:,} Laplace draws, median of {REPEATS}:")
    print_table(rows, ["generator", "median_s", "ratio_to_old"])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of the process: {peak:.0f} MiB")
    path = write_results("rng", {"draws": N, "repeats": REPEATS, "numpy": np.__version__, "rows": rows,
                                 "peak_rss_mib": round(peak, 1)})
    print(f"written to {path}")


if __name__ == "__main__":
    main()
