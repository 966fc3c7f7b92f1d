"""OD flows with their origin and destination totals, consistent by least squares (a two-way table).

Sources: Hay, Rastogi, Miklau and Suciu, "Boosting the accuracy of
differentially private histograms through consistency", PVLDB 2010 (noisy
answers to several linear queries, then the least-squares answers that agree
with each other); Barak, Chaudhuri, Dwork, Kale, McSherry and Talwar,
"Privacy, accuracy, and consistency too: a holistic solution to contingency
table release", PODS 2007 (marginals of a table released with the table,
made consistent by post-processing); Hestenes and Stiefel, "Methods of
conjugate gradients for solving linear systems", J. Res. NBS 1952 (the
solver).

What is released. The flows x_od of every public pair (o, d) of zones
(all n^2 pairs, or n^2 - n without intrazonal pairs: the dense path of
:mod:`.od_flows` with THRESHOLD off and every pair published), and with them
the origin totals R_o = sum_d x_od, the destination totals C_d = sum_o x_od
and the grand total G = sum x_od. Each of the four parts gets counting noise
(:mod:`..mechanisms.counting`) with its declared share of epsilon.

Privacy. A trip in the table adds 1 to one flow, one origin total, one
destination total and the grand total; a trip with an end in no zone adds 1
to the one outside cell of the flows (and to no total). A user with at most
M trips changes each part by at most M in L1, so part k with epsilon_k gets
noise of sensitivity M; the parts compose sequentially (Dwork and Roth 2014,
Theorem 3.16) to epsilon = sum of epsilon_k. Everything below is
post-processing of the noisy parts and the public table shape (Dwork and
Roth 2014, Proposition 2.1).

The estimator. With noisy flows y (variance s_f each), origin totals r
(s_r), destination totals c (s_c) and grand total g (s_g), the published
flows x minimise

    sum_od (x_od - y_od)^2 / s_f + sum_o (R_o(x) - r_o)^2 / s_r
    + sum_d (C_d(x) - c_d)^2 / s_c + (G(x) - g)^2 / s_g

over the public pairs (a part with share 0 is left out: s = inf), and the
published totals are R(x), C(x) and G(x): every row of flows sums to its
origin total and every column to its destination total, exactly. This is
the best linear unbiased estimate from the four noisy parts (generalised
least squares; Hay et al. 2010 §3 for a tree). The normal equations
(I / s_f + A_R' A_R / s_r + A_C' A_C / s_c + 1 1' / s_g) x = (the same
operators applied to y, r, c, g) are solved by conjugate gradients, applying
the operator in O(cells) (row sums, column sums, the total); the matrix is
the identity plus terms of low rank, so a handful of iterations suffice. The
flows are real numbers, possibly negative: rounding or clamping them would
break the sums, so the release leaves that to the reader.

Everything here is numpy; no QGIS.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..geometry.zones import OUTSIDE
from ..mechanisms.counting import LAPLACE, CountNoise, bound_contributions, composed_snapping_fields
from ..mechanisms.validation import require_positive_finite
from .hierarchy import released_error, released_variances
from .publication import Private
from .release import NoUsableRecordsError, Release, no_op, null_user_mask, ranks_from_order, user_codes

PARTS = ("flows", "origin totals", "destination totals", "grand total")
# Declared default split of epsilon over PARTS (benchmarks/bench_od_totals.py compares splits).
DEFAULT_SHARES = (0.5, 0.2, 0.2, 0.1)


class ODTotalsError(ValueError):
    """The settings cannot be used (raised before any draw)."""


def parse_od_shares(text: str) -> tuple:
    """The declared split over flows, origin totals, destination totals, grand total ("5,2,2,1"; "" default)."""
    if not str(text or "").strip():
        return DEFAULT_SHARES
    try:
        weights = [float(part) for part in str(text).replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise ODTotalsError(f"the split must be four numbers separated by commas, got {text!r}") from None
    if len(weights) != len(PARTS):
        raise ODTotalsError(f"the split has {len(weights)} parts for the four of {', '.join(PARTS)}")
    if any(not math.isfinite(w) or w < 0 for w in weights) or weights[0] <= 0:
        raise ODTotalsError("the split's parts must be non-negative numbers, the flows' above 0")
    total = math.fsum(weights)
    return tuple(w / total for w in weights)


@dataclass(frozen=True)
class ODTotalsSpec:
    """Public settings: epsilon and its split over PARTS, M, the unit's text, intrazonal pairs, the noise."""

    epsilon: float
    unit_of_privacy: str
    shares: tuple = DEFAULT_SHARES
    max_trips: int = 1
    include_intrazonal: bool = True
    noise: str = LAPLACE

    def __post_init__(self):
        require_positive_finite("epsilon", self.epsilon)
        if len(self.shares) != len(PARTS) or self.shares[0] <= 0:
            raise ODTotalsError("one share per part, the flows' above 0")
        if int(self.max_trips) < 1:
            raise ODTotalsError("M (trips per user) must be at least 1")

    def part_noises(self) -> list:
        """The counting noise of each part (None where its share is 0: not measured)."""
        return [CountNoise(self.noise, self.epsilon * share, float(self.max_trips)) if share > 0 else None
                for share in self.shares]

    def mechanism(self) -> "ODTotalsMechanism":
        return ODTotalsMechanism(self)


