"""Progress that never looks hung: a bar redrawn on a timer with the elapsed time and the running claim's
sub-progress on a terminal; one plain line per finished item when stderr is not a terminal (no ``\\r``)."""
from __future__ import annotations

import sys
import threading
import time


class Progress:
    """``[#####     ] done/total  current  sub-progress  elapsed`` on stderr.

    On a terminal the line is redrawn every ``interval`` seconds by a daemon thread (the elapsed time keeps
    moving inside a long item); elsewhere ``step`` writes one plain line per finished item and nothing else.
    ``delay`` hides the bar for runs shorter than that (``ibcheck check``).
    """

    def __init__(self, total: int, stream=None, *, interval: float = 0.5, delay: float = 0.0, tty: bool | None = None):
        self.stream = stream or sys.stderr
        self.total, self.done, self.t0 = total, 0, time.perf_counter()
        self.current, self.sub = "", ""
        self.tty = self.stream.isatty() if tty is None else tty
        self.delay, self.shown = delay, False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        if self.tty:
            self._thread = threading.Thread(target=self._tick, args=(interval,), daemon=True)
            self._thread.start()

    def _tick(self, interval: float) -> None:
        while not self._stop.wait(interval):
            self._draw()

    def _draw(self) -> None:
        elapsed = time.perf_counter() - self.t0
        if elapsed < self.delay:
            return
        with self._lock:
            bar = "#" * int(24 * self.done / max(self.total, 1))
            sub = f"  [{self.sub}]" if self.sub else ""
            line = f"[{bar:<24}] {self.done}/{self.total}  {self.current}{sub}"
            self.stream.write(f"\r{line[:110]:<110} {elapsed:7.1f}s")
            self.stream.flush()
            self.shown = True

    def show(self, current: str) -> None:
        """The item now running (and clear its sub-progress)."""
        self.current, self.sub = current, ""
        if self.tty:
            self._draw()

    def note(self, text: str) -> None:
        """Sub-progress of the running item (e.g. a flow's log L̂ against its target)."""
        self.sub = text

    def step(self, finished: str, detail: str = "") -> None:
        """One item finished: redraw (terminal) or print one plain line (file, pipe)."""
        self.done += 1
        if self.tty:
            self._draw()
        else:
            with self._lock:
                self.stream.write(f"[{self.done}/{self.total}] {finished}{'  ' + detail if detail else ''} "
                                  f"({time.perf_counter() - self.t0:.1f}s)\n")
                self.stream.flush()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.tty and self.shown:
            with self._lock:
                self.stream.write("\r" + " " * 120 + "\r")
                self.stream.flush()
