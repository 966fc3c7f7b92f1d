"""The mobility report's bulk reading (issue 24, speed): the same values as reading each value on its own.

Points come as one block of WKB, text as UTF-8 bytes (numpy "S"), ISO timestamps are parsed by numpy in one
call; anything the bulk path cannot take goes the per-value way, with the same result or the same refusal.
"""

import struct

import numpy as np
import pytest
import shapely

from dp_geoprivacy.processing.mobility_input import TimestampError, _fixed_iso_seconds, seconds_of
from dp_geoprivacy.processing.readers import joined_column, text_bytes, wkb_point_coordinates

# 2014-06-02 05:30:00 as seconds since 1970-01-01 (clock time written), computed by hand: 16223 days.
T = 16223 * 86400 + 5 * 3600 + 30 * 60


def as_bytes(texts, mask):
    """Text as read_table(text_as_bytes=True) gives it: masked UTF-8 bytes."""
    return np.ma.array(np.array([t.encode() for t in texts], dtype="S"), mask=mask)


@pytest.mark.parametrize("kind", ["str", "bytes"])
def test_iso_timestamps_in_bulk_read_as_one_by_one(kind):
    texts = ["2014-06-02 05:30:00", "2014-06-02T05:30:00.250", " 2014-06-02 05:30:00", "2014-06-02",
             "2014-06-02 05:30:00Z", "2014-06-02T05:30:00+02:00", "", "x"]
    mask = [False] * 7 + [True]  # the last is NULL (masked): never read
    values = (np.ma.array(np.array(texts, dtype=object), mask=mask) if kind == "str" else as_bytes(texts, mask))
    out = seconds_of(values)
    # a time-zone suffix is dropped (clock time written), empty text is NULL
    expected = [T, T + 0.25, T, 16223 * 86400, T, T, np.nan, np.nan]
    np.testing.assert_array_equal(out, expected)
    plain = seconds_of(np.array(texts[:4], dtype=object))  # the bulk path alone (every value ISO)
    np.testing.assert_array_equal(plain, expected[:4])


@pytest.mark.parametrize("bad", ["2014-6-2", "2014-06-02 05:30:00é", "tomorrow"])
def test_unreadable_timestamp_is_refused_with_its_text(bad):
    """A value numpy cannot read as a date: TimestampError naming it (never a crash: numpy 1.26 crashes when a
    bytes value it casts to a date is not one, so bytes become text first)."""
    for values in (np.array(["2014-06-02 05:30:00", bad], dtype=object),
                   as_bytes(["2014-06-02 05:30:00", bad], [False, False])):
        with pytest.raises(TimestampError, match=bad):
            seconds_of(values)


def test_fixed_form_timestamps_read_from_their_digits_as_numpy_reads_them():
    """Bytes all "YYYY-MM-DD HH:MM:SS" (or T) are read from their digits (issue 24, speed): the seconds numpy's
    parsing gives, over leap days, month and year ends, before 1970 and years 1 to 9999; NULLs stay NaN."""
    rng = np.random.default_rng(3)
    seconds = np.r_[rng.integers(-62135596800, 253402300799, 20000), 951782400, 951868799, -1, 0, 1709164800]
    texts = np.datetime_as_string(seconds.astype("datetime64[s]")).astype(object)
    texts[::2] = [t.replace("T", " ") for t in texts[::2]]
    mask = np.zeros(len(texts), bool)
    mask[::7] = True
    out = seconds_of(as_bytes(texts.tolist(), mask))
    np.testing.assert_array_equal(out, np.where(mask, np.nan, seconds.astype(float)))


@pytest.mark.parametrize("bad", ["2014-02-29 00:00:00", "2014-13-01 00:00:00", "2014-04-31 00:00:00",
                                 "2014-01-01 23:60:00", "2014-01-0a 00:00:00", "2014/01/01 00:00:00"])
def test_fixed_form_timestamp_that_is_no_date_is_refused_with_its_text(bad):
    with pytest.raises(TimestampError, match=bad):
        seconds_of(as_bytes(["2014-06-02 05:30:00", bad], [False, False]))

def wkb_point(x, y, big_endian=False):
    return struct.pack(">BIdd" if big_endian else "<BIdd", 0 if big_endian else 1, 1, x, y)


