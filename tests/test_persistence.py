"""A conclusion failing under a threshold hypothesis (a stand-in for the source's unspecified constant) is a
counterexample only when the failure persists deeper inside that hypothesis (checks.persistence)."""
import pytest
import sympy
import torch

from ibcheck.checks.base import CheckSpec, Context, Measurement
from ibcheck.checks.persistence import evidence
from ibcheck.theory import verdict as V
from ibcheck.theory.statement import Claim, Sym, ge, le

x, b, d = Sym("x", "x", "measured"), Sym("b", "b", "bound"), Sym("d", "d", "dimension")


sp_t = sympy.Symbol("t", real=True)


CLAIM = Claim(id="t", title="t", source="test", symbols=(x, b, d),
              hypotheses=(ge("d large", d.s, 100, provenance="threshold", reason="a level chosen here"),),
              conclusions=(le("x<=b", x.s, b.s, provenance="seed"),))


def spec(excess):
    """x = b + excess(d): the bound fails by ``excess(d)`` at dimension d; deeper = 10d, 100d."""
    def measure(ctx):
        dd = ctx.params["d"]
        return [Measurement(seed=s, values={"x": 1.0 + excess(dd), "b": 1.0, "d": dd}, quantities={})
                for s in ctx.seeds]
    return CheckSpec(claim=CLAIM, params={}, measure=measure, deeper=lambda p: [{"d": 10 * p["d"]},
                                                                                   {"d": 100 * p["d"]}])


def judge(excess, d0=1000):
    sp = spec(excess)
    ctx = Context(params={"d": d0}, seeds=[0], device=torch.device("cpu"))
    (m,) = sp.measure(ctx)
    ev = CLAIM.evaluate(m.values)
    assert ev["verdict"] == V.INCONCLUSIVE and ev["demoted"]
    return evidence(sp, ctx, m, ev, lambda prm, mm: mm.values), m


def test_a_failure_that_keeps_its_size_persists():
    why, _ = judge(lambda dd: 0.3 + 0.01 * 1000 / dd)
    assert why is not None and why.startswith("the same rows fail at the setting: x<=b relative slack -0.31")
    assert CLAIM.evaluate({"x": 1.31, "b": 1.0, "d": 1000}, persists=why)["verdict"] == V.VIOLATED


def test_a_failure_that_fades_like_sqrt_n_over_d_is_no_counterexample():
    why, m = judge(lambda dd: 0.036 * (4000 / dd) ** 0.5, d0=4000)
    assert why is None and m.note.startswith("deeper inside the hypothesis the failure fades (x<=b: extrapolated over "
                                             "the settings to 0): the setting: x<=b relative slack -0.036; "), m.note


def test_a_failure_that_disappears_deeper_is_no_counterexample():
    why, m = judge(lambda dd: 0.2 if dd < 50000 else -0.1)
    assert why is None and m.note.endswith("x<=b holds at d = 100000")


def test_half_the_slack_is_the_line():
    assert judge(lambda dd: 0.2 if dd == 1000 else 0.101)[0] is not None
    assert judge(lambda dd: 0.2 if dd == 1000 else 0.099)[0] is None


def test_a_failure_shrinking_to_a_nonzero_size_persists():
    """−10%, −3.9%, −1.9% at d, 10d, 100d extrapolates (three-point) to ≈ −0.9%: Roache's band around −1.9% does not
    reach 0, so the failure persists (it does not fade like √(n/d), whose extrapolation is 0)."""
    sizes = {1000: 0.10, 10000: 0.039, 100000: 0.019}
    why, _ = judge(lambda dd: sizes[dd])
    assert why is not None and "100000" in why


def test_an_undecided_deeper_row_is_no_evidence():
    """A deeper setting where the failing row cannot be computed (NaN) is no evidence — never "holds"."""
    why, m = judge(lambda dd: 0.3 if dd == 1000 else float("nan"))
    assert why is None and m.note.startswith("no persistence evidence") and "holds" not in m.note


