"""consistentcounts' OUTPUT_LEVELS: every level of the hierarchy as its own layer, each with its own record.

A release has as many levels as its public hierarchy (two to five), so the
levels go, as QGIS's own "Split vector layer" writes a variable number of
layers, into a folder (OUTPUT_LEVELS, a QgsProcessingParameterFolderDestination)
as one file per level in the vector format LEVELS_FORMAT (one of LEVEL_FORMATS, a
fixed list so that a saved model means the same format in every QGIS version;
GeoPackage by default), listed by the LEVEL_LAYERS result (a
QgsProcessingOutputMultipleLayers, which a model can hand to any algorithm
taking several layers). The file names are public: the level's number and
name (an H3 resolution, or a PARENT_FIELDS field name).

Each level's record is its own (core.releases.hierarchy.HierarchyMechanism.
level_record_fields): its share of epsilon and its noise scale in the
mechanism text, the post-processing, and the release's epsilon and release
id, so that the levels, read alone or together, count once and in full. The
ledger holds one entry for the whole run (the algorithm reserves once). The
files are written through processing/writers.py (records, formats, sidecars)
in one writers.together() block with OUTPUT: all of them, or nothing, and a
folder the run made is removed again when the run fails or is cancelled.
"""

import re
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessingContext,
    QgsProcessingException,
    QgsProcessingOutputMultipleLayers,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFolderDestination,
)

from ..translation import tr
from .destinations import driver_for
from .privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from .styles import graduated_counts
from .writers import Column, write_features

OUTPUT_LEVELS, LEVELS_FORMAT, LEVEL_LAYERS = "OUTPUT_LEVELS", "LEVELS_FORMAT", "LEVEL_LAYERS"
# The file formats of the level layers, by extension (the writers convert to any format GDAL writes): fixed, unlike
# QgsVectorFileWriter.supportedFormatExtensions(), whose list and order change with the GDAL build.
LEVEL_FORMATS = ("gpkg", "shp", "geojson", "fgb", "gml", "kml", "sqlite", "tab", "csv", "xlsx", "ods")


def level_formats() -> list:
    """The extensions LEVELS_FORMAT offers, GeoPackage first."""
    return list(LEVEL_FORMATS)


def add_levels_parameters(algorithm):
    """OUTPUT_LEVELS (a folder, made by default in the dialog), LEVELS_FORMAT (advanced) and LEVEL_LAYERS."""
    formats = level_formats()
    file_type = QgsProcessingParameterEnum(LEVELS_FORMAT, tr("File format of the level layers"), options=formats,
                                           defaultValue=0)
    file_type.setHelp(tr("The vector format of the files in OUTPUT_LEVELS; formats without metadata get the record "
                         "in a .qmd file beside each."))
    file_type.setFlags(file_type.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(file_type)
    folder = QgsProcessingParameterFolderDestination(OUTPUT_LEVELS, tr("One layer per level (folder)"),
                                                     optional=True, createByDefault=True)
    folder.setHelp(tr("A folder that gets one file per level, coarse to fine (level_0_..., level_1_...), each "
                      "with its own privacy record. Leave it out to write only the layer of all levels."))
    algorithm.add(folder)
    algorithm.add_output(QgsProcessingOutputMultipleLayers(LEVEL_LAYERS, tr("Level layers")))


def levels_help():
    """The help paragraph on OUTPUT_LEVELS (consistentcounts' help ends with it)."""
    return tr(
        "<p><b>One layer per level</b> (OUTPUT_LEVELS, a folder; made by default in the dialog). Each level is "
        "also written as its own file, level_0_&lt;name&gt; (coarsest) to the finest, in LEVELS_FORMAT "
        "(GeoPackage by default), loaded styled with the other outputs and listed by the LEVEL_LAYERS result "
        "(which a model can pass on to an algorithm taking several layers). Each file carries its own privacy "
        "record: that level's share of EPSILON and its noise scale, the least squares and rounding, and the "
        "release's EPSILON and release id. The record's epsilon is the release's, not the level's share: after "
        "the least squares each level's counts depend on every level's noisy counts, so one level alone costs "
        "what the release costs. The levels are one release with one ledger entry; a privacy report counts "
        "them once.</p>")


@contextmanager
def removing_made_folder(folder):
    """Remove ``folder`` again if the block fails and the folder was made by it (or by Processing for this
    run) and holds nothing; ``None``: no folder."""
    made = folder is not None and (not folder.exists() or not any(folder.iterdir()))
    try:
        yield
    except BaseException:
        if made and folder.exists() and not any(folder.iterdir()):
            folder.rmdir()
        raise


def levels_folder(algorithm, parameters, context):
    """(folder Path, file extension), or None when OUTPUT_LEVELS is left out."""
    if parameters.get(OUTPUT_LEVELS) in (None, ""):
        return None
    folder = algorithm.parameterAsString(parameters, OUTPUT_LEVELS, context)
    if not folder:
        return None
    extension = LEVEL_FORMATS[algorithm.parameterAsEnum(parameters, LEVELS_FORMAT, context)]
    if extension != "gpkg" and not driver_for(Path(f"level.{extension}")):
        raise QgsProcessingException(tr("LEVELS_FORMAT: this QGIS cannot write .{extension} files; choose gpkg (0).")
                                     .format(extension=extension))
    return Path(folder), extension


def level_file_name(level, name, extension):
    """level_<number>_<name in lower case, runs of other characters as '_'>.<extension> (public names only)."""
    slug = re.sub(r"[^0-9a-z]+", "_", str(name).lower()).strip("_") or "level"
    return f"level_{level}_{slug}.{extension}"


def write_levels(target, hierarchy, crs_wkt, geometries, columns, records, title, feedback):
    """One file per level in ``target`` (folder, extension): the rows of ``columns`` (the first is ``level``)
    of that level, with that level's record. Returns the files, coarse to fine."""
    folder, extension = target
    levels = np.asarray(columns[0].values)
    paths = []
    for level, (name, record) in enumerate(zip(hierarchy.names, records)):
        rows = np.flatnonzero(levels == level)
        path = str(folder / level_file_name(level, name, extension))
        level_title = tr("{title}, {level}").format(title=title, level=name)
        write_features(path, crs_wkt, ogr.wkbMultiPolygon, np.asarray(geometries, dtype=object)[rows],
                       [Column(c.name, c.kind, np.asarray(c.values, dtype=object if c.kind == "text" else None)[rows])
                        for c in columns], feedback,
                       finish=lambda work, layer, r=record, t=level_title: write_to_file(work, layer, r, t))
        paths.append(path)
    return paths


def load_levels(context, paths, hierarchy, records, title):
    """Load every level's layer on completion, styled, with its record (as OUTPUT is when it is loaded)."""
    for path, name, record in zip(paths, hierarchy.names, records):
        level_title = tr("{title}, {level}").format(title=title, level=name)
        details = QgsProcessingContext.LayerDetails(level_title, context.project(), OUTPUT_LEVELS)
        details.setPostProcessor(ReleaseLayerPostProcessor.create(record, level_title, graduated_counts))
        context.addLayerToLoadOnCompletion(path, details)
