"""Documented shell commands run as the shell would run them, each in its own process — forked from one parent that
has already imported torch, cvxpy and ibcheck, instead of a fresh interpreter that imports them again.

Why: a Python process that imports torch (and, for ``ibcheck kkt``, torch.func's dynamo and cvxpy) spends ~4–8 s of
CPU on imports on this 2-core machine; the kkt section of docs/api.md runs about twenty such commands. Each command
still gets its own process and state: its argv, its environment assignments (``PYTHONPATH=examples/kkt ibcheck
kkt …``, also put on ``sys.path`` as the interpreter would), the working directory, stdin from /dev/null, its own
stdout and stderr (file descriptors 1 and 2, so nothing escapes the capture) and its exit status, including 1 and a
traceback for an uncaught exception, as ``python`` gives. Forms run this way: ``python FILE ARGS…`` (``runpy``, with
the script's folder first on ``sys.path``), ``python -c CODE`` and ``ibcheck ARGS…`` (the console script's
``ibcheck.cli:main``); any other command runs in a real ``bash``.

``python tests/forked_commands.py`` reads ``{"cwd": …, "commands": [line, …]}`` as JSON on stdin and writes one JSON
list: ``{"cmd", "rc", "out", "err", "cpu"}`` per command (``cpu``: the child's user + system seconds).
"""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

PRELOAD = ("ibcheck.cli", "torch", "torch._dynamo", "numpy", "scipy.optimize", "cvxpy", "ibcheck.model_kkt")
ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.S)


def split(line: str) -> tuple[dict, list[str]]:
    """``VAR=value … program args`` → the assignments and the argv (shell words; comments dropped)."""
    words = shlex.split(line, comments=True)
    env = {}
    while words and ASSIGN.fullmatch(words[0]):
        k, v = ASSIGN.fullmatch(words[0]).groups()
        env[k] = v
        words = words[1:]
    return env, words


def _child(line: str, env: dict, argv: list[str], base_path: list[str]) -> int:
    """In the forked process: set up argv, environment and sys.path as the interpreter would, run, return the
    exit status."""
    os.environ.update(env)
    import random

    import numpy as np
    import torch
    torch.seed()  # a fresh process's random generators: seeded from the OS, not shared with the parent
    np.random.seed()
    random.seed()
    extra = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if argv[0] == "ibcheck":
        sys.argv = argv
        sys.path[:] = [str(Path(sys.executable).parent), *extra, *base_path]
        from ibcheck.cli import main
        return main(argv[1:])
    if argv[1] == "-c":
        sys.argv = ["-c", *argv[3:]]
        sys.path[:] = ["", *extra, *base_path]
        exec(compile(argv[2], "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})  # noqa: S102
        return 0
    import runpy
    sys.argv = argv[1:]
    sys.path[:] = [os.path.dirname(os.path.abspath(argv[1])), *extra, *base_path]
    runpy.run_path(argv[1], run_name="__main__")
    return 0


def _exit_status(exc: SystemExit) -> int:
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


def run_one(line: str, cwd: str, base_path: list[str]) -> dict:
    env, argv = split(line)
    pyform = argv and (argv[0] == "ibcheck" or (argv[0] == "python" and len(argv) > 1
                                                and (argv[1] == "-c" and len(argv) > 2 or not argv[1].startswith("-"))))
    if not pyform:  # anything else: the real shell
        p = subprocess.run(["bash", "-c", line], cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        return {"cmd": line, "rc": p.returncode, "out": p.stdout, "err": p.stderr, "cpu": None}
    with tempfile.TemporaryFile("w+b") as out, tempfile.TemporaryFile("w+b") as err:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            rc = 5
            try:
                os.chdir(cwd)
                devnull = os.open(os.devnull, os.O_RDONLY)
                os.dup2(devnull, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                try:
                    rc = _child(line, env, argv, base_path)
                except SystemExit as exc:
                    rc = _exit_status(exc)
                except BaseException:  # noqa: BLE001  (as the interpreter: the traceback, exit status 1)
                    traceback.print_exc()
                    rc = 1
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(rc if isinstance(rc, int) else 1)
        _, status, usage = os.wait4(pid, 0)
        out.seek(0)
        err.seek(0)
        return {"cmd": line, "rc": os.waitstatus_to_exitcode(status), "out": out.read().decode("utf-8", "replace"),
                "err": err.read().decode("utf-8", "replace"), "cpu": usage.ru_utime + usage.ru_stime}


def run(commands: list[str], cwd: Path, timeout: float = 900) -> list[dict]:
    """Run ``commands`` in order in ``cwd`` (from the test process): one parent process, one fork per command."""
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    p = subprocess.run([sys.executable, __file__], input=json.dumps({"cwd": str(cwd), "commands": commands}),
                       capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    return json.loads(p.stdout)


def main() -> None:
    job = json.load(sys.stdin)
    base_path = sys.path[1:]  # without this file's folder, as a fresh interpreter would start
    import importlib
    for mod in PRELOAD:  # ibcheck.cli first: it fixes the thread pools' environment before torch starts them
        importlib.import_module(mod)
    results = [run_one(line, job["cwd"], base_path) for line in job["commands"]]
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
