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
