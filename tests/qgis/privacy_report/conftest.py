"""Fixtures of the privacy_report tests."""


import numpy as np
import pytest
from osgeo import ogr

from ..conftest import write_points


@pytest.fixture
def points(tmp_path):
    """500 points with pid, label and day (Mon, Tue, Wed in turn)."""
    rng = np.random.default_rng(11)
    xy = np.column_stack((rng.uniform(5e5, 5.05e5, 500), rng.uniform(4.5e6, 4.505e6, 500)))
    path = write_points(tmp_path / "trips.gpkg", 32633, xy)
    dataset = ogr.Open(path, 1)
    dataset.ExecuteSQL("ALTER TABLE points ADD COLUMN day TEXT")
    dataset.ExecuteSQL("UPDATE points SET day = CASE pid % 3 WHEN 0 THEN 'Mon' WHEN 1 THEN 'Tue' ELSE 'Wed' END")
    dataset = None
    return path
