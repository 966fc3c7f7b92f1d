"""M: automatic (issue 22 part 2) through the real qgis_process: the bound is chosen by permute-and-flip
with AUTO_SHARE of EPSILON, the release runs on the rest with the chosen M, and the choice is logged, recorded and
charged to the ledger.

The data make the choice certain with Laplace noise: 60 users with exactly 4 records each. Then d(M) is 0 at
M = 4, about 60 - c users below it and c above it (c the noise error's slope, cells / epsilon of the release at
least c = 5 here: 10 zone cells, or 82 mostly empty OD pairs, core.mechanisms.bound_selection); with EPSILON 10 and
AUTO_SHARE 0.9 (epsilon 9 for the choice, 1 for the release) any other M has probability below
16 exp(-9 * 5 / 2) < 1e-8 (the base measure 1/M^2 favours M = 1 by at most 16), so M = 4 is what a correct choice
gives.

With the discrete Gaussian (NOISE=2) the run stays rho(EPSILON, DELTA)-zCDP: the choice (AUTO_SHARE of EPSILON,
pure) takes epsilon^2 / 2 of that rho, the release the rest. Its noise grows only as sqrt(M), so the M above 4
differ little and the test does not fix M: it checks that the M logged is the M recorded and used (sensitivity
sqrt(M), sigma sqrt(M / (2 rho_rest))), and the accounting against figures computed here.
"""

import json
import math
import re

import pytest
from osgeo import ogr

from dp_geoprivacy.core.mechanisms.gaussian import zcdp_delta, zcdp_epsilon, zcdp_rho
from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import ROOT, run_qgis_process, write_grid_zones
from .neighbouring_cases import line, point, write_layer

X0, Y0, CELL, N = 500_000.0, 4_500_000.0, 1000.0, 3
USERS, PER_USER = 60, 4
AUTO = {"EPSILON": 10, "AUTO_SHARE": 0.9, "AUTO_MAX_BOUND": 8, "SEED": 5}


