"""The privacy record in QGIS layer metadata, in files and on loaded layers.

One place turns a core PrivacyRecord into QgsLayerMetadata (abstract,
keywords including ``differential-privacy``, history holding the record as
JSON), writes it into the output file (GeoPackage: the file's own metadata
tables; other formats: a ``.qmd`` sidecar, which QGIS reads on load), and
reads records back from layers and files so later algorithms can add up
epsilons.
"""

from pathlib import Path
from typing import List

from qgis.core import (
    QgsLayerMetadata,
    QgsMapLayer,
    QgsProcessingLayerPostProcessorInterface,
    QgsProviderRegistry,
    QgsVectorLayer,
)

from ..core.accounting.privacy_record import HISTORY_PREFIX, KEYWORD_VOCABULARY, KEYWORDS, PrivacyRecord
from ..core.accuracy.planning import CountAccuracy, accuracy_from_record
from ..translation import tr, translate
from .destinations import postgres_record_metadata, postgres_uri


def layer_metadata(record: PrivacyRecord, title: str, inherited=()) -> QgsLayerMetadata:
    """QgsLayerMetadata carrying ``record`` (human-readable and as JSON).

    ``inherited`` are the records of earlier releases this layer is built
    from (e.g. the noisy histogram trip relocation drew from): they follow
    the layer's own record in the history, so a privacy report reading the
    layer counts them too (once, by release_id).
    """
    metadata = QgsLayerMetadata()
    metadata.setIdentifier(record.release_id)
    metadata.setTitle(f"{title} ({record.title_suffix()})")
    metadata.setType("dataset")
    abstract = record.summary()
    for earlier in inherited:
        abstract += tr("\nBuilt on the earlier release {release} ({tag}) made by {algorithm}.").format(
            release=earlier.release_id, tag=earlier.title_suffix(), algorithm=earlier.algorithm)
    metadata.setAbstract(abstract)
    keywords = list(KEYWORDS) if record.differentially_private else ["not-differentially-private", "dp_geoprivacy"]
    metadata.addKeywords(KEYWORD_VOCABULARY, keywords + [record.mechanism])
    metadata.setHistory([HISTORY_PREFIX + r.to_json() for r in (record, *inherited)])
    return metadata


def records_in(metadata: QgsLayerMetadata) -> List[PrivacyRecord]:
    """The privacy records held in a layer's metadata history (the layer's own first)."""
    return [
        PrivacyRecord.from_json(item[len(HISTORY_PREFIX):])
        for item in metadata.history()
        if item.startswith(HISTORY_PREFIX)
    ]


def write_to_file(path: str, layer_name: str, record: PrivacyRecord, title: str, inherited=()) -> None:
    """Store the record in the metadata tables of the GeoPackage ``path`` (every output is first built as
    one; processing/destinations.py carries the record on to the destination: a .qmd sidecar, a
    PostgreSQL table, a memory layer)."""
    metadata = layer_metadata(record, title, inherited)
    uri = f"{path}|layername={layer_name}"
    saved, message = QgsProviderRegistry.instance().saveLayerMetadata("ogr", uri, metadata)
    if not saved:
        raise OSError(tr("Could not write the privacy record into {path}: {message}").format(
            path=path, message=message))


# Lineage (issue 19 item 7): a preparation step's output (tripends) names the fingerprints of the data it was
# made from, so that releases from it are charged to its parent in the ledger. It is kept only in that output,
# which holds raw data itself and is never published.
LINEAGE_PREFIX = "dp_geoprivacy lineage (private, do not publish): "


def write_lineage(path: str, layer_name: str, parents, title: str) -> None:
    """Store the parent fingerprints with a prepared (not private) layer file, as write_to_file does a record."""
    metadata = QgsLayerMetadata()
    metadata.setTitle(title)
    metadata.setHistory([LINEAGE_PREFIX + " ".join(parents)])
    _save(path, layer_name, metadata)


