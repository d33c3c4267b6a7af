"""Sub-progress of long computations, for whoever displays progress (the report's bar, ``ibcheck check``).

A long computation (a gradient flow to log L̂ = −2000) calls ``note("log L̂ −120 of −2000")`` now and then;
the display that is listening (``listening(fn)``) shows it next to the running claim. Nothing listens by
default, so ``note`` costs one attribute lookup.
"""
from __future__ import annotations

import contextlib
import threading
from typing import Callable

_local = threading.local()


def note(text: str) -> None:
    """Tell the current listener (if any) where a long computation stands."""
    fn = getattr(_local, "listener", None)
    if fn is not None:
        fn(text)


@contextlib.contextmanager
def listening(fn: Callable[[str], None]):
    """Route ``note`` calls made in this thread to ``fn`` for the duration of the block."""
    before = getattr(_local, "listener", None)
    _local.listener = fn
    try:
        yield
    finally:
        _local.listener = before


def flow_note(log_loss: float, target_log_loss: float) -> None:
    """A gradient flow's ``progress`` callback: ``note("log L̂ −120 of −2000")``."""
    note(f"log L̂ {log_loss:.0f} of {target_log_loss:g}")
