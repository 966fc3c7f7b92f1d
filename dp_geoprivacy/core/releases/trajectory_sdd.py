"""SDD (sampling distance and direction) for one trajectory at a time: Dumont et al. 2021 §6.1, eq. 16.

Split out of ``core.releases.trajectories`` (which holds resampling, the per-vertex
Laplace and the release); the derivation is kept beside the code.

SDD (``SddMechanism``). Step i (i = 1..n) starts at the released vertex
p = x~_{i-1} and re-draws vertex i from the true one x_i through

    r = min(|x_i - p|, M),  theta = arg(x_i - p)            (Dumont et al. 2021 §6.1, steps 3-4)
    Pr[(rho, alpha)] ~ exp(-eps_len |rho - r| / (2 M)) * exp(-eps_dir d(alpha, theta) / (2 pi))

over a finite public candidate set: directions alpha_a = beta + 2 pi a / A
(beta: the direction from p to the released end point), step lengths
rho_j = j M / J (j = 0..J), restricted to the candidates from which the end
stays reachable, |p + rho u(alpha) - end| <= (n + 1 - i) M. d is the angular
distance (at most pi).

Budget per step, derived. Changing x_i to any x_i' changes |rho - r| by at
most M (r and rho are in [0, M]) and d(alpha, theta) by at most pi, so the
weight of every candidate changes by a factor of at most
exp(eps_len / 2 + eps_dir / 2), and so does the normaliser (a sum of such
weights over the same public candidate set): each step is
(eps_len + eps_dir)-DP in x_i given everything released before it. The
candidate set and its restriction depend only on released values (p, the
released end, i, n, M), so restricting to it costs nothing. With
eps_len = eps_dir = eps_step / 2 each step costs eps_step.

Budget per trajectory, derived. The steps form an adaptive sequence, so by
sequential composition the route costs n * eps_step. Endpoints kept (the
seed's version): they are published exactly, so the guarantee is between
routes with the same start and end, and eps_step = EPSILON / n. Endpoints
perturbed: each gets planar Laplace with eps_end = EPSILON / K per DISTANCE
metres and eps_step = EPSILON / K, so two trajectories whose starts and ends
are each within DISTANCE metres are EPSILON-indistinguishable whatever their
routes (n steps + 2 endpoints = K shares).

Termination. There is no rejection loop: Dumont et al. 2021's loop (resample while the
end is unreachable) has no bound on its number of rounds. Each step here is
one draw from the restricted candidate set, which is never empty: by
induction |p - end| <= (n + 2 - i) M, and the candidate rho = M (or rho = 0
when |p - end| <= (n + 1 - i) M) in direction beta keeps the end reachable.
So every trajectory takes exactly n draws. (Far from the end every candidate is
reachable and the weights factorise; direction and length are then drawn in
closed form from the same distribution, see ``SddMechanism._free_draw``.) The input must let the start reach
the end: a trip whose start-end distance exceeds (K - 1) M is refused
(``UnreachableTripError``); perturbed endpoints farther apart than (K - 1) M
are pulled towards their midpoint (post-processing of released values).

Only numpy and stdlib; no QGIS.
"""

from dataclasses import dataclass

import numpy as np

from ..mechanisms.location import PLANAR, LocationLaplace, snap_to_grid
from ..mechanisms.validation import require_positive_finite

# The public candidate grid of an SDD step: A directions and J + 1 step lengths.
DIRECTIONS = 72
LENGTHS = 64
# Per-step epsilon above this is refused: candidate weights could underflow (and the noise is nil anyway).
MAX_STEP_EPSILON = 1000.0
CHUNK = 16384
SDD = "sdd"


