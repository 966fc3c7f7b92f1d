"""Build h3grid_then_noisy_counts.model3 with the QgsProcessingModelAlgorithm API.

Run with the plugin loaded (e.g. through ``make qgis_process``'s environment
and a Python that starts QGIS); the .model3 written next to this file is
what tests/qgis/test_h3grid.py runs through qgis_process.
"""

import sys
from pathlib import Path

from qgis.core import (
    QgsProcessing,
    QgsProcessingModelAlgorithm,
    QgsProcessingModelChildAlgorithm,
    QgsProcessingModelChildParameterSource,
    QgsProcessingModelOutput,
    QgsProcessingModelParameter,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterNumber,
)

HERE = Path(__file__).resolve().parent


def build():
    model = QgsProcessingModelAlgorithm("H3 grid then noisy counts", "dp_geoprivacy tests")
    model.addModelParameter(
        QgsProcessingParameterExtent("area", "Study area"), QgsProcessingModelParameter("area"))
    model.addModelParameter(
        QgsProcessingParameterFeatureSource("points", "Points", [QgsProcessing.TypeVectorPoint]),
        QgsProcessingModelParameter("points"))
    model.addModelParameter(
        QgsProcessingParameterNumber("resolution", "H3 resolution", QgsProcessingParameterNumber.Integer, 8, False,
                                     0, 15),
        QgsProcessingModelParameter("resolution"))
    model.addModelParameter(
        QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0, False, 0.0),
        QgsProcessingModelParameter("epsilon"))

    grid = QgsProcessingModelChildAlgorithm("dp_geoprivacy:h3grid")
    grid.setChildId("grid")
    grid.setDescription("H3 hexagons of the study area")
    grid.addParameterSources("INPUT", [QgsProcessingModelChildParameterSource.fromModelParameter("area")])
    grid.addParameterSources("RESOLUTION", [QgsProcessingModelChildParameterSource.fromModelParameter("resolution")])
    hexagons = QgsProcessingModelOutput("hexagons", "H3 hexagons")
    hexagons.setChildId("grid")
    hexagons.setChildOutputName("OUTPUT")
    grid.setModelOutputs({"hexagons": hexagons})
    model.addChildAlgorithm(grid)

    count = QgsProcessingModelChildAlgorithm("dp_geoprivacy:noisyzonecounts")
    count.setChildId("count")
    count.setDescription("Noisy counts per hexagon")
    count.addParameterSources("INPUT", [QgsProcessingModelChildParameterSource.fromModelParameter("points")])
    count.addParameterSources("ZONES", [QgsProcessingModelChildParameterSource.fromChildOutput("grid", "OUTPUT")])
    count.addParameterSources("ZONE_ID_FIELD", [QgsProcessingModelChildParameterSource.fromStaticValue("h3_index")])
    count.addParameterSources("EPSILON", [QgsProcessingModelChildParameterSource.fromModelParameter("epsilon")])
    counts = QgsProcessingModelOutput("counts", "Noisy counts per hexagon")
    counts.setChildId("count")
    counts.setChildOutputName("OUTPUT")
    count.setModelOutputs({"counts": counts})
    model.addChildAlgorithm(count)
    return model


if __name__ == "__main__":
    from qgis.core import QgsApplication

    app = QgsApplication([], False)
    app.initQgis()
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "h3grid_then_noisy_counts.model3"
    sys.path.insert(0, str(HERE.parents[2]))
    from dp_geoprivacy.processing.model_layout import lay_out

    model = lay_out(build())
    assert model.toFile(str(target)), "could not write the model"
    print(target)
