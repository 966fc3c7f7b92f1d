"""The harness of the bad-input catalogue: run and expect a clear refusal or a correct result, with the
inputs unchanged and no partial output; small layer writers and the parameters of each algorithm."""

import hashlib
import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback, QgsProject

from ..conftest import read_field

PERTURB = "dp_geoprivacy:laplaceperturbation"
COUNTS = "dp_geoprivacy:noisyzonecounts"
FLOWS = "dp_geoprivacy:noisyodflows"
ESCAPE = "dp_geoprivacy:escapeanalysis"
RESPONSE = "dp_geoprivacy:randomizedresponse"
RELOCATE = "dp_geoprivacy:triprelocation"
H3GRID = "dp_geoprivacy:h3grid"
REPORT = "dp_geoprivacy:privacyreport"

X0, Y0, CELL = 500_000.0, 4_500_000.0, 1000.0
EXACT = 1e9  # an epsilon so large that rounded noisy counts are the true counts


class Log(QgsProcessingFeedback):
    """Everything the algorithm said, to check that no traceback reached the user."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def reportError(self, error, fatalError=False):  # noqa: N803 (QGIS API)
        self.lines.append(error)

    def pushInfo(self, info):
        self.lines.append(info)

    def pushWarning(self, warning):
        self.lines.append(warning)

    def pushConsoleInfo(self, info):
        self.lines.append(info)

    def pushDebugInfo(self, info):
        self.lines.append(info)

    @property
    def text(self):
        return "\n".join(self.lines)


def digest(directory):
    """SHA-256 of every file under ``directory`` (hidden ones too)."""
    return {str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(Path(directory).rglob("*")) if p.is_file()}


def everything_in(directory):
    return sorted(str(p.relative_to(directory)) for p in Path(directory).rglob("*"))


def project_context():
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    return context


def refused(algorithm, parameters, match, dirs):
    """Run, expect a QgsProcessingException matching ``match``; inputs unchanged, no output at all."""
    inputs, outputs = dirs
    before, listing = digest(inputs), everything_in(inputs)
    log = Log()
    with pytest.raises(QgsProcessingException) as info:
        processing.run(algorithm, parameters, context=project_context(), feedback=log)
    message = str(info.value)
    assert re.search(match, message), f"message {message!r} does not match {match!r}"
    assert "Traceback" not in message + log.text, log.text
    assert digest(inputs) == before and everything_in(inputs) == listing
    assert everything_in(outputs) == []
    return message


def succeeds(algorithm, parameters, dirs):
    """Run, expect success; inputs unchanged, no traceback in the log. Returns (results, log text)."""
    inputs, _ = dirs
    before = digest(inputs)
    log = Log()
    result = processing.run(algorithm, parameters, context=project_context(), feedback=log)
    assert "Traceback" not in log.text, log.text
    assert digest(inputs) == before
    assert not list(Path(dirs[1]).rglob(".dp_geoprivacy-*")), "working folder left behind"
    return result, log.text


def write_layer(path, epsg, geometry_type, rows, fields=None, layer="data", driver="GPKG"):
    """A layer from rows of (WKT or None, {field: value}); ``fields`` maps names to OGR types."""
    fields = fields or {}
    dataset = ogr.GetDriverByName(driver).CreateDataSource(str(path))
    srs = None
    if epsg:
        srs = osr.SpatialReference()
        srs.ImportFromEPSG(epsg)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    out = dataset.CreateLayer(layer, srs, geometry_type)
    for name, kind in fields.items():
        out.CreateField(ogr.FieldDefn(name, kind))
    for wkt, values in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name, value in values.items():
            if value is None:
                feature.SetFieldNull(name)
            else:
                feature[name] = value
        if wkt is not None:
            feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        out.CreateFeature(feature)
    dataset = None
    return str(path)


def grid_points(n, seed=1):
    """n points spread over the 3 x 3 grid of 1 km zones at (X0, Y0)."""
    rng = np.random.default_rng(seed)
    return np.column_stack((rng.uniform(X0 + 1, X0 + 3 * CELL - 1, n), rng.uniform(Y0 + 1, Y0 + 3 * CELL - 1, n)))


def point_rows(xy, **columns):
    return [(f"POINT ({x} {y})", {name: values[i] for name, values in columns.items()}) for i, (x, y) in enumerate(xy)]


def points_layer(path, xy, epsg=32633, **columns):
    kinds = {name: ogr.OFTString if isinstance(values[0], str) else ogr.OFTInteger for name, values in columns.items()}
    return write_layer(path, epsg, ogr.wkbPoint, point_rows(xy, **columns), kinds)


def trips_layer(path, ends, epsg=32633, geometry_type=ogr.wkbLineString, **columns):
    rows = [(f"LINESTRING ({a[0]} {a[1]}, {b[0]} {b[1]})", {k: v[i] for k, v in columns.items()})
            for i, (a, b) in enumerate(ends)]
    kinds = {name: ogr.OFTString if isinstance(values[0], str) else ogr.OFTInteger for name, values in columns.items()}
    return write_layer(path, epsg, geometry_type, rows, kinds)


def csv_file(path, header, rows):
    Path(path).write_text("\n".join([",".join(header)] + [",".join(map(str, row)) for row in rows]) + "\n",
                          encoding="utf-8")
    return str(path)


def chattr_immutable(path, on=True):
    """Make ``path`` read-only: chmod for a normal user, chattr +i for root (whom permissions do not stop);
    skip the test where neither is possible."""
    if os.geteuid() != 0:
        os.chmod(path, 0o555 if on and Path(path).is_dir() else 0o444 if on else 0o755)
        return
    result = subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True, text=True)
    if on and result.returncode != 0:
        pytest.skip(f"cannot make {path} read-only here: {result.stderr.strip()}")


def perturb(inputs_or_path, out, **extra):
    return dict({"INPUT": inputs_or_path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": str(out)}, **extra)


def counts(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "SEED": 1,
                 "OUTPUT": str(out)}, **extra)


def by_zone(path, field="noisy_count"):
    if str(path).endswith(".shp"):
        field = field[:10]  # shapefile field names hold 10 characters
    return dict(zip(read_field(path, "zone_id"), map(float, read_field(path, field))))


def true_counts(xy):
    col = ((xy[:, 0] - X0) // CELL).astype(int)
    row = ((xy[:, 1] - Y0) // CELL).astype(int)
    keys = [f"Z{r}_{c}" for r, c in zip(row, col)]
    return {f"Z{r}_{c}": float(keys.count(f"Z{r}_{c}")) for r in range(3) for c in range(3)}


def centre(row, col):
    return (X0 + (col + 0.5) * CELL, Y0 + (row + 0.5) * CELL)


TRIP_ENDS = [(centre(0, 0), centre(2, 2))] * 3 + [(centre(1, 1), centre(0, 1))] * 2 + [(centre(2, 0), centre(2, 0))]


def flows(trips, zones, out, **extra):
    return dict({"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "SEED": 1,
                 "THRESHOLD": 0, "DELTA": 0,  # every pair noised (the default publishes only pairs with trips)
                 "OUTPUT_FLOWS": str(out / "flows.gpkg"), "OUTPUT_MATRIX": str(out / "matrix.csv")}, **extra)


def flow_total(path):
    return sum(map(float, read_field(path, "noisy_count")))


def escape(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "SCALES": "10,100", "REALIZATIONS": 2,
                 "SEED": 1, "OUTPUT_TABLE": str(out / "table.gpkg"), "OUTPUT_ZONES": str(out / "zones.gpkg")}, **extra)


def escape_shares(table):
    dataset = ogr.Open(str(table))
    layer = dataset.GetLayer(0)
    return [feature["esc_share"] for feature in layer]


def response(inputs, out, **extra):
    return dict({"INPUT": inputs, "FIELD": "vehicle", "CATEGORIES": "car,bike,bus", "P_TRUTH": 0.5, "SEED": 1,
                 "OUTPUT": str(out / "out.gpkg")}, **extra)


def relocate(trips, histogram, out, **extra):
    return dict({"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone", "ORIGIN_HISTOGRAM": histogram,
                 "SEED": 1, "OUTPUT": str(out / "out.gpkg")}, **extra)
