"""The budget of a run's automatic choices (M, LOWER/UPPER): what each takes of EPSILON (or, with a Gaussian release,
of rho(EPSILON, DELTA)) and what the release keeps, exactly (bound_selection's module docstring, "Privacy" and
"Floating point"). Split from bound_selection by concern; bound_selection re-exports these names."""

import math
from fractions import Fraction
from typing import Tuple

from .counting import LAPLACE
from .gaussian import DISCRETE_GAUSSIAN, epsilon_for_rho, pure_dp_rho, zcdp_rho
from .validation import require_positive_finite


def remainder(total: float, spent) -> float:
    """What is left of ``total`` after ``spent`` (a float or an exact Fraction): the largest float r with
    spent + r <= total in exact arithmetic. The floating-point difference is the nearest float, which may lie
    above the exact rest by half a unit in the last place: then the next float down. So the parts never add up to
    more than ``total`` (the privacy is never understated), and a rest that is exactly representable is exact: 10
    less 9 is 1, where 10 (1 - 0.9) gives 0.9999999999999998, which doubles a Laplace snapping grain of 8."""
    exact = Fraction(float(total)) - (spent if isinstance(spent, Fraction) else Fraction(float(spent)))
    rest = float(exact)
    return math.nextafter(rest, -math.inf) if Fraction(rest) > exact else rest


def split_epsilon(epsilon: float, share: float) -> Tuple[float, float]:
    """(epsilon of the choice, epsilon left for the release): ``share`` of ``epsilon`` and the rest (remainder)."""
    require_positive_finite("epsilon", epsilon)
    if not (0.0 < share < 1.0):
        raise ValueError(f"AUTO_SHARE, the share of epsilon for a choice, must be between 0 and 1 (exclusive), e.g. "
                         f"0.05; got {share!r}")
    choice = epsilon * share
    return choice, remainder(epsilon, choice)


def gaussian_split(epsilon: float, delta: float, share: float, choices: int = 1) -> Tuple[float, float, float]:
    """(epsilon of each choice, rho left for a Gaussian release, the epsilon that rho converts to at ``delta``) when
    the whole run is to be rho(epsilon, delta)-zCDP: each of ``choices`` pure choices (``share`` of epsilon each)
    takes eps_choice^2 / 2 of rho (module docstring); the release's epsilon is its rho's conversion (CKS
    Corollary 13), which gives its rho back."""
    choice = split_epsilon(epsilon, share)[0]
    rest = remainder(zcdp_rho(epsilon, delta), int(choices) * Fraction(choice) ** 2 / 2)  # each choice's exact rho
    if not rest > 0:
        raise ValueError(f"the choices' rho {int(choices) * pure_dp_rho(choice):.3g} would take the whole rho "
                         f"{zcdp_rho(epsilon, delta):.3g} of EPSILON {epsilon:g} at DELTA {delta:g} (NOISE=2 keeps "
                         f"the whole run at that rho): use AUTO_SHARE below "
                         f"{largest_share(epsilon, choices, DISCRETE_GAUSSIAN, delta):.3g}, or NOISE=0")
    return choice, rest, epsilon_for_rho(rest, delta)  # its noise's rho (zcdp_rho of it) within the rest


def largest_share(epsilon: float, choices: int, noise: str = LAPLACE, delta: float = 0.0,
                  zcdp_release: bool = True) -> float:
    """The share of ``epsilon`` at and above which ``choices`` choices leave a release nothing (release_epsilon):
    1 / choices by basic composition; with a Gaussian release kept at rho(epsilon, delta), the share whose
    choices' epsilon^2 / 2 each add up to that rho, sqrt(2 rho / choices) / epsilon. For the refusal's fix, rounded
    down to three digits so that a share below the figure shown fits."""
    if noise == DISCRETE_GAUSSIAN and zcdp_release:
        exact = math.sqrt(2.0 * zcdp_rho(epsilon, delta) / int(choices)) / epsilon
    else:
        exact = 1.0 / int(choices)
    digits = 2 - math.floor(math.log10(exact))
    return min(math.floor(exact * 10 ** digits) / 10 ** digits, 1.0)


def release_epsilon(epsilon: float, share: float, choices: int, noise: str = LAPLACE, delta: float = 0.0,
                    zcdp_release: bool = True) -> float:
    """The epsilon a release keeps after ``choices`` automatic choices (M, LOWER/UPPER), each ``share`` of
    ``epsilon``: a Gaussian release whose whole run is rho(epsilon, delta)-zCDP (``zcdp_release``) keeps the
    conversion of the rho the choices leave (gaussian_split); any other the epsilon they leave. The one rule of
    the releases (plan_choice) and of the accuracy planner."""
    if choices and noise == DISCRETE_GAUSSIAN and zcdp_release:
        return gaussian_split(epsilon, delta, share, choices)[2]
    rest = remainder(epsilon, int(choices) * Fraction(split_epsilon(epsilon, share)[0])) if choices else epsilon
    if not rest > 0:
        raise ValueError(f"{int(choices)} choices of AUTO_SHARE {share:g} would take the whole EPSILON: use AUTO_SHARE "
                         f"below {largest_share(epsilon, choices):.3g}")
    return rest
