"""python -m dp_geoprivacy.spark mobilityreport: the parameters of dp_geoprivacy:mobilityreport, the run on Spark
(spark/mobility_report.py) and its three outputs."""

import time

from .cli import (
    TRUE,
    Budget,
    UsageError,
    cells_from,
    log_results,
    noise_from,
    number,
    point_columns,
    point_geometry,
    read_input,
    require,
    session,
    wgs84_wkt,
)
from .trial import trial_results


def _bins(values):
    from ..core.releases import mobility_analyses as ma

    names = {"MAX_TRAVEL_TIME": "max_travel_time_min", "MAX_JUMP_LENGTH": "max_jump_length_km",
             "MAX_TIME_BETWEEN": "max_time_between_h", "MAX_RADIUS": "max_radius_km",
             "TRAVEL_TIME_BIN": "travel_time_bin_min", "JUMP_LENGTH_BIN": "jump_length_bin_km",
             "TIME_BETWEEN_BIN": "time_between_bin_h", "RADIUS_BIN": "radius_bin_km"}
    given = {attr: number(values, name) for name, attr in names.items() if number(values, name) is not None}
    try:
        return ma.MobilityBins(**given, max_tiles_per_user=number(values, "MAX_TILES_PER_USER", 0, int))
    except ValueError as error:
        raise UsageError(f"Bin widths: {error}.") from None


def gaussian_delta(values):
    """NOISE (0 Laplace, 2 discrete Gaussian for visits per zone and Gaussian thresholding for OD flows) and DELTA,
    checked as the QGIS algorithm checks them (processing/mobility_gaussian.py): the Gaussian's delta, 0.0 for
    Laplace."""
    from ..processing.mobility_gaussian import NoiseSettingError, gaussian_delta_of

    noise = number(values, "NOISE", 0, int)
    if noise not in (0, 1, 2):
        raise UsageError(f"NOISE must be 0 (Laplace) or 2 (discrete Gaussian, with DELTA > 0), got {noise}.")
    try:
        return gaussian_delta_of(noise, number(values, "DELTA", 0.0))
    except NoiseSettingError as error:
        raise UsageError(str(error)) from None


def mobility_spec(values, log, n_zones, trial=False):
    """The core MobilityReportSpec from the parameters (named as the QGIS algorithm's), whether ITEM_LEVEL, and the
    run's bound (spark.auto_bound.SparkBound: MAX_TRIPS_PER_USER = 0 chooses M; then the spec is for M = 1 and
    ``chosen_spec`` gives the one the release uses; ``trial``: a trial run, which draws no M)."""
    from ..core.mechanisms.counting import LAPLACE
    from ..core.mechanisms.gaussian import DISCRETE_GAUSSIAN
    from ..core.releases.mobility_report import ANALYSES, OD_DELTA, MobilityReportSpec, Period, split_budget
    from ..processing.mobility_html import unit_of_privacy
    from .auto_bound import SparkBound

    get = values.get
    m = number(values, "MAX_TRIPS_PER_USER", 5, int)
    if m < 0:
        raise UsageError("MAX_TRIPS_PER_USER (M) must be a whole number of at least 1, or 0 (automatic).")
    chosen = [a.strip() for a in (get("ANALYSES") or "").split(",") if a.strip()]
    chosen = [ANALYSES[int(a)] if a.isdigit() and int(a) < len(ANALYSES) else a for a in chosen] or list(ANALYSES)
    unknown = [a for a in chosen if a not in ANALYSES]
    if unknown:
        raise UsageError(f"ANALYSES names an unknown analysis {unknown[0]!r}; use names from: {', '.join(ANALYSES)}.")
    period = None
    if get("TIME_START") or get("TIME_END"):
        import numpy as np

        try:
            period = Period(*(np.datetime64(str(get(n)).strip().replace(" ", "T", 1), "ms").astype(np.int64) / 1000.0
                              for n in ("TIME_START", "TIME_END")))
        except (TypeError, ValueError):
            raise UsageError("TIME_START and TIME_END must both be dates (e.g. 2024-01-01 and 2024-02-01), the start "
                             "before the end.") from None
    elif "trips_over_time" in chosen:
        chosen.remove("trips_over_time")
        log("Trips over time is left out: it needs the public TIME_START and TIME_END.")
    weights = None
    if get("BUDGET_SPLIT"):
        weights = {}
        for part in get("BUDGET_SPLIT").split(","):
            name, _, weight = part.partition("=")
            if name.strip() not in ANALYSES:
                raise UsageError(f"BUDGET_SPLIT names an unknown analysis {name.strip()!r}.")
            weights[name.strip()] = number({"W": weight}, "W")
    epsilon = number(values, "EPSILON", 1.0)
    noise_delta = gaussian_delta(values)
    od_delta = number(values, "OD_DELTA", OD_DELTA)
    if "od_flows" in chosen and not 0.0 < od_delta < 1.0:
        raise UsageError("OD_DELTA must be in (0, 1), e.g. 1e-6 (the OD flows are chosen by the stability-based "
                         "histogram, or by Gaussian thresholding with NOISE=2); or leave od_flows out of ANALYSES.")
    item_level = str(get("ITEM_LEVEL", "false")).lower() in TRUE
    if item_level:
        log("ITEM_LEVEL: every trip is its own unit of privacy (M = 1); a person with many trips is not protected "
            "as a whole (Kapp et al. 2023 §4.2).")
        m = 1
    try:
        split_budget(epsilon, chosen, weights)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if item_level:
        bound = SparkBound(1, epsilon, epsilon, log=log)
    else:  # the visits per zone weigh the choice, as in QGIS: their noise on every zone against the trips left out
        visits = split_budget(1.0, chosen, weights).get("visits_per_zone", 1.0)
        bound = SparkBound.from_values(values, "MAX_TRIPS_PER_USER", epsilon, n_zones, default=5, log=log,
                                       trial=trial, cost_share=visits, per_unit=2,
                                       noise=DISCRETE_GAUSSIAN if noise_delta else LAPLACE, delta=noise_delta,
                                       zcdp_release=False)
    unit = unit_of_privacy(get("USER_FIELD"), max(bound.m, 1), item_level)
    try:
        spec = MobilityReportSpec(bound.epsilon_release, max(bound.m, 1), unit, tuple(chosen), weights,
                                  _bins(values), period, number(values, "TOP_N_FLOWS", 100, int), od_delta,
                                  gaussian_delta=noise_delta)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return spec, item_level, bound


