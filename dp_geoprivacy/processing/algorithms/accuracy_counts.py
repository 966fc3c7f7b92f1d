"""The accuracy planner's log lines for a count release (zone counts, OD flows).

Only public settings and figures computed from them: the planner reads no data.
The strings keep the planner's translation context, "AccuracyPlanner".
"""

from ...translation import translate


def log_count_accuracy(feedback, chosen, epsilon):
    """Say the noise, the expected error and what the threshold (or MIN_FLOW) publishes at the chosen EPSILON
    (``chosen`` the figures of the release's mechanism at what it keeps of it)."""
    feedback.pushInfo(translate(
        "AccuracyPlanner",
        "At EPSILON {e:g}: noise scale b = {b:.4g} (sensitivity {s:g}); expected absolute error per cell "
        "{mae:.4g}, RMSE {rmse:.4g}, 95% margin of error {moe:.4g}.").format(
        e=epsilon, b=chosen.noise_scale, s=chosen.sensitivity, mae=chosen.expected_abs_error,
        rmse=chosen.rmse, moe=chosen.margin_of_error))
    if chosen.threshold is not None:
        feedback.pushInfo(translate(
            "AccuracyPlanner",
            "Stability threshold {t:.4g}: no empty cell is published; a cell with a true count of "
            "{c95:.4g} is published with 95% probability.").format(t=chosen.threshold,
                                                                  c95=chosen.count_published_95))
    else:
        feedback.pushInfo(translate(
            "AccuracyPlanner",
            "Each empty cell is published with probability {p:.3g} at MIN_FLOW={m:g} (THRESHOLD off): of {n:,} "
            "cells, up to {s:.4g} published cells are noise only (all cells empty).").format(
            p=chosen.p_spurious, m=chosen.min_flow, n=chosen.cells, s=chosen.expected_spurious))
