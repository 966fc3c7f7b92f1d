"""A trial run's figures (DRY_RUN), the same for the QGIS algorithms (processing/dry_run.py) and the Spark commands
(spark/trial.py): what the release would spend and the accuracy planner's figures for its one mechanism, from the
record fields the mechanism itself writes, before any noise is drawn. Public settings only; no data."""

import json
from typing import Optional, Tuple

from .planning import CountAccuracy, accuracy_from_record


def trial_figures(mechanism_fields, settings: Optional[dict] = None) -> Tuple[dict, Optional[object]]:
    """(results, figures) of a trial run: DRY_RUN, EPSILON_SPENT 0, EPSILON_WOULD_SPEND, DELTA_WOULD_SPEND,
    RHO_WOULD_SPEND (a zCDP release), NOISE_SCALE and SENSITIVITY from the record fields; ``settings`` (the public
    settings the algorithm declares: e.g. the OD flows' cells and MIN_FLOW) as SETTINGS and one result each; and the
    planner's figures (core.accuracy.planning.accuracy_from_record): a count's EXPECTED_ABS_ERROR, RMSE,
    MARGIN_OF_ERROR, STABILITY_THRESHOLD, P_EMPTY_CELL_PUBLISHED (EXPECTED_SPURIOUS with cells), a location's
    displacement, or else the record's own MARGIN_OF_ERROR. ``figures`` is the planner's object (or None)."""
    fields = dict(mechanism_fields)
    settings = dict(settings or {})
    rho = fields.get("rho")
    results = {"DRY_RUN": True, "EPSILON_SPENT": 0.0, "EPSILON_WOULD_SPEND": float(fields["epsilon"]),
               "DELTA_WOULD_SPEND": float(fields.get("delta") or 0.0),
               **({} if rho is None else {"RHO_WOULD_SPEND": float(rho)}),
               "NOISE_SCALE": fields.get("noise_scale"), "SENSITIVITY": fields.get("sensitivity")}
    if settings:
        results["SETTINGS"] = json.dumps(settings, sort_keys=True)
        results.update({key.upper(): value for key, value in settings.items()})
    figures = accuracy_from_record(fields, cells=int(settings.get("cells", 1)),
                                   min_flow=float(settings.get("min_flow", 0.0)))
    if isinstance(figures, CountAccuracy):
        results.update(EXPECTED_ABS_ERROR=figures.expected_abs_error, RMSE=figures.rmse,
                       MARGIN_OF_ERROR=figures.margin_of_error, STABILITY_THRESHOLD=figures.threshold,
                       P_EMPTY_CELL_PUBLISHED=figures.p_spurious)
        if "cells" in settings:
            results["EXPECTED_SPURIOUS"] = figures.expected_spurious if figures.threshold is None else 0.0
    elif figures is not None:
        results.update(MEAN_DISPLACEMENT_M=figures.mean, DISPLACEMENT_Q95_M=figures.q95)
    elif fields.get("margin_of_error") is not None:
        results["MARGIN_OF_ERROR"] = fields.get("margin_of_error")
    return results, figures


def figure_text(value) -> str:
    """A record's figure for a trial run's log: four significant digits (9.338, not 9.337754716513768); text as it
    is (the QGIS and the Spark trial runs write it alike)."""
    return f"{value:.4g}" if isinstance(value, float) else ("" if value is None else str(value))
