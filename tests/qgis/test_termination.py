"""A run ended by SIGTERM (the real qgis_process, a million points) leaves no output and a consistent ledger."""

import glob
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from dp_geoprivacy.core.ledger import Ledger

from .conftest import QGIS_PROCESS

ROOT = Path(__file__).resolve().parents[2]
N_POINTS = 1_000_000


def _qgis_process_env():
    """The environment `make qgis_process` gives qgis_process (run directly, so the signal reaches it)."""
    site = glob.glob(str(ROOT / ".venv" / "lib" / "python3*" / "site-packages"))
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", QGIS_CUSTOM_CONFIG_PATH=str(ROOT / "build" / "qgis-profile"),
                QGIS_PLUGINPATH=str(ROOT / "build" / "plugins"), PYTHONPATH=site[0] if site else "",
                XDG_RUNTIME_DIR=f"/tmp/runtime-{os.getuid()}")


@pytest.fixture(scope="module")
def million_points(tmp_path_factory):
    from benchmarks.bench_laplace_perturbation import make_points

    return make_points(tmp_path_factory.mktemp("million"), N_POINTS)


def _file_state(path):
    stat = os.stat(path)
    return stat.st_size, stat.st_mtime_ns


def test_sigterm_while_writing_leaves_no_output_and_a_consistent_ledger(million_points, tmp_path):
    if QGIS_PROCESS:  # the QGIS under test runs its own qgis_process, staged by its make target
        command, env = QGIS_PROCESS, None
    else:
        subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "stage"], check=True)
        command, env = ["/usr/bin/qgis_process.bin"], _qgis_process_env()
    out = tmp_path / "out dir"
    out.mkdir()
    ledger = out / "ledger.json"
    before = _file_state(million_points)
    process = subprocess.Popen(
        [*command, "run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={million_points}",
         "EPSILON=1", "DISTANCE=100", f"LEDGER={ledger}", f"OUTPUT={out / 'perturbed.gpkg'}"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 300
        working = []
        # Mid-run: once the output's working folder holds the GeoPackage being filled.
        while time.monotonic() < deadline and process.poll() is None:
            working = [w for w in out.glob(".dp_geoprivacy-*") if any(w.iterdir())]
            if working:
                break
            time.sleep(0.01)
        assert working, "the run ended (or timed out) before its output was being written"
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    log = process.stdout.read().decode(errors="replace")
    assert returncode == -signal.SIGTERM, log
    # Nothing but the ledger: no output, no hidden working folder, no lock or temporary ledger file.
    assert sorted(p.name for p in out.iterdir()) == ["ledger.json"], log
    entries = Ledger(ledger).entries()
    assert [(e.algorithm, e.epsilon, e.note) for e in entries] == [
        ("dp_geoprivacy:laplaceperturbation", 1.0, "reserved before any noise was drawn")]
    assert _file_state(million_points) == before
