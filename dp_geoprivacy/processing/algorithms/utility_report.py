"""dp_geoprivacy:utilityreport: how far a released layer is from the raw data it came from.

NOT differentially private: the report holds statistics of the raw data
(core.accuracy.utility), for the data holder deciding whether a release is usable;
title, metadata, keywords and the HTML say so. The released layer's privacy
record says what kind of release it is; the planner's prediction for that
record (core.accuracy.planning) is reported next to each measured figure.
"""

import html
import math

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ...core.accounting.privacy_record import PrivacyRecord
from ...core.accuracy import utility
from ...core.accuracy.accuracy_chart import scatter_svg
from ...core.accuracy.accuracy_statistics import spec_from_record, statistic_accuracy, statistic_of_columns
from ...core.accuracy.escape_chart import chart_html
from ...core.accuracy.planning import CountAccuracy, accuracy_from_record
from ...core.geometry.metric_crs import transform_xy
from ...core.releases.escape_release import NOT_A_RELEASE, NOT_DP_NOTE
from ..base import DpAlgorithm
from ..help_summary import with_summary
from ..metric_crs import resolve_metric_crs, wkt
from ..privacy_metadata import read_from_file, write_to_file
from ..readers import read_points
from ..trip_reader import read_trips
from ..writers import Column, write_features, write_text
from ..zone_source import add_zone_parameters, cell_set_from_parameters

COUNTS, FLOWS, POINTS = "dp_geoprivacy:noisyzonecounts", "dp_geoprivacy:noisyodflows", \
    "dp_geoprivacy:laplaceperturbation"
STATISTICS = "dp_geoprivacy:noisyzonestatistics"
SUPPORTED = (COUNTS, FLOWS, POINTS, STATISTICS)


