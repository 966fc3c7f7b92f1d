"""dp_geoprivacy:mobilityreport through the Processing API, the real qgis_process and a model.

Exact checks use EPSILON = 1e8 for the whole report (each analysis's noise
scale is below 1e-5: after rounding the published counts are the true
counts); the statistical behaviour is tested in tests/core/test_mobility_report.py.
"""

import collections
import json
import math
import os
import re
import stat
import subprocess

import numpy as np
import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterFeatureSource,
)

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.releases.mobility_report import ANALYSES
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import (
    QGIS_PROCESS,
    ROOT,
    feature_count,
    read_field,
    run_algorithm_json,
    run_qgis_process,
    write_grid_zones,
)
from .model_builder import ModelBuilder, model_definition

ALG = "dp_geoprivacy:mobilityreport"
X0, Y0, CELL, N = 500_000.0, 4_500_000.0, 1000.0, 4
EXACT = 1e8
MODEL = ROOT / "tests" / "data" / "models" / "mobility_report_then_extract.model3"


def write_records(path, rows, layer="records", epsg=32633):
    """Points in EPSG:32633 (or ``epsg``) with uid, tid, ts (text); rows are (uid, tid, ts, x, y), None for NULL."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(epsg)
    out = dataset.CreateLayer(layer, srs, ogr.wkbPoint)
    for name in ("uid", "tid", "ts"):
        out.CreateField(ogr.FieldDefn(name, ogr.OFTString))
    out.StartTransaction()
    for uid, tid, ts, x, y in rows:
        feature = ogr.Feature(out.GetLayerDefn())
        feature["uid"], feature["tid"], feature["ts"] = uid, tid, ts
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({x!r} {y!r})"))
        out.CreateFeature(feature)
    out.CommitTransaction()
    dataset = None
    return str(path)


def write_zones(folder):
    return write_grid_zones(folder / "zones.gpkg", 32633, (X0, Y0), CELL, N)


@pytest.fixture(scope="module")
def zones(tmp_path_factory):
    return write_zones(tmp_path_factory.mktemp("mr"))


def zone_of(x, y):
    col, row = int((x - X0) // CELL), int((y - Y0) // CELL)
    return f"Z{row}_{col}" if 0 <= col < N and 0 <= row < N else None


@pytest.fixture(scope="module")
def trips(tmp_path_factory):
    return write_trips(tmp_path_factory.mktemp("mr"))


def write_trips(folder):
    """3 trips per user (M = 3 keeps all), start and end rows; one incomplete trip; a few ends outside."""
    rng = np.random.default_rng(4)
    rows, plan = [], []
    for u in range(40):
        for k in range(3):
            o = (X0 + rng.uniform(0, N * CELL), Y0 + rng.uniform(0, N * CELL))
            d = (X0 + rng.uniform(-300, N * CELL), Y0 + rng.uniform(0, N * CELL))
            day, hour = 4 + (u + k) % 7, (6 + 3 * k + u) % 24
            start = f"2024-03-{day:02d} {hour:02d}:10:00"
            end = f"2024-03-{day:02d} {hour:02d}:40:00"
            tid = f"t{u}_{k}"
            rows += [(f"u{u}", tid, start, *o), (f"u{u}", tid, end, *d)]
            plan.append((o, d))
    rows.append(("u99", "lonely", "2024-03-05 10:00:00", X0 + 10, Y0 + 10))  # a trip with one end
    path = write_records(folder / "records.gpkg", rows)
    return path, plan


def run(path, zones, tmp_path, **extra):
    parameters = {"INPUT": path, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                  "ZONE_ID_FIELD": "zone_id", "EPSILON": EXACT, "MAX_TRIPS_PER_USER": 3,
                  "TIME_START": "2024-03-01", "TIME_END": "2024-04-01", "TOP_N_FLOWS": 1000,
                  "OUTPUT_HTML": str(tmp_path / "report.html"), "OUTPUT_VISITS": str(tmp_path / "visits.gpkg"),
                  "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg")}
    parameters.update(extra)
    return processing.run(ALG, parameters)


def test_exact_visits_flows_and_self_contained_html(trips, zones, tmp_path):
    path, plan = trips
    run(path, zones, tmp_path)
    visits = collections.Counter(z for o, d in plan for z in (zone_of(*o), zone_of(*d)) if z)
    visits[zone_of(X0 + 10, Y0 + 10)] += 1  # the incomplete trip's start is a visit too
    got = dict(zip(read_field(tmp_path / "visits.gpkg", "zone_id"), read_field(tmp_path / "visits.gpkg", "visits")))
    assert got == {f"Z{r}_{c}": float(visits[f"Z{r}_{c}"]) for r in range(N) for c in range(N)}
    flows = collections.Counter((zone_of(*o), zone_of(*d)) for o, d in plan if zone_of(*o) and zone_of(*d))
    out = tmp_path / "flows.gpkg"
    got = dict(zip(zip(read_field(out, "origin_id"), read_field(out, "dest_id")), read_field(out, "noisy_count")))
    # the stability-based selection publishes a pair when its count reaches M + b ln(2M / delta): here 3 + 2e-5
    assert got == {pair: float(c) for pair, c in flows.items() if c > 3}
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<script" not in page.lower()
    assert not re.search(r"(src|href)=\"https?:", page)  # nothing fetched from the network
    # dataset statistics: 241 records, 121 trips, 120 complete, 1 incomplete, 41 users
    assert re.search(r"<th>records</th><td>241</td>", page) and re.search(r"<th>users</th><td>41</td>", page)
    records = read_from_file(str(tmp_path / "visits.gpkg"))
    assert records and records[0].epsilon == EXACT
    assert read_from_file(str(tmp_path / "flows.gpkg"))[0].release_id == records[0].release_id
    assert records[0].release_id in page


def test_flows_are_the_pairs_at_or_above_the_selection_threshold(zones, tmp_path):
    """M = 1 and a huge epsilon: the threshold is 1 + 3e-5 trips, so pairs with 2 or more trips are published
    exactly and a pair with one trip is not (it could be one person's)."""
    rows, trips = [], {("Z0_0", "Z1_1"): 6, ("Z2_2", "Z3_0"): 2, ("Z0_3", "Z3_3"): 1}
    centre = {f"Z{r}_{c}": (X0 + (c + 0.5) * CELL, Y0 + (r + 0.5) * CELL) for r in range(N) for c in range(N)}
    for k, (o, d) in enumerate(pair for pair, count in trips.items() for _ in range(count)):
        rows += [(f"u{k}", "1", "2024-03-04 08:00:00", *centre[o]), (f"u{k}", "1", "2024-03-04 08:30:00", *centre[d])]
    run(write_records(tmp_path / "pairs.gpkg", rows), zones, tmp_path, MAX_TRIPS_PER_USER=1, ANALYSES=[7])
    out = tmp_path / "flows.gpkg"
    got = dict(zip(zip(read_field(out, "origin_id"), read_field(out, "dest_id")), read_field(out, "noisy_count")))
    assert got == {("Z0_0", "Z1_1"): 6.0, ("Z2_2", "Z3_0"): 2.0}
    assert read_from_file(str(out))[0].delta == 1e-6


def test_one_ledger_entry_for_the_whole_report(trips, zones, tmp_path):
    path, _ = trips
    ledger = tmp_path / "ledger.json"
    run(path, zones, tmp_path, EPSILON=2.0, LEDGER=str(ledger), BUDGET=10.0)
    entries = Ledger(str(ledger)).entries()
    assert len(entries) == 1 and entries[0].epsilon == 2.0
    assert read_from_file(str(tmp_path / "visits.gpkg"))[0].epsilon == 2.0


def test_trips_with_one_end_count_as_incomplete(trips, zones, tmp_path):
    path, _ = trips
    run(path, zones, tmp_path, ANALYSES=[0])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert re.search(r"<th>incomplete trips</th><td>1</td>", page)


@pytest.mark.parametrize("rows, extra, message", [
    ([("u1", "a", "not a time", X0 + 5, Y0 + 5)], {}, "TIMESTAMP_FIELD"),
    ([(None, "a", "2024-03-04 10:00", X0 + 5, Y0 + 5)], {}, "NULL user id"),
    ([("u1", "a", "2024-03-04 10:00", X0 - 5e4, Y0), ("u1", "a", "2024-03-04 11:00", X0 - 6e4, Y0)], {},
     "inside the zones"),
    ([("u1", "a", "2024-03-04 10:00", X0 + 5, Y0 + 5)], {"BUDGET_SPLIT": "od_flows=-1"}, "BUDGET_SPLIT"),
    ([("u1", "a", "2024-03-04 10:00", X0 + 5, Y0 + 5)],
     {"ANALYSES": [5], "BUDGET_SPLIT": "visits_per_zone=0"}, "BUDGET_SPLIT"),
])
def test_bad_inputs_are_refused_naming_the_parameter(rows, extra, message, zones, tmp_path):
    path = write_records(tmp_path / "bad.gpkg", rows)
    with pytest.raises(QgsProcessingException, match=message):
        run(path, zones, tmp_path, **extra)
    assert not (tmp_path / "report.html").exists()


def test_null_timestamps_are_counted_as_missing(zones, tmp_path):
    rows = [("u1", "a", None, X0 + 5, Y0 + 5), ("u1", "a", "2024-03-04 10:00", X0 + 1500, Y0 + 5)]
    run(write_records(tmp_path / "n.gpkg", rows), zones, tmp_path, ANALYSES=[1])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert re.search(r"<th>timestamp</th><td>1</td>", page)


def test_qgis_process_runs_the_report(trips, zones, tmp_path):
    path, _ = trips
    results = run_algorithm_json(ALG, INPUT=path, USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts",
                                 ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1.0, MAX_TRIPS_PER_USER=2,
                                 OUTPUT_HTML=tmp_path / "r.html", OUTPUT_VISITS=tmp_path / "v.gpkg",
                                 OUTPUT_FLOWS=tmp_path / "f.gpkg")
    assert (tmp_path / "r.html").exists() and feature_count(tmp_path / "v.gpkg") == N * N
    assert results["OUTPUT_HTML"].endswith("r.html")


@pytest.mark.skipif(bool(QGIS_PROCESS), reason="tests the Makefile's qgis_process target")
def test_make_qgis_process_passes_a_layername_suffix_and_the_html_honours_the_umask(trips, zones, tmp_path):
    """Issue 24.6: ARGS typed as a user types them, with INPUT=...|layername=records unquoted: one argument (it was
    a shell pipe and make exited 0). Issue 24.5: under umask 027 the HTML is 0640 like the layers (it was 0600)."""
    path, _ = trips
    args = (f"run {ALG} -- INPUT={path}|layername=records USER_FIELD=uid TRIP_FIELD=tid TIMESTAMP_FIELD=ts "
            f"ZONES={zones} ZONE_ID_FIELD=zone_id EPSILON=1 MAX_TRIPS_PER_USER=2 OUTPUT_HTML={tmp_path}/r.html "
            f"OUTPUT_VISITS={tmp_path}/v.gpkg OUTPUT_FLOWS={tmp_path}/f.gpkg")
    result = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process", f"ARGS={args}"],
                            capture_output=True, text=True, timeout=600, preexec_fn=lambda: os.umask(0o027))
    assert result.returncode == 0, result.stdout + result.stderr
    assert feature_count(tmp_path / "v.gpkg") == N * N
    assert stat.S_IMODE(os.stat(tmp_path / "r.html").st_mode) == 0o640
    assert stat.S_IMODE(os.stat(tmp_path / "v.gpkg").st_mode) == 0o640
    failed = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "qgis_process",
                             f"ARGS=run {ALG} -- INPUT={tmp_path}/missing.gpkg|layername=x"],
                            capture_output=True, text=True, timeout=600)
    assert failed.returncode != 0


