"""Checks of an OD-flow release before its noise: the trips' CRS, impossible longitudes and latitudes, and
the number of flows a setting would publish (from public facts only). Used by dp_geoprivacy:noisyodflows."""

import math

import numpy as np
from qgis.core import QgsProcessingException, QgsWkbTypes

from ..core.mechanisms.gaussian_threshold import THRESHOLDED
from ..core.releases.od_paths import expected_noise_flows, least_min_flow
from ..translation import tr

# Refuse settings whose expected number of published flows (from public facts
# only: the number of cells, the noise and MIN_FLOW) exceeds this.
MAX_EXPECTED_FLOWS = 5_000_000


def read_trips_crs(algorithm, parameters, context, source, coordinate_fields, feedback):
    """The CRS of the trips: COORDINATES_CRS for coordinate fields (default the layer's), else the layer's."""
    given = algorithm.parameterAsCrs(parameters, "COORDINATES_CRS", context)
    layer_crs = source.sourceCrs()
    if coordinate_fields is None:
        if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.LineGeometry:
            return layer_crs  # read_trips refuses the layer, saying what is needed
        if given.isValid() and given != layer_crs:
            feedback.pushInfo(tr("COORDINATES_CRS is only used with coordinate fields; the lines are in "
                                 "the layer's CRS."))
        crs = layer_crs
    else:
        crs = given if given.isValid() else layer_crs
    if not crs.isValid():
        raise QgsProcessingException(
            tr("Set COORDINATES_CRS to the CRS of the coordinate fields (e.g. EPSG:4326 for "
               "longitude/latitude): INPUT has no CRS.") if coordinate_fields is not None else
            tr("INPUT has no coordinate reference system. Set one in Layer Properties > Source."))
    return crs


def drop_impossible_lonlat(trips, feedback):
    """In a geographic CRS, skip trips with a longitude beyond +-360 or a latitude beyond +-90 (counted)."""
    both = np.concatenate((trips.origin, trips.dest), axis=1)
    bad = (np.abs(both[:, [0, 2]]) > 360).any(axis=1) | (np.abs(both[:, [1, 3]]) > 90).any(axis=1)
    if not bad.any():
        return
    if bad.all():
        raise QgsProcessingException(tr(
            "No trip has valid longitude/latitude coordinates (e.g. {x:g}, {y:g}), but their CRS is "
            "geographic: set COORDINATES_CRS (or the layer's CRS) to the CRS the coordinates are really "
            "in, e.g. a projected CRS in metres.").format(x=both[0, 0], y=both[0, 1]))
    feedback.pushWarning(tr(
        "Skipped {n} trips whose coordinates are not valid longitude/latitude in a geographic CRS: is "
        "COORDINATES_CRS right?").format(n=int(bad.sum())))
    keep = ~bad
    trips.origin, trips.dest, trips.fids = trips.origin[keep], trips.dest[keep], trips.fids[keep]
    trips.columns = {name: values[keep] for name, values in trips.columns.items()}
    trips.skipped["coordinates outside longitude/latitude range"] = int(bad.sum())


def check_size(domain_size, mechanism, min_flow):
    """Refuse settings that would publish too many flows (decided from public facts only)."""
    if isinstance(mechanism, THRESHOLDED):
        return
    if min_flow <= 0:
        if domain_size > MAX_EXPECTED_FLOWS:
            raise QgsProcessingException(tr(
                "MIN_FLOW=0 publishes every one of the {cells:,} zone pairs; that is only possible up to "
                "{limit:,} pairs. Set MIN_FLOW to 1 or more, or use fewer zones.").format(
                cells=domain_size, limit=MAX_EXPECTED_FLOWS))
        return
    expected = expected_noise_flows(mechanism, domain_size, min_flow)
    if expected > MAX_EXPECTED_FLOWS:
        needed = least_min_flow(mechanism, domain_size, MAX_EXPECTED_FLOWS, start=math.ceil(min_flow)) or 10**6
        raise QgsProcessingException(tr(
            "With {cells:,} zone pairs, this noise (scale {b:g}) and MIN_FLOW={m:g}, about {n:,.0f} flows of "
            "pure noise would be published (limit {limit:,}). Raise MIN_FLOW to {needed:g} or more, raise "
            "EPSILON, or use fewer zones.").format(
            cells=domain_size, b=mechanism.scale, m=min_flow, n=expected, limit=MAX_EXPECTED_FLOWS,
            needed=needed))
