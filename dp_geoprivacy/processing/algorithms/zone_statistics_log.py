"""What noisyzonestatistics writes beside its figures: the private log of cleaning and bounding, and the notes.

The log's counts are raw (private, do not publish): they go through ``log_private`` only.
The notes name public settings only, so they may go into the record. The strings keep
the algorithm's translation context, "NoisyZoneStatistics".
"""

from ...core.releases.publication import log_private
from ...translation import translate


def log_counts(feedback, counts, value_field, user_field, time_field, day_field, spec):
    """What the cleaning rules and the bounding did (raw counts: for the private log only, never published)."""
    if counts.null_values:
        log_private(feedback, translate("NoisyZoneStatistics", "Dropped {n} points whose value ({field}) is NULL."),
                    warning=True, n=counts.null_values, field=value_field)
    if counts.null_slots:
        log_private(feedback, translate("NoisyZoneStatistics", "Dropped {n} points whose time ({field}) is NULL."),
                    warning=True, n=counts.null_slots, field=time_field)
    if counts.null_users:
        log_private(feedback, translate(
            "NoisyZoneStatistics",
            "Dropped {n} points whose user id ({field}) is NULL or empty: a NULL could hide the same user "
            "twice and break the bound per user."), warning=True, n=counts.null_users, field=user_field)
    if counts.null_days:
        log_private(feedback, translate("NoisyZoneStatistics", "Dropped {n} points whose day ({field}) is NULL."),
                    warning=True, n=counts.null_days, field=day_field)
    if counts.outside:
        log_private(feedback, translate("NoisyZoneStatistics", "Dropped {n} points in no zone."), n=counts.outside)
    if counts.clamped_below or counts.clamped_above:
        log_private(feedback, translate(
            "NoisyZoneStatistics",
            "Clamped {below} values below LOWER ({lower:g}) and {above} above UPPER ({upper:g}) to the "
            "bounds."), warning=True, below=counts.clamped_below, above=counts.clamped_above, lower=spec.lower,
            upper=spec.upper)
    if counts.dropped_by_bound:
        log_private(feedback, translate(
            "NoisyZoneStatistics",
            "Contribution bound: {n} points beyond the bound were left out (sampled uniformly)."),
            n=counts.dropped_by_bound)
    log_private(feedback, translate("NoisyZoneStatistics", "{kept} of {records} points were aggregated."),
                kept=counts.kept, records=counts.records)


def notes(cells, value_field, time_field, slot_kind, spec):
    """The record's notes: which cells, statistic, slots and support rule (public settings only)."""
    lines = [translate("NoisyZoneStatistics", "Cells: {cells}.").format(cells=cells.description),
             translate("NoisyZoneStatistics", "Statistic {statistic} of field {field}.").format(
                 statistic=spec.statistic, field=value_field)]
    if time_field:
        lines.append(translate("NoisyZoneStatistics", "Per time slot ({kind}) of field {field}.").format(
            kind=slot_kind, field=time_field))
    if spec.min_support > 0:
        lines.append(translate(
            "NoisyZoneStatistics",
            "Only cells whose noisy count reached {t:g} are published; a missing cell does not mean zero.").format(
            t=spec.min_support))
    return lines