def test_flows_below_the_threshold_say_the_section_publishes_nothing_reliable(trips, zones, tmp_path):
    """Epsilon 1 over 15 analyses on 120 trips: no pair reaches the threshold (about 2,400 trips at M = 3): the
    flows layer is empty and the map and the text say so; counts within their margin of zero are marked."""
    path, _ = trips
    run(path, zones, tmp_path, EPSILON=1.0)
    assert feature_count(tmp_path / "flows.gpkg") == 0
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "No flow reached the threshold: nothing reliable to show" in page  # on the map
    assert "this section publishes nothing reliable" in page
    assert "Not informative at this epsilon" in page and "(noise)" in page


def test_bin_widths_numbers_and_legend(trips, zones, tmp_path):
    """Issue 24.3: a 5,000 km maximum gets 250-km bins (21 bars with the overflow, not 5,001); a width giving over
    500 bins is refused naming the parameter; numbers read 1,270 not 1.27e+03; the visits map has a legend."""
    path, _ = trips
    run(path, zones, tmp_path, ANALYSES=[5, 9], MAX_JUMP_LENGTH=5000.0, EPSILON=10.0)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    jump = page[page.index("<h3>Jump length</h3>"):]
    jump = jump[:jump.index("</svg>")]
    assert jump.count("<rect") == 21 and "250-500" in jump and "&gt; 5,000" in jump
    assert not re.search(r"\de[+-]\d", page)
    assert 'linearGradient id="legend"' in page
    with pytest.raises(QgsProcessingException, match="jump_length_bin_km"):
        run(path, zones, tmp_path, ANALYSES=[9], MAX_JUMP_LENGTH=5000.0, JUMP_LENGTH_BIN=1.0)


