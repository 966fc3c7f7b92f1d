"""Install the plugin zip into a fresh QGIS profile, start QGIS desktop, screenshot the toolbox.

Usage (``make desktop-check``)::

    python docs/desktop/desktop_check.py dist/dp_geoprivacy-<version>.zip docs/img/processing_toolbox.png

What it does, as a user would do by hand:

1. makes a temporary QGIS profile folder, unzips the plugin into
   ``<profile>/profiles/default/python/plugins/`` and enables it (and the
   Processing plugin) in ``<profile>/profiles/default/QGIS/QGIS3.ini``, with
   the first-run, version-check and news-feed prompts switched off;
2. starts a virtual X server (Xvfb, 1600x1000x24) of its own; QGIS desktop
   runs there on the real xcb platform, not Qt's offscreen one;
3. runs the real ``/usr/bin/qgis.bin --profiles-path <profile> --nologo
   --code docs/desktop/qgis_startup.py``; that script waits for the GUI,
   checks that the provider "dp_geoprivacy" and every algorithm module in the
   zip are registered, shows the Processing toolbox filtered to "DP
   Geoprivacy", grabs the main window to the PNG, runs one algorithm on the
   zip's sample data, writes ``<png>.json`` (same name, .json) with what it
   found, then quits QGIS.

Exit status 0 only if the provider and all algorithms were found and shown,
the screenshot was written, the algorithm ran and QGIS exited with status 0
(it does not when a library clash crashes it on the way out); non-zero if anything is missing, QGIS failed,
or QGIS did not finish within ``--timeout`` seconds (default 120).
"""

import argparse
import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

PLUGIN = "dp_geoprivacy"
QGIS_BIN = "/usr/bin/qgis.bin"
XVFB = "Xvfb"
SCREEN = "1600x1000x24"
HERE = Path(__file__).resolve().parent
STARTUP_SCRIPT = HERE / "qgis_startup.py"

# Written into the fresh profile's QGIS3.ini: the plugin and Processing on,
# nothing that could open a dialog or reach the network at start-up.
PROFILE_INI = f"""\
[PythonPlugins]
{PLUGIN}=true
processing=true

[Plugins]
processing=true

[qgis]
showTips=false
checkVersion=false
allowVersionCheck=false
showPluginUpgradeNotifications=false

[migration]
fileVersion=2
firstRunVersionFlag=99999
settings=true

[locale]
overrideFlag=true
userLocale=en_US

[core]
NewsFeed\\httpsfeedqgisorg\\disabled=true

[app]
plugin_installer\\checkOnStart=false
plugin_installer\\allowExperimental=true
"""


def log(message):
    print(f"desktop-check: {message}", file=sys.stderr, flush=True)


def expected_algorithms(zip_path):
    """ALGORITHM_ID of every algorithm module shipped in the zip (one module per algorithm)."""
    names = []
    prefix = f"{PLUGIN}/processing/algorithms/"
    with zipfile.ZipFile(zip_path) as archive:
        for member in sorted(archive.namelist()):
            if not member.startswith(prefix) or not member.endswith(".py") or member.endswith("__init__.py"):
                continue
            tree = ast.parse(archive.read(member).decode("utf-8"), filename=member)
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "ALGORITHM_ID" for target in node.targets
                ):
                    if isinstance(node.value, ast.Constant) and node.value.value:
                        names.append(node.value.value)
    return names


def make_profile(root, zip_path):
    """A fresh profile folder with the plugin unzipped and enabled; returns its path."""
    profile = root / "profiles-path"
    plugins = profile / "profiles" / "default" / "python" / "plugins"
    plugins.mkdir(parents=True)
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(plugins)
    if not (plugins / PLUGIN / "metadata.txt").is_file():
        raise SystemExit(f"{zip_path} does not hold {PLUGIN}/metadata.txt")
    ini = profile / "profiles" / "default" / "QGIS" / "QGIS3.ini"
    ini.parent.mkdir(parents=True)
    ini.write_text(PROFILE_INI, encoding="utf-8")
    return profile


def start_xvfb(log_file):
    """Start Xvfb on a free display; returns (process, ":N")."""
    if shutil.which(XVFB) is None:
        raise SystemExit("Xvfb not found (Debian package xvfb; `make deps`)")
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write_end,), stdout=log_file, stderr=log_file, start_new_session=True,
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number.isdigit():
        stop(process)
        raise SystemExit("Xvfb did not start (no display number)")
    return process, f":{number}"


