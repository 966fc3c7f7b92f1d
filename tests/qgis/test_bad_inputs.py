"""The catalogue of bad and awkward inputs, per algorithm (issue 9, "Bad input, faults and load").

Every case either gives a clear QgsProcessingException that names the
parameter and the fix, or a correct result; never a traceback, never a
partial output (the output folder stays empty, hidden working folders
included), and the inputs stay byte for byte as they were (SHA-256 of every
input file before and after). Cases run through the Processing API; a few
through the real qgis_process.

Cases already tested elsewhere are not repeated here: COVERED_ELSEWHERE
names the test that holds each of them, and a test checks those tests exist,
so this module stays the one place to look.
"""

import hashlib
import html
import json
import os
import re
import sqlite3
import subprocess
from pathlib import Path

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback, QgsProject

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import ROOT, feature_count, qgis_process_command, read_field, run_qgis_process, write_grid_zones

PERTURB = "dp_geoprivacy:laplaceperturbation"
COUNTS = "dp_geoprivacy:noisyzonecounts"
FLOWS = "dp_geoprivacy:noisyodflows"
ESCAPE = "dp_geoprivacy:escapeanalysis"
RESPONSE = "dp_geoprivacy:randomizedresponse"
RELOCATE = "dp_geoprivacy:triprelocation"
H3GRID = "dp_geoprivacy:h3grid"
REPORT = "dp_geoprivacy:privacyreport"

X0, Y0, CELL = 500_000.0, 4_500_000.0, 1000.0
EXACT = 1e9  # an epsilon so large that rounded noisy counts are the true counts

# case -> the test that already covers it (tests/qgis/<file>::<test>[, ...])
COVERED_ELSEWHERE = {
    'laplaceperturbation: empty layer, all-null geometries, multipoints, polar geographic layer':
        'test_laplace_perturbation.py::test_bad_layers_are_refused_with_a_clear_message',
    'laplaceperturbation: EPSILON/DISTANCE 0, negative, NaN, inf; geographic METRIC_CRS':
        'test_laplace_perturbation.py::test_bad_parameters_are_refused_with_a_clear_message',
    'laplaceperturbation: some NULL and empty geometries':
        'test_laplace_perturbation.py::test_null_and_empty_geometries_are_skipped_and_counted',
    'laplaceperturbation: .shp output with a .qmd record sidecar':
        'test_laplace_perturbation.py::test_shapefile_output_gets_a_metadata_sidecar',
    'laplaceperturbation: cancelled run leaves no output':
        'test_laplace_perturbation.py::test_cancelled_run_leaves_no_output',
    'noisyzonecounts: invalid zone polygons':
        'test_noisy_zone_counts.py::test_invalid_zone_polygons_are_repaired_and_logged',
    'noisyzonecounts: overlapping zones':
        'test_noisy_zone_counts.py::test_overlapping_zones_are_refused_unless_allowed',
    'noisyzonecounts: points and zones in different CRSs':
        'test_noisy_zone_counts.py::test_points_in_another_crs_are_reprojected_and_logged',
    'noisyzonecounts: NULL user ids':
        'test_noisy_zone_counts.py::test_user_bound_leaves_no_user_above_m_and_drops_null_users',
    'noisyzonecounts: bad MAX_CONTRIBUTIONS, TOP_K, DELTA, THRESHOLD, EPSILON 0, zone parameters':
        'test_noisy_zone_counts.py::test_bad_settings_are_refused_with_a_clear_message',
    'noisyzonecounts: cancelled run': 'test_noisy_zone_counts.py::test_cancelled_run_leaves_no_output',
    'noisyodflows: CSV of coordinates in another CRS':
        'test_noisy_od_flows.py::test_coordinate_table_in_lonlat_is_reprojected_to_the_zones',
    'noisyodflows: table without coordinate fields (CSV without geometry)':
        'test_noisy_od_flows.py::test_table_without_coordinate_fields_or_crs_is_refused',
    'noisyodflows: NULL and non-numeric coordinates':
        'test_noisy_od_flows.py::test_null_and_non_numeric_coordinates_are_counted',
    'noisyodflows: NULL user ids': 'test_noisy_od_flows.py::test_user_level_bound_and_null_users_are_logged',
    'noisyodflows: no usable trip (empty, all-null)': 'test_noisy_od_flows.py::test_no_usable_trip_is_refused',
    'noisyodflows: too many zones for dense noise':
        'test_noisy_od_flows.py::test_too_many_noise_flows_are_refused_with_the_min_flow_that_fits',
    'noisyodflows: .xlsx matrix output': 'test_noisy_od_flows.py::test_qgis_process_with_lines',
    'noisyodflows: second output fails, neither written':
        'test_noisy_od_flows.py::test_failed_second_output_leaves_neither_output',
    'escapeanalysis: bad SCALES, REALIZATIONS, TARGET_ESCAPE, DISTANCE, layer types, no point in a zone':
        'test_escape_analysis.py::test_bad_input_is_refused_with_a_clear_message_and_no_output',
    'escapeanalysis: overlapping zones': 'test_escape_analysis.py::test_overlapping_zones_are_reported',
    'escapeanalysis: zones in a geographic CRS':
        'test_escape_analysis.py::test_zones_in_a_geographic_crs_use_metric_areas',
    'randomizedresponse: CSV without geometry':
        'test_randomized_response.py::test_table_without_geometry_k_ary_with_public_categories',
    'randomizedresponse: NULL values':
        'test_randomized_response.py::test_null_and_undeclared_values_are_reported_by_the_public_rule',
    'randomizedresponse: bad P_TRUTH/EPSILON/CATEGORIES/STRATA_FIELD':
        'test_randomized_response.py::test_bad_parameters_are_refused_clearly',
    'triprelocation: unknown and NULL zones':
        'test_trip_relocation.py::test_unknown_and_null_zones_are_reported_by_the_public_rule',
    'triprelocation: bad EPSILON, FLOOR, histogram': 'test_trip_relocation.py::test_bad_parameters_are_refused_clearly',
    'h3grid: polar, too large, bad RESOLUTION': 'test_h3grid.py::test_bad_extents_and_resolutions_are_refused_clearly',
    'ledger: corrupt ledger': 'test_privacy_report.py::test_a_corrupt_ledger_is_refused_and_kept',
    'ledger: BUDGET without LEDGER, bad PARTITION':
        'test_privacy_report.py::test_budget_without_ledger_and_bad_partition_are_refused',
    'privacyreport: neither LAYERS nor LEDGER': 'test_privacy_report.py::test_report_needs_layers_or_a_ledger',
    'outputs (issue 21): overwritten .shp kept its old .qix; .shp field names cut without a word':
        'test_destinations.py::test_overwriting_a_shapefile_removes_its_old_spatial_index_and_reports_cut_names',
    'outputs (issue 21): tripends failing on its second output left the first':
        'test_destinations.py::test_tripends_writes_both_outputs_or_neither',
    'outputs (issue 21): trajectories to .csv written without their lines':
        'test_destinations.py::test_trajectories_to_csv_keep_their_lines_as_wkt',
    'outputs (issue 21): ogr: layer of an existing GeoPackage, memory:, PostGIS refused':
        'test_destinations.py::test_a_layer_added_to_an_existing_geopackage_keeps_the_other_layers, '
        'test_destinations.py::test_a_memory_output_is_a_temporary_layer_with_its_record, '
        'test_postgres.py::test_a_release_into_postgis_is_opened_by_qgis_with_its_record',
    'outputs (issue 21): a failed PostGIS release left a table':
        'test_postgres.py::test_a_failed_release_into_postgis_leaves_no_table',
}


