"""Build the help pages the plugin ships (issue 20): docs/algorithms/*.md as HTML in <plugin>/help/.

The Help button of each algorithm's dialog opens help/<algorithm>.html (DpAlgorithm.helpUrl). The pages are
the generated reference (`make docs`), turned into plain HTML here with the dialog screenshots beside them, so
they open offline in any browser. Only the Markdown the generator writes is understood (headings, paragraphs,
tables, lists, code blocks, images, links, bold and code). Run by `make package`:

    python3 docs/build_help.py build/package/dp_geoprivacy/help
"""

import html
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ALGORITHMS = DOCS / "algorithms"
DIALOGS = DOCS / "img" / "dialogs"
STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;line-height:1.4}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .4em;vertical-align:top}"
         "code{background:#f3f3f3}img{max-width:100%;border:1px solid #ccc}")


def inline(text):
    """Bold, code, images and links of one line of Markdown, as HTML (links to .md pages point at .html)."""
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        part = html.escape(part, quote=False)
        part = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", part)
        part = re.sub(r"!\[([^\]]*)\]\(\.\./img/dialogs/([^)]+)\)", r'<img alt="\1" src="img/\2">', part)
        part = re.sub(r"\[([^\]]+)\]\(([^)]+?)\.md\)", r'<a href="\2.html">\1</a>', part)
        part = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', part)
        out.append(part)
    return "".join(out)


def to_html(markdown):
    """A page of the generated reference as a complete HTML document."""
    body, paragraph, table, in_code = [], [], [], False

    def flush():
        if paragraph:
            body.append("<p>" + "<br>".join(inline(line.rstrip()) for line in paragraph) + "</p>")
            paragraph.clear()
        if table:
            rows = [row for row in table if not re.fullmatch(r"\|[-|\s]+\|", row)]
            cells = [[c.strip() for c in re.split(r"(?<!\\)\|", row.strip())[1:-1]] for row in rows]
            head = "".join(f"<th>{inline(c)}</th>" for c in cells[0])
            rest = "".join("<tr>" + "".join(f"<td>{inline(c.replace(chr(92) + '|', '|'))}</td>" for c in r)
                           + "</tr>" for r in cells[1:])
            body.append(f"<table><tr>{head}</tr>{rest}</table>")
            table.clear()

    title = "DP Geoprivacy"
    for line in markdown.splitlines():
        if line.startswith("```"):
            flush()
            body.append("</pre>" if in_code else "<pre>")
            in_code = not in_code
        elif in_code:
            body.append(html.escape(line))
        elif line.startswith("|"):
            paragraph and flush()
            table.append(line)
        elif re.match(r"#{1,3} ", line):
            flush()
            level = len(line.split(" ")[0])
            text = line[level + 1:]
            title = text if level == 1 else title
            body.append(f"<h{level}>{inline(text)}</h{level}>")
        elif line.startswith("- "):
            flush()
            body.append(f"<ul><li>{inline(line[2:])}</li></ul>")
        elif not line.strip():
            flush()
        else:
            table and flush()
            paragraph.append(line)
    flush()
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def build(target: Path):
    """Write every page of docs/algorithms as target/<name>.html (README.md as index.html) and the dialogs'
    screenshots as target/img/."""
    target.mkdir(parents=True, exist_ok=True)
    for page in sorted(ALGORITHMS.glob("*.md")):
        name = "index" if page.stem == "README" else page.stem
        (target / f"{name}.html").write_text(to_html(page.read_text(encoding="utf-8")), encoding="utf-8")
    if DIALOGS.is_dir():
        shutil.copytree(DIALOGS, target / "img", dirs_exist_ok=True)


if __name__ == "__main__":
    build(Path(sys.argv[1]))
