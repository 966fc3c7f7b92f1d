import itertools
import json
import os
import re
import shlex
import subprocess
import sys

import pytest

from dp_geoprivacy import requirements

# The Python QGIS runs (the one the hint tells the user to call), when it is there.
SYSTEM_PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
ALL = [requirements._requirement(name) for name in requirements.REQUIRED]


def hint_command(hint):
    """The pip arguments (requirement strings) of the hint's command."""
    match = re.search(r"python3 -m pip install --target (.*?), then\s+restart QGIS", hint)
    assert match, hint
    folder, *arguments = shlex.split(match.group(1))
    assert folder.endswith("dp_geoprivacy_packages")
    return arguments


def test_installed_environment_meets_the_requirements():
    assert requirements.missing_requirements() == []


def test_missing_and_old_packages_are_named_with_the_fix(monkeypatch):
    monkeypatch.setattr(requirements, "REQUIRED", {"numpy": (99, 0), "no_such_package_dp": (1, 0)})
    missing = requirements.missing_requirements()
    assert missing == ["numpy>=99.0", "no_such_package_dp>=1.0"]
    assert "pip install" in requirements.install_hint(missing) and "numpy>=99.0" in requirements.install_hint(missing)


# Every non-empty set of missing packages, with numpy 1, numpy 2 or no numpy
# installed (an absent numpy is itself missing).
CASES = [
    (list(combination), numpy_version)
    for size in range(1, len(ALL) + 1)
    for combination in itertools.combinations(ALL, size)
    for numpy_version in ("1.24.2", "2.2.4", None)
    if numpy_version is not None or "numpy>=1.20" in combination
]


@pytest.mark.parametrize(("missing", "numpy_version"), CASES)
def test_hint_names_only_what_is_missing_and_holds_numpy_to_qgis_major(missing, numpy_version):
    hint = requirements.install_hint(missing, numpy_version)
    command = hint_command(hint)
    names = [re.split(r"[<>=!~]", item, maxsplit=1)[0] for item in command]
    missing_names = [item.split(">=")[0] for item in missing]
    # Every missing package is in the command with its minimum; nothing else is
    # named as missing; the only extra argument is numpy, held, when pip could move it.
    assert names[: len(missing)] == missing_names
    assert hint.startswith("DP Geoprivacy needs these Python packages in QGIS's Python: " + ", ".join(missing) + ".")
    for requirement, argument in zip(missing, command):
        assert argument.startswith(requirement)
    extra = names[len(missing):]
    moves_numpy = any(name in requirements.NEEDS_NUMPY for name in missing_names)
    if numpy_version is not None and moves_numpy and "numpy" not in missing_names:
        major = int(numpy_version.split(".")[0])
        assert extra == ["numpy"] and command[-1] == f"numpy>={numpy_version},<{major + 1}"
        assert "numpy is not missing" in hint
    else:
        assert extra == [] and "numpy is not missing" not in hint
    numpy_arguments = [item for item in command if item.startswith("numpy")]
    if numpy_version is not None and numpy_arguments:
        # pip cannot go to another numpy major version than the one QGIS runs on.
        major = int(numpy_version.split(".")[0])
        assert numpy_arguments[0].endswith(f",<{major + 1}")


def test_a_too_old_numpy_is_upgraded_within_its_major_version():
    command = hint_command(requirements.install_hint(["numpy>=1.20", "scipy>=1.6"], "1.19.5"))
    assert command == ["numpy>=1.20,<2", "scipy>=1.6"]


def test_pyproj_or_h3_alone_leave_numpy_alone():
    for missing in (["pyproj>=3.0"], ["h3>=4.0"], ["pyproj>=3.0", "h3>=4.0"]):
        assert hint_command(requirements.install_hint(missing, "1.24.2")) == missing


def test_installed_numpy_version_is_a_plain_release():
    import numpy

    version = requirements.installed_numpy_version()
    assert re.fullmatch(r"\d+(\.\d+)*", version) and numpy.__version__.startswith(version)


@pytest.mark.skipif(
    os.environ.get("DP_GEOPRIVACY_EXPECT_WHEELS") != "1", reason="asks PyPI: run by make test-wheels"
)
@pytest.mark.parametrize("missing", [["scipy>=1.6"], ["shapely>=2.0"], ["scipy>=1.6", "pyproj>=3.0", "h3>=4.0"]])
def test_pip_resolves_the_hint_to_a_numpy_of_qgis_major_version(missing):
    """pip itself (dry run against PyPI, ignoring what is installed, as --target does) keeps numpy's major version."""
    numpy_version = requirements.installed_numpy_version()
    command = hint_command(requirements.install_hint(missing))
    result = subprocess.run(
        [SYSTEM_PYTHON, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
         "--disable-pip-version-check", "--report", "-", *command],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    installs = json.loads(result.stdout)["install"]
    resolved = {item["metadata"]["name"].lower(): item["metadata"]["version"] for item in installs}
    assert {name.split(">=")[0] for name in missing} <= set(resolved)
    if "numpy" in resolved:
        major = numpy_version.split(".")[0]
        assert resolved["numpy"].split(".")[0] == major, (resolved, numpy_version)
        assert requirements._version_tuple(resolved["numpy"]) >= requirements._version_tuple(numpy_version)
