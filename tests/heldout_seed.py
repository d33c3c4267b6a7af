"""The held-out families' seed (tests/judge/test_heldout.py): drawn once per pytest run at configure time — before
xdist starts its workers, which inherit it through the environment — unless ``IBCHECK_HELDOUT_SEED`` fixes it, and
printed in the report header so that a failing run can be replayed."""
import os
import random

ENV = "IBCHECK_HELDOUT_SEED"


def pytest_configure(config):
    if not os.environ.get(ENV):
        os.environ[ENV] = str(random.SystemRandom().randrange(10 ** 9))


def pytest_report_header(config):
    return f"ibcheck held-out seed: {os.environ[ENV]} (replay: {ENV}={os.environ[ENV]})"
