"""Where noise is drawn in ground metres.

Releases: ``resolve_noise_frame`` (public facts only, core.geometry.metric_crs.NoiseFrame).
Calibration and evaluation tools that publish nothing (escapeanalysis, utilityreport):
``resolve_metric_crs``, core.geometry.metric_crs.choose_metric_crs over the data's coarse extent.
"""

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsUnitTypes

from ..core.geometry.metric_crs import (
    AEQD,
    GEODESIC,
    GIVEN,
    LAYER,
    NOISE_REACH,
    TOLERANCE,
    DistortedCrsError,
    NoiseFrame,
    NoMetricCrsError,
    NoPublicFrameError,
    choose_metric_crs,
    coarse_extent,
    format_extent,
    frame_max_noise_scale,
    max_noise_scale,
    planar_frame,
    transform_xy,
    xy_transformer,
)
from ..translation import tr


def is_metric(crs: QgsCoordinateReferenceSystem) -> bool:
    """Whether ``crs`` is projected in metres."""
    return crs.isValid() and not crs.isGeographic() and crs.mapUnits() == QgsUnitTypes.DistanceMeters


def crs_transformer(from_crs: QgsCoordinateReferenceSystem, to_crs: QgsCoordinateReferenceSystem):
    """A function reprojecting (n, 2) x/y arrays between two QGIS CRSs, or None when they are equal."""
    if from_crs == to_crs:
        return None
    return xy_transformer(wkt(from_crs), wkt(to_crs))


def wkt(crs: QgsCoordinateReferenceSystem) -> str:
    return crs.toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED)


def _lonlat_outline(xy, crs):
    """The points' bounding box outline (edges densified) in longitude/latitude."""
    finite = xy[np.isfinite(xy).all(axis=1)]
    if not len(finite):
        return finite
    (x0, y0), (x1, y1) = finite.min(axis=0), finite.max(axis=0)
    t = np.linspace(0.0, 1.0, 21)
    xs, ys = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
    outline = np.concatenate([
        np.column_stack((xs, np.full_like(xs, y0))), np.column_stack((xs, np.full_like(xs, y1))),
        np.column_stack((np.full_like(ys, x0), ys)), np.column_stack((np.full_like(ys, x1), ys)),
    ])
    if crs.isGeographic():
        return outline
    return transform_xy(outline, wkt(crs), wkt(QgsCoordinateReferenceSystem("EPSG:4326")))


def _qgis_crs(choice):
    if choice.name.startswith("EPSG:"):
        return QgsCoordinateReferenceSystem(choice.name)
    return QgsCoordinateReferenceSystem.fromWkt(choice.wkt)


