"""dp_geoprivacy: differential privacy for location and travel data in QGIS."""

from pathlib import Path

__version__ = "0.1.0"


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
