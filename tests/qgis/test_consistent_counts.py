"""dp_geoprivacy:consistentcounts in real QGIS: levels that add up, the record, neighbours, bad input."""

import json
import re

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import QgsProcessingException

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import run_qgis_process, write_points

ALG = "dp_geoprivacy:consistentcounts"
# Around Helsinki centre, in EPSG:3067 (metres): the public study area.
EXTENT = "384000,390000,6670000,6676000 [EPSG:3067]"


def city_points(tmp_path, extra=(), name="points.gpkg"):
    rng = np.random.default_rng(4)
    xy = np.column_stack((rng.normal(386500, 900, 1500), rng.normal(6672500, 900, 1500)))
    if len(extra):
        xy = np.vstack((xy, extra))
    return write_points(tmp_path / name, 3067, xy)


def rows(path):
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    out = [(f["level"], f["resolution"], f["cell_id"], f["parent_id"], f["noisy_count"], f["mae"], f["moe95"])
           for f in layer]
    names = [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(layer.GetLayerDefn().GetFieldCount())]
    dataset = None
    return out, names


def test_every_parent_is_the_sum_of_its_children(tmp_path):
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "COARSEST": 7, "FINEST": 9,
                                  "EPSILON": 1.0, "SPLIT": "1,2,2", "OUTPUT": out})
    table, names = rows(out)
    assert names == ["level", "resolution", "cell_id", "parent_id", "noisy_count", "mae", "moe95"]
    assert result["LEVELS"] == 3 and result["ROWS_WRITTEN"] == len(table)
    count = {cell: value for _, _, cell, _, value, _, _ in table}
    children = {}
    for level, resolution, _cell, parent, value, _, _ in table:
        assert value >= 0 and value == round(value)
        assert resolution == 7 + level
        if level:
            children.setdefault(parent, []).append(value)
        else:
            assert parent is None
    parents = [cell for level, _, cell, _, _, _, _ in table if level < 2]
    assert parents and all(count[p] == sum(children[p]) for p in parents)
    [record] = read_from_file(out)
    assert record.epsilon == 1.0 and record.delta == 0.0 and record.differentially_private
    assert "H3 resolution 7: epsilon 0.2," in record.mechanism and "H3 resolution 9: epsilon 0.4," in record.mechanism
    # The published error figures fall as a level gets more of the budget and more information.
    mae = {level: m for level, _, _, _, _, m, _ in table}
    assert 0 < mae[1] < mae[0]


def masked(text):
    """The run's text with the mechanism's noisy outputs masked (the OUTSIDE_COUNT result)."""
    return re.sub(r"(OUTSIDE_COUNT:\s*)\S+", r"\1#", text)


@pytest.mark.parametrize("extra", [
    [(386500.0, 6672500.0)],  # one more point in the busiest cell
    [(2_000_000.0, 9_000_000.0)],  # a far-away point, outside the study area
])
def test_neighbours_publish_the_same_text(tmp_path, extra):
    """Same SEED, one unit of privacy added: the log, the results' names, the level files' names and every record
    agree but for noise."""
    runs = []
    for name, points in (("a", city_points(tmp_path, name="a.gpkg")),
                         ("b", city_points(tmp_path, extra=np.array(extra), name="b.gpkg"))):
        out, folder = str(tmp_path / f"out_{name}.gpkg"), tmp_path / f"levels_{name}"
        result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"EXTENT={EXTENT}", "COARSEST=7",
                                  "FINEST=8", "EPSILON=1", "SEED=5", f"OUTPUT={out}", f"OUTPUT_LEVELS={folder}")
        log = "\n".join(line for line in result.stdout.splitlines()
                        if "do not publish" not in line.lower()
                        and not line.startswith(("INPUT:", "OUTPUT:", "OUTPUT_LEVELS:", "LEVEL_LAYERS:")))
        records = []
        for path in [out] + sorted(str(p) for p in folder.iterdir()):
            [record] = read_from_file(path)
            fields = json.loads(record.to_json())
            for varying in ("release_id", "created", "input_layer"):
                fields.pop(varying, None)
            fields["notes"] = [note.replace(record.release_id, "#") for note in fields["notes"]]
            records.append(fields)
        table, names = rows(out)
        runs.append((masked(log), records, sorted(p.name for p in folder.iterdir()), names,
                     [r[:4] for r in table]))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("settings, message", [
    ({"COARSEST": 9, "FINEST": 9}, "COARSEST must be below FINEST"),
    ({"COARSEST": 3, "FINEST": 9}, "At most five levels"),
    ({"SPLIT": "1,2"}, "SPLIT"),
    ({"SPLIT": "1,1,0"}, "finest level"),
])
def test_bad_settings_are_refused_by_name(tmp_path, settings, message):
    parameters = {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "COARSEST": 7, "FINEST": 9, "EPSILON": 1.0,
                  "OUTPUT": str(tmp_path / "out.gpkg"), "OUTPUT_LEVELS": str(tmp_path / "levels"), **settings}
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg"]


