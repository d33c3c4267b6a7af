"""Solving cvxpy programs honestly: explicit tolerances, status checked, inaccuracy never silent."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import cvxpy as cp

SOLVER = "CLARABEL"
OPTIMAL = "optimal"  # cvxpy's ``cp.OPTIMAL`` spelled out: reading a status loads no cvxpy (a test checks they agree)
OPTIMAL_INACCURATE = "optimal_inaccurate"  # cvxpy's ``cp.OPTIMAL_INACCURATE``, spelled out for the same reason
# Interior-point tolerances tighter than Clarabel's 1e-8 defaults; the result is then polished and
# re-verified in our own code, so these only need to identify the active set reliably.
CLARABEL_OPTS = {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10, "max_iter": 500}


class SolverError(RuntimeError):
    """The solver failed (infeasible, unbounded, error): the check becomes ``inconclusive``."""


@dataclass
class SolveInfo:
    status: str
    solver: str
    iterations: int | None
    solve_time: float | None

    @property
    def accurate(self) -> bool:
        return self.status == OPTIMAL


def solve(problem: cp.Problem, *, allow_infeasible: bool = False) -> SolveInfo:
    """Solve with Clarabel; raise ``SolverError`` unless the status is optimal or optimal_inaccurate.

    ``optimal_inaccurate`` is returned (``accurate=False``) so the caller must decide what it means;
    with ``allow_infeasible`` an infeasible program returns its status instead of raising.
    """
    import cvxpy as cp  # here, not at the top: SOLVER is read by runs that solve nothing
    try:
        problem.solve(solver=SOLVER, **CLARABEL_OPTS)
    except cp.SolverError as exc:
        raise SolverError(f"{SOLVER} failed: {exc}") from None
    st = problem.status
    info = SolveInfo(status=st, solver=SOLVER, iterations=getattr(problem.solver_stats, "num_iters", None),
                     solve_time=getattr(problem.solver_stats, "solve_time", None))
    if st in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
        return info
    if allow_infeasible and st in (cp.INFEASIBLE, cp.INFEASIBLE_INACCURATE):
        return info
    raise SolverError(f"{SOLVER} returned status {st!r}")
