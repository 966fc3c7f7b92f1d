"""dp_geoprivacy:tripends: origin and destination points of trips or tracks (a preparation step, not a release).

Turns a line layer into two point layers so that zone counts, OD flows and
the mobility report can take tracks (Dumont et al. 2021 §2.3: "only report the
start/end of a trip"). No noise: the outputs hold true locations and are
inputs for the privatising algorithms, not for publication.
"""

from pathlib import Path

import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputNumber,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterVectorDestination,
)

from ...core.releases.trajectories import trip_ends
from ..base import DpAlgorithm
from ..help_summary import with_summary
from ..privacy_metadata import write_lineage
from ..source_fingerprint import source_fingerprint
from ..track_reader import field_names, read_tracks, skip_text
from ..writers import Column, together, write_points


class TripEnds(DpAlgorithm):
    """First and last vertex of every line, with the chosen fields carried."""

    ALGORITHM_ID = "tripends"
    GROUP_ID = "preparation"
    INPUT = "INPUT"
    FIELDS = "FIELDS"
    ORIGINS = "ORIGINS"
    DESTINATIONS = "DESTINATIONS"
    TIME_FIELDS = ("start_time", "end_time")

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Trip ends from tracks (preparation, not private)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        return with_summary(
            self.tr("Turns trips or GPS tracks (lines) into two point layers: their origins and their "
                    "destinations, as input for the private releases."),
            self.tr("<b>Private:</b> nothing: not differentially private, the outputs hold the true trip ends; "
                    "keep them with the raw data."),
            self.tr("<b>Accuracy:</b> exact, no noise (the first and last vertex of each line)."),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Turns a line layer of trips or GPS tracks into two point layers: ORIGINS (the first vertex of "
            "each line) and DESTINATIONS (the last vertex), each carrying the chosen FIELDS (default: all, "
            "e.g. trip id, user id and time fields), so that noisy zone counts, OD flows and trip relocation "
            "can take tracks, also in a Processing model.</p>"
            "<p><b>Not a release.</b> No noise is added and nothing is spent from a budget: the outputs hold "
            "the true trip ends and must not be published. Feed them to a privatising algorithm.</p>"
            "<p><b>Lineage.</b> Both outputs record in their metadata the fingerprint of the input (private, like "
            "the outputs): a release made from them with a LEDGER is charged to the trips' budget.</p>"
            "<p>Multi-part lines: the first vertex of the first part and the last vertex of the last part. "
            "Features without geometry, with an empty geometry or with one vertex are skipped and counted "
            "in the log. Rows keep the input's order, so ORIGINS and DESTINATIONS match row by row.</p>"
            "<p><b>Times.</b> When the lines carry M values (timestamps, e.g. epoch seconds of a GPS track), "
            "both outputs get start_time (the M value of the first vertex) and end_time (of the last vertex), "
            "exact and in the M values' unit; input fields of the same names are then not carried. Lines "
            "without M values give no time fields.</p>"
            "<p>Source: Dumont et al. 2021 §2.3.</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Trips or tracks (lines)"), [QgsProcessing.TypeVectorLine]))
        self.add(QgsProcessingParameterField(
            self.FIELDS, self.tr("Fields to carry (default: all)"), parentLayerParameterName=self.INPUT,
            allowMultiple=True, optional=True))
        for name, label in ((self.ORIGINS, self.tr("Trip origins (not private)")),
                            (self.DESTINATIONS, self.tr("Trip destinations (not private)"))):
            output = QgsProcessingParameterVectorDestination(name, label, QgsProcessing.TypeVectorPoint)
            output.setHelp(self.tr("The true locations, exactly as in the input: not private, do not publish. "
                                   "Give them to a privatizing algorithm (e.g. noisy zone counts)."))
            output.setSupportsNonFileBasedOutput(False)
            self.add(output)
        self.add_output(QgsProcessingOutputNumber("TRIPS", self.tr("Trips written")))
        self.add_output(QgsProcessingOutputNumber("TRIPS_SKIPPED", self.tr("Trips skipped")))

    def _record_lineage(self, parameters, context, feedback, paths):
        """Both outputs name the input's fingerprint (and its own parents): a release made from them is charged
        to the trips in the ledger (issue 19 item 7)."""
        fingerprint, _, parents = source_fingerprint(self, parameters, self.INPUT, context, feedback)
        for path in paths:
            write_lineage(path, Path(path).stem, (*parents, fingerprint),
                          self.tr("Trip ends (prepared data, not private: do not publish)"))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        chosen = self.parameterAsFields(parameters, self.FIELDS, context)
        origins_path = self.parameterAsOutputLayer(parameters, self.ORIGINS, context)
        destinations_path = self.parameterAsOutputLayer(parameters, self.DESTINATIONS, context)
        table = read_tracks(self, parameters, self.INPUT, context, feedback)
        skipped = sum(table.skipped.values())
        if skipped:
            feedback.pushWarning(self.tr("Skipped {n} features: {details}.").format(
                n=skipped, details="; ".join(self.tr("{n} with {reason}").format(n=c, reason=skip_text(r))
                                             for r, c in table.skipped.items())))
        excluded = [n for n in field_names(table) if chosen and n not in chosen]
        origins, destinations = trip_ends(table.coords, table.offsets)
        rows = np.arange(len(table.fids))
        added = []
        if table.times is not None:
            clash = [n for n in field_names(table) if n in self.TIME_FIELDS and n not in excluded]
            if clash:
                feedback.pushWarning(self.tr("The input's fields {names} are not carried: start_time and "
                                             "end_time come from the M values.").format(names=", ".join(clash)))
                excluded += clash
            added = [Column(name, "real", values)
                     for name, values in zip(self.TIME_FIELDS, trip_ends(table.times, table.offsets))]
        feedback.setProgress(40)
        with together():  # both outputs, or neither (e.g. a full disk while writing the second)
            write_points(table, rows, origins, origins_path, feedback, finish=lambda path, layer: None,
                         exclude_fields=excluded, added=added)
            feedback.setProgress(70)
            write_points(table, rows, destinations, destinations_path, feedback, finish=lambda path, layer: None,
                         exclude_fields=excluded, added=added)
        self._record_lineage(parameters, context, feedback, (origins_path, destinations_path))
        feedback.setProgress(100)
        return {self.ORIGINS: origins_path, self.DESTINATIONS: destinations_path, "TRIPS": len(rows),
                "TRIPS_SKIPPED": skipped}
