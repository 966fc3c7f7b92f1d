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
from osgeo import gdal, ogr, osr
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessingException,
    QgsVectorFileWriter,
    QgsWkbTypes,
)

from ..core.zones import Tessellation
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


@dataclass
class ZoneTable:
    """Polygons of a zone layer as a core Tessellation, with their CRS."""

    tessellation: Tessellation
    crs: QgsCoordinateReferenceSystem
    source_name: str
    repaired: int
    skipped: int


def read_zones(algorithm, parameters, name, id_field, context, feedback) -> ZoneTable:
    """Read the polygon layer parameter ``name`` with ids from field ``id_field`` (or feature ids).

    Invalid polygons are repaired with shapely.make_valid (keeping their
    polygonal part) and counted in the log; features without a polygon are
    skipped and counted. Duplicate ids are refused.
    """
    source = algorithm.parameterAsSource(parameters, name, context)
    if source is None:
        raise QgsProcessingException(algorithm.invalidSourceError(parameters, name))
    if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.PolygonGeometry:
        raise QgsProcessingException(
            tr("{name} must be a polygon layer (zones); it holds {kind} geometries.").format(
                name=name, kind=QgsWkbTypes.displayString(source.wkbType())
            )
        )
    if id_field and source.fields().indexOf(id_field) < 0:
        raise QgsProcessingException(
            tr("The zone id field '{field}' is not a field of {name}.").format(field=id_field, name=name)
        )
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    with _ogr_open(path) as dataset:
        layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = layer.GetLayerDefn()
        layer.SetIgnoredFields(
            [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())
             if definition.GetFieldDefn(i).GetName() != id_field]
        )
        geometry_column = layer.GetGeometryColumn() or "wkb_geometry"
        fid_column = layer.GetFIDColumn() or "OGC_FID"
        wkb, ids = [], []
        for batch in layer.GetArrowStreamAsNumPy(options=["INCLUDE_FID=YES", "USE_MASKED_ARRAYS=NO"]):
            wkb.extend(bytes(b) if b is not None and len(b) else None for b in batch[geometry_column].tolist())
            ids.extend(_as_text(batch[id_field] if id_field else batch[fid_column]))
    polygons = shapely.from_wkb(np.array(wkb, dtype=object), on_invalid="ignore")
    usable = ~shapely.is_missing(polygons) & ~shapely.is_empty(polygons)
    polygons, ids = polygons[usable], np.array(ids, dtype=object)[usable]
    if not len(polygons):
        raise QgsProcessingException(tr("{name} has no polygon features.").format(name=name))
    invalid = ~shapely.is_valid(polygons)
    if invalid.any():
        polygons[invalid] = [_polygonal_part(shapely.make_valid(g)) for g in polygons[invalid]]
        feedback.pushWarning(
            tr("Repaired {n} invalid zone polygons in {name} (shapely make_valid).").format(
                n=int(invalid.sum()), name=name
            )
        )
    skipped = int((~usable).sum())
    if skipped:
        feedback.pushWarning(tr("Skipped {n} zones without a polygon in {name}.").format(n=skipped, name=name))
    if id_field and any(i is None for i in ids):
        raise QgsProcessingException(
            tr("The zone id field '{field}' has empty values; every zone needs an id.").format(field=id_field)
        )
    try:
        tessellation = Tessellation(polygons, ids)
    except ValueError:
        raise QgsProcessingException(
            tr("Zone ids in '{field}' of {name} are not unique; choose a field with one value per zone.").format(
                field=id_field or "fid", name=name
            )
        ) from None
    return ZoneTable(tessellation, source.sourceCrs(), source.sourceName(), int(invalid.sum()), skipped)


def _as_text(values):
    """Arrow column values as text ids (bytes decoded as UTF-8)."""
    return [
        None if v is None else v.decode("utf-8") if isinstance(v, bytes) else str(v)
        for v in np.asarray(values).tolist()
    ]


def _polygonal_part(geometry):
    parts = shapely.get_parts(geometry)
    polygons = parts[np.isin(shapely.get_type_id(parts), (3, 6))]
    return shapely.union_all(polygons) if len(polygons) else shapely.Polygon()


@dataclass(frozen=True)
class Column:
    """An output attribute: name, kind ('int', 'real' or 'text') and values."""

    name: str
    kind: str
    values: object

    _OGR_TYPES = {"int": ogr.OFTInteger64, "real": ogr.OFTReal, "text": ogr.OFTString}

    def field_definition(self):
        return ogr.FieldDefn(self.name, self._OGR_TYPES[self.kind])

    def python_values(self):
        """Values as Python objects for SQLite (NaN and masked entries become NULL)."""
        values = np.asarray(self.values, dtype=object if self.kind == "text" else None)
        if self.kind == "real":
            values = values.astype(float)
            return [None if v != v else v for v in values.tolist()]
        if self.kind == "int":
            return np.asarray(values, dtype=np.int64).tolist()
        return [None if v is None else str(v) for v in values.tolist()]


