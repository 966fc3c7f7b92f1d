"""The automatic contribution bound ("M: automatic", issue 22) shared by the count and statistics releases.

M = 0 asks for the bound to be chosen privately: AUTO_SHARE of EPSILON (default 5 %) goes to the exponential
mechanism of core.mechanisms.bound_selection over 1..AUTO_MAX_BOUND, the release runs on the rest with the
chosen M. The choice is charged with the release (its epsilon is in the reservation, the ledger entry and the
record) and logged with its cost. An algorithm calls ``AutoBound.from_parameters`` once; when M is not 0 the
object changes nothing, so the algorithm's code is the same either way.
"""

import math
from dataclasses import dataclass, field
from typing import Optional

from qgis.core import QgsProcessingException, QgsProcessingParameterBoolean, QgsProcessingParameterNumber

from ..core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    ZONE_NOISE_COST,
    BoundChoice,
    ValueBoundChoice,
    choice_values,
    per_user_counts,
    plan_choice,
    release_epsilon,
    with_choice,
)
from ..core.mechanisms.bounded_stats import Bounds
from ..core.mechanisms.counting import LAPLACE
from ..translation import tr
from . import dry_run
from .base import setting_number

AUTO_SHARE, AUTO_MAX_BOUND, AUTO_VALUE_BOUNDS = "AUTO_SHARE", "AUTO_MAX_BOUND", "AUTO_VALUE_BOUNDS"
PARAMETERS = (AUTO_SHARE, AUTO_MAX_BOUND)
AUTOMATIC = 0


def bound_help(units: str) -> str:
    """The sentence every bound parameter's help ends with."""
    return tr("0 = automatic: chosen privately from the {units} per user with AUTO_SHARE of EPSILON (permute-and-"
              "flip over 1..AUTO_MAX_BOUND).").format(units=units)


def add_parameters(algorithm):
    """AUTO_SHARE and AUTO_MAX_BOUND (used only when the bound is 0)."""
    share = QgsProcessingParameterNumber(
        AUTO_SHARE, tr("Share of epsilon for the automatic M"), QgsProcessingParameterNumber.Double,
        defaultValue=DEFAULT_SHARE, minValue=0.0, maxValue=1.0)
    share.setHelp(tr("Used when M is 0 (automatic): this share of EPSILON chooses M, the rest goes to the release; "
                     "e.g. 0.05."))
    algorithm.add(share)
    largest = QgsProcessingParameterNumber(
        AUTO_MAX_BOUND, tr("Largest automatic M"), QgsProcessingParameterNumber.Integer,
        defaultValue=DEFAULT_MAX_BOUND, minValue=1, maxValue=100_000)
    largest.setHelp(tr("Used when M is 0 (automatic): the candidates are 1 to this public number."))
    algorithm.add(largest)


def setting_errors(parameters, bound_name, user_field="USER_FIELD"):
    """A message for an automatic bound that cannot work, else None."""
    if setting_number(parameters, bound_name) != AUTOMATIC:
        return None
    if not parameters.get(user_field):
        return tr("{name}=0 (automatic) chooses the bound per user: set USER_FIELD, or give {name} a whole number "
                  "of at least 1.").format(name=bound_name)
    share = setting_number(parameters, AUTO_SHARE)
    if share is not None and not (math.isfinite(share) and 0.0 < share < 1.0):
        return tr("AUTO_SHARE must be between 0 and 1, e.g. 0.05 (got {v}).").format(v=parameters.get(AUTO_SHARE))
    return None


def basic_rest(epsilon, share, choices):
    """What ``choices`` choices of ``share`` of ``epsilon`` each leave by basic composition (core release_epsilon,
    never rounded above the exact rest), or 0.0 where they leave nothing or the share cannot work."""
    try:
        return release_epsilon(epsilon, share, choices)
    except ValueError:
        return 0.0


