"""The mobility report's NOISE=2 settings and privacy line (dp_geoprivacy:mobilityreport; the accounting is
core.releases.mobility_report's module doc).

No QGIS import at module level: the Spark command line (dp_geoprivacy.spark.mobility_cli) checks NOISE and
DELTA and writes the privacy line with these same functions; ``gaussian_delta`` is the QGIS glue.
"""

from ..translation import tr


class NoiseSettingError(ValueError):
    """NOISE / DELTA that the report cannot use (the message names the parameter and the fix)."""


def gaussian_delta_of(noise: int, delta: float) -> float:
    """NOISE=2: the Gaussian's DELTA for visits per zone (OD flows by Gaussian thresholding at OD_DELTA); 0.0 for
    Laplace (NOISE=0). NoiseSettingError for NOISE=1 or a DELTA outside (0, 1) with NOISE=2."""
    if noise == 1:
        raise NoiseSettingError(tr(
            "NOISE=1 (discrete Laplace) is not offered by the mobility report: use NOISE=0 (Laplace) or NOISE=2 "
            "(discrete Gaussian for visits per zone)."))
    if noise != 2:
        return 0.0
    if not 0.0 < delta < 1.0:
        raise NoiseSettingError(tr(
            "NOISE=2 (discrete Gaussian) needs DELTA > 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP "
            "through zero-concentrated DP. Or use NOISE=0 (Laplace) with DELTA=0."))
    return float(delta)


def gaussian_delta(algorithm, parameters, context):
    """gaussian_delta_of the algorithm's NOISE and DELTA; QgsProcessingException naming them when refused."""
    from qgis.core import QgsProcessingException

    from .count_release import DELTA, NOISE  # the parameters' names, with QGIS (module docstring)

    try:
        return gaussian_delta_of(algorithm.parameterAsEnum(parameters, NOISE, context),
                                 algorithm.parameterAsDouble(parameters, DELTA, context))
    except NoiseSettingError as error:
        raise QgsProcessingException(str(error)) from None


def gaussian_line(release, spec):
    """The privacy line of a NOISE=2 report (``spec``: its MobilityReportSpec): which analyses used which noise,
    rho and its (epsilon, delta), and the OD flows added on top."""
    fields, visits = release.record_fields, release.facts["analysis_fields"].get("visits_per_zone")
    flows = release.facts["analysis_fields"].get("od_flows")
    if flows is not None:
        return tr(
            "Noise: {visits}OD flows by Gaussian thresholding (Wilson et al. 2020 §3: discrete Gaussian noise, "
            "sigma {sigma:.4g}, on the zone pairs with users only, one per user and pair, L2 sensitivity sqrt(M) = "
            "{s:.4g}, published at or above {tau:g}; (epsilon {eo:.4g}, delta {do:g})-DP, not zero-concentrated DP); "
            "every other analysis Laplace counts or exponential-mechanism summaries (pure epsilon-DP, rho = "
            "epsilon^2/2). The other analyses are rho = {rho:.4g}-zCDP (Bun and Steinke 2016), converted at delta "
            "{dg:g} (Canonne, Kamath and Steinke 2020 Corollary 13), and the OD flows are added on top by basic "
            "composition: the report is (epsilon {e:.4g}, delta {d:g})-DP.").format(
            visits=tr("visits per zone with the discrete Gaussian (sigma {sigma:.4g}, rho {rv:.4g}); ").format(
                sigma=visits["noise_scale"], rv=visits["rho"]) if visits is not None else "",
            sigma=flows["noise_scale"], s=flows["sensitivity"], tau=flows["threshold"], eo=flows["epsilon"],
            do=flows["delta"], rho=spec.zcdp_rho(), dg=spec.gaussian_delta, e=fields["epsilon"],
            d=fields["delta"])
    if visits is None:
        text = tr("Noise: every analysis Laplace counts or exponential-mechanism summaries (pure epsilon-DP); "
                       "composed in zCDP: rho = {rho:.4g}, i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, "
                       "Kamath and Steinke 2020 Corollary 13).")
        return text.format(rho=fields["rho"], e=fields["epsilon"], d=fields["delta"])
    return tr(
        "Noise: visits per zone with the discrete Gaussian (Canonne, Kamath and Steinke 2020; one visit per user "
        "and zone, L2 sensitivity sqrt(2M) = {s:.4g}, sigma {sigma:.4g}, rho {rv:.4g}); every other analysis "
        "Laplace counts or exponential-mechanism summaries (pure epsilon-DP, rho = epsilon^2/2). The report is "
        "rho = {rho:.4g}-zCDP (Bun and Steinke 2016), i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath "
        "and Steinke 2020 Corollary 13).").format(
        s=visits["sensitivity"], sigma=visits["noise_scale"], rv=visits["rho"], rho=fields["rho"],
        e=fields["epsilon"], d=fields["delta"])
