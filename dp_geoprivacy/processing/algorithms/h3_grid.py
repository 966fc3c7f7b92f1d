"""dp_geoprivacy:h3grid: the H3 hexagons covering an extent, as a public zone layer.

Source: the ITMS report §II C and §III A (H3 indexing and the choice of
resolution). Cells come from ``core.geometry.h3cells``; the extent handling
(reprojection, antimeridian, poles) from ``processing.zone_source``. No data
is read, so the output costs no privacy and can be published and reused as
ZONES of noisyzonecounts or OD flows, except when the extent is a layer's:
then the grid records that it was made from that layer (derived_zones), and
releases on that layer refuse it.
"""

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterExtent,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.geometry import h3cells
from ..base import DpAlgorithm
from ..derived_zones import derived_note, extent_layer
from ..help_summary import defaults, h3_cell_area_km2, with_summary
from ..metric_crs import wkt
from ..privacy_metadata import write_to_file
from ..writers import Column, write_features
from ..zone_source import MAX_H3_CELLS, H3Cells, h3_cells_covering_extent
from .noisy_zone_counts import as_multipolygons


class H3Grid(DpAlgorithm):
    """Hexagon polygons of the H3 cells that overlap an extent, in the extent's CRS."""

    ALGORITHM_ID = "h3grid"
    GROUP_ID = "tessellation"
    INPUT = "INPUT"
    RESOLUTION = "RESOLUTION"
    OUTPUT = "OUTPUT"

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("H3 hexagon grid")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        resolution, = defaults(self, self.RESOLUTION)
        return with_summary(
            self.tr("Creates the H3 hexagons of one RESOLUTION covering an extent: a public tessellation to count in."),
            self.tr("<b>Private:</b> nothing to protect: it reads no data and costs no privacy budget."),
            self.tr("<b>Accuracy:</b> exact, no noise; at the default RESOLUTION={resolution} a hexagon covers "
                    "{area:.3g} km² on average.").format(resolution=resolution, area=h3_cell_area_km2(resolution)),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Creates the H3 hexagons (and the few pentagons) of one RESOLUTION that overlap an "
            "extent: a public tessellation to count in, for example as ZONES of Noisy zone counts "
            "(zone id field h3_index). It reads no data and costs no privacy budget.</p>"
            "<p>INPUT is an extent or a layer (its extent is used; choose it from public knowledge of "
            "the study area). A grid made from a layer's extent records so in its metadata (not a public "
            "tessellation if the layer holds the data), and releases on that same layer refuse it as ZONES or "
            "EXTENT; a layer (or a copy of it) given as a release's EXTENT is refused too. Every location in "
            "the extent lies in one output cell. Resolution 0 is "
            "the coarsest (cells of about 4 million km²), 15 the finest (about 1 m²); the ITMS report "
            ""
            "compares 6, 7 and 8 (about 36, 5 and 0.7 km²) and uses 7.</p>"
            "<p>Output: polygons in the extent's CRS with fields h3_index (the 15-character "
            "hexadecimal H3 id) and resolution, ordered by h3_index. Edges are straight lines between "
            "the H3 vertices in longitude/latitude (densified for resolutions 0-4 before "
            "reprojection); which cell a point is in is decided by H3 itself. Cells crossing the "
            "antimeridian are split there into two parts (one multipolygon). Extents reaching a "
            "pole are refused: the cell around a pole cannot be drawn in longitude/latitude. At most "
            "{limit:,} cells are made in one run.</p>"
            "<p>Sources: the ITMS report §II C (H3 geospatial "
            "indexing) and §III A (choice of "
            "resolution).</p>"
        ).format(limit=MAX_H3_CELLS)

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterExtent(self.INPUT, self.tr("Extent (or layer) to cover")))
        resolution = QgsProcessingParameterNumber(
            self.RESOLUTION, self.tr("H3 resolution (0 coarsest - 15 finest)"), QgsProcessingParameterNumber.Integer,
            defaultValue=8, minValue=0, maxValue=15)
        resolution.setHelp(self.tr("An integer from 0 to 15; 8 gives hexagons of about 0.7 km²."))
        self.add(resolution)
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("H3 hexagons"), QgsProcessing.TypeVectorPolygon)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        self.add_output(QgsProcessingOutputNumber("CELLS", self.tr("Number of cells")))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        value = parameters.get(self.RESOLUTION)
        if value is not None and value != "":
            try:
                h3cells.check_resolution(float(value))
            except (TypeError, ValueError):
                return False, self.tr("RESOLUTION must be a whole number from 0 to 15 (got {v}).").format(v=value)
        return super().checkParameterValues(parameters, context)

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        resolution = self.parameterAsInt(parameters, self.RESOLUTION, context)
        if not h3cells.MIN_RESOLUTION <= resolution <= h3cells.MAX_RESOLUTION:
            raise QgsProcessingException(
                self.tr("RESOLUTION must be a whole number from 0 to 15 (got {v}).").format(v=resolution))
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        project_crs = context.project().crs() if context.project() is not None else None
        cells, crs, description = h3_cells_covering_extent(
            self, parameters, self.INPUT, resolution, context, feedback, default_crs=project_crs)
        if not len(cells):
            raise QgsProcessingException(self.tr("INPUT is covered by no H3 cell; give an extent with an area."))
        feedback.pushInfo(self.tr("{n} H3 cells of resolution {r} overlap {extent}.").format(
            n=len(cells), r=resolution, extent=description))
        feedback.setProgress(30)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        cell_set = H3Cells(resolution, cells, description)
        geometries = as_multipolygons(cell_set.geometries(None, crs))
        finite = np.isfinite(shapely.bounds(geometries)).all(axis=1)
        if not finite.all():
            feedback.pushWarning(self.tr("{n} cells fall outside the area where {crs} is defined and were left "
                                         "out.").format(n=int((~finite).sum()), crs=crs.authid()))
        feedback.setProgress(70)
        columns = [Column("h3_index", "text", cell_set.ids[finite]),
                   Column("resolution", "int", np.full(int(finite.sum()), resolution))]
        source = extent_layer(parameters, self.INPUT, context)
        finish = lambda path, layer: None  # noqa: E731 (a typed extent: public, nothing to record)
        if source is not None:
            record = self.privacy_record(
                mechanism_fields={"mechanism": "none: a tessellation", "epsilon": None, "delta": None,
                                  "unit_of_privacy": "none: not a release", "sensitivity": None,
                                  "sensitivity_unit": "", "noise_scale": None, "noise_scale_unit": ""},
                input_layer=source.name(), seeded=False, differentially_private=False, notes=(derived_note(source),))
            feedback.pushWarning(self.tr(
                "INPUT is a layer: the grid covers that layer's extent. If the layer holds data to protect, the grid "
                "shows where the data are and is not a public tessellation; releases on that layer refuse it as "
                "ZONES or EXTENT. Prefer a public extent (the study area's boundary, or typed coordinates)."))
            finish = lambda path, layer: write_to_file(path, layer, record, self.tr("H3 hexagons (data-derived)"))  # noqa: E731
        write_features(destination, wkt(crs), ogr.wkbMultiPolygon, geometries[finite], columns, feedback,
                       finish=finish)
        feedback.setProgress(100)
        return {self.OUTPUT: destination, "CELLS": int(finite.sum())}
