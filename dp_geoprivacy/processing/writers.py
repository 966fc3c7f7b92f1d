"""Bulk writing of new layers from arrays, atomically.

OGR creates the output GeoPackage with its fields, then SQLite inserts all
rows at once (``gpkg_fill``), copying attributes from the source table in
SQL in the order the algorithm chose (a random one: row order must not
follow the input), and fills the spatial index directly. The file is built
in a hidden working folder beside the destination (with the privacy record,
written by the algorithm's ``finish``) and only when complete goes to its
destination (``destinations``: moved into place as a .gpkg, converted to
another format, copied into an existing GeoPackage or PostGIS table, or
made a memory layer), so a failed or cancelled run leaves nothing behind;
the working folder is also removed when the process is ended by SIGTERM or
exits (``workdirs``). ``together`` puts several outputs in place at once.
"""

import contextvars
import os
import tempfile
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from osgeo import gdal, ogr, osr
from qgis.core import QgsProcessingException

from ..translation import tr
from . import destinations
from .gpkg_fill import PackedGeometries, SourceCopy, fill_gpkg, point_blobs, point_bounds, wkb_blobs
from .gpkg_stream import fill_points_stream
from .readers import PointTable, ogr_open
from .workdirs import working_folder

gdal.UseExceptions()
ogr.UseExceptions()


@dataclass(frozen=True)
class Column:
    """An output attribute: name, kind ('int', 'real' or 'text') and values."""

    name: str
    kind: str
    values: object
    codes: object = None
    categories: object = None

    @classmethod
    def coded(cls, name, codes, categories):
        """A text column ``categories[codes]``: written through a lookup table, no string per row."""
        categories = np.asarray(categories, dtype=object)
        return cls(name, "text", categories[np.asarray(codes, dtype=np.int64)], np.asarray(codes), categories)

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


def columns_of(table: dict) -> list:
    """Columns from a dict of name to array (a core release's table): the kind follows the dtype
    (integers 'int', floats 'real', anything else 'text'), the order the dict's."""
    kinds = {"i": "int", "u": "int", "b": "int", "f": "real"}
    return [Column(name, kinds.get(np.asarray(values).dtype.kind, "text"), values) for name, values in table.items()]


def write_points(source: PointTable, rows: np.ndarray, xy: np.ndarray, destination: str, feedback, finish,
                 exclude_fields=(), replaced=(), added=()):
    """Write points ``xy`` with the attributes of source rows ``rows``, in that order.

    ``rows`` indexes ``source.fids``; output feature ids are 1..n in the given
    order; attributes are copied from the source table in SQL. ``finish(path,
    layer_name)`` runs on the complete file before it is moved into place (to
    add metadata). Fields named in ``exclude_fields`` are left out. ``xy``
    None writes a table without geometry. ``replaced`` holds Columns aligned
    with ``rows`` whose values replace those of the source fields of the same
    name (the source's field definitions are kept; SQLite converts numeric
    text to the field's type); ``added`` holds new Columns aligned with
    ``rows``, appended after the source's fields. Returns the layer name.
    """
    geometry = (ogr.wkbNone, None, None) if xy is None else (ogr.wkbPoint, point_blobs(xy), point_bounds(xy))
    return _write_copy(source, rows, geometry, None, destination, feedback, finish, exclude_fields, replaced, added)


def write_rows(source, rows, destination, feedback, finish, geometries=None, geometry_type=None, crs_wkt=None,
               exclude_fields=(), replaced=(), packed=None, added=()):
    """Like write_points, for any source table and any geometry (or none).

    ``source`` is a PointTable or SourceTable (anything with ``gpkg_path``,
    ``layer_name`` and ``fids``). ``geometries``: shapely geometries aligned
    with ``rows``, of OGR type ``geometry_type``, in ``crs_wkt`` (default: the
    source's CRS); None writes a table without geometry. ``packed``: instead
    of ``geometries``, (GeoPackage blobs as a structured array with an
    ``srs_id`` field, as gpkg_fill.point_blobs makes; bounds (n, 4)), e.g. for
    M values, which shapely cannot write on every GEOS. ``added``: new Columns
    aligned with ``rows``, appended after the source's fields.
    """
    if packed is not None:
        geometry = (geometry_type, *packed)
    elif geometries is None:
        geometry = (ogr.wkbNone, None, None)
    else:
        geometries = np.asarray(geometries, dtype=object)
        geometry = (geometry_type, wkb_blobs(geometries), shapely.bounds(geometries))
    return _write_copy(source, rows, geometry, crs_wkt, destination, feedback, finish, exclude_fields, replaced,
                       added)


