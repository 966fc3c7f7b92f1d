"""Chart outputs: an SVG drawn by core, written whole as an HTML page or a PNG image."""

from pathlib import Path

from qgis.PyQt.QtCore import QBuffer, QByteArray, QIODevice, Qt
from qgis.PyQt.QtGui import QImage, QPainter
from qgis.PyQt.QtSvg import QSvgRenderer

from .writers import write_bytes, write_text

CHART_SUFFIXES = (".html", ".htm", ".png")


def write_chart(destination, svg: str, html_page) -> bool:
    """Write ``svg`` to ``destination``: a PNG (drawn at twice its size) for a .png path, else the page
    ``html_page()`` returns. False when Qt cannot draw the SVG (nothing is written then)."""
    if Path(destination).suffix.lower() != ".png":
        write_text(destination, html_page())
        return True
    png = svg_to_png(svg)
    if png is None:
        return False
    write_bytes(destination, png)
    return True


def svg_to_png(svg: str):
    """The PNG bytes of ``svg`` on white at twice its default size, or None when it cannot be drawn."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        return None
    image = QImage(renderer.defaultSize() * 2, QImage.Format_ARGB32)
    image.fill(Qt.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    saved = image.save(buffer, "PNG")
    buffer.close()
    return bytes(data) if saved else None
