"""The HTML pages planners open in a browser and publish (issue 21 §3), in real headless Chromium.

Every page dp_geoprivacy writes: the mobility report and its benchmark page, the privacy report, the accuracy
planner's chart, the escape-analysis chart, the utility report and the synthetic trips' utility check page.
Each is generated once (module fixture ``pages``) and opened once in a new headless Chromium with a new profile
(``browser.open_page``, the DevTools protocol over a pipe), then checked for generic properties only (the pages'
content is tested where they are made):

- no console error, uncaught exception or failed load;
- no request to any host: everything the page needs is in the file (file:, data: and blob: URLs only);
- content rendered: text, the charts and maps present (visible SVG, canvas or images), a full-page screenshot
  that is not blank;
- readable at phone width (390 CSS pixels, mobile viewport): nothing wider than the screen.

With DP_GEOPRIVACY_HTML_SCREENSHOTS set to a folder (``make html-screenshots``: docs/img/html), the desktop and
phone screenshots are written there for the documentation.
"""

import os
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.PyQt.QtGui import QImage

from . import browser
from .conftest import write_grid_zones, write_points

X0, Y0, CELL, N = 500_000.0, 4_500_000.0, 1000.0, 3
SCREENSHOTS = os.environ.get("DP_GEOPRIVACY_HTML_SCREENSHOTS")

# page -> the least numbers of graphics (visible SVG, canvas or image elements: charts and maps) and of tables
PAGES = {"mobility_report": (2, 1), "mobility_benchmark": (0, 1), "privacy_report": (0, 1), "planner_chart": (1, 0),
         "escape_chart": (1, 0), "utility_report": (1, 1), "synthetic_utility": (0, 1)}

pytestmark = pytest.mark.skipif(browser.CHROMIUM is None, reason="chromium is not installed (make test installs it)")


def _layer(path, geometry_type, fields, rows):
    """A layer in EPSG:32633 from rows of (WKT, {field: value}); ``fields`` maps names to OGR types."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    out = dataset.CreateLayer("data", srs, geometry_type)
    for name, kind in fields.items():
        out.CreateField(ogr.FieldDefn(name, kind))
    for wkt, values in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name, value in values.items():
            feature[name] = value
        feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        out.CreateFeature(feature)
    dataset = None
    return str(path)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every HTML page, made once from small synthetic inputs: {page: path}."""
    folder = tmp_path_factory.mktemp("html")
    rng = np.random.default_rng(21)
    zones = write_grid_zones(folder / "zones.gpkg", 32633, (X0, Y0), CELL, N)
    xy = np.column_stack((rng.uniform(X0 + 1, X0 + N * CELL - 1, 300), rng.uniform(Y0 + 1, Y0 + N * CELL - 1, 300)))
    points = write_points(folder / "points.gpkg", 32633, xy)
    records, lines = [], []
    for i in range(120):
        user, day, hour = f"u{i % 40}", 4 + i % 20, 6 + i % 12
        (ox, oy), (dx, dy) = xy[2 * i], xy[2 * i + 1]
        records += [(f"POINT ({ox} {oy})", {"uid": user, "tid": f"t{i}", "ts": f"2024-03-{day:02d} {hour:02d}:05:00"}),
                    (f"POINT ({dx} {dy})", {"uid": user, "tid": f"t{i}", "ts": f"2024-03-{day:02d} {hour:02d}:35:00"})]
        lines.append((f"LINESTRING ({ox} {oy}, {dx} {dy})", {"start": f"2013-10-0{1 + i % 7}T{hour:02d}:05:00"}))
    text = ogr.OFTString
    records = _layer(folder / "records.gpkg", ogr.wkbPoint, {"uid": text, "tid": text, "ts": text}, records)
    lines = _layer(folder / "trips.gpkg", ogr.wkbLineString, {"start": text}, lines)
    out = {}
    processing.run("dp_geoprivacy:mobilityreport", {
        "INPUT": records, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
        "ZONE_ID_FIELD": "zone_id", "EPSILON": 5, "MAX_TRIPS_PER_USER": 3, "TIME_START": "2024-03-01",
        "TIME_END": "2024-04-01", "SEED": 1, "BENCHMARK": True,
        "OUTPUT_HTML": str(folder / "mobility_report.html"), "OUTPUT_VISITS": str(folder / "visits.gpkg"),
        "OUTPUT_FLOWS": str(folder / "flows.gpkg"), "OUTPUT_BENCHMARK": str(folder / "mobility_benchmark.html"),
        "OUTPUT_BENCHMARK_TABLE": str(folder / "benchmark.csv")})
    out["mobility_report"], out["mobility_benchmark"] = (folder / "mobility_report.html",
                                                         folder / "mobility_benchmark.html")
    ledger, released = folder / "ledger.json", folder / "perturbed.gpkg"
    processing.run("dp_geoprivacy:laplaceperturbation", {
        "INPUT": points, "EPSILON": 1, "DISTANCE": 50, "SEED": 4, "KEEP_IDENTIFIERS": True, "LEDGER": str(ledger),
        "OUTPUT": str(released)})
    out["privacy_report"] = Path(processing.run("dp_geoprivacy:privacyreport", {
        "LAYERS": [str(released)], "LEDGER": str(ledger), "OUTPUT": str(folder / "releases.csv"),
        "REPORT": str(folder / "privacy_report.html")})["REPORT"])
    processing.run("dp_geoprivacy:accuracyplanner", {
        "RELEASE": 1, "EPSILON": 1, "ZONES": 80, "MIN_FLOW": 1, "EPSILONS": "0.5, 2", "OUTPUT": str(folder / "p.gpkg"),
        "OUTPUT_CHART": str(folder / "planner_chart.html")})
    out["planner_chart"] = folder / "planner_chart.html"
    processing.run("dp_geoprivacy:escapeanalysis", {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "SCALES": "10,50,100,500", "REALIZATIONS": 2,
        "SEED": 1, "OUTPUT_TABLE": str(folder / "escape.gpkg"), "OUTPUT_ZONES": str(folder / "escape_zones.gpkg"),
        "OUTPUT_CHART": str(folder / "escape_chart.html")})
    out["escape_chart"] = folder / "escape_chart.html"
    counts = processing.run("dp_geoprivacy:noisyzonecounts", {
        "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "SEED": 2,
        "OUTPUT": str(folder / "counts.gpkg")})["OUTPUT"]
    processing.run("dp_geoprivacy:utilityreport", {
        "RELEASED": counts, "ORIGINAL": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
        "OUTPUT": str(folder / "utility.gpkg"), "OUTPUT_HTML": str(folder / "utility_report.html")})
    out["utility_report"] = folder / "utility_report.html"
    processing.run("dp_geoprivacy:synthetictrips", {
        "INPUT": lines, "START_FIELD": "start", "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 5,
        "PERIOD_START": "2013-10-01T00:00:00", "PERIOD_END": "2013-10-08T00:00:00", "SEED": 1,
        "OUTPUT": str(folder / "synthetic.gpkg"), "UTILITY_CHECK": True,
        "OUTPUT_UTILITY_HTML": str(folder / "synthetic_utility.html")})
    out["synthetic_utility"] = folder / "synthetic_utility.html"
    assert set(out) == set(PAGES) and all(Path(p).is_file() for p in out.values())
    return out


