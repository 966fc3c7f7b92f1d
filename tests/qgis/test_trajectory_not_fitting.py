"""dp_geoprivacy:trajectoryperturbation with trips that do not fit (K - 1) x MAX_STEP (NOT_FITTING), end to end.

Neighbouring inputs: the same three trips that fit, plus one trip replaced by another route with the same
ends (which does not fit either). The privacy argument is in core.releases.trajectories' module doc.
"""

import json
import re

import numpy as np
import pytest

from dp_geoprivacy.processing.privacy_metadata import read_from_file

from .conftest import run_algorithm_json, run_qgis_process
from .test_trajectory_perturbation import X0, Y0, read_lines, write_lines

ALG = "dp_geoprivacy:trajectoryperturbation"
K, MAX_STEP = 5, 100  # (K - 1) x MAX_STEP = 400 m
FITTING = [[(X0, Y0 + 500 * i), (X0 + 150, Y0 + 500 * i + 80), (X0 + 300, Y0 + 500 * i)] for i in range(3)]
ROUTES = {"north": [(X0, Y0 - 1000), (X0 + 500, Y0 - 700), (X0 + 1000, Y0 - 1000)],
          "south": [(X0, Y0 - 1000), (X0 + 500, Y0 - 1400), (X0 + 1000, Y0 - 1000)]}  # start-end 1,000 m


@pytest.fixture(params=sorted(ROUTES))
def trips(request, tmp_path):
    return write_lines(tmp_path / f"trips_{request.param}.gpkg", 32633, FITTING + [ROUTES[request.param]])


def _run(trips, out, **settings):
    return run_qgis_process("run", ALG, "--", f"INPUT={trips}", "EPSILON=2", f"RESAMPLE={K}",
                            f"MAX_STEP={MAX_STEP}", f"OUTPUT={out}",
                            *(f"{key}={value}" for key, value in settings.items()), check=False)


def test_by_default_a_trip_that_does_not_fit_stops_the_run_with_the_fitting_max_step_marked_private(trips, tmp_path):
    out = tmp_path / "refused.gpkg"
    result = _run(trips, out)
    text = result.stdout + result.stderr
    assert result.returncode != 0 and not out.exists()
    # The count, the longest trip and the fitting MAX_STEP are read from the data: the whole text is marked private.
    assert re.search(r"\b1 trips of INPUT .* \(the longest: [0-9.]+ m\).* MAX_STEP 250 m would fit them\. Or set "
                     r"NOT_FITTING .* count\. \(private to the data holder, do not publish\)", text), text


def test_shorten_publishes_every_trip_and_a_noisy_count_in_record_and_ledger(trips, tmp_path):
    out, ledger = tmp_path / "shortened.gpkg", tmp_path / "ledger.json"
    results = run_algorithm_json(ALG, INPUT=trips, EPSILON=2, RESAMPLE=K, MAX_STEP=MAX_STEP, NOT_FITTING=1,
                                 NOT_FITTING_EPSILON=0.5, LEDGER=ledger, OUTPUT=out)
    assert results["TRAJECTORIES_WRITTEN"] == 4 and results["EPSILON_SPENT"] == 2.5
    assert results["TRIPS_NOT_FITTING"] >= 0 and float(results["TRIPS_NOT_FITTING"]).is_integer()
    [record] = read_from_file(str(out))
    assert record.epsilon == 2.5 and "shortened" in record.unit_of_privacy
    assert any("noisy count" in note for note in record.notes)
    assert [entry["epsilon"] for entry in json.loads(ledger.read_text())["entries"]] == [2.5]
    lines, _ = read_lines(out)
    gaps = sorted(float(np.hypot(*(line[-1] - line[0]))) for line in lines)
    assert gaps == pytest.approx([300.0, 300.0, 300.0, 400.0], abs=1e-3)  # fitting ends exact; the long one at L
    assert all(np.hypot(*np.diff(line, axis=0).T).max() <= MAX_STEP + 1.0 for line in lines)  # 1 m: GRID


def test_leave_out_publishes_the_fitting_trips_only_and_needs_kept_ends(trips, tmp_path):
    out = tmp_path / "left_out.gpkg"
    results = run_algorithm_json(ALG, INPUT=trips, EPSILON=2, RESAMPLE=K, MAX_STEP=MAX_STEP, NOT_FITTING=2,
                                 OUTPUT=out)
    assert results["TRAJECTORIES_WRITTEN"] == 3 and results["EPSILON_SPENT"] == pytest.approx(2.1)
    lines, _ = read_lines(out)
    assert sorted(tuple(line[0]) for line in lines) == sorted(tuple(map(float, t[0])) for t in FITTING)
    refused = _run(trips, tmp_path / "x.gpkg", NOT_FITTING=2, KEEP_ENDPOINTS="false")
    assert refused.returncode != 0 and "KEEP_ENDPOINTS" in refused.stdout + refused.stderr
    assert not (tmp_path / "x.gpkg").exists()
