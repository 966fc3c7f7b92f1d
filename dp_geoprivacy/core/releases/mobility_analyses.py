"""The analyses of the mobility report (Kapp et al. 2023 §3), exactly, and the mechanism each is released with.

Kapp et al. 2023 §3 and Table 1 list the measures; §4.3 their sensitivities with at
most M trips per user (kept by sampling): counts of users 1, counts of trips
M, counts of points (trip ends) 2M, five-number summaries by the
exponential mechanism on ranks with the same sensitivity as the counts.

This module has two parts:

* the exact per-analysis values of a bounded trip set (``_exact_*``): the
  input of the mechanisms, never released as they are. They are private to
  the core (leading underscore); tests compare them with an independent
  computation.
* :class:`CountAnalysis` and :class:`HistogramSummary`: the mechanism of one
  analysis (Laplace counts with Mironov snapping from :mod:`.counting`;
  exponential-mechanism quantiles from :mod:`.quantiles`), with its own
  epsilon share and sensitivity.

All bins and bounds are public declarations (defaults in
:class:`MobilityBins`), never read from the data. Times are seconds since
1970-01-01 of the clock time written in the input (no time-zone shift);
distances are haversine kilometres between longitude/latitude points, as
the peer (dp_mobility_report) computes them. Everything here is numpy; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Tuple

import numpy as np

from ..mechanisms.bounded_stats import Bounds
from ..mechanisms.counting import LAPLACE, CountNoise, StabilityHistogram
from ..mechanisms.gaussian import GaussianCountNoise
from ..mechanisms.gaussian_threshold import GaussianThreshold
from ..mechanisms.quantiles import ExponentialQuantiles

OUTSIDE = -1  # an end outside every zone
MISSING = -2  # an end without a location (NULL coordinates, or the missing end of an incomplete trip)
EARTH_RADIUS_KM = 6371.0
DAY = 86400.0
FIVE_NUMBERS = (0.0, 0.25, 0.5, 0.75, 1.0)
FOUR_HOUR_START = 2  # Kapp et al. 2023 §3: windows 2-6, 6-10, 10-14, 14-18, 18-22, 22-2
HOUR_CATEGORIES = ("weekday start", "weekday end", "weekend start", "weekend end")
WINDOW_LABELS = tuple(f"{(FOUR_HOUR_START + 4 * i) % 24:02d}-{(FOUR_HOUR_START + 4 * i + 4) % 24:02d}"
                      for i in range(6))
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class MobilityBins:
    """Public bounds and bin widths of the numeric analyses (Kapp et al. 2023 §3: cut off at a declared maximum).

    A bin width of 0 (the default) is chosen from the public maximum alone: the smallest of 1, 2, 2.5 or 5
    times a power of ten that cuts the range into at most ``AUTO_BINS`` (24) bins (:func:`nice_width`): travel
    time 0-120 min in 5-min bins; jump length 0-20 km in 1-km bins; time between trips 0-168 h (a week) in
    10-h bins; radius of gyration 0-20 km in 1-km bins; a 5,000 km maximum in 250-km bins. Distinct zones per
    user 1 to ``max_tiles_per_user`` (0 = 2M, every visit a new zone) in steps of 1; mobility entropy 0-1 in
    0.1 bins. Values above the maximum form one overflow bin (one noisy count), as Kapp et al. 2023 prescribe.
    """

    max_travel_time_min: float = 120.0
    travel_time_bin_min: float = 0.0
    max_jump_length_km: float = 20.0
    jump_length_bin_km: float = 0.0
    max_time_between_h: float = 168.0
    time_between_bin_h: float = 0.0
    max_radius_km: float = 20.0
    radius_bin_km: float = 0.0
    max_tiles_per_user: int = 0

    def __post_init__(self):
        for upper, width in (("max_travel_time_min", "travel_time_bin_min"), ("max_jump_length_km",
                             "jump_length_bin_km"), ("max_time_between_h", "time_between_bin_h"),
                             ("max_radius_km", "radius_bin_km")):
            top, step = float(getattr(self, upper)), float(getattr(self, width))
            if not (math.isfinite(top) and top > 0):
                raise ValueError(f"{upper} must be a finite number > 0, got {getattr(self, upper)!r}")
            if not (math.isfinite(step) and step >= 0):
                raise ValueError(f"{width} must be a finite number >= 0 (0: automatic), got {step!r}")
            if step == 0:
                object.__setattr__(self, width, nice_width(top))
            elif top / step > MAX_BINS:
                raise ValueError(f"{width}: {top:g} / {step:g} gives more than {MAX_BINS} bins; use a width of at "
                                 f"least {top / MAX_BINS:.3g} (or 0: automatic)")
        if int(self.max_tiles_per_user) < 0:
            raise ValueError("max_tiles_per_user must be >= 0 (0: 2M)")


AUTO_BINS, MAX_BINS = 24, 500


def nice_width(upper: float, bins: int = AUTO_BINS) -> float:
    """The smallest 1, 2, 2.5 or 5 times a power of ten that cuts [0, upper] into at most ``bins`` bins."""
    raw = upper / bins
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if factor * power >= raw * (1 - 1e-12):
            return factor * power
    return 10.0 * power


def edges(upper: float, width: float, lower: float = 0.0) -> np.ndarray:
    """Public bin edges from ``lower`` to ``upper`` (the last bin ends at ``upper``)."""
    n = max(1, int(math.ceil((upper - lower) / width - 1e-9)))
    return np.minimum(lower + width * np.arange(n + 1), upper)


def histogram(values: np.ndarray, bin_edges: np.ndarray) -> np.ndarray:
    """Counts per bin [e_i, e_i+1) (the last bin closed), then one overflow bin for values above the last edge.

    Values below the first edge go to the first bin (the lower bounds used
    here are the smallest values a measure can take).
    """
    values = np.asarray(values, dtype=float)
    inner = len(bin_edges) - 1
    index = np.searchsorted(bin_edges, values, side="right") - 1
    index = np.clip(index, 0, inner - 1)
    index[values == bin_edges[-1]] = inner - 1
    index[values > bin_edges[-1]] = inner
    return np.bincount(index, minlength=inner + 1).astype(float)


# --- the mechanisms ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CountAnalysis:
    """A vector of counts with Laplace noise (Mironov snapping), sensitivity = L1 change per user."""

    epsilon: float
    sensitivity: float

    @property
    def noise(self) -> CountNoise:
        return CountNoise(LAPLACE, self.epsilon, self.sensitivity)

    def release(self, counts, rng) -> np.ndarray:
        """Noisy counts, rounded and clamped at zero (to show; never sum them: each empty cell adds b/2)."""
        return np.maximum(self.release_unclamped(counts, rng), 0.0)

    def release_unclamped(self, counts, rng) -> np.ndarray:
        """Noisy counts, rounded, not clamped: unbiased, so sums of them are too (a total of clamped counts is not)."""
        return np.round(self.noise.apply(np.asarray(counts, dtype=float), rng))

    def margin_of_error(self) -> float:
        """95% margin of a published count: the noise's plus half the snapping grain (core.mechanisms.counting)."""
        return self.noise.released_margin_of_error(0.95)

    def fields(self) -> dict:
        noise = self.noise
        return {"epsilon": self.epsilon, "sensitivity": self.sensitivity, "noise_scale": noise.scale,
                "margin_of_error_95": self.margin_of_error(), "mechanism": "Laplace counts (Mironov snapping)",
                "epsilon_floating_point": noise.snapped_epsilon, "count_grain": noise.grain}


