"""Randomized response on a categorical attribute, within optional strata.

Sources: seed 000 §3.3 (coin-flip response: epsilon = ln 3; a weighted coin
that tells the truth with probability theta: epsilon = ln((1+theta)/(1-theta)),
eq. 3-4; the unbiased estimate of a proportion, eq. 5-6) and §4.1 (vehicle
make and model replaced within fuel-type strata, eq. 8-12; eq. 13 in §4.2
for a uniform choice among t values).

The mechanism. Each value is kept with probability ``p`` (``p_truth``);
otherwise it is replaced by a draw from the stratum's replacement
distribution ``q`` over the stratum's domain (the draw may return the true
value). For a true value ``c`` and any other value ``c'`` of the domain,

    Pr[R = c | c] / Pr[R = c | c'] = (p + (1-p) q_c) / ((1-p) q_c),

largest at the smallest replacement probability ``q_min``, so

    epsilon = ln((p + (1-p) q_min) / ((1-p) q_min))           (seed 000 eq. 11)

* Uniform replacement over ``k`` values (k-ary randomized response):
  ``q_min = 1/k`` and epsilon = ln((p k + 1 - p) / (1 - p)) (eq. 13 with
  t = k). Binary fair coin (p = 1/2, k = 2): ln 3 (eq. 3); weighted coin
  theta: ln((1 + theta) / (1 - theta)) (eq. 4).
* Replacement from the stratum's own distribution (``q_j = n_j / t``):
  epsilon = ln((p t + (1-p) n) / ((1-p) n)) with ``n`` the smallest category
  count and ``t`` the stratum size (eq. 12; eq. 10 for p = 1/2). That
  distribution is read from the data: eq. 12 treats it as fixed, but it is
  not protected, and a rare category makes epsilon large.

With strata, the replacement never leaves the stratum: the stratum value
itself is published exactly and is not protected. Epsilon is the largest
over the strata.

Estimates (seed 000 eq. 5-6 generalised to k categories). With ``N``
responses in a stratum and ``C_j`` of them reporting ``j``,
``E[C_j] = p n_j + (1-p) N q_j``, so ``n_j_hat = (C_j - (1-p) N q_j) / p``
is unbiased (for uniform q and k = 2 this is eq. 6). For replacement from
the stratum's distribution ``q_j = n_j / N`` and ``E[C_j] = n_j``: the
reported count is itself unbiased. Standard errors come from
``Var(C_j) = sum_i pi_ij (1 - pi_ij)`` with ``pi_ij`` the probability that
response i reports j, evaluated at the estimate (for the stratum's
distribution, with q_j estimated by C_j / N: the true distribution never
reaches a published table).

Missing values (None) are not randomized: the glue leaves them missing and
leaves them out of the counts, so whether a value is missing is published
as it is (fill them with a category such as "unknown" first to protect it).
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Tuple

import numpy as np

from .release import Release, no_op, random_order

UNIFORM = "uniform"
STRATUM_DISTRIBUTION = "stratum_distribution"
REPLACEMENTS = (UNIFORM, STRATUM_DISTRIBUTION)
MISSING = -1


def replacement_epsilon(p_truth: float, q_min: float) -> float:
    """epsilon = ln((p + (1-p) q_min) / ((1-p) q_min)) (seed 000 eq. 11); inf for p = 1."""
    _check_p(p_truth)
    if not 0 < q_min <= 1:
        raise ValueError(f"the smallest replacement probability must be in (0, 1], got {q_min!r}")
    if p_truth == 1:
        return math.inf
    return math.log((p_truth + (1 - p_truth) * q_min) / ((1 - p_truth) * q_min))


def p_truth_for_epsilon(epsilon: float, q_min: float) -> float:
    """The p giving ``epsilon`` for smallest replacement probability ``q_min`` (inverse of eq. 11).

    p = q (e^eps - 1) / (1 + q (e^eps - 1)); for q = 1/k: (e^eps - 1) / (e^eps - 1 + k).
    """
    if not (isinstance(epsilon, (int, float)) and math.isfinite(epsilon) and epsilon >= 0):
        raise ValueError(f"epsilon must be a finite number >= 0, got {epsilon!r}")
    if not 0 < q_min <= 1:
        raise ValueError(f"the smallest replacement probability must be in (0, 1], got {q_min!r}")
    grow = q_min * math.expm1(epsilon)
    return grow / (1 + grow)


def k_ary_epsilon(p_truth: float, k: int) -> float:
    """epsilon of uniform replacement among k values: ln((p k + 1 - p) / (1 - p)) (seed 000 eq. 13)."""
    return replacement_epsilon(p_truth, 1.0 / k)


def stratum_distribution_epsilon(p_truth: float, t: int, n: int) -> float:
    """epsilon of replacement from a stratum of t values whose rarest value occurs n times (seed 000 eq. 12)."""
    if not 0 < n <= t:
        raise ValueError(f"need 0 < n <= t, got n={n!r}, t={t!r}")
    return replacement_epsilon(p_truth, n / t)


def _check_p(p_truth):
    if not (isinstance(p_truth, (int, float)) and 0 <= p_truth <= 1):
        raise ValueError(f"the probability of reporting the truth must be in [0, 1], got {p_truth!r}")


@dataclass(frozen=True)
class Stratum:
    """A stratum's name, its domain (the values it may report) and replacement probabilities."""

    name: object
    domain: Tuple[str, ...]
    probabilities: Tuple[float, ...]

    def __post_init__(self):
        if not self.domain or len(self.domain) != len(self.probabilities):
            raise ValueError(f"stratum {self.name!r}: one replacement probability per value is needed")
        if len(set(self.domain)) != len(self.domain):
            raise ValueError(f"stratum {self.name!r}: the domain has repeated values")
        q = np.asarray(self.probabilities, dtype=float)
        if np.any(q < 0) or not math.isclose(float(q.sum()), 1.0, rel_tol=1e-9):
            raise ValueError(f"stratum {self.name!r}: replacement probabilities must be >= 0 and sum to 1")

    @property
    def q_min(self) -> float:
        """The smallest positive replacement probability (values with 0 are never drawn)."""
        q = np.asarray(self.probabilities)
        return float(q[q > 0].min())


