"""Every input bound (checks.binding), the conformance suite's input checks (ibcheck.testing.bindings), and the
settings the theorems exclude giving `outside-hypotheses` with the failing hypothesis named.

The four settings of the optimizer papers that used to be credited to the paper: the exponential loss at a large step
(Wu et al. state the logistic loss), a constant Adam schedule (Zhang et al.'s steps diminish), two support vectors
along the max-margin direction (rank Z_S = 1 < rank Z: it used to crash with exit 5), and the entropy potential
(strongly convex only on bounded boxes: the row says what the check covers).
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ibcheck.checks.binding import DATA_PROPERTIES, HORIZON, bindings, explain, problems, unbound
from ibcheck.checks.params import Param
from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import run_cli


def _rows(r, which="hypotheses"):
    return {row["name"]: row["holds"] for row in r[which]}


# ---- the declarations ---------------------------------------------------------------------------------------------
def test_every_builtin_input_is_bound():
    assert {cid: problems(s) for cid, s in REGISTRY.items() if problems(s)} == {}


def test_a_binding_names_the_row_that_reads_it_or_the_reason():
    b = bindings(REGISTRY["wu2023.loss"])
    assert b["loss"].kind == "reads" and "the logistic loss" in b["loss"].why
    assert b["eta"].kind == "reads" and "any constant step η > 0" in b["eta"].why  # a symbol of the same name
    assert b["steps"].kind == "inert" and b["steps"].why == HORIZON
    assert b["data.rank"].kind == "reads" and "rank Z_S = rank Z" in b["data.rank"].why
    assert b["data.labels"].kind == "reads" and "separable" in b["data.labels"].why
    assert set(b) == set(REGISTRY["wu2023.loss"].params) | set(DATA_PROPERTIES)
    sched = bindings(REGISTRY["zhang2024.adam_linf_margin"])["schedule"]
    assert sched.kind == "reads" and "a > 0 (η_t → 0)" in sched.why
    # a claim that takes no --data has no data properties to bind
    assert not any(k.startswith("data.") for k in bindings(REGISTRY["vardishamir2021.zero_loss_set"]))
    # a statement's constant is bound as such, with no declaration
    assert bindings(REGISTRY["zhang2024.adam_linf_margin"]).keys() >= {"steps", "eta0"}
    assert bindings(REGISTRY["frei2023.thm3.1"])["kkt_tol"].kind == "constant"


def _planted(cid: str, **extra) -> object:
    spec = _ORIGINAL.setdefault(cid, REGISTRY[cid])
    return dataclasses.replace(spec, params={**spec.params, "planted": Param("planted", float, 1.0, "planted")},
                               **extra)


_ORIGINAL: dict = {}


def test_a_planted_unbound_parameter_fails_the_suite(monkeypatch):
    from ibcheck.testing.conformance import checks_for
    spec = _planted("sun2022.direction")
    assert unbound(spec) == ["planted"] and problems(spec) == [
        "planted: read by no hypothesis and not declared inert (CheckSpec.inert)"]
    monkeypatch.setitem(REGISTRY, "sun2022.direction", spec)
    check = dict(checks_for("sun2022", run_cases=False, degenerate=()))["sun2022-inputs-bound"]
    with pytest.raises(AssertionError, match="sun2022.direction: planted: read by no hypothesis"):
        check("quick")
    # declared inert with a reason, it passes; an empty or two-line reason does not
    monkeypatch.setitem(REGISTRY, "sun2022.direction", _planted("sun2022.direction",
                                                               inert={**spec.inert, "planted": "a reason"}))
    check("quick")
    monkeypatch.setitem(REGISTRY, "sun2022.direction", _planted("sun2022.direction",
                                                               inert={**spec.inert, "planted": "one\ntwo"}))
    with pytest.raises(AssertionError, match="planted"):
        check("quick")
    # read by a hypothesis row (Condition.reads), it passes
    claim = spec.claim
    hyp = (dataclasses.replace(claim.hypotheses[0], reads=claim.hypotheses[0].reads + ("planted",)),) + \
        claim.hypotheses[1:]
    monkeypatch.setitem(REGISTRY, "sun2022.direction",
                        _planted("sun2022.direction", claim=dataclasses.replace(claim, hypotheses=hyp)))
    check("quick")
    assert bindings(REGISTRY["sun2022.direction"])["planted"].why == repr(claim.hypotheses[0].name)


def test_reads_must_be_a_tuple_of_names():
    from ibcheck.theory.statement import ge
    with pytest.raises(TypeError, match="reads is a tuple"):
        ge("x ≥ 0", __import__("sympy").Symbol("x"), 0, reads="loss")
    assert ge("x ≥ 0", __import__("sympy").Symbol("x"), 0, reads=("loss",)).reads == ("loss",)


def test_explain_prints_each_input_once():
    r = run_cli("check", "zhang2024.adam_linf_margin", "--explain")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "  schedule: read by 'a > 0 (η_t → 0)', 'a ≤ 1 (Σ η_t = ∞)'" in lines
    assert any(ln.startswith("  eta0: inert — η₀ only scales the schedule") for ln in lines)
    assert sum(ln.startswith("  ") and ":" in ln for ln in lines) >= len(REGISTRY["zhang2024.adam_linf_margin"].params)
    assert explain(REGISTRY["zhang2024.adam_linf_margin"]) == [ln[2:] for ln in lines if ln.startswith("  ") and (
        "read by" in ln or "inert —" in ln or "constant of the conclusion" in ln)]
    bad = run_cli("check", "zhang2024.no_such_claim", "--explain")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_list_verbose_shows_the_bindings():
    from ibcheck.cli_commands import _list_rows
    rows, details, _ = _list_rows(True)
    i = next(k for k, row in enumerate(rows) if row[0] == "wu2023.loss")
    assert "      loss: read by 'the logistic loss (the abstract states the result for it; the exponential loss at a " \
           "large step is its counterexample)'" in details[i]
    assert any(d.startswith("    data.rank: read by") for d in details[i])


# ---- the sweep ----------------------------------------------------------------------------------------------------
def test_sweep_settings_are_the_other_choices_and_the_closed_ends():
    from ibcheck.testing.bindings import sweep_settings
    s = sweep_settings(REGISTRY["zhang2024.adam_linf_margin"])
    assert {"schedule": "constant"} in s and {"loss": "exp"} in s
    assert {"beta1": 0.0} in s and {"beta2": 0.0} in s and {"a": 0.0} in s  # "in [0, 1)": only 0; ">= 0": 0
    assert not any("eta0" in x for x in s)  # "> 0": no closed end
    assert {"steps": 1000} in s and {"n": 2} in s and {"d": 1} in s
    assert all(len(x) == 1 for x in s)
    w = sweep_settings(REGISTRY["gunasekar2018.steepest"])
    assert {"norm": "l1"} in w and {"norm": "l2"} in w and {"log10_eta_plus_B2": -300.0} in w
    assert {"norm": "linf"} not in w  # the default is not a setting to try
    assert {"balanced": False} in sweep_settings(REGISTRY["boursier2022.convergence"])


def test_sweep_outcome_rule(monkeypatch):
    """Outside the hypotheses, an input refusal, the default's verdict or a documented outcome pass; another verdict
    fails, naming the case."""
    import ibcheck.checks.runner as runner
    from ibcheck.numerics.errors import InputError
    from ibcheck.testing.bindings import sweep_outcome
    answers = {"outside-hypotheses": None, "verified": None, "violated": "violated"}
    for verdict, bad in answers.items():
        monkeypatch.setattr(runner, "run_check", lambda cid, s, v=verdict: {"verdict": v, "reason": "r"})
        msg = sweep_outcome("sun2022.direction", {"loss": "logistic"}, "verified")
        assert (msg is None) == (bad is None), (verdict, msg)
    assert "sun2022.direction[loss=logistic,seed=0]: violated" in msg

    def refuse(cid, s):
        raise InputError("no")
    monkeypatch.setattr(runner, "run_check", refuse)
    assert sweep_outcome("sun2022.direction", {"loss": "logistic"}, "verified") is None
    # a documented outcome passes with its own verdict only
    monkeypatch.setattr(runner, "run_check", lambda cid, s: {"verdict": "outside-hypotheses", "reason": "r"})
    assert sweep_outcome("gunasekar2018.md_bregman", {"potential": "l2", "eta_scale": 1.9}, "verified") is None


def test_sweep_runs_only_when_asked(monkeypatch):
    from ibcheck.testing.bindings import SWEEP_ENV, check_sweep
    monkeypatch.delenv(SWEEP_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="--profile full"):
        check_sweep({"wu2023.loss": None}, "quick")


# ---- the four settings of the optimizer papers -------------------------------------------------------------------
@pytest.mark.parametrize("cid", ["wu2023.loss", "wu2023.orthogonal"])
def test_exponential_loss_at_a_large_step_is_outside_wu(cid):
    r = run_cli("check", cid, "--set", "loss=exp", "--set", "eta=30")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: the logistic loss (the abstract states the result for it" in r.stdout


def test_a_constant_adam_schedule_is_outside_zhang():
    r = run_cli("check", "zhang2024.adam_linf_margin", "--set", "schedule=constant", "--set", "eta0=0.01")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: a > 0 (η_t → 0) (0 >= 1e-12" in r.stdout
    from ibcheck.checks.runner import run_check
    res = run_check("zhang2024.adam_linf_margin", {"schedule": "constant", "eta0": 0.01, "a": 0.7})
    assert res["verdict"] == "outside-hypotheses" and _rows(res)["a > 0 (η_t → 0)"] is False  # whatever a says
    assert _rows(res)["a ≤ 1 (Σ η_t = ∞)"] is True


@pytest.mark.parametrize("cid", ["wu2023.loss", "wu2023.margin_growth", "wu2023.orthogonal"])
def test_support_vectors_along_the_max_margin_direction_fail_the_rank_row(cid, tmp_path):
    from ibcheck.testing.degenerate import datasets
    path = datasets(tmp_path, ("zero-projection",))["zero-projection"]
    r = run_cli("check", cid, "--data", path, "--set", "steps=10000")
    assert r.returncode == 3, r.stdout[-500:] + r.stderr
    assert "hypothesis fails: the support vectors span the data: rank Z_S = rank Z (1 == 5 ± 0 is false)" in r.stdout


def test_the_zero_projection_data_set():
    from ibcheck.testing.degenerate import arrays
    from ibcheck.theory.svm import hard_margin_svm
    X, y = arrays()["zero-projection"]
    Z = y[:, None] * X
    svm = hard_margin_svm(Z)
    assert svm.certified and np.flatnonzero(svm.support).tolist() == [0, 1]
    e1 = np.eye(X.shape[1])[0]
    assert np.allclose(svm.w, e1, atol=1e-8)
    P = np.eye(X.shape[1]) - np.outer(e1, e1)
    assert np.abs(Z[svm.support] @ P).max() == 0.0  # both support vectors project to zero off û
    assert np.linalg.matrix_rank(Z[svm.support]) == 1 and np.linalg.matrix_rank(Z) == 5


def test_the_orthogonal_potential_on_a_trivial_span():
    """V = {0} (every support vector along û): v̄ = 0, G(0) = |S|, certified, no crash."""
    from ibcheck.papers.wu2023.theory.potential import orthogonal_limit
    from ibcheck.testing.degenerate import arrays
    from ibcheck.theory.svm import hard_margin_svm
    X, y = arrays()["zero-projection"]
    Z = y[:, None] * X
    ol = orthogonal_limit(Z, hard_margin_svm(Z))
    assert ol.dim_V == 0 and np.all(ol.v_bar == 0) and ol.G == 2.0 and ol.grad_norm == 0.0 and ol.certified


def test_strong_convexity_on_the_box():
    from ibcheck.papers.gunasekar2018.theory.bregman import strong_convexity
    w0, wb = np.array([0.5, 2.0, 1.0]), np.array([1.5, 0.25, 4.0])
    assert strong_convexity(w0, wb, "entropy") == 1 / 4.0  # ψ'' = 1/w, smallest at the largest w
    assert strong_convexity(w0, wb, "l2") == 1.0
    assert strong_convexity(w0, wb, "pnorm", 1.5) == pytest.approx(0.5 * 4.0 ** -0.5)  # (p−1)|w|^{p−2} at max |w|
    assert strong_convexity(w0, wb, "pnorm", 3.0) == pytest.approx(2 * 0.25)  # at min |w| over the box
    assert strong_convexity(w0, -wb, "pnorm", 3.0) == 0.0  # a sign change: the box contains w_i = 0


def test_md_bregman_says_what_it_covers():
    from ibcheck.checks.runner import run_check
    row = "ψ strongly convex on the box spanned by w₀ and w_B (μ_ψ > 0), not on all of dom ψ"
    cond = next(h for h in REGISTRY["gunasekar2018.md_bregman"].claim.hypotheses if h.name == row)
    assert "entropy" in cond.note and "simplex" in cond.note and "needs only strict convexity" in cond.note
    r = run_check("gunasekar2018.md_bregman", {})
    assert r["verdict"] == "verified" and _rows(r)[row] is True
    q = r["quantities"]
    w0, wb = np.array(q["w0"]), np.array(q["w_B"])
    mu = next(h["lhs"] for h in r["hypotheses"] if h["name"] == row)
    assert mu == pytest.approx(1 / np.maximum(w0, wb).max(), rel=1e-12)


# ---- rejects: at least one per paper, and a check that ignores its hooks fails -----------------------------------
def test_every_paper_runs_a_wrong_answer_in_the_quick_profile():
    from ibcheck.checks.discrimination import HEAVY
    from ibcheck.testing.conformance import quick_rejects
    from ibcheck.theory.papers import discover
    picked = {p.name: quick_rejects(p) for p in discover() if p.builtin}
    assert all(picked.values()), picked
    # a paper whose every probe is heavy still runs its first claim's
    assert picked["lyuli2020"] == ["lyuli2020.smoothed_margin_monotone"] and set(picked["lyuli2020"]) <= HEAVY


def test_the_suite_fails_a_paper_whose_hooks_are_ignored(monkeypatch):
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
