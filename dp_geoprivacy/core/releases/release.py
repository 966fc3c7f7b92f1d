"""One shape for every release: ``release_...(data, spec, rng) -> Release``.

Each algorithm's privacy-relevant steps (dropping records that could break
the unit of privacy, bounding contributions, noising, thresholding, the
order rows are published in) live in one core function next to its
mechanism (``location.release_perturbation``, ``zone_counts.release_zone_counts``,
``od_flows.release_od_flows``, ...). It takes the input as arrays (``data``,
a small dataclass of numpy arrays read in bulk by the glue), the settings as
a frozen ``spec`` whose ``mechanism()`` builds the mechanism (so the glue can
reserve the budget with the mechanism's record fields before any noise is
drawn, and those are the fields of the mechanism that draws it), and a
generator (``core.mechanisms.rng``). It returns a :class:`Release`.

Input errors are raised before any random draw. The optional
``before_noise`` callback is called with the mechanism's record fields
(those the Release will carry) once the input is checked and before the
first draw (sampling for contribution bounds draws too): the glue reserves
the privacy budget there, so a run refused for bad input spends nothing, a
run that fails later counts as spent (the safe direction), and the ledger
holds exactly what the record claims.

The helpers here are the orchestration steps releases share: NULL-user
filtering, user keys for bounding, and data-independent output orders.

Everything here is numpy and stdlib; no QGIS.
"""

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

import numpy as np

from .publication import is_private


@dataclass(frozen=True)
class Release:
    """What a release function returns.

    ``result``: the noisy output as named arrays, already in publication order
    (the glue writes them as they are). ``mechanism``: the object that drew
    the noise. ``record_fields``: its privacy-record fields (epsilon, delta,
    sensitivity, noise scale, unit of privacy...), taken from ``mechanism``.
    ``facts``: counts and values the glue logs or notes in the record (records
    dropped and why, margins of error, ...); never per-record data. A raw
    figure read from the data (records dropped, ...) is a
    ``core.releases.publication.Private``: only the data holder's private log may show
    it (``public_facts`` and ``private_facts`` split them).
    """

    result: Mapping[str, np.ndarray]
    mechanism: object
    record_fields: Mapping[str, object]
    facts: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "result", MappingProxyType(dict(self.result)))
        object.__setattr__(self, "record_fields", MappingProxyType(dict(self.record_fields)))
        object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))

    @property
    def public_facts(self) -> Mapping[str, object]:
        """The facts that may be published (declared settings, mechanism outputs)."""
        return {name: value for name, value in self.facts.items() if not is_private(value)}

    @property
    def private_facts(self) -> Mapping[str, object]:
        """The raw figures only the data holder may see (core.releases.publication.Private)."""
        return {name: value for name, value in self.facts.items() if is_private(value)}

    @property
    def epsilon(self) -> float:
        return float(self.record_fields["epsilon"])

    @property
    def delta(self) -> float:
        return float(self.record_fields.get("delta") or 0.0)


class NoUsableRecordsError(ValueError):
    """Every record was dropped before the release (e.g. all user ids NULL); raised before any draw."""


class ReleaseCancelledError(Exception):
    """A long release stopped because its ``cancelled()`` callback said so (the run is abandoned; nothing is
    published)."""


def check_cancelled(cancelled) -> None:
    """Raise ReleaseCancelledError when the optional ``cancelled()`` callback answers True."""
    if cancelled is not None and cancelled():
        raise ReleaseCancelledError("cancelled")


def no_op(record_fields=None) -> None:
    """The default ``before_noise``."""


# --- shared orchestration steps -------------------------------------------------------------


def is_null(values) -> np.ndarray:
    """True where a value is NULL: None, NaN, NaT, masked, or empty text."""
    values = np.ma.asarray(values)
    mask = np.ma.getmaskarray(values)
    data = np.ma.getdata(values)
    if data.dtype.kind == "M":
        return mask | np.isnat(data)
    if data.dtype.kind == "f":
        return mask | np.isnan(data)
    if data.dtype.kind in "SU":
        return mask | (data == data.dtype.type())
    if data.dtype.kind == "O":
        if _all_text(data):
            return mask | (data == "")
        return mask | np.array([v is None or (isinstance(v, float) and v != v)
                                or (isinstance(v, (str, bytes)) and not v) for v in data.tolist()], dtype=bool)
    return mask.copy()


def _all_text(data) -> bool:
    """Whether every value of an object array is a str (ids as readers give them): then numpy compares and sorts
    them in bulk (is_null)."""
    return set(map(type, data.tolist())) <= {str}


def null_user_mask(user_keys) -> np.ndarray:
    """True where a user id is NULL (None, NaN, masked, or empty text).

    Rule (documented in each algorithm's help): records without a user id
    are dropped. A NULL cannot be told apart from another NULL, so it could
    hide the same person twice and break the bound of M contributions per
    user.
    """
    return is_null(user_keys)


def user_codes(values) -> np.ndarray:
    """User ids as an array np.unique can sort: text ids become integer codes (one per distinct id)."""
    values = np.ma.getdata(np.ma.asarray(values))
    if values.dtype.kind != "O":
        return values
    codes = {}
    return np.fromiter((codes.setdefault(v, len(codes)) for v in values.tolist()), dtype=np.int64,
                       count=len(values))


def ranks_from_order(order: np.ndarray) -> np.ndarray:
    """The rank of each key given the keys' public sort order (``order[i]`` is the key ranked i)."""
    rank = np.empty(len(order), dtype=np.int64)
    rank[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
    return rank


def order_by_rank(rank_of_key: np.ndarray, key_index: np.ndarray, *minor: np.ndarray) -> np.ndarray:
    """Row order by the public rank of each row's key (e.g. a zone id), then by ``minor`` indices.

    The order depends only on public ids, never on the data (Asghar, Tyler and Kaafar 2017 §3.3.1).
    """
    if not len(key_index):
        return np.arange(0)
    return np.lexsort(tuple(reversed(minor)) + (np.asarray(rank_of_key)[key_index],))


def random_order(n: int, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random row order: published rows must not follow the input's order."""
    return rng.permutation(n)
