"""What a person is exposed to: aggregate releases in the ledger, partitions, copies and prepared layers,
the ledger file's faults (issue 19 items 3, 7, 8; issue 21 section 2)."""

import math
import re

import pytest
from osgeo import ogr, osr
from qgis import processing
from qgis.core import (
    QgsProcessingException,
)

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from ..conftest import run_algorithm_json
from .support import REPORT, ledger_entry, ledger_with, perturb, run_report


def test_zone_counts_and_od_flows_reserve_in_the_ledger_and_count_once(points, tmp_path):
    from ..conftest import write_grid_zones

    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    counts = tmp_path / "counts.gpkg"
    processing.run("dp_geoprivacy:noisyzonecounts", {"INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                     "EPSILON": 0.5, "LEDGER": ledger, "PARTITION": "day=Mon",
                                                     "OUTPUT": str(counts), "ROWS_PER_PERSON": 2})
    trips = _trip_lines(tmp_path / "trips.gpkg", [((5e5 + 100 * i, 4.5e6 + 100), (5e5 + 3000, 4.5e6 + 3000 - i))
                                                 for i in range(40)])
    flows, matrix = tmp_path / "flows.gpkg", tmp_path / "matrix.gpkg"
    processing.run("dp_geoprivacy:noisyodflows", {"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                  "EPSILON": 0.25, "LEDGER": ledger, "OUTPUT_FLOWS": str(flows),
                                                  "OUTPUT_MATRIX": str(matrix)})
    entries = Ledger(ledger).entries()
    assert [(e.algorithm, e.epsilon, e.partition) for e in entries] == [
        ("dp_geoprivacy:noisyzonecounts", 0.5, "day=Mon"), ("dp_geoprivacy:noisyodflows", 0.25, "all")]
    assert read_from_file(str(counts))[0].release_id == entries[0].release_id
    [flows_record], [matrix_record] = read_from_file(str(flows)), read_from_file(str(matrix))
    assert flows_record.release_id == matrix_record.release_id == entries[1].release_id
    result, rows, page = run_report(tmp_path, LAYERS=[str(counts), str(flows), str(matrix)])
    assert result["RELEASES"] == 2 and result["TOTAL_EPSILON"] == 0.75 and len(rows) == 2
    # Per person (issue 19 item 8): both are item-level (one point, one trip) and the OD release declared no
    # bound on rows per person, so a person's exposure is unbounded; the report says so first.
    assert result["PERSON_EPSILON"] == math.inf and "per person: UNBOUNDED" in page
    ledger_result, _, _ = run_report(tmp_path, LEDGER=ledger, OUTPUT=str(tmp_path / "r2.csv"))
    assert ledger_result["PERSON_EPSILON"] == math.inf


def _trip_lines(path, trips):
    """A line layer in EPSG:32633, one straight trip per ((ox, oy), (dx, dy))."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(32633)
    out = dataset.CreateLayer("trips", srs, ogr.wkbLineString)
    for (ox, oy), (dx, dy) in trips:
        feature = ogr.Feature(out.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"LINESTRING ({ox} {oy}, {dx} {dy})"))
        out.CreateFeature(feature)
    dataset = None
    return str(path)


def _with_users(points):
    """The fixture's points with a user id (50 users, each on every day)."""
    dataset = ogr.Open(points, 1)
    dataset.ExecuteSQL("ALTER TABLE points ADD COLUMN uid INTEGER")
    dataset.ExecuteSQL("UPDATE points SET uid = pid % 50")
    dataset = None
    return points


