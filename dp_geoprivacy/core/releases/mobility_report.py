"""The differentially private mobility report (Kapp et al. 2023): the release behind dp_geoprivacy:mobilityreport.

Kapp et al. 2023 §3 (the analyses), §4.2-4.3 (user-level privacy: each user keeps at
most M trips, sampled uniformly once for the whole report; counts of users
have sensitivity 1, of trips M, of trip ends 2M; five-number summaries by
the exponential mechanism on ranks with the same sensitivity; the
tessellation, bins and bounds are public and values beyond them are one
noisy outlier count). The total EPSILON is split over the chosen analyses by
public weights (default DEFAULT_SPLIT: visits, OD flows and trips over time first); each
analysis is its own mechanism with its own epsilon share and sensitivity,
and sequential composition makes the report EPSILON-DP for one user
(:func:`release_mobility_report`).

The Gaussian option (``gaussian_delta`` > 0, the Processing NOISE=2; issue
22 §1). Only visits per zone change: each user's visits are bounded to one
per zone (``_exact_distinct_visits_per_zone``, the bounding of noisyodflows'
NOISE=2), so the count per zone is the number of users with a visit there
and a user with M trips changes at most 2M cells by 1 each: L1 2M, L2
sqrt(2M). With its share e_v it gets discrete Gaussian noise of sigma =
sqrt(2M) / sqrt(2 rho_v), rho_v = zcdp_rho(e_v, delta) (core.mechanisms.gaussian,
GaussianCountNoise). Every other analysis stays as it is (Laplace counts,
exponential-mechanism summaries): their cells are not distinct per user (a
trip count per weekday or per hour, a histogram of one value per user,
sensitivity 1) or the L1 and L2 bounds coincide, so the Gaussian does not
help there. OD flows use Gaussian thresholding (``ma.GaussianFlowSelection``,
core.mechanisms.gaussian_threshold): users per pair (one per user and pair,
so a user with M trips adds 1 to at most M pairs: L2 sqrt(M)), discrete
Gaussian noise on the pairs with users, published at or above tau. It is
(e_od, od_delta)-DP and NOT zCDP (a pair only an added user creates may be
published: an event of probability 0 without the user), so it is added
on top of the zCDP part, as the ledger adds such releases.

Accounting of the Gaussian report (OpenDP style).
  Claim: without OD flows, the report is rho-zCDP with rho = rho_v + sum_j
  e_j^2 / 2 over the other mechanisms j (each pure e_j-DP), and hence
  (epsilon*, delta)-DP with epsilon* = min(EPSILON, zcdp_epsilon(rho,
  delta)), delta = gaussian_delta. With OD flows (share e_od, delta
  od_delta): rho is that of the other analyses, and the report is
  (epsilon*, gaussian_delta + od_delta)-DP with epsilon* = min(EPSILON,
  zcdp_epsilon(rho, gaussian_delta) + e_od); it is not zCDP, and its record
  carries no rho.
  Proof: (1) visits per zone: the distinct bounding makes each user's change
  a 0/1 vector with at most 2M ones, so ||q(x) - q(x')||_2 <= sqrt(2M) for
  neighbours x, x' (one user added or removed; the bounding of M trips is a
  per-user sampling, done once for the whole report); the integer query with
  discrete Gaussian noise of that sigma is rho_v-zCDP (Canonne, Kamath and
  Steinke 2020 Theorem 14). (2) Each other mechanism is e_j-DP, hence
  (e_j^2 / 2)-zCDP (Bun and Steinke 2016 Proposition 1.4). (3) zCDP composes
  adaptively by adding rho (Bun and Steinke 2016 Lemma 1.7), giving rho.
  (4) rho-zCDP gives (zcdp_epsilon(rho, delta), delta)-DP (Canonne, Kamath
  and Steinke 2020 Corollary 13). (5) Independently, rho_v-zCDP gives
  (e_v, delta)-DP by the choice of rho_v (zcdp_rho inverts step 4), and basic
  composition with the pure parts gives (sum of shares = EPSILON, delta)-DP.
  Both (4) and (5) hold, so the smaller epsilon holds with delta. The record
  carries rho (so the ledger's zCDP route composes the report with other
  releases), epsilon* and delta.
  With OD flows: (6) the OD flows are (e_od, od_delta)-DP (gaussian_threshold's
  proof; the pairs are counted from the same bounded trips, one per user and
  pair). (7) Basic composition of (4) with (6) gives (zcdp_epsilon(rho,
  gaussian_delta) + e_od, gaussian_delta + od_delta)-DP; (5) with (6) gives
  (EPSILON, gaussian_delta + od_delta)-DP (the shares add up to EPSILON).
  Both hold, so the smaller epsilon holds. No rho bounds the report, so the
  record carries none and the ledger adds the report's (epsilon*, delta) on
  top of its zCDP part (core.accounting.zcdp).

The exact values the mechanisms start from are computed in
:mod:`.mobility_analyses` and never returned.
Everything here is numpy and stdlib; no QGIS.
"""

