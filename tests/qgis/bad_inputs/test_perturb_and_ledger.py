"""Bad and awkward inputs: laplaceperturbation and the ledger (the catalogue: test_catalogue.py)."""

import pytest
from osgeo import ogr
from qgis.core import QgsProject

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import feature_count, read_field, write_grid_zones
from .harness import (
    CELL,
    COUNTS,
    PERTURB,
    X0,
    Y0,
    counts,
    csv_file,
    grid_points,
    perturb,
    point_rows,
    points_layer,
    refused,
    succeeds,
    write_layer,
)

# --- laplaceperturbation ---------------------------------------------------------------


def test_perturb_z_and_m_points_give_2d_points(dirs):
    inputs, outputs = dirs
    xy = grid_points(30)
    rows = [(f"POINT ZM ({x} {y} 12.5 7)", {"pid": i}) for i, (x, y) in enumerate(xy)]
    path = write_layer(inputs / "zm.gpkg", 32633, ogr.wkbPointZM, rows, {"pid": ogr.OFTInteger})
    result, _ = succeeds(PERTURB, perturb(path, outputs / "out.gpkg"), dirs)
    assert result["POINTS_WRITTEN"] == 30
    dataset = ogr.Open(result["OUTPUT"])
    assert dataset.GetLayer(0).GetGeomType() == ogr.wkbPoint


def test_perturb_one_feature(dirs):
    inputs, outputs = dirs
    path = points_layer(inputs / "one.gpkg", [[X0, Y0]], persons=[3])
    result, _ = succeeds(PERTURB, perturb(path, outputs / "out.gpkg"), dirs)
    assert result["POINTS_WRITTEN"] == 1 and feature_count(result["OUTPUT"]) == 1


@pytest.mark.parametrize("grid", [float("nan"), float("inf"), -1.0, 1e308])
def test_perturb_bad_grid_is_refused(base, dirs, grid):
    refused(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg", GRID=grid), r"GRID", dirs)


def test_perturb_csv_without_geometry_is_refused(dirs):
    inputs, outputs = dirs
    path = csv_file(inputs / "table.csv", ["x", "y", "persons"], [[X0, Y0, 1], [X0 + 5, Y0 + 5, 2]])
    refused(PERTURB, perturb(path, outputs / "out.gpkg"), r"INPUT", dirs)


def test_perturb_missing_input_is_refused(dirs):
    inputs, outputs = dirs
    refused(PERTURB, perturb(str(inputs / "no such file.gpkg"), outputs / "out.gpkg"), r"INPUT", dirs)


def test_perturb_output_in_a_missing_folder(base, dirs):
    target = dirs[1] / "new folder" / "out.gpkg"
    result, _ = succeeds(PERTURB, perturb(base["points"], target), dirs)
    assert feature_count(target) == 60


def test_perturb_output_in_a_read_only_folder_is_refused(base, dirs, read_only):
    locked = dirs[1] / "locked"
    locked.mkdir()
    read_only(locked)
    message = refused(PERTURB, perturb(base["points"], locked / "out.gpkg"), r"OUTPUT", dirs[:1] + (locked,))
    assert "Traceback" not in message


def test_perturb_existing_output_is_replaced(base, dirs):
    target = dirs[1] / "out.gpkg"
    points_layer(target, [[0.0, 0.0]] * 3, old=[1, 2, 3])
    result, _ = succeeds(PERTURB, perturb(base["points"], target), dirs)
    dataset = ogr.Open(str(target))
    assert dataset.GetLayerCount() == 1 and dataset.GetLayer(0).GetFeatureCount() == 60
    assert dataset.GetLayer(0).GetLayerDefn().GetFieldIndex("old") < 0


def test_perturb_output_equal_to_input_is_refused(base, dirs):
    refused(PERTURB, perturb(base["points"], base["points"]), r"OUTPUT is the file of INPUT", dirs)


def test_output_into_the_inputs_geopackage_or_a_loaded_input_layer_is_refused(base, dirs):
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsVectorLayer

    inputs, outputs = dirs
    both = inputs / "both.gpkg"
    write_grid_zones(both, 32633, (X0, Y0), CELL, 3, layer="zones")
    points_layer(outputs / "tmp.gpkg", base["xy"], pid=list(range(60)))
    from osgeo import gdal

    gdal.VectorTranslate(str(both), str(outputs / "tmp.gpkg"), accessMode="update", layerName="points")
    (outputs / "tmp.gpkg").unlink()
    refused(COUNTS, counts(f"{both}|layername=points", f"{both}|layername=zones", both), "OUTPUT is the file of",
            dirs)
    layer = QgsVectorLayer(base["points"], "households", "ogr")
    assert QgsProject.instance().addMapLayer(layer)
    try:
        refused(PERTURB, perturb(layer.id(), base["points"]), "OUTPUT is the file of INPUT", dirs)
        selected = QgsProcessingFeatureSourceDefinition(layer.id(), selectedFeaturesOnly=False)
        refused(PERTURB, perturb(selected, base["points"]), "OUTPUT is the file of INPUT", dirs)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())


