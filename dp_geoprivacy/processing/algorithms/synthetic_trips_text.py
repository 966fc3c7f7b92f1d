"""What dp_geoprivacy:synthetictrips says in words: the help's details, the log of a run and the record's notes
(split out of synthetic_trips.py, which holds the dialog, the checks and the run). Strings stay in the
algorithm's translation context ("SyntheticTrips"). The log's raw counts go through ``log_private`` only.
"""

import math

from ...core.mechanisms.gaussian import gaussian_beats_laplace_from, zcdp_rho
from ...core.releases.publication import log_private, reveal
from ...translation import translate


def details():
    """The help's details (below the summary lines of shortHelpString)."""
    return translate(
        "SyntheticTrips",
        "<p>Publishes a synthetic trip file instead of the real one, with differential privacy.</p>"
        "<p><b>Trips.</b> INPUT is a line layer (origin = first vertex, destination = last vertex) or a "
        "table with ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD (in COORDINATES_CRS) or with the "
        "zone ids ORIGIN_ZONE_FIELD and DEST_ZONE_FIELD (matched as text to the zones' ids), with a "
        "start time (START_FIELD: a date-time field or ISO text such as 2013-10-01T08:15:00), optional "
        "DURATION_FIELD (minutes) and categorical ATTRIBUTE_FIELDS. The ends are put in ZONES (a public "
        "polygon layer) or H3 cells (H3_RESOLUTION; with EXTENT for model 0).</p>"
        "<p><b>Public declarations, never read from the data.</b> The time bins run from PERIOD_START to "
        "PERIOD_END in steps of TIME_BIN_MINUTES (15 as Asghar, Tyler and Kaafar 2017); durations are cut into "
        "DURATION_BINS "
        "equal bins up to MAX_DURATION minutes; the values of each attribute are listed in CATEGORIES, e.g. "
        "'usertype=Subscriber|Customer; gender=male|female'. Trips are dropped, and counted in the log, when "
        "their start is NULL or does not parse, lies outside the period, when an end lies in no zone, or the "
        "duration is NULL, negative or not a number; a duration above MAX_DURATION is clamped into the last "
        "bin and counted; an attribute value not listed (or NULL) becomes 'other'. Each rule looks at one "
        "trip only. Roy, Kantarcioglu and Sweeney 2016 removes outliers by 3 IQR of the raw data and groups "
        "attributes by a "
        "chi-square test on the raw data: both are statistics of the data, so they are not differentially "
        "private and are not copied; the maximum and the groups are declared instead.</p>"
        "<p><b>MODEL 0: contingency tables</b> (Roy, Kantarcioglu and Sweeney 2016 §3). Laplace noise on every "
        "cell of the tables "
        "total, origin x destination, origin x start bin, (origin, destination) x duration bin and origin x "
        "each attribute. EPSILON is split by WEIGHTS (one positive number per table in that order, e.g. "
        "'1,4,2,2,1'; empty: 1,4,2,2 and 1 per attribute); the tables are computed on the same trips, so "
        "they add up (sequential composition) to EPSILON. Negative counts are set to zero (Roy, Kantarcioglu and "
        "Sweeney 2016 §3.1). N, "
        "the number of synthetic trips, is the noisy total, never the true one. Each trip is sampled: the "
        "(origin, destination) pair from its table, the start bin from the origin's row, the duration bin "
        "from the pair's row, each attribute from the origin's row, times uniform within their bins ("
        "Roy, Kantarcioglu and Sweeney 2016 §3.2); a row whose noisy counts are all zero is sampled "
        "uniformly. The trip is a line between "
        "random points inside its zones (POINTS=0) or the zones' representative points (POINTS=1).</p>"
        "<p><b>MODEL 1: stability histograms</b> (Asghar, Tyler and Kaafar 2017 §3-4). PARTITION_FIELDS (e.g. "
        "day and mode) "
        "split the trips into disjoint partitions; a NULL value is a partition of its own. Within each "
        "partition the stability-based histogram (Asghar, Tyler and Kaafar 2017 Algorithm 1) releases each "
        "chosen MARGINAL "
        "(tap-on time, tap-on place, tap-off time, tap-off place, tap-on time x place, tap-off time x place; "
        "tap-off time = start + duration) with EPSILON split by WEIGHTS (Asghar, Tyler and Kaafar 2017: "
        "1,1,1,1,2,2 with "
        "EPSILON=8; empty: 1 per one-way and 2 per two-way marginal) and DELTA split equally (Asghar, Tyler and "
        "Kaafar 2017: "
        "6/8,000,000). Only cells with trips are noised and a "
        "cell is published when its noisy count reaches the threshold: no cell absent from the data is ever "
        "output. The output repeats each published cell by its rounded noisy count, ordered by marginal, "
        "partition and cell, never by the data.</p>"
        "<p><b>Composition</b> (Asghar, Tyler and Kaafar 2017 Theorem 7): the releases within a partition "
        "compose sequentially "
        "to (EPSILON, DELTA); the partitions are disjoint sets of trips made by this algorithm's own split "
        "of the data, so they compose in parallel: the whole release is (EPSILON, DELTA)-DP. The record and "
        "the ledger state this. (The ledger's PARTITION is the part of the source this run covers.)</p>"
        "<p><b>Unit of privacy.</b> One trip, or with USER_FIELD one user: each user keeps at most "
        "MAX_TRIPS (M) trips sampled uniformly, noise scales by M (model 1: the stability threshold too). "
        "Trips with a NULL user id are dropped and counted.</p>"
        "<p><b>Outputs.</b> OUTPUT: the synthetic trips (model 0: lines; model 1: rows without geometry). "
        "OUTPUT_TABLES: the noisy tables (model 0: cells with a count of 1 or more; duration rows of the pairs "
        "the sampling used, whose noise is drawn when first needed: the same distribution as noising every "
        "row); one release with the trips. <b>UTILITY_CHECK</b> (NOT differentially private): Roy, Kantarcioglu "
        "and Sweeney 2016 "
        "Fig. 1's comparison of original and synthetic trips (top 5 origins, destinations, routes and days "
        "with their shares) and the average relative error and EMD per table, as OUTPUT_UTILITY and the HTML "
        "page OUTPUT_UTILITY_HTML; both are marked not differentially private and are for the data holder "
        "only.</p>"
        "<p>Sources: Roy, Kantarcioglu and Sweeney 2016 §3-4; Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3), "
        "§3 (Algorithm 1, §3.3.1) and §4 "
        "(Theorem 7); Kapp et al. 2023 §4.3 (user bound).</p>"
    ) + gaussian_details()


