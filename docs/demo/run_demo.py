"""The dp_geoprivacy demo: privatize the sample city and draw what changed.

Run from the repository root with ``make demo`` (which sets up QGIS's
environment and stages the working-tree plugin). The script

1. runs each step in STEPS through the real ``qgis_process``, exactly as
   ``make qgis_process ARGS='run ...'`` does, writing to ./demo-output/;
2. draws each map in MAPS with QGIS's own renderer to a PNG there;
3. prints what ran, the epsilon and noise scale read back from each
   output's privacy record, and where the files are.

It exits non-zero as soon as a step fails. To add an algorithm, append a
Step to STEPS (and, if you like, a MapSpec to MAPS): a few lines each.

Options: ``--seed N`` makes the noise reproducible (every output then says
so in its privacy record and must not be published); ``--skip-maps``.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "sample_data" / "sample_city.gpkg"
OUT = REPO / "demo-output"
METRIC_CRS = "EPSG:32632"  # the sample city's CRS (WGS 84 / UTM 32N)
LEDGER = OUT / "ledger.json"  # the publisher's private budget ledger: never publish it
BUDGET = 5.0  # total epsilon the demo allows per source

BLUE = (31, 120, 180)
ORANGE = (230, 97, 1)


def sample_layer(name: str) -> str:
    """A qgis_process layer source for one layer of the sample GeoPackage."""
    return f"{SAMPLE}|layername={name}"


def output_path(file_name: str) -> str:
    return str(OUT / file_name)


@dataclass
class Step:
    """One qgis_process run: its parameters and the files it writes."""

    title: str
    algorithm: str
    parameters: Dict[str, object]
    outputs: Dict[str, str]  # output parameter -> file name in demo-output/
    private: bool = True  # outputs carry a privacy record (the report does not: it is accounting)
    results: dict = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class MapSpec:
    """One PNG: layers listed bottom to top as (source, name, style, legend label).

    Styles (see styled_layer): "outline" (zones, labelled with zone_id),
    "dots:blue", "dots:orange". A legend label of None leaves the layer out
    of the legend.
    """

    file_name: str
    title: str
    subtitle: str
    layers: List[Tuple[str, str, str, Optional[str]]]
    extent_layer: str  # the map shows this layer's extent


# ----------------------------------------------------------------- the demo --
# Add a step here; later steps can read earlier outputs via output_path(...).
STEPS = [
    Step(
        title="Households: planar Laplace perturbation, epsilon = 1 per 100 m",
        algorithm="dp_geoprivacy:laplaceperturbation",
        parameters={
            "INPUT": sample_layer("households"),
            "MECHANISM": 0,  # planar Laplace
            "EPSILON": 1.0,
            "DISTANCE": 100.0,
            "GRID": 1.0,
            "METRIC_CRS": METRIC_CRS,
            "LEDGER": str(LEDGER),
            "BUDGET": BUDGET,
        },
        outputs={"OUTPUT": "households_perturbed.gpkg"},
    ),
    Step(
        title="Households per zone: Laplace noise on every zone count, epsilon = 0.5",
        algorithm="dp_geoprivacy:noisyzonecounts",
        parameters={
            "INPUT": sample_layer("households"),
            "ZONES": sample_layer("zones"),
            "ZONE_ID_FIELD": "zone_id",
            "EPSILON": 0.5,
            "NOISE": 0,
            "LEDGER": str(LEDGER),
            "BUDGET": BUDGET,
        },
        outputs={"OUTPUT": "households_per_zone.gpkg"},
    ),
    Step(
        title="Trips between zones: user-level OD flows (at most 4 trips per person), epsilon = 2",
        algorithm="dp_geoprivacy:noisyodflows",
        parameters={
            "INPUT": sample_layer("trips"),
            "ZONES": sample_layer("zones"),
            "ZONE_ID_FIELD": "zone_id",
            "USER_FIELD": "user_id",
            "MAX_TRIPS": 4,
            "EPSILON": 2.0,
            "MIN_FLOW": 3,
            "LEDGER": str(LEDGER),
            "BUDGET": BUDGET,
        },
        outputs={"OUTPUT_FLOWS": "od_flows.gpkg", "OUTPUT_MATRIX": "od_matrix.csv"},
    ),
    Step(
        title="Privacy report: what the releases above spend, per source (from the ledger)",
        algorithm="dp_geoprivacy:privacyreport",
        parameters={"LEDGER": str(LEDGER)},
        outputs={"OUTPUT": "releases.csv", "REPORT": "privacy_report.html"},
        private=False,
    ),
]

MAPS = [
    MapSpec(
        file_name="households_original_vs_privatized.png",
        title="Sample city: household locations, original vs privatized",
        subtitle="Planar Laplace, ε = 1 per 100 m (noise scale b = 100 m; mean displacement 200 m)",
        layers=[
            (sample_layer("zones"), "Zones", "outline", "Zones"),
            (sample_layer("households"), "Original", "dots:blue", "Original households"),
            (output_path("households_perturbed.gpkg"), "Privatized", "dots:orange", "Privatized households"),
        ],
        extent_layer=sample_layer("zones"),
    ),
]


# ------------------------------------------------------------ running steps --
def qgis_process(args: List[str]) -> subprocess.CompletedProcess:
    """Run ``make qgis_process ARGS=...`` from the repository root."""
    # The recipe hands ARGS to the shell, so quote for the shell and escape make's $.
    quoted = " ".join(shlex.quote(a) for a in args).replace("$", "$$")
    command = ["make", "-s", "--no-print-directory", "qgis_process", f"ARGS={quoted}"]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True)


def run_step(step: Step, seed: Optional[int]) -> None:
    parameters = dict(step.parameters)
    if seed is not None:
        parameters["SEED"] = seed
    for name, file_name in step.outputs.items():
        path = Path(output_path(file_name))
        path.unlink(missing_ok=True)
        parameters[name] = str(path)
    args = ["run", step.algorithm, "--json", "--"] + [f"{k}={v}" for k, v in parameters.items()]
    started = time.monotonic()
    done = qgis_process(args)
    step.seconds = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(
            f"{step.algorithm} failed (exit {done.returncode}):\n{done.stderr.strip()}\n{done.stdout.strip()}"
        )
    try:
        step.results = json.loads(done.stdout[done.stdout.index("{"):]).get("results", {})
    except ValueError as error:
        raise RuntimeError(f"{step.algorithm}: no JSON on stdout ({error}):\n{done.stdout}") from error
    missing = [f for f in step.outputs.values() if not Path(output_path(f)).is_file()]
    if missing:
        raise RuntimeError(f"{step.algorithm} reported success but did not write {', '.join(missing)}")


# ---------------------------------------------------------------- rendering --
def start_qgis():
    """A standalone QgsApplication (offscreen unless a display is set)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qgis.core import QgsApplication

    app = QgsApplication([], False)
    app.setPrefixPath("/usr", True)
    app.initQgis()
    return app


