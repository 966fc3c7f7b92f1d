"""GeoPackage output of the Spark path, with the privacy record where QGIS reads it (no QGIS import).

The features are written with OGR. The record goes into the GeoPackage
metadata extension tables (gpkg_metadata, gpkg_metadata_reference) as the
QGIS layer-metadata XML that ``QgsProviderRegistry.saveLayerMetadata``
writes for the "ogr" provider (processing/privacy_metadata.py): identifier,
title with the epsilon tag, abstract (the record's summary), keywords of
the dp_geoprivacy vocabulary, and one history item per record
(``HISTORY_PREFIX`` + JSON). QGIS, and this plugin's privacy report, read
it back when the file is opened (tests/qgis/test_spark_output.py).
A failed write leaves no file: the GeoPackage is built under a temporary
name and renamed at the end.
"""

import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import shapely

from ..core.accounting.privacy_record import HISTORY_PREFIX, KEYWORD_VOCABULARY, KEYWORDS, PrivacyRecord

QGIS_DTD = "http://mrcc.com/qgis.dtd"
METADATA_EXTENSION = "http://www.geopackage.org/spec120/#extension_metadata"


def metadata_xml(record: PrivacyRecord, title: str) -> str:
    """The QGIS layer-metadata document for ``record`` (as privacy_metadata.layer_metadata builds it)."""
    keywords = list(KEYWORDS) if record.differentially_private else ["not-differentially-private", "dp_geoprivacy"]
    keywords.append(record.mechanism)
    lines = [
        f"<!DOCTYPE qgis PUBLIC '{QGIS_DTD}' 'SYSTEM'>",
        '<qgis version="dp_geoprivacy.spark">',
        f"  <identifier>{escape(record.release_id)}</identifier>",
        "  <parentidentifier></parentidentifier>",
        "  <language></language>",
        "  <type>dataset</type>",
        f"  <title>{escape(f'{title} ({record.title_suffix()})')}</title>",
        f"  <abstract>{escape(record.summary())}</abstract>",
        f"  <keywords vocabulary={quoteattr(KEYWORD_VOCABULARY)}>",
        *[f"    <keyword>{escape(k)}</keyword>" for k in keywords],
        "  </keywords>",
        "  <links/>",
        f"  <history>{escape(HISTORY_PREFIX + record.to_json())}</history>",
        "  <fees></fees>",
        "  <encoding></encoding>",
        "  <crs/>",
        "  <extent/>",
        "</qgis>",
        "",
    ]
    return "\n".join(lines)


def write_metadata(path, layer_name: str, record: PrivacyRecord, title: str) -> None:
    """Store the record in the GeoPackage's metadata tables, referenced to table ``layer_name``."""
    connection = sqlite3.connect(str(path))
    try:
        with connection:
            connection.execute(
                "CREATE TABLE IF NOT EXISTS gpkg_metadata (id INTEGER CONSTRAINT m_pk PRIMARY KEY ASC NOT NULL, "
                "md_scope TEXT NOT NULL DEFAULT 'dataset', md_standard_uri TEXT NOT NULL, mime_type TEXT NOT NULL "
                "DEFAULT 'text/xml', metadata TEXT NOT NULL DEFAULT '')")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS gpkg_metadata_reference (reference_scope TEXT NOT NULL, table_name "
                "TEXT, column_name TEXT, row_id_value INTEGER, timestamp DATETIME NOT NULL DEFAULT "
                "(strftime('%Y-%m-%dT%H:%M:%fZ','now')), md_file_id INTEGER NOT NULL, md_parent_id INTEGER, "
                "CONSTRAINT crmr_mfi_fk FOREIGN KEY (md_file_id) REFERENCES gpkg_metadata(id), "
                "CONSTRAINT crmr_mpi_fk FOREIGN KEY (md_parent_id) REFERENCES gpkg_metadata(id))")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS gpkg_extensions (table_name TEXT, column_name TEXT, extension_name "
                "TEXT NOT NULL, definition TEXT NOT NULL, scope TEXT NOT NULL, CONSTRAINT ge_tce UNIQUE "
                "(table_name, column_name, extension_name))")
            for table in ("gpkg_metadata", "gpkg_metadata_reference"):
                connection.execute(
                    "INSERT OR IGNORE INTO gpkg_extensions VALUES (?, NULL, 'gpkg_metadata', ?, 'read-write')",
                    (table, METADATA_EXTENSION))
            cursor = connection.execute(
                "INSERT INTO gpkg_metadata (md_scope, md_standard_uri, mime_type, metadata) "
                "VALUES ('dataset', ?, 'text/xml', ?)", (QGIS_DTD, metadata_xml(record, title)))
            stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
            connection.execute(
                "INSERT INTO gpkg_metadata_reference (reference_scope, table_name, column_name, row_id_value, "
                "timestamp, md_file_id, md_parent_id) VALUES ('table', ?, NULL, NULL, ?, ?, NULL)",
                (layer_name, stamp, cursor.lastrowid))
    finally:
        connection.close()


