"""Runs inside QGIS desktop (``qgis.bin --code qgis_startup.py``) for desktop_check.py.

QGIS executes this file in its Python console namespace before its event loop
starts, so the work is done from a QTimer: wait until the main window is
shown and the Processing toolbox exists, check that the plugin installed from
the zip registered the "dp_geoprivacy" provider with every expected
algorithm, show the toolbox filtered to the provider, grab the main window
to a PNG, run one algorithm (Laplace perturbation of the plugin's sample
households, with pyproj reprojecting to a given metric CRS) in QGIS's own
Python, write a JSON result and quit QGIS.

Settings come from the JSON file named by $DP_GEOPRIVACY_DESKTOP_CHECK:
``png``, ``result`` (JSON path), ``profile`` (the temporary profile folder),
``expected`` (algorithm names found in the zip) and ``deadline_s``.
"""

import json
import os
import sys
import time
import traceback
from pathlib import Path

import qgis.utils
from qgis.core import QgsApplication
from qgis.PyQt.QtCore import QCoreApplication, Qt, QTimer
from qgis.PyQt.QtWidgets import QDockWidget, QPushButton

PROVIDER_ID = "dp_geoprivacy"
SEARCH_TEXT = "DP Geoprivacy"
CONFIG = json.loads(Path(os.environ["DP_GEOPRIVACY_DESKTOP_CHECK"]).read_text(encoding="utf-8"))
STARTED = time.monotonic()
# With "install" in the settings (desktop_check.py --install): what the plugin's Install button did.
INSTALL = {}


def log(message):
    print(f"[desktop-check] {message}", file=sys.stderr, flush=True)


def finish(result, code):
    """Write the result, then leave QGIS's event loop with ``code``."""
    result["ok"] = code == 0
    result["seconds_in_qgis"] = round(time.monotonic() - STARTED, 1)
    Path(CONFIG["result"]).write_text(json.dumps(result, indent=2, sort_keys=True), encoding="utf-8")
    log(f"result written: ok={result['ok']}")
    QTimer.singleShot(0, lambda: QCoreApplication.exit(code))


def toolbox_dock():
    """The Processing toolbox dock (from the Processing plugin), or None."""
    main_window = qgis.utils.iface.mainWindow() if qgis.utils.iface else None
    if main_window is None:
        return None
    dock = main_window.findChild(QDockWidget, "ProcessingToolbox")
    if dock is None and "processing" in qgis.utils.plugins:
        dock = getattr(qgis.utils.plugins["processing"], "toolbox", None)
    return dock


def gui_ready():
    main_window = qgis.utils.iface.mainWindow() if qgis.utils.iface else None
    return (
        main_window is not None
        and main_window.isVisible()
        and toolbox_dock() is not None
        and QgsApplication.processingRegistry().providerById(PROVIDER_ID) is not None
    )


def visible_algorithms(tree):
    """Ids of the algorithm rows the toolbox tree shows, and the provider rows' texts."""
    model = tree.model()
    algorithms, groups = [], []

    def walk(parent):
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            algorithm = tree.algorithmForIndex(index)
            if algorithm is not None:
                algorithms.append(algorithm.id())
            else:
                groups.append(model.data(index))
                walk(index)

    walk(tree.rootIndex())
    return algorithms, groups


def check_and_show():
    """The check itself; returns (result, exit code)."""
    registry = QgsApplication.processingRegistry()
    provider = registry.providerById(PROVIDER_ID)
    module = sys.modules.get(PROVIDER_ID)
    result = {
        "provider_found": provider is not None,
        "provider_name": provider.name() if provider else None,
        "plugin_active": PROVIDER_ID in qgis.utils.active_plugins,
        "plugin_path": str(Path(module.__file__).parent) if module else None,
        "expected_algorithms": sorted(f"{PROVIDER_ID}:{name}" for name in CONFIG["expected"]),
        "qgis_version": qgis.utils.Qgis.QGIS_VERSION,
        "install": INSTALL,
    }
    errors = []
    if provider is None:
        errors.append("the Processing provider 'dp_geoprivacy' is not registered")
        result["errors"] = errors
        return result, 2
    algorithms = sorted(algorithm.id() for algorithm in provider.algorithms())
    result["algorithm_ids"] = algorithms
    result["algorithm_names"] = {
        algorithm.id(): algorithm.displayName() for algorithm in provider.algorithms()
    }
    missing = sorted(set(result["expected_algorithms"]) - set(algorithms))
    if missing:
        errors.append(f"algorithms missing from the provider: {missing}")
    if not algorithms:
        errors.append("the provider has no algorithms")
    for algorithm_id in algorithms:
        algorithm = registry.createAlgorithmById(algorithm_id)
        if algorithm is None or not algorithm.parameterDefinitions():
            errors.append(f"{algorithm_id} cannot be created or has no parameters")
    profile = Path(CONFIG["profile"]).resolve()
    if not result["plugin_path"] or profile not in Path(result["plugin_path"]).resolve().parents:
        errors.append(f"the plugin was not loaded from the temporary profile {profile}: {result['plugin_path']}")

    # Show the toolbox, filtered to the provider, with every algorithm visible.
    main_window = qgis.utils.iface.mainWindow()
    main_window.showNormal()
    main_window.setGeometry(0, 0, 1600, 1000)
    dock = toolbox_dock()
    if hasattr(dock, "setUserVisible"):
        dock.setUserVisible(True)
    else:
        dock.show()
    dock.raise_()
    main_window.resizeDocks([dock], [460], Qt.Orientation.Horizontal)
    search = getattr(dock, "searchBox", None)
    tree = getattr(dock, "algorithmTree", None)
    if search is not None:
        search.setText(SEARCH_TEXT)
    if tree is not None:
        tree.expandAll()
        shown, groups = visible_algorithms(tree)
        result["toolbox_groups"] = groups
        result["toolbox_algorithms"] = sorted(shown)
        not_shown = sorted(set(algorithms) - set(shown))
        if not_shown:
            errors.append(f"algorithms not shown in the toolbox: {not_shown}")
        if provider.name() not in groups:
            errors.append(f"the toolbox shows no '{provider.name()}' node: {groups}")
        tree.clearSelection()  # a selected row's blue hides the algorithm icon
    else:
        errors.append("the Processing toolbox has no algorithm tree")
    result["errors"] = errors
    return result, 1 if errors else 0


