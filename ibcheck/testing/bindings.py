"""The conformance checks on a paper's inputs: every input bound, every setting at the ends judged honestly, and
degenerate data never an internal error.

* ``check_bindings`` (quick, static): every ``--set`` parameter and ``--data`` property of every claim is read by a
  hypothesis row or declared inert with a one-line reason (``ibcheck.checks.binding``);
* ``check_sweep`` (``--profile full`` or ``IBCHECK_BINDING_SWEEP=1``: it runs the check once per setting): each
  parameter set to each of its other choices and to the closed ends of its range (``sweep_settings``) gives a
  failing hypothesis (``outside-hypotheses``), ``inconclusive`` (nothing credited: the run names what it needs), its
  documented outcome (``checks/expected.py``), an input refusal (exit 2 before any work), or the default's verdict
  (for an exploratory claim, either answer) — never a different verdict credited to the paper;
* ``check_degenerate``: a claim taking ``--data`` run on a rank-deficient, a duplicated-row and a zero-projection
  data set (``ibcheck.testing.degenerate``) exits 2 or 3, or as its paper documents (exit 0/4 where the data are
  valid for it) — never 5, never a traceback, never 1 unless the paper lists that data set as a known false
  counterexample.
"""
from __future__ import annotations

import os
import re

SWEEP_ENV = "IBCHECK_BINDING_SWEEP"  # "1": run the sweep in the quick profile too


def check_bindings(claims: dict, profile="quick"):
    """Every input of every claim in ``claims`` (IDs) is bound (``checks.binding.problems`` is empty)."""
    from ibcheck.checks.binding import problems
    from ibcheck.checks.registry import REGISTRY
    bad = {cid: problems(REGISTRY[cid]) for cid in claims}
    bad = {cid: p for cid, p in bad.items() if p}
    assert not bad, "inputs read by no hypothesis and not declared inert (CheckSpec.inert, Condition.reads): " + \
        "; ".join(f"{cid}: {', '.join(p)}" for cid, p in bad.items())


_NUM = r"-?[0-9.]+(?:e-?[0-9]+)?"


def _ends(param) -> list:
    """The closed ends of a numeric parameter's range, read from its ``valid_text`` (``must be >= 2``, ``in [0, 1)``,
    ``in [-300, 300]``, ``must be <= 5``); open ends (``> 0``) have no value to try."""
    text = param.valid_text or ""
    out = []
    m = re.search(rf"([\[(])\s*({_NUM})\s*,\s*({_NUM})\s*([\])])", text)
    if m:
        if m.group(1) == "[":
            out.append(m.group(2))
        if m.group(4) == "]":
            out.append(m.group(3))
    for op, v in re.findall(rf"(>=|<=)\s*({_NUM})", text):
        out.append(v)
    return out


def _choices(param) -> list:
    """A string parameter's choices, read from its ``valid_text`` (``logistic or exp``, ``entropy, pnorm or l2``)."""
    words = [w.strip() for w in re.split(r",|\bor\b|\|", param.valid_text or "") if w.strip()]
    return [w for w in words if " " not in w]


def sweep_settings(spec) -> list[dict]:
    """One setting per parameter value to try: every other choice of a string or boolean parameter and each closed
    end of a numeric one, each accepted by the parameter itself (others are refused before any work)."""
    out = []
    for k, p in spec.params.items():
        raw = [str(not p.default)] if p.type is bool else _choices(p) if p.type is str else _ends(p) \
            if p.type in (int, float) else []
        for r in raw:
            try:
                v = p.parse(r)
            except Exception:  # noqa: BLE001  (not a value of this parameter: nothing to try)
                continue
            if v != p.default and {k: v} not in out:
                out.append({k: v})
    return out


# Verdicts that credit nothing to the paper, whatever the default gives: outside the theorem, or not decided (a run
# too short for the setting names the horizon it needs). An exploratory claim's answer may differ between settings:
# `observed` and `verified` are both answers to its question, never a counterexample.
CREDIT_NOTHING = ("outside-hypotheses", "inconclusive")
ANSWERS = ("verified", "observed")


def sweep_outcome(cid: str, setting: dict, default_verdict: str) -> str | None:
    """Why ``setting`` fails the sweep, or None: outside-hypotheses, inconclusive, an input refusal, its documented
    outcome or the default's verdict pass (and, for an exploratory claim, either answer)."""
    from ibcheck.checks.cases import EXPECTED, case_id
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.checks.runner import run_check
    from ibcheck.numerics.runtime.errors import InputError
    try:
        r = run_check(cid, dict(setting))
    except InputError:
        return None
    key = case_id(cid, setting)
    if r["verdict"] in CREDIT_NOTHING + (default_verdict,):
        return None
    if REGISTRY[cid].claim.exploratory and r["verdict"] in ANSWERS:
        return None
    if key in EXPECTED and EXPECTED[key].verdict == r["verdict"]:
        return None
    if key in sweep_findings():
        return None
    return (f"{key}: {r['verdict']} ({r['reason'][:160]}), the default gives {default_verdict}: a setting that moves "
            "the verdict must fail a hypothesis that reads it, or be documented (checks/expected.py)")


def sweep_findings() -> dict[str, str]:
    """Case ID → what was measured, for the settings at the ends of a range that the sweep found giving a verdict the
    theorem does not explain (each paper's checks/expected.py ``SWEEP_FINDINGS``): open work for the check's owner,
    listed so that the sweep tests everything else; the list only shrinks."""
    from ibcheck.theory.catalogue import PAPER_OF
    from ibcheck.theory.papers import discover
    out: dict[str, str] = {}
    for p in discover():
        if p.name in PAPER_OF.values() and p.has("checks.expected"):
            out.update(getattr(p.module("checks.expected"), "SWEEP_FINDINGS", {}))
    return out


def check_sweep(claims: dict, profile="quick"):
    import pytest

    from ibcheck.checks.registry import REGISTRY
    from ibcheck.checks.runner import run_check
    if profile != "full" and os.environ.get(SWEEP_ENV) != "1":
        pytest.skip(f"the parameter sweep runs each check once per setting: --profile full or {SWEEP_ENV}=1")
    bad = []
    for cid in claims:
        default = run_check(cid, {})["verdict"]
        bad += [m for s in sweep_settings(REGISTRY[cid]) if (m := sweep_outcome(cid, s, default))]
    assert not bad, "\n".join(bad)


def check_degenerate(cid: str, kinds: tuple[str, ...]):
    def run(profile="quick"):
        import pytest

        from ibcheck.testing.degenerate import ALLOWED, datasets, full_only, known_false, smallest_run
        if cid in full_only() and profile != "full":
            pytest.skip("≥ 60 s on degenerate data (DEGENERATE_FULL_ONLY): --profile full")
        from ibcheck.testing.cli import run_cli
        import tempfile
        with tempfile.TemporaryDirectory() as root:
            for name, path in datasets(root, kinds).items():
                r = run_cli("check", cid, "--data", path, *smallest_run(cid))
                where = f"{cid} on {name} data: exit {r.returncode}: {r.stderr.strip()[:300]}"
                allowed = ALLOWED + ((1,) if (cid, name) in known_false() else ())
                assert r.returncode in allowed, where
                assert "Traceback" not in r.stderr and "internal error" not in r.stderr, where
                if r.returncode == 2:
                    assert len(r.stderr.strip().splitlines()) == 1, where
    return run
