"""The opening of every algorithm's help (issue 13): a three-line summary with the expected accuracy.

Each ``shortHelpString`` starts with three lines: what the algorithm does,
what is private and for whom (the unit of privacy), and the accuracy to
expect at the algorithm's default parameters. The detailed help follows
under a heading. The desktop dialog shows the summary at the top of its help
pane (docs/img/dialogs/); tests/qgis/test_help_summary.py checks it.

The accuracy figures are never typed by hand: the functions here compute
them from dp_geoprivacy.core (core.accuracy.planning's planner functions on the
releases' own mechanisms: counting, od_flows, location, bounded_stats,
randomized_response, trajectories, relocation, synthetic_trips,
mobility_report) at the defaults the algorithm itself declares
(:func:`defaults` reads them from its parameter definitions), and the
algorithm formats them into its translated sentence through placeholders.
"""

import functools
import math

from ..core.accuracy.planning import count_accuracy, displacement_accuracy, response_accuracy, response_mechanism
from ..core.geometry import h3cells
from ..core.mechanisms.bounded_stats import BoundedMean, Bounds
from ..core.mechanisms.counting import DISCRETE_LAPLACE, LAPLACE, CountNoise
from ..core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ..core.mechanisms.location import PER_AXIS, PLANAR, LocationLaplace
from ..core.releases.mobility_report import ANALYSES, MobilityReportSpec
from ..core.releases.od_flows import ODDomain
from ..core.releases.relocation import RelocationSpec
from ..core.releases.synthetic_trips import OD, ContingencySpec
from ..core.releases.trajectories import SDD, TrajectorySpec
from ..core.releases.zone_counts import make_mechanism
from ..translation import tr

NOISE_KINDS = (LAPLACE, DISCRETE_LAPLACE, DISCRETE_GAUSSIAN)  # the NOISE enum of the count releases
LOCATION_KINDS = (PLANAR, PER_AXIS)  # the MECHANISM enum of the location releases
# Example sizes the summaries state with their figures (public settings, not data).
EXAMPLE_ZONES = 100
EXAMPLE_RECORDS = 100
EXAMPLE_BOUNDS = (0.0, 100.0)


def with_summary(what: str, private: str, accuracy: str, details: str) -> str:
    """The help: the three summary lines, then ``details`` under the heading "Details"."""
    heading = tr("Details")
    return f"<p>{what}<br>{private}<br>{accuracy}</p><h3>{heading}</h3>{details}"


def summary_lines(help_text: str) -> list:
    """The summary lines of a help made by :func:`with_summary` ([] when it has none)."""
    head, found, _ = help_text.partition("</p><h3>")
    if not found or not head.startswith("<p>"):
        return []
    return head[len("<p>"):].split("<br>")


def defaults(algorithm, *names) -> list:
    """The declared default of each parameter ``names`` of ``algorithm``.

    Read from the algorithm's own definitions (from an initialized copy when
    ``algorithm`` itself was not initialized), so the summary follows the
    defaults the dialog and qgis_process use.
    """
    source = algorithm if algorithm.parameterDefinition(names[0]) is not None else algorithm.create()
    return [source.parameterDefinition(name).defaultValue() for name in names]


# --- the figures (cached: the help is asked for often) -----------------------------------------


@functools.lru_cache(maxsize=64)
def count_figures(epsilon, max_contributions=1, noise=0, threshold=False, delta=0.0, cells=1, min_flow=0.0,
                  cells_per_contribution=1):
    """core.accuracy.planning.count_accuracy for the count mechanism these settings build (zone counts, OD flows)."""
    mechanism = make_mechanism(epsilon=float(epsilon), delta=float(delta), noise=NOISE_KINDS[int(noise)],
                               threshold=bool(threshold), max_contributions=int(max_contributions),
                               cells_per_contribution=int(cells_per_contribution))
    return count_accuracy(mechanism, int(cells), float(min_flow))


def od_cells(zones=EXAMPLE_ZONES, include_intrazonal=True) -> int:
    """Ordered zone pairs of an OD release over ``zones`` zones (core.releases.od_flows.ODDomain)."""
    return ODDomain(int(zones), bool(include_intrazonal)).size


