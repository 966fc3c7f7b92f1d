"""Helpers of the od_flows tests."""

import csv

from osgeo import ogr, osr
from qgis.core import QgsProcessingFeedback

from ..conftest import read_field

ALG = "dp_geoprivacy:noisyodflows"
X0, Y0, CELL = 500_000.0, 4_500_000.0, 1000.0
EXACT = 1e6  # epsilon so large that rounding removes the noise
# These tests check the pure epsilon-DP release (THRESHOLD 0) unless they say otherwise; the default is the
# stability histogram (issue 20: few noise-only flows).
PURE = {"THRESHOLD": 0, "DELTA": 0}


class LogFeedback(QgsProcessingFeedback):
    """Keeps every message the algorithm logs."""

    def __init__(self):
        super().__init__()
        self.messages, self.warnings = [], []

    def pushInfo(self, info):
        self.messages.append(info)

    def pushWarning(self, warning):
        self.messages.append(warning)
        self.warnings.append(warning)

    def reportError(self, error, fatalError=False):  # noqa: N803 (QGIS API)
        self.messages.append(error)

    def text(self):
        return "\n".join(self.messages)


def centre(row, col, jitter=(0.0, 0.0)):
    return (X0 + (col + 0.5) * CELL + jitter[0], Y0 + (row + 0.5) * CELL + jitter[1])


def write_trip_lines(path, epsg, trips, uids=None, extra_wkt=(), layer="trips"):
    """A line layer, one trip per (origin, destination) pair in ``trips``; ``extra_wkt`` adds raw rows (None = null)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer(layer, srs, ogr.wkbLineString)
    out.CreateField(ogr.FieldDefn("uid", ogr.OFTString))
    out.StartTransaction()
    # float(): under numpy 2 the repr of a numpy scalar is "np.float64(...)", not a number.
    rows = ["LINESTRING ({!r} {!r}, {!r} {!r}, {!r} {!r})".format(
        *(float(v) for v in (o[0], o[1], (o[0] + d[0]) / 2, (o[1] + d[1]) / 2, d[0], d[1])))
            for o, d in trips] + list(extra_wkt)
    for i, wkt in enumerate(rows):
        feature = ogr.Feature(out.GetLayerDefn())
        feature["uid"] = None if uids is None else uids[i]
        if wkt is not None:
            feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def write_trip_csv(path, rows):
    """A CSV table ox,oy,dx,dy,uid (read by QGIS/OGR as text fields)."""
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["ox", "oy", "dx", "dy", "uid"])
        writer.writerows(rows)
    return str(path)


def write_trip_table(path, rows, kind=ogr.OFTReal):
    """A GeoPackage table without geometry: ox, oy, dx, dy of type ``kind`` (None = NULL) and uid."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    out = dataset.CreateLayer("trip_table", None, ogr.wkbNone)
    for name in ("ox", "oy", "dx", "dy"):
        out.CreateField(ogr.FieldDefn(name, kind))
    out.CreateField(ogr.FieldDefn("uid", ogr.OFTString))
    for row in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name, value in zip(("ox", "oy", "dx", "dy", "uid"), row):
            if value is not None:
                feature[name] = value
        out.CreateFeature(feature)
    dataset = None
    return str(path)


def published_flows(path):
    return list(zip(read_field(path, "origin_id"), read_field(path, "dest_id"), read_field(path, "noisy_count")))
