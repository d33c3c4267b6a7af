"""The convergence-order judge (theory.asymptotic): exact synthetic sequences and its negative controls."""
import math

import pytest
import sympy as sp

from ibcheck.theory.asymptotic import Series, geometric, judge, three_point, two_point_orders
from ibcheck.theory.asymptotic_settled import settled
from ibcheck.theory.statement import Claim, Sym, lim

pytestmark = pytest.mark.machine  # outcome independent of the BLAS kernel and thread count (tests/machine_record.py)

t = sp.Symbol("t", real=True)
CK = geometric(1e2, 1e6, 9)  # 2 checkpoints per decade over 4 decades


def run(f, rate, limit, ck=CK, **kw):
    return judge(ck, [f(x) for x in ck], rate, "t", limit, **kw)


def test_power_law_order_and_limit_recovered():
    j = run(lambda x: 2 + 3 * x ** -1.0, 1 / t, 2.0)
    assert j.holds is True
    assert j.observed_order["value"] == pytest.approx(1.0, abs=1e-8)  # exact model: p_k = 1
    assert j.limit_estimate["value"] == pytest.approx(2.0, abs=1e-10)  # Richardson is exact for q∞ + C τ^−p
    lo, hi = j.limit_estimate["interval"]
    assert lo <= 2.0 <= hi and hi - lo < 1e-4


def test_log_rate_order_recovered():
    j = run(lambda x: 2 + 3 / math.log(x), 1 / sp.log(t), 2.0)
    assert j.holds is True
    assert j.observed_order["interval"][0] == pytest.approx(1.0, abs=1e-8)
    assert j.limit_estimate["value"] == pytest.approx(2.0, abs=1e-8)


def test_three_point_exact_on_any_grid():
    u = (1 / math.log(10.0), 1 / math.log(100.0), 1 / math.log(1000.0))
    p, L = three_point(u, tuple(5 - 2 * x ** 1.5 for x in u))
    # three-point extrapolation of an exact power law: exact up to the root-finder's width (~1e-12)
    assert p == pytest.approx(1.5, abs=1e-9) and L == pytest.approx(5.0, abs=1e-9)


def test_two_point_orders_exact():
    u = [1.0, 0.5, 0.25]
    assert two_point_orders(u, [x ** 2 for x in u]) == pytest.approx([2.0, 2.0])


def test_perturbed_limit_is_violated():
    # a slow approach (no collapse): only the fitted power law in the rate excludes the stated limit
    j = run(lambda x: 2.01 + 0.01 / math.log(x), 1 / sp.log(t), 2.0)
    assert j.holds is False and j.rule == "excluded-limit"
    # the power-law fit in the rate is exact on 2.01 + 0.01/log t: rounding of O(1) values (~1e-15)
    assert j.limit_estimate["value"] == pytest.approx(2.01, abs=1e-9)
    j = run(lambda x: 2.01 + 3 / x, 1 / t, 2.0)
    assert j.holds is False and "excludes the stated" in j.reason
    assert j.limit_estimate["value"] == pytest.approx(2.01, abs=1e-8)


def test_half_rate_is_violated():
    j = run(lambda x: 2 + 3 / math.sqrt(x), 1 / t, 2.0, stated_rate=True)
    assert j.holds is False and "slower rate" in j.reason
    assert j.observed_order["value"] == pytest.approx(0.5, abs=1e-8)


def test_half_rate_of_a_bare_limit_is_no_counterexample():
    # a bare "→ 2" states no rate: converging like t^−½ against the scale 1/t is converging (never refuted by order)
    j = run(lambda x: 2 + 3 / math.sqrt(x), 1 / t, 2.0)
    assert j.holds is True and j.observed_order["value"] == pytest.approx(0.5, abs=1e-8)


