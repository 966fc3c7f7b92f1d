"""pyproj finds PROJ's data also where it would not by itself (a venv over a distribution's pyproj)."""

import os
import sys

import numpy as np
import pytest
from pyproj import datadir
from pyproj.exceptions import DataDirError

from dp_geoprivacy.core.geometry import proj_data
from dp_geoprivacy.core.geometry.metric_crs import transform_xy

WGS84 = 'GEOGCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],' \
    'CS[ellipsoidal,2],AXIS["latitude",north],AXIS["longitude",east],ANGLEUNIT["degree",0.0174532925199433],' \
    'ID["EPSG",4326]]'
UTM33 = 'PROJCRS["WGS 84 / UTM zone 33N",BASEGEOGCRS["WGS 84",DATUM["World Geodetic System 1984",' \
    'ELLIPSOID["WGS 84",6378137,298.257223563]]],CONVERSION["UTM zone 33N",METHOD["Transverse Mercator"],' \
    'PARAMETER["Latitude of natural origin",0],PARAMETER["Longitude of natural origin",15],' \
    'PARAMETER["Scale factor at natural origin",0.9996],PARAMETER["False easting",500000],' \
    'PARAMETER["False northing",0]],CS[Cartesian,2],AXIS["easting",east],AXIS["northing",north],LENGTHUNIT["metre",1]]'


@pytest.fixture
def pyproj_finds_nothing(monkeypatch):
    """pyproj as in a venv over Debian's python3-pyproj: no data folder of its own; records set_data_dir."""
    chosen = []

    def get_data_dir():
        if chosen:
            return chosen[-1]
        raise DataDirError("Valid PROJ data directory not found.")

    monkeypatch.setattr(datadir, "get_data_dir", get_data_dir)
    monkeypatch.setattr(datadir, "set_data_dir", chosen.append)
    monkeypatch.delenv("PROJ_DATA", raising=False)
    monkeypatch.delenv("PROJ_LIB", raising=False)
    monkeypatch.setattr(proj_data, "_preferred", [])
    return chosen


def test_pyproj_keeps_its_own_data_when_it_finds_it(monkeypatch, tmp_path):
    (tmp_path / "proj.db").write_bytes(b"")
    monkeypatch.setattr(datadir, "get_data_dir", lambda: "/its/own")
    monkeypatch.setattr(datadir, "set_data_dir", lambda folder: pytest.fail(f"set_data_dir({folder})"))
    assert proj_data.ensure_proj_data([str(tmp_path)]) == "/its/own"


def test_registered_qgis_folders_come_first(pyproj_finds_nothing, tmp_path):
    empty, qgis, env = tmp_path / "empty", tmp_path / "qgis", tmp_path / "env"
    for folder in (empty, qgis, env):
        folder.mkdir()
    (qgis / "proj.db").write_bytes(b"")
    (env / "proj.db").write_bytes(b"")
    proj_data.prefer_proj_data([empty, qgis])
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PROJ_DATA", str(env))
        assert proj_data.ensure_proj_data() == str(qgis)
    assert pyproj_finds_nothing == [str(qgis)]


def test_falls_back_to_proj_data_then_the_base_prefix(pyproj_finds_nothing, tmp_path, monkeypatch):
    (tmp_path / "proj.db").write_bytes(b"")
    monkeypatch.setenv("PROJ_LIB", f"/nowhere{os.pathsep}{tmp_path}")
    assert proj_data.ensure_proj_data() == str(tmp_path)
    monkeypatch.delenv("PROJ_LIB")
    assert proj_data.proj_data_candidates()[0] == os.path.join(sys.base_prefix, "share", "proj")


def test_none_when_no_folder_has_a_database(pyproj_finds_nothing, monkeypatch):
    monkeypatch.setattr(proj_data, "proj_data_candidates", lambda preferred=(): ["/nowhere"])
    assert proj_data.ensure_proj_data() is None
    assert pyproj_finds_nothing == []


def test_reprojection_works_here():
    """The real pyproj; in QGIS 3.40's root it is Debian's, in a venv, where it finds no data by itself."""
    xy = transform_xy(np.array([[13.4, 52.5], [15.0, 0.0]]), WGS84, UTM33)
    assert np.allclose(xy, [[391_390.7, 5_817_855.2], [500_000.0, 0.0]], atol=1.0)
