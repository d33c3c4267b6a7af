"""The ``machine`` marker: tests whose outcome, verdicts and pinned comparisons must not depend on the machine.

A test marked ``@pytest.mark.machine`` (or a module with ``pytestmark = pytest.mark.machine``) belongs to the
sensitive subset that `.ci/run` runs twice — under two BLAS kernels and two thread counts — and compares
(docs/numerics.md, "Machine independence"). With ``IBCHECK_MACHINE_RECORD=DIR`` set, each marked test records into
``DIR/<worker>.json``:

* its outcome (``passed``, ``failed``, ``skipped``, ``xfailed``, ...);
* every verdict it obtained while running: each ``run_check`` result (verdict and each row's ``holds``), each
  ``theory.asymptotic.judge`` answer (``holds``), each ``Claim.evaluate`` (verdict and rows);
* every pinned comparison (``tests.pinned.pinning.compare``): per quantity, whether it matched, and the value;
* whatever the test hands to the ``machine_record`` fixture (``machine_record("name", value)``).

Nothing needs wiring in the test itself beyond the marker: the recording wraps those functions where the test
module and the defining modules hold them, for the duration of a marked test. ``python -m tests.machine_compare A B``
compares two such folders: any difference of outcome, verdict, ``holds`` or comparison result fails; numbers may
differ in their last bits (reported as the largest relative difference, never a failure).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ENV = "IBCHECK_MACHINE_RECORD"
_RECORDS: dict[str, dict] = {}
_STATE = {"controller": False}


def pytest_configure(config):
    # under xdist the workers record (they run the tests); the controller only sees forwarded reports
    _STATE["controller"] = getattr(config.option, "dist", "no") != "no" and not hasattr(config, "workerinput")
    config.addinivalue_line("markers", "machine: the outcome, verdicts and pinned comparisons must not depend on the "
                                       "CPU's BLAS kernel or thread count (run twice and compared by .ci/run)")


def _plain(v):
    """JSON-safe numbers, booleans, strings and lists of them (NaN/Inf as strings)."""
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    try:
        import numpy as np
        if isinstance(v, np.ndarray):
            return [_plain(x) for x in v.tolist()]
        if isinstance(v, np.generic):
            v = v.item()
    except ImportError:  # pragma: no cover
        pass
    if isinstance(v, (int, float)):
        f = float(v)
        return f if f == f and abs(f) != float("inf") else repr(f)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "clock") and hasattr(v, "values"):  # theory.asymptotic.Series
        return [_plain(list(v.clock)), _plain(list(v.values))]
    return None


def _rows(rows) -> dict:
    return {str(r.get("name")): r.get("holds") for r in rows or [] if isinstance(r, dict)}


class _Recorder:
    def __init__(self, nodeid: str):
        self.entry = _RECORDS.setdefault(nodeid, {"outcome": None, "verdicts": [], "compared": {}, "values": {}})

    def verdict(self, what: str, verdict, rows=None):
        self.entry["verdicts"].append({"what": what, "verdict": verdict, "holds": _rows(rows)})

    def compared(self, key: str, ok: bool, value):
        self.entry["compared"][key] = {"ok": bool(ok), "value": _plain(value)}

    def value(self, name: str, value):
        self.entry["values"][name] = _plain(value)


def _wrappers(rec: _Recorder) -> dict:
    """(module, attribute) → wrapper of the function there."""
    import ibcheck.checks.runner as runner
    import ibcheck.theory.asymptotic as asym
    import ibcheck.theory.statement as statement
    out = {}

    def run_check(*a, _f=runner.run_check, **k):
        r = _f(*a, **k)
        rec.verdict(f"run_check {a[0] if a else k.get('claim_id')}", r.get("verdict"),
                    (r.get("hypotheses") or []) + (r.get("conclusions") or []))
        return r
    out[(runner, "run_check")] = run_check

    def judge(*a, _f=asym.judge, **k):
        j = _f(*a, **k)
        rec.verdict("judge", {True: "holds", False: "fails", None: "undecided"}[j.holds])
        return j
    out[(asym, "judge")] = judge

    orig_eval = statement.Claim.evaluate

    def evaluate(self, *a, _f=orig_eval, **k):
        ev = _f(self, *a, **k)
        rec.verdict(f"evaluate {self.id}", ev.get("verdict"), ev.get("hypotheses", []) + ev.get("conclusions", []))
        return ev
    out[(statement.Claim, "evaluate")] = evaluate
    from ibcheck.testing import pinning  # no fallback: a move must break this loudly, not record nothing
    out[(pinning, "RECORD")] = rec.compared  # compare() reports each quantity's (key, ok, value)
    return out


@pytest.fixture
def machine_record(request):
    """``machine_record(name, value)``: record a verdict or number of a ``machine`` test for the comparison."""
    rec = _Recorder(request.node.nodeid)
    return rec.value


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    if not os.environ.get(ENV) or item.get_closest_marker("machine") is None:
        yield
        return
    rec = _Recorder(item.nodeid)
    patched = []
    for (owner, name), wrapper in _wrappers(rec).items():
        orig = getattr(owner, name)
        places = [owner] + [m for m in (getattr(item, "module", None),) if m is not None and m is not owner
                            and orig is not None and getattr(m, name, None) is orig]
        for place in places:
            patched.append((place, name, getattr(place, name)))
            setattr(place, name, wrapper)
    try:
        yield
    finally:
        for place, name, orig in reversed(patched):
            setattr(place, name, orig)


def pytest_runtest_logreport(report):
    if not os.environ.get(ENV) or _STATE["controller"] or "machine" not in report.keywords:
        return
    entry = _RECORDS.setdefault(report.nodeid, {"outcome": None, "verdicts": [], "compared": {}, "values": {}})
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed") or \
            (report.when == "teardown" and report.outcome == "failed"):
        outcome = "xfailed" if hasattr(report, "wasxfail") and report.skipped else report.outcome
        entry["outcome"] = outcome if entry["outcome"] in (None, "passed") else entry["outcome"]


def pytest_sessionfinish(session):
    out = os.environ.get(ENV)
    if not out or not _RECORDS:
        return
    wi = getattr(session.config, "workerinput", None)
    name = wi.get("workerid", "w") if wi else "main"
    Path(out).mkdir(parents=True, exist_ok=True)
    (Path(out) / f"{name}.json").write_text(json.dumps(_RECORDS, indent=0, sort_keys=True), encoding="utf-8")
