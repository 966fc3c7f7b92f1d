"""The attacks of the audit: for each release core function and each unit of privacy it offers, two
neighbouring datasets (one unit added, or one unit's data changed) and the statistic that tells them apart.

Each neighbour pair is one of the worst shapes for its release: the added unit puts all of its allowed
contributions (M points, M trips, values at the bound) into one cell that is otherwise empty or small, so the
statistic (that cell's noisy output) moves by the full sensitivity.
"""

import numpy as np

from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from dp_geoprivacy.core.mechanisms.location import PER_AXIS, PLANAR, PerturbationSpec, release_perturbation
from dp_geoprivacy.core.releases.mobility_report import (
    MobilityData,
    MobilityReportSpec,
    Period,
    release_mobility_report,
)
from dp_geoprivacy.core.releases.od_flows import ODFlowData, ODFlowSpec, release_od_flows
from dp_geoprivacy.core.releases.randomized_response import ResponseData, ResponseSpec, release_randomized_response
from dp_geoprivacy.core.releases.relocation import RelocationSpec, release_relocation
from dp_geoprivacy.core.releases.synthetic_trips import OD, ContingencySpec, TripData, release_synthetic_trips
from dp_geoprivacy.core.releases.trajectories import SDD, SHORTEN, Tracks, TrajectorySpec, release_trajectories
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts
from dp_geoprivacy.core.releases.zone_statistics import release_zone_statistics
from dp_geoprivacy.core.releases.zone_statistics_spec import RECORD, SUM, USER, USER_DAY, ZoneStatisticsSpec

from .auditing import Attack
from .bound_cases import bound_choice_attack
from .spatial_cases import spatial_attacks

EPSILON = 1.0
N_ZONES = 4
TARGET = 2  # the cell the added unit goes to


def _cell_value(zone_index, values, cell, missing=-1.0):
    """The published value of ``cell``, or ``missing`` when the release left it out (thresholds)."""
    hit = np.flatnonzero(np.asarray(zone_index) == cell)
    return float(values[hit[0]]) if len(hit) else missing


# --- noisyzonecounts -------------------------------------------------------------------------------------------


def zone_count_attack(unit: str, m: int = 1, threshold: bool = False, delta: float = 0.0) -> Attack:
    """D: 50 points in zones 0 and 1 (5 users with 10 points each at user level); D': plus one unit with M
    points in zone TARGET."""
    base_cell = np.repeat([0, 1], 25)
    base_user = np.repeat(np.arange(5), 10).astype(object) if unit != "point" else None
    added_cell = np.full(m, TARGET)
    data = []
    for extra in (False, True):
        cell = np.concatenate((base_cell, added_cell)) if extra else base_cell
        user = None if base_user is None else (np.concatenate((base_user, np.full(m, 99, dtype=object)))
                                               if extra else base_user)
        data.append(ZoneCountData(cell=cell, n_zones=N_ZONES, zone_rank=np.arange(N_ZONES), user_keys=user))
    spec = ZoneCountSpec(epsilon=EPSILON, unit_of_privacy=unit, delta=delta, threshold=threshold,
                         max_contributions=m)

    def statistic(neighbour, rng):
        r = release_zone_counts(data[neighbour], spec, rng).result
        return _cell_value(r["zone_index"], r["noisy_count"], TARGET)

    name = "noisyzonecounts" + (" (stability threshold)" if threshold else "")
    return Attack(name, f"{unit}" + (f", M={m}" if m > 1 else ""), EPSILON, delta, statistic)


# --- noisyodflows ----------------------------------------------------------------------------------------------


def od_flow_attack(unit: str, m: int = 1) -> Attack:
    """D: 40 trips between zones 0 and 1; D': plus one unit with M trips from TARGET to TARGET."""
    origin, dest = np.repeat([0, 1], 20), np.repeat([1, 0], 20)
    user = np.repeat(np.arange(4), 10).astype(object)
    data = []
    for extra in (False, True):
        o = np.concatenate((origin, np.full(m, TARGET))) if extra else origin
        d = np.concatenate((dest, np.full(m, TARGET))) if extra else dest
        u = np.concatenate((user, np.full(m, 99, dtype=object))) if extra else user
        data.append(ODFlowData(origin_zone=o, dest_zone=d, zone_order=np.arange(N_ZONES),
                               user_keys=u if unit != "trip" else None))
    spec = ODFlowSpec(epsilon=EPSILON, unit_of_privacy=unit, max_trips=m)

    def statistic(neighbour, rng):
        r = release_od_flows(data[neighbour], spec, rng).result
        hit = np.flatnonzero((r["origin_index"] == TARGET) & (r["dest_index"] == TARGET))
        return float(r["noisy_count"][hit[0]]) if len(hit) else -1.0

    return Attack("noisyodflows", unit + (f", M={m}" if m > 1 else ""), EPSILON, 0.0, statistic)


