"""What the Processing toolbox's search finds each algorithm by (tags()) and its one-line description
(shortDescription(), shown in the toolbox's tooltip and the modeler), in one place for all algorithms.

The toolbox search matches the display name, these tags and the short description, so a planner who types
"anonymise", "privacy", "census", "OD matrix" or "epsilon" finds the right tool.
"""

from ..translation import translate

# Every algorithm of the provider is about privacy; these words find all of them.
_COMMON = ("privacy", "differential privacy", "dp", "epsilon", "anonymise", "anonymize", "anonymisation",
           "anonymization", "geoprivacy", "dp_geoprivacy", "Datenschutz", "anonymisieren", "Anonymisierung")
# The words of the algorithms that spend no budget (they take no epsilon and anonymise nothing).
_NOT_PRIVATE = ("privacy", "differential privacy", "geoprivacy", "dp_geoprivacy", "Datenschutz")

_TAGS = {
    "laplaceperturbation": ("geo-indistinguishability", "location", "points", "jitter", "displace", "geomask",
                            "households", "home locations", "noise"),
    "trajectoryperturbation": ("trajectory", "tracks", "gps", "route", "trips", "lines", "noise"),
    "noisyzonecounts": ("census", "counts", "histogram", "zones", "aggregate", "hexagons", "h3", "count points",
                        "points in polygon", "small area statistics", "noise"),
    "noisyodflows": ("od matrix", "origin-destination", "origin destination", "flows", "trips",
                     "travel survey", "desire lines", "commuting", "noise"),
    "noisyzonestatistics": ("census", "zones", "mean", "median", "sum", "quantile", "speed", "aggregate",
                            "statistics", "noise"),
    "mobilityreport": ("mobility report", "trips", "od matrix", "visits", "travel time", "report", "html",
                       "user-level"),
    "randomizedresponse": ("randomized response", "randomised response", "survey", "categories",
                           "attribute", "census"),
    "triprelocation": ("randomized response", "od matrix", "trips", "zones", "relocation", "survey"),
    "synthetictrips": ("synthetic data", "synthetic trips", "od matrix", "trips", "bike share", "simulation"),
    "escapeanalysis": ("calibration", "scale", "points", "zones", "escape", "not private"),
    "utilityreport": ("utility", "accuracy", "error", "comparison", "not private"),
    "accuracyplanner": ("accuracy", "planner", "margin of error", "budget", "plan"),
    "privacyreport": ("budget", "ledger", "accounting", "report", "composition"),
    "h3grid": ("h3", "hexagons", "grid", "tessellation", "zones"),
    "adaptivegrid": ("census", "counts", "quadtree", "adaptive", "grid", "zones", "aggregate", "noise"),
    "consistentcounts": ("census", "counts", "h3", "hexagons", "hierarchy", "levels", "aggregate", "noise"),
    "tripends": ("trip ends", "origins", "destinations", "tracks", "preparation", "not private"),
}
_TAGS.update({
    "households_per_hexagon": ("example", "model", "census", "households", "h3", "hexagons", "budget", "ledger"),
    "od_flows_with_privacy_report": ("example", "model", "od matrix", "flows", "privacy report", "ledger"),
})
_SPENDS_NOTHING = {"escapeanalysis", "utilityreport", "accuracyplanner", "privacyreport", "h3grid", "tripends"}


def tags(algorithm_id):
    """The toolbox search words of an algorithm (English, with a few German ones)."""
    return list((_NOT_PRIVATE if algorithm_id in _SPENDS_NOTHING else _COMMON) + _TAGS.get(algorithm_id, ()))


def short_description(algorithm_id):
    """One sentence saying what the algorithm publishes and whether it is private."""
    return {
        "laplaceperturbation": translate(
            "SearchWords", "Moves each point by random noise so that no one's exact location is published."),
        "trajectoryperturbation": translate(
            "SearchWords", "Publishes each trip's line redrawn with differentially private noise."),
        "noisyzonecounts": translate(
            "SearchWords", "Counts points per zone or hexagon and publishes the counts with differential privacy."),
        "noisyodflows": translate(
            "SearchWords", "Publishes the origin-destination matrix (trips between zones) with differential "
            "privacy, as flow lines and a table."),
        "noisyzonestatistics": translate(
            "SearchWords", "Publishes a statistic of a numeric field per zone (mean, median, sum, ...) with "
            "differential privacy."),
        "mobilityreport": translate(
            "SearchWords", "Publishes a standard mobility report (visits, flows, trips over time and more) with "
            "user-level differential privacy."),
        "randomizedresponse": translate(
            "SearchWords", "Replaces each record's category at random (randomized response) and estimates the "
            "true shares."),
        "triprelocation": translate(
            "SearchWords", "Reports each trip's origin and destination zone, or a zone drawn at random."),
        "synthetictrips": translate(
            "SearchWords", "Publishes synthetic trips drawn from noisy tables of the real ones."),
        "escapeanalysis": translate(
            "SearchWords", "Shows how often noise would move points out of their zone (calibration; not "
            "private)."),
        "utilityreport": translate(
            "SearchWords", "Compares a release with the raw data (not private: for the data holder only)."),
        "accuracyplanner": translate(
            "SearchWords", "Tells the accuracy each epsilon would give, before any data is read."),
        "privacyreport": translate(
            "SearchWords", "Adds up the privacy budget spent by releases (from their records and the ledger)."),
        "adaptivegrid": translate(
            "SearchWords", "Publishes noisy point counts in zones that a private quadtree refines where there are "
            "many points."),
        "consistentcounts": translate(
            "SearchWords", "Publishes noisy point counts in H3 hexagons at several resolutions that add up."),
        "households_per_hexagon": translate(
            "SearchWords", "Example model: households counted per H3 hexagon with differential privacy, within a "
            "privacy budget."),
        "od_flows_with_privacy_report": translate(
            "SearchWords", "Example model: noisy OD flows and the privacy report of the release."),
        "h3grid": translate("SearchWords", "Makes an H3 hexagon grid over an extent (public, no privacy cost)."),
        "tripends": translate(
            "SearchWords", "Writes the true start and end points of tracks (preparation; not private)."),
    }.get(algorithm_id, "")
