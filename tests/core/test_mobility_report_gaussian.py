"""The mobility report's Gaussian option (issue 22 §1): visits per zone bounded to one per user and zone,
discrete Gaussian noise on them, the report's rho and (epsilon, delta) (core.releases.mobility_report)."""

import itertools
import math

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.gaussian import GaussianCountNoise, zcdp_epsilon, zcdp_rho
from dp_geoprivacy.core.releases import mobility_analyses as ma
from dp_geoprivacy.core.releases.mobility_report import (
    ANALYSES,
    MobilityData,
    MobilityReportSpec,
    Period,
    release_mobility_report,
)

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


def test_laplace_report_has_no_rho_and_the_gaussian_refuses_od_flows():
    assert "rho" not in MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone",)).record_fields()
    with pytest.raises(ValueError, match="od_flows"):
        MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone", "od_flows"), gaussian_delta=1e-6)
    with pytest.raises(ValueError, match="delta"):
        MobilityReportSpec(1.0, 2, "u", analyses=("visits_per_zone",), gaussian_delta=1.5)