def test_bar_chart_axis_labels_do_not_overlap():
    """Issue 24.3: 101 bins of a 5,000 km range in 50-km steps: each label drawn ends before the next begins, at
    5.6 px per character (a digit's advance in a sans-serif face at the charts' font size 10); with every bin
    labelled they would be 6.6 px apart for labels of up to 9 characters."""
    from dp_geoprivacy.processing.mobility_svg import bars

    labels = [f"{50 * i:,}-{50 * (i + 1):,}" for i in range(100)] + ["> 5,000"]
    svg = bars(np.arange(101.0), labels, moe=3.0)
    drawn = [(float(x), text) for x, text in re.findall(r'<text x="([\d.]+)" y="\d+" font-size="10">([^<]*)</text>',
                                                        svg)]
    assert 5 <= len(drawn) < 101 and drawn[0][1] == "0-50"
    for (x, text), (next_x, _) in zip(drawn, drawn[1:]):
        assert next_x - x >= 5.6 * len(text), (text, x, next_x)


def build_model(path):
    """The report, then the zones with at least 10 visits (native:extractbyattribute): the committed model."""
    return (
        ModelBuilder("mobility_report_then_extract")
        .input(QgsProcessingParameterFeatureSource("records", "Trip records", [QgsProcessing.TypeVectorPoint]))
        .input(QgsProcessingParameterFeatureSource("zones", "Zones", [QgsProcessing.TypeVectorPolygon]))
        .child("report", ALG, {"INPUT": ("input", "records"), "ZONES": ("input", "zones"),
                               "ZONE_ID_FIELD": ("value", "zone_id"), "USER_FIELD": ("value", "uid"),
                               "TRIP_FIELD": ("value", "tid"), "TIMESTAMP_FIELD": ("value", "ts"),
                               "EPSILON": ("value", EXACT), "MAX_TRIPS_PER_USER": ("value", 3), "SEED": ("value", 1)},
               {"OUTPUT_HTML": "html", "OUTPUT_FLOWS": "flows"})
        .child("busy", "native:extractbyattribute",
               {"INPUT": ("child", "report", "OUTPUT_VISITS"), "FIELD": ("value", "visits"),
                "OPERATOR": ("value", 3), "VALUE": ("value", "10")}, {"OUTPUT": "busy_zones"})
        .save(path)
    )


