"""Benchmark mode of dp_geoprivacy:mobilityreport (Kapp et al. 2023 §5): the report against the same data without noise.

The comparison is NOT differentially private (it is computed from the exact
values): its HTML title, its table's title, metadata and keywords say so.
"""

import math

import numpy as np
from osgeo import ogr

from ..core.accuracy import mobility_similarity as ms
from ..core.accuracy.html_page import page_start
from ..translation import tr
from .mobility_html import STYLE, esc, heading, note
from .privacy_metadata import write_to_file
from .writers import Column, write_features, write_text


def benchmark(release, data, spec, rng, centroids_lonlat, html_path, table_path, record, written, feedback):
    """Write the comparison page (and table) of ``release`` against the noise-free analyses of ``data``."""
    exact = ms.noise_free_report(data, spec, rng)
    rows = ms.compare(exact, dict(release.result), centroids_lonlat)
    title = tr("NOT differentially private: mobility report benchmark against the noise-free data")
    if table_path:
        columns = [Column("analysis", "text", np.array([r[0] for r in rows], dtype=object)),
                   Column("measure", "text", np.array([r[1] for r in rows], dtype=object)),
                   Column("value", "real", np.array([r[2] for r in rows], dtype=float))]
        write_features(table_path, "", ogr.wkbNone, None, columns, feedback,
                       finish=lambda p, layer: write_to_file(p, layer, record, title))
        written.append(table_path)
    if html_path:
        body = "".join(f"<tr><th>{esc(a)}</th><td>{esc(m)}</td><td>{_number(v)}</td></tr>" for a, m, v in rows)
        page = (page_start(title, STYLE).replace(
                    "</head>", "<meta name='keywords' content='not-differentially-private, dp_geoprivacy, benchmark'>"
                               "</head>") + f"<h1>{esc(title)}</h1>"
                + note(tr("These measures compare the released report with the exact analyses of the same data "
                          "after the same user bound (Kapp et al. 2023 §5.2.3). They are computed from the data: do "
                          "not "
                          "publish them.")) + heading(2, tr("Similarity per analysis"))
                + "<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in (tr("analysis"), tr("measure"),
                                                                          tr("value"))) + "</tr>"
                + body + "</table></body></html>")
        write_text(html_path, page)
        written.append(html_path)
    return rows


def _number(value):
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.4g}"