def write_points(source: PointTable, rows: np.ndarray, xy: np.ndarray, destination: str, feedback, finish):
    """Write points ``xy`` with the attributes of source rows ``rows``, in that order.

    ``rows`` indexes ``source.fids``; output feature ids are 1..n in the given
    order; attributes are copied from the source table in SQL. ``finish(path,
    layer_name)`` runs on the complete file before it is moved into place (to
    add metadata). Returns the layer name.
    """
    with _ogr_open(source.gpkg_path) as src_dataset:
        src_layer = src_dataset.GetLayerByName(source.layer_name)
        definition = src_layer.GetLayerDefn()
        fields = [definition.GetFieldDefn(i) for i in range(definition.GetFieldCount())]
        srs = src_layer.GetSpatialRef()
        src_fid_column = src_layer.GetFIDColumn() or "fid"
        copy = _SourceCopy(source.gpkg_path, source.layer_name, src_fid_column, source.fids[rows])
        return _write(destination, srs, ogr.wkbPoint, fields, _point_blobs(xy), _point_bounds(xy), [],
                      copy, feedback, finish)


def write_features(destination: str, crs_wkt: str, geometry_type, geometries, columns, feedback, finish):
    """Write a new layer from arrays: shapely ``geometries`` (or None for a table) and ``columns``.

    ``geometry_type`` is an OGR type (e.g. ogr.wkbPolygon, ogr.wkbLineString,
    ogr.wkbNone). Rows are written in the order given: callers put them in a
    data-independent order (e.g. by zone id). Same atomic behaviour as
    write_points. Returns the layer name.
    """
    srs = None
    if geometries is not None:
        srs = osr.SpatialReference()
        srs.ImportFromWkt(crs_wkt)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
        blobs, bounds = _wkb_blobs(geometries), shapely.bounds(geometries)
    else:
        geometry_type, blobs, bounds = ogr.wkbNone, None, None
    fields = [column.field_definition() for column in columns]
    return _write(destination, srs, geometry_type, fields, blobs, bounds, columns, None, feedback, finish)


@dataclass(frozen=True)
class _SourceCopy:
    """Attributes to copy in SQL from rows ``fids`` of a source GeoPackage table."""

    path: str
    layer_name: str
    fid_column: str
    fids: np.ndarray


def _write(destination, srs, geometry_type, fields, blobs, bounds, columns, copy, feedback, finish):
    destination = Path(destination)
    if "|" in str(destination) or ":" in destination.name:
        raise QgsProcessingException(
            tr("Outputs must be file paths (for example out.gpkg), not '{dest}'.").format(dest=destination)
        )
    layer_name = destination.stem
    destination.parent.mkdir(parents=True, exist_ok=True)
    work_dir = Path(tempfile.mkdtemp(prefix=".dp_geoprivacy-", dir=destination.parent))
    try:
        work = work_dir / f"{layer_name}.gpkg"
        _create(work, layer_name, srs, geometry_type, fields)
        _fill(work, layer_name, blobs, bounds, columns, copy)
        if destination.suffix.lower() != ".gpkg":
            _convert(work, layer_name, work_dir / destination.name)
            work.unlink()
            work = work_dir / destination.name
        finish(str(work), layer_name)
        if feedback is not None and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was written."))
        for produced in work_dir.iterdir():
            os.replace(produced, destination.parent / produced.name)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    return layer_name


