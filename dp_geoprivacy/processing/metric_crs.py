"""Choose the metric CRS in which noise is drawn (explicit, the layer's, or UTM)."""

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsUnitTypes

from ..core.metric_crs import transform_xy, utm_epsg_for, xy_transformer
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


def resolve_metric_crs(explicit, layer_crs, xy, parameter="METRIC_CRS"):
    """Return (crs, how it was chosen) for drawing noise in metres.

    ``explicit`` (the parameter value, possibly invalid when not given) wins and
    must be projected in metres. Otherwise the layer's CRS if it is metric,
    else the UTM zone of the centre of the points' bounding box (coarse on
    purpose: a zone reveals only roughly where the data lie).
    """
    if explicit is not None and explicit.isValid():
        if not is_metric(explicit):
            raise QgsProcessingException(
                tr("{p} must be a projected CRS in metres; {crs} is not. Choose e.g. the local UTM zone.").format(
                    p=parameter, crs=explicit.authid() or explicit.description()
                )
            )
        return explicit, tr("{crs} (given)").format(crs=explicit.authid())
    if is_metric(layer_crs):
        return layer_crs, tr("{crs} (the layer's CRS)").format(crs=layer_crs.authid())
    centre = np.array([[(xy[:, 0].min() + xy[:, 0].max()) / 2, (xy[:, 1].min() + xy[:, 1].max()) / 2]])
    lonlat = transform_xy(centre, wkt(layer_crs), wkt(QgsCoordinateReferenceSystem("EPSG:4326")))
    try:
        epsg = utm_epsg_for(float(lonlat[0, 0]), float(lonlat[0, 1]))
    except ValueError as error:
        raise QgsProcessingException(
            tr("No metric CRS could be chosen ({error}). Set {p} to a projected CRS in metres.").format(
                error=error, p=parameter
            )
        ) from None
    crs = QgsCoordinateReferenceSystem(f"EPSG:{epsg}")
    return crs, tr("{crs} (UTM zone of the layer's centre; set {p} to choose)").format(
        crs=crs.authid(), p=parameter
    )
