"""Installing the Python packages QGIS lacks into a folder the plugin owns (issue 20).

Debian and Ubuntu ship no h3 and an old shapely, and their Python refuses ``pip install`` into it
(externally-managed-environment); QGIS on Windows and macOS comes with its own Python. On every platform the
plugin installs what is missing with ``pip install --target`` into ``<profile>/python/dp_geoprivacy_packages``
(beside the profile's plugins folder, kept across plugin upgrades) and puts that folder first on ``sys.path``
before anything imports the packages (``dp_geoprivacy/__init__.py``). numpy is held at the version QGIS runs on
(requirements.install_requirements), so pip picks releases built for it; a numpy pip fetches only to satisfy
that hold is removed from the folder again, so QGIS's own numpy stays the one imported.

No QGIS import here: ``__init__`` runs this before QGIS's modules are needed.
"""

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

from .requirements import install_requirements, installed_numpy_version

FOLDER_NAME = "dp_geoprivacy_packages"


def packages_folder(plugin_dir=None):
    """The folder the missing packages go to: ``<profile>/python/dp_geoprivacy_packages`` for a plugin installed
    as ``<profile>/python/plugins/dp_geoprivacy``; None when the plugin does not sit in a plugins folder (a
    source checkout)."""
    plugin_dir = Path(plugin_dir) if plugin_dir is not None else Path(__file__).parent
    if plugin_dir.parent.name != "plugins":
        return None
    return plugin_dir.parent.parent / FOLDER_NAME


def use_packages_folder(folder=None):
    """Put the packages folder first on ``sys.path`` (when it exists), so its packages win over older ones."""
    folder = packages_folder() if folder is None else Path(folder)
    if folder is None or not folder.is_dir():
        return
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    importlib.invalidate_caches()


def python_executable():
    """The Python interpreter QGIS embeds, as a program pip can run under (QGIS's own sys.executable is often
    the QGIS program itself)."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if Path(sys.executable).name.lower().startswith("python"):
        return sys.executable
    prefix = Path(sys.exec_prefix)
    for candidate in (prefix / "python.exe", prefix / "python3.exe", prefix / "bin" / f"python{version}",
                      prefix / "bin" / "python3"):
        if candidate.is_file():
            return str(candidate)
    return shutil.which(f"python{version}") or shutil.which("python3") or "python3"


def pip_command(missing, folder, numpy_version=None, python=None):
    """The pip command line that installs ``missing`` into ``folder`` with numpy held at ``numpy_version``."""
    packages = install_requirements(missing, numpy_version)
    return [python or python_executable(), "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
            "--upgrade", "--target", str(folder), *packages]


def install(missing, folder=None, timeout=900):
    """Run pip for real: install ``missing`` (requirement strings) into ``folder`` (default: the profile's
    packages folder), then put the folder on ``sys.path``. Returns (ok, pip's output)."""
    folder = Path(folder) if folder is not None else packages_folder()
    if folder is None:
        return False, "the plugin is not installed in a QGIS profile: install the packages with pip yourself"
    folder.mkdir(parents=True, exist_ok=True)
    numpy_version = installed_numpy_version()
    try:
        result = subprocess.run(pip_command(missing, folder, numpy_version), capture_output=True, text=True,
                                timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, str(error)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        return False, output
    if numpy_version is not None and not any(r.startswith("numpy") for r in missing):
        _remove_distribution(folder, "numpy")  # fetched only for the hold: QGIS's numpy stays the one imported
    use_packages_folder(folder)
    return True, output


def _remove_distribution(folder, name):
    """Remove package ``name`` (its modules, bundled libraries, metadata and scripts) from ``folder``."""
    for path in [folder / name, folder / f"{name}.libs", *folder.glob(f"{name}-*.dist-info")]:
        shutil.rmtree(path, ignore_errors=True)
    for script in (folder / "bin").glob("f2py*") if name == "numpy" else ():
        script.unlink(missing_ok=True)
