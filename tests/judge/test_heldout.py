"""The judge on held-out families (theory.asymptotic_heldout) drawn from a seed chosen at test time: the published
targets, no crash, truth labels that do not move with the judge's constants, no decision constant within 1.5× of
changing a false-alarm count (theory.asymptotic_sensitivity), and docs/judge.md's held-out section current.

The seed is drawn once per run (tests/heldout_seed.py), printed in pytest's header and in every failure message;
``IBCHECK_HELDOUT_SEED=S`` replays it. Assertions the present judge does not meet yet are ``xfail(strict=False)``
with the number measured when they were written; they turn into passes, not failures, when the judge meets them.
Runtime (one core, uncontended): about 6 s for the rates, 25 s for the edges, 5 s for the docs check.
"""
import os
from functools import lru_cache

import pytest

from ibcheck.theory import asymptotic_heldout as H
from ibcheck.theory import asymptotic_sensitivity as S

pytestmark = pytest.mark.xdist_group("judge-heldout")  # one worker: the draws are measured once per process

SEED = int(os.environ.get("IBCHECK_HELDOUT_SEED") or 0)
N = 12000  # ~6000 correct draws: a 0.1% false-alarm rate is 6 expected, and 0 of 6000 has p < 0.003 at 0.1%
N_EDGE = 1000  # draws whose correct half the edge test re-judges under each moved constant (×2 per constant)
REPLAY = f"(seed {SEED}: replay with IBCHECK_HELDOUT_SEED={SEED})"


@lru_cache(maxsize=1)
def draws():
    return [H.draw(SEED, i) for i in range(N)]


@lru_cache(maxsize=1)
def measured():
    return H.measure(SEED, N, draws=draws())


def _rate(name):
    k, n = measured()["rates"][name]
    return k, n, k / n if n else 0.0


def _target(name):
    k, n, r = _rate(name)
    assert n > 100, (name, n, REPLAY)
    assert r <= H.TARGETS[name], f"{name}: {k}/{n} = {100 * r:.2f}% > {100 * H.TARGETS[name]:g}% {REPLAY}"


@pytest.mark.xfail(strict=False, reason="the present judge: 0.041% (41/100505 over 20 seeds; 8/25046 on the five "
                                        "drawn last); a seed of ~6000 correct draws exceeds 0.1% (7 or more) about 1% "
                                        "of the time at that rate, so this stays non-strict; 0.118% on the same seeds "
                                        "before the sampling rules (clock origin, sawtooth, flat step, period 2, "
                                        "inverse steadiness); target 0.1%")
def test_correct_rarely_violated():
    _target("correct → violated")


def test_resolvable_wrong_rarely_verified():
    """0.03% (1/3078) at seed 20261202, 0.10–0.28% at seeds 777, 4242, 31337, 2718, 1618, 9001, 5150, 6174, 8128
    (1.75% before the Θ rows' inverse implied constant and the oscillating bare limits' envelope test)."""
    _target("resolvable wrong → verified")


def test_resolvable_wrong_mostly_decided():
    _target("resolvable wrong → inconclusive")


def test_oscillating_convergence_verified_in_most_runs():
    """61% (322/530) at seed 20261202, 54–62% at seeds 777, 4242, 31337, 2718, 1618, 9001, 5150, 6174, 8128 (23%
    before the implied constant's envelope was read)."""
    k, n, r = _rate("oscillating convergence, ≥ 4 checkpoints a period → verified")
    assert n > 50 and r > 0.5, (k, n, REPLAY)


def test_persistent_oscillation_violated_in_most_runs():
    k, n, r = _rate("persistent oscillation or alternation → violated")
    assert n > 50 and r > 0.5, (k, n, REPLAY)


def test_the_judge_never_raises_on_a_draw():
    k, n, _ = _rate("errors (the judge raised)")
    assert k == 0, [(f, dict(c)) for f, c in measured()["families"].items() if any(v == "error" for _, v in c)]


def test_draws_cover_the_space_and_replay():
    ds = draws()
    assert {d.cls for d in ds} == {"correct", "resolvable", "unresolvable"}
    assert {d.kind for d in ds} == {"limit", "O", "Θ"} and {len(d.tau) for d in ds} == set(range(5, 26))
    decades = [__import__("math").log10(d.tau[-1] / d.tau[0]) for d in ds]
    assert 1 - 1e-9 <= min(decades) < 1.2 and 5.8 < max(decades) <= 6 + 1e-9
    assert len({d.family for d in ds}) >= 30, sorted({d.family for d in ds})
    assert H.draw(SEED, 17) == ds[17]  # a draw is a function of (seed, index): one failing case replays alone