def centre(k):
    return X0 + (k % N + 0.5) * CELL, Y0 + (k // N + 0.5) * CELL


def run(algorithm, tmp_path, **parameters):
    ledger = tmp_path / "ledger.json"
    args = ["run", f"dp_geoprivacy:{algorithm}", "--json", "--"] + [
        f"{k}={v}" for k, v in {**AUTO, "LEDGER": ledger, **parameters}.items()]
    done = run_qgis_process(*args)
    results = json.loads(done.stdout[done.stdout.index("{"):])["results"]
    return results, done.stdout + done.stderr, json.loads(ledger.read_text())["entries"]


def check_choice(results, log, entries, record, expected_m=PER_USER):
    """The log names the M chosen and its epsilon; the record's mechanism names it; the run spends EPSILON."""
    chosen = re.search(r"Automatic M: permute-and-flip chose M = (\d+) \(from 1 to 8\) with epsilon "
                       r"([0-9.]+) of the 10 of this run", log)
    assert chosen, log
    assert int(chosen.group(1)) == expected_m and float(chosen.group(2)) == pytest.approx(9.0)
    assert f"M = {expected_m} chosen by permute-and-flip" in record.mechanism
    assert record.epsilon == pytest.approx(10.0) and results["EPSILON_SPENT"] == pytest.approx(10.0)
    assert record.choice_epsilon == pytest.approx(9.0) and record.release_epsilon == 1.0  # 10 - 9 exactly
    [entry] = entries
    assert entry["epsilon"] == pytest.approx(10.0)
    # The release itself ran with the chosen M on the remaining epsilon 1: Laplace scale M / 1.
    assert results["SENSITIVITY"] == expected_m and results["NOISE_SCALE"] == pytest.approx(expected_m / 1.0)


@pytest.fixture(scope="module")
def zones(tmp_path_factory):
    return write_grid_zones(tmp_path_factory.mktemp("zones") / "zones.gpkg", 32633, (X0, Y0), CELL, N)


def test_zone_counts_with_automatic_m(zones, tmp_path):
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    results, log, entries = run("noisyzonecounts", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_CONTRIBUTIONS=0, OUTPUT=tmp_path / "counts.gpkg")
    check_choice(results, log, entries, read_from_file(str(tmp_path / "counts.gpkg"))[0])


def test_od_flows_with_automatic_m(zones, tmp_path):
    rows = [{"wkt": line(centre(u % 9), centre((u + i) % 9)), "uid": f"u{u}"}
            for u in range(USERS) for i in range(PER_USER)]
    trips = write_layer(tmp_path / "trips.gpkg", rows, ogr.wkbLineString)
    results, log, entries = run("noisyodflows", tmp_path, INPUT=trips, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_TRIPS=0, THRESHOLD=0, DELTA=0,
                                OUTPUT_FLOWS=tmp_path / "flows.gpkg", OUTPUT_MATRIX=tmp_path / "matrix.gpkg")
    check_choice(results, log, entries, read_from_file(str(tmp_path / "flows.gpkg"))[0])


def test_zone_statistics_with_automatic_m_and_value_bounds(zones, tmp_path):
    """600 users of 4 values, 0..99 repeated (the 2nd and 98th percentiles are 2 and 97), in the declared range
    0..1000 (grid step 1); AUTO_SHARE 0.45 gives epsilon 4.5 to M (any M but 4 below 8 exp(-4.5 * 9 / 2) = 1e-8),
    4.5 to the bounds (2.25 per quantile, 4 ranks of sensitivity: rank margin 2 * 4 ln(1001 / 0.05) / 2.25 = 35
    ranks of 2,400, 1.5 values; each of the 900 candidates above the data is 48 ranks off, 900 exp(-2.25 * 48 / 8)
    = 0.001) and 1 to the sum."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(10 * USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    results, log, entries = run("noisyzonestatistics", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                VALUE_FIELD="speed", STATISTIC=1, LOWER=0, UPPER=1000, UNIT=1, USER_FIELD="uid",
                                MAX_CONTRIBUTIONS=0, AUTO_SHARE=0.45, AUTO_VALUE_BOUNDS=True,
                                OUTPUT=tmp_path / "statistics.gpkg")
    [record] = read_from_file(str(tmp_path / "statistics.gpkg"))
    assert re.search(r"chose M = 4 \(from 1 to 8\) with epsilon 4.5 of the 10", log), log
    bounds = re.search(r"percentiles are ([0-9.]+) and ([0-9.]+) \(epsilon 4.5\)", log)
    assert bounds, log
    lower, upper = float(bounds.group(1)), float(bounds.group(2))
    assert abs(lower - 2) <= 3 and abs(upper - 97) <= 3
    assert f"LOWER = {lower:g} and UPPER = {upper:g}" in record.mechanism and "M = 4 chosen" in record.mechanism
    assert record.epsilon == pytest.approx(10.0) and entries[0]["epsilon"] == pytest.approx(10.0)
    # The sum's sensitivity is M max(|LOWER|, |UPPER|) with the chosen bounds.
    assert results["SENSITIVITY"] == pytest.approx(4 * upper)


def test_mobility_report_with_automatic_m(zones, tmp_path):
    """The choice weighs the visits per zone: a trip changes two zones, so the noise's slope is about c = 2 x 9 zones /
    (1 x the visits' share of EPSILON) users, and the snapped grain raises it further: 600 users (not 60) keep the
    users beyond M below 4 far above c."""
    rows = [r for u in range(10 * USERS) for i in range(PER_USER) for r in (
        {"wkt": point(*centre(u % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:10:00"},
        {"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:40:00"})]
    records = write_layer(tmp_path / "records.gpkg", rows)
    _, log, entries = run("mobilityreport", tmp_path, INPUT=records, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts", MAX_TRIPS_PER_USER=0,
                          TIME_START="2024-03-01", TIME_END="2024-04-01", OUTPUT_HTML=tmp_path / "report.html",
                          OUTPUT_VISITS=tmp_path / "visits.gpkg", OUTPUT_FLOWS=tmp_path / "flows.gpkg")
    [record] = read_from_file(str(tmp_path / "visits.gpkg"))
    assert re.search(r"chose M = 4 \(from 1 to 8\) with epsilon 9 of the 10 of this run", log), log
    assert "M = 4 chosen by permute-and-flip" in record.mechanism
    assert record.epsilon == pytest.approx(10.0) and entries[0]["epsilon"] == pytest.approx(10.0)
    assert "at most 4 trips kept per user" in record.unit_of_privacy
    assert "M = 4 was chosen by permute-and-flip with epsilon 9 of the total" in (
        tmp_path / "report.html").read_text(encoding="utf-8")


def test_od_totals_with_automatic_m(zones, tmp_path):
    """OUTPUT_TOTALS (the least-squares totals release) runs with the chosen M and the remaining epsilon too."""
    rows = [{"wkt": line(centre(u % 9), centre((u + i) % 9)), "uid": f"u{u}"}
            for u in range(USERS) for i in range(PER_USER)]
    trips = write_layer(tmp_path / "trips.gpkg", rows, ogr.wkbLineString)
    results, log, entries = run("noisyodflows", tmp_path, INPUT=trips, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_TRIPS=0, THRESHOLD=0, DELTA=0, MIN_FLOW=0,
                                OUTPUT_FLOWS=tmp_path / "flows.gpkg", OUTPUT_MATRIX=tmp_path / "matrix.gpkg",
                                OUTPUT_TOTALS=tmp_path / "totals.gpkg")
    [record] = read_from_file(str(tmp_path / "flows.gpkg"))
    assert re.search(r"chose M = 4 \(from 1 to 8\) with epsilon 9 of the 10", log), log
    assert "M = 4 chosen by permute-and-flip" in record.mechanism and "at most 4 trips" in (
        record.unit_of_privacy)
    assert record.epsilon == pytest.approx(10.0) and entries[0]["epsilon"] == pytest.approx(10.0)


def test_automatic_m_without_users_is_refused(zones, tmp_path):
    points = write_layer(tmp_path / "points.gpkg", [{"wkt": point(*centre(0)), "uid": "a"}])
    done = run_qgis_process("run", "dp_geoprivacy:noisyzonecounts", "--", f"INPUT={points}", f"ZONES={zones}",
                            "MAX_CONTRIBUTIONS=0", f"OUTPUT={tmp_path / 'out.gpkg'}", check=False)
    assert done.returncode != 0 and "MAX_CONTRIBUTIONS=0 (automatic) chooses the bound per user" in (
        done.stdout + done.stderr)
    assert not (tmp_path / "out.gpkg").exists()


def test_declared_m_is_unchanged(zones, tmp_path):
    """M = 2 declared: no choice, nothing about it in the log or the record, the whole EPSILON on the counts."""
    rows = [{"wkt": point(*centre(i % 9)), "uid": f"u{i % 7}"} for i in range(40)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    results, log, _ = run("noisyzonecounts", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          USER_FIELD="uid", MAX_CONTRIBUTIONS=2, OUTPUT=tmp_path / "counts.gpkg")
    assert "Automatic M" not in log and results["NOISE_SCALE"] == pytest.approx(2 / 10)
    assert "chosen by the exponential" not in read_from_file(str(tmp_path / "counts.gpkg"))[0].mechanism


def test_a_run_refused_by_its_budget_shows_no_chosen_m(zones, tmp_path):
    """The chosen M is a mechanism output: it may be shown only once the run's epsilon is in the ledger. A run
    that BUDGET refuses draws the choice before the reservation, so its log line must wait for the reservation
    (it was pushed at once: a refused run showed an M no ledger paid for)."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    ledger = tmp_path / "ledger.json"
    unseeded = {k: v for k, v in AUTO.items() if k != "SEED"}  # seeded runs are outside every budget
    parameters = {**unseeded, "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid",
                  "MAX_CONTRIBUTIONS": 0, "LEDGER": ledger, "BUDGET": 15}
    args = ["run", "dp_geoprivacy:noisyzonecounts", "--"]
    first = run_qgis_process(*args, *(f"{k}={v}" for k, v in {**parameters, "OUTPUT": tmp_path / "a.gpkg"}.items()))
    assert "permute-and-flip chose M" in first.stdout + first.stderr
    refused = run_qgis_process(*args, *(f"{k}={v}" for k, v in {**parameters, "OUTPUT": tmp_path / "b.gpkg"}.items()),
                               check=False)
    log = refused.stdout + refused.stderr
    assert refused.returncode != 0 and "BUDGET" in log, log
    assert "permute-and-flip chose" not in log and not (tmp_path / "b.gpkg").exists()
    assert len(json.loads(ledger.read_text())["entries"]) == 1


def test_dry_run_with_automatic_m_draws_nothing_and_says_what_the_choice_costs(zones, tmp_path):
    """A trial run must not run the choice: its M would be a mechanism output seen by the data holder with no
    ledger entry (repeated trial runs would each spend AUTO_SHARE of EPSILON unrecorded). It says that M will be
    chosen, what the choice costs, and gives its figures for the largest candidate (public: AUTO_MAX_BOUND 8, so
    the noise scale is 8 / the release's epsilon 1)."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    parameters = {**AUTO, "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "USER_FIELD": "uid",
                  "MAX_CONTRIBUTIONS": 0, "DRY_RUN": "true", "OUTPUT": tmp_path / "counts.gpkg"}
    done = run_qgis_process("run", "dp_geoprivacy:noisyzonecounts", "--json", "--",
                            *(f"{k}={v}" for k, v in parameters.items()))
    results, log = json.loads(done.stdout[done.stdout.index("{"):])["results"], done.stdout + done.stderr
    assert "permute-and-flip chose" not in log
    assert re.search(r"Automatic M: M will be chosen privately when the release runs \(from 1 to 8\), with epsilon "
                     r"9 of the 10 of this run", log), log
    assert results["EPSILON_WOULD_SPEND"] == pytest.approx(10.0) and results["EPSILON_SPENT"] == 0
    assert results["SENSITIVITY"] == 8 and results["NOISE_SCALE"] == pytest.approx(8.0)
    assert not (tmp_path / "counts.gpkg").exists()


def test_dry_run_with_automatic_value_bounds_draws_nothing(zones, tmp_path):
    """Likewise LOWER/UPPER: a trial run keeps the declared range (0..1000, the widest the choice can give: sum
    sensitivity 8 * 1000 at the largest candidate M) and says the bounds will be chosen and what that costs."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    parameters = {**AUTO, "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed",
                  "STATISTIC": 1, "LOWER": 0, "UPPER": 1000, "UNIT": 1, "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": 0,
                  "AUTO_SHARE": 0.45, "AUTO_VALUE_BOUNDS": True, "DRY_RUN": "true",
                  "OUTPUT": tmp_path / "statistics.gpkg"}
    done = run_qgis_process("run", "dp_geoprivacy:noisyzonestatistics", "--json", "--",
                            *(f"{k}={v}" for k, v in parameters.items()))
    results, log = json.loads(done.stdout[done.stdout.index("{"):])["results"], done.stdout + done.stderr
    assert "percentiles are" not in log and "permute-and-flip chose" not in log
    assert re.search(r"Automatic LOWER/UPPER: the bounds will be chosen privately inside 0 to 1000 when the release "
                     r"runs, with epsilon 4.5", log), log
    assert results["SENSITIVITY"] == pytest.approx(8 * 1000)
    assert not (tmp_path / "statistics.gpkg").exists()


# --- NOISE=2: automatic M with the discrete Gaussian ---------------------------------------------------------------

GAUSSIAN = {"EPSILON": 1, "DELTA": 1e-6, "NOISE": 2, "AUTO_SHARE": 0.05}


def check_gaussian_accounting(log, entries, record, epsilon=1.0, delta=1e-6, share=0.05):
    """By hand: the choice's epsilon 0.05 enters as 0.05^2 / 2 = 0.00125 of rho; the release gets rho(1, 1e-6) less
    that, converted to its epsilon; the record and the ledger carry the whole rho(1, 1e-6) and epsilon 1 (the
    conversion of that rho), not the sum of the two epsilons. Returns the chosen M and the release's rho."""
    chosen = re.search(r"Automatic M: permute-and-flip chose M = (\d+) \(from 1 to 8\) with epsilon "
                       r"([0-9.]+) of the 1 of this run; the release uses the other ([0-9.]*[0-9])", log)
    assert chosen, log
    m, choice = int(chosen.group(1)), float(chosen.group(2))
    rho_rest = zcdp_rho(epsilon, delta) - (share * epsilon) ** 2 / 2
    assert choice == pytest.approx(share * epsilon)
    assert float(chosen.group(3)) == pytest.approx(zcdp_epsilon(rho_rest, delta), rel=1e-4)
    assert f"M = {m} chosen by permute-and-flip" in record.mechanism
    assert record.rho == pytest.approx(zcdp_rho(epsilon, delta), rel=1e-6)
    assert record.epsilon == pytest.approx(epsilon, rel=1e-6) and record.delta == delta
    assert record.epsilon <= epsilon  # never above EPSILON by the conversions' rounding
    [entry] = entries
    assert entry["rho"] == pytest.approx(record.rho) and entry["epsilon"] == pytest.approx(epsilon, rel=1e-6)
    assert entry["epsilon"] <= epsilon
    return m, rho_rest


def test_zone_counts_with_automatic_m_and_gaussian_noise(zones, tmp_path):
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}"} for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    results, log, entries = run("noisyzonecounts", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_CONTRIBUTIONS=0, OUTPUT=tmp_path / "counts.gpkg", **GAUSSIAN)
    m, rho_rest = check_gaussian_accounting(log, entries, read_from_file(str(tmp_path / "counts.gpkg"))[0])
    assert "M = 0" not in log and "in at most M zones (the automatic M)" in log  # not "M = 0 zones"
    assert results["SENSITIVITY"] == pytest.approx(math.sqrt(m))
    assert results["NOISE_SCALE"] == pytest.approx(math.sqrt(m / (2 * rho_rest)), rel=1e-4)