@dataclass(frozen=True)
class RandomizedResponse:
    """Keep each value with probability ``p_truth``, else replace it by a draw from its stratum.

    Build with :meth:`uniform` (k-ary randomized response) or
    :meth:`from_counts` (the stratum's own distribution, seed 000 eq. 12).
    """

    p_truth: float
    replacement: str
    strata: Tuple[Stratum, ...]
    domain_from_data: bool = False

    def __post_init__(self):
        _check_p(self.p_truth)
        if self.p_truth == 1:
            raise ValueError("p_truth = 1 reports every value truthfully: epsilon would be infinite")
        if self.replacement not in REPLACEMENTS:
            raise ValueError(f"replacement must be one of {REPLACEMENTS}, got {self.replacement!r}")
        if not self.strata:
            raise ValueError("at least one stratum is needed")

    @classmethod
    def uniform(cls, p_truth, domains, names=None, domain_from_data=False):
        """k-ary randomized response; ``domains`` is one sequence of values per stratum."""
        names = names if names is not None else list(range(len(domains)))
        strata = tuple(Stratum(name, tuple(d), tuple([1.0 / len(d)] * len(d))) for name, d in zip(names, domains))
        return cls(p_truth, UNIFORM, strata, domain_from_data)

    @classmethod
    def from_counts(cls, p_truth, domains, counts, names=None):
        """Replacement from each stratum's distribution of values (counts n_j over total t)."""
        names = names if names is not None else list(range(len(domains)))
        strata = []
        for name, domain, count in zip(names, domains, counts):
            count = np.asarray(count, dtype=float)
            if count.sum() <= 0:
                raise ValueError(f"stratum {name!r} has no values")
            strata.append(Stratum(name, tuple(domain), tuple((count / count.sum()).tolist())))
        return cls(p_truth, STRATUM_DISTRIBUTION, tuple(strata), True)

    @property
    def epsilons(self) -> Tuple[float, ...]:
        """epsilon of each stratum (seed 000 eq. 11 with that stratum's q_min)."""
        return tuple(replacement_epsilon(self.p_truth, s.q_min) for s in self.strata)

    @property
    def epsilon(self) -> float:
        """The release's epsilon: the largest over the strata."""
        return max(self.epsilons)

    def respond(self, stratum: np.ndarray, value: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Reported value indices: ``value[i]`` indexes the domain of stratum ``stratum[i]``.

        Each entry is kept with probability p_truth, else replaced by a draw
        from its stratum's replacement distribution. A negative value index
        (MISSING) is a missing value: it stays missing.
        """
        stratum = np.asarray(stratum, dtype=np.int64)
        value = np.asarray(value, dtype=np.int64)
        replace = (rng.random(len(value)) >= self.p_truth) & (value != MISSING)
        reported = value.copy()
        for index, s in enumerate(self.strata):
            rows = np.flatnonzero(replace & (stratum == index))
            if len(rows):
                reported[rows] = rng.choice(len(s.domain), size=len(rows), p=np.asarray(s.probabilities))
        return reported

    def estimate(self, index: int, reported_counts: Sequence[float]):
        """(estimated true counts, standard errors) for stratum ``index`` from its reported counts."""
        s = self.strata[index]
        c = np.asarray(reported_counts, dtype=float)
        n_total = c.sum()
        p = self.p_truth
        if self.replacement == STRATUM_DISTRIBUTION:
            # E[C_j] = n_j: the reported count is the estimate. The true q
            # (the raw distribution) must not reach a published table: the
            # standard error uses the reported shares instead.
            q = c / n_total if n_total else np.zeros(len(c))
            estimate = c.copy()
        else:
            if p == 0:
                return np.full(len(c), np.nan), np.full(len(c), np.nan)
            q = np.asarray(s.probabilities, dtype=float)
            estimate = (c - (1 - p) * n_total * q) / p
        n_hat = np.clip(estimate, 0, n_total)
        keep = p + (1 - p) * q  # probability of reporting j when the truth is j
        other = (1 - p) * q  # ... when the truth is another value
        variance = n_hat * keep * (1 - keep) + (n_total - n_hat) * other * (1 - other)
        if self.replacement == STRATUM_DISTRIBUTION:
            return estimate, np.sqrt(variance)
        return estimate, np.sqrt(variance) / p

    def record_fields(self) -> dict:
        """The privacy parameters of this mechanism, for the privacy record."""
        if self.replacement == UNIFORM:
            mechanism = "k_ary_randomized_response"
            replacement = "uniform over the domain (k-ary randomized response)"
        else:
            mechanism = "randomized_response_stratum_distribution"
            replacement = "drawn from the stratum's distribution of values (read from the data)"
        return {
            "mechanism": mechanism,
            "epsilon": self.epsilon,
            "delta": 0.0,
            "unit_of_privacy": "one row's value of the randomized field (other fields, and the stratum, "
                               "are not protected)",
            "sensitivity": 1.0,
            "sensitivity_unit": "row (one value)",
            "noise_scale": 1.0 - self.p_truth,
            "noise_scale_unit": f"probability that a value is replaced; replacement {replacement}",
        }


# --- the release (dp_geoprivacy:randomizedresponse) -------------------------------------------

KINDS = ("text", "int", "real")


class ResponseInputError(ValueError):
    """The field cannot be randomized as asked; ``reason`` says why (raised before any draw).

    Reasons: "all_null" (only NULL values), "unknown_categories" (``values``
    holds values not in the declared categories), "p_rounds_to_one" (the
    epsilon asked for gives P_TRUTH = 1).
    """

    def __init__(self, reason: str, values: Sequence[str] = ()):
        super().__init__(reason)
        self.reason = reason
        self.values = tuple(values)


def category_keys(values, kind: str, parse: bool = False) -> np.ndarray:
    """Values as text keys ('3' for integers, 15 significant digits for reals); None for NULL.

    ``parse``: the values are text to read as ``kind`` (the declared
    categories); raises ValueError for an integer kind given a non-integer.
    """
    out = np.empty(len(values), dtype=object)
    for i, value in enumerate(np.asarray(values, dtype=object).tolist()):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            out[i] = None
        elif kind == "int":
            number = float(value) if parse else value
            if parse and not float(number).is_integer():
                raise ValueError(value)
            out[i] = str(int(number))
        elif kind == "real":
            out[i] = format(float(value), ".15g")
        else:
            out[i] = str(value)
    return out


def stratum_keys(values) -> np.ndarray:
    """Stratum values as hashable keys (text; None for NULL, which is a stratum of its own)."""
    out = np.empty(len(values), dtype=object)
    for i, value in enumerate(np.asarray(values, dtype=object).tolist()):
        missing = value is None or (isinstance(value, float) and math.isnan(value))
        out[i] = None if missing else (format(value, ".15g") if isinstance(value, float) else str(value))
    return out


@dataclass(frozen=True)
class ResponseData:
    """The input of a randomized-response release: the field's raw values (of ``kind``) and strata."""

    values: np.ndarray
    kind: str
    strata: Optional[np.ndarray] = None


@dataclass(frozen=True)
class ResponseSpec:
    """Settings: exactly one of ``p_truth`` and ``epsilon``; ``categories`` the public domain (keys), if given."""

    replacement: str
    p_truth: Optional[float] = None
    epsilon: Optional[float] = None
    categories: Optional[Tuple[str, ...]] = None

    def __post_init__(self):
        if (self.p_truth is None) == (self.epsilon is None):
            raise ValueError("give exactly one of p_truth and epsilon")
        if self.replacement not in REPLACEMENTS:
            raise ValueError(f"replacement must be one of {REPLACEMENTS}, got {self.replacement!r}")

    @property
    def p_from_data(self) -> bool:
        """Whether P_TRUTH is derived from the data's domain or counts."""
        return self.p_truth is None and (self.replacement != UNIFORM or self.categories is None)


def _strata_and_mechanism(values, missing, strata, spec):
    """(mechanism, stratum index, value index) for the present values; see release_randomized_response."""
    present = ~missing
    names = sorted(set(strata[present].tolist()), key=lambda k: (k is None, str(k)))
    name_index = {name: i for i, name in enumerate(names)}
    stratum_index = np.array([name_index.get(k, -1) for k in strata.tolist()], dtype=np.int64)
    stratum_index[missing] = 0 if names else -1
    domains, counts = [], []
    for i in range(len(names)):
        in_stratum = values[present & (stratum_index == i)].tolist()
        domain = list(spec.categories) if spec.categories is not None else sorted(set(in_stratum))
        position = {v: j for j, v in enumerate(domain)}
        domains.append(domain)
        counts.append(np.bincount([position[v] for v in in_stratum], minlength=len(domain)))
    value_index = np.full(len(values), MISSING, dtype=np.int64)
    positions = [{v: j for j, v in enumerate(d)} for d in domains]
    for row in np.flatnonzero(present):
        value_index[row] = positions[stratum_index[row]][values[row]]
    if spec.replacement == UNIFORM:
        q_min = min(1.0 / len(d) for d in domains)
    else:
        q_min = min(float(c[c > 0].min()) / float(c.sum()) for c in counts)
    p = spec.p_truth if spec.p_truth is not None else p_truth_for_epsilon(spec.epsilon, q_min)
    if p >= 1:
        raise ResponseInputError("p_rounds_to_one")
    if spec.replacement == UNIFORM:
        mechanism = RandomizedResponse.uniform(p, domains, names, domain_from_data=spec.categories is None)
    else:
        mechanism = RandomizedResponse.from_counts(p, domains, counts, names)
    return mechanism, np.where(stratum_index < 0, 0, stratum_index), value_index


def release_randomized_response(data: ResponseData, spec: ResponseSpec, rng: np.random.Generator,
                                before_noise: Callable[[dict], None] = no_op) -> Release:
    """Randomize each value within its stratum, in a random row order, with frequency estimates.

    NULL values are not randomized (they stay NULL; see the module doc).
    ``result``: ``rows`` (input row of each output row, random order),
    ``reported`` (the reported value of each output row, text; None for
    NULL), and the estimate table in a data-independent order (stratum,
    then domain value): ``stratum``, ``category``, ``reported_count``,
    ``estimate``, ``std_error``. ``facts``: ``null_values``, ``p_truth``.
    Raises ResponseInputError before ``before_noise`` (see core.release).
    """
    values = category_keys(data.values, data.kind)
    missing = np.array([v is None for v in values.tolist()], dtype=bool)
    if missing.all():
        raise ResponseInputError("all_null")
    if spec.categories is not None:
        unknown = sorted(set(values[~missing].tolist()) - set(spec.categories))
        if unknown:
            raise ResponseInputError("unknown_categories", unknown)
    strata = stratum_keys(data.strata) if data.strata is not None else np.zeros(len(values), dtype=object)
    mechanism, stratum_index, value_index = _strata_and_mechanism(values, missing, strata, spec)
    before_noise(mechanism.record_fields())
    reported = mechanism.respond(stratum_index, value_index, rng)
    rows = random_order(len(values), rng)
    domains = [s.domain for s in mechanism.strata]
    reported_text = np.array([None if r == MISSING else domains[s][r]
                              for s, r in zip(stratum_index[rows].tolist(), reported[rows].tolist())], dtype=object)
    result = {"rows": rows, "reported": reported_text, **_estimate_table(mechanism, stratum_index, reported)}
    return Release(result, mechanism, mechanism.record_fields(),
                   {"null_values": int(missing.sum()), "p_truth": mechanism.p_truth})


def _estimate_table(mechanism, stratum_index, reported):
    """Rows per stratum and domain value (data-independent order): counts, estimates, standard errors."""
    strata, categories, reported_counts, estimates, errors = [], [], [], [], []
    present = reported != MISSING
    for index, stratum in enumerate(mechanism.strata):
        mine = present & (stratum_index == index)
        counts = np.bincount(reported[mine], minlength=len(stratum.domain))
        estimate, error = mechanism.estimate(index, counts)
        strata.extend([stratum.name] * len(stratum.domain))
        categories.extend(stratum.domain)
        reported_counts.extend(counts.tolist())
        estimates.extend(estimate.tolist())
        errors.extend(error.tolist())
    return {"stratum": np.array(strata, dtype=object), "category": np.array(categories, dtype=object),
            "reported_count": np.array(reported_counts, dtype=np.int64), "estimate": np.array(estimates, dtype=float),
            "std_error": np.array(errors, dtype=float)}
