"""Build tripends_then_zone_counts.model3 (tests/qgis/model_builder.py, the QgsProcessingModelAlgorithm API).

Tracks -> dp_geoprivacy:tripends -> origins -> dp_geoprivacy:noisyzonecounts.
Run in the plugin's test environment (``make stage``, then the QGIS_ENV of the
Makefile) with ``.venv/bin/python tests/data/models/build_tripends_count_model.py``;
the .model3 written next to this file is what
tests/qgis/test_trajectory_perturbation.py runs through qgis_process.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))


def build(path=HERE / "tripends_then_zone_counts.model3"):
    from qgis.core import (
        QgsProcessing,
        QgsProcessingParameterFeatureSource,
        QgsProcessingParameterNumber,
    )

    from tests.qgis.model_builder import ModelBuilder

    return (ModelBuilder("Trip ends then noisy zone counts")
            .input(QgsProcessingParameterFeatureSource("tracks", "Tracks", [QgsProcessing.TypeVectorLine]))
            .input(QgsProcessingParameterFeatureSource("zones", "Zones", [QgsProcessing.TypeVectorPolygon]))
            .input(QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0,
                                                False, 0.0))
            .child("ends", "dp_geoprivacy:tripends", {"INPUT": ("input", "tracks")}, {"ORIGINS": "origins"})
            .child("count", "dp_geoprivacy:noisyzonecounts",
                   {"INPUT": ("child", "ends", "ORIGINS"), "ZONES": ("input", "zones"),
                    "ZONE_ID_FIELD": ("value", "zone_id"), "EPSILON": ("input", "epsilon")},
                   {"OUTPUT": "counts"})
            .save(path))


if __name__ == "__main__":
    from qgis.core import QgsApplication

    app = QgsApplication([], False)
    app.initQgis()
    print(build())
