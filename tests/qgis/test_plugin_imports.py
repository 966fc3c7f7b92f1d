"""Loading the plugin in qgis_process, and the help of the mobility report, import no heavy module they do not use.

qgis_process pays the plugin's start-up on every run. scipy.stats (with scipy.optimize, scipy.linalg, scipy.sparse,
numpy.testing, and numpy.f2py with a newer scipy) costs 0.5 s and more; the plugin imports scipy only inside the
functions that need it (a scipy wheel is bound to its own libraries as each module is first imported:
dp_geoprivacy/__init__.py). Checked on the real qgis_process with Python's own record of every module it imports
(PYTHONPROFILEIMPORTTIME), with the packages as installed and with the scipy wheel first on the path, which the
plugin's start used to import whole.
"""

import os
import subprocess
from pathlib import Path

import pytest

from .conftest import QGIS_PROCESS, ROOT, run_qgis_process

HEAVY = ("scipy.stats", "scipy.optimize", "scipy.integrate", "scipy.sparse", "scipy.linalg", "numpy.f2py",
         "numpy.testing")
WHEELS = ROOT / "build" / "wheels"


def imported_modules(stderr):
    """The modules named in Python's import-time record (lines ``import time: self | cumulative | name``)."""
    return {line.rsplit("|", 1)[1].strip() for line in stderr.splitlines() if line.startswith("import time:")}


def heavy(modules):
    return sorted(name for name in modules if name.startswith(HEAVY))


def test_qgis_process_help_of_the_mobility_report_imports_no_scipy_stats(monkeypatch):
    monkeypatch.setenv("PYTHONPROFILEIMPORTTIME", "1")
    result = run_qgis_process("help", "dp_geoprivacy:mobilityreport")
    modules = imported_modules(result.stderr)
    # The record covers the plugin's start and the help text (whose accuracy figures are computed).
    assert {"dp_geoprivacy.processing.provider", "dp_geoprivacy.core.accuracy.planning"} <= modules
    assert "(dp_geoprivacy:mobilityreport)" in result.stdout
    assert heavy(modules) == []


def test_plugin_start_imports_no_scipy_with_a_scipy_wheel_first_on_the_path(tmp_path):
    """The scipy wheel of ``make wheels`` (with its own libgfortran and OpenBLAS) first on the path, the rest as
    ``make qgis_process`` has it."""
    if QGIS_PROCESS:
        pytest.skip("the wheels folder is built for the host's QGIS")
    wheel = [WHEELS / "scipy", WHEELS / "scipy.libs", *WHEELS.glob("scipy-*.dist-info")]
    if not all(path.exists() for path in wheel[:2]):
        if os.environ.get("DP_GEOPRIVACY_EXPECT_WHEELS") == "1":
            pytest.fail(f"no scipy wheel in {WHEELS}")
        pytest.skip(f"no scipy wheel in {WHEELS} (make wheels)")
    first = tmp_path / "site"
    first.mkdir()
    for path in wheel:
        (first / path.name).symlink_to(path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(first), os.environ.get("PYTHONPATH", "")]),
               QGIS_CUSTOM_CONFIG_PATH=str(ROOT / "build" / "qgis-profile"),
               QGIS_PLUGINPATH=str(ROOT / "build" / "plugins"), QT_QPA_PLATFORM="offscreen")
    env.pop("QGIS_OPTIONS_PATH", None)  # pytest-qgis's settings, not the staged profile
    probe = subprocess.run(["/usr/bin/python3", "-c", "import scipy; print(scipy.__file__)"], env=env,
                           capture_output=True, text=True, timeout=120)
    assert Path(probe.stdout.strip()).is_relative_to(first), probe.stdout + probe.stderr
    result = subprocess.run(["/usr/bin/qgis_process.bin", "help", "dp_geoprivacy:mobilityreport"],
                            env=dict(env, PYTHONPROFILEIMPORTTIME="1"), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    modules = imported_modules(result.stderr)
    assert "dp_geoprivacy.processing.provider" in modules
    assert heavy(modules) == []
