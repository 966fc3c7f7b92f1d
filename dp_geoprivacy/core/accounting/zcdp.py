"""Accounting in zero-concentrated DP (rho-zCDP) beside basic composition.

Sources: Bun and Steinke (2016), "Concentrated Differential Privacy:
Simplifications, Extensions, and Lower Bounds", TCC 2016 (BS); Canonne,
Kamath and Steinke (2020), "The Discrete Gaussian for Differential Privacy",
NeurIPS 2020 (CKS). The formulas are core.mechanisms.gaussian's.

Where a source has a Gaussian release (its record and ledger entry carry
``rho``), its releases are also accounted by a second route:

* a release with a ``rho`` enters as that rho; a pure epsilon-DP release
  (delta 0) as rho = epsilon^2 / 2 (BS Proposition 1.4);
* rho adds up (BS Lemma 1.7) and is maximised over the cells of the
  partitions exactly as core.accounting.composition maximises epsilon
  (parallel composition: over disjoint partitions only the largest rho counts);
* the total rho converts to (epsilon, delta) at the delta the publisher
  declares, by CKS Corollary 13 (core.mechanisms.gaussian.zcdp_epsilon);
* releases that are (epsilon, delta)-DP with delta > 0 but carry no rho (e.g.
  noisyodflows' partition selection with THRESHOLD=1) are not zCDP: their
  epsilons and deltas are added to the converted part by basic composition
  (Asghar, Tyler and Kaafar 2017 Theorem 2 applies to any (epsilon, delta)-DP
  mechanisms), so the route gives (epsilon_zCDP + their epsilons, declared
  delta + their deltas).

Both routes are valid bounds for the same releases; the report gives the one
with the smaller epsilon and says which (:func:`best_route`). Epsilon-like
quantities (rho, and the other releases' epsilon and delta) are maximised
over cells separately, as composition.py does for epsilon and delta: each
maximum bounds every cell, and the conversion increases with rho.

Per person: a zCDP release whose unit is smaller than a person, with at most
k units per person declared, is (k^2 rho)-zCDP for the person (BS
Proposition 1.9, group privacy); unbounded without k. Other releases count
per person as core.accounting.exposure.per_person says.
"""

import math
from dataclasses import dataclass, replace
from typing import Iterable, Optional, Tuple

from ..mechanisms.gaussian import pure_dp_rho, zcdp_epsilon
from .composition import DIFFERENTIAL_PRIVACY, Composition, Partition, _worst_cell, deduplicate
from .exposure import _PERSON_UNIT, per_person

ZCDP_ROUTE = "zCDP"
BASIC_ROUTE = "basic composition"
ZCDP_ROUTE_TEXT = ("zCDP (Bun and Steinke 2016): rho adds up, pure epsilon-DP releases enter as epsilon^2/2, the total "
                   "converted to (epsilon, delta) by Canonne, Kamath and Steinke 2020 Corollary 13; releases that are "
                   "(epsilon, delta)-DP but not zCDP added on top")
BASIC_ROUTE_TEXT = "basic composition (Asghar, Tyler and Kaafar 2017 Theorem 2): epsilons and deltas add up"


def release_rho(event) -> Optional[float]:
    """The rho a release enters the zCDP route with: its own rho, epsilon^2/2 for pure DP, None if not zCDP."""
    if event.rho is not None:
        return float(event.rho)
    if not event.delta:
        return pure_dp_rho(event.epsilon) if math.isfinite(event.epsilon) else math.inf
    return None


def person_rho(event) -> Optional[float]:
    """The release's rho for one PERSON: as is for user-level releases, k^2 rho with at most k units per person
    declared (BS Proposition 1.9), infinite when unbounded; None if the release is not zCDP."""
    rho = release_rho(event)
    if rho is None or _PERSON_UNIT.match(event.unit_of_privacy or ""):
        return rho
    k = event.rows_per_person
    return math.inf if not k else k * k * rho


def has_zcdp_release(events: Iterable) -> bool:
    """Whether any release carries a rho (a Gaussian release): the zCDP route applies to its source."""
    return any(e.rho is not None for e in events if not e.seeded)


