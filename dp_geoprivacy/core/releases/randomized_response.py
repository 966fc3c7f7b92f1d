"""Randomized response on a categorical attribute, over a declared domain, within declared strata.

Source: Dumont et al., "Differential Privacy in Travel Data" (Mathematical
Problems in Industry workshop report, 2021), §3.3 (coin-flip response:
epsilon = ln 3; a weighted coin that tells the truth with probability
theta: epsilon = ln((1+theta)/(1-theta)), eq. 3-4; the unbiased estimate of
a proportion, eq. 5-6), §4.1 (vehicle make and model replaced within
fuel-type strata, eq. 8-12) and §4.2 (eq. 13, a uniform choice among t
values).

Everything the mechanism is built from is declared by the publisher, never
read from the data: the domain (``categories``, at least two values), the
replacement distribution ``q`` over it (uniform, or declared weights), the
strata (their names, and per stratum its part of the domain and its
weights), an optional ``other`` category, and ``p_truth`` or ``epsilon``.
So the output domain, the estimate table's rows, ``p_truth`` and every
figure of the privacy record are the same for all datasets, and the
mechanism is fixed before a row is read.

The mechanism, per row (local differential privacy: every row is protected
on its own). Let D be the row's stratum's domain (k values) and q its
declared replacement distribution, q_j > 0 for every j in D. A value c in D
is kept with probability p, otherwise replaced by a draw from q (which may
return c). A value outside D (a value not declared, or NULL) is first
mapped to ``other`` when that is declared and in D; otherwise the row is
reported as a draw from q alone (the public rule for undeclared values).
The transition probabilities are

    Pr[R = j | c] = p [j = c] + (1-p) q_j     (c in D)
    Pr[R = j | u] = q_j                        (u outside D, no ``other``)

Claim: the mechanism is epsilon-DP for one row's value (any two values,
declared or not, in the same stratum) with

    epsilon = ln((p + (1-p) q_min) / ((1-p) q_min))     (eq. 11 of the report)

Proof. Fix the output j. Over inputs in D the largest probability is
p + (1-p) q_j (input j) and the smallest (1-p) q_j (any other input), ratio
1 + p / ((1-p) q_j), largest at q_min. An undeclared input gives q_j, which
lies between the two: (1-p) q_j <= q_j, and q_j <= p + (1-p) q_j since
q_j <= 1. So no ratio exceeds the bound, and it is attained (k >= 2). With
``other`` an undeclared value is reported exactly as ``other`` is, so the
same bound holds. For k-ary randomized response (uniform q = 1/k) this is
epsilon = ln((p k + 1 - p) / (1 - p)) (eq. 13 with t = k), and the inverse
p = (e^eps - 1) / (e^eps - 1 + k); binary with a fair coin: ln 3 (eq. 3).
Given epsilon, p is the inverse at the smallest declared q_min over the
strata: it depends only on epsilon and the declaration. The release's
epsilon is the largest over the strata.

Why not the stratum's own distribution (the report's eq. 12). A
replacement distribution read from the data is itself unprotected: a
declared category no row holds can never be reported by replacement
(epsilon infinite), and with one-row strata every value is reported as it
is. Eq. 12 is not offered; declare the distribution instead (e.g. the
estimates of an earlier published release, whose cost is already counted).

Strata. The stratum field is published as it is and is not protected (the
unit of privacy is one row's value of the randomized field). Its values
must be declared; a row whose stratum is not declared, or a stratum field
with a distinct value in every row (it would identify rows), makes the
release refuse. Those checks read the stratum field and the number of rows
only, never the randomized field: neighbouring datasets (one row's value of
the randomized field changed) are refused or accepted alike, so a refusal
reveals nothing about the protected values (it reveals a fact about the
unprotected stratum field, which a successful release publishes anyway).
There is no minimum stratum size: the mechanism treats each row alone with
declared q, so its epsilon does not depend on how many rows a stratum
holds (a size check on the data would itself be a data-dependent choice).
A small stratum gives wide estimates, not a weaker guarantee.

Estimates (eq. 5-6 of the report generalised to k categories). With N
responses in a stratum and C_j of them reporting j, E[C_j] = p n_j +
(1-p) N q_j, so n_j_hat = (C_j - (1-p) N q_j) / p is unbiased. A row
reported by the undeclared-value rule is distributed exactly as a row
whose value was drawn from q, and is counted so (spread over the domain as
q). Standard errors come from Var(C_j) = sum_i pi_ij (1 - pi_ij) with pi_ij
the probability that response i reports j, evaluated at the estimate.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Tuple

import numpy as np

from .attributes import IDENTIFIER, identifying_columns
from .publication import Private
from .release import Release, no_op, random_order

UNIFORM = "uniform"
DECLARED = "declared"
REPLACEMENTS = (UNIFORM, DECLARED)
OUTSIDE = -1  # a value outside the stratum's domain: reported as a draw from q alone


def replacement_epsilon(p_truth: float, q_min: float) -> float:
    """epsilon = ln((p + (1-p) q_min) / ((1-p) q_min)) (Dumont et al. 2021, eq. 11); inf for p = 1."""
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
    try:
        grow = q_min * math.expm1(epsilon)
    except OverflowError:
        return 1.0
    return grow / (1 + grow)


def k_ary_epsilon(p_truth: float, k: int) -> float:
    """epsilon of uniform replacement among k values: ln((p k + 1 - p) / (1 - p)) (eq. 13)."""
    return replacement_epsilon(p_truth, 1.0 / k)


def _check_p(p_truth):
    if not (isinstance(p_truth, (int, float)) and 0 <= p_truth <= 1):
        raise ValueError(f"the probability of reporting the truth must be in [0, 1], got {p_truth!r}")


@dataclass(frozen=True)
class Stratum:
    """A stratum's name, its domain (the values it may report) and replacement probabilities (all > 0)."""

    name: object
    domain: Tuple[str, ...]
    probabilities: Tuple[float, ...]

    def __post_init__(self):
        if not self.domain or len(self.domain) != len(self.probabilities):
            raise ValueError(f"stratum {self.name!r}: one replacement probability per value is needed")
        if len(set(self.domain)) != len(self.domain):
            raise ValueError(f"stratum {self.name!r}: the domain has repeated values")
        q = np.asarray(self.probabilities, dtype=float)
        if np.any(~np.isfinite(q)) or np.any(q <= 0) or not math.isclose(float(q.sum()), 1.0, rel_tol=1e-9):
            raise ValueError(f"stratum {self.name!r}: replacement probabilities must be > 0 and sum to 1 "
                             "(a value with probability 0 could never be reported: epsilon would be infinite)")

    @property
    def q_min(self) -> float:
        return float(min(self.probabilities))


