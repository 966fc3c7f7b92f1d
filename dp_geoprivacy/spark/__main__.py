"""Command line: python -m dp_geoprivacy.spark ALGORITHM NAME=VALUE ... (noisyzonecounts, noisyzonestatistics,
noisyodflows, mobilityreport)

Parameters have the names and meanings of the Processing algorithms
dp_geoprivacy:noisyzonecounts, noisyzonestatistics and noisyodflows (enums as
their index: NOISE 0 Laplace / 1 discrete Laplace, THRESHOLD 0 / 1,
TIME_SLOT 0 hour / 1 four-hour / 2 weekday; STATISTIC 0 count / 1 sum / 2
mean / 3 count above LIMIT per day / 4 median / 5 quartiles / 6 five-number
summary; UNIT 0 record / 1 user / 2 user-day). INPUT: a Parquet or GeoParquet path
(file or folder), or CSV (header row), ORC or JSON lines, by its extension or
INPUT_FORMAT (parquet, csv, orc, json); from CSV the coordinate, value and
time columns are read as numbers and ISO times (what is not one is NULL).
Points: LON_FIELD and LAT_FIELD, or GEOMETRY_FIELD (WKB points), in
longitude/latitude. Zones: ZONES (GeoPackage) [ZONE_ID_FIELD, ALLOW_OVERLAP
(counts only)] or H3_RESOLUTION with EXTENT ('xmin,xmax,ymin,ymax
[EPSG:4326]'). Timestamps are read in UTC.

noisyzonestatistics: VALUE_FIELD, STATISTIC, LOWER, UPPER (public bounds),
LIMIT and DAYS (count above LIMIT), UNIT, USER_FIELD, MAX_CONTRIBUTIONS (M;
per cell for user-days), MAX_CELLS_PER_DAY (K, user-days), TIME_FIELD,
TIME_SLOT, DAY_FIELD (user-days; default the date of TIME_FIELD),
PER_UNIT_MEAN (user-days: each user-day's mean per cell, the ITMS report Query 1),
MIN_SUPPORT, SUPPORT_SHARE, MEAN_SUM_SHARE, QUANTILE_GRID, NOISE (0 Laplace;
2 with DELTA > 0: the discrete Gaussian for the count and the sum, rho in the
record and the ledger entry; 1 is not offered), OUTPUT.

noisyodflows: ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD, or
GEOMETRY_FIELD (WKB lines: origin = first vertex, destination = last),
USER_FIELD, MAX_TRIPS, MIN_FLOW, INCLUDE_INTRAZONAL, zones as above (no
overlap), OUTPUT_FLOWS (flow lines) and/or OUTPUT_MATRIX (the table origin_id,
dest_id, noisy_count), both written or neither.

mobilityreport (alias mobility-report; dp_geoprivacy:mobilityreport): trip
records (one row per trip start and end), USER_FIELD, TRIP_FIELD,
TIMESTAMP_FIELD (timestamp, date or ISO text), points as above, zones as
above (no overlap), MAX_TRIPS_PER_USER, ANALYSES (names or indices, comma
separated), BUDGET_SPLIT, MAX_TRAVEL_TIME, MAX_JUMP_LENGTH, MAX_TIME_BETWEEN,
MAX_RADIUS, TRAVEL_TIME_BIN, JUMP_LENGTH_BIN, TIME_BETWEEN_BIN, RADIUS_BIN,
MAX_TILES_PER_USER, TIME_START, TIME_END, TOP_N_FLOWS, OD_DELTA, ITEM_LEVEL,
NOISE (0 Laplace; 2 with DELTA > 0: visits per zone by the discrete Gaussian,
OD flows by Gaussian thresholding at OD_DELTA, the record and ledger entry
with rho when the report is zCDP; 1 is not offered), BUCKETS (groups of whole
users, default 64), OUTPUT_HTML, OUTPUT_VISITS and OUTPUT_FLOWS (all three
written, or none). DRY_RUN=true: a trial run; every input is read and
checked, the epsilon, delta (and rho) the report would spend are printed with
each section's planned accuracy (SECTIONS_ACCURACY, the accuracy planner's rows), and
with LEDGER what the ledger holds and whether BUDGET would refuse; no output,
no ledger entry, no noise (an automatic M is not drawn: the figures are for
AUTO_MAX_BOUND).

DRY_RUN=true (every command): a trial run; the inputs are read and checked as
the real run reads them, the epsilon, delta (and rho), noise scale and
sensitivity the release would spend are printed with the accuracy planner's
figures for its mechanism, and with LEDGER what the ledger holds and whether
BUDGET would refuse; no output (OUTPUT may be left out), no ledger entry, no
noise (automatic M and value bounds are not drawn: the figures are for
AUTO_MAX_BOUND and the declared LOWER/UPPER).

All: EPSILON, DELTA, SEED; LEDGER (the publisher's private JSON ledger,
appended to before any noise is drawn; never one of the outputs), BUDGET
(needs LEDGER, a finite number; a release that would exceed it is refused,
exit status 3, nothing written; BUDGET_DELTA: the delta allowed with it, so
that the zCDP route of Gaussian releases may show it is met), or BUDGET_RHO
(a zCDP budget instead of BUDGET), PARTITION (e.g. day=Mon: only those rows
are released), DATASET (a name joining copies in the ledger), ROWS_PER_PERSON
(at most k units of privacy per person); MASTER: the Spark master (default
local[*]). MAX_CONTRIBUTIONS / MAX_TRIPS / MAX_TRIPS_PER_USER = 0: M chosen
privately (needs USER_FIELD; AUTO_SHARE of EPSILON, default 0.05, over
1..AUTO_MAX_BOUND, default 50; noisyzonestatistics with UNIT 1 only);
AUTO_OCCUPANCY (0 to 1): the declared share of zones expected to hold data,
which the choice weighs the noise on (public, costs no epsilon; default 1,
0 for OD flows), as in QGIS.
noisyzonestatistics: AUTO_VALUE_BOUNDS=true (UNIT 0 or 1): LOWER and UPPER
are the declared public range and the bounds used are chosen inside it, the
private 2nd and 98th percentiles of the values, with another AUTO_SHARE of
EPSILON (both in the record and the ledger entry). With NOISE=2 each choice
takes its epsilon^2/2 of rho(EPSILON, DELTA); where the choices would take
all of it the run is refused, naming the largest AUTO_SHARE that fits.
"""

