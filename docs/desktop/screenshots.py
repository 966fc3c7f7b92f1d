"""Screenshot every algorithm's dialog in real QGIS desktop (under Xvfb) into docs/img/dialogs/<name>.png.

Usage (``make screenshots``)::

    python docs/desktop/screenshots.py dist/dp_geoprivacy-<version>.zip docs/img/dialogs

As desktop_check.py does (and with its helpers): a fresh QGIS profile with
the plugin zip installed and enabled, a virtual X server of its own, and the
real ``/usr/bin/qgis.bin`` running dialog_screenshots_startup.py, which
loads the sample city into the project, opens each algorithm's dialog with
``processing.createAlgorithmDialog``, grabs it and writes
``build/screenshots.json`` (``--result``; for each dialog: the PNG, what its help pane
shows first and the parameters shown outside "Advanced parameters").

Exit status 0 only if every algorithm's dialog was grabbed, the help pane
of each starts with its summary, and QGIS exited with status 0.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from desktop_check import QGIS_BIN, SCREEN, log, make_profile, qgis_environment, start_xvfb, stop, tail  # noqa: E402

STARTUP_SCRIPT = HERE / "dialog_screenshots_startup.py"
WIDTH, HEIGHT = 1100, 820


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path, help="the plugin zip (make package)")
    parser.add_argument("folder", type=Path, help="where the PNGs go (docs/img/dialogs)")
    parser.add_argument("--only", nargs="*", default=[], help="algorithm names (default: all)")
    parser.add_argument("--result", type=Path, default=HERE.parents[1] / "build" / "screenshots.json",
                        help="where the JSON result goes (default build/screenshots.json)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds QGIS may take in all (default 240)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary profile and logs")
    args = parser.parse_args(argv)

    zip_path, folder = args.zip.resolve(), args.folder.resolve()
    if not zip_path.is_file():
        raise SystemExit(f"no such plugin zip: {zip_path}")
    if not Path(QGIS_BIN).is_file():
        raise SystemExit(f"{QGIS_BIN} not found (Debian package qgis)")
    folder.mkdir(parents=True, exist_ok=True)
    result_path = args.result.resolve()
    result_path.parent.mkdir(parents=True, exist_ok=True)
    result_path.unlink(missing_ok=True)

    root = Path(tempfile.mkdtemp(prefix="dp_geoprivacy_screenshots_"))
    xvfb = qgis = None
    code = 1
    try:
        profile = make_profile(root, zip_path)
        config = root / "screenshots.json"
        config.write_text(json.dumps({
            "folder": str(folder), "result": str(result_path), "profile": str(profile), "width": WIDTH,
            "height": HEIGHT, "only": args.only, "deadline_s": max(20.0, args.timeout - 20.0)}), encoding="utf-8")
        qgis_log = root / "qgis.log"
        with open(root / "xvfb.log", "wb") as xvfb_log, open(qgis_log, "wb") as qgis_out:
            xvfb, display = start_xvfb(xvfb_log)
            log(f"Xvfb on {display} ({SCREEN}); profile {profile}")
            env = qgis_environment(root, display, config)
            env["DP_GEOPRIVACY_SCREENSHOTS"] = str(config)
            started = time.monotonic()
            qgis = subprocess.Popen(
                [QGIS_BIN, "--profiles-path", str(profile), "--nologo", "--code", str(STARTUP_SCRIPT)],
                env=env, cwd=root, stdin=subprocess.DEVNULL, stdout=qgis_out, stderr=subprocess.STDOUT,
                start_new_session=True)
            try:
                returncode = qgis.wait(args.timeout)
            except subprocess.TimeoutExpired:
                stop(qgis)
                log(f"FAILED: QGIS did not finish within {args.timeout:.0f} s; its log:\n{tail(qgis_log)}")
                return 4
            log(f"QGIS exited with {returncode} after {time.monotonic() - started:.1f} s")
        if not result_path.is_file():
            log(f"FAILED: QGIS wrote no result ({result_path}); its log:\n{tail(qgis_log)}")
            return 3
        result = json.loads(result_path.read_text(encoding="utf-8"))
        result["qgis_exit_code"] = returncode
        result_path.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        problems = list(result.get("errors", []))
        if returncode != 0:
            problems.append(f"QGIS exited with status {returncode}")
        for name in result.get("algorithms", []):
            dialog = result["dialogs"].get(name)
            if dialog is None or not Path(dialog["png"]).is_file():
                problems.append(f"{name}: no screenshot")
            elif not 0 <= dialog["summary_at"] <= len(dialog["title"]) + 5:
                problems.append(f"{name}: the help pane does not open with the summary: {dialog['help_start'][:200]!r}")
        if not result.get("algorithms"):
            problems.append("no algorithms found")
        if problems or not result.get("ok"):
            log("FAILED:\n  " + "\n  ".join(problems) + f"\nQGIS log:\n{tail(qgis_log)}")
            return 1
        log(f"OK: {len(result['dialogs'])} dialogs in {folder}")
        code = 0
        return 0
    finally:
        if qgis is not None:
            stop(qgis)
        if xvfb is not None:
            stop(xvfb)
        if args.keep or code != 0:
            log(f"temporary profile and logs kept in {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
