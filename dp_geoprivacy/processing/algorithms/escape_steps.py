"""The steps of dp_geoprivacy:escapeanalysis that compute: the sweep of scales, the measure of a perturbed layer,
and what the log says about the calibration (split out of escape_analysis.py, which holds the dialog and the
outputs). Functions of the algorithm; strings stay in its translation context ("EscapeAnalysis").
"""

import math
from dataclasses import replace

import numpy as np
import shapely
from qgis.core import QgsProcessingException

from ...core.accuracy.escape import SweepCancelledError
from ...core.geometry.zones import OUTSIDE
from ...core.releases.escape_release import EscapeData, MatchError, match_rows, release_escape_analysis
from ...translation import translate
from ..metric_crs import crs_parameter_given, crs_transformer, is_metric, resolve_metric_crs
from ..privacy_metadata import records_in
from ..readers import read_points


def in_zone_crs(points, zone_crs, name, feedback):
    """The points' coordinates in the zones' CRS (reprojected, with a log line, when they differ)."""
    if points.crs == zone_crs:
        return points.xy
    feedback.pushInfo(
        translate("EscapeAnalysis", "{name} is in {crs}, ZONES in {zone_crs}: points reprojected to the zones' CRS "
                "for the point-in-polygon tests.").format(name=name, crs=points.crs.authid(),
                                                          zone_crs=zone_crs.authid())
    )
    return crs_transformer(points.crs, zone_crs)(points.xy)


def sweep(algorithm, parameters, context, feedback, points, xy_zone, zones, locator, source, spec):
    scales, _ = algorithm._scales(parameters, context)
    realizations = algorithm.parameterAsInt(parameters, algorithm.REALIZATIONS, context)
    kind = algorithm.location_mechanism_kind(parameters, context)
    explicit = algorithm.parameterAsCrs(parameters, algorithm.METRIC_CRS, context)
    crs_parameter_given(parameters.get(algorithm.METRIC_CRS), explicit)  # an unreadable METRIC_CRS is refused
    if is_metric(zones.crs) or not is_metric(points.crs):
        base_crs, base_xy = zones.crs, xy_zone
    else:
        base_crs, base_xy = points.crs, points.xy
    finite = np.isfinite(base_xy).all(axis=1)
    metric_crs, crs_choice = resolve_metric_crs(explicit, base_crs, base_xy[finite], feedback=feedback,
                                                noise_scale=float(np.max(scales)), scale_parameters=("SCALES",))
    feedback.pushInfo(translate("EscapeAnalysis", "Noise drawn in {crs}.").format(crs=crs_choice))
    tessellation = zones.tessellation
    if metric_crs == zones.crs:
        xy_metric, to_zone_crs = xy_zone, None
        mean_area = float(tessellation.areas().mean())
    else:
        to_metric = crs_transformer(zones.crs, metric_crs)
        xy_metric, to_zone_crs = to_metric(xy_zone), crs_transformer(metric_crs, zones.crs)
        metric_polygons = shapely.transform(tessellation.polygons, to_metric)
        mean_area = float(shapely.area(metric_polygons).mean())
    zone = locator.locate(xy_zone)
    if not np.any(zone != OUTSIDE):
        raise QgsProcessingException(no_points_message())
    feedback.pushInfo(
        translate("EscapeAnalysis", "{n} points, {z} zones, {s} scales x {r} realizations: {t} point tests.").format(
            n=len(xy_zone), z=len(tessellation), s=len(scales), r=realizations,
            t=len(xy_zone) * len(scales) * realizations)
    )
    spec = replace(spec, scales=tuple(scales), realizations=realizations, kind=kind)
    data = EscapeData(tessellation, zone, mean_area, xy_metric=xy_metric, to_zone_crs=to_zone_crs,
                      locator=locator)
    try:
        release = release_escape_analysis(
            data, spec, source.generator, progress=lambda f: feedback.setProgress(5 + 85 * f),
            cancelled=feedback.isCanceled)
    except SweepCancelledError:
        raise QgsProcessingException(translate("EscapeAnalysis", "Cancelled: no output was written.")) from None
    except ValueError as error:
        raise QgsProcessingException(str(error)) from None
    result = release.facts["statistics"]
    for k, b in enumerate(result.scales):
        feedback.pushInfo(
            translate("EscapeAnalysis", "b = {b:g} m: escape share {mean:.4f} (sd {sd:.4f}); zones with no net change "
                    "{same:.3f}").format(b=b, mean=result.escape_mean[k], sd=result.escape_sd[k],
                                         same=result.no_change_mean[k])
        )
    description = "escape sweep: mechanism {kind}, scales {scales} m, {r} realizations per scale".format(
        kind=kind, scales=",".join(f"{b:g}" for b in result.scales), r=realizations)
    return release, {"metric_crs": crs_choice, "description": description}