@dataclass(frozen=True)
class RandomizedResponse:
    """Keep each value with probability ``p_truth``, else replace it by a draw from its stratum's q."""

    p_truth: float
    replacement: str
    strata: Tuple[Stratum, ...]

    def __post_init__(self):
        _check_p(self.p_truth)
        if self.p_truth == 1:
            raise ValueError("p_truth = 1 reports every value truthfully: epsilon would be infinite")
        if self.replacement not in REPLACEMENTS:
            raise ValueError(f"replacement must be one of {REPLACEMENTS}, got {self.replacement!r}")
        if not self.strata:
            raise ValueError("at least one stratum is needed")

    @classmethod
    def uniform(cls, p_truth, domains, names=None):
        """k-ary randomized response; ``domains`` is one sequence of values per stratum."""
        names = names if names is not None else list(range(len(domains)))
        strata = tuple(Stratum(name, tuple(d), tuple([1.0 / len(d)] * len(d))) for name, d in zip(names, domains))
        return cls(p_truth, UNIFORM, strata)

    @property
    def epsilons(self) -> Tuple[float, ...]:
        """epsilon of each stratum (eq. 11 with that stratum's q_min)."""
        return tuple(replacement_epsilon(self.p_truth, s.q_min) for s in self.strata)

    @property
    def epsilon(self) -> float:
        """The release's epsilon: the largest over the strata."""
        return max(self.epsilons)

    def transition_matrix(self, index: int) -> np.ndarray:
        """Pr[report j | input]: one row per domain value of stratum ``index``, then one for a value outside it."""
        s = self.strata[index]
        q = np.asarray(s.probabilities, dtype=float)
        kept = self.p_truth * np.eye(len(q)) + (1 - self.p_truth) * q
        return np.vstack([kept, q])

    def respond(self, stratum: np.ndarray, value: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Reported value indices: ``value[i]`` indexes the domain of stratum ``stratum[i]``.

        Each entry is kept with probability p_truth, else replaced by a draw
        from its stratum's replacement distribution; an entry OUTSIDE the
        domain is always replaced.
        """
        stratum = np.asarray(stratum, dtype=np.int64)
        value = np.asarray(value, dtype=np.int64)
        replace = (rng.random(len(value)) >= self.p_truth) | (value == OUTSIDE)
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
        if p == 0:
            return np.full(len(c), np.nan), np.full(len(c), np.nan)
        q = np.asarray(s.probabilities, dtype=float)
        estimate = (c - (1 - p) * n_total * q) / p
        n_hat = np.clip(estimate, 0, n_total)
        keep = p + (1 - p) * q  # probability of reporting j when the truth is j
        other = (1 - p) * q  # ... when the truth is another value
        variance = n_hat * keep * (1 - keep) + (n_total - n_hat) * other * (1 - other)
        return estimate, np.sqrt(variance) / p

    def record_fields(self) -> dict:
        """The privacy parameters of this mechanism, for the privacy record."""
        if self.replacement == UNIFORM:
            mechanism = "k_ary_randomized_response"
            replacement = "uniform over the declared domain (k-ary randomized response)"
        else:
            mechanism = "randomized_response_declared_distribution"
            replacement = "drawn from the declared replacement distribution"
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
    """The release cannot run as asked; ``reason`` says why (raised before any draw).

    Reasons: "undeclared_strata" (``values`` holds stratum values not in the
    declared strata), "strata_identify_rows" (the stratum field has a
    distinct value in every row), "p_rounds_to_one" (the epsilon asked for
    gives P_TRUTH = 1). Neither reads the randomized field.
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
    """Stratum values as hashable keys (text; None for NULL, which no declaration names)."""
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
class StratumDeclaration:
    """A declared stratum: its name (the stratum field's value as text), its domain and its weights.

    ``categories`` None: the whole declared domain. ``weights`` (aligned with
    the stratum's domain) None: the spec's weights, or uniform.
    """

    name: str
    categories: Optional[Tuple[str, ...]] = None
    weights: Optional[Tuple[float, ...]] = None


@dataclass(frozen=True)
class ResponseSpec:
    """Public settings: the declared domain, the replacement, the strata, and exactly one of p_truth and epsilon.

    ``categories``: the declared domain (keys, at least two). ``replacement``
    UNIFORM, or DECLARED with ``weights`` (aligned with ``categories``)
    and/or weights in each stratum. ``strata``: declared strata (None: one
    stratum, the whole domain). ``other``: the declared category undeclared
    values (and NULL) are reported as, or None (they are reported as a draw
    from the replacement distribution).
    """

    categories: Tuple[str, ...]
    replacement: str = UNIFORM
    p_truth: Optional[float] = None
    epsilon: Optional[float] = None
    weights: Optional[Tuple[float, ...]] = None
    strata: Optional[Tuple[StratumDeclaration, ...]] = None
    other: Optional[str] = None

    def __post_init__(self):
        if (self.p_truth is None) == (self.epsilon is None):
            raise ValueError("give exactly one of p_truth and epsilon")
        if self.replacement not in REPLACEMENTS:
            raise ValueError(f"replacement must be one of {REPLACEMENTS}, got {self.replacement!r}")
        if len(self.categories) < 2 or len(set(self.categories)) != len(self.categories):
            raise ValueError("the declared domain needs at least two distinct categories")
        if self.weights is not None and len(self.weights) != len(self.categories):
            raise ValueError("one weight per declared category is needed")
        if self.other is not None and self.other not in self.categories:
            raise ValueError(f"the category for undeclared values ({self.other!r}) is not declared")
        if self.strata is not None:
            names = [s.name for s in self.strata]
            if not names or len(set(names)) != len(names):
                raise ValueError("the declared strata need distinct names")
            for s in self.strata:
                unknown = set(s.categories or ()) - set(self.categories)
                if unknown:
                    raise ValueError(f"stratum {s.name!r} lists undeclared categories {sorted(unknown)}")

    def stratum_distributions(self):
        """[(name, domain, q)] per declared stratum, from the declaration only."""
        declared = self.strata if self.strata is not None else (StratumDeclaration(0),)
        out = []
        for s in declared:
            domain = tuple(s.categories) if s.categories is not None else tuple(self.categories)
            if self.replacement == UNIFORM:
                weights = np.ones(len(domain))
            elif s.weights is not None:
                weights = np.asarray(s.weights, dtype=float)
            elif self.weights is not None:
                by_category = dict(zip(self.categories, self.weights))
                weights = np.array([by_category[c] for c in domain], dtype=float)
            else:
                raise ValueError(f"stratum {s.name!r}: a declared replacement needs weights")
            if len(weights) != len(domain) or np.any(~np.isfinite(weights)) or np.any(weights <= 0):
                raise ValueError(f"stratum {s.name!r}: one weight > 0 per category of its domain is needed")
            out.append((s.name, domain, tuple((weights / weights.sum()).tolist())))
        return out

    def mechanism(self) -> RandomizedResponse:
        """The mechanism, from the declaration alone (p from epsilon at the smallest declared q)."""
        strata = tuple(Stratum(name, domain, q) for name, domain, q in self.stratum_distributions())
        p = self.p_truth
        if p is None:
            p = p_truth_for_epsilon(self.epsilon, min(s.q_min for s in strata))
        if p >= 1:
            raise ResponseInputError("p_rounds_to_one")
        return RandomizedResponse(p, self.replacement, strata)


def _stratum_index(data, spec, mechanism):
    """Each row's declared stratum index; refuses undeclared or row-identifying strata (stratum field only)."""
    n = len(data.values)
    if spec.strata is None:
        return np.zeros(n, dtype=np.int64)
    if data.strata is None:
        raise ValueError("declared strata need the stratum values")
    keys = stratum_keys(data.strata)
    if identifying_columns({"strata": keys}, np.full((n, 2), np.nan)).get("strata") == IDENTIFIER:
        raise ResponseInputError("strata_identify_rows")
    position = {s.name: i for i, s in enumerate(mechanism.strata)}
    undeclared = sorted({str(k) for k in keys.tolist() if k not in position})
    if undeclared:
        raise ResponseInputError("undeclared_strata", undeclared)
    return np.array([position[k] for k in keys.tolist()], dtype=np.int64)


def _value_index(values, stratum_index, spec, mechanism):
    """Each row's index in its stratum's domain; values outside it map to ``other`` or OUTSIDE."""
    positions = [{v: j for j, v in enumerate(s.domain)} for s in mechanism.strata]
    out = np.empty(len(values), dtype=np.int64)
    for row, (value, stratum) in enumerate(zip(values.tolist(), stratum_index.tolist())):
        position = positions[stratum]
        out[row] = position.get(value, position.get(spec.other, OUTSIDE))
    return out


def release_randomized_response(data: ResponseData, spec: ResponseSpec, rng: np.random.Generator,
                                before_noise: Callable[[dict], None] = no_op) -> Release:
    """Randomize each value within its declared stratum, in a random row order, with frequency estimates.

    ``result``: ``rows`` (input row of each output row, random order),
    ``reported`` (the reported value of each output row, text, never NULL),
    ``stratum_name`` (the declared stratum of each output row), and the
    estimate table in the declaration's order (stratum, then domain
    value): ``stratum``, ``category``, ``reported_count``, ``estimate``,
    ``std_error``. ``facts`` (private to the data holder, for the log):
    ``outside``, the number of values outside their stratum's domain
    (undeclared or NULL). Raises ResponseInputError before ``before_noise``
    (see core.releases.release).
    """
    mechanism = spec.mechanism()
    stratum_index = _stratum_index(data, spec, mechanism)
    values = category_keys(data.values, data.kind)
    value_index = _value_index(values, stratum_index, spec, mechanism)
    before_noise(mechanism.record_fields())
    reported = mechanism.respond(stratum_index, value_index, rng)
    rows = random_order(len(values), rng)
    domains = [s.domain for s in mechanism.strata]
    names = np.array([s.name for s in mechanism.strata], dtype=object)
    reported_text = np.array([domains[s][r] for s, r in zip(stratum_index[rows].tolist(), reported[rows].tolist())],
                             dtype=object)
    result = {"rows": rows, "reported": reported_text, "stratum_name": names[stratum_index[rows]],
              **_estimate_table(mechanism, stratum_index, reported)}
    outside = sum(v not in domains[i] for v, i in zip(values.tolist(), stratum_index.tolist()))
    return Release(result, mechanism, mechanism.record_fields(), {"outside": Private(outside)})


def _estimate_table(mechanism, stratum_index, reported):
    """Rows per declared stratum and domain value (declaration order): counts, estimates, standard errors."""
    strata, categories, reported_counts, estimates, errors = [], [], [], [], []
    for index, stratum in enumerate(mechanism.strata):
        counts = np.bincount(reported[stratum_index == index], minlength=len(stratum.domain))
        estimate, error = mechanism.estimate(index, counts)
        strata.extend([stratum.name] * len(stratum.domain))
        categories.extend(stratum.domain)
        reported_counts.extend(counts.tolist())
        estimates.extend(estimate.tolist())
        errors.extend(error.tolist())
    return {"stratum": np.array(strata, dtype=object), "category": np.array(categories, dtype=object),
            "reported_count": np.array(reported_counts, dtype=np.int64), "estimate": np.array(estimates, dtype=float),
            "std_error": np.array(errors, dtype=float)}
