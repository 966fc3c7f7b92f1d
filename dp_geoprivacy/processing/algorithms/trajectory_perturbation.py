"""dp_geoprivacy:trajectoryperturbation: one epsilon-DP version of each trip's track.

Sources: Dumont et al. 2021 §2.3 (tracks identify routes), §6.1 (eq. 16, SDD of Jiang
et al., SSDBM 2013) and §6.2 (route-level privacy left open). The
mechanisms, their budgets and the release (resampling, random row order,
noise) live in ``core.releases.trajectories`` (``release_trajectories``); this module
reads the lines in bulk, reprojects to a metric CRS and back, and writes
the lines with the privacy record.
"""

import math

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsLineSymbol,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
    QgsSingleSymbolRenderer,
)

from ...core.geometry.metric_crs import transform_xy
from ...core.releases.publication import log_private, private_text
from ...core.releases.trajectories import (
    DROP,
    NOT_FITTING,
    SDD,
    SHORTEN,
    VERTEX_LAPLACE,
    Tracks,
    TrajectorySpec,
    UnreachableTripError,
    release_trajectories,
)
from ..base import DpAlgorithm, setting_number
from ..help_summary import defaults, trajectory_figures, with_summary
from ..metric_crs import resolve_noise_frame, wkt
from ..privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from ..track_reader import ONE_VERTEX, field_names, read_tracks, skip_text
from ..writers import Column, write_rows

# GeoPackage blob of a LineStringM of K vertices: header (no envelope), ISO WKB 2002, little-endian.
_GPKG_LINE_M = [("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4"), ("byte_order", "u1"),
                ("type", "<u4"), ("count", "<u4")]


def line_m_blobs(xy, m):
    """GeoPackage blobs (structured array, srs_id filled in later) of LineStringM: xy (n, k, 2), m (n, k)."""
    n, k = m.shape
    blobs = np.zeros(n, dtype=np.dtype(_GPKG_LINE_M + [("xym", "<f8", (k, 3))]))
    blobs["magic"], blobs["flags"], blobs["byte_order"], blobs["type"], blobs["count"] = b"GP", 1, 1, 2002, k
    blobs["xym"][..., :2], blobs["xym"][..., 2] = xy, m
    return blobs


def perturbed_lines(layer):
    """Thin semi-transparent orange lines: readable with many overlapping tracks."""
    layer.setRenderer(QgsSingleSymbolRenderer(QgsLineSymbol.createSimple(
        {"color": "217,95,2,110", "width": "0.26", "capstyle": "round", "joinstyle": "round"})))


