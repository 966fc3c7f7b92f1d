"""The mobility report's Gaussian option (issue 22 §1): visits per zone bounded to one per user and zone,
discrete Gaussian noise on them, the report's rho and (epsilon, delta) (core.releases.mobility_report)."""

import itertools
import math

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.gaussian import GaussianCountNoise, zcdp_epsilon, zcdp_rho
from dp_geoprivacy.core.mechanisms.gaussian_threshold import GaussianThreshold
from dp_geoprivacy.core.releases import mobility_analyses as ma
from dp_geoprivacy.core.releases.mobility_report import (
    ANALYSES,
    MobilityData,
    MobilityReportSpec,
    Period,
    release_mobility_report,
)
from dp_geoprivacy.core.releases.mobility_statistics import od_pairs

from .test_mobility_report import T0, make_trips

ZONES = 3
ENDS = (ma.MISSING, ma.OUTSIDE, 0, 1, 2)
NO_OD = tuple(a for a in ANALYSES if a != "od_flows")


def trips_of(user_trips):
    """MobilityData of (user, start zone, end zone) triples (an end MISSING: the trip is incomplete)."""
    user = np.array([u for u, _, _ in user_trips], dtype=np.int64)
    sz = np.array([s for _, s, _ in user_trips])
    ez = np.array([e for _, _, e in user_trips])
    n = len(user)
    nan2 = np.full((n, 2), np.nan)
    return MobilityData(user, np.ones(n, bool), ez != ma.MISSING, np.full(n, T0), np.full(n, T0 + 600.0),
                        nan2, nan2, sz, ez, ZONES)


def located(t):
    """``t`` with both ends of every trip located (complete trips for the OD flows)."""
    zero = np.zeros((len(t.user), 2))
    return MobilityData(**{**t.__dict__, "start_lonlat": zero, "end_lonlat": zero})


def test_distinct_visits_l2_sensitivity_is_sqrt_2m_by_brute_force():
    """Every user with up to M = 2 trips over 3 zones, outside and missing ends, added to a fixed dataset: the
    distinct visits change by at most sqrt(2M) in L2 (attained), while the visits counted with repeats reach 2M."""
    m = 2
    base = [(0, 0, 1), (0, 1, 1), (1, 2, ma.OUTSIDE), (1, 0, ma.MISSING), (2, 0, 0)]
    before = ma._exact_distinct_visits_per_zone(trips_of(base), ZONES)
    before_plain = ma._exact_visits_per_zone(trips_of(base), ZONES)
    worst = worst_plain = 0.0
    for k in range(1, m + 1):
        for trips in itertools.product(itertools.product(ENDS[1:], ENDS), repeat=k):
            added = trips_of(base + [(9, s, e) for s, e in trips])
            change = ma._exact_distinct_visits_per_zone(added, ZONES) - before
            assert set(np.unique(change)) <= {0.0, 1.0}
            worst = max(worst, float(np.sqrt((change ** 2).sum())))
            plain = ma._exact_visits_per_zone(added, ZONES) - before_plain
            worst_plain = max(worst_plain, float(np.sqrt((plain ** 2).sum())))
    spec = MobilityReportSpec(1.0, m, "u", analyses=("visits_per_zone",), gaussian_delta=1e-6)
    assert worst == pytest.approx(math.sqrt(2 * m)) == spec.mechanisms()["visits_per_zone"].sensitivity
    assert worst_plain == 2 * m  # one zone visited 2M times: the repeats the distinct bounding removes


def test_gaussian_report_record_carries_the_total_rho_and_its_conversion():
    m, eps, delta = 4, 2.0, 1e-6
    spec = MobilityReportSpec(eps, m, "u", analyses=NO_OD, period=Period(T0, T0 + 14 * 86400),
                              gaussian_delta=delta)
    shares = spec.shares()
    mechs = spec.mechanisms()
    visits = mechs["visits_per_zone"]
    assert visits.noise == GaussianCountNoise(shares["visits_per_zone"], delta, math.sqrt(2 * m))
    # by hand: rho_v from the share, then e^2/2 of every pure part (dataset statistics 4 parts of e/4, missing
    # values 2 of e/2, visits per time window 3/4 and 1/4 of its share, the others whole)
    parts = [zcdp_rho(shares["visits_per_zone"], delta)]
    for name, e in shares.items():
        pieces = {"dataset_statistics": [e / 4] * 4, "missing_values": [e / 2] * 2,
                  "visits_per_time_window": [e * 0.75, e * 0.25], "visits_per_zone": []}.get(name, [e])
        parts += [p * p / 2 for p in pieces]
    rho = math.fsum(parts)
    release = release_mobility_report(make_trips(), spec, np.random.default_rng(5))
    fields = release.record_fields
    assert fields["rho"] == pytest.approx(rho, rel=1e-9)
    assert fields["delta"] == delta
    assert fields["epsilon"] == pytest.approx(min(eps, zcdp_epsilon(rho, delta)), rel=1e-9)
    assert fields["epsilon"] <= eps
    assert fields["noise_scale"] == pytest.approx(visits.noise.scale)
    assert "discrete Gaussian" in fields["mechanism"]
    got = release.facts["analysis_fields"]["visits_per_zone"]
    assert got["rho"] == pytest.approx(zcdp_rho(shares["visits_per_zone"], delta)) and got["delta"] == delta
    visits_out = release.result["visits_per_zone"]
    assert np.array_equal(visits_out, np.round(visits_out)) and (visits_out >= 0).all()


