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
