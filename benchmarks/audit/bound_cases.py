"""Audit attack for the automatic contribution bound (core.mechanisms.bound_selection, issue 22 part 2).

D: 10 users with 10 records each; D': plus one user with 50 records (beyond every candidate). With 5 cells and the
release's epsilon 1, c = 5: in D every M below 10 has d = 5 and M = 10 has d = 0; the added user raises d by 1 below
10 and lowers it by 1 above (d(M > 10) is 5 in D, 4 in D'): the worst shape for the score's sensitivity of 1 user.
Statistic: the chosen M. Claimed epsilon: the choice's own (1).
"""

import numpy as np

from dp_geoprivacy.core.mechanisms.bound_selection import BoundChoice

from .auditing import Attack

EPSILON = 1.0


def bound_choice_attack() -> Attack:
    counts = [np.full(10, 10), np.append(np.full(10, 10), 50)]
    choice = BoundChoice(EPSILON, 20, 5, 1.0)

    def statistic(neighbour, rng):
        return float(choice.choose(counts[neighbour], rng))

    return Attack("automatic M (exponential mechanism)", "user", EPSILON, 0.0, statistic)
