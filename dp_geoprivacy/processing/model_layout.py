"""Lay out a Processing model for the modeler (issue 20): inputs in a column on the left, child algorithms from
left to right in the order they run, each model output beside its child, so a model opened in the modeler reads
as a flow instead of a pile at the origin. Used for the example models shipped in resources/models and for the
test models."""

from qgis.PyQt.QtCore import QPointF

INPUT_X, CHILD_X, STEP_X, STEP_Y, TOP = 120.0, 420.0, 300.0, 110.0, 80.0


def lay_out(model):
    """Set the position of every input, child algorithm and model output of ``model`` (changed in place)."""
    inputs = model.parameterComponents()
    names = [d.name() for d in model.parameterDefinitions() if d.name() in inputs]
    for row, name in enumerate(names):
        component = inputs[name]
        component.setPosition(QPointF(INPUT_X, TOP + row * STEP_Y))
        model.setParameterComponent(component)
    children = model.childAlgorithms()
    for column, child_id in enumerate(_run_order(model)):
        child = children[child_id]
        position = QPointF(CHILD_X + column * STEP_X, TOP + STEP_Y * (column % 2))
        child.setPosition(position)
        outputs = child.modelOutputs()
        for row, name in enumerate(sorted(outputs)):
            outputs[name].setPosition(position + QPointF(60.0, 140.0 + row * 60.0))
        child.setModelOutputs(outputs)
        model.setChildAlgorithm(child)
    return model


def _run_order(model):
    """Child ids, each after the children it depends on (ties by id)."""
    done, order = set(), []
    remaining = sorted(model.childAlgorithms())
    while remaining:
        ready = [c for c in remaining if model.dependsOnChildAlgorithms(c) <= done] or remaining[:1]
        order.append(ready[0])
        done.add(ready[0])
        remaining.remove(ready[0])
    return order
