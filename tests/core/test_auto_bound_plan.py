"""The automatic bounds of one run (core.mechanisms.auto_bound): the plan, the record fields and the held log lines
the QGIS algorithms and the Spark commands share (their own tests run both paths end to end)."""

import numpy as np
import pytest

from dp_geoprivacy.core.mechanisms.auto_bound import (
    AUTOMATIC,
    AutomaticBound,
    AutomaticValueBounds,
    ValueBoundsRefusedError,
)
from dp_geoprivacy.core.mechanisms.bound_selection import release_epsilon
from dp_geoprivacy.core.mechanisms.bounded_stats import Bounds
from dp_geoprivacy.core.mechanisms.gaussian import DISCRETE_GAUSSIAN

COUNTS = np.array([1, 1, 2, 3, 5, 8] * 30)
RELEASE = {"mechanism": "Laplace counts", "epsilon": 0.95}


def test_the_chosen_m_is_logged_only_once_the_reservation_holds():
    bound = AutomaticBound.planned(AUTOMATIC, 1.0, 0.05, 10, 5)
    logged, reserved = [], []
    m = bound.choose(lambda: COUNTS, np.random.default_rng(0), logged.append)
    assert 1 <= m <= 10 and logged == []

    def refuse(fields):
        reserved.append(fields)
        raise RuntimeError("budget refused")
    with pytest.raises(RuntimeError):
        bound.charged(refuse)(RELEASE)
    assert logged == []  # refused: no mechanism output shown
    bound.charged(reserved.append)(RELEASE)
    assert reserved[-1]["epsilon"] == pytest.approx(1.0) and reserved[-1]["choice_epsilon"] == 0.05
    assert logged == [f"Automatic M: permute-and-flip chose M = {m} (from 1 to 10) with epsilon 0.05 of the 1 of "
                      "this run; the release uses the other 0.95."]
    bound.announce()
    assert len(logged) == 1  # logged once


def test_a_trial_run_draws_nothing_and_plans_the_largest_m():
    bound = AutomaticBound.planned(AUTOMATIC, 1.0, 0.05, 10, 5, trial=True)
    rng = np.random.default_rng(0)
    state = rng.bit_generator.state
    logged = []
    assert bound.choose(lambda: pytest.fail("a trial run reads no data"), rng, logged.append) == 10
    assert rng.bit_generator.state == state and len(logged) == 1 and bound.announcement is None
    assert "M to be chosen by permute-and-flip" in bound.fields(RELEASE)["mechanism"]


def test_a_declared_m_keeps_what_the_value_bounds_leave_or_is_refused_naming_the_share():
    """A declared M keeps what the value bounds' choice leaves. Where that choice would take the whole budget (with
    NOISE=2 its epsilon^2 / 2 the whole rho(EPSILON, DELTA): 0.9^2 / 2 = 0.405 against rho(1, 1e-6) = 0.0244) the
    run is refused with the message both paths show, naming AUTO_SHARE and the share that fits; it used to fall back
    to basic composition, which spends more rho than the zCDP run the help promises."""
    assert AutomaticBound.planned(3, 1.0, 0.05, 1, 5).epsilon_release == 1.0
    assert AutomaticBound.planned(3, 1.0, 0.05, 1, 5, other_choices=1).epsilon_release == release_epsilon(1.0, 0.05, 1)
    with pytest.raises(ValueBoundsRefusedError, match=r"^AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE 0\.9: the "
                                                      r"choices' rho 0\.405 would take the whole rho 0\.0244 .*use "
                                                      r"AUTO_SHARE below 0\.22, or NOISE=0\.$"):
        AutomaticBound.planned(3, 1.0, 0.9, 1, 5, other_choices=1, noise=DISCRETE_GAUSSIAN, delta=1e-6)
    with pytest.raises(ValueBoundsRefusedError, match=r"AUTO_SHARE 1: AUTO_SHARE, the share of epsilon for a choice, "
                                                      r"must be between 0 and 1"):
        AutomaticBound.planned(3, 1.0, 1.0, 1, 5, other_choices=1)
    with pytest.raises(ValueError):
        AutomaticBound.planned(AUTOMATIC, 1.0, 1.0, 10, 5)


def test_value_bounds_are_chosen_inside_the_declared_range_and_logged_when_announced():
    declared = Bounds(0.0, 100.0)
    with pytest.raises(ValueError, match="AUTO_SHARE 1"):
        AutomaticValueBounds.planned(True, 1.0, 1.0, 0.5, declared)
    assert AutomaticValueBounds.planned(False, 1.0, 1.0, 0.5, declared).choice is None
    bounds = AutomaticValueBounds.planned(True, 1.0, 0.05, 0.9, declared)
    rng = np.random.default_rng(1)
    values = rng.uniform(20, 60, 2000)
    logged = []
    chosen = bounds.choose(3, lambda choice: choice.choose(values, rng), logged.append)
    assert 0.0 <= chosen.lower < chosen.upper <= 100.0 and bounds.choice.max_contributions == 3 and logged == []
    assert bounds.fields(RELEASE)["choice_epsilon"] == 0.05
    bounds.announce()
    assert logged[0].startswith("Automatic LOWER/UPPER: the private 2nd and 98th percentiles are")
