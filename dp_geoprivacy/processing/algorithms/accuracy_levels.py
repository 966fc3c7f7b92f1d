"""The accuracy planner's figures for consistent counts over H3 levels or zones (dp_geoprivacy:consistentcounts).

Per level, the expected absolute error and the 95% margin of the published
counts after least squares, for the declared split of epsilon: simulated
from the noise alone (core.releases.hierarchy.expected_errors) on a complete tree
(core.releases.hierarchy.complete_tree) with CHILDREN children per parent (7 for
H3; for zones, the typical number of zones per district). No data is read; the generator is the
plugin's keyed one, so figures differ by about 1% between runs.
"""

from qgis.core import QgsProcessingException, QgsProcessingParameterNumber, QgsProcessingParameterString

from ...core.mechanisms.counting import LAPLACE
from ...core.mechanisms.rng import noise_source
from ...core.releases.hierarchy import HierarchyError, HierarchySpec, complete_tree, expected_errors, parse_shares
from ...translation import tr

LEVELS, SPLIT, CHILDREN = "LEVELS", "SPLIT", "CHILDREN"
# Noise draws behind each planned figure.
PLANNING_DRAWS = 300


def level_parameters(algorithm):
    """LEVELS, SPLIT and CHILDREN (advanced in the planner: only RELEASE = consistent counts reads them)."""
    levels = QgsProcessingParameterNumber(LEVELS, tr("Levels (consistent counts)"),
                                          QgsProcessingParameterNumber.Integer, defaultValue=3, minValue=2,
                                          maxValue=5)
    split = QgsProcessingParameterString(SPLIT, tr("Epsilon split over levels (consistent counts)"),
                                         defaultValue="", optional=True)
    split.setHelp(tr("Weights coarse to fine, e.g. '1,2,2'; empty: equal shares."))
    children = QgsProcessingParameterNumber(CHILDREN, tr("Children per parent (consistent counts)"),
                                            QgsProcessingParameterNumber.Integer, defaultValue=7, minValue=1,
                                            maxValue=50)
    children.setHelp(tr("7 for H3 levels; for zones, the typical number of zones per district (and of "
                        "districts per city)."))
    return [levels, split, children]


def level_rows(algorithm, parameters, context, settings, epsilons, epsilon, feedback):
    """(rows, columns, (mae per level, margin per level) at ``epsilon``) for the planner's table."""
    levels = algorithm.parameterAsInt(parameters, LEVELS, context)
    m = algorithm.parameterAsInt(parameters, "MAX_CONTRIBUTIONS", context)
    try:
        shares = parse_shares(algorithm.parameterAsString(parameters, SPLIT, context), levels)
        if shares[-1] == 0:
            raise HierarchyError("the finest level needs a share above 0")
    except HierarchyError as error:
        raise QgsProcessingException(tr("SPLIT: {error}; e.g. '1,2,2' for three levels.").format(
            error=error)) from None
    tree = complete_tree(levels, algorithm.parameterAsInt(parameters, CHILDREN, context))
    generator = noise_source().generator
    columns = ["epsilon"] + [f"{kind}_level{level}" for level in range(levels) for kind in ("mae", "moe95")]
    rows, chosen = [], None
    for e in epsilons:
        spec = HierarchySpec(tree, e, shares, m, m > 1, LAPLACE, False)
        mae, moe = expected_errors(spec, generator, draws=PLANNING_DRAWS)
        row = {"epsilon": e}
        for level in range(levels):
            row[f"mae_level{level}"], row[f"moe95_level{level}"] = mae[level], moe[level]
        rows.append(row)
        if e == epsilon:
            chosen = (mae, moe)
    settings.update(levels=levels, children=tree.sizes[1], split=",".join(f"{share:.4g}" for share in shares),
                    max_contributions=m)
    feedback.pushInfo(tr("At EPSILON {e:g}, split {split} (coarse to fine): expected absolute error per level "
                         "{mae}; 95% margins {moe}.").format(
        e=epsilon, split=settings["split"], mae=", ".join(f"{v:.3g}" for v in chosen[0]),
        moe=", ".join(f"{v:.3g}" for v in chosen[1])))
    return rows, columns, chosen