def styled_layer(source: str, name: str, style: str):
    from qgis.core import (
        QgsFillSymbol,
        QgsMarkerSymbol,
        QgsPalLayerSettings,
        QgsSingleSymbolRenderer,
        QgsTextBufferSettings,
        QgsTextFormat,
        QgsVectorLayer,
        QgsVectorLayerSimpleLabeling,
    )
    from qgis.PyQt.QtGui import QColor, QFont

    layer = QgsVectorLayer(source, name, "ogr")
    if not layer.isValid():
        raise RuntimeError(f"cannot open {source}")
    if style == "outline":
        symbol = QgsFillSymbol.createSimple(
            {"style": "no", "outline_color": "90,90,90,255", "outline_width": "0.3"}
        )
        label = QgsPalLayerSettings()
        label.fieldName = "zone_id"
        text = QgsTextFormat()
        text.setFont(QFont("DejaVu Sans"))
        text.setSize(7)
        text.setColor(QColor(110, 110, 110))  # noqa: QGS202 (QgsTextFormat.setColor returns nothing)
        halo = QgsTextBufferSettings()
        halo.setEnabled(True)
        halo.setSize(0.6)
        halo.setColor(QColor(255, 255, 255, 200))  # noqa: QGS202 (returns nothing)
        text.setBuffer(halo)
        label.setFormat(text)
        layer.setLabeling(QgsVectorLayerSimpleLabeling(label))
        layer.setLabelsEnabled(True)
    else:
        red, green, blue = {"dots:blue": BLUE, "dots:orange": ORANGE}[style]
        symbol = QgsMarkerSymbol.createSimple(
            {"name": "circle", "color": f"{red},{green},{blue},190", "size": "0.9", "outline_style": "no"}
        )
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))
    return layer


