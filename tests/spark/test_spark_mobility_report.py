"""dp_geoprivacy.spark mobility report against the single-machine core (issue 24).

The exact statistics are compared through test-only calls (the public path always adds noise).
"""

import numpy as np
import pandas as pd
import pytest

from dp_geoprivacy.core.releases import mobility_analyses as ma
from dp_geoprivacy.core.releases.mobility_report import (
    ANALYSES,
    MobilityReportSpec,
    Period,
    bounded_trips,
    pair_trip_records,
    release_mobility_report,
)
from dp_geoprivacy.core.releases.mobility_statistics import statistics_of
from dp_geoprivacy.spark.cells import h3_cells
from dp_geoprivacy.spark.mobility_report import (
    RecordColumns,
    release_spark_mobility_report,
    spark_statistics,
)

EXTENT = "145.70,145.80,-16.98,-16.88 [EPSG:4326]"
T0 = pd.Timestamp("2024-05-06")
COLUMNS = RecordColumns("card", "trip", "ts", "lon", "lat")


def trip_records(users=150, max_trips=3, seed=0, nulls=True):
    """Trip records: each user 1..max_trips trips numbered 1, 2, ... (ids repeat across users), a start and an end
    row (5 % of trips one row only), a few NULL times, coordinates and user ids; some ends outside the extent."""
    rng = np.random.default_rng(seed)
    rows = []
    for u in range(users):
        for trip in range(1, rng.integers(1, max_trips + 1) + 1):
            start = T0 + pd.Timedelta(seconds=int(rng.integers(0, 14 * 86400)))
            lon, lat = 145.75 + rng.normal(0, 0.03), -16.93 + rng.normal(0, 0.03)
            rows.append((f"u{u}", trip, start, lon, lat))
            if rng.random() > 0.05:
                rows.append((f"u{u}", trip, start + pd.Timedelta(seconds=int(rng.integers(60, 7200))),
                             lon + rng.normal(0, 0.02), lat + rng.normal(0, 0.02)))
    frame = pd.DataFrame(rows, columns=["card", "trip", "ts", "lon", "lat"])
    if nulls:
        frame.loc[rng.random(len(frame)) < 0.03, "ts"] = pd.NaT
        frame.loc[rng.random(len(frame)) < 0.03, ["lon", "lat"]] = np.nan
        frame.loc[rng.random(len(frame)) < 0.02, "card"] = None
    return frame.sample(frac=1.0, random_state=seed).reset_index(drop=True)


def core_trips(frame, cells):
    """The single-machine input: the QGIS algorithm's pairing of the same rows (NULL user ids dropped by the
    release, as in the plugin)."""
    lon, lat = frame["lon"].to_numpy(float), frame["lat"].to_numpy(float)
    located = np.isfinite(lon) & np.isfinite(lat)
    zone = np.full(len(frame), ma.MISSING, dtype=np.int64)
    zone[located] = cells.assign_lonlat(lon[located], lat[located])
    seconds = frame["ts"].to_numpy("datetime64[ms]").astype(np.int64) / 1000.0
    seconds[frame["ts"].isna().to_numpy()] = np.nan
    user = np.ma.masked_array(frame["card"].to_numpy(object), mask=frame["card"].isna().to_numpy())
    return pair_trip_records(user, frame["trip"].to_numpy(), seconds, np.column_stack((lon, lat)), zone, len(cells))


def report_spec(m=3, epsilon=1.0, analyses=ANALYSES, gaussian_delta=0.0):
    period = Period(T0.timestamp(), (T0 + pd.Timedelta(days=14)).timestamp())
    return MobilityReportSpec(epsilon, m, "one user (card)", analyses, None, ma.MobilityBins(), period,
                              gaussian_delta=gaussian_delta)


def as_spark(spark, frame):
    """The frame on Spark in its rows' order (cut into the session's default number of partitions, in order). A
    trip's rows with equal or NULL times pair in input order on both paths, so the order must stay the frame's: a
    repartition shuffles it, and then such a trip's start and end could swap (seen with Arrow conversion on)."""
    return spark.createDataFrame(frame)


def spark_report(spark, frame, cells, spec, seed, **kw):
    rng = np.random.default_rng(seed)
    exact = spark_statistics(as_spark(spark, frame), cells, COLUMNS, spec, rng, **kw)
    assert exact.unreadable_times == 0 and exact.inside > 0
    return release_spark_mobility_report(exact.statistics, exact.trips, spec, rng), exact.statistics


