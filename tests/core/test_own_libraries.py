"""shapely and pyproj wheels bind to the GEOS and PROJ they bundle, not to the host's.

QGIS links GEOS and PROJ, so in qgis_process and QGIS desktop both are in the
process's global symbol scope before any plugin is imported. A wheel's
extension would then resolve every symbol the host's library also has to the
host's copy. Here the same state is made without QGIS: a fresh Python loads
the system libgeos_c / libproj with RTLD_GLOBAL (as QGIS's executable has
them), then imports the package, once without dp_geoprivacy (the control: the
hazard must show, else the test is skipped as meaningless here) and once after
``import dp_geoprivacy`` (must be clean).

For pyproj the hazard shows as ``proj_info()`` reporting the host's PROJ, not
the one pyproj was compiled with, and as an abort at exit (exit status 134,
``free(): invalid pointer``: both libproj copies destroy the same C++ static
objects). For shapely it shows as 4-D geometries losing M (QGIS's GEOS 3.11
parsing WKT for shapely's GEOS 3.12+). Where pyproj or shapely is a
distribution package linked to the system library itself there is nothing to
bind apart and the test is skipped; ``make test-wheels`` runs this file with
PyPI wheels first on the path and DP_GEOPRIVACY_EXPECT_WHEELS=1, which turns
such a skip into a failure.
"""

import ctypes.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PYPROJ_PROBE = """
import json, os, sys, ctypes
ctypes.CDLL(sys.argv[1], mode=os.RTLD_GLOBAL)
if sys.argv[2] == "plugin":
    import dp_geoprivacy  # noqa: F401
import pyproj
from pyproj import _version
t = pyproj.Transformer.from_crs("EPSG:4326", "EPSG:32633", always_xy=True)
x, y = t.transform(13.4, 52.5)
print(json.dumps({"runtime": _version.PROJ_VERSION_STR, "compiled": _version.PROJ_COMPILED_VERSION_STR,
                  "data_dir": pyproj.datadir.get_data_dir(), "xy": [x, y]}), flush=True)
"""

SHAPELY_PROBE = """
import json, os, sys, ctypes
ctypes.CDLL(sys.argv[1], mode=os.RTLD_GLOBAL)
if sys.argv[2] == "plugin":
    import dp_geoprivacy  # noqa: F401
import shapely
g = shapely.from_wkt("POINT ZM (1 2 3 4)")
try:
    wkt = shapely.to_wkt(g, output_dimension=4)
except Exception as error:
    wkt = f"error: {error}"
print(json.dumps({"coords": [list(c) for c in g.coords], "wkt": wkt}), flush=True)
"""


