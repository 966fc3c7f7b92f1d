"""Time slots of records: hour, Kapp et al. 2023's four-hour windows, weekday, and day keys.

Public declarations only: the slot kinds and their labels are fixed here, never read from
the data. Values that carry no time (or no date, for weekdays and days) raise
TimeSlotError so that the algorithm can refuse the run with the field named.

Everything here is numpy; no QGIS.
"""

import re

import numpy as np

from .release import is_null

HOUR, FOUR_HOURS, WEEKDAY = "hour", "4h", "weekday"
SLOT_KINDS = (HOUR, FOUR_HOURS, WEEKDAY)
NO_SLOT = -1

# Kapp et al. 2023 §3: six four-hour windows starting at 2:00 (2-6, 6-10, ..., 22-2).
FOUR_HOUR_START = 2
WEEKDAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def slot_labels(kind: str) -> tuple:
    """Text labels of the slots of ``kind``, in slot order (the output order)."""
    if kind == HOUR:
        return tuple(f"{h:02d}-{(h + 1) % 24:02d}" for h in range(24))
    if kind == FOUR_HOURS:
        return tuple(f"{(FOUR_HOUR_START + 4 * i) % 24:02d}-{(FOUR_HOUR_START + 4 * i + 4) % 24:02d}"
                     for i in range(6))
    if kind == WEEKDAY:
        return WEEKDAY_NAMES
    raise ValueError(f"time slot kind must be one of {SLOT_KINDS}, got {kind!r}")


_TEXT_TIME = re.compile(
    r"^\s*(?:(\d{4})-(\d{1,2})-(\d{1,2}))?"  # optional date
    r"(?:[T ]?\s*(\d{1,2}):(\d{2})(?::\d{2}(?:[.,]\d*)?)?)?"  # optional time of day
    r"\s*(?:Z|[+-]\d{2}:?\d{2})?\s*$"  # optional zone suffix (ignored)
)
_EPOCH_WEEKDAY = 3  # 1970-01-01 was a Thursday (Monday = 0)


def hour_and_day(values):
    """(hour 0-23 or -1, days since 1970-01-01 or None-mask) of time values.

    Accepts datetime64 arrays, and object arrays of datetime/date/time,
    ISO-like text ('2024-05-01T08:30:00', '2024-05-01 08:30', '08:30:00',
    '2024-05-01') or None. Times are read as the clock time written
    (a time-zone suffix is ignored). Returns (hour, day, has_hour, has_day).
    """
    values = np.asarray(values)
    n = len(values)
    hour = np.full(n, -1, dtype=np.int64)
    day = np.zeros(n, dtype=np.int64)
    has_hour = np.zeros(n, dtype=bool)
    has_day = np.zeros(n, dtype=bool)
    if values.dtype.kind == "M":
        known = ~np.isnat(values)
        unit = np.datetime_data(values.dtype)[0]
        days = values.astype("datetime64[D]").astype(np.int64)
        day[known], has_day[known] = days[known], True
        if unit not in ("Y", "M", "W", "D"):
            ms = values.astype("datetime64[ms]").astype(np.int64)
            hour[known] = (ms[known] // 3_600_000) % 24
            has_hour[known] = True
        return hour, day, has_hour, has_day
    import datetime as dt

    epoch = dt.date(1970, 1, 1)
    for i, v in enumerate(values.tolist()):
        if v is None or (isinstance(v, float) and v != v):
            continue
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        if isinstance(v, dt.datetime):
            hour[i], has_hour[i] = v.hour, True
            day[i], has_day[i] = (v.date() - epoch).days, True
        elif isinstance(v, dt.date):
            day[i], has_day[i] = (v - epoch).days, True
        elif isinstance(v, dt.time):
            hour[i], has_hour[i] = v.hour, True
        elif isinstance(v, str):
            match = _TEXT_TIME.match(v)
            if not match or not v.strip():
                continue
            y, mo, d, h, _mi = match.groups()
            if y is not None:
                try:
                    day[i], has_day[i] = (dt.date(int(y), int(mo), int(d)) - epoch).days, True
                except ValueError:
                    continue
            if h is not None and int(h) < 24:
                hour[i], has_hour[i] = int(h), True
    return hour, day, has_hour, has_day


class TimeSlotError(ValueError):
    """The time values cannot give the requested slots (e.g. weekday from a time of day)."""


def time_slots(values, kind: str) -> np.ndarray:
    """Slot index (0-based, in :func:`slot_labels` order) of each time value; NO_SLOT for NULL.

    Hour: 0-23. Four-hour windows (Kapp et al. 2023): 0 = 02:00-06:00, ..., 5 =
    22:00-02:00. Weekday: 0 = Monday ... 6 = Sunday. Values that are not
    NULL but carry no hour (for HOUR / FOUR_HOURS) or no date (for WEEKDAY)
    raise TimeSlotError, as do unreadable texts.
    """
    slot_labels(kind)
    values = np.asarray(values)
    hour, day, has_hour, has_day = hour_and_day(values)
    null = is_null(values)
    needed = has_day if kind == WEEKDAY else has_hour
    bad = ~null & ~needed
    if bad.any():
        example = values[np.flatnonzero(bad)[0]]
        what = "date" if kind == WEEKDAY else "time of day"
        raise TimeSlotError(f"{int(bad.sum())} time values carry no {what} (e.g. {example!r})")
    slots = np.full(len(values), NO_SLOT, dtype=np.int64)
    if kind == HOUR:
        slots[needed] = hour[needed]
    elif kind == FOUR_HOURS:
        slots[needed] = ((hour[needed] - FOUR_HOUR_START) % 24) // 4
    else:
        slots[needed] = (day[needed] + _EPOCH_WEEKDAY) % 7
    return slots


def day_keys(values) -> np.ma.MaskedArray:
    """A day key per record for per-day statistics (user-days, the ITMS report), masked where NULL.

    Date, date-time and ISO text values give days since 1970-01-01 (read
    by :func:`hour_and_day`); whole numbers (a day number, e.g. 1-31) are
    used as they are. NULL values are masked. Values that are not NULL but
    carry no date (a time of day, unreadable text, a fraction) raise
    TimeSlotError.
    """
    values = np.asarray(values)
    null = is_null(values)
    if values.dtype.kind in "iub" or values.dtype.kind == "f":
        numbers = np.ma.getdata(values).astype(float)
        bad = ~null & ((numbers != np.round(numbers)) | ~np.isfinite(numbers))
        if bad.any():
            raise TimeSlotError(f"{int(bad.sum())} day values are not whole numbers or dates "
                                f"(e.g. {values[np.flatnonzero(bad)[0]]!r})")
        keys = np.where(null, 0, np.nan_to_num(numbers)).astype(np.int64)
        return np.ma.masked_array(keys, mask=null)
    _hour, day, _has_hour, has_day = hour_and_day(values)
    bad = ~null & ~has_day
    if bad.any():
        raise TimeSlotError(f"{int(bad.sum())} day values carry no date (e.g. {values[np.flatnonzero(bad)[0]]!r})")
    return np.ma.masked_array(day, mask=~has_day)
