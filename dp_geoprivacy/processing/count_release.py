"""Parameters, outputs and checks shared by the count releases (zone counts and OD flows).

Both release a noisy histogram built by ``core.releases.zone_counts.make_mechanism``
from the same settings: EPSILON, DELTA, NOISE, USER_FIELD with a bound M on
each user's contributions, and THRESHOLD. They are declared and checked
here once, so the two algorithms cannot drift apart.
"""

import math

from qgis.core import (
    QgsProcessingOutputNumber,
    QgsProcessingParameterEnum,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
)

from ..core.mechanisms.gaussian import gaussian_beats_laplace_from, zcdp_rho
from ..core.mechanisms.gaussian_threshold import compare_with_stability
from ..translation import tr
from . import auto_bound
from .base import setting_number

EPSILON, DELTA, NOISE, USER_FIELD, THRESHOLD = "EPSILON", "DELTA", "NOISE", "USER_FIELD", "THRESHOLD"


def add_release_parameters(algorithm, bound_name, bound_label, bound_help, epsilon_help, unit_plural,
                           gaussian=False):
    """EPSILON, NOISE, USER_FIELD and the per-user bound ``bound_name`` (M); DELTA follows THRESHOLD
    (add_threshold_parameter).

    ``gaussian``: NOISE offers a third option, the discrete Gaussian
    (NOISE=2, core.mechanisms.gaussian), which needs DELTA > 0. The bound 0 is "automatic"
    (processing/auto_bound.py; ``unit_plural`` names what is counted per user).
    """
    epsilon = QgsProcessingParameterNumber(
        EPSILON, tr("Epsilon (privacy loss)"), QgsProcessingParameterNumber.Double, defaultValue=1.0, minValue=0.0)
    epsilon.setHelp(epsilon_help)
    algorithm.add(epsilon)
    add_noise_parameter(algorithm, gaussian)
    algorithm.add(QgsProcessingParameterField(
        USER_FIELD, tr("User id field (user-level privacy; optional)"),
        parentLayerParameterName="INPUT", optional=True))
    bound = QgsProcessingParameterNumber(
        bound_name, bound_label, QgsProcessingParameterNumber.Integer, defaultValue=1, minValue=0)
    bound.setHelp(f"{bound_help} {auto_bound.bound_help(unit_plural)}")
    algorithm.add(bound)


def delta_unused(used_by, spent_on=None):
    """The log line when DELTA is set but these settings do not use it (the release goes on): DELTA serves
    ``used_by`` (a setting, e.g. "THRESHOLD=1"); the release spends delta = 0, or only on ``spent_on`` (text naming
    the part that spends its own delta)."""
    if spent_on is None:
        return tr("DELTA is only used by {setting}; this release spends delta = 0.").format(setting=used_by)
    return tr("DELTA is only used by {setting}; this release spends delta only on {part}.").format(
        setting=used_by, part=spent_on)


def add_noise_parameter(algorithm, gaussian=True):
    """NOISE: 0 = Laplace, 1 = discrete Laplace, 2 = the discrete Gaussian (with ``gaussian``; needs DELTA > 0):
    the same values and words in every release that offers them (help_summary.NOISE_KINDS)."""
    options = [tr("Laplace"), tr("Discrete Laplace (two-sided geometric, integer counts)")]
    if gaussian:
        options.append(tr("Discrete Gaussian (integer counts; L2 sensitivity, needs DELTA > 0)"))
    algorithm.add(QgsProcessingParameterEnum(NOISE, tr("Noise"), options=options, defaultValue=0))


def add_delta_parameter(algorithm, default=0.0):
    """DELTA: the delta of the stability histogram or of Gaussian noise, 0 for pure epsilon-DP."""
    delta = QgsProcessingParameterNumber(
        DELTA, tr("Delta"), QgsProcessingParameterNumber.Double, defaultValue=default, minValue=0.0, maxValue=1.0)
    delta.setHelp(tr("In [0, 1): the delta of the stability histogram or of Gaussian noise, e.g. 1e-6 (well "
                     "below 1 / number of users); 0 when every cell is published with Laplace noise (pure "
                     "epsilon-DP)."))
    algorithm.add(delta)