def stop(process, grace=10):
    """Terminate a process group this script started; kill it if it lingers."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def qgis_environment(root, display, config, system_python=False):
    """The environment for QGIS: real X display, isolated config, no working-tree plugin (with ``system_python``
    not even the venv's packages: QGIS sees only the system's Python, as on a fresh Debian desktop)."""
    env = dict(os.environ)
    if system_python:
        for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
            env.pop(name, None)
    # The Makefile's QGIS_ENV is for headless runs of the working tree: drop
    # what would make QGIS offscreen or load build/plugins instead of the zip.
    # pytest-qgis also sets QGIS_OPTIONS_PATH to its own settings folder.
    dropped = ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "QGIS_CUSTOM_CONFIG_PATH", "QGIS_OPTIONS_PATH", "QGIS_PLUGINPATH")
    for name in dropped:
        env.pop(name, None)
    runtime = root / "runtime"
    runtime.mkdir(mode=0o700)
    env.update(
        DISPLAY=display,
        QT_QPA_PLATFORM="xcb",
        XDG_RUNTIME_DIR=str(runtime),
        XDG_CONFIG_HOME=str(root / "config"),
        XDG_CACHE_HOME=str(root / "cache"),
        XDG_DATA_HOME=str(root / "data"),
        DP_GEOPRIVACY_DESKTOP_CHECK=str(config),
        PYTHONDONTWRITEBYTECODE="1",
        QT_ACCESSIBILITY="0",
        NO_AT_BRIDGE="1",
    )
    return env


def tail(path, lines=60):
    try:
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=Path, help="the plugin zip (make package)")
    parser.add_argument("png", type=Path, help="where to save the screenshot")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds QGIS may take in all (default 120)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary profile and logs")
    parser.add_argument("--system-python", action="store_true",
                        help="QGIS sees only the system's Python packages (no PYTHONPATH, no venv)")
    parser.add_argument("--install", action="store_true",
                        help="press the plugin's Install button for missing packages (pip from PyPI) first")
    args = parser.parse_args(argv)

    zip_path = args.zip.resolve()
    png = args.png.resolve()
    result_path = png.with_suffix(".json")
    if not zip_path.is_file():
        raise SystemExit(f"no such plugin zip: {zip_path}")
    if not Path(QGIS_BIN).is_file():
        raise SystemExit(f"{QGIS_BIN} not found (Debian package qgis)")
    expected = expected_algorithms(zip_path)
    if not expected:
        raise SystemExit(f"no algorithm modules (ALGORITHM_ID) found in {zip_path}")
    png.parent.mkdir(parents=True, exist_ok=True)
    for stale in (png, result_path):
        stale.unlink(missing_ok=True)

    root = Path(tempfile.mkdtemp(prefix="dp_geoprivacy_desktop_"))
    qgis_log = root / "qgis.log"
    xvfb = qgis = None
    code = 1
    try:
        profile = make_profile(root, zip_path)
        config = root / "check.json"
        config.write_text(
            json.dumps(
                {
                    "png": str(png),
                    "result": str(result_path),
                    "profile": str(profile),
                    "expected": expected,
                    "deadline_s": max(10.0, args.timeout - 20.0),
                    "install": args.install,
                }
            ),
            encoding="utf-8",
        )
        with open(root / "xvfb.log", "wb") as xvfb_log, open(qgis_log, "wb") as qgis_out:
            xvfb, display = start_xvfb(xvfb_log)
            log(f"Xvfb on {display} ({SCREEN}); profile {profile}; expecting {expected}")
            command = [QGIS_BIN, "--profiles-path", str(profile), "--nologo", "--code", str(STARTUP_SCRIPT)]
            started = time.monotonic()
            qgis = subprocess.Popen(
                command, env=qgis_environment(root, display, config, args.system_python), cwd=root,
                stdin=subprocess.DEVNULL, stdout=qgis_out, stderr=subprocess.STDOUT, start_new_session=True,
            )
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
        result_path.write_text(json.dumps(result, indent=2, sort_keys=True), encoding="utf-8")
        problems = list(result.get("errors", []))
        if returncode != 0:
            problems.append(f"QGIS exited with status {returncode}")
        if not png.is_file() or png.stat().st_size < 10_000:
            problems.append(f"no usable screenshot at {png}")
        if problems or not result.get("ok"):
            log("FAILED:\n  " + "\n  ".join(problems) + f"\nQGIS log:\n{tail(qgis_log)}")
            return 1
        log(f"OK: provider {result['provider_name']!r} with {result['algorithm_ids']}; screenshot {png}")
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
