"""Styles applied to output layers when they are loaded into a project."""

from qgis.core import (
    QgsClassificationQuantile,
    QgsFillSymbol,
    QgsGradientColorRamp,
    QgsGraduatedSymbolRenderer,
    QgsMarkerSymbol,
    QgsSingleSymbolRenderer,
)
from qgis.PyQt.QtGui import QColor


def perturbed_points(layer):
    """Small orange dots without outline: readable at a million points."""
    symbol = QgsMarkerSymbol.createSimple(
        {"name": "circle", "color": "217,95,2,200", "size": "1.4", "outline_style": "no"}
    )
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))


def graduated_counts(layer, field="noisy_count", classes=5):
    """Polygons graduated by ``field`` (quantiles, light yellow to dark red, thin grey outline)."""
    symbol = QgsFillSymbol.createSimple({"color": "255,255,204,220", "outline_color": "120,120,120,160",
                                         "outline_width": "0.1"})
    renderer = QgsGraduatedSymbolRenderer(field)
    renderer.setSourceSymbol(symbol)
    renderer.setSourceColorRamp(QgsGradientColorRamp(QColor(255, 255, 204), QColor(189, 0, 38)))
    renderer.setClassificationMethod(QgsClassificationQuantile())
    renderer.updateClasses(layer, classes)
    layer.setRenderer(renderer)


# Escape shares (dp_geoprivacy:escapeanalysis): fixed classes, light yellow to dark red.
ESCAPE_CLASSES = ((0.0, 0.05, "255,255,178"), (0.05, 0.1, "254,204,92"), (0.1, 0.2, "253,141,60"),
                  (0.2, 0.5, "240,59,32"), (0.5, 1.0, "189,0,38"))


def escape_share_zones(layer, scale=None, field="esc_share"):
    """Zones graduated by escape share in fixed classes; with ``scale``, only that scale's rows are drawn.

    The zones output holds one polygon per zone and scale: drawing them all
    would stack the scales, so the map shows one (the others stay in the
    attribute table). Zones without points (NULL share) are not drawn.
    """
    from qgis.core import QgsRendererRange

    expression = f'"{field}"' if scale is None else f'if("scale_m" = {float(scale)!r}, "{field}", NULL)'
    ranges = []
    for lower, upper, color in ESCAPE_CLASSES:
        symbol = QgsFillSymbol.createSimple({"color": color + ",220", "outline_color": "120,120,120,160",
                                             "outline_width": "0.1"})
        ranges.append(QgsRendererRange(lower, upper, symbol, f"{lower:g} - {upper:g}"))
    layer.setRenderer(QgsGraduatedSymbolRenderer(expression, ranges))


def flow_lines(layer, field="noisy_count"):
    """OD flow lines: width follows ``field`` (0.1 to 4 mm, linear up to the largest flow), largest drawn on top."""
    from qgis.core import QgsFeatureRequest, QgsLineSymbol, QgsProperty, QgsSymbolLayer

    index = layer.fields().indexOf(field)
    try:
        largest = max(float(layer.maximumValue(index)), 1.0) if index >= 0 else 1.0
    except (TypeError, ValueError):
        largest = 1.0
    symbol = QgsLineSymbol.createSimple({"color": "31,120,180,160", "width": "0.3", "capstyle": "round"})
    symbol.symbolLayer(0).setDataDefinedProperty(
        QgsSymbolLayer.PropertyStrokeWidth,
        QgsProperty.fromExpression(f'coalesce(scale_linear("{field}", 0, {largest!r}, 0.1, 4), 0.1)'))
    renderer = QgsSingleSymbolRenderer(symbol)
    renderer.setOrderBy(QgsFeatureRequest.OrderBy([QgsFeatureRequest.OrderByClause(field, True)]))
    renderer.setOrderByEnabled(True)
    layer.setRenderer(renderer)


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
