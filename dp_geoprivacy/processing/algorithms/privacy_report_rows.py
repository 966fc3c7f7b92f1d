"""The privacy report's inputs and table: privacy records read from layers, partitions, the warnings on layer
names, and the rows of the releases table (dp_geoprivacy:privacyreport)."""

import math
from pathlib import Path

from qgis.core import QgsProviderRegistry

from ...core.accounting.composition import GEO_INDISTINGUISHABILITY, Partition
from ...core.accounting.zcdp import release_rho
from ..privacy_metadata import read_from_file, records_in
from ..writers import Column


def layer_records(layer):
    records = records_in(layer.metadata())
    if not records and layer.providerType() == "postgres":  # the record is in the schema's records table
        records = read_from_file(layer.source())
    elif not records:
        path = QgsProviderRegistry.instance().decodeUri(layer.providerType(), layer.source()).get("path")
        if path:
            records = read_from_file(path)
    return records


def partition_of(text, warnings):
    try:
        return Partition.parse(text)
    except ValueError as error:
        warnings.append(f"{error}; counted as 'all'")
        return Partition()


def shared_name_warnings(events, labels):
    """Warnings for layer names that appear under several sources (maybe versions of one dataset)."""
    by_name = {}
    for event in events:
        by_name.setdefault(event.source_label, set()).add(event.source)
    return [
        f"The input layer name '{name}' appears under {len(prints)} different fingerprints "
        f"({', '.join(sorted(labels[p].split(' ')[0] for p in prints))}): if these are versions of the same data, "
        "their totals add up: give their runs one DATASET name."
        for name, prints in by_name.items() if name and len(prints) > 1
    ]


def rho_value(total, event):
    """The rho a release enters its source's zCDP total with (NaN: no zCDP total, or not zCDP)."""
    rho = release_rho(event) if total.zcdp is not None else None
    return math.nan if rho is None else rho


def release_columns(totals, from_layers, seeded, by_release, seeded_events=(), labels=None):
    rows = []
    for event in seeded_events:  # apart: not private, counted nowhere (epsilon_counted 0)
        rows.append(((labels or {}).get(event.source, ""), "not private (seeded)", event.release_id, event.algorithm,
                     event.epsilon, 0.0, event.delta, math.nan, event.partition.text, event.unit_of_privacy,
                     Path(event.output).name if event.output else from_layers.get(event.release_id, ""),
                     event.time, 0, 1, "ledger" if event.release_id in by_release else "layer"))
    for total in totals:
        composition = total.composition
        driving = set(composition.driving)
        own_epsilon = dict(total.own_epsilon)
        guarantee = (f"{total.kind} ({total.norm}) per {total.distance:g} m" if total.kind == GEO_INDISTINGUISHABILITY
                     else total.kind)
        for event in sorted(composition.events, key=lambda ev: (ev.time, ev.release_id)):
            origin = "ledger+layer" if event.release_id in by_release and event.release_id in from_layers else (
                "ledger" if event.release_id in by_release else "layer")
            rows.append((total.label, guarantee, event.release_id, event.algorithm,
                         own_epsilon.get(event.release_id, event.epsilon), event.epsilon,
                         event.delta, rho_value(total, event), event.partition.text, event.unit_of_privacy,
                         Path(event.output).name if event.output else from_layers.get(event.release_id, ""),
                         event.time, int(event.release_id in driving), int(event.release_id in seeded), origin))
    names = ("source", "guarantee", "release_id", "algorithm", "epsilon", "epsilon_counted", "delta", "rho",
             "partition", "unit_of_privacy", "output", "time", "drives_total", "seeded", "read_from")
    kinds = ("text", "text", "text", "text", "real", "real", "real", "real", "text", "text", "text", "text", "int",
             "int", "text")
    values = list(zip(*rows)) if rows else [[] for _ in names]
    return [Column(name, kind, list(v)) for name, kind, v in zip(names, kinds, values)]
