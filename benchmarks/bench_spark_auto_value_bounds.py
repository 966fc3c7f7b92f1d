"""Benchmark: what AUTO_VALUE_BOUNDS (issue 22 §2) adds to noisyzonestatistics on Spark local[2].

Synthetic points (default 1,000,000): lon/lat around Sydney, a speed (gamma, shape 2, scale 25 km/h: 2nd and
98th percentiles about 5.4 and 146), a card (records / 5 cards: M = 5 bounds some users). Release: the mean speed
per H3 resolution 8 cell of a public EXTENT, UNIT=1, USER_FIELD=card, declared range LOWER=0, UPPER=200,
EPSILON=1. Three runs in one Spark session (the JVM started once, before timing), alternated --repeats times:
1. MAX_CONTRIBUTIONS=5, declared bounds;
2. MAX_CONTRIBUTIONS=5, AUTO_VALUE_BOUNDS=true (one more pass: each value's grid candidate and the per-user
   window on the executors, a histogram of at most 1,001 rows to the driver);
3. MAX_CONTRIBUTIONS=0 and AUTO_VALUE_BOUNDS=true (the per-user counts' pass too).
Measured: wall time of each whole command (read, choices, aggregate, noise, GeoPackage), the bounds and M chosen,
and the load average (the machine is shared: wall time alone says little).

Run: .venv/bin/python benchmarks/bench_spark_auto_value_bounds.py [--records N] [--repeats R]  (after make spark-deps)
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import load_average, print_table, write_results  # noqa: E402

EXTENT = "150.9,151.5,-34.1,-33.6 [EPSG:4326]"
RUNS = {"declared": {"MAX_CONTRIBUTIONS": "5"},
        "auto_bounds": {"MAX_CONTRIBUTIONS": "5", "AUTO_VALUE_BOUNDS": "true"},
        "auto_m_and_bounds": {"MAX_CONTRIBUTIONS": "0", "AUTO_VALUE_BOUNDS": "true"}}


def make_points(path: Path, n: int):
    import pandas as pd

    rng = np.random.default_rng(2026)
    pd.DataFrame({"lon": rng.uniform(150.95, 151.45, n), "lat": rng.uniform(-34.05, -33.65, n),
                  "speed": rng.gamma(2.0, 25.0, n), "card": rng.integers(0, max(n // 5, 1), n)}).to_parquet(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from dp_geoprivacy.spark.__main__ import noisy_zone_statistics
    from dp_geoprivacy.spark.cli import session

    spark = session("local[2]")
    spark.sparkContext.setLogLevel("ERROR")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "points.parquet"
        make_points(data, args.records)
        common = {"INPUT": str(data), "LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
                  "STATISTIC": "2", "LOWER": "0", "UPPER": "200", "UNIT": "1", "USER_FIELD": "card",
                  "H3_RESOLUTION": "8", "EXTENT": EXTENT, "EPSILON": "1"}
        noisy_zone_statistics({**common, **RUNS["declared"], "OUTPUT": str(Path(folder) / "warm.gpkg")}, spark,
                              log=lambda _: None)  # JVM, Python workers and the file cache warm, not timed
        for repeat in range(args.repeats):
            for name, extra in RUNS.items():
                log = []
                load = load_average()
                started = time.perf_counter()
                noisy_zone_statistics({**common, **extra, "OUTPUT": str(Path(folder) / f"{name}{repeat}.gpkg")},
                                      spark, log=log.append)
                wall = time.perf_counter() - started
                chosen = [line for line in log if line.startswith(("Automatic M:", "Automatic LOWER/UPPER:"))]
                rows.append({"run": name, "repeat": repeat, "wall_s": round(wall, 1), "load_before": load[0],
                             "chosen": " | ".join(chosen)})
    spark.stop()
    print_table(rows, ["run", "repeat", "wall_s", "load_before", "chosen"])
    path = write_results("bench_spark_auto_value_bounds", {"records": args.records, "master": "local[2]",
                                                           "runs": rows})
    print(f"written {path}")


if __name__ == "__main__":
    main()
