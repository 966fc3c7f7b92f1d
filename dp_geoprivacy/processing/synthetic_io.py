"""Glue for dp_geoprivacy:synthetictrips: public declarations parsed, trip fields binned, utility rows and page.

Everything here is either a public declaration (time period and bins,
duration bins with their maximum, category lists) or a per-trip rule that
looks at one trip only (parse its start, bin it, clamp its duration), so
dropping or clamping a trip never depends on the other trips.
"""

import html
import math

import numpy as np
from qgis.core import QgsProcessingException

from ..core.accuracy.html_page import page_start
from ..core.releases.release import is_null
from ..translation import tr

OTHER = "other"
NULL_PARTITION = "NULL"


def parse_instant(text, name):
    """A declared instant (ISO 8601 text, e.g. 2013-10-01T00:00) as numpy datetime64[s]."""
    try:
        value = np.datetime64(str(text).strip(), "s")
    except ValueError:
        value = np.datetime64("NaT")
    if np.isnat(value):
        raise QgsProcessingException(tr("{name} must be a date and time such as 2013-10-01T00:00:00 (got '{v}').")
                                     .format(name=name, v=text))
    return value


def parse_times(values) -> np.ndarray:
    """Start times (datetime objects, ISO text, or datetime64) as datetime64[s]; NaT where NULL or unparsable."""
    values = np.asarray(values)
    if values.dtype.kind == "M":
        return values.astype("datetime64[s]")
    items = values.tolist()
    try:
        return np.array([None if v is None or v == "" else v for v in items], dtype="datetime64[s]")
    except (ValueError, TypeError):
        out = np.empty(len(items), dtype="datetime64[s]")
        for i, v in enumerate(items):
            try:
                out[i] = np.datetime64(v.strip() if isinstance(v, str) else v, "s") if v not in (None, "") else \
                    np.datetime64("NaT")
            except (ValueError, TypeError):
                out[i] = np.datetime64("NaT")
        return out


def time_bins(times, period_start, bin_seconds, n_bins):
    """(bin index, inside the period) of each time; NaT is outside."""
    seconds = (times - period_start).astype("timedelta64[s]").astype(np.int64)
    valid = ~np.isnat(times)
    bins = np.where(valid, np.floor_divide(seconds, bin_seconds), -1)
    return bins, valid & (bins >= 0) & (bins < n_bins)


def durations_in_minutes(values):
    """Durations as float minutes; NaN where NULL or not a number."""
    values = np.asarray(values)
    if values.dtype.kind in "iuf":
        return values.astype(float)
    out = np.full(len(values), np.nan)
    for i, v in enumerate(values.tolist()):
        try:
            out[i] = float(v)
        except (TypeError, ValueError):
            pass
    return out


def parse_categories(text, fields):
    """{field: [declared values]} from 'field=a|b|c; other_field=x|y'; every field in ``fields`` must be declared."""
    declared = {}
    for item in (text or "").replace("\n", ";").split(";"):
        if not item.strip():
            continue
        name, equals, values = item.partition("=")
        name = name.strip()
        values = [v.strip() for v in values.split("|") if v.strip()]
        if not equals or not name or not values:
            raise QgsProcessingException(tr(
                "CATEGORIES item '{item}' is not of the form field=value|value|... (e.g. gender=male|female).").format(
                item=item.strip()))
        if len(set(values)) != len(values):
            raise QgsProcessingException(tr("CATEGORIES lists a value twice for {field}.").format(field=name))
        declared[name] = values
    missing = [f for f in fields if f not in declared]
    if missing:
        raise QgsProcessingException(tr(
            "Declare the categories of {fields} in CATEGORIES (e.g. {example}=a|b|c): the category lists are "
            "public and are never read from the data.").format(fields=", ".join(missing), example=missing[0]))
    return {f: declared[f] for f in fields}


