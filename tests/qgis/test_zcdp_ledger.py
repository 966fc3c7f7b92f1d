"""Gaussian and Laplace releases in one ledger, accounted in zCDP (core.accounting.zcdp), through qgis_process:
noisyzonecounts with NOISE=2 (discrete Gaussian) and NOISE=0 (Laplace), privacyreport's zCDP total and route,
and a BUDGET_RHO refusal that states the spend in both terms."""

import json

import numpy as np
import pytest

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.mechanisms.gaussian import zcdp_epsilon, zcdp_rho

from .conftest import run_algorithm_json, run_qgis_process, write_grid_zones
from .zone_counts.support import CELL, X0, Y0, grid_points, write_points

COUNTS = "dp_geoprivacy:noisyzonecounts"
REPORT = "dp_geoprivacy:privacyreport"


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(5)
    n = 4
    xy = grid_points(rng.integers(0, 20, n * n), n)
    users = [f"u{i}" for i in rng.integers(0, 60, len(xy))]
    points = write_points(tmp_path / "points.gpkg", 32633, xy, users=users)
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (X0, Y0), CELL, n)
    return points, zones


def _counts(points, zones, ledger, out, *extra):
    return run_qgis_process("run", COUNTS, "--json", "--", f"INPUT={points}", f"ZONES={zones}",
                            "ZONE_ID_FIELD=zone_id", "USER_FIELD=user", "MAX_CONTRIBUTIONS=3", f"LEDGER={ledger}",
                            f"OUTPUT={out}", *extra, check=False)


def test_gaussian_and_laplace_releases_in_one_ledger_are_reported_in_zcdp(data, tmp_path):
    points, zones = data
    ledger = tmp_path / "ledger.json"
    for name in ("g1", "g2"):  # two discrete Gaussian releases calibrated to (0.5, 1e-7) each
        done = _counts(points, zones, ledger, tmp_path / f"{name}.gpkg", "EPSILON=0.5", "DELTA=1e-7", "NOISE=2")
        assert done.returncode == 0, done.stderr
    done = _counts(points, zones, ledger, tmp_path / "laplace.gpkg", "EPSILON=0.1", "NOISE=0")
    assert done.returncode == 0, done.stderr
    entries = Ledger(ledger).entries()
    rho = zcdp_rho(0.5, 1e-7)
    assert [e.rho for e in entries] == [pytest.approx(rho, rel=1e-12)] * 2 + [None]
    results = run_algorithm_json(REPORT, LEDGER=ledger, DELTA=1e-6, OUTPUT=tmp_path / "releases.gpkg",
                                 REPORT=tmp_path / "report.html")
    total_rho = 2 * rho + 0.1 ** 2 / 2  # the Laplace release enters as epsilon^2 / 2
    assert results["TOTAL_RHO"] == pytest.approx(total_rho, rel=1e-9)
    # zCDP: about 0.795 at delta 1e-6, against basic composition's (1.1, 2e-7)
    assert results["TOTAL_ROUTE"] == "zCDP"
    assert results["TOTAL_EPSILON"] == pytest.approx(zcdp_epsilon(total_rho, 1e-6), rel=1e-9)
    assert results["TOTAL_EPSILON"] < 1.1 and results["TOTAL_DELTA"] == 1e-6
    page = (tmp_path / "report.html").read_text()
    assert "zCDP gives the smaller epsilon" in page and "by basic composition: epsilon 1.1, delta 2e-07" in page
    # DELTA 0: basic composition only
    basic = run_algorithm_json(REPORT, LEDGER=ledger, DELTA=0, OUTPUT=tmp_path / "basic.gpkg",
                               REPORT=tmp_path / "basic.html")
    assert basic["TOTAL_ROUTE"] == "basic composition" and basic["TOTAL_EPSILON"] == pytest.approx(1.1)


def test_a_rho_budget_refuses_with_the_spend_in_both_terms(data, tmp_path):
    points, zones = data
    ledger = tmp_path / "ledger.json"
    done = _counts(points, zones, ledger, tmp_path / "g.gpkg", "EPSILON=0.5", "DELTA=1e-7", "NOISE=2",
                   "BUDGET_RHO=0.1")
    assert done.returncode == 0, done.stderr
    refused = _counts(points, zones, ledger, tmp_path / "laplace.gpkg", "EPSILON=0.5", "NOISE=0", "BUDGET_RHO=0.1")
    assert refused.returncode != 0
    [line] = [line for line in refused.stdout.splitlines() if line.startswith("{")]
    refusal = json.loads(line)["dp_geoprivacy_refusal"]
    rho = zcdp_rho(0.5, 1e-7)
    assert refusal["reason"] == "budget_exceeded" and refusal["parameter"] == "BUDGET_RHO"
    assert refusal["term"] == "rho" and refusal["spent"] == pytest.approx(rho, rel=1e-5)
    assert refusal["requested"] == pytest.approx(0.125, rel=1e-5)
    assert "rho spent = " in refusal["message"] and "by basic composition" in refusal["message"]
    assert "epsilon 1, delta 1e-07 by basic composition" in refusal["message"]
    assert not (tmp_path / "laplace.gpkg").exists() and len(Ledger(ledger).entries()) == 1
    both = _counts(points, zones, ledger, tmp_path / "both.gpkg", "EPSILON=0.1", "BUDGET=3", "BUDGET_RHO=0.1")
    assert both.returncode != 0 and "not both" in both.stdout + both.stderr
