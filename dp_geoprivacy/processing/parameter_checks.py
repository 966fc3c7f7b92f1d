"""The checks every dp_geoprivacy algorithm runs on its parameters before a run (``checkParameterValues``):
positive numbers, NaN and out-of-range numbers, discrete noise at a tiny epsilon, memory, fields a layer does
not have, and outputs that would overwrite an input or cannot be written. A mixin of ``base.DpAlgorithm``
(split out of base.py); its messages stay in the "DpAlgorithm" translation context.
"""

import math
import os

from qgis.core import (
    QgsProcessingDestinationParameter,
    QgsProcessingException,
    QgsProcessingOutputLayerDefinition,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
)

from ..core.mechanisms.counting import MAX_DISCRETE_SCALE, discrete_scale_error
from ..translation import translate
from . import budget, destinations, memory
from .parameter_files import file_path, file_source, first_layer


def setting_number(parameters, name):
    """A parameter's raw value as a number: None when not given, NaN when not a number (or NaN).

    For checks that must run before QGIS's own (checkParameterValues), which see raw values.
    """
    value = parameters.get(name)
    if value is None or value == "":
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


class ParameterChecks:
    """Mixin: ``checkParameterValues`` and ``positive_number`` for every algorithm (see the module doc)."""

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
        error = self._number_errors(parameters) or self._discrete_noise_error(parameters) \
            or self._memory_errors(parameters, context) \
            or self._field_errors(parameters, context) or self._path_errors(parameters, context)
        if error:
            return False, error
        return super().checkParameterValues(parameters, context)

    def _discrete_noise_error(self, parameters):
        """NOISE=1 (discrete Laplace, in every count release) with an EPSILON too small to sample (sensitivity at
        least 1; counting.MAX_DISCRETE_SCALE). Larger sensitivities are checked when the noise is built."""
        if self.parameterDefinition("NOISE") is None or self.parameterDefinition("EPSILON") is None:
            return None
        epsilon = setting_number(parameters, "EPSILON")
        if setting_number(parameters, "NOISE") == 1 and epsilon is not None and 0 < epsilon < 1 / MAX_DISCRETE_SCALE:
            return discrete_scale_error(epsilon)
        return None

    def memory_per_unit(self, parameters, context) -> dict:
        """{parameter name: bytes one unit of it costs} for whole-number settings that size arrays
        (processing/memory.py); checked before the run."""
        return {}

    def _memory_errors(self, parameters, context):
        for name, cost in self.memory_per_unit(parameters, context).items():
            value = setting_number(parameters, name)
            if value is None:
                definition = self.parameterDefinition(name)
                value = setting_number({name: definition.defaultValue()}, name) if definition else None
            if value is not None and math.isfinite(value):
                error = memory.memory_error(name, value, cost)
                if error:
                    return error
        return None

    def _field_errors(self, parameters, context):
        """A field parameter naming a field its layer does not have (QGIS's own check does not look)."""
        for definition in self.parameterDefinitions():
            if not isinstance(definition, QgsProcessingParameterField) or not definition.parentLayerParameterName():
                continue
            names = self.parameterAsFields(parameters, definition.name(), context)
            names = [name for name in names if name]
            if not names:
                continue
            parent = definition.parentLayerParameterName()
            source = self.parameterAsSource(parameters, parent, context) \
                if parameters.get(parent) not in (None, "") else None
            if source is None:
                continue  # a missing or unreadable layer is reported under its own name
            fields = source.fields().names()
            missing = [name for name in names if name not in fields]
            parts = [part.strip() for name in missing for part in name.split(",")]
            if missing and definition.allowMultiple() and len(parts) > len(missing) and set(parts) <= set(fields):
                return translate(
                    "DpAlgorithm", "{name}: several fields are separated by ';', not ',' (e.g. {example}).").format(
                    name=definition.name(), example=";".join(parts))
            if missing:
                return translate(
                    "DpAlgorithm", "{name} {missing} is not a field of {layer} (its fields: {fields}). Choose one of "
                    "{layer}'s fields.").format(name=definition.name(), layer=parent,
                                                missing=", ".join(f"'{m}'" for m in missing),
                                                fields=", ".join(fields) or "none")
        return None

    def _number_errors(self, parameters):
        """NaN, infinite, fractional or out-of-range numbers, named with the fix (QGIS's own check lets NaN
        through and names no fix); runs after each algorithm's more specific checks."""
        for definition in self.parameterDefinitions():
            value = parameters.get(definition.name())
            if not isinstance(definition, QgsProcessingParameterNumber) or isinstance(value, bool) \
                    or not isinstance(value, (int, float, str)) or value == "":
                continue
            name, number, hint = definition.name(), setting_number(parameters, definition.name()), definition.help()
            if not math.isfinite(number):
                message = translate("DpAlgorithm", "{name} must be a finite number (got {value}).")
            elif definition.dataType() == QgsProcessingParameterNumber.Integer and (
                    number != int(number) or abs(number) > 2**31 - 1):
                message = translate("DpAlgorithm", "{name} must be a whole number up to 2147483647 (got {value}).")
            elif number < definition.minimum():
                message = translate("DpAlgorithm", "{name} must be at least {minimum:g} (got {value}).")
            elif number > definition.maximum():
                message = translate("DpAlgorithm", "{name} must be at most {maximum:g} (got {value}).")
            else:
                continue
            return " ".join(part for part in (message.format(
                name=name, value=value, minimum=definition.minimum(), maximum=definition.maximum()), hint) if part)
        return None

    def _path_errors(self, parameters, context):
        """An output that would overwrite an input file, or that cannot be written where it was asked for."""
        inputs, input_layers = {}, {}
        for definition in self.parameterDefinitions():
            if not isinstance(definition, QgsProcessingDestinationParameter):
                values = parameters.get(definition.name())
                for value in values if isinstance(values, (list, tuple)) else [values]:
                    path, layer_name = file_source(value, context)
                    if path is not None and path.exists():
                        inputs.setdefault(path.resolve(), definition.name())
                        input_layers[(path.resolve(), (layer_name or first_layer(path)).lower())] = definition.name()
        outputs_by_path = {}
        ledger = file_path(parameters.get(budget.LEDGER)) if self.parameterDefinition(budget.LEDGER) else None
        if ledger is not None:  # a file input the run also writes: no output may be it
            if ledger.is_dir():
                return translate("DpAlgorithm", "LEDGER {path} is a folder, not a ledger file; give a file "
                                 "name.").format(path=ledger)
            outputs_by_path[ledger.resolve()] = budget.LEDGER
        for definition in self.destinationParameterDefinitions():
            name, value = definition.name(), parameters.get(definition.name())
            if isinstance(value, QgsProcessingOutputLayerDefinition):
                value = value.sink.staticValue()
            target = destinations.parse(value) if isinstance(value, str) and value.startswith("ogr:") else None
            if target is not None and target.kind == destinations.GPKG_LAYER and target.path.exists():
                clash = input_layers.get((target.path.resolve(), target.layer_name.lower()))
                if clash:
                    return translate(
                        "DpAlgorithm", "{name} is the layer '{layer}' of {input} ({path}): the input would be "
                        "overwritten. Choose another table name for {name}.").format(
                        name=name, layer=target.layer_name, input=clash, path=target.path)
            path = file_path(value)
            if path is None:
                continue
            other = outputs_by_path.setdefault(path.resolve(), name)
            if other != name:
                lost = translate("DpAlgorithm", " (and the ledger would be lost)") \
                    if budget.LEDGER in (name, other) else ""
                return translate(
                    "DpAlgorithm", "{other} and {name} are the same file ({path}): one would replace the other"
                    "{lost}. Choose a different file for each.").format(other=other, name=name, path=path, lost=lost)
            if path.exists() and path.resolve() in inputs:
                return translate(
                    "DpAlgorithm", "{name} is the file of {input} ({path}): the input would be overwritten. "
                    "Choose another file for {name}.").format(name=name, input=inputs[path.resolve()], path=path)
            folder = path.parent
            while not folder.exists() and folder != folder.parent:
                folder = folder.parent
            if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
                return translate(
                    "DpAlgorithm", "{name}: {path} cannot be written here (no permission to write in {folder}). "
                    "Choose a file in a folder you can write to.").format(name=name, path=path, folder=folder)
        return None

    def positive_number(self, parameters, name, context):
        """The finite, positive number parameter ``name``, or a clear exception."""
        value = self.parameterAsDouble(parameters, name, context)
        error = self._positive_number_error(name, value)
        if error:
            raise QgsProcessingException(error)
        return value
