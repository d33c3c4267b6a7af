"""Event-aware Dormand–Prince 5(4) for piecewise-smooth flows (switching surfaces, sliding modes).

The field is smooth inside a *mode* (``system.field(y, mode)``: the active pieces extended across their
surfaces), so each step's error estimate is meaningful. After an accepted step the switching functions
``g = side·surfaces(y)`` (linear in y) are followed along the step's quartic dense output (Shampine's
continuous extension of DP5: ``y(θ) = y + h Σ_i k_i Σ_p P_ip θ^p``); the first ``θ`` where one leaves
``g ≥ 0`` is found exactly on that polynomial (roots of the quartic), the state is taken there, the system
decides the new mode (crossing or Filippov sliding, ``system.switch``) and the integrator restarts (fresh
stages: no step straddles a surface, so none is rejected for it). Sliding ends where the equivalent control
leaves its box (``system.exit_margins``, located by Illinois on the dense output).

Also located exactly on the dense output: the target ``log L̂`` (the flow ends there, not one step past it),
the first time ``L̂ < log(2)/n`` and the record checkpoints ``s_k = h₀·r^k`` (independent of the steps).
Same error norm as ``numerics.trainers.flow.integrate`` (which stays, ``events=False``, as the reference), with a PI
step-size controller (``_BETA``). Numpy float64 throughout: per step a few products with the n×n Gram
matrix (cost independent of d) and no torch per-op overhead; bitwise reproducible on CPU.

``system`` interface (``numerics.trainers.leaky_modes.LeakyModes`` implements it for the leaky two-layer network):
``switching`` (False: no surfaces), ``start(y) → mode`` (``mode.side``: +1/−1 monitored, 0 sliding),
``field(y, mode) → (dy, log L̂, aux)``, ``dense(y, CB, mode)`` (the switching functions' polynomial
coefficients ``g0, gc`` and ``log_loss(θs)`` on the step's dense output ``y + Σ_p CB_p θ^{p+1}``),
``guard_tol(y)`` (a sign within it is undecided), ``exit_margins(mode, aux)`` / ``exit_entries(mode)``
(sliding consistency, ≥ 0), ``switch(y, mode, hits, leaving) → (y, mode, new sliding segments)``.
"""
from __future__ import annotations

import math
import time
from typing import Callable

import numpy as np

from .dopri import AN, EN, P, illinois, log_quad, logaddexp, powers

EPS = np.finfo(np.float64).eps
_GRID = np.linspace(0.0, 1.0, 9)  # where every switching function is sampled within a step
_GRID_POW = np.stack([_GRID ** (p + 1) for p in range(4)], 1)  # (9, 4)
_DIP = (1 / 8) ** 2 / 8  # a quartic dips below its chord between samples by ≤ δ²/8·max|g''|
_FINE = np.linspace(0.0, 1.0, 129)
_FINE_POW = np.stack([_FINE ** (p + 1) for p in range(4)], 1)
_DIP_FINE = (1 / 128) ** 2 / 8
_EXIT_TOL = 1e-12  # an equivalent slope this far outside [γ, 1] ends sliding
_ZERO_PROGRESS_MAX = 4
# PI step-size control (Gustafsson; Hairer–Wanner II §IV.2, DOPRI5 allows β ≤ 0.08). Late in the flow the steps are
# bounded by stability (the Hessian of log L̂ scales like ‖x‖²), where the plain controller cycles accept/reject;
# β = 0.08 removed every rejection there (β = 0.04: 0.6 accepted/total on the leaky flow's default).
_BETA = 0.08


