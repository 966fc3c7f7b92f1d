"""Outputs go wherever QGIS's own algorithms write (issue 21 §1): every vector format with its privacy record,
a new layer in an existing GeoPackage, a memory layer; shapefile overwrites and cut field names; several
outputs of one run land together or not at all (issue 21 §2)."""

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback, QgsVectorLayer

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import feature_count, write_points
from .test_trajectory_perturbation import X0, Y0, write_lines

ogr.UseExceptions()
LAPLACE = "dp_geoprivacy:laplaceperturbation"
TRAJECTORIES = "dp_geoprivacy:trajectoryperturbation"
N = 60


class Warnings(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.warnings = []

    def pushWarning(self, text):  # noqa: N802 (QGIS API)
        self.warnings.append(text)
        super().pushWarning(text)


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    """N points in EPSG:32633 with a long-named field of one value (kept: not an identifier)."""
    path = tmp_path_factory.mktemp("destinations") / "points.gpkg"
    rng = np.random.default_rng(21)
    write_points(path, 32633, np.column_stack((rng.uniform(X0, X0 + 1000, N), rng.uniform(Y0, Y0 + 1000, N))))
    dataset = ogr.Open(str(path), 1)
    layer = dataset.GetLayer(0)
    layer.CreateField(ogr.FieldDefn("district_name", ogr.OFTString))
    dataset.ExecuteSQL("UPDATE points SET district_name = 'Mitte'")
    dataset = None
    return str(path)


def _laplace(points, output, feedback=None, context=None, fields=()):
    return processing.run(LAPLACE, {"INPUT": points, "EPSILON": 1.0, "OUTPUT": output, "FIELDS": list(fields)},
                          feedback=feedback, context=context)


@pytest.mark.parametrize("extension", ["gpkg", "shp", "csv", "xlsx", "ods", "geojson", "fgb"])
def test_each_format_round_trips_with_its_record(points, tmp_path, extension):
    output = tmp_path / f"noisy.{extension}"
    _laplace(points, str(output))
    layer = QgsVectorLayer(str(output), "noisy", "ogr")
    assert layer.isValid() and layer.featureCount() == N
    names = layer.fields().names()
    if extension in ("csv", "xlsx", "ods"):  # tables keep points as X and Y columns
        assert {"X", "Y"} <= set(names)
        xs = [f["X"] for f in layer.getFeatures()]
        assert all(X0 - 1e5 < float(x) < X0 + 1e5 for x in xs)
    else:
        assert all(not f.geometry().isEmpty() for f in layer.getFeatures())
    [record] = read_from_file(str(output))[:1]
    assert record.algorithm == LAPLACE and record.epsilon == 1.0
    assert (output.with_suffix(".qmd").exists()) == (extension != "gpkg")


def test_trajectories_to_csv_keep_their_lines_as_wkt(tmp_path):
    lines = [[(X0 + i, Y0), (X0 + i + 50, Y0 + 20), (X0 + i + 90, Y0 + 60)] for i in range(20)]
    tracks = write_lines(tmp_path / "tracks.gpkg", 32633, lines)
    output = tmp_path / "noisy_tracks.csv"
    processing.run(TRAJECTORIES, {"INPUT": tracks, "EPSILON": 1.0, "DISTANCE": 100, "OUTPUT": str(output)})
    dataset = ogr.Open(str(output))
    wkt = [feature["WKT"] for feature in dataset.GetLayer(0)]
    dataset = None
    assert len(wkt) == 20 and all(w.startswith("LINESTRING") for w in wkt)
    assert read_from_file(str(output))[0].algorithm == TRAJECTORIES


def test_a_layer_added_to_an_existing_geopackage_keeps_the_other_layers(points, tmp_path):
    city = tmp_path / "city.gpkg"
    write_points(city, 32633, [(X0, Y0), (X0 + 5, Y0 + 5)], layer="stops")
    write_points(tmp_path / "other.gpkg", 32633, [(X0, Y0)])
    source, dataset = ogr.Open(str(tmp_path / "other.gpkg")), ogr.Open(str(city), 1)
    dataset.CopyLayer(source.GetLayer(0), "depots")
    source = dataset = None
    for _ in range(2):  # the second run replaces the layer it made, as QGIS's algorithms do
        result = _laplace(points, f"ogr:dbname='{city}' table=\"counts\" (geom)")
    assert result["OUTPUT"] == f"ogr:dbname='{city}' table=\"counts\" (geom)"
    dataset = ogr.Open(str(city))
    layers = sorted(dataset.GetLayer(i).GetName() for i in range(dataset.GetLayerCount()))
    dataset = None
    assert layers == ["counts", "depots", "stops"]
    assert feature_count(city, "stops") == 2 and feature_count(city, "depots") == 1
    assert feature_count(city, "counts") == N
    [record] = read_from_file(f"{city}|layername=counts")[:1]
    assert record.algorithm == LAPLACE
    assert read_from_file(f"{city}|layername=stops") == []


def test_a_memory_output_is_a_temporary_layer_with_its_record(points):
    context = QgsProcessingContext()
    result = processing.run(LAPLACE, {"INPUT": points, "EPSILON": 1.0, "OUTPUT": "memory:noisy"}, context=context,
                            is_child_algorithm=True)
    layer = context.temporaryLayerStore().mapLayer(result["OUTPUT"])
    assert layer is not None and layer.providerType() == "memory" and layer.featureCount() == N
    assert "dp_geoprivacy privacy record" in "".join(layer.metadata().history())


def test_overwriting_a_shapefile_removes_its_old_spatial_index_and_reports_cut_names(points, tmp_path):
    output = tmp_path / "noisy.shp"
    _laplace(points, str(output))
    dataset = ogr.Open(str(output), 1)
    dataset.ExecuteSQL("CREATE SPATIAL INDEX ON noisy")
    dataset = None
    assert output.with_suffix(".qix").exists()
    feedback = Warnings()
    _laplace(points, str(output), feedback=feedback, fields=["district_name"])
    assert not output.with_suffix(".qix").exists()
    dataset = ogr.Open(str(output))
    layer = dataset.GetLayer(0)
    layer.SetSpatialFilterRect(X0 - 1e6, Y0 - 1e6, X0 + 1e6, Y0 + 1e6)
    assert layer.GetFeatureCount() == N
    dataset = None
    assert any("district_name -> district_n" in text for text in feedback.warnings), feedback.warnings


def test_tripends_writes_both_outputs_or_neither(tmp_path):
    tracks = write_lines(tmp_path / "tracks.gpkg", 32633, [[(X0, Y0), (X0 + 10, Y0)], [(X0 + 1, Y0), (X0 + 9, Y0)]])
    origins = tmp_path / "origins.gpkg"
    with pytest.raises(QgsProcessingException, match="No vector format"):  # fails when writing the second
        processing.run("dp_geoprivacy:tripends", {"INPUT": tracks, "ORIGINS": str(origins),
                                                  "DESTINATIONS": str(tmp_path / "destinations.nosuchformat")})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tracks.gpkg"]


def test_an_output_into_the_input_layer_of_a_geopackage_is_refused(tmp_path):
    city = write_points(tmp_path / "city.gpkg", 32633, [(X0 + i, Y0) for i in range(N)], layer="stops")
    with pytest.raises(QgsProcessingException, match="input would be overwritten"):
        _laplace(f"{city}|layername=stops", f"ogr:dbname='{city}' table=\"stops\" (geom)")
    assert feature_count(city, "stops") == N
    _laplace(city, f"ogr:dbname='{city}' table=\"noisy_stops\" (geom)")  # another layer of the same file
    assert feature_count(city, "stops") == N and feature_count(city, "noisy_stops") == N
