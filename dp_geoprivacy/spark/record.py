"""The privacy record of a Spark release: the core's record fields, the algorithm's notes, where it ran."""

from .. import __version__
from ..core.accounting.privacy_record import PrivacyRecord, weak_epsilon_note

SPARK_NOTE = "Aggregated on Apache Spark (dp_geoprivacy.spark); noise drawn on the driver by the core."


def spark_record(algorithm_id: str, record_fields, *, input_name, seeded, notes, **reservation) -> PrivacyRecord:
    """One record for ``dp_geoprivacy:<algorithm_id>``: ``record_fields`` from the core release (epsilon,
    sensitivity and noise come from there only), ``notes`` then the Spark note, and the weak-epsilon note.
    ``reservation``: the ledger's release_id, partition and partition_rule (spark.ledger.Reservation)."""
    extra = {k: v for k, v in reservation.items() if v is not None}
    record = PrivacyRecord(algorithm=f"dp_geoprivacy:{algorithm_id}", plugin_version=__version__,
                           input_layer=input_name, seeded=seeded, notes=tuple(notes) + (SPARK_NOTE,),
                           **dict(record_fields), **extra)
    weak = weak_epsilon_note(record.epsilon)
    return record.with_notes(weak) if weak else record
