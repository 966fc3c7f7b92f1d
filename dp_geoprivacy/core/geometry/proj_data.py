"""Where pyproj finds PROJ's data (proj.db).

pyproj looks in PROJ_DATA (PROJ_LIB before PROJ 9.1), in the data bundled with a
PyPI wheel, and under ``sys.prefix``/share/proj. A distribution's pyproj (Debian's
python3-pyproj) has no bundled data: its data lies under the interpreter's base
prefix (/usr/share/proj). Run from a virtual environment, ``sys.prefix`` is the
environment, not /usr, and pyproj raises ``DataDirError`` ("Valid PROJ data
directory not found") on the first CRS. Seen with QGIS 3.40 (Debian trixie,
pyproj 3.7) in a venv with ``--system-site-packages``.

``ensure_proj_data`` leaves pyproj alone when it finds its data itself (a wheel
keeps its own data, matching its own PROJ) and otherwise points it at the first
folder holding a proj.db: QGIS's own PROJ search paths (registered by the plugin
at start with ``prefer_proj_data``, without importing pyproj), PROJ_DATA/PROJ_LIB,
the base prefix's share/proj. Call it before the first pyproj CRS or Transformer.
"""

import os
import sys
import warnings
from pathlib import Path

_preferred = []


def prefer_proj_data(folders):
    """Register folders (QGIS's PROJ search paths) to try first; imports nothing."""
    _preferred[:] = [str(folder) for folder in folders]


def proj_data_candidates(preferred=()):
    """Folders that may hold PROJ's data, most trusted first."""
    folders = [*preferred, *_preferred, os.environ.get("PROJ_DATA"), os.environ.get("PROJ_LIB")]
    for prefix in (sys.base_prefix, sys.prefix, "/usr", "/usr/local"):
        folders.append(os.path.join(prefix, "share", "proj"))
    seen, result = set(), []
    for folder in folders:
        for part in (folder or "").split(os.pathsep):
            if part and part not in seen:
                seen.add(part)
                result.append(part)
    return result


def ensure_proj_data(preferred=()):
    """Make sure pyproj finds a PROJ database; return the folder it uses, or None if none was found.

    ``preferred``: folders to try first when pyproj finds none itself (before those of ``prefer_proj_data``).
    """
    with warnings.catch_warnings():  # pyproj >= 3.7 warns on import when it finds no data: that is fixed here
        warnings.filterwarnings("ignore", "Valid PROJ data directory not found", UserWarning)
        from pyproj import datadir
        from pyproj.exceptions import DataDirError

    try:
        return datadir.get_data_dir()
    except DataDirError:
        pass
    for folder in proj_data_candidates(preferred):
        if (Path(folder) / "proj.db").is_file():
            datadir.set_data_dir(folder)
            return folder
    return None