@dataclass(frozen=True)
class ODTotalsMechanism:
    """The four parts' noises, composed sequentially; its record fields are the release's."""

    spec: ODTotalsSpec

    def record_fields(self, unit_of_privacy: Optional[str] = None) -> dict:
        spec = self.spec
        measured = [(name, noise) for name, noise in zip(PARTS, spec.part_noises()) if noise is not None]
        split = "; ".join(f"{name}: epsilon {noise.epsilon:.6g}, scale {noise.scale:.6g}" for name, noise in measured)
        return {
            "mechanism": (f"{spec.noise} noise on every OD pair of the public zones and on the origin totals, "
                          f"destination totals and grand total, composed sequentially, then least squares so that "
                          f"every row of flows sums to its origin total and every column to its destination "
                          f"total (Hay et al. 2010); parts: {split}"),
            **composed_snapping_fields(measured),
            "epsilon": spec.epsilon,
            "delta": 0.0,
            "unit_of_privacy": unit_of_privacy or spec.unit_of_privacy,
            "sensitivity": float(spec.max_trips),
            "sensitivity_unit": "count, L1 over the cells of one part",
            "noise_scale": max(noise.scale for _, noise in measured),
            "noise_scale_unit": "count (largest part scale b)",
        }


def pair_mask(n_zones: int, include_intrazonal: bool) -> np.ndarray:
    """The public pairs as an (n, n) boolean matrix (the diagonal off without intrazonal pairs)."""
    mask = np.ones((n_zones, n_zones), dtype=bool)
    if not include_intrazonal:
        np.fill_diagonal(mask, False)
    return mask


def two_way_least_squares(flows, origins, destinations, total, variances, mask, tolerance=1e-12,
                          max_iterations=500) -> np.ndarray:
    """The consistent flows x of the module doc, by conjugate gradients (cells outside ``mask`` are 0).

    ``variances``: (s_f, s_r, s_c, s_g); inf leaves that part out.
    """
    s_f, s_r, s_c, s_g = (float(v) for v in variances)
    if not math.isfinite(s_f):
        raise ODTotalsError("the flows must be measured")
    weights = [0.0 if not math.isfinite(v) else 1.0 / v for v in (s_f, s_r, s_c, s_g)]
    w_f, w_r, w_c, w_g = weights
    mask = np.asarray(mask, dtype=bool)

    def apply(x):
        return mask * (w_f * x + w_r * x.sum(axis=1)[:, None] + w_c * x.sum(axis=0)[None, :] + w_g * x.sum())

    y = np.where(mask, np.asarray(flows, dtype=float), 0.0)
    b = mask * (w_f * y + w_r * np.asarray(origins, dtype=float)[:, None]
                + w_c * np.asarray(destinations, dtype=float)[None, :] + w_g * float(total))
    x = y.copy()
    residual = b - apply(x)
    direction = residual.copy()
    rho = float(np.sum(residual * residual))
    stop = tolerance ** 2 * max(float(np.sum(b * b)), 1e-300)
    for _ in range(int(max_iterations)):
        if rho <= stop:
            break
        image = apply(direction)
        step = rho / float(np.sum(direction * image))
        x += step * direction
        residual -= step * image
        rho, previous = float(np.sum(residual * residual)), rho
        direction = residual + (rho / previous) * direction
    return x


def consistent_parts(noisy, noises, mask) -> dict:
    """Least-squares flows and their totals from the noisy parts (flows (n, n), origins, destinations, total)."""
    flows = two_way_least_squares(*noisy, released_variances(noises), mask)
    return {"flows": flows, "origin_total": flows.sum(axis=1), "dest_total": flows.sum(axis=0),
            "grand_total": np.array([flows.sum()])}


