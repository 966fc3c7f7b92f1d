"""dp_geoprivacy:randomizedresponse: randomized response on a categorical field.

Sources: seed 000 §3.3 (coin-flip response, epsilon = ln 3; weighted coin,
eq. 3-6) and §4.1 (vehicle make and model replaced within fuel-type strata,
eq. 8-12). The mechanism, its privacy claim and the release (strata,
domain, responses, random row order, estimates) live in
``core.randomized_response`` (``release_randomized_response``); this
module reads the field (and strata), reserves the budget when the release
asks, and writes the layer with the field replaced in shuffled order, plus
a table of unbiased frequency estimates.
"""

import math

import numpy as np
import shapely
from osgeo import ogr
from qgis.core import (
    QgsLayerMetadata,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
    QgsVectorLayer,
)

from ...core.randomized_response import (
    STRATUM_DISTRIBUTION,
    UNIFORM,
    ResponseData,
    ResponseInputError,
    ResponseSpec,
    category_keys,
    release_randomized_response,
)
from ..base import DpAlgorithm
from ..help_summary import defaults, response_figures, with_summary
from ..privacy_metadata import ReleaseLayerPostProcessor, records_in, write_to_file
from ..readers import ALL_FIELDS, read_table
from ..writers import Column, write_features, write_rows

_KINDS = {"String": "text", "Integer": "int", "Integer64": "int", "Real": "real"}