import math
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional, Tuple

import numpy as np

from ..mechanisms.counting import bound_contributions
from ..mechanisms.gaussian import pure_dp_rho, zcdp_epsilon
from . import mobility_analyses as ma
from .mobility_statistics import release_statistics, statistics_of
from .publication import Private
from .release import NoUsableRecordsError, Release, is_null, no_op, null_user_mask, user_codes

ANALYSES = (
    "dataset_statistics", "missing_values", "trips_over_time", "trips_per_weekday", "trips_per_hour",
    "visits_per_zone", "visits_per_time_window",
    "od_flows", "travel_time", "jump_length",
    "trips_per_user", "time_between_trips", "radius_of_gyration", "distinct_zones", "mobility_entropy",
)
# Share of visits_per_time_window's epsilon for the 12 window totals (their own noisy counts, sensitivity M: a
# total of per-zone counts clamped at zero would add b/2 per empty zone, issue 24.1); the rest is the zones'.
WINDOW_TOTALS_SHARE = 0.25
# Delta of the OD flows' stability-based selection (the report's only delta), unless the publisher sets another.
OD_DELTA = 1e-6
# The default split (issue 20): the analyses planners read first (visits per zone, OD flows, trips over time)
# weigh 5, every other analysis 1; a BUDGET_SPLIT given replaces it (its unnamed analyses weigh 1).
DEFAULT_SPLIT = {"visits_per_zone": 5.0, "od_flows": 5.0, "trips_over_time": 5.0}


class BudgetSplitError(ValueError):
    """Split weights negative, not finite, or all zero."""


@dataclass(frozen=True)
class Period:
    """Public time range [start, end) in seconds, cut in days, weeks (7 days from start) or calendar months.

    Chosen from the range only (never the data): up to 90 days by day, up
    to 730 days by week, else by month.
    """

    start: float
    end: float

    def __post_init__(self):
        if not (math.isfinite(self.start) and math.isfinite(self.end) and self.start < self.end):
            raise ValueError("the time range must have a start before its end")

    @property
    def unit(self) -> str:
        days = (self.end - self.start) / ma.DAY
        return "day" if days <= 90 else "week" if days <= 730 else "month"

    def _month(self, seconds):
        m = np.asarray(seconds * 1e6, dtype="datetime64[us]").astype("datetime64[M]").astype(np.int64)
        return m

    @property
    def count(self) -> int:
        if self.unit == "month":
            return int(self._month(np.array([self.end - 1e-6]))[0] - self._month(np.array([self.start]))[0] + 1)
        width = ma.DAY * (1 if self.unit == "day" else 7)
        return int(math.ceil((self.end - self.start) / width))

    def index(self, seconds: np.ndarray) -> np.ndarray:
        """Period index of each time, -1 outside [start, end)."""
        seconds = np.asarray(seconds, dtype=float)
        if self.unit == "month":
            index = self._month(seconds) - self._month(np.array([self.start]))[0]
        else:
            index = np.floor((seconds - self.start) / (ma.DAY * (1 if self.unit == "day" else 7))).astype(np.int64)
        inside = (seconds >= self.start) & (seconds < self.end)
        return np.where(inside, index, -1)

    def labels(self) -> Tuple[str, ...]:
        if self.unit == "month":
            first = self._month(np.array([self.start]))[0]
            return tuple(str(np.datetime64(int(first + i), "M")) for i in range(self.count))
        width = ma.DAY * (1 if self.unit == "day" else 7)
        return tuple(str(np.datetime64(int(self.start + i * width), "s").astype("datetime64[D]"))
                     for i in range(self.count))


