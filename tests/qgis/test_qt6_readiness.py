"""What can be checked here of Qt6 readiness (metadata.txt's ``supportsQt6``).

There is no Qt6 build of QGIS in Debian, so the plugin cannot be run on one
here. What can be checked, in every QGIS the suite runs on (3.22 and 3.40,
both Qt5), is the source against the rules a Qt6 build enforces:

- every Qt import goes through ``qgis.PyQt`` (never PyQt5, PyQt6 or sip directly);
- no API that PyQt6 removed (``exec_``, ``QRegExp``, ...);
- every enum value of a Qt or QGIS class is reached through its enum type
  (``Qt.GlobalColor.white``, not ``Qt.white``): PyQt6 and the Qt6 builds of
  QGIS have no unscoped enum values. Checked by resolving each attribute chain
  of the source against the running QGIS and asking whether the value is an
  enum member reached other than through its own enum type.

The first two always hold. The plugin may claim ``supportsQt6=True`` only while
the third holds too; ``test_qt6_claim_is_backed`` fails otherwise.
"""

import ast
import configparser
import enum
import importlib
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dp_geoprivacy"
QT_MODULES = ("PyQt5", "PyQt6", "sip", "PySide2", "PySide6")
# Names PyQt6 does not have (removed Qt5 API, or PyQt5's exec_/print_ spellings).
PYQT5_ONLY = {"exec_", "print_", "QRegExp", "QRegExpValidator", "QDesktopWidget", "QGLWidget", "QMatrix",
              "QStringList", "QTextCodec", "toTime_t", "setTime_t", "QSound", "QWebView", "QtWebKit",
              "QtWebKitWidgets", "QtScript", "QtXmlPatterns"}


def sources():
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def parsed(path):
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _where(path, node):
    return f"{path.relative_to(ROOT)}:{node.lineno}"


def direct_qt_imports(path):
    problems = []
    for node in ast.walk(parsed(path)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        problems += [f"{_where(path, node)}: imports {name}; use qgis.PyQt" for name in names
                     if name.split(".")[0] in QT_MODULES]
    return problems


def pyqt5_only_names(path):
    problems = []
    for node in ast.walk(parsed(path)):
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if isinstance(node, ast.alias):
            name = node.name.split(".")[-1]
        if name in PYQT5_ONLY:
            problems.append(f"{_where(path, node)}: {name} does not exist in PyQt6")
    return problems


def is_enum_member(value):
    """A PyQt5/sip enum value (instance of a sip.enumtype) or a Python enum member (PyQt6, QGIS >= 3.36)."""
    return isinstance(value, enum.Enum) or type(type(value)).__name__ == "enumtype"


def imported_qgis_names(tree):
    """{local name: object} for every ``from qgis... import X`` in the module (any scope)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("qgis"):
            module = importlib.import_module(node.module)
            for alias in node.names:
                if hasattr(module, alias.name):
                    names[alias.asname or alias.name] = getattr(module, alias.name)
    return names


def unscoped_enum_uses(tree, label):
    """Attribute chains on imported Qt/QGIS names that reach an enum value other than through its enum type."""
    names = imported_qgis_names(tree)
    problems = []

    def resolve(node):
        if isinstance(node, ast.Name):
            return names.get(node.id, resolve)  # ``resolve`` as "unknown"
        if isinstance(node, ast.Attribute):
            parent = resolve(node.value)
            if parent is resolve:
                return resolve
            value = getattr(parent, node.attr, resolve)
            if value is not resolve and is_enum_member(value) and parent is not type(value):
                problems.append(f"{label}:{node.lineno}: {ast.unparse(node)} is an unscoped enum value; "
                                f"write {type(value).__qualname__}.{getattr(value, 'name', node.attr)}")
            return value
        return resolve

    seen = set()
    for node in ast.walk(tree):
        # Resolve each outermost chain once (inner links are checked on the way).
        if isinstance(node, ast.Attribute) and id(node) not in seen:
            inner = node.value
            while isinstance(inner, ast.Attribute):
                seen.add(id(inner))
                inner = inner.value
            resolve(node)
    return problems


def claims_qt6():
    parser = configparser.ConfigParser()
    parser.read(ROOT / "metadata.txt", encoding="utf-8")
    return parser["general"].get("supportsQt6", "False").strip().lower() in ("true", "yes", "1")


def test_qt_is_imported_only_through_qgis_pyqt():
    problems = [problem for path in sources() for problem in direct_qt_imports(path)]
    assert not problems, "\n".join(problems)


def test_no_pyqt5_only_api():
    problems = [problem for path in sources() for problem in pyqt5_only_names(path)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("snippet", "flagged"), [
    ("from qgis.PyQt.QtCore import Qt\nQt.white", True),
    ("from qgis.PyQt.QtCore import Qt\nQt.GlobalColor.white", False),
    ("from qgis.core import QgsProcessing\nx = [QgsProcessing.TypeVectorPoint]", True),
    ("from qgis.core import QgsWkbTypes\nQgsWkbTypes.geometryType(1)", False),
    ("from qgis.PyQt.QtCore import QTranslator\nQTranslator()", False),
])
def test_the_enum_check_tells_scoped_from_unscoped(snippet, flagged):
    assert bool(unscoped_enum_uses(ast.parse(snippet), "snippet")) is flagged


def test_qt6_claim_is_backed():
    """``supportsQt6=True`` only while no enum value is reached unscoped (see the module docstring)."""
    problems = [problem for path in sources()
                for problem in unscoped_enum_uses(parsed(path), str(path.relative_to(ROOT)))]
    if claims_qt6():
        assert not problems, f"metadata.txt claims supportsQt6=True, but ({len(problems)}):\n" + "\n".join(problems)
    elif problems:
        warnings.warn(f"not Qt6-ready (supportsQt6 is not claimed): {len(problems)} unscoped enum values, "
                      f"e.g. {problems[0]}", stacklevel=1)
