"""Bulk conversion between QGIS layers and numpy arrays.

Reading: QGIS hands the input to GDAL as a GeoPackage (sources in other
formats, selections and filters are exported to a temporary one in C++),
and GDAL's Arrow stream reads the feature ids and point geometries as
arrays: a million points in a fraction of a second.

Writing: OGR creates the output GeoPackage with the source's fields, then
SQLite inserts all rows at once, copying attributes from the source table
in SQL in the order the algorithm chose (a random one: row order must not
follow the input), and fills the spatial index directly. The file is built
under a temporary name and moved into place only when complete, so a
failed or cancelled run leaves nothing behind.
"""

import os
import shutil
import sqlite3
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from osgeo import gdal, ogr
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessingException,
    QgsVectorFileWriter,
    QgsWkbTypes,
)

from ..translation import tr

gdal.UseExceptions()
ogr.UseExceptions()

_WKB_POINT = np.dtype([("byte_order", "u1"), ("type", "<u4"), ("x", "<f8"), ("y", "<f8")])
_GPKG_POINT = np.dtype(
    [
        ("magic", "S2"),
        ("version", "u1"),
        ("flags", "u1"),
        ("srs_id", "<i4"),
        ("byte_order", "u1"),
        ("type", "<u4"),
        ("x", "<f8"),
        ("y", "<f8"),
    ]
)


@dataclass
class PointTable:
    """Point geometries of a source layer as arrays, with where they came from.

    ``fids`` and ``xy`` hold only features with a usable point; ``skipped_null``
    and ``skipped_empty`` count the others.
    """

    gpkg_path: str
    layer_name: str
    source_name: str
    crs: QgsCoordinateReferenceSystem
    fids: np.ndarray
    xy: np.ndarray
    skipped_null: int
    skipped_empty: int


