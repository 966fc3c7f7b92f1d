"""Where a finished output goes: a file of any vector format QGIS lists, a new layer in an existing
GeoPackage, a PostGIS table, or a memory layer, with its privacy record.

Every writer (``writers``) first builds the output as a complete layer in a
GeoPackage in a hidden working folder, with the privacy record in its
metadata tables. :func:`prepare` stages it for the destination (a conversion,
a sidecar: all in the working folder) and returns the one step that puts it
there, which either completes or leaves the destination as it was:

* a ``.gpkg`` file: the working file is moved into place (``os.replace``);
* another file format (.shp, .csv, .xlsx, .ods, .geojson, .fgb, ...): GDAL
  converts the layer in the working folder, the record goes into a ``.qmd``
  sidecar (which QGIS reads on load), and the files are moved into place; an
  older shapefile's own spatial index (.qix, .sbn, .sbx) is removed with it,
  and field names a shapefile cuts to 10 characters are listed in the log;
* ``ogr:dbname='city.gpkg' table="counts" (geom)`` (QGIS's form for a layer
  in a GeoPackage): the layer is copied into the existing file under a
  staging name, then an existing layer of that name is replaced by it (as
  QGIS's own algorithms replace it) and its record is written; a failure
  drops the new layer again; the file's other layers are never touched;
* ``postgres://<QGIS data source URI>`` (or ``postgis:``/``postgres:``, as the
  Processing dialog's "Save to PostGIS table" writes): QGIS's exporter fills a
  staging table, then one SQL transaction replaces the target table by it and
  stores the record in the table ``dp_geoprivacy_records`` of the same
  schema (columns table_name, release_id, record: the privacy record as JSON,
  metadata: the QGIS layer metadata XML);
* ``memory:`` (and an empty destination): a memory layer, handed to
  Processing's temporary layer store when the algorithm returns
  (``take_memory_layer``).
"""

import functools
import json
import os
import re
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from osgeo import gdal, ogr
from qgis.core import (
    QgsDataSourceUri,
    QgsFeatureRequest,
    QgsLayerMetadata,
    QgsProcessingException,
    QgsProviderMetadata,
    QgsProviderRegistry,
    QgsVectorFileWriter,
    QgsVectorLayer,
    QgsVectorLayerExporter,
)
from qgis.PyQt.QtXml import QDomDocument

from ..core.accounting.privacy_record import HISTORY_PREFIX
from ..translation import tr

gdal.UseExceptions()
ogr.UseExceptions()

FILE, GPKG_LAYER, POSTGRES, MEMORY = "file", "gpkg_layer", "postgres", "memory"
RECORDS_TABLE = "dp_geoprivacy_records"
SHAPEFILE_INDEXES = (".qix", ".sbn", ".sbx")


@dataclass(frozen=True)
class Destination:
    """A parsed output destination: ``kind``, the file (``path``), the layer or table name, and for
    PostgreSQL the QGIS data source URI."""

    kind: str
    layer_name: str
    path: Optional[Path] = None
    uri: str = ""
    text: str = ""


def parse(destination) -> Destination:
    """The destination a Processing output value names (see the module's list of forms)."""
    text = str(destination)
    if text == "" or text.startswith("memory:"):
        return Destination(MEMORY, text[len("memory:"):] or "output", text=text)
    postgres = postgres_uri(text)
    if postgres is not None:
        uri = QgsDataSourceUri(postgres)
        if not uri.table():
            raise QgsProcessingException(tr(
                "The PostgreSQL destination '{dest}' names no table: give table=\"schema\".\"name\" (geom), as "
                "QGIS's \"Save to PostGIS table...\" writes.").format(dest=text))
        return Destination(POSTGRES, uri.table(), uri=postgres, text=text)
    if text.startswith(("ogr:", "ogr://")):
        uri = QgsDataSourceUri(text.split(":", 1)[1].lstrip("/") if text.startswith("ogr://") else text[4:])
        path = Path(uri.database() or text[4:])
        if path.suffix.lower() == ".gpkg" and uri.table():
            return Destination(GPKG_LAYER, uri.table(), path, text=text)
        return Destination(FILE, uri.table() or path.stem, path, text=text)
    if "|" in text or re.match(r"^\w{2,}:(?![\\/])", text):
        raise QgsProcessingException(tr(
            "Outputs go to a file (for example out.gpkg), a layer of a GeoPackage (ogr:dbname='city.gpkg' "
            "table=\"counts\" (geom)), a PostGIS table (postgres://dbname=... table=\"public\".\"counts\" (geom)) "
            "or a memory layer (memory:), not '{dest}'.").format(dest=text))
    path = Path(text)
    return Destination(FILE, path.stem, path, text=text)


