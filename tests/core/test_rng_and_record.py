"""The noise source and the privacy record."""

import dataclasses
import json
import math

import numpy as np
import pytest

from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord
from dp_geoprivacy.core.mechanisms.rng import noise_source


def test_unseeded_sources_differ_and_say_so():
    a, b = noise_source(), noise_source()
    assert not a.seeded and not b.seeded
    assert not np.array_equal(a.generator.random(8), b.generator.random(8))


def test_seeded_sources_reproduce_and_say_so():
    a, b = noise_source(42), noise_source(42)
    assert a.seeded and b.seeded
    assert np.array_equal(a.generator.random(8), b.generator.random(8))


def test_release_noise_comes_from_philox_keyed_from_the_os():
    a, b = noise_source(), noise_source()
    assert isinstance(a.generator.bit_generator, np.random.Philox)
    ka, kb = (s.generator.bit_generator.state["state"]["key"] for s in (a, b))
    assert not np.array_equal(ka, kb)
    assert isinstance(noise_source(7).generator.bit_generator, np.random.Philox)


def test_negative_seed_is_refused():
    with pytest.raises(ValueError):
        noise_source(-1)


def _record(**changes):
    fields = {
        "algorithm": "dp_geoprivacy:laplaceperturbation", "plugin_version": "0.1.0",
        "mechanism": "planar_laplace", "epsilon": 1.0, "delta": 0.0, "unit_of_privacy": "location",
        "sensitivity": 100.0, "sensitivity_unit": "m", "noise_scale": 100.0, "noise_scale_unit": "m",
        "input_layer": "households", "seeded": False,
    }
    fields.update(changes)
    return PrivacyRecord(**fields)


def test_record_round_trips_through_json():
    record = _record(notes=("a note",))
    again = PrivacyRecord.from_json(record.to_json())
    assert again == record
    assert json.loads(record.to_json())["epsilon"] == 1.0


def test_a_run_with_a_choice_records_the_releases_own_epsilon_and_older_records_still_read():
    """Automatic M: epsilon is the run's, choice_epsilon and release_epsilon its parts (issue 22); a record
    written before those fields reads them as None."""
    record = _record(epsilon=10.0, choice_epsilon=9.0, release_epsilon=1.0)
    assert PrivacyRecord.from_json(record.to_json()) == record
    assert "Of this epsilon, 9 chose the bounds privately and the release drew its noise at 1." in record.summary()
    older = json.loads(_record().to_json())
    for name in ("choice_epsilon", "release_epsilon"):
        del older[name]
    again = PrivacyRecord.from_json(json.dumps(older))
    assert again.choice_epsilon is None and again.release_epsilon is None and again.epsilon == 1.0
    assert "chose the bounds" not in again.summary()


def test_record_json_is_strict():
    """A record once held `Infinity` (not JSON) from triprelocation FLOOR=1e-308 (issue 21)."""
    strict = {"parse_constant": lambda name: pytest.fail(f"{name} in a record")}
    no_guarantee = _record(epsilon_floating_point=math.inf)  # core.mechanisms.counting.snapping_epsilon: none claimed
    assert json.loads(no_guarantee.to_json(), **strict)["epsilon_floating_point"] is None
    for figure in ("epsilon", "noise_scale", "sensitivity"):
        for value in (math.inf, math.nan):
            with pytest.raises(ValueError):
                _record(**{figure: value}).to_json()


def test_record_is_immutable():
    record = _record()
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.epsilon = 2.0
    assert record.with_notes("x").notes == ("x",) and record.notes == ()


def test_record_has_no_fingerprint_or_seed_value():
    names = {f.name for f in dataclasses.fields(PrivacyRecord)}
    assert not names & {"hash", "fingerprint", "checksum", "seed", "source_hash"}
    assert "seeded" in names


def test_summary_states_the_parameters():
    text = _record(seeded=True).summary()
    assert "epsilon = 1" in text and "seed" in text
    assert "NOT DIFFERENTIALLY PRIVATE" in _record(differentially_private=False).summary()


def test_foreign_json_is_refused():
    with pytest.raises(ValueError):
        PrivacyRecord.from_json('{"format": "something else"}')


def test_a_seeded_record_says_not_private():
    record = _record(seeded=True)
    assert record.differentially_private is False  # issue 19 item 6: whoever knows the seed removes the noise
    assert record.title_suffix() == "not private (seeded)"
    assert record.summary().startswith("NOT PRIVATE (SEEDED)")
    assert json.loads(record.to_json())["differentially_private"] is False
    assert PrivacyRecord.from_json(record.to_json()) == record
    assert _record().differentially_private is True and _record().title_suffix() == "ε=1, δ=0"
