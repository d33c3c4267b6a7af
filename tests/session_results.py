"""The ``session_results`` fixture: a check result computed once per pytest session, across xdist workers.

The catalogue's cases (checks/test_catalogue.py) and the HTML report's fixture (tests/test_report.py) run the same
quick-profile checks. Each asks ``session_results(claim, params, compute)``: the first process to ask computes the
result under a per-case file lock in the session's shared temporary root and pickles it; every later ask, in any
worker, reads that pickle (xdist's recipe for work done once per session). A result is a plain dict of numbers
and strings, and every check is deterministic on one machine (seeds explicit, single-threaded), so the copy read
back is the result the asker would have computed. Nothing outlives the session (the root is the session's own).
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