def test_partition_selects_its_rows_and_user_level_day_partitions_add_up(points, tmp_path):
    from ..conftest import write_grid_zones

    result = perturb(points, tmp_path / "mon.gpkg", PARTITION="day=Mon")
    assert result["POINTS_WRITTEN"] == 167  # the run keeps its partition's rows itself (pid % 3 == 0)
    with pytest.raises(QgsProcessingException, match="PARTITION: 'mode' is not a field of INPUT"):
        perturb(points, tmp_path / "bus.gpkg", PARTITION="mode=bus")
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    counts = {"INPUT": _with_users(points), "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "EPSILON": 1.0,
              "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 5, "LEDGER": ledger, "BUDGET": 1.5}
    processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "PARTITION": "day=Mon",
                                                     "OUTPUT": str(tmp_path / "c_mon.gpkg")})
    # A user travels on Monday and Tuesday: the day partitions are not disjoint for users (issue 19 item 3).
    with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
        processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "PARTITION": "day=Tue",
                                                         "OUTPUT": str(tmp_path / "c_tue.gpkg")})
    # Partitions by the user field are disjoint for users: parallel.
    for uid in (1, 2):
        processing.run("dp_geoprivacy:noisyzonecounts", {**counts, "EPSILON": 0.5, "PARTITION": f"uid={uid}",
                                                         "OUTPUT": str(tmp_path / f"c_u{uid}.gpkg")})
    entries = Ledger(ledger).entries()
    assert [e.partition_rule.split(":")[0] for e in entries] == ["sequential", "parallel", "parallel"]
    result, rows, page = run_report(tmp_path, LEDGER=ledger)
    assert result["TOTAL_EPSILON"] == 1.5 and result["PERSON_EPSILON"] == 1.5  # user level: per person
    assert "sequential: a unit of privacy" in page and "partitions by the user field uid" in page


def _ogr2ogr_copy(points, destination, **options):
    from osgeo import gdal

    gdal.VectorTranslate(str(destination), points, **options)
    return str(destination)


def test_copies_and_prepared_layers_share_the_source_budget(points, tmp_path):
    ledger = str(tmp_path / "ledger.json")
    perturb(points, tmp_path / "a.gpkg", LEDGER=ledger, BUDGET=1.5)
    # An ogr2ogr copy keeping two columns, rows reversed, in another format: the same people (issue 19 item 7).
    copy = _ogr2ogr_copy(points, tmp_path / "copy.geojson", format="GeoJSON",
                         SQLStatement="SELECT geom, label, day FROM points ORDER BY pid DESC")
    with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
        perturb(copy, tmp_path / "b.gpkg", LEDGER=ledger, BUDGET=1.5)
    shapefile = _ogr2ogr_copy(points, tmp_path / "copy.shp", format="ESRI Shapefile", selectFields=["pid"])
    with pytest.raises(QgsProcessingException, match="spent = 1"):
        perturb(shapefile, tmp_path / "c.gpkg", LEDGER=ledger, BUDGET=1.5)
    # A reprojected copy is other coordinates: the publisher names both with DATASET.
    utm34 = _ogr2ogr_copy(points, tmp_path / "utm34.gpkg", format="GPKG", dstSRS="EPSG:32634")
    perturb(points, tmp_path / "d.gpkg", EPSILON=0.25, LEDGER=ledger, DATASET="survey 2024")
    with pytest.raises(QgsProcessingException, match="spent = 1.25"):
        perturb(utm34, tmp_path / "e.gpkg", LEDGER=ledger, BUDGET=1.5, DATASET="Survey 2024")
    assert perturb(utm34, tmp_path / "f.gpkg", LEDGER=ledger, BUDGET=1.5)["EPSILON_SPENT"] == 1  # unnamed: new


