"""Make sample_city.gpkg: a small synthetic city for demos and tests.

Everything here is invented: no real people, households, trips or districts
are behind these data, and nothing was derived from any real place. The
coordinates are in UTM zone 32N (EPSG:32632) around CENTRE, which happens to
be in southern Germany (central Munich); the city's outline, districts and
people have nothing to do with what is really there. The generator is
seeded, so running this script again writes the same features (see
docs/sample_data.md for the full description).

Usage, from the repository root::

    .venv/bin/python resources/sample_data/make_sample_city.py [OUTPUT.gpkg]

Layers:

* ``zones``: 42 polygons, a Voronoi tessellation of seed points (denser in
  the centre) clipped to an irregular city boundary.
* ``households``: 3,000 points around five centres plus a scattered
  background, with persons, vehicles, fuel and vehicle_make.
* ``trips``: about 6,000 two-vertex lines (origin -> destination) made by
  the persons of a one-in-three travel-diary sample of households on one
  weekday.

Only numpy, shapely (2.x) and GDAL's ogr are needed.
"""

import sys
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import shapely
from osgeo import ogr, osr

ogr.UseExceptions()
osr.UseExceptions()

SEED = 20240517
EPSG = 32632  # WGS 84 / UTM zone 32N
CENTRE = (690_000.0, 5_335_000.0)  # city centre (easting, northing); see the docstring
N_ZONES = 42
N_HOUSEHOLDS = 3000
DIARY_SHARE = 1 / 3  # share of households that kept a travel diary
SURVEY_DAY = datetime(2023, 5, 16)  # a Tuesday
LOCAL_SHARE = 0.35  # tours to a place within LOCAL_RADIUS of home
LOCAL_RADIUS = 1500.0
DEFAULT_OUTPUT = Path(__file__).with_name("sample_city.gpkg")

# Residential centres: offset from CENTRE (m), spread (m), share of clustered households.
CENTRES = [
    ((0, 0), 900, 0.34),  # old town
    ((-3300, 1900), 650, 0.18),  # north-west quarter
    ((3200, 1500), 750, 0.18),  # east quarter
    ((-1500, -3000), 700, 0.16),  # south-west quarter
    ((3400, -2600), 550, 0.14),  # south-east quarter
]
BACKGROUND_SHARE = 0.15  # households scattered anywhere in the city

PERSONS_P = [0.30, 0.33, 0.15, 0.14, 0.06, 0.02]  # persons = 1..6
FUEL = ["gas", "diesel", "hybrid", "electric"]
FUEL_P = [0.58, 0.27, 0.09, 0.06]
MAKES = {
    "gas": (["Volkswagen", "Opel", "Ford", "BMW", "Mercedes-Benz", "Audi", "Skoda", "Toyota",
             "Renault", "Fiat", "Seat", "Hyundai"],
            [0.20, 0.10, 0.09, 0.09, 0.08, 0.08, 0.08, 0.07, 0.06, 0.05, 0.05, 0.05]),
    "diesel": (["Volkswagen", "Mercedes-Benz", "BMW", "Audi", "Skoda", "Opel", "Ford", "Peugeot"],
               [0.26, 0.16, 0.14, 0.13, 0.11, 0.08, 0.07, 0.05]),
    "hybrid": (["Toyota", "Hyundai", "Kia", "BMW", "Mercedes-Benz", "Volkswagen"],
               [0.42, 0.14, 0.12, 0.12, 0.10, 0.10]),
    "electric": (["Tesla", "Volkswagen", "Hyundai", "Renault", "BMW", "Kia"],
                 [0.28, 0.24, 0.14, 0.12, 0.12, 0.10]),
}
MODES = ["walk", "bike", "bus", "car"]

# Invented district names, from the centre outwards (given by distance from CENTRE).
ZONE_NAMES = [
    "Altstadt", "Am Markt", "Bahnhofsviertel", "Schlossberg", "Domplatz", "Neustadt",
    "Marienviertel", "Kolonie", "Brückenviertel", "Bleiche", "Kirchfeld", "Lindenhof",
    "Mühlbach", "Rosenau", "Eichwald", "Birkenhain", "Sonnenhang", "Am Weiher",
    "Gartenstadt", "Feldmark", "Hohe Wiese", "Kreuzacker", "Brunnental", "Steinbruch",
    "Talgrund", "Ziegelei", "Auenpark", "Fuchsbau", "Weidenried", "Buchenhöhe",
    "Sandgrube", "Hopfengarten", "Ulmenallee", "Am Kanal", "Schäferei", "Obermühle",
    "Wiesengrund", "Lerchenfeld", "Holzhausen", "Kleeberg", "Tannenweg", "Moosfeld",
]


