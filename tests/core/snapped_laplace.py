"""Exact distribution of Mironov's snapped Laplace (core.mechanisms.counting.CountNoise.apply), for sharp tests.

The released value for a true value x (|x| far below the bound 2^32) is
Lambda * round((x + Y) / Lambda), Y ~ Laplace(b): it equals j Lambda with
probability F((j + 1/2) Lambda - x) - F((j - 1/2) Lambda - x), F the Laplace
CDF (ties have probability 0). Sums run over every j with a probability above
~e^-60: exact to double precision.
"""

import math

import numpy as np


def _cdf(y, b):
    y = np.asarray(y, dtype=float)
    return np.where(y < 0, 0.5 * np.exp(np.minimum(y, 0.0) / b), 1.0 - 0.5 * np.exp(-np.maximum(y, 0.0) / b))


def snapped_errors(x, b, grain):
    """(errors e_j = j Lambda - x, probabilities) of released - x."""
    centre, span = round(x / grain), int(60 * b / grain) + 5
    values = np.arange(centre - span, centre + span + 1) * grain
    return values - x, _cdf(values + grain / 2 - x, b) - _cdf(values - grain / 2 - x, b)


def snapped_moments(x, b, grain):
    """E[e^2], E[e^4] of e = released - x."""
    e, p = snapped_errors(x, b, grain)
    return float((p * e**2).sum()), float((p * e**4).sum())


def second_moment_within(errors, x, b, grain, z):
    """Mean of errors^2 within z standard errors (from the exact fourth moment) of the exact E[e^2]."""
    second, fourth = snapped_moments(x, b, grain)
    se = math.sqrt((fourth - second**2) / np.asarray(errors).size)
    return abs(float(np.mean(np.square(errors))) - second) <= z * se


def snapped_tail(x, b, grain, t):
    """P(released >= t) for a true value x: released >= t exactly when x + Y >= ceil(t / Lambda) Lambda - Lambda/2."""
    y0 = math.ceil(t / grain) * grain - grain / 2
    return float(1.0 - _cdf(y0 - x, b))
