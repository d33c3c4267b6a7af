"""Refuse up front what cannot fit: a request whose memory can be estimated (X of n×d floats, K of n×n)
beyond the machine's memory is an input error naming the alternative, never an out-of-memory crash."""
from __future__ import annotations

import os

from .errors import InputError

# Headroom: the estimate counts the main arrays only; temporaries and the rest of the process need room too.
USABLE_FRACTION = 0.5


def available_bytes() -> int:
    """MemAvailable from /proc/meminfo (Linux), else physical memory."""
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 1 << 62


def require(nbytes: float, what: str, alternative: str) -> None:
    """``InputError`` if ``nbytes`` exceeds the usable memory; ``alternative`` says what to do instead."""
    usable = USABLE_FRACTION * available_bytes()
    if nbytes > usable:
        raise InputError(f"{what} needs {nbytes / 2**30:.3g} GiB, more than this machine can hold "
                         f"({usable / 2**30:.3g} GiB usable); {alternative}")
