"""What every dp_geoprivacy algorithm shares: naming, help, icons, the seed
option, the noise source, and the privacy record."""

import math

from qgis.core import (
    QgsProcessingAlgorithm,
    QgsProcessingException,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterNumber,
)
from qgis.PyQt.QtGui import QIcon

from .. import __version__, plugin_root
from ..core.privacy_record import PrivacyRecord
from ..core.rng import noise_source
from ..translation import Translatable, translate

PROVIDER_ID = "dp_geoprivacy"
HOMEPAGE = "https://github.com/dp-geoprivacy/dp_geoprivacy"


def icon(name: str) -> QIcon:
    """An icon from resources/icons/ by file stem."""
    return QIcon(str(plugin_root() / "resources" / "icons" / f"{name}.svg"))


class DpAlgorithm(Translatable, QgsProcessingAlgorithm):
    """Base class; subclasses set ALGORITHM_ID and GROUP_ID and define the rest."""

    ALGORITHM_ID = ""
    GROUP_ID = ""
    SEED = "SEED"

    def name(self):
        return self.ALGORITHM_ID

    def groupId(self):  # noqa: N802 (QGIS API)
        return self.GROUP_ID

    def group(self):
        return {
            "perturbation": translate("DpAlgorithm", "Location perturbation"),
            "aggregates": translate("DpAlgorithm", "Noisy counts and flows"),
            "categorical": translate("DpAlgorithm", "Randomized response"),
            "tessellation": translate("DpAlgorithm", "Tessellations (public, no privacy cost)"),
            "accounting": translate("DpAlgorithm", "Privacy accounting"),
            "calibration": translate("DpAlgorithm", "Calibration (not private)"),
        }[self.GROUP_ID]

    def createInstance(self):  # noqa: N802 (QGIS API)
        return type(self)()

    def icon(self):
        return icon(self.ALGORITHM_ID)

    def helpUrl(self):  # noqa: N802 (QGIS API)
        return f"{HOMEPAGE}#{self.ALGORITHM_ID}"

    # --- shared parameters -------------------------------------------------

    def add(self, parameter):
        """Add a parameter; a duplicate name is a programming error."""
        if not self.addParameter(parameter):
            raise RuntimeError(f"{self.ALGORITHM_ID}: could not add parameter {parameter.name()}")
        return parameter

    def add_output(self, output):
        """Add an output definition; a duplicate name is a programming error."""
        if not self.addOutput(output):
            raise RuntimeError(f"{self.ALGORITHM_ID}: could not add output {output.name()}")
        return output

    def add_seed_parameter(self):
        """The advanced, optional SEED parameter for reproducible study runs."""
        parameter = QgsProcessingParameterNumber(
            self.SEED,
            translate("DpAlgorithm", "Random seed (reproducible study runs only; leave empty to publish)"),
            QgsProcessingParameterNumber.Integer,
            optional=True,
            minValue=0,
        )
        parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        parameter.setHelp(
            translate(
                "DpAlgorithm",
                "With a seed the noise is reproducible by anyone who knows it, so the output is "
                "not private against them. Leave empty for releases: noise then comes from a "
                "cryptographically seeded generator. The output's metadata records whether a "
                "seed was used (never its value)."
            )
        )
        self.add(parameter)

    def noise_source(self, parameters, context, feedback):
        """The generator for this run's noise (secure unless SEED is given)."""
        seed = None
        if parameters.get(self.SEED) not in (None, ""):
            seed = self.parameterAsInt(parameters, self.SEED, context)
            feedback.pushWarning(
                translate(
                    "DpAlgorithm",
                    "A seed was given: the noise is reproducible. Do not publish this output."
                )
            )
        return noise_source(seed)

    # Number parameters that must be finite and > 0; checked before QGIS's
    # own range check so the message names the parameter and the fix.
    POSITIVE_PARAMETERS = ()

    def _positive_number_error(self, name, value):
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if math.isfinite(number) and number > 0:
            return None
        return translate(
            "DpAlgorithm", "{name} must be a finite number greater than 0 (got {value}). {hint}"
        ).format(name=name, value=value, hint=self.parameterDefinition(name).help())

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        for name in self.POSITIVE_PARAMETERS:
            value = parameters.get(name)
            if isinstance(value, (int, float, str)):
                error = self._positive_number_error(name, value)
                if error:
                    return False, error
        return super().checkParameterValues(parameters, context)

    def positive_number(self, parameters, name, context):
        """The finite, positive number parameter ``name``, or a clear exception."""
        value = self.parameterAsDouble(parameters, name, context)
        error = self._positive_number_error(name, value)
        if error:
            raise QgsProcessingException(error)
        return value

    def privacy_record(self, *, mechanism_fields, input_layer, seeded, **extra) -> PrivacyRecord:
        """Build this release's record from the mechanism that drew the noise."""
        return PrivacyRecord(
            algorithm=f"{PROVIDER_ID}:{self.ALGORITHM_ID}",
            plugin_version=__version__,
            input_layer=input_layer,
            seeded=seeded,
            **mechanism_fields,
            **extra,
        )
