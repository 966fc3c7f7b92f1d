"""noisyzonestatistics with NOISE=2 on Spark (issue 22 §1): the discrete Gaussian count and sum of the core, the
Gaussian's bound (UNIT 1: one record per cell, M cells per user) on the executors, rho in the record and the ledger
entry; and the one rule for choices whose rho does not fit (issue 22, the edge the QGIS path fell back on)."""

import numpy as np
import pandas as pd
import pytest

from dp_geoprivacy.core.accounting.ledger import Ledger
from dp_geoprivacy.core.mechanisms.gaussian import zcdp_rho
from dp_geoprivacy.core.mechanisms.rng import noise_source
from dp_geoprivacy.core.releases.time_slots import time_slots
from dp_geoprivacy.core.releases.zone_statistics import release_zone_statistics
from dp_geoprivacy.spark.__main__ import noisy_zone_statistics
from dp_geoprivacy.spark.cells import h3_cells
from dp_geoprivacy.spark.cli import UsageError
from dp_geoprivacy.spark.zone_statistics import StatColumns, bounded_records, release_spark_zone_statistics

from .test_spark_cli import record_of
from .test_spark_zone_statistics import COUNT, EXTENT, MEAN, SUM, spec_of, speeds


def gaussian_spec(statistic, unit, m=1, **kwargs):
    return spec_of(statistic, unit, m=m, noise=2, delta=1e-6, **kwargs)


@pytest.mark.parametrize("statistic, unit", [(COUNT, 1), (SUM, 1), (SUM, 0)])
def test_same_seed_same_gaussian_numbers_as_the_core(spark, statistic, unit):
    """NOISE=2 with a SEED: the Spark release equals the core's (the function behind the QGIS algorithm), values,
    margins and record fields. UNIT 1 with M above every user's number of cells, so nobody loses a cell; users
    have several records in one cell (the bound keeps one: its draws are one per (user, cell) pair). For the sum a
    user's values are all alike, since which of a user's records in a cell is kept differs (core: the first read,
    Spark: the smallest priority); the values are rounded to the Gaussian's grain on both."""
    frame = speeds(seed=20 + statistic, users=400)
    if statistic == SUM:
        frame["speed"] = np.where(frame["speed"].isna(), np.nan, (pd.to_numeric(frame["card"]).fillna(7) * 0.37) % 70)
    cells = h3_cells(8, EXTENT)
    spec = gaussian_spec(statistic, unit, m=200 if unit else 1)
    columns = StatColumns("speed", "lon", "lat", user="card" if unit else None, time="ts")
    ours, aggregate = release_spark_zone_statistics(spark.createDataFrame(frame).repartition(4), cells, columns,
                                                    spec, "4h", noise_source(42).generator)
    theirs = release_zone_statistics(
        cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy()), frame["speed"].to_numpy(), spec,
        noise_source(42).generator, n_zones=len(cells), n_slots=6, slot=time_slots(frame["ts"].to_numpy(), "4h"),
        user_keys=frame["card"].to_numpy(dtype=object) if unit else None)
    np.testing.assert_array_equal(ours.values, theirs.values)
    np.testing.assert_array_equal(ours.margin, theirs.margin)
    assert ours.record_fields() == theirs.record_fields() and ours.counts == theirs.counts
    fields = ours.record_fields()
    assert fields["rho"] == pytest.approx(zcdp_rho(1.0, 1e-6)) and fields["delta"] == 1e-6
    assert "discrete Gaussian" in fields["mechanism"]
    if unit:  # several records of a user in one cell: the Gaussian's bound dropped them
        assert theirs.counts.dropped_by_bound > 0
    other, _ = release_spark_zone_statistics(spark.createDataFrame(frame), cells, columns, spec, "4h",
                                             noise_source(43).generator)
    assert not np.array_equal(other.values, theirs.values, equal_nan=True)


def test_gaussian_user_bound_keeps_one_record_per_cell_and_at_most_m_cells(spark):
    """UNIT 1, NOISE=2, M = 2: every user keeps one record in each kept cell and min(cells touched, 2) cells."""
    frame = speeds(seed=5, users=150, nulls=False)
    cells = h3_cells(8, EXTENT)
    frame["cell"] = cells.assign_lonlat(frame["lon"].to_numpy(), frame["lat"].to_numpy())
    spec = gaussian_spec(COUNT, 1, m=2)
    kept = bounded_records(spark.createDataFrame(frame.drop(columns="cell")).repartition(3), cells,
                           StatColumns("speed", "lon", "lat", user="card"), spec, None, key=3).toPandas()
    kept = kept[(kept["flags"] == 0) & kept["kept"]]
    per_pair = kept.groupby(["user", "cell"]).size()
    assert per_pair.max() == 1
    inside = frame[frame["cell"] >= 0]
    expected = np.minimum(inside.groupby("card")["cell"].nunique(), 2)
    got = kept.groupby("user")["cell"].nunique().reindex(expected.index, fill_value=0)
    np.testing.assert_array_equal(got.to_numpy(), expected.to_numpy())
    assert (expected == 2).sum() > 50


