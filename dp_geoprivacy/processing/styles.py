"""Styles applied to output layers when they are loaded into a project."""

import math

from qgis.core import (
    QgsArrowSymbolLayer,
    QgsClassificationPrettyBreaks,
    QgsFeatureRequest,
    QgsFillSymbol,
    QgsGradientColorRamp,
    QgsGraduatedSymbolRenderer,
    QgsLineSymbol,
    QgsMarkerSymbol,
    QgsProject,
    QgsRendererRange,
    QgsSingleSymbolRenderer,
    QgsSymbolLayerUtils,
)
from qgis.PyQt.QtCore import QLocale
from qgis.PyQt.QtGui import QColor


def perturbed_points(layer):
    """Small orange dots without outline: readable at a million points."""
    symbol = QgsMarkerSymbol.createSimple(
        {"name": "circle", "color": "217,95,2,200", "size": "1.4", "outline_style": "no"}
    )
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))


def graduated_counts(layer, field="noisy_count", classes=5, integers=True):
    """Polygons graduated by ``field`` (light yellow to dark red, thin grey outline) in pretty classes: for counts
    (``integers``) whole-number classes that never repeat a bound ("0 - 0") or show decimals; otherwise QGIS's
    pretty breaks."""
    symbol = QgsFillSymbol.createSimple({"color": "255,255,204,220", "outline_color": "120,120,120,160",
                                         "outline_width": "0.1"})
    ramp = QgsGradientColorRamp(QColor(255, 255, 204), QColor(189, 0, 38))
    if integers:
        ranges = integer_classes(layer, field, classes)
        renderer = QgsGraduatedSymbolRenderer(field, [QgsRendererRange(lower, upper, symbol.clone(), label)
                                                      for lower, upper, label in ranges])
        renderer.updateColorRamp(ramp)
    else:
        renderer = QgsGraduatedSymbolRenderer(field)
        renderer.setSourceSymbol(symbol)
        renderer.setSourceColorRamp(ramp)
        renderer.setClassificationMethod(QgsClassificationPrettyBreaks())
        renderer.updateClasses(layer, classes)
    layer.setRenderer(renderer)


def integer_classes(layer, field, classes=5):
    """[(lower, upper, label)] of whole-number classes over ``field``'s range, from QGIS's pretty breaks rounded to
    whole numbers: the first class holds lower..upper, the others (lower, upper], labelled by the whole numbers
    they hold in the user's locale (e.g. "1 - 5", "6 - 10", "11")."""
    index = layer.fields().indexOf(field)
    try:
        low = math.floor(float(layer.minimumValue(index)))
        high = math.ceil(float(layer.maximumValue(index)))
    except (TypeError, ValueError):
        low = high = 0
    if high <= low:
        return [(low, high, _whole(low))]
    breaks = sorted({int(round(b)) for b in QgsSymbolLayerUtils.prettyBreaks(low, high, classes)} | {high})
    bounds = [low] + [b for b in breaks if low < b <= high]
    out = []
    for i, (lower, upper) in enumerate(zip(bounds, bounds[1:])):
        first = lower if i == 0 else lower + 1
        label = _whole(upper) if first == upper else f"{_whole(first)} - {_whole(upper)}"
        out.append((lower, upper, label))
    return out


def _whole(number):
    return QLocale().toString(int(number))


# Escape shares (dp_geoprivacy:escapeanalysis): fixed classes, light yellow to dark red.
ESCAPE_CLASSES = ((0.0, 0.05, "255,255,178"), (0.05, 0.1, "254,204,92"), (0.1, 0.2, "253,141,60"),
                  (0.2, 0.5, "240,59,32"), (0.5, 1.0, "189,0,38"))


def escape_share_zones(layer, scale=None, field="esc_share"):
    """Zones graduated by escape share in fixed classes; with ``scale``, only that scale's rows are drawn.

    The zones output holds one polygon per zone and scale: drawing them all
    would stack the scales, so the map shows one (the others stay in the
    attribute table). Zones without points (NULL share) are not drawn.
    """
    expression = f'"{field}"' if scale is None else f'if("scale_m" = {float(scale)!r}, "{field}", NULL)'
    ranges = []
    for lower, upper, color in ESCAPE_CLASSES:
        symbol = QgsFillSymbol.createSimple({"color": color + ",220", "outline_color": "120,120,120,160",
                                             "outline_width": "0.1"})
        ranges.append(QgsRendererRange(lower, upper, symbol, f"{lower:g} - {upper:g}"))
    layer.setRenderer(QgsGraduatedSymbolRenderer(expression, ranges))


def flow_lines(layer, field="noisy_count", classes=5, widths=(0.3, 3.0)):
    """OD flow lines drawn as arrows towards the destination, in whole-number classes of ``field`` whose arrows
    widen from ``widths[0]`` to ``widths[1]`` mm (the legend shows each class's width), largest drawn on top."""
    ranges = integer_classes(layer, field, classes)
    steps = max(len(ranges) - 1, 1)
    renderer = QgsGraduatedSymbolRenderer(field, [
        QgsRendererRange(lower, upper, _arrow(widths[0] + (widths[1] - widths[0]) * i / steps), label)
        for i, (lower, upper, label) in enumerate(ranges)])
    renderer.setOrderBy(QgsFeatureRequest.OrderBy([QgsFeatureRequest.OrderByClause(field, True)]))
    renderer.setOrderByEnabled(True)
    layer.setRenderer(renderer)
    expand_legend(layer)


def expand_legend(layer):
    """Open ``layer``'s legend (its classes) in the project's layer tree, if it is there yet.

    A node is born expanded, but the Layers panel could not open it while it had no legend items yet (before
    the style): closing and opening it again makes the panel follow now that the classes are there."""
    node = QgsProject.instance().layerTreeRoot().findLayer(layer.id())
    if node is not None:
        node.setExpanded(False)
        node.setExpanded(True)


def _arrow(width):
    """A straight arrow ``width`` mm wide with a head at the line's end."""
    arrow = QgsArrowSymbolLayer.create({
        "arrow_width": str(width), "arrow_start_width": str(width), "head_length": str(2.0 + width),
        "head_thickness": str(0.8 + width), "head_type": "0", "arrow_type": "0", "is_curved": "0",
        "is_repeated": "0"})
    arrow.setSubSymbol(QgsFillSymbol.createSimple({"color": "31,120,180,190", "outline_style": "no"}))
    symbol = QgsLineSymbol.createSimple({})
    if not symbol.changeSymbolLayer(0, arrow):
        raise RuntimeError("dp_geoprivacy: the flow arrow could not be set")
    return symbol


def counts_with_margins(layer, field="noisy_count", margin="moe95"):
    """Counts graduated as graduated_counts, each polygon labelled "count ± margin" (adaptive zones)."""
    from qgis.core import QgsPalLayerSettings, QgsTextFormat, QgsVectorLayerSimpleLabeling

    graduated_counts(layer, field)
    settings = QgsPalLayerSettings()
    settings.isExpression = True
    settings.fieldName = f"format_number(\"{field}\", 0) || ' ± ' || format_number(\"{margin}\", 0)"
    text = QgsTextFormat()
    text.setSize(7)
    settings.setFormat(text)
    layer.setLabeling(QgsVectorLayerSimpleLabeling(settings))
    layer.setLabelsEnabled(True)
