"""dp_geoprivacy:privacyreport: total privacy loss of a set of releases.

Sources: Asghar, Tyler and Kaafar 2017 §2 (Theorem 2, basic sequential composition; Theorem 3,
parallel composition over disjoint partitions) and §4 (the Opal release:
56 disjoint day-mode partitions, total epsilon 8); the ITMS report §III F
(cumulative epsilon per day). The rules live in ``core.accounting.composition``; this
module collects releases from privacy records of layers and/or the ledger
(core.accounting.ledger), and writes a table of releases and an HTML report.
"""

import html
import math
from pathlib import Path

from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputBoolean,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterFile,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterMultipleLayers,
    QgsProcessingParameterNumber,
    QgsProcessingParameterVectorDestination,
)

from ... import __version__
from ...core.accounting.composition import (
    GEO_INDISTINGUISHABILITY,
    ReleaseEvent,
    account,
    source_labels,
    worst,
)
from ...core.accounting.composition import seeded as seeded_releases
from ...core.accounting.ledger import LedgerError, events_of
from ...core.accounting.zcdp import ZCDP_ROUTE, route_of, with_zcdp, worst_route
from ...core.accuracy.html_page import page_start
from ..base import DpAlgorithm
from ..budget import open_ledger
from ..help_summary import with_summary
from ..ledger_postgres import postgres_ledger_uri
from ..writers import write_features
from .privacy_report_rows import layer_records, partition_of, release_columns, rho_value, shared_name_warnings

BY_NAME = "name:"


