"""A sequence that has stopped moving at float64 resolution: the judge's evidence of a limit reached.

``theory.asymptotic.judge`` reads a stable two-point order near 0 against the stated limit as *no evidence* (a
saddle plateau still drifts, and may leave). A sequence whose changes collapse to rounding is different: over a
tail of ``≥ points`` checkpoints spanning a clock ratio ``≥ span`` (a decade) its successive differences
``d_k = q_{k+1} − q_k`` keep one sign and at least halve at every step, down to a last difference at the rounding
of ``q`` (``≤ ROUNDING·|q|``). Any convergence to another value at a rate a statement gives (1/ℓ, 1/log ℓ, even
1/log log ℓ, which moves ~3% of the remaining distance per third of a decade) would move ``q`` by far more than
rounding per checkpoint; so the limit is ``q_last`` within the geometric tail's bound
``R = F_s·|d_last|·r/(1 − r) + ROUNDING·|q_last|`` (Aitken's remainder with the tail's largest ratio ``r ≤ ½``,
Roache's safety factor ``F_s``). A frozen trainer (every recorded state the first: ``d ≡ 0``) and a fixed wrong
direction whose alignment gap converges geometrically to a constant are read as what they are: a limit reached,
elsewhere than stated.
"""
from __future__ import annotations

ROUNDING = 16 * 2.0 ** -52  # a difference this small relative to |q| is float64 rounding of q, not a change
RATIO = 0.5  # each difference at most half the one before: a geometric tail, remainder ≤ the last difference


def settled(tau: list, q: list, *, points: int, span: float, safety: float) -> tuple[float, float, int] | None:
    """``(lo, hi, start)``: the interval of the reached limit and the tail's first checkpoint, else None."""
    K = len(q)
    if K < points:
        return None
    rnd = ROUNDING * max(abs(x) for x in q)
    d = [b - a for a, b in zip(q, q[1:])]
    if abs(d[-1]) > rnd:  # still moving at the last checkpoint
        return None
    start, sign, ratio = K - 1, 0, 0.0
    for k in range(K - 2, -1, -1):  # extend the tail backwards while difference k → k + 1 keeps the pattern
        big = abs(d[k]) > rnd
        if big:
            s = 1 if d[k] > 0 else -1
            if sign and s != sign:
                break
            sign = s
        if k + 1 < K - 1 and abs(d[k + 1]) > rnd:  # a real change must follow a larger one, at least twice as large
            if not big or abs(d[k + 1]) > RATIO * abs(d[k]):
                break
            ratio = max(ratio, abs(d[k + 1]) / abs(d[k]))
        start = k
    if K - start < points or tau[-1] / tau[start] < span * (1 - 1e-9):
        return None
    r = ratio or RATIO
    R = safety * abs(d[-1]) * r / (1 - r) + rnd
    return q[-1] - R, q[-1] + R, start