def chosen_spec(spec, bound, user_field):
    """The spec at the bound's M (the chosen one), its unit of privacy naming it."""
    from dataclasses import replace

    from ..processing.mobility_html import unit_of_privacy

    if not bound.automatic:
        return spec
    return replace(spec, max_trips=bound.m, unit_of_privacy=unit_of_privacy(user_field, bound.m))


def mobility_report(values, spark=None, log=print):
    """Run mobilityreport from parameter values; writes OUTPUT_HTML, OUTPUT_VISITS and OUTPUT_FLOWS. DRY_RUN=true:
    a trial run (trial_results): every input read and checked, nothing written, no ledger entry, no noise."""
    from functools import partial

    from ..processing.mobility_html import report_notes
    from ..processing.report_accuracy import trial_sections
    from .mobility_report import (
        BUCKETS,
        MobilityInputError,
        RecordColumns,
        release_spark_mobility_report,
        spark_statistics,
        write_report,
    )
    from .record import spark_record

    get = values.get
    trial = str(get("DRY_RUN", "false")).lower() in TRUE
    require(values, "INPUT", "USER_FIELD", "TRIP_FIELD", "TIMESTAMP_FIELD", "EPSILON",
            *(() if trial else ("OUTPUT_HTML", "OUTPUT_VISITS", "OUTPUT_FLOWS")))
    if not number(values, "EPSILON") > 0:
        raise UsageError("EPSILON must be a number > 0.")
    point = point_columns(values)
    columns = RecordColumns(get("USER_FIELD"), get("TRIP_FIELD"), get("TIMESTAMP_FIELD"), point.get("lon"),
                            point.get("lat"), point.get("geometry"))
    cells = cells_from(values, allow_overlap=False)
    spec, item_level, bound = mobility_spec(values, log, len(cells), trial)
    source = noise_from(values, log)
    log(f"Zones: {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    outputs = [get("OUTPUT_HTML"), get("OUTPUT_VISITS"), get("OUTPUT_FLOWS")]
    budget = Budget(values, "mobilityreport", read_input(spark, values), outputs, log, point_geometry(values),
                    row_is_unit=False)
    started = time.perf_counter()
    if bound.automatic:  # trips per user counted on the executors; M drawn first, as the QGIS algorithm draws it
        try:
            bound.choose(budget.rows, get("USER_FIELD"), source.generator, unit=get("TRIP_FIELD"))
        except MobilityInputError as error:
            raise UsageError(str(error)) from None
        spec = chosen_spec(spec, bound, get("USER_FIELD"))
    try:
        exact = spark_statistics(budget.rows, cells, columns, spec, source.generator, item_level,
                                 number(values, "BUCKETS", BUCKETS, int), checks_only=trial)
    except MobilityInputError as error:
        raise UsageError(str(error)) from None
    if exact.unreadable_times:
        raise UsageError("TIMESTAMP_FIELD holds text that is not a date and time. Fix it or set it to NULL (NULL "
                         "timestamps are counted as missing).")
    if not exact.trips:
        raise UsageError("No record has a user id in USER_FIELD and a trip id in TRIP_FIELD.")
    if not exact.inside:
        raise UsageError("No trip start or end lies inside the zones: check that the records and ZONES (or "
                         "EXTENT) overlap and that the coordinates are longitude/latitude.")
    log(f"Spark aggregate: {time.perf_counter() - started:.1f} s.")
    if trial:
        sections = partial(trial_sections, spec, bound.epsilon, choice=bound.choice)  # as in QGIS's trial run
        return log_results(trial_results(bound.fields(spec.record_fields()), budget, log, figures=sections), log)
    bound.charged(budget)(spec.record_fields())  # before any noise, as the plugin reserves
    release = release_spark_mobility_report(exact.statistics, exact.trips, spec, source.generator)
    lines = report_notes(bound.epsilon, release, spec, (bound.m, bound.choice.epsilon) if bound.automatic else None)
    record = spark_record("mobilityreport", bound.fields(release.record_fields), input_name=get("INPUT"),
                          seeded=source.seeded, notes=lines, **budget.record_fields())
    write_report(release, spec, cells, record, lines, get("OUTPUT_HTML"), get("OUTPUT_VISITS"), get("OUTPUT_FLOWS"),
                 wgs84_wkt())
    return log_results({"OUTPUT_HTML": get("OUTPUT_HTML"), "OUTPUT_VISITS": get("OUTPUT_VISITS"),
                        "OUTPUT_FLOWS": get("OUTPUT_FLOWS"), "EPSILON_SPENT": record.epsilon,
                        "DELTA_SPENT": record.delta, **({} if record.rho is None else {"RHO_SPENT": record.rho})},
                       log)
