"""Help for parameters whose label was cut to a few dialog words (issue 20: labels in QGIS core style, the
details in the help), for parameters that had no help of their own. DpAlgorithm adds it when the algorithm
is initialised; a parameter's own setHelp, next to its definition, wins."""

from ..translation import translate


def parameter_help(algorithm_id, name):
    """The help text of parameter ``name`` of ``algorithm_id`` (an entry for "*" serves every algorithm), or ""."""
    texts = _texts()
    return texts.get((algorithm_id, name)) or texts.get(("*", name), "")


def _texts():
    automatic = translate("ParameterHelp", "0: automatic (at most 24 bins from the public maximum).")
    return {
        ("accuracyplanner", "MAX_CONTRIBUTIONS"):
            translate("ParameterHelp", "1 without a user field."),
        ("accuracyplanner", "THRESHOLD"):
            translate("ParameterHelp", "As the release's stability histogram (its THRESHOLD 1)."),
        ("accuracyplanner", "MIN_FLOW"):
            translate("ParameterHelp", "The release's MIN_FLOW; 0 publishes every cell."),
        ("accuracyplanner", "SHARE"):
            translate("ParameterHelp", "For randomized response."),
        ("accuracyplanner", "ZONE_MEAN"):
            translate("ParameterHelp", "For zone statistics (mean); default: the centre of the bounds."),
        ("accuracyplanner", "MIN_SUPPORT"):
            translate("ParameterHelp", "For zone statistics: the minimum noisy count of records to publish a zone."),
        ("accuracyplanner", "SUPPORT_SHARE"):
            translate("ParameterHelp", "For zone statistics: the share of epsilon for the minimum-support count."),
        ("accuracyplanner", "MEAN_SUM_SHARE"):
            translate("ParameterHelp", "For zone statistics, mean: the share of epsilon for the noisy sum."),
        ("accuracyplanner", "QUANTILE_GRID"):
            translate("ParameterHelp", "For zone statistics, quantiles: the number of candidate values."),
        ("accuracyplanner", "CELLS_PER_CONTRIBUTION"):
            translate("ParameterHelp", "The cells one contribution adds to: 2 for trip ends."),
        ("escapeanalysis", "PERTURBED"):
            translate("ParameterHelp", "Optional; replaces the sweep of scales."),
        ("*", "KEEP_IDENTIFIERS"):
            translate("ParameterHelp", "For internal study runs only: identifier fields link rows to the raw records."),
        **{("mobilityreport", name): automatic
           for name in ("TRAVEL_TIME_BIN", "JUMP_LENGTH_BIN", "TIME_BETWEEN_BIN", "RADIUS_BIN")},
        ("mobilityreport", "OD_DELTA"):
            translate("ParameterHelp", "The delta of the OD flows' selection (the stability-based histogram, "
                                       "or Gaussian thresholding with NOISE=2), e.g. 1e-6."),
        ("mobilityreport", "TRIP_FIELD"):
            translate("ParameterHelp", "For records (one row per trip start and one per trip end); not used "
                                       "for trip lines."),
        ("mobilityreport", "X_FIELD"):
            translate("ParameterHelp", "Optional: coordinates from the X and Y fields instead of the point "
                                       "geometries."),
        ("*", "COORDINATES_CRS"):
            translate("ParameterHelp", "Default: the layer's CRS."),
        ("mobilityreport", "TIME_START"):
            translate("ParameterHelp", "e.g. 2024-01-01."),
        ("mobilityreport", "ITEM_LEVEL"):
            translate("ParameterHelp", "Each trip is its own unit of privacy (M = 1)."),
        ("mobilityreport", "BENCHMARK"):
            translate("ParameterHelp", "Compares the report with the noise-free data: NOT differentially "
                                       "private; never publish it."),
        ("mobilityreport", "OUTPUT_BENCHMARK"):
            translate("ParameterHelp", "HTML; NOT differentially private."),
        ("noisyodflows", "INPUT"):
            translate("ParameterHelp", "Lines, or a layer or table with coordinate fields."),
        ("*", "ORIGIN_X_FIELD"):
            translate("ParameterHelp", "Optional: instead of line geometries; give all four coordinate fields."),
        ("noisyodflows", "INCLUDE_INTRAZONAL"):
            translate("ParameterHelp", "Flows whose origin and destination are in one zone."),
        ("noisyzonestatistics", "VALUE_FIELD"):
            translate("ParameterHelp", "e.g. speed, dwell time, fare."),
        ("noisyzonestatistics", "TIME_FIELD"):
            translate("ParameterHelp", "Optional: statistics per time slot."),
        ("noisyzonestatistics", "DAY_FIELD"):
            translate("ParameterHelp", "For user-days; default: the date of TIME_FIELD."),
        ("privacyreport", "LAYERS"):
            translate("ParameterHelp", "Their privacy records are read."),
        ("randomizedresponse", "STRATA_FIELD"):
            translate("ParameterHelp", "Replacements stay within the stratum; the stratum is not protected."),
        ("synthetictrips", "INPUT"):
            translate("ParameterHelp", "Lines, or a table with coordinate fields."),
        ("synthetictrips", "CATEGORIES"):
            translate("ParameterHelp", "e.g. gender=male|female; usertype=Subscriber|Customer."),
        ("synthetictrips", "WEIGHTS"):
            translate("ParameterHelp", "One per table or marginal, e.g. 1,4,2,2,1."),
        ("synthetictrips", "UTILITY_CHECK"):
            translate("ParameterHelp", "Compares with the raw trips: NOT differentially private."),
        ("synthetictrips", "OUTPUT_UTILITY_HTML"):
            translate("ParameterHelp", "NOT differentially private."),
        ("trajectoryperturbation", "KEEP_ENDPOINTS"):
            translate("ParameterHelp", "SDD: start and end are published exactly and are not protected."),
        ("triprelocation", "ORIGIN_HISTOGRAM"):
            translate("ParameterHelp", "Noisy zone counts or a public table."),
        ("triprelocation", "DEST_HISTOGRAM"):
            translate("ParameterHelp", "Default: the origin histogram."),
        ("triprelocation", "OD_HISTOGRAM"):
            translate("ParameterHelp", "A noisy OD matrix or a public table; keeps the joint histogram."),
        ("triprelocation", "ZONES"):
            translate("ParameterHelp", "For the list of zones and their representative points."),
        ("utilityreport", "MATCH_FIELD"):
            translate("ParameterHelp", "For locations; optional."),
    }
