"""The threading policy (numerics.runtime.threads): a check runs single-threaded (torch intra-op and every BLAS/OpenMP
pool) unless its spec opts in, and the caller's settings are restored afterwards."""
import dataclasses
import os
import subprocess
import sys

import pytest
import torch

from ibcheck.checks import registry
from ibcheck.checks.runner import run_check
from ibcheck.numerics.runtime.threads import current, limited


class _Measured(Exception):
    """Raised by the spy once it has recorded the pools: the policy is set before the measurement starts, so the
    check's own work is not needed (and the settings must come back after an exception too)."""


def _spy(monkeypatch, threads):
    """A registered claim (any: the spy replaces its measurement) whose measurement records the thread counts it
    runs under, with its spec's ``threads`` set to ``threads``."""
    claim = sorted(registry.REGISTRY)[0]
    seen = []
    spec = registry.REGISTRY[claim]

    def measure(ctx):
        seen.append(current())
        raise _Measured
    monkeypatch.setitem(registry.REGISTRY, claim, dataclasses.replace(spec, measure=measure, threads=threads))
    return claim, seen


def test_a_check_runs_single_threaded_and_restores(monkeypatch):
    torch.set_num_threads(2)
    try:
        claim, seen = _spy(monkeypatch, 1)
        with pytest.raises(_Measured):
            run_check(claim, {})
        assert seen[0]["torch"] == 1 and all(v == 1 for v in seen[0]["pools"].values()), seen
        assert torch.get_num_threads() == 2  # the caller's setting is back
    finally:
        torch.set_num_threads(1)


def test_a_check_that_opts_in_keeps_the_callers_threads(monkeypatch):
    torch.set_num_threads(2)
    try:
        claim, seen = _spy(monkeypatch, None)
        with pytest.raises(_Measured):
            run_check(claim, {})
        assert seen[0]["torch"] == 2
    finally:
        torch.set_num_threads(1)


def test_limited_is_a_context():
    with limited(1):
        assert current()["torch"] == 1


def test_cli_processes_start_single_threaded():
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")}
    code = "import ibcheck.cli, torch, os; print(torch.get_num_threads(), os.environ['OMP_NUM_THREADS'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120).stdout.split()
    assert out == ["1", "1"]
    env["OMP_NUM_THREADS"] = "2"  # a count the user chose is kept
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120).stdout.split()
    assert out == ["2", "2"]