def test_committed_model_is_the_one_the_builder_makes(tmp_path):
    assert model_definition(build_model(tmp_path / "fresh.model3")) == model_definition(MODEL)


def test_model_chains_the_report_into_native_extract(trips, zones, tmp_path):
    path, plan = trips
    busy, html = tmp_path / "busy.gpkg", tmp_path / "m.html"
    run_qgis_process("run", str(MODEL), "--", f"records={path}", f"zones={zones}", f"report:html={html}",
                     f"report:flows={tmp_path / 'f.gpkg'}", f"busy:busy_zones={busy}")
    visits = collections.Counter(z for o, d in plan for z in (zone_of(*o), zone_of(*d)) if z)
    visits[zone_of(X0 + 10, Y0 + 10)] += 1
    assert sorted(read_field(busy, "zone_id")) == sorted(z for z, c in visits.items() if c >= 10)
    assert html.exists()
    assert json.loads(read_from_file(str(tmp_path / "f.gpkg"))[0].to_json())["algorithm"] == ALG


def test_benchmark_mode_is_labelled_not_differentially_private(trips, zones, tmp_path):
    path, _ = trips
    out = run(path, zones, tmp_path, EPSILON=EXACT, BENCHMARK=True, OUTPUT_BENCHMARK=str(tmp_path / "bench.html"),
              OUTPUT_BENCHMARK_TABLE=str(tmp_path / "bench.csv"))
    page = (tmp_path / "bench.html").read_text(encoding="utf-8")
    assert "NOT differentially private" in page and "not-differentially-private" in page
    table = out["OUTPUT_BENCHMARK_TABLE"]
    values = (float(v) if v != "" else math.nan for v in read_field(table, "value"))  # NaN: nothing to compare
    measures = dict(zip(zip(read_field(table, "analysis"), read_field(table, "measure")), values))
    # Noise of scale ~1e-7 rounds away: the released counts equal the noise-free ones.
    assert measures[("visits_per_zone", "earth mover's distance (m)")] == pytest.approx(0.0, abs=1e-3)
    assert measures[("dataset_statistics.users", "relative error")] == 0.0
    records = read_from_file(out["OUTPUT_BENCHMARK_TABLE"])
    assert records and not records[0].differentially_private


