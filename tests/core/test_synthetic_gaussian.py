"""The discrete Gaussian option of the synthetic tables (core.releases.synthetic_gaussian, model 0 with delta > 0).

The sensitivity by brute force over added users, the record's rho against a hand sum, the noise of a table
against the exact discrete Gaussian (chi-square at ALPHA = 0.001) and the refusals. Fixed seeds.
"""

import itertools
import math

import numpy as np
import pytest
from scipy import stats

from dp_geoprivacy.core.mechanisms.gaussian import discrete_gaussian_pmf, zcdp_delta, zcdp_rho
from dp_geoprivacy.core.releases.release import no_op
from dp_geoprivacy.core.releases.synthetic_gaussian import one_per_unit, table_l2_sensitivity
from dp_geoprivacy.core.releases.synthetic_trips import (
    DURATION,
    OD,
    START,
    TOTAL,
    ContingencySpec,
    TripData,
    attribute_table,
    exact_table,
    prepare,
    release_synthetic_trips,
    table_cells,
    units_of,
)

ALPHA = 0.001
NZ, NT, ND, K = 3, 4, 2, 2  # zones, start bins, duration bins, categories of the one attribute
M = 4


def spec(delta=1e-6, max_trips=M, epsilon=1.0, weights=(1, 4, 2, 2, 1)):
    return ContingencySpec(epsilon, weights, NZ, NT, "one user", ND, (("g", K),), max_trips, delta)


def trips(rows):
    """rows: (user, origin, dest, start bin, duration bin, category)."""
    a = np.array(rows, dtype=np.int64).reshape(-1, 6)
    return TripData(origin_zone=a[:, 1], dest_zone=a[:, 2], start_bin=a[:, 3], zone_order=np.arange(NZ),
                    duration_bin=a[:, 4], attributes={"g": a[:, 5]}, user_keys=np.array([f"u{u}" for u in a[:, 0]],
                                                                                        dtype=object))


def exact_tables(data, s, seed=0):
    """Every table's exact counts, dense (the duration table too), through the release's own functions."""
    rows, _ = prepare(data, s.max_trips, no_op, {}, np.random.default_rng(seed))
    cells = table_cells(data, rows, s)
    units = units_of(data, rows) if s.gaussian else None
    return {name: exact_table(name, cells, units) for name in s.table_names()}


BASE = [(u, (u * 7) % NZ, (u * 5 + 1) % NZ, u % NT, u % ND, u % K) for u in range(10) for _ in range(2)]


