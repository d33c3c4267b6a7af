"""Held-out families for the asymptotic judge: random sequences of known truth that the rules were not built on.

The battery (``theory.asymptotic_calibration``) is what the rules are developed against; these families are drawn
from a seed (``draws(seed, n)``) so that a rule fitted to the battery meets sequences it has never seen. Each draw
is a random **row** — a clock (t, or a log clock: log T, log(1/𝓛), log t), a rate r(τ) (τ^−p for random p, 1/τ,
log τ/τ, log²τ/τ, (1/log τ)^k, 1/log log τ, log log τ/log τ), a kind (bare limit, O(r^p), Θ(r^p)) with a random
stated order p, limit q∞ and ``limit_tol``; bare limits declare a slowest admissible mode half of the time — fed a
random **family**, K ∈ [5, 25] checkpoints over 1–6 decades from a random τ₀:

* correct: the stated rate, a second-order term, a shifted clock or time origin, a faster decay, humps / dips /
  plateaus of any height, width and place, staircases, oscillations ``r(1 + a(−1)^k)`` and slower periods (in
  checkpoints or in decades), alternation across the limit, rounding noise, a relative scatter σ ∈ [1e-5, 1e-2];
  on bare limits slower approaches (r^a, r·log(1/r), 1/log(1/r), and the declared slowest mode: 1/log log τ,
  1/log log log τ …) and a limit within ``limit_tol``;
* wrong: a wrong limit approached at the rate (smoothly or with a scatter σ), as a power of τ, exponentially, from
  the stated limit's side; half the order, the order p − ½, an extra log factor ``r^p·log(1/r)`` passed as O(r^p),
  a faster order on Θ rows, divergence (log, log log, power), a frozen or jittered constant, a persistent
  alternation ``q∞ + c(−1)^k`` or oscillation of a slower period.

**Resolvable** (a wrong draw a perfect judge could tell from its run) is decided from the closed form, never by the
judge or its constants (they are what is measured: the sensitivity table moves them):

1. a wrong limit ``q∞ + δ``, excluded distance ``D = |δ| − limit_tol > 0``: (a) the last checkpoint is ``RESOLVE``
   (3) times closer to the wrong limit than D (the battery's criterion), and (b) the row's slowest admissible mode
   ``u`` carrying D would have moved the run's last decade by more than it moved:
   ``D·(u(τ_w)/u(τ_K) − 1) > |q_w − q_K|``, τ_w the first checkpoint ≥ τ_K/10 (else τ₀). Without (b) the correct
   sequence ``q∞ + D·u/u(τ_K)`` passes through the last value and moves as much as the data did: no judge can tell
   the offset from the slow mode. ``u`` is ``r^p`` on rate rows (an O(r^p) error decays at least that fast), the
   declared mode on bare rows, else ``1/log(1/r)`` (the slowest correct family drawn for undeclared bare rows);
2. a wrong order (half order, p − ½, an extra log factor, a faster order on Θ): the implied constant ``|e|/r^p``
   changed ≥ ``GREW`` (2×) from the first to the last checkpoint (the criterion a log factor absorbed into O(r) must meet);
3. a divergence: ``|e|`` rose at each of the last ≥ 4 checkpoints, spanning ≥ a decade, by ≥ ``RISE`` (1.5×) —
   a steady trend over a decade, not one step's wiggle;
4. a frozen or jittered constant at a distance D > 0: always;
5. a persistent oscillation of amplitude ``c`` (its realised half-range over the last period): the run covers one
   full period (P ≤ K − 1 checkpoints) and the decaying part at the last checkpoint is ≤ ``(c − limit_tol)/RESOLVE``;
and in every case the error at one of the last two checkpoints exceeds ``ROUNDING`` of the largest |q|: a computed
quantity carries about that much rounding, so a smaller error is no evidence either way.

``measure(seed, n)``: verdict counts per family and the published rates.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

RESOLVE = 3.0  # a wrong limit is resolved once the run is three times closer to it than the excluded distance
GREW = 2.0  # a wrong order is resolved once the implied constant |e|/r^p changed 2× over the run
RISE = 1.5  # a divergence is resolved once |e| rose 1.5× over ≥ 4 rising checkpoints spanning a decade
ROUNDING = 2.0 ** -40  # ~4000 ulp: the rounding a quantity computed by sums, norms and ratios may carry
CLOCKS = (("t", "t", (1.0, 3.0)), ("log_T", "log T", (0.7, 2.0)), ("ell", "log(1/𝓛)", (0.7, 2.0)),
          ("s", "log t", (0.7, 1.5)))  # symbol, label, log₁₀ range of τ₀


@dataclass(frozen=True)
class Draw:
    """One held-out case: the row (``rate`` sympy in ``clock``, ``kind`` limit/O/Θ, ``order``, ``limit``,
    ``limit_tol``, declared ``slowest`` or None), the checkpoints, the truth (``cls``: correct / resolvable /
    unresolvable), its ``family`` and ``group`` (oscillating-convergence, persistent-oscillation or "")."""

    family: str
    cls: str
    group: str
    kind: str
    rate: object
    clock: str
    label: str
    order: float
    limit: float
    limit_tol: float
    slowest: object
    tau: tuple
    q: tuple
    per_period: float = math.nan  # checkpoints per period of an oscillation


@lru_cache(maxsize=512)
def _fn(expr, sym: str):
    return sp.lambdify([sp.Symbol(sym, real=True)], expr, "math")


_POWERS = [sp.Rational(1, 2), 1, sp.Rational(3, 2), 2]


@lru_cache(maxsize=None)
def _expr(sym: str, k: int, a) -> tuple:
    """Rate ``k`` of the module docstring in the clock ``sym`` (``a``: its exponent), its least τ₀, and the slowest
    modes a bare row may declare for it (sympy is slow to build: each is built once)."""
    x = sp.Symbol(sym, real=True)
    rate, tmin = [(x ** -a, 2.0), (1 / x, 2.0), (sp.log(x) / x, 4.0), (sp.log(x) ** 2 / x, 10.0),
                  (sp.log(x) ** -a, 3.0), (1 / sp.log(sp.log(x)), 20.0),
                  (sp.log(sp.log(x)) / sp.log(x), 20.0)][k]
    modes = (rate, sp.sqrt(rate), 1 / sp.log(sp.log(x)), 1 / sp.log(sp.log(sp.log(x))))
    return rate, tmin, modes


def _row(rng: random.Random) -> dict:
    sym, label, (lo, hi) = rng.choice(CLOCKS)
    k = rng.randrange(7)
    a = sp.Rational(rng.randint(4, 40), 20) if k == 0 else rng.choice(_POWERS) if k == 4 else 1
    rate, tmin, modes = _expr(sym, k, a)
    kind = rng.choice(["limit", "O", "O", "Θ"])
    order = 1.0 if kind == "limit" or rng.random() < 0.5 else rng.choice([0.5, 2.0, round(rng.uniform(0.3, 2.0), 2)])
    limit = rng.choice([0.0, 0.0, 1.0, round(rng.uniform(-3, 3), 3)])
    tau0 = max(10 ** rng.uniform(lo, hi), tmin)
    dec = rng.uniform(1.0, 6.0)
    K = rng.randint(5, 25)
    tau = [tau0 * 10 ** (dec * k / (K - 1)) for k in range(K)]
    slowest = None
    if kind == "limit" and rng.random() < 0.5:  # a declared slowest mode, from the row's derivation
        slowest = rng.choice(modes if tau0 >= 30 else modes[:3])
    return dict(sym=sym, label=label, rate=rate, kind=kind, order=order, limit=limit, tau=tau, K=K, dec=dec,
                slowest=slowest)


def _vals(expr, sym: str, tau: list) -> list:
    f, out = _fn(expr, sym), []
    for t in tau:
        try:
            out.append(float(f(t)))
        except (ValueError, ZeroDivisionError, OverflowError):
            out.append(math.nan)
    return out


def _scatter(rng: random.Random, n: int) -> list:
    """Factors ``1 + σξ_k``, ξ uniform on [−1, 1], σ log-uniform on [1e-5, 1e-2]."""
    sig = 10 ** rng.uniform(-5, -2)
    return [1 + sig * rng.uniform(-1, 1) for _ in range(n)]


def _decreasing(v: list) -> bool:
    return all(math.isfinite(a) and a > 0 for a in v) and all(b < a for a, b in zip(v, v[1:]))


# ---- the families ------------------------------------------------------------------------------------------------
def _correct(rng: random.Random, c: dict):
    """A correct error sequence ``e_k`` (q = q∞ + e), its family name, group and checkpoints per period."""
    tau, u, K, C, lg = c["tau"], c["u"], c["K"], c["C"], math.log10
    u0, kind = u[0], c["kind"]
    opts = ["exact", "second order", "shifted clock", "shifted 1/r", "hump", "dip", "plateau", "staircase",
            "alternating (−1)^k", "oscillation, period in checkpoints", "oscillation, period in decades",
            "alternating across the limit", "rounding noise", "scatter"]
    if kind != "Θ":
        opts += ["faster", "faster"]
    if kind == "limit":  # slower than the rate only where no slowest mode is declared (the derivation excludes it)
        opts += ["slowest mode (bare)", "within limit_tol"] + ([] if c["declared"] else ["slower (bare)"] * 2)
    fam, per = rng.choice(opts), math.nan
    if fam == "exact":
        e = [C * v for v in u]
    elif fam == "second order":
        b = rng.uniform(-0.6, 3.0)
        e = [C * v * (1 + b * v / u0) for v in u]
    elif fam == "shifted clock":
        s = rng.uniform(0.3, 5.0)
        e = [C * v for v in c["u_at"]([t + s * tau[0] for t in tau])]
    elif fam == "shifted 1/r":
        b = rng.uniform(-0.6, 2.0)
        e = [C / (1 / v + b / u0) for v in u]
    elif fam == "faster":
        a = rng.uniform(0.3, 1.5)
        e = [C * v * (v / u0) ** a for v in u] if rng.random() < 0.5 else [C * v * (tau[0] / t) ** a
                                                                            for v, t in zip(u, tau)]
    elif fam == "hump":  # a Gaussian bump in log τ of any height, width and place (before, in, past the window)
        H, sig = 10 ** rng.uniform(math.log10(1.2), math.log10(6.0)), rng.uniform(0.15, 2.0)
        pk = rng.uniform(lg(tau[0]) - 1, lg(tau[-1]) + 1)
        e = [C * v * (1 + (H - 1) * math.exp(-0.5 * ((lg(t) - pk) / sig) ** 2)) for v, t in zip(u, tau)]
    elif fam == "dip":  # a leading component through 0 at τ_x while a small one stays
        a, eps = rng.uniform(0.2, 1.0), rng.uniform(0.1, 0.6)
        tx = 10 ** rng.uniform(lg(tau[0]), lg(tau[-1]))
        e = [C * v * math.hypot(1 - (tx / t) ** a, eps) for v, t in zip(u, tau)]
    elif fam == "plateau":  # a bounded factor P that leaves at τ_p with steepness m
        P, m = rng.uniform(1.0, 20.0), rng.uniform(1.0, 8.0)
        tp = 10 ** rng.uniform(lg(tau[0]), lg(tau[0]) + 0.8 * (lg(tau[-1]) - lg(tau[0])))
        e = [C * v * (1 + P / (1 + (t / tp) ** m)) for v, t in zip(u, tau)]
    elif fam == "staircase":  # the rate held over steps of ratio b < 10 (a grid may sample the steps in step;
        # a flat step over a decade is a frozen run to any judge)
        b, ph = 10 ** rng.uniform(0.2, 0.9), rng.uniform(0, 1)
        held = [tau[0] * b ** (math.floor(math.log(t / tau[0], b) + ph) - ph) for t in tau]
        e = [C * v for v in c["u_at"]([max(h, tau[0]) for h in held])]
    elif fam == "alternating (−1)^k":  # a step-size oscillation, as at the edge of stability
        a = rng.uniform(0.1, 0.9)
        e, per = [C * v * (1 + a * (-1) ** k) for k, v in enumerate(u)], 2.0
    elif fam == "oscillation, period in checkpoints":
        a, per, ph = rng.uniform(0.1, 0.9), rng.uniform(2.5, 12.0), rng.uniform(0, 2 * math.pi)
        e = [C * v * (1 + a * math.sin(2 * math.pi * k / per + ph)) for k, v in enumerate(u)]
    elif fam == "oscillation, period in decades":
        a, pd, ph = rng.uniform(0.1, 0.9), rng.uniform(0.3, 3.0), rng.uniform(0, 2 * math.pi)
        e = [C * v * (1 + a * math.sin(2 * math.pi * lg(t) / pd + ph)) for v, t in zip(u, tau)]
        per = pd / (lg(tau[-1] / tau[0]) / (K - 1))
    elif fam == "alternating across the limit":
        a = rng.uniform(0.0, 0.5)
        e, per = [(-1) ** k * C * v * (1 + a * (-1) ** k) for k, v in enumerate(u)], 2.0
    elif fam == "rounding noise":
        eps = 10 ** rng.uniform(-12, -8)
        e = [C * v * (1 + eps * rng.uniform(-1, 1)) + 1e-15 * max(1.0, abs(c["limit"])) * rng.uniform(-1, 1)
             for v in u]
    elif fam == "scatter":  # a measured quantity's relative scatter about its rate (a norm read off random iterates)
        e = [C * v * x for v, x in zip(u, _scatter(rng, K))]
    elif fam == "slower (bare)":
        r = c["r"]
        w = rng.randrange(3)
        if w == 0:
            a = rng.uniform(0.2, 1.0)
            e = [C * v ** a for v in r]
        elif w == 1:
            e = [C * v * math.log(c["lc"] / v) for v in r]
        else:
            e = [C / math.log(c["lc"] / v) for v in r]
    elif fam == "slowest mode (bare)":
        e = [C * v for v in c["w"]]
    else:  # within limit_tol: converges to q∞ + δ, |δ| ≤ limit_tol/2
        d = rng.uniform(-0.5, 0.5) * c["tol"]
        e = [d + C * v for v in u]
    group = "oscillating-convergence" if fam.startswith(("alternating", "oscillation")) else ""
    return fam, e, group, per


def _wrong(rng: random.Random, c: dict):
    """A wrong error sequence, its family, group, checkpoints per period and whether its run resolves it."""
    tau, u, r, K, C, tol, lg = c["tau"], c["u"], c["r"], c["K"], c["C"], c["tol"], math.log10
    u0, kind = u[0], c["kind"]
    D = abs(C) * u0 * 10 ** rng.uniform(-2.5, 0.0)  # the excluded distance beyond limit_tol
    d = rng.choice([-1, 1]) * (tol + D)
    opts = ["wrong limit, at the rate", "wrong limit, a power of τ", "wrong limit, exponential",
            "wrong limit, from the stated side", "wrong limit, slow approach", "wrong limit, scattered approach",
            "frozen", "jittered constant",
            "divergence", "persistent alternation", "persistent oscillation, period in checkpoints"]
    if kind != "limit":
        opts += ["half order", "order p − ½", "slower order", "extra log factor", "extra log factor"]
    if kind == "Θ":
        opts += ["faster order", "faster by a log"]
    fam = rng.choice(opts)
    per, group, res = math.nan, "", None
    if fam == "wrong limit, at the rate":
        e = [d + C * v for v in u]
    elif fam == "wrong limit, a power of τ":
        a = rng.uniform(0.2, 2.0)
        e = [d + C * u0 * (tau[0] / t) ** a for t in tau]
    elif fam == "wrong limit, exponential":
        lam = tau[0] * 10 ** rng.uniform(0.0, 0.8 * lg(tau[-1] / tau[0]))
        e = [d + C * u0 * math.exp(-(t - tau[0]) / lam) for t in tau]
    elif fam == "wrong limit, from the stated side":
        a, b = rng.uniform(0.2, 2.0), rng.uniform(0.3, 1.0)
        e = [d * (1 - b * (tau[0] / t) ** a) for t in tau]
    elif fam == "wrong limit, scattered approach":  # fitted exponents scatter about their value, never settle
        e = [d + C * v * x for v, x in zip(u, _scatter(rng, K))]
    elif fam == "wrong limit, slow approach":
        e = [d + C * u0 / math.log(math.e * t / tau[0]) for t in tau]
    elif fam == "frozen":
        e, res = [d] * K, True
    elif fam == "jittered constant":
        e, res = [d * (1 + 1e-9 * rng.uniform(-1, 1)) for _ in tau], True
    elif fam == "divergence":
        w, b = rng.randrange(3), rng.uniform(0.05, 1.0)
        grow = [(1 + b * math.log(t / tau[0])) if w == 0 else (t / tau[0]) ** (b / 2) if w == 1
                else 1 + b * math.log(1 + math.log(t / tau[0])) for t in tau]
        e = [C * u0 * g for g in grow]
        res = _diverges(tau, e)
    elif fam.startswith("persistent"):
        amp, group = tol + D, "persistent-oscillation"
        if fam == "persistent alternation":
            s, per = [(-1) ** k for k in range(K)], 2.0
        else:
            per, ph = rng.uniform(2.5, 12.0), rng.uniform(0, 2 * math.pi)
            s = [math.sin(2 * math.pi * k / per + ph) for k in range(K)]
        e = [amp * sk + C * v for sk, v in zip(s, u)]
        last = s[-max(2, math.ceil(per)):]
        ceff = amp * (max(last) - min(last)) / 2
        res = per <= K - 1 and abs(C) * u[-1] <= (ceff - tol) / RESOLVE
    else:  # a wrong order: the implied constant |e|/r^p changes without levelling
        lc = c["lc"]
        if fam == "half order":
            e = [C * v ** 0.5 * u0 ** 0.5 for v in u]
        elif fam == "order p − ½":
            e = [C * v * (r[0] / x) ** 0.5 for v, x in zip(u, r)]
        elif fam == "slower order":  # slower by more than the default slack of a stated order (0.25)
            a = rng.uniform(0.3, 0.6)
            e = [C * v * (r[0] / x) ** a for v, x in zip(u, r)]
        elif fam == "extra log factor":
            e = [C * v * math.log(lc / x) for v, x in zip(u, r)]
        elif fam == "faster order":
            a = rng.uniform(0.3, 1.0)
            e = [C * v * (x / r[0]) ** a for v, x in zip(u, r)]
        else:
            e = [C * v / math.log(lc / x) for v, x in zip(u, r)]
        ci = [abs(a) / v for a, v in zip(e, u)]
        res = max(ci[-1] / ci[0], ci[0] / ci[-1]) >= GREW
    if res is None:  # a wrong limit q∞ + d approached by e − d
        res = _limit_resolved(tau, [c["limit"] + x for x in e], c["limit"] + d, D, c["mode"])
    res = res and max(abs(e[-1]), abs(e[-2])) > ROUNDING * max(abs(c["limit"] + x) for x in e)
    return fam, e, group, per, res


def _limit_resolved(tau, q, wrong, D, mode) -> bool:
    """Criterion 1 of the module docstring: three times closer to the wrong limit than D, and the slowest mode
    carrying D would have moved the last decade more than the run did."""
    if abs(q[-1] - wrong) > D / RESOLVE:
        return False
    w = min(next((k for k, t in enumerate(tau) if t >= tau[-1] / 10 * (1 - 1e-12)), 0), len(tau) - 2)
    return D * (mode[w] / mode[-1] - 1) > abs(q[w] - q[-1])


def _diverges(tau, e) -> bool:
    """Criterion 3: |e| rose at each of the last ≥ 3 steps, over ≥ a decade, by ≥ RISE."""
    a, k = [abs(x) for x in e], len(e) - 1
    while k > 0 and a[k - 1] < a[k]:
        k -= 1
    return len(e) - 1 - k >= 3 and tau[-1] / tau[k] >= 10 * (1 - 1e-12) and a[-1] >= RISE * a[k]


def draw(seed, i: int) -> Draw:
    """The ``i``-th held-out case of ``seed`` (a str seed is hashed by SHA-512: the same on every machine)."""
    rng = random.Random(f"heldout|{seed}|{i}")
    while True:  # a row whose rate (and declared mode) decreases over its checkpoints
        row = _row(rng)
        r = _vals(row["rate"], row["sym"], row["tau"])
        mode = _vals(row["slowest"], row["sym"], row["tau"]) if row["slowest"] is not None else r
        if _decreasing(r) and _decreasing(mode) and r[-1] > 1e-150:  # the float64 range (r^p underflows below)
            break
    tau, p, sym = row["tau"], row["order"], row["sym"]
    u = [v ** p for v in r]
    lc = math.e * max(1.0, r[0])  # log(lc/r) ≥ 1 and increasing: an extra log factor that never vanishes
    C = rng.choice([-1, 1]) * 10 ** rng.uniform(-2, 1)
    tol = 0.0 if rng.random() < 0.6 else abs(C) * u[0] * 10 ** rng.uniform(-3, -1)
    if row["kind"] != "limit":
        mode = u  # an O(r^p) error decays at least like r^p
    elif row["slowest"] is None:
        mode = [1 / math.log(lc / v) for v in r]  # the slowest correct family of an undeclared bare row
    ctx = dict(tau=tau, u=u, r=r, K=row["K"], C=C, tol=tol, kind=row["kind"], limit=row["limit"], lc=lc, mode=mode,
               declared=row["slowest"] is not None,
               w=[m * u[0] / mode[0] for m in mode],
               u_at=lambda ts: [v ** p for v in _vals(row["rate"], sym, ts)])
    if rng.random() < 0.5:
        (fam, e, group, per), cls = _correct(rng, ctx), "correct"
    else:
        fam, e, group, per, res = _wrong(rng, ctx)
        cls = "resolvable" if res else "unresolvable"
    q = tuple(row["limit"] + x for x in e)
    return Draw(fam, cls, group, row["kind"], row["rate"], sym, row["label"], p, row["limit"], tol, row["slowest"],
                tuple(tau), q, per)


def judged(d: Draw):
    """The judge's judgement of ``d`` through the public API, as a catalogue row declaring the same gets it (the
    declared slowest mode passed as ``Condition.slowest`` passes it)."""
    from .asymptotic import judge
    return judge(list(d.tau), list(d.q), d.rate, d.clock, d.limit, order=d.order, limit_tol=d.limit_tol,
                 clock_label=d.label, stated_rate=d.kind != "limit", two_sided=d.kind == "Θ", slowest=d.slowest)


VERDICT = {True: "verified", False: "violated", None: "inconclusive"}


def measure(seed, n: int, draws: list | None = None) -> dict:
    """Verdict counts of the first ``n`` draws of ``seed`` per family (``families``: family → Counter of
    (class, verdict)), the totals, and the published rates (``rates``: name → (count, of)). A judge that raises
    counts as verdict "error". ``draws``: the same draws, generated once (the sensitivity table reuses them)."""
    draws = draws if draws is not None else [draw(seed, i) for i in range(n)]
    fams, totals, osc = {}, Counter(), Counter()
    for d in draws:
        try:
            v = VERDICT[judged(d).holds]
        except Exception:  # noqa: BLE001  (a crash is counted and published, not hidden)
            v = "error"
        fams.setdefault(d.family, Counter())[(d.cls, v)] += 1
        totals[(d.cls, v)] += 1
        if d.group == "oscillating-convergence" and d.cls == "correct":
            osc[("osc", v)] += 1
            osc[("osc4", v)] += d.per_period >= 4
        elif d.group == "persistent-oscillation" and d.cls == "resolvable":
            osc[("alt", v)] += 1
    return {"seed": seed, "n": len(draws), "families": fams, "totals": totals, "rates": rates(totals, osc)}


def rates(totals: Counter, osc: Counter) -> dict:
    """name → (count, of): the three acceptance rates and the oscillation rates."""
    of = lambda cls: sum(c for (k, _), c in totals.items() if k == cls)  # noqa: E731
    ofo = lambda g: sum(c for (k, _), c in osc.items() if k == g)  # noqa: E731
    return {"correct → violated": (totals[("correct", "violated")], of("correct")),
            "resolvable wrong → verified": (totals[("resolvable", "verified")], of("resolvable")),
            "resolvable wrong → inconclusive": (totals[("resolvable", "inconclusive")], of("resolvable")),
            "oscillating convergence → verified": (osc[("osc", "verified")], ofo("osc")),
            "oscillating convergence, ≥ 4 checkpoints a period → verified": (osc[("osc4", "verified")], ofo("osc4")),
            "persistent oscillation or alternation → violated": (osc[("alt", "violated")], ofo("alt")),
            "errors (the judge raised)": (sum(c for (_, v), c in totals.items() if v == "error"),
                                          sum(totals.values()))}


TARGETS = {"correct → violated": 0.001, "resolvable wrong → verified": 0.005, "resolvable wrong → inconclusive": 0.20}