class RandomizedResponseAlgorithm(DpAlgorithm):
    """Replace a categorical field by randomized responses, within optional strata."""

    ALGORITHM_ID = "randomizedresponse"
    GROUP_ID = "categorical"
    DIALOG_ORDER = ("INPUT", "FIELD", "EPSILON", "P_TRUTH", "CATEGORIES")
    ADVANCED = ("STRATA_FIELD", "REPLACEMENT")
    INPUT = "INPUT"
    FIELD = "FIELD"
    CATEGORIES = "CATEGORIES"
    STRATA_FIELD = "STRATA_FIELD"
    P_TRUTH = "P_TRUTH"
    EPSILON = "EPSILON"
    REPLACEMENT = "REPLACEMENT"
    OUTPUT = "OUTPUT"
    OUTPUT_ESTIMATES = "OUTPUT_ESTIMATES"
    REPLACEMENTS = (UNIFORM, STRATUM_DISTRIBUTION)

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Randomized response on a categorical field")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        from .accuracy_planner import AccuracyPlanner  # noqa: PLC0415 (the planner's example settings)

        epsilon, k, n, share = defaults(AccuracyPlanner(), "EPSILON", "CATEGORIES", "RESPONDENTS", "SHARE")
        figures = response_figures(epsilon, k, n, share)
        return with_summary(
            self.tr("Replaces each row's value of a categorical field by a random one with some probability "
                    "(randomized response); frequencies can still be estimated."),
            self.tr("<b>Private:</b> each row's value, for the person or vehicle of that row (local differential "
                    "privacy: every row is protected on its own)."),
            self.tr("<b>Accuracy, for example</b> (EPSILON={epsilon:g}, {k} categories, {n:,} rows; EPSILON has no "
                    "default): the estimated count of a category is off by at most ±{moe:.3g} rows (95%); each value "
                    "is kept with probability {p:.2g}.").format(
                epsilon=epsilon, k=k, n=n, moe=figures.margin_of_error, p=figures.p_truth),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Gives every row plausible deniability about one categorical value (vehicle type, "
            "trip purpose, a yes/no answer): each value is kept with probability P_TRUTH and "
            "otherwise replaced by a random draw, so no published value can be taken at face value, "
            "while the frequencies can still be estimated.</p>"
            "<p><b>Privacy.</b> For a true value c and any other value c' of the domain, "
            "Pr[report c | c] / Pr[report c | c'] = (p + (1-p) q) / ((1-p) q) with q the smallest "
            "replacement probability, so EPSILON = ln((p + (1-p) q) / ((1-p) q)) (seed 000 eq. 11). "
            "Give P_TRUTH or EPSILON; the other is derived. The unit of privacy is one row's value "
            "of FIELD; row order is shuffled.</p>"
            "<p><b>Other fields and geometry.</b> Other fields pass through, except fields equal to "
            "true point coordinates and record keys (fields with a distinct value in every row), "
            "which are dropped and named in the log (KEEP_IDENTIFIERS, advanced, keeps keys for "
            "internal study runs; the metadata then says not to publish). Geometries are kept only "
            "when the input is itself a differentially private location release (e.g. the output of "
            "Laplace location perturbation or trip relocation); otherwise they are true locations "
            "and the output is written as a table without them: perturb the locations first and "
            "run this algorithm on the result to keep a map layer.</p>"
            "<p><b>REPLACEMENT 0, uniform</b> (k-ary randomized response): the replacement is drawn "
            "uniformly from the k values of the domain, EPSILON = ln((p k + 1 - p) / (1 - p)) "
            "(seed 000 eq. 13). Binary with a fair coin (P_TRUTH 0.5, k = 2): EPSILON = ln 3 "
            "(seed 000 §3.3, eq. 3); a weighted coin theta: ln((1 + theta) / (1 - theta)) (eq. 4).</p>"
            "<p><b>REPLACEMENT 1, the stratum's distribution</b> (seed 000 §4.1): the replacement is "
            "drawn from the distribution of values in the row's stratum, which keeps every "
            "category's count in expectation. EPSILON = ln((p t + (1-p) n) / ((1-p) n)) with t the "
            "stratum size and n the count of its rarest value (seed 000 eq. 12), computed from the "
            "counts. Warning: that distribution is read from the data; eq. 12 treats it as fixed, "
            "and a rare value makes EPSILON large.</p>"
            "<p><b>CATEGORIES</b> is the public list of possible values (comma- or line-separated). "
            "Without it the values present in the data are used, which reveals which values occur: "
            "the metadata warns about it. <b>STRATA_FIELD</b> keeps replacements within the "
            "row's stratum (e.g. fuel type): the stratum is published exactly and is not "
            "protected; EPSILON is the largest over the strata.</p>"
            "<p><b>NULL values</b> of FIELD are left NULL and not randomized (whether a value is "
            "missing is published as is) and are left out of the estimates; fill them with a "
            "category such as 'unknown' first to protect them. Tables without geometry are "
            "accepted.</p>"
            "<p><b>OUTPUT_ESTIMATES</b>: per category (and stratum) the reported count, the unbiased "
            "estimate of the true count ((C - (1-p) N q) / p, seed 000 eq. 5-6 generalised to k "
            "values) and its standard error. These are post-processing and cost no extra epsilon.</p>"
            "<p>LEDGER, BUDGET and PARTITION: see the privacy report (dp_geoprivacy:privacyreport).</p>"
            "<p>Sources: seed 000 §3.3 (eq. 3-6) and §4.1 (eq. 8-12), §4.2 (eq. 13).</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input layer or table"), [QgsProcessing.TypeVector]))
        self.add(QgsProcessingParameterField(
            self.FIELD, self.tr("Categorical field to randomize"), parentLayerParameterName=self.INPUT))
        categories = QgsProcessingParameterString(
            self.CATEGORIES, self.tr("Public list of possible values (comma- or line-separated)"),
            multiLine=True, optional=True)
        categories.setHelp(self.tr("e.g. car, bus, bike, walk. Empty: the values present in the data are used."))
        self.add(categories)
        self.add(QgsProcessingParameterField(
            self.STRATA_FIELD, self.tr("Strata field (replacements stay within the stratum; not protected)"),
            parentLayerParameterName=self.INPUT, optional=True))
        p_truth = QgsProcessingParameterNumber(
            self.P_TRUTH, self.tr("Probability of keeping the true value (give this or EPSILON)"),
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0, maxValue=1.0)
        p_truth.setHelp(self.tr("In [0, 1); 0.5 with two values is the fair coin (epsilon = ln 3)."))
        self.add(p_truth)
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon (give this or P_TRUTH)"),
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0)
        epsilon.setHelp(self.tr("A finite number >= 0; P_TRUTH is derived from it."))
        self.add(epsilon)
        self.add(QgsProcessingParameterEnum(
            self.REPLACEMENT, self.tr("Replacement drawn from"),
            options=[self.tr("Uniform over the domain (k-ary randomized response)"),
                     self.tr("The stratum's distribution of values (seed 000 eq. 12; read from the data)")],
            defaultValue=0))
        self.add_seed_parameter()
        self.add_keep_identifiers_parameter()
        self.add_ledger_parameters()
        output = QgsProcessingParameterVectorDestination(
            self.OUTPUT, self.tr("Randomized layer"), QgsProcessing.TypeVector)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        estimates = QgsProcessingParameterVectorDestination(
            self.OUTPUT_ESTIMATES, self.tr("Frequency estimates"), QgsProcessing.TypeVector, optional=True,
            createByDefault=True)
        estimates.setSupportsNonFileBasedOutput(False)
        self.add(estimates)
        self.add_output(QgsProcessingOutputNumber("EPSILON_SPENT", self.tr("Epsilon spent")))
        self.add_output(QgsProcessingOutputNumber("P_TRUTH_USED", self.tr("Probability of keeping the value")))
        self.add_output(QgsProcessingOutputNumber("ROWS_WRITTEN", self.tr("Rows written")))
        self.add_output(QgsProcessingOutputNumber("NULL_VALUES", self.tr("NULL values left NULL")))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        field = self.parameterAsString(parameters, self.FIELD, context)
        strata_field = self.parameterAsString(parameters, self.STRATA_FIELD, context) or None
        if strata_field == field:
            raise QgsProcessingException(self.tr("STRATA_FIELD must be another field than FIELD."))
        replacement = self.REPLACEMENTS[self.parameterAsEnum(parameters, self.REPLACEMENT, context)]
        p_given, epsilon_given = self._p_or_epsilon(parameters, context)
        destination = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        estimates_destination = self.parameterAsOutputLayer(parameters, self.OUTPUT_ESTIMATES, context)

        fields = [field] + ([strata_field] if strata_field else [])
        table = read_table(self, parameters, self.INPUT, context, feedback, fields=ALL_FIELDS, geometry=True)
        others = [n for n in table.columns if n not in fields]
        keep_geometry = self._geometry_is_private(parameters, context, table, feedback)
        dropped = self.fields_to_drop(parameters, context, {n: table.columns[n] for n in others},
                                      _point_xy(table.geometries), feedback)
        kind = _KINDS.get(table.field_types[field])
        if kind is None:
            raise QgsProcessingException(self.tr(
                "FIELD '{field}' is a {type} field; randomized response needs a text or integer "
                "(or real) categorical field.").format(field=field, type=table.field_types[field]))
        categories = self._categories(parameters, context, kind)
        spec = ResponseSpec(replacement, p_truth=p_given, epsilon=epsilon_given,
                            categories=tuple(categories) if categories is not None else None)
        data = ResponseData(table.columns[field], kind, table.columns[strata_field] if strata_field else None)
        feedback.setProgress(20)

        source = self.noise_source(parameters, context, feedback)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        try:
            release = release_randomized_response(data, spec, source.generator, before_noise=reserve)
        except ResponseInputError as error:
            raise QgsProcessingException(self._input_error(error, field)) from None
        mechanism = release.mechanism
        notes = self._notes(spec, strata_field, feedback)
        feedback.pushInfo(self.tr("Probability of keeping the true value p = {p:.6g}; epsilon = {eps:.6g}.").format(
            p=mechanism.p_truth, eps=mechanism.epsilon))
        feedback.setProgress(50)
        if feedback.isCanceled():
            return {}

        rows = release.result["rows"]
        null_values = release.facts["null_values"]
        if null_values:
            notes.append(self.tr("{n} NULL values of '{field}' were left NULL (not randomized): whether a value "
                                 "is missing is published as is.").format(n=null_values, field=field))
            feedback.pushInfo(notes[-1])
        record = self.privacy_record(
            mechanism_fields=release.record_fields, input_layer=table.source_name, seeded=source.seeded,
            **reserve.record_fields(),
        ).with_notes(self.tr("Randomized field: '{field}'; p = {p:.6g}.").format(field=field, p=mechanism.p_truth),
                     *notes, *filter(None, [self.kept_identifiers_note(parameters, context)]))
        title = self.tr("Randomized response on {field}").format(field=field)
        geometry_type = table.ogr_geometry_type if keep_geometry else ogr.wkbNone
        geometries = table.geometries[rows] if geometry_type != ogr.wkbNone else None
        write_rows(table, rows, destination, feedback,
                   finish=lambda path, layer: write_to_file(path, layer, record, title),
                   geometries=geometries, geometry_type=geometry_type, exclude_fields=dropped,
                   replaced=[Column(field, "text", release.result["reported"])])
        feedback.setProgress(80)
        results = {
            self.OUTPUT: destination,
            "EPSILON_SPENT": record.epsilon,
            "P_TRUTH_USED": mechanism.p_truth,
            "ROWS_WRITTEN": len(rows),
            "NULL_VALUES": null_values,
        }
        if estimates_destination:
            estimates_title = self.tr("Frequency estimates for {field}").format(field=field)
            columns = _estimate_columns(release.result, strata_field)
            write_features(estimates_destination, "", None, None, columns, feedback,
                           finish=lambda path, layer: write_to_file(path, layer, record, estimates_title))
            results[self.OUTPUT_ESTIMATES] = estimates_destination
            self._post_process(context, estimates_destination, record, estimates_title)
        self._post_process(context, destination, record, title)
        feedback.setProgress(100)
        return results

    # --- helpers ---------------------------------------------------------------

    def _geometry_is_private(self, parameters, context, table, feedback):
        """Whether INPUT's geometries may be published: only if INPUT is a DP location release."""
        if table.ogr_geometry_type == ogr.wkbNone:
            return False
        layer = self.parameterAsVectorLayer(parameters, self.INPUT, context)
        metadata = layer.metadata() if layer is not None else QgsLayerMetadata()
        if not records_in(metadata):
            metadata = QgsVectorLayer(f"{table.gpkg_path}|layername={table.layer_name}", "input", "ogr").metadata()
        private = any(r.differentially_private and r.algorithm in LOCATION_RELEASES for r in records_in(metadata))
        if not private:
            feedback.pushWarning(self.tr(
                "INPUT's geometries are true locations (it is not the output of a location release), so "
                "the output is written as a table without them. To keep a map layer, run Laplace location "
                "perturbation first and randomize its output."))
        return private

    def _p_or_epsilon(self, parameters, context):
        given = {name: parameters.get(name) not in (None, "") for name in (self.P_TRUTH, self.EPSILON)}
        if given[self.P_TRUTH] == given[self.EPSILON]:
            raise QgsProcessingException(self.tr(
                "Give exactly one of P_TRUTH (probability of keeping the true value, e.g. 0.5) and EPSILON "
                "(e.g. 1.0); the other is derived."))
        if given[self.P_TRUTH]:
            p = self.parameterAsDouble(parameters, self.P_TRUTH, context)
            if not (math.isfinite(p) and 0 <= p < 1):
                raise QgsProcessingException(self.tr(
                    "P_TRUTH must be in [0, 1) (got {value}): with P_TRUTH = 1 every value is published "
                    "as it is and epsilon is infinite.").format(value=p))
            return p, None
        epsilon = self.parameterAsDouble(parameters, self.EPSILON, context)
        if not (math.isfinite(epsilon) and epsilon >= 0):
            raise QgsProcessingException(self.tr(
                "EPSILON must be a finite number >= 0 (got {value}).").format(value=epsilon))
        return None, epsilon

    def _categories(self, parameters, context, kind):
        text = self.parameterAsString(parameters, self.CATEGORIES, context).strip()
        if not text:
            return None
        items = [item.strip() for item in (text.splitlines() if "\n" in text else text.split(","))]
        items = [item for item in items if item]
        try:
            keys = list(category_keys(np.array(items, dtype=object), kind, parse=True))
        except ValueError:
            raise QgsProcessingException(self.tr(
                "CATEGORIES must be numbers for a numeric FIELD (got '{text}').").format(text=text)) from None
        if len(set(keys)) != len(keys):
            raise QgsProcessingException(self.tr("CATEGORIES lists a value twice."))
        return keys

    def _notes(self, spec, strata_field, feedback):
        """The record's notes (and warnings) that follow from the settings."""
        notes = []
        if spec.replacement != UNIFORM:
            warning = self.tr(
                "REPLACEMENT = the stratum's distribution: replacements are drawn from the distribution of "
                "values read from the data (seed 000 §4.1). Its epsilon (seed 000 eq. 12) is computed from "
                "the counts and treats that distribution as fixed; it is not protected itself, and a rare "
                "value makes epsilon large.")
            notes.append(warning)
            feedback.pushWarning(warning)
        if spec.categories is None:
            warning = self.tr(
                "No CATEGORIES given: the domain is the set of values present in the data, which reveals "
                "which values occur. Give the public list of possible values to avoid this.")
            notes.append(warning)
            feedback.pushWarning(warning)
        if strata_field:
            notes.append(self.tr(
                "Replacements stay within the stratum given by '{field}': the stratum is published exactly "
                "and is not protected. Epsilon is the largest over the strata.").format(field=strata_field))
        if spec.p_from_data:
            notes.append(self.tr("P_TRUTH was derived from EPSILON and the domain or counts read from the data."))
        return notes

    def _input_error(self, error, field):
        if error.reason == "all_null":
            return self.tr("FIELD '{field}' has only NULL values.").format(field=field)
        if error.reason == "unknown_categories":
            return self.tr(
                "{n} values of '{field}' are not in CATEGORIES (e.g. {examples}). Add them to "
                "CATEGORIES or clean the field first.").format(
                    n=len(error.values), field=field, examples=", ".join(error.values[:5]))
        return self.tr("EPSILON is too large: the derived P_TRUTH rounds to 1.")

    def _post_process(self, context, destination, record, title):
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title))


LOCATION_RELEASES = ("dp_geoprivacy:laplaceperturbation", "dp_geoprivacy:triprelocation")


def _point_xy(geometries):
    """(n, 2) coordinates of point geometries, NaN for anything else (for the coordinate-field check)."""
    xy = np.full((len(geometries), 2), np.nan)
    if len(geometries):
        points = shapely.get_type_id(geometries) == 0
        xy[points, 0] = shapely.get_x(geometries[points])
        xy[points, 1] = shapely.get_y(geometries[points])
    return xy


def _estimate_columns(result, strata_field):
    """The estimate table of a release (core.randomized_response) as output columns."""
    columns = [Column("stratum", "text", result["stratum"])] if strata_field else []
    return columns + [
        Column("category", "text", result["category"]),
        Column("reported", "int", result["reported_count"]),
        Column("estimate", "real", result["estimate"]),
        Column("std_error", "real", result["std_error"]),
    ]