def write_polygons(path, layer_name: str, crs_wkt: str, geometries, columns, record: PrivacyRecord,
                   title: str) -> None:
    """Write MultiPolygon rows with ``columns`` [(name, 'text'|'real', values)] and the record, atomically."""
    write_layer(path, layer_name, crs_wkt, geometries, columns, record, title, lines=False)


def write_lines(path, layer_name: str, crs_wkt: str, geometries, columns, record: PrivacyRecord,
                title: str) -> None:
    """Write LineString rows (flows) with ``columns`` and the record, atomically."""
    write_layer(path, layer_name, crs_wkt, geometries, columns, record, title, lines=True)


def write_layer(path, layer_name, crs_wkt, geometries, columns, record, title, lines):
    write_layers([(path, layer_name, crs_wkt, geometries, columns, record, title, "lines" if lines else "polygons")])


def write_layers(layers) -> None:
    """Write several GeoPackages, all or none: each is built under a temporary name, then all are renamed.

    ``layers``: (path, layer name, CRS WKT, geometries, columns, record, title, kind) with kind "polygons",
    "lines" or "table" (no geometry: the OD matrix, as the plugin writes it).
    """
    done, partials = [], []
    try:
        for path, layer_name, crs_wkt, geometries, columns, record, title, kind in layers:
            path = Path(path)
            if path.suffix.lower() != ".gpkg":
                raise ValueError(f"outputs must be GeoPackages (.gpkg), got {str(path)!r}")
            partial = path.with_name(f".{path.stem}.{os.getpid()}.partial.gpkg")
            partials.append(partial)
            _write_partial(partial, layer_name, crs_wkt, geometries, columns, record, title, kind)
        for (path, *_), partial in zip(layers, partials):
            os.replace(partial, path)
            done.append(Path(path))
    except BaseException:
        for path in done:
            path.unlink(missing_ok=True)
        raise
    finally:
        for partial in partials:
            partial.unlink(missing_ok=True)


def _write_partial(partial, layer_name, crs_wkt, geometries, columns, record, title, kind):
    from osgeo import ogr, osr

    if partial.exists():
        partial.unlink()
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(partial))
    if kind == "table":
        layer = dataset.CreateLayer(layer_name, None, ogr.wkbNone)
    else:
        srs = osr.SpatialReference()
        srs.ImportFromWkt(crs_wkt)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
        layer = dataset.CreateLayer(layer_name, srs, ogr.wkbLineString if kind == "lines" else ogr.wkbMultiPolygon,
                                    ["SPATIAL_INDEX=YES"])
    kinds = {"text": ogr.OFTString, "real": ogr.OFTReal}
    for name, kind_of_column, _values in columns:
        layer.CreateField(ogr.FieldDefn(name, kinds[kind_of_column]))
    definition = layer.GetLayerDefn()
    if kind == "table":
        rows = len(columns[0][2]) if columns else 0
        wkbs = [None] * rows
    else:
        geometries = np.asarray(geometries, dtype=object)
        if kind == "polygons" and len(geometries):
            parts, index = shapely.get_parts(geometries, return_index=True)
            polygonal = shapely.get_type_id(parts) == 3
            geometries = shapely.multipolygons(parts[polygonal], indices=index[polygonal])
        wkbs = shapely.to_wkb(geometries, flavor="iso") if len(geometries) else []
    dataset.StartTransaction()
    for i, wkb in enumerate(wkbs):
        feature = ogr.Feature(definition)
        if wkb is not None:
            feature.SetGeometry(ogr.CreateGeometryFromWkb(bytes(wkb)))
        for name, kind_of_column, values in columns:
            value = values[i]
            if kind_of_column == "real":
                value = float(value)
                if value != value:
                    continue
            feature.SetField(name, value if kind_of_column == "real" else str(value))
        layer.CreateFeature(feature)
    dataset.CommitTransaction()
    dataset = layer = None
    write_metadata(partial, layer_name, record, title)
