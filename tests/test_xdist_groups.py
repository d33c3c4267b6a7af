"""Tests that share an expensive session fixture carry an ``xdist_group`` so that ``--dist loadgroup`` runs them on
one worker (the quick report, the judge's battery, the held-out draws, the docs' scratch folder). pytest-xdist marks
a grouped item by suffixing its node id with ``@group``; when a pytest release stops honouring that suffix
(pytest 9.2, pytest-xdist#1386) the groups are silently scattered and each worker recomputes the fixture. This test
fails then, instead of the suite silently taking minutes longer."""
from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.xdist_group("xdist-canary")


@pytest.mark.parametrize("i", range(3))
def test_a_grouped_test_runs_under_its_group(request, i):
    if os.environ.get("PYTEST_XDIST_WORKER") is None or not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not under xdist --dist loadgroup")
    assert request.node.nodeid.endswith("@xdist-canary"), (
        f"{request.node.nodeid}: pytest-xdist's group suffix did not take effect, so xdist_group no longer keeps a "
        "group on one worker (a pytest/pytest-xdist pairing that breaks it: pin pytest in pyproject.toml)")
