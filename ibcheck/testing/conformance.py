"""The conformance suite of a paper: the generic checks every paper of the catalogue passes, built-in or installed.

As scikit-learn's ``parametrize_with_checks`` is for an estimator, ``conformance_tests("mypaper")`` is a pytest
test function parametrized with one case per check, so a third-party paper runs the suite with one line in its own
tests::

    test_ibcheck_conformance = conformance_tests("mypaper")

The checks (each ``fn(profile)``; ``profile`` is pytest's ``--profile``, ``quick`` or ``full``):

* ``manifest``: a valid ``PAPER``, claim IDs ``<name>.…``, and the light index (``<paper>/index.py``) current;
* ``claims``: every claim has a check with valid defaults and at least one row that can decide (not a
  ``threshold``, not a ``diagnostic``), and passes the symbolic sanity of ``theory.sanity``;
* ``expected-table``: every documented outcome names a case of the paper, pins every row by name, is a
  non-``verified`` verdict (``observed`` for exploratory claims only) and quotes what was measured;
* ``case[ID]`` (``run_cases``): the case runs and gives its documented outcome; a default setting must decide
  (not ``inconclusive``) within its horizon budget unless the outcome is documented, and no alternative of its
  limit/rate rows may equal the row's stated answer there (``theory.asymptotic_alternatives``: such a row cannot
  show what it rules out);
* ``wrong-answers``: every claim × family of wrong answers has probes or a one-line reason (``wrong_answers.py``);
* ``rejects[ID]``: the claim's cheapest wrong answer is rejected (``HEAVY`` claims only with ``--profile full``;
  ``UNDECIDED`` cells must stay undecided and the next-cheapest probe is rejected instead);
* ``pinned``: every claim has a pinned case listing each reported quantity (``pinned.py``'s ``PINNED`` or the
  paper's ``tests/test_pinned*.py``); a ``pinned.py`` with ``CASES`` is recomputed and compared here;
* ``docs``: for a paper of a source checkout, docs/catalogue.md and docs/discrimination.md list every claim, the
  latter with this paper's cells;
* ``bad-input``: ``ibcheck check`` with an unknown parameter and with a malformed value exits 2 with one line;
* ``rejects-run``: at least one ``rejects[ID]`` runs per paper in the quick profile (``quick_rejects``);
* ``inputs-bound``: every ``--set`` parameter and ``--data`` property is read by a hypothesis or declared inert with
  its reason (``ibcheck.checks.binding``); ``inputs-sweep`` (``--profile full`` or ``IBCHECK_BINDING_SWEEP=1``): each
  parameter at its other choices and the closed ends of its range fails a hypothesis, is documented, is refused, or
  gives the default's verdict (``ibcheck.testing.bindings``);
* ``degenerate[ID]``: a ``--data`` claim on a rank-deficient, a duplicated-row and a zero-projection data set exits
  2 or 3 (or 0/4 where valid for it), never 5 (``ibcheck.testing.degenerate``).
"""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def paper_of(name: str):
    """The discovered paper named ``name`` (its manifest name or its package)."""
    from ibcheck.theory.papers import discover
    for p in discover():
        if name in (p.name, p.package):
            return p
    raise LookupError(f"no discovered paper {name!r} (installed with its entry point in group 'ibcheck.papers'?)")


def _claims(paper) -> dict:
    from ibcheck.theory.catalogue import CATALOGUE, PAPER_OF
    return {c: CATALOGUE[c] for c, p in PAPER_OF.items() if p == paper.name}


def check_manifest(paper, profile="quick"):
    from ibcheck.checks.index_build import generate, path_of
    if not paper.builtin:  # an installed paper's index older than its modules is rebuilt on reading (checks.index_fresh)
        from ibcheck.checks.index import paper_tables
        paper_tables(paper)
    claims = _claims(paper)
    assert claims, f"{paper.name}: no claims (theory/statements.py CLAIMS)"
    bad = [c for c in claims if not c.startswith(paper.name + ".")]
    assert not bad, f"{paper.name}: claim IDs must start with '{paper.name}.': {bad}"
    idx = path_of(paper)
    assert idx.exists() and idx.read_text(encoding="utf-8") == generate(paper), (
        f"{paper.name}: {idx} is missing or stale: run `python -m ibcheck.checks.index_build {paper.name}`")


