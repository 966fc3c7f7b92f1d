"""The accuracy planner's zone statistics settings (dp_geoprivacy:accuracyplanner, RELEASE = zone statistics).

The noisyzonestatistics parameters the planner asks for (advanced: only this release reads them), the spec the
release would build from them (core.releases.zone_statistics.ZoneStatisticsSpec), and the log line of its figures
(core.accuracy.accuracy_statistics). Strings keep the planner's translation context.
"""

from qgis.core import QgsProcessingException, QgsProcessingParameterEnum, QgsProcessingParameterNumber

from ...core.releases.zone_statistics import FIVE_NUMBER, MEAN, MEDIAN, QUARTILES, RECORD, SUM, USER, ZoneStatisticsSpec
from ...translation import translate

PLANNED_STATISTICS = (SUM, MEAN, MEDIAN, QUARTILES, FIVE_NUMBER)


def statistic_parameters(algorithm):
    """The noisyzonestatistics settings (advanced: only RELEASE = zone statistics reads them)."""
    statistic = QgsProcessingParameterEnum(
        algorithm.STATISTIC, translate("AccuracyPlanner", "Statistic (zone statistics)"),
        options=[translate("AccuracyPlanner", "Sum"), translate("AccuracyPlanner", "Mean"),
                 translate("AccuracyPlanner", "Median"), translate("AccuracyPlanner", "Quartiles"),
                 translate("AccuracyPlanner", "Five-number summary")],
        defaultValue=1)
    lower = QgsProcessingParameterNumber(
        algorithm.LOWER, translate("AccuracyPlanner", "Lower bound of the value (zone statistics)"),
        QgsProcessingParameterNumber.Double, defaultValue=0.0)
    upper = QgsProcessingParameterNumber(
        algorithm.UPPER, translate("AccuracyPlanner", "Upper bound of the value (zone statistics)"),
        QgsProcessingParameterNumber.Double, defaultValue=100.0)
    records = QgsProcessingParameterNumber(
        algorithm.RECORDS_PER_ZONE, translate("AccuracyPlanner", "Typical records per zone"),
        QgsProcessingParameterNumber.Integer, defaultValue=100, minValue=1)
    records.setHelp(translate("AccuracyPlanner",
                              "Your assumption, not read from data: the mean's and the quantiles' errors shrink "
                              "with it; e.g. 100."))
    zone_mean = QgsProcessingParameterNumber(
        algorithm.ZONE_MEAN, translate("AccuracyPlanner", "Typical zone mean"),
        QgsProcessingParameterNumber.Double, optional=True)
    support = QgsProcessingParameterNumber(
        algorithm.MIN_SUPPORT, translate("AccuracyPlanner", "Minimum noisy count per zone"),
        QgsProcessingParameterNumber.Double, defaultValue=0.0, minValue=0.0)
    support_share = QgsProcessingParameterNumber(
        algorithm.SUPPORT_SHARE, translate("AccuracyPlanner", "Epsilon share of the support count"),
        QgsProcessingParameterNumber.Double, defaultValue=0.2, minValue=0.0, maxValue=1.0)
    sum_share = QgsProcessingParameterNumber(
        algorithm.MEAN_SUM_SHARE, translate("AccuracyPlanner", "Epsilon share of the sum (mean)"),
        QgsProcessingParameterNumber.Double, defaultValue=0.5, minValue=0.0, maxValue=1.0)
    grid = QgsProcessingParameterNumber(
        algorithm.QUANTILE_GRID, translate("AccuracyPlanner", "Candidate values (quantiles)"),
        QgsProcessingParameterNumber.Integer, defaultValue=1001, minValue=2,
        maxValue=algorithm.MAX_QUANTILE_GRID)
    grid.setHelp(translate("AccuracyPlanner",
                           "At most 1000000: the planner computes the exact distribution over every candidate "
                           "value (2e7 took over 11 minutes)."))
    return [statistic, lower, upper, records, zone_mean, support, support_share, sum_share, grid]