def _first_crossing(g0: float, c: np.ndarray, tol: float) -> float | None:
    """First ``θ ∈ [0, 1]`` where ``g(θ) = g0 + Σ_p c_p θ^{p+1}`` falls below ``−tol`` after being ``≥ −tol``
    (the crossing of 0 before it), or None. Exact on the quartic (its real roots), so grazing dips count."""
    if g0 < -tol:
        return 0.0
    coef = np.array([c[3], c[2], c[1], c[0], g0])
    nz = np.nonzero(np.abs(coef) > 0)[0]
    if len(nz) == 0:
        return None
    roots = np.roots(coef[nz[0]:])
    r = np.sort(np.real(roots[np.abs(np.imag(roots)) <= 1e-9 * (1 + np.abs(roots))]))
    r = r[(r > 0) & (r <= 1)]
    pts = np.concatenate([[0.0], r, [1.0]])
    g = lambda t: g0 + t * (c[0] + t * (c[1] + t * (c[2] + t * c[3])))  # noqa: E731
    for lo, hi in zip(pts[:-1], pts[1:]):
        if hi <= lo:
            continue
        inner = [g(lo + f * (hi - lo)) for f in (0.25, 0.5, 0.75)] + ([g(1.0)] if hi == 1.0 else [])
        if min(inner) < -tol:  # g has one sign between two roots: below −tol here, ≥ −tol before lo
            if lo == 0.0:
                return 0.0
            t = lo  # a root: polish it (Newton, kept inside the interval)
            for _ in range(3):
                d = c[0] + t * (2 * c[1] + t * (3 * c[2] + t * 4 * c[3]))
                t2 = t - g(t) / d if d != 0 else t
                if not (0.0 < t2 < hi):
                    break
                t = t2
            return float(t)
    return None


