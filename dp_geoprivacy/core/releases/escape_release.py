"""The escaped-point analysis in the one release shape (dp_geoprivacy:escapeanalysis).

Source: Dumont et al. 2021 §5 (Fig. 13-21, eq. 14, eq. 15). The sweep, the observed
escapes and the calibration are in :mod:`.escape`; this module pairs true
and perturbed points (measure mode), derives epsilon per scale, calibrates,
and lays out the two output tables (per scale; per scale and zone) in a
data-independent order.

Not a release: the outputs are statistics of the true locations, a
calibration aid for the data holder. ``Release.mechanism`` is None and the
record fields say so (NOT_A_RELEASE); nothing here may be published as
private.
"""

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from ..accuracy.escape import EscapeStatistics, escape_sweep, observed_escapes
from ..geometry.zones import Tessellation, ZoneLocator
from ..mechanisms.location import PER_AXIS
from .release import Release

NOT_DP_NOTE = "not differentially private: contains statistics of the raw data"

# The record fields of the analysis: no mechanism, no epsilon.
NOT_A_RELEASE = {
    "mechanism": "none: calibration statistics of raw data",
    "epsilon": None,
    "delta": None,
    "unit_of_privacy": "none: not a release",
    "sensitivity": None,
    "sensitivity_unit": "",
    "noise_scale": None,
    "noise_scale_unit": "",
}


# --- pairing true and perturbed points (measure mode) ------------------------------------------


class MatchError(ValueError):
    """The match keys cannot pair the points: ``reason`` "repeated" (in ``layer`` 0 = true, 1 = perturbed) or "none"."""

    def __init__(self, reason: str, layer: Optional[int] = None):
        super().__init__(reason)
        self.reason, self.layer = reason, layer


def match_keys(values) -> list:
    """Match values as text, so 5, 5.0 and '5' pair up; NULL (None or NaN) becomes None."""
    keys = []
    for value in np.asarray(values, dtype=object).tolist():
        if value is None or (isinstance(value, float) and not math.isfinite(value)):
            keys.append(None)
        elif isinstance(value, float) and value.is_integer():
            keys.append(str(int(value)))
        else:
            keys.append(str(value))
    return keys


def match_rows(true_values, perturbed_values):
    """(true rows, perturbed rows, unmatched count) of the points paired by equal match keys.

    Each key must identify one point per layer (MatchError "repeated"); at
    least one pair is needed (MatchError "none"). NULL keys pair with nothing.
    """
    keys_true, keys_perturbed = match_keys(true_values), match_keys(perturbed_values)
    for layer, keys in enumerate((keys_true, keys_perturbed)):
        present = [k for k in keys if k is not None]
        if len(present) != len(set(present)):
            raise MatchError("repeated", layer)
    position = {k: i for i, k in enumerate(keys_perturbed) if k is not None}
    true_rows, perturbed_rows = [], []
    for i, key in enumerate(keys_true):
        j = position.get(key) if key is not None else None
        if j is not None:
            true_rows.append(i)
            perturbed_rows.append(j)
    if not true_rows:
        raise MatchError("none")
    unmatched = (len(keys_true) - len(true_rows)) + (len(keys_perturbed) - len(perturbed_rows))
    return np.array(true_rows, dtype=np.int64), np.array(perturbed_rows, dtype=np.int64), unmatched


# --- the analysis -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EscapeData:
    """Points and zones: ``zone`` is each point's zone index (in the zones' CRS).

    Sweep: ``xy_metric`` the points in the metric CRS the noise is drawn in,
    ``to_zone_crs`` maps metric coordinates to the zones' CRS (None: the
    same). Measure: ``zone_after`` is each (matched) point's zone after the
    perturbation. ``mean_zone_area`` in square metres.
    """

    tessellation: Tessellation
    zone: np.ndarray
    mean_zone_area: float
    xy_metric: Optional[np.ndarray] = None
    to_zone_crs: Optional[Callable[[np.ndarray], np.ndarray]] = None
    locator: Optional[ZoneLocator] = None
    zone_after: Optional[np.ndarray] = None


