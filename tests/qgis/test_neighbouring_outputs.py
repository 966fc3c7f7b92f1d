"""Differential tests of everything published (issue 19, the guard).

For each algorithm that releases, two neighbouring datasets D and D' (one unit of privacy added or changed, in
one of the worst shapes: a unit at the bound, a new category, a far-away point, NULL-heavy coordinate fields,
repeated trip ids, a NULL user, an end outside every zone) go through the real ``qgis_process`` with the same
SEED. Everything published apart from the mechanism's noisy values must then be identical: the results, the
log, the set of files, the layers, their field names, the row counts that are public, the privacy records and
the metadata text. A difference is a figure read from the data that reached the publication without a
mechanism (a raw count in the log, a domain or a field chosen by the data, a data-dependent CRS note).

What is masked is listed per case (``noisy_results``, ``noisy_text``): only what a mechanism outputs (a noisy
count, the number of published rows after a noisy threshold). Log lines marked as private to the data holder
(core.releases.publication.PRIVATE_MARK) are the holder's own and are left out of the comparison. Layer values are not
compared: they are the mechanism's output.

The cases are in neighbouring_cases.py. All qgis_process runs of the module run once, two at a time, in a
module fixture.
"""

import concurrent.futures
import json
import re
import sqlite3

import pytest
from osgeo import ogr
from qgis.core import QgsVectorLayer

from dp_geoprivacy.core.releases.publication import PRIVATE_MARK

from .conftest import qgis_process_command
from .neighbouring_cases import CASES, NUMBER

SEED = 11


# --- running and reading what was published -------------------------------------------------------------------


