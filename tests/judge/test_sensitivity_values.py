"""The sensitivity measurement (theory.asymptotic_sensitivity) value by value, in seconds: which decision constants
it finds and how it classifies them (pinned), how it scales and patches them (every binding and every function
default, undone afterwards), and what its edge and sensitivity tables report — on stand-in counters, so that no
test re-runs the minutes of the published tables (docs/judge.md; tests/judge/test_heldout.py runs the real edge
test on a seed drawn at test time).

Regenerate the pinned list after adding or re-classifying a constant: ``python -m tests.judge.test_sensitivity_values``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ibcheck.theory import asymptotic as A
from ibcheck.theory import asymptotic_fit as F
from ibcheck.theory import asymptotic_rules as R
from ibcheck.theory import asymptotic_sensitivity as S

PINS = Path(__file__).resolve().parents[1] / "data" / "sensitivity_pins.json"


def found() -> dict:
    consts, excluded = S.constants()
    return {"constants": [[c.name, c.module, c.value, c.kind, c.reason, [list(d) for d in c.defaults]]
                          for c in consts], "excluded": excluded}


def _const(name):
    return next(c for c in S.constants()[0] if c.name == name)


def test_the_constants_found_and_their_kinds_are_as_pinned():
    assert found() == json.loads(PINS.read_text(encoding="utf-8"))


def test_a_count_scales_to_a_whole_number_at_least_one_and_a_float_exactly():
    window, growth = _const("WINDOW"), _const("GROWTH")
    assert (window.scaled(1 / 1.5), window.scaled(1.5), window.scaled(0.5), window.scaled(2.0)) == (2, 4, 2, 6)
    span = _const("SPAN_POINTS")  # 5: within 1.5× on either side, 4 and 7 (not 3 = 5/1.67 and 8 = 1.6·5)
    assert (span.scaled(1 / 1.5), span.scaled(1.5), span.scaled(0.5), span.scaled(2.0)) == (4, 7, 3, 10)
    assert window.scaled(0.1) == 1 and isinstance(window.scaled(1.5), int)
    assert growth.scaled(1.5) == 3.0 and growth.scaled(0.5) == 1.0


def test_patched_sets_every_binding_and_default_and_undoes_them():
    growth = _const("GROWTH")
    truth = {f"ibcheck.theory.{m}" for m in S.NOT_JUDGE}  # the battery and the generator keep theirs
    holders = [m for m in list(sys.modules.values()) if getattr(m, "__name__", "").startswith("ibcheck.theory.")
               and m.__name__ not in truth and vars(m).get("GROWTH") is growth.value]
    assert len(holders) >= 3  # asymptotic_rules defines it; asymptotic, asymptotic_order, … import it
    with S.patched(growth, 7.5):
        assert all(m.GROWTH == 7.5 for m in holders)
        assert R.GROWTH == 7.5
    assert all(m.GROWTH == growth.value for m in holders)
    window = _const("WINDOW")
    before = F.window_fit.__defaults__
    with S.patched(window, 9):
        assert F.WINDOW == 9 and 9 in F.window_fit.__defaults__ and A.WINDOW == 9
    assert F.window_fit.__defaults__ == before and F.WINDOW == window.value == 3


def test_patched_leaves_the_battery_and_the_generator_alone():
    from ibcheck.theory import asymptotic_calibration as cal
    from ibcheck.theory import asymptotic_heldout as H
    g = _const("GROWTH")
    before = (vars(cal).get("GROWTH"), vars(H).get("GROWTH"), H.GREW)
    with S.patched(g, 99.0):
        assert (vars(cal).get("GROWTH"), vars(H).get("GROWTH"), H.GREW) == before


def test_a_patched_keyword_only_default_is_set_and_undone(monkeypatch):
    mod = sys.modules["ibcheck.theory.asymptotic_rules"]

    def probe(*, level=R.GROWTH):
        return level
    monkeypatch.setattr(mod, "_probe_for_test", probe, raising=False)
    c = S.Constant("GROWTH", mod.__name__, R.GROWTH, "chosen", "", (("asymptotic_rules", "_probe_for_test", "level"),))
    with S.patched(c, 4.0):
        assert probe() == 4.0
    assert probe() == R.GROWTH


def test_at_edge_names_a_constant_whose_counts_move_either_way():
    """(battery, held-out, newly violated, cleared): B moves the battery's count down; C's held-out increase of 7
    new against none cleared is resolved (p = 2⁻⁷ < 1%), D's 6 against none is not (p = 2⁻⁶ = 1.6%), E's 10 new
    against 3 cleared is not (p = 0.046), and F's rate of 1% (from 0.1%) after 9 new against 0 is."""
    edge = {"×1": (0, 1, 1000), "A": {1 / 1.5: (0, 1, 0, 0), 1.5: (0, 1, 0, 0)},
            "B": {1 / 1.5: (2, 1, 0, 0), 1.5: (0, 1, 0, 0)}, "C": {1 / 1.5: (0, 1, 0, 0), 1.5: (0, 8, 7, 0)},
            "D": {1 / 1.5: (0, 0, 0, 1), 1.5: (0, 7, 6, 0)}, "E": {1 / 1.5: (0, 8, 10, 3), 1.5: (0, 1, 0, 0)},
            "F": {1 / 1.5: (0, 10, 9, 0), 1.5: (0, 1, 0, 0)}}
    assert S.at_edge(edge) == {"B": edge["B"], "C": edge["C"], "F": edge["F"]}