def test_same_seed_same_report_as_the_core_when_no_user_is_bounded(spark):
    """Every user has at most M = 3 trips: the bound keeps every trip on both paths, so from one seed the Spark
    report is the QGIS algorithm's (core) report, figure for figure."""
    frame = trip_records(users=400)
    cells = h3_cells(6, EXTENT)
    spec = report_spec(m=3, epsilon=50.0)  # OD flows reach the stability threshold
    data = core_trips(frame, cells)
    expected = release_mobility_report(data, spec, np.random.default_rng(7))
    got, _ = spark_report(spark, frame, cells, spec, 7)
    assert set(got.result) == set(expected.result)
    for name in expected.result:
        np.testing.assert_array_equal(got.result[name], expected.result[name], err_msg=name)
    assert got.record_fields == expected.record_fields
    assert got.facts["analysis_fields"] == expected.facts["analysis_fields"]
    assert len(expected.result["od_flows"]) > 0 and expected.result["visits_per_zone"].sum() > 0


@pytest.mark.parametrize("analyses", [ANALYSES, tuple(a for a in ANALYSES if a != "od_flows")],
                         ids=["with OD flows", "zCDP"])
def test_gaussian_report_is_the_cores_with_the_same_seed(spark, analyses):
    """NOISE=2 (gaussian_delta > 0): visits per zone as users per zone with the discrete Gaussian, OD flows as users
    per pair by Gaussian thresholding, counted per bucket of whole users on Spark: from one seed the Spark report
    is the core's figure for figure, with the same record fields (rho without OD flows; none with them)."""
    frame = trip_records(users=400)
    cells = h3_cells(6, EXTENT)
    spec = report_spec(m=3, epsilon=50.0, analyses=analyses, gaussian_delta=1e-6)
    expected = release_mobility_report(core_trips(frame, cells), spec, np.random.default_rng(9))
    got, _ = spark_report(spark, frame, cells, spec, 9)
    assert set(got.result) == set(expected.result)
    for name in expected.result:
        np.testing.assert_array_equal(got.result[name], expected.result[name], err_msg=name)
    assert got.record_fields == expected.record_fields
    assert got.facts["analysis_fields"] == expected.facts["analysis_fields"]
    assert ("rho" in got.record_fields) == ("od_flows" not in analyses)
    if "od_flows" in analyses:
        assert len(expected.result["od_flows"]) > 0


def test_bounded_statistics_keep_min_of_trips_and_m_per_user(spark):
    """Users with up to 8 trips, M = 3: which trips are kept differs (each path samples with its own stream), but
    how many each user keeps does not: trips per user, the users and the trips kept equal the core's exactly.
    (Which are complete does depend on the sample.)"""
    frame = trip_records(users=120, max_trips=8, seed=1, nulls=False)
    cells = h3_cells(8, EXTENT)
    spec = report_spec(m=3)
    data = core_trips(frame, cells)
    core = statistics_of(bounded_trips(data, 3, np.random.default_rng(0)), spec)
    _, got = spark_report(spark, frame, cells, spec, 11)
    for name in ("trips_per_user",):
        np.testing.assert_array_equal(got.values[name].histogram, core.values[name].histogram)
    trips, users = (got.counts["dataset_statistics"][:2].sum(), got.counts["dataset_statistics"][2])
    assert (trips, users) == (core.counts["dataset_statistics"][:2].sum(), core.counts["dataset_statistics"][2])
    assert (got.counts["trips_per_weekday"].sum() == core.counts["trips_per_weekday"].sum()
            == np.minimum(frame.groupby("card")["trip"].nunique(), 3).sum())


def test_a_seed_reproduces_the_spark_report_and_another_seed_samples_other_trips(spark):
    frame = trip_records(users=80, max_trips=8, seed=2, nulls=False)
    cells = h3_cells(8, EXTENT)
    spec = report_spec(m=2, analyses=("visits_per_zone", "jump_length"))
    a, sa = spark_report(spark, frame, cells, spec, 5)
    b, sb = spark_report(spark, frame, cells, spec, 5)
    _, sc = spark_report(spark, frame, cells, spec, 6)
    np.testing.assert_array_equal(a.result["visits_per_zone"], b.result["visits_per_zone"])
    np.testing.assert_array_equal(sa.counts["visits_per_zone"], sb.counts["visits_per_zone"])
    assert not np.array_equal(sa.values["jump_length"].grid_counts, sc.values["jump_length"].grid_counts)