def test_od_flows_with_automatic_m_and_gaussian_noise(zones, tmp_path):
    rows = [{"wkt": line(centre(u % 9), centre((u + i) % 9)), "uid": f"u{u}"}
            for u in range(USERS) for i in range(PER_USER)]
    trips = write_layer(tmp_path / "trips.gpkg", rows, ogr.wkbLineString)
    results, log, entries = run("noisyodflows", tmp_path, INPUT=trips, ZONES=zones, ZONE_ID_FIELD="zone_id",
                                USER_FIELD="uid", MAX_TRIPS=0, THRESHOLD=0, OUTPUT_FLOWS=tmp_path / "flows.gpkg",
                                OUTPUT_MATRIX=tmp_path / "matrix.gpkg", **GAUSSIAN)
    m, rho_rest = check_gaussian_accounting(log, entries, read_from_file(str(tmp_path / "flows.gpkg"))[0])
    assert results["SENSITIVITY"] == pytest.approx(math.sqrt(m))
    assert "M = 0" not in log and "in at most M pairs (the automatic M)" in log  # not "M = 0 pairs"


def test_od_flows_with_automatic_m_and_gaussian_thresholding(zones, tmp_path):
    """THRESHOLD=1 with NOISE=2 is (epsilon, delta)-DP, not zCDP: the choice takes its epsilon 0.05 and the release
    the other 0.95 (basic composition), the record says EPSILON 1 without rho."""
    rows = [{"wkt": line(centre(u % 9), centre((u + i) % 9)), "uid": f"u{u}"}
            for u in range(USERS) for i in range(PER_USER)]
    trips = write_layer(tmp_path / "trips.gpkg", rows, ogr.wkbLineString)
    _, log, entries = run("noisyodflows", tmp_path, INPUT=trips, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          USER_FIELD="uid", MAX_TRIPS=0, THRESHOLD=1, OUTPUT_FLOWS=tmp_path / "flows.gpkg",
                          OUTPUT_MATRIX=tmp_path / "matrix.gpkg", **GAUSSIAN)
    assert re.search(r"with epsilon 0.05 of the 1 of this run; the release uses the other 0.95\b", log), log
    [record] = read_from_file(str(tmp_path / "flows.gpkg"))
    assert record.rho is None and record.epsilon == pytest.approx(1.0) and record.delta == 1e-6
    assert "Gaussian thresholding" in record.mechanism
    assert entries[0]["rho"] is None and entries[0]["epsilon"] == pytest.approx(1.0)


