"""Value-level tests for theory/asymptotic_alternatives.py written for the mutation run's survivors (mutants/
triage_judge_alternatives*.py)."""
import dataclasses
import math
import typing
from types import SimpleNamespace

import pytest

from ibcheck.theory import asymptotic_alternatives as A
from ibcheck.theory.asymptotic_fit import Fit

COEF_REASON = "the stated limit moved by the row's resolution (threshold: a tenth)"


def cond(kind="limit", atol=0.0, floor=0.0, **kw):
    """A condition as ``generic``/``assess`` read it (only the fields they use)."""
    return SimpleNamespace(kind=kind, atol=atol, floor=floor, **kw)


def test_alternative_is_frozen_with_empty_reason_and_typed_order():
    a = A.Alternative("order", "o", order=0.5)
    assert a.reason == "" and a.value is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.order = 0.25
    assert typing.get_type_hints(A.Alternative)["order"] == (float | None)


def test_alternative_rejects_an_unknown_kind_or_a_missing_value_with_its_name():
    with pytest.raises(ValueError, match=r"^alternative 'g': kind must be one of \('limit'"):
        A.Alternative("geometry", "g", 1.0)
    for kind in ("limit", "coefficient", "reference"):
        with pytest.raises(ValueError, match=rf"^alternative 'n': a {kind} alternative needs a value$"):
            A.Alternative(kind, "n")


def test_constructors_name_and_reason():
    w = A.wrong_limit(0.5)
    assert (w.kind, w.name, w.value, w.reason) == ("limit", "the limit 0.5", 0.5, "")
    assert A.wrong_limit(0.5, "ℓ∞", "why").name == "ℓ∞" and A.wrong_limit(0.5, "ℓ∞", "why").reason == "why"
    c = A.coefficient(2.0)
    assert (c.kind, c.name, c.value, c.reason) == ("coefficient", "coefficient ×2", 2.0, "")
    r = A.reference("ℓ2", 0.25)
    assert (r.kind, r.name, r.value, r.reason) == ("reference", "ℓ2", 0.25, "")


def test_generic_coefficients_keep_a_tenth_against_the_tolerance_times_the_limit():
    # |f − 1|·|q∞| = 0.2 ≥ move = 0.1 at q∞ = 2 (a tenth of 2 is wider than two bands of 0.05)
    alts = A.generic(cond(atol=0.05), 2.0)
    assert [(a.kind, a.name, a.value, a.reason) for a in alts] == [
        ("coefficient", "the coefficient ×0.9", 0.9, COEF_REASON),
        ("coefficient", "the coefficient ×1.1", 1.1, COEF_REASON)]


def test_generic_coefficients_widened_to_two_bands_over_the_limit():
    # move = 2·0.25 = 0.5 at q∞ = 2: the factor moves by move/|q∞| = 0.25 (all exact in binary)
    assert [a.value for a in A.generic(cond(atol=0.25), 2.0)] == [0.75, 1.25]


def test_generic_coefficients_at_a_subnormal_limit_without_tolerance():
    # move = 0 and a tenth of 5e-324 rounds to 0 ≥ 0: the tenth stands (never a factor of 1, the stated answer)
    assert [a.value for a in A.generic(cond(), 5e-324)] == [0.9, 1.1]


def test_generic_zero_moves_by_two_bands_of_tolerance_plus_floor():
    # move = 2·(0.25 + 0.125) = 0.75
    alts = A.generic(cond(atol=0.25, floor=0.125), 0.0)
    assert [(a.kind, a.name, a.value, a.reason) for a in alts] == [
        ("limit", "the limit -0.75", -0.75, "0 moved by twice the row's tolerance"),
        ("limit", "the limit +0.75", 0.75, "0 moved by twice the row's tolerance")]


def test_generic_rate_alternatives_and_their_reasons():
    # order 1.25 > ½: half an order slower is 0.75 (p/2 would be 0.625); a cond without log_factor gets the log one
    alts = A.generic(cond(kind="rate", order=1.25), 0.0)
    assert [(a.kind, a.name, a.order, a.reason) for a in alts] == [
        ("order", "order 0.75", 0.75, "half an order slower"),
        ("log-factor", "an extra log factor r·log(1/r)", None,
         "a log factor is the content of many rates (log log t/log t against 1/log t)")]
    assert [a.kind for a in A.generic(cond(kind="rate", order=1.25, log_factor="log"), 0.0)] == ["order"]