@dataclass(frozen=True)
class SddMechanism:
    """SDD over K resampled vertices with public maximum step ``max_step`` (M, metres).

    ``epsilon`` is per trajectory. ``keep_endpoints``: start and end
    published exactly (Dumont et al. 2021 eq. 16) or perturbed by planar Laplace at
    ``distance`` metres from the same budget. See the module docstring for
    the derivation of ``step_epsilon`` and ``endpoint_epsilon``.
    """

    epsilon: float
    k: int
    max_step: float
    keep_endpoints: bool = True
    distance: float = 100.0
    grid: float = 1.0
    directions: int = DIRECTIONS
    lengths: int = LENGTHS

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        require_positive_finite("max_step", self.max_step)
        require_positive_finite("distance", self.distance)
        if int(self.k) != self.k or self.k < 3:
            raise ValueError(f"K must be a whole number >= 3 for SDD (one re-drawn vertex at least), got {self.k!r}")
        if not np.isfinite(self.grid) or self.grid < 0:
            raise ValueError(f"grid must be a finite number >= 0, got {self.grid!r}")
        if self.step_epsilon > MAX_STEP_EPSILON:
            raise ValueError(f"epsilon per step {self.step_epsilon:g} exceeds {MAX_STEP_EPSILON:g}; "
                             "lower epsilon or raise K")

    @property
    def steps(self) -> int:
        """n: the number of re-drawn vertices."""
        return int(self.k) - 2

    @property
    def shares(self) -> int:
        """How many equal parts the trajectory's epsilon is split into."""
        return self.steps if self.keep_endpoints else int(self.k)

    @property
    def step_epsilon(self) -> float:
        return self.epsilon / self.shares

    @property
    def length_epsilon(self) -> float:
        return self.step_epsilon / 2.0

    @property
    def direction_epsilon(self) -> float:
        return self.step_epsilon / 2.0

    @property
    def endpoint_epsilon(self) -> float:
        """Epsilon per DISTANCE metres of each perturbed endpoint (0 when kept)."""
        return 0.0 if self.keep_endpoints else self.epsilon / self.shares

    def total_epsilon(self) -> float:
        """The per-trajectory epsilon by sequential composition (equals ``epsilon``)."""
        return self.steps * self.step_epsilon + 2 * self.endpoint_epsilon

    def endpoint_mechanism(self) -> LocationLaplace:
        return LocationLaplace(PLANAR, self.endpoint_epsilon, self.distance, 0.0)

    def candidates(self):
        """(direction offsets, step lengths): alpha_a = beta + offsets[a], rho_j = lengths[j]."""
        return (2.0 * np.pi * np.arange(self.directions) / self.directions,
                self.max_step * np.arange(self.lengths + 1) / self.lengths)

    def step(self, prev, true, end, remaining, rng):
        """Re-draw one vertex per row: (new points (n, 2), direction index, length index).

        ``prev``: released previous vertices; ``true``: the true vertices;
        ``end``: the released end points; ``remaining``: how many steps are
        left after this one (the new vertex must lie within remaining x M of
        ``end``). One categorical draw per row over the public candidates.
        Rows far from the end (gap + M <= remaining x M: every candidate
        keeps the end reachable) draw direction and length independently in
        closed form (``_free_draw``); the others over the restricted grid
        (``_bound_draw``). Both sample the same distribution as written in
        the module docstring.
        """
        prev, true, end = (np.asarray(a, dtype=float).reshape(-1, 2) for a in (prev, true, end))
        m = self.max_step
        to_end = end - prev
        gap = np.hypot(to_end[:, 0], to_end[:, 1])
        beta = np.arctan2(to_end[:, 1], to_end[:, 0])
        v = true - prev
        r = np.minimum(np.hypot(v[:, 0], v[:, 1]), m)
        theta = np.arctan2(v[:, 1], v[:, 0])
        reach = remaining * m
        n = len(r)
        a, j = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        bound = gap + m > reach
        free = ~bound
        if free.any():
            a[free], j[free] = self._free_draw(beta[free], theta[free], r[free], rng)
        if bound.any():
            a[bound], j[bound] = self._bound_draw(gap[bound], beta[bound], theta[bound], r[bound], reach, rng)
        offsets, rho = self.candidates()
        step_alpha = beta + offsets[a]
        new = prev + rho[j][:, None] * np.column_stack((np.cos(step_alpha), np.sin(step_alpha)))
        return new, a, j

    def _free_draw(self, beta, theta, r, rng):
        """Direction and length indices when every candidate is reachable, in O(1) per row.

        Directions: relative to theta the candidates sit at s + m h (h = 2 pi / A,
        s = (beta - theta) mod h), so their angular distances form two
        arithmetic sequences, d0 + t h (t = 0..A/2-1) with d0 = s or h - s;
        the weights exp(-kappa d) are two truncated geometric sequences. Lengths
        likewise on either side of r. Pick a side by its mass, then t by the
        inverse CDF of the truncated geometric distribution.
        """
        h = 2.0 * np.pi / self.directions
        kappa = self.direction_epsilon / (2.0 * np.pi)
        base = np.mod(beta - theta, 2.0 * np.pi)
        shift = np.floor(base / h)
        s = np.clip(base - shift * h, 0.0, h)
        half = self.directions // 2
        first = rng.random(len(r)) * (1.0 + np.exp(-kappa * (h - 2.0 * s))) < 1.0  # P = e^-ks / (e^-ks + e^-k(h-s))
        t = _truncated_geometric(-kappa * h, np.full(len(r), half), rng)
        m = np.where(first, t, self.directions - 1 - t)
        a = np.mod(m - shift.astype(np.int64), self.directions)
        spacing = self.max_step / self.lengths
        c = self.length_epsilon / (2.0 * self.max_step)
        j0 = np.minimum(np.floor(r / spacing), self.lengths).astype(np.int64)
        below = r - j0 * spacing                     # distance to the nearest candidate at or below r
        above = (j0 + 1) * spacing - r               # distance to the nearest candidate above r
        n_low, n_up = j0 + 1, self.lengths - j0
        lq = -c * spacing
        mass_low = np.exp(-c * below) * _geometric_sum(lq, n_low)
        mass_up = np.where(n_up > 0, np.exp(-c * above) * _geometric_sum(lq, np.maximum(n_up, 1)), 0.0)
        low = rng.random(len(r)) * (mass_low + mass_up) < mass_low
        t = _truncated_geometric(lq, np.where(low, n_low, np.maximum(n_up, 1)), rng)
        j = np.where(low, j0 - t, j0 + 1 + t)
        return a, np.clip(j, 0, self.lengths)

    def _bound_draw(self, gap, beta, theta, r, reach, rng):
        """Direction and length indices over the grid restricted to the candidates that keep the end reachable."""
        m = self.max_step
        offsets, rho = self.candidates()
        n = len(r)
        length_weight = np.exp(-self.length_epsilon * np.abs(rho[None, :] - r[:, None]) / (2.0 * m))  # (n, J+1)
        prefix = np.concatenate((np.zeros((n, 1)), np.cumsum(length_weight, axis=1)), axis=1)
        # Feasible lengths along each direction: |p + rho u - e|^2 <= R^2, i.e.
        # rho^2 - 2 rho b + gap^2 - R^2 <= 0 with b = (e - p) . u = gap cos(alpha - beta).
        g = gap[:, None]
        b = g * np.cos(offsets)[None, :]
        disc = b * b - g * g + reach * reach
        root = np.sqrt(np.maximum(disc, 0.0))
        spacing = m / self.lengths
        # Rounding slack of 1e-6 of a length step (micrometres): coordinates far from 0 lose digits.
        low = np.maximum(np.ceil((b - root) / spacing - 1e-6), 0).astype(np.int64)
        high = np.minimum(np.floor((b + root) / spacing + 1e-6), self.lengths).astype(np.int64)
        high = np.where(disc >= -2e-6 * spacing * max(reach, m), high, -1)
        feasible = high >= low
        low = np.minimum(low, self.lengths)
        mass = np.where(feasible, np.take_along_axis(prefix, np.clip(high, low, self.lengths) + 1, axis=1)
                        - np.take_along_axis(prefix, low, axis=1), 0.0)
        base = np.mod(beta - theta, 2.0 * np.pi)[:, None] + offsets[None, :]                 # in [0, 4 pi)
        base = np.where(base >= 2.0 * np.pi, base - 2.0 * np.pi, base)
        distance = np.minimum(base, 2.0 * np.pi - base)                                      # d(alpha, theta)
        weight = np.exp(-self.direction_epsilon / (2.0 * np.pi) * distance) * np.maximum(mass, 0.0)
        total = weight.sum(axis=1)
        cumulative = np.cumsum(weight, axis=1)
        a = (cumulative < (rng.random(n) * total)[:, None]).sum(axis=1)
        a = _nonzero(np.minimum(a, self.directions - 1), weight)
        rows = np.arange(n)
        lo, hi = low[rows, a], np.maximum(high[rows, a], low[rows, a])
        target = prefix[rows, lo] + rng.random(n) * (prefix[rows, hi + 1] - prefix[rows, lo])
        j = np.clip((prefix[:, 1:] < target[:, None]).sum(axis=1), lo, hi)
        # No reachable candidate can only come from rounding at the boundary (see the module
        # docstring). Then the step goes straight to the end, M or 0 long: a function of released
        # values only, so it costs no privacy; nothing loops.
        stuck = ~(total > 0)
        if stuck.any():
            a[stuck] = 0
            j[stuck] = np.where(gap[stuck] > reach, self.lengths, 0)
        return a, j

    def perturb(self, tracks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """(n, K, 2) released vertices for the resampled true tracks (n, K, 2)."""
        tracks = np.asarray(tracks, dtype=float)
        out = np.empty_like(tracks)
        for first in range(0, len(tracks), CHUNK):
            out[first:first + CHUNK] = self._perturb_chunk(tracks[first:first + CHUNK], rng)
        return out

    def _perturb_chunk(self, tracks, rng):
        start, end = tracks[:, 0].copy(), tracks[:, -1].copy()
        if not self.keep_endpoints:
            laplace = self.endpoint_mechanism()
            start, end = laplace.perturb(start, rng), laplace.perturb(end, rng)
            start, end = _within_reach(start, end, (self.k - 1) * self.max_step)
        out = np.empty_like(tracks)
        out[:, 0], out[:, -1] = start, end
        prev = start
        for i in range(1, self.k - 1):
            prev, _, _ = self.step(prev, tracks[:, i], end, self.k - 1 - i, rng)
            out[:, i] = prev
        if self.grid:
            inner = slice(1, -1) if self.keep_endpoints else slice(None)
            out[:, inner] = snap_to_grid(out[:, inner], self.grid)
        return out

    def record_fields(self) -> dict:
        ends = ("start and end published exactly (their positions are not protected): any two routes between "
                "the same start and end" if self.keep_endpoints else
                f"start and end perturbed by planar Laplace at {self.endpoint_epsilon:g} per {self.distance:g} m "
                f"each: any two trajectories whose starts and ends are each within {self.distance:g} m")
        return {
            "mechanism": SDD,
            "epsilon": self.total_epsilon(),
            "delta": 0.0,
            "unit_of_privacy": (
                f"one trajectory resampled to K = {int(self.k)} vertices; {ends} are epsilon-indistinguishable "
                f"({self.steps} re-drawn vertices at epsilon {self.step_epsilon:g} each: "
                f"{self.length_epsilon:g} on the step length, {self.direction_epsilon:g} on the direction; "
                f"sequential composition)"
            ),
            "sensitivity": self.max_step,
            "sensitivity_unit": "m (step-length score, MAX_STEP; direction score: pi rad)",
            "noise_scale": 2.0 * self.max_step / self.length_epsilon,
            "noise_scale_unit": (
                f"m (decay length 2 M / eps_length of the step-length density; direction decay "
                f"2 pi / eps_direction = {2.0 * np.pi / self.direction_epsilon:g} rad; candidates: "
                f"{self.directions} directions x {self.lengths + 1} step lengths)"
            ),
            "snapping_grain_m": self.grid,
        }


def _geometric_sum(log_q, n):
    """sum_{t < n} q^t for q = exp(log_q) < 1, stable when q is close to 1."""
    return np.expm1(n * log_q) / np.expm1(log_q)


def _truncated_geometric(log_q, n, rng):
    """t in 0..n-1 with P(t) proportional to q^t (inverse CDF; q = exp(log_q) < 1)."""
    u = rng.random(len(n))
    t = np.floor(np.log1p(u * np.expm1(n * log_q)) / log_q)
    return np.clip(np.nan_to_num(t, nan=0.0), 0, n - 1).astype(np.int64)


def _nonzero(a, weight):
    """Guard against a zero-weight pick from floating-point ties: move to the nearest positive weight."""
    rows = np.arange(len(a))
    bad = weight[rows, a] <= 0
    if bad.any():
        a = a.copy()
        a[bad] = np.argmax(weight[bad] > 0, axis=1)
    return a


def _within_reach(start, end, limit):
    """Pull released endpoints farther apart than ``limit`` towards their midpoint (post-processing)."""
    gap = end - start
    distance = np.hypot(gap[:, 0], gap[:, 1])
    far = distance > limit
    if far.any():
        mid = (start[far] + end[far]) / 2.0
        half = gap[far] * (0.5 * limit * (1 - 1e-9) / distance[far])[:, None]
        start, end = start.copy(), end.copy()
        start[far], end[far] = mid - half, mid + half
    return start, end