def expected_errors(spec: ODTotalsSpec, n_zones: int, rng: np.random.Generator, draws: int = 50,
                    confidence: float = 0.95) -> dict:
    """Per published part, (mean absolute error, margin at ``confidence``), by simulating the noise alone.

    The estimate is linear in the noise, so its error does not depend on the
    counts: it needs only the public shape and settings, never the data.
    """
    noises = spec.part_noises()
    mask = pair_mask(n_zones, spec.include_intrazonal)
    sizes = ((n_zones, n_zones), n_zones, n_zones, 1)
    errors = {"flows": [], "origin_total": [], "dest_total": [], "grand_total": []}
    for _ in range(int(draws)):
        noisy = [released_error(noise, int(np.prod(size)), rng).reshape(size) for noise, size in zip(noises, sizes)]
        noisy[3] = float(noisy[3].ravel()[0])
        for name, values in consistent_parts(noisy, noises, mask).items():
            errors[name].append(np.abs(values[mask] if name == "flows" else values))
    return {name: (float(np.mean(np.concatenate(e))), float(np.quantile(np.concatenate(e), confidence)))
            for name, e in errors.items()}


def release_od_totals(data, spec: ODTotalsSpec, rng: np.random.Generator,
                      before_noise: Callable = no_op, error_draws: int = 50) -> Release:
    """Consistent flows of every public pair with origin, destination and grand totals (module doc).

    ``data``: an ``od_flows.ODFlowData``. ``result``: ``origin_index``,
    ``dest_index``, ``noisy_count`` of every public pair ordered by (origin
    id, destination id); ``origin_total`` and ``dest_total`` per zone in id
    order (``zone_index``); ``grand_total``; ``outside`` (the noisy count of
    trips with an end in no zone, at the flows' cost). ``facts`` as
    ``od_flows.release_od_flows`` gives them for the dense path, with
    ``margin_of_error`` (the flows' 95% margin) and ``expected_errors`` (per
    part, of :func:`expected_errors`, ``error_draws`` draws of the noise alone
    after the release's).
    """
    mechanism = spec.mechanism()
    origin, dest = np.asarray(data.origin_zone), np.asarray(data.dest_zone)
    user_keys = data.user_keys
    facts = {"null_users": Private(0), "dropped_by_bound": Private(0)}
    if user_keys is not None:
        null_users = null_user_mask(user_keys)
        facts["null_users"] = Private(int(null_users.sum()))
        keep = ~null_users
        origin, dest, user_keys = origin[keep], dest[keep], np.ma.asarray(user_keys)[keep]
        if not len(origin):
            raise NoUsableRecordsError("every trip has a NULL user id")
    facts.update(trips=Private(len(origin)), ends_outside=Private(int(((origin == OUTSIDE) | (dest == OUTSIDE)).sum())))
    before_noise(mechanism.record_fields())
    if user_keys is not None:
        kept = bound_contributions(user_codes(user_keys), spec.max_trips, rng)
        facts["dropped_by_bound"] = Private(len(origin) - len(kept))
        origin, dest = origin[kept], dest[kept]
    zone_order = np.asarray(data.zone_order, dtype=np.int64)
    n = len(zone_order)
    rank = ranks_from_order(zone_order)
    inside = (origin != OUTSIDE) & (dest != OUTSIDE)
    mask = pair_mask(n, spec.include_intrazonal)
    o, d = rank[origin[inside]], rank[dest[inside]]
    counted = mask[o, d]
    facts["intrazonal_left_out"] = Private(int(np.count_nonzero(~counted)))
    table = np.zeros((n, n))
    np.add.at(table, (o[counted], d[counted]), 1.0)
    noises = spec.part_noises()
    truth = (table, table.sum(axis=1), table.sum(axis=0), np.array([table.sum()]))
    noisy = [noise.apply(part.ravel(), rng).reshape(part.shape) if noise else np.zeros(part.shape)
             for noise, part in zip(noises, truth)]
    outside = noises[0].apply(np.array([float(np.count_nonzero(~inside))]), rng)
    parts = consistent_parts([noisy[0], noisy[1], noisy[2], float(noisy[3][0])], noises, mask)
    origin_rank, dest_rank = np.nonzero(mask)
    result = {"origin_index": zone_order[origin_rank], "dest_index": zone_order[dest_rank],
              "noisy_count": parts["flows"][mask], "zone_index": zone_order,
              "origin_total": parts["origin_total"], "dest_total": parts["dest_total"],
              "grand_total": parts["grand_total"], "outside": outside}
    errors = expected_errors(spec, n, rng, draws=error_draws)
    facts.update(path="dense", published=int(mask.sum()), cells=int(mask.sum()), outside=float(outside[0]),
                 threshold=None, margin_of_error=errors["flows"][1], expected_errors=errors)
    return Release(result=result, mechanism=mechanism, record_fields=mechanism.record_fields(), facts=facts)