@dataclass(frozen=True)
class GaussianCountAnalysis(CountAnalysis):
    """A vector of counts with discrete Gaussian noise (core.mechanisms.gaussian), ``sensitivity`` = L2 change per
    user: (epsilon, delta)-DP through rho = zcdp_rho(epsilon, delta) (mobility_report's module doc)."""

    delta: float = 0.0

    @property
    def noise(self) -> GaussianCountNoise:
        return GaussianCountNoise(self.epsilon, self.delta, self.sensitivity)

    def fields(self) -> dict:
        noise = self.noise
        return {**super().fields(), "delta": self.delta, "rho": noise.rho,
                "mechanism": "discrete Gaussian counts (Canonne, Kamath and Steinke 2020), L2 sensitivity"}


@dataclass(frozen=True)
class FlowSelection:
    """OD flows chosen by the stability-based histogram (Asghar, Tyler and Kaafar, "Differentially Private Release
    of Public Transport Data: The Opal Use Case", 2017, Algorithm 1), generalised to M trips per user.

    Only pairs with trips get noise (Laplace of scale 2M / epsilon) and a pair is published when its noisy count
    reaches the threshold M + b ln(2M / delta): no pair without trips is ever published, so the published flows
    are true pairs, at the cost of delta. Among millions of possible pairs, noising every cell and keeping the
    largest would publish noise (issue 24.2).
    """

    epsilon: float
    delta: float
    max_trips: int

    @property
    def histogram(self) -> StabilityHistogram:
        return StabilityHistogram(self.epsilon, self.delta, int(self.max_trips))

    @property
    def noise(self) -> CountNoise:
        return self.histogram.noise()

    @property
    def sensitivity(self) -> float:
        return self.histogram.sensitivity

    @property
    def threshold(self) -> float:
        return self.histogram.threshold

    def fields(self) -> dict:
        noise = self.noise
        return {"epsilon": self.epsilon, "delta": self.delta, "sensitivity": self.sensitivity,
                "noise_scale": noise.scale, "margin_of_error_95": noise.released_margin_of_error(0.95),
                "threshold": self.threshold,
                "mechanism": "stability-based histogram (Asghar, Tyler and Kaafar 2017, Algorithm 1): Laplace "
                             "noise on pairs with trips only, published at or above the threshold",
                "epsilon_floating_point": noise.snapped_epsilon, "count_grain": noise.grain}