def probe(script, library, mode):
    """Run ``script`` in a fresh interpreter with the test process's import path; (exit status, JSON)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in sys.path if p and Path(p).is_dir()])
    result = subprocess.run(
        [sys.executable, "-c", script, library, mode], capture_output=True, text=True, timeout=120, env=env
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    return result.returncode, (json.loads(lines[-1]) if lines else None), result.stderr


def bundles_own(package, library_stem):
    """Whether ``package`` is a wheel with its own copy of a library in ``<package>.libs``."""
    spec = __import__("importlib.util").util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return False
    libs = Path(list(spec.submodule_search_locations)[0]).parent / f"{package}.libs"
    return any(libs.glob(f"{library_stem}-*.so*"))


def skip_or_fail(reason):
    if os.environ.get("DP_GEOPRIVACY_EXPECT_WHEELS") == "1":
        pytest.fail(f"expected PyPI wheels on the path (DP_GEOPRIVACY_EXPECT_WHEELS=1): {reason}")
    pytest.skip(reason)


def host_library(name):
    path = ctypes.util.find_library(name)
    if path is None:
        pytest.skip(f"no system lib{name} to play QGIS's part")
    return path


def test_pyproj_wheel_uses_its_own_proj_and_exits_cleanly():
    if not bundles_own("pyproj", "libproj"):
        skip_or_fail("pyproj here is not a wheel bundling its own PROJ")
    library = host_library("proj")
    status, bare, stderr = probe(PYPROJ_PROBE, library, "bare")
    if bare is None or (bare["runtime"] == bare["compiled"] and status == 0):
        pytest.skip(f"the host's {library} does not clash with the wheel's PROJ here: {bare} {stderr[-300:]}")
    # The control shows the bug as reported: QGIS's PROJ called, abort at exit.
    assert bare["runtime"] != bare["compiled"] or status != 0

    status, fixed, stderr = probe(PYPROJ_PROBE, library, "plugin")
    assert status == 0, f"exit status {status}: {stderr[-2000:]}"
    assert fixed["runtime"] == fixed["compiled"], fixed
    # The wheel's PROJ reads the wheel's own data (its proj.db), not the host's.
    assert "pyproj" in fixed["data_dir"], fixed
    x, y = fixed["xy"]
    assert abs(x - 391390.73) < 0.05 and abs(y - 5817855.24) < 0.05, fixed


def test_shapely_wheel_uses_its_own_geos():
    if not bundles_own("shapely", "libgeos_c"):
        skip_or_fail("shapely here is not a wheel bundling its own GEOS")
    library = host_library("geos_c")
    status, bare, stderr = probe(SHAPELY_PROBE, library, "bare")
    if bare is None or (bare["wkt"] == "POINT ZM (1 2 3 4)" and bare["coords"] == [[1, 2, 3, 4]]):
        pytest.skip(f"the host's {library} does not clash with the wheel's GEOS here: {bare} {stderr[-300:]}")

    status, fixed, stderr = probe(SHAPELY_PROBE, library, "plugin")
    assert status == 0, f"exit status {status}: {stderr[-2000:]}"
    assert fixed == {"coords": [[1.0, 2.0, 3.0, 4.0]], "wkt": "POINT ZM (1 2 3 4)"}


SCIPY_PROBE = """
import json, sys
import dp_geoprivacy
bundles = getattr(dp_geoprivacy, "bundles_libraries", lambda name: None)("scipy")
at_start = sorted(n for n in sys.modules if n == "scipy" or n.startswith(("scipy.", "numpy.f2py", "numpy.testing")))
from scipy import optimize, stats  # noqa: F401
compiled = [m for n, m in sys.modules.items()  # each file loaded (pybind11 makes submodules without a spec)
            if n.startswith("scipy.") and str(getattr(m, "__file__", "")).endswith(".so") and m.__spec__]
print(json.dumps({"bundles": bundles, "at_start": at_start, "compiled": len(compiled),
                  "deep_bound": sum(type(m.__loader__).__name__ == "_DeepBindLoader" for m in compiled)}), flush=True)
"""


def test_scipy_is_bound_when_first_imported_exactly_when_it_bundles_its_own_libraries():
    """Plugin start imports no part of scipy (scipy.stats alone pulls in scipy.optimize, scipy.linalg,
    numpy.testing...: 0.5 s where scipy is a wheel). A scipy wheel (``scipy.libs``: its own libgfortran and
    OpenBLAS) has every compiled module opened with RTLD_DEEPBIND when it is first imported; a scipy linked to the
    system's libraries (Debian's: nothing to bind apart) is left as Python loads it."""
    status, seen, stderr = probe(SCIPY_PROBE, "", "")
    assert status == 0 and seen is not None, stderr[-2000:]
    wheel = bundles_own("scipy", "libgfortran")
    if os.environ.get("DP_GEOPRIVACY_EXPECT_WHEELS") == "1":
        assert wheel, "expected a scipy wheel with its own libgfortran"
    assert seen["at_start"] == [], seen
    assert seen["compiled"] > 20, seen  # the check looked at something
    assert seen["deep_bound"] == (seen["compiled"] if wheel else 0), seen
    assert seen["bundles"] == wheel
