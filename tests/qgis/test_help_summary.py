"""Every algorithm's help opens with a three-line summary and the accuracy at its defaults; its dialog puts
what a planner sets every time first; its desktop dialog screenshot is in docs/img/dialogs/ (issue 13).

The figures in the summaries are recomputed here from dp_geoprivacy.core at the defaults the algorithms
declare, so a changed default or mechanism that the help does not follow fails. The screenshots are made by
`make screenshots` (docs/desktop/screenshots.py); tests/qgis/test_desktop.py runs that script.
"""

import re
import struct
from pathlib import Path

import pytest
from qgis.core import QgsApplication, QgsProcessingParameterDefinition

ROOT = Path(__file__).resolve().parents[2]
DIALOGS = ROOT / "docs" / "img" / "dialogs"
PRIVATIZING = ("laplaceperturbation", "noisyzonecounts", "noisyodflows", "noisyzonestatistics", "randomizedresponse",
               "triprelocation", "trajectoryperturbation", "synthetictrips", "mobilityreport")


def algorithms():
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    assert provider is not None
    # The algorithms themselves: the example models (resources/models) are models, with a model's help and dialog.
    return sorted((a for a in provider.algorithms() if a.group() != "Example models"), key=lambda a: a.name())


def algorithm(name):
    return QgsApplication.processingRegistry().algorithmById(f"dp_geoprivacy:{name}")


def summary(name):
    from dp_geoprivacy.processing.help_summary import summary_lines

    return summary_lines(algorithm(name).shortHelpString())


def plain(text):
    return re.sub(r"<[^>]+>", "", text)


def default(name, parameter):
    return algorithm(name).parameterDefinition(parameter).defaultValue()


def png_size(path):
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


# ------------------------------------------------------------------ the summary --


def test_every_help_opens_with_three_summary_lines_then_the_details():
    from dp_geoprivacy.processing.help_summary import summary_lines

    for alg in algorithms():
        help_text = alg.shortHelpString()
        lines = summary_lines(help_text)
        assert len(lines) == 3, f"{alg.id()}: the help does not open with a three-line summary: {help_text[:300]!r}"
        what, private, accuracy = (plain(line) for line in lines)
        assert what and len(what) < 250, (alg.id(), what)
        assert private.startswith("Private:"), (alg.id(), private)
        assert accuracy.startswith("Accuracy"), (alg.id(), accuracy)
        heading, details = help_text.split("</p><h3>", 1)[1].split("</h3>", 1)
        assert heading == "Details" and len(plain(details)) > 300, alg.id()
        assert "<b>References</b>" in details, f"{alg.id()}: the details lost their citations"


@pytest.mark.parametrize("name", PRIVATIZING)
def test_privatizing_summaries_give_a_figure_at_the_defaults(name):
    accuracy = plain(summary(name)[2])
    # The settings the figure is for, then a figure (a margin, a displacement or a probability).
    assert re.search(r"(EPSILON|P_TRUTH)=\d", accuracy), accuracy
    assert re.search(r"±\d|\d m on average|\d%", accuracy), accuracy


def test_zone_counts_summary_is_the_planners_margin_at_the_default_epsilon():
    from dp_geoprivacy.core.accuracy.planning import count_accuracy
    from dp_geoprivacy.core.releases.zone_counts import make_mechanism

    epsilon, m = default("noisyzonecounts", "EPSILON"), default("noisyzonecounts", "MAX_CONTRIBUTIONS")
    figures = count_accuracy(make_mechanism(epsilon=epsilon, max_contributions=m))
    accuracy = plain(summary("noisyzonecounts")[2])
    assert f"EPSILON={epsilon:g}" in accuracy and f"±{figures.margin_of_error:.2g} (95%)" in accuracy, accuracy
    # At epsilon 1 and M 1 the 95% margin is ln(20) plus half the snapping grain: about 3.5, not a typed number.
    assert 3.0 < figures.margin_of_error < 4.0


def test_od_summary_states_the_noise_only_flows_the_default_would_publish():
    from dp_geoprivacy.core.accuracy.planning import count_accuracy
    from dp_geoprivacy.core.releases.od_flows import ODDomain, ODFlowSpec

    epsilon, min_flow = default("noisyodflows", "EPSILON"), default("noisyodflows", "MIN_FLOW")
    threshold = default("noisyodflows", "THRESHOLD")
    accuracy = plain(summary("noisyodflows")[2])
    mechanism = ODFlowSpec(epsilon, "", delta=default("noisyodflows", "DELTA"), threshold=bool(threshold),
                           max_trips=default("noisyodflows", "MAX_TRIPS"), min_flow=min_flow).mechanism()
    figures = count_accuracy(mechanism, ODDomain(100, True).size, min_flow)
    assert f"±{figures.margin_of_error:.2g} (95%)" in accuracy, accuracy
    if not threshold:
        assert f"{figures.p_spurious:.2g}" in accuracy and f"{figures.expected_spurious:,.0f} noise-only" in accuracy


