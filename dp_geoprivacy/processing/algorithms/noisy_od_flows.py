"""dp_geoprivacy:noisyodflows: differentially private origin-destination flows.

Sources: Dumont et al. 2021 §4.2 and §6.3.2 (trips as ordered zone pairs, the joint
from-to histogram), Kapp et al. 2023 §3.2, §4.3 and §5.2.3-5.4 (OD flows with
user-level privacy, sensitivity M, every cell noised, outliers as one noisy
count, ODFlowError), Asghar, Tyler and Kaafar 2017 Algorithm 1 (stability histogram), Roy, Kantarcioglu and Sweeney 2016
§3 (OD contingency table, negatives to zero), Cormode et al. ICDT 2012
(sparse release). The release (NULL users dropped, user bound, pair
counts, output order by zone ids) is ``core.releases.od_flows.release_od_flows``,
with the flow geometry, and its three noise paths ``core.releases.od_paths``; the mechanisms
are in ``core.mechanisms.counting``; the zones or H3 cells come from
``processing.zone_source``. This module reads the trips in bulk, assigns
their ends to zones, calls the release and hands the flow lines and the
matrix to ``processing.od_output``, which writes them as one release.
"""

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterCrs,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.mechanisms.bound_selection import OD_NOISE_COST
from ...core.mechanisms.gaussian import DISCRETE_GAUSSIAN
from ...core.releases.od_flows import ODDomain, ODFlowData, ODFlowSpec, release_od_flows
from ...core.releases.od_totals import release_od_totals
from ...core.releases.publication import log_private, reveal
from ...core.releases.release import NoUsableRecordsError
from .. import auto_bound, dry_run
from ..accuracy_notes import warn_spurious_flows
from ..base import DpAlgorithm, setting_number
from ..count_release import (
    add_release_outputs,
    add_release_parameters,
    add_threshold_parameter,
    delta_unused,
    gaussian_help,
    release_setting_errors,
)
from ..help_summary import EXAMPLE_ZONES, NOISE_KINDS, count_figures, defaults, od_cells, with_summary
from ..metric_crs import wkt
from ..od_checks import check_size, drop_impossible_lonlat, read_trips_crs
from ..od_output import flow_line_geometries, log_published, write_flows_and_matrix
from ..od_totals_output import (
    add_totals_parameters,
    style_totals_on_load,
    totals_help,
    totals_notes,
    totals_request,
    write_totals,
)
from ..privacy_metadata import ReleaseLayerPostProcessor
from ..styles import flow_lines
from ..trip_reader import read_trips
from ..writers import Column, together
from ..zone_source import EXTENT, H3_RESOLUTION, ZONE_ID_FIELD, ZONES, add_zone_parameters, cell_set_from_parameters

DEFAULT_DELTA = 1e-6  # THRESHOLD 1's delta: far below 1 / number of travellers for samples up to about 100,000