def add_threshold_parameter(algorithm, none_label, default=0, default_delta=0.0):
    """THRESHOLD and, after it, DELTA: 0 = noise every cell (``none_label``), 1 = the stability histogram
    (Asghar, Tyler and Kaafar 2017, "Differentially Private Release of Public Transport Data: The Opal Use
    Case", Algorithm 1)."""
    threshold = QgsProcessingParameterEnum(
        THRESHOLD, tr("Cells published"),
        options=[none_label, tr("Only cells with data (stability histogram)")], defaultValue=default)
    threshold.setHelp(tr(
        "The stability histogram (Asghar, Tyler and Kaafar 2017, \"Differentially Private Release of Public "
        "Transport Data: The Opal Use Case\", Algorithm 1) publishes a cell only when its noisy count passes a "
        "threshold, so cells without data are never published; it is (epsilon, delta)-DP and needs DELTA > 0. "
        "The other choice noises every cell: pure epsilon-DP (DELTA 0), with noise-only cells."))
    algorithm.add(threshold)
    add_delta_parameter(algorithm, default_delta)


def add_release_outputs(algorithm, extra):
    """EPSILON_SPENT, DELTA_SPENT, SENSITIVITY and NOISE_SCALE, then ``extra`` (name, label) outputs."""
    standard = (
        ("EPSILON_SPENT", tr("Epsilon spent")),
        ("DELTA_SPENT", tr("Delta spent")),
        ("SENSITIVITY", tr("Sensitivity (L1; L2 with NOISE=2)")),
        ("NOISE_SCALE", tr("Noise scale (Laplace b; sigma with NOISE=2)")),
    )
    for name, label in standard + tuple(extra):
        algorithm.add_output(QgsProcessingOutputNumber(name, label))


def gaussian_help(cells, units):
    """The help paragraphs on NOISE=2 of a count release whose users add to ``cells`` (plural) with ``units``
    (plural): what the bound does, what the record carries, from which M it beats Laplace, and THRESHOLD=1 with
    NOISE=2 (Gaussian thresholding)."""
    epsilon, delta = 1.0, 1e-6
    rho = zcdp_rho(epsilon, delta)
    text = tr(
        "<p><b>NOISE=2</b>: the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for "
        "Differential Privacy', Algorithm 3), integer noise calibrated to the L2 sensitivity; it needs DELTA > 0 "
        "(with THRESHOLD=1 it is Gaussian thresholding, below). Each user is counted "
        "at most once in each of the {cells} and in at most M of them (sampled), so the counts are users, not "
        "{units}, and the L2 sensitivity is sqrt(M) instead of M. The release is rho-zero-concentrated DP (Bun "
        "and Steinke 2016) with rho chosen so that the conversion of Canonne, Kamath and Steinke 2020 (Corollary "
        "13) gives (EPSILON, DELTA); the record carries rho, EPSILON and DELTA. The noise's standard deviation "
        "is sqrt(M / (2 rho)) against sqrt(2) M / EPSILON for Laplace: at EPSILON={e:g} and DELTA={d:g} "
        "(rho={rho:.3g}) the Gaussian gives the smaller error from M = {m} up, and at M = 32 an error {r:.2g} "
        "times smaller. For small M, Laplace is the better choice.</p>").format(
        cells=cells, units=units, e=epsilon, d=delta, rho=rho, m=gaussian_beats_laplace_from(epsilon, delta),
        r=math.sqrt(2) * 32 / epsilon / math.sqrt(32 / (2 * rho)))
    return text + gaussian_threshold_help(cells, epsilon, delta)


