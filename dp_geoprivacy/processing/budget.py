"""Glue between privatizing algorithms and the privacy ledger (core.accounting.ledger).

Every privatizing algorithm offers three optional parameters:

* ``LEDGER``: the publisher's private ledger file (JSON). Each run appends
  one entry: a fingerprint of the source data, the algorithm, epsilon,
  delta, unit of privacy, partition, output and release_id. An existing
  ledger is appended to, never overwritten.
* ``BUDGET``: the total epsilon allowed for the source. A run that would
  take the source's total above it stops before any noise is drawn, with a
  message stating spent, requested and remaining epsilon (and the spend in
  rho). ``BUDGET_DELTA`` (0: not used): the delta allowed with it; where the
  source has a Gaussian release, the zCDP route (core.accounting.zcdp) may
  then show the budget is kept. ``BUDGET_RHO`` (0: not used): the budget as
  rho-zCDP instead (every release of the source must be zCDP).
* ``PARTITION``: ``field=value`` conditions (e.g. ``day=Mon`` or
  ``day=Mon, mode=bus``; default ``all``): the run releases only the input's
  rows that meet them (with_partition, text compared without regard to case).
  Its partition composes in parallel with others of the source only where no
  unit of privacy can span partitions (core.accounting.exposure.partition_rule); the
  rule goes into the ledger entry and the privacy record.
* ``DATASET``: a name for the data, joining copies a fingerprint cannot
  recognise (reprojected, edited) into one source; ``ROWS_PER_PERSON``: the
  publisher's bound k on units of privacy per person (the privacy report
  counts k epsilon per person, and unbounded without it).

The fingerprint (core.accounting.fingerprint) covers the geometries only, so a copy in
another format, with other columns or rows in another order, is the same
source, and the Spark command computes the same value; a table without
geometry is fingerprinted from its attribute values. It is taken over the
WHOLE layer the input comes from: a selection, a layer filter or PARTITION's
selection is ignored, so parts of one dataset count against one budget. A
layer prepared from another (tripends) carries its parent's fingerprint in
its metadata (lineage), and its releases are charged to the parent too. The
fingerprint is written only to the ledger (and to the prepared layers, which
hold raw data), never to a published output, a privacy record or a report.

Order of operations in an algorithm (see DpAlgorithm.reserve_budget): know
epsilon, reserve (check and append), then draw noise. A run that fails
after reserving still counts as spent (the safe direction).
"""

import functools
import json
import sys
import uuid
from dataclasses import dataclass, replace

from qgis.core import (
    QgsApplication,
    QgsProcessingException,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterFile,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsVectorLayer,
)

from ..core.accounting.composition import Partition, partition_rule
from ..core.accounting.ledger import BudgetExceededError, Ledger, LedgerEntry, LedgerError, now
from ..core.accounting.privacy_record import WEAK_EPSILON, weak_epsilon_note
from ..core.accounting.zcdp import BudgetSettingError, budget_from
from ..translation import tr
from .ledger_postgres import postgres_ledger, postgres_ledger_uri, without_password
from .source_fingerprint import input_layer, source_fingerprint

LEDGER = "LEDGER"
BUDGET = "BUDGET"
BUDGET_DELTA = "BUDGET_DELTA"
BUDGET_RHO = "BUDGET_RHO"
PARTITION = "PARTITION"
DATASET = "DATASET"
ROWS_PER_PERSON = "ROWS_PER_PERSON"


@dataclass(frozen=True)
class Release:
    """What a reserved (or unledgered) release passes on to its privacy record."""

    release_id: str
    partition: str
    ledger: str = ""
    partition_rule: str = ""

    def record_fields(self) -> dict:
        return {"release_id": self.release_id, "partition": self.partition, "partition_rule": self.partition_rule}