def resolve_metric_crs(explicit, layer_crs, xy, parameter="METRIC_CRS", *, feedback=None, noise_scale=None,
                       scale_parameters=("EPSILON", "DISTANCE")):
    """Return (crs, description for the record) for drawing noise in ground metres.

    The rule is core.geometry.metric_crs.choose_metric_crs over the points' coarse
    extent: ``explicit`` (the parameter value, possibly invalid when not
    given) must be projected in metres and true to scale there; otherwise
    the layer's CRS when it is, else the UTM zone, else an azimuthal
    equidistant CRS. ``feedback`` gets a warning when the layer's own CRS
    was set aside and a line saying what was chosen. With ``noise_scale``
    (metres), refuses a scale the chosen CRS cannot carry, naming
    ``scale_parameters``.
    """
    given = explicit is not None and explicit.isValid()
    if given and not is_metric(explicit):
        raise QgsProcessingException(
            tr("{p} must be a projected CRS in metres; {crs} is not. Choose e.g. the local UTM zone.").format(
                p=parameter, crs=explicit.authid() or explicit.description()
            )
        )
    try:
        extent = coarse_extent(_lonlat_outline(np.asarray(xy, dtype=float).reshape(-1, 2), layer_crs))
        choice = choose_metric_crs(
            extent,
            layer_crs=wkt(layer_crs) if is_metric(layer_crs) else None,
            explicit=wkt(explicit) if given else None,
        )
    except DistortedCrsError as error:
        raise _refused("crs_not_true_to_scale", parameter,
            tr("{p}: {crs} is not true to scale over the data's area ({extent}): distances are off by up to "
               "{d} (tolerance {t:g}%), so noise drawn in it would not be in ground metres. Leave {p} empty "
               "to use {fallback}, or choose a CRS true to scale there (e.g. the local UTM zone).").format(
                p=parameter, crs=error.name, extent=format_extent(error.extent), d=_percent(error.distortion),
                t=100 * TOLERANCE, fallback=error.suggestion or tr("the local UTM zone"))
        ) from None
    except NoMetricCrsError:
        raise _refused("no_metric_crs", parameter,
            tr("The data span {extent}: no single CRS keeps distances true to within {t:g}% there, so noise "
               "in metres cannot be drawn correctly. Split the input into regions (e.g. by country) and run "
               "once per region.").format(extent=format_extent(extent), t=100 * TOLERANCE)
        ) from None
    except ValueError as error:
        raise QgsProcessingException(
            tr("No metric CRS could be chosen ({error}). Set {p} to a projected CRS in metres.").format(
                error=error, p=parameter
            )
        ) from None
    if choice.rejected and feedback is not None:
        feedback.pushWarning(
            tr("The layer's CRS {crs} is not true to scale over the data's area: distances are off by up to "
               "{d} (tolerance {t:g}%). Noise is drawn in {chosen} instead.").format(
                crs=choice.rejected[0], d=_percent(choice.rejected[1]), t=100 * TOLERANCE, chosen=choice.name)
        )
    if feedback is not None:
        how = {
            GIVEN: tr("given as {p}"),
            LAYER: tr("the layer's CRS"),
            AEQD: tr("azimuthal equidistant on the data's coarse extent; set {p} to choose"),
        }.get(choice.how, tr("UTM zone of the data's coarse extent; set {p} to choose")).format(p=parameter)
        feedback.pushInfo(
            tr("Noise CRS: {crs} ({how}); largest scale error over {extent}: {d} (tolerance {t:g}%).").format(
                crs=choice.name, how=how, extent=format_extent(extent), d=_percent(choice.distortion),
                t=100 * TOLERANCE)
        )
    if noise_scale is not None:
        limit = max_noise_scale(choice)
        if not noise_scale <= limit:
            raise _scale_refused(noise_scale, choice.name, limit, scale_parameters)
    return _qgis_crs(choice), choice.description()


class Frame:
    """A release's noise frame in QGIS terms: ``crs`` (None when GEODESIC), ``description`` for the record."""

    def __init__(self, frame):
        self.frame = frame
        self.geodesic = frame.how == GEODESIC
        self.crs = None if self.geodesic else (
            QgsCoordinateReferenceSystem(frame.name) if frame.name.startswith("EPSG:")
            else QgsCoordinateReferenceSystem.fromWkt(frame.wkt))
        self.description = frame.description()


