"""The data of the mobility-report benchmark on real public data (bench_mobility_report_real.py): every scheduled run
of the 2014 Cairns bus GTFS feed (gtfs-kit's sdist, benchmarks/real_data_trial.py's ``cairns_feed``) as one trip
of its trip_id (the unit of privacy), the public grid of zones over the feed's stops, the records both tools read
and the truth they are measured against (benchmarks/mobility_truth.py)."""

import csv
import datetime as dt
from pathlib import Path

import numpy as np
from osgeo import ogr, osr
from pyproj import Transformer

from benchmarks.common import write_square_grid
from benchmarks.mobility_truth import distribution_truth, truth

EPSG, CELL_M = 32755, 2000.0
# Every day k of DAYS runs the schedule of day k mod 28 of 2-29 June 2014 (the four weeks repeated).
FIRST_DAY, FEED_DAYS = dt.date(2014, 6, 2), 28
WEEKDAY_FIELDS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def seconds(text):
    h, m, s = (int(x) for x in text.strip().split(":"))
    return 3600 * h + 60 * m + s


def read_trips(feed: Path, days: int = FEED_DAYS):
    """(unit, start epoch seconds, end epoch seconds, origin lon/lat, destination lon/lat) of every run."""
    stops = {r["stop_id"]: (float(r["stop_lon"]), float(r["stop_lat"]))
             for r in csv.DictReader(open(feed / "stops.txt"))}
    ends = {}
    for r in csv.DictReader(open(feed / "stop_times.txt")):
        seq = int(r["stop_sequence"])
        first, last = ends.get(r["trip_id"], (None, None))
        if first is None or seq < first[0]:
            first = (seq, r["stop_id"], r["departure_time"])
        if last is None or seq > last[0]:
            last = (seq, r["stop_id"], r["arrival_time"])
        ends[r["trip_id"]] = (first, last)
    calendar = {r["service_id"]: r for r in csv.DictReader(open(feed / "calendar.txt"))}
    removed = {(r["service_id"], r["date"]) for r in csv.DictReader(open(feed / "calendar_dates.txt"))
               if r["exception_type"] == "2"}
    added = {(r["service_id"], r["date"]) for r in csv.DictReader(open(feed / "calendar_dates.txt"))
             if r["exception_type"] == "1"}
    rows = []
    for trip in csv.DictReader(open(feed / "trips.txt")):
        service, (first, last) = trip["service_id"], ends[trip["trip_id"]]
        if not first[2].strip() or not last[2].strip():
            continue  # no time at the first or last stop (none in this feed)
        for k in range(days):
            day = FIRST_DAY + dt.timedelta(days=k)
            feed_day = FIRST_DAY + dt.timedelta(days=k % FEED_DAYS)
            key = feed_day.strftime("%Y%m%d")
            c = calendar.get(service)
            runs = (c is not None and c["start_date"] <= key <= c["end_date"]
                    and c[WEEKDAY_FIELDS[feed_day.weekday()]] == "1")
            if (runs and (service, key) not in removed) or (service, key) in added:
                midnight = (day - dt.date(1970, 1, 1)).days * 86400.0  # clock time written, as read
                rows.append((trip["trip_id"], midnight + seconds(first[2]), midnight + seconds(last[2]),
                             stops[first[1]], stops[last[1]]))
    unit = np.array([r[0] for r in rows], dtype=object)
    start, end = np.array([r[1] for r in rows]), np.array([r[2] for r in rows])
    origin, dest = np.array([r[3] for r in rows]), np.array([r[4] for r in rows])
    return unit, start, end, origin, dest


def write_zones(path: Path, lonlat, cell=CELL_M):
    """A grid of ``cell`` m squares in EPSG:32755 over the points (public: made from the feed's stops, not from the
    trips); (lower left corner, columns, rows, cell)."""
    xy = np.column_stack(Transformer.from_crs(4326, EPSG, always_xy=True).transform(lonlat[:, 0], lonlat[:, 1]))
    low = np.floor(xy.min(axis=0) / cell) * cell
    cols, rows = (np.ceil((xy.max(axis=0) - low) / cell) + 1).astype(int)
    write_square_grid(path, EPSG, low[0], low[1], cell, cols, rows)
    return low, cols, rows, cell


def zone_of(lonlat, low, cols, rows, cell):
    xy = np.column_stack(Transformer.from_crs(4326, EPSG, always_xy=True).transform(lonlat[:, 0], lonlat[:, 1]))
    c, r = np.floor((xy - low) / cell).astype(int).T
    inside = (c >= 0) & (c < cols) & (r >= 0) & (r < rows)
    return np.where(inside, np.char.add(np.char.add(np.char.add("Z", r.astype(str)), "_"), c.astype(str)), "")

def write_records(path: Path, unit, start, end, origin, dest):
    """Two point records per trip (start, end): uid, tid, ts (ISO text), EPSG:4326 points."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(4326)
    srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    layer = dataset.CreateLayer("records", srs, ogr.wkbPoint)
    for name in ("uid", "tid", "ts"):
        layer.CreateField(ogr.FieldDefn(name, ogr.OFTString))
    layer.StartTransaction()
    for k in range(len(unit)):
        for when, (lon, lat) in ((start[k], origin[k]), (end[k], dest[k])):
            feature = ogr.Feature(layer.GetLayerDefn())
            feature["uid"], feature["tid"] = unit[k], str(k)
            feature["ts"] = str(np.datetime64(int(when), "s")).replace("T", " ")
            feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({lon!r} {lat!r})"))
            layer.CreateFeature(feature)
    layer.CommitTransaction()
    dataset = None


def prepare(directory: Path, feed: Path, days: int, cell: float):
    """Everything one scale's runs read, written to ``directory``: (trips (read_trips), zones layer, records layer
    (both tools' input), truths (visits, flows, distributions), the grid (write_zones))."""
    trips = read_trips(feed, days)
    unit, start, end, origin, dest = trips
    stops = np.array([(float(r["stop_lon"]), float(r["stop_lat"])) for r in csv.DictReader(open(feed / "stops.txt"))])
    zones = directory / "zones.gpkg"
    grid = write_zones(zones, stops, cell)
    oz, dz = zone_of(origin, *grid), zone_of(dest, *grid)
    truths = (*truth(unit, oz, dz), distribution_truth(*trips))
    records = directory / "records.gpkg"  # both tools read it
    write_records(records, unit, start, end, origin, dest)
    return trips, zones, records, truths, grid