def add_ledger_parameters(algorithm) -> None:
    """Add the optional LEDGER, BUDGET and PARTITION parameters to ``algorithm``.

    LEDGER is a file input (read, then appended to; a new file is started when none exists at the path), not a
    destination: as a destination it would be an output slot in models and batch runs.
    """
    ledger = QgsProcessingParameterFile(
        LEDGER, tr("Privacy ledger"), QgsProcessingParameterFile.File, optional=True)
    ledger.setHelp(tr(
        "Your private JSON file of every release of a source (type a new file name to start one). Each run "
        "appends one entry (a fingerprint of the whole input layer, epsilon, delta, partition, output) before "
        "any noise is drawn; the file is appended to, never overwritten. Keep it private: the fingerprint "
        "identifies the raw data."
    ))
    algorithm.add(ledger)
    budget = QgsProcessingParameterNumber(
        BUDGET, tr("Privacy budget (total epsilon)"),
        QgsProcessingParameterNumber.Double, optional=True, minValue=0.0,
    )
    budget.setHelp(tr(
        "The total epsilon allowed for this source; needs the privacy ledger. A run that would take the "
        "source's total epsilon in the ledger above this stops before drawing any noise and says how much was "
        "spent, requested and remains."
    ))
    algorithm.add(budget)
    budget_delta = QgsProcessingParameterNumber(
        BUDGET_DELTA, tr("Budget delta (0: not used)"), QgsProcessingParameterNumber.Double, defaultValue=0.0,
        optional=True, minValue=0.0, maxValue=0.999)
    budget_delta.setHelp(tr(
        "The delta allowed with BUDGET. 0: only epsilon is compared, by basic composition (epsilons add up). "
        "Above 0, where the source has a Gaussian release: its releases are also accounted in zero-concentrated "
        "DP (Bun and Steinke 2016; pure epsilon-DP releases count epsilon squared over 2), converted to epsilon at "
        "this delta (Canonne, Kamath and Steinke 2020), and the run goes ahead if either way keeps the source "
        "within BUDGET at BUDGET_DELTA."))
    budget_delta.setFlags(budget_delta.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(budget_delta)
    budget_rho = QgsProcessingParameterNumber(
        BUDGET_RHO, tr("Privacy budget as rho (zCDP; 0: not used)"), QgsProcessingParameterNumber.Double,
        defaultValue=0.0, optional=True, minValue=0.0)
    budget_rho.setHelp(tr(
        "The budget as rho of zero-concentrated DP (Bun and Steinke 2016) instead of BUDGET; needs the privacy "
        "ledger. Rho adds up over releases: a Gaussian release counts its rho, a pure epsilon-DP release epsilon "
        "squared over 2. A release that is (epsilon, delta)-DP but not zCDP (such as partition selection with "
        "delta) has no rho and is refused under a rho budget."))
    budget_rho.setFlags(budget_rho.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(budget_rho)
    partition = QgsProcessingParameterString(
        PARTITION, tr("Partition"), defaultValue="all", optional=True,
    )
    partition.setHelp(tr(
        "The part of the source this run covers ('all' for everything): field=value conditions separated by "
        "commas, e.g. 'day=Mon, mode=bus': the run itself releases only "
        "the input's rows with these values (the fields must be fields of the input). Releases on partitions "
        "that give a common field different values compose in parallel (Asghar, Tyler and Kaafar 2017 Theorem 3) "
        "only where no "
        "unit of privacy can have rows in both: partitions by the user field, user-day units with partitions "
        "by the day field, or one row per unit; otherwise they add up. The ledger and the privacy report say "
        "which rule applied."
    ))
    partition.setFlags(partition.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(partition)
    dataset = QgsProcessingParameterString(
        DATASET, tr("Dataset name in the ledger"), optional=True)
    dataset.setHelp(tr(
        "The ledger recognises copies of the same data by their geometries (any format, columns or row order). "
        "Give the same name to every copy a fingerprint cannot recognise (reprojected, edited): releases of "
        "entries sharing a fingerprint or a name add up."))
    dataset.setFlags(dataset.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(dataset)
    rows = QgsProcessingParameterNumber(
        ROWS_PER_PERSON, tr("Most rows per person"),
        QgsProcessingParameterNumber.Integer, optional=True, minValue=1)
    rows.setHelp(tr(
        "At most this many rows (units of privacy) per person; empty: not bounded. A release whose unit of privacy "
        "is not a person (a point, a trip, a row, a user-day) protects one "
        "person only if the publisher knows how many such units a person can have: with at most k, a person "
        "is protected at k times epsilon. Without it the privacy report counts such a release as unbounded "
        "per person."))
    rows.setFlags(rows.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(rows)


def selecting_partition(process_algorithm):
    """Wrap processAlgorithm so that the run reads only its PARTITION's rows of INPUT (with_partition)."""
    @functools.wraps(process_algorithm)
    def wrapper(algorithm, parameters, context, feedback):
        return process_algorithm(algorithm, with_partition(algorithm, parameters, context), context, feedback)
    return wrapper


def with_partition(algorithm, parameters, context):
    """The parameters with INPUT restricted to PARTITION's rows (issue 19 item 3: a condition the run applies,
    not a label the ledger trusts): a copy of the input layer with the conditions added to its filter."""
    if algorithm.parameterDefinition(PARTITION) is None or not parameters.get(PARTITION):
        return parameters
    partition = partition_of(algorithm, parameters, context)
    if partition.is_all:
        return parameters
    name = getattr(algorithm, "INPUT", "INPUT")
    layer = input_layer(algorithm, parameters, name, context)
    if layer is None:
        raise QgsProcessingException(tr("PARTITION selects rows of {name}, which must be a vector layer.").format(
            name=name))
    fields = {field.name().casefold(): field for field in layer.fields()}
    conditions = []
    for item in partition.text.split(","):
        key, _, value = (part.strip() for part in item.partition("="))
        field = fields.get(key.casefold())
        if field is None:
            raise QgsProcessingException(tr(
                "PARTITION: '{key}' is not a field of {name} (fields: {fields}). PARTITION selects the rows whose "
                "fields have the given values, e.g. day=Mon.").format(
                key=key, name=name, fields=", ".join(f.name() for f in layer.fields())))
        conditions.append(_condition(field, value))
    subset = " AND ".join(conditions)
    if layer.subsetString():
        subset = f"({layer.subsetString()}) AND {subset}"
    clone = layer.clone()
    if not clone.setSubsetString(subset) or context.temporaryLayerStore().addMapLayer(clone) is None:
        raise QgsProcessingException(tr(
            "PARTITION: the input's provider cannot select {subset}. Use a GeoPackage input.").format(subset=subset))
    value = parameters.get(name)
    selected = isinstance(value, QgsProcessingFeatureSourceDefinition) and value.selectedFeaturesOnly
    if selected:
        clone.selectByIds(layer.selectedFeatureIds())
        clone.selectByExpression(" AND ".join(conditions), QgsVectorLayer.IntersectSelection)
    return {**parameters, name: QgsProcessingFeatureSourceDefinition(clone.id(), selected)}


def _condition(field, value):
    """``field = value`` in SQL that is also a QGIS expression; text compared case-insensitively, as the ledger
    compares partitions (core.accounting.composition: Mon and mon are one partition)."""
    name = '"' + field.name().replace('"', '""') + '"'
    if field.isNumeric():
        for number in (int, float):
            try:
                return f"{name} = {number(value)!r}"
            except ValueError:
                pass
    return f"lower({name}) = '" + value.casefold().replace("'", "''") + "'"


def partition_of(algorithm, parameters, context) -> Partition:
    """The PARTITION parameter, parsed (a clear error names the parameter)."""
    text = algorithm.parameterAsString(parameters, PARTITION, context) if PARTITION in parameters else ""
    try:
        return Partition.parse(text)
    except ValueError as error:
        raise QgsProcessingException(tr("PARTITION: {error}").format(error=error)) from None


def reserve(algorithm, parameters, context, feedback, input_parameter, mechanism_fields, output,
            inherited=()) -> Release:
    """Check the budget and append this release to the ledger, before any noise is drawn.

    Without LEDGER only a release_id is made (and BUDGET is refused: the
    spent epsilon is read from the ledger). ``inherited`` are privacy
    records of earlier releases the output builds on; those not yet in the
    ledger are added and counted too.
    """
    if weak_epsilon_note(mechanism_fields.get("epsilon")):
        feedback.pushWarning(tr(
            "EPSILON = {epsilon:g} is above {limit:g}: this release gives no meaningful protection (an observer's "
            "odds about one unit of privacy may change by a factor of e^epsilon). The output's privacy record says "
            "so. Use an epsilon of at most {limit:g} (1 is a common choice) for a release that protects anyone."
        ).format(epsilon=float(mechanism_fields["epsilon"]), limit=WEAK_EPSILON))
    partition = partition_of(algorithm, parameters, context)
    release_id = uuid.uuid4().hex
    path = ledger_location(algorithm, parameters, context)
    shown = without_password(path)
    budget = budget_of(algorithm, parameters, context)
    if not path:
        if budget is not None:
            raise QgsProcessingException(tr(
                "BUDGET needs a LEDGER: the epsilon already spent on the source is read from the ledger."))
        return Release(release_id, partition.text, "", rule_of(algorithm, parameters, partition, mechanism_fields))
    entry = ledger_entry(algorithm, parameters, context, feedback, input_parameter, mechanism_fields, output,
                         release_id, partition)
    if any(r.seeded for r in inherited):  # built on a seeded release: not private either
        entry = replace(entry, seeded=True)
    common = {"fingerprint": entry.fingerprint, "parents": entry.parents, "dataset": entry.dataset}
    name, rule, seeded = entry.algorithm, entry.partition_rule, entry.seeded
    earlier = [
        LedgerEntry(
            algorithm=r.algorithm, epsilon=float(r.epsilon), delta=float(r.delta or 0.0),
            unit_of_privacy=r.unit_of_privacy, partition=r.partition, output=tr("(input of {output})").format(
                output=output), release_id=r.release_id, input_layer=r.input_layer, time=now(),
            note="earlier release this one builds on, added when the later one was reserved", seeded=r.seeded,
            rho=r.rho, **common,
        )
        for r in inherited if r.is_release
    ]
    try:
        reservation = open_ledger(path).reserve(entry, budget, earlier)
    except BudgetExceededError as error:
        parameter = BUDGET_RHO if error.term == "rho" else BUDGET
        message = tr(
            "{message} Ledger: {path}. Lower EPSILON, choose another PARTITION, or raise {parameter}."
        ).format(message=str(error), path=shown, parameter=parameter)
        report_refusal(name, "budget_exceeded", message, parameter=parameter, spent=error.spent,
                       requested=error.requested, remaining=round(max(error.budget - error.spent, 0.0), 12),
                       budget=error.budget, term=error.term, partition=error.partition.text, ledger=shown)
        raise QgsProcessingException(message) from None
    except (LedgerError, OSError) as error:
        raise QgsProcessingException(tr(
            "LEDGER {path}: {error}. Give LEDGER a dp_geoprivacy ledger (or a new file) in a folder you can "
            "write to."
        ).format(path=shown, error=str(error).rstrip("."))) from None
    if partition.is_all:  # no PARTITION (the rule reads "parallel: the whole source"): say it plainly
        feedback.pushInfo(tr("Ledger: the whole source is one partition (no parallel composition)."))
    else:
        feedback.pushInfo(tr("Ledger: partition '{partition}' composes {rule}.").format(partition=partition.text,
                                                                                       rule=rule))
    if seeded:
        feedback.pushWarning(tr("Ledger: this seeded run is recorded as not private, outside every total."))
    feedback.pushInfo(tr(
        "Ledger: reserved epsilon {epsilon:g} on partition '{partition}' (spent there before: {spent:g}); "
        "the source's total is now {total:g}{budget}."
    ).format(epsilon=entry.epsilon, partition=partition.text, spent=reservation.spent_before,
             total=reservation.total_after,
             budget="" if budget is None else tr(" (budget: {budget})").format(budget=budget.describe())))
    if reservation.spend_text:
        feedback.pushInfo(tr("Ledger, on partition '{partition}': {spend}.").format(
            partition=partition.text, spend=reservation.spend_text))
    return Release(release_id, partition.text, str(path), rule)


def budget_of(algorithm, parameters, context):
    """BUDGET (with BUDGET_DELTA) or BUDGET_RHO as a core.accounting.zcdp.Budget, or None: the rules of
    core.accounting.zcdp.budget_from, refused as a QgsProcessingException naming the parameter."""
    def given(name):
        return algorithm.parameterDefinition(name) is not None and parameters.get(name) not in (None, "")

    epsilon = algorithm.parameterAsDouble(parameters, BUDGET, context) if given(BUDGET) else None
    delta = algorithm.parameterAsDouble(parameters, BUDGET_DELTA, context) if given(BUDGET_DELTA) else 0.0
    rho = algorithm.parameterAsDouble(parameters, BUDGET_RHO, context) if given(BUDGET_RHO) else 0.0
    try:
        return budget_from(epsilon, delta, rho)
    except BudgetSettingError as error:
        raise QgsProcessingException(_budget_message(error)) from None


def _budget_message(error) -> str:
    """The dialog's words for a core.accounting.zcdp.BudgetSettingError (the fix as the dialog offers it)."""
    if error.rule == "both":
        return tr("Give BUDGET (epsilon, with BUDGET_DELTA) or BUDGET_RHO (zCDP), not both: set BUDGET_RHO to 0 or "
                  "leave BUDGET empty.")
    if error.rule == "delta_alone":
        return tr("BUDGET_DELTA is the delta allowed with BUDGET: give BUDGET too, or set BUDGET_DELTA to 0.")
    return tr("{name} must be a finite number of at least 0 (BUDGET_DELTA below 1), or empty for no budget.").format(
        name=error.parameter)


def rule_of(algorithm, parameters, partition, mechanism_fields) -> str:
    """How PARTITION composes for this release (partition_rule): the user and day fields are the
    algorithm's USER_FIELD and DAY_FIELD; ROW_IS_UNIT False where a unit spans rows even at item level."""
    return partition_rule(partition, mechanism_fields["unit_of_privacy"],
                          user_field=str(parameters.get("USER_FIELD") or ""),
                          day_field=str(parameters.get("DAY_FIELD") or ""),
                          row_is_unit=getattr(algorithm, "ROW_IS_UNIT", True))


def ledger_entry(algorithm, parameters, context, feedback, input_parameter, mechanism_fields, output, release_id,
                 partition) -> LedgerEntry:
    """This run's ledger entry: the input's fingerprint (and lineage), DATASET, ROWS_PER_PERSON, whether SEED
    was given, and how PARTITION composes (core.accounting.composition.partition_rule)."""
    feedback.pushInfo(tr("Fingerprinting the input for the privacy ledger..."))
    fingerprint, source_name, parents = source_fingerprint(algorithm, parameters, input_parameter, context,
                                                           feedback)
    rule = rule_of(algorithm, parameters, partition, mechanism_fields)
    rows = parameters.get(ROWS_PER_PERSON)
    return LedgerEntry(
        fingerprint=fingerprint, parents=parents,
        dataset=algorithm.parameterAsString(parameters, DATASET, context).strip() if parameters.get(DATASET) else "",
        algorithm=f"dp_geoprivacy:{algorithm.name()}", epsilon=float(mechanism_fields["epsilon"]),
        delta=float(mechanism_fields.get("delta") or 0.0), unit_of_privacy=mechanism_fields["unit_of_privacy"],
        partition=partition.text, output=str(output), release_id=release_id, input_layer=source_name,
        time=now(), note="reserved before any noise was drawn",
        seeded=parameters.get(getattr(algorithm, "SEED", "SEED")) not in (None, ""),
        rows_per_person=algorithm.parameterAsInt(parameters, ROWS_PER_PERSON, context) if rows not in (None, "")
        else None,
        partition_rule=rule,
        rho=None if mechanism_fields.get("rho") is None else float(mechanism_fields["rho"]),
    )


def ledger_location(algorithm, parameters, context) -> str:
    """The LEDGER parameter: a file path, or a PostgreSQL table (processing/ledger_postgres.py) as given."""
    value = parameters.get(LEDGER)
    if not value:
        return ""
    if isinstance(value, str) and postgres_ledger_uri(value) is not None:
        return value
    return algorithm.parameterAsFile(parameters, LEDGER, context)  # a file input (read, then appended to)


def open_ledger(location: str) -> Ledger:
    """The ledger at ``location`` (ledger_location): a file, or a table in PostgreSQL."""
    uri = postgres_ledger_uri(location)
    return Ledger(location) if uri is None else postgres_ledger(uri)


# The key of the JSON object a refused run prints on stdout under ``qgis_process ... --json``.
REFUSAL_KEY = "dp_geoprivacy_refusal"
_reported = set()  # messages already printed by this process


def report_refusal(algorithm, reason, message, **details):
    """Make a refusal machine-readable where qgis_process's --json output would otherwise be empty.

    QGIS 3.22's qgis_process, when an algorithm raises, writes the message
    to stderr, prints nothing on stdout (no JSON, even with --json) and exits
    with status 1. So under ``qgis_process ... --json`` this prints one JSON
    object on stdout: ``{"dp_geoprivacy_refusal": {"algorithm", "reason",
    "message", "parameter", ...details}}`` (``reason`` is a stable code:
    "budget_exceeded", "crs_not_true_to_scale", "no_metric_crs",
    "noise_scale_too_large"; every other refusal is reported too, by
    DpAlgorithm: "invalid_parameter" from checkParameterValues, "refused" from
    the run, "unexpected_error"); the exit status stays nonzero. A message
    is printed once, however many layers report it. Elsewhere (desktop,
    processing.run, qgis_process without --json) it does nothing: the
    exception's message is the report.
    """
    if not _qgis_process_json() or message in _reported:
        return
    _reported.add(message)
    if not algorithm:  # the glue refusing does not know the algorithm: qgis_process's "run <id>"
        arguments = list(QgsApplication.instance().arguments())
        algorithm = arguments[arguments.index("run") + 1] if "run" in arguments[:-1] else ""
    payload = {REFUSAL_KEY: {"algorithm": algorithm, "reason": reason, "message": message, **details}}
    sys.stdout.write(json.dumps(payload, sort_keys=True) + "\n")
    sys.stdout.flush()


def _qgis_process_json():
    application = QgsApplication.instance()
    if application is None or QgsApplication.platform() != "qgis_process":
        return False
    return "--json" in application.arguments()
