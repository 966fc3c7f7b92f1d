"""The accuracy planner with M = 0, "automatic" (dp_geoprivacy:accuracyplanner, issue 22 §2).

The planned release would choose M privately (processing/auto_bound.py): AUTO_SHARE of EPSILON pays for the
choice and the release gets the rest (with the discrete Gaussian, the rest of rho(EPSILON, DELTA):
core.mechanisms.bound_selection.gaussian_split). The choice itself depends on the data, which the planner does not
read; so its figures are for the release's epsilon at two public bounds: the largest candidate (AUTO_MAX_BOUND, the
most noise the choice can give: the table's rows) and a typical M the planner gives (TYPICAL_M). Zone counts and
OD flows only; the other releases are asked for a number. Strings keep the planner's translation context.
"""

from dataclasses import dataclass

from qgis.core import QgsProcessingException, QgsProcessingParameterNumber

from ...core.mechanisms.bound_selection import DEFAULT_MAX_BOUND, DEFAULT_SHARE, gaussian_split, split_epsilon
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...translation import translate
from ..auto_bound import AUTO_MAX_BOUND, AUTO_SHARE, AUTOMATIC

TYPICAL_M = "TYPICAL_M"
DEFAULT_TYPICAL_M = 5


def bound_parameter(name):
    """MAX_CONTRIBUTIONS of the planner: M, or 0 for automatic."""
    bound = QgsProcessingParameterNumber(
        name, translate("AccuracyPlanner", "Contributions per user (M)"), QgsProcessingParameterNumber.Integer,
        defaultValue=1, minValue=0)
    bound.setHelp(translate("AccuracyPlanner", "0 = automatic (zone counts, OD flows): the cost of choosing M "
                                               "privately and the error at AUTO_MAX_BOUND and at TYPICAL_M."))
    return bound


def auto_parameters():
    """AUTO_SHARE, AUTO_MAX_BOUND and TYPICAL_M (used only when M is 0): the planner adds them as advanced."""
    share = QgsProcessingParameterNumber(
        AUTO_SHARE, translate("AccuracyPlanner", "Share of epsilon for the automatic M"),
        QgsProcessingParameterNumber.Double, defaultValue=DEFAULT_SHARE, minValue=0.0, maxValue=1.0)
    share.setHelp(translate("AccuracyPlanner", "Used when M is 0 (automatic): this share of EPSILON would choose "
                                               "M; e.g. 0.05."))
    largest = QgsProcessingParameterNumber(
        AUTO_MAX_BOUND, translate("AccuracyPlanner", "Largest automatic M"), QgsProcessingParameterNumber.Integer,
        defaultValue=DEFAULT_MAX_BOUND, minValue=1, maxValue=100_000)
    largest.setHelp(translate("AccuracyPlanner", "Used when M is 0 (automatic): the candidates are 1 to this "
                                                 "public number; the table is for this M, the most noise the "
                                                 "choice can give."))
    typical = QgsProcessingParameterNumber(
        TYPICAL_M, translate("AccuracyPlanner", "Typical M (automatic M)"), QgsProcessingParameterNumber.Integer,
        defaultValue=DEFAULT_TYPICAL_M, minValue=1)
    typical.setHelp(translate("AccuracyPlanner", "Used when M is 0 (automatic): an M you expect the choice to give "
                                                 "(a guess, not read from data); the log gives the expected error "
                                                 "at it too."))
    return [share, largest, typical]


@dataclass(frozen=True)
class AutoPlan:
    """The planned choice: its share of EPSILON, the candidates 1..largest, the typical M; ``noise`` and ``delta``
    the release's (the Gaussian's choice comes out of rho)."""

    share: float
    largest: int
    typical: int
    noise: str
    delta: float

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, release_name, noise, delta):
        """The plan when MAX_CONTRIBUTIONS is 0, else None; refused for releases without an automatic M here."""
        if algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context) != AUTOMATIC:
            return None
        if release_name not in ("noisyzonecounts", "noisyodflows"):
            raise QgsProcessingException(translate(
                "AccuracyPlanner",
                "MAX_CONTRIBUTIONS=0 (automatic M) is planned for zone counts and OD flows: for {release} give M "
                "a whole number of at least 1 (e.g. the M you expect the choice to give).").format(
                release=release_name))
        plan = cls(algorithm.parameterAsDouble(parameters, AUTO_SHARE, context),
                   algorithm.parameterAsInt(parameters, AUTO_MAX_BOUND, context),
                   algorithm.parameterAsInt(parameters, TYPICAL_M, context), noise, delta)
        plan.split(1.0)
        return plan

    def split(self, epsilon):
        """(epsilon of the choice, epsilon of the release) at ``epsilon``; refused where the choice would take it
        all (with the Gaussian, its epsilon^2 / 2 the whole rho: at large epsilons first)."""
        try:
            if self.noise == DISCRETE_GAUSSIAN:
                choice, _, rest = gaussian_split(epsilon, self.delta, self.share)
                return choice, rest
            return split_epsilon(epsilon, self.share)
        except ValueError as error:
            raise QgsProcessingException(translate(
                "AccuracyPlanner",
                "MAX_CONTRIBUTIONS=0 (automatic) cannot work: {error}. Check AUTO_SHARE (e.g. 0.05).").format(
                error=error)) from None

    def settings(self):
        return {"max_contributions": AUTOMATIC, "auto_share": self.share, "auto_max_bound": self.largest,
                "typical_m": self.typical}

    def log(self, feedback, results, epsilon, largest_error, typical_error):
        """The choice's cost and the expected absolute error per cell at the largest and the typical M."""
        choice, rest = self.split(epsilon)
        results.update(CHOICE_EPSILON=choice, EXPECTED_ABS_ERROR_TYPICAL_M=typical_error)
        feedback.pushInfo(translate(
                "AccuracyPlanner",
            "M = 0 (automatic): the release would choose M privately from 1 to {largest} with epsilon {choice:.4g} "
            "({share:g} of EPSILON {e:g}); the release gets the rest, epsilon {rest:.4g}. The choice depends on the "
            "data, which the planner does not read: expected absolute error per cell {big:.4g} at the largest "
            "candidate M = {largest} (the table), {typical_error:.4g} at the typical M = {typical}.").format(
            largest=self.largest, choice=choice, share=self.share, e=epsilon, rest=rest, big=largest_error,
            typical_error=typical_error, typical=self.typical))