def test_trip_ends_are_charged_to_their_trips(tmp_path):
    from ..conftest import write_grid_zones

    trips = _trip_lines(tmp_path / "trips.gpkg", [((5e5 + 100 * i, 4.5e6 + 100), (5e5 + 3000, 4.5e6 + 3000 - i))
                                                 for i in range(40)])
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (5e5, 4.5e6), 2500.0, 2)
    ledger = str(tmp_path / "ledger.json")
    processing.run("dp_geoprivacy:noisyodflows", {"INPUT": trips, "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                                  "EPSILON": 1.0, "LEDGER": ledger, "BUDGET": 1.5,
                                                  "OUTPUT_FLOWS": str(tmp_path / "flows.gpkg"),
                                                  "OUTPUT_MATRIX": str(tmp_path / "matrix.gpkg")})
    ends = processing.run("dp_geoprivacy:tripends", {"INPUT": trips, "ORIGINS": str(tmp_path / "origins.gpkg"),
                                                     "DESTINATIONS": str(tmp_path / "destinations.shp")})
    for output in (ends["ORIGINS"], ends["DESTINATIONS"]):
        with pytest.raises(QgsProcessingException, match="spent = 1, requested = 1"):
            perturb(output, tmp_path / "ends_out.gpkg", LEDGER=ledger, BUDGET=1.5)
    perturb(ends["ORIGINS"], tmp_path / "ends_ok.gpkg", EPSILON=0.5, LEDGER=ledger, BUDGET=1.5)
    result, _, _ = run_report(tmp_path, LEDGER=ledger)
    assert result["SOURCES"] == 1  # the trips and their ends are one source
    assert Ledger(ledger).entries()[-1].parents == (Ledger(ledger).entries()[0].fingerprint,)


def test_ledger_file_faults_are_refused_or_followed(points, tmp_path):
    """Issue 21 §2: LEDGER = OUTPUT, two outputs on one file, a link, a GeoPackage as LEDGER."""
    ledger = tmp_path / "ledger.json"
    perturb(points, tmp_path / "a.gpkg", LEDGER=str(ledger))
    before = ledger.read_bytes()
    with pytest.raises(QgsProcessingException, match="OUTPUT and LEDGER are the same file|LEDGER and OUTPUT"):
        perturb(points, str(ledger), LEDGER=str(ledger))
    assert ledger.read_bytes() == before
    with pytest.raises(QgsProcessingException, match="ORIGINS and DESTINATIONS are the same file"):
        trips = _trip_lines(tmp_path / "t.gpkg", [((5e5, 4.5e6), (5e5 + 10, 4.5e6))])
        processing.run("dp_geoprivacy:tripends", {"INPUT": trips, "ORIGINS": str(tmp_path / "e.gpkg"),
                                                  "DESTINATIONS": str(tmp_path / "e.gpkg")})
    assert not (tmp_path / "e.gpkg").exists()
    link = tmp_path / "link.json"
    link.symlink_to(ledger)
    perturb(points, tmp_path / "b.gpkg", LEDGER=str(link))
    assert link.is_symlink() and len(Ledger(ledger).entries()) == 2
    gpkg = tmp_path / "a.gpkg"
    content = gpkg.read_bytes()
    with pytest.raises(QgsProcessingException, match="LEDGER .*not a dp_geoprivacy ledger .not UTF-8"):
        perturb(points, tmp_path / "c.gpkg", LEDGER=str(gpkg))
    assert gpkg.read_bytes() == content and not (tmp_path / "c.gpkg").exists()


@pytest.mark.parametrize("algorithm, first, second", [
    ("escapeanalysis", "OUTPUT_TABLE", "OUTPUT_ZONES"), ("escapeanalysis", "OUTPUT_CHART", "OUTPUT_TABLE"),
    ("randomizedresponse", "OUTPUT", "OUTPUT_ESTIMATES"), ("tripends", "ORIGINS", "DESTINATIONS"),
    ("mobilityreport", "OUTPUT_VISITS", "OUTPUT_FLOWS"), ("mobilityreport", "OUTPUT_HTML", "OUTPUT_BENCHMARK"),
    ("noisyzonecounts", "OUTPUT", "LEDGER"), ("noisyodflows", "OUTPUT_MATRIX", "LEDGER"),
])
def test_two_outputs_of_one_run_on_one_file_are_refused(tmp_path, algorithm, first, second):
    """Issue 21 §2: they silently replaced each other (and LEDGER = OUTPUT overwrote the ledger)."""
    from qgis.core import QgsApplication, QgsProcessingContext

    instance = QgsApplication.processingRegistry().createAlgorithmById(f"dp_geoprivacy:{algorithm}")
    same = str(tmp_path / "same.gpkg")
    ok, message = instance.checkParameterValues({first: same, second: same}, QgsProcessingContext())
    assert not ok and re.search(f"({first} and {second}|{second} and {first}) are the same file", message)
    if "LEDGER" in (first, second):
        assert "the ledger would be lost" in message


