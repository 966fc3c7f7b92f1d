"""Issue 20 §4: nothing a user reads cites our internal names of the source papers ("seed 000" to "seed 004");
the works are cited by authors, year and section, with the full citation in each help and docs/references.md."""

import re

from qgis.core import QgsApplication

from dp_geoprivacy.processing.references import WORKS

from .conftest import ROOT

# "seed 000" .. "seed 004", also split over two string literals or two lines.
INTERNAL_NAME = re.compile(r"\bseeds?(\s|[\"'])*(00[0-4])\b", re.IGNORECASE)


def _read_by_users():
    """Everything shipped or published: the plugin's code and docstrings, translations, README, docs, metadata."""
    for pattern in ("dp_geoprivacy/**/*.py", "i18n/*.ts", "docs/**/*.md", "docs/**/*.py", "resources/**/*.py",
                    "README.md", "metadata.txt"):
        yield from (path for path in ROOT.glob(pattern) if "__pycache__" not in path.parts)


def test_no_internal_paper_names_anywhere_a_user_reads():
    found = [f"{path.relative_to(ROOT)}: {m.group(0)!r}" for path in _read_by_users()
             for m in INTERNAL_NAME.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


def test_every_help_ends_with_the_full_citation_of_what_it_cites():
    cited_somewhere = set()
    for algorithm in QgsApplication.processingRegistry().providerById("dp_geoprivacy").algorithms():
        text = algorithm.shortHelpString()
        assert not INTERNAL_NAME.search(text), algorithm.id()
        for short, pattern, full in WORKS:
            if re.search(pattern, text.split("<b>References</b>")[0]):
                assert text.rstrip().endswith("</p>") and full in text, (algorithm.id(), short)
                cited_somewhere.add(short)
    assert len(cited_somewhere) == len(WORKS)


def test_the_references_page_lists_every_work():
    page = (ROOT / "docs" / "references.md").read_text(encoding="utf-8")
    for short, _, full in WORKS:
        assert short in page and full.split("\u201d")[0] in page, short
    assert "docs/references.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_internal_paper_names_in_any_string_of_the_plugin():
    """The same in every string constant (Python joins split literals, so 'seed 0' '01' is caught too)."""
    import ast

    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in (ROOT / "dp_geoprivacy").rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and INTERNAL_NAME.search(node.value)]
    assert found == []
