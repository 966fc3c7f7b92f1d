"""Bad and awkward inputs: the same through the real qgis_process (the catalogue: test_catalogue.py)."""

import json
import re
import subprocess

from dp_geoprivacy.core.accounting.ledger import Ledger

from ..conftest import feature_count, qgis_process_command, run_qgis_process
from .harness import COUNTS, PERTURB, csv_file, digest, everything_in

# --- the same through the real qgis_process ---------------------------------------------


def _qgis_process_refuses(*args, match):
    result = run_qgis_process("run", *args, check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert re.search(match, output), output
    assert "Traceback" not in output, output


def test_qgis_process_refuses_bad_numbers_and_paths_clearly(base, dirs):
    inputs, outputs = dirs
    before = digest(inputs)
    _qgis_process_refuses(PERTURB, "--", f"INPUT={base['points']}", "GRID=nan", f"OUTPUT={outputs / 'a.gpkg'}",
                          match="GRID must be a finite number")
    _qgis_process_refuses(PERTURB, "--", f"INPUT={base['points']}", f"OUTPUT={base['points']}",
                          match="OUTPUT is the file of INPUT")
    table = csv_file(inputs / "table.csv", ["zone_id"], [["Z0_0"]])
    before = digest(inputs)
    _qgis_process_refuses(COUNTS, "--", f"INPUT={base['points']}", f"ZONES={table}", f"OUTPUT={outputs / 'b.gpkg'}",
                          match="ZONES")
    _qgis_process_refuses(COUNTS, "--", f"INPUT={base['points']}", f"ZONES={base['zones']}", "USER_FIELD=user",
                          "MAX_CONTRIBUTIONS=1e308", f"OUTPUT={outputs / 'c.gpkg'}", match="MAX_CONTRIBUTIONS")
    assert digest(inputs) == before and everything_in(outputs) == []


def test_qgis_process_with_unicode_and_spaces_in_paths(base, dirs):
    inputs, outputs = dirs
    folder = outputs / "Ergebnis Ördner"
    result = run_qgis_process("run", PERTURB, "--json", "--", f"INPUT={base['points']}", "EPSILON=1",
                              "DISTANCE=100", f"OUTPUT={folder / 'gestörte Punkte.geojson'}")
    assert json.loads(result.stdout[result.stdout.index("{"):])["results"]["POINTS_WRITTEN"] == 60
    assert feature_count(folder / "gestörte Punkte.geojson") == 60


def _start_qgis_process(*args):
    return subprocess.Popen(qgis_process_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_processes_appending_to_one_ledger(base, dirs, tmp_path):
    """Concurrent runs through qgis_process: no entry lost, and a budget for one release lets exactly one run."""
    _, outputs = dirs
    ledger = tmp_path / "ledger.json"
    runs = [_start_qgis_process("run", PERTURB, "--", f"INPUT={base['points']}", "EPSILON=1", "DISTANCE=100",
                                f"LEDGER={ledger}", f"OUTPUT={outputs / f'free{i}.gpkg'}") for i in range(3)]
    results = [(run.wait(timeout=600), run.communicate()) for run in runs]
    assert all(code == 0 for code, _ in results), results
    assert len(Ledger(ledger).entries()) == 3 and len({e.release_id for e in Ledger(ledger).entries()}) == 3
    budgeted = tmp_path / "budgeted.json"
    runs = [_start_qgis_process("run", PERTURB, "--", f"INPUT={base['points']}", "EPSILON=1", "DISTANCE=100",
                                f"LEDGER={budgeted}", "BUDGET=1.5", f"OUTPUT={outputs / f'budget{i}.gpkg'}")
            for i in range(2)]
    results = [(run.wait(timeout=600), run.communicate()) for run in runs]
    assert sorted(code == 0 for code, _ in results) == [False, True], results
    refusal = next(out + err for code, (out, err) in results if code != 0)
    assert "Privacy budget exceeded" in refusal and "Traceback" not in refusal
    assert [e.epsilon for e in Ledger(budgeted).entries()] == [1.0]
    assert len(list(outputs.glob("budget*.gpkg"))) == 1
    assert not list(tmp_path.glob("*.lock")) and not list(outputs.glob(".dp_geoprivacy-*"))