def announce(choice):
    """Push a choice's held log line (AutoBound / AutoValueBounds ``announcement``) and forget it."""
    if choice.announcement is not None:
        feedback, text = choice.announcement
        feedback.pushInfo(text)
        choice.announcement = None


@dataclass
class AutoBound:
    """The bound of one run: the declared M, or the M chosen privately (``choice`` set)."""

    m: int
    epsilon: float
    epsilon_release: float
    choice: Optional[BoundChoice] = None
    # A trial run (DRY_RUN) does not run the choice: M is not drawn (the data holder would see a mechanism output
    # that no ledger holds); its figures are for the largest candidate, the most noise the choice can give.
    trial: bool = False
    # The log line naming the chosen M, held until the run's reservation holds (announce): a run refused by its
    # BUDGET must not show a mechanism output whose epsilon no ledger holds.
    announcement: Optional[tuple] = field(default=None, repr=False)

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, bound_name, epsilon, cells, noise_cost=ZONE_NOISE_COST,
                        other_choices=0, noise=LAPLACE, delta=0.0, cost_share=1.0, per_unit=1, zcdp_release=True):
        """From the run's parameters; ``cells`` is the number of noisy cells of the release (public), ``noise_cost``
        the share of them taken to hold data and ``noise`` the kind of their noise (core.mechanisms.bound_selection);
        ``other_choices`` automatic choices besides M (each AUTO_SHARE of EPSILON) come out of ``epsilon_release``
        too. Those cells get ``cost_share`` of the release's epsilon and each unit of M adds ``per_unit`` to their
        sensitivity (L1; L2 squared for the Gaussian). A Gaussian release (``zcdp_release``: the whole release is
        rho(epsilon, DELTA)-zCDP) keeps the run at rho(EPSILON, DELTA): each choice takes its epsilon^2 / 2 of rho,
        and ``epsilon_release`` is what the rest converts to; otherwise the choices take their epsilon."""
        m = algorithm.parameterAsInt(parameters, bound_name, context)
        share = algorithm.parameterAsDouble(parameters, AUTO_SHARE, context)
        try:
            rest, choice = plan_choice(
                epsilon, share, algorithm.parameterAsInt(parameters, AUTO_MAX_BOUND, context), cells, noise_cost,
                automatic=m == AUTOMATIC, other_choices=other_choices, noise=noise, delta=delta,
                cost_share=cost_share, per_unit=per_unit, zcdp_release=zcdp_release)
        except ValueError as error:
            if m != AUTOMATIC:  # the value bounds' choice alone: AutoValueBounds.from_parameters says why
                return cls(m, epsilon, basic_rest(epsilon, share, other_choices))
            raise QgsProcessingException(tr("{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE and "
                                            "AUTO_MAX_BOUND.").format(name=bound_name, error=error)) from None
        if choice is None:
            return cls(m, epsilon, rest)
        return cls(AUTOMATIC, epsilon, rest, choice, dry_run.requested(algorithm, parameters, context))

    @property
    def automatic(self) -> bool:
        return self.choice is not None

    def choose(self, user_keys, rng, feedback) -> int:
        """Draw M from the records per user (the mechanism's only look at the data); returns M."""
        if self.automatic and self.trial:
            self.m = self.choice.max_bound
            feedback.pushInfo(tr("Automatic M: M will be chosen privately when the release runs (from 1 to {largest}), "
                                 "with epsilon {cost:g} of the {total:g} of this run; the release will use the other "
                                 "{rest:g}. This trial run draws nothing: its figures are for M = {largest}, the most "
                                 "noise the choice can give.").format(largest=self.choice.max_bound,
                                                                       cost=self.choice.epsilon, total=self.epsilon,
                                                                       rest=self.epsilon_release))
        elif self.automatic:
            self.m = self.choice.choose(per_user_counts(user_keys), rng)
            self.announcement = (feedback, tr(
                "Automatic M: permute-and-flip chose M = {m} (from 1 to {largest}) with epsilon {cost:g} of "
                "the {total:g} of this run; the release uses the other {rest:g}.").format(
                m=self.m, largest=self.choice.max_bound, cost=self.choice.epsilon, total=self.epsilon,
                rest=self.epsilon_release))
        return self.m

    def announce(self):
        """Log the choice, once the run's reservation holds (``announcement``)."""
        announce(self)

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

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if not self.automatic:
            return dict(release_fields)
        description = self.choice.description(None if self.trial else self.m)
        return with_choice(release_fields, description, self.choice.epsilon)