def test_wkb_points_read_in_one_block_as_through_shapely():
    blobs = np.array([wkb_point(1.5, 2.5), None, shapely.to_wkb(shapely.Point()), wkb_point(-3.0, 4.0)],
                     dtype=object)
    missing = np.array([False, True, False, False])
    xy = wkb_point_coordinates(blobs, missing)
    np.testing.assert_array_equal(xy, [[1.5, 2.5], [np.nan, np.nan], [np.nan, np.nan], [-3.0, 4.0]])
    # anything else (big-endian, 3D) goes through shapely, with the same rows
    mixed = np.array([wkb_point(1.5, 2.5, big_endian=True), None, shapely.to_wkb(shapely.Point(7, 8, 9)), b""],
                     dtype=object)
    xy = wkb_point_coordinates(mixed, np.array([False, False, False, False]))
    np.testing.assert_array_equal(xy, [[1.5, 2.5], [np.nan, np.nan], [7.0, 8.0], [np.nan, np.nan]])
    # as GDAL's Arrow stream gives a point layer's geometries: fixed-width bytes (numpy "V21"), read without a
    # copy per value; the same rows; a big-endian point among them still goes through shapely
    fixed = np.array([wkb_point(1.5, 2.5), b"\0" * 21, shapely.to_wkb(shapely.Point()), wkb_point(-3.0, 4.0)],
                     dtype="V21")
    np.testing.assert_array_equal(wkb_point_coordinates(fixed, missing),
                                  [[1.5, 2.5], [np.nan, np.nan], [np.nan, np.nan], [-3.0, 4.0]])
    fixed[3] = np.void(wkb_point(-3.0, 4.0, big_endian=True))
    np.testing.assert_array_equal(wkb_point_coordinates(fixed, missing),
                                  [[1.5, 2.5], [np.nan, np.nan], [np.nan, np.nan], [-3.0, 4.0]])


def test_text_as_bytes_keeps_nulls_and_any_text():
    """Masked bytes where every batch is bytes; a batch of str beyond ASCII makes the column str objects, NULL
    as None, equal to what column_values gives."""
    first = np.ma.array(np.array([b"a\xc3\xa9", None, b"b"], dtype=object), mask=[False, True, False])
    part = text_bytes(first)
    assert part.dtype.kind == "S" and part.mask.tolist() == [False, True, False]
    joined = joined_column([part, text_bytes(np.ma.array(np.array([b"c"], dtype=object), mask=[False]))])
    assert isinstance(joined, np.ma.MaskedArray) and joined.mask.tolist() == [False, True, False, False]
    assert [v.decode() for v in joined.compressed().tolist()] == ["aé", "b", "c"]
    assert text_bytes(np.ma.array(np.array(["é"], dtype=object), mask=[False])) is None
    mixed = joined_column([part, np.array(["é"], dtype=object)])
    assert mixed.dtype == object and mixed.tolist() == ["aé", None, "b", "é"]


def test_fixed_form_timestamps_read_chunk_by_chunk_as_in_one_block():
    """Issue 24 (speed): the digits are read a chunk of rows at a time; any chunk size gives the one-block seconds
    (NULLs masked chunk by chunk), and a value not in the fixed form in the last chunk hands the whole column to
    numpy's reading (None here)."""
    seconds = T + np.arange(100) * 3_601
    texts = np.datetime_as_string(seconds.astype("datetime64[s]")).tolist()
    mask = np.arange(100) % 9 == 4
    data = as_bytes(texts, mask)
    whole = _fixed_iso_seconds(np.ma.getdata(data), np.ma.getmaskarray(data), chunk=100)
    np.testing.assert_array_equal(whole, np.where(mask, np.nan, seconds.astype(float)))
    for chunk in (1, 7, 64):
        np.testing.assert_array_equal(_fixed_iso_seconds(np.ma.getdata(data), np.ma.getmaskarray(data), chunk), whole)
    late = as_bytes(texts[:-1] + ["2014/06/02 05:30:00"], mask)
    assert _fixed_iso_seconds(np.ma.getdata(late), np.ma.getmaskarray(late), chunk=7) is None
