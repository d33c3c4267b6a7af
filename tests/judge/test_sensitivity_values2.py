"""The sensitivity measurement (theory.asymptotic_sensitivity), second part: the counting of ``battery`` on a stand-in
battery, ``_violated`` and ``_rates`` on stand-in verdicts, the reading of constants from stand-in sources, the
patching of positional defaults, the scaling of a count near an integer, and the edge criterion at its level — all
on stand-ins, in well under a second (no battery or held-out measurement is re-run)."""
from __future__ import annotations

import dataclasses
import sys
import types
from types import SimpleNamespace as NS

import pytest

from ibcheck.theory import asymptotic_rules as R
from ibcheck.theory import asymptotic_sensitivity as S
from tests.judge.test_sensitivity_values import _draws, _stand_in


def _count(value) -> S.Constant:
    return S.Constant("N_FAKE", "m", value, "chosen", "")


@pytest.mark.parametrize("value, factor, whole", [
    (2, 0.50000000025, 1),  # x = 1 + 5e-10: within 1e-9·x of 1, an integer up to rounding
    (8, 0.50000000025, 4),  # x = 4 + 2e-9: within 1e-9·x = 4e-9 of 4 (not within 1e-9/x)
    (2, 0.50000000075, 2),  # x = 1 + 1.5e-9: beyond 1e-9·x (and within 2e-9·x): a shrink rounds up
])
def test_a_count_near_an_integer_is_that_integer_only_within_a_billionth(value, factor, whole):
    # the distances to the integer (5e-10 … 2e-9) sit ≥ 25% from the bounds they are compared with; a product's
    # rounding is 1e-16 relative: the outcome cannot move with the last bits
    assert _count(value).scaled(factor) == whole


