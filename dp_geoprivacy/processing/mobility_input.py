"""The input of dp_geoprivacy:mobilityreport: trip records or trip lines read in bulk into core MobilityData.

Trip records (one row per trip start and end) are paired by
``core.releases.mobility_report.pair_trip_records`` (a trip is (user, trip id));
trip lines give one trip per row (origin: first vertex, destination: last).
"""

import warnings

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import QgsProcessingException

from ..core.releases import mobility_analyses as ma
from ..core.releases.mobility_report import MobilityData, pair_trip_records
from ..core.releases.publication import log_private
from ..core.releases.release import is_null
from ..translation import tr
from .metric_crs import crs_transformer
from .readers import read_table
from .zone_source import cell_set_from_parameters, wgs84


class TimestampError(ValueError):
    """A timestamp that is not NULL but cannot be read."""


def seconds_of(values) -> np.ndarray:
    """Seconds since 1970-01-01 (clock time written) of date-time values; NaN for NULL; TimestampError if unreadable."""
    values = np.ma.asarray(values)
    data, mask = np.ma.getdata(values), np.ma.getmaskarray(values)
    if data.dtype.kind == "M":
        out = data.astype("datetime64[ms]").astype(np.int64) / 1000.0
        out[np.isnat(data) | mask] = np.nan
        return out
    out = _iso_seconds(data, mask)
    if out is not None:
        return out
    out = np.full(len(data), np.nan)
    for i, v in enumerate(data.tolist()):
        v = v.decode("utf-8", "replace") if isinstance(v, bytes) else v
        if mask[i] or v is None or (isinstance(v, float) and v != v) or (isinstance(v, str) and not v.strip()):
            continue
        try:
            text = v.isoformat() if hasattr(v, "isoformat") else str(v).strip().replace(" ", "T", 1)
            text = text.rstrip("Z").split("+")[0]
            out[i] = np.datetime64(text, "ms").astype(np.int64) / 1000.0
        except (ValueError, TypeError):
            raise TimestampError(repr(v)) from None
    return out


def _iso_seconds(data, mask):
    """seconds_of in bulk for text that numpy reads as it is (ISO 8601 without a time zone, no NULL, no empty
    text: what the per-value reading gives the same result for); None when any value needs that reading."""
    if data.dtype.kind not in "OUS" or not len(data):
        return None
    out = _fixed_iso_seconds(data, mask)
    if out is not None:
        return out
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a time-zone suffix: numpy would shift it; the per-value reading drops it
        try:
            # Bytes become text first (ASCII, else the per-value reading): numpy 1.26 crashes on a bytes value
            # it cannot read as a date and time, but raises for text.
            parsed = data[~mask].astype(str).astype("datetime64[ms]")
        except (ValueError, TypeError, OverflowError, Warning):
            return None
    if np.isnat(parsed).any():  # empty text, "NaT": the per-value reading decides
        return None
    out = np.full(len(data), np.nan)
    out[~mask] = parsed.astype(np.int64) / 1000.0
    return out


def _fixed_iso_seconds(data, mask, chunk=1 << 16):
    """_iso_seconds for bytes that are all "YYYY-MM-DD HH:MM:SS" (or a T between): their digits read as numbers,
    10 times faster than numpy's text parsing (which gives the same seconds); None when any value is not in that
    form or not a valid date and time (numpy's reading then decides). Read ``chunk`` rows at a time: the temporary
    arrays (some 40 bytes a row) stay small and are reused, where whole-column ones cost page faults in a fresh
    process."""
    if data.dtype.kind != "S" or data.dtype.itemsize < 19 or mask.all():
        return None
    out = np.full(len(data), np.nan)
    for begin in range(0, len(data), chunk):
        rows = slice(begin, begin + chunk)
        present = ~mask[rows]
        seconds = _fixed_iso_chunk(np.ascontiguousarray(data[rows][present]).view(np.uint8).reshape(
            -1, data.dtype.itemsize))
        if seconds is None:
            return None
        out[rows][present] = seconds
    return out


