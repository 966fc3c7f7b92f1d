"""The audit machinery (benchmarks/audit, ``make audit``) catches a mechanism that does not keep its claim.

Fixed seeds (benchmarks.audit.auditing.seeded_sampler), so the answer is the same on every run.
"""

import math

import numpy as np

from benchmarks.audit.auditing import Attack, audit, clopper_pearson, epsilon_lower_bound, seeded_sampler
from dp_geoprivacy.core.releases.zone_counts import ZoneCountData, ZoneCountSpec, release_zone_counts

RUNS = 3000


def _one_point_attack(noise_epsilon: float, claimed: float) -> Attack:
    """Zone counts, one point added in an empty zone; the noise is drawn for ``noise_epsilon``."""
    cells = (np.repeat([0, 1], 5), np.r_[np.repeat([0, 1], 5), 2])
    data = [ZoneCountData(cell=cell, n_zones=3, zone_rank=np.arange(3)) for cell in cells]
    spec = ZoneCountSpec(epsilon=noise_epsilon, unit_of_privacy="point")

    def statistic(neighbour, rng):
        return float(release_zone_counts(data[neighbour], spec, rng).result["noisy_count"][2])

    return Attack("noisyzonecounts", "point", claimed, 0.0, statistic)


def test_clopper_pearson_and_the_bound():
    low, high = clopper_pearson(0, 100, 0.05)
    assert low == 0.0 and math.isclose(high, 1 - 0.025 ** (1 / 100))  # the exact interval when k = 0
    assert epsilon_lower_bound(100, 100, 100, 100) == 0.0
    assert epsilon_lower_bound(90, 10, 100, 100) > math.log(0.8 / 0.2)  # (0.9 +- 0.1) against (0.1 +- 0.1)
    assert epsilon_lower_bound(90, 10, 100, 100, delta=0.9) == 0.0


def test_a_mechanism_with_half_the_noise_it_claims_is_caught():
    """Noise scale halved (drawn for epsilon 2 while the record claims 1): the lower bound exceeds the claim."""
    result = audit(_one_point_attack(noise_epsilon=2.0, claimed=1.0), runs=RUNS, sampler=seeded_sampler(1))
    assert result.lower_bound > result.attack.epsilon, result


def test_the_same_attack_on_the_sound_mechanism_stays_below_its_claim():
    result = audit(_one_point_attack(noise_epsilon=1.0, claimed=1.0), runs=RUNS, sampler=seeded_sampler(2))
    assert 0.3 < result.lower_bound <= result.attack.epsilon, result  # the attack works, and finds no leak
