"""The German translation: complete, in step with the source, and loaded.

i18n/dp_geoprivacy_de.ts is made by ``make i18n`` (pylupdate5 + lrelease).
These tests fail when a message is left unfinished, when the source has a
string the .ts lacks (a new algorithm, an edited message: run ``make i18n``
and translate), when a translation breaks a ``{placeholder}``, when the .qm
is older than the .ts, or when the plugin does not pick the German file.
"""

import ast
import shutil
import string
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from qgis.core import QgsSettings
from qgis.PyQt.QtCore import QCoreApplication, QTranslator

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "dp_geoprivacy"
TS = ROOT / "i18n" / "dp_geoprivacy_de.ts"
QM = ROOT / "i18n" / "dp_geoprivacy_de.qm"
LOCALE_KEY = "locale/userLocale"


# ------------------------------------------------------------- helpers --


def read_ts(path):
    """{(context, source): translation element} of a Qt Linguist .ts file."""
    messages = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            messages[(name, message.findtext("source"))] = message.find("translation")
    return messages


def python_sources():
    """The files ``make i18n`` hands to pylupdate5, relative to the repo root."""
    return sorted(str(path.relative_to(ROOT)) for path in SOURCE.rglob("*.py"))


def translation_calls():
    """Every translation lookup in the source, with the context used at run time.

    dp_geoprivacy/translation.py: ``self.tr(text)`` looks up under the class
    name, a bare ``tr(text)`` under "@default", ``translate(context, text)``
    (or ``QCoreApplication.translate``) under ``context``. Yields
    (context, text, where, function); text is None when it is not a string
    literal (pylupdate5 cannot extract it, so it is never translated).
    """
    for path in sorted(SOURCE.rglob("*.py")):
        if path.name == "translation.py":  # the implementation itself
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        yield from _CallFinder(str(path.relative_to(ROOT))).calls(tree)


class _CallFinder(ast.NodeVisitor):
    def __init__(self, filename):
        self.filename = filename
        self.classes = []
        self.functions = []
        self.found = []

    def calls(self, tree):
        self.visit(tree)
        return self.found

    def visit_ClassDef(self, node):
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node):
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    def visit_AsyncFunctionDef(self, node):
        self.visit_FunctionDef(node)

    def visit_Call(self, node):
        function = node.func
        context = text = None
        if isinstance(function, ast.Name) and function.id == "tr":
            context, text = "@default", node.args[:1]
        elif isinstance(function, ast.Attribute) and function.attr == "tr" and _is_name(function.value, "self"):
            context, text = (self.classes[-1] if self.classes else "<self.tr outside a class>"), node.args[:1]
        elif (isinstance(function, ast.Name) and function.id == "translate") or (
            isinstance(function, ast.Attribute)
            and function.attr == "translate"
            and _is_name(function.value, "QCoreApplication", "QApplication")
        ):
            context, text = node.args[:1], node.args[1:2]
            context = _literal(context[0]) if context else None
            context = context if context is not None else "<not a literal>"
        if context is not None:
            where = f"{self.filename}:{node.lineno}"
            literal = _literal(text[0]) if text else None
            self.found.append((context, literal, where, self.functions[-1] if self.functions else None))
        self.generic_visit(node)


def _is_name(node, *names):
    return isinstance(node, ast.Name) and node.id in names


