"""zCDP accounting beside basic composition (core.accounting.zcdp): hand-computed sums, conversions, mixed ledgers,
partitions, per-person totals and budgets in epsilon-with-delta and in rho."""

import math
import uuid

import pytest
from scipy.optimize import brentq, minimize_scalar

from dp_geoprivacy.core.accounting.composition import Partition, ReleaseEvent, account, compose
from dp_geoprivacy.core.accounting.ledger import BudgetExceededError, Ledger, LedgerEntry
from dp_geoprivacy.core.accounting.zcdp import (
    BASIC_ROUTE,
    ZCDP_ROUTE,
    Budget,
    BudgetSettingError,
    best_route,
    budget_from,
    compose_zcdp,
    route_of,
    with_zcdp,
    worst_route,
)
from dp_geoprivacy.core.mechanisms.gaussian import zcdp_epsilon, zcdp_rho

PARALLEL = "parallel: partitions by the user field user; all of a person's rows are in one partition"
SEQUENTIAL = "sequential: counted on the whole source"


def _event(epsilon, delta=0.0, rho=None, partition="all", rule=PARALLEL, unit="one user (user-level)", **more):
    return ReleaseEvent(release_id=more.pop("release_id", uuid.uuid4().hex), source="s", epsilon=epsilon,
                        delta=delta, rho=rho, partition=Partition.parse(partition), partition_rule=rule,
                        unit_of_privacy=unit, **more)


def independent_epsilon(rho, delta):
    """CKS Corollary 13 inverted with scipy (minimize_scalar over alpha, brentq over epsilon): no code shared with
    core.mechanisms.gaussian."""
    def log_delta(eps):
        def f(alpha):
            return (alpha - 1) * (alpha * rho - eps) + alpha * math.log1p(-1 / alpha) - math.log(alpha - 1)
        return minimize_scalar(f, bounds=(1.0 + 1e-9, 1e4), method="bounded", options={"xatol": 1e-12}).fun

    return brentq(lambda eps: log_delta(eps) - math.log(delta), 0.0, 100.0, xtol=1e-13)


def test_pure_releases_add_as_epsilon_squared_over_two_by_hand():
    events = [_event(1.0), _event(0.5), _event(0.2, rho=0.01)]  # 0.5 + 0.125 + 0.01 (its own rho is used)
    total = compose_zcdp(events, 1e-6)
    assert total.rho == pytest.approx(0.635, rel=1e-15)
    assert total.others == () and total.other_epsilon == 0.0
    assert total.delta == 1e-6
    assert total.epsilon == pytest.approx(independent_epsilon(0.635, 1e-6), rel=1e-6)


@pytest.mark.parametrize("rho, delta", [(0.635, 1e-6), (0.0244, 1e-6), (3.0, 1e-9), (0.1, 1e-3)])
def test_the_conversion_matches_an_independent_computation(rho, delta):
    assert zcdp_epsilon(rho, delta) == pytest.approx(independent_epsilon(rho, delta), rel=1e-6)


def test_a_mixed_ledger_pure_gaussian_and_thresholded():
    """eps 1 pure (rho 0.5) + a Gaussian calibrated to (1, 1e-6) + partition selection (0.3, 1e-7), not zCDP."""
    rho_g = zcdp_rho(1.0, 1e-6)
    pure, gaussian, thresholded = _event(1.0), _event(1.0, 1e-6, rho=rho_g), _event(0.3, 1e-7)
    total = compose_zcdp([pure, gaussian, thresholded], 1e-6)
    assert total.rho == pytest.approx(0.5 + rho_g, rel=1e-12)
    assert total.others == (thresholded.release_id,)
    assert total.other_epsilon == pytest.approx(0.3) and total.other_delta == pytest.approx(1e-7)
    assert total.epsilon == pytest.approx(independent_epsilon(0.5 + rho_g, 1e-6) + 0.3, rel=1e-6)
    assert total.delta == pytest.approx(1.1e-6, rel=1e-12)
    basic = compose([pure, gaussian, thresholded])
    assert (basic.epsilon, basic.delta) == (pytest.approx(2.3), pytest.approx(1.1e-6))
    # rho 0.524 converts to about 4.5 at 1e-6 (+0.3): basic composition's 2.3 is smaller here
    route = best_route(basic, total)
    assert route.name == BASIC_ROUTE and route.epsilon == pytest.approx(2.3) and route.rho == total.rho


def test_many_gaussian_releases_are_cheaper_in_zcdp_and_the_report_says_so():
    rho = zcdp_rho(1.0, 1e-7)
    events = [_event(1.0, 1e-7, rho=rho) for _ in range(10)]
    totals = with_zcdp(account(events), 1e-6)
    route = route_of(totals[0])
    assert route.name == ZCDP_ROUTE
    assert route.epsilon == pytest.approx(independent_epsilon(10 * rho, 1e-6), rel=1e-6)
    assert route.epsilon < 10 / 2  # basic: epsilon 10, delta 1e-6
    assert route.delta == 1e-6
    assert worst_route(totals)[1] == route


