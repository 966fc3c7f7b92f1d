"""Build Processing models through the QgsProcessingModelAlgorithm API and save them as .model3 files.

The model tests run the saved file through the real qgis_process: the model
file is made in the test from the API (so it never goes stale), then
executed exactly as a user's model would be.
"""

from qgis.core import (
    QgsProcessingModelAlgorithm,
    QgsProcessingModelChildAlgorithm,
    QgsProcessingModelChildParameterSource,
    QgsProcessingModelOutput,
    QgsProcessingModelParameter,
)

from dp_geoprivacy.processing.model_layout import lay_out


def model_definition(path):
    """A saved model's definition, without the file-format version (QGIS 3.22 writes Version1, 3.40 Version2)."""
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(str(path)), path
    definition = model.toVariant()
    definition.pop("internal_version", None)
    return definition


class ModelBuilder:
    """A small fluent wrapper: inputs, children wired to inputs, values or other children, outputs."""

    def __init__(self, name):
        self.model = QgsProcessingModelAlgorithm(name, "dp_geoprivacy tests")

    def input(self, definition):
        """Add a model input (a QgsProcessingParameterDefinition); children refer to it by name."""
        self.model.addModelParameter(definition, QgsProcessingModelParameter(definition.name()))
        return self

    def child(self, child_id, algorithm_id, sources, outputs=None):
        """Add a child algorithm.

        ``sources`` maps child parameters to ("input", name), ("child", child_id, output), ("value", v), or a
        list of such (for multiple-layer parameters). ``outputs`` maps child output names to model output names
        (run them as ``child_id:model_output_name=...``).
        """
        child = QgsProcessingModelChildAlgorithm(algorithm_id)
        child.setChildId(child_id)
        child.setDescription(child_id)
        for parameter, spec in sources.items():
            specs = spec if isinstance(spec, list) else [spec]
            child.addParameterSources(parameter, [_source(s) for s in specs])
        model_outputs = {}
        for child_output, name in (outputs or {}).items():
            output = QgsProcessingModelOutput(name)
            output.setChildId(child_id)
            output.setChildOutputName(child_output)
            model_outputs[name] = output
        child.setModelOutputs(model_outputs)
        self.model.addChildAlgorithm(child)
        return self

    def save(self, path):
        lay_out(self.model)
        assert self.model.toFile(str(path)), f"could not save the model to {path}"
        return str(path)


def _source(spec):
    kind = spec[0]
    if kind == "input":
        return QgsProcessingModelChildParameterSource.fromModelParameter(spec[1])
    if kind == "child":
        return QgsProcessingModelChildParameterSource.fromChildOutput(spec[1], spec[2])
    if kind == "value":
        return QgsProcessingModelChildParameterSource.fromStaticValue(spec[1])
    raise ValueError(spec)