@pytest.mark.parametrize("newly, cleared, p", [(0, 0, 1.0), (1, 0, 0.5), (7, 0, 2.0 ** -7), (2, 2, 11 / 16),
                                                (0, 3, 1.0), (10, 3, 378 / 8192)])
def test_sign_test_is_the_exact_one_sided_binomial_tail(newly, cleared, p):
    assert S.sign_test(newly, cleared) == pytest.approx(p, rel=1e-12)  # sums of small integers over 2^m: exact


def _stand_in(monkeypatch):
    """The battery and the held-out verdicts replaced by counters that read GROWTH and WINDOW: false alarms appear
    when GROWTH < 1.5 (battery) or WINDOW < 3 (held-out: every correct draw)."""
    def battery(correct_only=False):
        return {"false alarms": int(R.GROWTH < 1.5), "false passes": int(R.GROWTH > 3.5), "hides": 7}

    def rates(draws, correct_only=False):
        return {"correct → violated": (int(F.WINDOW < 3) + len(draws), 10)}

    def violated(draws):
        return frozenset(i for i, d in enumerate(draws) if d.cls == "correct" and F.WINDOW < 3)
    monkeypatch.setattr(S, "battery", battery)
    monkeypatch.setattr(S, "_rates", rates)
    monkeypatch.setattr(S, "_violated", violated)
    names = {"GROWTH", "WINDOW", "SPAN"}
    consts = [c for c in S.constants()[0] if c.name in names]
    monkeypatch.setattr(S, "constants", lambda: (consts, {}))
    return consts


def _draws(n_correct, n_wrong=1):
    from types import SimpleNamespace as NS
    return [NS(cls="correct")] * n_correct + [NS(cls="resolvable")] * n_wrong


def test_edges_measures_each_constant_at_both_factors(monkeypatch):
    consts = _stand_in(monkeypatch)
    seen = []
    out = S.edges(_draws(8), progress=seen.append)
    assert out["×1"] == (0, 0, 8)
    assert out["GROWTH"] == {1 / 1.5: (1, 0, 0, 0), 1.5: (0, 0, 0, 0)}
    assert out["WINDOW"] == {1 / 1.5: (0, 8, 8, 0), 1.5: (0, 0, 0, 0)}
    assert out["SPAN"] == {1 / 1.5: (0, 0, 0, 0), 1.5: (0, 0, 0, 0)}
    assert seen == [c.name for c in consts]
    assert set(S.at_edge(out)) == {"GROWTH", "WINDOW"}


def test_edges_first_stops_at_the_first_constant_at_an_edge(monkeypatch):
    consts = _stand_in(monkeypatch)
    out = S.edges(_draws(8), first=True)
    first = next(c.name for c in consts if c.name in ("GROWTH", "WINDOW"))
    assert list(out) == ["×1", *[c.name for c in consts[:[c.name for c in consts].index(first) + 1]]]


def test_sensitivity_reports_both_factors_and_the_shipped_row(monkeypatch):
    _stand_in(monkeypatch)
    out = S.sensitivity([None])
    assert out["×1"]["battery"] == {"false alarms": 0, "false passes": 0, "hides": 7}
    assert out["GROWTH"][0.5]["battery"]["false alarms"] == 1 and out["GROWTH"][2.0]["battery"]["false passes"] == 1
    assert out["WINDOW"][0.5]["heldout"]["correct → violated"] == (2, 10)
    assert out["WINDOW"][2.0]["heldout"]["correct → violated"] == (1, 10)


def test_battery_counts_only_correct_cases_when_asked():
    got = S.battery(correct_only=True)
    assert got == {"false alarms": 0, "false passes": 0, "hides": 0}


@pytest.mark.parametrize("correct_only", [False, True])
def test_heldout_rates_count_the_chosen_draws(correct_only):
    from ibcheck.theory import asymptotic_heldout as H
    draws = [H.draw(20261202, i) for i in range(40)]
    r = S._rates(draws, correct_only=correct_only)
    n = sum(d.cls == "correct" for d in draws)
    assert r["correct → violated"][1] == n
    assert r["errors (the judge raised)"] == (0, n if correct_only else 40)


if __name__ == "__main__":
    PINS.write_text(json.dumps(found(), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {PINS}")
