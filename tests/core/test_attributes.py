import numpy as np

from dp_geoprivacy.core.releases.attributes import COORDINATES, IDENTIFIER, identifying_columns

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


# --- listed fields of a location release (issue 19 item 4) -------------------------------------

from dp_geoprivacy.core.releases.attributes import LINKS, LOCATES, UNCHECKABLE, listed_field_problems  # noqa: E402


def _helsinki(n=600, seed=0):
    from pyproj import CRS

    from dp_geoprivacy.core.geometry.metric_crs import transform_xy
    from dp_geoprivacy.core.geometry.proj_data import ensure_proj_data

    ensure_proj_data()  # a venv over Debian's pyproj (the QGIS 3.40 root) finds no proj.db on its own

    rng = np.random.default_rng(seed)
    xy = np.column_stack((rng.uniform(380e3, 400e3, n), rng.uniform(6.67e6, 6.69e6, n)))
    return rng, xy, transform_xy(xy, CRS.from_epsg(3067).to_wkt(), CRS.from_epsg(4326).to_wkt())


def test_coordinates_in_another_crs_with_nulls_are_found():
    rng, xy, lonlat = _helsinki()
    lon = lonlat[:, 0].copy()
    lon[rng.random(len(lon)) < 0.3] = np.nan
    rounded = np.round(lonlat[:, 1], 3)  # about 100 m: still a location
    found = listed_field_problems({"lon": lon, "lat": rounded, "persons": rng.integers(1, 7, len(xy))}, xy)
    assert found == {"lon": LOCATES, "lat": LOCATES}


def test_ids_and_their_copies_link_rows_but_categories_do_not():
    rng, xy, _ = _helsinki()
    uid = np.repeat(np.arange(120), 5)
    columns = {"uid": uid, "uid_copy": np.array([f"u{u}" for u in uid], dtype=object),
               "mode": np.array(["bus", "walk", "car"], dtype=object)[rng.integers(0, 3, len(xy))],
               "persons": rng.integers(1, 7, len(xy)).astype(float)}
    assert listed_field_problems(columns, xy) == {"uid": LINKS, "uid_copy": LINKS}


def test_a_numeric_field_with_too_few_values_cannot_be_checked():
    _, xy, lonlat = _helsinki(n=100)
    lon = np.full(100, np.nan)
    lon[:10] = lonlat[:10, 0]
    assert listed_field_problems({"lon": lon}, xy) == {"lon": UNCHECKABLE}
