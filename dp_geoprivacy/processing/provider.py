"""The "DP Geoprivacy" Processing provider."""

from qgis.core import QgsApplication, QgsProcessingProvider

from ..translation import Translatable
from . import workdirs
from .algorithms.accuracy_planner import AccuracyPlanner
from .algorithms.adaptive_grid import AdaptiveGrid
from .algorithms.consistent_counts import ConsistentCounts
from .algorithms.escape_analysis import EscapeAnalysis
from .algorithms.h3_grid import H3Grid
from .algorithms.laplace_perturbation import LaplacePerturbation
from .algorithms.mobility_report import MobilityReport
from .algorithms.noisy_od_flows import NoisyOdFlows
from .algorithms.noisy_zone_counts import NoisyZoneCounts
from .algorithms.noisy_zone_statistics import NoisyZoneStatistics
from .algorithms.privacy_report import PrivacyReport
from .algorithms.randomized_response import RandomizedResponseAlgorithm
from .algorithms.synthetic_trips import SyntheticTrips
from .algorithms.trajectory_perturbation import TrajectoryPerturbation
from .algorithms.trip_ends import TripEnds
from .algorithms.trip_relocation import TripRelocationAlgorithm
from .algorithms.utility_report import UtilityReport
from .base import PROVIDER_ID, icon
from .example_models import example_models

ALGORITHMS = (LaplacePerturbation, H3Grid, NoisyZoneCounts, EscapeAnalysis, NoisyOdFlows, PrivacyReport,
              RandomizedResponseAlgorithm, TripRelocationAlgorithm, NoisyZoneStatistics, TrajectoryPerturbation,
              TripEnds, SyntheticTrips, AccuracyPlanner, UtilityReport, MobilityReport, ConsistentCounts,
              AdaptiveGrid)


class DpGeoprivacyProvider(Translatable, QgsProcessingProvider):
    """Registers every dp_geoprivacy algorithm."""

    def id(self):
        return PROVIDER_ID

    def name(self):
        return "DP Geoprivacy"

    def longName(self):  # noqa: N802 (QGIS API)
        return self.tr("DP Geoprivacy: differential privacy for location and travel data")

    def icon(self):
        return icon("provider")

    def loadAlgorithms(self):  # noqa: N802 (QGIS API)
        # From the main thread (algorithms may later run in worker threads); in qgis_process Ctrl-C ends the run.
        workdirs.install(end_on_interrupt=QgsApplication.platform() == "qgis_process")
        for algorithm in ALGORITHMS:
            self.addAlgorithm(algorithm())
        for model in example_models():
            self.addAlgorithm(model)
