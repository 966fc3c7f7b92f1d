"""Benchmark: Gaussian thresholding against the stability histogram for OD flows (issue 22, THRESHOLD=1 with NOISE=2).

Core functions only (no QGIS). Both releases publish only pairs with trips, at (epsilon 1, delta 1e-6):
the stability histogram (Laplace, THRESHOLD=1 NOISE=0: each user keeps M trips) and Gaussian thresholding
(THRESHOLD=1 NOISE=2: one trip per user and pair, M pairs; core.mechanisms.gaussian_threshold). Per setting,
REPEATS releases: the threshold, the noise's standard deviation, the mean number of flows published, and the
share of the trips kept after bounding that lie on a published pair.

Data (tuned by no test):
- the sample city (resources/sample_data/sample_city.gpkg): its 6,278 trips of invented persons (user_id)
  between its 42 public zones (1,764 pairs), a trip's ends assigned to the zone that contains them;
- the Cairns GTFS trips (build/trial-data/cairns.gpkg, ``make trial-data``) with USERS synthetic users as in
  bench_gaussian.py (each takes up to M trips of the feed on distinct pairs of a public 16 x 16 grid).

Run: .venv/bin/python benchmarks/bench_gaussian_threshold.py
"""

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_gaussian import DATA, OD_BOX, OD_GRID, _grid_index, _read  # noqa: E402
from benchmarks.common import print_table, write_results  # noqa: E402
from dp_geoprivacy.core.mechanisms.counting import LAPLACE  # noqa: E402
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN  # noqa: E402
from dp_geoprivacy.core.releases.od_flows import ODFlowData, ODFlowSpec, bound_users, release_od_flows  # noqa: E402

EPSILON, DELTA, REPEATS, USERS = 1.0, 1e-6, 20, 2000
BENCH_SEED = 2024  # the benchmark's data and runs are reproducible; the plugin never uses a fixed seed
SAMPLE_CITY = Path(__file__).resolve().parents[1] / "resources" / "sample_data" / "sample_city.gpkg"


def sample_city():
    """(origin zone, destination zone, user) per trip of the sample city; -1 for an end in no zone."""
    import shapely
    from osgeo import ogr

    dataset = ogr.Open(str(SAMPLE_CITY))
    zones = [shapely.from_wkb(bytes(f.GetGeometryRef().ExportToWkb())) for f in dataset.GetLayerByName("zones")]
    tree = shapely.STRtree(zones)
    rows = []
    for f in dataset.GetLayerByName("trips"):
        g = f.GetGeometryRef()
        rows.append((g.GetX(0), g.GetY(0), g.GetX(g.GetPointCount() - 1), g.GetY(g.GetPointCount() - 1),
                     f["user_id"]))
    rows = np.array(rows)

    def zone_of(xy):
        points = shapely.points(xy)
        found = np.full(len(xy), -1)
        point_index, zone_index = tree.query(points, predicate="within")
        found[point_index] = zone_index
        return found
    return zone_of(rows[:, :2]), zone_of(rows[:, 2:4]), rows[:, 4].astype(np.int64), len(zones)


def cairns(m, rng):
    """(origin, destination, user) of USERS synthetic users taking up to M feed trips on distinct pairs."""
    ends = _read(DATA / "cairns.gpkg", "trips", ends=True)
    origin = _grid_index(ends[:, :2], OD_BOX, OD_GRID, OD_GRID)
    dest = _grid_index(ends[:, 2:], OD_BOX, OD_GRID, OD_GRID)
    pair = np.where((origin >= 0) & (dest >= 0), origin * OD_GRID ** 2 + dest, -1)
    o, d, users = [], [], []
    for user in range(USERS):
        _, first = np.unique(pair[rng.permutation(len(pair))], return_index=True)
        kept = rng.permutation(len(pair))[first][:m]
        o.extend(origin[kept])
        d.extend(dest[kept])
        users.extend([user] * len(kept))
    return np.array(o), np.array(d), np.array(users), OD_GRID ** 2


def compare(name, origin, dest, users, n_zones, m, rng):
    data = ODFlowData(origin, dest, zone_order=np.arange(n_zones), user_keys=users)
    row = {"data": name, "m": m}
    for label, noise in (("laplace", LAPLACE), ("gaussian", DISCRETE_GAUSSIAN)):
        spec = ODFlowSpec(epsilon=EPSILON, unit_of_privacy="user", delta=DELTA, noise=noise, threshold=True,
                          max_trips=m, min_flow=0)
        mechanism = spec.mechanism()
        published, covered = [], []
        for _ in range(REPEATS):
            kept = bound_users(origin, dest, users, n_zones, mechanism, m, rng)
            r = release_od_flows(data, spec, rng)
            pairs = set(zip(r.result["origin_index"].tolist(), r.result["dest_index"].tolist()))
            o, d = origin[kept], dest[kept]
            inside = (o >= 0) & (d >= 0)
            covered.append(np.mean([(a, b) in pairs for a, b in zip(o[inside], d[inside])]))
            published.append(r.facts["published"])
        noise_sd = math.sqrt(mechanism.noise().variance)
        row.update({f"{label}_tau": round(float(mechanism.threshold), 1), f"{label}_sd": round(noise_sd, 2),
                    f"{label}_flows": round(float(np.mean(published)), 1),
                    f"{label}_trips_on_published": round(float(np.mean(covered)), 3)})
    return row


def main():
    rng = np.random.Generator(np.random.Philox(BENCH_SEED))
    rows = []
    origin, dest, users, n_zones = sample_city()
    for m in (1, 2, 4, 8):
        rows.append(compare("sample city", origin, dest, users, n_zones, m, rng))
    if (DATA / "cairns.gpkg").exists():
        for m in (4, 32):
            rows.append(compare("Cairns, synthetic users", *cairns(m, rng), m, rng))
    else:
        print("build/trial-data/cairns.gpkg is missing (make trial-data): Cairns skipped")
    columns = ["data", "m"] + [f"{k}_{c}" for k in ("laplace", "gaussian")
                               for c in ("tau", "sd", "flows", "trips_on_published")]
    print_table(rows, columns)
    write_results("gaussian_threshold", {"epsilon": EPSILON, "delta": DELTA, "repeats": REPEATS, "rows": rows})


if __name__ == "__main__":
    main()