def gaussian_threshold_help(cells, epsilon, delta):
    """The help paragraph on THRESHOLD=1 with NOISE=2 (core.mechanisms.gaussian_threshold), with its figures
    against the stability histogram at (``epsilon``, ``delta``) for M = 1 and 32."""
    one, many = compare_with_stability(epsilon, delta, 1), compare_with_stability(epsilon, delta, 32)
    return tr(
        "<p><b>THRESHOLD=1 with NOISE=2</b> (Gaussian thresholding; Wilson et al. 2020, 'Differentially Private "
        "SQL with Bounded User Contribution', §3, as Google's and PipelineDP's Gaussian partition selection): only "
        "the {cells} with data get discrete Gaussian noise, and a cell is published when its noisy count reaches "
        "the threshold tau; no cell without data is ever published. Half of DELTA pays for the Gaussian (sigma "
        "from EPSILON and DELTA / 2 through zero-concentrated DP), the other half bounds the chance that one of "
        "the up to M cells only an added user creates reaches tau (tau is the least integer with 1 - (1 - P[1 + "
        "noise >= tau])^M <= DELTA / 2, from the exact discrete-Gaussian tail). The release is (EPSILON, DELTA)-DP "
        "but not zero-concentrated DP: the record carries no rho and the ledger adds its epsilon and delta on top "
        "of the zCDP part. Against the stability histogram (Laplace, THRESHOLD=1 with NOISE=0) at EPSILON={e:g}, "
        "DELTA={d:g}: at M = 1 tau is {g1:.0f} against {l1:.0f} and the noise's standard deviation {gs1:.3g} "
        "against {ls1:.3g}; at M = 32 tau is {g32:.0f} against {l32:.0f} and the standard deviation {gs32:.3g} "
        "against {ls32:.3g}. So it publishes smaller counts from M = 1 and is also more accurate from a few "
        "cells per user on.</p>").format(
        cells=cells, e=epsilon, d=delta, g1=one["gaussian_threshold"], l1=one["laplace_threshold"],
        gs1=one["gaussian_sd"], ls1=one["laplace_sd"], g32=many["gaussian_threshold"],
        l32=many["laplace_threshold"], gs32=many["gaussian_sd"], ls32=many["laplace_sd"])


def release_setting_errors(parameters, bound_name, unit_plural):
    """A clear message for release settings that cannot work (M, DELTA, THRESHOLD with NOISE), else None.
    (THRESHOLD=1 with NOISE=2 is Gaussian thresholding, core.mechanisms.gaussian_threshold.)"""
    m = setting_number(parameters, bound_name)
    if m is not None and not (math.isfinite(m) and m >= 0 and m == int(m)):
        return tr("{name} must be a whole number of at least 1 (got {v}): each user keeps at most that many "
                  "{units}; 0 chooses it automatically.").format(name=bound_name, v=parameters.get(bound_name),
                                                                 units=unit_plural)
    error = auto_bound.setting_errors(parameters, bound_name)
    if error:
        return error
    delta = setting_number(parameters, DELTA)
    if delta is not None and not (math.isfinite(delta) and 0.0 <= delta < 1.0):
        return tr("DELTA must be in [0, 1) (got {v}); use e.g. 1e-6 with THRESHOLD=1, else 0.").format(
            v=parameters.get(DELTA))
    if setting_number(parameters, THRESHOLD) == 1:
        if not delta:
            return tr("THRESHOLD=1 (stability histogram) needs DELTA > 0, e.g. DELTA=1e-6: it is "
                      "(epsilon, delta)-DP. Or use THRESHOLD=0 with DELTA=0.")
        if setting_number(parameters, NOISE) == 1:
            return tr("THRESHOLD=1 (stability histogram) uses Laplace noise: set NOISE=0.")
    if setting_number(parameters, NOISE) == 2 and not delta:
        return tr("NOISE=2 (discrete Gaussian) needs DELTA > 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP "
                  "through zero-concentrated DP. Or use NOISE=0 (Laplace) with DELTA=0.")
    return None
