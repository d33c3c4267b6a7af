"""The ``session_results`` fixture: a check result computed once per pytest session, across xdist workers.

The catalogue's cases (checks/test_catalogue.py) and the HTML report's fixture (tests/test_report.py) run the same
quick-profile checks. Each asks ``session_results(claim, params, compute)``: the first process to ask computes the
result under a per-case file lock in the session's shared temporary root and pickles it; every later ask, in any
worker, reads that pickle (xdist's recipe for work done once per session). A result is a plain dict of numbers
and strings, and every check is deterministic on one machine (seeds explicit, single-threaded), so the copy read
back is the result the asker would have computed. Nothing outlives the session (the root is the session's own).

``quick_report`` is the HTML report of the quick profile built on those results (as `ibcheck report` computes it),
with one injected failure (``injected_failure``); tests/test_report.py and the papers' report tests read it.
"""
from __future__ import annotations

import hashlib
import pickle

import pytest


class SessionResults:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def __call__(self, claim: str, params: dict, compute):
        from filelock import FileLock
        key = hashlib.sha1(f"{claim}|{sorted(params.items())!r}".encode()).hexdigest()[:20]
        path = self.root / f"{key}.pickle"
        with FileLock(str(path) + ".lock"):
            if not path.exists():
                path.write_bytes(pickle.dumps(compute()))
            return pickle.loads(path.read_bytes())


@pytest.fixture(scope="session")
def session_results(tmp_path_factory, worker_id):
    """``session_results(claim, params, compute)``: ``compute()``'s result, computed once per session."""
    base = tmp_path_factory.getbasetemp()
    # an xdist worker's base is <session root>/popen-gwN: the workers share the session root; alone, the base is it
    return SessionResults((base.parent if worker_id != "master" else base) / "check-results")


def _quick_catalogue(session_results):
    """The quick profile's results as `ibcheck report` computes them (``run_catalogue``, serially here), each check
    taken from ``session_results``: the catalogue's own cases (checks/test_catalogue.py) compute the same checks in
    the same session, and each is computed once, by whichever asks first (it was 2 × 115 s)."""
    import ibcheck.reports.run as R
    from ibcheck.checks.runner import run_check

    def task(t):
        return [session_results(c, t["params"], lambda c=c: run_check(c, t["params"], keep_series=True))
                for c in t["claims"]]
    saved, R._run_serial = R._run_serial, task
    try:
        return R.run_catalogue("quick", progress=False, backend="serial")
    finally:
        R._run_serial = saved


@pytest.fixture(scope="session")
def injected_failure():
    """An injected failure, found by discovery (no claim named here): the first claim, in catalogue order, whose
    default is expected verified (no documented outcome) and whose check rejects a light ``rescaled`` wrong answer
    (c·W: what a scaling bug gives, from its paper's wrong_answers.py) as violated — shown as an undocumented
    setting, so unexpected. ``(result, the deciding row that failed, case ID)``."""
    from ibcheck.checks.cases import EXPECTED, case_id
    from ibcheck.checks.discrimination import rejecting_row, tables
    from ibcheck.checks.runner import run_check
    from ibcheck.reports import status as S
    from ibcheck.theory.catalogue import CATALOGUE
    table, heavy = tables()
    for cid, claim in CATALOGUE.items():
        cell = table.get(cid, {}).get("rescaled")
        if cid in heavy or claim.exploratory or not isinstance(cell, list) or case_id(cid, {}) in EXPECTED:
            continue
        for probe in (p for p in cell if not p.heavy and p.hooks):
            setting = dict(probe.overrides)
            if case_id(cid, setting) in EXPECTED:
                continue
            r = run_check(cid, setting, hooks=probe.hooks(), keep_series=True)
            if r["verdict"] == "violated":
                S.annotate(r, cid, setting, role="setting")
                return r, rejecting_row(r), case_id(cid, setting)
    raise LookupError("no claim rejects a light rescaled wrong answer as violated: nothing to inject")


@pytest.fixture(scope="session")
def quick_report(tmp_path_factory, session_results, injected_failure):
    """``(index.html path, results, supplements)`` of the quick profile plus the injected failure."""
    from ibcheck.reports.html import environment, write_report
    out = tmp_path_factory.mktemp("report")
    results, sup = _quick_catalogue(session_results)
    results.append(dict(injected_failure[0]))
    path = write_report(results, sup, out, environment("quick", "cpu", 1.0, results))
    return path, results, sup
