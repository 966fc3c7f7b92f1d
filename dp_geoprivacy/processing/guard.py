"""Every dp_geoprivacy algorithm's run and checks, wrapped once (DpAlgorithm.__init_subclass__, processing/base.py).

- No exception but QgsProcessingException leaves processAlgorithm: any other becomes one with a clear message
  ("... stopped on an unexpected error (KeyError: ...); nothing was written ..."), its traceback going to the QGIS
  message log only (tab "dp_geoprivacy", level Info: shown in QGIS's log panel, not printed by qgis_process), for
  developers. Outputs are built in working folders removed on the way out, so nothing is left either way.
- Every refusal (checkParameterValues, or a QgsProcessingException from the run) is also printed as one JSON object
  on stdout under ``qgis_process ... --json`` (budget.report_refusal): QGIS 3.22's qgis_process prints no JSON
  when checkParameterValues fails or the algorithm raises.
- Ctrl-C in qgis_process ends the run (workdirs.claim_interrupt).
"""

import functools
import re
import traceback

from qgis.core import Qgis, QgsMessageLog, QgsProcessingException

from ..translation import translate
from . import budget, workdirs


def _log_tab(algorithm):
    return algorithm.id().split(":")[0]


def guarded(process_algorithm):
    """Wrap a processAlgorithm: Ctrl-C in qgis_process ends the run (workdirs.claim_interrupt), and any exception
    other than QgsProcessingException becomes one with a clear message; its traceback goes to the QGIS message
    log only (tab "dp_geoprivacy", level Info: not printed by qgis_process), for developers. Outputs are built in
    working folders removed on the way out, so nothing is left either way."""
    @functools.wraps(process_algorithm)
    def wrapper(self, parameters, context, feedback):
        workdirs.claim_interrupt()
        try:
            # Also when checkParameterValues was not called (e.g. a model's child algorithm).
            error = self._memory_errors(parameters, context) or self._field_errors(parameters, context)
            if error:
                raise QgsProcessingException(error)
            return process_algorithm(self, parameters, context, feedback)
        except QgsProcessingException as error:
            report(self, "refused", str(error))
            raise
        except MemoryError:
            QgsMessageLog.logMessage(traceback.format_exc(), _log_tab(self), Qgis.Info)
            message = translate(
                "DpAlgorithm", "{algorithm} ran out of memory; nothing was written. Use a smaller input or smaller "
                "settings (bins, grid sizes, realizations).").format(algorithm=self.ALGORITHM_ID)
        except Exception as error:  # noqa: BLE001 (the one place that turns every other failure into a message)
            QgsMessageLog.logMessage(traceback.format_exc(), _log_tab(self), Qgis.Info)
            message = translate(
                "DpAlgorithm", "{algorithm} stopped on an unexpected error ({kind}: {error}); nothing was written. "
                "Please report it with your settings; the details are in the QGIS message log (tab "
                "{provider}).").format(algorithm=self.ALGORITHM_ID, kind=type(error).__name__, error=error,
                                       provider=_log_tab(self))
        report(self, "unexpected_error", message)
        raise QgsProcessingException(message)
    return wrapper


def reporting(check_parameter_values):
    """Wrap a checkParameterValues: a refusal is also printed as JSON under qgis_process --json (report)."""
    @functools.wraps(check_parameter_values)
    def wrapper(self, parameters, context):
        ok, message = check_parameter_values(self, parameters, context)
        if not ok:
            report(self, "invalid_parameter", message)
        return ok, message
    return wrapper


def report(algorithm, reason, message):
    """A refusal as JSON on stdout under qgis_process --json (budget.report_refusal), with the first parameter
    the message names."""
    names = {definition.name() for definition in algorithm.parameterDefinitions()}
    named = [word for word in re.findall(r"\b[A-Z][A-Z0-9_]*\b", message) if word in names]
    budget.report_refusal(algorithm.id(), reason, message, parameter=named[0] if named else None)