def test_cases_covered_elsewhere_exist():
    for case, where in COVERED_ELSEWHERE.items():
        for reference in where.split(", "):
            file, name = reference.split("::")
            text = (ROOT / "tests" / "qgis" / file).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(name)}\(", text, re.M), f"{case}: {reference} is gone"


# --- harness -------------------------------------------------------------------------


class Log(QgsProcessingFeedback):
    """Everything the algorithm said, to check that no traceback reached the user."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def reportError(self, error, fatalError=False):  # noqa: N803 (QGIS API)
        self.lines.append(error)

    def pushInfo(self, info):
        self.lines.append(info)

    def pushWarning(self, warning):
        self.lines.append(warning)

    def pushConsoleInfo(self, info):
        self.lines.append(info)

    def pushDebugInfo(self, info):
        self.lines.append(info)

    @property
    def text(self):
        return "\n".join(self.lines)


def digest(directory):
    """SHA-256 of every file under ``directory`` (hidden ones too)."""
    return {str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(Path(directory).rglob("*")) if p.is_file()}


def everything_in(directory):
    return sorted(str(p.relative_to(directory)) for p in Path(directory).rglob("*"))


@pytest.fixture
def dirs(tmp_path):
    """(inputs, outputs) folders; the outputs folder exists and starts empty."""
    inputs, outputs = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    outputs.mkdir()
    return inputs, outputs


def project_context():
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    return context


def refused(algorithm, parameters, match, dirs):
    """Run, expect a QgsProcessingException matching ``match``; inputs unchanged, no output at all."""
    inputs, outputs = dirs
    before, listing = digest(inputs), everything_in(inputs)
    log = Log()
    with pytest.raises(QgsProcessingException) as info:
        processing.run(algorithm, parameters, context=project_context(), feedback=log)
    message = str(info.value)
    assert re.search(match, message), f"message {message!r} does not match {match!r}"
    assert "Traceback" not in message + log.text, log.text
    assert digest(inputs) == before and everything_in(inputs) == listing
    assert everything_in(outputs) == []
    return message


def succeeds(algorithm, parameters, dirs):
    """Run, expect success; inputs unchanged, no traceback in the log. Returns (results, log text)."""
    inputs, _ = dirs
    before = digest(inputs)
    log = Log()
    result = processing.run(algorithm, parameters, context=project_context(), feedback=log)
    assert "Traceback" not in log.text, log.text
    assert digest(inputs) == before
    assert not list(Path(dirs[1]).rglob(".dp_geoprivacy-*")), "working folder left behind"
    return result, log.text


# --- layers --------------------------------------------------------------------------


def write_layer(path, epsg, geometry_type, rows, fields=None, layer="data", driver="GPKG"):
    """A layer from rows of (WKT or None, {field: value}); ``fields`` maps names to OGR types."""
    fields = fields or {}
    dataset = ogr.GetDriverByName(driver).CreateDataSource(str(path))
    srs = None
    if epsg:
        srs = osr.SpatialReference()
        srs.ImportFromEPSG(epsg)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    out = dataset.CreateLayer(layer, srs, geometry_type)
    for name, kind in fields.items():
        out.CreateField(ogr.FieldDefn(name, kind))
    for wkt, values in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        for name, value in values.items():
            if value is None:
                feature.SetFieldNull(name)
            else:
                feature[name] = value
        if wkt is not None:
            feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        out.CreateFeature(feature)
    dataset = None
    return str(path)


def grid_points(n, seed=1):
    """n points spread over the 3 x 3 grid of 1 km zones at (X0, Y0)."""
    rng = np.random.default_rng(seed)
    return np.column_stack((rng.uniform(X0 + 1, X0 + 3 * CELL - 1, n), rng.uniform(Y0 + 1, Y0 + 3 * CELL - 1, n)))


def point_rows(xy, **columns):
    return [(f"POINT ({x} {y})", {name: values[i] for name, values in columns.items()}) for i, (x, y) in enumerate(xy)]


def points_layer(path, xy, epsg=32633, **columns):
    kinds = {name: ogr.OFTString if isinstance(values[0], str) else ogr.OFTInteger for name, values in columns.items()}
    return write_layer(path, epsg, ogr.wkbPoint, point_rows(xy, **columns), kinds)


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


def trips_layer(path, ends, epsg=32633, geometry_type=ogr.wkbLineString, **columns):
    rows = [(f"LINESTRING ({a[0]} {a[1]}, {b[0]} {b[1]})", {k: v[i] for k, v in columns.items()})
            for i, (a, b) in enumerate(ends)]
    kinds = {name: ogr.OFTString if isinstance(values[0], str) else ogr.OFTInteger for name, values in columns.items()}
    return write_layer(path, epsg, geometry_type, rows, kinds)


def csv_file(path, header, rows):
    Path(path).write_text("\n".join([",".join(header)] + [",".join(map(str, row)) for row in rows]) + "\n",
                          encoding="utf-8")
    return str(path)


def chattr_immutable(path, on=True):
    """Make ``path`` read-only: chmod for a normal user, chattr +i for root (whom permissions do not stop);
    skip the test where neither is possible."""
    if os.geteuid() != 0:
        os.chmod(path, 0o555 if on and Path(path).is_dir() else 0o444 if on else 0o755)
        return
    result = subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True, text=True)
    if on and result.returncode != 0:
        pytest.skip(f"cannot make {path} read-only here: {result.stderr.strip()}")


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


# --- laplaceperturbation ---------------------------------------------------------------


def perturb(inputs_or_path, out, **extra):
    return dict({"INPUT": inputs_or_path, "EPSILON": 1, "DISTANCE": 100, "OUTPUT": str(out)}, **extra)


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


# --- noisyzonecounts -------------------------------------------------------------------


def counts(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "SEED": 1,
                 "OUTPUT": str(out)}, **extra)


def by_zone(path, field="noisy_count"):
    if str(path).endswith(".shp"):
        field = field[:10]  # shapefile field names hold 10 characters
    return dict(zip(read_field(path, "zone_id"), map(float, read_field(path, field))))


def true_counts(xy):
    col = ((xy[:, 0] - X0) // CELL).astype(int)
    row = ((xy[:, 1] - Y0) // CELL).astype(int)
    keys = [f"Z{r}_{c}" for r, c in zip(row, col)]
    return {f"Z{r}_{c}": float(keys.count(f"Z{r}_{c}")) for r in range(3) for c in range(3)}


def test_counts_empty_layer_is_refused(base, dirs):
    inputs, outputs = dirs
    empty = points_layer(inputs / "empty.gpkg", np.empty((0, 2)), pid=[0])
    refused(COUNTS, counts(empty, base["zones"], outputs / "out.gpkg"), r"INPUT has no features with a point", dirs)


def test_counts_all_null_geometries_are_refused(base, dirs):
    inputs, outputs = dirs
    rows = [(None, {"pid": i}) for i in range(5)]
    path = write_layer(inputs / "nulls.gpkg", 32633, ogr.wkbPoint, rows, {"pid": ogr.OFTInteger})
    refused(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), r"INPUT has no features .*5 null", dirs)


def test_counts_multipoints_are_refused_or_counted_per_point(base, dirs):
    inputs, outputs = dirs
    xy = grid_points(10)
    rows = [(f"MULTIPOINT (({x} {y}))", {"pid": i}) for i, (x, y) in enumerate(xy)]
    path = write_layer(inputs / "multi.gpkg", 32633, ogr.wkbMultiPoint, rows, {"pid": ogr.OFTInteger})
    try:
        result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "single" in str(error).lower()
        assert everything_in(outputs) == []
    else:
        assert by_zone(result["OUTPUT"]) == true_counts(xy)


def test_counts_z_and_m_points(base, dirs):
    inputs, outputs = dirs
    xy = grid_points(40, seed=3)
    rows = [(f"POINT ZM ({x} {y} 3 4)", {"pid": i}) for i, (x, y) in enumerate(xy)]
    path = write_layer(inputs / "zm.gpkg", 32633, ogr.wkbPointZM, rows, {"pid": ogr.OFTInteger})
    result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    assert by_zone(result["OUTPUT"]) == true_counts(xy)


def test_counts_zones_with_holes_and_multipolygons(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    ring = f"({x} {y}, {x + 300} {y}, {x + 300} {y + 300}, {x} {y + 300}, {x} {y})"
    hole = f"({x + 100} {y + 100}, {x + 200} {y + 100}, {x + 200} {y + 200}, {x + 100} {y + 200}, {x + 100} {y + 100})"
    far = f"(({x + 1000} {y}, {x + 1100} {y}, {x + 1100} {y + 100}, {x + 1000} {y + 100}, {x + 1000} {y}))"
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbMultiPolygon, [
        (f"MULTIPOLYGON (({ring}, {hole}), {far})", {"zone_id": "holed+far"}),
        (f"MULTIPOLYGON (({hole}))", {"zone_id": "hole"}),
    ], {"zone_id": ogr.OFTString})
    xy = [[x + 50, y + 50], [x + 150, y + 150], [x + 150, y + 160], [x + 1050, y + 50], [x + 5000, y]]
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(5)))
    result, _ = succeeds(COUNTS, dict(counts(path, zones, outputs / "out.gpkg")), dirs)
    assert by_zone(result["OUTPUT"]) == {"holed+far": 2.0, "hole": 2.0}
    assert round(result["OUTSIDE_COUNT"]) == 1


def test_counts_one_feature(base, dirs):
    inputs, outputs = dirs
    path = points_layer(inputs / "one.gpkg", [[X0 + 10, Y0 + 10]], pid=[0])
    result, _ = succeeds(COUNTS, counts(path, base["zones"], outputs / "out.gpkg"), dirs)
    assert sum(by_zone(result["OUTPUT"]).values()) == 1.0


def test_counts_csv_without_geometry_as_input_or_zones_is_refused(base, dirs):
    inputs, outputs = dirs
    table = csv_file(inputs / "table.csv", ["zone_id", "x"], [["Z0_0", 1], ["Z0_1", 2]])
    refused(COUNTS, counts(table, base["zones"], outputs / "out.gpkg"), r"INPUT", dirs)
    refused(COUNTS, counts(base["points"], table, outputs / "out.gpkg"), r"ZONES", dirs)


@pytest.mark.parametrize("parameters, match", [
    ({"EPSILON": float("nan")}, "EPSILON must be a finite number greater than 0"),
    ({"EPSILON": float("inf")}, "EPSILON must be a finite number greater than 0"),
    ({"EPSILON": -1}, "EPSILON must be a finite number greater than 0"),
    ({"DELTA": float("nan")}, r"DELTA"),
    ({"MAX_CONTRIBUTIONS": 1e308, "USER_FIELD": "user"}, r"MAX_CONTRIBUTIONS"),
    ({"MAX_CONTRIBUTIONS": float("nan"), "USER_FIELD": "user"}, r"MAX_CONTRIBUTIONS"),
    ({"TOP_K": 1e308}, r"TOP_K"),
    ({"TOP_K": float("nan")}, r"TOP_K"),
    ({"BUDGET": float("nan"), "LEDGER": "LEDGER"}, r"BUDGET"),
    ({"BUDGET": -1, "LEDGER": "LEDGER"}, r"BUDGET"),
    ({"BUDGET_RHO": float("nan"), "LEDGER": "LEDGER"}, r"BUDGET_RHO"),
    ({"BUDGET_RHO": -1, "LEDGER": "LEDGER"}, r"BUDGET_RHO"),
    ({"BUDGET_RHO": 0.5}, r"BUDGET needs a LEDGER"),
    ({"BUDGET_RHO": 0.5, "BUDGET": 1, "LEDGER": "LEDGER"}, r"not both"),
    ({"BUDGET_DELTA": 1e-6, "LEDGER": "LEDGER"}, r"BUDGET_DELTA is the delta allowed with BUDGET"),
    ({"BUDGET_DELTA": 2, "BUDGET": 1, "LEDGER": "LEDGER"}, r"BUDGET_DELTA"),
], ids=lambda value: str(value))
def test_counts_bad_numbers_are_refused(base, dirs, tmp_path, parameters, match):
    parameters = dict(parameters)
    if parameters.get("LEDGER"):
        parameters["LEDGER"] = str(tmp_path / "ledger.json")
    parameters = dict(counts(base["points"], base["zones"], dirs[1] / "out.gpkg", EPSILON=1), **parameters)
    refused(COUNTS, parameters, match, dirs)
    assert not (tmp_path / "ledger.json").exists()


def test_counts_unicode_and_spaces_in_field_names(dirs):
    inputs, outputs = dirs
    zones = write_layer(inputs / "Zonen ü.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({X0} {Y0}, {X0 + 100} {Y0}, {X0 + 100} {Y0 + 100}, {X0} {Y0 + 100}, {X0} {Y0}))",
         {"Zonen Nr ü": "Süd"}),
        (f"POLYGON (({X0 + 100} {Y0}, {X0 + 200} {Y0}, {X0 + 200} {Y0 + 100}, {X0 + 100} {Y0 + 100}, {X0 + 100} {Y0}))",
         {"Zonen Nr ü": "Nord Ost"}),
    ], {"Zonen Nr ü": ogr.OFTString})
    xy = [[X0 + 10, Y0 + 10], [X0 + 20, Y0 + 20], [X0 + 150, Y0 + 50]]
    points = write_layer(inputs / "Punkte mit Leerzeichen.gpkg", 32633, ogr.wkbPoint,
                         point_rows(xy, **{"Nutzer ID ß": ["Jörg", "Jörg", "Zoë"]}), {"Nutzer ID ß": ogr.OFTString})
    result, _ = succeeds(COUNTS, counts(points, zones, outputs / "Zählung ü.gpkg", ZONE_ID_FIELD="Zonen Nr ü",
                                        USER_FIELD="Nutzer ID ß", MAX_CONTRIBUTIONS=2), dirs)
    assert by_zone(result["OUTPUT"]) == {"Süd": 2.0, "Nord Ost": 1.0}


def test_counts_text_user_ids(base, dirs):
    result, _ = succeeds(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", USER_FIELD="user",
                                        MAX_CONTRIBUTIONS=5), dirs)
    assert sum(by_zone(result["OUTPUT"]).values()) == 60  # 12 users with 5 points each: nothing cut


@pytest.mark.parametrize("value, ok", [
    ("2024-05-01T08:30:00Z", True), ("2024-05-01 08:30", True), ("08:30", True), ("2024-05-01T08:30:00+02:00", True),
    ("2024-05-01T08:30:00.123", True), ("5/1/2024 8:30 PM", False), ("yesterday", False), ("25:00", False),
    ("2024-13-40T08:30", False),
])
def test_counts_odd_time_formats(dirs, base, value, ok):
    inputs, outputs = dirs
    xy = grid_points(12, seed=4)
    path = points_layer(inputs / "timed.gpkg", xy, pid=list(range(12)), seen=[value] * 12)
    parameters = counts(path, base["zones"], outputs / "out.gpkg", TIME_FIELD="seen", TIME_SLOT=0)
    if ok:
        result, _ = succeeds(COUNTS, parameters, dirs)
        slots = set(read_field(result["OUTPUT"], "time_slot"))
        assert len(slots) == 24 and sum(read_field(result["OUTPUT"], "noisy_count")) == 12
    else:
        message = refused(COUNTS, parameters, r"TIME_FIELD 'seen' cannot give", dirs)
        assert "Choose a date-time field" in message


@pytest.mark.parametrize("kind, value, slot, ok", [
    (ogr.OFTDate, "2024/05/01", 2, True),  # a date gives the weekday
    (ogr.OFTDate, "2024/05/01", 0, False),  # but no hour
    (ogr.OFTTime, "08:30:00", 0, True),  # a time gives the hour
    (ogr.OFTTime, "08:30:00", 2, False),  # but no weekday
    (ogr.OFTDateTime, "2024/05/01 08:30:00+02", 1, True),
], ids=["date weekday", "date hour", "time hour", "time weekday", "datetime with offset"])
def test_counts_typed_time_fields(dirs, base, kind, value, slot, ok):
    inputs, outputs = dirs
    xy = grid_points(7, seed=6)
    path = write_layer(inputs / "typed.gpkg", 32633, ogr.wkbPoint, point_rows(xy, seen=[value] * 7), {"seen": kind})
    parameters = counts(path, base["zones"], outputs / "out.gpkg", TIME_FIELD="seen", TIME_SLOT=slot)
    if ok:
        result, _ = succeeds(COUNTS, parameters, dirs)
        assert sum(read_field(result["OUTPUT"], "noisy_count")) == 7
    else:
        refused(COUNTS, parameters, r"TIME_FIELD 'seen' cannot give .* carry no", dirs)


def test_counts_integer_time_field_is_refused(dirs, base):
    inputs, _ = dirs
    path = points_layer(inputs / "epoch.gpkg", grid_points(5), pid=list(range(5)), seen=[1714552200] * 5)
    refused(COUNTS, counts(path, base["zones"], dirs[1] / "out.gpkg", TIME_FIELD="seen"), r"TIME_FIELD 'seen'", dirs)


@pytest.mark.parametrize("suffix", [".shp", ".csv", ".geojson", ".fgb", ".xlsx"])
def test_counts_write_every_common_format(base, dirs, suffix):
    target = dirs[1] / f"counts{suffix}"
    result, _ = succeeds(COUNTS, counts(base["points"], base["zones"], target), dirs)
    assert by_zone(target) == true_counts(base["xy"])
    assert read_from_file(str(target))[0].epsilon == EXACT


def test_counts_50000_zones(dirs):
    inputs, outputs = dirs
    zones = write_grid_zones(inputs / "many.gpkg", 32633, (X0, Y0), 10.0, 224)  # 50,176 zones
    xy = np.random.default_rng(5).uniform((X0, Y0), (X0 + 2240, Y0 + 2240), (5000, 2))
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(5000)))
    result, _ = succeeds(COUNTS, counts(path, zones, outputs / "out.gpkg"), dirs)
    assert result["ROWS_WRITTEN"] == 224 * 224
    assert sum(read_field(result["OUTPUT"], "noisy_count")) == 5000


# --- noisyodflows ----------------------------------------------------------------------


def centre(row, col):
    return (X0 + (col + 0.5) * CELL, Y0 + (row + 0.5) * CELL)


TRIP_ENDS = [(centre(0, 0), centre(2, 2))] * 3 + [(centre(1, 1), centre(0, 1))] * 2 + [(centre(2, 0), centre(2, 0))]


def flows(trips, zones, out, **extra):
    return dict({"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "SEED": 1,
                 "THRESHOLD": 0, "DELTA": 0,  # every pair noised (the default publishes only pairs with trips)
                 "OUTPUT_FLOWS": str(out / "flows.gpkg"), "OUTPUT_MATRIX": str(out / "matrix.csv")}, **extra)


def flow_total(path):
    return sum(map(float, read_field(path, "noisy_count")))


def test_flows_z_and_m_lines(base, dirs):
    inputs, outputs = dirs
    rows = [(f"LINESTRING ZM ({a[0]} {a[1]} 1 2, {b[0]} {b[1]} 3 4)", {"trip": i})
            for i, (a, b) in enumerate(TRIP_ENDS)]
    path = write_layer(inputs / "zm.gpkg", 32633, ogr.wkbLineStringZM, rows, {"trip": ogr.OFTInteger})
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert result["FLOWS_PUBLISHED"] == 3 and flow_total(result["OUTPUT_FLOWS"]) == 6


def test_flows_multilinestrings_are_counted_or_refused(base, dirs):
    inputs, outputs = dirs
    rows = [(f"MULTILINESTRING (({a[0]} {a[1]}, {b[0]} {b[1]}))", {"trip": i}) for i, (a, b) in enumerate(TRIP_ENDS)]
    path = write_layer(inputs / "multi.gpkg", 32633, ogr.wkbMultiLineString, rows, {"trip": ogr.OFTInteger})
    try:
        result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert flow_total(result["OUTPUT_FLOWS"]) == 6


def bowtie_and_overlap_zones(path):
    """Zone 'bow' is a self-intersecting bow tie; 'b' overlaps 'a' by half."""
    x, y = X0, Y0
    return write_layer(path, 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y}, {x + 1000} {y + 1000}, {x} {y + 1000}, {x} {y}))", {"zone_id": "a"}),
        (f"POLYGON (({x + 500} {y}, {x + 1500} {y}, {x + 1500} {y + 1000}, {x + 500} {y + 1000}, {x + 500} {y}))",
         {"zone_id": "b"}),
        (f"POLYGON (({x} {y + 2000}, {x + 1000} {y + 3000}, {x + 1000} {y + 2000}, {x} {y + 3000}, {x} {y + 2000}))",
         {"zone_id": "bow"}),
    ], {"zone_id": ogr.OFTString})


def test_flows_overlapping_zones_are_refused_without_naming_a_missing_option(dirs):
    inputs, outputs = dirs
    zones = bowtie_and_overlap_zones(inputs / "zones.gpkg")
    ends = [((X0 + 100, Y0 + 500), (X0 + 100, Y0 + 2500))] * 2 + [((X0 + 700, Y0 + 500), (X0 + 1400, Y0 + 500))]
    path = trips_layer(inputs / "trips.gpkg", ends, trip=[0, 1, 2])
    message = refused(FLOWS, flows(path, zones, outputs), r"ZONES has 1 pairs of overlapping zones .*'a' and 'b'",
                      dirs)
    assert "ALLOW_OVERLAP" not in message  # noisyodflows has no such option


def test_flows_invalid_zones_are_repaired(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y + 1000}, {x + 1000} {y}, {x} {y + 1000}, {x} {y}))", {"zone_id": "bow"}),
        (f"POLYGON (({x + 2000} {y}, {x + 3000} {y}, {x + 3000} {y + 1000}, {x + 2000} {y + 1000}, {x + 2000} {y}))",
         {"zone_id": "sq"}),
    ], {"zone_id": ogr.OFTString})
    path = trips_layer(inputs / "trips.gpkg", [((x + 100, y + 500), (x + 2500, y + 500))] * 2, trip=[0, 1])
    result, log = succeeds(FLOWS, flows(path, zones, outputs), dirs)
    assert list(zip(read_field(result["OUTPUT_FLOWS"], "origin_id"), read_field(result["OUTPUT_FLOWS"], "dest_id"),
                    read_field(result["OUTPUT_FLOWS"], "noisy_count"))) == [("bow", "sq", 2.0)]


def test_escape_invalid_zones_are_repaired(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbPolygon, [
        (f"POLYGON (({x} {y}, {x + 1000} {y + 1000}, {x + 1000} {y}, {x} {y + 1000}, {x} {y}))", {"zone_id": "bow"}),
    ], {"zone_id": ogr.OFTString})
    path = points_layer(inputs / "points.gpkg", [[x + 100, y + 500], [x + 900, y + 500]], pid=[0, 1])
    result, log = succeeds(ESCAPE, escape(path, zones, outputs, SCALES="0.001"), dirs)
    assert result["POINTS_IN_ZONES"] == 2 and escape_shares(result["OUTPUT_TABLE"]) == [0.0]


def test_flows_one_trip(base, dirs):
    inputs, outputs = dirs
    path = trips_layer(inputs / "one.gpkg", TRIP_ENDS[:1], trip=[1])
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 1


def test_flows_point_layer_without_coordinate_fields_is_refused(base, dirs):
    refused(FLOWS, flows(base["points"], base["zones"], dirs[1]), r"INPUT", dirs)


@pytest.mark.parametrize("parameters, match", [
    ({"MIN_FLOW": float("nan")}, "MIN_FLOW must be a number of at least 0"),
    ({"MIN_FLOW": float("inf")}, "MIN_FLOW must be a number of at least 0"),
    ({"MIN_FLOW": -1}, "MIN_FLOW must be a number of at least 0"),
    ({"MAX_TRIPS": 1e308, "USER_FIELD": "trip"}, "MAX_TRIPS"),
    ({"MAX_TRIPS": float("nan"), "USER_FIELD": "trip"}, "MAX_TRIPS"),
    ({"EPSILON": float("nan")}, "EPSILON must be a finite number greater than 0"),
    ({"DELTA": float("inf")}, "DELTA"),
], ids=lambda value: str(value))
def test_flows_bad_numbers_are_refused(base, dirs, parameters, match):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    refused(FLOWS, dict(flows(path, base["zones"], dirs[1], EPSILON=1), **parameters), match, dirs)


def test_flows_text_and_null_user_ids(base, dirs):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, user=["Ann", "Ann", "Ann", "Bo", None, "Zoë"])
    result, log = succeeds(FLOWS, flows(path, base["zones"], dirs[1], USER_FIELD="user", MAX_TRIPS=2), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 4  # Ann keeps 2 of 3, Bo 1, Zoë 1; the NULL user is dropped
    assert "NULL" in log


def test_flows_existing_outputs_are_replaced(base, dirs):
    inputs, outputs = dirs
    path = trips_layer(inputs / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    points_layer(outputs / "flows.gpkg", [[0.0, 0.0]], old=[1])
    (outputs / "matrix.csv").write_text("old,stuff\n1,2\n")
    result, _ = succeeds(FLOWS, flows(path, base["zones"], outputs), dirs)
    assert flow_total(result["OUTPUT_FLOWS"]) == 6 and flow_total(result["OUTPUT_MATRIX"]) == 6
    assert "old" not in (outputs / "matrix.csv").read_text()


def test_flows_huge_min_flow_publishes_nothing(base, dirs):
    path = trips_layer(dirs[0] / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    result, _ = succeeds(FLOWS, flows(path, base["zones"], dirs[1], EPSILON=1, MIN_FLOW=1e308), dirs)
    assert result["FLOWS_PUBLISHED"] == 0 and feature_count(result["OUTPUT_FLOWS"]) == 0


@pytest.mark.parametrize("flows_suffix, matrix_suffix", [(".shp", ".xlsx"), (".geojson", ".csv"), (".fgb", ".gpkg")])
def test_flows_write_common_formats(base, dirs, flows_suffix, matrix_suffix):
    inputs, outputs = dirs
    path = trips_layer(inputs / "trips.gpkg", TRIP_ENDS, trip=list(range(len(TRIP_ENDS))))
    parameters = flows(path, base["zones"], outputs, OUTPUT_FLOWS=str(outputs / f"flows{flows_suffix}"),
                       OUTPUT_MATRIX=str(outputs / f"matrix{matrix_suffix}"))
    result, _ = succeeds(FLOWS, parameters, dirs)
    field = "noisy_coun" if flows_suffix == ".shp" else "noisy_count"
    assert sum(map(float, read_field(result["OUTPUT_FLOWS"], field))) == 6
    assert flow_total(result["OUTPUT_MATRIX"]) == 6
    assert read_from_file(result["OUTPUT_FLOWS"])[0].release_id == read_from_file(result["OUTPUT_MATRIX"])[0].release_id


def test_flows_50000_zones_sparse_path(dirs):
    inputs, outputs = dirs
    zones = write_grid_zones(inputs / "many.gpkg", 32633, (X0, Y0), 10.0, 224)  # 50,176 zones
    ends = [((X0 + 5 + 10 * i, Y0 + 5), (X0 + 5, Y0 + 5 + 10 * i)) for i in range(200)]
    path = trips_layer(inputs / "trips.gpkg", ends, trip=list(range(200)))
    result, _ = succeeds(FLOWS, flows(path, zones, outputs, EPSILON=1, MIN_FLOW=40), dirs)
    assert result["FLOWS_PUBLISHED"] == feature_count(result["OUTPUT_FLOWS"]) < 10


# --- escapeanalysis --------------------------------------------------------------------


def escape(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "SCALES": "10,100", "REALIZATIONS": 2,
                 "SEED": 1, "OUTPUT_TABLE": str(out / "table.gpkg"), "OUTPUT_ZONES": str(out / "zones.gpkg")}, **extra)


def escape_shares(table):
    dataset = ogr.Open(str(table))
    layer = dataset.GetLayer(0)
    return [feature["esc_share"] for feature in layer]


def test_escape_empty_layer_is_refused(base, dirs):
    empty = points_layer(dirs[0] / "empty.gpkg", np.empty((0, 2)), pid=[0])
    refused(ESCAPE, escape(empty, base["zones"], dirs[1]), r"INPUT", dirs)


def test_escape_one_point(base, dirs):
    one = points_layer(dirs[0] / "one.gpkg", [centre(1, 1)], pid=[0])
    result, _ = succeeds(ESCAPE, escape(one, base["zones"], dirs[1]), dirs)
    assert result["POINTS_IN_ZONES"] == 1
    assert all(0 <= share <= 1 for share in escape_shares(result["OUTPUT_TABLE"]))


def test_escape_zones_with_holes_and_multipolygons(dirs):
    inputs, outputs = dirs
    x, y = X0, Y0
    zones = write_layer(inputs / "zones.gpkg", 32633, ogr.wkbMultiPolygon, [
        (f"MULTIPOLYGON ((({x} {y}, {x + 900} {y}, {x + 900} {y + 900}, {x} {y + 900}, {x} {y}), "
         f"({x + 300} {y + 300}, {x + 600} {y + 300}, {x + 600} {y + 600}, {x + 300} {y + 600}, {x + 300} {y + 300})), "
         f"(({x + 2000} {y}, {x + 2300} {y}, {x + 2300} {y + 300}, {x + 2000} {y + 300}, {x + 2000} {y})))",
         {"zone_id": "ring+island"}),
        (f"POLYGON (({x + 300} {y + 300}, {x + 600} {y + 300}, {x + 600} {y + 600}, {x + 300} {y + 600}, "
         f"{x + 300} {y + 300}))", {"zone_id": "core"}),
    ], {"zone_id": ogr.OFTString})
    xy = [[x + 100, y + 100], [x + 450, y + 450], [x + 2150, y + 150], [x + 800, y + 800]]
    path = points_layer(inputs / "points.gpkg", xy, pid=list(range(4)))
    result, _ = succeeds(ESCAPE, escape(path, zones, outputs, SCALES="0.001"), dirs)
    assert result["POINTS_IN_ZONES"] == 4 and escape_shares(result["OUTPUT_TABLE"]) == [0.0]


@pytest.mark.parametrize("parameters, match", [
    ({"SCALES": "10,nan"}, "SCALES must hold numbers greater than 0"),
    ({"REALIZATIONS": 1e308}, "REALIZATIONS"),
    ({"REALIZATIONS": float("nan")}, "REALIZATIONS"),
    ({"TARGET_ESCAPE": float("nan")}, "TARGET_ESCAPE"),
    ({"DISTANCE": float("nan")}, "DISTANCE must be a finite number greater than 0"),
], ids=lambda value: str(value))
def test_escape_bad_numbers_are_refused(base, dirs, parameters, match):
    refused(ESCAPE, escape(base["points"], base["zones"], dirs[1], **parameters), match, dirs)


def test_escape_huge_scale_is_refused(base, dirs):
    refused(ESCAPE, escape(base["points"], base["zones"], dirs[1], SCALES="10,1e308"),
            "SCALES must hold numbers greater than 0 and at most 10,000,000", dirs)


def test_escape_outputs_to_spreadsheet_and_flatgeobuf(base, dirs):
    outputs = dirs[1]
    parameters = escape(base["points"], base["zones"], outputs, OUTPUT_TABLE=str(outputs / "table.xlsx"),
                        OUTPUT_ZONES=str(outputs / "zones.fgb"), OUTPUT_CHART=str(outputs / "chart.png"))
    result, _ = succeeds(ESCAPE, parameters, dirs)
    assert feature_count(outputs / "table.xlsx") == 2 and feature_count(outputs / "zones.fgb") == 9 * 2
    assert (outputs / "chart.png").stat().st_size > 0


# --- randomizedresponse ----------------------------------------------------------------


def response(inputs, out, **extra):
    return dict({"INPUT": inputs, "FIELD": "vehicle", "CATEGORIES": "car,bike,bus", "P_TRUTH": 0.5, "SEED": 1,
                 "OUTPUT": str(out / "out.gpkg")}, **extra)


@pytest.mark.parametrize("parameters, match", [
    ({"P_TRUTH": float("nan")}, "P_TRUTH"), ({"P_TRUTH": -1}, "P_TRUTH"), ({"P_TRUTH": 1e308}, "P_TRUTH"),
    ({"P_TRUTH": float("inf")}, "P_TRUTH"),
    ({"P_TRUTH": None, "EPSILON": float("nan")}, "EPSILON"), ({"P_TRUTH": None, "EPSILON": -1}, "EPSILON"),
    ({"P_TRUTH": None, "EPSILON": float("inf")}, "EPSILON"),
], ids=lambda value: str(value))
def test_response_bad_numbers_are_refused(base, dirs, parameters, match):
    parameters = {k: v for k, v in response(base["points"], dirs[1], **parameters).items() if v is not None}
    refused(RESPONSE, parameters, match, dirs)


def test_response_outputs_to_csv_and_spreadsheet(base, dirs):
    outputs = dirs[1]
    result, _ = succeeds(RESPONSE, response(base["points"], outputs, OUTPUT=str(outputs / "answers.csv"),
                                            OUTPUT_ESTIMATES=str(outputs / "estimates.xlsx")), dirs)
    assert feature_count(outputs / "answers.csv") == 60 and feature_count(outputs / "estimates.xlsx") == 3


def test_response_empty_table(dirs):
    inputs, outputs = dirs
    path = write_layer(inputs / "empty.gpkg", None, ogr.wkbNone, [], {"vehicle": ogr.OFTString})
    try:
        result, _ = succeeds(RESPONSE, response(path, outputs), dirs)
    except QgsProcessingException as error:
        assert "FIELD 'vehicle' has only NULL values" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert result["ROWS_WRITTEN"] == 0


def test_response_one_row_with_unicode_names(dirs):
    inputs, outputs = dirs
    folder = inputs / "Umfrage ü"
    folder.mkdir()
    path = write_layer(folder / "Haushalte 2024.gpkg", None, ogr.wkbNone, [(None, {"Fahrzeug ä": "Fähre"})],
                       {"Fahrzeug ä": ogr.OFTString})
    result, _ = succeeds(RESPONSE, response(path, outputs, FIELD="Fahrzeug ä", CATEGORIES="Fähre,Rad"), dirs)
    assert read_field(result["OUTPUT"], "Fahrzeug ä")[0] in ("Fähre", "Rad")


# --- triprelocation --------------------------------------------------------------------


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


def relocate(trips, histogram, out, **extra):
    return dict({"INPUT": trips, "ORIGIN_FIELD": "o_zone", "DEST_FIELD": "d_zone", "ORIGIN_HISTOGRAM": histogram,
                 "SEED": 1, "OUTPUT": str(out / "out.gpkg")}, **extra)


@pytest.mark.parametrize("parameters, match", [
    ({"EPSILON": float("nan")}, "EPSILON"), ({"EPSILON": -1}, "EPSILON"), ({"EPSILON": 1e308}, "EPSILON"),
    ({"FLOOR": float("nan")}, "FLOOR"), ({"FLOOR": -1}, "FLOOR"), ({"FLOOR": 1e308}, "FLOOR"),
], ids=lambda value: str(value))
def test_relocation_bad_numbers_are_refused(relocation, dirs, parameters, match):
    refused(RELOCATE, relocate(relocation["trips"], relocation["histogram"], dirs[1], **parameters), match, dirs)


def test_relocation_one_trip(relocation, dirs):
    inputs, outputs = dirs
    one = write_layer(inputs / "one.gpkg", None, ogr.wkbNone, [(None, {"o_zone": "Z0_0", "d_zone": "Z1_1"})],
                      {"o_zone": ogr.OFTString, "d_zone": ogr.OFTString})
    result, _ = succeeds(RELOCATE, relocate(one, relocation["histogram"], outputs), dirs)
    assert result["TRIPS_WRITTEN"] == 1


def test_relocation_empty_trip_table(relocation, dirs):
    inputs, outputs = dirs
    empty = write_layer(inputs / "empty.gpkg", None, ogr.wkbNone, [],
                        {"o_zone": ogr.OFTString, "d_zone": ogr.OFTString})
    try:
        result, _ = succeeds(RELOCATE, relocate(empty, relocation["histogram"], outputs), dirs)
    except QgsProcessingException as error:
        assert "INPUT" in str(error) and "Traceback" not in str(error)
        assert everything_in(outputs) == []
    else:
        assert result["TRIPS_WRITTEN"] == 0


# --- h3grid and privacyreport ----------------------------------------------------------


@pytest.mark.parametrize("resolution", [float("nan"), -1, 1e308])
def test_h3grid_bad_resolution_is_refused(dirs, resolution):
    refused(H3GRID, {"INPUT": "0,1,0,1 [EPSG:4326]", "RESOLUTION": resolution, "OUTPUT": str(dirs[1] / "g.gpkg")},
            "RESOLUTION must be a whole number from 0 to 15", dirs)


@pytest.mark.parametrize("content, match", [
    (None, r"LEDGER .* does not exist"), ("", r"LEDGER: .* is empty"),
    ("{not json", r"LEDGER: .* is not a dp_geoprivacy ledger"),
], ids=["missing", "empty", "corrupt"])
def test_report_on_a_missing_empty_or_corrupt_ledger(dirs, content, match):
    inputs, outputs = dirs
    ledger = inputs / "ledger.json"
    if content is not None:
        ledger.write_text(content)
    parameters = {"LEDGER": str(ledger), "OUTPUT": str(outputs / "releases.csv"), "REPORT": str(outputs / "r.html")}
    refused(REPORT, parameters, match, dirs)


# --- the same through the real qgis_process ---------------------------------------------


def _qgis_process_refuses(*args, match):
    result = run_qgis_process("run", *args, check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert re.search(match, output), output
    assert "Traceback" not in output, output


def test_qgis_process_refuses_bad_numbers_and_paths_clearly(base, dirs):
    inputs, outputs = dirs
    before = digest(inputs)
    _qgis_process_refuses(PERTURB, "--", f"INPUT={base['points']}", "GRID=nan", f"OUTPUT={outputs / 'a.gpkg'}",
                          match="GRID must be a finite number")
    _qgis_process_refuses(PERTURB, "--", f"INPUT={base['points']}", f"OUTPUT={base['points']}",
                          match="OUTPUT is the file of INPUT")
    table = csv_file(inputs / "table.csv", ["zone_id"], [["Z0_0"]])
    before = digest(inputs)
    _qgis_process_refuses(COUNTS, "--", f"INPUT={base['points']}", f"ZONES={table}", f"OUTPUT={outputs / 'b.gpkg'}",
                          match="ZONES")
    _qgis_process_refuses(COUNTS, "--", f"INPUT={base['points']}", f"ZONES={base['zones']}", "USER_FIELD=user",
                          "MAX_CONTRIBUTIONS=1e308", f"OUTPUT={outputs / 'c.gpkg'}", match="MAX_CONTRIBUTIONS")
    assert digest(inputs) == before and everything_in(outputs) == []


def test_qgis_process_with_unicode_and_spaces_in_paths(base, dirs):
    inputs, outputs = dirs
    folder = outputs / "Ergebnis Ördner"
    result = run_qgis_process("run", PERTURB, "--json", "--", f"INPUT={base['points']}", "EPSILON=1",
                              "DISTANCE=100", f"OUTPUT={folder / 'gestörte Punkte.geojson'}")
    assert json.loads(result.stdout[result.stdout.index("{"):])["results"]["POINTS_WRITTEN"] == 60
    assert feature_count(folder / "gestörte Punkte.geojson") == 60


def _start_qgis_process(*args):
    return subprocess.Popen(qgis_process_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_processes_appending_to_one_ledger(base, dirs, tmp_path):
    """Concurrent runs through qgis_process: no entry lost, and a budget for one release lets exactly one run."""
    _, outputs = dirs
    ledger = tmp_path / "ledger.json"
    runs = [_start_qgis_process("run", PERTURB, "--", f"INPUT={base['points']}", "EPSILON=1", "DISTANCE=100",
                                f"LEDGER={ledger}", f"OUTPUT={outputs / f'free{i}.gpkg'}") for i in range(3)]
    results = [(run.wait(timeout=600), run.communicate()) for run in runs]
    assert all(code == 0 for code, _ in results), results
    assert len(Ledger(ledger).entries()) == 3 and len({e.release_id for e in Ledger(ledger).entries()}) == 3
    budgeted = tmp_path / "budgeted.json"
    runs = [_start_qgis_process("run", PERTURB, "--", f"INPUT={base['points']}", "EPSILON=1", "DISTANCE=100",
                                f"LEDGER={budgeted}", "BUDGET=1.5", f"OUTPUT={outputs / f'budget{i}.gpkg'}")
            for i in range(2)]
    results = [(run.wait(timeout=600), run.communicate()) for run in runs]
    assert sorted(code == 0 for code, _ in results) == [False, True], results
    refusal = next(out + err for code, (out, err) in results if code != 0)
    assert "Privacy budget exceeded" in refusal and "Traceback" not in refusal
    assert [e.epsilon for e in Ledger(budgeted).entries()] == [1.0]
    assert len(list(outputs.glob("budget*.gpkg"))) == 1
    assert not list(tmp_path.glob("*.lock")) and not list(outputs.glob(".dp_geoprivacy-*"))


# --- faults found when tried (issue 21 §2) ------------------------------------------------

STATISTICS = "dp_geoprivacy:noisyzonestatistics"
MOBILITY = "dp_geoprivacy:mobilityreport"
PLANNER = "dp_geoprivacy:accuracyplanner"


def mobility_records(path, rows):
    """Trip records (start and end rows) as points with uid, tid, ts; a row's WKT None is a NULL geometry."""
    return write_layer(path, 32633, ogr.wkbPoint, [(wkt, {"uid": u, "tid": t, "ts": ts}) for u, t, ts, wkt in rows],
                       {"uid": ogr.OFTString, "tid": ogr.OFTString, "ts": ogr.OFTString})


def mobility(records, zones, out, **extra):
    return dict({"INPUT": records, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                 "ZONE_ID_FIELD": "zone_id", "EPSILON": 1, "MAX_TRIPS_PER_USER": 3, "TIME_START": "2024-03-01",
                 "TIME_END": "2024-04-01", "SEED": 1, "OUTPUT_HTML": str(out / "report.html"),
                 "OUTPUT_VISITS": str(out / "visits.gpkg"), "OUTPUT_FLOWS": str(out / "flows.gpkg")}, **extra)


@pytest.fixture
def trip_records(base, dirs):
    """12 users with 2 trips each (start and end rows) over the 3 x 3 zones."""
    xy, rows = grid_points(48, seed=7), []
    for i in range(24):
        user, trip, day = f"u{i % 12}", f"t{i}", 4 + i % 20
        rows += [(user, trip, f"2024-03-{day:02d} 08:00:00", "POINT ({} {})".format(*xy[2 * i])),
                 (user, trip, f"2024-03-{day:02d} 08:30:00", "POINT ({} {})".format(*xy[2 * i + 1]))]
    return rows


def statistics(points, zones, out, **extra):
    return dict({"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "persons", "LOWER": 0,
                 "UPPER": 10, "EPSILON": 1, "SEED": 1, "OUTPUT": str(out)}, **extra)


def test_memory_refusal_names_the_largest_value_that_fits():
    from dp_geoprivacy.processing.memory import memory_error

    assert memory_error("GRID", 100, 10, available=2000) is None  # 1 kB needed, half of 2 kB allowed
    message = memory_error("GRID", 101, 10, available=2000)
    assert "GRID = 101" in message and "GRID can be at most 100 here" in message


@pytest.mark.parametrize("case", ["QUANTILE_GRID=2e9", "MAX_TRIPS_PER_USER=2147483647", "REALIZATIONS=1e9",
                                  "planner QUANTILE_GRID=2e7"])
def test_values_that_would_exhaust_the_machine_are_refused_before_allocating(base, dirs, trip_records, case):
    """These ran until the kernel killed QGIS (15 to 23 GB), or for over 11 minutes (the planner)."""
    inputs, outputs = dirs
    if case == "QUANTILE_GRID=2e9":
        algorithm, parameters = STATISTICS, statistics(base["points"], base["zones"], outputs / "s.gpkg",
                                                       STATISTIC=4, QUANTILE_GRID=2e9)
        match = r"QUANTILE_GRID = 2000000000 would need about .* QUANTILE_GRID can be at most \d+ here"
    elif case == "MAX_TRIPS_PER_USER=2147483647":
        records = mobility_records(inputs / "records.gpkg", trip_records)
        algorithm, parameters = MOBILITY, mobility(records, base["zones"], outputs, MAX_TRIPS_PER_USER=2147483647)
        match = r"MAX_TRIPS_PER_USER = 2147483647 would need about .* MAX_TRIPS_PER_USER can be at most \d+ here"
    elif case == "REALIZATIONS=1e9":
        algorithm, parameters = ESCAPE, escape(base["points"], base["zones"], outputs, REALIZATIONS=1e9)
        match = r"REALIZATIONS = 1000000000 would need about .* REALIZATIONS can be at most \d+ here"
    else:
        algorithm, parameters = PLANNER, {"RELEASE": 4, "STATISTIC": 2, "LOWER": 0, "UPPER": 10,
                                          "QUANTILE_GRID": 2e7, "OUTPUT": str(outputs / "plan.gpkg")}
        match = r"QUANTILE_GRID must be at most 1e\+06"
    refused(algorithm, parameters, match, dirs)


def test_user_field_naming_a_missing_field_is_refused(base, dirs):
    """Was a KeyError traceback."""
    refused(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", USER_FIELD="no_such_field",
                           MAX_CONTRIBUTIONS=2), r"USER_FIELD 'no_such_field' is not a field of INPUT", dirs)