def city_boundary(rng):
    """A smooth, irregular, star-shaped outline of about 13 km by 11 km."""
    theta = np.linspace(0, 2 * np.pi, 240, endpoint=False)
    phase = rng.uniform(0, 2 * np.pi, 3)
    radius = 5400 * (1 + 0.08 * np.sin(2 * theta + phase[0]) + 0.05 * np.sin(3 * theta + phase[1])
                     + 0.03 * np.sin(5 * theta + phase[2]))
    x = CENTRE[0] + 1.15 * radius * np.cos(theta)
    y = CENTRE[1] + radius * np.sin(theta)
    boundary = shapely.Polygon(np.round(np.column_stack([x, y]), 2))
    assert boundary.is_valid
    return boundary


def points_in(boundary, xy, margin=0.0):
    """Mask of the points in ``xy`` that lie inside ``boundary`` (shrunk by ``margin``)."""
    area = boundary.buffer(-margin) if margin else boundary
    shapely.prepare(area)
    return shapely.contains_xy(area, xy[:, 0], xy[:, 1])


def uniform_in(boundary, n, rng, margin=0.0):
    """``n`` points uniformly inside ``boundary`` (rejection sampling)."""
    minx, miny, maxx, maxy = boundary.bounds
    out = np.empty((0, 2))
    while len(out) < n:
        xy = rng.uniform([minx, miny], [maxx, maxy], size=(2 * n, 2))
        out = np.vstack([out, xy[points_in(boundary, xy, margin)]])
    return out[:n]


def make_zones(boundary, rng):
    """Voronoi cells of N_ZONES seeds, clipped to the boundary, numbered in reading order."""
    inner = boundary.buffer(-300)
    candidates = uniform_in(inner, 4000, rng)
    r = np.hypot((candidates[:, 0] - CENTRE[0]) / 1.15, candidates[:, 1] - CENTRE[1])
    gap = 1.0 + 0.3 * r / 1000  # relative spacing: small zones in the centre, large ones outside
    scale = 2000.0
    while True:  # greedy dart throwing, loosening the spacing until N_ZONES seeds fit
        seeds = []
        for (x, y), g in zip(candidates, gap):
            if all(np.hypot(x - sx, y - sy) >= scale * g for sx, sy in seeds):
                seeds.append((x, y))
        if len(seeds) >= N_ZONES:
            break
        scale *= 0.97
    seeds = seeds[:N_ZONES]
    cells = shapely.voronoi_polygons(shapely.MultiPoint(seeds), extend_to=boundary.buffer(2000))
    zones = [shapely.set_precision(cell.intersection(boundary), 0.01) for cell in cells.geoms]
    for zone in zones:
        assert zone.geom_type == "Polygon" and zone.is_valid and not zone.is_empty, zone.geom_type
    # Reading order: 1.5 km bands from north to south, west to east within a band.
    key = [(-round(z.centroid.y / 1500), z.centroid.x) for z in zones]
    zones = [zones[i] for i in sorted(range(len(zones)), key=key.__getitem__)]
    assert abs(shapely.union_all(zones).area - boundary.area) < 1.0
    return zones


def make_households(boundary, rng):
    """Household points and attributes as a list of dicts (hh_id 1..N)."""
    n_background = round(N_HOUSEHOLDS * BACKGROUND_SHARE)
    n_clustered = N_HOUSEHOLDS - n_background
    shares = np.array([c[2] for c in CENTRES])
    counts = rng.multinomial(n_clustered, shares / shares.sum())
    parts = []
    for ((dx, dy), spread, _), count in zip(CENTRES, counts):
        pts = np.empty((0, 2))
        while len(pts) < count:
            xy = rng.normal([CENTRE[0] + dx, CENTRE[1] + dy], spread, size=(count, 2))
            pts = np.vstack([pts, xy[points_in(boundary, xy, margin=20)]])
        parts.append(pts[:count])
    parts.append(uniform_in(boundary, n_background, rng, margin=20))
    xy = np.round(np.vstack(parts), 1)
    xy = xy[rng.permutation(len(xy))]  # hh_id does not reveal the cluster

    distance_km = np.hypot(xy[:, 0] - CENTRE[0], xy[:, 1] - CENTRE[1]) / 1000
    persons = rng.choice(np.arange(1, 7), size=len(xy), p=PERSONS_P)
    # More cars for bigger households and farther from the centre.
    mean_vehicles = 0.25 + 0.22 * (persons - 1) + 0.12 * distance_km
    vehicles = np.minimum(rng.poisson(mean_vehicles), 3)
    households = []
    for i, ((x, y), p, v) in enumerate(zip(xy, persons, vehicles), start=1):
        fuel = make = None
        if v > 0:
            fuel = str(rng.choice(FUEL, p=FUEL_P))
            names, weights = MAKES[fuel]
            make = str(rng.choice(names, p=weights))
        households.append({"hh_id": i, "x": x, "y": y, "persons": int(p), "vehicles": int(v),
                           "fuel": fuel, "vehicle_make": make})
    return households


