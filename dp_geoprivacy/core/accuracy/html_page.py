"""What every HTML page dp_geoprivacy writes shares in its head (issue 21 §3).

Planners open the pages in a browser and publish them on the web, where many
read them on a phone. So each page declares the device's width as its
viewport (without it a phone lays the page out 980 pixels wide and shrinks
it) and holds its charts, maps and tables within the screen's width: SVG
charts (drawn with a viewBox) scale down, wide tables scroll sideways
inside themselves, long words (paths, release ids) wrap. Pages load
nothing from elsewhere: charts are inline SVG, styles inline CSS.
tests/qgis/test_html_in_browser.py opens every page in headless Chromium.
"""

import html

HEAD = "<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
CSS = ("svg,img,canvas{max-width:100%;height:auto}table{display:block;max-width:100%;overflow-x:auto}"
       "body{overflow-wrap:break-word}")


def page_start(title: str, style: str = "") -> str:
    """``<!DOCTYPE html>`` up to and including ``<body>``: the shared head (module doc), the title and the page's
    own ``style`` after the shared CSS."""
    return (f"<!DOCTYPE html>\n<html><head>{HEAD}<title>{html.escape(title)}</title>"
            f"<style>{CSS}{style}</style></head><body>")
