"""The "DP Geoprivacy" Processing provider."""

from qgis.core import QgsProcessingProvider

from ..translation import Translatable
from .algorithms.laplace_perturbation import LaplacePerturbation
from .base import PROVIDER_ID, icon

ALGORITHMS = (LaplacePerturbation,)


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
        for algorithm in ALGORITHMS:
            self.addAlgorithm(algorithm())
