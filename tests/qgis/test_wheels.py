"""qgis_process with PyPI wheels in QGIS's Python: each wheel's bundled libraries stay its own.

QGIS links PROJ, GEOS, OpenBLAS and SQLite, so they are in the global symbol
scope of qgis_process and QGIS desktop before any plugin loads. The pyproj
wheel bundles its own PROJ (with SQLite, libtiff, libcurl), the shapely wheel
its own GEOS, the numpy wheel its own OpenBLAS and libgfortran. Without
dp_geoprivacy/__init__.py's RTLD_DEEPBIND import, the wheel's libproj bound
its C++ globals to QGIS's libproj and pyproj's extensions called QGIS's PROJ:
every qgis_process run aborted at exit with ``free(): invalid pointer`` (exit
status 134) after writing its output.

The check here reads the dynamic linker's own record (``LD_DEBUG=bindings``)
of a real qgis_process run that reprojects with pyproj (and of one that uses
scipy, which the plugin imports only where needed), and requires that no
file of a wheel (its extensions and its ``<package>.libs``) binds a symbol
that the wheel's own bundled libraries define to a copy outside the wheel.
STB_GNU_UNIQUE symbols (function-local statics of inline functions, such as
GEOS's ``getMachineByteOrder()::endian_check``) are exempt: the dynamic linker
keeps one per process by design, whatever the binding.

In ``make test`` this runs with Debian's pyproj and the venv's numpy and
shapely wheels; ``make test-wheels`` runs it (with the qgis_process, model and
desktop tests) with all five packages as wheels first on the path, and sets
DP_GEOPRIVACY_EXPECT_WHEELS=1 so that a missing wheel fails instead of
passing vacuously.
"""

import importlib
import os
import re
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT, feature_count, run_qgis_process

PACKAGES = ("numpy", "scipy", "pyproj", "shapely", "h3")
QGIS_PROCESS = "/usr/bin/qgis_process.bin"
SAMPLE = ROOT / "resources" / "sample_data" / "sample_city.gpkg"
BINDING = re.compile(r"binding file (\S+) \[\d+\] to (\S+) \[\d+\]: \w+ symbol `([^']+)'")


def package_dir(name):
    return Path(importlib.import_module(name).__file__).resolve().parent


def bundled_libraries(name):
    """The folder of the libraries a wheel bundles (``<package>.libs``), or None."""
    libs = package_dir(name).parent / f"{name}.libs"
    return libs if libs.is_dir() and any(libs.iterdir()) else None


def defined_symbols(folder):
    """Dynamic symbols the libraries in ``folder`` define, leaving out STB_GNU_UNIQUE ones."""
    symbols = set()
    for library in folder.iterdir():
        table = subprocess.run(["readelf", "-W", "--dyn-syms", str(library)], capture_output=True, text=True,
                               check=True).stdout
        for line in table.splitlines():
            fields = line.split()
            if len(fields) >= 8 and fields[0].endswith(":") and fields[6] != "UND" and fields[4] != "UNIQUE":
                symbols.add(fields[7].split("@")[0])
    return symbols


def expect_wheels():
    return os.environ.get("DP_GEOPRIVACY_EXPECT_WHEELS") == "1"


def test_wheels_environment_has_the_five_packages_as_wheels():
    """Under make test-wheels, all five packages come from the wheels folder, ahead of Debian's."""
    if not expect_wheels():
        pytest.skip("only under make test-wheels (DP_GEOPRIVACY_EXPECT_WHEELS=1)")
    wheels = Path(os.environ["DP_GEOPRIVACY_WHEELS_DIR"]).resolve()
    for name in PACKAGES:
        assert package_dir(name).parent == wheels, f"{name} comes from {package_dir(name)}, not {wheels}"
        assert list(wheels.glob(f"{name}-*.dist-info")), name