@pytest.mark.parametrize("seed", [3])
def test_neighbouring_user_changes_each_statistic_within_its_sensitivity(spark, seed):
    """D and D plus one user with 12 trips (M = 4), on Spark: each analysis's exact statistics change by at most
    the sensitivity its mechanism is calibrated to (L1), the user count by 1."""
    m = 4
    frame = trip_records(users=60, max_trips=6, seed=seed, nulls=False)
    rng = np.random.default_rng(seed)
    extra = []
    for trip in range(1, 13):
        start = T0 + pd.Timedelta(seconds=int(rng.integers(0, 14 * 86400)))
        extra += [("newcomer", trip, start, 145.75 + rng.normal(0, 0.03), -16.93 + rng.normal(0, 0.03)),
                  ("newcomer", trip, start + pd.Timedelta(minutes=30), 145.75 + rng.normal(0, 0.03),
                   -16.93 + rng.normal(0, 0.03))]
    neighbour = pd.concat([frame, pd.DataFrame(extra, columns=frame.columns)], ignore_index=True)
    cells = h3_cells(8, EXTENT)
    spec = report_spec(m=m)
    mechs = spec.mechanisms()
    _, small = spark_report(spark, frame, cells, spec, 21)
    _, large = spark_report(spark, neighbour, cells, spec, 21)
    for name in ("trips_over_time", "trips_per_weekday", "trips_per_hour", "visits_per_zone"):
        change = np.abs(large.counts[name] - small.counts[name]).sum()
        assert 0 < change <= mechs[name].sensitivity, name
    windows = np.abs(large.counts["visits_per_time_window"] - small.counts["visits_per_time_window"]).sum()
    assert 0 < windows <= mechs["visits_per_time_window"][0].sensitivity
    stats = np.abs(large.counts["dataset_statistics"] - small.counts["dataset_statistics"])
    assert all(c <= mech.sensitivity for c, mech in zip(stats, mechs["dataset_statistics"]))
    assert stats[2] == 1
    for name, stat in small.values.items():
        change = np.abs(large.values[name].histogram - stat.histogram).sum()
        assert change <= mechs[name].contributions, name
        assert np.abs(large.values[name].grid_counts - stat.grid_counts).sum() <= mechs[name].contributions, name
    change = abs(large.pairs.counts.sum() + large.pairs.outside - small.pairs.counts.sum() - small.pairs.outside)
    assert 0 < change <= m


def test_cli_refuses_unreadable_times_and_zones_without_trips_before_the_ledger(spark, tmp_path):
    """Refusals as the QGIS algorithm's, before any ledger entry or output: a timestamp text that is not a date,
    and records whose starts and ends all lie outside the zones."""
    from dp_geoprivacy.spark.__main__ import UsageError, mobility_report

    frame = trip_records(users=30, nulls=False)
    frame["ts"] = frame["ts"].dt.strftime("%Y-%m-%d %H:%M:%S")
    bad = frame.copy()
    bad.loc[3, "ts"] = "yesterday"
    far = frame.assign(lon=frame["lon"] + 10.0)
    values = {"USER_FIELD": "card", "TRIP_FIELD": "trip", "TIMESTAMP_FIELD": "ts", "LON_FIELD": "lon",
              "LAT_FIELD": "lat", "H3_RESOLUTION": "7", "EXTENT": EXTENT, "EPSILON": "1",
              "LEDGER": str(tmp_path / "ledger.json"), "OUTPUT_HTML": str(tmp_path / "r.html"),
              "OUTPUT_VISITS": str(tmp_path / "v.gpkg"), "OUTPUT_FLOWS": str(tmp_path / "f.gpkg")}
    for name, data, message in (("bad", bad, "not a date and time"), ("far", far, "inside the zones")):
        data.to_parquet(tmp_path / f"{name}.parquet")
        with pytest.raises(UsageError, match=message):
            mobility_report({**values, "INPUT": str(tmp_path / f"{name}.parquet")}, spark, log=lambda _: None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.parquet", "far.parquet"]