@functools.lru_cache(maxsize=64)
def displacement_figures(epsilon, distance, mechanism=0, grid=0.0):
    """core.accuracy.planning.displacement_accuracy of the location mechanism (MECHANISM index)."""
    return displacement_accuracy(LocationLaplace(LOCATION_KINDS[int(mechanism)], float(epsilon), float(distance),
                                                 float(grid)))


@functools.lru_cache(maxsize=16)
def trajectory_figures(epsilon, k, max_step, keep_endpoints, distance):
    """(epsilon per SDD step, mean displacement of a vertex under per-vertex planar Laplace at the same
    EPSILON and K) from core.releases.trajectories."""
    sdd = TrajectorySpec(SDD, float(epsilon), int(k), float(max_step), bool(keep_endpoints), float(distance))
    vertex = TrajectorySpec("planar_laplace_per_vertex", float(epsilon), int(k), distance=float(distance))
    return sdd.mechanism().step_epsilon, displacement_accuracy(vertex.mechanism().vertex_mechanism())


@functools.lru_cache(maxsize=16)
def mean_figures(epsilon, max_contributions=1, sum_share=0.5, records=EXAMPLE_RECORDS, bounds=EXAMPLE_BOUNDS):
    """95% margin of a noisy mean over ``records`` records (BoundedMean.error_bound / N)."""
    mean = BoundedMean(float(epsilon), Bounds(*bounds), int(max_contributions), float(sum_share))
    return mean.error_bound() / records


@functools.lru_cache(maxsize=16)
def response_figures(epsilon, categories=4, respondents=1000, share=0.25):
    """core.accuracy.planning.response_accuracy of k-ary randomized response (the planner's default example)."""
    return response_accuracy(response_mechanism(float(epsilon), int(categories)), int(respondents), float(share))


@functools.lru_cache(maxsize=16)
def relocation_p_truth(epsilon, floor, zones=EXAMPLE_ZONES):
    """The p of trip relocation at ``epsilon`` per trip when one of ``zones`` zones has no trips (the floor's bound)."""
    counts = {str(i): 0.0 if i == 0 else 1.0 for i in range(int(zones))}
    return RelocationSpec(float(epsilon), float(floor), False, (counts,)).mechanism().p_truth


@functools.lru_cache(maxsize=16)
def synthetic_od_figures(epsilon, weights, max_trips=1, zones=EXAMPLE_ZONES):
    """(epsilon of the OD table, its count figures) of synthetic trips' model 0 (core.releases.synthetic_trips)."""
    spec = ContingencySpec(float(epsilon), tuple(weights), int(zones), 96, "", max_trips=int(max_trips))
    noise = spec.mechanism().noise(OD)
    return noise.epsilon, count_accuracy(noise)


@functools.lru_cache(maxsize=16)
def mobility_figures(epsilon, max_trips):
    """(number of analyses, epsilon of visits per zone, its count figures) of the default mobility report: every
    analysis but trips over time, which needs a public time range (none by default)."""
    analyses = tuple(name for name in ANALYSES if name != "trips_over_time")
    mechanisms = MobilityReportSpec(float(epsilon), int(max_trips), "", analyses=analyses).mechanisms()
    visits = mechanisms["visits_per_zone"]
    return len(mechanisms), visits.epsilon, count_accuracy(visits.noise)


@functools.lru_cache(maxsize=16)
def level_margin(epsilon, levels):
    """95% margin of one level's noisy counts when EPSILON is shared equally by ``levels`` levels (M = 1),
    before least squares combines the levels (core.mechanisms.counting's released margin: snapping included)."""
    return CountNoise(LAPLACE, float(epsilon) / int(levels), 1.0).released_margin_of_error()


def h3_cell_area_km2(resolution) -> float:
    """Average area of an H3 hexagon at ``resolution`` (km², from h3)."""
    return h3cells.average_cell_area_km2(int(resolution))


def percent(share: float) -> str:
    """A share as a percentage for the summary (two significant digits)."""
    return f"{100.0 * share:.2g}%"


def finite(value, fallback):
    """``value`` as a float, or ``fallback`` when it is None or not finite."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return fallback
    return number if math.isfinite(number) else fallback
