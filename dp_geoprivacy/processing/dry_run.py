"""Trial runs (DRY_RUN) of every privatizing algorithm: validate, report, spend nothing.

One place for all of them. ``DpAlgorithm.add_ledger_parameters`` (called by
every privatizing algorithm) adds the DRY_RUN option;
``DpAlgorithm.reserve_budget`` (through which every release reserves its
budget, from the core release's ``before_noise`` callback, once the input
is read and checked and before the first random draw) stops a trial run
there by raising :class:`DryRunFinished`; the algorithm's
``processAlgorithm`` (wrapped once in ``DpAlgorithm.__init_subclass__``)
turns that into its results. So a trial run reads and validates every input
exactly as the real run would, draws no noise, writes no output and appends
nothing to the ledger. It reports what the release would spend (epsilon,
delta, unit of privacy), its noise, and the accuracy planner's figures for
these settings (core.accuracy.planning, rebuilt from the mechanism's own record
fields, at the cells and MIN_FLOW the algorithm declared with
``declare_settings``; those public settings are part of the results; where one mechanism does not describe the
release, the figures the algorithm declared with ``declare_figures``: the mobility report's per section).
With LEDGER (and BUDGET) it also says what the ledger holds for the source
and whether the budget would refuse the release.
"""

import functools

from qgis.core import QgsProcessingParameterBoolean

from ..core.accounting.ledger import BUDGET_TOLERANCE, LedgerError
from ..core.accuracy.planning import CountAccuracy
from ..core.accuracy.trial import figure_text, trial_figures
from ..core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..translation import tr
from . import budget

DRY_RUN = "DRY_RUN"


class DryRunFinished(BaseException):
    """Raised at the point a release would reserve its budget; carries the trial run's results.

    A BaseException so that no ``except Exception`` between the release and
    processAlgorithm mistakes it for a failure.
    """

    def __init__(self, results: dict):
        super().__init__("dry run")
        self.results = results


def add_parameter(algorithm) -> None:
    parameter = QgsProcessingParameterBoolean(
        DRY_RUN, tr("Trial run (write nothing, spend nothing)"),
        defaultValue=False)
    parameter.setHelp(tr(
        "Reads and checks every input as a real run would, then stops before any noise is drawn: reports the "
        "epsilon and delta the release would spend and its expected accuracy, writes no output and no ledger "
        "entry."))
    algorithm.add(parameter)  # not advanced: a trial run is how a planner tries settings (issue 13)


def requested(algorithm, parameters, context) -> bool:
    return algorithm.parameterDefinition(DRY_RUN) is not None and \
        algorithm.parameterAsBool(parameters, DRY_RUN, context)


def catching(process_algorithm):
    """Wrap a processAlgorithm so that a trial run's stop becomes its results."""
    @functools.wraps(process_algorithm)
    def wrapper(self, parameters, context, feedback):
        try:
            return process_algorithm(self, parameters, context, feedback)
        except DryRunFinished as finished:
            # Nothing was written, so nothing is loaded (else the desktop reports the outputs as "not correctly
            # generated"): the destinations the algorithm already resolved are taken off the load list.
            context.setLayersToLoadOnCompletion({})
            return finished.results
    return wrapper


def declare_settings(algorithm, **settings) -> None:
    """The public settings a trial run reports with its figures (e.g. noisyodflows: MIN_FLOW, THRESHOLD, DELTA
    and the number of cells, so the spurious-flow figure is read against them); call before the release."""
    algorithm._dry_run_settings = dict(settings)


def declare_figures(algorithm, figures) -> None:
    """Accuracy figures a record's fields do not describe (the mobility report's sections, one mechanism each:
    processing/report_accuracy.trial_sections): ``figures`` takes the log's line writer and returns the results
    to report; the trial run calls it (call before the release). Figures from the settings only, never the data."""
    algorithm._dry_run_figures = figures


