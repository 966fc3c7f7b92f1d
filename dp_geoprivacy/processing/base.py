"""What every dp_geoprivacy algorithm shares: naming, help, icons, the seed
option, the noise source, the privacy record, and the check that results
publish no raw figure (core.releases.publication)."""

import functools

from qgis.core import (
    QgsProcessingAlgorithm,
    QgsProcessingException,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
)
from qgis.PyQt.QtCore import QUrl
from qgis.PyQt.QtGui import QIcon

from .. import __version__, plugin_root
from ..core.accounting.privacy_record import PrivacyRecord, weak_epsilon_note
from ..core.mechanisms.location import PER_AXIS, PLANAR
from ..core.mechanisms.rng import noise_source
from ..core.releases.attributes import (
    COORDINATES,
    IDENTIFIER,
    LINKS,
    LOCATES,
    UNCHECKABLE,
    identifying_columns,
    listed_field_problems,
)
from ..core.releases.publication import check_public
from ..translation import Translatable, translate
from . import budget, destinations, dry_run, guard, search_words
from .parameter_checks import ParameterChecks, setting_number  # noqa: F401 (setting_number: for the algorithms)
from .parameter_help import parameter_help
from .references import with_references

PROVIDER_ID = "dp_geoprivacy"
HOMEPAGE = "https://github.com/dp-geoprivacy/dp_geoprivacy"


def help_url(name):
    """The help page of algorithm ``name`` shipped in the plugin (help/, built by `make package` from
    docs/algorithms), or the same page in the repository when running from a checkout."""
    page = plugin_root() / "help" / f"{name}.html"
    if page.is_file():
        return QUrl.fromLocalFile(str(page)).toString()
    return f"{HOMEPAGE}/blob/main/docs/algorithms/{name}.md"


def icon(name: str) -> QIcon:
    """An icon from resources/icons/ by file stem."""
    return QIcon(str(plugin_root() / "resources" / "icons" / f"{name}.svg"))


