"""Glue between privatizing algorithms and the privacy ledger (core.ledger).

Every privatizing algorithm offers three optional parameters:

* ``LEDGER``: the publisher's private ledger file (JSON). Each run appends
  one entry: a fingerprint of the source data, the algorithm, epsilon,
  delta, unit of privacy, partition, output and release_id. An existing
  ledger is appended to, never overwritten.
* ``BUDGET``: the total epsilon allowed for the source. A run that would
  take the source's total above it stops before any noise is drawn, with a
  message stating spent, requested and remaining epsilon.
* ``PARTITION``: the part of the source the run covers, e.g. ``day=Mon`` or
  ``day=Mon, mode=bus`` (default ``all``). Releases on disjoint partitions
  compose in parallel (seed 001 §2 Theorem 3 and §4); see core.accounting
  for the rule. The partition also goes into the output's privacy record.

The fingerprint is computed here from the input's content: every row's
geometry (WKB) and attribute values get a 64-bit hash (CRC-32 and Adler-32
of each value, mixed over the columns in field-name order); the sorted row
hashes and the field names go through SHA-256, so row order and field order
do not matter and the feature ids are ignored. (A collision would merge two
datasets' budgets: the safe direction.) About 3.5 s per million points. It is taken over the WHOLE layer the
input comes from: a selection ("selected features only") or a layer filter
is ignored, so parts of one dataset released separately count against one
budget, and PARTITION says which part each run used. A copy extracted into
a new layer is new content with its own fingerprint (and its own budget):
select or filter the source layer instead when its releases should add up.
The fingerprint is written only to the ledger, never to an output, a
privacy record or a report.

Order of operations in an algorithm (see DpAlgorithm.reserve_budget): know
epsilon, reserve (check and append), then draw noise. A run that fails
after reserving still counts as spent (the safe direction).
"""

import hashlib
import json
import sys
import uuid
import zlib
from dataclasses import dataclass

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsApplication,
    QgsProcessingException,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProcessingUtils,
    QgsProviderRegistry,
    QgsVectorLayer,
)

from ..core.accounting import Partition
from ..core.ledger import BudgetExceededError, Ledger, LedgerEntry, LedgerError, now
from ..core.privacy_record import WEAK_EPSILON, weak_epsilon_note
from ..translation import tr
from .ledger_postgres import PostgresLedger, postgres_ledger_uri, without_password
from .readers import display_name

LEDGER = "LEDGER"
BUDGET = "BUDGET"
PARTITION = "PARTITION"


@dataclass(frozen=True)
class Release:
    """What a reserved (or unledgered) release passes on to its privacy record."""

    release_id: str
    partition: str
    ledger: str = ""

    def record_fields(self) -> dict:
        return {"release_id": self.release_id, "partition": self.partition}


