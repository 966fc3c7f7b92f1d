"""noisyodflows with OUTPUT_TOTALS: flows of every pair with consistent origin/destination totals (real QGIS)."""

import numpy as np
import pytest
from qgis import processing
from qgis.core import QgsProcessingException

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import read_field, run_qgis_process
from .support import ALG, EXACT, PURE


def totals_run(paths, zones_path, tmp_path, epsilon, **settings):
    out = {name: str(tmp_path / f"{name}.gpkg") for name in ("flows", "matrix", "totals")}
    result = processing.run(ALG, {**PURE, "MIN_FLOW": 0, "INPUT": paths, "ZONES": zones_path,
                                  "ZONE_ID_FIELD": "zone_id", "EPSILON": epsilon, "OUTPUT_FLOWS": out["flows"],
                                  "OUTPUT_MATRIX": out["matrix"], "OUTPUT_TOTALS": out["totals"], **settings})
    return result, out


def test_rows_and_columns_of_flows_add_up_to_the_published_totals(known_trips, zones, tmp_path):  # noqa: F811
    path, plan, _ = known_trips
    result, out = totals_run(path, zones, tmp_path, 1.0, TOTALS_SPLIT="5,2,2,1")
    origin, dest, count = (read_field(out["flows"], f) for f in ("origin_id", "dest_id", "noisy_count"))
    assert len(count) == 81 == result["FLOWS_PUBLISHED"]  # every pair, zeros and negatives included
    ids, origin_total, dest_total = (read_field(out["totals"], f) for f in ("zone_id", "origin_total", "dest_total"))
    assert ids == sorted(ids) and len(ids) == 9
    rows = {zone: sum(c for o, c in zip(origin, count) if o == zone) for zone in ids}
    columns = {zone: sum(c for d, c in zip(dest, count) if d == zone) for zone in ids}
    assert all(rows[z] == pytest.approx(t, abs=1e-6) for z, t in zip(ids, origin_total))
    assert all(columns[z] == pytest.approx(t, abs=1e-6) for z, t in zip(ids, dest_total))
    assert result["GRAND_TOTAL"] == pytest.approx(sum(count), abs=1e-6)
    records = [read_from_file(out[name]) for name in ("flows", "matrix", "totals")]
    assert all(len(r) == 1 for r in records)
    assert len({r[0].release_id for r in records}) == 1 and records[0][0].epsilon == 1.0
    assert "grand total: epsilon 0.1," in records[0][0].mechanism
    assert any("every row of flows sums to its origin total" in note for note in records[2][0].notes)


def test_at_huge_epsilon_the_totals_are_the_true_ones(known_trips, zones, tmp_path):  # noqa: F811
    path, plan, _ = known_trips
    result, out = totals_run(path, zones, tmp_path, EXACT)
    ids, origin_total = read_field(out["totals"], "zone_id"), read_field(out["totals"], "origin_total")
    truth = {z: sum(c for (a, _b), c in plan.items() if a == z) for z in ids}
    assert np.allclose(origin_total, [truth[z] for z in ids], atol=1e-3)
    assert result["GRAND_TOTAL"] == pytest.approx(sum(plan.values()), abs=1e-3)


@pytest.mark.parametrize("settings, message", [
    ({"THRESHOLD": 1, "DELTA": 1e-6}, "set THRESHOLD=0 and MIN_FLOW=0"),
    ({"MIN_FLOW": 1}, "set THRESHOLD=0 and MIN_FLOW=0"),
    ({"TOTALS_SPLIT": "1,1"}, "TOTALS_SPLIT"),
    ({"TOTALS_SPLIT": "0,1,1,1"}, "TOTALS_SPLIT"),
])
def test_settings_the_totals_cannot_honour_are_refused(known_trips, zones, tmp_path, settings,  # noqa: F811
                                                         message):
    with pytest.raises(QgsProcessingException, match=message):
        totals_run(known_trips[0], zones, tmp_path, 1.0, **settings)
    assert not list(tmp_path.glob("flows*")) and not list(tmp_path.glob("totals*"))


def test_through_qgis_process(known_trips, zones, tmp_path):  # noqa: F811
    totals = tmp_path / "t.gpkg"
    done = run_qgis_process("run", ALG, "--", f"INPUT={known_trips[0]}", f"ZONES={zones}", "ZONE_ID_FIELD=zone_id",
                            "THRESHOLD=0", "MIN_FLOW=0", "EPSILON=2", f"OUTPUT_FLOWS={tmp_path / 'f.gpkg'}",
                            f"OUTPUT_MATRIX={tmp_path / 'm.gpkg'}", f"OUTPUT_TOTALS={totals}")
    assert "GRAND_TOTAL" in done.stdout and len(read_field(totals, "origin_total")) == 9


def test_a_model_maps_the_busiest_origins(known_trips, zones, tmp_path):  # noqa: F811
    """A model: OD flows with consistent totals, then the zones whose origin total is at least 2 (totals are
    real numbers from least squares: 1.99999... at a huge epsilon, so the model filters at 1.5)."""
    from qgis.core import QgsProcessingParameterFeatureSource

    from ..model_builder import ModelBuilder

    model = (
        ModelBuilder("busiest_origins")
        .input(QgsProcessingParameterFeatureSource("trips", "trips"))
        .input(QgsProcessingParameterFeatureSource("zones", "zones"))
        .child("od", ALG, {"INPUT": ("input", "trips"), "ZONES": ("input", "zones"),
                           "ZONE_ID_FIELD": ("value", "zone_id"), "THRESHOLD": ("value", 0),
                           "MIN_FLOW": ("value", 0), "EPSILON": ("value", EXACT),
                           "OUTPUT_FLOWS": ("value", "TEMPORARY_OUTPUT"),
                           "OUTPUT_MATRIX": ("value", "TEMPORARY_OUTPUT"),
                           "OUTPUT_TOTALS": ("value", "TEMPORARY_OUTPUT")})
        .child("busiest", "native:extractbyexpression",
               {"INPUT": ("child", "od", "OUTPUT_TOTALS"), "EXPRESSION": ("value", '"origin_total" >= 1.5')},
               {"OUTPUT": "busiest"})
        .save(tmp_path / "busiest.model3")
    )
    busiest = tmp_path / "busiest.gpkg"
    run_qgis_process("run", model, "--", f"trips={known_trips[0]}", f"zones={zones}", f"busiest:busiest={busiest}")
    plan = known_trips[1]
    expected = sorted({a for (a, _b), c in plan.items()
                       if sum(n for (o, _d), n in plan.items() if o == a) >= 2})
    assert sorted(read_field(busiest, "zone_id")) == expected
