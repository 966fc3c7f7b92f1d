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
    """Same SEED, one unit of privacy added: the log, the results' names and the record agree but for noise."""
    runs = []
    for name, points in (("a", city_points(tmp_path, name="a.gpkg")),
                         ("b", city_points(tmp_path, extra=np.array(extra), name="b.gpkg"))):
        out = str(tmp_path / f"out_{name}.gpkg")
        result = run_qgis_process("run", ALG, "--", f"INPUT={points}", f"EXTENT={EXTENT}", "COARSEST=7",
                                  "FINEST=8", "EPSILON=1", "SEED=5", f"OUTPUT={out}")
        log = "\n".join(line for line in result.stdout.splitlines()
                        if "do not publish" not in line.lower() and not line.startswith(("INPUT:", "OUTPUT:")))
        [record] = read_from_file(out)
        fields = json.loads(record.to_json())
        for varying in ("release_id", "created", "input_layer"):
            fields.pop(varying, None)
        table, names = rows(out)
        runs.append((masked(log), fields, names, [r[:4] for r in table]))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("settings, message", [
    ({"COARSEST": 9, "FINEST": 9}, "COARSEST must be below FINEST"),
    ({"COARSEST": 3, "FINEST": 9}, "At most five levels"),
    ({"SPLIT": "1,2"}, "SPLIT"),
    ({"SPLIT": "1,1,0"}, "finest level"),
])
def test_bad_settings_are_refused_by_name(tmp_path, settings, message):
    parameters = {"INPUT": city_points(tmp_path), "EXTENT": EXTENT, "COARSEST": 7, "FINEST": 9, "EPSILON": 1.0,
                  "OUTPUT": str(tmp_path / "out.gpkg"), **settings}
    with pytest.raises(QgsProcessingException, match=message):
        processing.run(ALG, parameters)
    assert not (tmp_path / "out.gpkg").exists()
