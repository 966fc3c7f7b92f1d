"""dp_geoprivacy:adaptivegrid in real QGIS: a partition of the extent, margins, neighbours, bad input."""

import json
import re

import numpy as np
import pytest
from osgeo import ogr
from qgis import processing
from qgis.core import QgsProcessingException

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import run_qgis_process, write_points

ALG = "dp_geoprivacy:adaptivegrid"
EXTENT = "384000,390000,6670000,6676000 [EPSG:3067]"


def city_points(tmp_path, extra=(), name="points.gpkg", epsg=3067):
    rng = np.random.default_rng(4)
    centre = np.column_stack((rng.normal(386500, 400, 3000), rng.normal(6672500, 400, 3000)))
    spread = np.column_stack((rng.uniform(384000, 390000, 500), rng.uniform(6670000, 6676000, 500)))
    xy = np.vstack((centre, spread))
    if len(extra):
        xy = np.vstack((xy, extra))
    return write_points(tmp_path / name, epsg, xy)


def cells(path):
    dataset = ogr.Open(str(path))
    layer = dataset.GetLayer(0)
    definition = layer.GetLayerDefn()
    names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
    rows = [(f["cell_id"], f["depth"], f["noisy_count"], f["moe95"], f["rel_moe95"],
             f.GetGeometryRef().GetArea()) for f in layer]
    dataset = None
    return rows, names


def test_cells_cover_the_extent_with_counts_and_margins(tmp_path):
    out = str(tmp_path / "out.gpkg")
    result = processing.run(ALG, {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "EPSILON": 1.0,
                                  "TARGET_MARGIN": 20, "OUTPUT": out})
    rows, names = cells(out)
    assert names == ["cell_id", "depth", "noisy_count", "moe95", "rel_moe95"]
    assert result["CELLS"] == len(rows) > 4
    assert sum(area for *_, area in rows) == pytest.approx(6000.0 * 6000.0, rel=1e-9)
    for _, depth, count, moe, relative, area in rows:
        assert count >= 0 and count == round(count) and moe > 0
        assert area == pytest.approx(6000.0 ** 2 / 4 ** depth, rel=1e-9)
        assert (relative is None) == (count == 0)
    assert max(depth for _, depth, *_ in rows) >= 3  # the dense centre is split finer
    [record] = read_from_file(out)
    assert record.epsilon == 1.0 and "PrivTree" in record.mechanism and record.differentially_private


def masked(text):
    return re.sub(r"((?:OUTSIDE_COUNT|CELLS):\s*)\S+", r"\1#", text)


@pytest.mark.parametrize("extra", [[(386500.0, 6672500.0)], [(2_000_000.0, 9_000_000.0)]])
def test_neighbours_publish_the_same_text(tmp_path, extra):
    """Same SEED, one point added: the log, result names and record agree but for the mechanism's outputs."""
    runs = []
    for name, points in (("a", city_points(tmp_path, name="a.gpkg")),
                         ("b", city_points(tmp_path, extra=np.array(extra), name="b.gpkg"))):
        out = str(tmp_path / f"out_{name}.gpkg")
        result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"EXTENT={EXTENT}", "EPSILON=1", "SEED=5",
                                  f"OUTPUT={out}")
        log = "\n".join(line for line in result.stdout.splitlines()
                        if "do not publish" not in line.lower() and not line.startswith(("INPUT:", "OUTPUT:")))
        fields = json.loads(read_from_file(out)[0].to_json())
        for varying in ("release_id", "created", "input_layer"):
            fields.pop(varying, None)
        runs.append((masked(log), fields, cells(out)[1]))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("settings, message", [
    ({"EXTENT": "384000,390000,6670000,6676000"}, "EXTENT has no CRS"),
    ({"EXTENT": "384000,384000,6670000,6676000 [EPSG:3067]"}, "extent must have an area"),
    ({"TREE_SHARE": 1.5}, "TREE_SHARE"),
])
def test_bad_settings_are_refused_by_name(tmp_path, settings, message):
    parameters = {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "EPSILON": 1.0,
                  "OUTPUT": str(tmp_path / "out.gpkg"), **settings}
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert not (tmp_path / "out.gpkg").exists()


def test_model_chains_adaptive_zones_and_consistent_counts_into_native_extract(tmp_path):
    """A planner's model: readable adaptive cells, and the middle level of consistent counts, each extracted."""
    from qgis.core import QgsProcessingParameterFeatureSource

    from .model_builder import ModelBuilder

    model = (
        ModelBuilder("readable_cells")
        .input(QgsProcessingParameterFeatureSource("points", "points"))
        .child("zones", ALG, {"INPUT": ("input", "points"), "EXTENT": ("value", EXTENT), "EPSILON": ("value", 1.0),
                              "TARGET_MARGIN": ("value", 20), "OUTPUT": ("value", "TEMPORARY_OUTPUT")})
        .child("readable", "native:extractbyexpression",
               {"INPUT": ("child", "zones", "OUTPUT"), "EXPRESSION": ("value", '"rel_moe95" <= 0.2')},
               {"OUTPUT": "readable"})
        .child("levels", "dp_geoprivacy:consistentcounts",
               {"INPUT": ("input", "points"), "EXTENT": ("value", EXTENT), "COARSEST": ("value", 7),
                "FINEST": ("value", 8), "EPSILON": ("value", 1.0), "OUTPUT": ("value", "TEMPORARY_OUTPUT")})
        .child("middle", "native:extractbyattribute",
               {"INPUT": ("child", "levels", "OUTPUT"), "FIELD": ("value", "level"), "OPERATOR": ("value", 0),
                "VALUE": ("value", "1")}, {"OUTPUT": "finer"})
        .save(tmp_path / "readable.model3")
    )
    readable, finer = tmp_path / "readable.gpkg", tmp_path / "finer.gpkg"
    run_qgis_process("run", model, "--", f"points={city_points(tmp_path)}", f"readable:readable={readable}",
                     f"middle:finer={finer}")
    rows, _ = cells(readable)
    assert rows and all(relative <= 0.2 for *_, relative, _ in rows)
    dataset = ogr.Open(str(finer))
    assert {f["resolution"] for f in dataset.GetLayer(0)} == {8}
    dataset = None
