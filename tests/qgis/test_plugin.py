"""The plugin as QGIS sees it: metadata, provider, icons, models, the zip."""

import configparser
import os
import subprocess
import zipfile
from pathlib import Path

import pytest
from qgis.core import QgsApplication

import dp_geoprivacy
from dp_geoprivacy.processing.provider import ALGORITHMS

from .conftest import ROOT, feature_count, read_field, run_qgis_process, write_grid_zones, write_points

EXPECTED_IDS = {f"dp_geoprivacy:{algorithm.ALGORITHM_ID}" for algorithm in ALGORITHMS}


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
        assert "seed 00" in algorithm.shortHelpString(), f"{algorithm.id()} help cites no seed"


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
                     "dp_geoprivacy/resources/icons/provider.svg", "dp_geoprivacy/core/location.py",
                     "dp_geoprivacy/processing/provider.py"):
        assert required in names
    assert any(name.startswith("dp_geoprivacy/i18n/") and name.endswith(".qm") for name in names)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


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