class NoisyOdFlows(DpAlgorithm):
    """Noisy trip counts per (origin zone, destination zone), as flow lines and a matrix."""

    ALGORITHM_ID = "noisyodflows"
    GROUP_ID = "aggregates"
    DIALOG_ORDER = ("INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "EPSILON", "USER_FIELD",
                    "MAX_TRIPS", "THRESHOLD", "DELTA", "MIN_FLOW")
    ADVANCED = ("NOISE", "INCLUDE_INTRAZONAL", *auto_bound.PARAMETERS)
    INPUT = "INPUT"
    ORIGIN_X_FIELD = "ORIGIN_X_FIELD"
    ORIGIN_Y_FIELD = "ORIGIN_Y_FIELD"
    DEST_X_FIELD = "DEST_X_FIELD"
    DEST_Y_FIELD = "DEST_Y_FIELD"
    COORDINATES_CRS = "COORDINATES_CRS"
    ZONES = ZONES
    ZONE_ID_FIELD = ZONE_ID_FIELD
    H3_RESOLUTION = H3_RESOLUTION
    EXTENT = EXTENT
    EPSILON = "EPSILON"
    DELTA = "DELTA"
    NOISE = "NOISE"
    USER_FIELD = "USER_FIELD"
    MAX_TRIPS = "MAX_TRIPS"
    THRESHOLD = "THRESHOLD"
    MIN_FLOW = "MIN_FLOW"
    INCLUDE_INTRAZONAL = "INCLUDE_INTRAZONAL"
    OUTPUT_FLOWS = "OUTPUT_FLOWS"
    OUTPUT_MATRIX = "OUTPUT_MATRIX"
    COORDINATE_FIELDS = (ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD)
    NOISE_KINDS = NOISE_KINDS
    POSITIVE_PARAMETERS = (EPSILON,)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Noisy origin-destination flows")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, m, noise, threshold, delta, min_flow, intrazonal = defaults(
            self, self.EPSILON, self.MAX_TRIPS, self.NOISE, self.THRESHOLD, self.DELTA, self.MIN_FLOW,
            self.INCLUDE_INTRAZONAL)
        cells = od_cells(EXAMPLE_ZONES, intrazonal)
        figures = count_figures(epsilon, m, noise, bool(threshold), delta, cells, min_flow)
        if threshold:
            accuracy = self.tr(
                "<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, M={m}, THRESHOLD=1): each published flow is "
                "off by at most ±{moe:.2g} (95%); a pair needs about {t:.3g} trips to be published half the "
                "time, and no pair without trips is ever published.").format(
                epsilon=epsilon, m=m, moe=figures.margin_of_error, t=figures.count_published_50)
        else:
            accuracy = self.tr(
                "<b>Accuracy at the defaults</b> (EPSILON={epsilon:g}, M={m}, MIN_FLOW={min_flow:g}): each published "
                "flow is off by at most ±{moe:.2g} (95%), and each zone pair without trips is published with "
                "probability {p:.2g}: about {n:,.0f} noise-only flows for {zones} zones (THRESHOLD=1 publishes "
                "none).").format(epsilon=epsilon, m=m, min_flow=min_flow, moe=figures.margin_of_error,
                                 p=figures.p_spurious, n=figures.expected_spurious, zones=EXAMPLE_ZONES)
        return with_summary(
            self.tr("Counts the trips between each pair of zones (the OD matrix) and publishes them with "
                    "differential privacy, as flow lines and a table."),
            self.tr("<b>Private:</b> each trip, for the traveller; with USER_FIELD each user with up to M trips "
                    "(user-level privacy)."),
            accuracy,
            self._details())

    def _details(self):
        return self.tr(
            "<p>Counts the trips from each zone to each other zone (the origin-destination, OD, "
            "matrix) and publishes the counts with differential privacy, as flow lines and as a "
            "table.</p>"
            "<p><b>Trips.</b> INPUT is a line layer (origin = first vertex, destination = last "
            "vertex; of a multi-line, the first vertex of its first part and the last of its last "
            "part), or any layer or table with the four fields ORIGIN_X_FIELD, ORIGIN_Y_FIELD, "
            "DEST_X_FIELD and DEST_Y_FIELD (numbers, or text holding numbers; give all four or "
            "none) in COORDINATES_CRS (default: the layer's CRS), as trip tables from surveys and "
            "smart-card systems come. Trips with no geometry, an empty geometry, a line with one "
            "vertex, or a NULL or non-numeric coordinate are skipped, and the log counts each "
            "reason. Trips are reprojected to the zones' CRS (EPSG:4326 for H3), as the log says; "
            "if every trip falls outside the zones the log warns that the CRS may be wrong.</p>"
            "<p><b>Zones.</b> ZONES (a public polygon layer, ids from ZONE_ID_FIELD or the feature "
            "ids; overlapping zones are refused) or H3_RESOLUTION with an EXTENT (without EXTENT "
            "only with THRESHOLD=1). With n zones there are n² ordered pairs (Dumont et al. 2021 §4.2: 2,500 "
            "blocks give 2,500² possible trips). A trip whose origin and destination lie in the "
            "same zone is counted once, in that zone's intrazonal cell; INCLUDE_INTRAZONAL=false "
            "leaves those n cells (and those trips) out. Trips with an origin or destination "
            "outside every zone form one extra cell: its noisy count is reported as OUTSIDE_FLOWS "
            "and in the metadata (Kapp et al. 2023 §4.3.1).</p>"
            "<p><b>Unit of privacy.</b> Without USER_FIELD: one trip, sensitivity 1. With "
            "USER_FIELD: one user (Kapp et al. 2023 §4.2-4.3): each user keeps at most MAX_TRIPS (M) "
            "trips, sampled uniformly at random (not the first M); a trip adds 1 to one cell, so "
            "adding or removing a user changes the matrix by at most M: sensitivity M. Trips with "
            "a NULL or empty user id are dropped and counted in the log (a NULL could hide the "
            "same person twice). Kapp et al. 2023 §5.4 finds a small M usually gives the lower error for "
            "OD flows.</p>"
            "<p><b>Automatic M.</b> MAX_TRIPS=0 (with USER_FIELD and declared zones) chooses M privately: "
            "AUTO_SHARE of EPSILON (default 5%) draws M from 1..AUTO_MAX_BOUND by permute-and-flip (McKenna and "
            "Sheldon 2020, the exponential mechanism's privacy with a smaller expected loss) on the trips per user, "
            "aiming at the M where the trips left out plus the "
            "expected noise error on every pair is smallest (the model of THRESHOLD=0 with CLAMP: most pairs are "
            "empty, and a clamped empty pair's error is the noise's positive part, for Laplace with its "
            "power-of-two grain, for the discrete Gaussian growing as the square root of M); the flows use the rest "
            "of EPSILON (with NOISE=2, the rest of its rho). The chosen M is in the log and the privacy record, "
            "and EPSILON_SPENT includes the choice.</p>"
            "<p><b>THRESHOLD=0</b> (pure EPSILON-DP, Kapp et al. 2023 and Roy, Kantarcioglu and Sweeney 2016 §3): "
            "every one of the "
            "n² cells and the outside cell gets Laplace noise of scale b = M / EPSILON (NOISE=0) "
            "or discrete Laplace noise (NOISE=1, integers). Empty pairs get noise too, so flows "
            "with no true trip appear: that is the price of hiding which pairs are empty. "
            "<b>THRESHOLD=1</b> (stability histogram, Asghar, Tyler and Kaafar 2017 Algorithm 1; needs DELTA in (0, "
            "1), Laplace only): only pairs with at least one trip get Laplace noise of scale "
            "2 M / EPSILON and are published when the noisy count reaches M + b ln(2 M / DELTA) "
            "(2 ln(2 / DELTA) / EPSILON + 1 for M = 1); no pair without trips is ever published, "
            "and a missing pair does not mean zero. With NOISE=2 it is Gaussian thresholding (below).</p>"
            "<p><b>Post-processing</b>, in this order, identical for every path and costing no "
            "privacy: (1) the noisy count (for THRESHOLD=1 only if it passed the threshold); (2) "
            "rounded to the nearest integer; (3) negatives set to zero (Roy, Kantarcioglu and Sweeney 2016 §3); (4) "
            "flows "
            "whose count from (3) is below MIN_FLOW are left out of both outputs (MIN_FLOW=0 keeps "
            "every cell, zeros included). So a pair missing from the outputs had a published count "
            "below MIN_FLOW.</p>"
            "<p><b>Scale.</b> For THRESHOLD=0 the path is chosen from public facts only: up to "
            "1,048,576 cells (1,024 zones), or with MIN_FLOW=0, every cell is noised (in chunks, "
            "memory bounded); above that, with MIN_FLOW > 0, the sparse path of Cormode et al. "
            "(ICDT 2012) gives exactly the same distribution without building the n² cells: "
            "pairs with trips are noised directly, and of the empty pairs a Binomial number, "
            "chosen uniformly, is published with values drawn from the noise conditioned on "
            "reaching MIN_FLOW. Settings expected to publish more than 5,000,000 flows are refused "
            "with the MIN_FLOW that would fit.</p>"
            "<p><b>Outputs</b> (one release: the noise is drawn once, both outputs carry the same "
            "privacy record and release id, and publishing both spends EPSILON once). "
            "OUTPUT_FLOWS: lines from the origin zone's representative point (point on surface) "
            "to the destination's, with origin_id, dest_id, noisy_count and moe95; an intrazonal "
            "flow is a small closed diamond above its zone's point (first and last vertex at the "
            "point). Line width follows noisy_count when loaded. OUTPUT_MATRIX: a table (origin_id, "
            "dest_id, noisy_count); .gpkg, .csv or .xlsx. Rows are ordered by origin id, then "
            "destination id (numerically when all ids are integers), never by the data (Asghar, Tyler and Kaafar 2017 "
            "§3.3.1). moe95 is the 95% margin of error of the added noise: noisy_count is within "
            "moe95 of the true count with 95% probability before rounding, clamping and the "
            "MIN_FLOW cut (which favour flows whose noise was positive). Kapp et al. 2023 §5.4 "
            "(ODFlowError) shows OD flows need far more budget than zone counts: read moe95 "
            "before using a flow.</p>"
            "<p>Results: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, FLOWS_PUBLISHED, "
            "OUTSIDE_FLOWS. The log holds exact counts of skipped and dropped trips: it is for "
            "the data holder, not for publication.</p>"
            "<p>Sources: Dumont et al. 2021 §4.2 and §6.3; Kapp et al. 2023 §3.2, §4.2-4.3, §5.2.3-5.4; Asghar, "
            "Tyler and Kaafar 2017 "
            "Algorithm 1 and §3.3.1; Roy, Kantarcioglu and Sweeney 2016 §3; Cormode, Procopiuc, Srivastava and Tran, "
            "'Differentially private summaries for sparse data', ICDT 2012.</p>"
        ) + totals_help() + gaussian_help(self.tr("zone pairs (and the outside cell)"), self.tr("trips"))

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Trips"),
            [QgsProcessing.TypeVector]))
        for name, label in (
            (self.ORIGIN_X_FIELD, self.tr("Origin x field")),
            (self.ORIGIN_Y_FIELD, self.tr("Origin y field")),
            (self.DEST_X_FIELD, self.tr("Destination x field")),
            (self.DEST_Y_FIELD, self.tr("Destination y field")),
        ):
            parameter = QgsProcessingParameterField(name, label, parentLayerParameterName=self.INPUT, optional=True)
            parameter.setHelp(self.tr("Give all four coordinate fields, or none to use the line geometries."))
            # Advanced (issue 13): what a planner sets every time (input, zones, epsilon, unit) comes first.
            parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.add(parameter)
        crs = QgsProcessingParameterCrs(
            self.COORDINATES_CRS, self.tr("CRS of the coordinate fields"), optional=True)
        crs.setHelp(self.tr("The CRS the four coordinate fields are written in, e.g. EPSG:4326 for "
                            "longitude/latitude."))
        crs.setFlags(crs.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.add(crs)
        add_zone_parameters(self, h3=True, allow_overlap=False)
        add_release_parameters(
            self, self.MAX_TRIPS, self.tr("Maximum trips per user (M)"),
            self.tr("An integer >= 1: each user keeps at most M trips, sampled uniformly; the sensitivity is M."),
            self.tr("A number > 0; smaller means more noise and more privacy. OD flows need a larger epsilon "
                    "than zone counts for the same accuracy (Kapp et al. 2023 §5.4)."), self.tr("trips"),
            gaussian=True)
        # The default publishes few noise-only flows (issue 20), as PipelineDP and Tumult select partitions by
        # default; pure epsilon-DP (THRESHOLD 0) is one choice away.
        add_threshold_parameter(self, self.tr("All pairs (pure epsilon-DP)"), default=1,
                                default_delta=DEFAULT_DELTA)
        auto_bound.add_parameters(self)
        min_flow = QgsProcessingParameterNumber(
            self.MIN_FLOW, self.tr("Leave out flows below (post-processing)"), QgsProcessingParameterNumber.Double,
            defaultValue=1.0, minValue=0.0)
        min_flow.setHelp(self.tr("A number >= 0: published flows whose rounded, clamped count is below it are "
                                 "left out of both outputs; 0 keeps every pair, zeros included."))
        self.add(min_flow)
        self.add(QgsProcessingParameterBoolean(
            self.INCLUDE_INTRAZONAL, self.tr("Include intrazonal flows"),
            defaultValue=True))
        self.add_seed_parameter()
        self.add_ledger_parameters()
        flows = QgsProcessingParameterVectorDestination(
            self.OUTPUT_FLOWS, self.tr("Noisy OD flow lines"), QgsProcessing.TypeVectorLine)
        flows.setSupportsNonFileBasedOutput(False)
        self.add(flows)
        matrix = QgsProcessingParameterVectorDestination(
            self.OUTPUT_MATRIX, self.tr("Noisy OD matrix (table)"), QgsProcessing.TypeVector)
        matrix.setSupportsNonFileBasedOutput(False)
        self.add(matrix)
        add_totals_parameters(self)
        add_release_outputs(self, (
            ("FLOWS_PUBLISHED", self.tr("Flows published")),
            ("OUTSIDE_FLOWS", self.tr("Noisy count of trips with an end outside all zones"))))

    # --- checks ---------------------------------------------------------------

    def _setting_errors(self, parameters):
        """Clear messages for settings that cannot work, before anything is read."""
        present = [name for name in self.COORDINATE_FIELDS if parameters.get(name) not in (None, "")]
        if present and len(present) < 4:
            missing = [name for name in self.COORDINATE_FIELDS if name not in present]
            return self.tr("Coordinate fields were given only in part ({given}); also set {missing}, or clear "
                           "them all to read the trips from line geometries.").format(
                given=", ".join(present), missing=", ".join(missing))
        min_flow = setting_number(parameters, self.MIN_FLOW)
        if min_flow is not None and not (math.isfinite(min_flow) and min_flow >= 0):
            return self.tr("MIN_FLOW must be a number of at least 0 (got {v}); 1 leaves out flows that round "
                           "to zero.").format(v=parameters.get(self.MIN_FLOW))
        return release_setting_errors(parameters, self.MAX_TRIPS, self.tr("trips"))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS API)
        error = self._setting_errors(parameters)
        if error:
            return False, error
        return super().checkParameterValues(parameters, context)

    # --- run ------------------------------------------------------------------

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        error = self._setting_errors(parameters)
        if error:
            raise QgsProcessingException(error)
        epsilon = self.positive_number(parameters, self.EPSILON, context)
        delta = self.parameterAsDouble(parameters, self.DELTA, context)
        noise = self.NOISE_KINDS[self.parameterAsEnum(parameters, self.NOISE, context)]
        threshold = self.parameterAsEnum(parameters, self.THRESHOLD, context)
        user_field = self.parameterAsString(parameters, self.USER_FIELD, context) or None
        max_trips = self.parameterAsInt(parameters, self.MAX_TRIPS, context)
        min_flow = self.parameterAsDouble(parameters, self.MIN_FLOW, context)
        intrazonal = self.parameterAsBoolean(parameters, self.INCLUDE_INTRAZONAL, context)
        coordinate_fields = tuple(self.parameterAsString(parameters, name, context) for name in self.COORDINATE_FIELDS)
        coordinate_fields = coordinate_fields if all(coordinate_fields) else None
        flows_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_FLOWS, context)
        matrix_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_MATRIX, context)
        if Path(flows_destination).resolve() == Path(matrix_destination).resolve():
            raise QgsProcessingException(self.tr("OUTPUT_FLOWS and OUTPUT_MATRIX must be different files."))
        if not user_field and max_trips > 1:
            feedback.pushInfo(self.tr("No USER_FIELD: every trip is its own unit of privacy; MAX_TRIPS is not "
                                      "used."))
            max_trips = 1
        gaussian = noise == DISCRETE_GAUSSIAN
        if gaussian and threshold:
            feedback.pushInfo(self.tr("Gaussian thresholding (Wilson et al. 2020 §3): each user counts at most once "
                                      "per zone pair, discrete Gaussian noise on the pairs with users only; (EPSILON, "
                                      "DELTA)-DP, not zero-concentrated DP."))
        elif gaussian:
            feedback.pushInfo(self.tr("Discrete Gaussian noise: each user counts at most once per zone pair, in at "
                                      "most M = {m} pairs, so the L2 sensitivity is sqrt(M); accounted as "
                                      "rho-zCDP and converted to (EPSILON, DELTA).").format(m=max_trips)
                              if max_trips else
                              self.tr("Discrete Gaussian noise: each user counts at most once per zone pair, in at "
                                      "most M pairs (the automatic M), so the L2 sensitivity is sqrt(M); accounted "
                                      "as rho-zCDP and converted to (EPSILON, DELTA)."))
        elif delta and not threshold:
            feedback.pushInfo(delta_unused("THRESHOLD=1"))

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        trips_crs = read_trips_crs(self, parameters, context, source, coordinate_fields, feedback)
        cells = cell_set_from_parameters(self, parameters, context, feedback, points_crs=trips_crs,
                                         require_public=not threshold)
        feedback.pushInfo(self.tr("Zones: {cells}.").format(cells=cells.description))
        if max_trips == auto_bound.AUTOMATIC and not cells.public:
            raise QgsProcessingException(self.tr("MAX_TRIPS=0 (automatic) weighs the noise on every pair of zones: "
                                                 "declare the zones (ZONES, or H3 with an EXTENT), or give MAX_TRIPS."))

        def spec_for(m, epsilon_release):
            unit = (self.tr("one user ({field}), at most {m} trips kept per user (sampled uniformly)").format(
                field=user_field, m=m) if user_field else self.tr("one trip (item-level)"))
            if user_field and gaussian:
                unit = self.tr("one user ({field}), at most one trip per zone pair and {m} pairs kept per user "
                               "(sampled uniformly)").format(field=user_field, m=m)
            return ODFlowSpec(epsilon=epsilon_release, unit_of_privacy=unit, delta=delta, noise=noise,
                              threshold=bool(threshold), max_trips=m, min_flow=min_flow,
                              include_intrazonal=intrazonal)
        # An automatic M is checked here at M = 1; the release below uses the M chosen.
        spec = spec_for(max(max_trips, 1), epsilon)
        totals = totals_request(self, parameters, context, spec, min_flow)  # OUTPUT_TOTALS (od_totals_output)
        mechanism = spec.mechanism()
        if cells.public:
            check_size(ODDomain(len(cells), intrazonal).size, mechanism, min_flow)
            warn_spurious_flows(self, feedback, mechanism, len(cells), intrazonal, min_flow)
        feedback.setProgress(5)

        trips = read_trips(self, parameters, self.INPUT, context, feedback, coordinate_fields,
                           coded_fields=(user_field,) if user_field else ())
        input_name = trips.source_name
        if trips_crs.isGeographic():
            drop_impossible_lonlat(trips, feedback)
        feedback.setProgress(30)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))

        assign = cells.assigner(trips_crs, feedback)
        origin_zone = assign(trips.origin)
        feedback.setProgress(45)
        dest_zone = assign(trips.dest)
        feedback.setProgress(60)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))
        data = ODFlowData(origin_zone, dest_zone, zone_order=cells.id_order(),
                          user_keys=trips.columns[user_field] if user_field else None)
        del trips, origin_zone, dest_zone
        source_rng = self.noise_source(parameters, context, feedback)
        bound = auto_bound.AutoBound.from_parameters(
            self, parameters, context, self.MAX_TRIPS, epsilon,
            cells=ODDomain(len(cells), intrazonal).size + 1 if cells.public else 1, noise_cost=OD_NOISE_COST,
            noise=noise, delta=delta, zcdp_release=not threshold)  # Gaussian thresholding is not zCDP
        if bound.automatic:
            max_trips = bound.choose(data.user_keys, source_rng.generator, feedback)
            spec = spec_for(max_trips, bound.epsilon_release)
            if totals:
                totals = replace(totals, spec=replace(totals.spec, epsilon=spec.epsilon, max_trips=max_trips,
                                                      unit_of_privacy=spec.unit_of_privacy))
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT,
                                output=flows_destination or matrix_destination)
        dry_run.declare_settings(self, min_flow=min_flow, threshold=int(threshold),
                                 delta=delta if threshold or gaussian else 0.0, zones=len(cells),
                                 include_intrazonal=int(intrazonal), max_trips=max_trips,
                                 noise=noise, **({"cells": ODDomain(len(cells), intrazonal).size}
                                                 if cells.public else {}))
        try:
            release = (release_od_totals(data, totals.spec, source_rng.generator, before_noise=bound.charged(reserve))
                       if totals else
                       release_od_flows(data, spec, source_rng.generator, before_noise=bound.charged(reserve)))
        except NoUsableRecordsError:
            raise QgsProcessingException(self.tr(
                "Every trip has a NULL user id in {field}; choose the USER_FIELD that identifies the "
                "traveller.").format(field=user_field)) from None
        del data
        facts = release.facts
        self._log_dropped(facts, user_field, max_trips, trips_crs, feedback)
        if reveal(facts["dropped_by_bound"]):
            log_private(feedback, self.tr("User bound: {n} trips beyond {m} per user were left out (sampled "
                                          "uniformly)."), n=facts["dropped_by_bound"], m=max_trips)
        if reveal(facts["intrazonal_left_out"]):
            log_private(feedback, self.tr("INCLUDE_INTRAZONAL is off: {n} trips within one zone are in no cell."),
                        n=facts["intrazonal_left_out"])
        log_published(feedback, facts, per_user=gaussian)
        feedback.setProgress(70)
        if feedback.isCanceled():
            raise QgsProcessingException(self.tr("Cancelled: no output was written."))

        origin_index, dest_index = release.result["origin_index"], release.result["dest_index"]
        output_crs = cells.crs if cells.kind == "zones" else trips_crs
        moe = facts["margin_of_error"]
        counts = release.result["noisy_count"]
        flow_columns = [Column.coded("origin_id", origin_index, cells.ids),
                        Column.coded("dest_id", dest_index, cells.ids),
                        Column("noisy_count", "real", counts), Column("moe95", "real", np.full(len(counts), moe))]
        matrix_columns = flow_columns[:3]

        record = self.privacy_record(
            mechanism_fields=bound.fields(release.record_fields),
            input_layer=input_name,
            seeded=source_rng.seeded,
            notes=(totals_notes(self._notes(cells, facts, min_flow, intrazonal)[:2], release, totals.spec) if totals
                   else tuple(self._notes(cells, facts, min_flow, intrazonal))),
            **reserve.record_fields(),
        )
        flows_title, matrix_title = self.tr("Noisy OD flows"), self.tr("Noisy OD matrix")
        with together():  # the flows, the matrix and the totals, or nothing
            write_flows_and_matrix(flows_destination, matrix_destination, wkt(output_crs),
                                   lambda: flow_line_geometries(cells, origin_index, dest_index, output_crs),
                                   flow_columns, matrix_columns, record, (flows_title, matrix_title), feedback)
            if totals:
                write_totals(totals.destination, cells, output_crs, wkt(output_crs), release, record, feedback)
        feedback.setProgress(100)
        for destination, title, style in ((flows_destination, flows_title, flow_lines),
                                          (matrix_destination, matrix_title, None)):
            if context.willLoadLayerOnCompletion(destination):
                context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                    ReleaseLayerPostProcessor.create(record, title, style))
        if totals:
            style_totals_on_load(context, totals.destination, record)
        return {
            self.OUTPUT_FLOWS: flows_destination,
            self.OUTPUT_MATRIX: matrix_destination,
            "EPSILON_SPENT": record.epsilon,
            "DELTA_SPENT": record.delta,
            "SENSITIVITY": record.sensitivity,
            "NOISE_SCALE": record.noise_scale,
            "FLOWS_PUBLISHED": facts["published"],
            "OUTSIDE_FLOWS": facts["outside"],
            **({"OUTPUT_TOTALS": totals.destination,
                "GRAND_TOTAL": float(release.result["grand_total"][0])} if totals else {}),
        }

    # --- helpers ----------------------------------------------------------------

    def _log_dropped(self, facts, user_field, max_trips, trips_crs, feedback):
        """Log trips dropped for a NULL user id, and those with an end outside every zone."""
        if reveal(facts["null_users"]):
            log_private(feedback, self.tr(
                "Dropped {n} trips whose user id ({field}) is NULL or empty: a NULL could hide the same "
                "person twice and break the bound of {m} trips per user."), warning=True,
                n=facts["null_users"], field=user_field, m=max_trips)
        if reveal(facts["ends_outside"]) == reveal(facts["trips"]):
            log_private(feedback, self.tr(
                "All {n} trips have an origin or destination outside every zone: the published flows are "
                "noise only. Check that the trips and the zones overlap and that the trips' CRS ({crs}) is "
                "right (COORDINATES_CRS for coordinate fields)."), warning=True,
                n=facts["trips"], crs=trips_crs.authid() or trips_crs.description())
        elif reveal(facts["ends_outside"]):
            log_private(feedback, self.tr("{n} of {total} trips have an end outside every zone: they are counted "
                                          "in the one outside cell."), n=facts["ends_outside"], total=facts["trips"])

    def _notes(self, cells, facts, min_flow, intrazonal):
        n = len(cells)
        notes = [
            self.tr("OUTPUT_FLOWS and OUTPUT_MATRIX are one release with one epsilon: the same flows from noise "
                    "drawn once, with this same record and release id. Publishing both spends epsilon once."),
            self.tr("Zones: {cells}; {pairs:,} ordered pairs ({intra}) plus one outside cell.").format(
                cells=cells.description, pairs=ODDomain(n, intrazonal).size,
                intra=self.tr("intrazonal included") if intrazonal else self.tr("intrazonal left out")),
            self.tr("Noisy count of trips with an end outside all zones: {outside:g} (95% margin of error "
                    "{moe:g}).").format(outside=facts["outside"], moe=facts["margin_of_error"]),
            self.tr("Release path: {path}. Post-processing in this order: round, clamp negatives to zero, leave out "
                    "flows below MIN_FLOW={m:g} (a missing pair had a published count below it).").format(
                path=facts["path"], m=min_flow),
        ]
        if facts["threshold"] is not None:
            notes.append(self.tr("Stability threshold {t:.4g}: only pairs with trips whose noisy count reached it "
                                 "are published; a missing pair does not mean zero.").format(t=facts["threshold"]))
        return notes
