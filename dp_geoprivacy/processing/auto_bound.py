"""The automatic bounds' Processing glue ("M: automatic" and AUTO_VALUE_BOUNDS, issue 22), shared by the count and
statistics releases: their parameters, checks and help. The plan, the record fields and the held log lines are
core.mechanisms.auto_bound's (the Spark commands use the same). An algorithm calls ``AutoBound.from_parameters``
once; when M is not 0 the object changes nothing, so the algorithm's code is the same either way.
"""

import math

from qgis.core import QgsProcessingException, QgsProcessingParameterBoolean, QgsProcessingParameterNumber

from ..core.mechanisms.auto_bound import AUTOMATIC, AutomaticBound, AutomaticValueBounds, ValueBoundsRefusedError
from ..core.mechanisms.bound_selection import (
    DEFAULT_MAX_BOUND,
    DEFAULT_SHARE,
    ZONE_NOISE_COST,
    choice_values,
    per_user_counts,
)
from ..core.mechanisms.bounded_stats import Bounds
from ..core.mechanisms.counting import LAPLACE
from ..translation import tr
from . import dry_run
from .base import setting_number

AUTO_SHARE, AUTO_MAX_BOUND, AUTO_VALUE_BOUNDS = "AUTO_SHARE", "AUTO_MAX_BOUND", "AUTO_VALUE_BOUNDS"
AUTO_OCCUPANCY = "AUTO_OCCUPANCY"
PARAMETERS = (AUTO_SHARE, AUTO_MAX_BOUND, AUTO_OCCUPANCY)


def bound_help(units: str) -> str:
    """The sentence every bound parameter's help ends with."""
    return tr("0 = automatic: chosen privately from the {units} per user with AUTO_SHARE of EPSILON (permute-and-"
              "flip over 1..AUTO_MAX_BOUND).").format(units=units)


def add_parameters(algorithm):
    """AUTO_SHARE, AUTO_MAX_BOUND and AUTO_OCCUPANCY (used only when the bound is 0)."""
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
    algorithm.add(occupancy_parameter())


def occupancy_parameter():
    """AUTO_OCCUPANCY (optional, 0 to 1; empty: the release's default), with its help (the planner's too)."""
    occupancy = QgsProcessingParameterNumber(
        AUTO_OCCUPANCY, tr("Share of zones holding data (automatic M)"),
        QgsProcessingParameterNumber.Double, optional=True, minValue=0.0, maxValue=1.0)
    occupancy.setHelp(tr(
        "Used when M is 0 (automatic): a public declaration about the tessellation, the share of its cells you expect "
        "to hold data (for OD flows: of origin-destination pairs). State it from public facts, never from the data: "
        "a grid over a city's extent has mostly empty cells (e.g. 0.15 for a 1 km grid over a subway network, where "
        "only cells with a station can hold visits); in a layer of census blocks nearly all hold people (1). The "
        "choice weighs the noise of a cell taken to hold data fully and of an empty one by half (negative counts are "
        "clamped to 0). It costs no epsilon; a wrong value makes the chosen M less accurate, never less private. "
        "Empty: the release's default (1 for zone counts, zone statistics and the mobility report's visits; 0 for "
        "OD flows)."))
    return occupancy


def declared_occupancy(parameters):
    """The declared AUTO_OCCUPANCY, or None when empty (the release's default)."""
    return setting_number(parameters, AUTO_OCCUPANCY)


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
    return occupancy_error(parameters)


def occupancy_error(parameters):
    """A message for an AUTO_OCCUPANCY outside [0, 1], else None."""
    occupancy = declared_occupancy(parameters)
    if occupancy is not None and not 0.0 <= occupancy <= 1.0:  # NaN too
        return tr("AUTO_OCCUPANCY must be between 0 and 1, the share of zones you expect to hold data, e.g. 0.15 "
                  "for a grid over a city's extent; or leave it empty (got {v}).").format(
            v=parameters.get(AUTO_OCCUPANCY))
    return None


class AutoBound(AutomaticBound):
    """The bound of one run: the declared M, or the M chosen privately (``choice`` set); core.mechanisms.auto_bound
    plans, charges and logs it, this reads the Processing parameters."""

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
        wrong_occupancy = occupancy_error(parameters) if m == AUTOMATIC else None
        if wrong_occupancy:
            raise QgsProcessingException(wrong_occupancy)
        try:
            return cls.planned(
                m, epsilon, algorithm.parameterAsDouble(parameters, AUTO_SHARE, context),
                algorithm.parameterAsInt(parameters, AUTO_MAX_BOUND, context), cells,
                trial=dry_run.requested(algorithm, parameters, context), other_choices=other_choices,
                noise_cost=noise_cost, noise=noise, delta=delta, cost_share=cost_share, per_unit=per_unit,
                zcdp_release=zcdp_release, occupancy=declared_occupancy(parameters), tr=tr)
        except ValueBoundsRefusedError as error:  # a declared M: the value bounds' choice does not fit (core rule)
            raise QgsProcessingException(str(error)) from None
        except ValueError as error:  # an automatic M that cannot work
            raise QgsProcessingException(tr("{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE and "
                                            "AUTO_MAX_BOUND.").format(name=bound_name, error=error)) from None

    def choose(self, user_keys, rng, feedback) -> int:
        """Draw M from the records per user (the mechanism's only look at the data); returns M."""
        return super().choose(lambda: per_user_counts(user_keys), rng, feedback.pushInfo, tr)


def add_value_bound_parameter(algorithm):
    """AUTO_VALUE_BOUNDS: LOWER and UPPER become the declared range; the bounds used are chosen within it."""
    automatic = QgsProcessingParameterBoolean(
        AUTO_VALUE_BOUNDS, tr("Choose the value bounds privately"), defaultValue=False)
    automatic.setHelp(tr("LOWER and UPPER are then the public range; AUTO_SHARE of EPSILON chooses the bounds used "
                         "inside it (the private 2nd and 98th percentiles of the values)."))
    algorithm.add(automatic)


class AutoValueBounds(AutomaticValueBounds):
    """The value bounds of one run: the declared LOWER/UPPER, or bounds chosen inside them (``choice`` set);
    core.mechanisms.auto_bound plans, charges and logs them, this reads the Processing parameters."""

    @staticmethod
    def requested(algorithm, parameters, context) -> bool:
        return algorithm.parameterAsBoolean(parameters, AUTO_VALUE_BOUNDS, context)

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, epsilon, epsilon_release, declared: Bounds):
        """``epsilon``: the run's EPSILON (the share is of it); ``epsilon_release``: what the release gets, the
        choices already taken out (AutoBound.from_parameters with ``other_choices``)."""
        requested = cls.requested(algorithm, parameters, context)
        share = algorithm.parameterAsDouble(parameters, AUTO_SHARE, context) if requested else 0.0
        try:
            return cls.planned(requested, epsilon, share, epsilon_release, declared,
                               trial=requested and dry_run.requested(algorithm, parameters, context), tr=tr)
        except ValueError as error:
            raise QgsProcessingException(str(error)) from None

    def choose(self, values, user_keys, m, rng, feedback) -> Bounds:
        """Draw the bounds from the values (each user's at most ``m``, sampled; NULL users and values left
        out): the mechanism's only look at the data. Returns the bounds the release uses."""
        return super().choose(m, lambda choice: choice.choose(choice_values(values, user_keys, m, rng), rng),
                              feedback.pushInfo, tr)