class UtilityReport(DpAlgorithm):
    """Error metrics of a released layer against its original (not private)."""

    ALGORITHM_ID = "utilityreport"
    GROUP_ID = "calibration"
    RELEASED = "RELEASED"
    ORIGINAL = "ORIGINAL"
    GRID = "GRID"
    MATCH_FIELD = "MATCH_FIELD"
    VALUE_FIELD = "VALUE_FIELD"
    TOP_N = "TOP_N"
    OUTPUT = "OUTPUT"
    OUTPUT_HTML = "OUTPUT_HTML"

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Utility report (not differentially private: contains statistics of the raw data)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        return with_summary(
            self.tr("Compares a released layer with the original it came from: errors per zone, per flow or per "
                    "point, as a table and an HTML report."),
            self.tr("<b>Private:</b> nothing: not differentially private, it contains statistics of the raw data; "
                    "keep the report with the data holder."),
            self.tr("<b>Accuracy:</b> exact, no noise: it measures the error a release really has "
                    "(dp_geoprivacy:accuracyplanner predicts it beforehand)."),
            self._details())

    def _details(self):
        return self.tr(
            "<p><b>Not differentially private: contains statistics of the raw data.</b> For the data holder: "
            "how close is a released layer to the data it came from? Keep the report private.</p>"
            "<p>RELEASED is the output of a release (its privacy record says which: noisy zone counts, noisy "
            "OD flows or Laplace perturbation); ORIGINAL the raw layer it was made from. No identifiers are "
            "needed.</p>"
            "<p><b>Zone counts</b> (give the same ZONES/ZONE_ID_FIELD or H3_RESOLUTION as the release): MAE, "
            "RMSE, relative error, the share of zones with no point published above 0, noisy against true "
            "total; time slots are summed per zone. <b>OD flows</b> (ORIGINAL: the trips; same zones): the same, "
            "plus SMAPE, correlation, overlap of the TOP_N largest flows, spurious flows (published, no trip) "
            "and missing flows (trips, not published). A cell not published counts as 0. <b>Locations</b>: the "
            "earth mover's distance between the two point sets over a public grid of GRID metres (coarsened "
            "until each set covers at most 300 cells), count errors per zone when ZONES are given, and, with "
            "MATCH_FIELD (a private key present in both layers, e.g. kept with KEEP_IDENTIFIERS), the "
            "displacement distribution and the share of points that left their zone. <b>Zone statistics</b> "
            "(sum, mean, quantiles per zone; VALUE_FIELD: the original's field the release summarised; same "
            "zones): per zone the published value against the raw one (numpy's quantile for quantiles), MAE, "
            "RMSE and bias over the zones published with data.</p>"
            "<p>Each figure comes with the accuracy planner's prediction for the release's record (expected "
            "absolute error, RMSE, margin; expected displacement). OUTPUT: a table (metric, value, predicted); "
            "OUTPUT_HTML: the same with a chart.</p>"
            "<p>Sources: Kapp et al. 2023 §5.2-5.4 (count and OD error measures), Dumont et al. 2021 §5 (escape "
            "share), the ITMS report "
            "§III (zone statistics).</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.RELEASED, self.tr("Released layer (with its privacy record)"), [QgsProcessing.TypeVector]))
        self.add(QgsProcessingParameterFeatureSource(
            self.ORIGINAL, self.tr("Original layer (raw points or trips)"), [QgsProcessing.TypeVector]))
        add_zone_parameters(self, h3=True, allow_overlap=False)
        self.add(QgsProcessingParameterNumber(
            self.GRID, self.tr("Grid for the earth mover's distance (metres)"), QgsProcessingParameterNumber.Double,
            defaultValue=100.0, minValue=0.0))
        self.add(QgsProcessingParameterField(
            self.MATCH_FIELD, self.tr("Key in both layers (private)"),
            parentLayerParameterName=self.ORIGINAL, optional=True))
        self.add(QgsProcessingParameterField(
            self.VALUE_FIELD, self.tr("Value field of the original (zone statistics)"),
            parentLayerParameterName=self.ORIGINAL, type=QgsProcessingParameterField.Numeric, optional=True))
        self.add(QgsProcessingParameterNumber(
            self.TOP_N, self.tr("Largest cells compared (top n)"), QgsProcessingParameterNumber.Integer,
            defaultValue=10, minValue=1))
        table = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Utility metrics (not private)"), QgsProcessing.TypeVector)
        table.setSupportsNonFileBasedOutput(False)
        self.add(table)
        self.add(QgsProcessingParameterFileDestination(
            self.OUTPUT_HTML, self.tr("Utility report (HTML, not private)"), self.tr("HTML files (*.html)"),
            optional=True, createByDefault=False))
        self.add_output(QgsProcessingOutputString("RELEASE_KIND", self.tr("Algorithm of the released layer")))
        for name, label in (("MAE", self.tr("Mean absolute error per cell")), ("RMSE", self.tr("RMSE per cell")),
                            ("PREDICTED_MAE", self.tr("Planner's expected absolute error")),
                            ("MAE_PUBLISHED", self.tr("Mean absolute error over published cells with data")),
                            ("SPURIOUS", self.tr("Spurious cells")), ("MISSING", self.tr("Missing cells")),
                            ("EMD_M", self.tr("Earth mover's distance (metres)")),
                            ("MEAN_DISPLACEMENT_M", self.tr("Mean displacement (metres)")),
                            ("PREDICTED_RMSE", self.tr("Planner's RMSE (zone statistics)")),
                            ("ZONES_COMPARED", self.tr("Zones compared (zone statistics)"))):
            self.add_output(QgsProcessingOutputNumber(name, label))

    # --- reading ------------------------------------------------------------------------

    def _record(self, parameters, context):
        layer = self.parameterAsVectorLayer(parameters, self.RELEASED, context)
        if layer is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.RELEASED))
        records = read_from_file(layer.source())
        dp = [r for r in records if r.is_release]  # a seeded study run is compared too
        if not dp:
            raise QgsProcessingException(self.tr(
                "RELEASED has no dp_geoprivacy privacy record: give a layer written by a dp_geoprivacy release "
                "(its record says what was released)."))
        record = dp[-1]
        if record.algorithm not in SUPPORTED:
            raise QgsProcessingException(self.tr(
                "RELEASED was made by {algorithm}; the utility report compares {supported}.").format(
                algorithm=record.algorithm, supported=", ".join(SUPPORTED)))
        return layer, record

    @staticmethod
    def _field_values(layer, names):
        indices = [layer.fields().lookupField(n) for n in names]
        if min(indices) < 0:
            return None
        values = [[] for _ in names]
        for feature in layer.getFeatures():
            for column, index in zip(values, indices):
                column.append(feature.attribute(index))
        return values

    def _released_cells(self, layer, keys):
        values = self._field_values(layer, list(keys) + ["noisy_count"])
        if values is None:
            raise QgsProcessingException(self.tr(
                "RELEASED lacks the fields {fields} and noisy_count of its release.").format(fields=", ".join(keys)))
        noisy = {}
        for row in zip(*values):
            key = tuple(str(v) for v in row[:-1])
            key = key[0] if len(key) == 1 else key
            count = row[-1]
            noisy[key] = noisy.get(key, 0.0) + (float(count) if count not in (None, "") else 0.0)
        return noisy

    # --- run ----------------------------------------------------------------------------

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        layer, record = self._record(parameters, context)
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        feedback.pushWarning(self.tr("This report is NOT differentially private: it contains statistics of the "
                                     "raw data. Keep it private."))
        top_n = self.parameterAsInt(parameters, self.TOP_N, context)
        predicted = accuracy_from_record({k: getattr(record, k) for k in (
            "mechanism", "epsilon", "delta", "sensitivity", "noise_scale", "snapping_grain_m", "release_epsilon")})
        rows, results, chart = [], {"RELEASE_KIND": record.algorithm}, None
        self._published_error = None
        if record.algorithm == COUNTS:
            measured, chart = self._counts(parameters, context, feedback, layer, top_n)
        elif record.algorithm == FLOWS:
            measured, chart = self._flows(parameters, context, feedback, layer, top_n)
        else:
            measured = None
        if measured is not None:
            expected = predicted if isinstance(predicted, CountAccuracy) else None
            # The planner's per-cell error is that of a published cell: with the stability threshold unpublished
            # cells count as 0 here, so the prediction is shown for the published cells only.
            every_cell = expected if expected is not None and expected.threshold is None else None
            published = self._published_error
            rows += [
                ("cells", measured.cells, None), ("mae", measured.mae, every_cell and every_cell.expected_abs_error),
                ("rmse", measured.rmse, every_cell and every_cell.rmse),
                ("published_cells_with_data", published.cells if published else 0, None),
                ("mae_published_cells_with_data", published.mae if published else None,
                 expected and expected.expected_abs_error),
                ("relative_error", measured.relative_error, None), ("smape", measured.smape, None),
                ("correlation", measured.correlation, None), ("true_total", measured.true_total, None),
                ("noisy_total", measured.noisy_total, None), ("zero_cells", measured.zero_cells, None),
                ("zero_share_nonzero", measured.zero_share_nonzero,
                 every_cell.p_spurious if every_cell and record.algorithm == COUNTS else None),
                ("spurious", measured.spurious, None), ("missing", measured.missing, None),
                (f"top_{measured.top_n}_overlap", measured.top_overlap, None)]
            results.update(MAE=measured.mae, RMSE=measured.rmse, SPURIOUS=measured.spurious,
                           MISSING=measured.missing,
                           MAE_PUBLISHED=published.mae if published else None,
                           PREDICTED_MAE=expected.expected_abs_error if expected else None)
        if record.algorithm == STATISTICS:
            statistic_rows, statistic_results, chart = self._statistics(parameters, context, feedback, layer, record)
            rows += statistic_rows
            results.update(statistic_results)
        if record.algorithm == POINTS:
            location_rows, location_results = self._points(parameters, context, feedback, predicted)
            rows += location_rows
            results.update(location_results)
        for name, value, expectation in rows:
            feedback.pushInfo(self.tr("{name}: {value}{predicted}").format(
                name=name, value=_fmt(value),
                predicted="" if expectation is None else self.tr(" (planner: {p})").format(p=_fmt(expectation))))
        note_record = PrivacyRecord(
            algorithm=f"dp_geoprivacy:{self.ALGORITHM_ID}", plugin_version=record.plugin_version,
            input_layer=self.tr("{released} against its original").format(released=layer.name()), seeded=False,
            differentially_private=False, notes=(NOT_DP_NOTE,), **NOT_A_RELEASE)
        title = self.tr("Utility report (not differentially private: contains statistics of the raw data)")
        columns = [Column("metric", "text", np.array([r[0] for r in rows], dtype=object)),
                   Column("value", "real", [_number(r[1]) for r in rows]),
                   Column("predicted", "real", [_number(r[2]) for r in rows])]
        write_features(destination, "", ogr.wkbNone, None, columns, feedback,
                       finish=lambda path, name: write_to_file(path, name, note_record, title))
        results[self.OUTPUT] = destination
        report = self.parameterAsFileOutput(parameters, self.OUTPUT_HTML, context) \
            if parameters.get(self.OUTPUT_HTML) else ""
        if report:
            write_text(report, self._html(title, record, rows, chart))
            results[self.OUTPUT_HTML] = report
        return results

    def _zones(self, parameters, context, feedback, crs):
        return cell_set_from_parameters(self, parameters, context, feedback, points_crs=crs, require_public=False)

    def _counts(self, parameters, context, feedback, layer, top_n):
        points = read_points(self, parameters, self.ORIGINAL, context, feedback)
        cells = self._zones(parameters, context, feedback, points.crs)
        zone = cells.assigner(points.crs, feedback)(points.xy)
        true = np.bincount(zone[zone >= 0], minlength=len(cells))
        truth = {str(cells.ids[i]): int(true[i]) for i in range(len(cells))}
        noisy = self._released_cells(layer, ["zone_id"])
        domain = sorted(truth) if cells.public else sorted(set(truth) | set(noisy))
        measured = utility.compare_counts(truth, noisy, domain=domain, top_n=top_n)
        self._published_error = self._published(truth, noisy, top_n)
        return measured, ([truth.get(k, 0) for k in domain], [noisy.get(k, 0.0) for k in domain])

    @staticmethod
    def _published(truth, noisy, top_n):
        """Errors over the published cells that have data (None when there are none)."""
        keys = sorted(k for k in noisy if truth.get(k, 0) > 0)
        return utility.compare_counts(truth, noisy, domain=keys, top_n=top_n) if keys else None

    def _flows(self, parameters, context, feedback, layer, top_n):
        trips = read_trips(self, parameters, self.ORIGINAL, context, feedback)
        cells = self._zones(parameters, context, feedback, trips.crs)
        assign = cells.assigner(trips.crs, feedback)
        origin, dest = assign(trips.origin), assign(trips.dest)
        inside = (origin >= 0) & (dest >= 0)
        truth = {}
        for o, d in zip(origin[inside].tolist(), dest[inside].tolist()):
            key = (str(cells.ids[o]), str(cells.ids[d]))
            truth[key] = truth.get(key, 0) + 1
        noisy = self._released_cells(layer, ["origin_id", "dest_id"])
        keys = sorted(set(truth) | set(noisy))
        measured = utility.compare_counts(truth, noisy, domain=keys, top_n=top_n)
        self._published_error = self._published(truth, noisy, top_n)
        if cells.public:  # every other pair of the public domain is empty in both: add them to the zero cells
            n = len(cells) ** 2 - len(keys)
            zero = measured.zero_cells + n
            share = measured.spurious / zero if zero else math.nan
            measured = measured.__class__(**{**measured.as_row(), "zero_cells": zero, "zero_share_nonzero": share})
            feedback.pushInfo(self.tr("MAE and RMSE are over the {n:,} pairs with a trip or a published flow; the "
                                      "other {m:,} pairs are 0 in both.").format(n=len(keys), m=n))
        return measured, ([truth.get(k, 0) for k in keys], [noisy.get(k, 0.0) for k in keys])

    def _statistics(self, parameters, context, feedback, layer, record):
        """Per zone, the published statistic against the raw one of the original's VALUE_FIELD (accuracy.utility)."""
        names = [f.name() for f in layer.fields()]
        statistic = statistic_of_columns(names)
        if statistic is None or "time_slot" in names:
            raise QgsProcessingException(self.tr(
                "RELEASED is a zone statistics release the report cannot compare: it compares the sum, the mean "
                "and quantiles per zone without time slots (TIME_FIELD empty)."))
        value_field = self.parameterAsString(parameters, self.VALUE_FIELD, context)
        if not value_field:
            raise QgsProcessingException(self.tr(
                "VALUE_FIELD: give the numeric field of ORIGINAL the release summarised (its VALUE_FIELD)."))
        try:
            spec = spec_from_record({"mechanism": record.mechanism, "sensitivity": record.sensitivity,
                                     "notes": record.notes}, statistic)
        except ValueError as error:
            raise QgsProcessingException(self.tr(
                "RELEASED: its privacy record does not state the release's settings ({error}); give a layer "
                "written by dp_geoprivacy:noisyzonestatistics.").format(error=error)) from None
        columns = spec.columns
        values = self._field_values(layer, ["zone_id"] + list(columns))
        noisy = {str(row[0]): np.array([math.nan if v in (None, "") else float(v) for v in row[1:]])
                 for row in zip(*values)}
        points = read_points(self, parameters, self.ORIGINAL, context, feedback, fields=(value_field,))
        cells = self._zones(parameters, context, feedback, points.crs)
        zone = cells.assigner(points.crs, feedback)(points.xy)
        x = np.asarray(points.columns[value_field], dtype=float)
        keep = (zone >= 0) & ~np.isnan(x)
        order = np.argsort(zone[keep], kind="stable")
        zone_sorted, x_sorted = zone[keep][order], x[keep][order]
        starts = np.searchsorted(zone_sorted, np.arange(len(cells) + 1))
        truth = {str(cells.ids[i]): utility.zone_statistic_truth(x_sorted[starts[i]:starts[i + 1]], statistic)
                 for i in range(len(cells))}
        measured = utility.compare_statistics(truth, noisy, columns)
        sizes = np.diff(starts)
        published = [i for i in range(len(cells)) if str(cells.ids[i]) in noisy and sizes[i] > 0]
        records = int(np.median(sizes[published])) if published else 1
        zone_mean = None
        if statistic == "mean" and published:
            zone_mean = float(np.clip(np.mean([truth[str(cells.ids[i])][0] for i in published]), spec.lower,
                                      spec.upper))
        predicted = statistic_accuracy(spec, records, zone_mean=zone_mean)
        feedback.pushInfo(self.tr(
            "Planner figures for {statistic} at epsilon {e:g} per zone, for a zone of {n:,} records (the median of "
            "the published zones){mean}; contributions bounded per user (M) are not sampled here.").format(
            statistic=statistic, e=spec.epsilon, n=records,
            mean=self.tr(", mean {m:.4g}").format(m=zone_mean) if zone_mean is not None else ""))
        rows = [("zones_compared", measured.zones, None),
                ("records_per_zone_median", records, None),
                ("mae", measured.mae, predicted.expected_abs_error), ("rmse", measured.rmse, predicted.rmse),
                ("bias", measured.bias, None), ("max_abs_error", measured.max_abs_error, None),
                ("published_without_data", measured.published_without_data, None)]
        if len(columns) > 1:
            rows += [(f"mae_{name}", value, expected) for name, value, expected in
                     zip(columns, measured.column_mae, predicted.column_abs_error)]
        results = {"MAE": measured.mae, "RMSE": measured.rmse, "PREDICTED_MAE": predicted.expected_abs_error,
                   "PREDICTED_RMSE": predicted.rmse, "ZONES_COMPARED": measured.zones}
        keys = sorted(k for k in noisy if k in truth and not np.any(np.isnan(truth[k])))
        middle = len(columns) // 2
        chart = ([float(truth[k][middle]) for k in keys], [float(noisy[k][middle]) for k in keys],
                 self.tr("Published against raw {column} per zone").format(column=columns[middle]),
                 self.tr("raw value"), self.tr("published value"))
        return rows, results, chart

    def _points(self, parameters, context, feedback, predicted):
        match = self.parameterAsString(parameters, self.MATCH_FIELD, context) or None
        fields = (match,) if match else ()
        original = read_points(self, parameters, self.ORIGINAL, context, feedback, fields=fields)
        released = read_points(self, parameters, self.RELEASED, context, feedback, fields=fields)
        metric_crs, _choice = resolve_metric_crs(None, original.crs, original.xy, feedback=feedback)
        true_xy = transform_xy(original.xy, wkt(original.crs), wkt(metric_crs))
        noisy_xy = transform_xy(released.xy, wkt(released.crs), wkt(metric_crs))
        grid = self.parameterAsDouble(parameters, self.GRID, context)
        rows, results = [], {}
        if grid > 0:
            emd = utility.grid_emd(true_xy, noisy_xy, grid)
            rows += [("emd_m", emd.emd, None), ("emd_grid_m", emd.cell, None)]
            results["EMD_M"] = emd.emd
        rows += [("points_original", len(true_xy), None), ("points_released", len(noisy_xy), None)]
        if match:
            if match not in released.columns:
                raise QgsProcessingException(self.tr(
                    "MATCH_FIELD {field} is not in RELEASED: run the release with KEEP_IDENTIFIERS (internal "
                    "study runs only) to keep the key.").format(field=match))
            position = {key: i for i, key in enumerate(np.asarray(released.columns[match]).tolist())}
            pairs = [(i, position[k]) for i, k in enumerate(np.asarray(original.columns[match]).tolist())
                     if k in position]
            if not pairs:
                raise QgsProcessingException(self.tr("MATCH_FIELD pairs no point of ORIGINAL with RELEASED."))
            a, b = np.array(pairs).T
            moved = utility.displacement(true_xy[a], noisy_xy[b])
            expect = predicted if predicted is not None and hasattr(predicted, "q95") else None
            rows += [("pairs", moved.pairs, None), ("mean_displacement_m", moved.mean, expect and expect.mean),
                     ("median_displacement_m", moved.median, expect and expect.median),
                     ("q95_displacement_m", moved.q95, expect and expect.q95)]
            results["MEAN_DISPLACEMENT_M"] = moved.mean
            if parameters.get("ZONES") or parameters.get("H3_RESOLUTION") not in (None, ""):
                cells = self._zones(parameters, context, feedback, metric_crs)
                assign = cells.assigner(metric_crs, feedback)
                share = utility.escape_share_per_zone(assign(true_xy[a]), assign(noisy_xy[b]), len(cells))
                rows += [("escape_share_mean_over_zones", float(np.nanmean(share)), None)]
        return rows, results

    def _html(self, title, record, rows, chart):
        table = "".join(f"<tr><td>{html.escape(name)}</td><td>{_fmt(value)}</td><td>{_fmt(expected)}</td></tr>"
                        for name, value, expected in rows)
        svg = ""
        if chart is not None:
            labels = chart[2:] if len(chart) > 2 else (self.tr("Published against true count per cell"),
                                                       self.tr("true count"), self.tr("published count"))
            svg = scatter_svg(chart[0], chart[1], *labels)
        body = (f"<p><b>{html.escape(NOT_DP_NOTE)}</b></p><p>{html.escape(record.summary())}</p>"
                f"<table border=\"1\" cellpadding=\"4\"><tr><th>metric</th><th>value</th><th>planner</th></tr>"
                f"{table}</table>")
        return chart_html(svg + body, title)


def _number(value):
    return math.nan if value is None else float(value)


def _fmt(value):
    if value is None:
        return ""
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    return f"{float(value):.4g}"

