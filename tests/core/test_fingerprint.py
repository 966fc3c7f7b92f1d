"""The ledger's fingerprint (issue 19 item 7): geometries only, independent of rows' order, columns and format."""

import numpy as np
import shapely

from dp_geoprivacy.core.accounting import fingerprint


def _points(n=200, seed=3):
    rng = np.random.default_rng(seed)
    return rng.uniform(24.0, 25.0, n), rng.uniform(60.0, 61.0, n)


def test_row_order_and_decimal_text_do_not_change_it():
    x, y = _points()
    whole = fingerprint.of_geometries(shapely.points(x, y))
    order = np.random.default_rng(1).permutation(len(x))
    assert fingerprint.of_geometries(shapely.points(x[order], y[order])) == whole
    # GeoJSON and CSV write 15 significant digits: the same fingerprint.
    text = [float(f"{v:.15g}") for v in x]
    assert fingerprint.of_geometries(shapely.points(text, y)) == whole
    # Multi-part wrapping and Z values are not the people's data either.
    assert fingerprint.of_geometries(shapely.multipoints(np.stack([x, y], axis=1)[:, None, :])) == whole
    assert fingerprint.of_geometries(shapely.points(x, y, np.ones_like(x))) == whole


def test_columns_give_the_same_rows_as_geometries():
    x, y = _points()
    geometries = fingerprint.row_hashes_geometries(shapely.points(x, y))
    assert np.array_equal(fingerprint.row_hashes_points((x, y)), geometries)
    lines = shapely.linestrings(np.stack([np.stack([x, y], 1), np.stack([y, x], 1)], axis=1))
    assert np.array_equal(fingerprint.row_hashes_points((x, y), (y, x)), fingerprint.row_hashes_geometries(lines))
    wkb = shapely.to_wkb(shapely.points(x, y))
    assert np.array_equal(fingerprint.row_hashes_wkb(list(wkb) + [None])[:-1], geometries)


def test_partial_sums_add_up_to_the_whole_and_a_moved_point_changes_it():
    x, y = _points()
    rows = fingerprint.row_hashes_points((x, y))
    split = fingerprint.Fingerprint()
    for part in np.array_split(rows, 7):
        split.add_partial(*fingerprint.partial(part))
    assert split.hexdigest() == fingerprint.Fingerprint().add(rows).hexdigest()
    moved = x.copy()
    moved[5] += 1e-5  # about a metre
    assert fingerprint.of_geometries(shapely.points(moved, y)) != fingerprint.of_geometries(shapely.points(x, y))
    dropped = fingerprint.of_geometries(shapely.points(x[1:], y[1:]))
    assert dropped != fingerprint.of_geometries(shapely.points(x, y))