def judged(values, rule="power", interval=None, checkpoints=None, window=None):
    """A judgement as the alternatives read it (only the fields they use)."""
    est = {} if interval is None else {"interval": interval}
    return SimpleNamespace(values=values, rule=rule, limit_estimate=est,
                           checkpoints=checkpoints or [2.0 ** k for k in range(len(values))], window=window)


def test_band_of_a_reached_limit_spans_the_last_value_and_the_limit():
    # res = max(floor, |q_K − q∞|) = 0.5 around [min, max](q_K, q∞)
    assert A._band(judged([4.0, 0.25, 1.5], "reached"), 1.0, 0.0, 0.125) == (0.5, 2.0)
    assert A._band(judged([0.0, 3.0, 0.5], "reached"), 1.0, 0.0, 0.125) == (0.0, 1.5)
    # within the floor of the limit: the floor is the band
    assert A._band(judged([4.0, 1.0], "reached"), 1.0, 0.0, 0.125) == (0.875, 1.125)


def test_band_from_the_estimate_or_the_remaining_distance():
    assert A._band(judged([4.0, 3.0, 1.5], interval=[0.5, 2.0]), 1.0, 0.0, 0.0) == (0.5, 2.0)
    # no finite interval (or half of one): q∞ ± F_s·|q_K − q∞| = 1 ± 1.25·0.5
    for interval in (None, [0.5, math.nan], [math.nan, 2.0]):
        assert A._band(judged([4.0, 3.0, 1.5], interval=interval), 1.0, 0.0, 0.0) == (0.375, 1.625)


def fit(exps, limits, C=1.0, ok=True):
    """A window fit of ``q = L' + C z^a`` (a: the last exponent, L': the last limit) as ``window_fit`` returns it."""
    return Fit("", tuple(exps), tuple(limits), math.nan, math.nan, limits[-1], math.nan, C, exps[-1], ok)


def horizon(monkeypatch, r, tau, alt, tol=0.0, checkpoints=(1.0, 2.0, 4.0, 8.0, 16.0), u=lambda x: x ** -0.5):
    """``_limit_horizon`` with the two window fits given (each labelled with the model it is asked for)."""
    fits = iter([r, tau])  # in the order asked for: the rate model, then the clock model
    monkeypatch.setattr(A, "window_fit", lambda z, q, model: dataclasses.replace(next(fits), model=model))
    j = judged([0.0] * len(checkpoints), checkpoints=list(checkpoints))
    return A._limit_horizon(j, u, alt, tol)


STEADY_A2 = fit((2.0, 2.0, 2.0), (0.9375, 1.0, 1.0))  # drift 0, spread 1/16, L' = 1, C = 1, a = 2
WANDERING = fit((1.0, 2.0, 3.0), (1.0, 1.0, 1.0))  # drift 2/3


def test_horizon_of_the_clock_model_net_of_tolerance_and_spread(monkeypatch):
    # gap = |alt − 1| − ¼ − 1/16 = 1.25·2^-10 ⇒ z = (gap/(F_s·1))^(1/2) = 2^-5 ⇒ τ = 1/z = 32 (binary-exact)
    h = horizon(monkeypatch, WANDERING, STEADY_A2, 1.0 + 0.25 + 0.0625 + 1.25 * 2.0 ** -10, tol=0.25)
    assert h == pytest.approx(32.0, rel=1e-12)  # pow(2^-10, ½) is exact; the margin covers a libm's last bit


def test_horizon_of_the_rate_model_solves_its_clock(monkeypatch):
    # the r model is the steadier: r(τ) = τ^-½ = z = 2^-5 ⇒ τ = 1024 (bisection to ~1e-16 in log τ)
    h = horizon(monkeypatch, STEADY_A2, WANDERING, 1.0 + 0.25 + 0.0625 + 1.25 * 2.0 ** -10, tol=0.25)
    assert h == pytest.approx(1024.0, rel=1e-9)