@dataclass(frozen=True)
class ZcdpTotal:
    """The zCDP route of a set of releases: rho of the zCDP releases and the others' basic sum.

    ``rho``: the largest rho over cells (``driving``: the releases of that
    cell); ``other_epsilon``/``other_delta``: basic composition of the
    releases that are not zCDP (``others``: their ids); ``declared_delta``:
    the delta the rho is converted at (None: not converted).
    """

    rho: float
    other_epsilon: float
    other_delta: float
    driving: Tuple[str, ...]
    others: Tuple[str, ...]
    declared_delta: Optional[float] = None

    @property
    def converted_epsilon(self) -> float:
        """The epsilon of the zCDP part at the declared delta (CKS Corollary 13); 0 without zCDP releases."""
        if self.declared_delta is None:
            raise ValueError("no delta declared for the conversion from zCDP")
        if not math.isfinite(self.rho):
            return math.inf
        return zcdp_epsilon(self.rho, self.declared_delta) if self.rho > 0 else 0.0

    @property
    def epsilon(self) -> float:
        return self.converted_epsilon + self.other_epsilon

    @property
    def delta(self) -> float:
        return (self.declared_delta if self.rho > 0 else 0.0) + self.other_delta

    @property
    def rho_if_zcdp(self) -> float:
        """The route's rho when every release is zCDP; infinite when one is not (a rho budget cannot count it)."""
        return self.rho if not self.others else math.inf

    def at_total_delta(self, delta: float) -> Optional["ZcdpTotal"]:
        """The route converted so that its whole delta is ``delta`` (declared = delta - the others' deltas), or
        None when the others' deltas alone exceed it."""
        declared = delta - self.other_delta
        return replace(self, declared_delta=declared) if 0 < declared < 1 else None


def compose_zcdp(events: Iterable, declared_delta: Optional[float] = None, within: Optional[Partition] = None,
                 person: bool = False) -> ZcdpTotal:
    """The zCDP route of releases of one source (``within``, ``person``: as composition.compose, per_person)."""
    events = tuple(e for e in deduplicate(events) if not e.seeded)
    rhos, others = {}, []
    for event in events:
        rho = person_rho(event) if person else release_rho(event)
        if rho is None:
            if person:
                epsilon, delta = per_person(event)
                event = replace(event, epsilon=epsilon, delta=delta)
            others.append(event)
        else:
            rhos[event.release_id] = rho
    fixed = dict(within.constraints) if within is not None else {}
    rho, driving, _ = _worst_cell([e for e in events if e.release_id in rhos], lambda e: rhos[e.release_id], fixed)
    other_epsilon, _, _ = _worst_cell(others, lambda e: e.epsilon, fixed)
    other_delta, _, _ = _worst_cell(others, lambda e: e.delta, fixed)
    return ZcdpTotal(rho, other_epsilon, other_delta, tuple(e.release_id for e in driving),
                     tuple(e.release_id for e in others), declared_delta)


@dataclass(frozen=True)
class Route:
    """The (epsilon, delta) a report gives, and the route that gave it (ZCDP_ROUTE or BASIC_ROUTE)."""

    epsilon: float
    delta: float
    name: str
    rho: Optional[float] = None  # the zCDP route's rho (None: no zCDP route)


def best_route(basic: Composition, zcdp: Optional[ZcdpTotal]) -> Route:
    """The route with the smaller epsilon (basic composition on ties or without a zCDP route). A tie includes a
    difference of rounding: a Gaussian release's rho is solved for its epsilon and converts back to it only up to
    about 1e-14."""
    if zcdp is None or zcdp.declared_delta is None:
        return Route(basic.epsilon, basic.delta, BASIC_ROUTE)
    if zcdp.epsilon < basic.epsilon * (1 - 1e-9):
        return Route(zcdp.epsilon, zcdp.delta, ZCDP_ROUTE, zcdp.rho)
    return Route(basic.epsilon, basic.delta, BASIC_ROUTE, zcdp.rho)


def with_zcdp(totals, delta: Optional[float]):
    """The source totals with their zCDP routes at the declared ``delta`` (sources with a Gaussian release)."""
    if not delta:
        return tuple(totals)
    return tuple(
        replace(t, zcdp=compose_zcdp(t.composition.events, delta),
                person_zcdp=compose_zcdp(t.composition.events, delta, person=True))
        if t.kind == DIFFERENTIAL_PRIVACY and has_zcdp_release(t.composition.events) else t
        for t in totals)


def route_of(total, per_person: bool = False) -> Route:
    """A source total's reported (epsilon, delta) for the unit of privacy, or for one person."""
    if per_person:
        return best_route(total.person, total.person_zcdp)
    return best_route(total.composition, total.zcdp)


def worst_route(totals, per_person: bool = False):
    """(the differential-privacy source total with the largest reported epsilon, its Route), or (None, None)."""
    candidates = [(t, route_of(t, per_person)) for t in totals if t.kind == DIFFERENTIAL_PRIVACY]
    if not candidates:
        return None, None
    return max(candidates, key=lambda pair: (pair[1].epsilon, pair[1].delta))


