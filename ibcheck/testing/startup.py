"""Which heavy libraries an ``ibcheck`` command imports: commands start fast (import heavy libraries only where used),
so a test runs the command in a fresh interpreter and lists the heavy modules left in ``sys.modules``."""
from __future__ import annotations

import os
import subprocess
import sys

HEAVY = ("torch", "cvxpy", "sympy", "scipy.stats", "matplotlib", "hypothesis")


def modules_after(*argv, also: tuple[str, ...] = ()) -> tuple[list[str], subprocess.CompletedProcess]:
    """The ``HEAVY`` modules (and those named in ``also``) imported by ``ibcheck ARGV`` (plugins off), and the
    process (its stdout ends with ``RC <exit code>``)."""
    code = ("import sys; from ibcheck.cli import main\ntry:\n    rc = main(%r)\nexcept SystemExit as e:\n    rc = e.code\n"
            "print('HEAVY', [m for m in %r if m in sys.modules]); print('RC', rc)") % (list(argv), HEAVY + tuple(also))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "IBCHECK_NO_PLUGINS": "1"})
    line = next(x for x in p.stdout.splitlines() if x.startswith("HEAVY"))
    return eval(line[6:]), p  # noqa: S307  (our own print of a list of names)
