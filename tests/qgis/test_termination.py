"""A run ended by SIGTERM or SIGINT (Ctrl-C; the real qgis_process, a million points) leaves no output and a
consistent ledger."""

import glob
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from dp_geoprivacy.core.accounting.ledger import Ledger

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


def _start_run(million_points, out, ledger):
    if QGIS_PROCESS:  # the QGIS under test runs its own qgis_process, staged by its make target
        command, env = QGIS_PROCESS, None
    else:
        subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "stage"], check=True)
        command, env = ["/usr/bin/qgis_process.bin"], _qgis_process_env()
    return subprocess.Popen(
        [*command, "run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={million_points}",
         "EPSILON=1", "DISTANCE=100", f"LEDGER={ledger}", f"OUTPUT={out / 'perturbed.gpkg'}"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_signal_while_writing_leaves_no_output_and_a_consistent_ledger(million_points, tmp_path, signum):
    """SIGINT (Ctrl-C) used to be noticed by qgis_process at about 70 % and ignored: the run published, exit 0."""
    out = tmp_path / "out dir"
    out.mkdir()
    ledger = out / "ledger.json"
    before = _file_state(million_points)
    process = _start_run(million_points, out, ledger)
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
        process.send_signal(signum)
        returncode = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    log = process.stdout.read().decode(errors="replace")
    assert returncode == -signum, log
    # Nothing but the ledger: no output, no hidden working folder, no lock or temporary ledger file.
    assert sorted(p.name for p in out.iterdir()) == ["ledger.json"], log
    entries = Ledger(ledger).entries()
    assert [(e.algorithm, e.epsilon, e.note) for e in entries] == [
        ("dp_geoprivacy:laplaceperturbation", 1.0, "reserved before any noise was drawn")]
    assert _file_state(million_points) == before


def test_sigint_during_start_up_ends_the_run(million_points, tmp_path):
    """Ctrl-C once qgis_process has printed the inputs (the plugin is loaded, the algorithm not yet started)
    ends the process with SIGINT: no output, no ledger entry."""
    out = tmp_path / "out dir"
    out.mkdir()
    ledger = out / "ledger.json"
    process = _start_run(million_points, out, ledger)
    log, started = [], threading.Event()

    def read():
        for line in process.stdout:
            log.append(line.decode(errors="replace"))
            if line.startswith(b"Inputs"):
                started.set()
        started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert started.wait(timeout=300)
        process.send_signal(signal.SIGINT)
        returncode = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    reader.join(timeout=10)
    assert returncode == -signal.SIGINT, "".join(log)
    assert not any(out.iterdir()), "".join(log)