def command(tmp_path, **extra):
    speeds(seed=9, users=300).drop(columns="ts").to_parquet(tmp_path / "p.parquet")
    return {"INPUT": str(tmp_path / "p.parquet"), "LON_FIELD": "lon", "LAT_FIELD": "lat", "VALUE_FIELD": "speed",
            "STATISTIC": str(SUM), "LOWER": "0", "UPPER": "60", "UNIT": "1", "USER_FIELD": "card",
            "MAX_CONTRIBUTIONS": "3", "NOISE": "2", "DELTA": "1e-6", "H3_RESOLUTION": "7", "EXTENT": EXTENT,
            "EPSILON": "1", "LEDGER": str(tmp_path / "ledger.json"), "OUTPUT": str(tmp_path / "s.gpkg"), **extra}


def test_the_command_publishes_the_gaussian_sum_with_rho_in_record_and_ledger(spark, tmp_path):
    log = []
    results = noisy_zone_statistics(command(tmp_path), spark, log=log.append)
    record = record_of(tmp_path / "s.gpkg")
    [entry] = Ledger(tmp_path / "ledger.json").entries()
    rho = zcdp_rho(1.0, 1e-6)
    assert record.rho == entry.rho == results["RHO_SPENT"] == pytest.approx(rho)
    assert (record.epsilon, record.delta) == (entry.epsilon, entry.delta) == (1.0, 1e-6)
    assert record.sensitivity == pytest.approx(np.sqrt(3) * 60, rel=0.01)  # L2: sqrt(M) max(|LOWER|, |UPPER|)
    assert "one record per cell and 3 cells kept per user" in record.unit_of_privacy
    assert any(line.startswith("Discrete Gaussian noise on every cell") for line in log)


@pytest.mark.parametrize("extra, message", [
    ({"NOISE": "1"}, r"NOISE=1 \(discrete Laplace\) is not offered for zone statistics"),
    ({"STATISTIC": str(MEAN)}, r"offered for the count and the sum only"),
    ({"DELTA": "0"}, r"needs DELTA in \(0, 1\)"),
    ({"MIN_SUPPORT": "5"}, r"set MIN_SUPPORT to 0"),
])
def test_the_command_refuses_what_the_gaussian_cannot_serve(spark, tmp_path, extra, message):
    with pytest.raises(UsageError, match=message):
        noisy_zone_statistics(command(tmp_path, **extra), spark)
    assert not (tmp_path / "s.gpkg").exists() and not (tmp_path / "ledger.json").exists()


def test_value_bounds_whose_rho_does_not_fit_are_refused_with_the_share_that_fits(spark, tmp_path):
    """Declared M, AUTO_VALUE_BOUNDS, NOISE=2 and AUTO_SHARE 0.3 at DELTA 1e-6: the choice's rho 0.045 exceeds
    rho(1, 1e-6) = 0.0244, so the run cannot stay (EPSILON, DELTA) in zCDP. Refused before anything is read or
    entered, naming AUTO_SHARE and the largest share that fits (sqrt(2 rho) = 0.2207); the QGIS algorithm refuses
    with the same core message (it fell back to basic composition before). AUTO_SHARE 0.15 fits and runs."""
    with pytest.raises(UsageError, match=r"AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE 0\.3: the choices' rho "
                                         r"0\.045 would take the whole rho 0\.0244 .* use AUTO_SHARE below 0\.22, or "
                                         r"NOISE=0"):
        noisy_zone_statistics(command(tmp_path, AUTO_VALUE_BOUNDS="true", AUTO_SHARE="0.3", LOWER="0",
                                      UPPER="200"), spark)
    assert not (tmp_path / "s.gpkg").exists() and not (tmp_path / "ledger.json").exists()
    results = noisy_zone_statistics(command(tmp_path, AUTO_VALUE_BOUNDS="true", AUTO_SHARE="0.15", UPPER="200"),
                                    spark, log=lambda line: None)
    # The run is rho(1, 1e-6)-zCDP; its epsilon is the smaller of that rho's conversion (1) and the sum of the
    # release's conversion and the choice's 0.15 (core with_choice: both hold).
    assert results["RHO_SPENT"] == pytest.approx(zcdp_rho(1.0, 1e-6)) and results["EPSILON_SPENT"] <= 1.0


def test_frame_helpers_still_run_laplace_users_by_records(spark):
    """UNIT 1 with NOISE=0 keeps the Laplace bound (M records, not M cells): a user with 5 records in one cell
    keeps 3 of them at M = 3."""
    frame = pd.DataFrame({"lon": [151.2] * 5, "lat": [-33.87] * 5, "speed": [1.0] * 5, "card": [1] * 5})
    cells = h3_cells(8, EXTENT)
    kept = bounded_records(spark.createDataFrame(frame), cells, StatColumns("speed", "lon", "lat", user="card"),
                           spec_of(COUNT, 1, m=3), None, key=1).toPandas()
    assert int(kept["kept"].sum()) == 3
    gaussian = bounded_records(spark.createDataFrame(frame), cells, StatColumns("speed", "lon", "lat", user="card"),
                               gaussian_spec(COUNT, 1, m=3), None, key=1).toPandas()
    assert int(gaussian["kept"].sum()) == 1