def test_qgis_process_wheel_libraries_bind_to_their_own(tmp_path, monkeypatch):
    wheels = {name: bundled_libraries(name) for name in PACKAGES}
    wheels = {name: libs for name, libs in wheels.items() if libs is not None}
    if expect_wheels():
        assert {"numpy", "pyproj", "shapely"} <= set(wheels), f"expected bundled libraries, found {sorted(wheels)}"
    if not wheels:
        pytest.skip("no package here is a wheel with bundled libraries")
    own_symbols = {name: defined_symbols(libs) for name, libs in wheels.items()}

    trace = tmp_path / "ld"
    output = tmp_path / "perturbed.gpkg"
    monkeypatch.setenv("LD_DEBUG", "bindings")
    monkeypatch.setenv("LD_DEBUG_OUTPUT", str(trace))
    result = run_qgis_process(
        "run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={SAMPLE}|layername=households",
        "EPSILON=1", "DISTANCE=100", "METRIC_CRS=EPSG:25832", f"OUTPUT={output}", check=False,
    )
    # scipy is imported only where it is used (and bound then): the planner's displacement quantiles of per-axis
    # Laplace need scipy.optimize and scipy.integrate.
    planned = run_qgis_process(
        "run", "dp_geoprivacy:accuracyplanner", "--", "RELEASE=2", "EPSILON=1", "DISTANCE=100", "MECHANISM=1",
        f"OUTPUT={tmp_path / 'plan.csv'}", check=False,
    )
    monkeypatch.delenv("LD_DEBUG")
    assert result.returncode == 0, f"qgis_process exited with {result.returncode}:\n{result.stderr[-3000:]}"
    assert planned.returncode == 0, f"qgis_process exited with {planned.returncode}:\n{planned.stderr[-3000:]}"
    assert feature_count(output) == 3000

    folders = {name: (str(package_dir(name)), str(libs)) for name, libs in wheels.items()}
    foreign, seen = [], dict.fromkeys(wheels, 0)
    for log in tmp_path.glob("ld.*"):
        with open(log, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                if "binding file" not in line:
                    continue
                match = BINDING.search(line)
                if match is None:
                    continue
                source, target, symbol = match.groups()
                for name, own in folders.items():
                    if not source.startswith(own):
                        continue
                    seen[name] += 1
                    if symbol in own_symbols[name] and not target.startswith(own):
                        foreign.append(f"{source.split('/')[-1]} -> {target}: {symbol}")
    # The trace did record the wheels' own bindings (the check looked at something).
    assert all(count > 100 for count in seen.values()), seen
    assert not foreign, f"{len(foreign)} bindings to another copy of a bundled library, e.g.:\n" + "\n".join(
        sorted(set(foreign))[:20]
    )


# Where each package may come from in a user's QGIS on Debian bookworm: numpy,
# scipy and pyproj from Debian or as wheels; shapely 2 and h3 4 only as wheels
# (Debian has shapely 1.8 and no h3 4).
MIXES = [
    {"numpy": numpy, "scipy": scipy, "pyproj": pyproj}
    for numpy in ("debian", "wheel")
    for scipy in ("debian", "wheel")
    for pyproj in ("debian", "wheel")
]


@pytest.mark.parametrize("mix", MIXES, ids=lambda mix: "-".join(f"{name}_{source}" for name, source in mix.items()))
def test_qgis_process_exits_cleanly_with_any_mix_of_wheels_and_debian_packages(mix, tmp_path):
    """The packages a user has from Debian stay Debian's; the others come from wheels first on the path."""
    if not expect_wheels():
        pytest.skip("needs the wheels folder: make test-wheels")
    wheels = Path(os.environ["DP_GEOPRIVACY_WHEELS_DIR"])
    chosen = ["shapely", "h3"] + [name for name, source in mix.items() if source == "wheel"]
    if mix["pyproj"] == "wheel":
        chosen.append("certifi")
    mixed = tmp_path / "site"
    mixed.mkdir()
    for name in chosen:
        for path in [wheels / name, wheels / f"{name}.libs", *wheels.glob(f"{name}-*.dist-info")]:
            if path.exists():
                (mixed / path.name).symlink_to(path)
    output = tmp_path / "perturbed.gpkg"
    # Only the mix on the path (no venv): the rest is Debian's /usr/lib/python3/dist-packages.
    # The staged plugin and its profile, as `make qgis_process` has them (pytest-qgis
    # points QGIS_CUSTOM_CONFIG_PATH and QGIS_OPTIONS_PATH at its own settings).
    env = dict(os.environ, PYTHONPATH=str(mixed), QGIS_CUSTOM_CONFIG_PATH=str(ROOT / "build" / "qgis-profile"),
               QGIS_PLUGINPATH=str(ROOT / "build" / "plugins"))
    env.pop("QGIS_OPTIONS_PATH", None)
    probe = subprocess.run(
        ["/usr/bin/python3", "-c", "import numpy, scipy, pyproj, shapely, h3; "
         "print(' '.join(m.__file__ for m in (numpy, scipy, pyproj, shapely, h3)))"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert probe.returncode == 0, probe.stderr
    for name, path in zip(("numpy", "scipy", "pyproj", "shapely", "h3"), probe.stdout.split()):
        assert path.startswith(str(mixed)) == (name in chosen), (name, path)
    result = subprocess.run(
        [QGIS_PROCESS, "run", "dp_geoprivacy:laplaceperturbation", "--", f"INPUT={SAMPLE}|layername=households",
         "EPSILON=1", "DISTANCE=100", "METRIC_CRS=EPSG:25832", f"OUTPUT={output}"],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, f"exit status {result.returncode}:\n{result.stdout[-1500:]}\n{result.stderr[-3000:]}"
    assert feature_count(output) == 3000
