"""Event-aware gradient flow vs the plain integrator: one run prints, per setting, the old and new
time (CPU and wall), the speed-up, accepted/total steps, events and sliding segments, and the largest deviation
of the final quantities.

Settings: the earlier frei2023 default (n=20, d=2e4, m₁=m₂=5, γ=½, exp loss, init 1e-3, to log L̂ = −2000),
the coming default (n=20, d=1e7, γ=½: K ~ Wishart_n(d, I) by the Bartlett decomposition, B₀ and W₀^⊥W₀^⊥ᵀ from
their laws, no X), and papers/frei2023/benchmarks/flow.py's setting (n=50, m=100, d=1e4, span init, until the KKT
stationarity residual is ≤ 1e-6 at a checkpoint).

Deviations ("same flow"): the old run ends one step past its target (or at its own checkpoints), so the new flow
is run to the old run's final log L̂ and compared there (normalised margin relative; singular values of W/‖W‖,
KKT stationarity and complementarity absolute). ``--tight`` also compares with the old integrator at rtol 1e-12
landing on the new run's end s (slow on the third setting). The old ``time_to_log2_over_n`` is the end of the
first step past the level; the new one is the crossing itself: both are printed against the old integrator
landing on the crossing's s.

Usage: python papers/frei2023/benchmarks/flow_events.py [--tight] [--only 1,2,3]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from ibcheck.numerics.data.classification import gaussian_pm1, pm1_labels  # noqa: E402
from ibcheck.numerics.trainers.flow import gradient_flow  # noqa: E402
from ibcheck.numerics.runtime.threads import limited  # noqa: E402
from ibcheck.numerics.trainers.two_layer import LeakyNet, gaussian_init, second_layer  # noqa: E402
from ibcheck.papers.frei2023.theory.kkt import kkt_check  # noqa: E402


def explicit(n, d, m1, m2, gamma, scale, seed=0, init="full"):
    dat = gaussian_pm1(n, d, seed)
    B0, perp = gaussian_init(dat.X, dat.K, m1 + m2, scale / math.sqrt(d), seed, init)
    return LeakyNet(K=dat.K, y=dat.y, a=second_layer(m1, m2), gamma=gamma, loss="exp", perp_gram=perp), B0


def gram_only(n, d, m1, m2, gamma, scale, seed=0):
    """``K = LLᵀ ~ Wishart_n(d, I)`` (Bartlett: ``L_ii² ~ χ²_{d−i+1}``, ``L_ij ~ N(0,1)`` below the diagonal);
    ``W₀X ᵀ`` has rows ``N(0, (s²/d)K)`` so ``B₀ = (s/√d) ξ L⁻¹``; ``W₀^⊥W₀^⊥ᵀ ~ (s²/d) Wishart_m(d − n, I)``."""
    rng = np.random.default_rng(7_000_003 + seed)

    def bartlett(k, dof):
        L = np.tril(rng.standard_normal((k, k)), -1)
        L[np.diag_indices(k)] = np.sqrt(rng.chisquare(dof - np.arange(k)))
        return L
    L = bartlett(n, d)
    m = m1 + m2
    B0 = (scale / math.sqrt(d)) * np.linalg.solve(L.T, rng.standard_normal((m, n)).T).T  # ξ L⁻¹
    Lp = bartlett(m, d - n)
    t = lambda x: torch.as_tensor(x, dtype=torch.float64)  # noqa: E731
    return LeakyNet(K=t(L @ L.T), y=pm1_labels(n, seed), a=second_layer(m1, m2), gamma=gamma, loss="exp",
               perp_gram=t(scale ** 2 / d * (Lp @ Lp.T))), t(B0)


def quantities(net, B):
    """Final quantities. Singular values from an SVD of a square root of ``WWᵀ = BKBᵀ + W₀^⊥W₀^⊥ᵀ``
    (``[BL, P^{1/2}]``, ``K = LLᵀ``): accurate to ε‖W‖, where √eig(WWᵀ) is only accurate to √ε‖W‖ (the
    small σ's late in the flow, ~1e-7‖W‖, would differ by 1e-9 between two runs whose B agree to 1e-13)."""
    K, y, a, P = (x.numpy() for x in (net.K, net.y, net.a, net.perp_gram))
    B = B.numpy()
    Z = B @ K
    ev, U = np.linalg.eigh(P)
    root = np.hstack([B @ np.linalg.cholesky(K), U * np.sqrt(np.clip(ev, 0, None))])
    sv = np.linalg.svd(root, compute_uv=False)
    fro = float(np.sqrt((sv ** 2).sum()))
    rep = kkt_check(K, y, a, net.gamma, B, P)
    return {"normalized_margin": float((y * (a[:, None] * np.maximum(net.gamma * Z, Z)).sum(0)).min() / fro),
            "singular_values": sv / fro,
            "kkt_stationarity": rep.stationarity, "kkt_complementarity": rep.complementarity}


def deviation(q1, q2) -> dict:
    return {"normalized_margin (rel)": abs(q1["normalized_margin"] / q2["normalized_margin"] - 1),
            "singular_values": float(np.abs(q1["singular_values"] - q2["singular_values"]).max()),
            "kkt_stationarity": abs(q1["kkt_stationarity"] - q2["kkt_stationarity"]),
            "kkt_complementarity": abs(q1["kkt_complementarity"] - q2["kkt_complementarity"])}


def timed(fn):
    c, w = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c, time.perf_counter() - w


def run(name, net, B0, target, stop, tight):
    n = int(net.y.shape[0])
    kw = dict(target_log_loss=target, stop=stop, max_steps=10 ** 6)
    new, cn, wn = timed(lambda: gradient_flow(net, B0, **kw))
    old, co, wo = timed(lambda: gradient_flow(net, B0, events=False, **kw))
    sn, so = new.stats, old.stats
    print(f"\n[{name}]")
    print(f"  old: {co:8.2f} s CPU {wo:8.2f} s wall, {so['steps']} accepted, {so['rejected']} rejected, "
          f"accepted/total {so['accept_ratio']:.3f}, ends at log L̂ = {old.stats['log_loss']:.4f}")
    print(f"  new: {cn:8.2f} s CPU {wn:8.2f} s wall, {sn['steps']} accepted, {sn['rejected']} rejected, "
          f"accepted/total {sn['accept_ratio']:.3f}, events {sn['events']}, sliding {sn['sliding']}, "
          f"forced {sn['forced']}, ends at log L̂ = {new.stats['log_loss']:.4f}")
    print(f"  speed-up: {co / cn:.1f}× CPU, {wo / wn:.1f}× wall")
    same = gradient_flow(net, B0, target_log_loss=old.stats['log_loss'], max_steps=10 ** 6)  # new flow at the old end
    dev = deviation(quantities(net, same.stats['B']), quantities(net, old.stats['B']))
    print(f"  new vs old at the old end's log L̂ (s {same.stats['s']:.12g} vs {old.stats['s']:.12g}): "
          + ", ".join(f"{k} {v:.1e}" for k, v in dev.items()) + f"; max {max(dev.values()):.1e}")
    out = {"speedup_cpu": co / cn, "accept_new": sn["accept_ratio"], "dev_old_end": max(dev.values())}
    level = math.log(math.log(2) / n)
    if new.time_to_log2_over_n:
        cross = gradient_flow(net, B0, target_log_loss=level)
        at = gradient_flow(net, B0, target_log_loss=-math.inf, s_end=cross.stats['s'], rtol=1e-12, events=False,
                           max_steps=10 ** 6)
        t_ref = math.exp(at.stats['log_t'])
        d_new, d_old = abs(new.time_to_log2_over_n / t_ref - 1), abs(old.time_to_log2_over_n / t_ref - 1)
        print(f"  time to log(2)/n: new {new.time_to_log2_over_n:.12g}, old {old.time_to_log2_over_n:.12g}; "
              f"old integrator (rtol 1e-12) landing on the crossing: {t_ref:.12g} → new rel. dev. {d_new:.1e}, "
              f"old's step-end value {d_old:.1e}")
        out["dev_t_cross"] = d_new
    if tight:
        ref, cr, _ = timed(lambda: gradient_flow(net, B0, target_log_loss=-math.inf, s_end=new.stats['s'], rtol=1e-12,
                                                 events=False, max_steps=10 ** 7))
        dev = deviation(quantities(net, new.stats['B']), quantities(net, ref.stats['B']))
        print(f"  new (rtol 1e-9) vs old at rtol 1e-12 landing on the new end ({cr:.0f} s): "
              + ", ".join(f"{k} {v:.1e}" for k, v in dev.items()) + f"; log L̂ {abs(new.stats['log_loss'] - ref.stats['log_loss']):.1e}"
              f", log t {abs(new.stats['log_t'] - ref.stats['log_t']):.1e} (the old log t quadrature's own error)")
        out["dev_tight"] = max(dev.values())
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tight", action="store_true", help="also compare with the old integrator at rtol 1e-12")
    ap.add_argument("--only", default="1,2,3")
    args = ap.parse_args()
    which = {int(v) for v in args.only.split(",")}
    print(f"torch {torch.__version__}; single-threaded (numerics.runtime.threads.limited(1)), as the runner does")
    res = {}
    with limited(1):
        if 1 in which:
            net, B0 = explicit(20, 20000, 5, 5, 0.5, 1e-3)
            res[1] = run("old default: n=20, d=2e4, m=5+5, γ=½, exp, init 1e-3, to log L̂ = −2000", net, B0, -2000.0,
                         None, args.tight)
        if 2 in which:
            net, B0 = gram_only(20, 10 ** 7, 5, 5, 0.5, 1e-3)
            res[2] = run("coming default: n=20, d=1e7 (Gram law), m=5+5, γ=½, to log L̂ = −2000", net, B0, -2000.0,
                         None, args.tight)
        if 3 in which:
            net, B0 = explicit(50, 10000, 50, 50, 0.5, 1e-3, init="span")
            Kn, yn, an = net.K.numpy(), net.y.numpy(), net.a.numpy()
            stop = lambda B: kkt_check(Kn, yn, an, 0.5, B.numpy()).stationarity <= 1e-6  # noqa: E731
            res[3] = run("papers/frei2023/benchmarks/flow.py: n=50, m=100, d=1e4, span init, to KKT stationarity ≤ 1e-6",
                         net, B0, -1e5, stop, args.tight)
    print("\nsummary (targets: speed-up ≥ 3×, accepted/total ≥ 0.8, deviations ≤ 1e-9):")
    for k, r in res.items():
        print(f"  [{k}] " + ", ".join(f"{a} {b:.3g}" for a, b in r.items()))


if __name__ == "__main__":
    main()