def test_benchmark_mode_needs_an_output(trips, zones, tmp_path):
    path, _ = trips
    with pytest.raises(QgsProcessingException, match="OUTPUT_BENCHMARK"):
        run(path, zones, tmp_path, BENCHMARK=True)
    assert not (tmp_path / "report.html").exists() and not (tmp_path / "visits.gpkg").exists()


def test_loaded_layers_carry_the_record_and_a_style(trips, zones, tmp_path):
    from qgis.core import QgsGraduatedSymbolRenderer, QgsProject

    path, _ = trips
    parameters = {"INPUT": path, "USER_FIELD": "uid", "TRIP_FIELD": "tid", "TIMESTAMP_FIELD": "ts", "ZONES": zones,
                  "ZONE_ID_FIELD": "zone_id", "EPSILON": 1.0, "MAX_TRIPS_PER_USER": 2,
                  "OUTPUT_HTML": str(tmp_path / "r.html"), "OUTPUT_VISITS": str(tmp_path / "v.gpkg"),
                  "OUTPUT_FLOWS": str(tmp_path / "f.gpkg")}
    processing.runAndLoadResults(ALG, parameters)
    try:
        loaded = {layer.name(): layer for layer in QgsProject.instance().mapLayers().values()}
        visits = next(layer for name, layer in loaded.items() if name.startswith("Visits per zone"))
        assert isinstance(visits.renderer(), QgsGraduatedSymbolRenderer)
        assert "differential-privacy" in str(visits.metadata().keywords())
    finally:
        QgsProject.instance().removeAllMapLayers()


def test_item_level_makes_each_trip_its_own_unit(trips, zones, tmp_path):
    path, plan = trips
    run(path, zones, tmp_path, ITEM_LEVEL=True, ANALYSES=[0, 5])
    record = read_from_file(str(tmp_path / "visits.gpkg"))[0]
    assert record.unit_of_privacy == "one trip (item-level)" and record.sensitivity == 1.0
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert re.search(r"<th>users</th><td>121</td>", page)  # every trip counts as one unit


