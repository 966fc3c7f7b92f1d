"""Laplace or Gaussian noise for a planned release: the error of each at the same (epsilon, delta).

For dp_geoprivacy:accuracyplanner (issue 22 §1). Nothing here reads data.

Counts (noisy zone counts, OD flows): one user adds one to each of at most
M distinct cells, so the histogram's L1 sensitivity is M and its L2
sensitivity sqrt(M) (core.mechanisms.gaussian.histogram_l2_sensitivity,
with c cells per contribution as there). Laplace noise calibrated to L1 is
epsilon-DP; the discrete Gaussian calibrated to L2 with rho =
zcdp_rho(epsilon, delta) (Canonne, Kamath and Steinke 2020 Corollary 13,
inverted) is rho-zCDP (their Theorem 14) and so (epsilon, delta)-DP. The
figures of both are the exact figures of the mechanisms the release builds
(core.releases.zone_counts.make_mechanism, planning.count_accuracy: the
published error after snapping and rounding for Laplace, the discrete
Gaussian's own distribution).

Zone sums (noisyzonestatistics, SUM): values clamped to [LOWER, UPPER],
B = max(|LOWER|, |UPPER|), a unit with at most M records: L1 sensitivity
M B (core.mechanisms.bounded_stats.BoundedSum), L2 sensitivity sqrt(M) B
when the unit's M records lie in distinct zones (the bounding a Gaussian
release must do; with repeats allowed L2 would be M B and the Gaussian
never gains). Figures of the continuous noise, without snapping, for both:
Laplace b = L1 / epsilon has E|X| = b, RMSE sqrt(2) b and 95% margin
b ln 20; the Gaussian sigma = L2 / sqrt(2 rho) has E|X| = sigma sqrt(2/pi),
RMSE sigma and 95% margin 1.95996 sigma.

Which is smaller is decided by the RMSE; the ratio Laplace / Gaussian grows
like sqrt(M) (about sqrt(M) epsilon / sqrt(ln(1/delta)) for small epsilon),
so Laplace wins for M = 1 and the Gaussian from a few contributions on.
"""

import math
from dataclasses import dataclass
from typing import Optional

from ..mechanisms.counting import LAPLACE
from ..mechanisms.gaussian import DISCRETE_GAUSSIAN, gaussian_sigma, zcdp_rho
from ..releases.zone_counts import make_mechanism
from .planning import CONFIDENCE, count_accuracy

GAUSSIAN_NAME = "Gaussian"
LAPLACE_NAME = "Laplace"
_Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


@dataclass(frozen=True)
class NoiseChoice:
    """Laplace and Gaussian figures for one planned release at (epsilon, delta); see the module doc."""

    epsilon: float
    delta: float
    l1_sensitivity: float
    l2_sensitivity: float
    rho: float
    laplace_scale: float
    laplace_expected_abs_error: float
    laplace_rmse: float
    laplace_margin_of_error: float
    gaussian_sigma: float
    gaussian_expected_abs_error: float
    gaussian_rmse: float
    gaussian_margin_of_error: float

    @property
    def smaller_error(self) -> str:
        """GAUSSIAN_NAME or LAPLACE_NAME: the noise with the smaller RMSE (Laplace on ties)."""
        return GAUSSIAN_NAME if self.gaussian_rmse < self.laplace_rmse else LAPLACE_NAME

    @property
    def rmse_ratio(self) -> float:
        """Laplace RMSE over Gaussian RMSE (above 1: the Gaussian is more accurate)."""
        return self.laplace_rmse / self.gaussian_rmse

    def as_row(self) -> dict:
        """The comparison columns of the planner's table."""
        return {"laplace_rmse": self.laplace_rmse, "laplace_margin": self.laplace_margin_of_error,
                "gaussian_sigma": self.gaussian_sigma, "gaussian_rho": self.rho, "gaussian_rmse": self.gaussian_rmse,
                "gaussian_margin": self.gaussian_margin_of_error, "rmse_laplace_over_gaussian": self.rmse_ratio,
                "smaller_error": self.smaller_error}


COLUMNS = ("laplace_rmse", "laplace_margin", "gaussian_sigma", "gaussian_rho", "gaussian_rmse", "gaussian_margin",
           "rmse_laplace_over_gaussian", "smaller_error")


def count_noise_choice(epsilon: float, delta: float, max_contributions: int = 1, cells_per_contribution: int = 1,
                       confidence: float = CONFIDENCE, gaussian_epsilon: Optional[float] = None) -> NoiseChoice:
    """Laplace against the discrete Gaussian for zone counts or OD flows (M distinct cells per user); the Gaussian at
    ``gaussian_epsilon`` where its release keeps another epsilon than Laplace's (an automatic M's choice taken out
    of rho: core.mechanisms.bound_selection.release_epsilon)."""
    laplace = count_accuracy(make_mechanism(epsilon=epsilon, noise=LAPLACE, max_contributions=max_contributions,
                                            cells_per_contribution=cells_per_contribution), confidence=confidence)
    mechanism = make_mechanism(epsilon=epsilon if gaussian_epsilon is None else gaussian_epsilon, delta=delta,
                               noise=DISCRETE_GAUSSIAN,
                               max_contributions=max_contributions, cells_per_contribution=cells_per_contribution)
    gaussian = count_accuracy(mechanism, confidence=confidence)
    return NoiseChoice(
        epsilon=float(epsilon), delta=float(delta), l1_sensitivity=laplace.sensitivity,
        l2_sensitivity=gaussian.sensitivity, rho=mechanism.rho, laplace_scale=laplace.noise_scale,
        laplace_expected_abs_error=laplace.expected_abs_error, laplace_rmse=laplace.rmse,
        laplace_margin_of_error=laplace.published_margin, gaussian_sigma=gaussian.noise_scale,
        gaussian_expected_abs_error=gaussian.expected_abs_error, gaussian_rmse=gaussian.rmse,
        gaussian_margin_of_error=gaussian.published_margin)


def sum_noise_choice(epsilon: float, delta: float, magnitude: float, max_contributions: int = 1,
                     gaussian_epsilon: Optional[float] = None) -> NoiseChoice:
    """Laplace against the continuous Gaussian for a zone sum: ``epsilon`` the sum's own (``gaussian_epsilon`` the
    Gaussian's where it differs, as in count_noise_choice), ``magnitude`` B = max(|LOWER|, |UPPER|),
    ``max_contributions`` M records per unit in distinct zones (module doc)."""
    m = int(max_contributions)
    l1, l2 = m * float(magnitude), math.sqrt(m) * float(magnitude)
    b = l1 / float(epsilon)
    rho = zcdp_rho(epsilon if gaussian_epsilon is None else gaussian_epsilon, delta)
    sigma = gaussian_sigma(l2, rho)
    return NoiseChoice(
        epsilon=float(epsilon), delta=float(delta), l1_sensitivity=l1, l2_sensitivity=l2, rho=rho,
        laplace_scale=b, laplace_expected_abs_error=b, laplace_rmse=math.sqrt(2.0) * b,
        laplace_margin_of_error=b * math.log(20.0), gaussian_sigma=sigma,
        gaussian_expected_abs_error=sigma * math.sqrt(2.0 / math.pi), gaussian_rmse=sigma,
        gaussian_margin_of_error=_Z95 * sigma)