def postgres_uri(text: str) -> Optional[str]:
    """The QGIS data source URI of a PostgreSQL destination (``postgres://URI``, ``postgis:URI``,
    ``postgres:URI``), or None for anything else."""
    for prefix in ("postgres://", "postgresql://", "postgis://", "postgres:", "postgis:"):
        if text.startswith(prefix):
            return text[len(prefix):]
    return None


def check_format(destination: Destination):
    """Refuse a file extension QGIS knows no vector format for (before any work is done)."""
    if destination.kind == FILE and destination.path.suffix.lower() != ".gpkg" and not driver_for(destination.path):
        raise QgsProcessingException(
            tr("No vector format is known for the extension '{ext}' of {dest}. Use .gpkg.").format(
                ext=destination.path.suffix, dest=destination.path.name))


def driver_for(path: Path) -> str:
    return QgsVectorFileWriter.driverForExtension(path.suffix.lstrip(".")) if path.suffix else ""


# --- the record's metadata, read from the working GeoPackage -------------------------------------

def metadata_of(gpkg: Path, layer_name: str) -> QgsLayerMetadata:
    """The layer metadata (with the privacy record) of a layer of the working GeoPackage."""
    layer = QgsVectorLayer(f"{gpkg}|layername={layer_name}", layer_name, "ogr")
    return layer.metadata()


def metadata_xml(metadata: QgsLayerMetadata) -> str:
    """QGIS's .qmd document for ``metadata`` (what QGIS writes into a sidecar)."""
    document = QDomDocument("qgis")
    root = document.createElement("qgis")
    document.appendChild(root)
    if not metadata.writeMetadataXml(root, document):
        raise QgsProcessingException(tr("Could not write the layer metadata as XML."))
    return document.toString()


def has_record(metadata: QgsLayerMetadata) -> bool:
    return any(item.startswith(HISTORY_PREFIX) for item in metadata.history())


def sidecar(path: Path) -> Path:
    """The .qmd file QGIS reads the metadata of the layer file ``path`` from."""
    return path.with_suffix(".qmd")


# --- delivery ---------------------------------------------------------------------------------------

def prepare(destination: Destination, work: Path, layer_name: str, feedback):
    """Stage the finished layer ``layer_name`` of the working GeoPackage ``work`` for ``destination``, and
    return the step that puts it there (a function of no arguments).

    Everything that can fail for the data's sake (converting to another file format, writing the
    sidecar) happens here, in the working folder; the returned step only moves files into place, or
    copies the layer into the GeoPackage or PostGIS table, or hands over the memory layer.
    """
    metadata = metadata_of(work, layer_name)
    if destination.kind == FILE:
        return functools.partial(_move, _file(destination.path, work, layer_name, metadata, feedback))
    if destination.kind == GPKG_LAYER and not destination.path.exists():  # a new file: made whole
        if layer_name != destination.layer_name:
            _rename_layer(work, layer_name, destination.layer_name)
        return functools.partial(_move, [(work, destination.path)])
    deliver = {GPKG_LAYER: _gpkg_layer, POSTGRES: _postgres, MEMORY: _memory}[destination.kind]
    return functools.partial(deliver, destination, work, layer_name, metadata)


def _move(moves):
    """[(built file, final place)]: each moved into place; (None, place) removes a stale file there."""
    for built, final in moves:
        if built is not None:
            os.replace(built, final)
        elif final.exists():
            final.unlink()


def _file(path: Path, work: Path, layer_name: str, metadata, feedback):
    if path.suffix.lower() == ".gpkg":
        return [(work, path)]
    converted = work.parent / path.name
    convert(work, layer_name, converted, feedback)
    produced = [p for p in work.parent.iterdir() if p != work and p.stem == converted.stem]
    if has_record(metadata):
        qmd = sidecar(converted)
        qmd.write_text(metadata_xml(metadata), encoding="utf-8")
        produced.append(qmd)
    moves = [(p, path.parent / p.name) for p in dict.fromkeys(produced)]
    if path.suffix.lower() == ".shp":  # the old file's spatial index would describe the old features
        moves += [(None, path.with_suffix(suffix)) for suffix in SHAPEFILE_INDEXES]
    return moves


