"""dp_geoprivacy:noisyzonecounts: time slots and H3 cells."""


import h3
import numpy as np
import shapely
from qgis.core import (
    QgsVectorLayer,
)

from dp_geoprivacy.core.geometry.h3cells import cells_covering, cells_of_points, cells_to_text

from ..conftest import read_field, write_grid_zones
from .support import CELL, EXACT, X0, Y0, Log, by_zone, grid_points, run, write_points


def test_one_row_per_zone_and_four_hour_window(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 2)
    xy = grid_points(np.array([3, 2, 0, 1]), 2)
    times = ["2024-05-06T02:00:00", "2024-05-06T05:59:00", "2024-05-06T23:10:00",  # Z0_0: 02-06 x2, 22-02
             "2024-05-07T01:00:00", None,  # Z0_1: 22-02, NULL time
             "2024-05-08T12:00:00"]  # Z1_1: 10-14
    points = write_points(tmp_path / "points.gpkg", 32633, xy, times=times)
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=EXACT,
                 TIME_FIELD="t", TIME_SLOT=1, SEED=1)
    out = result["OUTPUT"]
    assert QgsVectorLayer(out, "o", "ogr").fields().names() == ["fid", "zone_id", "time_slot", "noisy_count",
                                                                  "moe95"]
    rows = list(zip(read_field(out, "zone_id"), read_field(out, "time_slot"), read_field(out, "noisy_count")))
    assert len(rows) == 4 * 6  # every zone x slot cell is public
    windows = ["02-06", "06-10", "10-14", "14-18", "18-22", "22-02"]
    assert rows[:6] == [("Z0_0", w, v) for w, v in zip(windows, [2.0, 0, 0, 0, 0, 1.0])]
    counts = {(z, s): v for z, s, v in rows}
    assert counts[("Z0_1", "22-02")] == 1 and counts[("Z1_1", "10-14")] == 1 and sum(counts.values()) == 5
    assert "Dropped 1 points whose time (t) is NULL" in log.text()
    assert result["SENSITIVITY"] == 1  # slots do not change it


def test_day_of_week_and_hour_slots(tmp_path):
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, 1)
    times = ["2024-05-06T08:30:00", "2024-05-12T08:59:00", "2024-05-12T09:00:00"]  # Mon, Sun, Sun
    points = write_points(tmp_path / "points.gpkg", 32633, grid_points(np.array([3]), 1), times=times)
    week = run(tmp_path, "w.gpkg", INPUT=points, ZONES=zones, EPSILON=EXACT, TIME_FIELD="t", TIME_SLOT=2, SEED=1)
    assert dict(zip(read_field(week["OUTPUT"], "time_slot"), read_field(week["OUTPUT"], "noisy_count"))) == {
        "Mon": 1, "Tue": 0, "Wed": 0, "Thu": 0, "Fri": 0, "Sat": 0, "Sun": 2}
    hours = run(tmp_path, "h.gpkg", INPUT=points, ZONES=zones, EPSILON=EXACT, TIME_FIELD="t", SEED=1)["OUTPUT"]
    values = dict(zip(read_field(hours, "time_slot"), read_field(hours, "noisy_count")))
    assert len(values) == 24 and values["08-09"] == 2 and values["09-10"] == 1


def test_h3_cells_covering_an_extent_are_all_published(tmp_path):
    rng = np.random.default_rng(3)
    lon, lat = rng.uniform(13.35, 13.45, 500), rng.uniform(52.45, 52.55, 500)
    lon[:20] = 14.5  # outside the extent
    points = write_points(tmp_path / "points.gpkg", 4326, np.column_stack((lon, lat)))
    result = run(tmp_path, INPUT=points, H3_RESOLUTION=8, EXTENT="13.3,13.5,52.4,52.6 [EPSG:4326]",
                 EPSILON=EXACT, SEED=1)
    cells = cells_covering(shapely.box(13.3, 52.4, 13.5, 52.6), 8)
    out = result["OUTPUT"]
    ids = read_field(out, "zone_id")
    assert ids == sorted(cells_to_text(cells)) and result["ROWS_WRITTEN"] == len(cells)
    truth = {}
    for cell in cells_to_text(cells_of_points(lon[20:], lat[20:], 8)):
        truth[cell] = truth.get(cell, 0) + 1
    counts = by_zone(out)
    assert all(counts[k] == truth.get(k, 0) for k in counts)
    assert result["OUTSIDE_COUNT"] == 20
    assert all(h3.is_valid_cell(i) for i in ids)
    assert QgsVectorLayer(out, "o", "ogr").crs().authid() == "EPSG:4326"


def test_h3_points_in_a_projected_crs_are_reprojected(tmp_path):
    xy = np.column_stack((np.full(10, 391_000.0), np.linspace(5_820_000.0, 5_821_000.0, 10)))  # Berlin, 33N
    points = write_points(tmp_path / "points.gpkg", 32633, xy)
    log = Log()
    result = run(tmp_path, feedback=log, INPUT=points, H3_RESOLUTION=6, EXTENT="13.2,13.6,52.4,52.6 [EPSG:4326]",
                 EPSILON=EXACT, SEED=1)
    assert "reprojected from EPSG:32633 to EPSG:4326" in log.text()
    assert sum(read_field(result["OUTPUT"], "noisy_count")) == 10 and result["OUTSIDE_COUNT"] == 0
    assert QgsVectorLayer(result["OUTPUT"], "o", "ogr").crs().authid() == "EPSG:32633"
