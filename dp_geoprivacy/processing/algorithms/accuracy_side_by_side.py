"""The accuracy planner's Laplace and Gaussian noise side by side (dp_geoprivacy:accuracyplanner, issue 22 §1).

The figures are core.accuracy.noise_choice's; this adds them to the planner's table, results, settings and log.
Strings keep the planner's translation context.
"""

from ...core.accuracy.noise_choice import COLUMNS
from ...translation import translate


def side_by_side(feedback, results, settings, rows, epsilons, epsilon, choice, columns, what):
    """Laplace and Gaussian side by side (core.accuracy.noise_choice): columns added to ``rows``, the figures at
    EPSILON in ``results``, the delta in ``settings``, and the log; returns the table's columns."""
    for row, e in zip(rows, epsilons):
        row.update(choice(e).as_row())
    chosen = choice(epsilon)
    settings["side_by_side_delta"] = chosen.delta
    results.update(LAPLACE_RMSE=chosen.laplace_rmse, GAUSSIAN_RMSE=chosen.gaussian_rmse,
                   SMALLER_ERROR_NOISE=chosen.smaller_error)
    feedback.pushInfo(translate("AccuracyPlanner",
        "Side by side at EPSILON {e:g} and DELTA {d:g}, for {what}: Laplace (L1 sensitivity {l1:g}) RMSE "
        "{lr:.4g}, 95% margin {lm:.4g}; Gaussian (L2 sensitivity {l2:.4g}, rho {rho:.4g}-zCDP converted to "
        "(epsilon, delta) by Canonne, Kamath and Steinke 2020) RMSE {gr:.4g}, 95% margin {gm:.4g}. {noise} noise "
        "gives the smaller error (RMSE ratio Laplace / Gaussian {ratio:.3g}).").format(
        e=epsilon, d=chosen.delta, what=what, l1=chosen.l1_sensitivity, lr=chosen.laplace_rmse,
        lm=chosen.laplace_margin_of_error, l2=chosen.l2_sensitivity, rho=chosen.rho, gr=chosen.gaussian_rmse,
        gm=chosen.gaussian_margin_of_error, noise=chosen.smaller_error, ratio=chosen.rmse_ratio))
    return tuple(columns) + COLUMNS