def od_flow_gaussian_attack(m: int = 3, delta: float = 1e-6) -> Attack:
    """The discrete Gaussian (L2 sensitivity sqrt(M)). D: 40 trips of 4 users between zones 0 and 1; D': plus
    one user with two trips on each of the M pairs (TARGET, 0), ..., (TARGET, M - 1) (the repeats are cut by the
    distinct-pair bound). Statistic: the sum of the M pairs' noisy counts, which moves by M against noise of
    standard deviation sqrt(M) sigma: the L2 worst case (an even shift over M cells)."""
    origin, dest = np.repeat([0, 1], 20), np.repeat([1, 0], 20)
    user = np.repeat(np.arange(4), 10).astype(object)
    pairs_dest = np.repeat(np.arange(m), 2)
    data = []
    for extra in (False, True):
        o = np.concatenate((origin, np.full(2 * m, TARGET))) if extra else origin
        d = np.concatenate((dest, pairs_dest)) if extra else dest
        u = np.concatenate((user, np.full(2 * m, 99, dtype=object))) if extra else user
        data.append(ODFlowData(origin_zone=o, dest_zone=d, zone_order=np.arange(N_ZONES), user_keys=u))
    spec = ODFlowSpec(epsilon=EPSILON, unit_of_privacy="user", delta=delta, noise=DISCRETE_GAUSSIAN, max_trips=m)

    def statistic(neighbour, rng):
        r = release_od_flows(data[neighbour], spec, rng).result
        hit = (r["origin_index"] == TARGET) & (r["dest_index"] < m)
        return float(r["noisy_count"][hit].sum())

    return Attack("noisyodflows (discrete Gaussian)", f"user, M={m}", EPSILON, delta, statistic)


def od_flow_gaussian_threshold_attack(m: int = 3, delta: float = 1e-6) -> Attack:
    """Gaussian thresholding (NOISE=2, THRESHOLD=1; core.mechanisms.gaussian_threshold). D: tau users, each with one
    trip on each of the M pairs (TARGET, 0), ..., (TARGET, M - 1), so each pair is published about half the time;
    D': plus one user with two trips on each of them (repeats cut by the distinct-pair bound). Statistic: the sum
    of the M pairs' published counts, a pair left out counting tau - 1: the shift of M over M cells (the L2 worst
    case) where the threshold matters most. (A user's new pairs pass tau with probability delta_t <= delta / 2,
    measured exactly in tests/core/test_gaussian_threshold.py: no attack on them can show more than delta.)"""
    spec = ODFlowSpec(epsilon=EPSILON, unit_of_privacy="user", delta=delta, noise=DISCRETE_GAUSSIAN, threshold=True,
                      max_trips=m)
    tau = spec.mechanism().threshold
    origin, dest = np.full(tau * m, TARGET), np.tile(np.arange(m), tau)
    user = np.repeat(np.arange(tau), m).astype(object)
    data = []
    for extra in (False, True):
        o = np.concatenate((origin, np.full(2 * m, TARGET))) if extra else origin
        d = np.concatenate((dest, np.repeat(np.arange(m), 2))) if extra else dest
        u = np.concatenate((user, np.full(2 * m, -1, dtype=object))) if extra else user
        data.append(ODFlowData(origin_zone=o, dest_zone=d, zone_order=np.arange(N_ZONES), user_keys=u))

    def statistic(neighbour, rng):
        r = release_od_flows(data[neighbour], spec, rng).result
        hit = (r["origin_index"] == TARGET) & (r["dest_index"] < m)
        return float(r["noisy_count"][hit].sum() + (m - hit.sum()) * (tau - 1))

    return Attack("noisyodflows (Gaussian thresholding)", f"user, M={m}", EPSILON, delta, statistic)


# --- laplaceperturbation ---------------------------------------------------------------------------------------


