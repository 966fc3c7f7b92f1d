"""The packaged plugin in real QGIS desktop (under Xvfb): provider and algorithms in the toolbox.

Builds the zip with ``make package`` and runs docs/desktop/desktop_check.py
on it, as ``make desktop-check`` does, but with the screenshot in tmp_path.
"""

import json
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "docs" / "desktop" / "desktop_check.py"


def build_zip():
    result = subprocess.run(
        ["make", "-s", "--no-print-directory", "-C", str(ROOT), "package"],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, f"make package failed:\n{result.stdout}\n{result.stderr}"
    zips = [line.strip() for line in result.stdout.splitlines() if line.strip().endswith(".zip")]
    assert zips, f"make package named no zip:\n{result.stdout}"
    path = ROOT / zips[-1]
    assert path.is_file(), path
    return path


def png_size(path):
    """(width, height) from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def test_plugin_zip_shows_in_the_desktop_processing_toolbox(tmp_path):
    plugin_zip = build_zip()
    png = tmp_path / "processing_toolbox.png"
    run = subprocess.run(
        [sys.executable, str(CHECK), str(plugin_zip), str(png), "--timeout", "120"],
        capture_output=True, text=True, timeout=200,
    )
    assert run.returncode == 0, f"desktop check failed ({run.returncode}):\n{run.stdout}\n{run.stderr}"

    assert png.is_file()
    assert png.stat().st_size > 20_000, f"screenshot suspiciously small: {png.stat().st_size} bytes"
    width, height = png_size(png)
    assert width >= 1000 and height >= 700, (width, height)

    result = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
    assert result["ok"] and result["provider_found"] and not result["errors"]
    assert result["provider_name"] == "DP Geoprivacy"
    assert "dp_geoprivacy:laplaceperturbation" in result["algorithm_ids"]
    assert set(result["expected_algorithms"]) <= set(result["algorithm_ids"])
    assert result["toolbox_algorithms"] == result["algorithm_ids"]
    assert "DP Geoprivacy" in result["toolbox_groups"]
    assert result["qgis_exit_code"] == 0
    # One algorithm ran inside QGIS desktop before it quit (cleanly, as checked above).
    run = result["algorithm_run"]
    assert run["algorithm"] == "dp_geoprivacy:laplaceperturbation"
    assert run["input_features"] > 0 and run["output_features"] == run["input_features"] == run["points_written"]
    # The plugin QGIS ran is the one unzipped into the temporary profile, not the working tree.
    assert "/profiles/default/python/plugins/dp_geoprivacy" in result["plugin_path"]
    assert not result["plugin_path"].startswith(str(ROOT))


SYSTEM_PYTHON = "/usr/bin/python3"


def test_fresh_debian_profile_installs_the_missing_packages_and_reaches_the_toolbox(tmp_path):
    """Issue 20 §2: QGIS desktop on Debian's own Python (shapely 1.8 or none, no h3; pip refuses to install into
    it): the plugin does not stop QGIS's start-up, its message bar's Install button runs pip for real (PyPI) into
    the profile's dp_geoprivacy_packages folder, and the provider loads: the toolbox shows every algorithm and
    one runs."""
    probes = {"shapely": "import shapely; assert shapely.__version__ >= '2'", "h3": "import h3"}
    missing = {name for name, probe in probes.items()
               if subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True,
                                 env={"PATH": "/usr/bin:/bin"}).returncode != 0}
    assert missing, "the system Python already has shapely 2 and h3: nothing to install"
    plugin_zip = build_zip()
    png = tmp_path / "installed_toolbox.png"
    run = subprocess.run(
        [sys.executable, str(CHECK), str(plugin_zip), str(png), "--system-python", "--install", "--timeout", "600"],
        capture_output=True, text=True, timeout=700,
    )
    assert run.returncode == 0, f"desktop check failed ({run.returncode}):\n{run.stdout}\n{run.stderr}"
    result = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
    install = result["install"]
    assert install["offered"] == "Install them", install
    # Bookworm lacks both; trixie (QGIS 3.40) has Debian's shapely 2.1 and lacks only h3.
    assert missing <= set(install["folder"]) and "numpy" not in install["folder"], install
    assert result["ok"] and result["provider_found"] and not result["errors"] and result["qgis_exit_code"] == 0
    assert set(result["expected_algorithms"]) <= set(result["toolbox_algorithms"])
    assert result["algorithm_run"]["output_features"] == result["algorithm_run"]["input_features"] > 0


SCREENSHOTS = ROOT / "docs" / "desktop" / "screenshots.py"


def test_dialogs_open_on_the_summary_with_the_everyday_parameters_first(tmp_path):
    """docs/desktop/screenshots.py (``make screenshots``) in real QGIS desktop, for two dialogs into tmp_path: each
    is grabbed, its help pane opens (after the algorithm's name) with the summary, and the parameters shown
    outside "Advanced parameters" start with what a planner sets every time."""
    plugin_zip = build_zip()
    result_path = tmp_path / "screenshots.json"
    run = subprocess.run(
        [sys.executable, str(SCREENSHOTS), str(plugin_zip), str(tmp_path), "--result", str(result_path),
         "--only", "noisyodflows", "laplaceperturbation", "--timeout", "150"],
        capture_output=True, text=True, timeout=220,
    )
    assert run.returncode == 0, f"screenshots failed ({run.returncode}):\n{run.stdout}\n{run.stderr}"
    result = json.loads(result_path.read_text(encoding="utf-8"))
    assert result["ok"] and not result["errors"] and result["qgis_exit_code"] == 0
    assert sorted(result["dialogs"]) == ["laplaceperturbation", "noisyodflows"]
    for name, dialog in result["dialogs"].items():
        png = tmp_path / f"{name}.png"
        assert png.is_file() and png.stat().st_size > 40_000
        assert png_size(png) == tuple(dialog["size"]) and dialog["size"][0] >= 1000
        help_start = dialog["help_start"]
        assert help_start.startswith(dialog["title"]), help_start[:200]
        assert 0 <= dialog["summary_at"] <= len(dialog["title"]) + 5, help_start[:300]
        assert "Private:" in help_start and "Accuracy at the defaults" in help_start, help_start
    od = result["dialogs"]["noisyodflows"]["visible_parameters"]
    assert od[:8] == ["INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "EPSILON", "USER_FIELD",
                      "MAX_TRIPS"], od
    assert not {"ORIGIN_X_FIELD", "COORDINATES_CRS", "SEED"} & set(od) and "DRY_RUN" in od, od
    assert result["dialogs"]["laplaceperturbation"]["visible_parameters"][:3] == ["INPUT", "EPSILON", "DISTANCE"]
