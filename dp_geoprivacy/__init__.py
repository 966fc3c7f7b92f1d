"""dp_geoprivacy: differential privacy for location and travel data in QGIS."""

from pathlib import Path

__version__ = "0.2.0"


def _import_shapely_with_its_own_geos():
    """Import shapely so that it binds to the GEOS it was built with, not QGIS's.

    In qgis_process and QGIS desktop, QGIS's libgeos_c is already in the
    process's global symbol scope, so shapely's extension would resolve the
    GEOS C functions that QGIS's (older) GEOS has to it and the newer ones to
    its own bundled GEOS: geometries then cross between two GEOS builds
    (has_m wrong, ``.coords`` with three values, to_wkb/to_wkt refusing
    output dimension 4). RTLD_DEEPBIND makes shapely prefer its own
    libraries. A no-op where the flag does not exist or shapely is loaded.
    """
    import os
    import sys

    if "shapely" in sys.modules or not hasattr(os, "RTLD_DEEPBIND") or not hasattr(sys, "setdlopenflags"):
        return
    try:
        import numpy  # noqa: F401 (loaded normally, before the flag changes)
    except ImportError:
        return
    flags = sys.getdlopenflags()
    sys.setdlopenflags(flags | os.RTLD_DEEPBIND)
    try:
        import shapely  # noqa: F401
    except ImportError:
        pass
    finally:
        sys.setdlopenflags(flags)


_import_shapely_with_its_own_geos()


def plugin_root() -> Path:
    """The folder holding metadata.txt, resources/ and i18n/.

    In the installed plugin that is this package's folder; in a source
    checkout it is the folder above it.
    """
    here = Path(__file__).resolve().parent
    for candidate in (Path(__file__).parent, here, here.parent):
        if (candidate / "metadata.txt").is_file():
            return candidate
    return here


def classFactory(iface):  # noqa: N802 (name and argument required by QGIS)
    """Entry point QGIS calls to create the plugin (which needs no iface)."""
    from .plugin import DpGeoprivacyPlugin

    return DpGeoprivacyPlugin()
