"""Styles applied to output layers when they are loaded into a project."""

from qgis.core import QgsMarkerSymbol, QgsSingleSymbolRenderer


def perturbed_points(layer):
    """Small orange dots without outline: readable at a million points."""
    symbol = QgsMarkerSymbol.createSimple(
        {"name": "circle", "color": "217,95,2,200", "size": "1.4", "outline_style": "no"}
    )
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))