def read_points(algorithm, parameters, name, context, feedback) -> PointTable:
    """Read the point feature source parameter ``name`` into a PointTable.

    Raises QgsProcessingException naming the parameter for a missing layer,
    a multipoint or non-point layer, or a layer with no usable point.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    wkb_type = source.wkbType()
    if QgsWkbTypes.geometryType(wkb_type) != QgsWkbTypes.PointGeometry:
        raise QgsProcessingException(
            tr("{name} must be a point layer; it holds {kind} geometries.").format(
                name=name, kind=QgsWkbTypes.displayString(wkb_type)
            )
        )
    if QgsWkbTypes.isMultiType(wkb_type):
        raise QgsProcessingException(
            tr(
                "{name} is a multipoint layer. Each point must be one location: run "
                "'Multipart to singleparts' (native:multiparttosingleparts) first."
            ).format(name=name)
        )
    if not source.sourceCrs().isValid():
        raise QgsProcessingException(
            tr("{name} has no coordinate reference system. Set one in Layer Properties > Source.").format(
                name=name
            )
        )
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    fids, xy, n_null, n_empty = _read_gpkg_points(path, layer_name)
    if len(fids) == 0:
        raise QgsProcessingException(
            tr("{name} has no features with a point geometry ({null} null, {empty} empty).").format(
                name=name, null=n_null, empty=n_empty
            )
        )
    if n_null or n_empty:
        feedback.pushWarning(
            tr("Skipped {null} features with no geometry and {empty} with an empty geometry.").format(
                null=n_null, empty=n_empty
            )
        )
    return PointTable(
        gpkg_path=path,
        layer_name=layer_name or _first_layer_name(path),
        source_name=source.sourceName(),
        crs=source.sourceCrs(),
        fids=fids,
        xy=xy,
        skipped_null=n_null,
        skipped_empty=n_empty,
    )


def _first_layer_name(path):
    with _ogr_open(path) as dataset:
        return dataset.GetLayer(0).GetName()


@contextmanager
def _ogr_open(path, update=False):
    dataset = ogr.Open(path, 1 if update else 0)
    try:
        yield dataset
    finally:
        dataset = None  # noqa: F841 (closes the dataset)


def _read_gpkg_points(path, layer_name):
    """(fids, xy, n_null, n_empty) of the point layer, read as Arrow batches."""
    with _ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        layer.SetIgnoredFields(
            [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
        )
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        fid_parts, xy_parts, n_null, n_empty = [], [], 0, 0
        stream = layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=NO"])
        for batch in stream:
            fids = np.asarray(batch[fid_column], dtype=np.int64)
            xy, valid, null = decode_wkb_points(batch[geometry_column])
            n_null += int(null.sum())
            n_empty += int((~valid & ~null).sum())
            fid_parts.append(fids[valid])
            xy_parts.append(xy[valid])
    if not fid_parts:
        return np.empty(0, np.int64), np.empty((0, 2)), n_null, n_empty
    return np.concatenate(fid_parts), np.concatenate(xy_parts), n_null, n_empty


def decode_wkb_points(wkb):
    """Decode an array of WKB points to (xy, valid, null) arrays.

    Fast path: a fixed-width array of 21-byte little-endian 2D points is
    reinterpreted in place. Anything else goes through shapely.
    """
    wkb = np.asarray(wkb)
    if wkb.dtype.kind == "V" and wkb.dtype.itemsize == _WKB_POINT.itemsize:
        points = np.frombuffer(wkb.tobytes(), dtype=_WKB_POINT)
        if np.all(points["byte_order"] == 1) and np.all(points["type"] == 1):
            xy = np.column_stack((points["x"], points["y"]))
            valid = np.isfinite(xy).all(axis=1)
            return xy, valid, np.zeros(len(xy), dtype=bool)
    blobs = [bytes(b) if b is not None and len(b) else None for b in wkb.tolist()]
    geometries = shapely.from_wkb(np.array(blobs, dtype=object), on_invalid="ignore")
    null = shapely.is_missing(geometries)
    type_ids = shapely.get_type_id(geometries)
    if np.any((type_ids != 0) & ~null):
        raise QgsProcessingException(
            tr("The layer holds geometries that are not single points; run 'Multipart to singleparts' first.")
        )
    usable = ~null & ~shapely.is_empty(geometries)
    xy = np.full((len(geometries), 2), np.nan)
    xy[usable, 0] = shapely.get_x(geometries[usable])
    xy[usable, 1] = shapely.get_y(geometries[usable])
    valid = usable & np.isfinite(xy).all(axis=1)
    return xy, valid, null


def write_points(source: PointTable, rows: np.ndarray, xy: np.ndarray, destination: str, feedback, finish):
    """Write points ``xy`` with the attributes of source rows ``rows``, in that order.

    ``rows`` indexes ``source.fids``; output feature ids are 1..n in the given
    order. ``finish(path, layer_name)`` runs on the complete file before it is
    moved into place (to add metadata). The destination is a GeoPackage, or
    any OGR format converted from one. Returns the layer name.
    """
    destination = Path(destination)
    if "|" in str(destination) or ":" in destination.name:
        raise QgsProcessingException(
            tr("OUTPUT must be a file path (for example out.gpkg), not '{dest}'.").format(dest=destination)
        )
    layer_name = destination.stem
    destination.parent.mkdir(parents=True, exist_ok=True)
    work_dir = Path(tempfile.mkdtemp(prefix=".dp_geoprivacy-", dir=destination.parent))
    try:
        work = work_dir / f"{layer_name}.gpkg"
        _create_like(source, work, layer_name)
        _fill(source, work, layer_name, source.fids[rows], xy)
        if destination.suffix.lower() != ".gpkg":
            _convert(work, layer_name, work_dir / destination.name)
            work.unlink()
            work = work_dir / destination.name
        finish(str(work), layer_name)
        if feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was written."))
        for produced in work_dir.iterdir():
            os.replace(produced, destination.parent / produced.name)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    return layer_name


def _create_like(source: PointTable, path: Path, layer_name: str):
    """Create an empty point layer with the source's fields and spatial index."""
    with _ogr_open(source.gpkg_path) as src_dataset:
        src_layer = src_dataset.GetLayerByName(source.layer_name)
        dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
        layer = dataset.CreateLayer(
            layer_name, src_layer.GetSpatialRef(), ogr.wkbPoint, ["FID=fid", "SPATIAL_INDEX=YES"]
        )
        definition = src_layer.GetLayerDefn()
        for i in range(definition.GetFieldCount()):
            layer.CreateField(definition.GetFieldDefn(i))
        layer = None  # noqa: F841
        dataset = None  # noqa: F841


