"""dp_geoprivacy:randomizedresponse: randomized response on a categorical field.

Source: Dumont et al., "Differential Privacy in Travel Data" (2021), §3.3
(coin-flip response, epsilon = ln 3; weighted coin, eq. 3-6) and §4.1
(vehicle make and model replaced within fuel-type strata, eq. 8-11). The
mechanism, its privacy claim (with its proof) and the release (declared
domain and strata, responses, random row order, estimates) live in
``core.releases.randomized_response`` (``release_randomized_response``); this
module reads the publisher's declarations (CATEGORIES, REPLACEMENT_WEIGHTS,
STRATA, OTHER), the field (and strata), reserves the budget when the
release asks, and writes the layer with the field replaced in shuffled
order, plus a table of unbiased frequency estimates.
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

from ...core.releases.publication import log_private, reveal
from ...core.releases.randomized_response import (
    DECLARED,
    UNIFORM,
    ResponseData,
    ResponseInputError,
    ResponseSpec,
    StratumDeclaration,
    category_keys,
    release_randomized_response,
)
from ..base import DpAlgorithm
from ..help_summary import defaults, response_figures, with_summary
from ..privacy_metadata import ReleaseLayerPostProcessor, records_in, write_to_file
from ..readers import ALL_FIELDS, read_table
from ..writers import Column, together, write_features, write_rows

_KINDS = {"String": "text", "Integer": "int", "Integer64": "int", "Real": "real"}


class RandomizedResponseAlgorithm(DpAlgorithm):
    """Replace a categorical field by randomized responses, within optional strata."""

    ALGORITHM_ID = "randomizedresponse"
    GROUP_ID = "categorical"
    DIALOG_ORDER = ("INPUT", "FIELD", "CATEGORIES", "EPSILON", "P_TRUTH")
    ADVANCED = ("OTHER", "STRATA_FIELD", "STRATA", "REPLACEMENT", "REPLACEMENT_WEIGHTS")
    INPUT = "INPUT"
    FIELD = "FIELD"
    CATEGORIES = "CATEGORIES"
    STRATA_FIELD = "STRATA_FIELD"
    STRATA = "STRATA"
    OTHER = "OTHER"
    REPLACEMENT_WEIGHTS = "REPLACEMENT_WEIGHTS"
    P_TRUTH = "P_TRUTH"
    EPSILON = "EPSILON"
    REPLACEMENT = "REPLACEMENT"
    OUTPUT = "OUTPUT"
    OUTPUT_ESTIMATES = "OUTPUT_ESTIMATES"
    REPLACEMENTS = (UNIFORM, DECLARED)

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
            "trip purpose, a yes/no answer): each value is kept with probability p and otherwise "
            "replaced by a random draw, so no published value can be taken at face value, while the "
            "frequencies can still be estimated (Dumont et al. 2021, \"Differential Privacy in Travel "
            "Data\", §3.3 and §4.1).</p>"
            "<p><b>Everything is declared, nothing is read from the data.</b> CATEGORIES (required) is "
            "the public list of possible values (comma- or line-separated, at least two); the output "
            "and the estimates use exactly these values. A value of FIELD that is not declared, and "
            "NULL, is reported by a public rule: as OTHER (advanced; a declared category such as "
            "'other') when given, otherwise as a draw from the replacement distribution, exactly as "
            "if its true value had been drawn from it. No value is ever published as it is, and "
            "nothing (the domain, p, the record) depends on which values occur.</p>"
            "<p><b>Privacy.</b> For a true value c and any other value c' (declared or not), "
            "Pr[report c | c] / Pr[report c | c'] <= (p + (1-p) q) / ((1-p) q) with q the smallest "
            "replacement probability, so EPSILON = ln((p + (1-p) q) / ((1-p) q)) (eq. 11 of the "
            "report). Give P_TRUTH or EPSILON; the other is derived from it and the declarations "
            "alone. The unit of privacy is one row's value of FIELD; row order is shuffled.</p>"
            "<p><b>REPLACEMENT 0, uniform</b> (k-ary randomized response, the default): the "
            "replacement is drawn uniformly from the k declared values, EPSILON = ln((p k + 1 - p) / "
            "(1 - p)) (eq. 13). Binary with a fair coin (P_TRUTH 0.5, k = 2): EPSILON = ln 3 (§3.3, "
            "eq. 3); a weighted coin theta: ln((1 + theta) / (1 - theta)) (eq. 4).</p>"
            "<p><b>REPLACEMENT 1, a declared distribution</b>: the replacement is drawn from "
            "REPLACEMENT_WEIGHTS, e.g. car=5, bus=2, bike=2, walk=1 (every category a weight > 0; "
            "they are scaled to sum to 1), which keeps the published shares closer to a known "
            "profile. The weights are public: take them from a published source or from the "
            "estimates of an earlier release (whose epsilon is already counted), never from the raw "
            "data. The report's replacement from the data's own distribution (eq. 12) is not "
            "offered: a value no row holds could never be drawn, and its epsilon is not bounded.</p>"
            "<p><b>STRATA_FIELD and STRATA</b> keep replacements within the row's stratum (e.g. fuel "
            "type, §4.1). STRATA declares the strata, one per line: 'electric: sedan, suv' (the "
            "stratum's values), 'gas: sedan=4, suv=3, van=2, truck=1' (with REPLACEMENT 1, its "
            "weights) or just 'gas' (all of CATEGORIES). The stratum is published as it is and is "
            "not protected. A stratum value that STRATA does not declare, or a stratum field with a "
            "distinct value in every row (it would identify rows), is refused. These checks read "
            "only STRATA_FIELD, never FIELD, so a refusal says nothing about the protected values. "
            "There is no minimum stratum size: each row is protected on its own, and a small stratum "
            "only gives wider estimates. EPSILON is the largest over the strata.</p>"
            "<p><b>Other fields and geometry.</b> Other fields pass through, except fields equal to "
            "true point coordinates and record keys (fields with a distinct value in every row), "
            "which are dropped and named in the log (KEEP_IDENTIFIERS, advanced, keeps keys for "
            "internal study runs; the metadata then says not to publish). Geometries are kept only "
            "when the input is itself a differentially private location release (e.g. the output of "
            "Laplace location perturbation or trip relocation); otherwise they are true locations "
            "and the output is written as a table without them: perturb the locations first and "
            "run this algorithm on the result to keep a map layer. Tables without geometry are "
            "accepted.</p>"
            "<p><b>OUTPUT_ESTIMATES</b>: per declared category (and stratum) the reported count, the "
            "unbiased estimate of the true count ((C - (1-p) N q) / p, eq. 5-6 generalised to k "
            "values; rows reported by the rule for undeclared values count as drawn from q) and its "
            "standard error. These are post-processing and cost no extra epsilon.</p>"
            "<p>LEDGER, BUDGET and PARTITION: see the privacy report (dp_geoprivacy:privacyreport).</p>"
            "<p>Sources: Dumont et al. 2021, §3.3 (eq. 3-6), §4.1 (eq. 8-11), §4.2 (eq. 13).</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterFeatureSource(
            self.INPUT, self.tr("Input layer or table"), [QgsProcessing.TypeVector]))
        self.add(QgsProcessingParameterField(
            self.FIELD, self.tr("Categorical field to randomize"), parentLayerParameterName=self.INPUT))
        categories = QgsProcessingParameterString(
            self.CATEGORIES, self.tr("Possible values (public list)"), multiLine=True)
        categories.setHelp(self.tr("Required, comma- or line-separated, e.g. car, bus, bike, walk."))
        self.add(categories)
        self.add(QgsProcessingParameterString(
            self.OTHER, self.tr("Report undeclared values and NULL as"), optional=True))
        self.add(QgsProcessingParameterField(
            self.STRATA_FIELD, self.tr("Strata field (not protected)"),
            parentLayerParameterName=self.INPUT, optional=True))
        strata = QgsProcessingParameterString(
            self.STRATA, self.tr("Declared strata (one per line)"), multiLine=True, optional=True)
        strata.setHelp(self.tr("e.g. 'electric: sedan, suv' and 'gas' (all CATEGORIES) on separate lines."))
        self.add(strata)
        p_truth = QgsProcessingParameterNumber(
            self.P_TRUTH, self.tr("Probability of keeping the true value"),
            QgsProcessingParameterNumber.Double, optional=True, minValue=0.0, maxValue=1.0)
        p_truth.setHelp(self.tr("In [0, 1); give this or EPSILON. 0.5 with two values is the fair coin "
                                "(epsilon = ln 3)."))
        self.add(p_truth)
        epsilon = QgsProcessingParameterNumber(
            self.EPSILON, self.tr("Epsilon"), QgsProcessingParameterNumber.Double, optional=True, minValue=0.0)
        epsilon.setHelp(self.tr("A finite number >= 0; give this or P_TRUTH, which is derived from it."))
        self.add(epsilon)
        self.add(QgsProcessingParameterEnum(
            self.REPLACEMENT, self.tr("Replacement drawn from"),
            options=[self.tr("Uniform over the declared values (k-ary randomized response)"),
                     self.tr("A declared distribution (REPLACEMENT_WEIGHTS or weights in STRATA)")],
            defaultValue=0))
        self.add(QgsProcessingParameterString(
            self.REPLACEMENT_WEIGHTS, self.tr("Declared replacement weights"), optional=True))
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

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        field = self.parameterAsString(parameters, self.FIELD, context)
        strata_field = self.parameterAsString(parameters, self.STRATA_FIELD, context) or None
        if strata_field == field:
            raise QgsProcessingException(self.tr("STRATA_FIELD must be another field than FIELD."))
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
        spec = self._spec(parameters, context, kind, strata_field, p_given, epsilon_given)
        data = ResponseData(table.columns[field], kind, table.columns[strata_field] if strata_field else None)
        feedback.setProgress(20)

        source = self.noise_source(parameters, context, feedback)
        reserve = self.reserver(parameters, context, feedback, input_parameter=self.INPUT, output=destination)
        try:
            release = release_randomized_response(data, spec, source.generator, before_noise=reserve)
        except ResponseInputError as error:
            raise QgsProcessingException(self._input_error(error, feedback)) from None
        mechanism = release.mechanism
        notes = self._notes(spec, strata_field)
        feedback.pushInfo(self.tr("Probability of keeping the true value p = {p:.6g}; epsilon = {eps:.6g}.").format(
            p=mechanism.p_truth, eps=mechanism.epsilon))
        if reveal(release.facts["outside"]):
            log_private(feedback, self.tr("{n} values of '{field}' are not declared for their stratum (or are NULL) "
                                          "and were reported by the public rule."),
                        n=release.facts["outside"], field=field)
        feedback.setProgress(50)
        if feedback.isCanceled():
            return {}

        rows = release.result["rows"]
        record = self.privacy_record(
            mechanism_fields=release.record_fields, input_layer=table.source_name, seeded=source.seeded,
            **reserve.record_fields(),
        ).with_notes(self.tr("Randomized field: '{field}'; p = {p:.6g}.").format(field=field, p=mechanism.p_truth),
                     *notes, *filter(None, [self.kept_identifiers_note(parameters, context)]))
        title = self.tr("Randomized response on {field}").format(field=field)
        geometry_type = table.ogr_geometry_type if keep_geometry else ogr.wkbNone
        geometries = table.geometries[rows] if geometry_type != ogr.wkbNone else None
        replaced = [Column(field, "text", release.result["reported"])]
        if strata_field:  # only declared stratum names are written
            replaced.append(Column(strata_field, "text", release.result["stratum_name"]))
        with together():  # the layer and the estimates, or neither
            write_rows(table, rows, destination, feedback,
                       finish=lambda path, layer: write_to_file(path, layer, record, title),
                       geometries=geometries, geometry_type=geometry_type, exclude_fields=dropped, replaced=replaced)
            feedback.setProgress(80)
            results = {
                self.OUTPUT: destination,
                "EPSILON_SPENT": record.epsilon,
                "P_TRUTH_USED": mechanism.p_truth,
                "ROWS_WRITTEN": len(rows),
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
        # A seeded study run of a location release counts too (PrivacyRecord.is_release): its points are noised.
        private = any(r.is_release and r.algorithm in LOCATION_RELEASES for r in records_in(metadata))
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

    def _spec(self, parameters, context, kind, strata_field, p_given, epsilon_given):
        """The public declarations as a core ResponseSpec (refused with the parameter to fix)."""
        replacement = self.REPLACEMENTS[self.parameterAsEnum(parameters, self.REPLACEMENT, context)]
        categories = self._keys(parameters, context, self.CATEGORIES, kind, _items(self._text(
            parameters, context, self.CATEGORIES)))
        if len(categories) < 2:
            raise QgsProcessingException(self.tr(
                "CATEGORIES must list the possible values of the field (at least two, comma- or line-separated, "
                "e.g. car, bus, bike, walk): the output uses exactly these values, never values read from the "
                "data."))
        other = self._text(parameters, context, self.OTHER) or None
        if other is not None:
            [other] = self._keys(parameters, context, self.OTHER, kind, [other])
            if other not in categories:
                raise QgsProcessingException(self.tr("OTHER must be one of CATEGORIES (got '{value}').").format(
                    value=other))
        weights_text = self._text(parameters, context, self.REPLACEMENT_WEIGHTS)
        weights = self._weights(parameters, context, self.REPLACEMENT_WEIGHTS, kind, _items(weights_text),
                                categories) if weights_text else None
        strata = self._strata(parameters, context, kind, strata_field, categories)
        has_weights = weights is not None or any(s.weights is not None for s in strata or ())
        if replacement == UNIFORM and has_weights:
            raise QgsProcessingException(self.tr(
                "Weights are given (REPLACEMENT_WEIGHTS or STRATA) but REPLACEMENT is uniform: set REPLACEMENT "
                "to 1 (a declared distribution) or remove the weights."))
        if replacement == DECLARED and weights is None and (
                strata is None or any(s.weights is None for s in strata)):
            raise QgsProcessingException(self.tr(
                "REPLACEMENT 1 draws from a declared distribution: give REPLACEMENT_WEIGHTS (e.g. car=5, bus=2, "
                "bike=2, walk=1, one weight > 0 per value of CATEGORIES) or weights for every stratum in "
                "STRATA."))
        try:
            spec = ResponseSpec(tuple(categories), replacement, p_truth=p_given, epsilon=epsilon_given,
                                weights=weights, strata=strata, other=other)
            spec.stratum_distributions()
        except ValueError as error:
            raise QgsProcessingException(self.tr(
                "The declaration (CATEGORIES, STRATA, REPLACEMENT_WEIGHTS) is refused: {error}").format(
                    error=error)) from None
        return spec

    def _text(self, parameters, context, name):
        return (self.parameterAsString(parameters, name, context) or "").strip()

    def _keys(self, parameters, context, name, kind, items):
        """Declared values read as FIELD's kind (text keys); a repeated value is refused."""
        try:
            keys = list(category_keys(np.array(items, dtype=object), kind, parse=True))
        except ValueError:
            raise QgsProcessingException(self.tr(
                "{name} must be numbers for a numeric FIELD (got '{text}').").format(
                    name=name, text=", ".join(items))) from None
        if len(set(keys)) != len(keys):
            raise QgsProcessingException(self.tr("{name} lists a value twice.").format(name=name))
        return keys

    def _weights(self, parameters, context, name, kind, items, domain):
        """'value=weight' items as weights aligned with ``domain`` (each value of it once, weight > 0)."""
        pairs = [item.rpartition("=") for item in items]
        try:
            weights = [float(w) for _, sep, w in pairs if sep]
        except ValueError:
            weights = []
        keys = self._keys(parameters, context, name, kind, [v.strip() for v, _, _ in pairs])
        if len(weights) != len(pairs) or sorted(keys) != sorted(domain) or not all(
                math.isfinite(w) and w > 0 for w in weights):
            raise QgsProcessingException(self.tr(
                "{name} must give each of the values {values} exactly once as value=weight with a weight > 0 "
                "(a value with weight 0 could never be reported by replacement: epsilon would be "
                "infinite).").format(name=name, values=", ".join(domain)))
        by_key = dict(zip(keys, weights))
        return tuple(by_key[key] for key in domain)

    def _strata(self, parameters, context, kind, strata_field, categories):
        """STRATA's lines as StratumDeclarations, or None without STRATA_FIELD."""
        lines = [line.strip() for line in self._text(parameters, context, self.STRATA).splitlines() if line.strip()]
        if not strata_field:
            if lines:
                raise QgsProcessingException(self.tr("STRATA needs STRATA_FIELD, the field holding the stratum."))
            return None
        if not lines:
            raise QgsProcessingException(self.tr(
                "STRATA_FIELD needs STRATA, the declared strata, one per line: e.g. 'electric: sedan, suv' and "
                "'gas' (all CATEGORIES). Strata are never read from the data."))
        strata = []
        for line in lines:
            name, colon, rest = line.partition(":")
            items = _items(rest) if colon else []
            if not items:
                strata.append(StratumDeclaration(name.strip()))
            elif any("=" in item for item in items):
                domain = self._keys(parameters, context, self.STRATA, kind, [i.rpartition("=")[0] for i in items])
                weights = self._weights(parameters, context, self.STRATA, kind, items, domain)
                strata.append(StratumDeclaration(name.strip(), tuple(domain), weights))
            else:
                strata.append(StratumDeclaration(name.strip(), tuple(self._keys(parameters, context, self.STRATA,
                                                                                kind, items))))
            unknown = sorted(set(strata[-1].categories or ()) - set(categories))
            if unknown:
                raise QgsProcessingException(self.tr(
                    "STRATA lists values that are not in CATEGORIES: {values}.").format(values=", ".join(unknown)))
        return tuple(strata)

    def _notes(self, spec, strata_field):
        """The record's notes that follow from the declarations (the same for every dataset)."""
        notes = [self.tr("Declared values (CATEGORIES): {values}.").format(values=", ".join(spec.categories))]
        if spec.replacement == DECLARED:
            notes.append(self.tr("Replacements are drawn from the declared distribution: {weights}.").format(
                weights="; ".join(f"{name}: " + ", ".join(f"{c}={q:.4g}" for c, q in zip(domain, q))
                                  for name, domain, q in spec.stratum_distributions())))
        if spec.other is not None:
            notes.append(self.tr("Values that are not declared, and NULL, are reported as '{other}'.").format(
                other=spec.other))
        else:
            notes.append(self.tr("Values that are not declared, and NULL, are reported as a draw from the "
                                 "replacement distribution."))
        if strata_field:
            notes.append(self.tr(
                "Replacements stay within the declared stratum given by '{field}': the stratum is published "
                "exactly and is not protected. Epsilon is the largest over the strata.").format(field=strata_field))
        if spec.p_truth is None:
            notes.append(self.tr("P_TRUTH was derived from EPSILON and the declared values and weights."))
        return notes

    def _input_error(self, error, feedback):
        if error.reason == "undeclared_strata":
            log_private(feedback, self.tr("Undeclared values of STRATA_FIELD: {values}."),
                        values=", ".join(error.values[:20]))
            return self.tr("STRATA_FIELD holds values that STRATA does not declare (or NULL; listed in the log). "
                           "Declare every stratum in STRATA, or clean the field first.")
        if error.reason == "strata_identify_rows":
            return self.tr("STRATA_FIELD has a distinct value in every row: it identifies rows and would be "
                           "published as it is. Choose a coarse public stratum (e.g. fuel type).")
        return self.tr("EPSILON is too large: the derived P_TRUTH rounds to 1.")

    def _post_process(self, context, destination, record, title):
        if context.willLoadLayerOnCompletion(destination):
            context.layerToLoadOnCompletionDetails(destination).setPostProcessor(
                ReleaseLayerPostProcessor.create(record, title))


LOCATION_RELEASES = ("dp_geoprivacy:laplaceperturbation", "dp_geoprivacy:triprelocation")


def _items(text):
    """Comma- or line-separated items, stripped, empty ones left out."""
    return [item.strip() for item in (text.splitlines() if "\n" in text else text.split(",")) if item.strip()]


def _point_xy(geometries):
    """(n, 2) coordinates of point geometries, NaN for anything else (for the coordinate-field check)."""
    xy = np.full((len(geometries), 2), np.nan)
    if len(geometries):
        points = shapely.get_type_id(geometries) == 0
        xy[points, 0] = shapely.get_x(geometries[points])
        xy[points, 1] = shapely.get_y(geometries[points])
    return xy


def _estimate_columns(result, strata_field):
    """The estimate table of a release (core.releases.randomized_response) as output columns."""
    columns = [Column("stratum", "text", result["stratum"])] if strata_field else []
    return columns + [
        Column("category", "text", result["category"]),
        Column("reported", "int", result["reported_count"]),
        Column("estimate", "real", result["estimate"]),
        Column("std_error", "real", result["std_error"]),
    ]