def test_a_limit_row_is_sized_by_its_distance_from_the_stated_limit():
    """A limit row q → 1 whose run settles at 1.2 at every setting, with a transient whose exponent changes with d:
    its size is the distance of the limit interval from 1 (≈ 0.2 each time), not an order slack — it persists."""
    from ibcheck.theory.asymptotic import Series, geometric
    from ibcheck.theory.statement import lim
    q = Sym("q", "q", "a ratio")
    claim = Claim(id="t2", title="t2", source="test", symbols=(q, d),
                  hypotheses=(ge("d large", d.s, 100, provenance="threshold", reason="a level chosen here"),),
                  conclusions=(lim("q → 1", q.s, 1, clock="t", rate=1 / sp_t, provenance="seed"),))
    ck = geometric(1e2, 1e5, 7)

    def measure(ctx):
        a = {1000: 2.0, 10000: 1.2, 100000: 0.9}[ctx.params["d"]]  # the transient's exponent changes with d: an
        # order slack would shrink 1.25, 0.45, 0.15 and "fade"; the limit's distance stays 0.2
        s = Series(ck, [1.2 + (x / 100) ** -a for x in ck])
        return [Measurement(seed=x, values={"q": s, "d": ctx.params["d"]}, quantities={}) for x in ctx.seeds]
    spec_ = CheckSpec(claim=claim, params={}, measure=measure, deeper=lambda p: [{"d": 10 * p["d"]}, {"d": 100 * p["d"]}])
    ctx = Context(params={"d": 1000}, seeds=[0], device=torch.device("cpu"))
    (m,) = spec_.measure(ctx)
    ev = claim.evaluate(m.values)
    assert ev["verdict"] == V.INCONCLUSIVE and ev["demoted"], ev["reason"]
    why = evidence(spec_, ctx, m, ev, lambda prm, mm: mm.values)



y = Sym("y", "y", "measured")
CLAIM2 = Claim(id="t3", title="t3", source="test", symbols=(x, y, b, d),
               hypotheses=(ge("d large", d.s, 100, provenance="threshold", reason="a level chosen here"),),
               conclusions=(le("x<=b", x.s, b.s, provenance="seed"), le("y<=b", y.s, b.s, provenance="seed")))


def judge2(ex, ey):
    """Two deciding rows failing by ``ex[d]`` and ``ey[d]`` (negative: the row holds) at d = 1000, 10⁴, 10⁵."""
    def measure(ctx):
        dd = ctx.params["d"]
        return [Measurement(seed=s, values={"x": 1.0 + ex[dd], "y": 1.0 + ey[dd], "b": 1.0, "d": dd}, quantities={})
                for s in ctx.seeds]
    sp = CheckSpec(claim=CLAIM2, params={}, measure=measure, deeper=lambda p: [{"d": 10 * p["d"]}, {"d": 100 * p["d"]}])
    ctx = Context(params={"d": 1000}, seeds=[0], device=torch.device("cpu"))
    (m,) = sp.measure(ctx)
    ev = CLAIM2.evaluate(m.values)
    assert ev["verdict"] == V.INCONCLUSIVE and ev["demoted"]
    return evidence(sp, ctx, m, ev, lambda prm, mm: mm.values), m


def test_the_deepest_setting_decides_when_a_row_holds_only_there():
    """x and y fail at d and 10d; at 100d x has faded (0.3 → 0.3 → 0.01: below half its size) and y holds. The
    deepest setting fails only x, which fades: no counterexample. Comparing the first deeper setting instead (where
    y still fails, with no deepest size) would call it persistent."""
    why, m = judge2({1000: 0.3, 10000: 0.3, 100000: 0.01}, {1000: 0.3, 10000: 0.3, 100000: -0.1})
    assert why is None, why
    assert m.note.startswith("deeper inside the hypothesis the failure fades (x<=b:"), m.note


