"""The one feedback the QGIS tests give an algorithm to keep what it logged."""

from qgis.core import QgsProcessingFeedback


class Log(QgsProcessingFeedback):
    """Keeps the log: ``lines`` (info and warnings in order), ``infos`` and ``warnings`` apart, ``text()``."""

    def __init__(self):
        super().__init__()
        self.lines, self.infos, self.warnings = [], [], []

    def pushInfo(self, info):  # noqa: N802 (QGIS API)
        self.lines.append(info)
        self.infos.append(info)
        super().pushInfo(info)

    def pushWarning(self, warning):  # noqa: N802 (QGIS API)
        self.lines.append(warning)
        self.warnings.append(warning)
        super().pushWarning(warning)

    def text(self):
        return "\n".join(self.lines)
