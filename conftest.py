"""Root pytest configuration: the test process is single-threaded like every ibcheck process (numerics.runtime.threads);
``--profile quick|full`` (read by checks/ and by tests/test_docs_run.py)."""
from ibcheck.numerics.runtime.threads import default_single_threaded_env

default_single_threaded_env()

pytest_plugins = [
    "tests.machine_record",  # the `machine` marker and its recorder (docs/numerics.md)
    "tests.session_results",  # a check result computed once per session across workers
    "tests.heldout_seed",  # the held-out families' seed, drawn at test time and printed (tests/judge/test_heldout.py)
]


def pytest_addoption(parser):
    parser.addoption("--profile", default="quick", choices=["quick", "full"],
                     help="quick: the CI settings; full: heavy sweeps (more seeds, d up to 1e9, anisotropic spectra) "
                          "and the slow documented commands (tests/test_docs_run.py)")
