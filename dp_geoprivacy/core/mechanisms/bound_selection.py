"""Bounds chosen with a little of the budget: the contribution bound M, and LOWER/UPPER of a value.

A release bounded to M contributions per user has two errors: the
contributions its bound leaves out, and its noise, whose scale grows with M.
Instead of asking the planner to guess M, a declared share of EPSILON
(``DEFAULT_SHARE``, 5 %) chooses it from the per-user record counts by the
exponential mechanism (McSherry and Talwar 2007), and the release runs on
the rest of the budget with the chosen M. PipelineDP's parameter tuning and
Tumult Analytics' ``get_bounds`` do the same kind of thing; the score below is
ours, derived from the release's error.

Which M? With per-user record counts n_u and the release's noise adding, on
each of its C public cells, noise of mean absolute value k M / eps_rest
(Laplace: k = 1), the total error over the cells is about
    F(M) = L(M) + c M,   L(M) = sum_u max(0, n_u - M),   c = k C / eps_rest.
L is convex and piecewise linear with L(M+1) - L(M) = -g(M),
g(M) = #{u : n_u > M}, so F(M+1) - F(M) = c - g(M) and F is smallest at the
M where g(M-1) >= c >= g(M): the M that about c users exceed (Lagrange's
condition for this trade-off; it needs no count of users). The candidates
are the public set 1..MAX (``max_bound``), and the score of a candidate is
minus its rank distance from that condition,
    d(M) = max(g(M) - c, c - g(M - 1), 0),
which is 0 exactly at the minimisers of F. Candidates are weighted by the
public base measure mu(M) = 1/M (log-uniform: each doubling of M equally
likely a priori, the integer form of a powers-of-2 grid): far above the
largest counts every candidate has d(M) close to c, and without it their
many equal weights would take a noticeable share of the draws.

The noise cost k. Laplace noise of scale b has mean absolute value b; a cell
whose true count is 0 has, after CLAMP (negative counts set to 0), an error
of mean b / 2. Zone counts take k = 1 (most zones of a declared zone layer
hold data); OD flows take k = 1/2 (most of the Z^2 pairs of an OD matrix are
empty). Both are public choices per release, made without the data; they
were set after a first run of benchmarks/bench_auto_bounds.py (say so).

Privacy (the OpenDP-style proof). Neighbouring datasets differ by one user
(added or removed) and each user contributes one count n_u. Adding a user
moves every g(m) by 0 or 1, so every d(M) by at most 1: the score has
sensitivity 1 whatever the user's count (nothing is clamped; a user with
any number of records is one user). The output M is drawn with probability
proportional to mu(M) exp(-eps_choice d(M) / 2) over the public candidates,
which is eps_choice-DP (McSherry and Talwar 2007, Theorem 6, with a base
measure: each numerator moves by a factor at most e^(eps_choice / 2), so the
normaliser does too). The release then
uses M and eps_rest = EPSILON - eps_choice; by sequential composition the
whole run is EPSILON-DP (plus the release's own delta), and the record and
the ledger carry EPSILON. The chosen M is the output of a mechanism and may
be published: the record and the log state it.

Accuracy. With probability >= 1 - beta the chosen M has d(M) <=
2 ln(H / beta) / eps_choice, H = sum 1/M <= 1 + ln MAX, plus
2 ln(M*) / eps_choice for an optimal M* (McSherry and Talwar 2007): the number of
users beyond M is within that many of c. F changes by |g - c| per unit step,
so near the optimum the extra error is small where the count distribution
is dense and the choice moves further (with little effect on F) where it is
sparse.

Value bounds (``ValueBoundChoice``): LOWER and UPPER of a zone statistic from
the private quantiles (default the 2nd and 98th percentiles) of all the
values, clamped to a declared public range, by the exponential mechanism on
ranks of :mod:`.quantiles` (Kapp et al. 2023 §4.3.2) with each user's at most
M records (the rank sensitivity M). Every candidate beyond the data is
0.02 n ranks from the target, so with few values (0.02 n not well above
M / epsilon) the draw often lands there, between the data's extreme and the
declared end: wider bounds, so more noise but no clamping (the safe side).

Floating point. The output is always a public candidate chosen by inverting
cumulative weights (:func:`.quantiles.draw_by_rank_distance`); the rounding
of the weights changes each candidate's probability by an additive amount of
order MAX * 2^-53, as stated in :mod:`.quantiles`.

Everything here is numpy; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from ..releases.release import null_user_mask, user_codes
from .bounded_stats import Bounds
from .quantiles import ExponentialQuantiles, draw_by_rank_distance
from .validation import require_positive_finite

DEFAULT_SHARE = 0.05
# The noise cost k per release (module docstring): zone counts, and OD flows (mostly empty pairs).
ZONE_NOISE_COST, OD_NOISE_COST = 1.0, 0.5
DEFAULT_MAX_BOUND = 50
# The quantiles that give LOWER and UPPER of a value.
VALUE_QUANTILES = (0.02, 0.98)


def split_epsilon(epsilon: float, share: float) -> Tuple[float, float]:
    """(epsilon of the choice, epsilon left for the release): ``share`` of ``epsilon`` and the rest."""
    require_positive_finite("epsilon", epsilon)
    if not (0.0 < share < 1.0):
        raise ValueError(f"the share of epsilon for the bound must be in (0, 1), got {share!r}")
    choice = epsilon * share
    return choice, epsilon - choice


def per_user_counts(user_keys) -> np.ndarray:
    """Records per user (NULL user ids left out, as every release drops them). Raw: only a mechanism reads it."""
    keys = np.ma.asarray(user_keys)
    keys = keys[~null_user_mask(keys)]
    if not len(keys):
        return np.zeros(0, dtype=np.int64)
    return np.unique(user_codes(keys), return_counts=True)[1].astype(np.int64)


@dataclass(frozen=True)
class BoundChoice:
    """The contribution bound M chosen by the exponential mechanism over 1..``max_bound`` (module docstring).

    ``cells``: the number of noisy cells of the release (public), ``epsilon_release``
    the epsilon the release noises them with, ``noise_cost`` the mean absolute
    noise per unit of scale (1 for Laplace). ``target`` is c = noise_cost * cells / epsilon_release.
    """

    epsilon: float
    max_bound: int
    cells: int
    epsilon_release: float
    noise_cost: float = ZONE_NOISE_COST

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("epsilon_release", self.epsilon_release)
        if int(self.max_bound) != self.max_bound or int(self.max_bound) < 1:
            raise ValueError(f"the largest candidate bound must be a whole number >= 1, got {self.max_bound!r}")
        if int(self.cells) < 1:
            raise ValueError(f"a release has at least one cell, got {self.cells!r}")

    @property
    def candidates(self) -> np.ndarray:
        return np.arange(1, int(self.max_bound) + 1)

    @property
    def target(self) -> float:
        return self.noise_cost * int(self.cells) / self.epsilon_release

    @property
    def log_base_measure(self) -> np.ndarray:
        """ln mu(M) = -ln M (unnormalised; public)."""
        return -np.log(self.candidates)

    def distances(self, counts) -> np.ndarray:
        """d(M) for every candidate M: the rank distance from g(M-1) >= c >= g(M), g(m) = #{n_u > m}."""
        counts = np.sort(np.asarray(counts, dtype=np.int64))
        m = self.candidates
        exceeding = len(counts) - np.searchsorted(counts, m, side="right")  # g(M)
        exceeding_before = len(counts) - np.searchsorted(counts, m - 1, side="right")  # g(M - 1)
        c = self.target
        return np.maximum(np.maximum(exceeding - c, c - exceeding_before), 0.0)

    def probabilities(self, counts) -> np.ndarray:
        """The exact output distribution over the candidates (for tests and documentation)."""
        logits = self.log_base_measure - 0.5 * self.epsilon * self.distances(counts)
        weights = np.exp(logits - logits.max())
        return weights / weights.sum()

    def choose(self, counts, rng: np.random.Generator) -> int:
        """One draw of the mechanism: M with probability proportional to mu(M) exp(-epsilon d(M) / 2).

        The base measure enters as a shift of the distance, d(M) - ln mu(M) / (epsilon / 2), less its minimum
        (the same distribution; the best weight is 1, so nothing underflows)."""
        scale = 0.5 * self.epsilon
        shifted = self.distances(counts) - self.log_base_measure / scale
        return int(self.candidates[draw_by_rank_distance(shifted - shifted.min(), scale, rng)])

    def rank_margin(self, beta: float = 0.05) -> float:
        """With probability >= 1 - beta the chosen M is within this many users of the condition, when the
        condition holds at some M* (a bound on ln M* adds 2 ln M* / epsilon; here ln MAX is used)."""
        harmonic = float(np.sum(1.0 / self.candidates))
        return 2.0 * (math.log(harmonic / beta) + math.log(int(self.max_bound))) / self.epsilon

    def description(self, chosen: Optional[int]) -> str:
        """The record's text; ``chosen`` None: the choice not yet made (a trial run's figures)."""
        what = f"M = {chosen} chosen" if chosen is not None else "M to be chosen"
        return (f"{what} by the exponential mechanism (McSherry and Talwar 2007) over 1..{self.max_bound}"
                f" with epsilon {self.epsilon:g} and base measure 1/M, score minus the number of users from the point "
                f"where about {self.target:.4g} users have more than M records (sensitivity 1 user)")


