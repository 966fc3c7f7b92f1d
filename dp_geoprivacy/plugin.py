"""The QGIS plugin object: registers the Processing provider and translations."""

from qgis.core import Qgis, QgsApplication, QgsMessageLog, QgsSettings
from qgis.PyQt.QtCore import QCoreApplication, QLocale, QTranslator

from . import plugin_root
from .requirements import install_hint, missing_requirements


def install_translator():
    """Load i18n/dp_geoprivacy_<lang>.qm for QGIS's UI language, if shipped.

    Returns the translator (kept alive by the caller) or None.
    """
    locale = QgsSettings().value("locale/userLocale", QLocale().name()) or "en"
    language = str(locale)[:2]
    qm_file = plugin_root() / "i18n" / f"dp_geoprivacy_{language}.qm"
    if not qm_file.is_file():
        return None
    translator = QTranslator()
    if not translator.load(str(qm_file)):
        return None
    QCoreApplication.installTranslator(translator)
    return translator


def use_qgis_proj_data():
    """Where pyproj finds no PROJ data of its own (e.g. in a venv), it uses QGIS's (core/proj_data.py).

    Before the requirement check imports pyproj, which would warn that it has no data.
    """
    from qgis.core import QgsProjUtils

    from .core.proj_data import ensure_proj_data, prefer_proj_data

    prefer_proj_data(QgsProjUtils.searchPaths())
    try:
        ensure_proj_data()
    except ImportError:  # no pyproj: missing_requirements() says what to install
        pass


class DpGeoprivacyPlugin:
    """Adds the "DP Geoprivacy" Processing provider; needs no iface for that."""

    def __init__(self):
        self.provider = None
        self.translator = install_translator()

    def initProcessing(self):  # noqa: N802 (QGIS API)
        """Register the provider; called by QGIS desktop and by qgis_process."""
        if self.provider is None:
            use_qgis_proj_data()
            missing = missing_requirements()
            if missing:
                QgsMessageLog.logMessage(install_hint(missing), "DP Geoprivacy", Qgis.Critical)
                raise ImportError(install_hint(missing))
            from .processing.provider import DpGeoprivacyProvider

            provider = DpGeoprivacyProvider()
            if not QgsApplication.processingRegistry().addProvider(provider):
                raise RuntimeError("dp_geoprivacy: the Processing provider could not be registered")
            self.provider = provider

    def initGui(self):  # noqa: N802 (QGIS API)
        self.initProcessing()

    def unload(self):
        if self.provider is not None:
            removed = QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
            if not removed:
                raise RuntimeError("dp_geoprivacy: the Processing provider could not be removed")
        if self.translator is not None:
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
