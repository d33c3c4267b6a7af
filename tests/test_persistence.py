"""A conclusion failing under a threshold hypothesis (a stand-in for the source's unspecified constant) is a
counterexample only when the failure persists deeper inside that hypothesis (checks.persistence)."""
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
    assert why is None and "fades" in m.note


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
    assert why is not None and "q → 1 limit distance 0.2" in why, (why, m.note)


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