import sys
import time
from dataclasses import replace
from functools import partial

import numpy as np

from ..core.releases.publication import private_text
from .auto_bound import SparkBound, SparkValueBounds
from .cli import (  # noqa: F401 (UsageError and the helpers are this command line's API, as before the split)
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
from .gpkg import write_layers
from .ledger import BudgetRefusedError
from .mobility_cli import mobility_report
from .trial import TrialFinished, requested, trial_results

ALGORITHMS = ("noisyzonecounts", "noisyzonestatistics", "noisyodflows", "mobilityreport", "mobility-report")
REFUSED = 3


def parse(arguments):
    if not arguments or arguments[0] not in ALGORITHMS:
        raise UsageError(f"first argument: one of {', '.join(ALGORITHMS)}")
    values = {}
    for item in arguments[1:]:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"parameters are NAME=VALUE, got {item!r}")
        values[name.strip().upper()] = value
    return arguments[0], values


def noisy_zone_counts(values, spark=None, log=print):
    """Run noisyzonecounts from parameter values (strings, as on the command line); returns the results."""
    from .zone_counts import PointColumns, privacy_record, record_notes, release_spark_zone_counts, zone_count_spec

    get = values.get
    trial = requested(values)
    require(values, "INPUT", "EPSILON", *(() if trial else ("OUTPUT",)))
    columns = PointColumns(**point_columns(values), user=get("USER_FIELD") or None, time=get("TIME_FIELD") or None)
    cells = cells_from(values)
    spec_at = partial(
        zone_count_spec, delta=number(values, "DELTA", 0.0), noise=number(values, "NOISE", 0, int),
        threshold=number(values, "THRESHOLD", 0, int), user_field=columns.user, time_field=columns.time,
        time_slot=number(values, "TIME_SLOT", 0, int), top_k=number(values, "TOP_K", 0, int),
        clamp=str(get("CLAMP", "true")).lower() in TRUE, cells_per_point=cells.cells_per_point)
    kind = spec_at(epsilon=1.0)
    slots = len(kind.slot_labels) if columns.time else 1
    bound = SparkBound.from_values(values, "MAX_CONTRIBUTIONS", number(values, "EPSILON"), len(cells) * slots + 1,
                                   log=log, trial=trial, noise=kind.noise, delta=kind.delta)
    spec = spec_at(epsilon=bound.epsilon_release, max_contributions=max(bound.m, 1))
    source = noise_from(values, log)
    log(f"Counting in {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    budget = Budget(values, "noisyzonecounts", read_input(spark, values), get("OUTPUT"), log,
                    point_geometry(values))
    started = time.perf_counter()
    if bound.automatic:  # records per user counted on the executors; M drawn first, as QGIS draws it
        m = bound.choose(budget.rows, columns.user, source.generator, location=point_columns(values))
        spec = spec_at(epsilon=bound.epsilon_release, max_contributions=m)
    try:
        release, aggregate = release_spark_zone_counts(budget.rows, cells, columns, spec, source.generator,
                                                       before_noise=bound.charged(budget))
    except TrialFinished as stop:  # DRY_RUN: the inputs read and checked, nothing drawn (spark/trial.py)
        return log_results(trial_results(stop.fields, budget, log), log)
    release = bound.released(release)
    facts = release.facts
    log(f"Spark aggregate and release: {time.perf_counter() - started:.1f} s.")
    log(private_text("{records} points ({null_users} with a NULL user, {null_times} with a NULL time dropped; "
                     "{dropped_by_bound} beyond M per user left out).", records=aggregate.records,
                     **release.private_facts))
    zone_index, slot_index = release.result["zone_index"], release.result["slot_index"]
    noisy = release.result["noisy_count"]
    columns_out = [("zone_id", "text", cells.ids[zone_index])]
    if columns.time:
        columns_out.append(("time_slot", "text", np.asarray(spec.slot_labels, dtype=object)[slot_index]))
    columns_out += [("noisy_count", "real", noisy), ("moe95", "real", np.full(len(noisy), facts["margin_of_error"]))]
    record = privacy_record(release, input_name=get("INPUT"), seeded=source.seeded,
                            notes=record_notes(cells, facts, spec, columns.time), **budget.record_fields())
    write_layers([(get("OUTPUT"), "noisy_zone_counts", cells.crs_wkt or wgs84_wkt(), cells.geometries(zone_index),
                   columns_out, record, "Noisy zone counts", "polygons")])
    return log_results({"OUTPUT": get("OUTPUT"), "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
                        "SENSITIVITY": record.sensitivity, "NOISE_SCALE": record.noise_scale,
                        "OUTSIDE_COUNT": facts["outside"], "ROWS_WRITTEN": len(noisy)}, log)