def test_truth_does_not_move_with_the_judges_constants():
    """The labels are the generator's (resolvability from the closed form): moving the judge's GROWTH — which the
    battery's own labels read — changes no held-out label, while it does reach every module of the judge."""
    import ibcheck.theory.asymptotic as A
    import ibcheck.theory.asymptotic_calibration as cal
    import ibcheck.theory.asymptotic_rules as R
    growth = next(c for c in S.constants()[0] if c.name == "GROWTH")
    before = [d.cls for d in draws()[:400]]
    with S.patched(growth, 4.0):
        assert R.GROWTH == 4.0 and A.GROWTH == 4.0 and cal.GROWTH == growth.value
        assert [H.draw(SEED, i).cls for i in range(400)] == before
    assert R.GROWTH == growth.value and A.GROWTH == growth.value


def test_a_default_argument_is_patched_and_restored():
    import ibcheck.theory.asymptotic as A
    tol = next(c for c in S.constants()[0] if c.name == "ORDER_TOL")
    assert ("asymptotic", "judge", "order_tol") in tol.defaults
    before = A.judge.__defaults__
    with S.patched(tol, 0.5):
        assert 0.5 in A.judge.__defaults__
    assert A.judge.__defaults__ == before


def test_every_decision_constant_is_found_and_classified():
    consts, excluded = S.constants()
    names = {c.name for c in consts}
    assert {"KAPPA", "KAPPA_FIRM", "SIGMA", "GROWTH", "GAMMA_STABLE", "EXP_SPREAD", "STALL", "LAST_MOVE",
            "DECADE_OF_DECAY", "ORDER_TOL"} <= names, names
    assert not names & set(excluded)
    unclassified = [c.name for c in consts if c.kind not in ("derived", "standard", "chosen")]
    assert not unclassified, f"classify {unclassified}: a trailing `# chosen: why` (or derived/standard) comment"


# the constants that sat at an edge before the confirmation rules (WINDOW, MIN_ORDERS ×1/1.5: 6 and 2 battery false
# alarms; EXP_SPREAD ×1.5: 1; SPAN_POINTS, moved 1.67× by the old rounding): re-measured live on every run
NEAREST = ("WINDOW", "MIN_ORDERS", "EXP_SPREAD", "SPAN_POINTS")


def test_no_constant_within_one_and_a_half_times_of_a_false_alarm():
    """The constants nearest an edge, live at this run's seed: the battery's false alarms unchanged at ×1/1.5 and
    ×1.5, and no held-out change the draws resolve (``asymptotic_sensitivity.at_edge``). Every constant, over 12000
    draws of the published seed: docs/judge.md's table (current: the fingerprint test below); at a drawn seed:
    ``--profile full``."""
    keep = [c for c in S.constants()[0] if c.name in NEAREST]
    assert {c.name for c in keep} == set(NEAREST)
    import unittest.mock as mock
    with mock.patch.object(S, "constants", lambda: (keep, {})):
        moved = S.at_edge(S.edges(draws()[:N_EDGE]))
    assert not moved, f"(battery, held-out, newly violated, cleared) at ×1/1.5 and ×1.5: {moved} {REPLAY}"


def test_the_published_table_has_no_constant_at_an_edge():
    from ibcheck.reports import heldout_doc as doc
    rows = [r for r in doc.section(doc.DOC.read_text(encoding="utf-8")).splitlines() if r.startswith("| `")]
    table = [r for r in rows if r.count("|") == 9]  # the sensitivity table: 8 cells, the last "… — no" or "yes"
    assert len(table) == len(S.constants()[0]), len(table)
    assert all(r.rstrip(" |").endswith("— no") for r in table), [r.split("|")[1] for r in table if "— no |" not in r]


@pytest.mark.full
def test_no_constant_at_an_edge_at_a_drawn_seed(request):
    if request.config.getoption("--profile", default="quick") != "full":
        pytest.skip("every constant at a drawn seed: --profile full (minutes)")
    moved = S.at_edge(S.edges(draws()))
    assert not moved, f"(battery, held-out, newly violated, cleared) at ×1/1.5 and ×1.5: {moved} {REPLAY}"


def test_docs_judge_md_heldout_section_is_current():
    """The published section's fingerprint is that of the present sources (the judge, the battery, the generator,
    the doc's generator) and its rates and per-family tables are what the published seed gives (the sensitivity
    tables, minutes to compute, are covered by the fingerprint)."""
    from ibcheck.reports import heldout_doc as doc
    text = doc.section(doc.DOC.read_text(encoding="utf-8"))
    assert f"<!-- judge-heldout-inputs: {doc.fingerprint()} -->" in text, \
        "docs/judge.md's held-out section is stale: run `ibcheck docs` (or python -m ibcheck.reports.heldout_doc)"
    assert doc.rates_markdown(H.measure(doc.SEED, doc.N)) in text, "docs/judge.md's held-out rates are stale"