def test_without_a_gaussian_release_or_a_delta_there_is_no_zcdp_total():
    assert with_zcdp(account([_event(1.0), _event(2.0)]), 1e-6)[0].zcdp is None
    assert with_zcdp(account([_event(1.0, 1e-6, rho=0.02)]), 0.0)[0].zcdp is None
    assert route_of(account([_event(1.0), _event(2.0)])[0]).name == BASIC_ROUTE


def test_parallel_partitions_take_the_largest_rho():
    mon, tue = _event(1.0, 1e-6, rho=0.1, partition="user=a"), _event(1.0, 1e-6, rho=0.2, partition="user=b")
    whole = _event(0.2)  # rho 0.02 on every cell
    total = compose_zcdp([mon, tue, whole], 1e-6)
    assert total.rho == pytest.approx(0.22, rel=1e-12)
    assert set(total.driving) == {tue.release_id, whole.release_id}
    assert compose_zcdp([mon, tue, whole], within=Partition.parse("user=a")).rho == pytest.approx(0.12)
    sequential = [_event(1.0, 1e-6, rho=0.1, partition="day=Mon", rule=SEQUENTIAL),
                  _event(1.0, 1e-6, rho=0.2, partition="day=Tue", rule=SEQUENTIAL), whole]
    assert compose_zcdp(sequential).rho == pytest.approx(0.32, rel=1e-12)


def test_per_person_rho_is_k_squared_rho_and_unbounded_without_k():
    trip = "one trip (item-level)"
    bounded = _event(1.0, 1e-6, rho=0.1, unit=trip, rows_per_person=3)
    assert compose_zcdp([bounded], 1e-6, person=True).rho == pytest.approx(0.9)  # 3^2 x 0.1
    unbounded = _event(1.0, 1e-6, rho=0.1, unit=trip)
    person = compose_zcdp([unbounded, _event(0.5)], 1e-6, person=True)
    assert person.rho == math.inf and person.epsilon == math.inf
    # a thresholded item-level release with k = 2 counts by group privacy: 2 eps, 2 e^eps delta
    thresholded = _event(0.3, 1e-7, unit=trip, rows_per_person=2)
    person = compose_zcdp([_event(1.0, 1e-6, rho=0.1), thresholded], 1e-6, person=True)
    assert person.rho == pytest.approx(0.1) and person.other_epsilon == pytest.approx(0.6)
    assert person.other_delta == pytest.approx(2 * math.exp(0.3) * 1e-7)


def test_seeded_releases_stay_outside_the_zcdp_total():
    total = compose_zcdp([_event(1.0, 1e-6, rho=0.1), _event(5.0, seeded=True)], 1e-6)
    assert total.rho == pytest.approx(0.1)


# --- the ledger ------------------------------------------------------------------------------------------


def _entry(epsilon, delta=0.0, rho=None, **more):
    return LedgerEntry(fingerprint="f" * 64, algorithm="dp_geoprivacy:test", epsilon=epsilon, delta=delta,
                       unit_of_privacy="one user (user-level)", partition="all", output="out.gpkg",
                       release_id=uuid.uuid4().hex, input_layer="points", time="2024-01-01T00:00:00",
                       partition_rule="parallel: the whole source", rho=rho, **more)


