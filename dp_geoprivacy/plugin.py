"""The QGIS plugin object: registers the Processing provider and translations."""

from qgis.core import Qgis, QgsApplication, QgsMessageLog, QgsSettings
from qgis.PyQt.QtCore import QCoreApplication, QLocale, Qt, QTranslator
from qgis.PyQt.QtWidgets import QApplication, QPushButton

from . import _import_with_their_own_libraries, plugin_root
from .dependencies import install
from .requirements import install_hint, missing_requirements
from .translation import translate


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
    """Where pyproj finds no PROJ data of its own (e.g. in a venv), it uses QGIS's (core/geometry/proj_data.py).

    Before the requirement check imports pyproj, which would warn that it has no data.
    """
    from qgis.core import QgsProjUtils

    from .core.geometry.proj_data import ensure_proj_data, prefer_proj_data

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
        """Register the provider; called by QGIS desktop and by qgis_process. Returns whether it is registered.

        Without the packages it needs, the plugin logs what to install and registers nothing (it never raises:
        an exception here would stop QGIS's start-up with a modal traceback); initGui offers to install them.
        """
        if self.provider is None:
            use_qgis_proj_data()
            missing = missing_requirements()
            if missing:
                QgsMessageLog.logMessage(install_hint(missing), "DP Geoprivacy", Qgis.Critical)
                return False
            from .processing.provider import DpGeoprivacyProvider

            provider = DpGeoprivacyProvider()
            if not QgsApplication.processingRegistry().addProvider(provider):
                QgsMessageLog.logMessage("The Processing provider could not be registered.", "DP Geoprivacy",
                                         Qgis.Critical)
                return False
            self.provider = provider
        return True

    def initGui(self):  # noqa: N802 (QGIS API)
        if not self.initProcessing():
            self.offer_install()

    def offer_install(self):
        """A message bar saying what is missing, with a button that installs it (dependencies.install)."""
        from qgis.utils import iface

        missing = missing_requirements()
        if iface is None or not missing:
            return
        bar = iface.messageBar()
        widget = bar.createMessage("DP Geoprivacy", translate(
            "DpGeoprivacyPlugin", "needs Python packages QGIS does not have: {missing}.").format(
                missing=", ".join(missing)))
        button = QPushButton(translate("DpGeoprivacyPlugin", "Install them"), widget)
        button.setObjectName("dp_geoprivacy_install")
        button.clicked.connect(lambda: self.install_missing(missing))
        widget.layout().addWidget(button)
        self.install_message = bar.pushWidget(widget, Qgis.Warning)

    def install_missing(self, missing):
        """Install ``missing`` into the plugin's packages folder, then register the provider (no restart needed
        unless an older version of a package was already imported). Returns whether the provider is registered."""
        from qgis.utils import iface

        bar = iface.messageBar() if iface is not None else None
        if bar is not None and getattr(self, "install_message", None) is not None:
            bar.popWidget(self.install_message)
            self.install_message = None
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            ok, output = install(missing)
        finally:
            QApplication.restoreOverrideCursor()
        QgsMessageLog.logMessage(output, "DP Geoprivacy", Qgis.Info if ok else Qgis.Critical)
        if ok:
            _import_with_their_own_libraries()
        registered = ok and self.initProcessing()
        if bar is None:
            return registered
        if registered:
            bar.pushSuccess("DP Geoprivacy", translate(
                "DpGeoprivacyPlugin", "The packages are installed; the algorithms are in the Processing toolbox."))
        elif ok:
            bar.pushWarning("DP Geoprivacy", translate(
                "DpGeoprivacyPlugin", "The packages are installed: restart QGIS to use them."))
        else:
            bar.pushCritical("DP Geoprivacy", translate(
                "DpGeoprivacyPlugin", "Installing failed; pip's output is in the log (View > Panels > Log "
                "Messages, DP Geoprivacy)."))
        return registered

    def unload(self):
        if self.provider is not None:
            removed = QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
            if not removed:
                raise RuntimeError("dp_geoprivacy: the Processing provider could not be removed")
        if self.translator is not None:
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
