"""The mobility report's NOISE=2 settings and privacy line (dp_geoprivacy:mobilityreport; the accounting is
core.releases.mobility_report's module doc)."""

from qgis.core import QgsProcessingException

from ..translation import tr
from .count_release import DELTA, NOISE


def gaussian_delta(algorithm, parameters, context, feedback, chosen):
    """NOISE=2: the Gaussian's DELTA for visits per zone (od_flows left out or refused); 0.0 for Laplace."""
    noise = algorithm.parameterAsEnum(parameters, NOISE, context)
    if noise == 1:
        raise QgsProcessingException(tr(
            "NOISE=1 (discrete Laplace) is not offered by the mobility report: use NOISE=0 (Laplace) or NOISE=2 "
            "(discrete Gaussian for visits per zone)."))
    if noise != 2:
        return 0.0
    delta = algorithm.parameterAsDouble(parameters, DELTA, context)
    if not 0.0 < delta < 1.0:
        raise QgsProcessingException(tr(
            "NOISE=2 (discrete Gaussian) needs DELTA > 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP "
            "through zero-concentrated DP. Or use NOISE=0 (Laplace) with DELTA=0."))
    if "od_flows" in chosen:
        every = list(range(len(algorithm.parameterDefinition("ANALYSES").options())))
        if sorted(algorithm.parameterAsEnums(parameters, "ANALYSES", context)) not in ([], every):
            # chosen, not the default (every analysis: what qgis_process leaves empty and the dialog lists)
            raise QgsProcessingException(tr(
                "NOISE=2 leaves out od_flows: the report's OD flows use the stability-based histogram, which is "
                "not zero-concentrated DP. Leave od_flows out of ANALYSES or use NOISE=0; for OD flows with "
                "Gaussian noise run noisyodflows with NOISE=2."))
        chosen.remove("od_flows")
        feedback.pushWarning(tr(
            "NOISE=2: OD flows are left out (their stability-based histogram is not zero-concentrated DP; "
            "noisyodflows with NOISE=2 releases OD flows with Gaussian noise)."))
    return delta


def gaussian_line(release):
    """The privacy line of a NOISE=2 report: which analyses used which noise, rho and its (epsilon, delta)."""
    fields, visits = release.record_fields, release.facts["analysis_fields"].get("visits_per_zone")
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
