"""The accuracy planner's figures for noisyodflows' consistent origin and destination totals (OUTPUT_TOTALS).

For ZONES zones (ZONES² pairs, or ZONES² - ZONES without intrazonal pairs),
M and the declared TOTALS_SPLIT over flows, origin totals, destination
totals and grand total: the expected absolute error and the 95% margin of a
published flow, origin total, destination total and the grand total after
the least squares. They come from simulating the noise alone
(core.releases.od_totals.expected_errors, the same function whose figures
the release writes into its record), which needs no data: the estimate is
linear in the noise, so its error does not depend on the counts. For
comparison, the expected absolute error of an origin total taken as the sum
of its row of flows released alone with the whole EPSILON (what a planner
gets without OUTPUT_TOTALS). The generator is the plugin's keyed one:
figures differ by a few per cent between runs (DRAWS in the SETTINGS output
says how many draws stand behind them).
"""

import math

import numpy as np
from qgis.core import QgsProcessingException, QgsProcessingParameterString

from ...core.mechanisms.counting import LAPLACE, CountNoise
from ...core.mechanisms.rng import noise_source
from ...core.releases.hierarchy import released_error
from ...core.releases.od_totals import ODTotalsError, ODTotalsSpec, expected_errors, parse_od_shares
from ...translation import tr

TOTALS_SPLIT = "TOTALS_SPLIT"
PARTS = ("flow", "origin_total", "dest_total", "grand_total")
COLUMNS = ("epsilon",) + tuple(f"{kind}_{part}" for part in PARTS for kind in ("mae", "moe95")) + (
    "mae_origin_total_flows_alone",)
# Noise draws: enough that about CELL_DRAWS simulated flows stand behind each figure, at least MIN_DRAWS.
CELL_DRAWS, MIN_DRAWS, MAX_DRAWS = 200_000, 100, 2000


def od_totals_parameters(algorithm):
    """TOTALS_SPLIT (advanced in the planner: only RELEASE = OD flows with consistent totals reads it)."""
    split = QgsProcessingParameterString(TOTALS_SPLIT, tr("Epsilon split: flows and totals (OD totals)"),
                                         defaultValue="", optional=True)
    split.setHelp(tr("Four weights, flows, origin totals, destination totals, grand total, as noisyodflows' "
                     "TOTALS_SPLIT; empty: 5,2,2,1."))
    return [split]


def od_totals_help():
    """The planner's help paragraph on RELEASE = OD flows with consistent totals."""
    return tr(
        "<p><b>OD flows with consistent totals</b> (dp_geoprivacy:noisyodflows with OUTPUT_TOTALS; ZONES, M, "
        "INCLUDE_INTRAZONAL and TOTALS_SPLIT as you will give them): the expected absolute error and 95% margin of "
        "a published flow, origin total, destination total and the grand total after the least squares, from "
        "simulating the noise alone, and for comparison the expected absolute error of an origin total summed "
        "from flows released alone with the whole EPSILON. EXPECTED_ABS_ERROR and MARGIN_OF_ERROR are an origin "
        "total's.</p>")


def draws_for(cells):
    """Noise draws behind the figures for a table of ``cells`` pairs (public: from the settings alone)."""
    return int(min(MAX_DRAWS, max(MIN_DRAWS, math.ceil(CELL_DRAWS / max(cells, 1)))))


def flows_alone_origin_error(epsilon, m, row_cells, rng, draws):
    """Expected absolute error of the sum of ``row_cells`` flows released alone at ``epsilon`` (simulated)."""
    noise = CountNoise(LAPLACE, epsilon, float(m))
    return float(np.mean(np.abs(released_error(noise, row_cells * draws, rng).reshape(draws, row_cells).sum(axis=1))))


def od_totals_rows(algorithm, parameters, context, settings, epsilons, epsilon, feedback):
    """(rows, columns, the row at ``epsilon``) for the planner's table."""
    zones = algorithm.parameterAsInt(parameters, "ZONES", context)
    m = algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context)
    intrazonal = algorithm.parameterAsBool(parameters, "INCLUDE_INTRAZONAL", context)
    if zones < 2:
        raise QgsProcessingException(tr("ZONES: OD totals need at least 2 zones."))
    try:
        shares = parse_od_shares(algorithm.parameterAsString(parameters, TOTALS_SPLIT, context))
    except ODTotalsError as error:
        raise QgsProcessingException(tr("TOTALS_SPLIT: {error}; e.g. '5,2,2,1'.").format(error=error)) from None
    cells = zones * zones - (0 if intrazonal else zones)
    draws = draws_for(cells)
    generator = noise_source().generator
    rows, chosen = [], None
    for e in epsilons:
        errors = expected_errors(ODTotalsSpec(e, "planning", shares, m, intrazonal, LAPLACE), zones, generator,
                                 draws=draws)
        row = {"epsilon": e}
        for part, name in zip(PARTS, ("flows", "origin_total", "dest_total", "grand_total")):
            row[f"mae_{part}"], row[f"moe95_{part}"] = errors[name]
        row["mae_origin_total_flows_alone"] = flows_alone_origin_error(e, m, cells // zones, generator, draws)
        rows.append(row)
        if e == epsilon:
            chosen = row
    settings.update(zones=zones, cells=cells, max_contributions=m, include_intrazonal=int(intrazonal),
                    totals_split=",".join(f"{share:.4g}" for share in shares), draws=draws)
    feedback.pushInfo(tr(
        "At EPSILON {e:g}, split {split} (flows, origin totals, destination totals, grand total): expected "
        "absolute error of a flow {f:.3g}, an origin total {o:.3g} (summing flows released alone: {alone:.3g}), a "
        "destination total {d:.3g}, the grand total {g:.3g}; 95% margins {mf:.3g}, {mo:.3g}, {md:.3g}, "
        "{mg:.3g}.").format(
        e=epsilon, split=settings["totals_split"], f=chosen["mae_flow"], o=chosen["mae_origin_total"],
        alone=chosen["mae_origin_total_flows_alone"], d=chosen["mae_dest_total"], g=chosen["mae_grand_total"],
        mf=chosen["moe95_flow"], mo=chosen["moe95_origin_total"], md=chosen["moe95_dest_total"],
        mg=chosen["moe95_grand_total"]))
    return rows, list(COLUMNS), chosen
