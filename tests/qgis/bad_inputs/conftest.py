"""Fixtures of the bad-input catalogue: input and output folders, the base layers."""

import pytest
from osgeo import ogr
from qgis import processing

from ..conftest import write_grid_zones
from .harness import CELL, COUNTS, X0, Y0, chattr_immutable, counts, grid_points, points_layer, write_layer


@pytest.fixture
def dirs(tmp_path):
    """(inputs, outputs) folders; the outputs folder exists and starts empty."""
    inputs, outputs = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    outputs.mkdir()
    return inputs, outputs


@pytest.fixture
def base(dirs):
    """Zones (3 x 3 grid), 60 points with pid, persons, user and vehicle, in the inputs folder."""
    inputs, _ = dirs
    zones = write_grid_zones(inputs / "zones.gpkg", 32633, (X0, Y0), CELL, 3)
    xy = grid_points(60)
    n = len(xy)
    points = points_layer(inputs / "points.gpkg", xy, pid=list(range(n)), persons=[1 + i % 5 for i in range(n)],
                          user=[f"u{i % 12}" for i in range(n)],
                          vehicle=[("car", "bike", "bus")[i % 3] for i in range(n)])
    return {"zones": zones, "points": points, "xy": xy}


@pytest.fixture
def read_only(tmp_path):
    """Make paths read-only (immutable) for one test; undone afterwards so tmp_path can be removed."""
    made = []

    def make(path):
        chattr_immutable(path)
        made.append(path)
        return path

    yield make
    for path in reversed(made):
        chattr_immutable(path, on=False)


@pytest.fixture
def relocation(base, dirs):
    """Zone trips (o_zone, d_zone) and a noisy origin histogram made by noisyzonecounts."""
    inputs, _ = dirs
    zones = [f"Z{r}_{c}" for r in range(3) for c in range(3)]
    trips = write_layer(inputs / "trips.gpkg", None, ogr.wkbNone,
                        [(None, {"o_zone": zones[i % 9], "d_zone": zones[(i * 4) % 9]}) for i in range(40)],
                        {"o_zone": ogr.OFTString, "d_zone": ogr.OFTString})
    histogram = processing.run(COUNTS, counts(base["points"], base["zones"], inputs / "histogram.gpkg",
                                              EPSILON=1))["OUTPUT"]
    return {"trips": trips, "histogram": histogram}
