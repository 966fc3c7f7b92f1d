"""Translation of user-visible strings.

``make i18n`` extracts strings with pylupdate5, which names the context of a
string by where the call stands: ``self.tr("...")`` in a class gets the class
name, a bare ``tr("...")`` at module level gets "@default", and
``translate("Context", "...")`` gets the context written. The functions here
look strings up under those same contexts.
"""

from qgis.PyQt.QtCore import QCoreApplication


def translate(context: str, text: str) -> str:
    """Translate ``text`` in an explicit ``context``."""
    return QCoreApplication.translate(context, text)


def tr(text: str) -> str:
    """Translate a string written in a module-level function ("@default" context)."""
    return QCoreApplication.translate("@default", text)


class Translatable:
    """Mixin: ``self.tr`` looks strings up under the class's own name."""

    def tr(self, text: str) -> str:
        return QCoreApplication.translate(type(self).__name__, text)
