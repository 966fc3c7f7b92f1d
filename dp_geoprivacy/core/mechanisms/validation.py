"""Checks of mechanism parameters shared by every mechanism."""

import math


def require_positive_finite(name: str, value: float) -> float:
    """Return ``value`` as float, or raise ValueError naming the parameter."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(number) or number <= 0:
        raise ValueError(f"{name} must be a finite number greater than 0, got {value!r}")
    return number