def run(algorithm, parameters, out):
    import subprocess

    out.mkdir(parents=True, exist_ok=True)
    values = {k: str(v).replace("{out}", str(out)) for k, v in {**parameters, "SEED": SEED}.items()}
    args = ["run", f"dp_geoprivacy:{algorithm}", "--json", "--"] + [f"{k}={v}" for k, v in values.items()]
    done = subprocess.run(qgis_process_command(*args), capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise AssertionError(f"qgis_process {algorithm} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout, done.stderr


@pytest.fixture(scope="module")
def published(request, tmp_path_factory):
    """The two runs of every selected case, two qgis_process calls at a time."""
    test = "test_neighbours_publish_the_same_apart_from_noisy_values"
    selected = sorted({item.callspec.params["index"] for item in request.session.items
                       if getattr(item, "originalname", "") == test})
    root = tmp_path_factory.mktemp("neighbours")
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for index in selected:
            case = CASES[index]
            runs = [root / f"case{index}" / f"neighbour{n}" for n in (0, 1)]
            for run_folder in runs:
                (run_folder / "in").mkdir(parents=True)
            for neighbour, parameters in enumerate(case.inputs(tuple(r / "in" for r in runs))):
                out = runs[neighbour] / "out"
                jobs[index, neighbour] = (out, pool.submit(run, case.algorithm, parameters, out))
    return jobs


def mask(text, case, out):
    """``text`` with this run's folders and the case's noisy values replaced, and the record's id and time."""
    text = text.replace(str(out.parent), "<run>").replace(str(out.parent.parent), "<case>")
    text = re.sub(r'("?release_id"?[:=] ?"?)[0-9a-f]{32}', r"\1<id>", text)
    text = re.sub(r'("created": ")[^"]+', r"\1<time>", text)
    text = re.sub(r"(Created |<creation>)[0-9T:+-]+", r"\1<time>", text)
    text = re.sub(r"\b[0-9a-f]{32}\b", "<id>", text)
    for pattern in case.noisy_text:
        text = re.sub(pattern, lambda m: m.group(0).replace(m.group(1), "<noisy>", 1) if m.lastindex == 1
                      else re.sub(NUMBER, "<noisy>", m.group(0)), text)
    return text


def publication(case, out, stdout, stderr):
    """What one run published, with the mechanism's values masked."""
    document = json.loads(stdout[stdout.index("{"):])
    results = {k: ("<noisy>" if k in case.noisy_results else mask(json.dumps(v), case, out))
               for k, v in document["results"].items()}
    log = [mask(line, case, out) for kind in ("info", "warning", "error")
           for line in document.get("log", {}).get(kind, []) if PRIVATE_MARK not in line]
    console = [mask(line, case, out) for line in (stdout[:stdout.index("{")] + stderr).splitlines()
               if PRIVATE_MARK not in line and "DeprecationWarning" not in line and line.strip()]
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    layers = {}
    for path in sorted(out.glob("*.gpkg")):
        dataset = ogr.Open(str(path))
        for i in range(dataset.GetLayerCount()):
            layer = dataset.GetLayer(i)
            definition = layer.GetLayerDefn()
            fields = [(definition.GetFieldDefn(j).GetName(), definition.GetFieldDefn(j).GetTypeName())
                      for j in range(definition.GetFieldCount())]
            rows = "<noisy>" if path.stem in case.noisy_rows else layer.GetFeatureCount()
            metadata = QgsVectorLayer(f"{path}|layername={layer.GetName()}", "read", "ogr").metadata()
            layers[path.name, layer.GetName()] = {
                "fields": fields, "rows": rows, "geometry": ogr.GeometryTypeToName(layer.GetGeomType()),
                "crs": layer.GetSpatialRef().ExportToWkt() if layer.GetSpatialRef() else None,
                "title": mask(metadata.title(), case, out), "abstract": mask(metadata.abstract(), case, out),
                "history": [mask(h, case, out) for h in metadata.history()],
                "keywords": {k: [mask(word, case, out) for word in v] for k, v in metadata.keywords().items()}}
        dataset = None
        with sqlite3.connect(str(path)) as db:
            layers[path.name, "<tables>"] = sorted(r[0] for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'rtree_%'"))
    for path in sorted(out.glob("*.csv")):
        lines = path.read_text().splitlines()
        layers[path.name, "<csv>"] = {"header": lines[0], "rows": len(lines) - 1,
                                      "first column": [line.split(",")[0] for line in lines[1:]]}
    for path in sorted(out.glob("*.qmd")):
        layers[path.name, "<qmd>"] = mask(path.read_text(), case, out)
    for path in sorted(out.glob("*.html")):
        layers[path.name, "<html text>"] = html_words(mask(path.read_text(), case, out))
    return {"results": results, "log": log, "console": console, "files": files, "layers": layers}


def html_words(html):
    """The report's prose: the text outside tables, charts and scripts, with the figures (all noisy: every
    figure of the report comes from a mechanism) masked, and without the notes on noisy values (class "noise":
    "not informative at this epsilon", decided from the noisy counts)."""
    html = re.sub(r"<(script|style|svg|table)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<p class="noise">.*?</p>', " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    return " ".join(re.sub(NUMBER, "<n>", text).split())


@pytest.mark.parametrize("index", [
    pytest.param(i, id=case.algorithm + ": " + case.name,
                 marks=[pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else [])
    for i, case in enumerate(CASES)])
def test_neighbours_publish_the_same_apart_from_noisy_values(published, index):
    case = CASES[index]
    seen = []
    for neighbour in (0, 1):
        out, future = published[index, neighbour]
        seen.append(publication(case, out, *future.result()))
    found = list(differences(seen[0], seen[1]))
    assert not found, f"{case.algorithm}: published outputs differ between neighbours:\n" + "\n".join(found)


def differences(a, b, where=""):
    """Each place where two publications differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            yield from differences(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{where}/{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{where}[{i}]")
    elif isinstance(a, str) and isinstance(b, str) and a != b:
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        yield f"{where}: ...{a[max(0, first - 150):first + 150]!r} != ...{b[max(0, first - 150):first + 150]!r}"
    elif a != b:
        yield f"{where}: {a!r} != {b!r}"