def _quote(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def _fill(source: PointTable, path: Path, layer_name: str, source_fids: np.ndarray, xy: np.ndarray):
    """Insert rows and spatial index entries in bulk with SQLite."""
    n = len(source_fids)
    connection = sqlite3.connect(str(path), isolation_level=None)
    try:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("PRAGMA cache_size=-262144")
        (geometry_column, srs_id) = connection.execute(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name=?", (layer_name,)
        ).fetchone()
        fields = [row[1] for row in connection.execute(f"PRAGMA table_info({_quote(layer_name)})")]
        attributes = [f for f in fields if f not in ("fid", geometry_column)]
        with _ogr_open(source.gpkg_path) as src_dataset:
            src_fid_column = src_dataset.GetLayerByName(source.layer_name).GetFIDColumn() or "fid"
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger' AND tbl_name=?", (layer_name,)
        ).fetchall()

        blobs = np.zeros(n, dtype=_GPKG_POINT)
        blobs["magic"], blobs["flags"], blobs["srs_id"] = b"GP", 1, srs_id
        blobs["byte_order"], blobs["type"] = 1, 1
        blobs["x"], blobs["y"] = xy[:, 0], xy[:, 1]
        new_fids = np.arange(1, n + 1, dtype=np.int64)

        connection.execute("ATTACH DATABASE ? AS src", (source.gpkg_path,))
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {_quote(name)}")
        connection.execute("CREATE TEMP TABLE dp_rows (fid INTEGER PRIMARY KEY, src_fid INTEGER, geom BLOB)")
        connection.executemany(
            "INSERT INTO temp.dp_rows VALUES (?, ?, ?)",
            zip(new_fids.tolist(), source_fids.tolist(), blobs.view(f"V{_GPKG_POINT.itemsize}").tolist()),
        )
        columns = ", ".join(_quote(c) for c in attributes)
        src_columns = ", ".join("s." + _quote(c) for c in attributes)
        connection.execute(
            f"INSERT INTO {_quote(layer_name)} (fid, {_quote(geometry_column)}"
            f"{', ' + columns if attributes else ''}) "
            f"SELECT r.fid, r.geom{', ' + src_columns if attributes else ''} FROM temp.dp_rows r "
            f"JOIN src.{_quote(source.layer_name)} s ON s.{_quote(src_fid_column)} = r.src_fid "
            f"ORDER BY r.fid"
        )
        spatial_order = np.lexsort((xy[:, 1], np.floor((xy[:, 0] - xy[:, 0].min()) / _strip_width(xy))))
        rtree = f"rtree_{layer_name}_{geometry_column}"
        x, y = xy[spatial_order, 0].tolist(), xy[spatial_order, 1].tolist()
        connection.executemany(
            f"INSERT INTO {_quote(rtree)} VALUES (?, ?, ?, ?, ?)",
            zip(new_fids[spatial_order].tolist(), x, x, y, y),
        )
        for _name, sql in triggers:
            connection.execute(sql)
        connection.execute(
            "UPDATE gpkg_ogr_contents SET feature_count=? WHERE lower(table_name)=lower(?)", (n, layer_name)
        )
        connection.execute(
            "UPDATE gpkg_contents SET min_x=?, min_y=?, max_x=?, max_y=? WHERE table_name=?",
            (*(float(v) for v in xy.min(axis=0)), *(float(v) for v in xy.max(axis=0)), layer_name),
        )
        connection.execute("DROP TABLE temp.dp_rows")
        connection.execute("COMMIT")
        connection.execute("DETACH DATABASE src")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()


def _strip_width(xy):
    """Width of the vertical strips that order index insertion (about 1000 strips)."""
    span = float(np.ptp(xy[:, 0])) if len(xy) else 0.0
    return span / 1000.0 if span > 0 else 1.0


def _convert(gpkg: Path, layer_name: str, destination: Path):
    """Convert the finished GeoPackage layer to the destination's OGR format."""
    driver = QgsVectorFileWriter.driverForExtension(destination.suffix.lstrip("."))
    if not driver:
        raise QgsProcessingException(
            tr("OUTPUT: no vector format is known for the extension '{ext}'. Use .gpkg.").format(
                ext=destination.suffix
            )
        )
    gdal.VectorTranslate(str(destination), str(gpkg), format=driver, layers=[layer_name])
