"""Write docs/algorithms/<id>.md from the registered algorithms' own help and parameters.

The reference is generated from the provider, so it cannot drift from what
QGIS shows; tests/qgis/test_docs.py fails when the committed files are stale.
Run: make docs
"""

import html
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "algorithms"
# Screenshots of each algorithm's desktop dialog (docs/desktop/screenshots.py, `make screenshots`).
DIALOGS = Path(__file__).resolve().parent / "img" / "dialogs"


def dialog_image(algorithm):
    """The dialog screenshot's path (docs/img/dialogs/<name>.png) for ``algorithm``."""
    return DIALOGS / f"{algorithm.name()}.png"


def _plain(text):
    """The help's HTML as Markdown-ish plain text."""
    text = re.sub(r"</p>\s*<p>", "\n\n", text)
    text = re.sub(r"\s*<h3>(.*?)</h3>\s*", r"\n\n## \1\n\n", text)  # the heading below the summary
    text = re.sub(r"<b>(.*?)</b>", r"**\1**", text)
    text = re.sub(r"<br\s*/?>", "  \n", text)  # the summary's lines: Markdown line breaks
    text = re.sub(r"<[^>]+>", "", text)
    return html.unescape(text).strip()


def _default(parameter):
    value = parameter.defaultValue()
    return "" if value is None else str(value)


def algorithm_markdown(algorithm):
    lines = [f"# {algorithm.displayName()}", "", f"`{algorithm.id()}` — group: {algorithm.group()}", "",
             _plain(algorithm.shortHelpString()), "", "## Dialog", "",
             f"![The dialog of {algorithm.displayName()} in QGIS desktop](../img/dialogs/{algorithm.name()}.png)", "",
             "## Parameters", "",
             "| name | description | type | default | optional |", "|---|---|---|---|---|"]
    for parameter in algorithm.parameterDefinitions():
        optional = "yes" if parameter.flags() & parameter.FlagOptional else ""
        advanced = " (advanced)" if parameter.flags() & parameter.FlagAdvanced else ""
        description = parameter.description().replace("|", "\\|") + advanced
        help_text = parameter.help().replace("|", "\\|") if hasattr(parameter, "help") else ""
        if help_text:
            description += f" — {help_text}"
        if parameter.type() == "enum":
            description += " — " + ", ".join(f"{i} = {o}" for i, o in enumerate(parameter.options()))
        cells = [f"`{parameter.name()}`", description, parameter.type(), _default(parameter), optional]
        lines.append("| " + " | ".join(cells) + " |")
    outputs = algorithm.outputDefinitions()
    if outputs:
        lines += ["", "## Outputs", "", "| name | description | type |", "|---|---|---|"]
        lines += [f"| `{o.name()}` | {o.description()} | {o.type()} |" for o in outputs]
    lines += ["", "## Example", "", "```sh",
              f"make qgis_process ARGS='help {algorithm.id()}'", "```", ""]
    return "\n".join(lines)


def generate(provider):
    """{file name: markdown} for every algorithm of the provider, plus an index."""
    files = {}
    index = ["# DP Geoprivacy algorithms", "", "Generated from the plugin by `make docs`.", ""]
    for algorithm in sorted(provider.algorithms(), key=lambda a: a.id()):
        name = f"{algorithm.name()}.md"
        files[name] = algorithm_markdown(algorithm)
        index.append(f"- [{algorithm.displayName()}]({name}) — `{algorithm.id()}`")
    files["README.md"] = "\n".join(index) + "\n"
    return files


def main():
    from qgis.core import QgsApplication

    app = QgsApplication([], False)
    app.initQgis()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build" / "plugins"))
    from dp_geoprivacy.processing.provider import DpGeoprivacyProvider

    provider = DpGeoprivacyProvider()
    if not QgsApplication.processingRegistry().addProvider(provider):
        sys.exit("the DP Geoprivacy provider could not be registered")
    OUT.mkdir(exist_ok=True)
    for stale in OUT.glob("*.md"):
        stale.unlink()
    for name, text in generate(provider).items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(list(OUT.glob('*.md')))} files to {OUT}")


if __name__ == "__main__":
    main()