def statistic_spec(algorithm, parameters, context, settings, plan=None):
    """(spec maker for the release's epsilon and an M (None: the planned M), records per zone, zone mean), the
    settings recorded in ``settings``. With automatic M (``plan``, accuracy_auto_bound.AutoPlan) the planned M is
    the largest candidate and the unit a user, as the release needs USER_FIELD for it."""
    statistic = PLANNED_STATISTICS[algorithm.parameterAsEnum(parameters, algorithm.STATISTIC, context)]
    lower = algorithm.parameterAsDouble(parameters, algorithm.LOWER, context)
    upper = algorithm.parameterAsDouble(parameters, algorithm.UPPER, context)
    automatic_m = plan is not None and plan.automatic_m
    m = plan.largest if automatic_m else algorithm.parameterAsInt(parameters, algorithm.MAX_CONTRIBUTIONS, context)
    records = algorithm.parameterAsInt(parameters, algorithm.RECORDS_PER_ZONE, context)
    zone_mean = None if parameters.get(algorithm.ZONE_MEAN) in (None, "") else algorithm.parameterAsDouble(
        parameters, algorithm.ZONE_MEAN, context)
    options = {"statistic": statistic, "lower": lower, "upper": upper, "unit": USER if m > 1 or automatic_m else RECORD,
               "max_contributions": m,
               "min_support": algorithm.parameterAsDouble(parameters, algorithm.MIN_SUPPORT, context),
               "support_share": algorithm.parameterAsDouble(parameters, algorithm.SUPPORT_SHARE, context),
               "mean_sum_share": algorithm.parameterAsDouble(parameters, algorithm.MEAN_SUM_SHARE, context),
               "quantile_grid": algorithm.parameterAsInt(parameters, algorithm.QUANTILE_GRID, context)}
    try:
        ZoneStatisticsSpec(epsilon=1.0, **options)
        if zone_mean is not None and statistic == MEAN and not lower <= zone_mean <= upper:
            raise ValueError(translate("AccuracyPlanner", "ZONE_MEAN must lie within [LOWER, UPPER]"))
    except ValueError as error:
        raise QgsProcessingException(translate("AccuracyPlanner",
            "Zone statistics settings: {error}. Give the bounds, M and shares the release will use.").format(
            error=error)) from None
    settings.update(options, records_per_zone=records)
    if statistic == MEAN:
        settings["zone_mean"] = (lower + upper) / 2 if zone_mean is None else zone_mean

    def spec_for(epsilon, bound=None):
        return ZoneStatisticsSpec(epsilon=epsilon, **dict(options, max_contributions=bound or m))
    return spec_for, records, zone_mean


def log_statistic_choices(feedback, results, plan, epsilon, figures):
    """With automatic bounds: the choices' cost, and with automatic M the figures at TYPICAL_M (``figures(epsilon,
    M)``: core.accuracy.accuracy_statistics.StatisticAccuracy)."""
    plan.log_choices(feedback, results, epsilon)
    if plan.automatic_m:
        typical = figures(epsilon, plan.typical)
        results["EXPECTED_ABS_ERROR_TYPICAL_M"] = typical.expected_abs_error
        feedback.pushInfo(translate("AccuracyPlanner",
            "At the typical M = {m}: expected absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% of errors within "
            "{q95:.4g} (value units).").format(m=plan.typical, mae=typical.expected_abs_error, rmse=typical.rmse,
                                               q95=typical.error_q95))


def log_statistic(feedback, chosen, settings, epsilon):
    """The planner's log line for the figures ``chosen`` (core.accuracy.accuracy_statistics.StatisticAccuracy) at
    EPSILON ``epsilon``."""
    ranks = translate("AccuracyPlanner", " ({r:.4g} ranks)").format(r=chosen.rank_margin) \
        if chosen.rank_margin is not None else ""
    feedback.pushInfo(translate("AccuracyPlanner",
        "At EPSILON {e:g}, {statistic} of a zone with {n:,} records (bounds {lower:g} to {upper:g}, M = {m}): "
        "expected absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% of errors within {q95:.4g} (value units); the "
        "release publishes a 95% margin of {moe:.4g}{ranks}. A zone is published with probability "
        "{p:.3g}.").format(
        e=epsilon, statistic=settings["statistic"], n=chosen.records_per_zone, lower=settings["lower"],
        upper=settings["upper"], m=settings["max_contributions"], mae=chosen.expected_abs_error,
        rmse=chosen.rmse, q95=chosen.error_q95, moe=chosen.margin_of_error,
        ranks=ranks, p=chosen.p_published))
    if settings["statistic"] in (MEDIAN, QUARTILES, FIVE_NUMBER):
        feedback.pushInfo(translate("AccuracyPlanner",
                                    "Quantile errors assume the zone's values spread evenly between the bounds."))
