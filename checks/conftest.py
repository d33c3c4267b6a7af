"""pytest options of the catalogue suite: ``--profile quick|full`` and ``--ibcheck-report DIR``.

Safe under pytest-xdist (``-n auto``, the default in pyproject.toml): cases that share one measurement (one flow
feeding several claims of a setting: ``CheckSpec.shared``) carry the same ``xdist_group`` so ``--dist loadgroup`` runs them on one
worker, which computes the flow once; with ``--ibcheck-report`` every worker leaves its results in a shared
folder and the controller writes one report from all of them.
"""
from __future__ import annotations

import pickle
import tempfile
from pathlib import Path


def pytest_addoption(parser):  # --profile lives in the root conftest.py (tests/ reads it too)
    parser.addoption("--ibcheck-report", default=None, metavar="DIR",
                     help="also write the HTML verification report of this run to DIR (index.html, results.json); "
                          "the environment variable IBCHECK_REPORT does the same for a plain `pytest` (.ci/run)")


def _report_dir(config) -> str | None:
    import os
    return config.getoption("--ibcheck-report", default=None) or os.environ.get("IBCHECK_REPORT") or None


def _worker_input(config) -> dict | None:
    return getattr(config, "workerinput", None)


def pytest_configure(config):
    config._ibcheck_results = []
    if _report_dir(config) and _worker_input(config) is None:
        config._ibcheck_shared = tempfile.mkdtemp(prefix="ibcheck-results-")


def pytest_configure_node(node):  # xdist controller: tell each worker where to leave its results
    shared = getattr(node.config, "_ibcheck_shared", None)
    if shared:
        node.workerinput["ibcheck_shared"] = shared


def group_of(claim_id: str, setting: dict, cid: str) -> str:
    """Cases sharing one measurement (``CheckSpec.shared``) and setting run on one worker."""
    from ibcheck.checks.cases import setting_key
    from ibcheck.checks.registry import REGISTRY
    share = REGISTRY[claim_id].shared
    return f"{share}[{setting_key(setting)}]" if share else cid


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        import pytest

        from ibcheck.checks.cases import cases
        cs = cases(metafunc.config.getoption("profile"))
        metafunc.parametrize("case", [pytest.param(c, marks=pytest.mark.xdist_group(group_of(*c))) for c in cs],
                             ids=[c[2] for c in cs])


def pytest_sessionfinish(session, exitstatus):
    config = session.config
    out = _report_dir(config)
    if not out:
        return
    results = getattr(config, "_ibcheck_results", [])
    wi = _worker_input(config)
    if wi is not None:  # an xdist worker: leave the results for the controller
        if wi.get("ibcheck_shared") and results:
            path = Path(wi["ibcheck_shared"]) / f"{wi.get('workerid', 'w')}.pkl"
            path.write_bytes(pickle.dumps(results))
        return
    shared = getattr(config, "_ibcheck_shared", None)
    if shared:
        for f in sorted(Path(shared).glob("*.pkl")):
            results = results + pickle.loads(f.read_bytes())
    if results:
        import time

        from ibcheck.reports.html import environment, write_report
        meta = environment(f"pytest ({config.getoption('profile')})", "cpu", time.process_time(), results)
        path = write_report(results, {}, out, meta)
        config.pluginmanager.get_plugin("terminalreporter").write_line(f"ibcheck report: {path}")
