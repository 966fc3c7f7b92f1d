"""The mobility report's id codes (issue 24, speed): sorting only the first row of each run of equal ids gives
the codes a sort of every row gives (np.unique's inverse: one code per distinct id, in the ids' sort order)."""

import numpy as np
import pytest

from dp_geoprivacy.core.releases.mobility_report import _codes

WORDS = ["", "a", "a b", "ab", "abcdefgh", "abcdefghi", "abcdefghij10", "abcdefghij2", "\u00e9t\u00e9", "\u4e2d",
         "\U0001F600", "Z", "trip_000017", "trip_000017 "]


def ids_with_runs(rng, n=3000):
    """Ids drawn from WORDS in runs of 1 to 6 equal ids (rows of a trip or of a user together), the same id also
    in runs far apart, and two different ids next to each other."""
    runs = rng.integers(1, 7, n)
    return np.repeat(rng.choice(np.array(WORDS, dtype=object), n), runs)[:n]


@pytest.mark.parametrize("kind", ["bytes", "text", "object"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_codes_of_runs_are_the_codes_of_a_full_sort(kind, seed):
    ids = ids_with_runs(np.random.default_rng(seed))
    text = ids.astype(str)
    values = {"bytes": np.char.encode(text, "utf-8"), "text": text, "object": ids}[kind]
    expected = np.unique(values if kind == "bytes" else text, return_inverse=True)[1].ravel()
    np.testing.assert_array_equal(_codes(values), expected)
    # masked input (as read_table gives text): the codes of its data
    np.testing.assert_array_equal(_codes(np.ma.array(values, mask=np.zeros(len(values), bool))), expected)


def test_codes_of_one_run_and_of_no_run():
    """Every row one id (one run), and every row its own id (no run longer than 1)."""
    np.testing.assert_array_equal(_codes(np.array([b"x"] * 5)), np.zeros(5))
    distinct = np.array([b"d", b"b", b"e", b"a", b"c"])
    np.testing.assert_array_equal(_codes(distinct), [3, 1, 4, 0, 2])