def screenshot(result, code):
    """Grab the main window once the toolbox has been painted, then finish."""
    try:
        QCoreApplication.processEvents()
        pixmap = qgis.utils.iface.mainWindow().grab()
        saved = pixmap.save(CONFIG["png"], "PNG")
        result["screenshot"] = CONFIG["png"] if saved else None
        result["screenshot_size"] = [pixmap.width(), pixmap.height()]
        if not saved:
            result.setdefault("errors", []).append(f"could not save the screenshot to {CONFIG['png']}")
            code = code or 3
    except Exception:  # noqa: BLE001 (report anything, then quit)
        result.setdefault("errors", []).append(traceback.format_exc())
        code = code or 3
    if code == 0:
        code = run_one_algorithm(result)
    finish(result, code)


def run_one_algorithm(result):
    """Run dp_geoprivacy:laplaceperturbation on the zip's sample data inside QGIS desktop; returns an exit code.

    After the screenshot, so the toolbox shown is untouched. The output goes
    to the temporary folder; the result records how many points were read
    and written.
    """
    try:
        from qgis import processing
        from qgis.core import QgsProcessingContext, QgsProcessingFeedback, QgsVectorLayer

        sample = Path(result["plugin_path"]) / "resources" / "sample_data" / "sample_city.gpkg"
        output = Path(CONFIG["profile"]).parent / "desktop_run_output.gpkg"
        source = QgsVectorLayer(f"{sample}|layername=households", "households", "ogr")
        log("running dp_geoprivacy:laplaceperturbation on the sample households")
        outputs = processing.run(
            f"{PROVIDER_ID}:laplaceperturbation",
            {"INPUT": source, "EPSILON": 1.0, "DISTANCE": 100.0, "METRIC_CRS": "EPSG:25832", "OUTPUT": str(output)},
            context=QgsProcessingContext(),
            feedback=QgsProcessingFeedback(),
        )
        written = QgsVectorLayer(str(output), "written", "ogr")
        run = {
            "algorithm": f"{PROVIDER_ID}:laplaceperturbation",
            "input_features": source.featureCount(),
            "points_written": outputs.get("POINTS_WRITTEN"),
            "output_features": written.featureCount() if written.isValid() else None,
        }
        result["algorithm_run"] = run
        if not source.isValid() or run["output_features"] != source.featureCount() or not run["output_features"]:
            result.setdefault("errors", []).append(f"the algorithm run in QGIS desktop went wrong: {run}")
            return 6
        return 0
    except Exception:  # noqa: BLE001 (report anything, then quit)
        result.setdefault("errors", []).append(traceback.format_exc())
        return 6


def click_install():
    """Press the plugin's Install button once it is shown (a QGIS whose Python lacks the packages)."""
    main_window = qgis.utils.iface.mainWindow() if qgis.utils.iface else None
    button = main_window.findChild(QPushButton, "dp_geoprivacy_install") if main_window else None
    if button is None:
        return
    INSTALL["offered"] = button.parent().findChildren(QPushButton) and button.text()
    log("the plugin offers to install its packages: clicking Install (pip, from PyPI)")
    started = time.monotonic()
    button.click()
    INSTALL["seconds"] = round(time.monotonic() - started, 1)
    folder = Path(CONFIG["profile"]) / "profiles" / "default" / "python" / "dp_geoprivacy_packages"
    INSTALL["folder"] = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else None


def poll():
    try:
        if CONFIG.get("install") and "offered" not in INSTALL:
            click_install()
        if gui_ready():
            log("QGIS is up; checking the provider")
            result, code = check_and_show()
            QTimer.singleShot(2000, lambda: screenshot(result, code))
            return
        if time.monotonic() - STARTED > CONFIG["deadline_s"]:
            registry = QgsApplication.processingRegistry()
            finish(
                {
                    "provider_found": registry.providerById(PROVIDER_ID) is not None,
                    "providers": [provider.id() for provider in registry.providers()],
                    "active_plugins": list(qgis.utils.active_plugins),
                    "toolbox_found": toolbox_dock() is not None,
                    "errors": ["QGIS did not become ready in time (main window, toolbox, provider)"],
                },
                4,
            )
            return
    except Exception:  # noqa: BLE001 (report anything, then quit)
        finish({"errors": [traceback.format_exc()]}, 5)
        return
    QTimer.singleShot(500, poll)


log("startup script loaded; waiting for the GUI")
QTimer.singleShot(1000, poll)