def test_the_fingerprint_moves_with_any_judge_source(tmp_path, monkeypatch):
    """A change to any of the judge's modules (a rule, a constant, a comment) makes the published section stale."""
    import shutil

    from ibcheck.reports import heldout_doc as doc
    (tmp_path / "theory").mkdir()
    for p in (doc.ROOT / "theory").glob("asymptotic*.py"):
        shutil.copy(p, tmp_path / "theory" / p.name)
    monkeypatch.setattr(doc, "ROOT", tmp_path)
    before = doc.fingerprint()
    rules = tmp_path / "theory" / "asymptotic_rules.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace("GROWTH = 2.0", "GROWTH = 2.1"), encoding="utf-8")
    assert doc.fingerprint() != before


def test_ibcheck_docs_rewrites_only_the_heldout_section(tmp_path, monkeypatch):
    """``ibcheck docs`` (write_docs, not --catalogue-only) writes the section between its markers and leaves the
    hand-written rules and the battery's section as they are."""
    from ibcheck.reports import docs, heldout_doc, judge_doc
    monkeypatch.setattr(heldout_doc, "heldout_markdown", lambda progress=False: "GENERATED\n")
    monkeypatch.setattr(heldout_doc, "fingerprint", lambda: "judge-sources-changed")  # the section is stale
    monkeypatch.setattr(judge_doc, "write_judge_doc", lambda out: out / "judge.md")
    monkeypatch.setattr(docs, "catalogue_markdown", lambda: "catalogue\n")
    monkeypatch.setattr(docs, "measure", lambda keys, progress=True: {})
    (tmp_path / "judge.md").write_text(heldout_doc.DOC.read_text(encoding="utf-8"), encoding="utf-8")
    docs.write_docs(tmp_path, progress=False)
    text, old = (tmp_path / "judge.md").read_text(encoding="utf-8"), heldout_doc.DOC.read_text(encoding="utf-8")
    assert heldout_doc.section(text) == "GENERATED\n"
    assert text.split(heldout_doc.START)[0] == old.split(heldout_doc.START)[0]
    assert judge_doc.section(text) == judge_doc.section(old)


def test_ibcheck_docs_copies_a_current_heldout_section(tmp_path, monkeypatch):
    """When the checkout's section carries the judge sources' current fingerprint, ``ibcheck docs`` copies it (the
    minutes of draws are not spent again); the module's own command recomputes it."""
    from ibcheck.reports import heldout_doc
    assert heldout_doc.DOC.read_text(encoding="utf-8").count(heldout_doc.fingerprint()) == 1  # current (test above)

    def never(progress=False):
        raise AssertionError("recomputed a current section")
    monkeypatch.setattr(heldout_doc, "heldout_markdown", never)
    out = heldout_doc.write_heldout_doc(tmp_path)
    assert out.read_text(encoding="utf-8") == heldout_doc.DOC.read_text(encoding="utf-8")
    with pytest.raises(AssertionError, match="recomputed"):
        heldout_doc.write_heldout_doc(tmp_path, force=True)


def test_edges_stop_at_the_first_constant_that_moves_a_count(monkeypatch):
    """``edges(first=True)`` measures constants in order up to and including the first at an edge (battery or
    held-out, at either factor), and the full table measures them all."""
    import contextlib
    from types import SimpleNamespace as NS
    state = {"moved": None}
    cs = [NS(name=n, scaled=lambda f, n=n: (n, f)) for n in ("A", "B", "C", "D")]

    @contextlib.contextmanager
    def patched(c, v):
        state["moved"] = v
        yield
        state["moved"] = None

    monkeypatch.setattr(S, "constants", lambda: (cs, {}))
    monkeypatch.setattr(S, "patched", patched)
    monkeypatch.setattr(S, "battery", lambda correct_only=False: {"false alarms": int(state["moved"] == ("B", 1.5))})
    ds = [NS(cls="correct")] * 8
    monkeypatch.setattr(S, "_violated", lambda d: frozenset(range(8)) if state["moved"] == ("C", 1 / 1.5)
                        else frozenset())
    full = S.edges(ds, first=False)
    assert list(full) == ["×1", "A", "B", "C", "D"] and S.at_edge(full) == {
        "B": {1 / 1.5: (0, 0, 0, 0), 1.5: (1, 0, 0, 0)}, "C": {1 / 1.5: (0, 8, 8, 0), 1.5: (0, 0, 0, 0)}}
    assert list(S.edges(ds, first=True)) == ["×1", "A", "B"]
