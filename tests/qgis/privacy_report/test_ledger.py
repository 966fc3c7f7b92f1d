"""The ledger inside a release: entries matching the record, budgets, parallel partitions, fingerprints."""


import numpy as np
import pytest
from osgeo import ogr
from qgis.core import (
    QgsProcessingException,
    QgsProcessingFeatureSourceDefinition,
    QgsProject,
    QgsVectorLayer,
)

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import write_points
from .support import LAPLACE, all_bytes_under, perturb, run_report


def test_ledger_entry_matches_the_record_and_the_fingerprint_stays_in_the_ledger(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    out = tmp_path / "out.gpkg"
    perturb(points, out, LEDGER=str(ledger), PARTITION="day=Mon", SEED=1)
    [entry] = Ledger(ledger).entries()
    [record] = read_from_file(str(out))
    assert entry.release_id == record.release_id and entry.epsilon == record.epsilon == 1.0
    assert entry.partition == record.partition == "day=Mon"
    assert entry.algorithm == LAPLACE and entry.input_layer == "trips" and entry.output == str(out)
    assert len(entry.fingerprint) == 64
    assert entry.unit_of_privacy == record.unit_of_privacy
    # Never in a published output: not in the layer, its metadata, nor the report made from both.
    result, _, page = run_report(tmp_path, LAYERS=[str(out)], LEDGER=str(ledger))
    assert result["LOCATION_EPSILON"] == 0 and result["TOTAL_EPSILON"] == 0  # seeded: outside every total
    assert entry.seeded and not record.differentially_private and "Not private (seeded)" in page
    assert entry.fingerprint.encode() not in all_bytes_under(tmp_path, exclude="ledger.json")
    assert entry.fingerprint[:8] not in page


def test_budget_refuses_before_any_output_with_spent_requested_remaining(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    perturb(points, tmp_path / "first.gpkg", LEDGER=str(ledger), BUDGET=1.5)
    before = ledger.read_bytes()
    with pytest.raises(QgsProcessingException, match=r"spent = 1, requested = 1, remaining = 0\.5"):
        perturb(points, tmp_path / "second.gpkg", LEDGER=str(ledger), BUDGET=1.5)
    assert not (tmp_path / "second.gpkg").exists()
    assert ledger.read_bytes() == before
    result = perturb(points, tmp_path / "third.gpkg", EPSILON=0.5, LEDGER=str(ledger), BUDGET=1.5)
    assert result["EPSILON_SPENT"] == 0.5 and len(Ledger(ledger).entries()) == 2


def test_disjoint_partitions_share_a_budget_in_parallel(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    for day in ("Mon", "Tue", "Wed"):
        perturb(points, tmp_path / f"{day}.gpkg", LEDGER=ledger, BUDGET=1, PARTITION=f"day={day}")
    with pytest.raises(QgsProcessingException, match="(?i)on partition day=tue"):
        perturb(points, tmp_path / "again.gpkg", LEDGER=ledger, BUDGET=1, PARTITION="day=tue")
    with pytest.raises(QgsProcessingException, match="remaining = 0"):
        perturb(points, tmp_path / "p1.gpkg", LEDGER=ledger, BUDGET=1, PARTITION="label=p1")  # overlaps every day
    result, rows, _ = run_report(tmp_path, LEDGER=ledger)
    assert result["LOCATION_EPSILON"] == 1 and len(rows) == 3


def test_a_run_that_fails_after_reserving_still_counts(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    with pytest.raises(QgsProcessingException, match="No vector format"):
        perturb(points, tmp_path / "out.unknownformat", LEDGER=str(ledger))
    assert [e.epsilon for e in Ledger(ledger).entries()] == [1.0]


def test_budget_without_ledger_and_bad_partition_are_refused(points, tmp_path):
    with pytest.raises(QgsProcessingException, match="BUDGET needs a LEDGER"):
        perturb(points, tmp_path / "a.gpkg", BUDGET=2)
    with pytest.raises(QgsProcessingException, match="PARTITION: .*key=value"):
        perturb(points, tmp_path / "b.gpkg", PARTITION="monday")
    assert not list(tmp_path.glob("[ab].gpkg"))


def test_a_corrupt_ledger_is_refused_and_kept(points, tmp_path):
    ledger = tmp_path / "ledger.json"
    ledger.write_text("my notes, not a ledger")
    with pytest.raises(QgsProcessingException, match="not a dp_geoprivacy ledger"):
        perturb(points, tmp_path / "out.gpkg", LEDGER=str(ledger))
    assert ledger.read_text() == "my notes, not a ledger" and not (tmp_path / "out.gpkg").exists()


def _fingerprint(ledger):
    return Ledger(ledger).entries()[-1].fingerprint


def test_fingerprint_covers_the_whole_layer_whatever_the_selection_filter_or_row_order(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    perturb(points, tmp_path / "whole.gpkg", LEDGER=ledger)
    whole = _fingerprint(ledger)
    layer = QgsVectorLayer(points, "trips", "ogr")
    assert layer.setSubsetString('"pid" < 100')
    assert QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"pid" < 10')
        selected = QgsProcessingFeatureSourceDefinition(layer.id(), selectedFeaturesOnly=True)
        result = perturb(selected, tmp_path / "part.gpkg", LEDGER=ledger, PARTITION="day=Mon")
        assert result["POINTS_WRITTEN"] == 4  # the run itself keeps its partition's rows: pid 0, 3, 6, 9
        assert _fingerprint(ledger) == whole
        perturb(layer, tmp_path / "filtered.gpkg", LEDGER=ledger)
        assert _fingerprint(ledger) == whole
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    # The same rows in another order: the same data.
    dataset = ogr.Open(points)
    source = dataset.GetLayer(0)
    rows = [(f["pid"], f["label"], f.GetGeometryRef().ExportToWkb()) for f in source]
    dataset = None
    shuffled = write_points(tmp_path / "shuffled.gpkg", 32633, np.empty((0, 2)))
    dataset = ogr.Open(shuffled, 1)
    target = dataset.GetLayer(0)
    for pid, label, wkb in reversed(rows):
        feature = ogr.Feature(target.GetLayerDefn())
        feature["pid"], feature["label"] = pid, label
        feature.SetGeometry(ogr.CreateGeometryFromWkb(wkb))
        target.CreateFeature(feature)
    dataset = None
    perturb(shuffled, tmp_path / "shuffled_out.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) == whole
    # A changed attribute: the same people's locations, the same data (issue 19 item 7).
    dataset = ogr.Open(shuffled, 1)
    dataset.ExecuteSQL("UPDATE points SET label = 'changed' WHERE pid = 7")
    dataset = None
    perturb(shuffled, tmp_path / "changed_label.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) == whole
    # A moved point: other data.
    dataset = ogr.Open(shuffled, 1)
    dataset.ExecuteSQL("UPDATE points SET geom = MakePoint(500100.0, 4500100.0, 32633) WHERE pid = 7")
    dataset = None
    perturb(shuffled, tmp_path / "changed_out.gpkg", LEDGER=ledger)
    assert _fingerprint(ledger) != whole
