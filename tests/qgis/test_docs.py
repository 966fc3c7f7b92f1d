"""The generated algorithm reference in docs/algorithms/ matches the plugin."""

import sys
from pathlib import Path

from qgis.core import QgsApplication

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))

from generate_algorithm_docs import OUT, generate  # noqa: E402


def test_committed_algorithm_docs_are_current():
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    expected = generate(provider)
    actual = {path.name: path.read_text(encoding="utf-8") for path in OUT.glob("*.md")}
    assert actual == expected, "docs/algorithms/ is stale: run `make docs` and commit the result"


def test_readme_points_to_each_algorithms_defaults():
    """qgis_process help in 3.22 shows no defaults: the README links each algorithm's generated page."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    for algorithm in provider.algorithms():
        page = f"docs/algorithms/{algorithm.name()}.md"
        assert (ROOT / page).is_file()
        assert f"Parameters and defaults: [{page}]({page})" in readme, algorithm.id()