def check_claims(paper, profile="quick"):
    from ibcheck.checks.params import resolve
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.theory.catalogue import CATALOGUE
    from ibcheck.theory.sanity import check_claim
    for cid, claim in _claims(paper).items():
        assert cid in REGISTRY, f"{cid}: no check (a CheckSpec in {paper.package}.checks)"
        assert any(c.decides for c in claim.conclusions), (
            f"{cid}: no conclusion can decide (every row is a threshold or a diagnostic)")
        resolve(REGISTRY[cid].params, {}, cid)  # the defaults are valid parameters
        r = check_claim(claim, CATALOGUE)
        assert r.ok, f"{cid}: symbolic sanity: " + "; ".join(i.message for i in r.failures)


def check_expected_table(paper, profile="quick"):
    from ibcheck.checks.cases import EXPECTED, cases
    from ibcheck.checks.expected import Expected
    claims = _claims(paper)
    known = {c[2] for c in cases("full") if c[0] in claims}
    for key, e in EXPECTED.items():
        cid = key.split("[", 1)[0]
        if cid not in claims:
            continue
        assert key in known, f"{key}: documented outcome of no case of any profile"
        assert isinstance(e, Expected) and e.verdict in ("violated", "outside-hypotheses", "inconclusive",
                                                         "observed"), key
        assert e.verdict != "observed" or claims[cid].exploratory, f"{key}: only an exploratory claim is 'observed'"
        assert e.named, f"{key}: name the rows (fails=…, undecided=…), not their positions"
        assert not e.unknown_rows(claims[cid]), f"{key}: no such row of {cid}: {e.unknown_rows(claims[cid])}"
        assert e.reason and any(ch.isdigit() for ch in e.reason), f"{key}: the reason must quote what was measured"


def check_case(claim_id: str, setting: dict, case: str):
    def run(profile="quick"):
        from ibcheck.checks.cases import EXPECTED
        from ibcheck.checks.cases import assert_expected
        from ibcheck.checks.runner import run_check
        r = run_check(claim_id, setting)
        if not setting:
            assert not same_as_stated(r), (
                f"{case}: at the defaults an alternative equals its row's stated answer, so the row cannot show what "
                f"it rules out: {same_as_stated(r)}; choose data on which they differ")
        if not setting and case not in EXPECTED:
            assert r["verdict"] != "inconclusive", (
                f"{case}: the defaults do not decide within their horizon budget ({r['reason']}); choose defaults "
                "that decide, or document the outcome in checks/expected.py")
        assert_expected(case, r)
    return run


def same_as_stated(result: dict) -> list[str]:
    """``row: alternative`` for every alternative of a limit/rate row equal to the row's stated answer
    (``theory.asymptotic_alternatives.coincident``), over the result and its seeds."""
    from ibcheck.theory.asymptotic_alternatives import coincident
    runs = [result] + list(result.get("per_seed") or [])
    return sorted({f"{c['name']}: {a['name']}" for r in runs for c in r.get("conclusions") or []
                   for a in c.get("alternatives") or [] if coincident(a)})


def check_wrong_answers(paper, profile="quick"):
    from ibcheck.checks.discrimination import FAMILIES, NA, tables
    table = tables()[0]
    for cid in _claims(paper):
        assert cid in table, f"{cid}: no row of wrong answers ({paper.package}.wrong_answers TABLE)"
        assert list(table[cid]) == list(FAMILIES), f"{cid}: the families are {list(FAMILIES)}"
        for fam, cell in table[cid].items():
            if isinstance(cell, NA):
                assert cell.reason and "\n" not in cell.reason, (cid, fam)
            else:
                assert cell and all(p.what for p in cell), (cid, fam)


def cheapest(cid: str, skip=None):
    """The claim's first applicable family and its cheapest probe (``skip``: a probe passed over)."""
    from ibcheck.checks.discrimination import NA, tables
    for fam, cell in tables()[0].get(cid, {}).items():
        left = [] if isinstance(cell, NA) else [p for p in cell if p is not skip]
        if left:
            return fam, min(left, key=lambda p: (p.heavy, len(p.overrides)))
    return None, None


def undecided(paper) -> dict:
    """``{(claim, family): reason}``: cheapest probes the claim's rows cannot decide (``wrong_answers.UNDECIDED``)."""
    return dict(getattr(paper.module("wrong_answers"), "UNDECIDED", {})) if paper.has("wrong_answers") else {}