class PrivacyReport(DpAlgorithm):
    """Total the privacy loss of releases per source and kind of guarantee, and say which releases drive it."""

    ALGORITHM_ID = "privacyreport"
    GROUP_ID = "accounting"
    LAYERS = "LAYERS"
    LEDGER = "LEDGER"
    DELTA = "DELTA"
    OUTPUT = "OUTPUT"
    REPORT = "REPORT"

    def displayName(self):  # noqa: N802 (QGIS API)
        return self.tr("Privacy report (budget accounting)")

    def shortHelpString(self):  # noqa: N802 (QGIS API)
        """Three summary lines with the accuracy at the defaults (processing/help_summary.py), then the details."""
        return with_summary(
            self.tr("Adds up the privacy loss (epsilon, delta) of releases made from the same data, from their "
                    "privacy records and the ledger, and shows which releases drive the total."),
            self.tr("<b>Private:</b> it releases nothing new and costs no privacy budget; the ledger it reads is "
                    "private to the publisher."),
            self.tr("<b>Accuracy:</b> exact, no noise: the totals follow the composition theorems (Asghar, Tyler and "
                    "Kaafar 2017 "
                    "Theorems 2 and 3)."),
            self._details())

    def _details(self):
        return self.tr(
            "<p>Adds up the privacy loss of releases made from the same data, across sessions and tools, "
            "and shows which releases drive the total.</p>"
            "<p><b>Inputs.</b> LAYERS: any number of outputs of dp_geoprivacy algorithms (their privacy "
            "records are read from the layer metadata; a layer built on an earlier release, such as "
            "relocated trips and their noisy histogram, carries both). LEDGER: the publisher's private "
            "ledger that the algorithms' LEDGER parameter appends to. Give either or both; outputs of "
            "one run share a release id and are counted once.</p>"
            "<p><b>Sources.</b> Releases are totalled per source: per ledger source (a fingerprint of the "
            "input's geometries, never shown: copies in other formats, with other columns or rows in another "
            "order are one source; layers prepared from a source, such as tripends' outputs, count against it; "
            "runs with one DATASET name share a source), or, for layers whose release is not in the ledger, per "
            "name of their input layer (two datasets with one name are then added up, the safe direction; one "
            "dataset under two names is not). Every source has one stable name, S1, S2, ... with its layer "
            "names, numbered by its earliest release. A release a layer is built on (its inherited record) "
            "counts against that layer's source too.</p>"
            "<p><b>Per person first.</b> Each source's headline is what one person is exposed to: a user-level "
            "release counts its epsilon; a release whose unit is smaller than a person (a point, a trip, a row, a "
            "user-day) counts as unbounded per person unless its run declared ROWS_PER_PERSON = k, then k times "
            "epsilon. Location releases are shown beside it.</p>"
            "<p><b>Kinds of guarantee, never added.</b> Location releases (Laplace location perturbation) "
            "give geo-indistinguishability: epsilon per DISTANCE metres for each location. Aggregate "
            "releases (counts, flows, relocation, randomized response) give (epsilon, delta)-differential "
            "privacy per unit of privacy (a user, a trip, a point, a row). The two are different "
            "quantities and are totalled separately; sources hold different people and are never added "
            "either. Location releases with different DISTANCE compose as epsilon_i x D / DISTANCE_i per "
            "D metres (D the smallest DISTANCE); planar (L2) and per-axis (L1) releases are kept apart. "
            "Aggregate releases with different units of privacy add up for the smallest unit.</p>"
            "<p><b>Rules.</b> Basic sequential composition: epsilons and deltas add up (Asghar, Tyler and Kaafar 2017 "
            "Theorem 2). Parallel composition: releases on disjoint partitions of the data cost only "
            "the largest (Asghar, Tyler and Kaafar 2017 Theorem 3). Partitions are key=value sets (PARTITION "
            "parameter, "
            "e.g. day=Mon or day=Mon, mode=bus); two partitions are disjoint only if they give a "
            "common key different values; different keys overlap, and 'all' overlaps everything. "
            "The total is the largest sum over any one cell of the partitions; the releases of that "
            "cell drive the total. Asghar, Tyler and Kaafar 2017 §4: six column sets with epsilons 1, 1, 1, 1, 2, 2 "
            "on each "
            "of 56 disjoint day-mode partitions total 8. A run selects its PARTITION's rows itself, and its "
            "partition composes in parallel only where no unit of privacy can lie in two partitions "
            "(partitions by the user field, user-day units with day partitions, one row per unit); otherwise "
            "the release counts on the whole source. The report gives each release's rule.</p>"
            "<p><b>Gaussian releases: zCDP.</b> Where a source has a Gaussian release (its record carries rho), its "
            "releases are also totalled in zero-concentrated DP (Bun and Steinke 2016): a pure epsilon-DP release "
            "counts rho = epsilon squared over 2, rho adds up (the largest over disjoint partitions), and the total "
            "is converted to epsilon at DELTA (Canonne, Kamath and Steinke 2020 Corollary 13). Releases that are "
            "(epsilon, delta)-DP but not zCDP (partition selection with delta) add their epsilon and delta on top. "
            "The report gives the smaller epsilon of the two ways and says which gave it; TOTAL_RHO and "
            "TOTAL_ROUTE say the same in the results.</p>"
            "<p>Layers not differentially private (calibration aids) are listed and not counted; they "
            "must not be published. Seeded runs are not private: listed apart, outside every total.</p>"
            "<p><b>Outputs.</b> OUTPUT: a table with one row per release. REPORT: an HTML page. "
            "Results: PERSON_EPSILON and PERSON_DELTA, the largest total for one person of any one source (inf: "
            "unbounded; JSON has no inf, so qgis_process --json shows null there), PERSON_UNBOUNDED (true when a "
            "person's total is unbounded); TOTAL_EPSILON and TOTAL_DELTA, the largest (epsilon, delta)-DP total per "
            "unit of privacy; "
            "LOCATION_EPSILON per LOCATION_DISTANCE_M metres, the largest geo-indistinguishability total of "
            "any one source (maxima, not sums); SOURCES, RELEASES.</p>"
            "<p>Sources: Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3) and §4; the ITMS report "
            "§III F.</p>"
        )

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS API)
        self.add(QgsProcessingParameterMultipleLayers(
            self.LAYERS, self.tr("Released layers"), QgsProcessing.TypeVector,
            optional=True))
        self.add(QgsProcessingParameterFile(
            self.LEDGER, self.tr("Privacy ledger (JSON)"), QgsProcessingParameterFile.File, extension="json",
            optional=True))
        delta = QgsProcessingParameterNumber(
            self.DELTA, self.tr("Delta for the zCDP total (0: not used)"),
            QgsProcessingParameterNumber.Double, defaultValue=1e-6, minValue=0.0, maxValue=0.5)
        delta.setHelp(self.tr(
            "Where a source has a Gaussian release, its releases are also totalled in zero-concentrated DP (Bun and "
            "Steinke 2016): rho adds up, a pure epsilon-DP release counts epsilon squared over 2, and the total is "
            "converted to epsilon at this delta (Canonne, Kamath and Steinke 2020 Corollary 13). Releases that are "
            "(epsilon, delta)-DP but not zCDP add their epsilon and delta on top. The report gives the smaller "
            "epsilon of this and basic composition and says which gave it. 0: basic composition only."))
        delta.setFlags(delta.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.add(delta)
        output = QgsProcessingParameterVectorDestination(self.OUTPUT, self.tr("Releases"), QgsProcessing.TypeVector)
        output.setSupportsNonFileBasedOutput(False)
        self.add(output)
        self.add(QgsProcessingParameterFileDestination(
            self.REPORT, self.tr("Privacy report"), fileFilter=self.tr("HTML files (*.html)")))
        self.add_output(QgsProcessingOutputNumber(
            "PERSON_EPSILON", self.tr("Largest total for one person of one source: epsilon (inf: unbounded)")))
        self.add_output(QgsProcessingOutputBoolean(
            "PERSON_UNBOUNDED", self.tr("A person's total is unbounded (PERSON_EPSILON is inf)")))
        self.add_output(QgsProcessingOutputNumber(
            "PERSON_DELTA", self.tr("Largest total for one person of one source: delta")))
        self.add_output(QgsProcessingOutputNumber(
            "TOTAL_EPSILON", self.tr("Largest (epsilon, delta)-DP total of one source: epsilon")))
        self.add_output(QgsProcessingOutputNumber(
            "TOTAL_DELTA", self.tr("Largest (epsilon, delta)-DP total of one source: delta")))
        self.add_output(QgsProcessingOutputNumber(
            "TOTAL_RHO", self.tr("zCDP rho of that source's releases (0: no zCDP total)")))
        self.add_output(QgsProcessingOutputString(
            "TOTAL_ROUTE", self.tr("How that total was found: basic composition or zCDP")))
        self.add_output(QgsProcessingOutputNumber(
            "LOCATION_EPSILON", self.tr("Largest geo-indistinguishability total of one source: epsilon")))
        self.add_output(QgsProcessingOutputNumber(
            "LOCATION_DISTANCE_M", self.tr("... per this distance (metres)")))
        self.add_output(QgsProcessingOutputNumber("SOURCES", self.tr("Sources")))
        self.add_output(QgsProcessingOutputNumber("RELEASES", self.tr("Releases counted")))

    def processAlgorithm(self, parameters, context, feedback):  # noqa: N802 (QGIS API)
        layers = self.parameterAsLayerList(parameters, self.LAYERS, context) if parameters.get(self.LAYERS) else []
        ledger_path = self.parameterAsFile(parameters, self.LEDGER, context) if parameters.get(self.LEDGER) else ""
        if not layers and not ledger_path:
            raise QgsProcessingException(self.tr("Give LAYERS (released layers) and/or LEDGER (the privacy ledger)."))
        output = self.parameterAsOutputLayer(parameters, self.OUTPUT, context)
        report = self.parameterAsFileOutput(parameters, self.REPORT, context)

        warnings = []
        entries = ()
        if ledger_path:
            if postgres_ledger_uri(ledger_path) is None and not Path(ledger_path).is_file():
                raise QgsProcessingException(self.tr("LEDGER {path} does not exist.").format(path=ledger_path))
            try:
                entries = open_ledger(ledger_path).entries()
            except LedgerError as error:
                raise QgsProcessingException(self.tr(
                    "LEDGER: {error}. Give the ledger file the privatizing runs wrote.").format(
                    error=str(error).rstrip("."))) from None
        by_release = {e.release_id: e for e in entries}
        events = list(events_of(entries))
        seeded, from_layers = {e.release_id for e in entries if e.seeded}, {}
        for index, layer in enumerate(layers):
            feedback.setProgress(10 + 40 * index / max(len(layers), 1))
            records = layer_records(layer)
            if not records:
                warnings.append(self.tr(
                    "Layer '{name}' has no dp_geoprivacy privacy record and is not counted.").format(name=layer.name()))
                continue
            source = BY_NAME + records[0].input_layer  # inherited records count against the layer's own source
            for record in records:
                if record.seeded and record.epsilon is not None:
                    seeded.add(record.release_id)
                elif not record.differentially_private or record.epsilon is None:
                    warnings.append(self.tr(
                        "Layer '{name}' ({algorithm}) is NOT differentially private: it is not counted and must "
                        "not be published.").format(name=layer.name(), algorithm=record.algorithm))
                    continue
                from_layers.setdefault(record.release_id, layer.name())
                if record.release_id in by_release:
                    continue
                events.append(ReleaseEvent(
                    release_id=record.release_id, source=source, epsilon=float(record.epsilon),
                    delta=float(record.delta or 0.0), partition=partition_of(record.partition, warnings),
                    algorithm=record.algorithm, unit_of_privacy=record.unit_of_privacy, output=layer.name(),
                    time=record.created, source_label=records[0].input_layer, origin="layer",
                    seeded=record.seeded, partition_rule=record.partition_rule, rho=record.rho))
        if feedback.isCanceled():
            return {}
        totals = with_zcdp(account(events), self.parameterAsDouble(parameters, self.DELTA, context)
                           if parameters.get(self.DELTA) not in (None, "") else 1e-6)
        labels = source_labels(events)
        warnings.extend(shared_name_warnings([e for e in events if e.origin == "ledger"], labels))
        if seeded:
            warnings.append(self.tr(
                "{n} release(s) were made with a user-supplied seed: not private (anyone who knows the seed removes "
                "the noise); listed apart and outside every total. Do not publish them.").format(n=len(seeded)))
        for warning in warnings:
            feedback.pushWarning(warning)
        for total in totals:
            if total.person is not None:
                feedback.pushInfo(self.tr("{source}: {person}.").format(source=total.label,
                                                                        person=self._person_text(total)))
            feedback.pushInfo(self.tr("{source}, {n} release(s): {total}.").format(
                source=total.label, total=self._total_text(total).rstrip("."), n=len(total.composition.events)))
        feedback.pushInfo(self._why())
        feedback.setProgress(60)

        columns = release_columns(totals, from_layers, seeded, by_release, seeded_releases(events), labels)
        write_features(output, "", None, None, columns, feedback, finish=lambda path, layer: None)
        n_releases = len({e.release_id for e in events})
        Path(report).parent.mkdir(parents=True, exist_ok=True)
        Path(report).write_text(
            self._html(totals, n_releases, warnings, ledger_path, len(layers), from_layers, seeded,
                       seeded_releases(events)),
            encoding="utf-8")
        feedback.setProgress(100)
        location = worst(totals, GEO_INDISTINGUISHABILITY)
        aggregate, route = worst_route(totals)
        _, person = worst_route(totals, per_person=True)
        return {
            self.OUTPUT: output,
            self.REPORT: report,
            "PERSON_EPSILON": person.epsilon if person else 0.0,
            "PERSON_UNBOUNDED": bool(person and math.isinf(person.epsilon)),
            "PERSON_DELTA": person.delta if person else 0.0,
            "TOTAL_EPSILON": route.epsilon if route else 0.0,
            "TOTAL_DELTA": route.delta if route else 0.0,
            "TOTAL_RHO": route.rho if route and route.rho is not None else 0.0,
            "TOTAL_ROUTE": route.name if route else "",
            "LOCATION_EPSILON": location.epsilon if location else 0.0,
            "LOCATION_DISTANCE_M": location.distance if location else 0.0,
            "SOURCES": len(labels),
            "RELEASES": n_releases,
        }

    def _guarantee_text(self, total):
        if total.kind == GEO_INDISTINGUISHABILITY:
            return self.tr("geo-indistinguishability ({norm}), per location").format(norm=total.norm)
        return self.tr("(epsilon, delta)-differential privacy, per unit of privacy")

    def _total_text(self, total):
        if total.kind == GEO_INDISTINGUISHABILITY:
            return self.tr("epsilon {eps:.6g} per {d:g} m ({norm}, geo-indistinguishability of each location)").format(
                eps=total.epsilon, d=total.distance, norm=total.norm)
        route = route_of(total)
        return self.tr("epsilon {eps:.6g}, delta {delta:.6g} per unit of privacy ({units})").format(
            eps=route.epsilon, delta=route.delta, units="; ".join(total.units)) + self._route_text(total, route)

    def _route_text(self, total, route):
        """Which route gave the total and what the other gives (sources with a zCDP route only)."""
        if total.zcdp is None:
            return ""
        basic, zcdp = total.composition, total.zcdp
        text = self.tr("; by zCDP: rho {rho:.6g} (pure epsilon-DP releases as epsilon squared over 2), converted at "
                       "delta {declared:g} (Canonne, Kamath and Steinke 2020)").format(
            rho=zcdp.rho, declared=zcdp.declared_delta)
        if zcdp.others:
            text += self.tr(", plus {n} (epsilon, delta)-DP release(s) that are not zCDP (epsilon {eps:.6g}, delta "
                            "{delta:.6g}, added up)").format(n=len(zcdp.others), eps=zcdp.other_epsilon,
                                                            delta=zcdp.other_delta)
        text += self.tr(": epsilon {z_eps:.6g}, delta {z_delta:.6g}; by basic composition: epsilon {b_eps:.6g}, "
                        "delta {b_delta:.6g}").format(z_eps=zcdp.epsilon, z_delta=zcdp.delta, b_eps=basic.epsilon,
                                                      b_delta=basic.delta)
        return text + (self.tr(". zCDP gives the smaller epsilon.") if route.name == ZCDP_ROUTE
                       else self.tr(". Basic composition gives the smaller epsilon."))

    def _rho_text(self, total, event):
        if total.zcdp is None:
            return ""
        rho = rho_value(total, event)
        return self.tr("not zCDP (added on top)") if math.isnan(rho) else f"{rho:.6g}"

    def _person_text(self, total):
        person = route_of(total, per_person=True)
        if person.epsilon == float("inf"):
            return self.tr("per person: UNBOUNDED (a release whose unit is not a person, e.g. one point or trip, "
                           "was made without ROWS_PER_PERSON: a person with many rows is exposed many times)")
        text = self.tr("per person: epsilon {eps:.6g}, delta {delta:.6g}").format(eps=person.epsilon,
                                                                                 delta=person.delta)
        if total.person_zcdp is not None:
            text += self.tr(" (by zCDP)") if person.name == ZCDP_ROUTE else self.tr(" (by basic composition)")
        return text

    def _why(self):
        return self.tr(
            "Totals are per source and per kind of guarantee, never added across them. Geo-indistinguishability "
            "(epsilon per DISTANCE metres, for each location) and (epsilon, delta)-differential privacy (for one "
            "unit of privacy, with no distance) are different quantities: their sum means nothing. Sources hold "
            "different people: releases of different data do not compose, and if two sources do hold the same "
            "people, their totals must be added by hand and the publisher must say so.")

    def _seeded_html(self, events):
        """Seeded releases, apart: not private, outside every total (issue 19 item 6)."""
        if not events:
            return []
        e = html.escape
        heading = self.tr("Not private (seeded): outside every total")
        parts = [f"<h2>{e(heading)}</h2><p class='warn'>" + e(self.tr(
            "These releases were made with a user-supplied seed: anyone who knows it can remove the noise. They "
            "are not counted in any total and must not be published.")) + "</p><table><tr>"]
        headers = (self.tr("Release"), self.tr("Algorithm"), self.tr("Epsilon as configured"), self.tr("Output"),
                   self.tr("Time"))
        parts.append("".join(f"<th>{e(h)}</th>" for h in headers) + "</tr>")
        for event in sorted(events, key=lambda ev: (ev.time, ev.release_id)):
            parts.append("<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in (
                event.release_id[:8], event.algorithm, f"{event.epsilon:.6g}",
                Path(event.output).name if event.output else "", event.time)) + "</tr>")
        parts.append("</table>")
        return parts

    def _html(self, totals, n_releases, warnings, ledger_path, n_layers, from_layers, seeded, seeded_events=()):
        e = html.escape
        n_sources = len({t.source for t in totals})
        summary = self.tr("{n} distinct release(s) of {s} source(s)").format(n=n_releases, s=n_sources)
        read_from = self.tr("Read from {n} layer(s)").format(n=n_layers)
        if ledger_path:
            read_from += self.tr(" and the ledger {path}").format(path=Path(ledger_path).name)
        read_from += "."
        title = self.tr("Privacy report")
        parts = [
            page_start(title, "body{font-family:sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse;"
                       "margin:1em 0}td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left}"
                       "tr.drives{background:#fde0c5}.warn{color:#a30}.total{font-size:1.3em}"),
            f"<h1>{e(title)}</h1>",
            f"<p>{e(summary)}. {e(read_from)} dp_geoprivacy {e(__version__)}.</p>",
            "<ul class='total'>" + "".join(
                f"<li>{e(t.label)}: <b>{e(self._person_text(t))}</b>; {e(self._total_text(t))}</li>"
                if t.person is not None else f"<li>{e(t.label)}: <b>{e(self._total_text(t))}</b></li>"
                for t in totals) + "</ul>",
            f"<p>{e(self._why())}</p>",
        ]
        if warnings:
            parts.append("<ul>" + "".join(f"<li class='warn'>{e(w)}</li>" for w in warnings) + "</ul>")
        totals_heading = self.tr("Totals per source and kind of guarantee")
        parts.append(f"<h2>{e(totals_heading)}</h2><table><tr>")
        headers = (self.tr("Source"), self.tr("Grouped by"), self.tr("Guarantee"), self.tr("Releases"),
                   self.tr("Sum of epsilons"), self.tr("Total"), self.tr("Worst cell"), self.tr("Driven by"))
        parts.append("".join(f"<th>{e(h)}</th>" for h in headers) + "</tr>")
        other = self.tr("(other)")
        for total in totals:
            composition = total.composition
            cell = ", ".join(f"{k}={v if v is not None else other}" for k, v in composition.cell)
            parts.append("<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in (
                total.label,
                self.tr("input layer name") if total.source.startswith(BY_NAME) else self.tr("ledger fingerprint"),
                self._guarantee_text(total), len(composition.events), f"{composition.sequential_epsilon:.6g}",
                self._total_text(total), cell or "all", ", ".join(r[:8] for r in composition.driving),
            )) + "</tr>")
        parts.append("</table>")
        for total in totals:
            composition = total.composition
            heading = f"{total.label}: {self._guarantee_text(total)}"
            parts.append(f"<h2>{e(heading)}</h2><table><tr>")
            headers = (self.tr("Release"), self.tr("Algorithm"), self.tr("Epsilon"), self.tr("Delta"),
                       self.tr("Rho (zCDP)"), self.tr("Partition"), self.tr("Partitions compose"),
                       self.tr("Unit of privacy"), self.tr("Rows per person"), self.tr("Output"), self.tr("Time"),
                       self.tr("Drives the total"))
            parts.append("".join(f"<th>{e(h)}</th>" for h in headers) + "</tr>")
            driving = set(composition.driving)
            for event in sorted(composition.events, key=lambda ev: (ev.time, ev.release_id)):
                flags = self.tr("yes") if event.release_id in driving else ""
                output = event.output or from_layers.get(event.release_id, "")
                seeded_tag = self.tr(" (seeded)") if event.release_id in seeded else ""
                parts.append(f"<tr{' class=drives' if flags else ''}>" + "".join(f"<td>{e(str(v))}</td>" for v in (
                    event.release_id[:8] + seeded_tag, event.algorithm,
                    f"{dict(total.own_epsilon).get(event.release_id, event.epsilon):.6g}", f"{event.delta:.6g}",
                    self._rho_text(total, event), event.partition.text,
                    event.partition_rule or self.tr("sequential: no rule recorded"),
                    event.unit_of_privacy, event.rows_per_person or self.tr("not bounded"),
                    Path(output).name if output else "", event.time, flags)) + "</tr>")
            parts.append("</table>")
        parts.extend(self._seeded_html(seeded_events))
        method_heading = self.tr("How the totals are computed")
        parts.append(f"<h2>{e(method_heading)}</h2><p>" + e(self.tr(
            "Releases of one source and one kind of guarantee add up (basic sequential composition, Asghar, Tyler "
            "and Kaafar 2017 "
            "Theorem 2). Releases on disjoint partitions cost only the largest (parallel composition, Asghar, Tyler "
            "and Kaafar 2017 "
            "Theorem 3): two partitions are disjoint only if they give a common key different values; different "
            "keys overlap and 'all' overlaps everything. The total is the largest sum over any one cell of the "
            "partitions; the releases of that cell drive it. This holds only if each unit of privacy lies in "
            "one partition (for example each trip on one day). Location releases with different DISTANCE are "
            "rescaled to the smallest before adding (the epsilon column shows each release's own epsilon). "
            "Aggregate releases with different units of privacy add up for the smallest of them. Where a source "
            "has a Gaussian release, its releases are also totalled in zero-concentrated DP (Bun and Steinke 2016): "
            "a Gaussian release counts its rho, a pure epsilon-DP release epsilon squared over 2 (Proposition 1.4), "
            "rho adds up (Lemma 1.7; over disjoint partitions the largest counts) and the total is converted to "
            "epsilon at the declared DELTA (Canonne, Kamath and Steinke 2020 Corollary 13); releases that are "
            "(epsilon, delta)-DP but not zCDP add their epsilon and delta on top. Both totals are valid; the report "
            "gives the smaller epsilon and says which. Per person, k units per person multiply rho by k squared "
            "(Bun and Steinke 2016 Proposition 1.9). A ledger "
            "entry is made before noise is drawn, so a failed run still counts. Sources grouped by input layer "
            "name assume that one name means one dataset.")) + "</p></body></html>")
        return "\n".join(parts)