def gaussian_details(epsilon=1.0, delta=1e-6, share=4.0 / 9.0, m=32):
    """The help's paragraph on NOISE=2, with the figures of core.releases.synthetic_gaussian's comparison."""
    rho = zcdp_rho(epsilon, delta)
    return translate(
        "SyntheticTrips",
        "<p><b>NOISE=2</b> (model 0; with DELTA in (0, 1), e.g. 1e-6): the discrete Gaussian (Canonne, Kamath and "
        "Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3) on every table instead of "
        "Laplace, calibrated to each table's L2 sensitivity. Each user counts at most once in each cell of every "
        "table but the total, so these tables count users, not trips (a trip one user repeats weighs once in "
        "the shapes the trips are drawn from), and a user with M trips changes them by sqrt(M) in L2 instead of "
        "M; the total still counts trips (L2 = L1 = M). The tables share one rho of zero-concentrated DP (Bun "
        "and Steinke 2016) by WEIGHTS, chosen so that the conversion of Canonne, Kamath and Steinke 2020 "
        "(Corollary 13) gives (EPSILON, DELTA); the record carries rho, epsilon and delta, and its notes each "
        "table's noise. At EPSILON={e:g} and DELTA={d:g} (rho={rho:.3g}) a release of one table gains from M = "
        "{m1} up; a table with the share w of the budget gains from about w times that, since rho splits "
        "linearly while the variance of a Laplace share grows as 1/w^2: the OD table at the default weights "
        "(w = 4/9) from M = {mw} up, and at M = {m} its counts have a {r:.2g} times smaller error. For small M "
        "use Laplace (NOISE=0). NOISE=1 is not offered, nor NOISE=2 with model 1 (the stability histograms "
        "are not zero-concentrated DP).</p>").format(
        e=epsilon, d=delta, rho=rho, m1=gaussian_beats_laplace_from(epsilon, delta),
        mw=gaussian_beats_laplace_from(epsilon, delta, share), m=m,
        r=math.sqrt(2.0) * m / (epsilon * share) / math.sqrt(m / (2.0 * rho * share)))


def log_facts(facts, user_field, max_trips, model, feedback):
    """What the run did: raw counts through ``log_private`` (private, do not publish), mechanism outputs as info."""
    if reveal(facts["null_users"]):
        log_private(feedback, translate("SyntheticTrips", "Dropped {n} trips whose user id ({field}) is NULL or "
                                                          "empty."),
                    warning=True, n=facts["null_users"], field=user_field)
    if reveal(facts["dropped_by_bound"]):
        log_private(feedback, translate("SyntheticTrips", "User bound: {n} trips beyond {m} per user were left out "
                                                          "(sampled uniformly)."),
                    n=facts["dropped_by_bound"], m=max_trips)
    if model == 0:
        feedback.pushInfo(translate("SyntheticTrips", "Noisy total {t:g}: {n} synthetic trips.").format(
            t=facts["noisy_total"], n=facts["synthetic_trips"]))
    else:
        feedback.pushInfo(translate("SyntheticTrips", "Published cells per marginal: {cells}; {rows} rows.").format(
            rows=facts["rows"], cells=", ".join(f"{k} {v}" for k, v in facts["published"].items())))
        log_private(feedback, translate("SyntheticTrips", "{p} partitions; cells with trips per marginal: {cells}."),
                    p=facts["partitions"], cells=", ".join(
                        f"{k} {v}" for k, v in reveal(facts["cells"]).items()))


def notes(release, cells, model):
    """The record's notes: public settings and the release's own statements only."""
    lines = [translate("SyntheticTrips", "Zones: {cells}.").format(cells=cells.description)]
    if model == 1:
        lines.append(release.mechanism.composition.statement())
        lines.append(translate("SyntheticTrips", "The number of partitions that occur is not recorded: it is a fact "
                                                 "of the data."))
    else:
        lines.append(translate("SyntheticTrips", "The synthetic trips and the noisy tables are one release (one "
                                                 "epsilon); N is the noisy total."))
        lines.append(noise_note(release))
    return lines


def noise_note(release):
    """Which table used which noise (model 0): each table's noise, sensitivity and scale."""
    budget, fields = release.mechanism, release.record_fields
    if fields.get("rho") is None:
        return translate("SyntheticTrips", "Laplace noise on every table: {tables} (L1 sensitivity M for "
                                           "each).").format(tables=budget.per_table())
    return translate(
        "SyntheticTrips",
        "Noise per table (NOISE=2): {tables}. Every table but the total counts each user once per cell (L2 "
        "sensitivity sqrt(M)); the total counts trips (L2 = L1 = M). Together rho = {rho:.4g}-zCDP (Bun and "
        "Steinke 2016), i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath and Steinke 2020 Corollary "
        "13).").format(tables=budget.per_table(), rho=fields["rho"], e=fields["epsilon"], d=fields["delta"])