def test_horizon_searched_from_the_last_checkpoint(monkeypatch):
    # checkpoints below 1/e: a search started there would run its bracket to τ = 0 (r(0) undefined)
    h = horizon(monkeypatch, STEADY_A2, WANDERING, 1.0 + 0.25 + 0.0625 + 1.25 * 2.0 ** -10, tol=0.25,
                checkpoints=(0.0625, 0.125, 16.0))
    assert h == pytest.approx(1024.0, rel=1e-9)


def test_horizon_only_from_a_steady_model(monkeypatch):
    alt = 1.0 + 0.25 + 0.0625 + 1.25 * 2.0 ** -10
    # drift exactly HORIZON_DRIFT ((1.25 − 1.1875)/1.25 = 0.05 in floats) is steady enough (≤, the module docstring)
    edge = fit((1.1875, 1.25, 1.25), (1.0, 1.0, 1.0))
    # gap = 1.25·2^-10 ⇒ z = (2^-10)^0.8 = 2^-8 ⇒ τ = 256
    assert horizon(monkeypatch, WANDERING, edge, 1.0 + 1.25 * 2.0 ** -10) == pytest.approx(256.0, rel=1e-12)
    # drift ¼ (between the 5% of a prediction and the judge's other steadiness bounds): no prediction
    assert horizon(monkeypatch, WANDERING, fit((1.5, 2.0, 2.0), (0.9375, 1.0, 1.0)), alt, tol=0.25) is None


def test_horizon_none_at_zero_gap_and_kept_at_unit_constant(monkeypatch):
    # |alt − L'| = tol + spread exactly: the band already reaches alt, nothing to predict
    assert horizon(monkeypatch, WANDERING, STEADY_A2, 1.0 + 0.25 + 0.0625, tol=0.25) is None
    # C = 1 (STEADY_A2) is a constant like any other; C = 0 predicts nothing
    assert horizon(monkeypatch, WANDERING, fit((2.0, 2.0, 2.0), (1.0, 1.0, 1.0), C=0.0), 1.5) is None


def test_horizon_must_lie_past_the_last_checkpoint(monkeypatch):
    one = fit((1.0, 1.0, 1.0), (1.0, 1.0, 1.0))  # a = 1, C = 1, spread 0
    # gap = 1.25/16 ⇒ z = 1/16 ⇒ τ = 16, the last checkpoint itself: not a horizon
    assert horizon(monkeypatch, WANDERING, one, 1.0 + 1.25 / 16) is None
    # gap = 1.25/10 ⇒ τ = 10, already past: none
    assert horizon(monkeypatch, WANDERING, one, 1.0 + 1.25 / 10) is None


def test_horizon_from_fits_of_the_series_itself():
    # q = 1 + 1/τ on τ = 2 … 256 with r = 1/log τ: the clock model fits exactly (C = 1, a = 1), the 1/log τ one
    # does not; gap = 1.25/1024 ⇒ τ = 1024 (root-found exponent: the tolerance covers its ~1e-13)
    tau = [2.0 ** k for k in range(1, 9)]
    j = judged([1.0 + 1.0 / x for x in tau], checkpoints=tau)
    assert A._limit_horizon(j, lambda x: 1.0 / math.log(x), 1.0 + 1.25 / 1024, 0.0) == pytest.approx(1024.0, rel=1e-6)


def test_assess_an_alternative_within_a_few_ulps_coincides():
    # |v − q∞| ≤ tol + floor + 4·2^-52·max(|v|, |q∞|): 1 and 3 ulps of 1 are the stated answer, 5 ulps are not
    alts = tuple(A.reference(f"{n} ulps", 1.0 + n * 2.0 ** -52) for n in (1, 3, 5))
    j = SimpleNamespace(**vars(judged([2.0, 1.5])), holds=False)
    rows = {r["name"]: r for r in A.assess(cond(alternatives=alts), j, lambda x: 1.0 / x, 1.0, float, "t")}
    for n in (1, 3):
        assert rows[f"{n} ulps"]["evidence"] == "coincides with the stated answer 1 here: not a wrong answer at this " \
                                                "setting" and A.coincident(rows[f"{n} ulps"])
    assert rows["5 ulps"]["excluded"] is False and not A.coincident(rows["5 ulps"])


