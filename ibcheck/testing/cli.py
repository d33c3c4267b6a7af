"""``run_cli``: the command line run through ``ibcheck.cli.main`` in this process, for tests.

A test of what a command prints and returns on bad input (one line on stderr, exit 2) needs the command's own code
path, not a fresh interpreter: each ``python -m ibcheck`` pays 3–8 s of imports (torch, cvxpy, sympy), and the
parametrised bad-input tables of the papers ran dozens of them. ``main`` is what ``python -m ibcheck`` calls, with
the same error handling (``InputError`` → one line, exit 2; an internal error → exit 5); argparse's own errors
raise ``SystemExit(2)`` after printing, which ``run_cli`` turns into the status. The entry point itself (the
process's exit status, nothing printed before ``main`` runs) stays covered by the tests that start a process.
"""
from __future__ import annotations

import contextlib
import io
import os
import shlex
import subprocess


def run_cli(*args: str, cwd=None) -> subprocess.CompletedProcess:
    """``ibcheck ARGS`` in this process: a ``CompletedProcess`` with its exit status, stdout and stderr."""
    from ibcheck.cli import main
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(list(args))
            except SystemExit as exc:  # argparse (usage errors, --help, --version)
                rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["ibcheck", *args], rc, out.getvalue(), err.getvalue())


def accepted_command(cmd: str) -> dict:
    """The parameters ``ibcheck check`` would run a printed command with (parsed and validated, not run): a horizon
    message's command must be one the CLI accepts."""
    from ibcheck.cli import dry_run_check
    words = shlex.split(cmd)
    assert words[:2] == ["ibcheck", "check"], cmd
    return dry_run_check(words[1:])