def test_rankings_concentration_window_maps_and_explanations(trips, zones, tmp_path):
    """The peer's analyses: top-10 zones and flows with error bars, the concentration curve, one map per time window
    of the deviation from the zone's average, and a short explanation of each analysis."""
    path, plan = trips
    run(path, zones, tmp_path, ITEM_LEVEL=True)  # M = 1: flows of 2 trips or more pass the threshold
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    visits = collections.Counter(z for o, d in plan for z in (zone_of(*o), zone_of(*d)) if z)
    visits[zone_of(X0 + 10, Y0 + 10)] += 1
    top = page[page.index("zones with the most visits</h3>"):]
    top = top[:top.index("</svg>")]
    assert top.count("<rect") == 10 and top.count('stroke="#c33"') == 10  # bars with error bars
    most = max(visits.values())
    first = re.search(r">1\. (Z\d_\d)</text>", top).group(1)
    assert visits[first] == most and f">{most} ± ≈ 0<" in top
    assert "Concentration of visits</h3>" in page and "<polyline" in page
    assert page.count("<figcaption>") == 12 and 'linearGradient id="legend-diverging"' in page
    assert "The 10 largest flows</h3>" in page and " → " in page
    for text in ("where people go", "the main travel corridors", "weekly rhythm"):
        assert text in page


def test_the_summary_counts_the_sections_informative_at_this_epsilon(trips, zones, tmp_path):
    """Issue 20 §3: the page opens with how many sections show more than noise; the results give the figure."""
    path, _ = trips
    (tmp_path / "exact").mkdir(), (tmp_path / "small").mkdir()
    exact = run(path, zones, tmp_path / "exact")
    small = run(path, zones, tmp_path / "small", EPSILON=0.01)
    assert exact["SECTIONS"] == small["SECTIONS"] == len(ANALYSES) == 15
    # at EXACT only the missing values (none in the data) are within their margin of zero, and no OD pair of
    # these trips reaches the selection threshold M + b ln(2M / delta) (at most 3 trips per pair)
    assert exact["SECTIONS_INFORMATIVE"] == 13
    assert small["SECTIONS_INFORMATIVE"] < exact["SECTIONS_INFORMATIVE"]
    for results in (exact, small):
        page = open(results["OUTPUT_HTML"], encoding="utf-8").read()
        head = page[:page.index("<h2")]
        assert f"{results['SECTIONS_INFORMATIVE']} of 15 sections informative at this epsilon." in head
    assert "Not informative (every value within its margin of error of zero, or no flow published): " \
           "missing_values, od_flows." in open(exact["OUTPUT_HTML"], encoding="utf-8").read()


def test_concentration_curve_is_not_biased_by_empty_zones():
    """Issue 24 §1's pattern in the concentration curve: its total was the sum of counts clamped at zero, so 1,000
    empty zones with Laplace noise b = 1 added about b/2 each (500 against a true 1,000 visits in 10 zones) and the
    top 1 % of zones read about 0.67 of the visits instead of 1. With the unclamped total the top 10 zones' share is
    (1,000 + their noise) / (1,000 + noise of the sum); the sum's noise has sd sqrt(2 * 1,010) = 45, so the share
    exceeds 1,000 / (1,000 + 4 sd) = 0.85 except with probability about 3e-5 (and the top-10 noise only helps)."""
    from dp_geoprivacy.processing.mobility_html import concentration_curve

    rng = np.random.default_rng(2024)
    counts = np.concatenate((np.full(10, 100.0), np.zeros(1000))) + rng.laplace(0.0, 1.0, 1010)
    x, y = concentration_curve(counts)
    assert x[10] == 10 / 1010 and y[10] > 0.85
    assert y[0] == 0.0 and y[-1] == 1.0 and np.all((y >= 0) & (y <= 1))
    assert concentration_curve(np.zeros(5)) is None


# --- NOISE=2: visits per zone with the discrete Gaussian (issue 22 §1) ---------------------------------------