def make_activity_places(boundary, rng, n=900):
    """Places people travel to: many in the old town, some in each quarter, a few anywhere."""
    centre_pts = rng.normal(CENTRE, 700, size=(3 * n, 2))
    quarter_pts = np.vstack([rng.normal([CENTRE[0] + dx, CENTRE[1] + dy], 450, size=(n, 2))
                             for (dx, dy), _, _ in CENTRES[1:]])
    pts = np.vstack([centre_pts[points_in(boundary, centre_pts, 20)][: int(0.45 * n)],
                     quarter_pts[points_in(boundary, quarter_pts, 20)][: int(0.40 * n)]])
    pts = np.vstack([pts, uniform_in(boundary, n - len(pts), rng, margin=20)])
    return np.round(pts, 1)


def choose_mode(distance_m, vehicles, rng):
    """A mode for a tour, given its one-way length and the household's vehicles."""
    km = distance_m / 1000
    weights = np.array([
        np.exp(-km / 1.0) * 5.0,  # walk
        np.exp(-km / 3.0) * 1.2,  # bike
        0.35 + 0.12 * km,  # bus
        (0.15 + 0.25 * km) * (0.2 if vehicles == 0 else 1.0 + 0.3 * vehicles),  # car
    ])
    return str(rng.choice(MODES, p=weights / weights.sum()))


def day_plan(two_tours, rng):
    """Departure hours [out, back(, out, back)] for one person, within 05:00-23:30.

    Six in ten are commuters (leave around 07:30, back about nine hours
    later); the others go out later and for a shorter time. A second tour
    starts within a few hours of coming back.
    """
    commuter = rng.random() < 0.6
    while True:
        if commuter:
            out = rng.normal(7.5, 0.9)
            back = out + rng.normal(9.0, 1.0)
        else:
            out = rng.normal(10.0, 1.8)
            back = out + rng.uniform(1.0, 5.0)
        times = [out, back]
        if two_tours:
            out2 = back + rng.uniform(0.5, 3.0)
            times += [out2, out2 + rng.uniform(0.7, 3.0)]
        if 5.0 <= times[0] and times[-1] <= 23.5:
            return times


def clock(hours):
    """SURVEY_DAY at ``hours`` (a float), to the minute."""
    return SURVEY_DAY + timedelta(minutes=int(round(hours * 60)))


def make_trips(households, places, rng):
    """Trips of every person in a sample of households: home-based tours.

    A person makes 1-4 trips: 1 = home -> A; 2 = home -> A -> home;
    3 = home -> A -> home -> B; 4 = home -> A -> home -> B -> home.
    """
    trip_counts = [1, 2, 3, 4]
    trip_count_p = [0.15, 0.45, 0.15, 0.25]
    diary = rng.random(len(households)) < DIARY_SHARE
    trips = []
    for hh, in_diary in zip(households, diary):
        if not in_diary:
            continue
        home = (hh["x"], hh["y"])
        for person in range(1, hh["persons"] + 1):
            user_id = hh["hh_id"] * 10 + person
            n_trips = int(rng.choice(trip_counts, p=trip_count_p))
            times = day_plan(n_trips > 2, rng)
            tours = [(times[0], times[1])] + ([(times[2], times[3])] if n_trips > 2 else [])
            legs = []
            for out_time, back_time in tours:
                near = np.flatnonzero(np.hypot(*(places - home).T) < LOCAL_RADIUS)
                if len(near) and rng.random() < LOCAL_SHARE:  # shop, school, ... nearby
                    place = tuple(places[rng.choice(near)])
                else:
                    place = tuple(places[rng.integers(len(places))])
                mode = choose_mode(np.hypot(place[0] - home[0], place[1] - home[1]), hh["vehicles"], rng)
                legs.append((home, place, out_time, mode))
                legs.append((place, home, back_time, mode))
            for origin, destination, hours, mode in legs[:n_trips]:
                trips.append({"user_id": user_id, "origin": origin, "destination": destination,
                              "depart_time": clock(hours), "mode": mode})
    trips.sort(key=lambda t: (t["depart_time"], t["user_id"]))
    for trip_id, trip in enumerate(trips, start=1):
        trip["trip_id"] = trip_id
    return trips