def added_users():
    """Users with the worst-case trips: M trips all in one cell of every table, M trips all in distinct cells,
    and 2M trips (M kept by the bounding) in every pattern of two OD pairs and two start bins."""
    one_cell = [[(99, 0, 1, 2, 1, 0)] * n for n in range(1, M + 1)]
    distinct = [[(99, i % NZ, i // NZ, i % NT, i % ND, i % K) for i in range(M)]]  # distinct cells in every table
    mixed = []
    for o1, o2, s1, s2, g in itertools.product(range(NZ), range(NZ), range(NT), range(NT), range(K)):
        mixed.append([(99, o1, o2, s1, 0, g)] * M + [(99, o2, o1, s2, 1, 1 - g)] * M)
    return one_cell + distinct + mixed


def test_brute_force_l2_change_of_every_table_is_the_stated_sensitivity():
    s = spec()
    before = exact_tables(trips(BASE), s)
    worst = dict.fromkeys(s.table_names(), 0.0)
    for extra in added_users():  # 2 + 288 users
        after = exact_tables(trips(BASE + extra), s)
        for name in s.table_names():
            worst[name] = max(worst[name], float(np.linalg.norm(after[name] - before[name])))
    for name in s.table_names():
        assert worst[name] == pytest.approx(table_l2_sensitivity(name, M), abs=1e-12), name
    assert worst[TOTAL] == M and worst[OD] == math.sqrt(M)  # L2 = L1 in the one cell; sqrt(M) elsewhere


def test_the_laplace_tables_still_count_trips():
    """Without the Gaussian a user's M trips on one pair move that cell by M (L1 = L2 = M): why the Gaussian
    counts users per cell."""
    s = spec(delta=0.0)
    before = exact_tables(trips(BASE), s)
    after = exact_tables(trips(BASE + [(99, 0, 1, 2, 1, 0)] * M), s)
    assert np.abs(after[OD] - before[OD]).max() == M


def test_one_per_unit_keeps_one_record_per_unit_and_cell():
    assert sorted(one_per_unit([0, 0, 1, 1, 1, 2], [5, 5, 5, 6, 6, 5]).tolist()) == [5, 5, 5, 6]
    assert one_per_unit([], []).tolist() == []


def test_record_rho_is_the_hand_sum_and_converts_within_epsilon_delta():
    s = spec(epsilon=1.0, delta=1e-6)
    budget = s.mechanism()
    rho = zcdp_rho(1.0, 1e-6)
    assert rho == pytest.approx(0.02435597, rel=1e-6)
    weights = dict(zip(s.table_names(), (1, 4, 2, 2, 1)))
    hand = 0.0
    for name, w in weights.items():
        noise = budget.noise(name)
        delta_2 = M if name == TOTAL else math.sqrt(M)  # L2 sensitivity by hand
        assert noise.sensitivity == delta_2
        assert noise.scale == pytest.approx(delta_2 / math.sqrt(2 * rho * w / 10), rel=1e-12)  # sigma_t
        hand += delta_2**2 / (2 * noise.scale**2)  # rho_t of CKS Theorem 14
    fields = budget.record_fields("one user")
    assert fields["rho"] == pytest.approx(hand, rel=1e-12) and hand == pytest.approx(rho, rel=1e-12)
    assert fields["epsilon"] == 1.0 and fields["delta"] == 1e-6
    assert zcdp_delta(fields["rho"], 1.0) <= 1e-6
    assert "rho" in fields["mechanism"] and "origin_destination discrete Gaussian L2 2" in fields["noise_scale_unit"]


def test_release_carries_rho_and_counts_users_per_cell():
    data = trips(BASE + [(99, 0, 1, 2, 1, 0)] * 3)
    release = release_synthetic_trips(data, spec(epsilon=1e8), np.random.default_rng(3))
    assert release.record_fields["rho"] == pytest.approx(zcdp_rho(1e8, 1e-6), rel=1e-9)
    od = release.facts["tables"][OD]
    exact = exact_tables(data, spec(epsilon=1e8))
    assert np.array_equal(od, exact[OD])  # epsilon 1e8: sigma ~1e-7, the released table is the exact one
    assert od[0 * NZ + 1] == 1 + sum(1 for u in range(10) if ((u * 7) % NZ, (u * 5 + 1) % NZ) == (0, 1))
    assert release.facts["noisy_total"] == len(BASE) + 3  # the total counts trips


def test_table_noise_is_the_discrete_gaussian_of_its_sigma():
    """Errors of the OD, start and attribute tables (counts far from 0, so no clamping) against N_Z(0, sigma^2)
    by chi-square at ALPHA; and not the distribution of sigma scaled by sqrt(M) (the L1 calibration)."""
    rows = [(u, u % NZ, (u // NZ) % NZ, u % NT, u % ND, u % K) for u in range(2000)]
    data = trips(rows)
    s = spec(epsilon=2.0, max_trips=M)
    exact = exact_tables(data, s)
    budget = s.mechanism()
    for name in (OD, START, attribute_table("g")):
        errors = []
        for seed in range(40):
            released = release_synthetic_trips(data, s, np.random.default_rng(seed)).facts["tables"][name]
            errors.append(np.ravel(released) - exact[name])
        errors = np.concatenate(errors).astype(np.int64)
        sigma = budget.noise(name).scale
        assert exact[name].min() > 10 * sigma  # clamping at zero never acts
        for scale, should_pass in ((sigma, True), (sigma * math.sqrt(M), False)):
            edges = np.arange(-int(3 * sigma), int(3 * sigma) + 1)
            observed = np.array([(errors < edges[0]).sum()] + [(errors == k).sum() for k in edges] +
                                [(errors > edges[-1]).sum()])
            pmf = discrete_gaussian_pmf(edges, scale)
            below = discrete_gaussian_pmf(np.arange(-int(40 * scale), edges[0]), scale).sum()
            expected = np.concatenate([[below], pmf, [below]]) * len(errors)
            p = stats.chisquare(observed, expected / expected.sum() * len(errors)).pvalue
            assert (p > ALPHA) == should_pass, (name, scale, p)


def test_bad_delta_is_refused():
    for delta in (1.0, 1.5, -1e-6, float("nan")):
        with pytest.raises(ValueError, match="DELTA in"):
            spec(delta=delta).mechanism()
    assert spec(delta=0.0).mechanism().record_fields("x")["delta"] == 0.0  # 0: Laplace


@pytest.mark.parametrize("table", [OD, START, DURATION])
def test_item_level_counts_each_trip(table):
    """Without user ids each trip is its own unit: the Gaussian tables count trips (L2 1, M = 1)."""
    data = TripData(origin_zone=np.array([0, 0, 1]), dest_zone=np.array([1, 1, 2]), start_bin=np.array([0, 0, 1]),
                    zone_order=np.arange(NZ), duration_bin=np.array([1, 1, 0]), attributes={"g": np.array([0, 0, 1])})
    s = spec(max_trips=1)
    assert exact_tables(data, s)[table].sum() == 3 and exact_tables(data, s)[table].max() == 2
