"""Runs inside QGIS desktop (``qgis.bin --code dialog_screenshots_startup.py``) for screenshots.py.

QGIS executes this file before its event loop starts, so the work is done
from QTimers: wait until the main window and the "dp_geoprivacy" provider
are there, load the plugin's sample city (households, zones, trips) into the
project so the dialogs show what a user would see, then open each
algorithm's dialog with ``processing.createAlgorithmDialog``, let it paint,
grab it (``QWidget.grab``) to ``<folder>/<name>.png``, note what its help
pane shows first and which parameters it shows outside "Advanced
parameters", close it; then (all dialogs only) a trial run of noisyodflows in its dialog
(``trial_run.png`` beside the folder, in docs/img) and the noisy OD flows at the defaults, loaded and
styled (``flow_map.png``, also in docs/img); then write a JSON result and quit.

Settings come from the JSON file named by $DP_GEOPRIVACY_SCREENSHOTS:
``folder`` (where the PNGs go), ``result`` (JSON path), ``profile``,
``width``, ``height``, ``only`` (algorithm names; empty: all) and
``deadline_s``.
"""

import json
import os
import re
import sys
import time
import traceback
from pathlib import Path

import qgis.utils
from qgis.core import QgsApplication, QgsProject, QgsVectorLayer
from qgis.PyQt.QtCore import QCoreApplication, Qt, QTimer
from qgis.PyQt.QtWidgets import QAbstractButton, QLabel, QLineEdit, QTextBrowser, QWidget

PROVIDER_ID = "dp_geoprivacy"
CONFIG = json.loads(Path(os.environ["DP_GEOPRIVACY_SCREENSHOTS"]).read_text(encoding="utf-8"))
STARTED = time.monotonic()
RESULT = {"dialogs": {}, "errors": []}
PAINT_MS = 1500


def log(message):
    print(f"[screenshots] {message}", file=sys.stderr, flush=True)


def finish(code):
    # Remove the sample layers while the event loop still runs: removing them in QGIS's exit (~QgsProject)
    # after the dialogs' layer models are gone aborts QGIS.
    QgsProject.instance().removeAllMapLayers()
    QCoreApplication.processEvents()
    RESULT["ok"] = code == 0 and not RESULT["errors"]
    RESULT["seconds_in_qgis"] = round(time.monotonic() - STARTED, 1)
    Path(CONFIG["result"]).write_text(json.dumps(RESULT, indent=2, sort_keys=True), encoding="utf-8")
    log(f"result written: ok={RESULT['ok']}")
    QTimer.singleShot(500, lambda: QCoreApplication.exit(0 if RESULT["ok"] else 1))


SAMPLE_LAYERS = []
# Parameters given a sample layer that fits them (as a user picks the input and the zones first).
PREFILLED = ("INPUT", "ZONES")


def load_sample_data(provider_path):
    """The sample city's layers, as a user would have them in the project."""
    sample = Path(provider_path) / "resources" / "sample_data" / "sample_city.gpkg"
    for name in ("households", "zones", "trips"):
        layer = QgsVectorLayer(f"{sample}|layername={name}", name, "ogr")
        added = QgsProject.instance().addMapLayer(layer) if layer.isValid() else None
        if added is not None:
            SAMPLE_LAYERS.append(added)
        else:
            RESULT["errors"].append(f"sample layer {name} not loaded from {sample}")


def sample_inputs(algorithm):
    """{INPUT or ZONES: id of the first sample layer that parameter accepts}."""
    from qgis.core import QgsProcessingContext, QgsProcessingParameterFeatureSource

    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    values = {}
    for name in PREFILLED:
        definition = algorithm.parameterDefinition(name)
        if not isinstance(definition, QgsProcessingParameterFeatureSource):
            continue
        for layer in SAMPLE_LAYERS:
            if definition.checkValueIsAcceptable(layer.id(), context) and (
                    not definition.dataTypes() or _fits(layer, definition.dataTypes())):
                values[name] = layer.id()
                break
    return values


def _fits(layer, data_types):
    from qgis.core import QgsProcessing, QgsWkbTypes

    geometry = QgsWkbTypes.geometryType(layer.wkbType())
    wanted = {QgsProcessing.TypeVectorPoint: QgsWkbTypes.PointGeometry,
              QgsProcessing.TypeVectorLine: QgsWkbTypes.LineGeometry,
              QgsProcessing.TypeVectorPolygon: QgsWkbTypes.PolygonGeometry}
    return any(t not in wanted or wanted[t] == geometry for t in data_types)


