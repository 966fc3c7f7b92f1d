"""dp_geoprivacy:triprelocation: randomized relocation of trip origins and destinations.

Source: Dumont et al., "Differential Privacy in Travel Data" (2021), §6.3
(each trip reports its true origin zone with probability p, otherwise a
zone drawn from a histogram; the destination likewise, from the reported
origin's row of the OD histogram when the joint histogram is to be kept).
The mechanism, its epsilon (eq. 11 form), p from EPSILON and the release
(known zones only, relocation, random row order) live in
``core.releases.relocation`` (``release_relocation``); this module reads the trips
and the histograms (a noisy release, whose privacy record is carried into
the output and charged with it, or a table declared public with
HISTOGRAMS_PUBLIC; any other histogram is refused), reserves the budget
when the release asks, and writes the trips with their zones (and a line
between the zones' representative points) replaced.
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
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
    QgsProviderRegistry,
)

from ...core.accounting.composition import Partition, ReleaseEvent, compose
from ...core.releases.publication import log_private, reveal
from ...core.releases.relocation import RelocationSpec, release_relocation, zone_keys
from ..base import DpAlgorithm
from ..help_summary import EXAMPLE_ZONES, defaults, relocation_p_truth, with_summary
from ..privacy_metadata import ReleaseLayerPostProcessor, read_from_file, records_in, write_to_file
from ..readers import ALL_FIELDS, read_table
from ..writers import Column, write_rows
from ..zone_reader import read_zones

_NUMERIC = ("Integer", "Integer64", "Real")
DEFAULT_EPSILON = 2.0  # per trip: 1 per end, the order of the report's fair coin (ln 3)


class TripRelocationAlgorithm(DpAlgorithm):
    """Report each trip's true zones with probability p, else zones drawn from a (noisy or public) histogram."""

    ALGORITHM_ID = "triprelocation"
    GROUP_ID = "perturbation"
    DIALOG_ORDER = ("INPUT", "ORIGIN_FIELD", "DEST_FIELD", "EPSILON", "ORIGIN_HISTOGRAM", "DEST_HISTOGRAM",
                    "OD_HISTOGRAM", "ZONES", "ZONE_ID_FIELD")
    ADVANCED = ("HISTOGRAM_ZONE_FIELD", "HISTOGRAM_COUNT_FIELD", "OD_ORIGIN_FIELD", "OD_DEST_FIELD", "OD_COUNT_FIELD",
                "FLOOR", "HISTOGRAMS_PUBLIC")
    INPUT = "INPUT"
    ORIGIN_FIELD = "ORIGIN_FIELD"
    DEST_FIELD = "DEST_FIELD"
    ORIGIN_HISTOGRAM = "ORIGIN_HISTOGRAM"
    DEST_HISTOGRAM = "DEST_HISTOGRAM"
    HISTOGRAM_ZONE_FIELD = "HISTOGRAM_ZONE_FIELD"
    HISTOGRAM_COUNT_FIELD = "HISTOGRAM_COUNT_FIELD"
    OD_HISTOGRAM = "OD_HISTOGRAM"
    OD_ORIGIN_FIELD = "OD_ORIGIN_FIELD"
    OD_DEST_FIELD = "OD_DEST_FIELD"
    OD_COUNT_FIELD = "OD_COUNT_FIELD"
    ZONES = "ZONES"
    ZONE_ID_FIELD = "ZONE_ID_FIELD"
    EPSILON = "EPSILON"
    FLOOR = "FLOOR"
    HISTOGRAMS_PUBLIC = "HISTOGRAMS_PUBLIC"
    OUTPUT = "OUTPUT"

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Randomized trip relocation (origin and destination zones)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        epsilon, floor = defaults(self, self.EPSILON, self.FLOOR)
        p = relocation_p_truth(epsilon, floor)
        return with_summary(
            self.tr("Publishes trips with their origin and destination zones randomized: each end keeps its true "
                    "zone with a probability that follows from EPSILON, else gets one drawn from a (noisy) "
                    "histogram."),
            self.tr("<b>Private:</b> each trip's origin and destination zone, for the traveller (one trip)."),
            self.tr("<b>Accuracy at the defaults</b> (EPSILON={epsilon:g} per trip, FLOOR={floor:g}, {zones} "
                    "zones, one of them without trips): an end keeps its true zone with probability at least "
                    "{p:.2%}; the reported zones match the histogram's shares in expectation.").format(
                epsilon=epsilon, floor=floor, zones=EXAMPLE_ZONES, p=p),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Publishes trips with their origin and destination zones randomized: each trip keeps "
            "its true origin zone with probability p and otherwise gets a zone drawn from a "
            "histogram of origins; the destination likewise (Dumont et al. 2021, \"Differential "
            "Privacy in Travel Data\", §6.3). The reported histograms match the histograms used in "
            "expectation: E[reported count of zone i] = p n_i + (1 - p) N q_i.</p>"
            "<p><b>EPSILON</b> is the privacy loss per trip (origin and destination together). p is "
            "derived from it and from public facts only (the histograms and FLOOR): per end, "
            "epsilon = ln((p + (1-p) q_min) / ((1-p) q_min)) with q_min the smallest replacement "
            "probability (eq. 11 of the report), and p is the value at which the origin's and the "
            "destination's epsilon add up to EPSILON (P_TRUTH_USED in the results). With many zones "
            "and a modest EPSILON few trips keep their true zones: the output then mostly follows the "
            "histogram (for OD totals, dp_geoprivacy:noisyodflows is more accurate).</p>"
            "<p><b>Histograms.</b> They must not leak. Take them from a noisy release of this plugin "
            "(dp_geoprivacy:noisyzonecounts: fields zone_id and noisy_count; rows of one zone, e.g. "
            "time slots, are added up): its privacy record is read, its epsilon is added for the "
            "total (EPSILON_TOTAL), its record is carried into the output's metadata, and with LEDGER "
            "it is charged to the trips' budget once. A histogram without a record is refused unless "
            "HISTOGRAMS_PUBLIC (advanced) declares that the histograms are public tables, not computed "
            "from these people's data (e.g. a census table): that declaration is written into the "
            "record. A histogram marked not differentially private is refused. ORIGIN_HISTOGRAM is "
            "used for origins and, unless DEST_HISTOGRAM is given (with the same field names), for "
            "destinations. With OD_HISTOGRAM (dp_geoprivacy:noisyodflows OUTPUT_MATRIX: origin_id, "
            "dest_id, noisy_count) origins are drawn from its row sums and destinations from the row "
            "of the reported origin, which keeps the joint origin-destination histogram "
            "approximately (§6.3.2, eq. 24). Negative noisy counts are set to 0. FLOOR mixes that "
            "share of uniform mass into every histogram, q = (1 - FLOOR) h / sum(h) + FLOOR / N, so "
            "every one of the N zones has a positive probability.</p>"
            "<p><b>Privacy.</b> The unit of privacy is one trip's origin and destination; the trip's "
            "epsilon is the origin's plus the destination's (sequential composition, Asghar, Tyler "
            "and Kaafar 2017, \"Differentially Private Release of Public Transport Data: The Opal "
            "Use Case\", Theorem 2). Other fields pass through, except record keys (fields with a "
            "distinct value in every row, such as a trip id), which are dropped and named in the log "
            "(KEEP_IDENTIFIERS, advanced, keeps them for internal study runs). Remove fields that "
            "reveal the true endpoints (coordinates, distance) first.</p>"
            "<p><b>Zones.</b> ZONES (optional, polygons with ZONE_ID_FIELD) is the public list of "
            "zones; the output then has a line from the origin zone's representative point to the "
            "destination's. Without ZONES the zones are those of the histograms and the output is a "
            "table. The input's own geometry is never copied (it would show the true endpoints). "
            "An origin or destination that is NULL or not a known zone is reported as a draw from "
            "the histogram (as if its true zone had been drawn from it), so every trip is published "
            "and the number of rows does not depend on the zones. "
            "Trips are relocated independently (the report's Note 3, updating the histogram after "
            "each draw, is not applied), and row order is shuffled.</p>"
            "<p>LEDGER, BUDGET and PARTITION: see dp_geoprivacy:privacyreport.</p>"
            "<p>Sources: Dumont et al. 2021, §6.3 (eq. 17-24), §4.1 (eq. 11-12), §4.2 (eq. 13); "
            "Asghar, Tyler and Kaafar 2017, Theorem 2 (the two endpoints and the histogram add up).</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(self.INPUT, self.tr("Trips"), [QgsProcessing.TypeVector]))
        self.add(QgsProcessingParameterField(self.ORIGIN_FIELD, self.tr("Origin zone field"),
                                             parentLayerParameterName=self.INPUT))
        self.add(QgsProcessingParameterField(self.DEST_FIELD, self.tr("Destination zone field"),
                                             parentLayerParameterName=self.INPUT))
        self.add(QgsProcessingParameterFeatureSource(
            self.ORIGIN_HISTOGRAM, self.tr("Origin histogram"),
            [QgsProcessing.TypeVector], optional=True))
        self.add(QgsProcessingParameterFeatureSource(
            self.DEST_HISTOGRAM, self.tr("Destination histogram"),
            [QgsProcessing.TypeVector], optional=True))
        self.add(QgsProcessingParameterField(
            self.HISTOGRAM_ZONE_FIELD, self.tr("Histogram zone id field"), defaultValue="zone_id",
            parentLayerParameterName=self.ORIGIN_HISTOGRAM, optional=True))
        self.add(QgsProcessingParameterField(
            self.HISTOGRAM_COUNT_FIELD, self.tr("Histogram count field"), defaultValue="noisy_count",
            parentLayerParameterName=self.ORIGIN_HISTOGRAM, type=QgsProcessingParameterField.Numeric,
            optional=True))
        self.add(QgsProcessingParameterFeatureSource(
            self.OD_HISTOGRAM, self.tr("OD histogram"),
            [QgsProcessing.TypeVector], optional=True))
        for name, label, default in ((self.OD_ORIGIN_FIELD, self.tr("OD origin id field"), "origin_id"),
                                     (self.OD_DEST_FIELD, self.tr("OD destination id field"), "dest_id"),
                                     (self.OD_COUNT_FIELD, self.tr("OD count field"), "noisy_count")):
            self.add(QgsProcessingParameterField(name, label, defaultValue=default,
                                                 parentLayerParameterName=self.OD_HISTOGRAM, optional=True))
        self.add(QgsProcessingParameterFeatureSource(
            self.ZONES, self.tr("Zones (public)"),
            [QgsProcessing.TypeVectorPolygon], optional=True))
        self.add(QgsProcessingParameterField(self.ZONE_ID_FIELD, self.tr("Zone id field"), defaultValue="zone_id",
                                             parentLayerParameterName=self.ZONES, optional=True))
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon per trip"), QgsProcessingParameterNumber.Double,
            defaultValue=DEFAULT_EPSILON, minValue=0.0)
        epsilon.setHelp(self.tr("A finite number >= 0, for origin and destination together; smaller gives more "
                                "privacy and fewer trips with their true zones."))
        self.add(epsilon)
        floor = QgsProcessingParameterNumber(
            self.FLOOR, self.tr("Floor (uniform share)"),
            QgsProcessingParameterNumber.Double, defaultValue=0.1, minValue=0.0, maxValue=1.0)
        floor.setHelp(self.tr("In (0, 1]; every zone gets probability at least FLOOR / number of zones."))
        self.add(floor)
        histograms_public = QgsProcessingParameterBoolean(
            self.HISTOGRAMS_PUBLIC, self.tr("Unrecorded histograms are public"), defaultValue=False)
        histograms_public.setHelp(self.tr("Histograms without a privacy record are public tables (declared by "
                                          "you): they cost no epsilon."))
        self.add(histograms_public)
        self.add_seed_parameter()
        self.add_keep_identifiers_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(self.OUTPUT, self.tr("Relocated trips"),
                                                        QgsProcessing.TypeVector)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        for name, label in (("EPSILON_PER_TRIP", self.tr("Epsilon per trip (origin + destination)")),
                            ("P_TRUTH_USED", self.tr("Probability of keeping the true zone")),
                            ("EPSILON_ORIGIN", self.tr("Epsilon of the origin")),
                            ("EPSILON_DESTINATION", self.tr("Epsilon of the destination")),
                            ("EPSILON_TOTAL", self.tr("Epsilon with the histograms' epsilon")),
                            ("TRIPS_WRITTEN", self.tr("Trips written"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        epsilon = self.parameterAsDouble(parameters, self.EPSILON, context)
        if not (math.isfinite(epsilon) and epsilon >= 0):
            raise QgsProcessingException(self.tr(
                "EPSILON must be a finite number >= 0 (got {value}), e.g. {default:g}.").format(
                    value=epsilon, default=DEFAULT_EPSILON))
        floor = self.parameterAsDouble(parameters, self.FLOOR, context)
        if not (math.isfinite(floor) and 0 < floor <= 1):
            raise QgsProcessingException(self.tr(
                "FLOOR must be in (0, 1] (got {value}): without a floor a zone with a zero count could never "
                "be reported and epsilon would be infinite.").format(value=floor))
        joint = bool(parameters.get(self.OD_HISTOGRAM))
        if joint == bool(parameters.get(self.ORIGIN_HISTOGRAM)):
            raise QgsProcessingException(self.tr(
                "Give ORIGIN_HISTOGRAM (and optionally DEST_HISTOGRAM) or OD_HISTOGRAM, not both and not neither."))
        if joint and parameters.get(self.DEST_HISTOGRAM):
            raise QgsProcessingException(self.tr("DEST_HISTOGRAM cannot be combined with OD_HISTOGRAM."))
        origin_field = self.parameterAsString(parameters, self.ORIGIN_FIELD, context)
        dest_field = self.parameterAsString(parameters, self.DEST_FIELD, context)
        if origin_field == dest_field:
            raise QgsProcessingException(self.tr("ORIGIN_FIELD and DEST_FIELD must be different fields."))
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)

        histograms, records = self._histograms(parameters, context, feedback, joint)
        zones = None
        domain = None
        if parameters.get(self.ZONES):
            zone_field = self.parameterAsString(parameters, self.ZONE_ID_FIELD, context) or None
            zones = read_zones(self, parameters, self.ZONES, zone_field, context, feedback)
            domain = tuple(str(i) for i in zones.tessellation.ids.tolist())
        spec = RelocationSpec(epsilon, floor, joint, tuple(histograms), domain)
        if not spec.zones:
            raise QgsProcessingException(self.tr("The histograms name no zone."))
        unknown = spec.unknown_zones
        if unknown:
            feedback.pushWarning(self.tr(
                "{n} zones of the histograms are not in ZONES and are ignored (e.g. {examples}).").format(
                    n=len(unknown), examples=", ".join(unknown[:5])))
        try:
            relocation = spec.mechanism()
        except ValueError:
            raise QgsProcessingException(self.tr("EPSILON is too large: the derived probability of keeping the "
                                                 "true zone rounds to 1.")) from None
        if not math.isfinite(relocation.epsilon):
            raise QgsProcessingException(self.tr(
                "FLOOR {floor:g} is so small that the smallest replacement probability underflows and epsilon is "
                "infinite: no privacy. Use a FLOOR of at least 1e-6 (0.05 is a common choice).").format(floor=floor))
        feedback.setProgress(20)

        trips = read_table(self, parameters, self.INPUT, context, feedback, fields=ALL_FIELDS)
        others = {n: v for n, v in trips.columns.items() if n not in (origin_field, dest_field)}
        dropped_fields = self.fields_to_drop(parameters, context, others, np.full((len(trips.fids), 2), np.nan),
                                             feedback)
        feedback.pushInfo(self.tr(
            "Epsilon per trip {eps:.6g} (origin {eo:.6g}, destination {ed:.6g}); smallest replacement "
            "probabilities {qo:.3g} and {qd:.3g}.").format(
                eps=relocation.epsilon, eo=relocation.epsilon_origin, ed=relocation.epsilon_destination,
                qo=relocation.origin_q_min, qd=relocation.dest_q_min))
        source = self.noise_source(parameters, context, feedback)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination,
                                inherited=records)
        release = release_relocation(trips.columns[origin_field], trips.columns[dest_field], spec,
                                     source.generator, before_noise=reserve)
        if reveal(release.facts["outside"]):
            log_private(feedback, self.tr(
                "{n} of the trips' origins and destinations are NULL or not a known zone and were reported as draws "
                "from the histogram. If that is most of them, check ORIGIN_FIELD, DEST_FIELD and the zone ids."),
                warning=True, n=release.facts["outside"])
        rows = release.result["rows"]
        feedback.setProgress(50)
        if feedback.isCanceled():
            return {}

        reservation = reserve.reservation
        total = compose(
            [ReleaseEvent(reservation.release_id, "trips", relocation.epsilon, 0.0,
                          Partition.parse(reservation.partition))]
            + [ReleaseEvent(r.release_id, "trips", float(r.epsilon), float(r.delta or 0.0),
                            Partition.parse(r.partition)) for r in records]
        )
        notes = [self.tr(
            "Epsilon per trip {eps:.6g} = origin {eo:.6g} + destination {ed:.6g} (p = {p:.6g}, floor {f:g}, "
            "{n} zones, {kind}).").format(
                eps=relocation.epsilon, eo=relocation.epsilon_origin, ed=relocation.epsilon_destination,
                p=relocation.p_truth, f=floor, n=release.facts["zones"],
                kind=self.tr("joint OD histogram") if joint else self.tr("origin/destination histograms"))]
        if records:
            notes.append(self.tr(
                "Total with the histogram release(s) {ids}: epsilon {eps:.6g}, delta {delta:g} (their records "
                "follow this one in the metadata).").format(
                    ids=", ".join(r.release_id for r in records), eps=total.epsilon, delta=total.delta))
        else:
            notes.append(self.tr("The histograms carry no privacy record and were declared public tables "
                                 "(HISTOGRAMS_PUBLIC): not computed from these people's data."))
        notes.append(self.tr("Origins and destinations that are NULL or not a known zone are reported as draws "
                             "from the histogram."))
        record = self.privacy_record(
            mechanism_fields=release.record_fields, input_layer=trips.source_name,
            seeded=source.seeded or any(r.seeded for r in records),
            **reservation.record_fields(),
        ).with_notes(*notes, *filter(None, [self.kept_identifiers_note(parameters, context)]))
        title = self.tr("Relocated trips")
        replaced = [Column(origin_field, "text", release.result["origin_id"]),
                    Column(dest_field, "text", release.result["dest_id"])]
        reported_origin, reported_dest = release.result["origin_index"], release.result["dest_index"]
        geometries, crs_wkt = None, None
        if zones is not None:
            points = zones.tessellation.representative_points()
            coordinates = np.stack((points[reported_origin], points[reported_dest]), axis=1)
            geometries = shapely.linestrings(coordinates)
            crs_wkt = zones.crs.toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED)
        write_rows(trips, rows, destination, feedback,
                   finish=lambda path, layer: write_to_file(path, layer, record, title, records),
                   geometries=geometries, geometry_type=ogr.wkbLineString, crs_wkt=crs_wkt, replaced=replaced,
                   exclude_fields=dropped_fields)
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title, inherited=records))
        feedback.setProgress(100)
        return {
            self.OUTPUT: destination,
            "EPSILON_PER_TRIP": relocation.epsilon,
            "P_TRUTH_USED": relocation.p_truth,
            "EPSILON_ORIGIN": relocation.epsilon_origin,
            "EPSILON_DESTINATION": relocation.epsilon_destination,
            "EPSILON_TOTAL": total.epsilon,
            "TRIPS_WRITTEN": len(rows),
        }

    # --- histograms --------------------------------------------------------------

    def _histograms(self, parameters, context, feedback, joint):
        """([histogram dicts], distinct privacy records of the histogram layers)."""
        if joint:
            fields = [self.parameterAsString(parameters, name, context) or default
                      for name, default in ((self.OD_ORIGIN_FIELD, "origin_id"), (self.OD_DEST_FIELD, "dest_id"),
                                            (self.OD_COUNT_FIELD, "noisy_count"))]
            table = read_table(self, parameters, self.OD_HISTOGRAM, context, feedback, fields=fields)
            counts = self._counts(table, fields[2], self.OD_HISTOGRAM)
            histogram = {}
            for key, count in zip(zip(zone_keys(table.columns[fields[0]]), zone_keys(table.columns[fields[1]])),
                                  counts):
                if key[0] is not None and key[1] is not None:
                    histogram[key] = histogram.get(key, 0.0) + count
            return [histogram], self._records(parameters, [self.OD_HISTOGRAM], context, feedback)
        zone_field = self.parameterAsString(parameters, self.HISTOGRAM_ZONE_FIELD, context) or "zone_id"
        count_field = self.parameterAsString(parameters, self.HISTOGRAM_COUNT_FIELD, context) or "noisy_count"
        names = [self.ORIGIN_HISTOGRAM] + ([self.DEST_HISTOGRAM] if parameters.get(self.DEST_HISTOGRAM) else [])
        histograms = []
        for name in names:
            table = read_table(self, parameters, name, context, feedback, fields=[zone_field, count_field])
            histogram = {}
            for zone, count in zip(zone_keys(table.columns[zone_field]), self._counts(table, count_field, name)):
                if zone is not None:
                    histogram[zone] = histogram.get(zone, 0.0) + count
            histograms.append(histogram)
        return histograms, self._records(parameters, names, context, feedback)

    def _counts(self, table, field, name):
        if table.field_types[field] not in _NUMERIC:
            raise QgsProcessingException(self.tr("The count field '{field}' of {name} must be numeric.").format(
                field=field, name=name))
        counts = np.asarray(table.columns[field], dtype=float)
        # Rows of one zone (e.g. time slots) are added first; negative sums are clipped in the core.
        return np.where(np.isnan(counts), 0.0, counts)

    def _records(self, parameters, names, context, feedback):
        """The distinct privacy records (own and inherited) of the histogram layers."""
        records, seen = [], set()
        for name in names:
            found = _layer_records(self.parameterAsVectorLayer(parameters, name, context))
            if not found and not self.parameterAsBool(parameters, self.HISTOGRAMS_PUBLIC, context):
                raise QgsProcessingException(self.tr(
                    "{name} carries no dp_geoprivacy privacy record, so its counts may be raw counts of these "
                    "trips, which the output would reveal. Use a noisy release of this plugin "
                    "(dp_geoprivacy:noisyzonecounts or noisyodflows), or, if it is a public table not computed "
                    "from these people's data, set HISTOGRAMS_PUBLIC.").format(name=name))
            for record in found:
                if not record.is_release:  # a seeded histogram is allowed, and makes this output seeded too
                    raise QgsProcessingException(self.tr(
                        "{name} is marked NOT differentially private: its counts would leak into the "
                        "relocated trips. Use a noisy release (dp_geoprivacy:noisyzonecounts) or a public "
                        "table.").format(name=name))
                if record.release_id not in seen:
                    seen.add(record.release_id)
                    records.append(record)
        return records


def _layer_records(layer):
    if layer is None:
        return []
    found = records_in(layer.metadata())
    if not found:
        path = QgsProviderRegistry.instance().decodeUri(layer.providerType(), layer.source()).get("path")
        if path:
            found = read_from_file(path)
    return found