@dataclass(frozen=True)
class EscapeSpec:
    """Sweep settings (``scales`` in metres, ``realizations``, mechanism ``kind``), or a measured
    perturbation (``measured_scale``, ``measured_epsilon`` from its record); ``distance`` gives epsilon
    per scale (epsilon = distance / b); ``target`` a mean escape share to calibrate the scale for."""

    scales: Sequence[float] = ()
    realizations: int = 1
    kind: str = PER_AXIS
    distance: Optional[float] = None
    target: Optional[float] = None
    measured_scale: float = math.nan
    measured_epsilon: Optional[float] = None

    @property
    def measuring(self) -> bool:
        return not len(self.scales)


def release_escape_analysis(data: EscapeData, spec: EscapeSpec, rng: Optional[np.random.Generator],
                            progress=None, cancelled=None) -> Release:
    """Sweep the scales (or measure one perturbation), calibrate, and lay out the tables.

    ``result``: ``table`` (one row per scale) and ``zones`` (one row per
    scale and zone, zones in layer order), each a dict of column name to
    array. ``facts``: ``statistics`` (EscapeStatistics), ``calibration`` (or
    None), ``calibrated_scale``, ``calibrated_epsilon``. Raises ValueError
    as escape_sweep / observed_escapes do (e.g. no point in any zone).
    """
    if spec.measuring:
        statistics = observed_escapes(data.tessellation, data.zone, data.zone_after, scale=spec.measured_scale,
                                      mean_zone_area=data.mean_zone_area)
    else:
        statistics = escape_sweep(
            data.tessellation, data.xy_metric, spec.scales, spec.realizations, rng, kind=spec.kind, zone=data.zone,
            to_zone_crs=data.to_zone_crs, mean_zone_area=data.mean_zone_area, locator=data.locator,
            progress=progress, cancelled=cancelled)
    calibration = statistics.calibrate(spec.target) if spec.target is not None and not spec.measuring else None
    calibrated_scale = calibration.scale if calibration else None
    calibrated_epsilon = spec.distance / calibrated_scale if (calibrated_scale and spec.distance) else None
    epsilons = np.full(len(statistics.scales), np.nan)
    if spec.distance:
        epsilons = spec.distance / statistics.scales
    elif spec.measured_epsilon is not None:
        epsilons[:] = spec.measured_epsilon
    result = {"table": scale_table(statistics, epsilons), "zones": zone_table(data.tessellation, statistics, epsilons)}
    facts = {"statistics": statistics, "calibration": calibration, "calibrated_scale": calibrated_scale,
             "calibrated_epsilon": calibrated_epsilon}
    return Release(result, None, NOT_A_RELEASE, facts)


def scale_table(statistics: EscapeStatistics, epsilons: np.ndarray) -> dict:
    """One row per scale (ascending): the city-wide statistics (output field names, at most 10 characters)."""
    n = len(statistics.scales)

    def repeat(value):
        return np.full(n, value, dtype=np.int64)

    return {
        "scale_m": statistics.scales,
        "epsilon": epsilons,
        "b_lumped": statistics.lumped_scale,
        "runs": repeat(statistics.realizations),
        "esc_share": statistics.escape_mean,
        "esc_sd": statistics.escape_sd,
        "no_change": statistics.no_change_mean,
        "no_chg_sd": statistics.no_change_sd,
        "abs_rel_ch": statistics.abs_rel_change_mean,
        "abs_rel_sd": statistics.abs_rel_change_sd,
        "lost_out": statistics.lost_outside_mean,
        "entered": statistics.entered_mean,
        "n_points": repeat(statistics.points_in_zones),
        "n_outside": repeat(statistics.points_outside),
        "n_zones": repeat(len(statistics.population)),
        "n_empty": repeat(statistics.empty_zones),
    }


def zone_table(tessellation: Tessellation, statistics: EscapeStatistics, epsilons: np.ndarray) -> dict:
    """One row per scale and zone (scales ascending, zones in layer order): the per-zone statistics."""
    n_scales, n_zones = len(statistics.scales), len(tessellation)
    return {
        "zone_id": np.tile(np.asarray(tessellation.ids, dtype=object), n_scales),
        "scale_m": np.repeat(statistics.scales, n_zones),
        "epsilon": np.repeat(epsilons, n_zones),
        "population": np.tile(statistics.population, n_scales).astype(np.int64),
        "esc_share": statistics.zone_escape_mean.ravel(),
        "esc_sd": statistics.zone_escape_sd.ravel(),
        "net_change": statistics.zone_net_change_mean.ravel(),
        "abs_rel_ch": statistics.zone_abs_rel_change_mean.ravel(),
        "no_change": statistics.zone_no_change_share.ravel(),
    }
