"""The checks of dp_geoprivacy:noisyzonestatistics' settings, before anything is read: one clear message naming
the parameter and the fix (raw parameter values, as checkParameterValues sees them); and the help's paragraph on
NOISE=2, whose figures come from the same rules."""

import math

from ..core.mechanisms.gaussian import gaussian_beats_laplace_from
from ..core.releases.zone_statistics import COUNT, COUNT_ABOVE, MEAN, STATISTICS, SUM, UNITS
from ..translation import tr
from . import auto_bound
from .base import setting_number


def setting_errors(parameters):
    """Clear messages for settings that cannot work, before anything is read (raw values)."""
    statistic = setting_number(parameters, "STATISTIC")
    statistic = STATISTICS[int(statistic)] if statistic in range(len(STATISTICS)) else MEAN
    bounds = {}
    for name in ("LOWER", "UPPER", "LIMIT"):
        value = setting_number(parameters, name)
        if value is not None and not math.isfinite(value):
            return tr("{name} must be a finite number (not NaN or infinite; got {v}). Declare it from "
                      "public knowledge, e.g. LOWER=0 and UPPER=65 for a speed in km/h.").format(
                name=name, v=parameters.get(name))
        bounds[name] = value
    lower, upper = bounds["LOWER"], bounds["UPPER"]
    auto_values = str(parameters.get(auto_bound.AUTO_VALUE_BOUNDS)).lower() not in ("none", "false", "0", "")
    if (lower is None or upper is None) and auto_values:
        return tr("AUTO_VALUE_BOUNDS chooses the bounds inside a public range: give LOWER and UPPER as that range "
                  "(e.g. 0 and 200 for a speed in km/h), declared from what is known without the data.")
    if lower is None or upper is None:
        return tr("STATISTIC {s} needs public bounds LOWER and UPPER (e.g. 0 and 65 for a speed in km/h): "
                  "declare them from what is known without the data, never from the data.").format(
            s=statistic)
    if lower is not None and upper is not None and not lower < upper:
        return tr("LOWER ({lower:g}) must be less than UPPER ({upper:g}): swap them or widen the "
                  "range.").format(lower=lower, upper=upper)
    unit = setting_number(parameters, "UNIT")
    if setting_number(parameters, "MAX_CONTRIBUTIONS") == auto_bound.AUTOMATIC:
        if unit != 1:
            return tr("MAX_CONTRIBUTIONS=0 (automatic) is for UNIT=1 (user): give M a whole number of at "
                      "least 1.")
        error = auto_bound.setting_errors(parameters, "MAX_CONTRIBUTIONS")
        if error:
            return error
    if unit == 2 and auto_values:
        return tr("AUTO_VALUE_BOUNDS is for UNIT=0 (record) or 1 (user); with user-days declare LOWER and "
                  "UPPER.")
    if statistic == COUNT_ABOVE and auto_values:
        return tr("The count above LIMIT needs no value bounds (clamping never moves a value across LIMIT): clear "
                  "AUTO_VALUE_BOUNDS.")
    for name in ("MAX_CONTRIBUTIONS", "MAX_CELLS_PER_DAY", "DAYS", "QUANTILE_GRID"):
        value = setting_number(parameters, name)
        least = 2 if name == "QUANTILE_GRID" else 0 if name == "MAX_CONTRIBUTIONS" and unit == 1 else 1
        if value is not None and not (math.isfinite(value) and value >= least and value == int(value)):
            return tr("{name} must be a whole number of at least {least} (got {v}).").format(
                name=name, least=least, v=parameters.get(name))
    if statistic == COUNT_ABOVE:
        limit, days = bounds["LIMIT"], setting_number(parameters, "DAYS")
        if limit is None or days is None:
            return tr("The count above LIMIT per day needs LIMIT (e.g. a speed limit) and DAYS, the "
                      "public number of days in the period (the ITMS report: 31).")
        if not lower <= limit < upper:
            return tr("LIMIT ({limit:g}) must be within [LOWER, UPPER) = [{lower:g}, {upper:g}): clamped "
                      "values never exceed UPPER.").format(limit=limit, lower=lower, upper=upper)
    for name in ("SUPPORT_SHARE", "MEAN_SUM_SHARE"):
        value = setting_number(parameters, name)
        if value is not None and not (math.isfinite(value) and 0.0 < value < 1.0):
            return tr("{name} must be between 0 and 1, exclusive (got {v}).").format(
                name=name, v=parameters.get(name))
    support = setting_number(parameters, "MIN_SUPPORT")
    if support is not None and not (math.isfinite(support) and support >= 0):
        return tr("MIN_SUPPORT must be a number >= 0 (got {v}); 0 publishes every cell.").format(
            v=parameters.get("MIN_SUPPORT"))
    user_field = parameters.get("USER_FIELD")
    if unit in (1, 2) and not user_field:
        return tr("UNIT {u} needs USER_FIELD, the field identifying each user (e.g. a vehicle id).").format(
            u=UNITS[int(unit)])
    if not unit and user_field:
        return tr("USER_FIELD is set but UNIT is one record: set UNIT=1 (user) or UNIT=2 (user-day) to "
                  "protect users, or clear USER_FIELD.")
    if str(parameters.get("PER_UNIT_MEAN")).lower() not in ("none", "false", "0", "") and (
            unit != 2 or statistic == COUNT_ABOVE):
        return tr("PER_UNIT_MEAN averages each user-day's values per cell: it needs UNIT=2 (user-day) and "
                  "a statistic other than the count above LIMIT. Clear PER_UNIT_MEAN or set UNIT=2.")
    noise_error = noise_setting_error(parameters, statistic, support)
    if noise_error:
        return noise_error
    if unit == 2 and not parameters.get("DAY_FIELD") and not parameters.get("TIME_FIELD"):
        return tr("UNIT user-day needs the day of every record: set DAY_FIELD (or a TIME_FIELD with dates).")
    return None