def convert(gpkg: Path, layer_name: str, destination: Path, feedback=None):
    """Convert the finished GeoPackage layer to the destination's OGR format."""
    driver = driver_for(destination)
    dataset = ogr.Open(str(gpkg))
    layer = dataset.GetLayerByName(layer_name)
    geometry_type = ogr.GT_Flatten(layer.GetGeomType())
    geometry_column = layer.GetGeometryColumn()
    definition = layer.GetLayerDefn()
    names = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
    dataset = None
    options = {"layers": [layer_name]}
    if driver == "CSV" and geometry_type == ogr.wkbPoint:  # tables without geometry: points as X and Y,
        options["layerCreationOptions"] = ["GEOMETRY=AS_XY"]
    elif driver in ("CSV", "XLSX", "ODS") and geometry_type != ogr.wkbNone:  # other geometries as a WKT column
        column = _quoted(geometry_column)
        extra = (f"ST_X({column}) AS X, ST_Y({column}) AS Y" if geometry_type == ogr.wkbPoint
                 else f"ST_AsText({column}) AS WKT")
        fields = ", ".join(_quoted(name) for name in names)
        options = {"SQLStatement": f"SELECT {fields}{', ' if fields else ''}{extra} FROM {_quoted(layer_name)}",
                   "SQLDialect": "SQLITE", "layerName": layer_name, "geometryType": "NONE"}
    gdal.VectorTranslate(str(destination), str(gpkg), format=driver, **options)
    if driver == "ESRI Shapefile" and feedback is not None:
        _report_cut_names(destination, names, feedback)


def _report_cut_names(path: Path, names, feedback):
    """Say which field names the shapefile format cut to 10 characters (and to what)."""
    dataset = ogr.Open(str(path))
    definition = dataset.GetLayer(0).GetLayerDefn()
    written = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
    dataset = None
    cut = [f"{old} -> {new}" for old, new in zip(names, written) if old != new]
    if cut:
        feedback.pushWarning(tr(
            "{file}: the shapefile format allows field names of at most 10 characters, so these fields were "
            "renamed: {fields}. Use .gpkg to keep the names.").format(file=path.name, fields=", ".join(cut)))


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _gpkg_layer(destination: Destination, work: Path, layer_name: str, metadata):
    """A new (or replaced) layer in an existing GeoPackage."""
    target = destination.path
    if not os.access(target, os.W_OK):
        raise QgsProcessingException(tr("{path} cannot be written (no permission).").format(path=target))
    name, staging = destination.layer_name, f"_dp_geoprivacy_{uuid.uuid4().hex[:12]}"
    dataset = gdal.OpenEx(str(target), gdal.OF_VECTOR | gdal.OF_UPDATE)
    try:
        if dataset.GetDriver().ShortName != "GPKG":
            raise QgsProcessingException(tr("{path} is not a GeoPackage.").format(path=target))
        dataset = None  # noqa: F841 (ogr2ogr opens it itself)
        try:  # under a staging name first (ogr2ogr: large transactions, the spatial index built at the end)
            gdal.VectorTranslate(str(target), str(work), accessMode="update", layers=[layer_name],
                                 layerName=staging, layerCreationOptions=["FID=fid"], options=["-gt", "65536"])
        except BaseException:
            _drop_gpkg_layer(target, staging)
            raise
        dataset = gdal.OpenEx(str(target), gdal.OF_VECTOR | gdal.OF_UPDATE)
        _drop_layer(dataset, name)  # QGIS's algorithms replace a layer of the same name too
        dataset.GetLayerByName(staging).Rename(name)
    finally:
        dataset = None  # noqa: F841 (closes it)
    if has_record(metadata):
        saved, message = QgsProviderRegistry.instance().saveLayerMetadata("ogr", f"{target}|layername={name}",
                                                                          metadata)
        if not saved:
            _drop_gpkg_layer(target, name)
            raise QgsProcessingException(tr("Could not write the privacy record into {path}: {message}").format(
                path=target, message=message))


def _rename_layer(gpkg: Path, old: str, new: str):
    dataset = gdal.OpenEx(str(gpkg), gdal.OF_VECTOR | gdal.OF_UPDATE)
    dataset.ExecuteSQL(f"ALTER TABLE {_quoted(old)} RENAME TO {_quoted(new)}")
    dataset = None  # noqa: F841


def _drop_layer(dataset, name: str):
    for index in range(dataset.GetLayerCount()):
        if dataset.GetLayer(index).GetName().lower() == name.lower():
            dataset.DeleteLayer(index)
            return


def _drop_gpkg_layer(gpkg: Path, name: str):
    dataset = gdal.OpenEx(str(gpkg), gdal.OF_VECTOR | gdal.OF_UPDATE)
    _drop_layer(dataset, name)
    dataset = None  # noqa: F841


def _sql_text(value) -> str:
    return "NULL" if value is None else "'" + str(value).replace("'", "''") + "'"


def postgres_connection(uri: str):
    """QGIS's database connection for a PostgreSQL data source URI (executeSql runs SQL on it)."""
    provider = QgsProviderRegistry.instance().providerMetadata("postgres")
    if provider is None:
        raise QgsProcessingException(tr("This QGIS has no PostgreSQL provider."))
    clean = QgsDataSourceUri(uri)
    clean.setDataSource("", "", "")
    return provider.createConnection(clean.uri(False), {})