def quick_rejects(paper) -> list[str]:
    """The claims whose ``rejects[ID]`` runs in the quick profile: those whose cheapest probe is not heavy, or — when
    every one is (``HEAVY`` claims only) — the first claim with a probe, so that every paper's quick run rejects at
    least one wrong answer."""
    from ibcheck.checks.discrimination import HEAVY
    claims = [c for c in _claims(paper) if cheapest(c)[1] is not None]
    light = [c for c in claims if c not in HEAVY and not cheapest(c)[1].heavy]
    return light or claims[:1]


def check_rejects_run(paper, profile="quick"):
    """At least one ``rejects[ID]`` runs per paper in the profile (a table of wrong answers that only skips rejects
    nothing)."""
    assert quick_rejects(paper), (f"{paper.name}: no claim has an applicable wrong answer (wrong_answers.py): none of "
                                  "its rejects[...] checks can run")


def check_rejects(paper, cid: str):
    def run(profile="quick"):
        import pytest

        from ibcheck.checks.discrimination import REJECTING, run_probe
        fam, probe = cheapest(cid)
        if fam is None:
            pytest.skip(f"{cid}: every family is not applicable (with its reason)")
        if profile != "full" and cid not in quick_rejects(paper):
            pytest.skip("heavy: --profile full")
        res = run_probe(cid, probe)
        if (cid, fam) in undecided(paper):
            assert res["verdict"] not in REJECTING, (
                f"{cid} {fam}: listed as undecided but rejected now: delete its UNDECIDED entry", res)
            fam, probe = cheapest(cid, skip=probe)
            if fam is None:
                return
            res = run_probe(cid, probe)
        assert res["verdict"] in REJECTING, (cid, fam, res)
    return run


def _pinned_tables(paper) -> dict:
    out = {}
    if paper.has("pinned"):
        out.update(getattr(paper.module("pinned"), "PINNED", {}))
    for name in paper.submodules("tests"):
        if name.startswith("test_pinned"):
            out.update(getattr(paper.module(f"tests.{name}"), "PINNED", {}))
    return out


def check_pinned(paper, profile="quick"):
    from ibcheck.testing.pinning import compare, measure
    tables = _pinned_tables(paper)
    missing = sorted(set(_claims(paper)) - set(tables))
    assert not missing, f"claims without a pinned case (pinned.py PINNED): {missing}"
    cases = getattr(paper.module("pinned"), "CASES", {}) if paper.has("pinned") else {}
    for cid, case in cases.items():  # the recomputation protocol of pinned.py: measured on a fixed case, compared
        for m in measure(cid, case.get("overrides", {}), dataset=case.get("dataset")):
            compare(cid, m, case["recompute"](m), tables[cid], **case.get("tolerances", {}))


def check_docs(paper, profile="quick"):
    import pytest
    docs = ROOT / "docs"
    if not paper.builtin or not (docs / "catalogue.md").exists():
        pytest.skip("an installed paper: the checkout's generated docs do not list it")
    from ibcheck.checks.discrimination import NA, tables
    cat = (docs / "catalogue.md").read_text(encoding="utf-8")
    disc = (docs / "discrimination.md").read_text(encoding="utf-8")
    from ibcheck.reports.docs import listed_papers
    if paper.name not in listed_papers(cat):
        pytest.skip(f"{paper.name} is not in the generated docs yet: run `ibcheck docs` and `ibcheck docs "
                    "--discrimination` (tests/test_docs.py lists it as skipped too)")
    rows = {ln.split("`")[1]: ln for ln in disc.splitlines() if ln.startswith("| `")}
    for cid in _claims(paper):
        assert f"`{cid}`" in cat, f"{cid}: docs/catalogue.md is stale: run `ibcheck docs --catalogue-only`"
        assert cid in rows, f"{cid}: docs/discrimination.md is stale: run `ibcheck docs --discrimination`"
        cells = [c.strip() for c in rows[cid].rstrip().rstrip("|").split(" | ")[1:]]
        for text, (fam, cell) in zip(cells, tables()[0][cid].items()):
            if isinstance(cell, NA):
                assert text.endswith(cell.reason.replace("|", "/")), (f"{cid} {fam}: docs/discrimination.md is "
                                                                      "stale: run `ibcheck docs --discrimination`")
            else:
                assert text.count("**") == 2 * len(cell), (cid, fam, "stale docs/discrimination.md")
                assert "**verified**" not in text, (cid, fam, "a wrong answer is verified", text)