def perturbation_attack(kind: str, distance: float = 100.0) -> Attack:
    """D: one point at (0, 0); D': the point moved by DISTANCE along x. Claimed: EPSILON for two locations
    DISTANCE apart (geo-indistinguishability)."""
    points = (np.array([[0.0, 0.0]]), np.array([[distance, 0.0]]))
    spec = PerturbationSpec(kind=kind, epsilon=EPSILON, distance=distance, grid=1.0)

    def statistic(neighbour, rng):
        return float(release_perturbation(points[neighbour], spec, rng).result["xy"][0, 0])

    label = "planar Laplace" if kind == PLANAR else "per-axis Laplace"
    return Attack(f"laplaceperturbation ({label})", f"location, {distance:g} m", EPSILON, 0.0, statistic)


# --- noisyzonestatistics ---------------------------------------------------------------------------------------


def zone_statistics_attack(unit: str, m: int = 1) -> Attack:
    """SUM in [0, 100]. D: 40 records with value 50 in zones 0 and 1 (4 users over 2 days at user level);
    D': plus one unit with M values at the upper bound in zone TARGET."""
    base_cell, base_value = np.repeat([0, 1], 20), np.full(40, 50.0)
    base_user, base_day = np.repeat(np.arange(4), 10).astype(object), np.tile([0, 1], 20)
    data = []
    for extra in (False, True):
        cell = np.concatenate((base_cell, np.full(m, TARGET))) if extra else base_cell
        value = np.concatenate((base_value, np.full(m, 100.0))) if extra else base_value
        user = np.concatenate((base_user, np.full(m, 99, dtype=object))) if extra else base_user
        day = np.concatenate((base_day, np.zeros(m, dtype=int))) if extra else base_day
        data.append((cell, value, user, day))
    spec = ZoneStatisticsSpec(SUM, EPSILON, 0.0, 100.0, unit=unit, max_contributions=m)

    def statistic(neighbour, rng):
        cell, value, user, day = data[neighbour]
        release = release_zone_statistics(cell, value, spec, rng, n_zones=N_ZONES,
                                          user_keys=None if unit == RECORD else user,
                                          day=day if unit == USER_DAY else None)
        return float(release.values[TARGET, 0])

    return Attack("noisyzonestatistics (sum)", unit.replace("_", "-") + (f", M={m}" if m > 1 else ""), EPSILON,
                  0.0, statistic)


def zone_statistics_gaussian_attack(m: int = 3, delta: float = 1e-6) -> Attack:
    """The discrete Gaussian SUM in [0, 100], user level (L2 sensitivity sqrt(M) 100). D: 40 records of value 50
    in zones 0 and 1 (4 users); D': plus one user with two values at the upper bound in each of the M zones 0..M-1
    (the repeats are cut by the distinct-cell bound). Statistic: the sum of those M cells' noisy sums."""
    base_cell, base_value = np.repeat([0, 1], 20), np.full(40, 50.0)
    base_user = np.repeat(np.arange(4), 10).astype(object)
    data = []
    for extra in (False, True):
        added = np.repeat(np.arange(m), 2)
        cell = np.concatenate((base_cell, added)) if extra else base_cell
        value = np.concatenate((base_value, np.full(2 * m, 100.0))) if extra else base_value
        user = np.concatenate((base_user, np.full(2 * m, 99, dtype=object))) if extra else base_user
        data.append((cell, value, user))
    spec = ZoneStatisticsSpec(SUM, EPSILON, 0.0, 100.0, unit=USER, max_contributions=m, noise=DISCRETE_GAUSSIAN,
                              delta=delta)

    def statistic(neighbour, rng):
        cell, value, user = data[neighbour]
        release = release_zone_statistics(cell, value, spec, rng, n_zones=N_ZONES, user_keys=user)
        return float(release.values[:m, 0, 0].sum())

    return Attack("noisyzonestatistics (sum, discrete Gaussian)", f"user, M={m}", EPSILON, delta, statistic)


# --- randomizedresponse, triprelocation ------------------------------------------------------------------------


def randomized_response_attack() -> Attack:
    """One row: 'a' in D, 'b' in D' (a changed record), declared categories a, b, c, uniform replacement."""
    data = [ResponseData(np.array([v], dtype=object), "text") for v in ("a", "b")]
    spec = ResponseSpec(replacement="uniform", epsilon=EPSILON, categories=("a", "b", "c"))

    def statistic(neighbour, rng):
        return float(release_randomized_response(data[neighbour], spec, rng).result["reported"][0] == "a")

    return Attack("randomizedresponse", "record (changed)", EPSILON, 0.0, statistic)