def test_gaussian_visits_count_users_per_zone_and_the_record_carries_rho(trips, zones, tmp_path):
    """At a huge epsilon the discrete Gaussian's sigma is far below 1: each zone shows the number of users with a
    visit there (one visit per user and zone); without od_flows the report is zCDP: record and ledger carry rho."""
    path, plan = trips
    ledger = tmp_path / "ledger.json"
    run(path, zones, tmp_path, NOISE=2, DELTA=1e-6, LEDGER=str(ledger), BUDGET=1e12, ANALYSES=[0, 5])
    users = collections.defaultdict(set)
    for i, (o, d) in enumerate(plan):
        for z in (zone_of(*o), zone_of(*d)):
            if z:
                users[z].add(i // 3)
    users[zone_of(X0 + 10, Y0 + 10)].add("u99")  # the incomplete trip's start
    got = dict(zip(read_field(tmp_path / "visits.gpkg", "zone_id"), read_field(tmp_path / "visits.gpkg", "visits")))
    assert got == {f"Z{r}_{c}": float(len(users[f"Z{r}_{c}"])) for r in range(N) for c in range(N)}
    assert feature_count(tmp_path / "flows.gpkg") == 0
    record = read_from_file(str(tmp_path / "visits.gpkg"))[0]
    assert record.rho > 0 and record.delta == 1e-6 and record.epsilon <= EXACT
    entry = Ledger(str(ledger)).entries()[0]
    assert entry.rho == pytest.approx(record.rho) and entry.delta == 1e-6
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "visits per zone with the discrete Gaussian" in page and "L2 sensitivity sqrt(2M) = 2.449" in page


@pytest.mark.parametrize("extra, words", [
    ({"NOISE": 2, "DELTA": 0.0}, "NOISE=2 (discrete Gaussian) needs DELTA > 0"),
    ({"NOISE": 1}, "NOISE=1 (discrete Laplace) is not offered"),
])
def test_gaussian_settings_that_cannot_work_are_refused(trips, zones, tmp_path, extra, words):
    path, _ = trips
    with pytest.raises(QgsProcessingException, match=re.escape(words)):
        run(path, zones, tmp_path, **extra)
    assert not (tmp_path / "report.html").exists()


def test_gaussian_report_od_flows_are_users_per_pair_by_gaussian_thresholding(trips, zones, tmp_path):
    """NOISE=2 with od_flows (the default analyses): at a huge epsilon tau is 2, so the pairs with 2 or more users
    are published with their number of users (one per user and pair); the report is (epsilon, DELTA + OD_DELTA)-DP
    without rho, in the record, the ledger and the HTML."""
    path, plan = trips
    ledger = tmp_path / "ledger.json"
    run(path, zones, tmp_path, NOISE=2, DELTA=1e-6, OD_DELTA=1e-7, LEDGER=str(ledger), BUDGET=1e12)
    users = collections.defaultdict(set)
    for i, (o, d) in enumerate(plan):
        if zone_of(*o) and zone_of(*d):
            users[zone_of(*o), zone_of(*d)].add(i // 3)
    out = tmp_path / "flows.gpkg"
    got = dict(zip(zip(read_field(out, "origin_id"), read_field(out, "dest_id")), read_field(out, "noisy_count")))
    assert got == {pair: float(len(u)) for pair, u in users.items() if len(u) >= 2} and got
    record = read_from_file(str(tmp_path / "visits.gpkg"))[0]
    assert record.rho is None and record.delta == pytest.approx(1.1e-6) and record.epsilon <= EXACT
    assert "Gaussian thresholding" in record.mechanism
    entry = Ledger(str(ledger)).entries()[0]
    assert entry.rho is None and entry.delta == pytest.approx(1.1e-6)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "OD flows by Gaussian thresholding" in page and "added on top by basic composition" in page
    assert "Gaussian thresholding; counts are users per pair" in page


def test_qgis_process_runs_the_gaussian_report(trips, zones, tmp_path):
    path, _ = trips
    results = run_algorithm_json(ALG, INPUT=path, USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts",
                                 ZONES=zones, ZONE_ID_FIELD="zone_id", EPSILON=1.0, MAX_TRIPS_PER_USER=2, NOISE=2,
                                 DELTA=1e-6, OUTPUT_HTML=tmp_path / "r.html", OUTPUT_VISITS=tmp_path / "v.gpkg",
                                 OUTPUT_FLOWS=tmp_path / "f.gpkg")
    assert feature_count(tmp_path / "v.gpkg") == N * N and results["OUTPUT_HTML"].endswith("r.html")
    record = read_from_file(str(tmp_path / "v.gpkg"))[0]
    # OD flows by Gaussian thresholding (OD_DELTA 1e-6 by default) on top of the zCDP part: no rho
    assert record.rho is None and record.delta == pytest.approx(2e-6) and record.epsilon <= 1.0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "discrete Gaussian" in page and "OD flows by Gaussian thresholding" in page
