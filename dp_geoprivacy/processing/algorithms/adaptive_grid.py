"""dp_geoprivacy:adaptivegrid: zones split privately where there is data (PrivTree), with noisy counts.

The release is ``core.releases.privtree.release_adaptive_grid``. This module reads the
points (reprojected to the extent's CRS, the quadtree's plane), calls the
release and writes one rectangle per leaf with its noisy count and margin.
"""

import math

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.mechanisms.counting import clamp_and_round
from ...core.releases.privtree import (
    MAX_DEPTH_LIMIT,
    AdaptiveGridData,
    AdaptiveGridError,
    AdaptiveGridSpec,
    release_adaptive_grid,
)
from ...core.releases.publication import log_private
from ..base import DpAlgorithm
from ..help_summary import defaults, with_summary
from ..metric_crs import crs_transformer, wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import read_points
from ..styles import counts_with_margins
from ..writers import Column, write_features
from .noisy_zone_counts import as_multipolygons


class AdaptiveGrid(DpAlgorithm):
    """A private quadtree over a public extent: small cells where there are many points, large ones elsewhere."""

    ALGORITHM_ID = "adaptivegrid"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "EXTENT", "EPSILON", "TARGET_MARGIN", "USER_FIELD", "MAX_CONTRIBUTIONS")
    ADVANCED = ("TREE_SHARE", "MAX_DEPTH", "CLAMP")
    INPUT, EXTENT, EPSILON, TARGET_MARGIN = "INPUT", "EXTENT", "EPSILON", "TARGET_MARGIN"
    USER_FIELD, MAX_CONTRIBUTIONS, TREE_SHARE, MAX_DEPTH = "USER_FIELD", "MAX_CONTRIBUTIONS", "TREE_SHARE", "MAX_DEPTH"
    CLAMP, OUTPUT = "CLAMP", "OUTPUT"
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Adaptive zones (private quadtree)")

    def shortDescription(self):  # noqa: N802 (QGIS API)
        return self.tr("Private counts in zones that are small where there is data and large elsewhere.")

    def tags(self):
        return self.tr("privacy,differential privacy,epsilon,PrivTree,quadtree,adaptive grid,density,counts,"
                       "zones").split(",")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        epsilon, share, target = defaults(self, self.EPSILON, self.TREE_SHARE, self.TARGET_MARGIN)
        spec = AdaptiveGridSpec((0, 0, 1, 1), float(epsilon), float(share))
        return with_summary(
            self.tr("Splits a public extent into squares, finer where there are many points (PrivTree), and "
                    "publishes a noisy count per square."),
            self.tr("<b>Private:</b> each point; with USER_FIELD each user with up to M points (user-level "
                    "privacy). The squares themselves are chosen with differential privacy too."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, M=1): each count within ±{moe:.2g} "
                    "(95%); with a target of ±{target:g}%, squares are split only while their quarters can "
                    "still meet it.").format(epsilon=epsilon, moe=spec.count_noise.released_margin_of_error(),
                                             target=target),
            self._details())

    def _details(self):
        return self.tr(
            "<p>The EXTENT (the public study area, never taken from the points) is the first square; a square "
            "is cut into four while it holds enough points, judged with noise (Zhang, Xiao and Xie, \"PrivTree: "
            "A Differentially Private Algorithm for Hierarchical Decompositions\", SIGMOD 2016, Algorithm 2): "
            "a biased count (minus a fixed amount per level) plus Laplace noise must exceed a threshold. This "
            "choice costs TREE_SHARE x EPSILON however deep the tree grows (their Theorem 1). Each final square "
            "then gets a noisy count (Laplace with Mironov's snapping) for the rest of EPSILON; zeros are "
            "published too. Points outside the extent are one more noisy count (OUTSIDE_COUNT).</p>"
            "<p><b>Target.</b> TARGET_MARGIN (in %, e.g. 20) sets the threshold so that a square is split only "
            "when its noisy count suggests that its four quarters would each still have a 95% margin within "
            "that share of their count: readable cells in the suburbs, fine ones in the centre. 0: split "
            "wherever PrivTree finds data (threshold 0). Then four neighbouring squares that all miss the "
            "target are merged back into their parent (post-processing of the published counts: no privacy "
            "cost), repeatedly; a square that meets it is never merged away. A merged square's margin is that "
            "of a sum of noisy counts, so margins differ from square to square.</p>"
            "<p><b>Unit of privacy.</b> Without USER_FIELD one point; with USER_FIELD one user, who keeps at most "
            "M points, sampled uniformly (Kapp et al. 2023, \"Towards Standardized Mobility Reports with "
            "User-Level Privacy\", §4.3); the splitting is then run at TREE_SHARE x EPSILON / M per point, which "
            "protects a user's M points together (group privacy).</p>"
            "<p><b>Output</b>: one square per cell, in the extent's CRS, in a fixed order (Z-order, not by "
            "count): cell_id (depth/column/row), depth, noisy_count, moe95 (the true count is within noisy_count "
            "± moe95 with 95% probability) and rel_moe95 (moe95 / noisy_count, empty where the count is not "
            "above 0). The layer loads with each cell labelled count ± margin.</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        extent = QgsProcessingParameterExtent(self.EXTENT, self.tr("Study area (public extent)"))
        extent.setHelp(self.tr("The public area to split, in the CRS the squares are drawn in; chosen from "
                               "knowledge of the study area, not from the points."))
        self.add(extent)
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon (privacy loss)"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0)
        epsilon.setHelp(self.tr("The privacy loss of the whole release (the splitting and the counts)."))
        self.add(epsilon)
        target = QgsProcessingParameterNumber(
            self.TARGET_MARGIN, self.tr("Target margin (%)"), QgsProcessingParameterNumber.Double,
            defaultValue=20.0, minValue=0.0, maxValue=1000.0)
        target.setHelp(self.tr("Split a square only while its quarters can keep their 95% margin within this "
                               "share of their count; 0: no target."))
        self.add(target)
        self.add(QgsProcessingParameterField(
            self.USER_FIELD, self.tr("User id field"), parentLayerParameterName=self.INPUT,
            optional=True))
        self.add(QgsProcessingParameterNumber(
            self.MAX_CONTRIBUTIONS, self.tr("Maximum points per user (M)"), QgsProcessingParameterNumber.Integer,
            defaultValue=1, minValue=1))
        self.add(QgsProcessingParameterNumber(
            self.TREE_SHARE, self.tr("Share of epsilon for the splitting"), QgsProcessingParameterNumber.Double,
            defaultValue=0.25, minValue=0.01, maxValue=0.99))
        self.add(QgsProcessingParameterNumber(
            self.MAX_DEPTH, self.tr("Deepest split"), QgsProcessingParameterNumber.Integer, defaultValue=10,
            minValue=1, maxValue=MAX_DEPTH_LIMIT))
        self.add(QgsProcessingParameterBoolean(
            self.CLAMP, self.tr("Round and clamp negative counts to zero"), defaultValue=True))
        self.add_seed_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Adaptive zones"), QgsProcessing.TypeVectorPolygon)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        for name, label in (("EPSILON_SPENT", self.tr("Epsilon spent")), ("DELTA_SPENT", self.tr("Delta spent")),
                            ("CELLS", self.tr("Cells published")),
                            ("OUTSIDE_COUNT", self.tr("Noisy count outside the extent"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        target = self.parameterAsDouble(parameters, self.TARGET_MARGIN, context)
        if not (math.isfinite(target) and 0 <= target <= 1000):
            raise QgsProcessingException(self.tr("TARGET_MARGIN must be a percentage from 0 to 1000, e.g. 20."))
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        max_contributions = self.parameterAsInt(parameters, self.MAX_CONTRIBUTIONS, context) if user_field else 1
        rectangle = self.parameterAsExtent(parameters, self.EXTENT, context)
        extent_crs = self.parameterAsExtentCrs(parameters, self.EXTENT, context)
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        if not extent_crs.isValid():
            raise QgsProcessingException(self.tr(
                "EXTENT has no CRS. Append one, e.g. '384000,390000,6670000,6676000 [EPSG:3067]'."))
        if not source.sourceCrs().isValid():
            raise QgsProcessingException(self.tr("INPUT has no CRS: set the layer's CRS, then run again."))
        bounds = (rectangle.xMinimum(), rectangle.yMinimum(), rectangle.xMaximum(), rectangle.yMaximum())
        try:
            spec = AdaptiveGridSpec(
                bounds, epsilon, self.parameterAsDouble(parameters, self.TREE_SHARE, context),
                self.parameterAsInt(parameters, self.MAX_DEPTH, context), max_contributions, bool(user_field),
                target / 100.0 if target > 0 else None)
        except AdaptiveGridError as error:
            raise QgsProcessingException(self.tr("Settings: {error}.").format(error=error)) from None
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)

        transform = crs_transformer(source.sourceCrs(), extent_crs)
        points = read_points(self, parameters, self.INPUT, context, feedback,
                             fields=[user_field] if user_field else [])
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        xy = points.xy if transform is None else transform(points.xy)
        feedback.setProgress(50)

        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        rng = self.noise_source(parameters, context, feedback)
        release = release_adaptive_grid(
            AdaptiveGridData(xy, points.columns[user_field] if user_field else None), spec, rng.generator,
            before_noise=reserve)
        log_private(feedback, self.tr("{kept} points counted, {dropped} left out (NULL user or beyond M per user)."),
                    kept=release.facts["private_points_kept"], dropped=release.facts["private_points_dropped"])
        feedback.setProgress(80)

        clamp = self.parameterAsBoolean(parameters, self.CLAMP, context)
        counts = release.result["noisy_count"]
        outside = release.result["outside"]
        if clamp:
            counts, outside = clamp_and_round(counts), clamp_and_round(outside)
        record = self.privacy_record(
            mechanism_fields=release.record_fields, input_layer=points.source_name, seeded=rng.seeded,
            notes=(self.tr("Extent: {bounds} [{crs}].").format(
                bounds=",".join(f"{v:.6g}" for v in bounds), crs=extent_crs.authid() or extent_crs.description()),)
            + ((self.tr("Counts rounded and clamped at zero (post-processing)."),) if clamp else ()),
            **reserve.record_fields())
        self._write(destination, extent_crs, release, counts, record, feedback)
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, self.tr("Adaptive zones"), counts_with_margins))
        return {self.OUTPUT: destination, "EPSILON_SPENT": record.epsilon, "DELTA_SPENT": record.delta,
                "CELLS": len(counts), "OUTSIDE_COUNT": float(outside[0])}

    def _write(self, destination, crs: QgsCoordinateReferenceSystem, release, counts, record, feedback):
        bounds, depth = release.result["bounds"], release.result["depth"]
        cell_ids = np.array([f"{d}/{c}/{r}" for d, c, r in zip(
            depth.tolist(), release.result["column"].tolist(), release.result["row"].tolist())], dtype=object)
        margin = release.result["moe95"]
        relative = np.where(counts > 0, margin / np.where(counts > 0, counts, 1.0), np.nan)
        columns = [Column("cell_id", "text", cell_ids), Column("depth", "int", depth),
                   Column("noisy_count", "real", counts), Column("moe95", "real", margin),
                   Column("rel_moe95", "real", relative)]
        geometries = as_multipolygons(shapely.box(bounds[:, 0], bounds[:, 1], bounds[:, 2], bounds[:, 3]))
        title = self.tr("Adaptive zones")
        write_features(destination, wkt(crs), ogr.wkbMultiPolygon, geometries, columns, feedback,
                       finish=lambda path, layer: write_to_file(path, layer, record, title))
