"""The plugin as QGIS sees it: metadata, provider, icons, models, the zip."""

import configparser
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from qgis.core import QgsApplication

import dp_geoprivacy
from dp_geoprivacy.processing.provider import ALGORITHMS

from .conftest import ROOT, feature_count, read_field, run_qgis_process, write_grid_zones, write_points

EXPECTED_IDS = {f"dp_geoprivacy:{algorithm.ALGORITHM_ID}" for algorithm in ALGORITHMS} | {
    f"dp_geoprivacy:{path.stem}" for path in (ROOT / "resources" / "models").glob("*.model3")}


def _metadata():
    parser = configparser.ConfigParser()
    parser.read(ROOT / "metadata.txt", encoding="utf-8")
    return parser["general"]


def test_metadata_parses_and_agrees_with_the_package():
    general = _metadata()
    assert general["version"] == dp_geoprivacy.__version__
    assert general["qgisMinimumVersion"] == "3.22"
    assert general["hasProcessingProvider"] == "yes"
    assert general["supportsQt6"] == "False"  # see test_qt6_readiness.py
    for key in ("name", "description", "about", "tags", "homepage", "tracker", "repository", "icon", "author", "email"):
        assert general[key].strip(), key
    assert (ROOT / general["icon"]).is_file()


def test_license_is_gpl2_or_later_and_named_in_metadata_and_readme():
    text = (ROOT / "LICENSE").read_text()
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 2, June 1991" in text
    assert "GPL-2.0-or-later" in _metadata()["about"]
    assert "GPL-2.0-or-later" in (ROOT / "README.md").read_text()


def test_changelog_says_what_each_version_added():
    changelog = _metadata()["changelog"]
    assert changelog.lstrip().startswith(dp_geoprivacy.__version__)
    for version in ("0.2.0", "0.1.0"):
        assert f"\n{version}\n" in f"\n{changelog.strip()}\n", version
    for added in ("zone counts", "origin-destination flows", "Escaped-point analysis", "ledger", "Privacy report",
                  "Randomized response", "trip relocation", "H3 grid"):
        assert added in changelog, added


def test_qgis_reads_the_staged_metadata():
    import qgis.utils

    assert qgis.utils.pluginMetadata("dp_geoprivacy", "version") == dp_geoprivacy.__version__
    assert qgis.utils.pluginMetadata("dp_geoprivacy", "hasProcessingProvider") == "yes"


def test_provider_and_algorithms_are_registered(plugin):
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    assert provider is not None and provider.name() == "DP Geoprivacy"
    assert {a.id() for a in provider.algorithms()} == EXPECTED_IDS
    assert not provider.icon().isNull()
    for algorithm in provider.algorithms():
        assert not algorithm.icon().isNull(), algorithm.id()
        if algorithm.group() != "Example models":  # the works it comes from, by authors, title and year
            assert "<b>References</b>" in algorithm.shortHelpString(), f"{algorithm.id()} help cites no source"


def test_unload_removes_and_init_restores_the_provider(plugin):
    registry = QgsApplication.processingRegistry()
    plugin.unload()
    assert registry.providerById("dp_geoprivacy") is None
    plugin.initProcessing()
    assert registry.providerById("dp_geoprivacy") is not None


def test_init_gui_registers_without_duplicates(plugin):
    plugin.initGui()
    ids = [p.id() for p in QgsApplication.processingRegistry().providers()]
    assert ids.count("dp_geoprivacy") == 1


def test_model_chains_perturbation_into_native_count(tmp_path):
    points = write_points(tmp_path / "pts.gpkg", 32633, [[500_050.0 + 10 * i, 4_500_050.0] for i in range(50)])
    zones = write_grid_zones(tmp_path / "zones.gpkg", 32633, (499_000.0, 4_499_000.0), 1000.0, 3)
    counts, perturbed = tmp_path / "counts.gpkg", tmp_path / "perturbed.gpkg"
    model = ROOT / "tests" / "data" / "models" / "perturb_then_count.model3"
    run_qgis_process("run", str(model), "--", f"points={points}", f"zones={zones}", "epsilon=1",
                     f"count:counts={counts}", f"perturb:perturbed={perturbed}")
    total = sum(read_field(counts, "n_perturbed"))
    assert 0 < total <= 50
    assert feature_count(perturbed) == 50


@pytest.fixture(scope="module")
def plugin_zip():
    result = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(ROOT), "package"],
                            capture_output=True, text=True, check=True)
    path = ROOT / result.stdout.strip().splitlines()[-1]
    assert path.name == f"dp_geoprivacy-{dp_geoprivacy.__version__}.zip"
    return path


def test_zip_has_the_layout_install_from_zip_expects(plugin_zip):
    names = zipfile.ZipFile(plugin_zip).namelist()
    assert all(name.startswith("dp_geoprivacy/") for name in names)
    for required in ("dp_geoprivacy/__init__.py", "dp_geoprivacy/metadata.txt",
                     "dp_geoprivacy/resources/icons/provider.svg", "dp_geoprivacy/core/mechanisms/location.py",
                     "dp_geoprivacy/processing/provider.py"):
        assert required in names
    assert any(name.startswith("dp_geoprivacy/i18n/") and name.endswith(".qm") for name in names)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    assert "dp_geoprivacy/LICENSE" in names


CHECK = ROOT / ".ci" / "check_plugin_zip.py"


def _check_zip(path, *args):
    return subprocess.run([sys.executable, str(CHECK), str(path), "--package-name", "dp_geoprivacy", *args],
                          capture_output=True, text=True)


def test_zip_passes_the_plugin_repository_checks(plugin_zip):
    result = _check_zip(plugin_zip, "--version", dp_geoprivacy.__version__)
    assert result.returncode == 0, result.stderr


