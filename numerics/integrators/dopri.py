"""Dormand–Prince 5(4): the tableau, its dense output and the log-space helpers of the flow integrators.

Shared by ``numerics.trainers.flow.integrate`` (the plain controller) and ``numerics.integrators.flow_events.integrate_switched``
(events): the FSAL pair (c, A, b, e = b − b̂), Shampine's quartic continuous extension ``b_i(θ) = Σ_p P_ip θ^{p+1}``
(as in Hairer–Wanner and scipy's RK45), and the real-time quadrature ``log t = log ∫ e^{−log L̂} ds`` done in log
space (L̂ falls far below 1e-308, t far above 1e308): ``logaddexp``, the step's own 5th-order weights, or
Gauss–Legendre on the dense output where log L̂ moves by O(1) within a step; Illinois regula falsi for the levels
located on the dense output.
"""
from __future__ import annotations

import bisect
import math
from typing import Callable

import numpy as np

# Dormand–Prince 5(4) tableau (FSAL): c, A, b (5th order), e = b − b̂ (error estimate).
C = [0.0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0]
A = [[], [1 / 5], [3 / 40, 9 / 40], [44 / 45, -56 / 15, 32 / 9],
      [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
      [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
      [35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]]
B = [35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0.0]
E = [71 / 57600, 0.0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40]


# Dense output of DP5 (Shampine 1986, as in Hairer–Wanner and scipy's RK45): b_i(θ) = Σ_p P[i, p] θ^{p+1}.
P = np.array([
    [1, -8048581381 / 2820520608, 8663915743 / 2820520608, -12715105075 / 11282082432],
    [0, 0, 0, 0],
    [0, 131558114200 / 32700410799, -68118460800 / 10900136933, 87487479700 / 32700410799],
    [0, -1754552775 / 470086768, 14199869525 / 1410260304, -10690763975 / 1880347072],
    [0, 127303824393 / 49829197408, -318862633887 / 49829197408, 701980252875 / 199316789632],
    [0, -282668133 / 205662961, 2019193451 / 616988883, -1453857185 / 822651844],
    [0, 40617522 / 29380423, -110615467 / 29380423, 69997945 / 29380423]])
AN = [np.array(r, dtype=np.float64) for r in A]
EN = np.array(E, dtype=np.float64)


def logaddexp(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    return max(a, b) + math.log1p(math.exp(-abs(a - b)))


def log_increment(h: float, logs: list[float]) -> float:
    """``log(h Σ_i b_i e^{−l_i})`` without overflow (shift by the largest exponent)."""
    mx = max(-l for l in logs)
    tot = sum(b * math.exp(-l - mx) for b, l in zip(B, logs))
    return math.log(h) + mx + math.log(tot) if tot > 0 else -math.inf


def weights(theta: float) -> np.ndarray:
    """``b_i(θ)`` for the 7 stages."""
    return P @ powers(theta)


def powers(theta: float) -> np.ndarray:
    return np.array([theta, theta ** 2, theta ** 3, theta ** 4])


def _gl_cmax(k: int) -> float:
    """Largest ``c`` for which k-point Gauss–Legendre integrates ``e^{cx}`` on [0, 1] to 1e-15 (error bound
    ``(k!)⁴/((2k+1)((2k)!)³)·c^{2k}``)."""
    log_c = (math.log(1e-15 * (2 * k + 1)) + 3 * math.lgamma(2 * k + 1) - 4 * math.lgamma(k + 1)) / (2 * k)
    return math.exp(log_c)


_GL_K = list(range(2, 64))
_GL_CMAX = [_gl_cmax(k) for k in _GL_K]
_GL: dict = {}


def _gl_nodes(delta: float):
    """Gauss–Legendre nodes/weights on [0, 1] for ``∫e^{−l}`` when ``l`` falls by ``delta`` over the interval:
    the fewest nodes exact to 1e-15 for ``e^{cx}``, ``c = 1.5·delta``."""
    k = _GL_K[min(bisect.bisect_left(_GL_CMAX, 1.5 * delta), len(_GL_K) - 1)]
    if k not in _GL:
        x, w = np.polynomial.legendre.leggauss(k)
        _GL[k] = (0.5 * (x + 1), 0.5 * w)
    return _GL[k]


def log_quad(h: float, theta: float, logs: list[float], l_theta: float, logl_at: Callable) -> float:
    """``log ∫₀^{θh} e^{−log L̂} ds``. Where ``log L̂`` moves by less than 1e-4 over the piece: the step's own
    5th-order quadrature on the stage values (``b_i(θ)``); else Gauss–Legendre on the dense output (late in
    the flow ``log L̂`` falls by O(1) per step and the integrand by e^{O(1)}: the RK weights are then off by
    ~1e-3 in ``log t``)."""
    if theta <= 0:
        return -math.inf
    delta = abs(logs[0] - l_theta)
    if delta <= 1e-4:
        b = weights(theta)
        mx = max(-l for l in logs)
        tot = float(sum(bi * math.exp(-l - mx) for bi, l in zip(b, logs)))
        return math.log(h) + mx + math.log(tot) if tot > 0 else -math.inf
    x, w = _gl_nodes(delta)
    ls = logl_at(theta * x)
    mx = float((-ls).max())
    return math.log(h * theta) + mx + math.log(float(w @ np.exp(-ls - mx)))


def illinois(f: Callable[[float], float], a: float, fa: float, b: float, fb: float, xtol: float = 1e-15,
              maxit: int = 100) -> float:
    """A root of ``f`` in ``[a, b]`` with ``fa > 0 ≥ fb`` (Illinois regula falsi); returns the right end
    of the final bracket (``f ≤ 0`` there: the event has happened)."""
    side = 0
    for _ in range(maxit):
        if b - a <= xtol * max(1.0, abs(b)):
            break
        c = (a * fb - b * fa) / (fb - fa) if fb != fa else 0.5 * (a + b)
        if not (a < c < b):
            c = 0.5 * (a + b)
        fc = f(c)
        if fc <= 0:
            b, fb = c, fc
            if side == -1:
                fa *= 0.5
            side = -1
        else:
            a, fa = c, fc
            if side == 1:
                fb *= 0.5
            side = 1
    return b
