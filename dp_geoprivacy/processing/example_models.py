"""The example models shipped with the provider (resources/models/*.model3, built by build_example_models.py):
laid-out models a planner runs from the toolbox or opens in the modeler as a starting point."""

from pathlib import Path

from qgis.core import QgsProcessingModelAlgorithm

from .. import plugin_root
from ..translation import translate
from . import search_words
from .base import help_url

MODELS = plugin_root() / "resources" / "models"


class ExampleModel(QgsProcessingModelAlgorithm):
    """A model read from ``path``; its id is the file's stem (dp_geoprivacy:households_per_hexagon)."""

    def __init__(self, path):
        super().__init__()
        self.path = Path(path)
        if not self.fromFile(str(self.path)):
            raise RuntimeError(f"dp_geoprivacy: could not read the example model {self.path}")

    def createInstance(self):  # noqa: N802 (QGIS API)
        return ExampleModel(self.path)

    def name(self):
        return self.path.stem

    def groupId(self):  # noqa: N802 (QGIS API)
        return "examples"

    def group(self):
        return translate("ExampleModel", "Example models")

    def tags(self):
        return search_words.tags(self.name())

    def helpUrl(self):  # noqa: N802 (QGIS API)
        return help_url(self.name())

    def shortDescription(self):  # noqa: N802 (QGIS API)
        return search_words.short_description(self.name())


def example_models():
    """One ExampleModel per file in resources/models."""
    return [ExampleModel(path) for path in sorted(MODELS.glob("*.model3"))]