def _rewrite_zip(source, target, drop=(), add=(), metadata=None, rename=None):
    """A copy of the zip ``source`` with members dropped, added or metadata.txt replaced."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            if item.filename in drop:
                continue
            data = old.read(item.filename)
            if item.filename == "dp_geoprivacy/metadata.txt" and metadata:
                data = metadata(data.decode("utf-8")).encode("utf-8")
            name = item.filename.replace("dp_geoprivacy/", rename, 1) if rename else item.filename
            new.writestr(name, data)
        for name, data in add:
            new.writestr(name, data, compress_type=zipfile.ZIP_STORED)
    return target


def _without_field(field):
    return lambda text: "\n".join(line for line in text.splitlines() if not line.startswith(f"{field}="))


def _set_field(field, value):
    return lambda text: "\n".join(f"{field}={value}" if line.startswith(f"{field}=") else line
                                  for line in text.splitlines())


@pytest.mark.parametrize("change, message", [
    ({"drop": ("dp_geoprivacy/LICENSE",)}, "dp_geoprivacy/LICENSE' is missing"),
    ({"add": (("dp_geoprivacy/__pycache__/plugin.cpython-311.pyc", b"x"),)}, ".pyc files are not accepted"),
    ({"add": (("dp_geoprivacy/core/__pycache__/", b""),)}, "'__pycache__' folder is not accepted"),
    ({"add": (("dp_geoprivacy/../evil.py", b""),)}, "must not hold '..'"),
    ({"add": (("other/readme.txt", b""),)}, "exactly one top-level folder"),
    ({"rename": "DP Geoprivacy/"}, "expected 'dp_geoprivacy'"),
    ({"add": (("dp_geoprivacy/big.bin", os.urandom(25_000_001)),)}, "accepts at most 25,000,000"),
    ({"metadata": _without_field("email")}, "required field 'email'"),
    ({"metadata": _without_field("about")}, "required field 'about'"),
    ({"metadata": _without_field("tracker")}, "required field 'tracker'"),
    ({"metadata": _set_field("repository", "")}, "required field 'repository'"),
    ({"metadata": _set_field("version", "0.2.0-final")}, "must be dotted numbers"),
    ({"metadata": _set_field("version", "0.1.9")}, "differs from the package's"),
    ({"metadata": _set_field("qgisMinimumVersion", "three")}, "must be a QGIS version"),
    ({"metadata": _set_field("experimental", "maybe")}, "experimental must be True or False"),
    ({"metadata": _set_field("tracker", "http://bugs")}, "tracker 'http://bugs' must be an http"),
    ({"metadata": _set_field("email", "nobody")}, "is not an e-mail address"),
    ({"metadata": _set_field("author", "a/b")}, "author must not contain"),
    ({"metadata": lambda text: text.replace("[general]", "[plugin]")}, r"no \[general\] section"),
], ids=["no LICENSE", "pyc", "__pycache__", "dot-dot path", "two top folders", "folder name", "too large",
        "no email", "no about", "no tracker", "empty repository", "version format", "version mismatch",
        "qgisMinimumVersion", "boolean flag", "placeholder URL", "email", "author", "no general section"])
def test_a_bad_zip_is_refused_naming_the_problem(plugin_zip, tmp_path, change, message):
    bad = _rewrite_zip(plugin_zip, tmp_path / "bad.zip", **change)
    result = _check_zip(bad, "--version", dp_geoprivacy.__version__)
    assert result.returncode == 1
    assert re.search(message, result.stderr), result.stderr


def test_make_package_refuses_metadata_the_repository_would_reject(tmp_path):
    """`make package` in a copy of the tree whose metadata.txt lacks the email: no zip, exit status != 0."""
    copy = tmp_path / "tree"
    copy.mkdir()
    for name in ("Makefile", "LICENSE", "README.md"):
        shutil.copy2(ROOT / name, copy / name)  # copy2 keeps the Makefile older than .venv/.installed
    for name in ("dp_geoprivacy", "resources", "i18n", ".ci", "docs"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / ".venv").symlink_to(ROOT / ".venv")
    text = (ROOT / "metadata.txt").read_text()
    (copy / "metadata.txt").write_text(_without_field("email")(text))
    result = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(copy), "package"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    assert "required field 'email'" in result.stderr
    assert not list((copy / "dist").glob("*.zip"))


def test_zip_installed_in_a_fresh_profile_runs_through_qgis_process(plugin_zip, tmp_path):
    profile = tmp_path / "profile"
    plugins = profile / "profiles" / "default" / "python" / "plugins"
    plugins.mkdir(parents=True)
    zipfile.ZipFile(plugin_zip).extractall(plugins)
    ini = profile / "profiles" / "default" / "QGIS" / "QGIS3.ini"
    ini.parent.mkdir(parents=True)
    ini.write_text("[PythonPlugins]\ndp_geoprivacy=true\n")
    points = write_points(tmp_path / "pts.gpkg", 32633, [[500_000.0 + i, 4_500_000.0] for i in range(20)])
    out = tmp_path / "out.gpkg"
    env = dict(os.environ, QGIS_CUSTOM_CONFIG_PATH=str(profile))
    env.pop("QGIS_PLUGINPATH", None)
    result = subprocess.run(
        ["/usr/bin/qgis_process.bin", "run", "dp_geoprivacy:laplaceperturbation", "--",
         f"INPUT={points}", "EPSILON=1", "DISTANCE=100", f"OUTPUT={out}"],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert feature_count(out) == 20
    assert Path(plugins / "dp_geoprivacy" / "metadata.txt").is_file()
