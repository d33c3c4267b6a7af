"""frei2023's default flow after the handoff (past t₀, every crossing done): field evaluations of the event-aware
explicit integrator vs the fixed-mode LSODA (``engine=stiff``) at matched accuracy, and the log-loss-clock Radau
(``engine=horizon``) to log(1/L̂) = 1e5 with its steps per decade.

    python papers/frei2023/benchmarks/engines.py            # ℓ = 2000 comparison, then the far horizon
    python papers/frei2023/benchmarks/engines.py --ell 2000 --no-far

Accuracy: the quantities the checks read (normalised margin, margin spread, KKT residuals) against an explicit
reference at rtol 1e-12; the explicit default is rtol 1e-9.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np


def setup():
    from ibcheck.papers.frei2023.checks.gf import init_B
    from ibcheck.numerics.data.classification import gaussian_pm1
    from ibcheck.numerics.trainers.two_layer import LeakyNet, second_layer
    dat = gaussian_pm1(20, 10_000_000, 0, sampler="auto")
    a = second_layer(5, 5)
    B0, perp = init_B(dat.X, dat.K, 10, 1e-5, 0, "span", 10_000_000)
    return LeakyNet(K=dat.K, y=dat.y, a=a, gamma=0.5, loss="exp", perp_gram=perp), B0


def quantities(K, y, a, B):
    from ibcheck.papers.frei2023.theory.kkt import kkt_check
    Z = B @ K
    q = y * (a[:, None] * np.maximum(0.5 * Z, Z)).sum(0)
    r = kkt_check(K, y, a, 0.5, B)
    return {"normalized_margin": q.min() / math.sqrt(np.einsum("ji,ik,jk->", B, K, B)),
            "margin_spread": (q.max() - q.min()) / q.min(), "stationarity": r.stationarity,
            "complementarity": r.complementarity}


def main():
    from ibcheck.numerics.integrators.flow_events import integrate_switched
    from ibcheck.numerics.trainers.leaky_horizon import continue_on_horizon, continue_stiff
    from ibcheck.numerics.trainers.leaky_modes import LeakyModes
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ell", type=float, default=2000.0)
    ap.add_argument("--far", type=float, default=1e5)
    ap.add_argument("--no-far", action="store_true")
    args = ap.parse_args()
    net, B0 = setup()
    K, y, a = (t.numpy() for t in (net.K, net.y, net.a))
    sysm = LeakyModes.from_net(net)
    handoff = -(math.log(20 / math.log(2)) + 1.0)
    yh, ih = integrate_switched(sysm, B0.numpy(), target_log_loss=handoff, rtol=1e-9)
    print(f"handoff at log L̂ = {handoff:.3f} after {ih['stats']['events']} crossings, {ih['stats']['field_evals']} "
          f"evaluations")
    ref, _ = integrate_switched(sysm, yh, target_log_loss=-args.ell, rtol=1e-12)
    qr = quantities(K, y, a, ref)
    rows = {}
    for name, run in (("explicit rtol 1e-9", lambda: integrate_switched(sysm, yh, target_log_loss=-args.ell, rtol=1e-9)),
                      ("explicit rtol 1e-12", lambda: integrate_switched(sysm, yh, target_log_loss=-args.ell, rtol=1e-12)),
                      ("LSODA (stiff)", lambda: continue_stiff(K, y, a, 0.5, yh, s0=ih["s"], log_t0=ih["log_t"],
                                                               target_log_loss=-args.ell))):
        t = time.process_time()
        B, info = run()
        dt = time.process_time() - t
        err = max(abs(v - qr[k]) for k, v in quantities(K, y, a, B).items())
        rows[name] = info["stats"]["field_evals"]
        jac = f" + {info['stats']['jacobians']} Jacobians" if "jacobians" in info["stats"] else ""
        print(f"{name:<22} {info['stats']['field_evals']:6d} evaluations{jac:<16} {dt:7.3f} s CPU   "
              f"max |Δ quantity| vs rtol-1e-12 reference {err:.1e}")
    print(f"ratio explicit (default rtol 1e-9) / LSODA: {rows['explicit rtol 1e-9'] / rows['LSODA (stiff)']:.1f}×; "
          f"at matched accuracy (rtol 1e-12): {rows['explicit rtol 1e-12'] / rows['LSODA (stiff)']:.1f}×")
    if args.no_far:
        return
    steps = []
    t = time.perf_counter()
    B, info = continue_on_horizon(K, y, a, 0.5, yh, s0=ih["s"], log_t0=ih["log_t"], target_log_loss=-args.far,
                                  record=lambda s, lt, ll, k, B: steps.append((-ll, k)))
    wall = time.perf_counter() - t
    print(f"horizon (Radau, log-loss clock) to log(1/L̂) = {args.far:g}: {wall:.1f} s wall, "
          f"{info['stats']['implicit_steps']} steps, {info['stats']['field_evals']} evaluations")
    prev = None
    for dec in range(0, int(round(math.log10(args.far)))):
        ks = [k for ell, k in steps if 10 ** dec <= ell <= 10 ** (dec + 1)]
        if len(ks) > 1:
            n = max(ks) - min(ks)
            print(f"  decade [1e{dec}, 1e{dec + 1}]: {n:5d} steps" + (f"  ({n / prev:.2f}× the previous)" if prev else ""))
            prev = n


if __name__ == "__main__":
    main()