def test_truncated_run_is_inconclusive_without_a_guessed_horizon():
    # error grows until t ≈ 1e4 then decays like 1/t: stopped at 1e5, the orders are still turning and no fitted
    # model predicts when they settle — no horizon is quoted
    j = run(lambda x: 2 + 1 / (x + 1e8 / x), 1 / t, 2.0, ck=geometric(1.0, 1e5, 9))
    assert j.holds is None and "no decay window" in j.reason and "not decidable from this run" in j.reason
    assert j.horizon_needed is None
    # the same trajectory past its transient is verified
    assert run(lambda x: 2 + 1 / (x + 1e8 / x), 1 / t, 2.0, ck=geometric(1e2, 1e8, 13)).holds is True


def test_transient_is_inconclusive():
    # a plateau, then the stated decay from t = 1e5 on: only two orders past the plateau
    j = run(lambda x: 2 + 1e-3 * (1 if x < 1e5 else 1e5 / x), 1 / t, 2.0)
    assert j.holds is None and j.horizon_needed is None


def test_plateau_of_a_bare_limit_is_not_a_counterexample():
    # a plateau still drifts (here by 1e-6 per e-fold of t, or wobbling): no evidence either way for a bare limit
    for f in (lambda x: 2.5 + 1e-6 * math.log(x), lambda x: 2.5 + 1e-3 * math.sin(math.log(x))):
        j = run(f, 1 / t, 2.0)
        assert j.holds is None and "no decay window" in j.reason


def test_settled_away_from_the_limit_is_violated():
    """A sequence that stopped moving at float64 resolution (a frozen trainer: constant; a fixed wrong direction's
    alignment gap: changes collapsing geometrically to rounding) has reached its limit, elsewhere than stated."""
    j = run(lambda x: 2.5, 1 / t, 2.0)
    assert j.holds is False and "settled at 2.5" in j.reason
    assert j.limit_estimate["interval"] == pytest.approx([2.5, 2.5], abs=1.01e-7 * 0.5)  # STALL × the distance
    # measured: Ji–Telgarsky 2020's alignment check fed a fixed random direction
    gap = [1.1734781583337046, 1.156145680508511, 1.1511973674911826, 1.1509901986459248, 1.1509899177529834,
           1.1509899177528413, 1.150989917752841]
    j = judge(geometric(10, 1000, 7), gap, 1 / sp.log(t), "t", 0.0, floor=1e-14)
    assert j.holds is False and "settled" in j.reason
    lo, hi = j.limit_estimate["interval"]
    # its two still steps span 10^(2/3), less than a decade: no stall, Aitken's bound after the last real change
    # (2.8e-7, the tail's largest ratio 0.285), widened by F_s = 1.25, plus STALL × the distance
    d = [b - a for a, b in zip(gap, gap[1:])]
    r = max(abs(d[k + 1] / d[k]) for k in range(3))
    R = 1.25 * abs(d[3]) * r / (1 - r) + 1e-7 * gap[-1]
    assert lo <= gap[-1] <= hi and (hi - lo) / 2 == pytest.approx(R, rel=1e-9)


def test_not_settled_while_still_moving_or_slowing_down():
    # still moving by more than 1e-7 of the distance at the end; stopped but over less than a decade; at the limit
    assert "settled" not in run(lambda x: 2.5 + 1e3 * x ** -2.0, 1 / t, 2.0, ck=geometric(1e2, 1e4, 9)).reason
    short = [3.0, 2.8, 2.62, 2.5 + 1e-9, 2.5, 2.5, 2.5, 2.5, 2.5]  # changes ×0.9, ×0.67: halving over the last 7 of 9
    assert "settled" not in judge(geometric(1e2, 1e3, 9), short, 1 / t, "t", 2.0).reason
    assert run(lambda x: 2.0, 1 / t, 2.0, floor=1e-12).holds is True
    halving = [2.5 + 2.0 ** -k for k in range(9)]  # a geometric tail, but still moving by 4e-3 at the end
    assert settled(geometric(1e2, 1e4, 9), halving, points=5, span=10.0, safety=1.25, level=5e-8) is None
    assert settled(geometric(1e2, 1e4, 9), halving[:6] + [halving[5]] * 3, points=5, span=10.0, safety=1.25,
                   level=5e-8)[2] == 0


def test_plateau_of_a_stated_rate_is_violated():
    # the implied constant |e|/r grows 10⁴-fold over a stable window: contradicts O(r)
    assert run(lambda x: 2.5, 1 / t, 2.0, stated_rate=True).holds is False