def add_value_bound_parameter(algorithm):
    """AUTO_VALUE_BOUNDS: LOWER and UPPER become the declared range; the bounds used are chosen within it."""
    automatic = QgsProcessingParameterBoolean(
        AUTO_VALUE_BOUNDS, tr("Choose the value bounds privately"), defaultValue=False)
    automatic.setHelp(tr("LOWER and UPPER are then the public range; AUTO_SHARE of EPSILON chooses the bounds used "
                         "inside it (the private 2nd and 98th percentiles of the values)."))
    algorithm.add(automatic)


@dataclass
class AutoValueBounds:
    """The value bounds of one run: the declared LOWER/UPPER, or bounds chosen inside them (``choice`` set)."""

    bounds: Bounds
    epsilon_release: float
    choice: Optional[ValueBoundChoice] = None
    trial: bool = False  # DRY_RUN: nothing drawn, the declared range used (as AutoBound.trial)
    announcement: Optional[tuple] = field(default=None, repr=False)  # as AutoBound.announcement

    @staticmethod
    def requested(algorithm, parameters, context) -> bool:
        return algorithm.parameterAsBoolean(parameters, AUTO_VALUE_BOUNDS, context)

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, epsilon, epsilon_release, declared: Bounds):
        """``epsilon``: the run's EPSILON (the share is of it); ``epsilon_release``: what the release gets, the
        choices already taken out (AutoBound.from_parameters with ``other_choices``)."""
        if not cls.requested(algorithm, parameters, context):
            return cls(declared, epsilon_release)
        share = algorithm.parameterAsDouble(parameters, AUTO_SHARE, context)
        if not (0.0 < share < 1.0 and epsilon_release > 0):
            raise QgsProcessingException(tr("AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: the choices "
                                            "would take the whole EPSILON. Use e.g. AUTO_SHARE=0.05.").format(
                share=share))
        return cls(declared, epsilon_release, ValueBoundChoice(epsilon * share, declared),
                   dry_run.requested(algorithm, parameters, context))

    def choose(self, values, user_keys, m, rng, feedback) -> Bounds:
        """Draw the bounds from the values (each user's at most ``m``, sampled; NULL users and values left
        out): the mechanism's only look at the data. Returns the bounds the release uses."""
        if self.choice is None:
            return self.bounds
        if self.trial:
            feedback.pushInfo(tr("Automatic LOWER/UPPER: the bounds will be chosen privately inside {lower:g} to "
                                 "{upper:g} when the release runs, with epsilon {cost:g}. This trial run draws "
                                 "nothing: its figures are for that whole range.").format(
                lower=self.bounds.lower, upper=self.bounds.upper, cost=self.choice.epsilon))
            return self.bounds
        values = choice_values(values, user_keys, m, rng)
        self.choice = ValueBoundChoice(self.choice.epsilon, self.bounds, max_contributions=m)
        self.bounds = self.choice.choose(values, rng)
        self.announcement = (feedback, tr(
            "Automatic LOWER/UPPER: the private 2nd and 98th percentiles are {lower:g} and {upper:g} "
            "(epsilon {cost:g}); values are clamped to them.").format(
            lower=self.bounds.lower, upper=self.bounds.upper, cost=self.choice.epsilon))
        return self.bounds

    def announce(self):
        """Log the chosen bounds, once the run's reservation holds (``announcement``)."""
        announce(self)

    def fields(self, release_fields) -> dict:
        if self.choice is None:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(None if self.trial else self.bounds),
                           self.choice.epsilon)