def _create(path: Path, layer_name: str, srs, geometry_type, fields):
    """Create an empty GeoPackage layer (with a spatial index when it has geometry)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    options = ["FID=fid"] + (["SPATIAL_INDEX=YES"] if geometry_type != ogr.wkbNone else [])
    layer = dataset.CreateLayer(layer_name, srs, geometry_type, options)
    for field in fields:
        layer.CreateField(field)
    layer = None  # noqa: F841
    dataset = None  # noqa: F841


def _quote(identifier):
    return '"' + identifier.replace('"', '""') + '"'


_GPKG_HEADER = np.dtype([("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4")])


def _point_blobs(xy):
    """GeoPackage geometry blobs (no envelope) of 2D points; srs_id filled in later."""
    blobs = np.zeros(len(xy), dtype=_GPKG_POINT)
    blobs["magic"], blobs["flags"], blobs["byte_order"], blobs["type"] = b"GP", 1, 1, 1
    blobs["x"], blobs["y"] = xy[:, 0], xy[:, 1]
    return blobs


def _point_bounds(xy):
    return np.column_stack((xy, xy))


def _wkb_blobs(geometries):
    """GeoPackage blobs: an 8-byte header then little-endian ISO WKB (srs_id filled in later)."""
    return shapely.to_wkb(geometries, byte_order=1, flavor="iso").tolist()


def _blob_values(blobs, srs_id):
    if isinstance(blobs, np.ndarray):
        blobs = blobs.copy()
        blobs["srs_id"] = srs_id
        return blobs.view(f"V{blobs.dtype.itemsize}").tolist()
    header = np.zeros(1, dtype=_GPKG_HEADER)
    header["magic"], header["flags"], header["srs_id"] = b"GP", 1, srs_id
    prefix = header.tobytes()
    return [None if wkb is None else prefix + wkb for wkb in blobs]


def _fill(path: Path, layer_name: str, blobs, bounds, columns, copy):
    """Insert all rows, and their spatial index entries, in one SQLite transaction.

    OGR's per-row index triggers are dropped during the insert and restored
    after it; the index is filled directly, in a spatially coherent order.
    """
    n = len(copy.fids) if copy is not None else len(blobs) if blobs is not None else len(columns[0].values)
    connection = sqlite3.connect(str(path), isolation_level=None)
    try:
        connection.execute("PRAGMA synchronous=OFF")
        connection.execute("PRAGMA cache_size=-262144")
        geometry = connection.execute(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name=?", (layer_name,)
        ).fetchone()
        triggers = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type='trigger' AND tbl_name=?", (layer_name,)
        ).fetchall()
        new_fids = np.arange(1, n + 1, dtype=np.int64)
        if copy is not None:
            connection.execute("ATTACH DATABASE ? AS src", (copy.path,))
        connection.execute("BEGIN")
        for name, _sql in triggers:
            connection.execute(f"DROP TRIGGER {_quote(name)}")
        names = ["fid"] + ([geometry[0]] if geometry else []) + [c.name for c in columns]
        values = [new_fids.tolist()] + ([_blob_values(blobs, geometry[1])] if geometry else [])
        values += [c.python_values() for c in columns]
        if copy is None:
            connection.executemany(
                f"INSERT INTO {_quote(layer_name)} ({', '.join(map(_quote, names))}) "
                f"VALUES ({', '.join('?' * len(names))})",
                zip(*values),
            )
        else:
            _insert_copying(connection, layer_name, names, values, copy)
        if geometry:
            _fill_spatial_index(connection, f"rtree_{layer_name}_{geometry[0]}", new_fids, bounds)
            connection.execute(
                "UPDATE gpkg_contents SET min_x=?, min_y=?, max_x=?, max_y=? WHERE table_name=?",
                (*_extent(bounds), layer_name),
            )
        for _name, sql in triggers:
            connection.execute(sql)
        connection.execute(
            "UPDATE gpkg_ogr_contents SET feature_count=? WHERE lower(table_name)=lower(?)", (n, layer_name)
        )
        connection.execute("COMMIT")
        if copy is not None:
            connection.execute("DETACH DATABASE src")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()


def _insert_copying(connection, layer_name, names, values, copy):
    """Insert new fids and geometries, with the other attributes copied from the source table."""
    fields = [row[1] for row in connection.execute(f"PRAGMA table_info({_quote(layer_name)})")]
    attributes = [f for f in fields if f not in names]
    connection.execute("CREATE TEMP TABLE dp_rows (fid INTEGER PRIMARY KEY, src_fid INTEGER, geom BLOB)")
    connection.executemany("INSERT INTO temp.dp_rows VALUES (?, ?, ?)", zip(values[0], copy.fids.tolist(), values[1]))
    target = ", ".join(map(_quote, names[:2] + attributes))
    selected = ", ".join(["r.fid", "r.geom"] + ["s." + _quote(c) for c in attributes])
    connection.execute(
        f"INSERT INTO {_quote(layer_name)} ({target}) SELECT {selected} FROM temp.dp_rows r "
        f"JOIN src.{_quote(copy.layer_name)} s ON s.{_quote(copy.fid_column)} = r.src_fid ORDER BY r.fid"
    )
    connection.execute("DROP TABLE temp.dp_rows")


def _fill_spatial_index(connection, rtree, fids, bounds):
    """Insert (fid, minx, maxx, miny, maxy) rows, ordered in vertical strips (faster R*-tree build)."""
    valid = np.isfinite(bounds).all(axis=1)
    fids, bounds = fids[valid], bounds[valid]
    if not len(fids):
        return
    centre_x = (bounds[:, 0] + bounds[:, 2]) / 2
    span = float(np.ptp(centre_x))
    strip = np.floor((centre_x - centre_x.min()) / (span / 1000.0 if span > 0 else 1.0))
    order = np.lexsort(((bounds[:, 1] + bounds[:, 3]) / 2, strip))
    b = bounds[order]
    connection.executemany(
        f"INSERT INTO {_quote(rtree)} VALUES (?, ?, ?, ?, ?)",
        zip(fids[order].tolist(), b[:, 0].tolist(), b[:, 2].tolist(), b[:, 1].tolist(), b[:, 3].tolist()),
    )


def _extent(bounds):
    valid = bounds[np.isfinite(bounds).all(axis=1)]
    if not len(valid):
        return (None, None, None, None)
    return (float(valid[:, 0].min()), float(valid[:, 1].min()), float(valid[:, 2].max()), float(valid[:, 3].max()))


def _convert(gpkg: Path, layer_name: str, destination: Path):
    """Convert the finished GeoPackage layer to the destination's OGR format."""
    driver = QgsVectorFileWriter.driverForExtension(destination.suffix.lstrip("."))
    if not driver:
        raise QgsProcessingException(
            tr("No vector format is known for the extension '{ext}' of {dest}. Use .gpkg.").format(
                ext=destination.suffix, dest=destination.name
            )
        )
    gdal.VectorTranslate(str(destination), str(gpkg), format=driver, layers=[layer_name])
