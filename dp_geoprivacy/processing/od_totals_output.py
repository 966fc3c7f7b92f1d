"""noisyodflows' consistent origin/destination totals (OUTPUT_TOTALS, TOTALS_SPLIT): settings and output.

When OUTPUT_TOTALS is given, noisyodflows releases ``core.releases.od_totals``
instead of the flows alone: every public pair (THRESHOLD 0, MIN_FLOW 0), the
origin totals, the destination totals and the grand total, each with its
declared share of EPSILON (TOTALS_SPLIT), made consistent by least squares.
The flows and the matrix are written as usual; OUTPUT_TOTALS gets one polygon
row per zone with its origin and destination totals and their 95% margins.
"""

from dataclasses import dataclass

import numpy as np
from osgeo import ogr
from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingOutputNumber,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)

from ..core.mechanisms.counting import LAPLACE
from ..core.releases.od_totals import ODTotalsError, ODTotalsSpec, parse_od_shares
from ..translation import tr
from .algorithms.noisy_zone_counts import as_multipolygons
from .privacy_metadata import ReleaseLayerPostProcessor, write_to_file
from .styles import graduated_counts
from .writers import Column, write_features

OUTPUT_TOTALS, TOTALS_SPLIT = "OUTPUT_TOTALS", "TOTALS_SPLIT"


def add_totals_parameters(algorithm):
    """TOTALS_SPLIT (advanced), OUTPUT_TOTALS (optional, skipped by default) and the GRAND_TOTAL result."""
    split = QgsProcessingParameterString(TOTALS_SPLIT, tr("Epsilon split: flows and totals"), defaultValue="",
                                         optional=True)
    split.setHelp(tr("Four weights, used only with OUTPUT_TOTALS; empty: 5,2,2,1 (half of EPSILON for the "
                     "flows)."))
    split.setFlags(split.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
    algorithm.add(split)
    totals = QgsProcessingParameterVectorDestination(
        OUTPUT_TOTALS, tr("Origin and destination totals"), QgsProcessing.TypeVectorPolygon,
        optional=True, createByDefault=False)
    totals.setSupportsNonFileBasedOutput(False)
    algorithm.add(totals)
    algorithm.add_output(QgsProcessingOutputNumber("GRAND_TOTAL", tr("Consistent grand total (with OUTPUT_TOTALS)")))


def totals_help():
    """The help paragraph on OUTPUT_TOTALS (noisyodflows' help ends with it)."""
    return tr(
        "<p><b>Consistent totals</b> (OUTPUT_TOTALS, optional). Publishes, with the flows, each zone's origin "
        "total (trips leaving it), destination total (trips arriving) and the grand total (GRAND_TOTAL), so that "
        "every row of flows adds up to its origin total and every column to its destination total. EPSILON is "
        "split over flows, origin totals, destination totals and grand total (TOTALS_SPLIT, default 5,2,2,1); "
        "each part gets Laplace noise of scale M / (its epsilon) and the parts add up to EPSILON (sequential "
        "composition). Then least squares (Hay, Rastogi, Miklau and Suciu, PVLDB 2010) finds the flows closest to "
        "all four noisy parts, weighted by their noise, and publishes their sums as the totals: post-processing, "
        "no extra cost. Needs THRESHOLD=0 and MIN_FLOW=0 (every pair is published) and Laplace noise. The flows "
        "are not rounded or clamped (that would break the sums): a flow can be negative or fractional. With many "
        "zones the totals are far more accurate than sums of noisy flows; each flow has about twice the error of "
        "a release of the flows alone (it gets half of EPSILON by default).</p>")


@dataclass(frozen=True)
class TotalsRequest:
    """OUTPUT_TOTALS asked for: the release's settings and where the totals go."""

    spec: ODTotalsSpec
    destination: str


def totals_request(algorithm, parameters, context, flow_spec, min_flow):
    """The TotalsRequest for OUTPUT_TOTALS (refusing settings it cannot honour), or None when it is skipped."""
    if parameters.get(OUTPUT_TOTALS) in (None, ""):
        return None
    destination = algorithm.parameterAsOutputLayer(parameters, OUTPUT_TOTALS, context)
    if not destination:
        return None
    if flow_spec.threshold or min_flow > 0:
        raise QgsProcessingException(tr(
            "OUTPUT_TOTALS publishes every pair so that rows and columns add up: set THRESHOLD=0 and MIN_FLOW=0, "
            "or skip OUTPUT_TOTALS."))
    if flow_spec.noise != LAPLACE:
        raise QgsProcessingException(tr("OUTPUT_TOTALS works with NOISE=0 (Laplace) only."))
    try:
        shares = parse_od_shares(algorithm.parameterAsString(parameters, TOTALS_SPLIT, context))
    except ODTotalsError as error:
        raise QgsProcessingException(tr("TOTALS_SPLIT: {error}; e.g. '5,2,2,1'.").format(error=error)) from None
    return TotalsRequest(ODTotalsSpec(flow_spec.epsilon, flow_spec.unit_of_privacy, shares, flow_spec.max_trips,
                                      flow_spec.include_intrazonal, LAPLACE), destination)


def totals_notes(general_notes, release, spec):
    """The record's notes with OUTPUT_TOTALS: ``general_notes`` (the release and the zones), the outside cell,
    the post-processing and the expected errors (simulated from the noise alone: public)."""
    errors, outside_noise = release.facts["expected_errors"], spec.part_noises()[0]
    return tuple(general_notes) + (
        tr("Noisy count of trips with an end outside all zones: {outside:g} (95% margin of error {moe:g}).").format(
            outside=release.facts["outside"], moe=outside_noise.margin_of_error(0.95)),
        tr("Release path: every pair, with the origin totals, destination totals and grand total. "
           "Post-processing: least squares so that every row of flows sums to its origin total and every column "
           "to its destination total; no rounding or clamping (that would break the sums), so a flow can be "
           "negative or fractional."),
        tr("Expected absolute error of a flow {f:.3g}, an origin total {o:.3g}, a destination total {d:.3g}, the "
           "grand total {g:.3g}.").format(f=errors["flows"][0], o=errors["origin_total"][0],
                                          d=errors["dest_total"][0], g=errors["grand_total"][0]))


def write_totals(destination, cells, crs, crs_wkt, release, record, feedback):
    """One polygon row per zone (id order): zone_id, origin_total, dest_total and their 95% margins."""
    result, errors = release.result, release.facts["expected_errors"]
    zones = np.asarray(result["zone_index"], dtype=np.int64)
    columns = [Column("zone_id", "text", np.asarray(cells.ids, dtype=object)[zones]),
               Column("origin_total", "real", result["origin_total"]),
               Column("dest_total", "real", result["dest_total"]),
               Column("moe95_origin", "real", np.full(len(zones), errors["origin_total"][1])),
               Column("moe95_dest", "real", np.full(len(zones), errors["dest_total"][1]))]
    write_features(destination, crs_wkt, ogr.wkbMultiPolygon, as_multipolygons(cells.geometries(zones, crs)),
                   columns, feedback, finish=lambda path, layer: write_to_file(path, layer, record, _title()))


def style_totals_on_load(context, destination, record):
    """When OUTPUT_TOTALS is loaded: named and described from the record, like the flows, and graduated by the
    origin total (real values: least squares leaves them fractional)."""
    if context.willLoadLayerOnCompletion(destination):
        context.layerToLoadOnCompletionDetails(destination).setPostProcessor(ReleaseLayerPostProcessor.create(
            record, _title(), lambda layer: graduated_counts(layer, field="origin_total", integers=False)))


def _title():
    return tr("Consistent OD totals")
