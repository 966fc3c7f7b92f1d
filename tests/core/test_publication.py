"""core.releases.publication: a raw figure read from the data cannot reach published text or results by accident."""

import numpy as np
import pytest

from dp_geoprivacy.core.accounting.privacy_record import PrivacyRecord
from dp_geoprivacy.core.releases.publication import (
    PRIVATE_MARK,
    Private,
    PublicationError,
    check_public,
    private_text,
    reveal,
)
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts


def test_a_private_figure_refuses_every_way_into_text_or_numbers():
    raw = Private(36)
    for publish in (str, repr, int, float, bool, lambda v: f"{v}", "{:d}".format, lambda v: f"{v:g}",
                    lambda v: np.arange(3)[v]):
        with pytest.raises((PublicationError, TypeError, IndexError)):
            publish(raw)
    assert reveal(raw) == 36 and raw == Private(36)


def test_private_text_is_the_one_way_out_and_is_marked():
    text = private_text("{kept} of {records} points were aggregated.", kept=Private(36), records=Private(60))
    assert text == f"36 of 60 points were aggregated. {PRIVATE_MARK}"


def test_results_and_records_refuse_raw_figures():
    check_public({"ROWS_WRITTEN": 25, "EPSILON_SPENT": 1.0})
    with pytest.raises(PublicationError, match="POINTS_SKIPPED"):
        check_public({"ROWS_WRITTEN": 25, "POINTS_SKIPPED": Private(3)})
    with pytest.raises(PublicationError, match="CELLS"):
        check_public({"CELLS": {"od": Private(4)}})
    with pytest.raises(PublicationError):
        PrivacyRecord(algorithm="a", plugin_version="1", mechanism="m", epsilon=1.0, delta=0.0,
                      unit_of_privacy="u", sensitivity=Private(1), sensitivity_unit="", noise_scale=1.0,
                      noise_scale_unit="", input_layer="x", seeded=False)


def test_a_release_keeps_its_raw_counts_private():
    """Every count read from the data (NULL users dropped, points beyond the bound) is Private in Release.facts;
    the public facts are what the mechanism drew or was declared."""
    zone = np.array([0, 1, 1, 2, 0, 1])
    user = np.array(["a", "a", "a", None, "b", "b"], dtype=object)
    data = ZoneCountData(cell=zone, n_zones=3, zone_rank=np.arange(3), user_keys=user)
    spec = ZoneCountSpec(epsilon=1.0, unit_of_privacy="one user", max_contributions=1)
    release = release_zone_counts(data, spec, np.random.default_rng(1))
    assert set(release.private_facts) >= {"null_users", "dropped_by_bound"}
    assert reveal(release.facts["null_users"]) == 1 and reveal(release.facts["dropped_by_bound"]) == 3
    assert "margin_of_error" in release.public_facts and "outside" in release.public_facts
    check_public(release.public_facts)