class TrajectoryPerturbation(DpAlgorithm):
    """Publish every trip's track through SDD or per-vertex planar Laplace."""

    ALGORITHM_ID = "trajectoryperturbation"
    GROUP_ID = "perturbation"
    DIALOG_ORDER = ("INPUT", "EPSILON", "RESAMPLE", "MAX_STEP", "NOT_FITTING", "DISTANCE", "METRIC_CRS")
    ADVANCED = ("MECHANISM", "KEEP_ENDPOINTS", "NOT_FITTING_EPSILON", "GRID", "FIELDS", "VERTEX_TIMES")
    INPUT = "INPUT"
    EPSILON = "EPSILON"
    RESAMPLE = "RESAMPLE"
    MAX_STEP = "MAX_STEP"
    NOT_FITTING = "NOT_FITTING"
    NOT_FITTING_EPSILON = "NOT_FITTING_EPSILON"
    KEEP_ENDPOINTS = "KEEP_ENDPOINTS"
    DISTANCE = "DISTANCE"
    GRID = "GRID"
    METRIC_CRS = "METRIC_CRS"
    FIELDS = "FIELDS"
    TIME_GRAIN = "TIME_GRAIN"
    VERTEX_TIMES = "VERTEX_TIMES"
    OUTPUT = "OUTPUT"
    TIME_FIELDS = ("start_time", "end_time")
    POSITIVE_PARAMETERS = (EPSILON, MAX_STEP, DISTANCE, NOT_FITTING_EPSILON)
    KINDS = (SDD, VERTEX_LAPLACE)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Trajectory perturbation (SDD, per-vertex Laplace)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, k, max_step, keep, distance = defaults(
            self, self.EPSILON, self.RESAMPLE, self.MAX_STEP, self.KEEP_ENDPOINTS, self.DISTANCE)
        step_epsilon, vertex = trajectory_figures(epsilon, k, max_step, keep, distance)
        return with_summary(
            self.tr("Publishes one randomised version of every trip's track (SDD or per-vertex Laplace), so that "
                    "the route cannot be read off the output."),
            self.tr("<b>Private:</b> each trip's whole track, for the traveller (one trajectory; a person with m "
                    "trips is protected at m × EPSILON)."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, K={k}): SDD redraws each step at "
                    "epsilon {step:.2g} within MAX_STEP={max_step:g} m; per-vertex Laplace would move each vertex "
                    "{mean:.0f} m on average (95% within {q95:.0f} m).").format(
                epsilon=epsilon, k=k, step=step_epsilon, max_step=max_step, mean=vertex.mean, q95=vertex.q95),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Publishes one randomised version of every trip's track (one line per trip, vertices in "
            "travel order), so that the route taken cannot be read off the output.</p>"
            "<p><b>Resampling.</b> Every line is first resampled to RESAMPLE = K vertices equally spaced "
            "along it. K is public and the same for all trips, so the number of published vertices says "
            "nothing about a trip (a vertex spacing would reveal each trip's length). Repeated vertices "
            "have no effect. Z values are dropped.</p>"
            "<p><b>Timestamps (M values) are NOT protected.</b> When the lines carry M values (e.g. epoch "
            "seconds, as GPS tracks written by QGIS or GDAL do), the output gets each trip's start time, "
            "rounded to TIME_GRAIN (advanced; 900 s by default, 0 = not rounded), as the field start_time, "
            "in the M values' unit. VERTEX_TIMES (advanced, off by default) publishes instead each published "
            "vertex's time at its position along the true line (interpolated between the input vertices, "
            "rounded the same way) as the output's M values (LineStringM), with start_time and end_time: "
            "they show where along the true route the trip slowed or stopped, and its pace. Times are passed "
            "through coarsened, like kept endpoints: no noise, no share of EPSILON. Even the start time can "
            "single out a person (a regular departure time). To publish no times, drop them first ('Drop "
            "M/Z values', native:dropmzvalues).</p>"
            "<p><b>SDD</b> (Dumont et al. 2021 §6.1, eq. 16; Jiang et al., SSDBM 2013). Each of the K-2 inner "
            "vertices is re-drawn from the last published one: step length on [0, MAX_STEP] and direction "
            "by the exponential mechanism, with scores -|length - true length| (sensitivity MAX_STEP) and "
            "-angle to the true direction (sensitivity pi), over a public grid of 72 directions and 65 "
            "lengths, restricted to the steps that keep the end reachable in the steps left. Each step "
            "is one draw (no retry loop), so every trip finishes. Each step costs EPSILON/(K-2), half on "
            "length, half on direction; by sequential composition the trip costs EPSILON. "
            "KEEP_ENDPOINTS (default, as in Dumont et al. 2021) publishes start and end exactly: they are not "
            "protected at all (home and work often are the ends), and the guarantee is between routes "
            "with the same ends. Without it, start and end get planar Laplace at EPSILON/K per DISTANCE "
            "metres and every step EPSILON/K: trips whose starts and ends are each within DISTANCE are "
            "EPSILON-indistinguishable whatever their routes. A trip whose start and end are farther apart "
            "than (K-1) x MAX_STEP cannot be redrawn: NOT_FITTING says what happens to it. True "
            "steps longer than MAX_STEP are scored as MAX_STEP: a published step is never longer (up to "
            "GRID snapping).</p>"
            "<p><b>Trips that do not fit</b> (NOT_FITTING, SDD only). <i>Refuse</i> (default): the run stops "
            "before any noise is drawn, and the log names the MAX_STEP that would fit (read from the data: "
            "private, do not publish it). <i>Shorten</i>: such a trip is scaled about the midpoint of its start "
            "and end until they are (K-1) x MAX_STEP apart, keeping its shape, then perturbed like the others; "
            "this fixed map of each trip keeps the guarantee (with KEEP_ENDPOINTS its published ends are the "
            "shortened ones). <i>Leave out</i>: such trips are not published. Whether a trip fits depends only "
            "on its start and end, so this is private only when they are published exactly (KEEP_ENDPOINTS); "
            "otherwise the number of rows would show a trip that was left out, and the run is refused. With "
            "Shorten or Leave out, the number of trips shortened or left out is published with discrete "
            "Laplace noise at NOT_FITTING_EPSILON (advanced, default 0.1), which is added to the epsilon of "
            "the record and the ledger (sequential composition).</p>"
            "<p><b>Per-vertex planar Laplace.</b> Each of the K vertices gets planar Laplace at EPSILON/K "
            "per DISTANCE metres (geo-indistinguishability per vertex; scale b = K x DISTANCE / EPSILON "
            "metres): trips whose resampled vertices are pairwise within DISTANCE are "
            "EPSILON-indistinguishable (sequential composition). Noise grows with K.</p>"
            "<p><b>Unit of privacy.</b> EPSILON is per trajectory. A person with m trips is protected at "
            "m x EPSILON: the metadata says so. Multi-part lines are refused (run 'Multipart to "
            "singleparts' first: each part then counts as a trip); lines with one vertex are refused.</p>"
            "<p><b>Output.</b> Lines in the input's CRS, rows in a random order, no attributes except the "
            "FIELDS you choose (a listed field that holds coordinates of the trips' starts in any CRS, or "
            "whose values link rows, such as trip or person ids, is refused; KEEP_IDENTIFIERS lets ids "
            "through in seeded study runs only); inner vertices snapped to GRID metres.</p>"
            "<p><b>Noise CRS.</b> The steps and the noise are drawn in a plane in ground metres, chosen "
            "from public facts only, never from the data: METRIC_CRS if given, else the layer's CRS; either "
            "must be projected in metres and true to scale (within 1%) over its whole area of use (a UTM "
            "zone, a national grid). For a layer in longitude/latitude or Web Mercator, set METRIC_CRS "
            "(e.g. the UTM zone of your area).</p>"
            "<p><b>Budget.</b> LEDGER (your private file), BUDGET and PARTITION record this release and "
            "stop a run that would exceed the source's budget before any noise is drawn; see "
            "dp_geoprivacy:privacyreport.</p>"
            "<p>Sources: Dumont et al. 2021 §2.3, §6.1 (eq. 16), §6.2; Jiang, Shao, Bressan, Kister and Tan, SSDBM "
            "2013; Andrés et al. 2013.</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Trajectories (one line per trip)"), [QgsProcessing.TypeVectorLine]))
        self.add(QgsProcessingParameterEnum(
            self.MECHANISM, self.tr("Mechanism"),
            options=[self.tr("SDD: sampled distance and direction (Dumont et al. 2021 §6.1)"),
                     self.tr("Planar Laplace on every resampled vertex")],
            defaultValue=0))
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon per trajectory"), QgsProcessingParameterNumber.Double,
            defaultValue=5.0, minValue=0.0)
        epsilon.setHelp(self.tr("The privacy loss of one whole trip, split over its vertices, e.g. 5."))
        self.add(epsilon)
        resample = QgsProcessingParameterNumber(
            self.RESAMPLE, self.tr("Vertices per published trip K (public)"), QgsProcessingParameterNumber.Integer,
            defaultValue=20, minValue=3, maxValue=10000)
        resample.setHelp(self.tr("A whole number of at least 3, the same for every trip, e.g. 20."))
        self.add(resample)
        max_step = QgsProcessingParameterNumber(
            self.MAX_STEP, self.tr("Maximum step MAX_STEP (metres, public; SDD)"),
            QgsProcessingParameterNumber.Double, defaultValue=600.0, minValue=0.0)
        max_step.setHelp(self.tr(
            "A public bound on the distance between consecutive published vertices, e.g. 500 (metres); "
            "(K-1) x MAX_STEP must cover every trip's start-end distance."))
        self.add(max_step)
        not_fitting = QgsProcessingParameterEnum(
            self.NOT_FITTING, self.tr("Trips too long for the maximum step"),
            options=[self.tr("Refuse the run"), self.tr("Shorten them to fit"), self.tr("Leave them out")],
            defaultValue=0)
        not_fitting.setHelp(self.tr("Trips whose start and end are farther apart than (K-1) x MAX_STEP: refuse, "
                                    "shorten them, or leave them out; the last two publish their number with "
                                    "noise."))
        self.add(not_fitting)
        count_epsilon = QgsProcessingParameterNumber(
            self.NOT_FITTING_EPSILON, self.tr("Epsilon for the count of trips not fitting"),
            QgsProcessingParameterNumber.Double, defaultValue=0.1, minValue=0.0)
        count_epsilon.setHelp(self.tr("Spent only when trips are shortened or left out, added to EPSILON, "
                                      "e.g. 0.1."))
        self.add(count_epsilon)
        self.add(QgsProcessingParameterBoolean(
            self.KEEP_ENDPOINTS, self.tr("Keep start and end exactly (not protected)"),
            defaultValue=True))
        distance = QgsProcessingParameterNumber(
            self.DISTANCE, self.tr("Protected distance for Laplace noise (metres)"),
            QgsProcessingParameterNumber.Double, defaultValue=100.0, minValue=0.0)
        distance.setHelp(self.tr("Locations this far apart are indistinguishable at their share of epsilon, "
                                 "e.g. 100 (metres)."))
        self.add(distance)
        self.add(QgsProcessingParameterNumber(
            self.GRID, self.tr("Snap output to grid (metres, 0 = no snapping)"),
            QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0))
        self.add(QgsProcessingParameterCrs(
            self.METRIC_CRS, self.tr("Metric CRS for the noise (recommended)"), optional=True))
        self.add(QgsProcessingParameterField(
            self.FIELDS, self.tr("Fields to carry (default: none)"), parentLayerParameterName=self.INPUT,
            allowMultiple=True, optional=True))
        grain = QgsProcessingParameterNumber(
            self.TIME_GRAIN, self.tr("Round timestamps to (0 = no rounding)"),
            QgsProcessingParameterNumber.Double, defaultValue=900.0, minValue=0.0)
        grain.setFlags(grain.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        grain.setHelp(self.tr("Published times are rounded to this public grain, e.g. 900 (seconds: a quarter "
                              "of an hour). Times are not protected by the mechanism."))
        self.add(grain)
        vertex_times = QgsProcessingParameterBoolean(
            self.VERTEX_TIMES, self.tr("Publish vertex times (not protected)"),
            defaultValue=False)
        vertex_times.setHelp(self.tr("The M values. Off: only each trip's start time, rounded to TIME_GRAIN. On: the "
                                     "time at "
                                     "every published vertex, which shows where along the true route the trip "
                                     "stopped. Neither is protected by the mechanism."))
        self.add(vertex_times)
        self.add_keep_identifiers_parameter()
        self.add_seed_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Perturbed trajectories"), QgsProcessing.TypeVectorLine)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        self.add_output(QgsProcessingOutputNumber("TRAJECTORIES_WRITTEN", self.tr("Trajectories written")))
        self.add_output(QgsProcessingOutputNumber("EPSILON_SPENT", self.tr("Epsilon spent (per trajectory)")))
        self.add_output(QgsProcessingOutputNumber("NOISE_SCALE_M", self.tr("Noise scale (metres)")))
        self.add_output(QgsProcessingOutputNumber(
            "TRIPS_NOT_FITTING", self.tr("Trips shortened or left out (noisy count)")))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        k = setting_number(parameters, self.RESAMPLE)
        if k is not None and not (k == k and k >= 3 and float(k).is_integer()):
            return False, self.tr("RESAMPLE must be a whole number of at least 3 (got {value}): the start, the "
                                  "end and one vertex in between.").format(value=parameters.get(self.RESAMPLE))
        return super().checkParameterValues(parameters, context)

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        kind = self.KINDS[self.parameterAsEnum(parameters, self.MECHANISM, context)]
        keep_endpoints = self.parameterAsBool(parameters, self.KEEP_ENDPOINTS, context)
        not_fitting = NOT_FITTING[self.parameterAsEnum(parameters, self.NOT_FITTING, context)]
        if not_fitting == DROP and kind == SDD and not keep_endpoints:
            raise QgsProcessingException(self.tr(
                "NOT_FITTING 'Leave them out' needs KEEP_ENDPOINTS: with perturbed ends the number of rows would "
                "show a trip that was left out. Choose 'Shorten them to fit' instead."))
        try:
            spec = TrajectorySpec(
                kind=kind,
                epsilon=self.positive_number(parameters, self.EPSILON, context),
                k=self.parameterAsInt(parameters, self.RESAMPLE, context),
                max_step=self.positive_number(parameters, self.MAX_STEP, context),
                keep_endpoints=keep_endpoints,
                distance=self.positive_number(parameters, self.DISTANCE, context),
                grid=self.parameterAsDouble(parameters, self.GRID, context),
                time_grain=self.parameterAsDouble(parameters, self.TIME_GRAIN, context),
                not_fitting=not_fitting,
                count_epsilon=self.positive_number(parameters, self.NOT_FITTING_EPSILON, context),
            )
            mechanism = spec.mechanism()
        except ValueError as error:
            raise QgsProcessingException(self.tr("The settings cannot be used: {error}.").format(error=error)) from None
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        carried = self.parameterAsFields(parameters, self.FIELDS, context)
        table = read_tracks(self, parameters, self.INPUT, context, feedback, fields=carried)
        self._refuse_unusable(table)
        skipped = sum(table.skipped.values())
        if skipped:
            log_private(feedback, self.tr("Skipped {n} features: {details}."), warning=True,
                        n=skipped, details="; ".join(self.tr("{n} with {reason}").format(n=c, reason=skip_text(r))
                                                     for r, c in table.skipped.items()))
        self.refuse_listed_fields(parameters, context, table.columns, table.coords[table.offsets[:-1]])
        excluded = [n for n in field_names(table) if n not in carried]
        if table.times is not None:
            clash = [n for n in field_names(table) if n in self.TIME_FIELDS and n not in excluded]
            if clash:
                feedback.pushWarning(self.tr("The input's fields {names} are not carried: the output's "
                                             "start_time and end_time come from the M values.").format(
                                                 names=", ".join(clash)))
                excluded += clash
        feedback.setProgress(15)
        frame = resolve_noise_frame(
            parameters.get(self.METRIC_CRS), self.parameterAsCrs(parameters, self.METRIC_CRS, context), table.crs,
            feedback=feedback, noise_scale=spec.laplace_scale(),
            planar_only=self.tr("Trajectory perturbation (steps and noise in a plane)"))
        metric_crs, crs_choice = frame.crs, frame.description
        feedback.pushInfo(self.tr("Noise drawn in {crs}; {n} trips resampled to {k} vertices.").format(
            crs=crs_choice, n=len(table.fids), k=spec.k))
        same_crs = metric_crs == table.crs
        coords = table.coords if same_crs else transform_xy(table.coords, wkt(table.crs), wkt(metric_crs))
        kept_ends = None
        if spec.kind == SDD and spec.keep_endpoints:
            kept_ends = (table.coords[table.offsets[:-1]], table.coords[table.offsets[1:] - 1])
        source = self.noise_source(parameters, context, feedback)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        try:
            release = release_trajectories(Tracks(coords, table.offsets, table.times), spec, source.generator,
                                           before_noise=reserve)
        except UnreachableTripError as error:
            # The count, the longest trip and the MAX_STEP that fits are read from the data: the whole text is
            # marked private (publication.private_text), not one of its figures.
            raise QgsProcessingException(private_text(self.tr(
                "{n} trips of INPUT have start and end farther apart than (RESAMPLE - 1) x MAX_STEP = {limit:g} m "
                "(the longest: {longest:g} m): SDD cannot reach their end. Raise MAX_STEP or RESAMPLE: MAX_STEP "
                "{fits:g} m would fit them. Or set NOT_FITTING to shorten them or leave them out, with a noisy "
                "count."), n=error.count, limit=error.limit, longest=error.longest,
                fits=50 * math.ceil(error.longest / (spec.k - 1) / 50))) from None
        feedback.setProgress(60)
        self._report_not_fitting(release, spec, feedback)
        coords = table.coords = None  # noqa: F841 (memory: the vertices are no longer needed)
        record = self.privacy_record(
            mechanism_fields=release.record_fields, input_layer=table.source_name, seeded=source.seeded,
            metric_crs=crs_choice, **reserve.record_fields(),
        ).with_notes(self.tr("A person with m trips in the input is protected at m x epsilon (sequential "
                             "composition over their trips)."))
        if kept_ends is not None:
            record = record.with_notes(self.tr("Start and end of every trip are published exactly (Dumont et al. 2021 "
                                               "eq. 16): they are not protected."))
        if "not_fitting_noisy" in release.facts:
            record = record.with_notes(self.tr(
                "{verb}: about {n} trips (noisy count, discrete Laplace at epsilon {epsilon:g}, included in the "
                "epsilon above) had start and end farther apart than (K - 1) x MAX_STEP.").format(
                    verb=self._not_fitting_verb(spec), n=release.facts["not_fitting_noisy"],
                    epsilon=spec.count_epsilon))
        kept_identifiers = self.kept_identifiers_note(parameters, context)
        if kept_identifiers:
            record = record.with_notes(kept_identifiers)
        vertex_times = self.parameterAsBool(parameters, self.VERTEX_TIMES, context)
        if release.result["times"] is not None and vertex_times:
            record = record.with_notes(self.tr(
                "Timestamps (the input's M values) are NOT protected: each published vertex carries the time at "
                "its position along the true line, rounded to {grain:g} (M units), as M value and in start_time "
                "and end_time (VERTEX_TIMES). They reveal when each trip started and ended and its pace along "
                "the true route, to within the grain.").format(grain=spec.time_grain))
        elif release.result["times"] is not None:
            record = record.with_notes(self.tr(
                "Start times (the input's first M value of each trip) are NOT protected: published in start_time, "
                "rounded to {grain:g} (M units).").format(grain=spec.time_grain))
        rows, tracks, times = release.result["rows"], release.result["tracks"], release.result["times"]
        exact_ends = ~release.result["shortened"]
        not_fitting = release.facts.get("not_fitting_noisy")
        release = None
        n, k = tracks.shape[:2]
        flat = tracks.reshape(-1, 2)
        if not same_crs:
            flat = transform_xy(flat, wkt(metric_crs), wkt(table.crs))
        tracks = flat.reshape(n, k, 2)
        if kept_ends is not None:  # exactly the input's ends, not a reprojection round trip
            tracks[exact_ends, 0] = kept_ends[0][rows[exact_ends]]
            tracks[exact_ends, -1] = kept_ends[1][rows[exact_ends]]
        finite = np.isfinite(tracks).all(axis=(1, 2))
        if not finite.all():
            tracks, rows = tracks[finite], rows[finite]
            times = None if times is None else times[finite]
            feedback.pushWarning(self.tr("{n} perturbed trips fell outside the CRS's valid area and were "
                                         "dropped.").format(n=int((~finite).sum())))
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        title = self.tr("Perturbed trajectories")
        finish = lambda path, layer: write_to_file(path, layer, record, title)  # noqa: E731
        starts = None
        if times is not None and not vertex_times:
            starts, times = times[:, 0], None
        if times is None:
            geometries = shapely.linestrings(tracks.reshape(-1, 2), indices=np.repeat(np.arange(len(rows)), k))
            tracks = flat = None
            write_rows(table, rows, destination, feedback, finish=finish, geometries=geometries,
                       geometry_type=ogr.wkbLineString, exclude_fields=excluded,
                       added=[] if starts is None else [Column(self.TIME_FIELDS[0], "real", starts)])
        else:
            bounds = np.column_stack((tracks.min(axis=1), tracks.max(axis=1)))  # minx, miny, maxx, maxy
            packed, tracks, flat = (line_m_blobs(tracks, times), bounds), None, None
            write_rows(table, rows, destination, feedback, finish=finish, packed=packed,
                       geometry_type=ogr.wkbLineStringM, exclude_fields=excluded,
                       added=[Column(name, "real", values) for name, values in zip(
                           self.TIME_FIELDS, (times[:, 0], times[:, -1]))])
        feedback.setProgress(100)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, perturbed_lines))
        return {
            self.OUTPUT: destination,
            "TRAJECTORIES_WRITTEN": len(rows),
            "EPSILON_SPENT": record.epsilon,
            "NOISE_SCALE_M": mechanism.record_fields()["noise_scale"],
            "TRIPS_NOT_FITTING": not_fitting,
        }

    def _not_fitting_verb(self, spec):
        return self.tr("Shortened to fit") if spec.not_fitting == SHORTEN else self.tr("Left out")

    def _report_not_fitting(self, release, spec, feedback):
        """The count of trips shortened or left out: exact and the MAX_STEP that would fit, private; noisy, public."""
        if "not_fitting_noisy" not in release.facts:
            return
        log_private(feedback, self.tr("{verb}: {n} trips; MAX_STEP {fits:g} m would fit every trip."),
                    verb=self._not_fitting_verb(spec), n=release.facts["not_fitting"],
                    fits=release.facts["fitting_max_step"])
        feedback.pushInfo(self.tr("{verb}: about {n} trips (noisy count, epsilon {epsilon:g}).").format(
            verb=self._not_fitting_verb(spec), n=release.facts["not_fitting_noisy"], epsilon=spec.count_epsilon))

    def _refuse_unusable(self, table):
        multi = int((table.parts > 1).sum())
        if multi:
            raise QgsProcessingException(self.tr(
                "INPUT has {n} multi-part lines: a trip must be one line with its vertices in travel order. Run "
                "'Multipart to singleparts' (native:multiparttosingleparts) first; each part then counts as a "
                "trip.").format(n=multi))
        single = table.skipped.pop(ONE_VERTEX, 0)
        if single:
            raise QgsProcessingException(self.tr(
                "INPUT has {n} lines with only one vertex: a trip needs a start and an end. Remove them first "
                "(e.g. Extract by expression: num_points($geometry) >= 2).").format(n=single))