def visible_parameters(dialog, algorithm):
    """Names of the parameters whose widgets are shown (not folded into Advanced), top to bottom."""
    shown = []
    for definition in algorithm.parameterDefinitions():
        if definition.isDestination():
            continue
        labels = [label for label in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton)
                  if label.isVisibleTo(dialog) and label.text().startswith(definition.description()[:40])]
        if labels:
            shown.append((labels[0].mapTo(dialog, labels[0].rect().topLeft()).y(), definition.name()))
    return [name for _, name in sorted(shown)]


def help_text(dialog):
    browsers = [b for b in dialog.findChildren(QTextBrowser) if b.isVisibleTo(dialog)]
    return browsers[0].toPlainText() if browsers else ""


def shoot(names, index):
    """Open, paint and grab the dialog of ``names[index]``, then schedule the next one."""
    if index >= len(names):
        if CONFIG.get("only"):
            finish(0)
        else:
            QTimer.singleShot(200, trial_run)
        return
    if time.monotonic() - STARTED > CONFIG["deadline_s"]:
        RESULT["errors"].append(f"deadline reached before {names[index]}")
        finish(4)
        return
    name = names[index]
    try:
        from processing import createAlgorithmDialog

        algorithm = QgsApplication.processingRegistry().createAlgorithmById(f"{PROVIDER_ID}:{name}")
        dialog = createAlgorithmDialog(f"{PROVIDER_ID}:{name}", sample_inputs(algorithm))
        dialog.resize(CONFIG["width"], CONFIG["height"])
        dialog.move(20, 20)
        dialog.show()
        dialog.raise_()
        for edit in dialog.findChildren(QLineEdit):
            edit.deselect()  # no field shown with its text selected
    except Exception:  # noqa: BLE001 (report anything, go on with the next)
        RESULT["errors"].append(f"{name}: {traceback.format_exc()}")
        QTimer.singleShot(0, lambda: shoot(names, index + 1))
        return

    def grab():
        try:
            QCoreApplication.processEvents()
            path = Path(CONFIG["folder"]) / f"{name}.png"
            pixmap = QWidget.grab(dialog)
            if not pixmap.save(str(path), "PNG"):
                RESULT["errors"].append(f"{name}: could not save {path}")
            shown = help_text(dialog)
            summary = re.sub(r"<[^>]+>", "", algorithm.shortHelpString().split("<br>")[0])
            RESULT["dialogs"][name] = {
                "png": str(path), "size": [pixmap.width(), pixmap.height()],
                "help_start": shown[:600],
                # where the summary's first line stands in the help pane (after the algorithm's name)
                "summary_at": shown.find(summary.strip()[:60]),
                "title": algorithm.displayName(),
                "visible_parameters": visible_parameters(dialog, algorithm),
            }
            log(f"{name}: {path}")
        except Exception:  # noqa: BLE001
            RESULT["errors"].append(f"{name}: {traceback.format_exc()}")
        finally:
            dialog.close()
            dialog.deleteLater()
        QTimer.singleShot(200, lambda: shoot(names, index + 1))

    QTimer.singleShot(PAINT_MS, grab)


def _layer(name):
    return next(layer for layer in SAMPLE_LAYERS if layer.name() == name)


def trial_run():
    """The noisyodflows dialog after a trial run on the sample city (the log with the figures, nothing loaded):
    <folder>/trial_run.png."""
    try:
        from processing import createAlgorithmDialog

        dialog = createAlgorithmDialog(f"{PROVIDER_ID}:noisyodflows", {
            "INPUT": _layer("trips").id(), "ZONES": _layer("zones").id(), "ZONE_ID_FIELD": "zone_id",
            "DRY_RUN": True})
        dialog.resize(CONFIG["width"], CONFIG["height"])
        dialog.move(20, 20)
        dialog.show()
        dialog.raise_()
        QCoreApplication.processEvents()
        layers_before = len(QgsProject.instance().mapLayers())
        dialog.runAlgorithm()
    except Exception:  # noqa: BLE001 (report anything, go on)
        RESULT["errors"].append(f"trial run: {traceback.format_exc()}")
        QTimer.singleShot(0, flow_map)
        return

    def grab():
        try:
            QCoreApplication.processEvents()
            path = Path(CONFIG["folder"]).parent / "trial_run.png"
            QWidget.grab(dialog).save(str(path), "PNG")
            RESULT["trial_run"] = {"png": str(path),
                                   "layers_loaded": len(QgsProject.instance().mapLayers()) - layers_before}
            log(f"trial run: {path}")
        except Exception:  # noqa: BLE001
            RESULT["errors"].append(f"trial run: {traceback.format_exc()}")
        finally:
            dialog.close()
            dialog.deleteLater()
        QTimer.singleShot(200, flow_map)

    QTimer.singleShot(8000, grab)


