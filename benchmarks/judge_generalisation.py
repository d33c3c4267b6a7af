"""The asymptotic judge on families it was not developed against: error counts on random draws, next to the battery.

The battery (``theory.asymptotic_calibration``) is what the rules were developed against. This script draws
independent cases from seeds given on the command line (or drawn now and printed): five rates (t^−½, 1/t, log t/t,
1/log t at order 2, t^−⅓), three row kinds (bare limit, O, Θ), K from 5 to 25 checkpoints over 1–6 decades from a
random first checkpoint, and families of known truth:

* correct — the exact rate, a second-order term of either sign, a shifted clock, an oscillating convergence
  ``C r (1 + 0.8(−1)^k)`` (a step-size oscillation), an oscillation ``C r (1 + 0.5 sin(2π k/P))`` sampled P ≥ 4 a
  period, a staircase sampled in step, and on bare limits slower decays (r^½, 1/log log τ, 1/log log log τ);
* wrong — a limit offset by δ (resolvable when the last checkpoint is within δ/3 of it), half the order and an extra
  log factor ``r·log(1/r)`` on O/Θ rows (resolvable when the implied constant changed ≥ 2×), a constant error, a
  near-constant error (5% noise), a persistent alternation ``q∞ + A(−1)^k`` and a persistent oscillation (always
  resolvable).

It prints correct → violated, resolvable wrong → verified, resolvable wrong → inconclusive, the oscillation and
alternation rows, and the battery's own rates. ``--scale NAME=F`` multiplies a decision constant of the judge's
modules by F first (the ×½ / ×2 sensitivity of docs/judge.md).

Usage: nice -n 15 python benchmarks/judge_generalisation.py [--seed N] [--n 3000] [--scale GROWTH=0.5]
"""
from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
from collections import Counter

import sympy as sp

from ibcheck.theory import asymptotic as A

_t = sp.Symbol("t", real=True)
RATES = {  # name: (rate r(t), order p)
    "t^-1/2": (_t ** sp.Rational(-1, 2), 1.0),
    "1/t": (1 / _t, 1.0),
    "log t/t": (sp.log(_t) / _t, 1.0),
    "(1/log t)^2": (1 / sp.log(_t), 2.0),
    "t^-1/3": (_t ** sp.Rational(-1, 3), 1.0),
}
KINDS = ("limit", "O", "Theta")
MODULES = ("asymptotic", "asymptotic_rules", "asymptotic_settled", "asymptotic_fit", "asymptotic_free",
           "asymptotic_withhold", "asymptotic_envelope")


def scale_constant(name: str, factor: float) -> None:
    """Multiply the module-level constant ``name`` by ``factor`` wherever the judge's modules hold it."""
    hit = False
    for m in MODULES:
        try:
            mod = importlib.import_module(f"ibcheck.theory.{m}")
        except ImportError:
            continue
        if hasattr(mod, name):
            setattr(mod, name, getattr(mod, name) * factor)
            hit = True
    if not hit:
        raise SystemExit(f"no judge constant named {name}")


