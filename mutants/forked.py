"""Run a mutant's tests in a forked child of a process that has already imported the heavy libraries.

On 2 shared cores a fresh ``python -m pytest`` spends most of its time importing torch, sympy, scipy and cvxpy
(≈ 20 s of a 25 s run at ``nice 19``); the mutated code is ibcheck's own, which the parent never imports. So the
parent imports the third-party libraries once (``preload``) and forks one child per mutant: the child imports
ibcheck from the mutated tree and runs ``pytest.main`` there — the same tests on the same code, minus the import
time. Every failing exit status of pytest (a failed test, a collection error) kills the mutant.
"""
from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

HEAVY = ("numpy", "scipy", "scipy.linalg", "scipy.optimize", "scipy.special", "scipy.stats", "sympy", "torch",
         "cvxpy", "clarabel", "hypothesis", "pytest", "xdist", "matplotlib")


def preload() -> None:
    """Import the third-party libraries ibcheck's tests use (never ibcheck itself)."""
    import importlib
    for name in HEAVY:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    assert not any(m == "ibcheck" or m.startswith("ibcheck.") for m in sys.modules), "the parent imported ibcheck"


def run_tests(tree: Path, tests: list[str], timeout: float) -> tuple[int, str]:
    """pytest's exit status on ``tests`` in ``tree`` (-1 after ``timeout`` seconds) and a one-line summary."""
    log = tree / ".mutant-pytest.log"
    pid = os.fork()
    if pid == 0:  # the child: the mutated tree first on the path, output to a file
        try:
            os.chdir(tree)
            sys.path.insert(0, str(tree))
            os.environ["PYTHONPATH"] = str(tree)
            # no bytecode cache: two mutants of one file with equal size written within a second would share the
            # cached .pyc's (mtime, size) stamp, and the second would run the first's code
            sys.dont_write_bytecode = True
            os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            import shutil

            import pytest
            # hypothesis: a fixed seed and no example database carried from one mutant's run to the next (a saved
            # falsifying example would replay on every later mutant: kills that are not the mutant's)
            shutil.rmtree(tree / ".hypothesis", ignore_errors=True)
            rc = pytest.main(["-x", "-q", "-n0", "-p", "no:cacheprovider", "--hypothesis-seed=0", *tests])
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(int(rc))
        except BaseException:  # noqa: BLE001 — any failure in the child is a failing run
            os._exit(3)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            rc = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -1, f"timeout after {timeout:.0f} s (counted as killed: the suite would hang)"
        time.sleep(0.05)
    lines = log.read_text(errors="replace").strip().splitlines() if log.exists() else []
    return rc, lines[-1] if lines else ""