def resolve_noise_frame(raw_explicit, explicit, layer_crs, parameter="METRIC_CRS", *, feedback, noise_scale,
                        scale_parameters=("EPSILON", "DISTANCE"), planar_only=None) -> Frame:
    """The frame a release draws its noise in, from public facts only (core.geometry.metric_crs, "the noise frame").

    ``raw_explicit``: the parameter's value as given (a value QGIS cannot read
    as a CRS is refused, never replaced); ``explicit``: it as a CRS. Given:
    it must be projected in metres and true to scale over its area of use.
    Otherwise the layer's CRS when it is, else GEODESIC (noise per point on
    the ellipsoid). ``planar_only``: what needs a planar CRS (e.g. "per-axis
    Laplace"), refused without one. Refuses a ``noise_scale`` (metres, or None
    when no Laplace noise is drawn) the frame cannot carry, naming
    ``scale_parameters``. Reads no data.
    """
    given = crs_parameter_given(raw_explicit, explicit, parameter)
    if given and not is_metric(explicit):
        raise QgsProcessingException(
            tr("{p} must be a projected CRS in metres; {crs} is not. Choose e.g. the local UTM zone.").format(
                p=parameter, crs=explicit.authid() or explicit.description()))
    if given:
        try:
            frame = planar_frame(wkt(explicit), GIVEN)
        except NoPublicFrameError as error:
            raise _refused("crs_not_true_to_scale", parameter, tr(
                "{p}: {crs} cannot carry the noise: {reason}. Noise drawn in it would not be in ground metres. "
                "Choose a CRS true to scale over your data's area (e.g. its UTM zone), or leave {p} empty to draw "
                "the noise on the ellipsoid.").format(p=parameter, crs=error.name, reason=error.reason)) from None
    else:
        frame = NoiseFrame(GEODESIC)
        if is_metric(layer_crs):
            try:
                frame = planar_frame(wkt(layer_crs), LAYER)
            except NoPublicFrameError as error:
                feedback.pushWarning(tr(
                    "The layer's CRS {crs} is not used for the noise: {reason}. Noise is drawn on the ellipsoid "
                    "instead.").format(crs=error.name, reason=error.reason))
    if frame.how == GEODESIC and planar_only:
        raise _refused("planar_crs_needed", parameter, tr(
            "{what} needs a planar CRS in metres, and the layer's CRS {crs} is not one that is true to scale over "
            "its area of use. Set {p} to a projected CRS in metres true to scale over your data's area (e.g. its "
            "UTM zone).").format(what=planar_only, crs=_crs_label(layer_crs), p=parameter))
    feedback.pushInfo(tr("Noise frame: {frame}.").format(frame=frame.description()))
    limit = frame_max_noise_scale(frame)
    if noise_scale is not None and not noise_scale <= limit:
        raise _scale_refused(noise_scale, frame.name or tr("the ellipsoid (geodesic)"), limit, scale_parameters)
    return Frame(frame)


def crs_parameter_given(raw, crs, parameter="METRIC_CRS") -> bool:
    """Whether a CRS parameter was given; a value QGIS cannot read as a CRS is refused, never replaced."""
    given = (isinstance(raw, str) and raw.strip() != "") or (crs is not None and crs.isValid())
    if given and (crs is None or not crs.isValid()):
        raise _refused("crs_invalid", parameter, tr(
            "{p}: '{value}' is not a CRS QGIS knows. Give a projected CRS in metres (e.g. EPSG:32633, a UTM zone) "
            "or leave {p} empty.").format(p=parameter, value=raw))
    return given


def _crs_label(crs):
    return crs.authid() or crs.description() or tr("custom CRS")


def _scale_refused(noise_scale, name, limit, scale_parameters):
    problem = tr("The noise scale b = {b:g} m is beyond what {crs} can carry around the data: noise "
                 "reaches {reach:g} b, which must stay where the CRS is in ground metres, so b can be at "
                 "most {limit:.0f} m.").format(b=noise_scale, crs=name, reach=NOISE_REACH, limit=limit)
    if len(scale_parameters) == 2:
        fix = tr("Increase {eps} or decrease {dist} so that {dist} / {eps} <= {limit:.0f}.").format(
            eps=scale_parameters[0], dist=scale_parameters[1], limit=limit)
    else:
        fix = tr("Use scales of at most {limit:.0f} m in {p}.").format(limit=limit, p=scale_parameters[0])
    return _refused("noise_scale_too_large", scale_parameters[0], f"{problem} {fix}", limit_m=limit,
                    noise_scale_m=noise_scale)


def _refused(reason, parameter, message, **details):
    """The exception for a refusal, made machine-readable under qgis_process --json (budget.report_refusal)."""
    from .budget import report_refusal

    report_refusal("", reason, message, parameter=parameter, **details)
    return QgsProcessingException(message)


def _percent(distortion):
    return "inf" if not np.isfinite(distortion) else f"{100 * distortion:.3g}%"
