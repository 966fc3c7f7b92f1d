"""Lower bounds on epsilon from a distinguishing attack on neighbouring datasets.

The method of DP Auditorium and of Jagielski, Ullman and Oprea, "Auditing
Differentially Private Machine Learning: How Private is Private SGD?"
(NeurIPS 2020, section 3): run the release many times on a dataset D and on
a neighbour D' (one unit of privacy added, removed or changed), reduce each
output to one number (the attack's statistic), and choose an event
"statistic >= t" (or "<= t") on a held-out set of runs. Then, on fresh runs,
count how often the event happens under D (k1 of n) and under D' (k0 of n).
With Clopper-Pearson bounds at a joint confidence 1 - alpha (alpha / 2 each
side), every (epsilon, delta)-DP release satisfies
p1 <= e^epsilon p0 + delta, so

    epsilon >= log((lower(p1) - delta) / upper(p0))

holds with probability at least 1 - alpha. A lower bound above the claimed
epsilon is evidence (at that confidence) that the release does not keep its
promise; a lower bound well below it says only that this attack did not
find a leak.

Each run draws its noise from a fresh generator keyed from the operating
system's cryptographic source (core.mechanisms.rng.noise_source without a seed), as a
published release does.
"""

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np
from scipy.stats import beta

from dp_geoprivacy.core.mechanisms.rng import noise_source


def clopper_pearson(k: int, n: int, alpha: float):
    """The exact two-sided (1 - alpha) interval for a binomial proportion, k successes of n."""
    low = 0.0 if k == 0 else float(beta.ppf(alpha / 2, k, n - k + 1))
    high = 1.0 if k == n else float(beta.ppf(1 - alpha / 2, k + 1, n - k))
    return low, high


def epsilon_lower_bound(k1: int, k0: int, n1: int, n0: int, delta: float = 0.0, alpha: float = 0.05) -> float:
    """log((lower(p1) - delta) / upper(p0)), with one-sided Clopper-Pearson bounds at alpha / 2 each (so the
    two hold together with probability 1 - alpha); 0 when the bound says nothing."""
    p1_low, _ = clopper_pearson(k1, n1, alpha)
    _, p0_high = clopper_pearson(k0, n0, alpha)
    if p1_low - delta <= 0 or p0_high <= 0:
        return 0.0
    return max(0.0, math.log((p1_low - delta) / p0_high))


@dataclass(frozen=True)
class Attack:
    """One release, one unit of privacy, and how to tell its neighbouring datasets apart.

    ``statistic(neighbour, rng)``: run the release on D (neighbour 0) or D' (neighbour 1) with noise from
    ``rng`` and reduce its output to one number. ``epsilon``/``delta``: what the privacy record claims for
    one unit of privacy.
    """

    release: str
    unit: str
    epsilon: float
    delta: float
    statistic: Callable[[int, np.random.Generator], float]
    note: str = ""


@dataclass(frozen=True)
class AuditResult:
    attack: Attack
    runs: int
    event: str
    k1: int
    k0: int
    lower_bound: float


def sample(attack: Attack, neighbour: int, runs: int) -> np.ndarray:
    """The attack's statistic over ``runs`` releases, each with noise from a fresh, unseeded generator."""
    return np.array([attack.statistic(neighbour, noise_source().generator) for _ in range(runs)], dtype=float)


def seeded_sampler(seed: int) -> Callable:
    """A sampler with fixed seeds (each run its own), for tests that must give the same answer every time."""
    calls = iter(range(10**9))

    def sampler(attack: Attack, neighbour: int, runs: int) -> np.ndarray:
        first = (seed * 1000 + next(calls)) * 10**6
        return np.array([attack.statistic(neighbour, noise_source(first + i).generator) for i in range(runs)],
                        dtype=float)
    return sampler


def choose_event(d: np.ndarray, d_prime: np.ndarray, delta: float, alpha: float):
    """The event ("statistic >= t" or "<= t", either neighbour as D) with the best lower bound on held-out runs.

    Returns (first, side, t): ``first`` is the neighbour under which the event is the more likely.
    """
    thresholds = np.unique(np.quantile(np.concatenate((d, d_prime)), np.linspace(0.0, 1.0, 201)))
    best = (0.0, 0, 1, thresholds[0])
    samples = (d, d_prime)
    for t in thresholds:
        for side in (1, -1):
            hits = [int(np.sum(side * s >= side * t)) for s in samples]
            for first in (0, 1):
                bound = epsilon_lower_bound(hits[first], hits[1 - first], len(samples[first]),
                                            len(samples[1 - first]), delta, alpha)
                if bound > best[0]:
                    best = (bound, first, side, t)
    return best[1:]


def audit(attack: Attack, runs: int = 20_000, alpha: float = 0.05, held_out: float = 0.2,
          sampler: Callable = sample) -> AuditResult:
    """Choose the event on ``held_out`` x ``runs`` runs per neighbour, then count it on ``runs`` fresh runs each."""
    n_held = max(50, int(runs * held_out))
    first, side, t = choose_event(sampler(attack, 0, n_held), sampler(attack, 1, n_held), attack.delta, alpha)
    fresh = [sampler(attack, 0, runs), sampler(attack, 1, runs)]
    k1 = int(np.sum(side * fresh[first] >= side * t))
    k0 = int(np.sum(side * fresh[1 - first] >= side * t))
    event = f"{('D', 'neighbour')[first]}: statistic {'>=' if side == 1 else '<='} {t:.6g}"
    return AuditResult(attack, runs, event, k1, k0, epsilon_lower_bound(k1, k0, runs, runs, attack.delta, alpha))