def _write_copy(source, rows, geometry, crs_wkt, destination, feedback, finish, exclude_fields, replaced, added=()):
    geometry_type, blobs, bounds = geometry
    with ogr_open(source.gpkg_path) as src_dataset:
        src_layer = src_dataset.GetLayerByName(source.layer_name)
        definition = src_layer.GetLayerDefn()
        fields = [definition.GetFieldDefn(i) for i in range(definition.GetFieldCount())
                  if definition.GetFieldDefn(i).GetName() not in exclude_fields]
        clash = {c.name for c in added} & {f.GetName() for f in fields}
        if clash:
            raise ValueError(f"added columns {sorted(clash)} are fields of the source: exclude them")
        fields += [c.field_definition() for c in added]
        replaced = list(replaced) + list(added)
        unknown = {c.name for c in replaced} - {f.GetName() for f in fields}
        if unknown:
            raise ValueError(f"replaced columns {sorted(unknown)} are not fields of the output")
        srs = None
        if geometry_type != ogr.wkbNone:
            srs = src_layer.GetSpatialRef() if not crs_wkt else _srs_from_wkt(crs_wkt)
        src_fid_column = src_layer.GetFIDColumn() or "fid"
        copy = SourceCopy(source.gpkg_path, source.layer_name, src_fid_column, source.fids[rows])
        return _write(destination, srs, geometry_type, fields, blobs, bounds, list(replaced),
                      copy, feedback, finish)


def write_points_stream(source, batches, n, x_range, destination, feedback, finish, exclude_fields=()):
    """Write points that arrive in batches, in bounded memory (gpkg_stream), atomically as write_points.

    ``source``: the scanned input (gpkg_path, layer_name; its other fields
    are copied in SQL, less ``exclude_fields``). ``batches`` yields (source
    fids, output positions 0..n-1, xy, positions dropped), see
    gpkg_stream.fill_points_stream; ``x_range`` is the expected span of x.
    Returns (layer name, rows written).
    """
    with ogr_open(source.gpkg_path) as src_dataset:
        src_layer = src_dataset.GetLayerByName(source.layer_name)
        definition = src_layer.GetLayerDefn()
        fields = [definition.GetFieldDefn(i) for i in range(definition.GetFieldCount())
                  if definition.GetFieldDefn(i).GetName() not in exclude_fields]
        srs = src_layer.GetSpatialRef()
        copy = SourceCopy(source.gpkg_path, source.layer_name, src_layer.GetFIDColumn() or "fid", None)
        written = []

        def fill(work, layer_name):
            written.append(fill_points_stream(work, layer_name, batches, n, copy, x_range, lambda: _check(feedback)))

        layer_name = _write(destination, srs, ogr.wkbPoint, fields, None, None, [], copy, feedback, finish, fill=fill)
    return layer_name, written[0]


def _check(feedback):
    if feedback is not None and feedback.isCanceled():
        raise QgsProcessingException(tr("Cancelled: no output was written."))


def _srs_from_wkt(crs_wkt):
    srs = osr.SpatialReference()
    srs.ImportFromWkt(crs_wkt)
    srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    return srs


