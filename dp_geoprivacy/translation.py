"""Translation of user-visible strings.

``make i18n`` extracts strings with pylupdate5, which names the context of a
string by where the call stands: ``self.tr("...")`` in a class gets the class
name, a bare ``tr("...")`` at module level gets "@default", and
``translate("Context", "...")`` gets the context written. The functions here
look strings up under those same contexts.

Outside QGIS (the Spark command line on a cluster, where Qt is not
installed) the functions give the English text: the pages and messages the
Spark path shares with the plugin (the mobility report's HTML) need no Qt.
"""

try:
    from qgis.PyQt.QtCore import QCoreApplication
except ImportError:  # no QGIS: the English text (module docstring)
    QCoreApplication = None


def _translated(context: str, text: str) -> str:
    return text if QCoreApplication is None else QCoreApplication.translate(context, text)


def translate(context: str, text: str) -> str:
    """Translate ``text`` in an explicit ``context``."""
    return _translated(context, text)


def tr(text: str) -> str:
    """Translate a string written in a module-level function ("@default" context)."""
    return _translated("@default", text)


class Translatable:
    """Mixin: ``self.tr`` looks strings up under the class's own name."""

    def tr(self, text: str) -> str:
        return _translated(type(self).__name__, text)