@dataclass(frozen=True)
class GaussianFlowSelection(FlowSelection):
    """OD flows by Gaussian thresholding (core.mechanisms.gaussian_threshold): the report's NOISE=2. Each user
    counts once per pair (``_exact_distinct_od_pairs``), so a user with M trips adds 1 to at most M pairs: L0 M,
    Linf 1, L2 sqrt(M). Discrete Gaussian on the pairs with users only, published at or above tau; (epsilon,
    delta)-DP, not zCDP."""

    @property
    def histogram(self) -> GaussianThreshold:
        return GaussianThreshold(self.epsilon, self.delta, int(self.max_trips))

    @property
    def noise(self) -> GaussianCountNoise:
        return self.histogram.noise()

    def fields(self) -> dict:
        noise, histogram = self.noise, self.histogram
        return {"epsilon": self.epsilon, "delta": self.delta, "sensitivity": self.sensitivity,
                "noise_scale": noise.scale, "margin_of_error_95": noise.released_margin_of_error(0.95),
                "threshold": self.threshold, "delta_threshold": histogram.threshold_delta,
                "mechanism": "Gaussian thresholding (Wilson et al. 2020 §3): discrete Gaussian noise (Canonne, Kamath "
                             "and Steinke 2020) on pairs with users only (one per user and pair, L2 sensitivity "
                             "sqrt(M)), published at or above the threshold; (epsilon, delta)-DP, not zCDP",
                "epsilon_floating_point": self.epsilon, "count_grain": 1.0}


@dataclass(frozen=True)
class ValueStatistics:
    """Exact statistics of one numeric measure: counts per public bin (then the overflow bin) and per grid value
    of the exponential-mechanism quantiles. Private input of HistogramSummary; never released as it is."""

    histogram: np.ndarray
    grid_counts: np.ndarray

    def __add__(self, other: "ValueStatistics") -> "ValueStatistics":
        return ValueStatistics(self.histogram + other.histogram, self.grid_counts + other.grid_counts)


