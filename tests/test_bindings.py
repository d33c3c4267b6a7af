"""Every input bound (checks.binding) and the conformance suite's input checks (ibcheck.testing.bindings,
ibcheck.testing.degenerate, the rejects-run rule), on claims picked by discovery; each paper's own tests pin the
settings its theorem excludes (e.g. papers/<paper>/tests/test_*_inputs.py)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ibcheck.checks.binding import DATA_PROPERTIES, bindings, explain, problems, unbound
from ibcheck.checks.params import Param, pos
from ibcheck.checks.registry import REGISTRY
from ibcheck.testing.cli import run_cli
from ibcheck.theory.catalogue import PAPER_OF

# a claim taking --data whose first hypothesis has a name (every one has): the planted parameter goes there
CID = next(c for c, s in REGISTRY.items() if s.accepts_data and s.claim.hypotheses)
_ORIGINAL = REGISTRY[CID]


def test_every_builtin_input_is_bound():
    assert {cid: problems(s) for cid, s in REGISTRY.items() if problems(s)} == {}


def test_every_input_has_exactly_one_binding():
    for cid, spec in REGISTRY.items():
        b = bindings(spec)
        assert list(b) == list(spec.params) + (list(DATA_PROPERTIES) if spec.accepts_data else []), cid
        for name, x in b.items():
            hyp_names = {h.name for h in spec.claim.hypotheses if name in set(h.reads) | h.symbols}
            if hyp_names:  # read wins over a shared inert table
                assert x.kind == "reads" and x.why == ", ".join(repr(n) for n in
                                                               [h.name for h in spec.claim.hypotheses
                                                                if h.name in hyp_names]), (cid, name)
            elif name in spec.claim.constants:
                assert x.kind == "constant", (cid, name)
            else:
                assert x.kind == "inert" and x.why == spec.inert[name].strip(), (cid, name)


def _planted(**extra):
    return dataclasses.replace(_ORIGINAL, params={**_ORIGINAL.params, "planted": Param("planted", float, 1.0, "x")},
                               **extra)


def test_a_planted_unbound_parameter_fails_the_suite(monkeypatch):
    from ibcheck.testing.conformance import checks_for
    paper = PAPER_OF[CID]
    spec = _planted()
    assert unbound(spec) == ["planted"]
    assert problems(spec) == ["planted: read by no hypothesis and not declared inert (CheckSpec.inert)"]
    monkeypatch.setitem(REGISTRY, CID, spec)
    check = dict(checks_for(paper, run_cases=False, degenerate=()))[f"{paper}-inputs-bound"]
    with pytest.raises(AssertionError, match=f"{CID}: planted: read by no hypothesis"):
        check("quick")
    # declared inert with a one-line reason, it passes; a two-line reason does not
    monkeypatch.setitem(REGISTRY, CID, _planted(inert={**_ORIGINAL.inert, "planted": "a reason"}))
    check("quick")
    monkeypatch.setitem(REGISTRY, CID, _planted(inert={**_ORIGINAL.inert, "planted": "one\ntwo"}))
    with pytest.raises(AssertionError, match="inert 'planted': the reason must be one line"):
        check("quick")
    # read by a hypothesis row (Condition.reads), it passes, and the row is named
    claim = _ORIGINAL.claim
    h0 = dataclasses.replace(claim.hypotheses[0], reads=claim.hypotheses[0].reads + ("planted",))
    monkeypatch.setitem(REGISTRY, CID, _planted(claim=dataclasses.replace(claim, hypotheses=(h0,) +
                                                                           claim.hypotheses[1:])))
    check("quick")
    assert bindings(REGISTRY[CID])["planted"].line() == f"planted: read by {h0.name!r}"


def test_an_unknown_data_property_is_a_problem(monkeypatch):
    claim = _ORIGINAL.claim
    h0 = dataclasses.replace(claim.hypotheses[0], reads=("data.colour",))
    spec = dataclasses.replace(_ORIGINAL, claim=dataclasses.replace(claim, hypotheses=(h0,) + claim.hypotheses[1:]))
    assert any("reads unknown data properties ['data.colour']" in p for p in problems(spec))


def test_reads_must_be_a_tuple_of_names():
    import sympy as sp

    from ibcheck.theory.statement import ge
    with pytest.raises(TypeError, match="reads is a tuple"):
        ge("x ≥ 0", sp.Symbol("x"), 0, reads="loss")
    assert ge("x ≥ 0", sp.Symbol("x"), 0, reads=("loss",)).reads == ("loss",)


def test_explain_prints_each_input_once():
    r = run_cli("check", CID, "--explain")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    want = ["  " + ln for ln in explain(REGISTRY[CID])]
    assert [ln for ln in lines if ln in want] == want
    assert [f"  {h.name} [{h.provenance}]" for h in REGISTRY[CID].claim.hypotheses] == \
        lines[2:2 + len(REGISTRY[CID].claim.hypotheses)]
    bad = run_cli("check", CID + "_no_such_claim", "--explain")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_list_verbose_shows_the_bindings():
    from ibcheck.cli_commands import _list_rows
    rows, details, _ = _list_rows(True)
    i = next(k for k, row in enumerate(rows) if row[0] == CID)
    b = bindings(REGISTRY[CID])
    for k, p in REGISTRY[CID].params.items():
        j = details[i].index("    " + p.describe())
        assert details[i][j + 1] == "      " + b[k].line()
    assert ["    " + b[k].line() for k in DATA_PROPERTIES] == details[i][-len(DATA_PROPERTIES) - len(
        REGISTRY[CID].aliases):len(details[i]) - len(REGISTRY[CID].aliases)]


# ---- the sweep ----------------------------------------------------------------------------------------------------
def test_sweep_settings_are_the_other_choices_and_the_closed_ends():
    from ibcheck.testing.bindings import sweep_settings
    params = {"loss": Param("loss", str, "logistic", "", lambda v: v in ("logistic", "exp", "hinge"),
                            "logistic, exp or hinge"),
              "beta": Param("beta", float, 0.5, "", lambda v: 0 <= v < 1, "in [0, 1)"),
              "box": Param("box", float, 2.0, "", lambda v: -3 <= v <= 3, "in [-3, 3]"),
              "n": Param("n", int, 8, "", lambda v: v >= 2, "must be >= 2"),
              "eta": pos("eta", float, 1.0),
              "flag": Param("flag", bool, True),
              "grid": Param("grid", str, "1,2,3", "free text")}
    spec = dataclasses.replace(_ORIGINAL, params=params)
    assert sweep_settings(spec) == [{"loss": "exp"}, {"loss": "hinge"}, {"beta": 0.0}, {"box": -3.0},
                                    {"box": 3.0}, {"n": 2}, {"flag": False}]
    # at a default on an end, that end is not tried
    params["n"] = Param("n", int, 2, "", lambda v: v >= 2, "must be >= 2")
    assert {"n": 2} not in sweep_settings(dataclasses.replace(_ORIGINAL, params=params))


def test_sweep_outcome_rule(monkeypatch):
    """Outside the hypotheses, an input refusal, the default's verdict or a documented outcome pass; another verdict
    fails, naming the case."""
    import ibcheck.checks.runner as runner
    from ibcheck.checks.cases import EXPECTED, case_id
    from ibcheck.checks.expected import Expected
    from ibcheck.numerics.runtime.errors import InputError
    from ibcheck.testing.bindings import sweep_outcome
    k, v = next((k, p) for k, p in REGISTRY[CID].params.items() if p.type in (int, float))
    setting = {k: v.default}
    for verdict, default, passes in (("outside-hypotheses", "verified", True), ("inconclusive", "verified", True),
                                     ("verified", "verified", True), ("violated", "verified", False),
                                     ("verified", "violated", False), ("observed", "verified", False)):
        monkeypatch.setattr(runner, "run_check", lambda cid, s, v=verdict: {"verdict": v, "reason": "r"})
        msg = sweep_outcome(CID, setting, default)
        assert (msg is None) == passes, (verdict, default, msg)
    assert msg.startswith(f"{case_id(CID, setting)}: observed (r), the default gives verified")
    monkeypatch.setitem(EXPECTED, case_id(CID, setting), Expected("observed", "documented 1", fails=()))
    assert sweep_outcome(CID, setting, "verified") is None  # documented with this verdict
    monkeypatch.setattr(runner, "run_check", lambda cid, s: {"verdict": "violated", "reason": "r"})
    assert sweep_outcome(CID, setting, "verified") is not None  # documented, but another verdict
    # an exploratory claim: either answer passes, a violated never arises (its violated is observed)
    explo = next(c for c, sp_ in REGISTRY.items() if sp_.claim.exploratory)
    kx, vx = next((k, p) for k, p in REGISTRY[explo].params.items() if p.type in (int, float))
    monkeypatch.setattr(runner, "run_check", lambda cid, s: {"verdict": "observed", "reason": "r"})
    assert sweep_outcome(explo, {kx: vx.default}, "verified") is None

    # a finding the paper lists (checks/expected.py SWEEP_FINDINGS) passes, whatever its verdict
    import ibcheck.testing.bindings as B
    monkeypatch.setattr(B, "sweep_findings", lambda: {case_id(CID, setting): "measured: 1"})
    assert sweep_outcome(CID, setting, "verified") is None
    monkeypatch.setattr(B, "sweep_findings", lambda: {})

    def refuse(cid, s):
        raise InputError("no")
    monkeypatch.setattr(runner, "run_check", refuse)
    assert sweep_outcome(CID, setting, "verified") is None


def test_sweep_runs_only_when_asked(monkeypatch):
    from ibcheck.testing.bindings import SWEEP_ENV, check_sweep
    monkeypatch.delenv(SWEEP_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="--profile full"):
        check_sweep({CID: None}, "quick")


# ---- degenerate data ----------------------------------------------------------------------------------------------
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
    dup, _ = arrays()["duplicated"]
    assert np.array_equal(dup[1], dup[3]) and np.linalg.matrix_rank(arrays()["rank-deficient"][0]) == 2


def test_degenerate_checks_fail_on_an_internal_error(monkeypatch):
    """An internal error (exit 5) or a counterexample (exit 1) on degenerate data fails ``degenerate[ID]``; a refusal
    (exit 2, one line) or outside-hypotheses (3) passes."""
    import subprocess

    import ibcheck.testing.cli as cli
    from ibcheck.testing.bindings import check_degenerate
    for rc, err, passes in ((5, "ibcheck: internal error: ValueError: zero-size array", False), (1, "", False),
                            (2, "ibcheck: error: rows 0 and 1 are dependent", True), (3, "", True),
                            (2, "two\nlines", False)):
        monkeypatch.setattr(cli, "run_cli", lambda *a, rc=rc, err=err: subprocess.CompletedProcess(a, rc, "", err))
        if passes:
            check_degenerate(CID, ("zero-projection",))("quick")
        else:
            with pytest.raises(AssertionError, match=f"on zero-projection data: exit {rc}"):
                check_degenerate(CID, ("zero-projection",))("quick")


# ---- rejects: at least one per paper ------------------------------------------------------------------------------
def test_every_paper_runs_a_wrong_answer_in_the_quick_profile():
    from ibcheck.checks.discrimination import HEAVY
    from ibcheck.testing.conformance import _claims, cheapest, quick_rejects
    from ibcheck.theory.papers import discover
    for p in discover():
        picked = quick_rejects(p)
        assert picked, p.name
        with_probe = [c for c in _claims(p) if cheapest(c)[1] is not None]
        light = [c for c in with_probe if c not in HEAVY and not cheapest(c)[1].heavy]
        assert picked == (light or with_probe[:1]), p.name  # all heavy: the first claim's probe still runs


def test_the_papers_sweep_findings_name_sweep_settings():
    """Each listed finding (a paper's SWEEP_FINDINGS) is a case the sweep runs, with what was measured: a mistyped key
    would excuse nothing, silently."""
    from ibcheck.checks.cases import case_id
    from ibcheck.testing.bindings import sweep_findings, sweep_settings
    for key, why in sweep_findings().items():
        cid = key.split("[", 1)[0]
        assert cid in REGISTRY and key in {case_id(cid, s) for s in sweep_settings(REGISTRY[cid])}, key
        assert why and any(ch.isdigit() for ch in why) and "\n" not in why, key