def render_map(spec: MapSpec) -> Path:
    """Render ``spec`` to demo-output/ with a header (title, legend) and a 1 km scale bar."""
    from qgis.core import QgsMapRendererParallelJob, QgsMapSettings, QgsVectorLayer
    from qgis.PyQt.QtCore import QRectF, QSize, Qt
    from qgis.PyQt.QtGui import QColor, QFont, QImage, QPainter

    layers = [styled_layer(*entry[:3]) for entry in spec.layers]
    extent = QgsVectorLayer(spec.extent_layer, "extent", "ogr").extent()
    extent.scale(1.06)
    width, header, dpi = 1800, 130, 150
    map_height = round(width * extent.height() / extent.width())

    settings = QgsMapSettings()
    settings.setLayers(list(reversed(layers)))  # QGIS draws the first layer on top
    settings.setDestinationCrs(layers[0].crs())
    settings.setOutputSize(QSize(width, map_height))
    settings.setOutputDpi(dpi)
    settings.setExtent(extent)
    settings.setBackgroundColor(QColor(255, 255, 255))
    job = QgsMapRendererParallelJob(settings)
    job.start()
    job.waitForFinished()
    errors = [f"{e.layerID}: {e.message}" for e in job.errors()]
    if errors:
        raise RuntimeError("rendering failed: " + "; ".join(errors))

    image = QImage(width, header + map_height, QImage.Format_ARGB32)
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.drawImage(0, header, job.renderedImage())
    painter.setPen(QColor(30, 30, 30))
    painter.setFont(QFont("DejaVu Sans", 18, QFont.Bold))
    painter.drawText(QRectF(30, 18, width - 400, 50), Qt.AlignLeft | Qt.AlignVCenter, spec.title)
    painter.setFont(QFont("DejaVu Sans", 12))
    painter.drawText(QRectF(30, 68, width - 400, 40), Qt.AlignLeft | Qt.AlignVCenter, spec.subtitle)
    painter.setPen(QColor(200, 200, 200))
    painter.drawLine(0, header - 1, width, header - 1)

    # Legend: right-hand side of the header.
    entries = [(entry[2], entry[3]) for entry in spec.layers if entry[3]]
    painter.setFont(QFont("DejaVu Sans", 11))
    row, left = (header - 20) / max(len(entries), 1), width - 330
    for i, (style, label) in enumerate(entries):
        y = 10 + row * i + row / 2
        if style == "outline":
            painter.setPen(QColor(90, 90, 90))
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(QRectF(left, y - 9, 26, 18))
        else:
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(*{"dots:blue": BLUE, "dots:orange": ORANGE}[style]))
            painter.drawEllipse(QRectF(left + 8, y - 5, 10, 10))
        painter.setPen(QColor(30, 30, 30))
        painter.drawText(QRectF(left + 40, y - row / 2, 290, row), Qt.AlignLeft | Qt.AlignVCenter, label)

    # Scale bar, bottom right: 1 km.
    pixels = 1000 / settings.mapUnitsPerPixel()
    x0, y0 = width - 60 - pixels, header + map_height - 45
    painter.setPen(QColor(30, 30, 30))
    painter.setBrush(QColor(30, 30, 30))
    painter.drawRect(QRectF(x0, y0, pixels, 8))
    painter.drawText(QRectF(x0, y0 - 40, pixels, 34), Qt.AlignCenter, "1 km")
    painter.end()

    path = OUT / spec.file_name
    if not image.save(str(path), "PNG"):
        raise RuntimeError(f"could not write {path}")
    return path


# ------------------------------------------------------------------ summary --
def summarize(steps: List[Step], maps: List[Path], seed: Optional[int]) -> None:
    sys.path.insert(0, str(REPO))
    from dp_geoprivacy.processing.privacy_metadata import read_from_file

    print("\ndp_geoprivacy demo on resources/sample_data/sample_city.gpkg (synthetic data)")
    for number, step in enumerate(steps, start=1):
        print(f"\n{number}. {step.title}\n   {step.algorithm} via qgis_process, {step.seconds:.1f} s")
        for file_name in step.outputs.values():
            path = output_path(file_name)
            print(f"   output: {os.path.relpath(path, REPO)}")
            if not step.private:
                continue
            records = read_from_file(path)
            if not records:
                raise RuntimeError(f"{path} carries no privacy record")
            for record in records:
                print(
                    f"   privacy record: {record.mechanism}, epsilon = {record.epsilon:g}, "
                    f"delta = {record.delta:g}, noise scale = {record.noise_scale:g} {record.noise_scale_unit}"
                )
                print(f"   unit of privacy: {record.unit_of_privacy}")
                print(f"   seeded: {'yes (reproducible; do not publish)' if record.seeded else 'no'}")
        numbers = {k: v for k, v in step.results.items() if isinstance(v, (int, float))}
        if numbers:
            print("   reported: " + ", ".join(f"{k} = {v:g}" for k, v in sorted(numbers.items())))
    for path in maps:
        print(f"\nmap: {os.path.relpath(path, REPO)}")
    print(f"\nledger (private, never publish): {os.path.relpath(LEDGER, REPO)}")
    if seed is not None:
        print(f"\nA seed ({seed}) was used: outputs are reproducible and must not be published.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="reproducible noise (never for releases)")
    parser.add_argument("--skip-maps", action="store_true", help="run the steps only")
    options = parser.parse_args(argv)

    OUT.mkdir(exist_ok=True)
    LEDGER.unlink(missing_ok=True)  # each demo run starts a fresh budget
    started = time.monotonic()
    app = None
    try:
        for number, step in enumerate(STEPS, start=1):
            print(f"[{number}/{len(STEPS)}] {step.algorithm}: {step.title}", flush=True)
            run_step(step, options.seed)
        app = start_qgis()
        maps = [] if options.skip_maps else [render_map(spec) for spec in MAPS]
        summarize(STEPS, maps, options.seed)
    except Exception as error:  # noqa: BLE001 (report any failure and exit non-zero)
        print(f"\ndemo FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        if app is not None:
            app.exitQgis()
    print(f"\nDone in {time.monotonic() - started:.1f} s. Files in {os.path.relpath(OUT, REPO)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