def add_ledger_parameters(algorithm) -> None:
    """Add the optional LEDGER, BUDGET and PARTITION parameters to ``algorithm``."""
    ledger = QgsProcessingParameterFileDestination(
        LEDGER, tr("Privacy ledger (your private JSON file; appended to, never overwritten)"),
        fileFilter=tr("JSON files (*.json)"), optional=True, createByDefault=False,
    )
    ledger.setHelp(tr(
        "The publisher's private record of every release of a source. Each run appends one entry "
        "(a fingerprint of the whole input layer, epsilon, delta, partition, output) before any noise "
        "is drawn. Keep this file private: the fingerprint identifies the raw data."
    ))
    algorithm.add(ledger)
    budget = QgsProcessingParameterNumber(
        BUDGET, tr("Privacy budget: total epsilon allowed for this source (needs LEDGER)"),
        QgsProcessingParameterNumber.Double, optional=True, minValue=0.0,
    )
    budget.setHelp(tr(
        "A run that would take the source's total epsilon in the ledger above this stops before "
        "drawing any noise and says how much was spent, requested and remains."
    ))
    algorithm.add(budget)
    partition = QgsProcessingParameterString(
        PARTITION, tr("Partition of the source this run covers (e.g. day=Mon; 'all' for everything)"),
        defaultValue="all", optional=True,
    )
    partition.setHelp(tr(
        "key=value constraints separated by commas, e.g. 'day=Mon, mode=bus'. Releases whose "
        "partitions give a common key different values cover disjoint data and compose in parallel "
        "(seed 001 Theorem 3); partitions on different keys overlap. Select or filter the partition "
        "on the source layer before running."
    ))
    partition.setFlags(partition.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(partition)


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
    budget = None
    if parameters.get(BUDGET) not in (None, ""):
        budget = algorithm.parameterAsDouble(parameters, BUDGET, context)
    if not path:
        if budget is not None:
            raise QgsProcessingException(tr(
                "BUDGET needs a LEDGER: the epsilon already spent on the source is read from the ledger."))
        return Release(release_id, partition.text)
    feedback.pushInfo(tr("Fingerprinting the input for the privacy ledger..."))
    fingerprint, source_name = source_fingerprint(algorithm, parameters, input_parameter, context, feedback)
    name = f"dp_geoprivacy:{algorithm.name()}"
    entry = LedgerEntry(
        fingerprint=fingerprint, algorithm=name, epsilon=float(mechanism_fields["epsilon"]),
        delta=float(mechanism_fields.get("delta") or 0.0), unit_of_privacy=mechanism_fields["unit_of_privacy"],
        partition=partition.text, output=str(output), release_id=release_id, input_layer=source_name,
        time=now(), note="reserved before any noise was drawn",
    )
    earlier = [
        LedgerEntry(
            fingerprint=fingerprint, algorithm=r.algorithm, epsilon=float(r.epsilon), delta=float(r.delta or 0.0),
            unit_of_privacy=r.unit_of_privacy, partition=r.partition, output=tr("(input of {output})").format(
                output=output), release_id=r.release_id, input_layer=r.input_layer, time=now(),
            note="earlier release this one builds on, added when the later one was reserved",
        )
        for r in inherited if r.differentially_private and r.epsilon is not None
    ]
    try:
        reservation = open_ledger(path).reserve(entry, budget, earlier)
    except BudgetExceededError as error:
        message = tr(
            "{message} Ledger: {path}. Lower EPSILON, choose another PARTITION, or raise BUDGET."
        ).format(message=str(error), path=shown)
        report_refusal(name, "budget_exceeded", message, parameter=BUDGET, spent=error.spent,
                       requested=error.requested, remaining=round(max(error.budget - error.spent, 0.0), 12),
                       budget=error.budget, partition=error.partition.text, ledger=shown)
        raise QgsProcessingException(message) from None
    except (LedgerError, OSError) as error:
        raise QgsProcessingException(tr(
            "LEDGER {path}: {error}. Give LEDGER a dp_geoprivacy ledger (or a new file) in a folder you can "
            "write to."
        ).format(path=shown, error=str(error).rstrip("."))) from None
    feedback.pushInfo(tr(
        "Ledger: reserved epsilon {epsilon:g} on partition '{partition}' (spent there before: {spent:g}); "
        "the source's total is now {total:g}{budget}."
    ).format(epsilon=entry.epsilon, partition=partition.text, spent=reservation.spent_before,
             total=reservation.total_after,
             budget="" if budget is None else tr(" of the budget {budget:g}").format(budget=budget)))
    return Release(release_id, partition.text, str(path))


def ledger_location(algorithm, parameters, context) -> str:
    """The LEDGER parameter: a file path, or a PostgreSQL table (processing/ledger_postgres.py) as given."""
    value = parameters.get(LEDGER)
    if not value:
        return ""
    if isinstance(value, str) and postgres_ledger_uri(value) is not None:
        return value
    return algorithm.parameterAsFileOutput(parameters, LEDGER, context)


def open_ledger(location: str) -> Ledger:
    """The ledger at ``location`` (ledger_location): a file, or a table in PostgreSQL."""
    uri = postgres_ledger_uri(location)
    return Ledger(location) if uri is None else PostgresLedger(uri)


# The key of the JSON object a refused run prints on stdout under ``qgis_process ... --json``.
REFUSAL_KEY = "dp_geoprivacy_refusal"


def report_refusal(algorithm, reason, message, **details):
    """Make a refusal machine-readable where qgis_process's --json output would otherwise be empty.

    QGIS 3.22's qgis_process, when an algorithm raises, writes the message
    to stderr, prints nothing on stdout (no JSON, even with --json) and exits
    with status 1. So under ``qgis_process ... --json`` this prints one JSON
    object on stdout: ``{"dp_geoprivacy_refusal": {"algorithm", "reason",
    "message", "parameter", ...details}}`` (``reason`` is a stable code:
    "budget_exceeded", "crs_not_true_to_scale", "no_metric_crs",
    "noise_scale_too_large"); the exit status stays nonzero. Elsewhere (desktop,
    processing.run, qgis_process without --json) it does nothing: the
    exception's message is the report.
    """
    if not _qgis_process_json():
        return
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


def source_fingerprint(algorithm, parameters, name, context, feedback):
    """(SHA-256 hex of the whole input layer's content, the layer's name); see the module docstring."""
    layer = _input_layer(algorithm, parameters, name, context)
    keep_alive = None
    if layer is not None:
        whole = _unfiltered(layer)
        if whole is None:
            feedback.pushWarning(tr(
                "The input's filter could not be removed for the fingerprint; the ledger fingerprints "
                "the filtered features only."))
            whole = layer
        keep_alive = whole
        parameters = {name: whole}
    path, layer_name = algorithm.parameterAsCompatibleSourceLayerPathAndLayerName(
        parameters, name, context, ["gpkg"], "gpkg", feedback
    )
    digest = hashlib.sha256()
    dataset = ogr.Open(path)
    try:
        ogr_layer = dataset.GetLayerByName(layer_name) if layer_name else dataset.GetLayer(0)
        definition = ogr_layer.GetLayerDefn()
        names = sorted(definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount()))
        geometry_column = ogr_layer.GetGeometryColumn()
        digest.update(repr((names, bool(geometry_column))).encode())
        parts = []
        for batch in ogr_layer.GetArrowStreamAsNumPy(options=["USE_MASKED_ARRAYS=YES"]):
            columns = [batch[n] for n in names] + ([batch[geometry_column]] if geometry_column else [])
            parts.append(_row_hashes(columns))
    finally:
        dataset = None  # noqa: F841 (closes the dataset)
    rows = np.sort(np.concatenate(parts)) if parts else np.empty(0, np.uint64)
    digest.update(rows.astype("<u8").tobytes())
    source_name = display_name(layer.name(), path, layer_name) if layer is not None else name
    del keep_alive
    return digest.hexdigest(), source_name