@pytest.mark.parametrize("suffix", [".shp", ".csv", ".geojson", ".fgb", ".xlsx"])
def test_perturb_writes_every_common_format(base, dirs, suffix):
    target = dirs[1] / f"out{suffix}"
    result, _ = succeeds(PERTURB, perturb(base["points"], target), dirs)
    dataset = ogr.Open(str(target))
    layer = dataset.GetLayer(0)
    assert layer.GetFeatureCount() == 60
    feature = layer.GetNextFeature()
    has_xy = feature.GetGeometryRef() is not None or {"X", "Y"} <= {
        layer.GetLayerDefn().GetFieldDefn(i).GetName().upper() for i in range(layer.GetLayerDefn().GetFieldCount())}
    assert has_xy, f"{suffix}: the perturbed locations were not written"
    assert read_from_file(str(target))[0].epsilon == 1


def test_perturb_unicode_and_spaces_in_paths_and_field_names(dirs):
    inputs, outputs = dirs
    folder = inputs / "Ünïcode Ördner ß"
    folder.mkdir()
    rows = point_rows(grid_points(40), **{"Straße Nr": [i % 3 for i in range(40)],
                                          "Fahrzeug-Typ ü": [("Dreirad", "Fähre")[i % 2] for i in range(40)]})
    path = write_layer(folder / "häuser daten.gpkg", 32633, ogr.wkbPoint, rows,
                       {"Straße Nr": ogr.OFTInteger, "Fahrzeug-Typ ü": ogr.OFTString})
    target = outputs / "Ergebnis ü" / "gestörte Punkte.gpkg"
    target.parent.mkdir()
    result, _ = succeeds(PERTURB, perturb(path, target, FIELDS=["Straße Nr", "Fahrzeug-Typ ü"]), dirs)
    assert read_field(target, "Fahrzeug-Typ ü").count("Fähre") == 20
    assert sorted(read_field(target, "Straße Nr")) == sorted(i % 3 for i in range(40))


# --- the ledger ------------------------------------------------------------------------


def test_empty_ledger_file_is_refused_and_kept(base, dirs):
    """An empty ledger may be a truncated one (a full disk): taking it as new would forget what was spent."""
    ledger = dirs[0] / "ledger.json"
    ledger.write_text("")
    refused(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg", LEDGER=str(ledger), BUDGET=2),
            r"LEDGER .* is empty, not a dp_geoprivacy ledger.*give another file name", dirs)
    assert ledger.read_bytes() == b""


def test_read_only_ledger_is_refused_before_any_output(base, dirs, read_only, tmp_path):
    private = tmp_path / "private"
    private.mkdir()
    ledger = private / "ledger.json"
    succeeds(PERTURB, perturb(base["points"], dirs[1] / "first.gpkg", LEDGER=str(ledger)), dirs)
    (dirs[1] / "first.gpkg").unlink()
    before = ledger.read_bytes()
    read_only(ledger)
    read_only(private)
    refused(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg", LEDGER=str(ledger)), r"LEDGER", dirs)
    assert ledger.read_bytes() == before


def test_ledger_in_a_missing_folder_is_created(base, dirs, tmp_path):
    ledger = tmp_path / "no such folder" / "ledger.json"
    succeeds(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg", LEDGER=str(ledger)), dirs)
    assert len(Ledger(ledger).entries()) == 1