def test_entries_keep_rho_and_older_entries_read_without_it(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    gaussian = _entry(1.0, 1e-6, rho=0.0244)
    ledger.append(gaussian)
    assert ledger.entries()[0].rho == 0.0244 and ledger.entries()[0].event().rho == 0.0244
    old = gaussian.to_dict()
    del old["rho"]
    assert LedgerEntry.from_dict(old).rho is None


def test_a_rho_budget_counts_pure_releases_as_epsilon_squared_over_two_and_refuses_in_both_terms(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve(_entry(1.0), Budget(rho=0.7))  # rho 0.5
    ledger.reserve(_entry(1.0, 1e-6, rho=0.15), Budget(rho=0.7))  # 0.65
    with pytest.raises(BudgetExceededError) as refused:
        ledger.reserve(_entry(1.0, 1e-6, rho=0.1), Budget(rho=0.7))
    error = refused.value
    assert error.term == "rho" and error.spent == pytest.approx(0.65) and error.requested == pytest.approx(0.1)
    message = str(error)
    assert "rho spent = 0.65, requested = 0.1, remaining = 0.05 of the budget 0.7" in message
    assert "epsilon 2, delta 1e-06 by basic composition" in message and "rho 0.75 (zCDP)" in message
    assert len(ledger.entries()) == 2


def test_a_rho_budget_refuses_a_release_that_is_not_zcdp(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json")
    with pytest.raises(BudgetExceededError, match="not zCDP"):
        ledger.reserve(_entry(0.1, 1e-8), Budget(rho=10.0))


def test_an_epsilon_budget_with_delta_accepts_what_zcdp_shows_and_basic_composition_does_not(tmp_path):
    rho = zcdp_rho(1.0, 1e-7)  # ten Gaussian releases at (1, 1e-7): basic (10, 1e-6); zCDP about (3.4, 1e-6)
    ledger = Ledger(tmp_path / "ledger.json")
    with_delta = Budget(epsilon=5.0, delta=1e-6)
    for _ in range(10):
        reservation = ledger.reserve(_entry(1.0, 1e-7, rho=rho), with_delta)
    assert "by zCDP" in reservation.spend_text
    spent, _ = ledger.preview(_entry(1.0, 1e-7, rho=rho), budget=with_delta)
    assert spent == pytest.approx(independent_epsilon(10 * rho, 1e-6), rel=1e-6) and spent < 5
    with pytest.raises(BudgetExceededError, match="epsilon spent = 10"):  # delta 0: basic composition only
        ledger.reserve(_entry(1.0, 1e-7, rho=rho), Budget(epsilon=5.0))
    with pytest.raises(BudgetExceededError):  # a plain number is an epsilon budget as before
        ledger.reserve(_entry(1.0, 1e-7, rho=rho), 5.0)


def test_an_epsilon_budget_with_delta_leaves_room_for_the_others_deltas(tmp_path):
    """A thresholded release's delta is taken from the declared delta before converting rho."""
    ledger = Ledger(tmp_path / "ledger.json")
    ledger.reserve(_entry(0.1, 4e-7))
    budget = Budget(epsilon=10.0, delta=1e-6)
    ledger.reserve(_entry(1.0, 1e-7, rho=0.5), budget)
    spent, _ = ledger.preview(_entry(0.1), budget=budget)
    # basic: (1.1, 5e-7) fits delta 1e-6, zCDP: conversion of 0.5 at 6e-7 + 0.1 is larger: basic is taken
    assert spent == pytest.approx(1.1)
    entries = ledger.entries()
    total = compose_zcdp([e.event() for e in entries])
    assert total.at_total_delta(1e-6).declared_delta == pytest.approx(6e-7)
    assert total.at_total_delta(3e-7) is None


def test_budget_is_an_epsilon_or_a_rho():
    with pytest.raises(ValueError):
        Budget(epsilon=1.0, rho=0.5)
    with pytest.raises(ValueError):
        Budget()
    assert Budget(rho=0.5).describe() == "rho 0.5 (zCDP)"
    assert Budget(epsilon=1.0, delta=1e-6).describe() == "epsilon 1 at delta 1e-06"


def test_one_gaussian_release_reports_its_own_epsilon_by_basic_composition():
    """rho calibrated to (1, 1e-6) converts back to 1 - 1.6e-14: a rounding tie, not a smaller epsilon (the report
    showed TOTAL_EPSILON 0.9999999999999842 'by zCDP' for one release of epsilon 1)."""
    total = compose_zcdp([_event(1.0, 1e-6, rho=zcdp_rho(1.0, 1e-6))], 1e-6)
    route = best_route(compose([_event(1.0, 1e-6)]), total)
    assert (route.name, route.epsilon, route.delta) == (BASIC_ROUTE, 1.0, 1e-6)


@pytest.mark.parametrize("epsilon, delta, rho, parameter, rule", [
    (1.0, None, 0.5, "BUDGET_RHO", "both"),
    (None, 1e-6, None, "BUDGET_DELTA", "delta_alone"),
    (None, 1e-6, 0.5, "BUDGET_DELTA", "delta_alone"),
    (1.0, 1.0, None, "BUDGET_DELTA", "range"),
    (math.inf, None, None, "BUDGET", "range"),
    (-1.0, None, None, "BUDGET", "range"),
    (None, None, math.nan, "BUDGET_RHO", "range"),
])
def test_budget_rules_refuse_and_name_the_parameter(epsilon, delta, rho, parameter, rule):
    """The one place of the BUDGET / BUDGET_DELTA / BUDGET_RHO rules (both interfaces word its error)."""
    with pytest.raises(BudgetSettingError) as refused:
        budget_from(epsilon, delta, rho)
    assert (refused.value.parameter, refused.value.rule) == (parameter, rule)
    assert parameter in str(refused.value)


def test_budget_from_gives_the_budget_or_none():
    assert budget_from() is None and budget_from(None, 0.0, 0.0) is None  # the dialog's zeros: no budget
    assert budget_from(2.0, 1e-6, 0.0) == Budget(epsilon=2.0, delta=1e-6)
    assert budget_from(2.0) == Budget(epsilon=2.0, delta=0.0)
    assert budget_from(None, None, 0.3) == Budget(rho=0.3)
    assert budget_from(0.0) == Budget(epsilon=0.0)  # a spent source: every release refused