# --- the budget ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """A source's privacy budget: ``epsilon`` (with ``delta`` > 0, either route may show it is met; with delta 0,
    basic composition's epsilon is compared, deltas unchecked) or ``rho`` (every release must be zCDP)."""

    epsilon: Optional[float] = None
    delta: float = 0.0
    rho: Optional[float] = None

    def __post_init__(self):
        if (self.epsilon is None) == (self.rho is None):
            raise ValueError("a budget is an epsilon or a rho")
        for name in ("epsilon", "rho"):
            value = getattr(self, name)
            if value is not None and not (math.isfinite(value) and value >= 0):
                raise ValueError(f"budget {name} must be a finite number >= 0, got {value!r}")
        if not (0.0 <= self.delta < 1.0):
            raise ValueError(f"budget delta must be in [0, 1), got {self.delta!r}")

    @property
    def term(self) -> str:
        return "rho" if self.rho is not None else "epsilon"

    @property
    def limit(self) -> float:
        return self.rho if self.rho is not None else self.epsilon

    def describe(self) -> str:
        if self.rho is not None:
            return f"rho {self.rho:g} (zCDP)"
        return f"epsilon {self.epsilon:g}" + (f" at delta {self.delta:g}" if self.delta else "")

    def spent(self, basic: Composition, zcdp: ZcdpTotal, use_zcdp: bool = True) -> "Spend":
        """What a set of releases spends in this budget's terms (``basic``, ``zcdp``: their two routes; the zCDP
        route counts towards an epsilon budget only with ``use_zcdp``: where the source has a Gaussian release)."""
        if self.rho is not None:
            return Spend(zcdp.rho_if_zcdp, basic, zcdp, ZCDP_ROUTE)
        routes = []
        if not self.delta or basic.delta <= self.delta * (1 + 1e-9):
            routes.append((basic.epsilon, BASIC_ROUTE))
        converted = zcdp.at_total_delta(self.delta) if self.delta else None
        if use_zcdp and converted is not None and zcdp.rho > 0:
            routes.append((converted.epsilon, ZCDP_ROUTE))
            zcdp = converted
        value, route = min(routes) if routes else (math.inf, BASIC_ROUTE)
        return Spend(value, basic, zcdp, route)


class BudgetSettingError(ValueError):
    """BUDGET, BUDGET_DELTA and BUDGET_RHO that do not make a budget: ``parameter`` names the one to fix, ``rule``
    which rule it breaks ("range", "both", "delta_alone"); each interface words it in its own error type."""

    def __init__(self, parameter: str, rule: str, message: str):
        super().__init__(message)
        self.parameter, self.rule = parameter, rule


def budget_from(epsilon: Optional[float] = None, delta: Optional[float] = None,
                rho: Optional[float] = None) -> Optional[Budget]:
    """The publisher's BUDGET (epsilon, with BUDGET_DELTA) or BUDGET_RHO as a Budget, or None (no budget): the one
    place of the rules. Each is a finite number >= 0 (BUDGET_DELTA below 1) or None; not BUDGET and a BUDGET_RHO
    above 0 both; BUDGET_DELTA above 0 only with BUDGET. A BUDGET_RHO of 0 is no rho budget (the QGIS dialog's
    empty value). Raises BudgetSettingError."""
    for name, value in (("BUDGET", epsilon), ("BUDGET_DELTA", delta), ("BUDGET_RHO", rho)):
        if value is not None and not (math.isfinite(value) and value >= 0):
            raise BudgetSettingError(name, "range", f"{name} must be a finite number >= 0 (got {value!r}); leave it "
                                                    "out for no budget.")
    if rho and epsilon is not None:
        raise BudgetSettingError("BUDGET_RHO", "both", "Give BUDGET (epsilon, with BUDGET_DELTA) or BUDGET_RHO "
                                                       "(zCDP), not both: leave one of them out.")
    if delta and epsilon is None:
        raise BudgetSettingError("BUDGET_DELTA", "delta_alone", "BUDGET_DELTA is the delta allowed with BUDGET: give "
                                                                "BUDGET too, or leave BUDGET_DELTA out.")
    if delta is not None and delta >= 1:
        raise BudgetSettingError("BUDGET_DELTA", "range", f"BUDGET_DELTA must be below 1 (got {delta!r}).")
    if rho:
        return Budget(rho=rho)
    return None if epsilon is None else Budget(epsilon=epsilon, delta=delta or 0.0)


@dataclass(frozen=True)
class Spend:
    """A spend in a budget's terms (``value``, by ``route``), with both routes for the message."""

    value: float
    basic: Composition
    zcdp: ZcdpTotal
    route: str

    def text(self) -> str:
        """The spend in both terms: (epsilon, delta) by each route and rho."""
        parts = [f"epsilon {self.basic.epsilon:g}, delta {self.basic.delta:g} by basic composition"]
        if self.zcdp.declared_delta is not None and self.zcdp.driving:
            parts.append(f"epsilon {self.zcdp.epsilon:g}, delta {self.zcdp.delta:g} by zCDP")
        if self.zcdp.others:
            parts.append(f"rho {self.zcdp.rho:g} for the zCDP releases, plus {len(self.zcdp.others)} (epsilon, "
                         "delta)-DP release(s) that are not zCDP (no rho bound)")
        else:
            parts.append(f"rho {self.zcdp.rho:g} (zCDP)")
        return "; ".join(parts)