def relocation_attack() -> Attack:
    """One trip: Z3 -> Z3 in D, Z0 -> Z0 in D' (a changed trip; Z3 is the rarest zone of the public histogram,
    the worst case of seed 000 eq. 11); floor 0.1, epsilon 2 per trip."""
    zones = ("Z0", "Z1", "Z2", "Z3")
    histogram = {"Z0": 50, "Z1": 30, "Z2": 15, "Z3": 5}
    spec = RelocationSpec(epsilon=2.0, floor=0.1, joint=False, histograms=(histogram,), domain=zones)
    trips = [np.array([zone], dtype=object) for zone in ("Z3", "Z0")]
    claimed = spec.mechanism().record_fields(spec.floor)["epsilon"]

    def statistic(neighbour, rng):
        result = release_relocation(trips[neighbour], trips[neighbour], spec, rng).result
        return float(result["origin_id"][0] == "Z3") + float(result["dest_id"][0] == "Z3")

    return Attack("triprelocation", "trip (changed)", claimed, 0.0, statistic)


# --- synthetictrips, mobilityreport ----------------------------------------------------------------------------


def synthetic_trips_attack(m: int = 3) -> Attack:
    """Model 0 (noisy contingency tables). D: 40 trips of 4 users between zones 0 and 1; D': plus one user with M
    trips from TARGET to TARGET. Statistic: the noisy OD table's cell (TARGET, TARGET), which gets 0.8 of epsilon."""
    origin, dest = np.repeat([0, 1], 20), np.repeat([1, 0], 20)
    user = np.repeat(np.arange(4), 10).astype(object)
    data = []
    for extra in (0, m):
        o, d = np.r_[origin, np.full(extra, TARGET)], np.r_[dest, np.full(extra, TARGET)]
        data.append(TripData(origin_zone=o, dest_zone=d, start_bin=np.zeros(len(o), dtype=int),
                             zone_order=np.arange(N_ZONES), user_keys=np.r_[user, np.full(extra, 99, dtype=object)]))
    spec = ContingencySpec(epsilon=EPSILON, weights=(1, 8, 1), n_zones=N_ZONES, n_time_bins=1,
                           unit_of_privacy="user", max_trips=m)
    cell = TARGET * N_ZONES + TARGET

    def statistic(neighbour, rng):
        return float(release_synthetic_trips(data[neighbour], spec, rng).facts["tables"][OD][cell])

    return Attack("synthetictrips (model 0)", f"user, M={m}", EPSILON, 0.0, statistic)


def synthetic_trips_gaussian_attack(m: int = 3, delta: float = 1e-6) -> Attack:
    """Model 0 with the discrete Gaussian (core.releases.synthetic_gaussian). D: 40 trips of 4 users between zones 0
    and 1; D': plus one user with M trips on the M pairs (TARGET, 0), ..., (TARGET, M - 1). Statistic: the sum of
    the M pairs' noisy OD counts, which moves by M against noise of standard deviation sqrt(M) sigma: the L2
    worst case of the OD table (an even shift over M cells)."""
    origin, dest = np.repeat([0, 1], 20), np.repeat([1, 0], 20)
    user = np.repeat(np.arange(4), 10).astype(object)
    data = []
    for extra in (0, m):
        o, d = np.r_[origin, np.full(extra, TARGET)], np.r_[dest, np.arange(extra)]
        data.append(TripData(origin_zone=o, dest_zone=d, start_bin=np.zeros(len(o), dtype=int),
                             zone_order=np.arange(N_ZONES), user_keys=np.r_[user, np.full(extra, 99, dtype=object)]))
    spec = ContingencySpec(epsilon=EPSILON, weights=(1, 8, 1), n_zones=N_ZONES, n_time_bins=1,
                           unit_of_privacy="user", max_trips=m, delta=delta)
    cells = TARGET * N_ZONES + np.arange(m)

    def statistic(neighbour, rng):
        return float(release_synthetic_trips(data[neighbour], spec, rng).facts["tables"][OD][cells].sum())

    return Attack("synthetictrips (model 0, discrete Gaussian)", f"user, M={m}", EPSILON, delta, statistic)