def test_a_row_that_fails_again_at_the_deepest_setting_persists():
    """x fails at every setting but fades at 100d; y fails at d, holds at 10d and fails again at 100d with its full
    size. The deepest setting still fails y, which keeps its size: persistent. Comparing the first deeper setting
    (which fails only the fading x) would call it faded."""
    why, _ = judge2({1000: 0.3, 10000: 0.3, 100000: 0.01}, {1000: 0.3, 10000: -0.1, 100000: 0.3})
    assert why is not None and why.startswith("the same rows fail at the setting: x<=b relative slack -0.3, "
                                              "y<=b relative slack -0.3"), why
    assert "d = 100000: x<=b relative slack -0.01, y<=b relative slack -0.3" in why, why


# ---- value-level tests of each branch (the mutation run's survivors: docs/mutation.md) --------------------------

def test_a_rows_size_is_its_relative_slack_or_its_limit_distance():
    """Bound row: slack/|rhs| (slack where rhs is 0 or missing); limit row: the distance of the extrapolated limit
    interval from the stated limit L, relative to |L| (absolute when L = 0); None when not computable."""
    from ibcheck.checks.persistence import _size
    assert _size({"slack": -0.3, "rhs": 0.5}) == pytest.approx(-0.6)
    assert _size({"slack": -0.3, "rhs": -2.0}) == pytest.approx(-0.15)
    assert _size({"slack": -0.3, "rhs": 0.0}) == -0.3 and _size({"slack": -0.3, "rhs": None}) == -0.3
    assert _size({"slack": None, "rhs": 1.0}) is None
    lim = lambda lo, hi, L: {"relation": "→", "limit_estimate": {"interval": [lo, hi]}, "rhs": L}  # noqa: E731
    assert _size(lim(0.6, 0.7, 0.5)) == pytest.approx(0.2)  # 0.1 from L = 0.5, relative
    assert _size(lim(0.1, 0.2, 0.5)) == pytest.approx(0.6)  # below L: L − hi
    assert _size(lim(0.4, 0.7, 0.5)) == 0.0  # the interval contains L
    assert _size(lim(0.1, 0.2, 0.0)) == pytest.approx(0.1)  # L = 0: absolute
    assert _size(lim(0.1, float("nan"), 0.5)) is None


def _ctx(d0=1000, data=None):
    return Context(params={"d": d0}, seeds=[0], device=torch.device("cpu"), data=data)


def _run(claim, measure, deeper, data=None):
    sp = CheckSpec(claim=claim, params={}, measure=measure, deeper=deeper)
    ctx = _ctx(data=data)
    (m,) = sp.measure(ctx)
    ev = claim.evaluate(m.values)
    return evidence(sp, ctx, m, ev, lambda prm, mm: mm.values), m


def _two_rows(ex, ey, inconclusive=None):
    def measure(ctx):
        dd = ctx.params["d"]
        inc = inconclusive(dd) if inconclusive else None
        return [Measurement(seed=s, values={"x": 1.0 + ex(dd), "y": 1.0 + ey(dd), "b": 1.0, "d": dd}, quantities={},
                            inconclusive=inc) for s in ctx.seeds]
    return measure


def test_user_data_cannot_be_redrawn():
    """With the user's data (``ctx.data``) no deeper setting can be drawn: no evidence, whatever the failure."""
    why, m = _run(CLAIM2, _two_rows(lambda d: 0.3, lambda d: 0.3), lambda p: [{"d": 10 * p["d"]}],
                  data=object())
    assert why is None and not m.note