def test_laplace_summary_is_the_displacement_at_the_defaults():
    from dp_geoprivacy.core.accuracy.planning import displacement_accuracy
    from dp_geoprivacy.core.mechanisms.location import PLANAR, LocationLaplace

    epsilon, distance = default("laplaceperturbation", "EPSILON"), default("laplaceperturbation", "DISTANCE")
    moved = displacement_accuracy(LocationLaplace(PLANAR, epsilon, distance, default("laplaceperturbation", "GRID")))
    accuracy = plain(summary("laplaceperturbation")[2])
    # Planar Laplace: the displacement is Gamma(2, b), mean 2b = 2 DISTANCE / EPSILON.
    assert moved.mean == pytest.approx(2 * distance / epsilon)
    assert f"{moved.mean:.0f} m on average" in accuracy and f"within {moved.q95:.0f} m" in accuracy, accuracy


def test_summary_follows_a_changed_default():
    """The figure comes from the declared default, not from a typed number."""
    from dp_geoprivacy.core.accuracy.planning import count_accuracy
    from dp_geoprivacy.core.releases.zone_counts import make_mechanism
    from dp_geoprivacy.processing.help_summary import summary_lines

    alg = algorithm("noisyzonecounts").create()
    alg.parameterDefinition("EPSILON").setDefaultValue(0.1)
    accuracy = plain(summary_lines(alg.shortHelpString())[2])
    margin = count_accuracy(make_mechanism(epsilon=0.1)).margin_of_error
    assert margin > 25  # ten times the noise of epsilon 1
    assert "EPSILON=0.1" in accuracy and f"±{margin:.2g} (95%)" in accuracy, accuracy


# ------------------------------------------------------------- the dialog order --


def visible(alg):
    return [p.name() for p in alg.parameterDefinitions()
            if not p.flags() & QgsProcessingParameterDefinition.FlagAdvanced and not p.isDestination()]


def test_od_flows_dialog_puts_input_zones_epsilon_and_unit_first():
    alg = algorithm("noisyodflows")
    shown = visible(alg)
    assert shown[:8] == ["INPUT", "ZONES", "ZONE_ID_FIELD", "H3_RESOLUTION", "EXTENT", "EPSILON", "USER_FIELD",
                         "MAX_TRIPS"]
    for name in ("ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD", "DEST_Y_FIELD", "COORDINATES_CRS", "NOISE",
                 "SEED"):
        assert alg.parameterDefinition(name).flags() & QgsProcessingParameterDefinition.FlagAdvanced, name


def test_every_dialog_starts_with_its_declared_order_and_keeps_trial_runs_visible():
    for alg in algorithms():
        order = type(alg).DIALOG_ORDER
        assert visible(alg)[:len(order)] == list(order), alg.id()
        for name in type(alg).ADVANCED + ("SEED", "PARTITION"):
            definition = alg.parameterDefinition(name)
            assert definition is None or definition.flags() & QgsProcessingParameterDefinition.FlagAdvanced, \
                (alg.id(), name)
        dry_run = alg.parameterDefinition("DRY_RUN")
        assert dry_run is None or not dry_run.flags() & QgsProcessingParameterDefinition.FlagAdvanced, alg.id()
    for name in PRIVATIZING:
        assert algorithm(name).parameterDefinition("DRY_RUN") is not None, name
        assert visible(algorithm(name))[0] == "INPUT", name


# --------------------------------------------------------------- the screenshots --


def test_every_algorithm_has_its_dialog_screenshot_linked_from_its_page():
    for alg in algorithms():
        png = DIALOGS / f"{alg.name()}.png"
        assert png.is_file(), f"{png} is missing: run `make screenshots` and commit it"
        width, height = png_size(png)
        assert width >= 800 and height >= 600 and png.stat().st_size > 40_000, (png, width, height)
        page = (ROOT / "docs" / "algorithms" / f"{alg.name()}.md").read_text(encoding="utf-8")
        assert f"](../img/dialogs/{alg.name()}.png)" in page, alg.id()
    provider = QgsApplication.processingRegistry().providerById("dp_geoprivacy")
    stale = sorted({p.stem for p in DIALOGS.glob("*.png")} - {a.name() for a in provider.algorithms()})
    assert not stale, f"screenshots of no algorithm: {stale}"
