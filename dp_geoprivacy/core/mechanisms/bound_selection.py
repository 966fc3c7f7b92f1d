"""Bounds chosen with a little of the budget: the contribution bound M, and LOWER/UPPER of a value.

A release bounded to M contributions per user has two errors: the
contributions its bound leaves out, and its noise, whose scale grows with M.
Instead of asking the planner to guess M, a declared share of EPSILON
(``DEFAULT_SHARE``, 5 %) chooses it from the per-user record counts by
permute-and-flip (McKenna and Sheldon 2020; below), a selection mechanism
with the exponential mechanism's privacy and never a larger expected loss of
score, and the release runs on the rest of the budget with the chosen M. PipelineDP's parameter tuning and
Tumult Analytics' ``get_bounds`` do the same kind of thing; the score below is
ours, derived from the release's error.

Which M? With per-user record counts n_u and a release of C public cells,
each of whose noise has mean absolute error h(M) at bound M (below), the
total error over the cells is about
    F(M) = L(M) + C h(M),   L(M) = sum_u max(0, n_u - M).
L is convex and piecewise linear with L(M+1) - L(M) = -g(M),
g(M) = #{u : n_u > M}, so with G(M) = g(1) + ... + g(M - 1),
    F(M) = L(0) + P(M),   P(M) = C h(M) - G(M).
The candidates are the public set 1..MAX (``max_bound``), and the score of a
candidate is minus its chord distance from the best:
    d(M) = max(0, max over candidates M' != M of (P(M) - P(M')) / |M - M'|),
the largest average step, in users, by which F rises from another candidate
M' to M. It is 0 exactly at the minimisers of F over the candidates. When h
is linear (c = C h(M) / M, Laplace without snapping) F is convex, only the
neighbours M' = M +- 1 count, and d(M) = max(g(M) - c, c - g(M - 1), 0):
the number of users from Lagrange's condition g(M-1) >= c >= g(M), the
score of the first version. Every chord counts once h is not linear: the
snapped Laplace noise below jumps where M / eps_rest passes a power of two
(its grain doubles), and the Gaussian noise grows as sqrt(M).

The noise error h(M) (public: M, the release's epsilon or rho and its noise
kind, no data). A cell that holds data has the noise's mean absolute error;
a cell whose true count is 0 has, after CLAMP (negative counts set to 0),
only its positive part. ``noise_cost`` is the public share of the cells
taken to hold data: 1 for zone counts (most zones of a declared zone layer
hold data), 0 for OD flows (most of the Z^2 pairs of an OD matrix are
empty); h is that mix of the two. The share is public, not read from the
data: where most zones of a zone-count release are empty (a grid over a
city's extent; 86 % in the NYC subway set of bench_auto_bounds) h overstates
the noise error of a large M by up to twice, and the choice goes too low
(M = 1 where 36 to 44 is best at epsilon 0.5 and 1 there). A lower public share
(0.75 to 0 measured; 0.5 the midpoint, at most 4/3 off either way) loses more
on sets whose zones nearly all hold data than it wins there (bench_auto_bounds'
docstring, the fourth look), so zone counts keep 1. A private estimate of the
share (a noisy count of the zones each user flags, at most k each, drawn with
part of the choice's epsilon; the fifth look) is not used either: the true share
given for free would meet 1.1 at NYC epsilon 1 and lose nothing, but the epsilon
the count takes from the draw loses more (9 of 18 settings within 1.1, not 15).
The publisher may declare the share instead (``occupancy``, AUTO_OCCUPANCY):
a public statement about the tessellation, never read from the data, which
moves only the choice's accuracy (d keeps sensitivity 1 for any share).
With b = M / eps_rest:
- Laplace with Mironov's snapping (NOISE=0, :mod:`.counting`): values are
  rounded to the grain Lambda, the smallest power of two >= b. For a count
  at a uniform position between multiples of Lambda the error is Z + R with
  R uniform on +-a, a = Lambda / 2, so E|Z + R| = a / 2 + (b^2 / a)(1 -
  e^(-a / b)) (b as Lambda -> 0); a true 0 gives E max(0, snapped Z) =
  (Lambda / 2) e^(-Lambda / 2b) / (1 - e^(-Lambda / b)) (b / 2 as Lambda -> 0).
- discrete Laplace (NOISE=1), alpha = e^(-1/b): E|Z| = 2 alpha / (1 -
  alpha^2), and half of it for a true 0.
- discrete Gaussian (NOISE=2), sigma = sqrt(M / (2 rho_rest)) (L2 sensitivity
  sqrt(M)): E|Z| = sigma sqrt(2 / pi) (the continuous figure; the discrete
  Gaussian's differs by far less than the spread of the choice), and half of
  it for a true 0.

The base measure mu(M) = 1 / M^2 (public). Above the largest counts every
candidate has d(M) close to c = the noise's slope C h'(M), whatever the data:
no mechanism with sensitivity 1 in users can tell them apart by more than
exp(eps_choice c / 2) (about c heavy users added would make any of them the
best, group privacy), so the prior decides how much such candidates draw. Their error
grows as M (noise only), so a weight 1/M^2 makes the expected error they add
fall as 1/M: the flat tail adds about ln(MAX) times the weight of its first
candidate, as the probability mass did with the log-uniform 1/M. Below the
optimum d(M) grows by the many users beyond M, which outweighs the prior.

Privacy (the OpenDP-style proof). Neighbouring datasets differ by one user
(added or removed) and each user contributes one count n_u. Adding a user
with count n adds 1 to g(m) for every m < n and changes nothing else; so for
M' < M, P(M) - P(M') = C (h(M) - h(M')) - (g(M') + ... + g(M - 1)) moves
by minus the number of m in M'..M-1 below n, between 0 and M - M', and each
chord (P(M) - P(M')) / |M - M'| by at most 1. A maximum of functions that
each move by at most 1 moves by at most 1, and so does max(0, .): d has
sensitivity 1 whatever the user's count (nothing is clamped; a user with any
number of records is one user).

The draw: permute-and-flip (McKenna and Sheldon, "Permute-and-Flip: A new
mechanism for differentially private selection", NeurIPS 2020, Algorithm 1;
the same distribution as report-noisy-max with exponential noise, Ding et al.
2021). Each candidate has the weight w(M) = mu(M) exp(-eps_choice d(M) / 2)
and the acceptance probability p(M) = w(M) / W, W = max w. The candidates
are visited in a uniformly random order and each is accepted with its
probability p (a uniform below p); the first accepted is the output. The
best candidate has p = 1, so one pass always ends. The order and the
uniforms are drawn whatever the data; the data reach the output only
through p. Output probabilities: M is the output when it is accepted and no
candidate visited before it is; with U_j the (uniform) positions,
    P(M) = p(M) int_0^1 prod_{j != M} (1 - p(j) u) du
         = w(M) int_0^{1/W} prod_{j != M} (1 - w(j) v) dv      (v = u / W),
whose integrand is >= 0 on [0, 1/W] (``probabilities`` integrates the
polynomial exactly by Gauss-Legendre). Three facts of the second form:
(a) P(M) is the same for c w, any c > 0 (substitute c v); (b) lowering
w(j), j != M, raises P(M): each factor grows, and 1/W can only grow, over a
non-negative integrand; (c) multiplying w(M) by k >= 1 raises P(M), by at
most the factor k (the factor w(M) grows k-fold, 1/W can only shrink). On a
neighbour every d moves by at most 1, so w'(M) <= e^(eps/2) w(M) and
w'(j) >= e^(-eps/2) w(j) (eps = eps_choice; mu is public). Then P'(M) <=
[by (b)] P(w'(M), e^(-eps/2) w(others)) = [by (a)] P(e^(eps/2) w'(M),
w(others)) <= [by (c), e^(eps/2) w'(M) <= e^eps w(M)] e^eps P(M): the draw
is eps_choice-DP (McKenna and Sheldon's privacy theorem, with their
exp(eps q / (2 Delta)), Delta = 1, and the public base measure inside q),
hence (eps_choice^2 / 2)-zCDP (Bun and Steinke 2016, Proposition 1.4).
Its expected score is never below the exponential mechanism's with the same
weights (McKenna and Sheldon 2020): the benchmark's choice spread narrows.
The release then uses M and eps_rest = EPSILON -
eps_choice; by sequential composition the whole run is EPSILON-DP (plus the
release's own delta), and the record and the ledger carry EPSILON. With the
Gaussian release the run is accounted in zCDP: rho_rest = rho(EPSILON,
DELTA) - eps_choice^2 / 2, so that the whole run is rho(EPSILON, DELTA)-zCDP,
i.e. (EPSILON, DELTA)-DP by the conversion of Canonne, Kamath and Steinke 2020
(``gaussian_split``). The chosen M is the output of a mechanism and may be
published: the record and the log state it.

Computing d. The chords to the left of M are maximal at a vertex of the
lower convex hull of the points left of M (the supporting line through
(M, P(M))), found by binary search along that hull: O(MAX log MAX) in all,
checked against all chords in tests/core.

Accuracy. M is the output only if its own flip accepts it, so P(M) <= p(M)
<= w(M) / w(M*) (M* a best candidate, d(M*) = 0): with probability
>= 1 - beta the chosen M has d(M) <= 2 ln(Z / (mu(M*) beta)) / eps_choice,
Z = sum mu, the exponential mechanism's bound (McSherry and Talwar 2007):
the chosen M's error is within that many users per step of the best.
Where the counts are dense near the optimum the extra error is small; where
they are sparse the choice moves further, with little effect on F.

Value bounds (``ValueBoundChoice``): LOWER and UPPER of a zone statistic from
the private quantiles (default the 2nd and 98th percentiles) of all the
values, clamped to a declared public range, by the exponential mechanism on
ranks of :mod:`.quantiles` (Kapp et al. 2023 §4.3.2) with each user's at most
M records (the rank sensitivity M). Every candidate beyond the data is
0.02 n ranks from the target, so with few values (0.02 n not well above
M / epsilon) the draw often lands there, between the data's extreme and the
declared end: wider bounds, so more noise but no clamping (the safe side).

Floating point. The output is always a public candidate. Each p(M) is
exp of a double, within a few units of 2^-53 relative of its exact value, and
compared with a uniform on multiples of 2^-53 (numpy's ``random``): each flip
is off by at most about 2^-52 in probability, each output probability by an
additive amount of order MAX * 2^-52; the best candidate's p is exactly 1
(exp(0)). The chords are computed in
double precision: each is off by at most a few units of 2^-52 times |P|
(C h(M) plus the records below M), so a user moves d by 1 plus such a
rounding (1e-9 at a billion records), which adds epsilon_choice times it to
the privacy loss.

Everything here is numpy; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from ..releases.release import null_user_mask, user_codes
from .bounded_stats import Bounds
from .choice_budget import (  # noqa: F401 (the choices' budget, split by concern; part of this module's API)
    gaussian_split,
    largest_share,
    release_epsilon,
    remainder,
    split_epsilon,
)
from .counting import DISCRETE_LAPLACE, LAPLACE, bound_contributions, snap_grain
from .gaussian import DISCRETE_GAUSSIAN, epsilon_within, pure_dp_rho, zcdp_rho
from .quantiles import ExponentialQuantiles
from .validation import require_positive_finite

DEFAULT_SHARE = 0.05
# noise_cost: the public share of the release's cells taken to hold data (module docstring): zone counts, and OD
# flows (mostly empty pairs).
ZONE_NOISE_COST, OD_NOISE_COST = 1.0, 0.0
DEFAULT_MAX_BOUND = 50
NOISE_KINDS = (LAPLACE, DISCRETE_LAPLACE, DISCRETE_GAUSSIAN)
# The quantiles that give LOWER and UPPER of a value.
VALUE_QUANTILES = (0.02, 0.98)


def plan_choice(epsilon: float, share: float, max_bound: int, cells: int, noise_cost: float = ZONE_NOISE_COST, *,
                automatic: bool = True, other_choices: int = 0, noise: str = LAPLACE, delta: float = 0.0,
                cost_share: float = 1.0, per_unit: int = 1, zcdp_release: bool = True,
                occupancy: Optional[float] = None) -> Tuple[float, Optional["BoundChoice"]]:
    """(the release's epsilon, the BoundChoice of an ``automatic`` M or None) for a run of ``epsilon``: the one plan
    of the QGIS algorithms (processing/auto_bound.py) and the Spark commands (spark/auto_bound.py).

    Each of the run's choices (M when ``automatic``, plus ``other_choices``, e.g. the value bounds) takes ``share``
    of ``epsilon``; a Gaussian release (``zcdp_release``: the whole release is rho(epsilon, ``delta``)-zCDP) keeps
    the run at rho(epsilon, delta), each choice taking its epsilon^2 / 2 of rho, and the release's epsilon is what
    the rest converts to (gaussian_split). The choice weighs ``cells`` cells (``noise_cost`` the share holding
    data) that get ``cost_share`` of the release's epsilon, each unit of M adding ``per_unit`` to their
    sensitivity (L1; L2 squared for the Gaussian); a declared ``occupancy`` (AUTO_OCCUPANCY) replaces the release's
    default ``noise_cost``. ValueError when the choices would take the whole budget or occupancy is not in [0, 1]."""
    choices = other_choices + int(automatic)
    rest = release_epsilon(epsilon, share, choices, noise, delta, zcdp_release)
    if not automatic:
        return rest, None
    weighed = cost_share * rest  # the epsilon of the weighed cells
    rho = zcdp_rho(weighed, delta) / per_unit if noise == DISCRETE_GAUSSIAN else None
    declared = occupancy is not None
    return rest, BoundChoice(split_epsilon(epsilon, share)[0], max_bound, max(int(cells), 1), weighed / per_unit,
                             float(occupancy) if declared else noise_cost, noise, rho, declared)


def per_user_counts(user_keys) -> np.ndarray:
    """Records per user (NULL user ids left out, as every release drops them). Raw: only a mechanism reads it."""
    keys = np.ma.asarray(user_keys)
    keys = keys[~null_user_mask(keys)]
    if not len(keys):
        return np.zeros(0, dtype=np.int64)
    return np.unique(user_codes(keys), return_counts=True)[1].astype(np.int64)


def cell_noise_errors(noise: str, bounds, epsilon_release: float, rho_release: Optional[float] = None):
    """(E error of a cell holding data, E error of an empty cell after CLAMP) of the release's noise at each bound
    in ``bounds`` (module docstring, "The noise error h(M)")."""
    m = np.asarray(bounds, dtype=float)
    if noise == LAPLACE:
        b = m / epsilon_release
        grain = np.array([snap_grain(x) for x in b])
        a = grain / 2.0
        return a / 2.0 + b * b / a * -np.expm1(-a / b), grain / 2.0 * np.exp(-grain / (2.0 * b)) / -np.expm1(-grain / b)
    if noise == DISCRETE_LAPLACE:
        alpha = np.exp(-epsilon_release / m)
        return 2.0 * alpha / (1.0 - alpha * alpha), alpha / (1.0 - alpha * alpha)
    sigma = np.sqrt(m / (2.0 * rho_release))
    return sigma * math.sqrt(2.0 / math.pi), sigma / math.sqrt(2.0 * math.pi)


def _left_chords(values: np.ndarray) -> np.ndarray:
    """out[i] = max over j < i of (values[i] - values[j]) / (i - j), -inf at i = 0: the tangent from point i to the
    lower convex hull of the points before it, by binary search along that hull (the slope is unimodal on it)."""
    y = values
    out = np.full(len(y), -np.inf)
    hull = []
    for i in range(len(y)):
        if hull:
            lo, hi = 0, len(hull) - 1
            while lo < hi:
                mid = (lo + hi) // 2
                a, b = hull[mid], hull[mid + 1]
                if (y[i] - y[a]) * (i - b) <= (y[i] - y[b]) * (i - a):  # b's chord at least as steep: go right
                    lo = mid + 1
                else:
                    hi = mid
            out[i] = (y[i] - y[hull[lo]]) / (i - hull[lo])
        while len(hull) >= 2 and (hull[-1] - hull[-2]) * (y[i] - y[hull[-2]]) <= (y[hull[-1]] - y[hull[-2]]) * (
                i - hull[-2]):
            hull.pop()
        hull.append(i)
    return out


def chord_distances(values) -> np.ndarray:
    """max(0, max over j != i of (values[i] - values[j]) / |i - j|) for every i (module docstring, "Computing d")."""
    values = np.asarray(values, dtype=float)
    return np.maximum(np.maximum(_left_chords(values), _left_chords(values[::-1])[::-1]), 0.0)


@dataclass(frozen=True)
class BoundChoice:
    """The contribution bound M chosen by permute-and-flip over 1..``max_bound`` (module docstring).

    ``cells``: the number of noisy cells of the release (public), ``epsilon_release`` the epsilon the release
    noises them with, ``noise_cost`` the share of cells taken to hold data (1 zone counts, 0 OD flows), ``noise``
    the release's noise (counting.LAPLACE snapped, counting.DISCRETE_LAPLACE, gaussian.DISCRETE_GAUSSIAN with
    ``rho_release``, its rho). ``target`` is the noise's slope c = C h(M) / M for plain Laplace (the number of users
    beyond M at the optimum without snapping).
    """

    epsilon: float
    max_bound: int
    cells: int
    epsilon_release: float
    noise_cost: float = ZONE_NOISE_COST
    noise: str = LAPLACE
    rho_release: Optional[float] = None
    occupancy_declared: bool = False  # noise_cost declared by the publisher (AUTO_OCCUPANCY), not the default

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("epsilon_release", self.epsilon_release)
        if int(self.max_bound) != self.max_bound or int(self.max_bound) < 1:
            raise ValueError(f"the largest candidate bound must be a whole number >= 1, got {self.max_bound!r}")
        if int(self.cells) < 1:
            raise ValueError(f"a release has at least one cell, got {self.cells!r}")
        if not 0.0 <= self.noise_cost <= 1.0:  # NaN fails too
            raise ValueError(f"the share of cells holding data must be in [0, 1], got {self.noise_cost!r}")
        if self.noise not in NOISE_KINDS:
            raise ValueError(f"noise must be one of {NOISE_KINDS}, got {self.noise!r}")
        if self.noise == DISCRETE_GAUSSIAN:
            require_positive_finite("rho_release", self.rho_release)

    @property
    def candidates(self) -> np.ndarray:
        return np.arange(1, int(self.max_bound) + 1)

    @property
    def target(self) -> float:
        return (self.noise_cost + (1.0 - self.noise_cost) / 2.0) * int(self.cells) / self.epsilon_release

    @property
    def log_base_measure(self) -> np.ndarray:
        """ln mu(M) = -2 ln M (unnormalised; public)."""
        return -2.0 * np.log(self.candidates)

    def noise_error(self) -> np.ndarray:
        """h(M) for every candidate: the expected absolute noise error of one cell (public)."""
        held, empty = cell_noise_errors(self.noise, self.candidates, self.epsilon_release, self.rho_release)
        return self.noise_cost * held + (1.0 - self.noise_cost) * empty

    def distances(self, counts) -> np.ndarray:
        """d(M) for every candidate M: the chord distance of P(M) = C h(M) - G(M) from its minimum."""
        counts = np.sort(np.asarray(counts, dtype=np.int64))
        exceeding = len(counts) - np.searchsorted(counts, self.candidates, side="right")  # g(M)
        before = np.concatenate(([0.0], np.cumsum(exceeding[:-1], dtype=float)))  # G(M) = g(1) + ... + g(M - 1)
        return chord_distances(int(self.cells) * self.noise_error() - before)

    def acceptance(self, counts) -> np.ndarray:
        """p(M) = w(M) / max w, w(M) = mu(M) exp(-epsilon d(M) / 2): each candidate's flip probability. The base
        measure enters as a shift of the distance, d(M) - ln mu(M) / (epsilon / 2), less its minimum (the best p
        is exactly 1, so nothing underflows where it matters)."""
        scale = 0.5 * self.epsilon
        shifted = self.distances(counts) - self.log_base_measure / scale
        return np.exp(-scale * (shifted - shifted.min()))

    def probabilities(self, counts) -> np.ndarray:
        """The exact output distribution over the candidates (module docstring): P(M) = p(M) int_0^1 prod_{j != M}
        (1 - p(j) u) du, a polynomial of degree MAX - 1 in u, integrated exactly by Gauss-Legendre with
        MAX // 2 + 1 nodes (for tests, the benchmark and documentation)."""
        p = self.acceptance(counts)
        nodes, weights = np.polynomial.legendre.leggauss(len(p) // 2 + 1)
        u = 0.5 * (nodes + 1.0)  # on (0, 1): every factor 1 - p u > 0
        logs = np.log1p(-np.outer(u, p))
        return p * (0.5 * weights @ np.exp(logs.sum(axis=1)[:, None] - logs))

    def choose(self, counts, rng: np.random.Generator) -> int:
        """One draw of permute-and-flip: the candidates in a random order, each accepted when a uniform falls
        below its p(M); the first accepted is M. The order and the uniforms do not depend on the data."""
        p = self.acceptance(counts)
        order = rng.permutation(len(p))
        accepted = rng.random(len(p)) < p[order]  # the best candidate (p = 1) always accepts
        return int(self.candidates[order[int(np.argmax(accepted))]])

    def rank_margin(self, beta: float = 0.05) -> float:
        """With probability >= 1 - beta the chosen M is within this many users per step of the best, when the
        best is M* (here the bound for M* = MAX, the largest: 2 ln(Z / (mu(MAX) beta)) / epsilon; module
        docstring, "Accuracy")."""
        log_mu = self.log_base_measure
        log_z = float(np.log(np.sum(np.exp(log_mu))))
        return 2.0 * (log_z - float(log_mu[-1]) + math.log(1.0 / beta)) / self.epsilon

    def description(self, chosen: Optional[int]) -> str:
        """The record's text; ``chosen`` None: the choice not yet made (a trial run's figures)."""
        what = f"M = {chosen} chosen" if chosen is not None else "M to be chosen"
        return (f"{what} by permute-and-flip (McKenna and Sheldon 2020) over 1..{self.max_bound}"
                f" with epsilon {self.epsilon:g} and base measure 1/M^2, score minus the largest average number of "
                f"users per step by which the bounding loss plus the {self.noise} noise error at M exceeds that at "
                f"another candidate (sensitivity 1 user), the noise weighed on a share {self.noise_cost:g} of the "
                f"cells taken to hold data ({'declared' if self.occupancy_declared else 'the default'}, public)")


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

    def grid_index(self, values) -> np.ndarray:
        """Each value's candidate: its grid index once clamped to the declared range (what the choice counts)."""
        values = np.clip(np.asarray(values, dtype=float), self.declared.lower, self.declared.upper)
        return self.mechanism().snap(values)

    def choose(self, values, rng: np.random.Generator) -> Bounds:
        """Bounds(lower, upper) drawn from the values (each user's at most M records, ``choice_values``)."""
        return self.choose_from_histogram(self.grid_index(values), None, rng)

    def choose_from_histogram(self, index, count, rng: np.random.Generator) -> Bounds:
        """As ``choose``, from how many values fall on each candidate: ``count[i]`` values on grid index
        ``index[i]`` (``grid_index``; ``count`` None: one each). All the mechanism reads of the data: the Spark
        path counts it on its executors, and the same draws give the same bounds."""
        mechanism = self.mechanism()
        index = np.asarray(index, dtype=np.int64)
        lower, upper = mechanism.release_histogram(np.zeros(len(index), dtype=np.int64), index, count, [0], rng)[0]
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


def choice_values(values, user_keys, max_contributions: int, rng: np.random.Generator) -> np.ndarray:
    """The values the value bounds' choice reads: NULL (NaN) values left out and, with ``user_keys`` (users are
    the unit), NULL users too and each user's at most ``max_contributions`` values, sampled by
    counting.bound_contributions (one uniform of ``rng`` per value left before the sample, which a path that
    samples elsewhere skips with counting.skip_bounding_draws)."""
    values = np.asarray(values, dtype=float)
    keep = ~np.isnan(values)
    if user_keys is None:
        return values[keep]
    keep &= ~null_user_mask(user_keys)
    codes = user_codes(np.ma.asarray(user_keys)[keep])
    return values[keep][bound_contributions(codes, max_contributions, rng)]


def with_choice(release_fields, description: str, epsilon: float, rho: Optional[float] = None,
                run_epsilon: float = math.inf) -> dict:
    """The release's record fields with the choice's cost added: the mechanism text names the choice, epsilon
    (and the floating-point epsilon, and rho where the release has one: a pure epsilon-DP step is
    epsilon^2 / 2 -zCDP, Bun and Steinke 2016 Proposition 1.4) include it (sequential composition). Where the
    release is zCDP with a delta, its epsilon is the smaller of the sum and the conversion of the summed rho at
    that delta (both are valid; the Gaussian split, ``gaussian_split``, makes the conversion the run's EPSILON,
    ``run_epsilon``, recorded as is when it holds: epsilon_within). The record's
    choice_epsilon is the choices' epsilon (summed over the choices of a run) and its release_epsilon the release's
    own, the epsilon its noise was drawn at (core.accuracy.planning.mechanism_from_record reads it)."""
    fields = dict(release_fields)
    fields["mechanism"] = f"{fields.get('mechanism', '')}; before it, {description}"
    fields.setdefault("release_epsilon", float(fields["epsilon"]))
    fields["choice_epsilon"] = float(fields.get("choice_epsilon") or 0.0) + float(epsilon)
    added = float(fields["epsilon"]) + float(epsilon)
    fields["epsilon"] = added
    if fields.get("epsilon_floating_point") is not None:
        fields["epsilon_floating_point"] = float(fields["epsilon_floating_point"]) + float(epsilon)
    if fields.get("rho") is not None:
        fields["rho"] = float(fields["rho"]) + (pure_dp_rho(epsilon) if rho is None else float(rho))
        delta = float(fields.get("delta") or 0.0)
        if 0.0 < delta < 1.0:
            fields["epsilon"] = min(added, epsilon_within(fields["rho"], delta, run_epsilon))
            if fields.get("epsilon_floating_point") is not None:
                fields["epsilon_floating_point"] = min(fields["epsilon_floating_point"], fields["epsilon"])
    return fields