def order_evidence(q, tau, window=None, p=1.0, g=lambda r: r ** 0.5, u=lambda x: 1.0 / x):
    """``_order_evidence`` of ``q`` against the limit 0 (an order-½ alternative by default)."""
    return A._order_evidence(judged(q, checkpoints=tau, window=window), u, 0.0, p, g)


def test_order_evidence_reads_the_tail_envelope_from_the_window():
    # |e| = 8, ⅛, ¼, 2^-6, 2^-5, 2^-6 on τ = 1 … 32: its envelope ¼ at τ = 2 (the window's start; c = 8 before it is
    # not level), 2^-6 at the end: the order-½ constant |e|·τ^½ fell (¼·√2)/(2^-6·√32) = 4
    fall, h, k0 = order_evidence([8.0, 0.125, 0.25, 2.0 ** -6, 2.0 ** -5, 2.0 ** -6],
                                 [2.0 ** k for k in range(6)], window=[2.0, 32.0])
    assert (fall, h, k0) == (pytest.approx(4.0, rel=1e-12), None, 1)


def test_order_evidence_starts_at_the_first_checkpoint_without_a_window():
    # c = |e|·τ = 8, 1, 1, 1: nothing level before τ = 1; the constant fell 8/(⅛·√8) = 16·√2
    fall, h, k0 = order_evidence([8.0, 0.5, 0.25, 0.125], [1.0, 2.0, 4.0, 8.0])
    assert (fall, h, k0) == (pytest.approx(16 * math.sqrt(2), rel=1e-12), None, 0)


def test_order_evidence_predicts_from_the_stated_constant_at_its_order():
    # e = τ^-2 (p = 2, c = 1 level) against order 1.5: |e|/r^1.5 = τ^-½ fell √3 < 2 over τ ∈ [1, 3]; the stated
    # model predicts the fall reaches 2 where τ^-½ = ½: τ = 4 (bisection in log τ to ~1e-16)
    fall, h, k0 = order_evidence([1.0, 1 / 2.25, 0.25, 1 / 9], [1.0, 1.5, 2.0, 3.0], p=2.0, g=lambda r: r ** 1.5)
    assert (fall, h, k0) == (pytest.approx(math.sqrt(3), rel=1e-12), pytest.approx(4.0, rel=1e-9), 0)


def test_order_evidence_stops_the_level_stretch_where_the_rate_vanishes():
    # r(τ) = (τ − 1)/τ² is 0 at τ = 1: no stated constant there (NaN), so the stretch from τ = 4 back ends at τ = 2
    u = lambda x: (x - 1) / x ** 2  # noqa: E731
    tau = [1.0, 2.0, 4.0, 8.0, 16.0]
    log_factor = lambda r: r * math.log(1 / r) if 0 < r < 1 else math.nan  # noqa: E731
    fall, h, k0 = order_evidence([1.0] + [u(x) for x in tau[1:]], tau, window=[4.0, 16.0], g=log_factor, u=u)
    # |e|/(r log 1/r) = 1/log(1/r): log(256/15)/log 4
    assert (fall, k0) == (pytest.approx(math.log(256 / 15) / math.log(4), rel=1e-12), 1)


def test_order_evidence_window_at_the_last_checkpoint_walks_back_over_the_level_stretch():
    # c = |e|·τ = 1 everywhere: level back to the first checkpoint; fall = (1·1)/(⅛·√8) = 2√2
    fall, h, k0 = order_evidence([1.0, 0.5, 0.25, 0.125], [1.0, 2.0, 4.0, 8.0], window=[8.0, 8.0])
    assert (fall, h, k0) == (pytest.approx(2 * math.sqrt(2), rel=1e-12), None, 0)


def test_order_evidence_a_vanished_error_is_no_level_constant():
    # the series reaches the limit at τ = 4: c = 0 there is not a level constant (no stretch, no evidence)
    fall, h, k0 = order_evidence([0.5, 0.25, 0.0, 0.0], [1.0, 2.0, 4.0, 8.0], window=[8.0, 8.0])
    assert math.isnan(fall) and (h, k0) == (None, 3)
