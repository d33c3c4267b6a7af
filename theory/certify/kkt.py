"""Generic pieces of an active-set KKT certificate: solve the equality system of a guessed active set in
balls, then prove sign conditions on the coefficients and on the predictions.

The pattern (a min-norm interpolation program now; the hard-margin SVM and similar QPs later): with a Gram
enclosure ``G``, an active set ``E`` and right-hand side ``b_E``, ``G_EE c_E = b_E`` is solved in balls (a
success proves ``G_EE`` nonsingular for every matrix in the ball), ``c = 0`` exactly off ``E``, and
``v = G c`` is enclosed on every row. Rows of ``E`` then satisfy ``v_E = b_E`` *exactly* (the exact ``c``
solves the exact system); the remaining KKT conditions are signs of ``c_E`` (multipliers) and of ``v``
off ``E`` (inactive constraints), read off the ball endpoints.
"""
from __future__ import annotations

from dataclasses import dataclass

from flint import arb, arb_mat

from .arb import column, endpoints, entries, solve
from .certificate import NOT_PROVABLE, PROVED, REFUTED, Condition


@dataclass
class ActiveSetSolution:
    """Enclosures of the exact coefficients ``c`` (zero off ``E``) and of ``v = Gc`` on every row."""

    coef: list[arb] | None
    values: list[arb] | None
    condition: Condition  # the nonsingularity proof (or why it failed)


def submatrix(G: arb_mat, rows, cols) -> arb_mat:
    rows, cols = list(rows), list(cols)
    return arb_mat(len(rows), len(cols), [G[i, j] for i in rows for j in cols])


def solve_active_set(G: arb_mat, E, rhs, *, name: str = "kkt_system_nonsingular", label: str = "K_EE",
                     source=None) -> ActiveSetSolution:
    """Solve ``G_EE c_E = rhs`` in balls; ``source.exact_rank`` (exact Gram only) turns a failure into a proof
    of singularity."""
    n, E = G.nrows(), list(E)
    if not E:
        coef = [arb(0)] * n
        return ActiveSetSolution(coef, [arb(0)] * n, Condition(name, PROVED, f"{label} is empty: c = 0 exactly"))
    X = solve(submatrix(G, E, E), column(rhs))
    if X is None:
        r = source.exact_rank(E) if source is not None else None
        if r is not None and r < len(E):
            return ActiveSetSolution(None, None, Condition(
                name, REFUTED, f"{label} ({len(E)}×{len(E)}) is singular: exact rank {r} (integer arithmetic)"))
        return ActiveSetSolution(None, None, Condition(
            name, NOT_PROVABLE, f"could not prove {label} ({len(E)}×{len(E)}) nonsingular at this precision "
                                f"(ball LU pivots contain 0): numerically singular or ill-conditioned"))
    coef = [arb(0)] * n
    for k, i in enumerate(E):
        coef[i] = X[k, 0]
    values = entries(G * column(coef))
    rad = max(float(x.rad()) for x in entries(X))
    return ActiveSetSolution(coef, values, Condition(
        name, PROVED, f"{label} ({len(E)}×{len(E)}) proved nonsingular by the ball solve (every matrix in the "
                      f"enclosure); the exact solution lies in balls of radius ≤ {rad:.2g}"))


def exact_by_construction(name: str, residuals: list[tuple[int, arb]], why: str) -> Condition:
    """An equality that holds exactly by construction; the residual enclosures must contain 0 (a consistency
    check: a ball excluding 0 would mean the construction is wrong)."""
    bad = [i for i, r in residuals if not r.contains(0)]
    worst = max(residuals, key=lambda t: float(abs(t[1]).upper()), default=None)
    bound = endpoints(worst[1]) if worst is not None else None
    if bad:
        return Condition(name, REFUTED, f"inconsistent: the residual enclosure excludes 0 at {bad[:5]}", bound,
                         where=bad)
    return Condition(name, PROVED, why + (f" (residual enclosures contain 0; widest {bound})" if residuals else ""),
                     bound)


def sign_condition(name: str, items: list[tuple[int, arb]], sense: str, what: str, *, strict: bool = False) -> Condition:
    """Prove ``x_i ≤ 0`` (``sense="<=0"``) or ``x_i ≥ 0`` (``">=0"``) for every ball; ``strict`` requires the
    strict inequality. Proved when every endpoint is on the right side, refuted when some ball lies wholly
    on the wrong side, otherwise not provable (a ball straddles 0)."""
    if sense not in ("<=0", ">=0"):
        raise ValueError(sense)
    rel = ("<" if strict else "≤") if sense == "<=0" else (">" if strict else "≥")
    if not items:
        return Condition(name, PROVED, f"{what}: no entries (vacuous)", strict=True)
    sgn = 1 if sense == "<=0" else -1
    # work with s = sgn·x, required s ≤ 0 (or < 0)
    hi = {i: sgn * x for i, x in items}
    up_ = {i: s.upper() for i, s in hi.items()}
    lo_ = {i: s.lower() for i, s in hi.items()}
    worst = max(up_, key=lambda i: float(up_[i]))
    bound = endpoints(dict(items)[worst])
    all_strict = all(u < 0 for u in up_.values())
    if all_strict or (not strict and all(u <= 0 for u in up_.values())):
        return Condition(name, PROVED, f"{what}: every enclosure {rel} 0" + (" (strictly)" if all_strict else
                         " (some only non-strictly: an endpoint is exactly 0)"), bound, strict=all_strict, where=[worst])
    wrong = [i for i in hi if (lo_[i] >= 0 if strict else lo_[i] > 0)]
    if wrong:
        w = wrong[0]
        return Condition(name, REFUTED, f"{what}: proved to violate {rel} 0 at index {w} (enclosure "
                         f"{endpoints(dict(items)[w])})", endpoints(dict(items)[w]), strict=False, where=wrong)
    amb = [i for i in hi if (up_[i] >= 0 if strict else up_[i] > 0)]
    return Condition(name, NOT_PROVABLE, f"{what}: the enclosure at index {amb[0]} contains 0 ({endpoints(dict(items)[amb[0]])}), "
                     f"so {rel} 0 cannot be decided (degenerate or too wide)", endpoints(dict(items)[amb[0]]),
                     strict=False, where=amb)
