"""The automatic bounds of one run: M ("M: automatic", issue 22) and LOWER/UPPER (AUTO_VALUE_BOUNDS).

The one plan, record fields and held log lines of the QGIS algorithms (processing/auto_bound.py, which reads the
Processing parameters) and the Spark commands (spark/auto_bound.py, which reads the command's values and counts on
the executors): both build these objects, so from one SEED they choose, charge and log the same.

M = 0 asks for the bound to be chosen privately: AUTO_SHARE of EPSILON (default 5 %) goes to the permute-and-flip
choice of bound_selection.BoundChoice over 1..AUTO_MAX_BOUND, the release runs on the rest with the chosen M
(bound_selection.plan_choice). AUTO_VALUE_BOUNDS takes another AUTO_SHARE of EPSILON for
bound_selection.ValueBoundChoice, the private 2nd and 98th percentiles inside the declared range. Each choice is
charged with the release (its epsilon is in the reservation, the ledger entry and the record: ``charged``,
``fields``), and its log line is held until that reservation holds (``announce``): a run refused by its BUDGET
shows no mechanism output that no ledger paid for. A trial run (DRY_RUN) draws nothing: its figures are for the
largest M and the whole declared range, the most noise the choices can give.

The log lines are English; ``tr`` (the glue's translation function, the identity by default) translates them.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional

from .bound_selection import BoundChoice, ValueBoundChoice, plan_choice, with_choice
from .bounded_stats import Bounds

AUTOMATIC = 0


def english(text: str) -> str:
    """The log lines untranslated (the default ``tr``)."""
    return text


class ValueBoundsRefusedError(ValueError):
    """A declared M with AUTO_VALUE_BOUNDS whose choice would take the whole budget; the message is the one to show
    (it names AUTO_SHARE and the largest share that fits)."""


class HeldLine:
    """A choice's log line, held until the run's reservation holds (``announce``)."""

    announcement: Optional[tuple] = None  # (log function, text); set per object by ``hold``

    def hold(self, log: Callable, text: str):
        self.announcement = (log, text)

    def announce(self):
        """Log the choice (once the run's reservation holds) and forget the line."""
        if self.announcement is not None:
            log, text = self.announcement
            log(text)
            self.announcement = None


@dataclass
class AutomaticBound(HeldLine):
    """The bound of one run: the declared M, or the M chosen privately (``choice`` set)."""

    m: int
    epsilon: float
    epsilon_release: float
    choice: Optional[BoundChoice] = None
    # A trial run (DRY_RUN) does not run the choice: M is not drawn (the data holder would see a mechanism output
    # that no ledger holds); its figures are for the largest candidate, the most noise the choice can give.
    trial: bool = False

    @classmethod
    def planned(cls, m: int, epsilon: float, share: float, max_bound: int, cells: int, *, trial: bool = False,
                other_choices: int = 0, tr: Callable = english, **plan):
        """The bound of a run of ``epsilon`` whose M is ``m`` (AUTOMATIC: chosen); ``cells`` is the release's
        public number of noisy cells, ``plan`` the rest of plan_choice's arguments (noise_cost, noise, delta,
        cost_share, per_unit, zcdp_release). ``other_choices`` automatic choices besides M (each ``share`` of
        ``epsilon``: the value bounds) come out of ``epsilon_release`` too. ValueError (the plan's) when an
        automatic M cannot work; ValueBoundsRefusedError when, with a declared M, the value bounds' choice would take
        the whole budget (with NOISE=2 its epsilon^2 / 2 the whole rho(EPSILON, DELTA)). The one rule of the QGIS
        algorithms, the Spark commands and the planner: such a run is refused, naming AUTO_SHARE and the share that
        fits, never moved to basic composition (which would spend more rho than the zCDP run the help promises and
        that a BUDGET_RHO was planned for)."""
        if m != AUTOMATIC and not other_choices:
            return cls(m=m, epsilon=epsilon, epsilon_release=epsilon)
        try:
            rest, choice = plan_choice(epsilon, share, max_bound, cells, automatic=m == AUTOMATIC,
                                       other_choices=other_choices, **plan)
        except ValueError as error:
            if m == AUTOMATIC:
                raise
            raise ValueBoundsRefusedError(tr("AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: {error}.")
                                          .format(share=share, error=error)) from None
        return cls(m=m, epsilon=epsilon, epsilon_release=rest, choice=choice, trial=trial and choice is not None)

    @property
    def automatic(self) -> bool:
        return self.choice is not None

    def choose(self, counts: Callable, rng, log: Callable, tr: Callable = english) -> int:
        """Draw M from ``counts()`` (the records, or trips, per user: the mechanism's only look at the data) with
        ``rng``; a trial run logs what the choice will cost and draws nothing. The chosen M's line is held
        (``announce``). Returns M."""
        if self.automatic and self.trial:
            self.m = self.choice.max_bound
            log(tr("Automatic M: M will be chosen privately when the release runs (from 1 to {largest}), with "
                   "epsilon {cost:g} of the {total:g} of this run; the release will use the other {rest:g}. This "
                   "trial run draws nothing: its figures are for M = {largest}, the most noise the choice can "
                   "give.").format(largest=self.choice.max_bound, cost=self.choice.epsilon, total=self.epsilon,
                                   rest=self.epsilon_release) + self.occupancy_note(tr))
        elif self.automatic:
            self.m = self.choice.choose(counts(), rng)
            self.hold(log, tr("Automatic M: permute-and-flip chose M = {m} (from 1 to {largest}) with epsilon "
                              "{cost:g} of the {total:g} of this run; the release uses the other {rest:g}.").format(
                m=self.m, largest=self.choice.max_bound, cost=self.choice.epsilon, total=self.epsilon,
                rest=self.epsilon_release) + self.occupancy_note(tr))
        return self.m

    def occupancy_note(self, tr: Callable = english) -> str:
        """The log's sentence on a declared AUTO_OCCUPANCY (bound_selection's ``occupancy``; empty for the
        release's default)."""
        if not self.choice.occupancy_declared:
            return ""
        return " " + tr("The choice weighed the noise on the declared AUTO_OCCUPANCY {share:g} (the share of zones "
                        "expected to hold data; public, not read from the data).").format(share=self.choice.noise_cost)

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if not self.automatic:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(None if self.trial else self.m),
                           self.choice.epsilon, run_epsilon=self.epsilon)

    def charged(self, before_noise):
        """The release's ``before_noise`` with the choice's epsilon added to what it reserves; the choice is logged
        once that reservation holds."""
        if not self.automatic:
            return before_noise

        def reserve(fields):
            reserved = before_noise(self.fields(fields))
            self.announce()
            return reserved
        return reserve