@dataclass(frozen=True)
class ValueBoundChoice:
    """LOWER and UPPER from private quantiles of the values, within a declared public range."""

    epsilon: float
    declared: Bounds
    max_contributions: int = 1
    quantiles: Tuple[float, float] = VALUE_QUANTILES
    grid_size: int = 1001

    def mechanism(self) -> ExponentialQuantiles:
        return ExponentialQuantiles(self.epsilon, self.declared, self.quantiles, int(self.max_contributions),
                                    int(self.grid_size))

    def choose(self, values, rng: np.random.Generator) -> Bounds:
        """Bounds(lower, upper) drawn from the values (each user's at most M records, clamped to the range)."""
        mechanism = self.mechanism()
        values = np.clip(np.asarray(values, dtype=float), self.declared.lower, self.declared.upper)
        lower, upper = mechanism.release(np.zeros(len(values), dtype=np.int64), values, [0], rng)[0]
        if not lower < upper:  # equal grid values: one grid step wider, inside the declared range
            step = mechanism.step
            lower, upper = (lower - step, lower) if upper >= self.declared.upper else (lower, lower + step)
        return Bounds(float(lower), float(upper))

    def description(self, chosen: Optional[Bounds]) -> str:
        """The record's text; ``chosen`` None: the choice not yet made (a trial run's figures)."""
        names = " and ".join(f"{q:g}" for q in self.quantiles)
        what = (f"LOWER = {chosen.lower:g} and UPPER = {chosen.upper:g} chosen" if chosen is not None
                else "LOWER and UPPER to be chosen")
        return (f"{what} as the private {names} quantiles "
                f"(exponential mechanism on ranks, Kapp et al. 2023 §4.3.2, epsilon {self.epsilon:g}, M = "
                f"{self.max_contributions}) within the declared range {self.declared.lower:g} to "
                f"{self.declared.upper:g}")


def with_choice(release_fields, description: str, epsilon: float, rho: Optional[float] = None) -> dict:
    """The release's record fields with the choice's cost added: the mechanism text names the choice, epsilon
    (and the floating-point epsilon, and rho where the release has one: a pure epsilon-DP step is
    epsilon^2 / 2 -zCDP, Bun and Steinke 2016 Proposition 1.4) include it (sequential composition)."""
    fields = dict(release_fields)
    fields["mechanism"] = f"{fields.get('mechanism', '')}; before it, {description}"
    fields["epsilon"] = float(fields["epsilon"]) + float(epsilon)
    if fields.get("epsilon_floating_point") is not None:
        fields["epsilon_floating_point"] = float(fields["epsilon_floating_point"]) + float(epsilon)
    if fields.get("rho") is not None:
        fields["rho"] = float(fields["rho"]) + (float(epsilon) ** 2 / 2.0 if rho is None else float(rho))
    return fields
