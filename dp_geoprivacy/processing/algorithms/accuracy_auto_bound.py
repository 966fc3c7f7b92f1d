"""The accuracy planner with automatic bounds (dp_geoprivacy:accuracyplanner, issue 22 §2).

M = 0 ("automatic"): the planned release would choose M privately (processing/auto_bound.py); with
AUTO_VALUE_BOUNDS (zone statistics) it would choose LOWER/UPPER inside the declared range too. Each choice costs
AUTO_SHARE of EPSILON and the release keeps the rest, by the releases' own rule
(core.mechanisms.bound_selection.release_epsilon: with the discrete Gaussian the rest of rho(EPSILON, DELTA); the
mobility report takes the choice out of EPSILON whatever its noise). The choices depend on the data, which the
planner does not read; so its figures are for the release's epsilon at public bounds: the largest candidate
(AUTO_MAX_BOUND, the most noise the choice can give: the table's rows), a typical M the planner gives (TYPICAL_M),
and for value bounds the declared LOWER/UPPER (the chosen bounds lie inside them). Zone counts, OD flows, zone
statistics and the mobility report; consistent counts have no automatic M. Strings keep the planner's translation
context.
"""

from dataclasses import dataclass, replace
from typing import Optional

from qgis.core import QgsProcessingException, QgsProcessingParameterBoolean, QgsProcessingParameterNumber

from ...core.mechanisms.bound_selection import DEFAULT_MAX_BOUND, DEFAULT_SHARE, release_epsilon, split_epsilon
from ...core.mechanisms.counting import LAPLACE
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...translation import translate
from ..auto_bound import (
    AUTO_MAX_BOUND,
    AUTO_SHARE,
    AUTO_VALUE_BOUNDS,
    AUTOMATIC,
    declared_occupancy,
    occupancy_error,
    occupancy_parameter,
)

TYPICAL_M = "TYPICAL_M"
DEFAULT_TYPICAL_M = 5


def bound_parameter(name):
    """MAX_CONTRIBUTIONS of the planner: M, or 0 for automatic."""
    bound = QgsProcessingParameterNumber(
        name, translate("AccuracyPlanner", "Contributions per user (M)"), QgsProcessingParameterNumber.Integer,
        defaultValue=1, minValue=0)
    bound.setHelp(translate("AccuracyPlanner", "0 = automatic (zone counts, OD flows, zone statistics, mobility "
                                               "report): the cost of choosing M privately and the error at "
                                               "AUTO_MAX_BOUND and at TYPICAL_M."))
    return bound


def auto_parameters():
    """AUTO_SHARE, AUTO_MAX_BOUND, AUTO_OCCUPANCY (the releases' own), TYPICAL_M (used only when M is 0) and
    AUTO_VALUE_BOUNDS (zone statistics): the planner adds them as advanced."""
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
    values = QgsProcessingParameterBoolean(
        AUTO_VALUE_BOUNDS, translate("AccuracyPlanner", "Automatic value bounds (zone statistics)"),
        defaultValue=False)
    values.setHelp(translate("AccuracyPlanner", "As noisyzonestatistics' AUTO_VALUE_BOUNDS: LOWER and UPPER are the "
                                                "public range, the choice costs AUTO_SHARE of EPSILON; the figures "
                                                "are for the whole range, the most noise the choice can give."))
    return [share, largest, occupancy_parameter(), typical, values]