_opened = {}


@pytest.fixture
def report(pages, request):
    """The page ``request.param`` opened in Chromium, once per page for all the tests below."""
    name = request.param
    if name not in _opened:
        _opened[name] = browser.open_page(pages[name])
        if SCREENSHOTS:
            Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            (Path(SCREENSHOTS) / f"{name}.png").write_bytes(_opened[name].desktop_png)
            (Path(SCREENSHOTS) / f"{name}_phone.png").write_bytes(_opened[name].phone_png)
    return name, _opened[name]


each_page = pytest.mark.parametrize("report", list(PAGES), indirect=True)


@each_page
def test_no_console_errors(report):
    name, page = report
    assert page.errors == [], f"{name}: {page.errors}"


@each_page
def test_no_request_to_any_host(report):
    name, page = report
    assert page.requests, f"{name}: the page itself was not requested"
    assert page.remote_requests == [], f"{name} asked for {page.remote_requests}"


def _ink(png: bytes):
    """(share of pixels that are not the background colour, number of distinct colours) of a PNG."""
    image = QImage.fromData(png, "PNG").convertToFormat(QImage.Format_RGB32)
    assert not image.isNull() and image.width() > 0 and image.height() > 0
    bits = image.constBits()
    bits.setsize(image.sizeInBytes())
    pixels = np.frombuffer(bits, dtype=np.uint32).reshape(image.height(), image.bytesPerLine() // 4)
    pixels = pixels[:, :image.width()]
    values, counts = np.unique(pixels, return_counts=True)
    return 1.0 - counts.max() / pixels.size, len(values)


@each_page
def test_content_is_rendered(report):
    name, page = report
    desktop = page.desktop
    assert desktop["textLength"] > 200, f"{name}: {desktop}"
    graphics, tables = PAGES[name]
    shown = desktop["svg"] + desktop["canvas"] + desktop["img"]
    assert shown >= graphics, f"{name}: {shown} charts or maps shown, at least {graphics} expected: {desktop}"
    assert desktop["tables"] >= tables, f"{name}: {desktop['tables']} tables shown, at least {tables} expected"
    assert desktop["brokenImages"] == 0, f"{name}: {desktop}"
    ink, colours = _ink(page.desktop_png)
    assert ink > 0.01 and colours >= 4, f"{name}: the screenshot is blank ({ink:.2%} ink, {colours} colours)"


@each_page
def test_readable_at_phone_width(report):
    name, page = report
    phone = page.phone
    assert phone["scrollWidth"] <= browser.PHONE[0], (
        f"{name}: {phone['scrollWidth']} px wide at a {browser.PHONE[0]} px phone; too wide: {phone['wide']}")
    assert phone["textLength"] > 200, f"{name}: {phone}"
