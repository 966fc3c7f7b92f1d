"""Accuracy messages the releases give before any noise is drawn (issue 13, "honest defaults").

noisyodflows warns when many published flows would be noise only.
The figure is core.accuracy.planning's (the planner's): from public facts alone (the
number of zones, the noise, MIN_FLOW), the expected number of pairs with no
trip that the release publishes, an upper bound reached when every pair is
empty. City-sized tessellations have far more pairs than trips, so the bound
is close: the issue 13 trial on the Cairns GTFS feed published 5,864 flows
for 27 real pairs with THRESHOLD=0 and MIN_FLOW=1.
"""

import math

from ..core.accuracy.planning import SPURIOUS_WARNING, count_accuracy, spurious_advice
from ..core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..core.mechanisms.gaussian_threshold import THRESHOLDED
from ..translation import tr


def warn_spurious_flows(algorithm, feedback, mechanism, n_zones, include_intrazonal, min_flow):
    """Push the warning (with the figure and the alternatives) when the expected count exceeds SPURIOUS_WARNING."""
    if isinstance(mechanism, THRESHOLDED):
        return None
    advice = spurious_advice(mechanism, n_zones, include_intrazonal, min_flow)
    if advice.expected <= SPURIOUS_WARNING:
        return advice
    feedback.pushWarning(tr(
        "About {n:,.0f} of the published flows are expected to be noise only: each of the {cells:,} zone pairs "
        "without a trip is published with probability {p:.3g} at MIN_FLOW={m:g} (the figure assumes every pair "
        "is empty; with few trips per pair it is close). To publish real flows only, use THRESHOLD=1 with a "
        "DELTA (e.g. 1e-6): no pair without trips is ever published. Or raise MIN_FLOW to {k} (about "
        "{limit:g} noise-only flows), or use coarser zones (at most {z} zones for about {limit:g}). "
        "dp_geoprivacy:accuracyplanner tabulates these figures per epsilon.").format(
        n=advice.expected, cells=advice.cells, p=advice.p_empty, m=min_flow, k=advice.min_flow_needed,
        z=advice.zones_needed, limit=SPURIOUS_WARNING))
    return advice


# Margin of error (counts) above which a user-level count release warns that small zones drown in noise.
USER_MARGIN_WARNING = 10.0


def note_user_level_counts(feedback, mechanism, max_contributions, cells_per_contribution=1):
    """With USER_FIELD: state the noise scale in terms of M (before any noise), warn when the margin is large."""
    figures = count_accuracy(mechanism)
    m, c = int(max_contributions), int(cells_per_contribution)
    if getattr(mechanism, "kind", None) == DISCRETE_GAUSSIAN:
        feedback.pushInfo(tr(
            "User-level counts with the discrete Gaussian: L2 sensitivity {l2:.4g} (M = {m}), sigma = {s:.4g} per "
            "cell, 95% margin of error {moe:.4g} (expected absolute error {mae:.4g}).").format(
            l2=figures.sensitivity, m=m, s=figures.noise_scale, moe=figures.margin_of_error,
            mae=figures.expected_abs_error))
    else:
        feedback.pushInfo(tr(
            "User-level counts: one user may add up to M = {m} points{cells}, so the noise scale is {m}{times} / "
            "epsilon {e:.4g} = {b:.4g} per cell and the 95% margin of error is {moe:.4g} (expected absolute error "
            "{mae:.4g}).").format(m=m, cells=tr(" to {c} zones each").format(c=c) if c > 1 else "",
                                  times=f" x {c}" if c > 1 else "", e=figures.epsilon, b=figures.noise_scale,
                                  moe=figures.margin_of_error, mae=figures.expected_abs_error))
    if figures.margin_of_error > USER_MARGIN_WARNING and m > 1:
        feedback.pushWarning(tr(
            "With M = {m} the 95% margin of error is {moe:.4g}: zones whose count is below about {moe:.0f} will be "
            "dominated by noise. A smaller MAX_CONTRIBUTIONS (most users' number of points), a larger EPSILON "
            "or coarser zones reduce it; dp_geoprivacy:accuracyplanner tabulates the margin per epsilon and M."
        ).format(m=m, moe=figures.margin_of_error))
    return figures


# Calibrated epsilons above this are flagged as weak protection by escape analysis.
WEAK_CALIBRATED_EPSILON = 2.0


def note_escape_calibration(feedback, calibration, epsilon, mean_zone_area, distance):
    """Escape analysis: say when zones are too fine for DISTANCE, and flag a weak calibrated epsilon."""
    size = math.sqrt(mean_zone_area) if mean_zone_area and mean_zone_area > 0 else None
    if calibration is not None and calibration.status == "below_sweep" and size:
        smallest = calibration.upper
        if distance:
            implied = distance / smallest
            if implied > WEAK_CALIBRATED_EPSILON:
                feedback.pushWarning(tr(
                    "These zones (about {s:.0f} m across: the square root of the mean zone area) are too fine for "
                    "DISTANCE = {d:g} m: already at b = {b:g} m (epsilon {e:.3g}) more than {t:g} of points "
                    "escape, and smaller scales mean larger epsilons. Use coarser zones, a smaller DISTANCE, or "
                    "accept a higher escape share; smaller scales will not give a protective epsilon.").format(
                    s=size, d=distance, b=smallest, e=implied, t=calibration.target))
                return
        feedback.pushInfo(tr(
            "The zones are about {s:.0f} m across; at the smallest scale tested (b = {b:g} m) points move {m:.0f} m "
            "on average (planar Laplace: 2b).").format(s=size, b=smallest, m=2 * smallest))
    if epsilon is not None and epsilon > WEAK_CALIBRATED_EPSILON:
        feedback.pushWarning(tr(
            "The calibrated epsilon {e:.3g} is above {limit:g}: weak protection for the unit of privacy (two "
            "locations DISTANCE = {d:g} m apart): an observer's odds between them may change by a factor of "
            "e^{e:.3g} = {f:.3g}. Coarser zones or a smaller DISTANCE allow a smaller epsilon.").format(
            e=epsilon, limit=WEAK_CALIBRATED_EPSILON, d=distance or 0, f=math.exp(epsilon)))
