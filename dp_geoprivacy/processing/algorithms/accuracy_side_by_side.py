"""The accuracy planner's Laplace and Gaussian noise side by side (dp_geoprivacy:accuracyplanner, issue 22 §1).

The figures are core.accuracy.noise_choice's; this adds them to the planner's table, results, settings and log.
Strings keep the planner's translation context.
"""

from qgis.core import QgsProcessingException

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


def release_epsilons(plan, delta):
    """e -> (Laplace release's epsilon, Gaussian release's epsilon): ``e`` for both, or with automatic bounds
    (``plan``, accuracy_auto_bound.AutoPlan) what each keeps after the choices in its own accounting."""
    if plan is None:
        return lambda e: (e, e)
    return lambda e: plan.side_by_side_epsilons(e, delta)


def fits(feedback, split, epsilons):
    """False, with a warning, where the choices leave one noise nothing at a tabulated epsilon (the Gaussian's
    epsilon^2 / 2 the whole rho): the side by side is left out, the planned release stands."""
    try:
        for e in epsilons:
            split(e)
    except QgsProcessingException as error:
        feedback.pushWarning(translate("AccuracyPlanner", "Laplace and Gaussian side by side left out: {error}").format(
            error=str(error)))
        return False
    return True


def count_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, columns, m, plan=None):
    """Zone counts and OD flows: a user in at most ``m`` distinct cells (the planned M; with automatic M the
    largest candidate)."""
    c = settings.get("cells_per_contribution", 1)
    split = release_epsilons(plan, delta)
    if not fits(feedback, split, epsilons):
        return columns

    def choice(e):
        laplace, gaussian = split(e)
        return count_noise_choice(laplace, delta, m, c, gaussian_epsilon=gaussian)
    log_choices(feedback, plan, split, epsilon)
    return side_by_side(feedback, results, settings, rows, epsilons, epsilon, choice, columns,
                        translate("AccuracyPlanner", "a count (each user in at most M = {m} distinct cells)").format(
                            m=m))


def sum_side_by_side(feedback, results, settings, rows, epsilons, epsilon, delta, columns, spec_for, plan=None):
    """Zone sums: the sum's own epsilon, bounds and M from the spec the release builds (``spec_for(release's
    epsilon)``), the release's epsilon as count_side_by_side's."""
    split = release_epsilons(plan, delta)
    if not fits(feedback, split, epsilons):
        return columns

    def choice(e):
        laplace, gaussian = (spec_for(x).mechanisms(1)[1] for x in split(e))
        return sum_noise_choice(laplace.epsilon, delta, laplace.bounds.magnitude, laplace.max_contributions,
                                gaussian_epsilon=gaussian.epsilon)

    magnitude = spec_for(split(epsilon)[0]).mechanisms(1)[1].bounds.magnitude
    log_choices(feedback, plan, split, epsilon)
    return side_by_side(feedback, results, settings, rows, epsilons, epsilon, choice, columns,
                        translate("AccuracyPlanner", "a zone sum (M records of a unit in distinct zones, values up to "
                                                     "{b:g} in magnitude)").format(b=magnitude))


def threshold_side_by_side(feedback, results, epsilon, delta, m, plan=None):
    """Zone counts or OD flows with THRESHOLD: the stability histogram (Laplace) against Gaussian thresholding at
    (EPSILON, DELTA) (core.mechanisms.gaussian_threshold.compare_with_stability): thresholds and noise in the log,
    the noise's standard deviation (the RMSE of a published count before rounding) in the results. With automatic
    M (``plan``, M = ``m`` its largest candidate) both at what the choice leaves: neither is zCDP, so the choice's
    epsilon is taken out by basic composition in both (core.mechanisms.bound_selection.release_epsilon, as the
    releases do)."""
    rest = epsilon if plan is None else plan.split(epsilon)[1]  # plan.zcdp_release is False with THRESHOLD
    if plan is not None:
        feedback.pushInfo(translate("AccuracyPlanner",
            "Side by side with automatic M: thresholded releases are not zero-concentrated DP, so each keeps EPSILON "
            "less the choice's epsilon (basic composition): epsilon {rest:.4g}, at M = {m} (the largest "
            "candidate).").format(rest=rest, m=m))
    figures = compare_with_stability(rest, delta, m)
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


def log_choices(feedback, plan, split, epsilon):
    """With automatic bounds: what each noise's release keeps of EPSILON for the side by side."""
    if plan is None:
        return
    laplace, gaussian = split(epsilon)
    feedback.pushInfo(translate("AccuracyPlanner",
        "Side by side with automatic bounds: each noise's release keeps what the choices leave in its own "
        "accounting: Laplace epsilon {l:.4g} (EPSILON less the choices' epsilon), Gaussian epsilon {g:.4g} (the "
        "conversion of the rho the choices' epsilon^2 / 2 leave).").format(l=laplace, g=gaussian))
