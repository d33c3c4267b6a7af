"""ibcheck's integrators, references and trainers against library peers, in one run, interleaved.

Each row runs ours and every peer in alternation (``--reps`` rounds, best CPU time of each, one thread), checks the
answers against a reference and prints the CPU-time ratio peer/ours (> 1: ours is faster) and each one's error.

Rows:
* ``flow ℓ=L``: the default homogeneous flow of the max-margin checks (n=8, d=20, m=10, relu², init 1e-3) from θ₀ to
  log(1/𝓛) = L: ``numerics.integrators.horizon.horizon_flow`` (LSODA in s to 𝓛 = 1/e, then LSODA in the log-loss clock,
  ``method="LSODA"``: the checks' engine) against
  scipy's ``solve_ivp`` (RK45, DOP853, LSODA, Radau with its finite-difference Jacobian) on ``dθ/ds = −∇𝓛/𝓛``
  with a terminal event at the level, and torchdiffeq's ``dopri5`` (where installed; fixed end s from our run).
  Error: ‖θ − θ_ref‖/‖θ_ref‖ at the level (reference: the Radau engine at rtol 1e-12 — its log t agrees to 6e-10 with
  rtol 1e-10/1e-11). All at rtol 1e-10, atol 1e-14; ours also at rtol 1e-9 (its column's ratio < 1: faster
  than ours at 1e-10), for the comparison at equal error.
* ``svm n``: the hard-margin SVM through the origin on planted data (n, 2n): ``theory.svm.hard_margin_svm``
  (NNLS, re-verified) against the Clarabel + polish path, scikit-learn's ``LinearSVC(fit_intercept=False,
  C=1e6, loss='hinge', tol=1e-12)`` and raw ``scipy.optimize.nnls`` (no verification). Error: ‖w − w_ref‖/‖w_ref‖.
* ``gd n``: span GD of a one-neuron ReLU net (m=1, n, d = 40n, 500 steps): the numpy loop against the torch loop and a plain
  autograd loop on w ∈ R^d (per step). Error: ‖w − w_torch‖/‖w_torch‖ (w = Xᵀα for the span loops).
* ``lingd n``: linear logistic GD (planted separable data, n, d = max(3, n/4), 2000 steps, η = 1/‖Z‖²):
  ``numerics.trainers.linear_gd.gd`` in span form (with its per-step log L̂ and margin diagnostics) against a plain
  torch autograd loop on w ∈ R^d (``linear_gd.gd_direct``, no diagnostics). Error: ‖w − w_autograd‖/‖w_autograd‖.

A paper's own reference against its peers is benchmarked in its folder (papers/<paper>/benchmarks/peers_*.py).

* ``clock act ℓ=L``: the horizon flow against the peer an expert writes for the same log-loss-clock ODE, scipy's
  LSODA with our analytic Jacobian (``lsoda_clock``), on the default nets of the homogeneous-flow checks (σ = relu²
  and σ = z²), at equal accuracy: each method at the loosest rtol of a ladder whose final error is ≤ 1e-9 (the
  rtol picked is printed under the row); ours with ``method="LSODA"`` (the checks' engine) and ``Radau`` (before).

Usage: python benchmarks/peers.py [--reps 3] [--quick] [--ells 1e3,1e4] [--clock-ells 1e3,1e4,1e5]
       [--only flow,clock,svm,gd,lingd]
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from ibcheck.numerics.runtime.threads import limited  # noqa: E402


def interleaved(fns: dict, reps: int) -> dict:
    """Best CPU time of each callable over ``reps`` alternating rounds, and its last result."""
    best = {k: math.inf for k in fns}
    out = {}
    for _ in range(reps):
        for k, f in fns.items():
            t = time.process_time()
            out[k] = f()
            best[k] = min(best[k], time.process_time() - t)
    return {k: (best[k], out[k]) for k in fns}


def row(name, res, err, ours="ours"):
    t0 = res[ours][0]
    cells = []
    for k, (t, _) in res.items():
        if k == ours:
            continue
        cells.append(f"{k} {t / t0:6.2f}× (err {err[k]:.1e})")
    print(f"{name:<14} ours {t0 * 1e3:9.2f} ms (err {err[ours]:.1e}) | " + " | ".join(cells), flush=True)


def flows(ell: float, reps: int):
    from scipy.integrate import solve_ivp

    from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
    from ibcheck.numerics.integrators.horizon import horizon_flow
    X, y = teacher_data(8, 20, 0)
    net, th0 = make_net(X, y, 10, "relu", 2.0, init_scale=1e-3, seed=0)
    th0 = th0.numpy()
    P = net.size
    ref = horizon_flow(net, th0, target_log_loss=-ell, rtol=1e-12, euler=False)["state"]

    def f(s, th):
        return net.grad_over_loss_np(th)[0]

    def level(s, th):
        return net.forward_np(th)[3] + ell
    level.terminal, level.direction = True, -1

    def ivp(method):
        def run():
            r = solve_ivp(f, (0.0, 1e9), th0, method=method, rtol=1e-10, atol=1e-14, events=level)
            return r.y_events[0][0] if r.status == 1 else r.y[:, -1]
        return run

    kw = dict(target_log_loss=-ell, euler=False, method="LSODA")
    fns = {"ours": lambda: horizon_flow(net, th0, **kw)["state"],
           "ours rtol 1e-9": lambda: horizon_flow(net, th0, rtol=1e-9, **kw)["state"]}
    for m in ("RK45", "DOP853", "LSODA", "Radau"):
        fns[m] = ivp(m)
    try:
        import torchdiffeq
        if ell > 1e4:  # ~1 ms of torch overhead per step: minutes at 1e5
            raise ImportError
        s_end = horizon_flow(net, th0, **kw)["s"]
        tf = lambda s, th: torch.from_numpy(f(s, th.numpy()))  # noqa: E731
        fns["torchdiffeq"] = lambda: torchdiffeq.odeint(
            tf, torch.from_numpy(th0), torch.tensor([0.0, s_end], dtype=torch.float64), method="dopri5",
            rtol=1e-10, atol=1e-14)[-1].numpy()
    except ImportError:
        print("  (torchdiffeq not installed, or ℓ > 1e4: its column is left out)")
    res = interleaved(fns, reps)
    err = {k: float(np.linalg.norm(v[1][:P] - ref) / np.linalg.norm(ref)) for k, v in res.items()}
    row(f"flow ℓ={ell:g}", res, err)


RTOLS = (1e-7, 3e-8, 1e-8, 3e-9, 1e-9, 3e-10, 1e-10, 3e-11, 1e-11)  # the ladder each method's tolerance is read off
EQUAL_ERROR = 1e-9  # "equal accuracy": each method at the loosest rtol of RTOLS whose final error is at most this


def lsoda_clock(net, th0, ell: float, rtol: float) -> np.ndarray:
    """The peer an expert writes for the same ODE: scipy's ``solve_ivp(method="LSODA")`` with the analytic
    Jacobian (ours: ``early_system``, ``LogLossClock.jac``) on the early system in ``ds = 𝓛 dt`` to 𝓛 = 1/e (a
    terminal event), then on the log-loss clock ``(θ, J, s, w)`` from τ = log ℓ₀ to log ℓ; our atol formulas."""
    from scipy.integrate import solve_ivp

    from ibcheck.numerics.integrators.horizon import LogLossClock, early_system
    P = net.size
    f, jac = early_system(net)

    def level(s, y):
        return net.forward_np(y[:P])[3] + 1.0
    level.terminal, level.direction = True, -1
    atol = np.concatenate([np.full(P, 1e-4 * rtol * float(np.abs(th0).max())), [1e-6 * rtol] * 2])
    r = solve_ivp(f, (0.0, 1e300), np.concatenate([th0, [0.0, 0.0]]), method="LSODA", jac=jac, rtol=rtol,
                  atol=atol, events=level)
    s1, y1 = r.t_events[0][0], r.y_events[0][0]
    ell0 = -float(net.forward_np(y1[:P])[3])
    y = np.concatenate([y1[:P], [y1[P], s1, math.log(y1[P + 1]) - ell0]])
    clock = LogLossClock(net)
    atol = np.concatenate([np.full(P, 1e-6 * rtol * float(np.abs(y[:P]).max())), rtol * (1e-6 + np.abs(y[P:]))])
    r = solve_ivp(clock.rhs, (math.log(ell0), math.log(ell)), y, method="LSODA", jac=clock.jac, rtol=rtol, atol=atol)
    return r.y[:P, -1]


def clock_flows(ell: float, reps: int):
    """``clock act ℓ=L``: the horizon flow (``method="LSODA"``, the default of the homogeneous-flow checks; and
    ``Radau``, the one before it) against ``lsoda_clock`` on the two default nets of the homogeneous-flow checks
    (n=8, d=20, m=10, init 1e-3; σ = relu² and σ = z², both L = 3), each at the loosest rtol of ``RTOLS`` with
    final error ≤ ``EQUAL_ERROR`` (reference: Radau at rtol 1e-12). Error: ‖θ − θ_ref‖/‖θ_ref‖."""
    from ibcheck.numerics.integrators.horizon import horizon_flow
    from ibcheck.numerics.trainers.homogeneous_net import make_net, teacher_data
    X, y = teacher_data(8, 20, 0)
    for act, label in (("relu", "relu²"), ("square", "z²")):
        net, th0 = make_net(X, y, 10, act, 2.0, init_scale=1e-3, seed=0)
        th0 = th0.numpy()
        ref = horizon_flow(net, th0, target_log_loss=-ell, rtol=1e-12, euler=False)["state"]
        error = lambda v: float(np.linalg.norm(v[:net.size] - ref) / np.linalg.norm(ref))  # noqa: E731
        runs = {"ours": lambda r: horizon_flow(net, th0, target_log_loss=-ell, rtol=r, euler=False,
                                               method="LSODA")["state"],
                "Radau (before)": lambda r: horizon_flow(net, th0, target_log_loss=-ell, rtol=r, euler=False)["state"],
                "LSODA analytic": lambda r: lsoda_clock(net, th0, ell, r)}
        picked = {k: next((r for r in RTOLS if error(run(r)) <= EQUAL_ERROR), RTOLS[-1]) for k, run in runs.items()}
        res = interleaved({k: (lambda run=run, r=picked[k]: run(r)) for k, run in runs.items()}, reps)
        err = {k: error(v[1]) for k, v in res.items()}
        row(f"clock {label} ℓ={ell:g}", res, err)
        print("    rtol: " + ", ".join(f"{k} {r:g}" for k, r in picked.items()), flush=True)


def svms(n: int, reps: int):
    from scipy.optimize import nnls
    from sklearn.svm import LinearSVC

    from ibcheck.numerics.data.linear_data import planted
    from ibcheck.theory.svm import hard_margin_svm
    Z = planted(n, 2 * n, 0).Z
    ref = hard_margin_svm(Z, method="clarabel").w

    def raw_nnls():
        R = np.linalg.cholesky(Z @ Z.T).T
        E = np.vstack([R, np.ones((1, n))])
        f = np.zeros(n + 1)
        f[-1] = 1
        u = nnls(E, f)[0]
        return Z.T @ (u / (1 - u.sum()))

    def svc():
        c = LinearSVC(fit_intercept=False, C=1e6, loss="hinge", tol=1e-12, max_iter=100000, dual=True)
        c.fit(np.vstack([Z, -Z]), np.r_[np.ones(n), -np.ones(n)])  # z_n and −z_n: the same SVM through 0
        return c.coef_[0]

    fns = {"ours": lambda: hard_margin_svm(Z).w, "clarabel+polish": lambda: hard_margin_svm(Z, method="clarabel").w,
           "LinearSVC": svc, "raw NNLS": raw_nnls}
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = interleaved(fns, reps)
    err = {k: float(np.linalg.norm(v[1] - ref) / np.linalg.norm(ref)) for k, v in res.items()}
    row(f"svm n={n}", res, err)


def gds(n: int, reps: int, steps: int = 500):
    from ibcheck.numerics.trainers.relu_gd import gd_direct, gd_span
    g = torch.Generator().manual_seed(n)
    d = 40 * n
    X = torch.randn(n, d, generator=g, dtype=torch.float64)
    K = X @ X.T
    y = torch.where(torch.arange(n) % 2 == 0, 1.0, -1.0).double() * (1 + torch.rand(n, generator=g, dtype=torch.float64))
    a = torch.ones(1, dtype=torch.float64)
    a0 = 1e-3 * torch.rand(1, 1, n, generator=g, dtype=torch.float64)
    eta = 0.5 / float(torch.linalg.eigvalsh(K)[-1])
    kw = dict(max_steps=steps, grad_rtol=0.0)
    fns = {"ours": lambda: gd_span(K[None], y[None], a, a0, eta, **kw).alpha[0, 0],
           "torch loop": lambda: gd_span(K[None], y[None], a, a0, eta, backend="torch", **kw).alpha[0, 0],
           "autograd R^d": lambda: gd_direct(X, y, a, a0[0] @ X, eta, keep_betas=False, **kw).W[0]}
    res = interleaved(fns, reps)
    ref = (res["torch loop"][1] @ X).numpy()
    err = {}
    for k, (t, v) in res.items():
        w = (v @ X).numpy() if v.shape[-1] == n else v.numpy()
        err[k] = float(np.linalg.norm(w - ref) / np.linalg.norm(ref))
    row(f"gd n={n}", res, err)


def lingds(n: int, reps: int, steps: int = 2000):
    from ibcheck.numerics.data.linear_data import planted
    from ibcheck.numerics.trainers.linear_gd import gd, gd_direct
    Z = planted(n, max(3, n // 4), 0).Z
    eta = 1.0 / float(np.linalg.norm(Z, 2)) ** 2
    fns = {"ours": lambda: gd(Z, eta, steps, checkpoints=[0, steps]).W[0, -1],
           "autograd R^d": lambda: gd_direct(Z, eta, steps)}
    res = interleaved(fns, reps)
    ref = res["autograd R^d"][1]
    err = {k: float(np.linalg.norm(v - ref) / np.linalg.norm(ref)) for k, (t, v) in res.items()}
    row(f"lingd n={n}", res, err)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one size per row")
    ap.add_argument("--ells", default="1e3,1e4", help="flow horizons log(1/𝓛), comma-separated")
    ap.add_argument("--clock-ells", default="1e3,1e4,1e5", help="clock-row horizons log(1/𝓛), comma-separated")
    ap.add_argument("--only", default="flow,clock,svm,gd,lingd", help="rows to run, comma-separated")
    args = ap.parse_args()
    only = set(args.only.split(","))
    print(f"numpy {np.__version__}, torch {torch.__version__}; CPU time, best of {args.reps} interleaved, 1 thread; "
          "ratio = peer/ours (> 1: ours faster)")
    with limited(1):
        for ell in ((1e3,) if args.quick else [float(e) for e in args.ells.split(",")]) if "flow" in only else ():
            flows(ell, args.reps)
        for ell in ((1e3,) if args.quick else [float(e) for e in args.clock_ells.split(",")]) if "clock" in only else ():
            clock_flows(ell, args.reps)
        for n in ((100,) if args.quick else (100, 200, 300)) if "svm" in only else ():
            svms(n, args.reps)
        for n in ((100,) if args.quick else (40, 100, 300)) if "gd" in only else ():
            gds(n, args.reps)
        for n in ((12,) if args.quick else (12, 100)) if "lingd" in only else ():
            lingds(n, args.reps)

if __name__ == "__main__":
    main()