@dataclass(frozen=True)
class HistogramSummary:
    """Histogram (half the epsilon) and five-number summary (the other half) of one numeric measure.

    ``contributions``: values one user adds at most (M for trips, M - 1
    gaps between trips, 1 for per-user measures): the sensitivity of the
    histogram (L1) and of the quantiles' rank score (Kapp et al. 2023 §4.3.2).
    """

    epsilon: float
    contributions: int
    bin_edges: Tuple[float, ...]
    grid_size: int = 1001

    @property
    def counts(self) -> CountAnalysis:
        return CountAnalysis(self.epsilon / 2.0, float(self.contributions))

    @property
    def quantiles(self) -> ExponentialQuantiles:
        return ExponentialQuantiles(self.epsilon / 2.0, Bounds(self.bin_edges[0], self.bin_edges[-1]),
                                    FIVE_NUMBERS, int(self.contributions), self.grid_size)

    def release(self, values, rng):
        """(noisy histogram incl. the overflow bin, noisy five-number summary)."""
        return self.release_statistics(self.statistics(values), rng)

    def statistics(self, values) -> "ValueStatistics":
        """What the mechanism reads of the values (exact, never released): the histogram and the counts per
        quantile-grid value of the values clamped to the bounds. Sums of these over disjoint sets of users are
        the statistics of their union (the Spark path adds them up)."""
        values = np.asarray(values, dtype=float)
        grid = self.quantiles.snap(np.clip(values, self.bin_edges[0], self.bin_edges[-1]))
        return ValueStatistics(histogram(values, np.asarray(self.bin_edges)),
                               np.bincount(grid, minlength=int(self.grid_size)).astype(float))

    def release_statistics(self, statistics: "ValueStatistics", rng):
        """(noisy histogram incl. the overflow bin, noisy five-number summary) from the values' statistics."""
        hist = self.counts.release(statistics.histogram, rng)
        index = np.flatnonzero(statistics.grid_counts)
        summary = self.quantiles.release_histogram(np.zeros(len(index), dtype=np.int64), index,
                                                   statistics.grid_counts[index], np.array([0]), rng)[0]
        return hist, summary

    def fields(self) -> dict:
        q = self.quantiles
        return {"epsilon": self.epsilon, "sensitivity": float(self.contributions),
                "noise_scale": self.counts.noise.scale, "margin_of_error_95": self.counts.margin_of_error(),
                "rank_margin_95": q.rank_margin(), "quantile_step": q.step,
                "mechanism": "Laplace histogram (epsilon/2, Mironov snapping) and exponential-mechanism "
                             "five-number summary on ranks (epsilon/2, epsilon/10 per quantile)",
                "epsilon_floating_point": self.epsilon / 2.0 + self.counts.noise.snapped_epsilon,
                "count_grain": self.counts.noise.grain}


# --- exact values (input of the mechanisms; never released as they are) ------------------------


