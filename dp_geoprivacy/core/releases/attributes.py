"""Which attribute columns would undo a location release.

Perturbing a point protects nothing if the row still carries its true
coordinates (an x/y or lat/lon field) or a key that links it back to the
raw record (a household, person or card id). Two rules, both computed
from the values, not the names:

- a numeric column equal to the true x or y (within 1e-6 of the layer's
  units) in at least half of the rows holds coordinates;
- a column whose non-NULL values are all distinct, with at most one NULL
  per ten rows and more than one row, is a record key (an identifier).

Such columns are dropped from the output; the log names them and says why.
"""

import numpy as np

COORDINATES = "holds the true coordinates"
IDENTIFIER = "has a distinct value in every row (an identifier)"


def identifying_columns(columns: dict, xy: np.ndarray) -> dict:
    """{column name: reason} for the columns that must not be published with ``xy``.

    ``columns`` maps names to arrays aligned with the rows of ``xy``; NULLs
    are None (object arrays) or NaN.
    """
    found = {}
    n = len(xy)
    for name, values in columns.items():
        values = np.asarray(values)
        if values.dtype.kind in "iuf" and n and _equals_a_coordinate(values.astype(float), xy):
            found[name] = COORDINATES
        elif _is_key(values):
            found[name] = IDENTIFIER
    return found


def _equals_a_coordinate(values, xy):
    close = np.isclose(values[:, None], xy, rtol=0.0, atol=1e-6).any(axis=1)
    return close.mean() >= 0.5


def _is_key(values):
    if values.dtype.kind == "f":
        present = values[~np.isnan(values)]
    elif values.dtype.kind == "O":
        present = np.array([v for v in values.tolist() if v is not None], dtype=object)
        present = present.astype(str)
    else:
        present = values
    if len(values) < 2 or len(present) < 0.9 * len(values):
        return False
    return len(np.unique(present)) == len(present)


# --- fields a location release may carry (opt-in: FIELDS) -----------------------------------------------
#
# A release carries no attribute unless the planner lists it, and a listed field is refused when it gives
# the true location back or links a person's points together:
#
# - LOCATES: a numeric field that a quadratic function of the true x and y explains (R^2 >= 0.99 over the
#   rows where it is not NULL): a coordinate in any common CRS over the data's area (longitude/latitude,
#   another projection, Web Mercator: all smooth, so nearly quadratic over a region), also with NULLs in
#   some rows, also rounded or shifted. A numeric field with too few values to check (fewer than
#   MIN_ROWS_TO_CHECK) is refused too: a handful of exact coordinates would locate their points.
# - LINKS: a field whose value most rows share with fewer than MIN_GROUP rows (record keys, person,
#   household or card ids, and copies of them; near-continuous values): it links a person's noisy points,
#   which can then be averaged, and links each row back to the raw record.
#
# The check reads the data, so whether a run is refused depends on the data. A refusal publishes nothing:
# it tells the data holder, who holds the data, that a listed field is unsafe. A run that is not refused
# publishes the mechanism's output plus the listed fields as they are (which the help says are not
# protected); the check only takes away fields, it chooses nothing that is published.

LOCATES = "locates the true point (a coordinate in some CRS)"
LINKS = "links rows (most of its values are shared by fewer than 10 rows: an identifier)"
UNCHECKABLE = "has too few values to check that it holds no coordinates"
MIN_GROUP = 10
MIN_ROWS_TO_CHECK = 15
LOCATES_R2 = 0.99


def listed_field_problems(columns: dict, xy: np.ndarray) -> dict:
    """{field: LOCATES, LINKS or UNCHECKABLE} for listed fields a location release must refuse.

    ``columns`` maps names to arrays aligned with the rows of ``xy`` (the true
    points); NULLs are None (object arrays) or NaN.
    """
    found = {}
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    for name, values in columns.items():
        values = np.asarray(values)
        if values.dtype.kind in "iuf":
            reason = _locates(values.astype(float), xy)
            if reason:
                found[name] = reason
                continue
        if _links(values):
            found[name] = LINKS
    return found


def _locates(values, xy):
    ok = np.isfinite(values) & np.isfinite(xy).all(axis=1)
    n = int(ok.sum())
    if n < MIN_ROWS_TO_CHECK:
        return UNCHECKABLE if n else None
    f, p = values[ok], xy[ok]
    if np.ptp(f) == 0:
        return None
    u = (p - p.mean(axis=0)) / max(float(p.std(axis=0).max()), 1e-12)
    terms = [np.ones(n), u[:, 0], u[:, 1]]
    if n >= 5 * 6:
        terms += [u[:, 0] ** 2, u[:, 0] * u[:, 1], u[:, 1] ** 2]
    design = np.column_stack(terms)
    centred = f - f.mean()
    coefficients, *_ = np.linalg.lstsq(design, centred, rcond=None)
    residual = centred - design @ coefficients
    r2 = 1.0 - float(residual @ residual) / float(centred @ centred)
    return LOCATES if r2 >= LOCATES_R2 else None


def _links(values):
    if values.dtype.kind == "f":
        present = values[~np.isnan(values)]
    elif values.dtype.kind == "O":
        present = np.array([str(v) for v in values.tolist() if v is not None], dtype=object)
    else:
        present = values
    if len(present) < 2:
        return False
    _, counts = np.unique(present, return_counts=True)
    rows_in_small_groups = int(counts[counts < MIN_GROUP].sum())
    return rows_in_small_groups > len(present) / 2
