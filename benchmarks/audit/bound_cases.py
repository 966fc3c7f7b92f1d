"""Audit attack for the automatic contribution bound (core.mechanisms.bound_selection, issue 22 part 2).

D: 10 users with 10 records each; D': plus one user with 50 records (beyond every candidate). With 5 cells, the
release's epsilon 1 and its snapped Laplace noise, M = 10 has d = 0 in both; the added user raises every other d
below 10 by exactly 1 and lowers every d above 10 by exactly 1 (each chord to M = 10 moves by 1): the worst shape
for the score's sensitivity of 1 user. The exact privacy loss of the event M > 10 is 0.961 with permute-and-flip,
which draws M now (BoundChoice.probabilities: 0.0155 against 0.0406), and was 0.920 with the exponential mechanism
before (2.51 = e^0.920). Statistic: the chosen M. Claimed epsilon: the choice's own (1)."""

import numpy as np

from dp_geoprivacy.core.mechanisms.bound_selection import BoundChoice

from .auditing import Attack

EPSILON = 1.0


def bound_choice_attack() -> Attack:
    counts = [np.full(10, 10), np.append(np.full(10, 10), 50)]
    choice = BoundChoice(EPSILON, 20, 5, 1.0)

    def statistic(neighbour, rng):
        return float(choice.choose(counts[neighbour], rng))

    return Attack("automatic M (permute-and-flip)", "user", EPSILON, 0.0, statistic)