def test_discrete_noise_with_a_vanishing_epsilon_is_refused(base, dirs):
    """NOISE=1 (discrete Laplace) with EPSILON=1e-300 was a traceback."""
    refused(COUNTS, counts(base["points"], base["zones"], dirs[1] / "out.gpkg", NOISE=1, EPSILON=1e-300),
            r"EPSILON", dirs)


def test_mobility_report_on_trips_with_some_null_geometries(base, dirs, trip_records):
    """Was a traceback; the rows without a location are counted as missing values, as NULL coordinates are."""
    inputs, outputs = dirs
    rows = list(trip_records)
    rows[0] = rows[0][:3] + (None,)
    rows[5] = rows[5][:3] + (None,)
    records = mobility_records(inputs / "records.gpkg", rows)
    result, _ = succeeds(MOBILITY, mobility(records, base["zones"], outputs), dirs)
    assert Path(result["OUTPUT_HTML"]).exists()


def test_a_tiny_floor_gives_a_strict_json_record_or_is_refused(base, relocation, dirs):
    """FLOOR=1e-308 with a zone counted 0 wrote `Infinity` (not JSON) into the record as epsilon. Now the
    record is strict JSON (core.accounting.privacy_record), or the FLOOR is refused."""
    inputs, outputs = dirs
    one_zone = points_layer(inputs / "one zone.gpkg", np.tile([X0 + 10, Y0 + 10], (20, 1)), pid=list(range(20)))
    histogram = processing.run(COUNTS, counts(one_zone, base["zones"], inputs / "sparse.gpkg"))["OUTPUT"]
    parameters = relocate(relocation["trips"], histogram, outputs, FLOOR=1e-308)
    try:
        result, _ = succeeds(RELOCATE, parameters, dirs)
    except QgsProcessingException as error:
        assert re.search(r"FLOOR 1e-308 is so small .* epsilon is infinite", str(error)), str(error)
        assert everything_in(outputs) == []
        return
    with sqlite3.connect(result["OUTPUT"]) as db:
        histories = re.findall(r"<history>dp_geoprivacy privacy record: (.*?)</history>",
                               "".join(row[0] for row in db.execute("SELECT metadata FROM gpkg_metadata")))
    assert histories
    for text in histories:
        record = json.loads(html.unescape(text), parse_constant=lambda name: pytest.fail(f"{name} in a record"))
        assert record["epsilon"] is None or np.isfinite(record["epsilon"])


