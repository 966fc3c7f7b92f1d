"""Refuse settings whose memory would exhaust this machine, before anything is allocated.

Some whole-number settings size arrays directly: the candidate grid of the
quantiles (QUANTILE_GRID), the histograms over 1..M trips per user
(MAX_TRIPS_PER_USER), the per-realization statistics of the escape sweep
(REALIZATIONS). Each algorithm states the bytes one unit of such a setting
costs (``DpAlgorithm.memory_per_unit``, measured: see the figures next to
each); a value whose cost exceeds half of the memory this machine has
available now (``MemAvailable`` in /proc/meminfo) is refused, naming the
parameter and the largest value that fits. Half, so that the input, the
output and the rest of QGIS still fit. Where the memory cannot be read (not
Linux) nothing is refused here.
"""

from pathlib import Path
from typing import Optional

from ..translation import tr

SHARE = 0.5
MEMINFO = Path("/proc/meminfo")


def available_bytes() -> Optional[int]:
    """The memory this machine has available now (MemAvailable), or None when it cannot be read."""
    try:
        for line in MEMINFO.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _size(n_bytes: float) -> str:
    for unit, size in (("GB", 1e9), ("MB", 1e6)):
        if n_bytes >= size:
            return f"{n_bytes / size:.1f} {unit}"
    return f"{n_bytes / 1e3:.0f} kB"


def memory_error(name: str, value: float, bytes_per_unit: float, available: Optional[int] = None) -> Optional[str]:
    """The refusal for ``name`` = ``value`` when it would need more than SHARE of the available memory, else None."""
    available = available_bytes() if available is None else available
    if available is None or bytes_per_unit <= 0:
        return None
    allowed = SHARE * available
    needed = float(value) * bytes_per_unit
    if needed <= allowed:
        return None
    largest = int(allowed // bytes_per_unit)
    return tr(
        "{name} = {value:.0f} would need about {needed} of memory; this machine has {available} available, so "
        "{name} can be at most {largest} here. Choose a smaller {name}."
    ).format(name=name, value=float(value), needed=_size(needed), available=_size(available), largest=largest)
