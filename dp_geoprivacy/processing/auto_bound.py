"""The automatic contribution bound ("M: automatic", issue 22) shared by the count and statistics releases.

M = 0 asks for the bound to be chosen privately: AUTO_SHARE of EPSILON (default 5 %) goes to the exponential
mechanism of core.mechanisms.bound_selection over 1..AUTO_MAX_BOUND, the release runs on the rest with the
chosen M. The choice is charged with the release (its epsilon is in the reservation, the ledger entry and the
record) and logged with its cost. An algorithm calls ``AutoBound.from_parameters`` once; when M is not 0 the
object changes nothing, so the algorithm's code is the same either way.
"""

import math
from dataclasses import dataclass
from typing import Optional

from qgis.core import QgsProcessingException, QgsProcessingParameterNumber

from ..core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    ZONE_NOISE_COST,
    BoundChoice,
    per_user_counts,
    split_epsilon,
    with_choice,
)
from ..translation import tr
from .base import setting_number

AUTO_SHARE, AUTO_MAX_BOUND = "AUTO_SHARE", "AUTO_MAX_BOUND"
PARAMETERS = (AUTO_SHARE, AUTO_MAX_BOUND)
AUTOMATIC = 0


def bound_help(units: str) -> str:
    """The sentence every bound parameter's help ends with."""
    return tr("0 = automatic: chosen privately from the {units} per user with AUTO_SHARE of EPSILON (exponential "
              "mechanism over 1..AUTO_MAX_BOUND).").format(units=units)


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


@dataclass
class AutoBound:
    """The bound of one run: the declared M, or the M chosen privately (``choice`` set)."""

    m: int
    epsilon: float
    epsilon_release: float
    choice: Optional[BoundChoice] = None

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, bound_name, epsilon, cells, noise_cost=ZONE_NOISE_COST):
        """From the run's parameters; ``cells`` is the number of noisy cells of the release (public), ``noise_cost``
        the release's k (core.mechanisms.bound_selection)."""
        m = algorithm.parameterAsInt(parameters, bound_name, context)
        if m != AUTOMATIC:
            return cls(m, epsilon, epsilon)
        share = algorithm.parameterAsDouble(parameters, AUTO_SHARE, context)
        largest = algorithm.parameterAsInt(parameters, AUTO_MAX_BOUND, context)
        try:
            choice_epsilon, rest = split_epsilon(epsilon, share)
            choice = BoundChoice(choice_epsilon, largest, max(int(cells), 1), rest, noise_cost)
        except ValueError as error:
            raise QgsProcessingException(tr("{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE and "
                                            "AUTO_MAX_BOUND.").format(name=bound_name, error=error)) from None
        return cls(AUTOMATIC, epsilon, rest, choice)

    @property
    def automatic(self) -> bool:
        return self.choice is not None

    def choose(self, user_keys, rng, feedback) -> int:
        """Draw M from the records per user (the mechanism's only look at the data); returns M."""
        if self.automatic:
            self.m = self.choice.choose(per_user_counts(user_keys), rng)
            feedback.pushInfo(tr("Automatic M: the exponential mechanism chose M = {m} (from 1 to {largest}) with "
                                 "epsilon {cost:g} of the {total:g} of this run; the release uses the other "
                                 "{rest:g}.").format(m=self.m, largest=self.choice.max_bound, cost=self.choice.epsilon,
                                                     total=self.epsilon, rest=self.epsilon_release))
        return self.m

    def charged(self, before_noise):
        """The release's ``before_noise`` with the choice's epsilon added to what it reserves."""
        if not self.automatic:
            return before_noise
        return lambda fields: before_noise(self.fields(fields))

    def fields(self, release_fields) -> dict:
        """The record fields of the whole run: the release's, plus the choice's epsilon and description."""
        if not self.automatic:
            return dict(release_fields)
        return with_choice(release_fields, self.choice.description(self.m), self.choice.epsilon)