def test_a_constant_is_frozen_and_has_no_defaults_unless_given():
    c = _count(3)
    assert c.defaults == () and hash(c) == hash(_count(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.value = 4  # type: ignore[misc]


def test_patched_sets_a_positional_default_among_others_and_skips_a_missing_function(monkeypatch):
    mod = sys.modules["ibcheck.theory.asymptotic_rules"]

    def probe(a, b, c=1, level=R.GROWTH, e=5):
        return level

    def bare(level):
        return level
    monkeypatch.setattr(mod, "_probe_for_test", probe, raising=False)
    monkeypatch.setattr(mod, "_bare_for_test", bare, raising=False)
    where = [("asymptotic_rules", "_missing_for_test", "level"), ("asymptotic_rules", "_bare_for_test", "level"),
             ("asymptotic_rules", "_probe_for_test", "level")]
    c = S.Constant("GROWTH", mod.__name__, R.GROWTH, "chosen", "", tuple(where))
    with S.patched(c, 4.0):
        assert probe.__defaults__ == (1, 4.0, 5) and bare.__defaults__ is None
    assert probe.__defaults__ == (1, R.GROWTH, 5)


_SOURCE = '''
A_USED = 2.0  # chosen: read in a body
D_UNUSED = 7.0
B_KW = 3
C_POS = 0.5
G_LATE = 4.0


def f(x, y=C_POS, *, z=B_KW, w):
    return A_USED + G_LATE
'''


def test_constants_reads_keyword_only_defaults_and_every_constant_after_an_unused_one(tmp_path, monkeypatch):
    (tmp_path / "asymptotic_fake.py").write_text(_SOURCE, encoding="utf-8")
    mod = types.ModuleType("ibcheck.theory.asymptotic_fake")
    exec(compile(_SOURCE, "asymptotic_fake.py", "exec"), vars(mod))  # noqa: S102  (a stand-in judge module)
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    monkeypatch.setattr(S, "HERE", tmp_path)
    found, excluded = S.constants()
    got = {c.name: (c.value, c.kind, c.reason, c.defaults) for c in found}
    unclassified = ("unclassified", "no `# derived:/standard:/chosen:` comment and not in KINDS")
    assert got == {"A_USED": (2.0, "chosen", "read in a body", ()),
                   "B_KW": (3, *unclassified, (("asymptotic_fake", "f", "z"),)),
                   "C_POS": (0.5, *unclassified, (("asymptotic_fake", "f", "y"),)),
                   "G_LATE": (4.0, *unclassified, ())}
    assert excluded == {**S.EXCLUDED, "D_UNUSED": "read by no function of the judge"}


def _fake_battery(monkeypatch, cases):
    """``cases``: (row, truth, holds or an exception, resolvable) — the battery's four functions replaced."""
    from ibcheck.theory import asymptotic_calibration as cal
    table = {row: (truth, holds, res) for row, truth, holds, res in cases}

    def run_one(row, fam, tau, K, dec, perturb=None):
        holds = table[row][1]
        if isinstance(holds, Exception):
            raise holds
        return NS(holds=holds), [row]
    monkeypatch.setattr(cal, "cases", lambda: [(row, "fam", 1, 1, []) for row, *_ in cases])
    monkeypatch.setattr(cal, "truth", lambda row, fam: table[row][0])
    monkeypatch.setattr(cal, "run_one", run_one)
    monkeypatch.setattr(cal, "sequence", lambda row, fam, tau, key, decades: [row])
    monkeypatch.setattr(cal, "resolvable", lambda row, fam, tau, q: table[q[0]][2])


# a wrong case first (a correct-only count skips it and goes on), the last correct case passes and the last
# resolvable wrong one fails (a count that keeps only its last case reads 0); two false passes, two hides and
# one failure, so that no two of the counts coincide
_CASES = [("w0", "wrong", True, False), ("c1", "correct", False, None), ("c2", "correct", RuntimeError("x"), None),
          ("c3", "correct", True, None), ("w1", "wrong", True, True), ("w2", "wrong", None, True),
          ("w3", "wrong", True, True), ("w4", "wrong", None, True), ("w5", "wrong", False, True)]


def test_battery_counts_false_alarms_false_passes_and_hides(monkeypatch):
    _fake_battery(monkeypatch, _CASES)
    assert S.battery() == {"false alarms": 2, "false passes": 2, "hides": 2}
    assert S.battery(correct_only=True) == {"false alarms": 2, "false passes": 0, "hides": 0}


def test_battery_counts_a_crash_of_a_wrong_case_as_a_hide(monkeypatch):
    _fake_battery(monkeypatch, [("w0", "wrong", True, True), ("w1", "wrong", RuntimeError("x"), True)])
    assert S.battery() == {"false alarms": 0, "false passes": 1, "hides": 1}


def test_battery_survives_a_crash_of_its_first_wrong_case(monkeypatch):
    """A wrong case whose judge raises is weighed against its own values (it once read the previous case's q, and
    raised UnboundLocalError on the first)."""
    _fake_battery(monkeypatch, [("w1", "wrong", RuntimeError("x"), True)])
    assert S.battery() == {"false alarms": 0, "false passes": 0, "hides": 1}


def test_violated_names_the_correct_draws_called_violated(monkeypatch):
    from ibcheck.theory import asymptotic_heldout as H
    draws = [NS(cls="correct", holds=False), NS(cls="correct", holds=True), NS(cls="correct", holds=None),
             NS(cls="resolvable", holds=False)]
    monkeypatch.setattr(H, "judged", lambda d: NS(holds=d.holds))
    assert S._violated(draws) == frozenset({0})


def test_rates_weigh_every_draw_unless_asked_for_the_correct_ones(monkeypatch):
    from ibcheck.theory import asymptotic_heldout as H
    draws = _draws(2, 3)
    monkeypatch.setattr(H, "measure", lambda seed, n, draws: {"rates": {"of": (n, len(draws))}})
    assert S._rates(draws) == {"of": (5, 5)}
    assert S._rates(draws, correct_only=True) == {"of": (2, 2)}


def test_edges_and_sensitivity_run_the_battery_as_their_tables_need(monkeypatch):
    _stand_in(monkeypatch)
    calls = []
    monkeypatch.setattr(S, "battery", lambda correct_only=False: calls.append(correct_only) or {"false alarms": 0})
    S.edges(_draws(2))
    assert calls and set(calls) == {True}  # the edges weigh false alarms only: the correct sequences suffice
    calls.clear()
    out = S.sensitivity(_draws(2))
    assert set(calls) == {False} and out["×1"]["heldout"] == {"correct → violated": (3, 10)}


def test_at_edge_does_not_resolve_a_change_at_exactly_the_level(monkeypatch):
    monkeypatch.setattr(S, "sign_test", lambda newly, cleared: S.EDGE_ALPHA if newly == 1 else 1.0)
    edge = {"×1": (0, 0, 100), "A": {1 / 1.5: (0, 1, 1, 0), 1.5: (0, 0, 0, 0)},
            "B": {1 / 1.5: (0, 2, 2, 0), 1.5: (0, 0, 0, 0)}}
    assert S.at_edge(edge) == {}


def test_battery_builds_each_case_with_the_calibrations_own_key(monkeypatch):
    """The sequence is the battery's own (``run_one``'s key ``K/dec``): another key draws other random families."""
    from ibcheck.theory import asymptotic_calibration as cal
    _fake_battery(monkeypatch, [("c1", "correct", True, None)])
    keys = []
    monkeypatch.setattr(cal, "cases", lambda: [("c1", "fam", 7, 3, [])])
    monkeypatch.setattr(cal, "sequence", lambda row, fam, tau, key, decades: keys.append((key, decades)) or [row])
    S.battery()
    assert keys == [("7/3", 3)]
