"""Trial runs (DRY_RUN) of the Spark commands, as processing/dry_run.py has them in QGIS: one place for all four.

A trial run reads and checks every input as the real run does (the Spark aggregate is computed), then stops where
the real run would reserve its budget: ``spark.cli.Budget`` raises :class:`TrialFinished` with the whole run's
record fields instead of reserving (the core releases call it before any noise), and the command returns
``trial_results``: what the release would spend (epsilon, delta, rho), its noise scale and sensitivity, the
accuracy planner's figures for its one mechanism (core.accuracy.trial.trial_figures, the QGIS trial run's), and with
LEDGER a read-only preview of the ledger (spark.ledger.preview). Nothing is drawn (an automatic M or automatic
bounds are not chosen: the figures are for the largest M and the declared range), written or entered.
"""

from ..core.accuracy.planning import CountAccuracy
from ..core.accuracy.trial import figure_text, trial_figures

DRY_RUN = "DRY_RUN"


class TrialFinished(BaseException):
    """Raised where a release would reserve its budget in a trial run; carries the whole run's record fields.

    A BaseException so that no ``except Exception`` between the release and the command mistakes it for a failure
    (processing/dry_run.DryRunFinished)."""

    def __init__(self, fields: dict):
        super().__init__("trial run")
        self.fields = dict(fields)


def requested(values) -> bool:
    from .cli import TRUE

    return str(values.get(DRY_RUN, "false")).lower() in TRUE


def trial_results(fields, budget, log, settings=None, figures=None) -> dict:
    """A trial run's results and log (module docstring); ``settings``: the public settings the command declares with
    its figures (the OD flows' cells and MIN_FLOW, as the QGIS algorithm's); ``figures``: accuracy figures the record
    fields do not describe (the mobility report's sections: processing/report_accuracy.trial_sections, as
    processing/dry_run.declare_figures), a function of the log's line writer returning the results to add. Nothing
    is drawn, written or reserved."""
    results, planned = trial_figures(fields, settings)
    rho = results.get("RHO_WOULD_SPEND")
    log(f"Trial run (DRY_RUN): every input was read and checked. The release would spend epsilon "
        f"{results['EPSILON_WOULD_SPEND']:g} (delta {results['DELTA_WOULD_SPEND']:g}"
        + ("" if rho is None else f", rho {rho:g}") + f") on the unit of privacy: {fields['unit_of_privacy']}. "
        f"Noise scale {figure_text(fields.get('noise_scale'))} ({fields.get('noise_scale_unit', '')}), sensitivity "
        f"{figure_text(fields.get('sensitivity'))}.")
    if isinstance(planned, CountAccuracy):
        log(f"Expected accuracy per published count: absolute error {planned.expected_abs_error:.4g}, RMSE "
            f"{planned.rmse:.4g}, 95% margin of error {planned.margin_of_error:.4g}.")
        if settings and "cells" in settings and planned.threshold is None:
            log(f"At MIN_FLOW={planned.min_flow:g} with THRESHOLD off, each of the {planned.cells:,} cells without "
                f"data is published with probability {planned.p_spurious:.3g}: up to {planned.expected_spurious:,.1f} "
                "published cells of noise only.")
        elif settings and "cells" in settings:
            log("With the stability histogram (THRESHOLD=1) no cell without data is published; a cell needs about "
                f"{planned.count_published_50:.3g} contributions to be published half the time.")
    elif results.get("MARGIN_OF_ERROR") is not None:
        log(f"Expected accuracy: 95% margin of error {results['MARGIN_OF_ERROR']:.4g} per cell.")
    if figures is not None:
        results.update(figures(log))
    results.update(budget.preview(fields))
    log("Trial run: no noise was drawn, no output written and nothing added to the ledger.")
    return results