def test_a_deeper_setting_the_check_calls_undecided_is_no_evidence_for_bound_rows():
    """The check's own "not decided" at the deeper setting (``md.inconclusive``) stops a bound row's evidence and
    says why."""
    from ibcheck.theory.outcomes import Inconclusive, Reason
    inc = lambda dd: Inconclusive(Reason.NOT_CONVERGED, "budget spent") if dd > 1000 else None  # noqa: E731
    why, m = _run(CLAIM2, _two_rows(lambda d: 0.3, lambda d: -0.1, inc), lambda p: [{"d": 10 * p["d"]}])
    assert why is None
    assert m.note == "no persistence evidence: the deeper setting d = 10000 is not decided (budget spent)"


def test_a_deeper_setting_outside_the_hypothesis_is_no_evidence():
    """A deeper setting where a hypothesis fails (here d large fails at d = 10): no evidence, with its reason."""
    why, m = _run(CLAIM2, _two_rows(lambda d: 0.3, lambda d: -0.1), lambda p: [{"d": 10}])
    assert why is None
    assert m.note.startswith("no persistence evidence: the deeper setting d = 10 is not decided (hypothesis fails: "
                             "d large"), m.note


def test_settings_with_several_parameters_and_a_named_level_are_listed_in_full():
    """Each deeper setting is named by all its parameters (numbers with %g, other values as they are)."""
    def deeper(p):
        return [{"d": 10 * p["d"], "init": "span"}, {"d": 100 * p["d"], "init": "span"}]
    why, _ = _run(CLAIM2, _two_rows(lambda d: 0.3, lambda d: -0.1), deeper)
    assert why == ("the same rows fail at the setting: x<=b relative slack -0.3; d = 10000, init = span: x<=b "
                   "relative slack -0.3; d = 100000, init = span: x<=b relative slack -0.3")


def test_every_undecided_and_every_fading_row_is_named():
    nan = float("nan")
    why, m = _run(CLAIM2, _two_rows(lambda d: 0.3 if d == 1000 else nan, lambda d: 0.3 if d == 1000 else nan),
                  lambda p: [{"d": 10 * p["d"]}])
    assert why is None
    assert m.note == "no persistence evidence: at the deeper setting d = 10000 x<=b, y<=b is not decided"
    why, m = _run(CLAIM2, _two_rows(lambda d: 0.3 if d == 1000 else -0.1, lambda d: 0.3 if d == 1000 else -0.1),
                  lambda p: [{"d": 10 * p["d"]}])
    assert why is None
    assert m.note == "deeper inside the hypothesis the failure fades: x<=b, y<=b holds at d = 10000"


def test_the_deepest_of_three_deeper_settings_decides():
    """Three deeper settings: x fades only at the deepest (0.3 → 0.01) where y holds: no counterexample. The
    second deeper setting (where y still fails) must not stand in for the deepest."""
    ex = {1000: 0.3, 10000: 0.3, 100000: 0.3, 1000000: 0.01}
    ey = {1000: 0.3, 10000: 0.3, 100000: 0.3, 1000000: -0.1}
    why, m = _run(CLAIM2, _two_rows(ex.get, ey.get), lambda p: [{"d": 10 ** k * p["d"]} for k in (1, 2, 3)])
    assert why is None and m.note.startswith("deeper inside the hypothesis the failure fades (x<=b:"), (why, m.note)


