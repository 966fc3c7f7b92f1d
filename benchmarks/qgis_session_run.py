"""Time one Processing run inside an already started QGIS session, as a planner meets it in QGIS desktop.

Run with QGIS's Python in the environment ``make qgis_process`` gives qgis_process (common.qgis_process_command):
``python qgis_session_run.py ALGORITHM KEY=VALUE ...``. Untimed: QGIS's start-up (QgsApplication, initQgis), its
Processing plugin, and this plugin loaded and started through qgis.utils (classFactory then initProcessing, as
QGIS desktop does; the plugin's top-level imports done). Timed: ``processing.run(ALGORITHM, parameters)`` alone,
the first run of the session (reading the inputs, the releases, writing the outputs, and any module the algorithm
imports only when it runs), as wall seconds (perf_counter) and CPU seconds of the process, all its threads
(process_time). Prints one JSON line {"wall_s", "cpu_s"}."""

import json
import os
import sys
import time


def main():
    from qgis.core import QgsApplication

    QgsApplication.setPrefixPath("/usr", True)
    app = QgsApplication([], False)
    app.initQgis()
    sys.path.insert(0, os.path.join(QgsApplication.pkgDataPath(), "python", "plugins"))
    import qgis.utils
    from processing.core.Processing import Processing

    Processing.initialize()
    stage = os.environ["QGIS_PLUGINPATH"].split(os.pathsep)[0]
    sys.path.insert(0, stage)
    qgis.utils.plugin_paths.insert(0, stage)
    qgis.utils.updateAvailablePlugins()
    if not (qgis.utils.loadPlugin("dp_geoprivacy") and qgis.utils.startProcessingPlugin("dp_geoprivacy")):
        sys.exit("dp_geoprivacy did not start")
    from qgis import processing

    algorithm, parameters = sys.argv[1], dict(a.split("=", 1) for a in sys.argv[2:])
    wall, cpu = time.perf_counter(), time.process_time()
    processing.run(algorithm, parameters)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"wall_s": round(wall, 3), "cpu_s": round(cpu, 3)}), flush=True)
    os._exit(0)  # the session's end is not part of the report (and QGIS's exit can crash a standalone script)


if __name__ == "__main__":
    main()