def lineage_of(layer) -> tuple:
    """The parent fingerprints recorded in a layer's metadata (also from a .qmd sidecar), oldest first."""
    history = list(layer.metadata().history())
    if not any(item.startswith(LINEAGE_PREFIX) for item in history) and layer.providerType() == "ogr":
        fresh = QgsVectorLayer(layer.source(), "dp_geoprivacy_lineage", "ogr")
        fresh.loadDefaultMetadata()
        history = list(fresh.metadata().history())
    found = [p for item in history if item.startswith(LINEAGE_PREFIX) for p in item[len(LINEAGE_PREFIX):].split()]
    return tuple(dict.fromkeys(found))


def _save(path, layer_name, metadata):
    """Save ``metadata`` with the file ``path``: in a GeoPackage's metadata tables, else in a .qmd sidecar."""
    if Path(path).suffix.lower() == ".gpkg":
        uri = f"{path}|layername={layer_name}"
        saved, message = QgsProviderRegistry.instance().saveLayerMetadata("ogr", uri, metadata)
        if not saved:
            raise OSError(tr("Could not write the privacy record into {path}: {message}").format(
                path=path, message=message))
        return
    layer = QgsVectorLayer(path, layer_name, "ogr")
    layer.setMetadata(metadata)
    message, ok = layer.saveDefaultMetadata()
    if not ok:
        raise OSError(tr("Could not write the metadata sidecar: {message}").format(message=message))


def read_from_file(path: str) -> List[PrivacyRecord]:
    """The privacy records of a layer (a file, a GeoPackage layer, a PostGIS table), as QGIS loads them."""
    postgres = postgres_uri(path) or (path if path.startswith(("dbname=", "service=")) else None)
    if postgres is not None:  # a PostGIS table: its layer source is the data source URI itself
        metadata = postgres_record_metadata(postgres)
        return records_in(metadata) if metadata is not None else []
    layer = QgsVectorLayer(path, "dp_geoprivacy_record", "ogr")
    records = records_in(layer.metadata())
    if not records:  # formats without metadata: QGIS reads the .qmd sidecar on request
        layer.loadDefaultMetadata()
        records = records_in(layer.metadata())
    return records


def layer_title(title: str, record: PrivacyRecord) -> str:
    """The name of a loaded output (issue 20: the legend title): its title, epsilon and delta, the margin of one
    published count (95%) or of one point's displacement, and the run (the release id's start), so two runs of
    one algorithm can be told apart in the Layers panel."""
    parts = [record.title_suffix()]
    figures = None
    if record.differentially_private and record.epsilon:
        figures = accuracy_from_record({"mechanism": record.mechanism, "epsilon": record.epsilon,
                                        "delta": record.delta, "sensitivity": record.sensitivity,
                                        "noise_scale": record.noise_scale,
                                        "snapping_grain_m": record.snapping_grain_m,
                                        "release_epsilon": record.release_epsilon})
    if isinstance(figures, CountAccuracy):
        parts.append(translate("ReleaseLayer", "±{moe:.2g} at 95%").format(moe=figures.margin_of_error))
    elif figures is not None:
        parts.append(translate("ReleaseLayer", "95% within {q95:,.0f} m").format(q95=figures.q95))
    parts.append(translate("ReleaseLayer", "run {run}").format(run=record.release_id[:6]))
    return f"{title} ({'; '.join(parts)})"


class ReleaseLayerPostProcessor(QgsProcessingLayerPostProcessorInterface):
    """Gives an output layer loaded into the project its record and a style."""

    # Processing keeps only a raw pointer: hold instances here until used.
    _alive = []

    def __init__(self, record: PrivacyRecord, title: str, style=None, inherited=()):
        super().__init__()
        self.record = record
        self.title = title
        self.style = style
        self.inherited = tuple(inherited)

    @classmethod
    def create(cls, record: PrivacyRecord, title: str, style=None, inherited=()):
        instance = cls(record, title, style, inherited)
        cls._alive.append(instance)
        return instance

    def postProcessLayer(self, layer: QgsMapLayer, context, feedback):  # noqa: N802 (QGIS API)
        layer.setMetadata(layer_metadata(self.record, self.title, self.inherited))
        layer.setName(layer_title(self.title, self.record))
        if self.style is not None and isinstance(layer, QgsVectorLayer):
            self.style(layer)
            layer.triggerRepaint()
