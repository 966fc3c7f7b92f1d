"""The Python packages the plugin needs in QGIS's Python, checked before loading.

QGIS ships numpy, and usually scipy and pyproj, but not always shapely 2 or
h3 4: without this check a user would see an ImportError from deep inside
the provider instead of what to install.
"""

import importlib

REQUIRED = {"numpy": (1, 20), "scipy": (1, 6), "pyproj": (3, 0), "shapely": (2, 0), "h3": (4, 0)}


def _version_tuple(text):
    parts = []
    for piece in str(text).split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def missing_requirements():
    """Requirement strings (e.g. 'shapely>=2.0') that are absent or too old."""
    missing = []
    for name, minimum in REQUIRED.items():
        wanted = f"{name}>={minimum[0]}.{minimum[1]}"
        try:
            module = importlib.import_module(name)
        except ImportError:
            missing.append(wanted)
            continue
        if _version_tuple(getattr(module, "__version__", "0")) < minimum:
            missing.append(wanted)
    return missing


def install_hint(missing):
    """A message telling the user exactly what to install."""
    packages = " ".join(f'"{m}"' for m in missing)
    return (
        "DP Geoprivacy needs these Python packages in QGIS's Python: "
        + ", ".join(missing)
        + f". Install them, e.g. from the OSGeo4W shell or a terminal: python3 -m pip install {packages}"
        + ' (keep "numpy<2" where QGIS is built on numpy 1), then restart QGIS.'
    )