def _fixed_iso_chunk(raw):
    """Seconds of rows of "YYYY-MM-DD HH:MM:SS" bytes (``raw``: one row of uint8 per value), or None (see
    _fixed_iso_seconds)."""
    if raw.shape[1] > 19 and raw[:, 19].any():  # longer text: fractions, a time zone
        return None
    if not ((raw[:, [4, 7, 13, 16]] == np.frombuffer(b"--::", np.uint8)).all()
            and ((raw[:, 10] == ord(" ")) | (raw[:, 10] == ord("T"))).all()):
        return None
    d = raw[:, np.r_[0:4, 5:7, 8:10, 11:13, 14:16, 17:19]] - np.uint8(ord("0"))  # wraps below "0": > 9
    if (d > 9).any():
        return None
    tens = d[:, 0::2].astype(np.int32) * 10 + d[:, 1::2]  # century, year of the century, month, day, h, min, s
    year, (month, day, hour, minute, second) = tens[:, 0] * 100 + tens[:, 1], tens[:, 2:].T
    months = np.clip(year * 12 + month - 1, 0, len(MONTH_FIRST_DAY) - 2)  # month 0 or 13: refused below
    first = MONTH_FIRST_DAY[months]
    length = MONTH_FIRST_DAY[months + 1] - first
    if (((month < 1) | (month > 12) | (day < 1) | (day > length) | (hour > 23) | (minute > 59)
         | (second > 59)).any()):
        return None
    return (((first + day - 1) * 24 + hour) * 60 + minute) * 60.0 + second


# Days from 1970-01-01 to the first of each month from January of year 0 to January of year 10000, as numpy's
# datetime64 counts them (proleptic Gregorian): looked up per timestamp, faster than casting each one.
MONTH_FIRST_DAY = np.arange(-1970 * 12, (10000 - 1970) * 12 + 1).astype("datetime64[M]").astype(
    "datetime64[D]").astype(np.int64)


def read_mobility_data(alg, parameters, context, feedback):
    """(table, field names, public zones, MobilityData) from the algorithm's INPUT and field parameters."""
    fields = {n: alg.parameterAsString(parameters, n, context) for n in (
        alg.USER_FIELD, alg.TRIP_FIELD, alg.TIMESTAMP_FIELD, alg.END_TIMESTAMP_FIELD, alg.X_FIELD,
        alg.Y_FIELD)}
    xy_fields = (fields[alg.X_FIELD], fields[alg.Y_FIELD])
    if bool(xy_fields[0]) != bool(xy_fields[1]):
        raise QgsProcessingException(tr("Give both X_FIELD and Y_FIELD, or neither to use point geometries."))
    table = read_table(alg, parameters, alg.INPUT, context, feedback,
                       fields=tuple(f for f in fields.values() if f), geometry=not xy_fields[0], point_xy=True,
                       text_as_bytes=True)
    if not len(table.fids):  # a refusal before any release: nothing is published
        raise QgsProcessingException(tr(
            "INPUT has no records (the layer is empty): give a layer with the trip records (one row per start and "
            "end) or trip lines."))
    crs = alg.parameterAsCrs(parameters, alg.COORDINATES_CRS, context) if xy_fields[0] else None
    crs = crs if crs is not None and crs.isValid() else table.crs
    if not crs.isValid():
        raise QgsProcessingException(tr("INPUT has no CRS: set COORDINATES_CRS or the layer's CRS."))
    lines = not xy_fields[0] and ogr.GT_Flatten(table.ogr_geometry_type) in (ogr.wkbLineString,
                                                                              ogr.wkbMultiLineString)
    if not lines and not fields[alg.TRIP_FIELD]:
        raise QgsProcessingException(tr(
            "TRIP_FIELD is needed for trip records (one row per start and end); or give trip lines."))
    if lines:
        xy = line_ends(table.geometries)
    elif xy_fields[0]:
        xy = np.column_stack([np.asarray(np.ma.filled(np.ma.asarray(table.columns[f], dtype=float), np.nan))
                              for f in xy_fields]) if len(table.fids) else np.empty((0, 2))
    elif table.point_xy is not None:
        xy = table.point_xy
        if len(xy) and np.isnan(xy).any(axis=1).all():
            raise QgsProcessingException(tr(
                "INPUT has no point geometries: give a point layer, or X_FIELD and Y_FIELD."))
    else:
        geoms = table.geometries
        ok = ~shapely.is_missing(geoms) & ~shapely.is_empty(geoms) & (shapely.get_type_id(geoms) == 0)
        if len(geoms) and not ok.any():
            raise QgsProcessingException(tr(
                "INPUT has no point geometries: give a point layer, or X_FIELD and Y_FIELD."))
        xy = np.full((len(geoms), 2), np.nan)
        if ok.any():
            xy[ok] = shapely.get_coordinates(geoms[ok])[:, :2]
    try:
        seconds = seconds_of(table.columns[fields[alg.TIMESTAMP_FIELD]])
        end_seconds = (seconds_of(table.columns[fields[alg.END_TIMESTAMP_FIELD]])
                       if lines and fields[alg.END_TIMESTAMP_FIELD] else np.full(len(seconds), np.nan))
    except TimestampError as error:
        raise QgsProcessingException(tr(
            "TIMESTAMP_FIELD holds a value that is not a date and time: {value}. Fix it or set it to NULL "
            "(NULL timestamps are counted as missing).").format(value=str(error))) from None
    cells = cell_set_from_parameters(alg, parameters, context, feedback, points_crs=crs, require_public=True)
    if lines:
        data = line_trips(table.columns[fields[alg.USER_FIELD]], seconds, end_seconds, xy, crs, cells,
                                feedback)
    else:
        data = record_trips(table.columns[fields[alg.USER_FIELD]], table.columns[fields[alg.TRIP_FIELD]],
                           seconds, xy, crs, cells, feedback)
    return table, fields, cells, data