def test_no_exception_but_qgis_processing_exception_leaves_an_algorithm(base, dirs, monkeypatch):
    """The general guard (processing/base.py): an unexpected error becomes a clear message, no traceback."""
    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr("dp_geoprivacy.processing.algorithms.laplace_perturbation.open_points", broken)
    refused(PERTURB, perturb(base["points"], dirs[1] / "out.gpkg"),
            r"laplaceperturbation stopped on an unexpected error \(KeyError: 'boom'\); nothing was written", dirs)


def test_qgis_process_json_prints_every_refusal(base, dirs):
    """`--json` printed nothing for refusals other than the budget; now each is one JSON object on stdout."""
    inputs, outputs = dirs
    table = csv_file(inputs / "table.csv", ["zone_id"], [["Z0_0"]])
    cases = [  # (arguments, reason, parameter)
        ((PERTURB, f"INPUT={base['points']}", "GRID=nan", f"OUTPUT={outputs / 'a.gpkg'}"), "invalid_parameter",
         "GRID"),
        ((COUNTS, f"INPUT={base['points']}", f"ZONES={base['zones']}", "USER_FIELD=nope",
          f"OUTPUT={outputs / 'b.gpkg'}"), "invalid_parameter", "USER_FIELD"),
        ((COUNTS, f"INPUT={base['points']}", f"ZONES={table}", f"OUTPUT={outputs / 'c.gpkg'}"), None, "ZONES"),
    ]
    for (algorithm, *arguments), reason, parameter in cases:
        result = run_qgis_process("run", algorithm, "--json", "--", *arguments, check=False)
        assert result.returncode != 0, result.stdout + result.stderr
        lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
        assert len(lines) == 1, result.stdout + result.stderr
        refusal = json.loads(lines[0])["dp_geoprivacy_refusal"]
        assert refusal["algorithm"] == algorithm and refusal["parameter"] == parameter, refusal
        assert reason is None or refusal["reason"] == reason, refusal
        assert refusal["message"] and "Traceback" not in result.stdout + result.stderr
    assert everything_in(outputs) == []
