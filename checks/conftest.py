"""pytest options of the catalogue suite: ``--profile quick|full`` and ``--ibcheck-report DIR``."""
from __future__ import annotations


def pytest_addoption(parser):
    parser.addoption("--profile", default="quick", choices=["quick", "full"],
                     help="quick: the CI settings; full: heavy sweeps (more seeds, d up to 1e6, anisotropic spectra)")
    parser.addoption("--ibcheck-report", default=None, metavar="DIR",
                     help="also write the HTML verification report of this run to DIR (index.html, results.json)")


def pytest_configure(config):
    config._ibcheck_results = []


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        from ibcheck.checks.cases import cases
        cs = cases(metafunc.config.getoption("profile"))
        metafunc.parametrize("case", cs, ids=[c[2] for c in cs])


def pytest_sessionfinish(session, exitstatus):
    out = session.config.getoption("--ibcheck-report", default=None)
    results = getattr(session.config, "_ibcheck_results", [])
    if out and results:
        import time

        from ibcheck.reports.html import environment, write_report
        meta = environment(f"pytest ({session.config.getoption('profile')})", "cpu", time.process_time(), results)
        path = write_report(results, {}, out, meta)
        session.config.pluginmanager.get_plugin("terminalreporter").write_line(f"ibcheck report: {path}")