def test_an_undecided_deeper_run_still_counts_through_its_limit_rows():
    """A claim whose failing row is a limit row, beside a bound row that holds: a deeper run its check calls
    undecided is still read through the limit row (the judge asks positive evidence there) — only a failing bound
    row makes such a run no evidence."""
    from ibcheck.theory.asymptotic import Series, geometric
    from ibcheck.theory.outcomes import Inconclusive, Reason
    from ibcheck.theory.statement import lim
    q = Sym("q", "q", "a ratio")
    claim = Claim(id="t4", title="t4", source="test", symbols=(q, x, b, d),
                  hypotheses=(ge("d large", d.s, 100, provenance="threshold", reason="a level chosen here"),),
                  conclusions=(lim("q → 1", q.s, 1, clock="t", rate=1 / sp_t, provenance="seed"),
                               le("x<=b", x.s, b.s, provenance="seed")))
    ck = geometric(1e2, 1e5, 7)

    def measure(ctx):
        s = Series(ck, [1.2 + (t / 100) ** -1.0 for t in ck])
        inc = Inconclusive(Reason.NOT_CONVERGED, "budget spent") if ctx.params["d"] > 1000 else None
        return [Measurement(seed=k, values={"q": s, "x": 0.5, "b": 1.0, "d": ctx.params["d"]}, quantities={},
                            inconclusive=inc) for k in ctx.seeds]
    why, m = _run(claim, measure, lambda p: [{"d": 10 * p["d"]}, {"d": 100 * p["d"]}])
    assert why == ("the same rows fail at the setting: q → 1 limit distance 0.199; d = 10000: q → 1 limit distance "
                   "0.199; d = 100000: q → 1 limit distance 0.199"), (why, m.note)


def test_exactly_half_the_size_still_persists():
    """Without an extrapolation a failure fades only below half its size: exactly half (0.5 → 0.25, exact in
    binary) persists."""
    why, _ = judge(lambda dd: 0.5 if dd == 1000 else 0.25)
    assert why is not None and why.endswith("d = 100000: x<=b relative slack -0.25"), why


def test_every_fading_row_is_named_in_the_fade_note():
    fade = lambda dd: 0.036 * (4000 / dd) ** 0.5  # noqa: E731  (extrapolates to 0, as above)
    sp = CheckSpec(claim=CLAIM2, params={}, measure=_two_rows(fade, fade),
                   deeper=lambda p: [{"d": 10 * p["d"]}, {"d": 100 * p["d"]}])
    ctx = Context(params={"d": 4000}, seeds=[0], device=torch.device("cpu"))
    (m,) = sp.measure(ctx)
    why = evidence(sp, ctx, m, CLAIM2.evaluate(m.values), lambda prm, mm: mm.values)
    assert why is None
    assert m.note.startswith("deeper inside the hypothesis the failure fades (x<=b, y<=b: extrapolated over the "
                             "settings to 0): the setting: x<=b relative slack -0.036, y<=b relative slack -0.036; "), m.note


def test_the_extrapolation_reads_the_three_deepest_sizes():
    """Four sizes: the first three (10%, 3.9%, 1.9%) shrink towards ≈ 0.9% — persistent on their own — but the three
    deepest (3.9%, 1.9%, 0.926%, geometric) extrapolate to 0: the failure fades."""
    sizes = {1000: 0.10, 10000: 0.039, 100000: 0.019, 1000000: 0.019 ** 2 / 0.039}
    sp = CheckSpec(claim=CLAIM, params={}, measure=spec(sizes.get).measure,
                   deeper=lambda p: [{"d": 10 ** k * p["d"]} for k in (1, 2, 3)])
    ctx = Context(params={"d": 1000}, seeds=[0], device=torch.device("cpu"))
    (m,) = sp.measure(ctx)
    why = evidence(sp, ctx, m, CLAIM.evaluate(m.values), lambda prm, mm: mm.values)
    assert why is None and m.note.startswith("deeper inside the hypothesis the failure fades (x<=b:"), (why, m.note)


def test_a_growing_failure_persists():
    """10%, 20%, 40%: a failure growing geometrically deeper inside — its three-point 'limit' (0, a negative
    exponent) must not be read as fading."""
    sizes = {1000: 0.1, 10000: 0.2, 100000: 0.4}
    why, _ = judge(sizes.get)
    assert why is not None and why.endswith("d = 100000: x<=b relative slack -0.4"), why


def test_a_size_that_cannot_be_computed_is_shown_as_na():
    from ibcheck.checks.persistence import _g
    assert _g(None) == "n/a" and _g(0.123456) == "0.123" and _g(-2.5e-7) == "-2.5e-07"