def test_laplace_report_has_no_rho_and_the_gaussian_refuses_a_bad_delta():
    assert "rho" not in MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone",)).record_fields()
    with pytest.raises(ValueError, match="delta"):
        MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone",), gaussian_delta=1.5)


def test_distinct_od_pairs_change_by_one_in_at_most_m_cells_by_brute_force():
    """Every user with up to M = 2 complete trips over 3 zones and outside, added to a fixed dataset: the users per
    pair change by 0 or 1 in at most M cells (the outside cell included): L0 M, Linf 1."""
    m = 2
    base = [(0, 0, 1), (0, 0, 1), (1, 2, ma.OUTSIDE), (2, 0, 0)]

    def cells(trips):
        pairs = od_pairs(located(trips_of(trips)), ZONES, distinct=True)
        return np.r_[pairs.dense().ravel(), pairs.outside]
    before = cells(base)
    assert before[1] == 1  # user 0's two trips 0 -> 1 count once
    for k in range(1, m + 1):
        for trips in itertools.product(itertools.product(ENDS[1:], ENDS[1:]), repeat=k):
            change = cells(base + [(9, s, e) for s, e in trips]) - before
            assert set(np.unique(change)) <= {0.0, 1.0} and (change > 0).sum() <= m


def test_gaussian_report_with_od_flows_adds_their_epsilon_and_delta_on_top_and_carries_no_rho():
    m, eps, delta, od_delta = 3, 2.0, 1e-6, 1e-7
    spec = MobilityReportSpec(eps, m, "u", analyses=("visits_per_zone", "od_flows", "trips_per_hour"),
                              gaussian_delta=delta, od_delta=od_delta)
    shares = spec.shares()
    flows = spec.mechanisms()["od_flows"]
    assert flows.histogram == GaussianThreshold(shares["od_flows"], od_delta, m)
    rho = zcdp_rho(shares["visits_per_zone"], delta) + shares["trips_per_hour"] ** 2 / 2  # by hand, without od_flows
    assert spec.zcdp_rho() == pytest.approx(rho, rel=1e-12) and spec.rho() is None
    release = release_mobility_report(make_trips(), spec, np.random.default_rng(5))
    fields = release.record_fields
    assert "rho" not in fields and fields["delta"] == pytest.approx(delta + od_delta)
    assert fields["epsilon"] == pytest.approx(min(eps, zcdp_epsilon(rho, delta) + shares["od_flows"]), rel=1e-9)
    assert "Gaussian thresholding" in fields["mechanism"]
    got = release.facts["analysis_fields"]["od_flows"]
    assert got["threshold"] == flows.threshold and got["delta"] == od_delta
    assert got["delta_threshold"] <= od_delta / 2
    assert release.result["od_threshold"][0] == flows.threshold


def test_gaussian_report_od_flows_are_users_per_pair():
    # 5 users: 0 makes ten trips 0 -> 1, users 1..4 one trip 0 -> 1 each, user 4 also 2 -> 2; epsilon so large the
    # noise is 0 almost surely and tau = 2: only (0, 1) with 5 users is published.
    rows = [(0, 0, 1)] * 10 + [(u, 0, 1) for u in range(1, 5)] + [(4, 2, 2)]
    t = located(trips_of(rows))
    spec = MobilityReportSpec(1e7, 2, "u", analyses=("od_flows",), gaussian_delta=1e-6)
    release = release_mobility_report(t, spec, np.random.default_rng(1))
    r = release.result
    assert list(zip(r["od_origin"], r["od_dest"], r["od_flows"])) == [(0, 1, 5.0)]
    assert release.record_fields["epsilon"] == pytest.approx(1e7)  # no zCDP part: the OD flows' epsilon