def noise_setting_error(parameters, statistic, support):
    """NOISE and DELTA: what the discrete Gaussian (NOISE=2) covers here, and the DELTA it needs."""
    noise, delta = setting_number(parameters, "NOISE"), setting_number(parameters, "DELTA")
    if delta is not None and not (math.isfinite(delta) and 0.0 <= delta < 1.0):
        return tr("DELTA must be in [0, 1) (got {v}); use e.g. 1e-6 with NOISE=2, else 0.").format(
            v=parameters.get("DELTA"))
    if noise == 1:
        return tr("NOISE=1 (discrete Laplace) is not offered for zone statistics: use NOISE=0 (Laplace) or, for "
                  "the count and the sum, NOISE=2 (discrete Gaussian).")
    if noise != 2:
        return None
    if statistic not in (COUNT, SUM):
        return tr("NOISE=2 (discrete Gaussian) is offered for STATISTIC count and sum only (got {s}): use NOISE=0 "
                  "for the others.").format(s=statistic)
    if not delta:
        return tr("NOISE=2 (discrete Gaussian) needs DELTA > 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP "
                  "through zero-concentrated DP. Or use NOISE=0 (Laplace) with DELTA=0.")
    if statistic == SUM and support:
        return tr("NOISE=2 (discrete Gaussian) publishes every cell of the sum: set MIN_SUPPORT=0 (a support count "
                  "would be a second, Laplace release), or use NOISE=0.")
    return None


def gaussian_statistics_help():
    """The NOISE=2 paragraph: the L2 sensitivity per unit, and from which M it beats Laplace."""
    epsilon, delta = 1.0, 1e-6
    return tr(
        "<p><b>NOISE=2</b> (count and sum only): the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The "
        "Discrete Gaussian for Differential Privacy', Algorithm 3) on every cell, calibrated to the L2 "
        "sensitivity over all cells; it needs DELTA > 0 and, for the sum, MIN_SUPPORT=0. Values are rounded to a "
        "public grain (the largest power of two at most max(|LOWER|, |UPPER|) / 1024) so the noise is exact "
        "integer noise. With UNIT=1 each user keeps at most one point per cell and M cells (sampled), so the L2 "
        "sensitivity of the sum is sqrt(M) max(|LOWER|, |UPPER|) and of the count sqrt(M), against M times "
        "that in L1 for Laplace (the count becomes users per cell); with UNIT=2 it is sqrt(K) M "
        "max(|LOWER|, |UPPER|) over all cells, against epsilon / K per cell for Laplace. The release is "
        "rho-zero-concentrated DP (Bun and Steinke 2016), rho chosen so that Canonne, Kamath and Steinke 2020 "
        "Corollary 13 gives (EPSILON, DELTA); the record carries rho, EPSILON and DELTA, and SENSITIVITY is the "
        "L2 one. At EPSILON={e:g} and DELTA={d:g} the Gaussian gives the smaller error from M (or K) = {m} up; "
        "for small M, Laplace is better. NOISE=1 (discrete Laplace) is not offered here.</p>").format(
        e=epsilon, d=delta, m=gaussian_beats_laplace_from(epsilon, delta))
