"""Issue 20 §4: the toolbox search finds the algorithms by a planner's words, and the Help button opens a page
shipped in the plugin."""

import sys
from pathlib import Path

import pytest
from qgis.core import QgsApplication
from qgis.gui import QgsProcessingToolboxProxyModel
from qgis.PyQt.QtCore import QUrl

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "docs"))

import build_help  # noqa: E402


def found(word):
    """The ids of dp_geoprivacy algorithms the toolbox shows when the planner types ``word`` in its search."""
    proxy = QgsProcessingToolboxProxyModel(None, QgsApplication.processingRegistry())
    proxy.setFilterString(word)
    ids, stack = set(), [proxy.index(row, 0) for row in range(proxy.rowCount())]
    model = proxy.toolboxModel()
    while stack:
        index = stack.pop()
        algorithm = model.algorithmForIndex(proxy.mapToSource(index))
        if algorithm is not None and algorithm.provider().id() == "dp_geoprivacy":
            ids.add(algorithm.name())
        stack.extend(proxy.index(row, 0, index) for row in range(proxy.rowCount(index)))
    return ids


@pytest.mark.parametrize("word, expected", [
    ("anonymise", {"laplaceperturbation", "noisyzonecounts", "noisyodflows", "mobilityreport"}),
    ("privacy", {"laplaceperturbation", "privacyreport", "h3grid", "tripends"}),
    ("census", {"noisyzonecounts", "noisyzonestatistics"}),
    ("OD matrix", {"noisyodflows", "mobilityreport", "synthetictrips"}),
    ("epsilon", {"laplaceperturbation", "noisyodflows", "randomizedresponse"}),
])
def test_toolbox_search_finds_the_algorithms(word, expected):
    assert expected <= found(word), found(word)


def test_every_algorithm_has_tags_and_a_short_description():
    for algorithm in QgsApplication.processingRegistry().providerById("dp_geoprivacy").algorithms():
        assert algorithm.tags() and "privacy" in algorithm.tags(), algorithm.id()
        assert algorithm.shortDescription().endswith("."), algorithm.id()
        assert "seed 00" not in algorithm.shortDescription().lower()


def test_help_button_opens_the_page_shipped_in_the_plugin(tmp_path, monkeypatch):
    """`make package` builds help/<algorithm>.html from docs/algorithms; helpUrl is that file."""
    from dp_geoprivacy.processing import base

    build_help.build(tmp_path / "help")
    monkeypatch.setattr(base, "plugin_root", lambda: tmp_path)
    for algorithm in QgsApplication.processingRegistry().providerById("dp_geoprivacy").algorithms():
        url = QUrl(algorithm.helpUrl())
        assert url.isLocalFile(), algorithm.helpUrl()
        page = Path(url.toLocalFile())
        assert page == tmp_path / "help" / f"{algorithm.name()}.html"
        text = page.read_text(encoding="utf-8")
        assert f"<h1>{algorithm.displayName()}</h1>" in text
        image = page.parent / "img" / f"{algorithm.name()}.png"
        assert f'src="img/{algorithm.name()}.png"' in text and image.is_file()
