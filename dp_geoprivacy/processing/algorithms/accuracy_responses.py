"""The accuracy planner's figures for randomized response (dp_geoprivacy:randomizedresponse): the estimated count
of a category held by SHARE of RESPONDENTS rows, k-ary randomized response over CATEGORIES
(core.accuracy.planning.response_accuracy). Strings keep the planner's translation context."""

from ...core.accuracy import planning as accuracy
from ...translation import translate

# Above this epsilon k-ary randomized response keeps the truth with a probability that rounds to 1.
MAX_RESPONSE_EPSILON = 30.0
RESPONSE_COLUMNS = ("epsilon", "p_truth", "standard_error", "expected_abs_error", "margin_of_error")


def response_rows(algorithm, parameters, context, settings, results, epsilons, epsilon, feedback):
    """(rows, columns, chart series, y label, target margin or None) for the planner's table; the figures at
    ``epsilon`` go into ``results`` and the log, the settings into ``settings``."""
    k = algorithm.parameterAsInt(parameters, algorithm.CATEGORIES, context)
    n = algorithm.parameterAsInt(parameters, algorithm.RESPONDENTS, context)
    share = algorithm.parameterAsDouble(parameters, algorithm.SHARE, context)
    settings.update(categories=k, respondents=n, share=share)

    def response(e):
        return accuracy.response_accuracy(accuracy.response_mechanism(e, k), n, share)

    rows = accuracy.sweep(response, epsilons)
    chosen = response(epsilon)
    results.update(EXPECTED_ABS_ERROR=chosen.expected_abs_error, RMSE=chosen.standard_error,
                   MARGIN_OF_ERROR=chosen.margin_of_error)
    feedback.pushInfo(translate("AccuracyPlanner",
        "At EPSILON {e:g}: each row keeps its value with probability {p:.3g}; the estimated count of a "
        "category held by {s:g} of {n:,} rows has standard error {se:.4g} and 95% margin {moe:.4g}.").format(
        e=epsilon, p=chosen.p_truth, s=share, n=n, se=chosen.standard_error, moe=chosen.margin_of_error))
    target = algorithm._target(parameters, algorithm.TARGET_MARGIN, context)
    if target is not None:
        def margin(e):
            return response(min(e, MAX_RESPONSE_EPSILON)).margin_of_error

        results["EPSILON_FOR_MARGIN"] = algorithm._inverse(
            feedback, accuracy.epsilon_for(margin, target),
            translate("AccuracyPlanner", "a 95% margin of error of at most {t:g}").format(t=target))
    series = {translate("AccuracyPlanner", "expected absolute error"): [r["expected_abs_error"] for r in rows],
              translate("AccuracyPlanner", "95% margin of error"): [r["margin_of_error"] for r in rows]}
    return rows, RESPONSE_COLUMNS, series, translate("AccuracyPlanner", "Count (log scale)"), target