def write_features(destination: str, crs_wkt: str, geometry_type, geometries, columns, feedback, finish):
    """Write a new layer from arrays: shapely ``geometries`` (or None for a table) and ``columns``.

    ``geometry_type`` is an OGR type (e.g. ogr.wkbPolygon, ogr.wkbLineString,
    ogr.wkbNone); ``geometries`` may also be a gpkg_fill.PackedGeometries
    (blobs built with numpy, e.g. linestring_blob_groups). Rows are written in the order given: callers put them in a
    data-independent order (e.g. by zone id). Same atomic behaviour as
    write_points. Returns the layer name.
    """
    srs = None
    if geometries is not None:
        srs = osr.SpatialReference()
        srs.ImportFromWkt(crs_wkt)
        srs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
        if isinstance(geometries, PackedGeometries):
            blobs, bounds = geometries.blobs, geometries.bounds
        else:
            blobs, bounds = wkb_blobs(geometries), shapely.bounds(geometries)
    else:
        geometry_type, blobs, bounds = ogr.wkbNone, None, None
    fields = [column.field_definition() for column in columns]
    return _write(destination, srs, geometry_type, fields, blobs, bounds, columns, None, feedback, finish)


def _write(destination, srs, geometry_type, fields, blobs, bounds, columns, copy, feedback, finish, fill=None):
    target = destinations.parse(destination)
    destinations.check_format(target)
    layer_name = target.layer_name
    parent = target.path.parent if target.path is not None else Path(tempfile.gettempdir())
    parent.mkdir(parents=True, exist_ok=True)
    group = _together.get()
    stack = group.stack if group is not None else None
    with ExitStack() as own:
        work_dir = (stack or own).enter_context(working_folder(parent))
        work = work_dir / f"{layer_name}.gpkg"
        _create(work, layer_name, srs, geometry_type, fields)
        if fill is not None:
            fill(work, layer_name)
        else:
            fill_gpkg(work, layer_name, blobs, bounds, columns, copy)
        finish(str(work), layer_name)
        _check(feedback)
        publish = destinations.prepare(target, work, layer_name, feedback)
        _check(feedback)
        if stack is None:
            publish()
        else:
            group.publish.append(publish)
    return layer_name


@dataclass
class _Group:
    stack: ExitStack
    publish: list


# The open together() block, if any. A context variable: a thread started with
# contextvars.copy_context().run (od_output's matrix writer) joins its caller's block.
_together = contextvars.ContextVar("dp_geoprivacy_together", default=None)


@contextmanager
def together():
    """Outputs written in the block are put in place together when it ends without an error, else none.

    For algorithms with several outputs (a failure writing the second, e.g. a full disk, leaves
    nothing of the first). Nested blocks join the outer one.
    """
    if _together.get() is not None:
        yield
        return
    with ExitStack() as stack:
        group = _Group(stack, [])
        token = _together.set(group)
        try:
            yield
            for publish in group.publish:
                publish()
        finally:
            _together.reset(token)


def _create(path: Path, layer_name: str, srs, geometry_type, fields):
    """Create an empty GeoPackage layer (with a spatial index when it has geometry)."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    options = ["FID=fid"] + (["SPATIAL_INDEX=YES"] if geometry_type != ogr.wkbNone else [])
    layer = dataset.CreateLayer(layer_name, srs, geometry_type, options)
    for definition in fields:
        layer.CreateField(definition)
    layer = None  # noqa: F841
    dataset = None  # noqa: F841


def current_umask() -> int:
    """The process's umask (read without changing it where /proc tells it; else set and restored at once)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(destination, text: str):
    """Write a text output (an HTML report) whole; see :func:`write_bytes`."""
    write_bytes(destination, text.encode("utf-8"))


def write_bytes(destination, data: bytes):
    """Write a file output whole: into a hidden file beside it, moved into place when complete, so a
    failed or cancelled run leaves no partial file."""
    destination = Path(destination)
    destination.parent.mkdir(parents=True, exist_ok=True)
    handle, work = tempfile.mkstemp(prefix=".dp_geoprivacy-", suffix=destination.suffix, dir=destination.parent)
    os.close(handle)
    try:
        Path(work).write_bytes(data)
        os.chmod(work, 0o666 & ~current_umask())  # mkstemp makes 0600; a file written in place would honour umask
        os.replace(work, destination)
    finally:
        if os.path.exists(work):
            os.unlink(work)
