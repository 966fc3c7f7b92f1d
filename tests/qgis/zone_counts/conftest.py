"""Fixtures of the zone_counts tests."""


import numpy as np
import pytest

from ..conftest import write_grid_zones
from .support import CELL, X0, Y0, grid_ids, grid_points, write_points


@pytest.fixture
def grid(tmp_path):
    """A 5 x 5 grid (zone_id Z<row>_<col>) and points with known counts per zone."""
    n = 5
    counts = np.arange(n * n) % 7
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(counts, n))
    return zones, points, dict(zip(grid_ids(n), counts.tolist()))