@dataclass(frozen=True)
class AutoPlan:
    """The planned choices: M (``automatic_m``: candidates 1..largest, a typical M) and the value bounds
    (``value_bounds``), each AUTO_SHARE of EPSILON; ``noise`` and ``delta`` the release's, ``zcdp_release`` False
    where the choice comes out of EPSILON whatever the noise (the mobility report)."""

    share: float
    largest: int
    typical: int
    noise: str
    delta: float
    automatic_m: bool = True
    value_bounds: bool = False
    zcdp_release: bool = True
    occupancy: Optional[float] = None  # AUTO_OCCUPANCY as declared (None: the release's default)

    @classmethod
    def from_parameters(cls, algorithm, parameters, context, release_name, planned, noise, delta, value_bounds=False,
                        zcdp_release=True):
        """The plan when MAX_CONTRIBUTIONS is 0 or ``value_bounds``, else None; refused where the release has no
        automatic bounds (``planned`` False)."""
        automatic_m = algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context) == AUTOMATIC
        if not (automatic_m or value_bounds):
            return None
        if not planned:
            raise QgsProcessingException(translate(
                "AccuracyPlanner",
                "MAX_CONTRIBUTIONS=0 (automatic M) is planned for zone counts, OD flows, zone statistics and the "
                "mobility report: for {release} give M a whole number of at least 1 (e.g. the M you expect the "
                "choice to give).").format(release=release_name))
        wrong_occupancy = occupancy_error(parameters) if automatic_m else None
        if wrong_occupancy:
            raise QgsProcessingException(wrong_occupancy)
        plan = cls(algorithm.parameterAsDouble(parameters, AUTO_SHARE, context),
                   algorithm.parameterAsInt(parameters, AUTO_MAX_BOUND, context),
                   algorithm.parameterAsInt(parameters, TYPICAL_M, context), noise, delta, automatic_m, value_bounds,
                   zcdp_release, declared_occupancy(parameters) if automatic_m else None)
        plan.split(1.0)
        return plan

    @property
    def choices(self) -> int:
        return int(self.automatic_m) + int(self.value_bounds)

    def split(self, epsilon, noise=None):
        """(epsilon of each choice, epsilon of the release) at ``epsilon``, for the release's noise or ``noise``;
        refused where the choices would take it all (with the Gaussian, their epsilon^2 / 2 the whole rho: at large
        epsilons first)."""
        try:
            return split_epsilon(epsilon, self.share)[0], release_epsilon(
                epsilon, self.share, self.choices, noise or self.noise, self.delta, self.zcdp_release)
        except ValueError as error:
            raise QgsProcessingException(translate(
                "AccuracyPlanner",
                "MAX_CONTRIBUTIONS=0 (automatic) cannot work: {error}. Check AUTO_SHARE (e.g. 0.05).").format(
                error=error)) from None

    def side_by_side_epsilons(self, epsilon, delta):
        """(Laplace release's epsilon, Gaussian release's epsilon) at ``epsilon``: the choices taken out in each
        noise's own accounting, as the releases do."""
        return self.split(epsilon, LAPLACE)[1], replace(self, delta=delta).split(epsilon, DISCRETE_GAUSSIAN)[1]

    def settings(self):
        settings = {"auto_share": self.share}
        if self.automatic_m:
            settings.update(max_contributions=AUTOMATIC, auto_max_bound=self.largest, typical_m=self.typical)
            if self.occupancy is not None:
                settings["auto_occupancy"] = self.occupancy
        if self.value_bounds:
            settings["auto_value_bounds"] = 1
        return settings

    def log_choices(self, feedback, results, epsilon):
        """The choices' cost (zone statistics, mobility report): CHOICE_EPSILON is each choice's."""
        choice, rest = self.split(epsilon)
        results["CHOICE_EPSILON"] = choice
        parts = []
        if self.automatic_m:
            parts.append(translate("AccuracyPlanner", "M = {largest} (the largest candidate)").format(
                largest=self.largest))
        if self.value_bounds:
            parts.append(translate("AccuracyPlanner", "the declared LOWER/UPPER"))
        feedback.pushInfo(translate(
            "AccuracyPlanner",
            "Automatic bounds: {n} private choice(s), each with epsilon {choice:.4g} ({share:g} of EPSILON {e:g}); "
            "the release keeps epsilon {rest:.4g}. The choices depend on the data, which the planner does not read: "
            "the table is for {what}, the most noise the choices can give.").format(
            n=self.choices, choice=choice, share=self.share, e=epsilon, rest=rest, what=" + ".join(parts))
            + self.occupancy_note())

    def occupancy_note(self) -> str:
        """The log's sentence on a declared AUTO_OCCUPANCY (empty for the release's default)."""
        if not self.automatic_m or self.occupancy is None:
            return ""
        return " " + translate(
            "AccuracyPlanner",
            "The choice would weigh the noise on the declared AUTO_OCCUPANCY {share:g} (the share of zones expected "
            "to hold data: public, never read from the data, no epsilon); it moves which M is chosen, not the "
            "figures for a given M.").format(share=self.occupancy)

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
            typical_error=typical_error, typical=self.typical) + self.occupancy_note())


def total_epsilon_rows(plan, rows, epsilons, columns):
    """The table's rows labelled with the total EPSILON planned (``epsilons``) where automatic bounds (``plan``)
    leave the release less: the release's own epsilon goes in a column release_epsilon. Returns the columns."""
    if plan is None:
        return columns
    for row, epsilon in zip(rows, epsilons):
        row.update(release_epsilon=row["epsilon"], epsilon=epsilon)
    return (columns[0], "release_epsilon") + tuple(columns[1:])