def _postgres(destination: Destination, work: Path, layer_name: str, metadata):
    uri = QgsDataSourceUri(destination.uri)
    schema, table = uri.schema() or "public", uri.table()
    staging = f"_dp_geoprivacy_{uuid.uuid4().hex[:12]}"
    layer = QgsVectorLayer(f"{work}|layername={layer_name}", layer_name, "ogr")
    staging_uri = QgsDataSourceUri(destination.uri)
    staging_uri.setDataSource(schema, staging, uri.geometryColumn() or ("geom" if layer.isSpatial() else ""), "",
                              uri.keyColumn() or "fid")
    connection = postgres_connection(destination.uri)
    try:
        error, message = QgsVectorLayerExporter.exportLayer(layer, staging_uri.uri(False), "postgres", layer.crs(),
                                                            False, {"overwrite": True})
        if error != QgsVectorLayerExporter.NoError:
            raise QgsProcessingException(tr("Could not write the PostgreSQL table {table}: {message}").format(
                table=f"{schema}.{table}", message=message))
        records = _quoted(schema) + "." + _quoted(RECORDS_TABLE)
        record_json = next((item[len(HISTORY_PREFIX):] for item in metadata.history()
                            if item.startswith(HISTORY_PREFIX)), None)
        release_id = json.loads(record_json).get("release_id") if record_json else None
        connection.executeSql(
            f"BEGIN; DROP TABLE IF EXISTS {_quoted(schema)}.{_quoted(table)}; "
            f"ALTER TABLE {_quoted(schema)}.{_quoted(staging)} RENAME TO {_quoted(table)}; "
            f"CREATE TABLE IF NOT EXISTS {records} (table_name text PRIMARY KEY, release_id text, record text, "
            f"metadata text, written timestamptz DEFAULT now()); "
            f"DELETE FROM {records} WHERE table_name = {_sql_text(table)}; "
            f"INSERT INTO {records} (table_name, release_id, record, metadata) VALUES ({_sql_text(table)}, "
            f"{_sql_text(release_id)}, {_sql_text(record_json)}, {_sql_text(metadata_xml(metadata))}); COMMIT;")
    except BaseException:
        try:
            connection.executeSql(f"ROLLBACK; DROP TABLE IF EXISTS {_quoted(schema)}.{_quoted(staging)}")
        except Exception:  # noqa: BLE001 (the first error is the one to report)
            pass
        layer = connection = None  # noqa: F841 (not kept alive by the traceback: QGIS objects end with QGIS)
        raise
    provider = QgsProviderRegistry.instance().providerMetadata("postgres")
    if provider.capabilities() & QgsProviderMetadata.SaveLayerMetadata:  # QGIS 3.28+: its own metadata table too
        saved, message = QgsProviderRegistry.instance().saveLayerMetadata("postgres", destination.uri, metadata)
        if not saved:
            connection.executeSql(f"BEGIN; DROP TABLE IF EXISTS {_quoted(schema)}.{_quoted(table)}; "
                                  f"DELETE FROM {records} WHERE table_name = {_sql_text(table)}; COMMIT;")
            raise QgsProcessingException(tr("Could not write the privacy record of {table}: {message}").format(
                table=f"{schema}.{table}", message=message))


def postgres_record_metadata(uri: str) -> Optional[QgsLayerMetadata]:
    """The layer metadata stored with a PostGIS table by :func:`prepare`'s step, or None."""
    source = QgsDataSourceUri(uri)
    schema = source.schema() or "public"
    try:
        rows = postgres_connection(uri).executeSql(
            f"SELECT metadata FROM {_quoted(schema)}.{_quoted(RECORDS_TABLE)} "
            f"WHERE table_name = {_sql_text(source.table())}")
    except Exception:  # noqa: BLE001 (no records table: no record)
        return None
    if not rows:
        return None
    document = QDomDocument()
    document.setContent(rows[0][0])
    metadata = QgsLayerMetadata()
    return metadata if metadata.readMetadataXml(document.documentElement()) else None


# --- memory layers ----------------------------------------------------------------------------------

_memory_layers = {}
_memory_lock = threading.Lock()


def _memory(destination: Destination, work: Path, layer_name: str, metadata):
    layer = QgsVectorLayer(f"{work}|layername={layer_name}", layer_name, "ogr")
    copy = layer.materialize(QgsFeatureRequest())
    copy.setName(destination.layer_name)
    copy.setMetadata(metadata)
    with _memory_lock:
        _memory_layers[destination.text] = copy


def take_memory_layer(value):
    """The memory layer written for the output value ``value`` (once), or None."""
    if not isinstance(value, str):
        return None
    with _memory_lock:
        return _memory_layers.pop(value, None)
