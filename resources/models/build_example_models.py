"""Build the example models the provider ships (issue 20: models a planner can run and open in the modeler).

    make -s stage && .venv/bin/python resources/models/build_example_models.py

writes, beside this script, ``households_per_hexagon.model3`` (households counted per H3 hexagon of a study
area, with a privacy budget in a ledger) and ``od_flows_with_privacy_report.model3`` (noisy OD flows and the
privacy report of the release). They are laid out for the modeler (processing/model_layout.py) and loaded by
the provider (processing/example_models.py); tests/qgis/test_example_models.py runs them on the sample city.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _source(kind, value, output=None):
    from qgis.core import QgsProcessingModelChildParameterSource as Source

    if kind == "input":
        return Source.fromModelParameter(value)
    if kind == "child":
        return Source.fromChildOutput(value, output)
    return Source.fromStaticValue(value)


def _model(name, description, inputs, children):
    """A model from its inputs (parameter definitions) and children (id, algorithm, description, sources,
    {child output: (model output name, description)})."""
    from qgis.core import (
        QgsProcessingModelAlgorithm,
        QgsProcessingModelChildAlgorithm,
        QgsProcessingModelOutput,
        QgsProcessingModelParameter,
    )

    from dp_geoprivacy.processing.model_layout import lay_out

    model = QgsProcessingModelAlgorithm(name, "Example models")
    model.setHelpContent({"ALG_DESC": description, "ALG_CREATOR": "dp_geoprivacy"})
    for definition in inputs:
        model.addModelParameter(definition, QgsProcessingModelParameter(definition.name()))
    for child_id, algorithm, text, sources, outputs in children:
        child = QgsProcessingModelChildAlgorithm(algorithm)
        child.setChildId(child_id)
        child.setDescription(text)
        for parameter, spec in sources.items():
            specs = spec if isinstance(spec, list) else [spec]
            child.addParameterSources(parameter, [_source(*s) for s in specs])
        model_outputs = {}
        for child_output, (output_name, output_text) in outputs.items():
            output = QgsProcessingModelOutput(output_name, output_text)
            output.setChildId(child_id)
            output.setChildOutputName(child_output)
            model_outputs[output_name] = output
        child.setModelOutputs(model_outputs)
        model.addChildAlgorithm(child)
    return lay_out(model)


def households_per_hexagon():
    from qgis.core import (
        QgsProcessing,
        QgsProcessingParameterExtent,
        QgsProcessingParameterFeatureSource,
        QgsProcessingParameterFile,
        QgsProcessingParameterNumber,
    )

    inputs = [
        QgsProcessingParameterFeatureSource("households", "Households (points)", [QgsProcessing.TypeVectorPoint]),
        QgsProcessingParameterExtent("study_area", "Study area (public extent)"),
        QgsProcessingParameterNumber("resolution", "H3 resolution", QgsProcessingParameterNumber.Integer, 8,
                                     False, 0, 15),
        QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0, False, 0.0),
        QgsProcessingParameterFile("ledger", "Privacy ledger", QgsProcessingParameterFile.File, "json",
                                   optional=True),
        QgsProcessingParameterNumber("budget", "Privacy budget (total epsilon)", QgsProcessingParameterNumber.Double,
                                     None, True, 0.0),
    ]
    children = [
        ("grid", "dp_geoprivacy:h3grid", "H3 hexagons of the study area (public)",
         {"INPUT": ("input", "study_area"), "RESOLUTION": ("input", "resolution")}, {}),
        ("count", "dp_geoprivacy:noisyzonecounts", "Households per hexagon (noisy)",
         {"INPUT": ("input", "households"), "ZONES": ("child", "grid", "OUTPUT"),
          "ZONE_ID_FIELD": ("value", "h3_index"), "EPSILON": ("input", "epsilon"),
          "LEDGER": ("input", "ledger"), "BUDGET": ("input", "budget")},
         {"OUTPUT": ("households_per_hexagon", "Households per hexagon")}),
    ]
    return _model("Households per hexagon (with a budget)",
                  "Counts households (any points) in the H3 hexagons of a public study area and publishes the "
                  "counts with differential privacy. With a privacy ledger and a budget, a run that would take the "
                  "households' total epsilon above the budget stops before any noise is drawn.",
                  inputs, children)


def od_flows_with_privacy_report():
    from qgis.core import (
        QgsProcessing,
        QgsProcessingParameterFeatureSource,
        QgsProcessingParameterField,
        QgsProcessingParameterFile,
        QgsProcessingParameterNumber,
    )

    inputs = [
        QgsProcessingParameterFeatureSource("trips", "Trips (lines)", [QgsProcessing.TypeVectorLine]),
        QgsProcessingParameterFeatureSource("zones", "Zones (public)", [QgsProcessing.TypeVectorPolygon]),
        QgsProcessingParameterField("zone_id", "Zone id field", "zone_id", "zones"),
        QgsProcessingParameterNumber("epsilon", "Epsilon", QgsProcessingParameterNumber.Double, 1.0, False, 0.0),
        QgsProcessingParameterFile("ledger", "Privacy ledger", QgsProcessingParameterFile.File, "json",
                                   optional=True),
    ]
    children = [
        ("flows", "dp_geoprivacy:noisyodflows", "Noisy OD flows",
         {"INPUT": ("input", "trips"), "ZONES": ("input", "zones"), "ZONE_ID_FIELD": ("input", "zone_id"),
          "EPSILON": ("input", "epsilon"), "LEDGER": ("input", "ledger")},
         {"OUTPUT_FLOWS": ("od_flows", "OD flows"), "OUTPUT_MATRIX": ("od_matrix", "OD matrix")}),
        ("report", "dp_geoprivacy:privacyreport", "Privacy report of the release",
         {"LAYERS": [("child", "flows", "OUTPUT_FLOWS")], "LEDGER": ("input", "ledger")},
         {"REPORT": ("privacy_report", "Privacy report (HTML)"), "OUTPUT": ("releases", "Releases")}),
    ]
    return _model("OD flows with the privacy report",
                  "Publishes the OD matrix of the trips between public zones with differential privacy (flow lines "
                  "and a table) and, from the flows' privacy record (and the ledger, if given), the privacy report: "
                  "what was released, at which epsilon, and what it protects.",
                  inputs, children)


MODELS = {"households_per_hexagon.model3": households_per_hexagon,
          "od_flows_with_privacy_report.model3": od_flows_with_privacy_report}


if __name__ == "__main__":
    from qgis.core import QgsApplication

    app = QgsApplication([], False)
    app.initQgis()
    sys.path.insert(0, str(ROOT / "build" / "plugins"))
    for file_name, build in MODELS.items():
        target = HERE / file_name
        assert build().toFile(str(target)), f"could not write {target}"
        print(target)