def as_text(value):
    """A field value as text for matching declared lists (5, 5.0 and '5' give '5'); None for NULL."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _distinct_texts(values):
    """(text of each distinct non-NULL value, index of each row's value or -1 for NULL), vectorised.

    Distinct raw values are found first (numbers, or text), then turned into
    text (as_text) and merged where two raw values give the same text.
    """
    values = np.asarray(values)
    null = is_null(values)
    index = np.full(len(values), -1, dtype=np.int64)
    present = values[~null]
    if values.dtype.kind == "O":  # text: factorise with a dict (far faster than sorting 1M strings)
        seen = {}
        inverse = np.fromiter((seen.setdefault(v, len(seen)) for v in present.tolist()), dtype=np.int64,
                              count=len(present))
        raw = np.array(list(seen), dtype=object)
    else:
        raw, inverse = np.unique(present, return_inverse=True)
    texts = np.array([as_text(v.item() if hasattr(v, "item") else v) for v in raw], dtype=object)
    distinct, merged = np.unique(texts.astype(str), return_inverse=True) if len(texts) else (texts, inverse)
    index[~null] = merged[inverse] if len(texts) else inverse
    return distinct.tolist(), index


def category_codes(values, declared):
    """(codes into declared + [OTHER], number mapped to OTHER): values not declared, and NULLs, are OTHER."""
    distinct, index = _distinct_texts(values)
    position = {v: i for i, v in enumerate(declared)}
    lookup = np.array([position.get(v, len(declared)) for v in distinct] + [len(declared)], dtype=np.int64)
    codes = lookup[index]  # index -1 (NULL) takes the last entry: OTHER
    return codes, int((codes == len(declared)).sum())


def zone_index(values, ids):
    """Zone indices of zone-id values (matched as text to ``ids``); -1 (no zone) for NULL or unknown ids."""
    distinct, index = _distinct_texts(values)
    position = {str(z): i for i, z in enumerate(np.asarray(ids, dtype=object).tolist())}
    lookup = np.array([position.get(v, -1) for v in distinct] + [-1], dtype=np.int64)
    return lookup[index]


def partition_codes(columns):
    """(codes, labels): one code per distinct combination of the partition fields' values, in sorted text order.

    A NULL value is the partition value 'NULL' (a partition of its own);
    labels are the value tuples, index = code. Codes follow the sorted
    order of the values, never the rows' order.
    """
    if not columns:
        return None, [()]
    per_field = []
    for column in columns:
        distinct, index = _distinct_texts(column)
        names = np.array(distinct + [NULL_PARTITION], dtype=object)
        index = np.where(index < 0, len(distinct), index)
        order = np.argsort(names.astype(str), kind="stable")  # sorted text order, 'NULL' among the values
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        per_field.append((names[order], rank[index]))
    key = np.zeros(len(per_field[0][1]), dtype=np.int64)
    for names, code in per_field:
        key = key * len(names) + code
    used, codes = np.unique(key, return_inverse=True)
    labels = []
    for k in used.tolist():
        parts = []
        for names, _ in reversed(per_field):
            k, c = divmod(k, len(names))
            parts.append(str(names[c]))
        labels.append(tuple(reversed(parts)))
    return codes.astype(np.int64), labels


def null_count(values):
    return int(is_null(values).sum())


def iso(times):
    """datetime64 values as ISO text (seconds)."""
    return np.datetime_as_string(np.asarray(times).astype("datetime64[s]"), unit="s")


def utility_page(title, record, sections):
    """An HTML page: a NOT-DP banner, the record summary, and one table per section (caption, header, rows)."""
    warning = tr("NOT DIFFERENTIALLY PRIVATE: this page compares the synthetic trips with the raw trips. It is "
                 "for the data holder; do not publish it.")
    parts = [page_start(title, "body{font-family:sans-serif;margin:2em;max-width:900px}table{border-collapse:collapse;"
                        "margin-bottom:1.5em}td,th{border:1px solid #bbb;padding:2px 8px;font-size:13px}"
                        ".warn{background:#fdd;padding:8px;border:1px solid #c00}"),
             f"<h1 style=\"font-size:18px\">{html.escape(title)}</h1>",
             f"<p class=\"warn\">{html.escape(warning)}</p>"]
    for line in record.summary().splitlines():
        parts.append(f"<p style=\"color:#333;font-size:12px\">{html.escape(line)}</p>")
    for caption, header, rows in sections:
        parts.append(f"<h2 style=\"font-size:15px\">{html.escape(caption)}</h2><table><tr>")
        parts.extend(f"<th>{html.escape(h)}</th>" for h in header)
        parts.append("</tr>")
        for row in rows:
            cells = (f"{v:.4g}" if isinstance(v, float) else str(v) for v in row)
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