def noisy_zone_statistics(values, spark=None, log=print):
    """Run noisyzonestatistics from parameter values; returns the results (as the Processing algorithm's)."""
    from ..core.releases.release import order_by_rank, ranks_from_order
    from ..core.releases.time_slots import slot_labels
    from .cells import id_order
    from .zone_statistics import (
        SLOT_KINDS,
        StatColumns,
        release_spark_zone_statistics,
        spark_zone_statistics_aggregate,
        statistics_record,
        statistics_spec,
        uses_days,
    )

    get = values.get
    trial = requested(values)
    require(values, "INPUT", "EPSILON", "VALUE_FIELD", "LOWER", "UPPER", *(() if trial else ("OUTPUT",)))
    unit = number(values, "UNIT", 0, int)
    if unit not in (0, 1, 2):
        raise UsageError("UNIT must be 0 (one record), 1 (one user) or 2 (one user-day).")
    user_field, time_field = get("USER_FIELD") or None, get("TIME_FIELD") or None
    if unit in (1, 2) and not user_field:
        raise UsageError(f"UNIT {unit} ({('one user', 'one user-day')[unit - 1]}) needs USER_FIELD, the field "
                         "identifying each user (e.g. a vehicle id).")
    if unit == 2 and not get("DAY_FIELD") and not time_field:
        raise UsageError("UNIT 2 (user-day) needs the day of every record: set DAY_FIELD (or a TIME_FIELD with "
                         "dates).")
    per_unit_mean = str(get("PER_UNIT_MEAN", "false")).lower() in TRUE
    statistic = number(values, "STATISTIC", 2, int)
    max_cells = number(values, "MAX_CELLS_PER_DAY", 1, int)
    if max_cells < 1:
        raise UsageError("MAX_CELLS_PER_DAY (K) must be a whole number of at least 1.")
    if per_unit_mean and (unit != 2 or statistic == 3):
        raise UsageError("PER_UNIT_MEAN averages each user-day's values per cell: it needs UNIT=2 (user-day) and a "
                         "statistic other than the count above LIMIT. Clear PER_UNIT_MEAN or set UNIT=2.")
    slot_kind = SLOT_KINDS[number(values, "TIME_SLOT", 0, int)] if time_field else None
    auto_values = SparkValueBounds.requested(values)
    if auto_values and unit == 2:
        raise UsageError("AUTO_VALUE_BOUNDS is for UNIT=0 (record) or 1 (user); with user-days declare LOWER and "
                         "UPPER.")
    if auto_values and statistic == 3:
        raise UsageError("The count above LIMIT needs no value bounds (clamping never moves a value across LIMIT): "
                         "clear AUTO_VALUE_BOUNDS.")
    automatic = number(values, "MAX_CONTRIBUTIONS", 1, int) == 0
    if automatic and unit != 1:
        raise UsageError("MAX_CONTRIBUTIONS=0 (automatic) is for UNIT=1 (user): give M a whole number of at least 1.")
    try:
        spec = statistics_spec(
            statistic=statistic, epsilon=number(values, "EPSILON"),
            lower=number(values, "LOWER"), upper=number(values, "UPPER"), unit=unit,
            max_contributions=max(number(values, "MAX_CONTRIBUTIONS", 1, int), 1),
            max_cells=max_cells, limit=number(values, "LIMIT"),
            days=number(values, "DAYS", kind=int), min_support=number(values, "MIN_SUPPORT", 0.0),
            support_share=number(values, "SUPPORT_SHARE", 0.2), mean_sum_share=number(values, "MEAN_SUM_SHARE", 0.5),
            quantile_grid=number(values, "QUANTILE_GRID", 1001, int), per_unit_mean=per_unit_mean,
            noise=number(values, "NOISE", 0, int), delta=number(values, "DELTA", 0.0))
    except ValueError as error:
        raise UsageError(str(error)) from None
    if spec.delta:
        log("Discrete Gaussian noise on every cell, calibrated to the L2 sensitivity over all cells; accounted as "
            "rho-zCDP and converted to (EPSILON, DELTA).")
    elif number(values, "DELTA", 0.0):
        log("DELTA is only used by NOISE=2; this release spends delta = 0.")
    day_source = (get("DAY_FIELD") or time_field) if uses_days(spec) else None
    columns = StatColumns(value=get("VALUE_FIELD"), **point_columns(values), user=user_field if unit else None,
                          time=time_field, day=day_source)
    cells = cells_from(values, allow_overlap=False)
    labels = slot_labels(slot_kind) if slot_kind else ("",)
    source = noise_from(values, log)
    log(f"Cells: {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    budget = Budget(values, "noisyzonestatistics", read_input(spark, values), get("OUTPUT"), log,
                    point_geometry(values))
    n_cells = len(cells) * len(labels)
    plan = {"noise": spec.noise, "delta": spec.delta, "other_choices": int(auto_values)}
    bound = (SparkBound.from_values(values, "MAX_CONTRIBUTIONS", spec.epsilon, n_cells, log=log, trial=trial, **plan)
             if automatic else SparkBound.fixed(spec.max_contributions, spec.epsilon, values, n_cells, log=log, **plan))
    value_bounds = SparkValueBounds.from_values(values, spec.epsilon, bound.epsilon_release, spec.bounds, log=log,
                                                trial=trial)
    # The choices in the QGIS algorithm's order: M (records per user counted on the executors), then the value
    # bounds (their histogram on the executors), each drawn by the core from the noise generator.
    location = point_columns(values)  # rows without a point are read by neither choice, as in QGIS
    m = (bound.choose(budget.rows, user_field, source.generator, location=location) if bound.automatic
         else spec.max_contributions)
    chosen = value_bounds.choose(budget.rows, get("VALUE_FIELD"), user_field if unit == 1 else None, m,
                                 source.generator, location=location)
    if bound.automatic or value_bounds.choice is not None:
        spec = replace(spec, epsilon=value_bounds.epsilon_release, max_contributions=m, lower=chosen.lower,
                       upper=chosen.upper)

    def whole_run(fields):
        return value_bounds.fields(bound.fields(fields))
    started = time.perf_counter()
    if trial:  # DRY_RUN: the inputs read and checked as the release reads them, then nothing drawn or reserved
        counts = spark_zone_statistics_aggregate(budget.rows, cells, columns, spec, slot_kind,
                                                 source.generator).cleaning
        log_cleaning(counts, log)
        try:
            budget(whole_run(spec.record_fields(n_cells)))
        except TrialFinished as stop:
            return log_results(trial_results(stop.fields, budget, log), log)
    budget(whole_run(spec.record_fields(n_cells)))  # before any noise, as the plugin reserves
    bound.announce()  # the choices' log lines, now that the reservation holds
    value_bounds.announce()
    release, aggregate = release_spark_zone_statistics(budget.rows, cells, columns, spec, slot_kind,
                                                       source.generator)
    log(f"Spark aggregate and release: {time.perf_counter() - started:.1f} s.")
    log_cleaning(aggregate.cleaning, log)
    zone_index, slot_index = np.nonzero(release.published)
    order = order_by_rank(ranks_from_order(id_order(cells.ids)), zone_index, slot_index)
    zone_index, slot_index = zone_index[order], slot_index[order]
    columns_out = [("zone_id", "text", cells.ids[zone_index])]
    if time_field:
        columns_out.append(("time_slot", "text", np.asarray(labels, dtype=object)[slot_index]))
    for j, name in enumerate(release.columns):
        columns_out.append((name, "real", release.values[zone_index, slot_index, j]))
    columns_out.append(("moe95_rank" if release.margin_unit == "ranks" else "moe95", "real",
                        release.margin[zone_index, slot_index, 0]))
    if not np.all(np.isnan(release.support)):
        columns_out.append(("noisy_support", "real", release.support[zone_index, slot_index]))
    record = statistics_record(release, input_name=get("INPUT"), seeded=source.seeded, cells=cells,
                               value_field=get("VALUE_FIELD"), time_field=time_field, slot_kind=slot_kind,
                               mechanism_fields=whole_run(release.record_fields()), **budget.record_fields())
    write_layers([(get("OUTPUT"), "noisy_zone_statistics", cells.crs_wkt or wgs84_wkt(),
                   cells.geometries(zone_index), columns_out, record, "Noisy zone statistics", "polygons")])
    return log_results({"OUTPUT": get("OUTPUT"), "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
                        **({} if record.rho is None else {"RHO_SPENT": record.rho}),
                        "EPSILON_PER_CELL": release.epsilon_per_cell, "SENSITIVITY": record.sensitivity,
                        "NOISE_SCALE": record.noise_scale, "ROWS_WRITTEN": len(zone_index)}, log)