def haversine_km(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Great-circle distance in km between (lon, lat) degree arrays of shape (n, 2)."""
    lon1, lat1, lon2, lat2 = (np.radians(v) for v in (a[:, 0], a[:, 1], b[:, 0], b[:, 1]))
    h = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2.0 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(h, 0.0, 1.0)))


def weekday_of(seconds: np.ndarray) -> np.ndarray:
    """0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday)."""
    return (np.floor(seconds / DAY).astype(np.int64) + 3) % 7


def hour_of(seconds: np.ndarray) -> np.ndarray:
    return (np.floor(np.mod(seconds, DAY) / 3600.0)).astype(np.int64)


def _exact_dataset_statistics(t) -> np.ndarray:
    """[complete trips, incomplete trips, users, distinct locations] (records and trips follow from them)."""
    complete = t.has_start & t.has_end
    points = np.concatenate((t.start_lonlat[t.has_start], t.end_lonlat[t.has_end]))
    points = points[~np.isnan(points).any(axis=1)]
    locations = len(np.unique(points, axis=0)) if len(points) else 0
    return np.array([complete.sum(), (~complete).sum(), len(np.unique(t.user)), locations], dtype=float)


def _exact_missing_values(t) -> np.ndarray:
    """Records (trip ends present) with a NULL timestamp, and with NULL coordinates."""
    time_missing = (t.has_start & np.isnan(t.start_time)).sum() + (t.has_end & np.isnan(t.end_time)).sum()
    loc_missing = ((t.has_start & np.isnan(t.start_lonlat).any(axis=1)).sum()
                   + (t.has_end & np.isnan(t.end_lonlat).any(axis=1)).sum())
    return np.array([time_missing, loc_missing], dtype=float)


def _exact_trips_over_time(t, period) -> np.ndarray:
    """Trips per public period (by start time), then one count of trips starting outside the range."""
    start = t.start_time[t.has_start & ~np.isnan(t.start_time)]
    index = period.index(start)
    return np.bincount(np.where(index < 0, period.count, index), minlength=period.count + 1).astype(float)


def _exact_trips_per_weekday(t) -> np.ndarray:
    start = t.start_time[t.has_start & ~np.isnan(t.start_time)]
    return np.bincount(weekday_of(start), minlength=7).astype(float)


def _exact_trips_per_hour(t) -> np.ndarray:
    """4 x 24: (weekday start, weekday end, weekend start, weekend end) x hour, as the peer."""
    out = np.zeros((4, 24))
    for offset, present, times in ((0, t.has_start, t.start_time), (1, t.has_end, t.end_time)):
        s = times[present & ~np.isnan(times)]
        category = 2 * (weekday_of(s) >= 5) + offset
        np.add.at(out, (category, hour_of(s)), 1.0)
    return out


def _exact_visits_per_zone(t, n_zones) -> np.ndarray:
    """Visits (trip starts and ends with a location) per zone, then the outside count."""
    zones = np.concatenate((t.start_zone[t.has_start], t.end_zone[t.has_end]))
    zones = zones[zones != MISSING]
    return np.bincount(np.where(zones == OUTSIDE, n_zones, zones), minlength=n_zones + 1).astype(float)


def _exact_distinct_visits_per_zone(t, n_zones) -> np.ndarray:
    """Users with a visit per zone, then the outside count: each user's visits bounded to one per zone (the
    Gaussian's bounding, as noisyodflows' one trip per (user, pair)). A user with M trips has at most 2M
    located ends, hence at most 2M distinct cells each changed by 1: L1 2M, L2 sqrt(2M)."""
    users = np.concatenate((t.user[t.has_start], t.user[t.has_end])).astype(np.int64)
    zones = np.concatenate((t.start_zone[t.has_start], t.end_zone[t.has_end]))
    keep = zones != MISSING
    cells = np.unique(np.stack((users[keep], np.where(zones[keep] == OUTSIDE, n_zones, zones[keep]))), axis=1)
    return np.bincount(cells[1], minlength=n_zones + 1).astype(float)


def _exact_visits_per_time_window(t, n_zones) -> np.ndarray:
    """(2 x 6 windows) x zones: destinations in a zone with an end time (Kapp et al. 2023 §3: destinations only)."""
    keep = t.has_end & (t.end_zone >= 0) & ~np.isnan(t.end_time)
    s, zone = t.end_time[keep], t.end_zone[keep]
    window = ((hour_of(s) - FOUR_HOUR_START) % 24) // 4
    row = 6 * (weekday_of(s) >= 5) + window
    return np.bincount(row * n_zones + zone, minlength=12 * n_zones).reshape(12, n_zones).astype(float)


def complete_located(t) -> np.ndarray:
    return t.has_start & t.has_end & ~np.isnan(t.start_lonlat).any(axis=1) & ~np.isnan(t.end_lonlat).any(axis=1)


def _exact_travel_time_min(t) -> np.ndarray:
    """Minutes from start to end of complete trips with both times (negative durations left out)."""
    keep = t.has_start & t.has_end & ~np.isnan(t.start_time) & ~np.isnan(t.end_time)
    minutes = (t.end_time[keep] - t.start_time[keep]) / 60.0
    return minutes[minutes >= 0]


def _exact_jump_length_km(t) -> np.ndarray:
    keep = complete_located(t)
    return haversine_km(t.start_lonlat[keep], t.end_lonlat[keep])


def _user_index(t):
    users, index = np.unique(t.user, return_inverse=True)
    return len(users), index


def _exact_trips_per_user(t) -> np.ndarray:
    n, index = _user_index(t)
    return np.bincount(index, minlength=n).astype(float)


def _exact_time_between_h(t) -> np.ndarray:
    """Per user, hours from a trip's end to the start of the user's next trip (ordered by start; at least 0)."""
    keep = t.has_start & t.has_end & ~np.isnan(t.start_time) & ~np.isnan(t.end_time)
    _, index = _user_index(t)
    user, start, end = index[keep], t.start_time[keep], t.end_time[keep]
    order = np.lexsort((start, user))
    user, start, end = user[order], start[order], end[order]
    same = user[1:] == user[:-1]
    gaps = (start[1:] - end[:-1])[same] / 3600.0
    return np.maximum(gaps, 0.0)


def _user_points(t):
    """(user index, lon/lat, zone) of every located visit."""
    _, index = _user_index(t)
    user = np.concatenate((index[t.has_start], index[t.has_end]))
    points = np.concatenate((t.start_lonlat[t.has_start], t.end_lonlat[t.has_end]))
    zones = np.concatenate((t.start_zone[t.has_start], t.end_zone[t.has_end]))
    located = ~np.isnan(points).any(axis=1)
    return user[located], points[located], zones[located]


def _exact_radius_of_gyration_km(t) -> np.ndarray:
    """Per user with a located visit: sqrt(mean haversine distance^2 to the mean lon/lat of the visits)."""
    user, points, _ = _user_points(t)
    users, user = np.unique(user, return_inverse=True)
    count = np.bincount(user, minlength=len(users)).astype(float)
    centre = np.column_stack([np.bincount(user, points[:, k], minlength=len(users)) / count for k in (0, 1)])
    d = haversine_km(points, centre[user])
    return np.sqrt(np.bincount(user, d * d, minlength=len(users)) / count)


def _zone_visits_per_user(t):
    user, _, zones = _user_points(t)
    inside = zones >= 0
    user, zones = user[inside], zones[inside]
    pairs, count = np.unique(np.column_stack((user, zones)), axis=0, return_counts=True)
    return pairs[:, 0] if len(pairs) else np.empty(0, np.int64), count


def _exact_distinct_zones(t) -> np.ndarray:
    """Per user: the number of distinct zones visited (0 for users with no visit in a zone)."""
    n, _ = _user_index(t)
    owner, _count = _zone_visits_per_user(t)
    return np.bincount(owner, minlength=n).astype(float)


def _exact_mobility_entropy(t) -> np.ndarray:
    """Per user with a visit in a zone: Shannon entropy of the visits over zones / ln(number of visits) (0-1).

    A user with a single visit has entropy 0.
    """
    owner, count = _zone_visits_per_user(t)
    if not len(owner):
        return np.empty(0)
    users, owner = np.unique(owner, return_inverse=True)
    total = np.bincount(owner, count, minlength=len(users))
    p = count / total[owner]
    entropy = np.bincount(owner, -p * np.log(p), minlength=len(users))
    norm = np.log(total)
    return np.where(total > 1, entropy / np.where(total > 1, norm, 1.0), 0.0)