def _cli(*argv) -> tuple[int, str]:
    from ibcheck.cli import main
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        rc = main(list(argv))  # stderr without `ibcheck: note:` lines (an index rebuilt on first reading, say)
    return rc, "".join(ln for ln in err.getvalue().splitlines(True) if not ln.startswith("ibcheck: note:"))


def check_bad_input(paper, profile="quick"):
    from ibcheck.checks.registry import REGISTRY
    cid = next(iter(_claims(paper)))
    rc, err = _cli("check", cid, "--set", "no_such_parameter_xyz=1")
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "no_such_parameter_xyz" in err, (rc, err)
    numeric = next((k for k, p in REGISTRY[cid].params.items() if p.type in (int, float)), None)
    if numeric is not None:
        rc, err = _cli("check", cid, "--set", f"{numeric}=not-a-number")
        assert rc == 2 and len(err.strip().splitlines()) == 1 and numeric in err, (rc, err)


DEGENERATE = ("rank-deficient", "duplicated", "zero-projection")


def checks_for(paper, run_cases: bool = True, degenerate: tuple[str, ...] = DEGENERATE) -> list[tuple[str, object]]:
    """``(id, fn(profile))`` of every conformance check of ``paper`` (a name or a ``theory.papers.Paper``);
    ``degenerate``: the degenerate data sets (``ibcheck.testing.degenerate``) fed to each claim taking ``--data``."""
    if isinstance(paper, str):
        paper = paper_of(paper)
    from ibcheck.checks.cases import cases
    out = [(f"{paper.name}-manifest", lambda profile="quick": check_manifest(paper)),
           (f"{paper.name}-claims", lambda profile="quick": check_claims(paper)),
           (f"{paper.name}-expected-table", lambda profile="quick": check_expected_table(paper)),
           (f"{paper.name}-wrong-answers", lambda profile="quick": check_wrong_answers(paper)),
           (f"{paper.name}-pinned", lambda profile="quick": check_pinned(paper)),
           (f"{paper.name}-docs", lambda profile="quick": check_docs(paper)),
           (f"{paper.name}-bad-input", lambda profile="quick": check_bad_input(paper)),
           (f"{paper.name}-rejects-run", lambda profile="quick": check_rejects_run(paper))]
    from ibcheck.checks.registry import REGISTRY

    from .bindings import check_bindings, check_degenerate, check_sweep
    claims = _claims(paper)
    out += [(f"{paper.name}-inputs-bound", lambda profile="quick": check_bindings(claims, profile)),
            (f"{paper.name}-inputs-sweep", lambda profile="quick": check_sweep(claims, profile))]
    if run_cases:
        out += [(f"case[{case}]", check_case(cid, s, case)) for cid, s, case in cases("quick") if cid in claims]
    out += [(f"rejects[{cid}]", check_rejects(paper, cid)) for cid in claims]
    out += [(f"degenerate[{cid}]", check_degenerate(cid, degenerate)) for cid in claims
            if degenerate and REGISTRY[cid].accepts_data]
    return out


def conformance_tests(*papers: str, run_cases: bool = True, degenerate: tuple[str, ...] = DEGENERATE):
    """A pytest test function running every conformance check of ``papers`` (names), one case each. ``run_cases``:
    also run each claim's quick cases against their documented outcomes (ibcheck's own ``checks/test_catalogue.py``
    runs those for the built-in papers); ``degenerate``: the degenerate data sets fed to each ``--data`` claim."""
    import pytest
    params = [pytest.param(fn, id=cid) for p in papers for cid, fn in checks_for(p, run_cases, degenerate)]

    @pytest.mark.parametrize("check", params)
    def test_conformance(check, request):
        check(request.config.getoption("--profile", default="quick"))
    return test_conformance


def failed_rows(cid, probe, deciding: bool = False) -> set[str]:
    """Names of the failed conclusion rows; ``deciding``: only rows that decide (not threshold, not diagnostic)."""
    from ibcheck.checks.runner import run_check
    from ibcheck.theory.catalogue import CATALOGUE
    r = run_check(cid, dict(probe.overrides), hooks=probe.hooks())
    want = "observed" if CATALOGUE[cid].exploratory else "violated"  # an exploratory claim's "violated"
    assert r["verdict"] == want, (cid, probe.what, r["verdict"], r["reason"])
    return {c["name"] for c in r["conclusions"] if c["holds"] is False
            and not (deciding and (c.get("provenance") == "threshold" or c.get("kind") == "diagnostic"))}