def log_cleaning(counts, log):
    """The zone statistics' cleaning counts (raw: the log only, marked private)."""
    log(private_text("{c.kept} of {c.records} points aggregated (NULL value {c.null_values}, NULL time "
                     "{c.null_slots}, NULL user {c.null_users}, NULL day {c.null_days}, in no zone {c.outside}; "
                     "clamped {c.clamped_below} below LOWER, {c.clamped_above} above UPPER; {c.dropped_by_bound} "
                     "beyond the bound left out).", c=counts))


def noisy_od_flows(values, spark=None, log=print):
    """Run noisyodflows (OUTPUT_FLOWS flow lines and/or OUTPUT_MATRIX table) from parameter values."""
    from ..core.mechanisms.bound_selection import OD_NOISE_COST
    from ..core.releases.od_flows import ODDomain
    from .od_flows import TripColumns, flow_lines, od_flow_spec, od_record, release_spark_od_flows

    get = values.get
    trial = requested(values)
    require(values, "INPUT", "EPSILON")
    flows_path, matrix_path = get("OUTPUT_FLOWS") or None, get("OUTPUT_MATRIX") or None
    if not flows_path and not matrix_path and not trial:
        raise UsageError("Give OUTPUT_FLOWS (flow lines) and/or OUTPUT_MATRIX (the OD table).")
    if flows_path and matrix_path and flows_path == matrix_path:
        raise UsageError("OUTPUT_FLOWS and OUTPUT_MATRIX must be different files.")
    if get("GEOMETRY_FIELD"):
        columns = TripColumns(geometry=get("GEOMETRY_FIELD"), user=get("USER_FIELD") or None)
    else:
        require(values, "ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD", "DEST_Y_FIELD")
        columns = TripColumns(get("ORIGIN_X_FIELD"), get("ORIGIN_Y_FIELD"), get("DEST_X_FIELD"), get("DEST_Y_FIELD"),
                              get("USER_FIELD") or None)
    cells = cells_from(values, allow_overlap=False)
    min_flow = number(values, "MIN_FLOW", 0.0)
    intrazonal = str(get("INCLUDE_INTRAZONAL", "true")).lower() in TRUE
    spec_at = partial(od_flow_spec, delta=number(values, "DELTA", 0.0), noise=number(values, "NOISE", 0, int),
                      threshold=number(values, "THRESHOLD", 0, int), user_field=columns.user, min_flow=min_flow,
                      include_intrazonal=intrazonal)
    kind = spec_at(epsilon=1.0)
    bound = SparkBound.from_values(values, "MAX_TRIPS", number(values, "EPSILON"),
                                   ODDomain(len(cells), intrazonal).size + 1, noise_cost=OD_NOISE_COST, log=log,
                                   trial=trial, noise=kind.noise, delta=kind.delta)
    spec = spec_at(epsilon=bound.epsilon_release, max_trips=max(bound.m, 1))
    source = noise_from(values, log)
    log(f"Counting trips between {cells.description}.")
    spark = spark or session(get("MASTER") or "local[*]")
    geometry = (("wkb", get("GEOMETRY_FIELD")) if get("GEOMETRY_FIELD") else
                ("points", [(get("ORIGIN_X_FIELD"), get("ORIGIN_Y_FIELD")),
                            (get("DEST_X_FIELD"), get("DEST_Y_FIELD"))]))
    budget = Budget(values, "noisyodflows", read_input(spark, values), [flows_path, matrix_path], log,
                    geometry)
    if bound.automatic:  # trips per user counted on the executors; M drawn first, as QGIS draws it
        spec = spec_at(epsilon=bound.epsilon_release, max_trips=bound.choose(budget.rows, columns.user,
                                                                             source.generator))
    try:
        release, _pairs = release_spark_od_flows(budget.rows, cells, columns, spec, source.generator,
                                                 before_noise=bound.charged(budget))
    except TrialFinished as stop:  # DRY_RUN; the public settings the QGIS trial run reports with its figures
        settings = {"min_flow": min_flow, "threshold": int(spec.threshold), "delta": spec.delta if spec.threshold
                    else 0.0, "zones": len(cells), "include_intrazonal": int(intrazonal),
                    "max_trips": spec.max_trips, "noise": spec.noise, "cells": ODDomain(len(cells), intrazonal).size}
        return log_results(trial_results(stop.fields, budget, log, settings), log)
    release = bound.released(release)
    facts = release.facts
    origin, dest = release.result["origin_index"], release.result["dest_index"]
    noisy = release.result["noisy_count"]
    record = od_record(release, input_name=get("INPUT"), seeded=source.seeded, cells=cells, min_flow=min_flow,
                       include_intrazonal=intrazonal, **budget.record_fields())
    flow_columns = [("origin_id", "text", cells.ids[origin]), ("dest_id", "text", cells.ids[dest]),
                    ("noisy_count", "real", noisy), ("moe95", "real", np.full(len(noisy), facts["margin_of_error"]))]
    crs = cells.crs_wkt or wgs84_wkt()
    layers = []
    if flows_path:
        layers.append((flows_path, "noisy_od_flows", crs, flow_lines(cells, origin, dest), flow_columns, record,
                       "Noisy OD flows", "lines"))
    if matrix_path:  # the flows' attributes without moe95, as the plugin's OUTPUT_MATRIX
        layers.append((matrix_path, "noisy_od_matrix", None, None, flow_columns[:3], record, "Noisy OD matrix",
                       "table"))
    write_layers(layers)
    return log_results({"OUTPUT_FLOWS": flows_path, "OUTPUT_MATRIX": matrix_path, "EPSILON_SPENT": record.epsilon,
                        "DELTA_SPENT": record.delta, "SENSITIVITY": record.sensitivity,
                        "NOISE_SCALE": record.noise_scale, "FLOWS_PUBLISHED": facts["published"],
                        "OUTSIDE_FLOWS": facts["outside"]}, log)


RUNS = {"noisyzonecounts": noisy_zone_counts, "noisyzonestatistics": noisy_zone_statistics,
        "noisyodflows": noisy_od_flows, "mobilityreport": mobility_report, "mobility-report": mobility_report}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        algorithm, values = parse(argv)
        RUNS[algorithm](values)
    except UsageError as error:
        print(f"error: {error}\n\n{__doc__}", file=sys.stderr)
        return 2
    except BudgetRefusedError as error:
        print(f"refused: {error}", file=sys.stderr)
        return REFUSED
    return 0


if __name__ == "__main__":
    sys.exit(main())
