"""Fixtures of the od_flows tests."""

import numpy as np
import pytest

from ..conftest import write_grid_zones
from .support import CELL, X0, Y0, centre, write_trip_lines


@pytest.fixture
def zones(tmp_path):
    return write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 3)


@pytest.fixture
def known_trips(tmp_path):
    """Trips between zone centres with known counts per (origin id, destination id), plus 2 outside."""
    rng = np.random.default_rng(1)
    plan = {("Z0_0", "Z2_2"): 5, ("Z2_2", "Z0_0"): 2, ("Z1_1", "Z1_1"): 4, ("Z0_1", "Z1_0"): 1, ("Z2_0", "Z0_2"): 3}
    trips = []
    for (a, b), count in plan.items():
        ra, ca = map(int, a[1:].split("_"))
        rb, cb = map(int, b[1:].split("_"))
        trips += [(centre(ra, ca, rng.uniform(-400, 400, 2)), centre(rb, cb, rng.uniform(-400, 400, 2)))
                  for _ in range(count)]
    trips += [(centre(0, 0), (X0 - 5000.0, Y0)), ((X0 + 9000.0, Y0 + 9000.0), centre(1, 1))]
    path = write_trip_lines(tmp_path / "trips.gpkg", 32633, trips)
    return path, plan, trips