def _draw(rng: random.Random):
    rate_name = rng.choice(list(RATES))
    rate, p = RATES[rate_name]
    kind = rng.choice(KINDS)
    K, dec = rng.randint(5, 25), rng.randint(1, 6)
    tau0 = 10 ** rng.uniform(1.3, 3)
    tau = A.geometric(tau0, tau0 * 10 ** dec, K)
    f = sp.lambdify([_t], rate, "math")
    r = [float(f(x)) ** p for x in tau]  # the stated r^p
    r0 = r[0]
    L = rng.choice((0.0, 1.0, rng.uniform(-2, 2)))
    C = rng.uniform(0.3, 3) * rng.choice((1, -1))
    families = ["exact", "second order", "shifted clock", "oscillating convergence", "sampled oscillation",
                "staircase", "offset", "constant", "near constant", "alternation", "persistent oscillation"]
    if kind == "limit":
        families += ["slower r^1/2", "slower 1/log log", "slower 1/log log log"]
    else:
        families += ["half order", "log factor"]
    fam = rng.choice(families)
    truth, q, wrong_limit, always = "correct", None, None, False
    if fam == "exact":
        q = [L + C * v for v in r]
    elif fam == "second order":
        b = rng.uniform(-0.6, 3)
        q = [L + C * v * (1 + b * v / r0) for v in r]
    elif fam == "shifted clock":
        s = rng.uniform(-0.5, 3) * tau0
        q = [L + C * float(f(x + s)) ** p for x in tau]
    elif fam == "oscillating convergence":
        q = [L + C * v * (1 + 0.8 * (-1) ** k) for k, v in enumerate(r)]
    elif fam == "sampled oscillation":
        P, ph = rng.uniform(4, 8), rng.uniform(0, 2 * math.pi)
        q = [L + C * v * (1 + 0.5 * math.sin(2 * math.pi * k / P + ph)) for k, v in enumerate(r)]
    elif fam == "staircase":
        S = (tau[-1] / tau[0]) ** (1.0 / (K - 1)) * rng.choice((1.0, 2.0, 3.0))  # steps in step with the grid
        q = [L + C * float(f(tau0 * S ** math.floor(math.log(x / tau0) / math.log(S) + 1e-9))) ** p for x in tau]
    elif fam.startswith("slower"):
        ll = {"slower r^1/2": lambda x, v: v ** 0.5,
              "slower 1/log log": lambda x, v: 1 / math.log(math.log(x)),
              "slower 1/log log log": lambda x, v: 1 / math.log(math.log(math.log(x + 16)))}[fam]
        q = [L + C * ll(x, v) for x, v in zip(tau, r)]
    else:
        truth = "wrong"
        if fam == "offset":
            d = C * r[0] * rng.choice((0.02, 0.1, 0.3, 1.0)) * rng.choice((1, -1))
            q, wrong_limit = [L + d + C * v for v in r], L + d
        elif fam == "half order":
            q = [L + C * v ** 0.5 * r0 ** 0.5 for v in r]
        elif fam == "log factor":
            q = [L + C * v * math.log(1 / v) / math.log(1 / r0) for v in r]
        elif fam == "constant":
            q, always = [L + C * r0] * K, True
        elif fam == "near constant":
            q, always = [L + C * r0 * (1 + 0.05 * rng.gauss(0, 1)) for _ in range(K)], True
        elif fam == "alternation":
            q, always = [L + 0.1 * abs(C) * (-1) ** k + C * v for k, v in enumerate(r)], True
        elif fam == "persistent oscillation":
            P = rng.uniform(4, 8)
            always = K >= P + 1
            q = [L + 0.3 * C * r0 * math.sin(2 * math.pi * k / P) + C * v for k, v in enumerate(r)]
    if truth == "wrong":
        if always:
            res = True
        elif wrong_limit is not None:
            res = abs(q[-1] - wrong_limit) <= abs(wrong_limit - L) / 3
        else:
            c = [abs(v - L) / w for v, w in zip(q, r)]
            res = max(c[-1] / c[0], c[0] / c[-1]) >= 2.0
    else:
        res = False
    if kind == "limit":
        j = A.judge(tau, q, rate, "t", L)
    else:
        j = A.judge(tau, q, rate, "t", L, order=p, stated_rate=True, two_sided=kind == "Theta")
    return rate_name, kind, fam, truth, res, j


def measure(seed: int, n: int) -> dict:
    rng, out = random.Random(seed), Counter()
    examples = {}
    for _ in range(n):
        rate_name, kind, fam, truth, res, j = _draw(rng)
        v = {True: "verified", False: "violated", None: "inconclusive"}[j.holds]
        cls = "correct" if truth == "correct" else ("resolvable" if res else "unresolvable")
        out[(cls, v)] += 1
        out[(fam, kind if kind != "Theta" else "O", v)] += 1
        if (cls, v) in (("correct", "violated"), ("resolvable", "verified"), ("resolvable", "inconclusive")):
            ex = examples.setdefault((cls, v, fam), [0, (rate_name, kind, j.reason[:220])])
            ex[0] += 1
    return {"counts": out, "examples": examples}


def battery() -> dict:
    from ibcheck.theory import asymptotic_calibration as cal
    return cal.rates(cal.measure()["totals"])


def report(seed: int, n: int) -> dict:
    m = measure(seed, n)
    c = m["counts"]
    tot = lambda cls: sum(v for k, v in c.items() if len(k) == 2 and k[0] == cls)  # noqa: E731
    fam = lambda f, v: sum(x for k, x in c.items() if len(k) == 3 and k[0] == f and k[2] == v)  # noqa: E731
    famn = lambda f: sum(x for k, x in c.items() if len(k) == 3 and k[0] == f)  # noqa: E731
    b = battery()
    return {"seed": seed, "n": n, "correct": tot("correct"), "correct_violated": c[("correct", "violated")],
            "resolvable": tot("resolvable"), "resolvable_verified": c[("resolvable", "verified")],
            "resolvable_inconclusive": c[("resolvable", "inconclusive")],
            "osc_conv_verified": f"{fam('oscillating convergence', 'verified')}/{famn('oscillating convergence')}",
            "alternation_violated": f"{fam('alternation', 'violated')}/{famn('alternation')}",
            "persistent_osc_violated": f"{fam('persistent oscillation', 'violated')}/{famn('persistent oscillation')}",
            "log_factor_verified": f"{fam('log factor', 'verified')}/{famn('log factor')}",
            "constant_violated": f"{fam('constant', 'violated') + fam('near constant', 'violated')}/"
                                 f"{famn('constant') + famn('near constant')}",
            "battery": {k: b[k] for k in ("correct_violated", "resolvable_verified", "resolvable_inconclusive")},
            "examples": m["examples"]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--scale", action="append", default=[], help="NAME=FACTOR (repeatable)")
    ap.add_argument("--examples", action="store_true")
    a = ap.parse_args(argv)
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(2 ** 31)
    for s in a.scale:
        name, _, fac = s.partition("=")
        scale_constant(name, float(fac))
    r = report(seed, a.n)
    ex = r.pop("examples")
    print(" ".join(f"{k}={v}" for k, v in r.items()))
    if a.examples:
        for k, v in ex.items():
            print(" ", k, v)
    return 0


if __name__ == "__main__":
    sys.exit(main())