def no_points_message():
    return translate("EscapeAnalysis",
        "No point of INPUT lies in a zone of ZONES: nothing to analyse. Check that the layers cover the "
        "same area and that their CRSs are set correctly."
    )


def measure(algorithm, parameters, context, feedback, points, xy_zone, zones, locator, match_field, spec):
    perturbed = read_points(algorithm, parameters, algorithm.PERTURBED, context, feedback, fields=(match_field,))
    perturbed_xy = in_zone_crs(perturbed, zones.crs, algorithm.PERTURBED, feedback)
    try:
        true_rows, perturbed_rows, unmatched = match_rows(points.columns[match_field],
                                                          perturbed.columns[match_field])
    except MatchError as error:
        if error.reason == "repeated":
            raise QgsProcessingException(
                translate("EscapeAnalysis",
                    "MATCH_FIELD '{field}' has repeated values in {layer}: it must identify each point once. "
                    "Choose another field (e.g. a household id)."
                ).format(field=match_field, layer=(algorithm.INPUT, algorithm.PERTURBED)[error.layer])
            ) from None
        raise QgsProcessingException(
            translate("EscapeAnalysis",
                "No point of INPUT has a partner in PERTURBED with the same MATCH_FIELD '{field}' value. "
                "Choose the field that identifies points in both layers."
            ).format(field=match_field)
        ) from None
    if unmatched:
        feedback.pushWarning(
            translate(
                "EscapeAnalysis", "{n} points have no partner in the other layer (or no MATCH_FIELD value) and are "
                    "left out; see POINTS_UNMATCHED.").format(n=unmatched)
        )
    feedback.setProgress(40)
    before = locator.locate(xy_zone[true_rows])
    after = locator.locate(perturbed_xy[perturbed_rows])
    if not np.any(before != OUTSIDE):
        raise QgsProcessingException(no_points_message())
    scale, epsilon, mechanism = math.nan, None, "unknown"
    layer = algorithm.parameterAsVectorLayer(parameters, algorithm.PERTURBED, context)
    records = records_in(layer.metadata()) if layer is not None else []
    if records and records[0].noise_scale:
        scale, epsilon, mechanism = records[0].noise_scale, records[0].epsilon, records[0].mechanism
        feedback.pushInfo(translate("EscapeAnalysis", "PERTURBED's privacy record: {mechanism}, b = {b:g} m.").format(
            mechanism=mechanism, b=scale))
    mean_area = float(shapely.area(zones.tessellation.polygons).mean()) if is_metric(zones.crs) else None
    if mean_area is None:
        metric_crs, _ = resolve_metric_crs(None, zones.crs, xy_zone[np.isfinite(xy_zone).all(axis=1)])
        to_metric = crs_transformer(zones.crs, metric_crs)
        mean_area = float(shapely.area(shapely.transform(zones.tessellation.polygons, to_metric)).mean())
    spec = replace(spec, measured_scale=scale, measured_epsilon=epsilon)
    try:
        release = release_escape_analysis(EscapeData(zones.tessellation, before, mean_area, zone_after=after),
                                          spec, None)
    except ValueError as error:
        raise QgsProcessingException(str(error)) from None
    result = release.facts["statistics"]
    feedback.pushInfo(translate(
        "EscapeAnalysis", "Observed escape share: {share:.4f} of {n} matched points in zones.").format(
        share=result.escape_mean[0], n=result.points_in_zones))
    description = (
        f"observed escapes of {perturbed.source_name} (mechanism {mechanism}), matched on {match_field}"
    )
    return release, {"description": description, "unmatched": unmatched,
                    "skipped": perturbed.skipped_null + perturbed.skipped_empty}


def report_calibration(calibration, epsilon, feedback):
    """Log the calibrated scale and epsilon, or why there is none (the sweep's range)."""
    if calibration.status == "below_sweep":
        feedback.pushWarning(translate(
            "EscapeAnalysis",
            "Even the smallest scale ({b:g} m) lets more than {t:g} of points escape: no calibrated "
            "scale. Add smaller scales to SCALES.").format(b=calibration.upper, t=calibration.target))
    elif calibration.status == "top_of_sweep":
        feedback.pushWarning(translate(
            "EscapeAnalysis",
            "Every scale meets the target {t:g}; CALIBRATED_SCALE is the largest one tested "
            "({b:g} m). Add larger scales to SCALES to find the limit.").format(
                t=calibration.target, b=calibration.scale))
    else:
        feedback.pushInfo(translate(
            "EscapeAnalysis",
            "Calibrated scale: b = {b:.4g} m (interpolated in log b between {lo:g} and {hi:g} m) "
            "for a mean escape share of {t:g}.").format(
                b=calibration.scale, lo=calibration.lower, hi=calibration.upper, t=calibration.target))
    if epsilon is not None:
        feedback.pushInfo(translate("EscapeAnalysis", "Calibrated epsilon: {e:.4g}.").format(e=epsilon))
