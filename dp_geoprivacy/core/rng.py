"""Random generators for release noise.

Release noise must be unpredictable: a generator seeded from a fixed or
guessable value lets anyone who knows the seed subtract the noise again. By
default the generator is seeded from the operating system's cryptographic
source (``secrets``). An explicit seed is an advanced option for reproducible
studies; the privacy record says when one was used (never which one).
"""

import secrets
from dataclasses import dataclass
from typing import Optional

import numpy as np


@dataclass(frozen=True)
class NoiseSource:
    """A numpy generator together with whether it was seeded by the user."""

    generator: np.random.Generator
    seeded: bool


def noise_source(seed: Optional[int] = None) -> NoiseSource:
    """Return a generator: cryptographically seeded, or from ``seed`` when given.

    A seeded run is reproducible and therefore not private against anyone who
    knows the seed; callers must record ``seeded`` in the output's metadata.
    """
    if seed is None:
        entropy = secrets.randbits(128)
        return NoiseSource(np.random.Generator(np.random.PCG64(entropy)), seeded=False)
    if int(seed) < 0:
        raise ValueError("seed must be a non-negative integer")
    return NoiseSource(np.random.Generator(np.random.PCG64(int(seed))), seeded=True)