def test_floor_reached_is_verified():
    j = run(lambda x: 2 + (1e-20 if x > 1e4 else 1 / x), 1 / t, 2.0, floor=1e-12)
    assert j.holds is True and "floor" in j.reason


def test_free_limit_converges_and_too_wide():
    j = run(lambda x: 2 + 3 / x, 1 / t, None, limit_tol=1e-3)
    # Richardson on q∞ + C/τ is exact up to rounding of O(1) values (~1e-15)
    assert j.holds is True and j.limit_estimate["value"] == pytest.approx(2.0, abs=1e-9)
    j = run(lambda x: 2 + 3 / x ** 0.5, 1 / t, None, limit_tol=1e-3, ck=geometric(1e2, 1e4, 9))
    assert j.holds is None and j.horizon_needed is not None  # the fitted t^−½ predicts where the band fits 1e-3
    h = j.horizon_needed
    assert run(lambda x: 2 + 3 / x ** 0.5, 1 / t, None, limit_tol=1e-3, ck=geometric(1e2, h, 9)).holds is True
    # 1/log t: the band would need t = e^9000 — not decidable from this run, no horizon quoted
    j = run(lambda x: 2 + 3 / math.log(x), 1 / sp.log(t), None, limit_tol=1e-3)
    assert j.holds is None and j.horizon_needed is None and "not decidable" in j.reason


def test_too_few_checkpoints_is_inconclusive():
    j = judge([1, 10, 100, 1000], [1, 0.1, 0.01, 0.001], 1 / t, "t", 0.0)
    assert j.holds is None and "needs ≥ 5" in j.reason


def _claim(kind="rate"):
    q = Sym("q", "q", "a series", "1")
    return Claim("x.y", "t", "x", (q,), (), (lim("q → 0", q.s, 0, clock="t", rate=1 / t, kind=kind),))


def test_wired_into_claim_evaluate():
    c = _claim()
    ok = c.evaluate({"q": Series(CK, [1 / x for x in CK])})
    assert ok["verdict"] == "verified"
    row = ok["conclusions"][0]
    for key in ("checkpoints", "values", "window", "observed_order", "limit_estimate", "horizon_needed"):
        assert key in row
    assert row["kind"] == "rate" and row["relation"] == "→"
    bad = c.evaluate({"q": Series(CK, [x ** -0.5 for x in CK])})
    assert bad["verdict"] == "violated" and "slower rate" in bad["reason"]
    short = c.evaluate({"q": Series(CK[:4], [1 / x for x in CK[:4]])})
    assert short["verdict"] == "inconclusive" and "not yet decided" in short["reason"]
    assert c.evaluate({})["verdict"] == "inconclusive"


def test_two_sided_theta_rejects_a_faster_order():
    # Θ(1/t) with a run decaying like 1/t²: the Ω side fails (a stable order 2 > 1 + 0.25)
    j = run(lambda x: 2 + x ** -2.0, 1 / t, 2.0, stated_rate=True, two_sided=True)
    assert j.holds is False and "faster than Θ" in j.reason
    assert run(lambda x: 2 + x ** -2.0, 1 / t, 2.0, stated_rate=True).holds is True  # O(1/t) alone holds
    assert run(lambda x: 2 + 3 / x, 1 / t, 2.0, stated_rate=True, two_sided=True).holds is True


def test_rate_may_use_measured_symbols():
    q, L = Sym("q", "q", "a series", "1"), Sym("L", "L", "a degree", "1")
    c = Claim("x.z", "t", "x", (q, L), (), (lim("q → 0", q.s, 0, clock="t", rate=t ** (-1 / L.s), kind="rate",
                                                two_sided=True),))
    assert c.evaluate({"q": Series(CK, [x ** -0.5 for x in CK]), "L": 2.0})["verdict"] == "verified"
    assert c.evaluate({"q": Series(CK, [x ** -0.5 for x in CK]), "L": 1.0})["verdict"] == "violated"  # too slow
    assert c.evaluate({"q": Series(CK, [x ** -0.5 for x in CK]), "L": 4.0})["verdict"] == "violated"  # too fast


