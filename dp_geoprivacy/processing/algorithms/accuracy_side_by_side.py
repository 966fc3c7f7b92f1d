"""The accuracy planner's Laplace and Gaussian noise side by side (dp_geoprivacy:accuracyplanner, issue 22 §1).

The figures are core.accuracy.noise_choice's; this adds them to the planner's table, results, settings and log.
Strings keep the planner's translation context.
"""

from ...core.accuracy.noise_choice import COLUMNS, GAUSSIAN_NAME, LAPLACE_NAME, count_noise_choice, sum_noise_choice
from ...core.mechanisms.gaussian_threshold import compare_with_stability
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
        "{lr:.4g}, 95% of errors within {lm:.4g}; Gaussian (L2 sensitivity {l2:.4g}, rho {rho:.4g}-zCDP converted "
        "to (epsilon, delta) by Canonne, Kamath and Steinke 2020) RMSE {gr:.4g}, 95% of errors within {gm:.4g} "
        "(exact quantiles of the error, to compare the two noises; the moe95 a release publishes is a bound at "
        "least as wide). {noise} noise gives the smaller error (RMSE ratio Laplace / Gaussian {ratio:.3g}).").format(
        e=epsilon, d=chosen.delta, what=what, l1=chosen.l1_sensitivity, lr=chosen.laplace_rmse,
        lm=chosen.laplace_margin_of_error, l2=chosen.l2_sensitivity, rho=chosen.rho, gr=chosen.gaussian_rmse,
        gm=chosen.gaussian_margin_of_error, noise=chosen.smaller_error, ratio=chosen.rmse_ratio))
    return tuple(columns) + COLUMNS


def count_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, columns):
    """Zone counts and OD flows: a user in at most M distinct cells (the planner's settings)."""
    m, c = settings["max_contributions"], settings.get("cells_per_contribution", 1)
    return side_by_side(feedback, results, settings, rows, epsilons, epsilon,
                        lambda e: count_noise_choice(e, delta, m, c), columns,
                        translate("AccuracyPlanner", "a count (each user in at most M = {m} distinct cells)").format(
                            m=m))


def sum_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, columns, make_spec):
    """Zone sums: the sum's own epsilon, bounds and M from the spec the release builds (``make_spec(epsilon)``)."""
    def choice(e):
        main = make_spec(e).mechanisms(1)[1]
        return sum_noise_choice(main.epsilon, delta, main.bounds.magnitude, main.max_contributions)

    magnitude = make_spec(epsilon).mechanisms(1)[1].bounds.magnitude
    return side_by_side(feedback, results, settings, rows, epsilons, epsilon, choice, columns,
                        translate("AccuracyPlanner", "a zone sum (M records of a unit in distinct zones, values up to "
                                                     "{b:g} in magnitude)").format(b=magnitude))


def threshold_side_by_side(feedback, results, epsilon, delta, m):
    """Zone counts or OD flows with THRESHOLD: the stability histogram (Laplace) against Gaussian thresholding at
    (EPSILON, DELTA) (core.mechanisms.gaussian_threshold.compare_with_stability): thresholds and noise in the log,
    the noise's standard deviation (the RMSE of a published count before rounding) in the results."""
    figures = compare_with_stability(epsilon, delta, m)
    smaller = GAUSSIAN_NAME if figures["gaussian_sd"] < figures["laplace_sd"] else LAPLACE_NAME
    results.update(LAPLACE_RMSE=figures["laplace_sd"], GAUSSIAN_RMSE=figures["gaussian_sd"],
                   SMALLER_ERROR_NOISE=smaller)
    feedback.pushInfo(translate("AccuracyPlanner",
        "Side by side at EPSILON {e:g} and DELTA {d:g}, for counts published only in cells with data (M = "
        "{m}): the stability histogram (Laplace) needs a noisy count of {lt:.4g} and its noise has standard "
        "deviation {ls:.4g}; Gaussian thresholding (NOISE=2) needs {gt:.4g} and its noise has standard deviation "
        "{gs:.4g}. {noise} noise gives the smaller error; the smaller threshold publishes smaller counts.").format(
        e=epsilon, d=delta, m=m, lt=figures["laplace_threshold"], ls=figures["laplace_sd"],
        gt=figures["gaussian_threshold"], gs=figures["gaussian_sd"], noise=smaller))