@dataclass(frozen=True)
class MobilityData:
    """Trips as arrays (one entry per trip id; see the glue for how rows become trips).

    ``user``: raw user ids (NULL: dropped). ``has_start``/``has_end``: the
    trip has a start / end record (a trip with one is incomplete).
    ``start_time``/``end_time``: seconds since 1970-01-01 (clock time), NaN
    when NULL or absent. ``start_lonlat``/``end_lonlat``: (n, 2) degrees, NaN
    when absent. ``start_zone``/``end_zone``: zone index, OUTSIDE (-1) or
    MISSING (-2). ``n_zones``: the size of the public tessellation.
    """

    user: np.ndarray
    has_start: np.ndarray
    has_end: np.ndarray
    start_time: np.ndarray
    end_time: np.ndarray
    start_lonlat: np.ndarray
    end_lonlat: np.ndarray
    start_zone: np.ndarray
    end_zone: np.ndarray
    n_zones: int

    def subset(self, keep) -> "MobilityData":
        names = ("user", "has_start", "has_end", "start_time", "end_time", "start_lonlat", "end_lonlat",
                 "start_zone", "end_zone")
        return MobilityData(**{n: np.asarray(getattr(self, n))[keep] for n in names}, n_zones=self.n_zones)


def _codes(values) -> np.ndarray:
    """A dense integer code per distinct value (text and mixed ids compared as text), in the values' sort order."""
    values = np.ma.getdata(np.ma.asarray(values))
    values = values if values.dtype.kind != "O" else values.astype(str)
    if values.dtype.kind not in "SU" or not len(values):
        return np.unique(values, return_inverse=True)[1].ravel()
    # Fixed-width text sorts as its characters read as big-endian integers, 8 bytes (S) or 2 characters (U) per
    # 64-bit key: numbers sort many times faster than text (np.unique on 2 million ids was 14 % of a 1 million
    # trip report), in the same order.
    n, width = len(values), values.dtype.itemsize
    padded = np.zeros((n, -(-width // 8) * 8), np.uint8)
    padded[:, :width] = np.ascontiguousarray(values).view(np.uint8).reshape(n, width)
    if values.dtype.kind == "U":  # UCS-4 code points, native order, 2 per key
        chars = padded.view(np.uint32).astype(np.uint64)
        keys = (chars[:, 0::2] << np.uint64(32)) | chars[:, 1::2]
    else:
        keys = padded.view(">u8").astype(np.uint64)
    # Only the first row of each run of equal ids is sorted (the rows of a trip, or a user's rows, often come
    # together): the codes depend on the values alone, so the other rows take their run's code.
    head = np.r_[True, (keys[1:] != keys[:-1]).any(axis=1)]
    heads = keys[head]
    order = np.lexsort(heads.T[::-1])
    ranked = heads[order]
    codes = np.empty(len(heads), np.int64)
    codes[order] = np.cumsum(np.r_[True, (ranked[1:] != ranked[:-1]).any(axis=1)]) - 1
    return codes[np.cumsum(head) - 1]


def pair_trip_records(user, trip, seconds, lonlat, zone, n_zones: int) -> MobilityData:
    """Trips from trip records (one row per trip start and end): the rule of the report's input.

    A trip is identified by (user, trip id): trip ids that repeat across
    users (per-user numbering 1, 2, 3) are different trips, so one user's
    rows never become the start or end of another user's trip (which would
    let that user escape the bound M). The rows of a trip are ordered by
    time (NULL times last): the first is its start, the last its end; a
    trip with one row is incomplete (no end); the rows between the first
    and the last of a trip with more than two are not used. NULL user ids
    form one group and are dropped by the release; rows with a NULL trip id
    must be dropped by the caller. ``lonlat`` (n, 2) degrees and ``zone``
    (zone index, OUTSIDE or MISSING) are per row.
    """
    user = np.ma.asarray(user)
    user_code = _codes(user_codes(user)).astype(np.int64)
    user_code[is_null(user)] = -1
    trip_code = _codes(trip)
    seconds = np.asarray(seconds, dtype=float)
    # (user, trip id) as one integer key, in the same order as the pair (user codes dense from -1, trip codes dense
    # from 0, so no two pairs share a key): one sort key fewer for the sort of all the records.
    pair = (user_code + 1) * (int(trip_code.max(initial=0)) + 1) + trip_code
    order = _by_pair_then_time(pair, np.nan_to_num(seconds, nan=np.inf))
    key = pair[order]
    change = key[1:] != key[:-1]
    start_rows, end_rows = order[np.r_[True, change]], order[np.r_[change, True]]
    single = start_rows == end_rows
    lonlat, zone = np.asarray(lonlat, dtype=float), np.asarray(zone)
    n = len(start_rows)
    return MobilityData(user[start_rows], np.ones(n, bool), ~single, seconds[start_rows],
                        np.where(single, np.nan, seconds[end_rows]), lonlat[start_rows],
                        np.where(single[:, None], np.nan, lonlat[end_rows]), zone[start_rows],
                        np.where(single, ma.MISSING, zone[end_rows]), n_zones)


def _by_pair_then_time(pair, seconds):
    """np.lexsort((seconds, pair)): rows by pair, then time, then row. Records usually come grouped by trip and in
    time order within it: a stable sort by pair alone (fast on runs already in order) then gives the same order,
    which is checked; otherwise the full sort."""
    order = np.argsort(pair, kind="stable")
    key, when = pair[order], seconds[order]
    if not ((key[1:] == key[:-1]) & (when[1:] < when[:-1])).any():
        return order
    return np.lexsort((seconds, pair))


def split_budget(epsilon: float, analyses, weights: Optional[Dict[str, float]] = None) -> Dict[str, float]:
    """Epsilon per analysis, proportional to the weights (None: DEFAULT_SPLIT; analyses not named weigh 1); the
    shares add up to ``epsilon``."""
    weights = {a: float((DEFAULT_SPLIT if weights is None else weights).get(a, 1.0)) for a in analyses}
    if any(not math.isfinite(w) or w < 0 for w in weights.values()):
        raise BudgetSplitError("split weights must be finite numbers >= 0")
    total = math.fsum(weights.values())
    if not total > 0:
        raise BudgetSplitError("at least one split weight must be > 0")
    shares = {a: epsilon * w / total for a, w in weights.items() if w > 0}
    # Put the rounding remainder on the last analysis so the shares add up to epsilon exactly in fsum.
    last = list(shares)[-1]
    shares[last] += epsilon - math.fsum(shares.values())
    return shares


@dataclass(frozen=True)
class MobilityReportSpec:
    epsilon: float
    max_trips: int
    unit_of_privacy: str
    analyses: Tuple[str, ...] = ANALYSES
    weights: Optional[Dict[str, float]] = None
    bins: ma.MobilityBins = field(default_factory=ma.MobilityBins)
    period: Optional[Period] = None
    top_n_flows: int = 100
    od_delta: float = OD_DELTA
    gaussian_delta: float = 0.0  # > 0: visits per zone by the discrete Gaussian at this delta (module doc)

    def __post_init__(self):
        if self.gaussian_delta and not 0.0 < self.gaussian_delta < 1.0:
            raise ValueError("the Gaussian's delta must be in (0, 1) (e.g. 1e-6), or 0 for Laplace")
        unknown = [a for a in self.analyses if a not in ANALYSES]
        if unknown or not self.analyses:
            raise ValueError(f"unknown or no analyses: {unknown}")
        if "trips_over_time" in self.analyses and self.period is None:
            raise ValueError("trips_over_time needs a public time range (period)")
        if int(self.max_trips) < 1:
            raise ValueError("max_trips (M) must be at least 1")
        if "od_flows" in self.analyses and not 0.0 < self.od_delta < 1.0:
            raise ValueError("od_flows need a delta in (0, 1) for their selection (e.g. 1e-6)")

    @property
    def delta(self) -> float:
        """The report's delta: the Gaussian's plus, with OD flows, their selection's (module doc)."""
        return float(self.gaussian_delta) + (float(self.od_delta) if "od_flows" in self.analyses else 0.0)

    def zcdp_rho(self) -> Optional[float]:
        """Gaussian report: rho of every analysis but the OD flows (visits per zone's rho plus e^2 / 2 of every pure
        mechanism; module doc); None for the Laplace report."""
        if not self.gaussian_delta:
            return None
        parts = []
        for name, mech in self.mechanisms().items():
            for x in (mech if isinstance(mech, tuple) else (mech,)):
                if name != "od_flows":
                    parts.append(x.noise.rho if isinstance(x, ma.GaussianCountAnalysis) else pure_dp_rho(x.epsilon))
        return math.fsum(parts)

    def rho(self) -> Optional[float]:
        """The report's rho when it is zCDP (the Gaussian report without OD flows), else None (module doc)."""
        return None if "od_flows" in self.analyses else self.zcdp_rho()

    def gaussian_epsilon(self) -> float:
        """The Gaussian report's epsilon*: min(EPSILON, zcdp_epsilon(rho, gaussian_delta) + e_od) (module doc)."""
        rho = self.zcdp_rho()
        converted = zcdp_epsilon(rho, self.gaussian_delta) if rho else 0.0
        return min(self.epsilon, converted + self.shares().get("od_flows", 0.0))

    def shares(self) -> Dict[str, float]:
        return split_budget(self.epsilon, self.analyses, self.weights)

    def mechanisms(self) -> Dict[str, object]:
        """The mechanism of each analysis with its epsilon share and sensitivity (Kapp et al. 2023 Table 1)."""
        m, b = int(self.max_trips), self.bins
        shares = self.shares()
        tiles = b.max_tiles_per_user or 2 * m
        table = {
            "dataset_statistics": lambda e: tuple(ma.CountAnalysis(e / 4, s) for s in (m, m, 1, 2 * m)),
            "missing_values": lambda e: tuple(ma.CountAnalysis(e / 2, 2 * m) for _ in range(2)),
            "trips_over_time": lambda e: ma.CountAnalysis(e, m),
            "trips_per_weekday": lambda e: ma.CountAnalysis(e, m),
            "trips_per_hour": lambda e: ma.CountAnalysis(e, 2 * m),
            "visits_per_zone": lambda e: (ma.GaussianCountAnalysis(e, math.sqrt(2 * m), self.gaussian_delta)
                                          if self.gaussian_delta else ma.CountAnalysis(e, 2 * m)),
            "visits_per_time_window": lambda e: (ma.CountAnalysis(e * (1 - WINDOW_TOTALS_SHARE), m),
                                                 ma.CountAnalysis(e * WINDOW_TOTALS_SHARE, m)),
            "od_flows": lambda e: (ma.GaussianFlowSelection(e, self.od_delta, m) if self.gaussian_delta
                                   else ma.FlowSelection(e, self.od_delta, m)),
            "travel_time": lambda e: ma.HistogramSummary(
                e, m, tuple(ma.edges(b.max_travel_time_min, b.travel_time_bin_min))),
            "jump_length": lambda e: ma.HistogramSummary(
                e, m, tuple(ma.edges(b.max_jump_length_km, b.jump_length_bin_km))),
            "trips_per_user": lambda e: ma.HistogramSummary(e, 1, tuple(np.arange(1, m + 2) - 0.5)),
            "time_between_trips": lambda e: ma.HistogramSummary(
                e, max(1, m - 1), tuple(ma.edges(b.max_time_between_h, b.time_between_bin_h))),
            "radius_of_gyration": lambda e: ma.HistogramSummary(
                e, 1, tuple(ma.edges(b.max_radius_km, b.radius_bin_km))),
            "distinct_zones": lambda e: ma.HistogramSummary(e, 1, tuple(np.arange(0, tiles + 2) - 0.5)),
            "mobility_entropy": lambda e: ma.HistogramSummary(e, 1, tuple(ma.edges(1.0, 0.1))),
        }
        return {a: table[a](e) for a, e in shares.items()}

    def record_fields(self) -> dict:
        """The report's privacy record: total epsilon; per-analysis shares and sensitivities in the mechanism text."""
        parts = []
        mechanisms = self.mechanisms()
        lead = "visits_per_zone" if "visits_per_zone" in mechanisms else next(iter(mechanisms))
        lead_mech = mechanisms[lead][0] if isinstance(mechanisms[lead], tuple) else mechanisms[lead]
        for name, mech in mechanisms.items():
            mechs = mech if isinstance(mech, tuple) else (mech,)
            eps = sum(x.epsilon for x in mechs)
            sens = "/".join(f"{x.fields()['sensitivity']:g}" for x in mechs)
            parts.append(f"{name} epsilon {eps:.6g} sensitivity {sens}")
        rho, zcdp_rho = self.rho(), self.zcdp_rho()
        gaussian = {} if rho is None else {"rho": rho}
        how = ("" if zcdp_rho is None else
               "visits per zone with discrete Gaussian noise (Canonne, Kamath and Steinke 2020; one visit per user "
               "and zone, L2 sensitivity sqrt(2M)), the other analyses pure epsilon-DP, composed in zCDP (Bun and "
               f"Steinke 2016): rho = {zcdp_rho:.6g}, converted by Canonne, Kamath and Steinke 2020 Corollary 13"
               + ("; OD flows by Gaussian thresholding (Wilson et al. 2020 §3; (epsilon, delta)-DP, not zCDP) added on "
                  "top by basic composition; " if "od_flows" in mechanisms else "; "))
        od_text = ("" if "od_flows" not in mechanisms else
                   ", OD flows by the stability-based histogram (delta in the record); " if zcdp_rho is None else "; ")
        return {
            "mechanism": ("mobility report (Kapp et al. 2023): each analysis its own release, sequential composition; "
                          + how + "Laplace counts with Mironov snapping, exponential-mechanism five-number summaries"
                          + (od_text or "; ")
                          + "; ".join(parts)),
            "epsilon": self.epsilon if zcdp_rho is None else self.gaussian_epsilon(),
            "delta": self.delta,
            **gaussian,
            "unit_of_privacy": self.unit_of_privacy,
            "sensitivity": float(self.max_trips),
            "sensitivity_unit": "trips per user (M); per analysis 1 (users), M (trips) or 2M (trip ends)",
            "noise_scale": float(lead_mech.fields()["noise_scale"]),
            "noise_scale_unit": f"count ({'Laplace scale b' if zcdp_rho is None else 'discrete Gaussian sigma'}) of "
                                f"{lead}; "
                                "each analysis's own scale is in the mechanism "
                                "text and the report's privacy section",
        }


def bounded_trips(trips: MobilityData, max_trips: int, rng: np.random.Generator) -> MobilityData:
    """At most ``max_trips`` (M) trips per user, sampled uniformly; users as integer codes (no NULL users)."""
    users = user_codes(trips.user)
    text = users.dtype.kind in "SU"
    if text:  # text ids as numpy text (e.g. read as bytes): codes in their sort order, as np.unique gives them
        users = _codes(users)
    kept = bound_contributions(users, max_trips, rng)
    t = trips.subset(kept)
    return MobilityData(**{**t.__dict__, "user": users[kept] if text else user_codes(t.user)})


def release_mobility_report(data: MobilityData, spec: MobilityReportSpec, rng: np.random.Generator,
                            before_noise: Callable[[dict], None] = no_op) -> Release:
    """Drop NULL users, bound each user to M trips (sampled), and release every chosen analysis.

    ``result``: per analysis the noisy arrays (``<analysis>`` counts,
    ``<analysis>_summary`` five-number summaries, ``od_origin``/``od_dest``/
    ``od_flows`` for the top flows by noisy count). ``facts``: ``null_users``
    (data-holder log only), ``shares`` and ``analysis_fields`` (epsilon,
    sensitivity, scale, margins per analysis). Raises NoUsableRecordsError
    before ``before_noise`` when every user id is NULL.
    """
    mechanisms = spec.mechanisms()
    null = null_user_mask(data.user)
    if null.all():
        raise NoUsableRecordsError("every trip has a NULL user id")
    trips = data.subset(~null) if null.any() else data
    fields = spec.record_fields()
    before_noise(fields)
    t = bounded_trips(trips, spec.max_trips, rng)
    result, analysis_fields = release_statistics(statistics_of(t, spec), spec, rng)
    facts = {"null_users": Private(int(null.sum())), "shares": spec.shares(), "analysis_fields": analysis_fields}
    return Release(result, mechanisms, fields, facts)

