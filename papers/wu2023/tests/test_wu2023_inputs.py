"""wu2023's inputs are bound: the exponential loss at a large step is outside the theorem (Wu et al. state the
logistic loss), support vectors along the max-margin direction fail the rank row (they crashed, exit 5), and the
conformance suite fails this paper when its check ignores the wrong answers' hooks."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ibcheck.checks.binding import HORIZON, bindings
from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import run_cli


def test_the_rows_that_read_each_input():
    b = bindings(REGISTRY["wu2023.loss"])
    assert b["loss"].kind == "reads" and "the logistic loss" in b["loss"].why
    assert b["eta"].kind == "reads" and "any constant step η > 0" in b["eta"].why  # a symbol of the same name
    assert b["steps"].kind == "inert" and b["steps"].why == HORIZON
    assert b["data.rank"].kind == "reads" and "rank Z_S = rank Z" in b["data.rank"].why
    assert b["data.labels"].kind == "reads" and "separable" in b["data.labels"].why
    e = bindings(REGISTRY["wu2023.exp_large_step"])
    assert "the exponential loss" in e["loss"].why and e["data.rank"].kind == "inert"


@pytest.mark.parametrize("cid", ["wu2023.loss", "wu2023.orthogonal"])
def test_exponential_loss_at_a_large_step_is_outside(cid):
    r = run_cli("check", cid, "--set", "loss=exp", "--set", "eta=30")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: the logistic loss (the abstract states the result for it" in r.stdout


@pytest.mark.parametrize("cid", ["wu2023.loss", "wu2023.margin_growth", "wu2023.orthogonal"])
def test_support_vectors_along_the_max_margin_direction_fail_the_rank_row(cid, tmp_path):
    from ibcheck.testing.degenerate import datasets
    path = datasets(tmp_path, ("zero-projection",))["zero-projection"]
    r = run_cli("check", cid, "--data", path, "--set", "steps=10000")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: the support vectors span the data: rank Z_S = rank Z (1 == 5 ± 0 is false)" in r.stdout


def test_the_orthogonal_potential_on_a_trivial_span():
    """V = {0} (every support vector along û): v̄ = 0, G(0) = |S|, certified, no crash."""
    from ibcheck.papers.wu2023.theory.potential import orthogonal_limit
    from ibcheck.testing.degenerate import arrays
    from ibcheck.theory.svm import hard_margin_svm
    X, y = arrays()["zero-projection"]
    Z = y[:, None] * X
    ol = orthogonal_limit(Z, hard_margin_svm(Z))
    assert ol.dim_V == 0 and np.all(ol.v_bar == 0) and ol.G == 2.0 and ol.grad_norm == 0.0 and ol.certified


def test_the_suite_fails_this_paper_when_its_hooks_are_ignored(monkeypatch):
    from ibcheck.checks.base import Hooks
    from ibcheck.testing.conformance import checks_for
    cid = "wu2023.exp_large_step"
    spec = REGISTRY[cid]
    check = dict(checks_for("wu2023", run_cases=False, degenerate=()))[f"rejects[{cid}]"]
    check("quick")  # the probe (a frozen trainer) is rejected

    def deaf(ctx, measure=spec.measure):
        return measure(dataclasses.replace(ctx, hooks=Hooks()))
    monkeypatch.setitem(REGISTRY, cid, dataclasses.replace(spec, measure=deaf))
    with pytest.raises(AssertionError, match="exp_large_step"):
        check("quick")