def line_ends(geoms):
    """(n, 4): x, y of the first vertex and of the last (of a multi-line: first part's first, last part's last)."""
    out = np.full((len(geoms), 4), np.nan)
    for i, g in enumerate(geoms.tolist()):
        if g is None or g.is_empty:
            continue
        first = g if g.geom_type == "LineString" else shapely.get_geometry(g, 0)
        last = g if g.geom_type == "LineString" else shapely.get_geometry(g, -1)
        a, b = np.asarray(first.coords)[0], np.asarray(last.coords)[-1]
        out[i] = a[0], a[1], b[0], b[1]
    return out


def zones_and_lonlat(xy, crs, cells, feedback):
    transform = crs_transformer(crs, wgs84())
    lonlat = transform(xy) if transform is not None and len(xy) else xy.copy()
    located = ~np.isnan(xy).any(axis=1)
    lonlat[~located] = np.nan  # PROJ gives inf for NaN: an end without a location stays missing
    zone = np.full(len(xy), ma.MISSING, dtype=np.int64)
    if located.any():
        zone[located] = cells.assigner(crs, feedback)(xy[located])
    return lonlat, zone


def line_trips(user, start, end, ends, crs, cells, feedback):
    """Trip lines: one trip per row (both ends, or none when the geometry is missing)."""
    user = np.ma.asarray(user)
    n = len(user)
    lonlat, zone = zones_and_lonlat(np.concatenate((ends[:, :2], ends[:, 2:])), crs, cells, feedback)
    return MobilityData(user, np.ones(n, bool), np.ones(n, bool), start, end, lonlat[:n], lonlat[n:], zone[:n],
                        zone[n:], len(cells))


def record_trips(user, trip, seconds, xy, crs, cells, feedback):
    """Pair the rows of each (user, trip id) into trips (core.releases.mobility_report.pair_trip_records)."""
    user, trip = np.ma.asarray(user), np.ma.asarray(trip)
    bad = is_null(trip)
    if bad.any():
        log_private(feedback, tr("Dropped {n} rows with a NULL trip id."), warning=True, n=int(bad.sum()))
        keep = ~bad
        user, trip, seconds, xy = user[keep], trip[keep], seconds[keep], xy[keep]
    if not len(trip):
        raise QgsProcessingException(tr("No record has a trip id in TRIP_FIELD."))
    lonlat, zone = zones_and_lonlat(xy, crs, cells, feedback)
    data = pair_trip_records(user, trip, seconds, lonlat, zone, len(cells))
    single = ~data.has_end
    if single.any():
        log_private(feedback, tr("{n} trips have one record only: counted as incomplete."), n=int(single.sum()))
    return data