def flow_map():
    """The noisy OD flows of the sample city at the defaults, loaded and styled over the zones:
    <folder>/flow_map.png (the main window: map and legend)."""
    try:
        from qgis import processing

        out = Path(CONFIG["profile"]).parent
        processing.runAndLoadResults(f"{PROVIDER_ID}:noisyodflows", {
            "INPUT": _layer("trips").id(), "ZONES": _layer("zones").id(), "ZONE_ID_FIELD": "zone_id",
            "OUTPUT_FLOWS": str(out / "flows.gpkg"), "OUTPUT_MATRIX": str(out / "matrix.csv")})
        from qgis.core import QgsFillSymbol, QgsSingleSymbolRenderer
        from qgis.PyQt.QtWidgets import QDockWidget

        root = QgsProject.instance().layerTreeRoot()
        for layer in SAMPLE_LAYERS:
            root.findLayer(layer.id()).setItemVisibilityChecked(layer.name() == "zones")
        _layer("zones").setRenderer(QgsSingleSymbolRenderer(QgsFillSymbol.createSimple(
            {"color": "245,245,240", "outline_color": "160,160,160", "outline_width": "0.2"})))
        flows = [layer for layer in QgsProject.instance().mapLayers().values()
                 if layer.name().startswith("Noisy OD flows")]
        # Only the flows' width legend open (ids, not wrapper identity: node.layer() is a new Python wrapper).
        for node in root.findLayers():  # closed first: opening a node that is already open changes nothing
            node.setExpanded(False)
        if flows:
            root.findLayer(flows[0].id()).setExpanded(True)
        main_window = qgis.utils.iface.mainWindow()
        browser = main_window.findChild(QDockWidget, "Browser")
        if browser is not None:
            browser.hide()
        RESULT["flow_map"] = {"layer": flows[0].name() if flows else None,
                              "features": flows[0].featureCount() if flows else 0,
                              "legend_expanded": bool(flows) and root.findLayer(flows[0].id()).isExpanded()}
        main_window.showNormal()
        main_window.setGeometry(0, 0, 1600, 1000)
        layers_dock = main_window.findChild(QDockWidget, "Layers")
        if layers_dock is not None:  # wide enough for the legend title (epsilon, margin, run)
            main_window.resizeDocks([layers_dock], [520], Qt.Orientation.Horizontal)
        canvas = qgis.utils.iface.mapCanvas()
        canvas.setExtent(_layer("zones").extent())
        canvas.refresh()
    except Exception:  # noqa: BLE001
        RESULT["errors"].append(f"flow map: {traceback.format_exc()}")
        finish(0)
        return

    def grab():
        try:
            QCoreApplication.processEvents()
            path = Path(CONFIG["folder"]).parent / "flow_map.png"
            qgis.utils.iface.mainWindow().grab().save(str(path), "PNG")
            RESULT["flow_map"]["png"] = str(path)
            log(f"flow map: {path}")
        except Exception:  # noqa: BLE001
            RESULT["errors"].append(f"flow map: {traceback.format_exc()}")
        finish(0)

    QTimer.singleShot(5000, grab)


def poll():
    try:
        main_window = qgis.utils.iface.mainWindow() if qgis.utils.iface else None
        provider = QgsApplication.processingRegistry().providerById(PROVIDER_ID)
        if main_window is not None and main_window.isVisible() and provider is not None \
                and "processing" in qgis.utils.plugins:
            module = sys.modules.get(PROVIDER_ID)
            RESULT["plugin_path"] = str(Path(module.__file__).parent)
            RESULT["qgis_version"] = qgis.utils.Qgis.QGIS_VERSION
            load_sample_data(RESULT["plugin_path"])
            names = sorted(algorithm.name() for algorithm in provider.algorithms())
            if CONFIG.get("only"):
                names = [n for n in names if n in CONFIG["only"]]
            RESULT["algorithms"] = names
            log(f"QGIS is up; {len(names)} dialogs to grab")
            QTimer.singleShot(1000, lambda: shoot(names, 0))
            return
        if time.monotonic() - STARTED > CONFIG["deadline_s"]:
            RESULT["errors"].append("QGIS did not become ready in time (main window, provider, Processing)")
            finish(4)
            return
    except Exception:  # noqa: BLE001
        RESULT["errors"].append(traceback.format_exc())
        finish(5)
        return
    QTimer.singleShot(500, poll)


log("startup script loaded; waiting for the GUI")
QTimer.singleShot(1000, poll)