def _literal(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def placeholders(text):
    """The ``str.format`` fields of ``text`` (name, conversion and spec), as a multiset."""
    try:
        return Counter(
            (name, conversion, spec) for _, name, spec, conversion in string.Formatter().parse(text) if name is not None
        )
    except ValueError as error:
        return Counter({("<invalid format string>", str(error), ""): 1})


@pytest.fixture(scope="module")
def german():
    """{(context, source): German text} of the committed .ts."""
    assert TS.is_file(), f"{TS} is missing: run `make i18n`"
    return {key: (element.text or "") for key, element in read_ts(TS).items()}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """{(context, source)} that pylupdate5 extracts from the current source, as ``make i18n`` runs it."""
    pylupdate = shutil.which("pylupdate5")
    assert pylupdate, "pylupdate5 not found (Debian package pyqt5-dev-tools; `make deps`)"
    fresh = tmp_path_factory.mktemp("i18n") / "fresh.ts"
    subprocess.run(
        [pylupdate, "-noobsolete", *python_sources(), "-ts", str(fresh)],
        cwd=ROOT, check=True, capture_output=True, text=True, timeout=120,
    )
    return set(read_ts(fresh))


@pytest.fixture
def installed_qm(qgis_app):
    """i18n/dp_geoprivacy_de.qm loaded into a QTranslator and installed (removed after)."""
    assert QM.is_file(), f"{QM} is missing: run `make i18n`"
    translator = QTranslator()
    assert translator.load(str(QM)), f"QTranslator could not load {QM}"
    assert QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


@pytest.fixture
def user_locale(qgis_app):
    """Set QGIS's locale/userLocale for one test; restore the previous value."""
    settings = QgsSettings()
    had_value = settings.contains(LOCALE_KEY)
    previous = settings.value(LOCALE_KEY)

    def set_locale(locale):
        QgsSettings().setValue(LOCALE_KEY, locale)  # noqa: QGS202 (QgsSettings.setValue returns nothing)

    yield set_locale
    if had_value:
        QgsSettings().setValue(LOCALE_KEY, previous)  # noqa: QGS202 (QgsSettings.setValue returns nothing)
    else:
        QgsSettings().remove(LOCALE_KEY)
    assert QgsSettings().contains(LOCALE_KEY) == had_value
    assert QgsSettings().value(LOCALE_KEY) == previous


def lookup(translator, context, source):
    """``translator``'s text for ``source``, or "" (PyQt5 passes str to it as ASCII, so use UTF-8 bytes)."""
    return translator.translate(context.encode("utf-8"), source.encode("utf-8"))


def english(context, function):
    """The source text that ``function`` of class ``context`` translates."""
    texts = {text for ctx, text, _, func in translation_calls() if ctx == context and func == function}
    assert len(texts) == 1, f"expected one string in {context}.{function}(), found {texts}"
    return texts.pop()


# -------------------------------------------------- (a) the .ts is complete --


def test_every_message_is_translated():
    problems = []
    for (context, source), element in read_ts(TS).items():
        kind = element.get("type")
        if kind in ("unfinished", "obsolete", "vanished") or not (element.text or "").strip():
            problems.append(f"[{context}] {source!r}: type={kind!r}, translation={element.text!r}")
    assert not problems, "untranslated messages in i18n/dp_geoprivacy_de.ts:\n" + "\n".join(problems)


def test_ts_has_every_string_pylupdate_extracts(extracted, german):
    assert extracted, "pylupdate5 extracted no strings at all"
    missing = sorted(set(extracted) - set(german))
    assert not missing, (
        "strings in the source but not in i18n/dp_geoprivacy_de.ts (run `make i18n` and translate them):\n"
        + "\n".join(f"[{context}] {source!r}" for context, source in missing)
    )


def test_every_translation_lookup_in_the_source_is_in_the_ts(extracted, german):
    """What the code looks up at run time, under the context it uses, must be in the .ts.

    This also catches calls pylupdate5 silently skips (it misses e.g.
    ``translate("Ctx", "text",)`` with a trailing comma) and non-literal
    texts such as f-strings, which can never be translated.
    """
    problems = []
    for context, text, where, _ in translation_calls():
        if text is None:
            problems.append(f"{where}: the text is not a string literal (f-string or variable): cannot be translated")
        elif context.startswith("<"):
            problems.append(f"{where}: context {context}")
        elif (context, text) not in extracted:
            problems.append(
                f"{where}: pylupdate5 does not extract [{context}] {text!r}; write the call as pylupdate5 "
                "expects (no trailing comma after the text in translate(...), literal context and text)"
            )
        elif (context, text) not in german:
            problems.append(f"{where}: [{context}] {text!r} is not in the .ts (run `make i18n` and translate it)")
    assert not problems, "\n".join(problems)


def test_translations_keep_placeholders(german):
    """``.format(...)`` on a translation must find the same fields as on the source."""
    problems = [
        f"[{context}] {source!r}: {dict(placeholders(source))} != {dict(placeholders(text))}"
        for (context, source), text in german.items()
        if text.strip() and placeholders(source) != placeholders(text)
    ]
    assert not problems, "\n".join(problems)


# ---------------------------------------------- (b) the German .qm is loaded --


def test_compiled_qm_matches_the_ts(installed_qm, german):
    """Every message resolves, through the installed .qm, to its .ts translation."""
    stale = [
        f"[{context}] {source!r}"
        for (context, source), text in german.items()
        if text.strip() and lookup(installed_qm, context, source) != text
    ]
    assert not stale, "i18n/dp_geoprivacy_de.qm is out of date (run `make i18n`):\n" + "\n".join(stale)


def test_laplace_algorithm_speaks_german(installed_qm, german):
    from dp_geoprivacy.processing.algorithms.laplace_perturbation import LaplacePerturbation
    from dp_geoprivacy.processing.provider import DpGeoprivacyProvider

    algorithm = LaplacePerturbation()
    name = english("LaplacePerturbation", "displayName")
    assert algorithm.displayName() == german[("LaplacePerturbation", name)] != name
    assert algorithm.displayName() == "Laplace-Standortverrauschung"
    # The base class's strings (context "DpAlgorithm") and the provider's.
    base_english = {source for context, source in german if context == "DpAlgorithm"}
    assert algorithm.group() in {german[("DpAlgorithm", source)] for source in base_english} - base_english
    long_name = english("DpGeoprivacyProvider", "longName")
    assert DpGeoprivacyProvider().longName() == german[("DpGeoprivacyProvider", long_name)] != long_name
    # Module-level tr() ("@default").
    from dp_geoprivacy.translation import tr

    source = min(source for context, source in german if context == "@default")
    assert tr(source) == german[("@default", source)] != source


# ------------------------------- (c) the plugin picks the file for the locale --


def test_install_translator_picks_german_for_de_de(user_locale, german):
    from dp_geoprivacy.plugin import install_translator

    user_locale("de_DE")
    translator = install_translator()
    try:
        assert translator is not None, "install_translator() found no German .qm for locale de_DE"
        assert Path(translator.filePath()).name == "dp_geoprivacy_de.qm"
        assert Path(translator.filePath()).resolve() == QM.resolve()
        name = english("LaplacePerturbation", "displayName")
        assert lookup(translator, "LaplacePerturbation", name) == german[("LaplacePerturbation", name)]
    finally:
        if translator is not None:
            QCoreApplication.removeTranslator(translator)


@pytest.mark.parametrize("locale", ["fr_FR", "en_US"])
def test_install_translator_returns_none_without_a_file(user_locale, locale):
    from dp_geoprivacy.plugin import install_translator

    user_locale(locale)
    assert install_translator() is None



def test_mobility_report_page_reads_german_numbers_and_weekdays(installed_qm):
    """Issue 20 §4: the mobility report's HTML in German has German separators in its text (not in its SVG
    coordinates) and German weekday names."""
    from qgis.PyQt.QtCore import QLocale

    from dp_geoprivacy.processing.mobility_html import localized_numbers, weekday_names

    page = '<p>Visits: 12,345.5 (±1,203). v0.2.0</p><svg><rect x="12.5"><title>3.25</title></rect></svg>'
    german = localized_numbers(page, QLocale("de_DE"))
    assert german == '<p>Visits: 12.345,5 (±1.203). v0.2.0</p><svg><rect x="12.5"><title>3,25</title></rect></svg>'
    assert localized_numbers(page, QLocale("en_GB")) == page
    assert weekday_names() == ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")