def finish(algorithm, parameters, context, feedback, mechanism_fields, input_parameter):
    """Report the trial run and raise DryRunFinished (called instead of reserving the budget)."""
    fields = dict(mechanism_fields)
    settings = dict(getattr(algorithm, "_dry_run_settings", None) or {})
    results, figures = trial_figures(fields, settings)  # the Spark commands' trial runs take the same figures
    epsilon, delta = results["EPSILON_WOULD_SPEND"], results["DELTA_WOULD_SPEND"]
    feedback.pushInfo(tr(
        "Trial run (DRY_RUN): every input was read and checked. The release would spend epsilon {epsilon:g} "
        "(delta {delta:g}) on the unit of privacy: {unit}. Mechanism: {mechanism}; noise scale {scale}.").format(
        epsilon=epsilon, delta=delta, unit=fields.get("unit_of_privacy", ""), mechanism=fields.get("mechanism", ""),
        scale=figure_text(fields.get("noise_scale"))))
    if isinstance(figures, CountAccuracy):
        feedback.pushInfo(tr(
            "Expected accuracy per published count: absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% margin of "
            "error {moe:.4g}.").format(mae=figures.expected_abs_error, rmse=figures.rmse,
                                       moe=figures.margin_of_error))
        if "cells" in settings and figures.threshold is None:
            feedback.pushInfo(tr(
                "At MIN_FLOW={m:g} with THRESHOLD off, each of the {n:,} cells without data is published with "
                "probability {p:.3g}: up to {s:,.1f} published cells of noise only.").format(
                m=figures.min_flow, n=figures.cells, p=figures.p_spurious, s=figures.expected_spurious))
        elif "cells" in settings:
            feedback.pushInfo((tr(
                "With Gaussian thresholding (THRESHOLD=1, NOISE=2) no cell without data is published; a cell needs "
                "about {t:.3g} users to be published half the time.") if settings.get("noise") == DISCRETE_GAUSSIAN
                else tr("With the stability histogram (THRESHOLD=1) no cell without data is published; a cell needs "
                        "about {t:.3g} contributions to be published half the time.")).format(
                t=figures.count_published_50))
    elif figures is not None:
        feedback.pushInfo(tr(
            "Expected displacement: mean {mean:.4g} m, median {median:.4g} m, 95% within {q95:.4g} m.").format(
            mean=figures.mean, median=figures.median, q95=figures.q95))
    declared = getattr(algorithm, "_dry_run_figures", None)
    if declared is not None:
        results.update(declared(feedback.pushInfo))
    results.update(_ledger_check(algorithm, parameters, context, feedback, input_parameter, epsilon, delta,
                                 fields))
    feedback.pushInfo(tr("Trial run: no noise was drawn, no output written and nothing added to the ledger."))
    raise DryRunFinished(results)


def _ledger_check(algorithm, parameters, context, feedback, input_parameter, epsilon, delta, fields):
    """What the ledger holds for the source and whether BUDGET would refuse (read only)."""
    path = budget.ledger_location(algorithm, parameters, context)
    limit = budget.budget_of(algorithm, parameters, context)
    if not path:
        return {}
    partition = budget.partition_of(algorithm, parameters, context)
    entry = budget.ledger_entry(algorithm, parameters, context, feedback, input_parameter,
                                {**fields, "epsilon": epsilon, "delta": delta}, "", "trial", partition)
    try:
        spent, after = budget.open_ledger(path).preview(entry, budget=limit)
    except (LedgerError, OSError) as error:
        feedback.pushWarning(tr("LEDGER {path}: {error}").format(path=path, error=error))
        return {}
    results = {"LEDGER_SPENT": spent, "LEDGER_AFTER": after}
    refused = limit is not None and after > limit.limit * (1 + BUDGET_TOLERANCE)
    if limit is not None:
        results["BUDGET_WOULD_REFUSE"] = refused
        results["BUDGET_REMAINING"] = max(limit.limit - spent, 0.0)
    feedback.pushInfo(tr(
        "Ledger: {term} {spent:g} spent on partition '{partition}' so far; this release would make it "
        "{after:g}.").format(term=limit.term if limit is not None else "epsilon", spent=spent,
                             partition=partition.text, after=after))
    if refused:
        feedback.pushWarning(tr("The budget ({budget}) would refuse this release: lower EPSILON, choose another "
                                "PARTITION, or raise the budget.").format(budget=limit.describe()))
    return results