@dataclass
class AutomaticValueBounds(HeldLine):
    """The value bounds of one run: the declared LOWER/UPPER, or bounds chosen inside them (``choice`` set)."""

    bounds: Bounds
    epsilon_release: float
    choice: Optional[ValueBoundChoice] = None
    trial: bool = False  # DRY_RUN: nothing drawn, the declared range used (as AutomaticBound.trial)
    epsilon: float = math.inf  # the run's EPSILON (with_choice records a Gaussian run planned to it as it)

    @classmethod
    def planned(cls, requested: bool, epsilon: float, share: float, epsilon_release: float, declared: Bounds, *,
                trial: bool = False, tr: Callable = english):
        """``epsilon``: the run's EPSILON (the share is of it); ``epsilon_release``: what the release gets, the
        choices already taken out (AutomaticBound.planned with ``other_choices``). ValueError with the message to
        show when the choices would take the whole EPSILON."""
        if not requested:
            return cls(bounds=declared, epsilon_release=epsilon_release)
        if not (0.0 < share < 1.0 and epsilon_release > 0):
            raise ValueError(tr("AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: the choices would take the "
                                "whole EPSILON. Use e.g. AUTO_SHARE=0.05.").format(share=share))
        return cls(bounds=declared, epsilon_release=epsilon_release,
                   choice=ValueBoundChoice(epsilon * share, declared), trial=trial, epsilon=epsilon)

    def choose(self, m: int, draw: Callable, log: Callable, tr: Callable = english) -> Bounds:
        """Draw the bounds: ``draw(choice)`` reads the values (each user's at most ``m``) and returns the choice's
        bounds (the mechanism's only look at the data); a trial run logs what the choice will cost and draws
        nothing. The chosen bounds' line is held (``announce``). Returns the bounds the release uses."""
        if self.choice is None:
            return self.bounds
        if self.trial:
            log(tr("Automatic LOWER/UPPER: the bounds will be chosen privately inside {lower:g} to {upper:g} when "
                   "the release runs, with epsilon {cost:g}. This trial run draws nothing: its figures are for that "
                   "whole range.").format(lower=self.bounds.lower, upper=self.bounds.upper,
                                          cost=self.choice.epsilon))
            return self.bounds
        self.choice = ValueBoundChoice(self.choice.epsilon, self.bounds, max_contributions=int(m))
        self.bounds = draw(self.choice)
        self.hold(log, tr("Automatic LOWER/UPPER: the private 2nd and 98th percentiles are {lower:g} and {upper:g} "
                          "(epsilon {cost:g}); values are clamped to them.").format(
            lower=self.bounds.lower, upper=self.bounds.upper, cost=self.choice.epsilon))
        return self.bounds

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if self.choice is None:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(None if self.trial else self.bounds),
                           self.choice.epsilon, run_epsilon=self.epsilon)
