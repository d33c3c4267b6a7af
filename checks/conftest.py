"""pytest options of the catalogue suite: ``--profile quick|full``."""
from __future__ import annotations


def pytest_addoption(parser):
    parser.addoption("--profile", default="quick", choices=["quick", "full"],
                     help="quick: the CI settings; full: heavy sweeps (more seeds, d up to 1e6, anisotropic spectra)")


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        from checks.cases import cases
        cs = cases(metafunc.config.getoption("profile"))
        metafunc.parametrize("case", cs, ids=[c[2] for c in cs])