def _input_layer(algorithm, parameters, name, context):
    """The map layer behind the input parameter (also for 'selected features only'), or None."""
    value = parameters.get(name)
    if isinstance(value, QgsProcessingFeatureSourceDefinition):
        layer = QgsProcessingUtils.mapLayerFromString(value.source.valueAsString(context.expressionContext())[0],
                                                      context)
        return layer if isinstance(layer, QgsVectorLayer) else None
    return algorithm.parameterAsVectorLayer(parameters, name, context)


def _unfiltered(layer):
    """The layer without its filter (subset string); None if that cannot be done."""
    if not layer.subsetString():
        return layer
    registry = QgsProviderRegistry.instance()
    parts = registry.decodeUri(layer.providerType(), layer.source())
    if "subset" not in parts:
        return None
    parts.pop("subset")
    whole = QgsVectorLayer(registry.encodeUri(layer.providerType(), parts), "unfiltered", layer.providerType())
    return whole if whole.isValid() and not whole.subsetString() else None


_MIX = np.uint64(0x9E3779B97F4A7C15)
_NULL = np.uint64(0x6A09E667F3BCC909)


def _row_hashes(columns) -> np.ndarray:
    """A 64-bit hash per row combining every column's value hash (order of columns fixed by the caller)."""
    n = len(columns[0]) if columns else 0
    row = np.zeros(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for index, values in enumerate(columns):
            value = _value_hashes(values) ^ np.uint64(index + 1)
            row = (row * _MIX) ^ value
            row ^= row >> np.uint64(29)
    return row


def _value_hashes(values) -> np.ndarray:
    mask = np.ma.getmaskarray(values)
    data = np.ma.getdata(values)
    if data.dtype.kind == "f":
        hashed = np.ascontiguousarray(data.astype("<f8")).view("<u8").astype(np.uint64)
    elif data.dtype.kind in "iub":
        hashed = np.ascontiguousarray(data.astype("<i8")).view("<u8").astype(np.uint64)
    elif data.dtype.kind in "Mm":
        hashed = np.ascontiguousarray(data.astype("<i8", copy=False)).view("<u8").astype(np.uint64)
    else:
        blobs = [b"" if v is None else v if isinstance(v, bytes) else bytes(v) if isinstance(v, (bytearray, memoryview))
                 else str(v).encode("utf-8") for v in data.tolist()]
        crc = np.fromiter(map(zlib.crc32, blobs), dtype=np.uint64, count=len(blobs))
        adler = np.fromiter(map(zlib.adler32, blobs), dtype=np.uint64, count=len(blobs))
        hashed = (crc << np.uint64(32)) | adler
    with np.errstate(over="ignore"):
        hashed = hashed * _MIX
    hashed[mask] = _NULL
    return hashed
