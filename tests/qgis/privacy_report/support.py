"""Helpers of the privacy_report tests."""

import csv
from pathlib import Path

import numpy as np
from qgis import processing

from dp_geoprivacy.core.accounting.ledger import Ledger, LedgerEntry

LAPLACE = "dp_geoprivacy:laplaceperturbation"
REPORT = "dp_geoprivacy:privacyreport"
DAYS = ("Mon", "Tue", "Wed")


def perturb(points, out, feedback=None, **extra):
    parameters = {"INPUT": points, "EPSILON": 1.0, "DISTANCE": 100, "OUTPUT": str(out)}
    parameters.update(extra)
    return processing.run(LAPLACE, parameters, feedback=feedback)


def run_report(tmp_path, **parameters):
    parameters.setdefault("OUTPUT", str(tmp_path / "releases.csv"))
    parameters.setdefault("REPORT", str(tmp_path / "report.html"))
    result = processing.run(REPORT, parameters)
    with open(parameters["OUTPUT"], newline="") as table:
        rows = list(csv.DictReader(table))
    return result, rows, Path(parameters["REPORT"]).read_text()


def all_bytes_under(folder, exclude):
    return b"".join(p.read_bytes() for p in Path(folder).rglob("*") if p.is_file() and p.name != exclude)


def ledger_with(path, entries):
    Ledger(path).append(*entries)
    return str(path)


def ledger_entry(epsilon, partition, fingerprint="a" * 64, name="opal", delta=0.0, release_id=None, **more):
    return LedgerEntry(fingerprint=fingerprint, algorithm="dp_geoprivacy:noisyzonecounts", epsilon=epsilon,
                       delta=delta, unit_of_privacy=more.pop("unit", "one trip"), partition=partition,
                       output=f"/private/{partition}.gpkg",
                       release_id=release_id or f"{partition}/{epsilon}/{np.random.default_rng().integers(1e12)}",
                       input_layer=name, time="2024-01-01T00:00:00+00:00",
                       partition_rule="parallel: each unit of privacy is one row", **more)
