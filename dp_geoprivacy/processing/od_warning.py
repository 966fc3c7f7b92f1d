"""noisyodflows' warning, before any noise is drawn, when many published flows would be noise only.

The figure is core.accuracy's (the planner's): from public facts alone (the
number of zones, the noise, MIN_FLOW), the expected number of pairs with no
trip that the release publishes, an upper bound reached when every pair is
empty. City-sized tessellations have far more pairs than trips, so the bound
is close: the issue 13 trial on the Cairns GTFS feed published 5,864 flows
for 27 real pairs with THRESHOLD=0 and MIN_FLOW=1.
"""

from ..core.accuracy import SPURIOUS_WARNING, spurious_advice
from ..core.counting import StabilityHistogram
from ..translation import tr


def warn_spurious_flows(algorithm, feedback, mechanism, n_zones, include_intrazonal, min_flow):
    """Push the warning (with the figure and the alternatives) when the expected count exceeds SPURIOUS_WARNING."""
    if isinstance(mechanism, StabilityHistogram):
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