# --- a hierarchy of zones from parent-id fields ---------------------------------------------------------------


def grid_zones(tmp_path, district=None, city=None, name="zones.gpkg"):
    """4 x 4 squares of 1.5 km over EXTENT: zone_id, district_id (integer, 2 x 2 squares) and city_id (text)."""
    from osgeo import osr

    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(tmp_path / name))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3067)
    layer = dataset.CreateLayer("zones", srs, ogr.wkbPolygon)
    for field, kind in (("zone_id", ogr.OFTString), ("district_id", ogr.OFTInteger), ("city_id", ogr.OFTString)):
        layer.CreateField(ogr.FieldDefn(field, kind))
    for col in range(4):
        for row in range(4):
            x, y = 384000 + 1500 * col, 6670000 + 1500 * row
            feature = ogr.Feature(layer.GetLayerDefn())
            feature["zone_id"] = f"z{col}{row}"
            value = (district or (lambda c, r: 10 * (c // 2) + r // 2))(col, row)
            if value is not None:
                feature["district_id"] = value
            feature["city_id"] = (city or (lambda c, r: "west" if c < 2 else "east"))(col, row)
            feature.SetGeometry(ogr.CreateGeometryFromWkt(
                f"POLYGON (({x} {y}, {x + 1500} {y}, {x + 1500} {y + 1500}, {x} {y + 1500}, {x} {y}))"))
            layer.CreateFeature(feature)
    dataset = None
    return str(tmp_path / name)


def zone_rows(path):
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    names = [layer.GetLayerDefn().GetFieldDefn(i).GetName() for i in range(layer.GetLayerDefn().GetFieldCount())]
    out = [(f["level"], f["level_name"], f["zone_id"], f["parent_id"], f["noisy_count"], f["mae"],
            f.GetGeometryRef().GetArea()) for f in layer]
    crs = layer.GetSpatialRef().GetAuthorityCode(None)
    dataset = None
    return out, names, crs


def test_zones_with_parent_ids_add_up_at_every_level(tmp_path):
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": city_points(tmp_path), "ZONES": grid_zones(tmp_path),
                                  "ZONE_ID_FIELD": "zone_id", "PARENT_FIELDS": ["district_id", "city_id"],
                                  "EPSILON": 1.0, "SPLIT": "1,2,2", "OUTPUT": out})
    table, names, crs = zone_rows(out)
    assert names == ["level", "level_name", "zone_id", "parent_id", "noisy_count", "mae", "moe95"]
    assert crs == "3067" and result["LEVELS"] == 3 and result["ROWS_WRITTEN"] == 2 + 4 + 16 == len(table)
    assert [(level, name, zone) for level, name, zone, *_ in table[:6]] == [
        (0, "city_id", "east"), (0, "city_id", "west"), (1, "district_id", "0"), (1, "district_id", "1"),
        (1, "district_id", "10"), (1, "district_id", "11")]
    count = {(level, zone): value for level, _, zone, _, value, _, _ in table}
    children = {}
    for level, _, _, parent, value, _, area in table:
        assert value >= 0 and value == round(value)
        assert area == pytest.approx(1500 ** 2 * {0: 8, 1: 4, 2: 1}[level])  # parents dissolved from their zones
        if level:
            children.setdefault((level - 1, parent), []).append(value)
    assert len(children) == 2 + 4 and all(count[node] == sum(values) for node, values in children.items())
    assert sum(value for level, _, _, _, value, _, _ in table if level == 0) > 1000  # the 1,500 points
    [record] = read_from_file(out)
    assert record.epsilon == 1.0 and "city_id: epsilon 0.2," in record.mechanism
    assert "zone_id: epsilon 0.4," in record.mechanism


@pytest.mark.parametrize("zones, parents, message", [
    ({}, [], "PARENT_FIELDS: give the fields"),
    ({}, ["zone_id", "city_id"], "PARENT_FIELDS holds the zone id field"),
    ({"district": lambda c, r: None if (c, r) == (3, 3) else 10 * (c // 2) + r // 2}, ["district_id", "city_id"],
     r"PARENT_FIELDS \(district_id\): zone z33 has no district_id"),
    ({"city": lambda c, r: "east" if (c, r) == (1, 0) else "west" if c < 2 else "east"},
     ["district_id", "city_id"], r"PARENT_FIELDS \(city_id\): district_id 0 has two values of city_id"),
])
def test_a_parent_hierarchy_that_is_not_a_tree_is_refused_by_name(tmp_path, zones, parents, message):
    parameters = {"INPUT": city_points(tmp_path), "ZONES": grid_zones(tmp_path, **zones), "ZONE_ID_FIELD": "zone_id",
                  "PARENT_FIELDS": parents, "EPSILON": 1.0, "OUTPUT": str(tmp_path / "out.gpkg")}
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert not (tmp_path / "out.gpkg").exists()


def test_h3_levels_need_an_extent(tmp_path):
    with pytest.raises(QgsProcessingException, match="EXTENT: give the public study area"):
        processing.run(ALG, {"INPUT": city_points(tmp_path), "EPSILON": 1.0, "OUTPUT": str(tmp_path / "o.gpkg")})


def test_a_model_publishes_the_districts_of_a_zone_hierarchy(tmp_path):
    """A model: consistent counts over zones -> districts -> cities, then the district level extracted."""
    from qgis.core import QgsProcessingParameterFeatureSource

    from .model_builder import ModelBuilder

    model = (
        ModelBuilder("district_counts")
        .input(QgsProcessingParameterFeatureSource("points", "points"))
        .input(QgsProcessingParameterFeatureSource("zones", "zones"))
        .child("levels", ALG, {"INPUT": ("input", "points"), "ZONES": ("input", "zones"),
                               "ZONE_ID_FIELD": ("value", "zone_id"),
                               "PARENT_FIELDS": ("value", "district_id;city_id"), "EPSILON": ("value", 1.0),
                               "OUTPUT": ("value", "TEMPORARY_OUTPUT")})
        .child("districts", "native:extractbyattribute",
               {"INPUT": ("child", "levels", "OUTPUT"), "FIELD": ("value", "level_name"),
                "OPERATOR": ("value", 0), "VALUE": ("value", "district_id")}, {"OUTPUT": "districts"})
        .save(tmp_path / "districts.model3")
    )
    districts = tmp_path / "districts.gpkg"
    run_qgis_process("run", model, "--", f"points={city_points(tmp_path)}", f"zones={grid_zones(tmp_path)}",
                     f"districts:districts={districts}")
    table, _names, _crs = zone_rows(districts)
    assert sorted(zone for _, _, zone, *_ in table) == ["0", "1", "10", "11"]
    assert {parent for _, _, _, parent, *_ in table} == {"east", "west"}


# --- one layer per level (OUTPUT_LEVELS) ----------------------------------------------------------------------

H3_LEVEL_FILES = ["level_0_h3_resolution_7.gpkg", "level_1_h3_resolution_8.gpkg", "level_2_h3_resolution_9.gpkg"]


def test_each_level_is_its_own_layer_with_its_own_record_and_one_ledger_entry(tmp_path):
    """Through qgis_process: one file per level with that level's share and noise scale in its record, the release's
    epsilon and id in every record, the same rows as OUTPUT's level, and exactly one ledger entry."""
    from dp_geoprivacy.core.accounting.ledger import Ledger

    from .conftest import run_algorithm_json

    out, folder, ledger = tmp_path / "out.gpkg", tmp_path / "levels", tmp_path / "ledger.json"
    result = run_algorithm_json(ALG, INPUT=city_points(tmp_path), EXTENT=EXTENT, COARSEST=7, FINEST=9, EPSILON=1.0,
                                SPLIT="1,2,2", OUTPUT=out, OUTPUT_LEVELS=folder, LEDGER=ledger)
    assert sorted(p.name for p in folder.iterdir()) == H3_LEVEL_FILES
    assert [str(p) for p in result["LEVEL_LAYERS"]] == [str(folder / name) for name in H3_LEVEL_FILES]
    [whole] = read_from_file(str(out))
    all_rows, _ = rows(out)
    for level, (name, share) in enumerate(zip(H3_LEVEL_FILES, (0.2, 0.4, 0.4))):
        [record] = read_from_file(str(folder / name))
        assert record.release_id == whole.release_id and record.epsilon == whole.epsilon == 1.0
        assert record.noise_scale == pytest.approx(1.0 / share) and record.sensitivity == 1.0
        assert record.mechanism.startswith(f"level {level} of 3 of one release: this level (H3 resolution "
                                           f"{7 + level}) measured with epsilon {share:g} ({share:g} of the "
                                           "release's epsilon 1)")
        assert "least squares" in record.mechanism and "non-negative integer rounding" in record.mechanism
        assert f"one ledger entry: release {whole.release_id}, epsilon 1 in all." in record.notes[-1]
        level_rows, _ = rows(folder / name)
        assert level_rows == [row for row in all_rows if row[0] == level]
    [entry] = Ledger(ledger).entries()
    assert entry.release_id == whole.release_id and entry.epsilon == 1.0


def test_level_layers_take_another_file_format_and_a_zone_hierarchy(tmp_path):
    """LEVELS_FORMAT: the record goes into each file's .qmd sidecar; level names are the parent-id fields."""
    from dp_geoprivacy.processing.level_layers import level_formats

    folder = tmp_path / "levels"
    processing.run(ALG, {"INPUT": city_points(tmp_path), "ZONES": grid_zones(tmp_path), "ZONE_ID_FIELD": "zone_id",
                         "PARENT_FIELDS": ["district_id", "city_id"], "EPSILON": 1.0, "SPLIT": "0,1,1",
                         "OUTPUT": str(tmp_path / "out.gpkg"), "OUTPUT_LEVELS": str(folder),
                         "LEVELS_FORMAT": level_formats().index("geojson")})
    assert sorted(p.name for p in folder.iterdir()) == [
        "level_0_city_id.geojson", "level_0_city_id.qmd", "level_1_district_id.geojson", "level_1_district_id.qmd",
        "level_2_zone_id.geojson", "level_2_zone_id.qmd"]
    [city] = read_from_file(str(folder / "level_0_city_id.geojson"))
    assert "this level (city_id) not measured (share 0): its counts are sums of its children's" in city.mechanism
    [district] = read_from_file(str(folder / "level_1_district_id.geojson"))
    assert district.noise_scale == pytest.approx(2.0) and district.epsilon == 1.0


def test_every_level_format_is_written_with_its_record(tmp_path):
    """Each of LEVELS_FORMAT's fixed formats: three files (and sidecars) whose records name their level."""
    from dp_geoprivacy.processing.level_layers import LEVEL_FORMATS

    points, zones = city_points(tmp_path), grid_zones(tmp_path)
    for index, extension in enumerate(LEVEL_FORMATS):
        folder = tmp_path / extension
        processing.run(ALG, {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                             "PARENT_FIELDS": ["district_id", "city_id"], "EPSILON": 1.0,
                             "OUTPUT": str(tmp_path / f"out_{extension}.gpkg"), "OUTPUT_LEVELS": str(folder),
                             "LEVELS_FORMAT": index})
        for level, name in enumerate(("city_id", "district_id", "zone_id")):
            path = folder / f"level_{level}_{name}.{extension}"
            [record] = read_from_file(str(path))
            assert record.mechanism.startswith(f"level {level} of 3 of one release: this level ({name})"), extension


@pytest.mark.parametrize("how", ["failed", "cancelled"])
def test_a_failed_or_cancelled_run_leaves_no_level_layer(tmp_path, how):
    """A second output that cannot be written, or a cancel once every level is complete in its working folder:
    neither OUTPUT nor any level file (nor the folder the run made) is left."""
    from qgis.core import QgsProcessingFeedback

    folder = tmp_path / "levels"

    class CancelOnceLevelsAreBuilt(QgsProcessingFeedback):
        def isCanceled(self):  # noqa: N802 (QGIS API)
            return any(folder.glob(".dp_geoprivacy-*/level_2_*.gpkg"))

    parameters = {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "COARSEST": 7, "FINEST": 9, "EPSILON": 1.0,
                  "OUTPUT_LEVELS": str(folder)}
    if how == "failed":
        parameters["OUTPUT"] = str(tmp_path / "out.xyz")
        with pytest.raises(QgsProcessingException):
            processing.run(ALG, parameters)
    else:
        parameters["OUTPUT"] = str(tmp_path / "out.gpkg")
        with pytest.raises(QgsProcessingException, match="Cancelled"):
            processing.run(ALG, parameters, feedback=CancelOnceLevelsAreBuilt())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["points.gpkg"]


def test_a_model_passes_the_level_layers_on(tmp_path):
    """A model: consistent counts with a folder of levels as the model's output; LEVEL_LAYERS feeds the privacy
    report, which reads one release (one epsilon) from the three level layers; the ledger has one entry."""
    from qgis.core import QgsProcessingParameterFeatureSource

    from dp_geoprivacy.core.accounting.ledger import Ledger

    from .model_builder import ModelBuilder

    ledger = tmp_path / "ledger.json"
    model = (
        ModelBuilder("level_layers")
        .input(QgsProcessingParameterFeatureSource("points", "points"))
        .child("levels", ALG, {"INPUT": ("input", "points"), "EXTENT": ("value", EXTENT), "COARSEST": ("value", 7),
                               "FINEST": ("value", 9), "EPSILON": ("value", 1.0), "LEDGER": ("value", str(ledger)),
                               "OUTPUT": ("value", "TEMPORARY_OUTPUT")}, {"OUTPUT_LEVELS": "levels"})
        .child("report", "dp_geoprivacy:privacyreport", {"LAYERS": ("child", "levels", "LEVEL_LAYERS")},
               {"OUTPUT": "releases", "REPORT": "report"})
        .save(tmp_path / "levels.model3")
    )
    folder, releases = tmp_path / "levels", tmp_path / "releases.gpkg"
    run_qgis_process("run", model, "--", f"points={city_points(tmp_path)}", f"levels:levels={folder}",
                     f"report:releases={releases}", f"report:report={tmp_path / 'report.html'}")
    assert sorted(p.name for p in folder.iterdir()) == H3_LEVEL_FILES
    dataset = ogr.Open(str(releases))
    [release] = [feature.items() for feature in dataset.GetLayer(0)]
    dataset = None
    assert release["algorithm"] == ALG and release["epsilon_counted"] == 1.0 and release["drives_total"] == 1
    [entry] = Ledger(ledger).entries()
    assert entry.release_id == release["release_id"] and entry.epsilon == 1.0


def test_level_layers_load_styled_with_their_records(tmp_path):
    """Run and load (as the toolbox does): every level's layer is in the project, graduated by noisy_count, named
    for its level and carrying its own record."""
    from qgis.core import QgsGraduatedSymbolRenderer, QgsProject

    from dp_geoprivacy.processing.privacy_metadata import records_in

    project = QgsProject.instance()
    before = set(project.mapLayers())
    folder = tmp_path / "levels"
    processing.runAndLoadResults(ALG, {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "COARSEST": 7, "FINEST": 9,
                                       "EPSILON": 1.0, "OUTPUT": str(tmp_path / "out.gpkg"),
                                       "OUTPUT_LEVELS": str(folder)})
    loaded = [layer for layer_id, layer in project.mapLayers().items() if layer_id not in before]
    try:
        levels = sorted((layer for layer in loaded if str(folder) in layer.source()), key=lambda found: found.source())
        assert len(levels) == 3 and len(loaded) == 4
        for level, layer in enumerate(levels):
            assert isinstance(layer.renderer(), QgsGraduatedSymbolRenderer)
            assert layer.name().startswith(f"Consistent counts, H3 resolution {7 + level} (")
            [record] = records_in(layer.metadata())
            assert record.mechanism.startswith(f"level {level} of 3 of one release")
    finally:
        project.removeMapLayers([layer.id() for layer in loaded])