def test_every_kind_of_damaged_ledger_gives_a_clear_refusal_and_stays_as_it_was(points, tmp_path):
    """Issue 21 §2: 10 of 18 kinds of damaged ledger gave tracebacks (the catalogue is tests/core/test_ledger.py)."""
    from tests.core.test_ledger import DAMAGED

    for kind, content in sorted(DAMAGED.items()):
        ledger = tmp_path / f"{kind.replace(' ', '_')}.json"
        ledger.write_bytes(content if isinstance(content, bytes) else content.encode())
        for run in (lambda path=str(ledger): perturb(points, tmp_path / "out.gpkg", LEDGER=path, BUDGET=5),
                    lambda path=str(ledger): run_report(tmp_path, LEDGER=path)):
            with pytest.raises(QgsProcessingException, match="LEDGER.*(ledger|empty)") as error:
                run()
            assert "Traceback" not in str(error.value), kind
        assert ledger.read_bytes() == (content if isinstance(content, bytes) else content.encode()), kind
        assert not (tmp_path / "out.gpkg").exists(), kind
    with pytest.raises(QgsProcessingException, match="LEDGER .* is a folder"):
        perturb(points, tmp_path / "out.gpkg", LEDGER=str(tmp_path))


def test_qgis_process_json_says_when_a_persons_exposure_is_unbounded(tmp_path):
    """PERSON_EPSILON is inf when one person's total is unbounded; JSON has no inf (qgis_process writes null), so
    PERSON_UNBOUNDED says it in a way a script can read, on every QGIS version."""
    unbounded = ledger_with(tmp_path / "items.json", [ledger_entry(0.5, "all")])  # one trip: not one person
    results = run_algorithm_json(REPORT, LEDGER=unbounded, OUTPUT=tmp_path / "a.csv", REPORT=tmp_path / "a.html")
    assert results["PERSON_UNBOUNDED"] is True and results["PERSON_EPSILON"] in (None, "inf")
    assert results["TOTAL_EPSILON"] == 0.5
    bounded = ledger_with(tmp_path / "users.json", [ledger_entry(0.5, "all", unit="one user")])
    results = run_algorithm_json(REPORT, LEDGER=bounded, OUTPUT=tmp_path / "b.csv", REPORT=tmp_path / "b.html")
    assert results["PERSON_UNBOUNDED"] is False and results["PERSON_EPSILON"] == 0.5


def test_a_release_without_partition_logs_the_whole_source_in_plain_words(points, tmp_path):
    """No PARTITION (the whole source): the log says so plainly, not "partition 'all' composes parallel: the whole
    source" (the rule's stored text, which read as if something composed in parallel); a PARTITION keeps its rule."""
    from ..feedback import Log

    ledger = str(tmp_path / "ledger.json")
    for name, partition, expected in (("whole", {}, "Ledger: the whole source is one partition (no parallel "
                                                    "composition)."),
                                      ("mon", {"PARTITION": "day=Mon"}, "Ledger: partition 'day=Mon' composes ")):
        log = Log()
        perturb(points, tmp_path / f"{name}.gpkg", LEDGER=ledger, **partition, feedback=log)
        ledger_lines = [line for line in log.lines if line.startswith("Ledger: ") and "reserved" not in line]
        assert any(line.startswith(expected) for line in ledger_lines), ledger_lines
        assert not any("partition 'all'" in line for line in ledger_lines), ledger_lines
