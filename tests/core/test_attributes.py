import numpy as np

from dp_geoprivacy.core.attributes import COORDINATES, IDENTIFIER, identifying_columns

XY = np.array([[500000.5, 4500000.25], [500010.0, 4500020.0], [500030.0, 4500005.0], [500040.0, 4500050.0]])


def test_coordinate_columns_are_found():
    columns = {"x": XY[:, 0].copy(), "northing": XY[:, 1].copy(), "persons": np.array([2, 3, 2, 1])}
    assert identifying_columns(columns, XY) == {"x": COORDINATES, "northing": COORDINATES}


def test_keys_are_found_but_repeated_values_are_not():
    columns = {
        "hh_id": np.array([11, 12, 13, 14]),
        "card": np.array(["a", "b", "c", "d"], dtype=object),
        "mode": np.array(["bus", "car", "bus", "walk"], dtype=object),
        "persons": np.array([2, 3, 2, 1]),
    }
    assert identifying_columns(columns, XY) == {"hh_id": IDENTIFIER, "card": IDENTIFIER}


def test_mostly_null_columns_are_not_keys():
    columns = {"note": np.array([None, None, "x", None], dtype=object), "w": np.array([np.nan, 1.0, np.nan, 2.0])}
    assert identifying_columns(columns, XY) == {}


def test_a_single_row_has_no_key():
    assert identifying_columns({"a": np.array([5])}, XY[:1]) == {}