def _bracketed_roots(g0: np.ndarray, c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Roots of the quartics ``g0 + Σ_p c_p θ^{p+1}`` in brackets ``[a, b]`` with ``g(a) > 0 ≥ g(b)``:
    Newton safeguarded by bisection, vectorised over the entries, to a few ulps."""
    g = lambda t: g0 + t * (c[0] + t * (c[1] + t * (c[2] + t * c[3])))  # noqa: E731
    x = 0.5 * (a + b)
    for _ in range(100):
        gx = g(x)
        pos = gx > 0
        a, b = np.where(pos, x, a), np.where(pos, b, x)
        d = c[0] + x * (2 * c[1] + x * (3 * c[2] + x * 4 * c[3]))
        with np.errstate(divide="ignore", invalid="ignore"):
            xn = x - gx / d
        conv = np.abs(xn - x) <= 4 * EPS * np.abs(x)
        xn = np.where((xn >= a) & (xn <= b), xn, 0.5 * (a + b))
        if np.all(conv | (b - a <= 4 * EPS * b)):
            return np.where(conv, xn, b)
        x = xn
    return b


def _screen(g0, gc, tol, curv, pw, grid, dip):
    """Samples of every ``g_e`` on ``grid``: the entries that may cross first (indices), the samples, the first
    sample near which each may be below ``−tol`` (j) and the first where it is (k; ``len(grid)``: nowhere)."""
    gs = g0[None, :] + pw @ gc
    thr = -tol + dip * curv
    may = np.nonzero(gs.min(0) < thr)[0]
    if len(may) == 0:
        return may, None, None, None
    gs, thr, tl = gs[:, may], thr[may], tol[may]
    sus, viol = gs < thr, gs < -tl
    has_viol = viol.any(0)
    j = np.argmax(sus, 0)
    k = np.where(has_viol, np.argmax(viol, 0), len(grid))
    best = float(grid[k.min()]) if has_viol.any() else 1.0
    first = grid[np.maximum(j - 1, 0)] <= best
    return may[first], gs[:, first], j[first], k[first]


def _first_event(g0: np.ndarray, gc: np.ndarray, tol: np.ndarray, curv: np.ndarray) -> tuple[float | None, list]:
    """Earliest ``θ ∈ [0, 1]`` where a switching function ``g_e(θ) = g0_e + Σ_p gc_pe θ^{p+1}`` crosses 0 into
    ``g < −tol``, and the entries crossing within 1e-12 of it (simultaneous events).

    Screened on 9 samples (between two samples a quartic dips below their minimum by at most
    ``δ²/8·max|g''|``, so no crossing is missed): a clean sign change between two samples is bracketed and
    solved (Newton–bisection, vectorised); the rest are screened again on 129 samples, and what still may dip
    below ``−tol`` first (a graze, a start within rounding of 0 heading out) goes to the quartic's real roots."""
    roots = np.full(len(g0), np.inf)
    best = 1.0
    todo = np.arange(len(g0))
    for pw, grid, dip in ((_GRID_POW, _GRID, _DIP), (_FINE_POW, _FINE, _DIP_FINE)):
        sub, gs, j, k = _screen(g0[todo], gc[:, todo], tol[todo], curv[todo], pw, grid, dip)
        if len(sub) == 0:
            break
        idx = todo[sub]
        ng = len(grid)
        left = gs[np.maximum(k - 1, 0), np.arange(len(idx))]
        clean = (k < ng) & (j == k) & (k >= 1) & (left > 0)
        if clean.any():
            kc, ic = k[clean], idx[clean]
            roots[ic] = _bracketed_roots(g0[ic], gc[:, ic], grid[kc - 1], grid[kc])
            best = min(best, float(roots[ic].min()))
        lower = grid[np.maximum(j - 1, 0)]
        keep = ~clean & (lower <= best + 1e-12)
        todo, todo_lower = idx[keep], lower[keep]
        if len(todo) == 0:
            break
    else:  # still undecided after the fine samples: exact roots, earliest possible first
        for e, lo in sorted(zip(todo.tolist(), todo_lower.tolist()), key=lambda t: t[1]):
            if lo > best + 1e-12:
                break
            r = _first_crossing(float(g0[e]), gc[:, e], float(tol[e]))
            if r is not None:
                roots[e] = r
                best = min(best, r)
    theta = float(roots.min())
    if not math.isfinite(theta):
        return None, []
    return theta, np.nonzero(roots <= theta + 1e-12)[0].tolist()


def integrate_switched(system, y0: np.ndarray, *, target_log_loss: float = -2000.0, s_end: float = math.inf,
                       rtol: float = 1e-9, max_steps: int = 200000, record: Callable | None = None,
                       record_every: float = 1.25, n: int = 1, stop: Callable | None = None,
                       progress: Callable | None = None, progress_every: float = 0.2,
                       event_log: list | None = None, track_log_t: bool = True) -> tuple[np.ndarray, dict]:
    """DP5 with events on ``dy/ds = system.field(y, mode)`` (numpy float64), ``log t`` carried along.

    Stops, located exactly on the dense output: at ``log L̂ = target_log_loss``, at ``s = s_end`` (last step
    clipped), at a checkpoint where ``stop(y)`` is True, or after ``max_steps`` accepted steps.
    ``record(s, log_t, log_loss, steps, y)`` at ``s = 0``, at the checkpoints ``s_k = h₀ r^k`` (``r =
    record_every``, ``h₀`` the initial step guess: a function of ``y0`` and the field only) and at the end.
    ``progress(log_loss, target_log_loss)``: after an accepted step (not the last), at most every
    ``progress_every`` s of wall time. ``event_log``: a list that receives ``{"s", "hits", "leaving",
    "sliding"}`` per event (for tests).
    ``track_log_t=False`` skips the ``log t`` quadrature (a flow already in real time).
    Error norm and step-size bounds as ``flow.integrate``; PI control (``_BETA``).

    Returns ``(y, info)``: ``s``, ``log_t``, ``log_loss``, ``steps``, ``rejected``, ``reached_target``,
    ``time_to_log2_over_n`` and ``stats``: accepted ``steps``, ``rejected``, ``events`` (entries that reached
    a surface), ``sliding`` (sliding segments begun), ``exits`` (ended), ``forced`` (steps forced through a
    stuck event), ``field_evals``, ``accept_ratio`` = steps/(steps + rejected).
    """
    y = np.array(y0, dtype=np.float64, copy=True)
    shape = y.shape
    mode = system.start(y)
    k1, l1, D1 = system.field(y, mode)
    l1 = float(l1)
    st = {"steps": 0, "rejected": 0, "events": 0, "sliding": 0, "exits": 0, "forced": 0, "field_evals": 1}
    level = math.log(math.log(2) / n)
    t_cross = 0.0 if l1 < level else None
    s, log_t = 0.0, -math.inf
    h = 1e-3 * max(float(np.abs(y).max()), 1e-12) / max(float(np.abs(k1).max()), 1e-300)
    rec_next = h
    if record:
        record(s, log_t, l1, 0, y)
    done = l1 <= target_log_loss or s >= s_end
    stopped = at_target = False
    ks = np.empty((7, y.size))
    zero_progress, skip, skip_exits = 0, None, False
    err_old, last_rejected = 1e-4, False
    t_prog = time.monotonic()
    monitor = getattr(system, "switching", True)

    while not done and st["steps"] < max_steps:
        h = min(h, s_end - s)
        clipped = h == s_end - s
        ks[0] = k1.ravel()
        logs, Ds = [l1], [D1]
        for i in range(1, 7):
            yi = y + h * (AN[i] @ ks[:i]).reshape(shape)
            ki, li, Di = system.field(yi, mode)
            ks[i] = ki.ravel()
            logs.append(float(li))
            Ds.append(Di)
        st["field_evals"] += 6
        y_new = yi  # stage 7 sits at the 5th-order solution (FSAL)
        err = h * (EN @ ks)
        yf, ynf = y.ravel(), y_new.ravel()
        sc = rtol * (np.maximum(np.abs(yf), np.abs(ynf)) + 1e-6 * float(np.abs(ynf).max()) + 1e-300)
        ratio = float((np.abs(err) / sc).max())
        if not (ratio <= 1.0 and math.isfinite(ratio)):
            st["rejected"] += 1
            h *= max(0.2, 0.9 * ratio ** -0.2) if math.isfinite(ratio) else 0.2
            last_rejected = True
            continue
        fac = 5.0 if ratio == 0 else min(5.0, max(0.1, 0.9 * ratio ** -(0.2 - 0.75 * _BETA) * err_old ** _BETA))
        if last_rejected:
            fac = min(fac, 1.0)
        err_old, last_rejected = max(ratio, 1e-4), False

        CB = h * (P.T @ ks)  # y(θ) = y + Σ_p CB_p θ^{p+1}
        dense = lambda th: y + (powers(th) @ CB).reshape(shape)  # noqa: E731
        poly = system.dense(y, CB.reshape((4,) + shape), mode)

        # 1. switching functions along the step: the first θ where one leaves side·g ≥ 0
        theta_ev, hits, leaving = None, [], []
        if monitor and (mode.side != 0).any():
            side = mode.side.ravel().astype(np.float64)
            g0, gc = side * poly.g0, side[None, :] * poly.gc
            tol = system.guard_tol(y).ravel()
            # an entry that starts within rounding on the wrong side (just switched) but heads into its region
            # is not an event unless it falls further: its tolerance is its start
            tol = np.where((g0 < -tol) & (gc[0] > 0), -g0, tol)
            curv = 2 * np.abs(gc[1]) + 6 * np.abs(gc[2]) + 12 * np.abs(gc[3])
            cand = np.nonzero(side != 0)[0]
            if skip is not None:
                cand = np.setdiff1d(cand, skip)
            theta_ev, ents = _first_event(g0[cand], gc[:, cand], tol[cand], curv[cand])
            hits = [divmod(int(cand[e]), shape[1]) for e in ents]
        skip = None
        # 2. sliding entries whose equivalent slope leaves [γ, 1] (seen at the stages, located on the dense output)
        if mode.slide and not skip_exits and \
                min(float(system.exit_margins(mode, Di).min()) for Di in Ds[1:]) < -_EXIT_TOL:
            def fx(th):
                st["field_evals"] += 1
                return float(system.exit_margins(mode, system.field(dense(th), mode)[2]).min())
            t_hi = 1.0 if theta_ev is None else theta_ev
            f0, fh = float(system.exit_margins(mode, D1).min()), fx(t_hi)
            if fh < -_EXIT_TOL:
                tx = 0.0 if f0 <= 0 else illinois(fx, 0.0, f0, t_hi, fh)
                mg = system.exit_margins(mode, system.field(dense(tx), mode)[2])
                ents = system.exit_entries(mode)
                leaving = [ents[k] for k in np.nonzero(mg <= _EXIT_TOL)[0]]
                if theta_ev is None or theta_ev > tx + 1e-12:
                    hits = []
                theta_ev = tx if theta_ev is None else min(theta_ev, tx)
        skip_exits = False

        # 3. how far this step counts: the event, the target level, a stop at a checkpoint
        lat = poly.log_loss  # log L̂ on the dense output, vectorised in θ
        theta = 1.0 if theta_ev is None else theta_ev
        l_end = logs[6] if theta == 1.0 else float(lat(np.array([theta]))[0])
        if l_end <= target_log_loss:
            f_t = lambda th: float(lat(np.array([th]))[0]) - target_log_loss  # noqa: E731
            theta = illinois(f_t, 0.0, l1 - target_log_loss, theta, l_end - target_log_loss)
            l_end = float(lat(np.array([theta]))[0])
            theta_ev, hits, leaving, done, at_target = None, [], [], True, True
        while (record or stop) and rec_next > s and rec_next - s <= theta * h:  # checkpoints inside the step
            th = (rec_next - s) / h
            yr, lr = dense(th), float(lat(np.array([th]))[0])
            if record:
                lt = logaddexp(log_t, log_quad(h, th, logs, lr, lat)) if track_log_t else log_t
                record(rec_next, lt, lr, st["steps"] + 1, yr)
            rec_next *= record_every
            if stop is not None and stop(yr):
                theta, l_end = th, lr
                theta_ev, hits, leaving, done, stopped = None, [], [], True, True
        if t_cross is None and l_end < level:
            th = illinois(lambda t: float(lat(np.array([t]))[0]) - level, 0.0, l1 - level, theta, l_end - level)
            t_cross = math.exp(logaddexp(log_t, log_quad(h, th, logs, level, lat)))

        # 4. advance (to θ = 1: the step's own 5th-order solution; else the dense output)
        if track_log_t:
            log_t = logaddexp(log_t, log_quad(h, theta, logs, l_end, lat))
        progressed = s + theta * h > s
        s = s_end if (clipped and theta == 1.0) else s + theta * h
        y = y_new if theta == 1.0 else dense(theta)
        st["steps"] += 1
        if hits or leaving:
            y, mode, new_slides = system.switch(y, mode, hits, leaving)
            if event_log is not None:
                event_log.append({"s": s, "hits": hits, "leaving": leaving, "sliding": new_slides})
            st["events"] += len(hits)
            st["exits"] += len(leaving)
            st["sliding"] += new_slides
            zero_progress = 0 if progressed else zero_progress + 1
            if zero_progress >= _ZERO_PROGRESS_MAX:  # stuck: one step with these entries unmonitored
                skip = np.array([j * shape[1] + i for j, i in hits], dtype=int)
                skip_exits = bool(leaving)
                st["forced"] += 1
                zero_progress = 0
        else:
            zero_progress = 0
        if theta == 1.0 and not (hits or leaving):
            k1, l1, D1 = ks[6].reshape(shape), logs[6], Ds[6]
        else:
            k1, l1, D1 = system.field(y, mode)
            l1 = float(l1)
            st["field_evals"] += 1
        if at_target:  # log L̂ on the dense output at the located end (≤ target; = l1 up to rounding)
            l1 = l_end
        done = done or l1 <= target_log_loss or s >= s_end
        if done and record and not stopped:
            record(s, log_t, l1, st["steps"], y)
        if progress is not None and not done and time.monotonic() - t_prog >= progress_every:
            progress(l1, target_log_loss)
            t_prog = time.monotonic()
        h *= fac
    total = st["steps"] + st["rejected"]
    st["accept_ratio"] = st["steps"] / total if total else 1.0
    return y, {"s": s, "log_t": log_t, "log_loss": l1, "steps": st["steps"], "rejected": st["rejected"],
               "reached_target": l1 <= target_log_loss, "time_to_log2_over_n": t_cross, "stats": st}
