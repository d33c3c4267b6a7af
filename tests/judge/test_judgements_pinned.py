"""The judge's whole answer, pinned case by case: every calibration-battery case and the first held-out draws of
one fixed seed, each judged by the public API, against ``tests/data/judgement_pins.json``.

What is compared, per case: the verdict, the deciding rule, the reason's text with its numbers masked (a hash),
and every number the judgement carries — those in the reason, the window, the observed order and the
extrapolated limit with their intervals, the horizon, and the oscillation record. The rate tests
(``tests/judge/test_calibration.py``, ``tests/judge/test_heldout.py``) only bound counts, and the rules' value
tests probe one rule at a time: a slip in a rule that moves one case's horizon, a reason's number or a verdict
that the rates absorb passes them all. This test is what the mutation tool (``mutants/run.py``) runs last for the
judge's modules.

Why a tolerance on the numbers and not on the text: a reason prints numbers to 3–6 significant digits, and the fits
behind them (root finders, extrapolations conditioned up to ~1e6) carry libm's ≤ 1-ulp differences between
machines up to ~1e-10 relative — enough to flip a printed last digit on another machine now and then. So the text
is compared with its numbers masked, and the numbers, stored to ``DIGITS`` significant digits, within ``RTOL``:
twice the storage's rounding (5e-5), far above any machine's drift and far below a slip that moves a number.

Regenerate after an intended change to the judge or the battery: ``python -m tests.judge.test_judgements_pinned``
(and docs/judge.md: ``ibcheck docs``).
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
import re
from pathlib import Path

import pytest
import sympy as sp

from ibcheck.theory import asymptotic_calibration as cal
from ibcheck.theory import asymptotic_heldout as H
from ibcheck.theory.asymptotic import judge

PINS = Path(__file__).resolve().parents[1] / "data" / "judgement_pins.json"
SEED, N_HELDOUT = 20261202, 400  # the published seed; 400 draws: every family of the generator, ≈ 2 s
N_FUZZ = 1500  # odd inputs no family draws: few checkpoints, exact hits, constants, walks, sign flips, ties, NaN
DIGITS = 5  # significant digits stored per number
RTOL = 1e-4  # twice the storage's relative rounding (0.5e-4): see the module docstring
NUMBER = re.compile(r"[-+−]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|\b(?:inf|nan)\b", re.IGNORECASE)


def _num(text: str) -> float:
    return float(text.replace("−", "-"))


def _store(x) -> float | str:
    if x is None:
        return "none"
    x = float(x)
    return float(f"{x:.{DIGITS}g}") if math.isfinite(x) else repr(x)


def record(j) -> list:
    """``[verdict, rule, hash of the masked text, numbers]`` of a judgement ``j``."""
    osc = json.dumps(j.oscillation, sort_keys=True, default=str) if j.oscillation else ""
    text = f"{j.reason}\x00{osc}"
    nums = [_num(m) for m in NUMBER.findall(text)]
    extra = [*(j.window or [None, None]), j.observed_order["value"], *j.observed_order["interval"],
             j.limit_estimate["value"], *j.limit_estimate["interval"], j.horizon_needed]
    masked = NUMBER.sub("#", text)
    return [cal.verdict_of(j), j.rule, hashlib.sha1(masked.encode()).hexdigest()[:12],
            [_store(x) for x in nums + extra]]


_T, _L = sp.Symbol("t", real=True), sp.Symbol("ell", real=True)
RATES = [(1 / _T, "t"), (_T ** sp.Rational(-1, 2), "t"), (sp.log(_T) / _T, "t"), (1 / sp.log(_T), "t"),
         (sp.log(sp.log(_T)) / sp.log(_T), "t"), (1 / sp.log(sp.log(_T)), "t"), (1 / _L, "ell"), (_T, "t")]


def fuzz(i: int):
    """The ``i``-th odd input: a row (limit or none, tolerances, floor, order, kind, a slowest mode, a declared log
    factor) and values from a random generator of shapes the families do not draw, on random checkpoints."""
    rng = random.Random(f"judge-fuzz|{i}")
    rate, sym = rng.choice(RATES)
    K = rng.choice([3, 4, 5, 6, 7, 9, 12, 16, 25])
    t0 = rng.choice([1.5, 10.0, 100.0, 1e3])
    dec = rng.choice([0.3, 1, 2, 4, 6])
    tau = [t0 * 10 ** (dec * k / (K - 1)) for k in range(K)]
    if rng.random() < 0.03:
        tau[rng.randrange(1, K)] = tau[0]  # a clock that does not increase
    r = [float(rate.subs(rate.free_symbols.pop(), x)) if rate.free_symbols else 1.0 for x in tau]
    limit = rng.choice([None, 0.0, 0.0, 1.0, -0.5, 0.3])
    base = 0.0 if limit is None else limit
    p = rng.choice([0.5, 1.0, 2.0])
    C = rng.choice([-1, 1]) * 10 ** rng.uniform(-3, 1)
    shape = rng.choice(["rate", "constant", "walk", "exact", "flip", "rise", "collapse", "tiny", "plateau", "nan"])
    e = [C * abs(x) ** p for x in r]  # |r|: a rate negative on the clock (log log t below t = e) stays real
    if shape == "constant":
        e = [C] * K
    elif shape == "walk":
        e = list(itertools.accumulate(rng.gauss(0, abs(C)) for _ in range(K)))
    elif shape == "exact":
        k0 = rng.randrange(K)
        e = [v if k < k0 else 0.0 for k, v in enumerate(e)]
    elif shape == "flip":
        e = [v * (-1) ** k for k, v in enumerate(e)]
    elif shape == "rise":
        e = [C * (1 + k) ** rng.uniform(0.1, 2) for k in range(K)]
    elif shape == "collapse":
        e = [C * 0.5 ** (k * rng.uniform(1, 8)) for k in range(K)]
    elif shape == "tiny":
        e = [v * 1e-290 for v in e]
    elif shape == "plateau":
        e = [v + C * rng.choice([1e-3, 1e-8, 1e-14]) for v in e]
    elif shape == "nan":
        e[rng.randrange(K)] = rng.choice([math.nan, math.inf])
    q = [base + v for v in e]
    kw = dict(order=p, limit_tol=rng.choice([0.0, 0.0, 1e-3, 0.1]), floor=rng.choice([0.0, 0.0, 1e-12, 1e-4]),
              clock_label=rng.choice([None, "log(1/𝓛)"]), stated_rate=rng.random() < 0.5,
              two_sided=rng.random() < 0.3, log_factor=rng.choice(["", "", "", "a declared log factor"]))
    if rng.random() < 0.3:
        kw["order_tol"] = rng.choice([0.1, 0.5])
    if rng.random() < 0.2:
        kw["slowest"] = rate ** sp.Rational(1, 2)
    return tau, q, rate, sym, limit, kw


def _fuzz_judged(i: int):
    tau, q, rate, sym, limit, kw = fuzz(i)
    return judge(tau, q, rate, sym, limit, **kw)


def cases():
    """``(name, thunk)`` for every battery case, the first held-out draws and the odd inputs."""
    for row, fam, K, dec, tau in cal.cases():
        yield (f"{row.name} | {fam} | K={K} | {dec} dec",
               lambda r=row, f=fam, t=tau, k=K, d=dec: cal.run_one(r, f, t, k, d)[0])
    for i in range(N_HELDOUT):
        yield f"held-out {SEED}/{i}", (lambda i=i: H.judged(H.draw(SEED, i)))
    for i in range(N_FUZZ):
        yield f"fuzz {i}", (lambda i=i: _fuzz_judged(i))


def _recorded(thunk) -> list:
    try:
        return record(thunk())
    except Exception as exc:  # noqa: BLE001  (an odd input may be refused: which exception is part of the answer)
        return ["raised", type(exc).__name__, "", []]


def pins() -> dict:
    return {name: _recorded(thunk) for name, thunk in cases()}


def _same(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return math.isclose(a, b, rel_tol=RTOL, abs_tol=1e-300)


@pytest.fixture(scope="module")
def now():
    return pins()


def test_every_case_is_judged_as_pinned(now):
    want = json.loads(PINS.read_text(encoding="utf-8"))
    assert set(now) == set(want), ("cases added or removed: regenerate with python -m tests.judge."
                                   f"test_judgements_pinned ({sorted(set(now) ^ set(want))[:5]})")
    moved = []
    for name, (v, rule, h, nums) in now.items():
        v0, rule0, h0, nums0 = want[name]
        what = [w for w, ok in [("verdict", v == v0), ("rule", rule == rule0), ("text", h == h0),
                                ("numbers", len(nums) == len(nums0) and all(map(_same, nums, nums0)))] if not ok]
        if what:
            moved.append(f"{name}: {', '.join(what)} ({v0}/{rule0} → {v}/{rule})")
    assert not moved, f"{len(moved)} judgements moved, e.g. " + "; ".join(moved[:5])


def test_the_record_masks_numbers_and_keeps_them():
    class J:  # a judgement's fields, as the judge sets them
        holds, rule, oscillation, window, horizon_needed = False, "growth", None, [1e3, 1e4], None
        reason = "grew 2.5× over t ∈ [1e+03, 1e4]"
        observed_order = {"value": 0.5, "interval": [0.4, 0.6]}
        limit_estimate = {"value": math.nan, "interval": [math.nan, math.nan]}
    v, rule, h, nums = record(J)
    assert (v, rule) == ("violated", "growth")
    assert nums[:3] == [2.5, 1000.0, 10000.0] and nums[3:5] == [1000.0, 10000.0] and nums[-1] == "none"
    J.reason = "grew 2.6× over t ∈ [1e+03, 1e4]"
    assert record(J)[2] == h and record(J)[3][0] == 2.6  # the text's hash ignores its numbers; the numbers do not


if __name__ == "__main__":
    lines = [f"{json.dumps(k, ensure_ascii=False)}:{json.dumps(v, ensure_ascii=False, separators=(',', ':'))}"
             for k, v in pins().items()]  # a case a line: a regenerated file's diff names the cases that moved
    PINS.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"wrote {PINS}")