def mobility_report_attack(m: int = 3) -> Attack:
    """Visits per zone. D: 40 trips of 4 users between zones 0 and 1; D': plus one user with M trips from TARGET
    to TARGET (distinct trip ids). Statistic: the noisy visits of zone TARGET."""
    t0 = 1_700_000_000.0
    data = []
    for extra in (0, m):
        n = 40 + extra
        start_zone = np.r_[np.repeat([0, 1], 20), np.full(extra, TARGET)]
        end_zone = np.r_[np.repeat([1, 0], 20), np.full(extra, TARGET)]
        user = np.r_[np.repeat(np.arange(4), 10), np.full(extra, 99)]
        start = t0 + 3600.0 * np.arange(n)
        lonlat = np.column_stack((13.0 + 0.01 * start_zone, np.full(n, 52.5)))
        data.append(MobilityData(user, np.ones(n, bool), np.ones(n, bool), start, start + 600.0, lonlat,
                                 lonlat + 0.001, start_zone, end_zone, N_ZONES))
    spec = MobilityReportSpec(EPSILON, m, "user", analyses=("visits_per_zone",),
                              period=Period(t0, t0 + 7 * 86400.0))

    def statistic(neighbour, rng):
        return float(release_mobility_report(data[neighbour], spec, rng).result["visits_per_zone"][TARGET])

    return Attack("mobilityreport (visits per zone)", f"user, M={m}", EPSILON, 0.0, statistic)


# --- trajectoryperturbation -----------------------------------------------------------------------------------


def trajectory_attack(not_fitting: bool = False) -> Attack:
    """SDD, K = 3 (one re-drawn vertex, EPSILON on it). Route: D goes (0, 0) -> (0, 100) and back, D' the mirror
    route through (0, -100): same ends (kept exactly), true directions opposite (the direction score's full
    sensitivity pi). Statistic: which side the published middle vertex is on.

    ``not_fitting``: NOT_FITTING = shorten, ends perturbed (DISTANCE 100 m). D: a trip from (0, 0) to (390, 0),
    which fits (K - 1) x MAX_STEP = 400 m; D': its end 70 m farther, (460, 0), which does not. Claimed: EPSILON
    plus the count's epsilon; statistic: the noisy number of trips shortened.
    """
    if not_fitting:
        lines = ([(0.0, 0.0), (200.0, 10.0), (390.0, 0.0)], [(0.0, 0.0), (200.0, 10.0), (460.0, 0.0)])
        spec = TrajectorySpec(SDD, EPSILON, 3, max_step=200.0, keep_endpoints=False, distance=100.0, grid=0.0,
                              not_fitting=SHORTEN, count_epsilon=EPSILON)
    else:
        lines = ([(0.0, 0.0), (0.0, 100.0), (0.0, 0.0)], [(0.0, 0.0), (0.0, -100.0), (0.0, 0.0)])
        spec = TrajectorySpec(SDD, EPSILON, 3, max_step=200.0, grid=0.0)
    tracks = [Tracks(np.array(line), np.array([0, 3])) for line in lines]
    claimed = spec.record_fields()["epsilon"]

    def statistic(neighbour, rng):
        release = release_trajectories(tracks[neighbour], spec, rng)
        if not_fitting:
            return float(release.facts["not_fitting_noisy"])
        return float(release.result["tracks"][0, 1, 1] > 0)

    unit = "trajectory, a trip not fitting" if not_fitting else "trajectory (route, same ends)"
    return Attack("trajectoryperturbation (SDD" + (", shorten)" if not_fitting else ")"), unit, claimed, 0.0,
                  statistic)


def attacks():
    """Every release core function and unit of privacy the audit covers."""
    return [
        zone_count_attack("point"),
        zone_count_attack("user", m=3),
        zone_count_attack("point", threshold=True, delta=1e-5),
        od_flow_attack("trip"),
        od_flow_attack("user", m=3),
        od_flow_gaussian_attack(m=3),
        od_flow_gaussian_threshold_attack(m=3),
        perturbation_attack(PLANAR),
        perturbation_attack(PER_AXIS),
        zone_statistics_attack(RECORD),
        zone_statistics_attack(USER, m=2),
        zone_statistics_attack(USER_DAY, m=2),
        zone_statistics_gaussian_attack(m=3),
        randomized_response_attack(),
        relocation_attack(),
        synthetic_trips_attack(),
        synthetic_trips_gaussian_attack(),
        mobility_report_attack(),
        trajectory_attack(),
        trajectory_attack(not_fitting=True),
        *spatial_attacks(),
        bound_choice_attack(),
    ]