class DpAlgorithm(Translatable, ParameterChecks, QgsProcessingAlgorithm):
    """Base class; subclasses set ALGORITHM_ID and GROUP_ID and define the rest."""

    ALGORITHM_ID = ""
    GROUP_ID = ""
    SEED = "SEED"
    # The dialog (issue 13): the parameters named in DIALOG_ORDER come first, in that order (what a planner
    # sets every time), then the others in the order initAlgorithm adds them; those in ADVANCED are flagged
    # advanced, so QGIS folds them into "Advanced parameters". Names only: scripts and models are unaffected.
    DIALOG_ORDER = ()
    ADVANCED = ()

    def name(self):
        return self.ALGORITHM_ID

    def groupId(self):  # noqa: N802 (QGIS API)
        return self.GROUP_ID

    def group(self):
        return {
            "perturbation": translate("DpAlgorithm", "Location perturbation"),
            "aggregates": translate("DpAlgorithm", "Noisy counts and flows"),
            "categorical": translate("DpAlgorithm", "Randomized response"),
            "tessellation": translate("DpAlgorithm", "Tessellations (public, no privacy cost)"),
            "accounting": translate("DpAlgorithm", "Privacy accounting"),
            "calibration": translate("DpAlgorithm", "Calibration (not private)"),
            "preparation": translate("DpAlgorithm", "Preparation (not private)"),
        }[self.GROUP_ID]

    def __init_subclass__(cls, **kwargs):
        """A trial run (DRY_RUN, processing/dry_run.py) stops at reserve_budget; its report becomes the results.
        No exception but QgsProcessingException leaves processAlgorithm; refusals are also JSON under
        qgis_process --json (processing/guard.py). The help ends with the full citations of the works it
        cites (processing/references.py)."""
        super().__init_subclass__(**kwargs)
        if "processAlgorithm" in cls.__dict__:
            cls.processAlgorithm = guard.guarded(_publishing(budget.selecting_partition(dry_run.catching(
                _handing_over_memory_layers(cls.__dict__["processAlgorithm"])))))
        if "checkParameterValues" in cls.__dict__:
            cls.checkParameterValues = guard.reporting(cls.__dict__["checkParameterValues"])
        if "initAlgorithm" in cls.__dict__:
            cls.initAlgorithm = _arranging(cls.__dict__["initAlgorithm"])
        if "shortHelpString" in cls.__dict__:
            cls.shortHelpString = _citing(cls.__dict__["shortHelpString"])

    def createInstance(self):  # noqa: N802 (QGIS API)
        return type(self)()

    def icon(self):
        return icon(self.ALGORITHM_ID)

    def helpUrl(self):  # noqa: N802 (QGIS API)
        return help_url(self.ALGORITHM_ID)

    def tags(self):
        return search_words.tags(self.ALGORITHM_ID)

    def shortDescription(self):  # noqa: N802 (QGIS API)
        return search_words.short_description(self.ALGORITHM_ID)

    # --- shared parameters -------------------------------------------------

    def add(self, parameter):
        """Add a parameter; a duplicate name is a programming error.

        Within initAlgorithm the parameter is held back and added, in the
        dialog order, when initAlgorithm returns (see DIALOG_ORDER).
        """
        pending = getattr(self, "_pending", None)
        if pending is not None:
            pending[0].append(parameter)
            return parameter
        if not self.addParameter(parameter):
            raise RuntimeError(f"{self.ALGORITHM_ID}: could not add parameter {parameter.name()}")
        return parameter

    def add_output(self, output):
        """Add an output definition; a duplicate name is a programming error (held back like ``add``)."""
        pending = getattr(self, "_pending", None)
        if pending is not None:
            pending[1].append(output)
            return output
        if not self.addOutput(output):
            raise RuntimeError(f"{self.ALGORITHM_ID}: could not add output {output.name()}")
        return output

    def _add_arranged(self, parameters, outputs):
        """Add the held-back parameters in the dialog order (DIALOG_ORDER, then as added), flag ADVANCED, then
        the outputs."""
        names = [parameter.name() for parameter in parameters]
        unknown = sorted(set(self.DIALOG_ORDER + self.ADVANCED) - set(names))
        if unknown:
            raise RuntimeError(f"{self.ALGORITHM_ID}: DIALOG_ORDER or ADVANCED names unknown parameters {unknown}")
        rank = {name: i for i, name in enumerate(self.DIALOG_ORDER)}
        ordered = sorted(enumerate(parameters), key=lambda item: (rank.get(item[1].name(), len(rank)), item[0]))
        for _, parameter in ordered:
            _default_field(parameter)
            if not parameter.help():
                parameter.setHelp(parameter_help(self.ALGORITHM_ID, parameter.name()))
            if parameter.name() in self.ADVANCED:
                parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
            self.add(parameter)
        for output in outputs:
            self.add_output(output)

    def add_seed_parameter(self):
        """The advanced, optional SEED parameter for reproducible study runs."""
        parameter = QgsProcessingParameterNumber(
            self.SEED,
            translate("DpAlgorithm", "Random seed (not for publication)"),
            QgsProcessingParameterNumber.Integer,
            optional=True,
            minValue=0,
        )
        parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        parameter.setHelp(
            translate(
                "DpAlgorithm",
                "With a seed the noise is reproducible by anyone who knows it, so the output is "
                "not private against them. Leave empty for releases: noise then comes from numpy's "
                "Philox generator keyed from the operating system's cryptographic source. The output's "
                "metadata records whether a "
                "seed was used (never its value)."
            )
        )
        self.add(parameter)

    MECHANISM = "MECHANISM"

    def add_mechanism_parameter(self):
        """MECHANISM for location noise: 0 = planar Laplace, 1 = per-axis Laplace (core.mechanisms.location)."""
        self.add(QgsProcessingParameterEnum(
            self.MECHANISM, translate("DpAlgorithm", "Mechanism"),
            options=[translate("DpAlgorithm", "Planar Laplace (Euclidean)"),
                     translate("DpAlgorithm", "Per-axis Laplace (L1, Dumont et al. 2021 eq. 14)")],
            defaultValue=0))

    def location_mechanism_kind(self, parameters, context):
        """The core.mechanisms.location mechanism kind chosen by MECHANISM."""
        return (PLANAR, PER_AXIS)[self.parameterAsEnum(parameters, self.MECHANISM, context)]

    KEEP_IDENTIFIERS = "KEEP_IDENTIFIERS"

    def add_keep_identifiers_parameter(self):
        """The advanced KEEP_IDENTIFIERS option (record keys kept for internal study runs)."""
        keep = QgsProcessingParameterBoolean(
            self.KEEP_IDENTIFIERS,
            translate("DpAlgorithm", "Keep identifier fields (not for publication)"),
            defaultValue=False,
        )
        keep.setFlags(keep.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.add(keep)

    def fields_to_drop(self, parameters, context, columns, xy, feedback, found=None):
        """Names of fields that would undo the release, each logged with the reason.

        core.releases.attributes decides: fields equal to the true coordinates are always
        dropped; record keys too, unless KEEP_IDENTIFIERS is set. ``found``: its
        answer already computed ({field: reason}, e.g. by point_stream.scan_points).
        """
        found = identifying_columns(columns, xy) if found is None else dict(found)
        if self.parameterAsBool(parameters, self.KEEP_IDENTIFIERS, context):
            found = {name: reason for name, reason in found.items() if reason != IDENTIFIER}
        reasons = {
            COORDINATES: translate("DpAlgorithm", "holds the true coordinates"),
            IDENTIFIER: translate("DpAlgorithm", "has a distinct value in every row (an identifier)"),
        }
        for name, reason in found.items():
            feedback.pushWarning(
                translate("DpAlgorithm", "Field '{name}' is dropped: it {reason}.").format(
                    name=name, reason=reasons[reason]
                )
            )
        return tuple(found)

    def refuse_listed_fields(self, parameters, context, columns, xy, parameter="FIELDS"):
        """Refuse fields listed in ``parameter`` that give the true location back or link rows
        (core.releases.attributes.listed_field_problems); KEEP_IDENTIFIERS lets linking fields through in a seeded
        study run only (and fields too short to check; never fields found to locate the points). ``columns``:
        the listed fields as arrays aligned with the true points ``xy``."""
        keep = self.parameterAsBool(parameters, self.KEEP_IDENTIFIERS, context)
        if keep and parameters.get(self.SEED) in (None, ""):
            raise QgsProcessingException(translate(
                "DpAlgorithm", "KEEP_IDENTIFIERS is for seeded study runs only (SEED set; the output is then not "
                "for publication). Clear KEEP_IDENTIFIERS, or set SEED for a study run."))
        found = listed_field_problems(columns, xy)
        if keep:
            found = {name: reason for name, reason in found.items() if reason == LOCATES}
        if not found:
            return
        reasons = {
            LOCATES: translate("DpAlgorithm", "it holds coordinates of the true points (in some CRS)"),
            LINKS: translate("DpAlgorithm", "most of its values are shared by fewer than 10 rows, so it links a "
                             "person's points (which could then be averaged) and the raw records"),
            UNCHECKABLE: translate("DpAlgorithm", "it has too few values to check that it holds no coordinates"),
        }
        raise QgsProcessingException(translate(
            "DpAlgorithm", "{p}: {fields} cannot be published with the perturbed locations: {details}. Remove "
            "them from {p}.").format(p=parameter, fields=", ".join(f"'{n}'" for n in found), details="; ".join(
                f"'{n}': {reasons[r]}" for n, r in found.items())))

    def kept_identifiers_note(self, parameters, context):
        """The record's note when KEEP_IDENTIFIERS was used, else None."""
        if not self.parameterAsBool(parameters, self.KEEP_IDENTIFIERS, context):
            return None
        return translate(
            "DpAlgorithm",
            "Identifier fields were kept (KEEP_IDENTIFIERS): they link rows to raw records. Do not publish this layer."
        )

    def noise_source(self, parameters, context, feedback):
        """The generator for this run's noise (secure unless SEED is given)."""
        seed = None
        if parameters.get(self.SEED) not in (None, ""):
            seed = self.parameterAsInt(parameters, self.SEED, context)
            feedback.pushWarning(
                translate(
                    "DpAlgorithm",
                    "A seed was given: the noise is reproducible. Do not publish this output."
                )
            )
        return noise_source(seed)

    def add_ledger_parameters(self):
        """The optional LEDGER, BUDGET and PARTITION parameters of privatizing algorithms (processing/budget.py),
        and DRY_RUN (processing/dry_run.py)."""
        budget.add_ledger_parameters(self)
        dry_run.add_parameter(self)

    def reserve_budget(self, parameters, context, feedback, *, input_parameter, mechanism_fields, output,
                       inherited=()) -> budget.Release:
        """Call once epsilon is known and BEFORE drawing any noise.

        With LEDGER: fingerprints the whole input layer ``input_parameter``,
        and with the ledger locked checks BUDGET (stopping with spent,
        requested and remaining epsilon) and appends this release; a run that
        fails afterwards still counts as spent (the safe direction). Returns
        a Release: pass ``**release.record_fields()`` (release_id, partition)
        to privacy_record(). ``inherited``: records of earlier releases the
        output builds on (counted too when not yet in the ledger).
        """
        if dry_run.requested(self, parameters, context):  # a trial run stops here (processing/dry_run.py)
            dry_run.finish(self, parameters, context, feedback, mechanism_fields, input_parameter)
        return budget.reserve(self, parameters, context, feedback, input_parameter, mechanism_fields, output,
                              inherited)

    def reserver(self, parameters, context, feedback, *, input_parameter, output, inherited=()) -> "Reserver":
        """The ``before_noise`` callback for a core release function (core.releases.release).

        The release calls it with its mechanism's record fields once the input
        is checked and before any noise is drawn; it reserves the budget then
        (reserve_budget). Pass ``**reserver.record_fields()`` to privacy_record().
        """
        return Reserver(self, parameters, context, feedback, input_parameter, output, inherited)

    def privacy_record(self, *, mechanism_fields, input_layer, seeded, **extra) -> PrivacyRecord:
        """Build this release's record from the mechanism that drew the noise."""
        record = PrivacyRecord(
            algorithm=f"{PROVIDER_ID}:{self.ALGORITHM_ID}",
            plugin_version=__version__,
            input_layer=input_layer,
            seeded=seeded,
            **mechanism_fields,
            **extra,
        )
        weak = weak_epsilon_note(record.epsilon) if record.differentially_private else None
        return record.with_notes(weak) if weak else record


def _handing_over_memory_layers(process):
    """Wrap a processAlgorithm so that outputs written to memory layers (destinations.py) go to Processing's
    temporary layer store, and the results name them by layer id, as QGIS's own algorithms do."""
    @functools.wraps(process)
    def wrapper(self, parameters, context, feedback):
        results = process(self, parameters, context, feedback)
        for key, value in (results.items() if isinstance(results, dict) else ()):
            layer = destinations.take_memory_layer(value)
            if layer is None:
                continue
            if context.temporaryLayerStore().addMapLayer(layer) is None:
                raise QgsProcessingException(translate("DpAlgorithm", "Could not keep the memory layer {key}.").format(
                    key=key))
            results[key] = layer.id()
            to_load = context.layersToLoadOnCompletion()
            if value in to_load:
                to_load[layer.id()] = to_load.pop(value)
                context.setLayersToLoadOnCompletion(to_load)
        return results
    return wrapper


DpAlgorithm.checkParameterValues = guard.reporting(DpAlgorithm.checkParameterValues)  # subclasses: as defined


# Required field boxes with no default show the layer's first field, a GeoPackage's ``fid`` (issue 20): these
# preselect the field a planner would pick when the layer has one by that name (QGIS matches the default by name
# and leaves the box empty otherwise, so the planner chooses). The names are those of the sample city.
FIELD_DEFAULTS = {"USER_FIELD": "user_id", "TIMESTAMP_FIELD": "depart_time", "START_FIELD": "depart_time"}


def _default_field(parameter):
    """Give a required field parameter in FIELD_DEFAULTS its default name."""
    if isinstance(parameter, QgsProcessingParameterField) and parameter.defaultValue() is None \
            and not parameter.flags() & QgsProcessingParameterDefinition.FlagOptional \
            and parameter.name() in FIELD_DEFAULTS:
        parameter.setDefaultValue(FIELD_DEFAULTS[parameter.name()])


def _citing(short_help_string):
    """Wrap a shortHelpString so that the help ends with the full citation of each work it cites."""
    @functools.wraps(short_help_string)
    def wrapper(self):
        return with_references(short_help_string(self))
    return wrapper


def _publishing(process_algorithm):
    """Wrap a processAlgorithm so that its results (which models chain and scripts publish) hold no raw figure.

    A raw figure read from the data is a core.releases.publication.Private (Release.private_facts); it may go only to
    the log, through core.releases.publication.log_private, marked as private to the data holder.
    """
    @functools.wraps(process_algorithm)
    def wrapper(self, parameters, context, feedback):
        return check_public(process_algorithm(self, parameters, context, feedback), f"{self.name()}'s results")
    return wrapper


def _arranging(init_algorithm):
    """Wrap an initAlgorithm so that its parameters are added in the dialog order (DpAlgorithm.DIALOG_ORDER)."""
    @functools.wraps(init_algorithm)
    def wrapper(self, config=None):
        if getattr(self, "_pending", None) is not None:  # a subclass's initAlgorithm calling its base's
            return init_algorithm(self, config)
        self._pending = pending = ([], [])
        try:
            init_algorithm(self, config)
        finally:
            self._pending = None
        self._add_arranged(*pending)
    return wrapper


class Reserver:
    """Reserves an algorithm's budget when a core release calls it (see DpAlgorithm.reserver)."""

    def __init__(self, algorithm, parameters, context, feedback, input_parameter, output, inherited):
        self._reserve = lambda fields: algorithm.reserve_budget(
            parameters, context, feedback, input_parameter=input_parameter, mechanism_fields=fields,
            output=output, inherited=inherited)
        self.reservation = None

    def __call__(self, mechanism_fields):
        if self.reservation is not None:
            raise RuntimeError("a release reserves its budget once")
        self.reservation = self._reserve(dict(mechanism_fields))

    def record_fields(self) -> dict:
        """release_id and partition for the privacy record."""
        return self.reservation.record_fields()
