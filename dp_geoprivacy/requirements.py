"""The Python packages the plugin needs in QGIS's Python, checked before loading.

QGIS ships numpy, and usually scipy and pyproj, but not always shapely 2 or
h3 4: without this check a user would see an ImportError from deep inside
the provider instead of what to install.

The install hint names only what is missing, and its command cannot lead to a
set-up that breaks QGIS (the plugin's Install button runs the same command, dependencies.py; it installs into a
folder of the plugin's own with ``pip install --target``, which works where the system Python refuses pip,
e.g. Debian's externally-managed-environment):

- pip installs the newest release a requirement allows, and with it the
  newest numpy its dependencies allow. scipy and shapely depend on numpy, so
  ``pip install scipy`` puts numpy 2 ahead of a QGIS whose GDAL bindings were
  built on numpy 1 ("A module that was compiled using NumPy 1.x cannot be run
  in NumPy 2.x", ``_ARRAY_API not found``). Where a missing package needs numpy
  and numpy is there, the command holds numpy at least at QGIS's version and
  below its next major release (an extension built on numpy X runs on any
  later numpy of the same major version), so pip picks a release of the
  missing package that works with it.
- The pyproj and shapely wheels bundle their own PROJ and GEOS beside QGIS's;
  ``dp_geoprivacy/__init__.py`` imports them so that each binds to its own
  libraries (without that, a pyproj wheel crashed QGIS at exit).
"""

import importlib
import re

REQUIRED = {"numpy": (1, 20), "scipy": (1, 6), "pyproj": (3, 0), "shapely": (2, 0), "h3": (4, 0)}

# Required packages whose wheels depend on numpy (pip may install or upgrade
# numpy along with them); pyproj and h3 do not.
NEEDS_NUMPY = ("numpy", "scipy", "shapely")


def _version_tuple(text):
    parts = []
    for piece in str(text).split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def _requirement(name):
    minimum = REQUIRED[name]
    return f"{name}>={minimum[0]}.{minimum[1]}"


def missing_requirements():
    """Requirement strings (e.g. 'shapely>=2.0') that are absent or too old."""
    missing = []
    for name, minimum in REQUIRED.items():
        try:
            module = importlib.import_module(name)
        except ImportError:
            missing.append(_requirement(name))
            continue
        if _version_tuple(getattr(module, "__version__", "0")) < minimum:
            missing.append(_requirement(name))
    return missing


def installed_numpy_version():
    """The release (e.g. '1.24.2') of the numpy QGIS's Python has, or None."""
    try:
        import numpy
    except ImportError:
        return None
    match = re.match(r"\d+(\.\d+)*", str(getattr(numpy, "__version__", "")))
    return match.group(0) if match else None


def install_requirements(missing, numpy_version=None):
    """The requirements to pass to pip for ``missing``: those, and numpy held where pip could move it.

    ``numpy_version`` is the numpy QGIS runs on (None: not installed). When a
    missing package depends on numpy and numpy is installed, numpy is held at
    ``>=`` that version and below its next major release; when numpy itself
    is missing for being too old, its requirement gets the same upper bound.
    A numpy that is absent altogether is named as it is (nothing to hold).
    """
    names = [re.split(r"[<>=!~ ]", requirement, maxsplit=1)[0] for requirement in missing]
    packages = list(missing)
    if numpy_version is None or not any(name in NEEDS_NUMPY for name in names):
        return packages
    major = _version_tuple(numpy_version)[0]
    if "numpy" in names:
        index = names.index("numpy")
        packages[index] = f"{missing[index]},<{major + 1}"
    else:
        packages.append(f"numpy>={numpy_version},<{major + 1}")
    return packages


_INSTALLED = object()


def install_hint(missing, numpy_version=_INSTALLED):
    """A message telling the user exactly what to install, and why numpy is held if it is.

    ``numpy_version`` defaults to the installed numpy's (None: not installed).
    """
    if numpy_version is _INSTALLED:
        numpy_version = installed_numpy_version()
    from .dependencies import FOLDER_NAME, packages_folder

    packages = install_requirements(missing, numpy_version)
    folder = packages_folder() or f"<QGIS profile folder>/python/{FOLDER_NAME}"
    command = f'python3 -m pip install --target "{folder}" ' + " ".join(f'"{p}"' for p in packages)
    hint = (
        "DP Geoprivacy needs these Python packages in QGIS's Python: "
        + ", ".join(missing)
        + ". Install them with the Install button of the message at the top of the map, or from the OSGeo4W shell"
        + f" or a terminal (a folder of the plugin's own, so no system package is touched): {command}, then"
        + " restart QGIS."
    )
    held = [p for p in packages[len(missing):] if p.startswith("numpy")]
    if held:
        hint += (
            f' numpy is not missing: "{held[0]}" holds it at the version QGIS runs on ({numpy_version})'
            " or a later one of the same major version, so that pip cannot replace it with one"
            " QGIS's own modules were not built for."
        )
    return hint