def test_two_sided_uniformly_too_fast_tail():
    # a Θ(1/t) row fed a decay whose order wobbles in [1.7, 2.3] (never stable) above 1.25: never verified. It is
    # not refuted either since the "faster at every step" rule was removed (it refuted no resolvable case of the
    # battery or of the held-out draws that the inverse implied constant does not, and made 5 false alarms in 10 000
    # held-out draws on plateau exits and dips): the inverse constant t/(1 + 0.3 sin log t)·… wobbles, not steady
    j = run(lambda x: 2 + x ** -2 * (1 + 0.3 * math.sin(math.log(x))), 1 / t, 2.0, stated_rate=True, two_sided=True)
    assert j.holds is None and "neither levels nor grows steadily" in j.reason
    # the same decay without the wobble is refuted (by the stable-exponent rule)
    assert run(lambda x: 2 + x ** -2, 1 / t, 2.0, stated_rate=True, two_sided=True).holds is False


def test_limit_excluded_when_convergence_outpaces_the_scale():
    # q → 2.001 like t^{-1}, judged against the slow scale 1/log t: the three-point orders grow (no stable window)
    # but every fit converges faster than the scale, and the extrapolated limit excludes 2
    j = run(lambda x: 2.001 + 1 / x, 1 / sp.log(t), 2.0)
    assert j.holds is False and "excludes the stated" in j.reason
    assert j.limit_estimate["value"] == pytest.approx(2.001, abs=1e-5)
    assert run(lambda x: 2 + 1 / x, 1 / sp.log(t), 2.0).holds is True


# GD's norms with random directions (tests/discrimination lin_random) read as ‖ρ(t) − w̃‖ at the 13 checkpoints of
# Soudry et al. 2018's residual check: the tail falls 35.7 → 18.5 (orders 2.9, 1.3, 2.3, 9.4 against 1/log t, all
# ≥ 0.75), 10× the limit's scale
RANDOM_TAIL = [6.42520412887289, 2.3885389832126167, 20.185625051382146, 4.864455372680384, 25.588204377043066,
               2.494878358969364, 24.213623072868433, 7.244949109770767, 35.70801153167288, 30.216321961340928,
               28.811931528208643, 25.45037662592319, 18.485068430977332]


def test_random_sequence_is_not_verified():
    """'Every order above the stated one' over a short tail is not evidence: orders jumping 2.9 → 1.3 → 9.4 are noise."""
    for ck in (geometric(1e3, 1e6, 13), geometric(1e2, 1e6, 13)):
        for kw in ({}, {"stated_rate": True}):
            j = judge(ck, RANDOM_TAIL, 1 / sp.log(t), "t", 0.0, floor=1e-12, **kw)
            assert j.holds is not True, (j.reason, ck[0])


def test_super_convergence_needs_a_decade_and_non_decreasing_orders():
    # a geometric decay against 1/log t: orders grow steadily over 4 decades — a super-convergence window
    assert run(lambda x: 0.5 ** math.log10(x) * 3, 1 / sp.log(t), 0.0).holds is True
    # 1/t² against 1/log t: orders 2 ln t grow steadily (a rising decay window) and a power law in t fits exactly
    # with limit 0, even over less than a decade
    assert run(lambda x: x ** -2.0, 1 / sp.log(t), 0.0, ck=geometric(1e5, 5e5, 5)).holds is True
    assert run(lambda x: x ** -2.0, 1 / sp.log(t), 0.0, ck=geometric(1e5, 1e7, 5)).holds is True
    # falling errors whose orders jump between steps: not a regime over a short window (less than a decade of
    # decay); over four decades the error fell 34× at every step — a bare limit's decade of decay
    zig = [1.0, 0.5, 0.45, 0.2, 0.19, 0.08, 0.078, 0.03, 0.029]
    assert judge(CK[:5], zig[:5], 1 / sp.log(t), "t", 0.0).holds is not True
    assert judge(CK, zig, 1 / sp.log(t), "t", 0.0).holds is True