def test_zone_statistics_with_automatic_m_and_gaussian_noise(zones, tmp_path):
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    _, log, entries = run("noisyzonestatistics", tmp_path, INPUT=points, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          VALUE_FIELD="speed", STATISTIC=1, LOWER=0, UPPER=100, UNIT=1, USER_FIELD="uid",
                          MAX_CONTRIBUTIONS=0, OUTPUT=tmp_path / "statistics.gpkg", **GAUSSIAN)
    check_gaussian_accounting(log, entries, read_from_file(str(tmp_path / "statistics.gpkg"))[0])


def test_mobility_report_with_automatic_m_and_gaussian_visits(zones, tmp_path):
    """The report's analyses share EPSILON less the choice's epsilon (its other analyses are pure epsilon-DP, so
    the report is not one rho(EPSILON, DELTA) release): rho is the report's plus 0.05^2 / 2, and the record's epsilon
    is the smaller of the sum (1) and that rho's conversion. Every analysis but od_flows: with them (Gaussian
    thresholding, not zCDP) the record carries no rho (tests/qgis/test_mobility_report.py)."""
    rows = [r for u in range(USERS) for i in range(PER_USER) for r in (
        {"wkt": point(*centre(u % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:10:00"},
        {"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "tid": f"t{i}", "ts": f"2024-03-0{1 + i} 08:40:00"})]
    records = write_layer(tmp_path / "records.gpkg", rows)
    _, log, entries = run("mobilityreport", tmp_path, INPUT=records, ZONES=zones, ZONE_ID_FIELD="zone_id",
                          USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts", MAX_TRIPS_PER_USER=0,
                          TIME_START="2024-03-01", TIME_END="2024-04-01", OUTPUT_HTML=tmp_path / "report.html",
                          OUTPUT_VISITS=tmp_path / "visits.gpkg", OUTPUT_FLOWS=tmp_path / "flows.gpkg",
                          ANALYSES=",".join(str(i) for i in range(15) if i != 7), **GAUSSIAN)
    [record] = read_from_file(str(tmp_path / "visits.gpkg"))
    chosen = re.search(r"chose M = (\d+) \(from 1 to 8\) with epsilon 0.05 of the 1 of this run; the release uses "
                       r"the other 0.95", log)
    assert chosen, log
    assert f"M = {chosen.group(1)} chosen by permute-and-flip" in record.mechanism
    assert record.rho > 0.05 ** 2 / 2 and record.delta == 1e-6
    assert record.epsilon == pytest.approx(min(1.0, zcdp_epsilon(record.rho, 1e-6)), rel=1e-6)
    assert entries[0]["rho"] == pytest.approx(record.rho)
    # With od_flows (the default analyses): Gaussian thresholding is added on top, so no rho; delta DELTA + OD_DELTA.
    _, _, entries = run("mobilityreport", tmp_path / "with_flows", INPUT=records, ZONES=zones,
                        ZONE_ID_FIELD="zone_id", USER_FIELD="uid", TRIP_FIELD="tid", TIMESTAMP_FIELD="ts",
                        MAX_TRIPS_PER_USER=0, TIME_START="2024-03-01", TIME_END="2024-04-01",
                        OUTPUT_HTML=tmp_path / "with_flows" / "report.html",
                        OUTPUT_VISITS=tmp_path / "with_flows" / "visits.gpkg",
                        OUTPUT_FLOWS=tmp_path / "with_flows" / "flows.gpkg", **GAUSSIAN)
    [record] = read_from_file(str(tmp_path / "with_flows" / "visits.gpkg"))
    assert record.rho is None and entries[0]["rho"] is None and record.delta == pytest.approx(2e-6)
    assert record.epsilon <= 1.0 + 1e-12 and "Gaussian thresholding" in record.mechanism


def test_value_bounds_whose_rho_does_not_fit_are_refused_naming_the_share_that_fits(zones, tmp_path):
    """NOISE=2, M declared, AUTO_VALUE_BOUNDS with 0.9 of EPSILON 10: the choice's 9^2 / 2 = 40.5 does not fit in
    rho(10, 1e-6) (1.54). The run used to fall back to basic composition (the bounds' 9 plus the sum's 1, its rho
    above rho(EPSILON, DELTA) against the help's promise, where the Spark command and the planner refused); now it
    is refused by the same core rule (bound_selection.plan_choice), naming AUTO_SHARE and the largest share that
    fits (sqrt(2 x 1.54) / 10 = 0.175), before anything is drawn, written or entered in the ledger."""
    rows = [{"wkt": point(*centre((u + i) % 9)), "uid": f"u{u}", "speed": float((u * PER_USER + i) % 100)}
            for u in range(10 * USERS) for i in range(PER_USER)]
    points = write_layer(tmp_path / "points.gpkg", rows)
    ledger, out = tmp_path / "ledger.json", tmp_path / "statistics.gpkg"
    done = run_qgis_process("run", "dp_geoprivacy:noisyzonestatistics", "--", *[f"{k}={v}" for k, v in {
        **AUTO, "INPUT": points, "ZONES": zones, "ZONE_ID_FIELD": "zone_id", "VALUE_FIELD": "speed", "STATISTIC": 1,
        "LOWER": 0, "UPPER": 1000, "UNIT": 1, "USER_FIELD": "uid", "MAX_CONTRIBUTIONS": PER_USER,
        "AUTO_VALUE_BOUNDS": True, "NOISE": 2, "DELTA": 1e-6, "LEDGER": ledger, "OUTPUT": out}.items()], check=False)
    text = done.stdout + done.stderr
    rho = zcdp_rho(10.0, 1e-6)
    fits = math.floor((2 * rho) ** 0.5 / 10 * 1000) / 1000
    assert done.returncode != 0 and "Traceback" not in text
    assert (f"AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE 0.9: the choices' rho 40.5 would take the whole rho "
            f"{rho:.3g} of EPSILON 10 at DELTA 1e-06") in text
    assert f"use AUTO_SHARE below {fits:.3g}, or NOISE=0" in text
    assert "percentiles are" not in text and not out.exists() and not ledger.exists()


def test_gaussian_run_with_automatic_value_bounds_spends_at_most_epsilon(tmp_path):
    """A planner's trial (the sample households, NOISE=2, DELTA 1e-6, EPSILON 1, automatic LOWER/UPPER) recorded
    EPSILON_SPENT 1.000000000000176: the release drew at zcdp_rho of its epsilon, which the round trip through
    zcdp_epsilon put above the rest rho(1, 1e-6) - 0.05^2 / 2 = 0.0231059703595366, and the conversion of the sum
    ended its bisection above 1. By hand the release's rho is at most that rest, the whole rho at most
    rho(1, 1e-6), and the spend at most 1 while the conversion (CKS Corollary 13) holds at it."""
    sample = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
    results, _, entries = run("noisyzonestatistics", tmp_path, INPUT=f"{sample}|layername=households",
                              ZONES=f"{sample}|layername=zones", ZONE_ID_FIELD="zone_id", VALUE_FIELD="persons",
                              STATISTIC=1, LOWER=0, UPPER=10, AUTO_VALUE_BOUNDS=True,
                              OUTPUT=tmp_path / "statistics.gpkg", **GAUSSIAN)
    [record] = read_from_file(str(tmp_path / "statistics.gpkg"))
    rest = zcdp_rho(1.0, 1e-6) - 0.05 ** 2 / 2
    assert zcdp_rho(results["EPSILON_PER_CELL"], 1e-6) <= rest  # the release's own rho, as its noise draws it
    assert record.rho <= zcdp_rho(1.0, 1e-6) and entries[0]["rho"] == record.rho
    assert results["EPSILON_SPENT"] == record.epsilon == entries[0]["epsilon"] == 1.0
    assert zcdp_delta(record.rho, 1.0) <= 1e-6  # the conversion holds at 1: not understated
