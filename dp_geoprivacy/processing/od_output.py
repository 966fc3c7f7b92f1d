"""The outputs of dp_geoprivacy:noisyodflows: flow-line geometries and the two layers written as one release.

The flows and the matrix hold the same noisy counts from one draw (one
epsilon); they are written so that both end up in place or neither does.
Geometries are between the zones' public representative points: nothing in
them comes from a trip.
"""

import contextvars
import threading

import numpy as np
import shapely
from osgeo import ogr

from ..core.releases.od_flows import flow_coordinates
from ..translation import tr
from .gpkg_fill import BlobGroups, PackedGeometries, linestring_blob_groups, linestring_blobs
from .mobility_svg import number
from .privacy_metadata import write_to_file
from .report_accuracy import flow_unit
from .writers import together, write_features


def log_published(feedback, facts, per_user):
    """How many of the candidate zone pairs the release published (the mechanism's output) and, when a threshold
    (stability histogram or Gaussian thresholding) let none through, a warning saying why and what to change. Only
    public figures besides that number: the threshold (from EPSILON, DELTA and M) and the number of pairs (from the
    zones). ``per_user``: the counts are users per pair (NOISE=2), else trips."""
    feedback.pushInfo(tr("Flows published: {published} of the {cells} zone pairs.").format(
        published=number(facts["published"]), cells=number(facts["cells"])))
    if facts["threshold"] is not None and not facts["published"]:
        feedback.pushWarning(tr(
            "No flow reached the publication threshold at this epsilon: a flow needs about {t} {unit} (after the "
            "bound M) to be published, so the flows layer is empty and this release publishes nothing reliable "
            "about the {cells} zone pairs. Use a larger EPSILON, coarser zones or a lower M (MAX_TRIPS).").format(
            t=number(facts["threshold"]), unit=flow_unit(per_user), cells=number(facts["cells"])))


def flow_line_geometries(cells, origin_index, dest_index, crs) -> PackedGeometries:
    """Flow geometries between the zones' representative points (in ``crs``), as GeoPackage blobs
    built with numpy (no shapely object per flow)."""
    used = np.flatnonzero(np.bincount(origin_index, minlength=len(cells))
                          + np.bincount(dest_index, minlength=len(cells)))
    polygons = cells.geometries(used, crs)
    points = np.full((len(cells), 2), np.nan)
    size = np.zeros(len(cells))
    if len(used):
        points[used] = shapely.get_coordinates(shapely.point_on_surface(polygons))
        size[used] = 0.15 * np.sqrt(shapely.area(polygons))
    bounds = np.empty((len(origin_index), 4))
    # Lines between zones (nearly all rows): straight into their blobs, as flow_coordinates draws them.
    ends = np.flatnonzero(origin_index != dest_index)
    lines = linestring_blobs(2, len(ends))
    origin, dest = points[origin_index[ends]], points[dest_index[ends]]
    lines["xy"][:, 0], lines["xy"][:, 1] = origin, dest
    bounds[ends, :2], bounds[ends, 2:] = np.minimum(origin, dest), np.maximum(origin, dest)
    del origin, dest
    # Intrazonal diamonds (at most one per zone): from flow_coordinates.
    loops = np.flatnonzero(origin_index == dest_index)
    groups = {count: (loops[rows], coordinates) for count, (rows, coordinates) in
              flow_coordinates(points, size, origin_index[loops], dest_index[loops]).items()}
    for rows, coordinates in groups.values():
        bounds[rows, :2], bounds[rows, 2:] = coordinates.min(axis=1), coordinates.max(axis=1)
    blobs = BlobGroups(([(ends, lines)] if len(ends) else []) + linestring_blob_groups(groups).groups)
    return PackedGeometries(blobs, bounds)

def write_flows_and_matrix(flows_destination, matrix_destination, crs_wkt, make_lines, flow_columns,
                           matrix_columns, record, titles, feedback):
    """Write the flow lines and the matrix as one release: both outputs end up in place, or neither.

    The matrix (the flows' attributes without moe95, in the same order) is
    written from the arrays in a second thread while the flow lines are
    built and written (SQLite and numpy release the GIL: on two cores the
    matrix costs no wall time). Both are put in place together when both
    are complete (writers.together, which the matrix's thread joins), so a
    failure of either leaves nothing, whatever the destinations. ``titles``:
    (flows, matrix) layer titles.
    """
    flows_title, matrix_title = titles

    def finish_matrix(path, layer):
        write_to_file(path, layer, record, matrix_title)

    with together():
        matrix = _InThread(lambda: write_features(matrix_destination, "", ogr.wkbNone, None, matrix_columns,
                                                  feedback, finish=finish_matrix))

        def finish_flows(path, layer):
            write_to_file(path, layer, record, flows_title)
            matrix.result()  # the matrix's failure stops the flows

        try:
            write_features(flows_destination, crs_wkt, ogr.wkbLineString, make_lines(), flow_columns, feedback,
                           finish=finish_flows)
        except BaseException:
            matrix.wait()  # its working folder is removed when the block ends
            raise


class _InThread:
    """Run ``work()`` in a thread now; ``result()`` waits and raises its error, ``wait()`` waits and says
    whether it succeeded."""

    def __init__(self, work):
        self._error = None
        context = contextvars.copy_context()

        def run():
            try:
                context.run(work)  # in the caller's writers.together() block
            except BaseException as error:  # handed to the caller's thread
                self._error = error

        self._thread = threading.Thread(target=run, name="dp_geoprivacy matrix writer", daemon=True)
        self._thread.start()

    def wait(self):
        self._thread.join()
        return self._error is None

    def result(self):
        if not self.wait():
            raise self._error
