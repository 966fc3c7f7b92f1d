"""dp_geoprivacy:laplaceperturbation: Laplace noise on point locations.

Sources: Dumont et al. 2021 §3.4 (eq. 7) and §5 (eq. 14, per-axis Laplace of
household locations); geo-indistinguishability (Andres et al. 2013, planar
Laplace). The mechanism, its privacy claim and the release (random row
order, noise) live in ``core.mechanisms.location`` (``release_perturbation_batches``);
this module reads the layer in batches (``point_stream``), reprojects each
to a metric CRS and back, and writes the layer with the privacy record
(``writers.write_points_stream``): memory is bounded by a batch, not by
the layer.
"""

import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterCrs,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.mechanisms.location import (
    PER_AXIS,
    NoiseTooSmallError,
    PerturbationSpec,
    release_perturbation_batches,
    require_visible_noise,
    snap_to_grid,
)
from ...core.releases.publication import log_private
from ..base import DpAlgorithm
from ..help_summary import defaults, displacement_figures, with_summary
from ..metric_crs import crs_transformer, is_metric, resolve_noise_frame
from ..point_stream import open_points, point_batches
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..readers import read_points
from ..styles import perturbed_points
from ..writers import write_points_stream
from ..zone_source import wgs84


class LaplacePerturbation(DpAlgorithm):
    """Perturb every point with planar or per-axis Laplace noise."""

    ALGORITHM_ID = "laplaceperturbation"
    GROUP_ID = "perturbation"
    DIALOG_ORDER = ("INPUT", "EPSILON", "DISTANCE", "METRIC_CRS")
    ADVANCED = ("MECHANISM", "GRID", "FIELDS")
    INPUT = "INPUT"
    EPSILON = "EPSILON"
    DISTANCE = "DISTANCE"
    GRID = "GRID"
    METRIC_CRS = "METRIC_CRS"
    FIELDS = "FIELDS"
    OUTPUT = "OUTPUT"
    POSITIVE_PARAMETERS = (EPSILON, DISTANCE)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Laplace location perturbation")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, distance, mechanism, grid = defaults(self, self.EPSILON, self.DISTANCE, self.MECHANISM, self.GRID)
        moved = displacement_figures(epsilon, distance, mechanism, grid)
        return with_summary(
            self.tr("Moves every point by random noise (geo-indistinguishability) and publishes the moved points."),
            self.tr("<b>Private:</b> each point's true location, for the household, stop or person behind it: two "
                    "locations DISTANCE metres apart are EPSILON-indistinguishable. Attributes: only those listed "
                    "in FIELDS, not protected."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, DISTANCE={distance:g} m): a point moves "
                    "{mean:.0f} m on average, 95% of points within {q95:.0f} m.").format(
                epsilon=epsilon, distance=distance, mean=moved.mean, q95=moved.q95),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Moves every point by random noise so that no published location pins down "
            "where a household, stop or tap really was.</p>"
            "<p><b>Privacy.</b> Two true locations DISTANCE metres apart are "
            "EPSILON-indistinguishable: whatever an observer sees, it is at most e^EPSILON "
            "times more likely under one than the other. Noise scale b = DISTANCE / EPSILON "
            "metres. The unit of privacy is one location: a person with several points is "
            "protected per point, not as a whole.</p>"
            "<p><b>Mechanisms.</b> Planar Laplace (geo-indistinguishability): density "
            "proportional to exp(-EPSILON d / DISTANCE) with Euclidean d; the displacement "
            "has a uniform direction and a Gamma(2, b) distance (mean 2b). Per-axis Laplace "
            "(Dumont et al. 2021 §5, eq. 14): independent Laplace(b) on x and y; DISTANCE is then "
            "measured as |dx| + |dy|.</p>"
            "<p><b>Where the noise is drawn</b> is chosen from public facts only, never from the data "
            "(the record and the log say the same whatever the points): METRIC_CRS if given, else the "
            "layer's CRS, each only when projected in metres and true to scale (within 1%) over its whole "
            "area of use (a UTM zone, a national grid). Otherwise (longitude/latitude, Web Mercator, a "
            "continental projection) planar Laplace is drawn per point on the WGS 84 ellipsoid: each "
            "point travels its noise distance along a geodesic in a uniform direction. Per-axis Laplace "
            "needs a planar CRS (set METRIC_CRS). A METRIC_CRS QGIS cannot read, or one not true to scale "
            "over its area of use, is refused; so is a noise scale too large for the frame. "
            "DISTANCE / EPSILON below GRID (or below 1 cm) is refused: the noise would vanish in the "
            "snapping and most points would be published where they are. The output is written in the "
            "input's CRS, snapped to a GRID-metre grid (the floating-point mitigation of Mironov 2012; on "
            "the ellipsoid, to GRID / 111,320 degrees in a longitude/latitude layer). The points are read "
            "once. Row order is shuffled; no field shows the displacement. Features without geometry or "
            "with an empty geometry are skipped and counted in the log. Z and M values are dropped.</p>"
            "<p><b>Attributes are opt-in:</b> none is published unless listed in FIELDS (advanced), and "
            "listed fields are published as they are, not protected. A listed field is refused when it "
            "would undo the noise: a number that a smooth function of the true location explains "
            "(coordinates in any CRS, also with NULLs in some rows or rounded), a number with too few "
            "values to check, or a field whose value most rows share with fewer than 10 rows (record, "
            "person, household or card ids and their copies, which link a person's points so that they "
            "can be averaged). Listing fields costs one more pass over the layer. Rare combinations of "
            "other attributes can still identify people. KEEP_IDENTIFIERS (advanced) lets id fields "
            "through in seeded study runs only (SEED set); the output's metadata then says it must not be "
            "published.</p>"
            "<p><b>Budget.</b> LEDGER (your private file), BUDGET and PARTITION record this release and "
            "stop a run that would exceed the source's budget before any noise is drawn; see "
            "dp_geoprivacy:privacyreport.</p>"
            "<p>Sources: Dumont et al. 2021 §3.4 (eq. 7) and §5 (eq. 14); Andrés et al. 2013.</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(
            QgsProcessingParameterFeatureSource(
                self.INPUT, self.tr("Input points"), [QgsProcessing.TypeVectorPoint]
            )
        )
        self.add_mechanism_parameter()
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon (privacy loss)"),
            QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0,
        )
        epsilon.setHelp(self.tr("Smaller epsilon gives more noise and more privacy; 1 is a common choice."))
        self.add(epsilon)
        distance = QgsProcessingParameterNumber(
            self.DISTANCE, self.tr("Protected distance (metres)"),
            QgsProcessingParameterNumber.Double, defaultValue=100.0, minValue=0.0,
        )
        distance.setHelp(self.tr("Locations this far apart are epsilon-indistinguishable, e.g. 100 (metres)."))
        self.add(distance)
        self.add(
            QgsProcessingParameterNumber(
                self.GRID, self.tr("Snap output to grid (metres, 0 = no snapping)"),
                QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0, maxValue=1e6,
            )
        )
        self.add(
            QgsProcessingParameterCrs(
                self.METRIC_CRS, self.tr("Metric CRS for the noise (optional)"), optional=True
            )
        )
        fields = QgsProcessingParameterField(
            self.FIELDS, self.tr("Fields to carry (default: none)"), parentLayerParameterName=self.INPUT,
            allowMultiple=True, optional=True)
        fields.setHelp(self.tr("Attributes published as they are with each moved point (not protected). Fields "
                               "holding coordinates or linking rows (ids) are refused."))
        self.add(fields)
        self.add_seed_parameter()
        self.add_ledger_parameters()
        self.add_keep_identifiers_parameter()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Perturbed points"), QgsProcessing.TypeVectorPoint
        )
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        self.add_output(QgsProcessingOutputNumber("POINTS_WRITTEN", self.tr("Points written")))
        self.add_output(QgsProcessingOutputNumber("EPSILON_SPENT", self.tr("Epsilon spent")))
        self.add_output(QgsProcessingOutputNumber("NOISE_SCALE_M", self.tr("Noise scale b (metres)")))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        spec = PerturbationSpec(
            kind=self.location_mechanism_kind(parameters, context),
            epsilon=self.positive_number(parameters, self.EPSILON, context),
            distance=self.positive_number(parameters, self.DISTANCE, context),
            grid=self.parameterAsDouble(parameters, self.GRID, context),
        )
        try:
            require_visible_noise(spec.mechanism())
        except NoiseTooSmallError as error:
            raise QgsProcessingException(self.tr(
                "DISTANCE is too small for this output: {error}. Raise DISTANCE (or lower EPSILON) so that "
                "DISTANCE / EPSILON is at least GRID, or lower GRID.").format(error=error)) from None
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        # One pass over the points: everything decided before the noise (the frame, the fields, the row
        # count) comes from public facts or needs no pass; listed fields are checked in a pass of their own.
        source = open_points(self, parameters, self.INPUT, context, feedback)
        carried = self.parameterAsFields(parameters, self.FIELDS, context)
        if carried:
            table = read_points(self, parameters, self.INPUT, context, feedback, fields=carried)
            self.refuse_listed_fields(parameters, context, table.columns, table.xy)
            table = None
        scale = spec.mechanism().scale
        frame = resolve_noise_frame(
            parameters.get(self.METRIC_CRS), self.parameterAsCrs(parameters, self.METRIC_CRS, context), source.crs,
            feedback=feedback, noise_scale=scale,
            planar_only=self.tr("Per-axis Laplace (MECHANISM=1)") if spec.kind == PER_AXIS else None)
        feedback.pushInfo(self.tr("Noise scale b = {b:g} m.").format(b=scale))
        feedback.setProgress(5)
        noise = self.noise_source(parameters, context, feedback)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        release = release_perturbation_batches(source.rows, spec, noise.generator, before_noise=reserve,
                                               geodesic=frame.geodesic)
        move = self._mover(release.result["perturb"], frame, source.crs, spec.grid)
        skipped, lost = {"null": 0, "empty": 0}, []

        def batches():
            positions, done, usable = release.result["positions"], 0, 0
            for fids, xy, valid, null in point_batches(source):
                at = positions[done:done + len(fids)]
                done += len(fids)
                feedback.setProgress(5 + 65 * done / source.rows)
                skipped["null"] += int(null.sum())
                skipped["empty"] += int((~valid & ~null).sum())
                noisy = move(xy[valid])
                del xy
                finite = np.isfinite(noisy).all(axis=1)
                usable += len(noisy)
                lost.append(int((~finite).sum()))
                yield fids[valid][finite], at[valid][finite], noisy[finite], np.concatenate(
                    (at[~valid], at[valid][~finite]))
            if not usable:
                raise QgsProcessingException(self.tr(
                    "{name} has no features with a point geometry ({null} null, {empty} empty).").format(
                        name=self.INPUT, null=skipped["null"], empty=skipped["empty"]))

        record = self.privacy_record(
            mechanism_fields=release.record_fields,
            input_layer=source.source_name,
            seeded=noise.seeded,
            metric_crs=frame.description,
            **reserve.record_fields(),
        )
        kept_identifiers = self.kept_identifiers_note(parameters, context)
        if kept_identifiers:
            record = record.with_notes(kept_identifiers)
        title = self.tr("Perturbed points")
        x_range = (-180.0, 180.0) if source.crs.isGeographic() else (-4e7, 4e7)  # public: a sort key's span
        _, written = write_points_stream(
            source, batches(), source.rows, x_range, destination, feedback,
            finish=lambda path, layer: write_to_file(path, layer, record, title),
            exclude_fields=[name for name in source.fields if name not in carried],
        )
        if skipped["null"] or skipped["empty"]:
            log_private(feedback, self.tr("Skipped {null} features with no geometry and {empty} with an empty "
                                          "geometry."), warning=True, null=skipped["null"], empty=skipped["empty"])
        if any(lost):
            feedback.pushWarning(self.tr("Some perturbed points fell outside the CRS's valid area and were dropped."))
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, perturbed_points)
            )
        return {
            self.OUTPUT: destination,
            "POINTS_WRITTEN": written,
            "EPSILON_SPENT": record.epsilon,
            "NOISE_SCALE_M": record.noise_scale,
        }

    @staticmethod
    def _mover(perturb, frame, layer_crs, grid):
        """A function from a batch of true points (layer CRS) to their perturbed copies (layer CRS).

        Planar frame: into the noise CRS, noise and snapping there, back.
        Geodesic: into longitude/latitude, moved on the ellipsoid, back, then
        snapped in the layer's CRS: to GRID of its units when they are metres,
        else to GRID / 111,320 degrees (about GRID metres north-south); snapping
        is post-processing, any public grid serves against Mironov's attack.
        """
        target = wgs84() if frame.geodesic else frame.crs
        there, back = crs_transformer(layer_crs, target), crs_transformer(target, layer_crs)
        grain = grid if (not frame.geodesic or is_metric(layer_crs)) else grid / 111_320.0

        def move(xy):
            noisy = perturb(xy if there is None else there(xy))
            if back is not None:
                noisy = back(noisy)
            return snap_to_grid(noisy, grain) if frame.geodesic else noisy

        return move