def write_gpkg(path, zones, households, trips):
    """Write the three layers, replacing ``path``."""
    path = Path(path)
    if path.exists():
        path.unlink()
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(EPSG)
    ds = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))

    def layer(name, geom_type, fields, description, spatial_index=True):
        options = ["FID=fid", f"DESCRIPTION={description}"]
        if not spatial_index:
            options.append("SPATIAL_INDEX=NO")
        lyr = ds.CreateLayer(name, srs, geom_type, options=options)
        for field_name, field_type in fields:
            lyr.CreateField(ogr.FieldDefn(field_name, field_type))
        return lyr

    lyr = layer("zones", ogr.wkbPolygon, [("zone_id", ogr.OFTString), ("name", ogr.OFTString)],
                "Synthetic zones (Voronoi tessellation), see docs/sample_data.md")
    ds.StartTransaction()
    distance = [zone.centroid.distance(shapely.Point(CENTRE)) for zone in zones]
    name_rank = {zone_index: rank for rank, zone_index in enumerate(np.argsort(distance))}
    for i, zone in enumerate(zones):
        f = ogr.Feature(lyr.GetLayerDefn())
        f.SetField("zone_id", f"Z{i + 1:02d}")
        f.SetField("name", ZONE_NAMES[name_rank[i]])
        f.SetGeometry(ogr.CreateGeometryFromWkb(shapely.to_wkb(zone)))
        lyr.CreateFeature(f)
    ds.CommitTransaction()

    lyr = layer("households", ogr.wkbPoint,
                [("hh_id", ogr.OFTInteger), ("persons", ogr.OFTInteger), ("vehicles", ogr.OFTInteger),
                 ("fuel", ogr.OFTString), ("vehicle_make", ogr.OFTString)],
                "Synthetic households, see docs/sample_data.md")
    ds.StartTransaction()
    for hh in households:
        f = ogr.Feature(lyr.GetLayerDefn())
        for name in ("hh_id", "persons", "vehicles", "fuel", "vehicle_make"):
            if hh[name] is None:
                f.SetFieldNull(name)
            else:
                f.SetField(name, hh[name])
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(hh["x"]), float(hh["y"]))
        f.SetGeometry(point)
        lyr.CreateFeature(f)
    ds.CommitTransaction()

    lyr = layer("trips", ogr.wkbLineString,
                [("trip_id", ogr.OFTInteger), ("user_id", ogr.OFTInteger), ("mode", ogr.OFTString),
                 ("depart_time", ogr.OFTDateTime)],
                "Synthetic trips (origin to destination), see docs/sample_data.md",
                spatial_index=False)  # lines span the city: an R-tree would only add 0.3 MB
    ds.StartTransaction()
    for trip in trips:
        f = ogr.Feature(lyr.GetLayerDefn())
        f.SetField("trip_id", trip["trip_id"])
        f.SetField("user_id", trip["user_id"])
        f.SetField("mode", trip["mode"])
        t = trip["depart_time"]
        f.SetField("depart_time", t.year, t.month, t.day, t.hour, t.minute, 0, 0)  # local time
        line = ogr.Geometry(ogr.wkbLineString)
        line.AddPoint_2D(float(trip["origin"][0]), float(trip["origin"][1]))
        line.AddPoint_2D(float(trip["destination"][0]), float(trip["destination"][1]))
        f.SetGeometry(line)
        lyr.CreateFeature(f)
    ds.CommitTransaction()
    ds.ExecuteSQL("VACUUM")
    ds = None


def main(argv):
    output = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUTPUT
    rng = np.random.default_rng(SEED)
    boundary = city_boundary(rng)
    zones = make_zones(boundary, rng)
    households = make_households(boundary, rng)
    places = make_activity_places(boundary, rng)
    trips = make_trips(households, places, rng)
    write_gpkg(output, zones, households, trips)
    at_home = sum(t["origin"] == (h["x"], h["y"]) for t in trips
                  for h in [households[t["user_id"] // 10 - 1]])
    modes = {m: sum(t["mode"] == m for t in trips) for m in MODES}
    print(f"{output}: {len(zones)} zones, {len(households)} households, {len(trips)} trips "
          f"by {len({t['user_id'] for t in trips})} persons ({at_home / len(trips):.0%} from home; "
          f"modes {modes}); {output.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main(sys.argv)
