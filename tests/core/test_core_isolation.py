"""The core imports only numpy, shapely, pyproj, h3, scipy and the standard library."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "dp_geoprivacy" / "core"
ALLOWED_THIRD_PARTY = {"numpy", "shapely", "pyproj", "h3", "scipy"}


def _imported_top_level_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_core_imports_only_allowed_modules():
    stdlib = set(sys.stdlib_module_names)
    for path in sorted(CORE.rglob("*.py")):
        for module in _imported_top_level_modules(path):
            assert module in stdlib or module in ALLOWED_THIRD_PARTY, f"{path.name} imports {module}"


def test_core_loads_without_qgis_or_qt():
    modules = [".".join(("dp_geoprivacy", "core") + p.relative_to(CORE).with_suffix("").parts)
               for p in CORE.rglob("*.py") if p.stem != "__init__"]
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('qgis', 'PyQt5', 'PyQt6', 'sip')]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=CORE.parents[1])
