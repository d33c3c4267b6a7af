"""Start-up with lai2026.gram: a check imports only its own module (no solver, no plotting), and
`sweep --backend auto` keeps a small grid of it serial. (The times: papers/lai2026/benchmarks/startup.py.)"""
from ibcheck.testing.startup import modules_after as _modules_after


def test_a_check_imports_only_what_it_uses():
    """lai2026.gram solves nothing and draws no figure: no cvxpy, scipy.stats or matplotlib in its process."""
    heavy, p = _modules_after("check", "lai2026.gram")
    assert "RC 0" in p.stdout, p.stderr
    assert "torch" in heavy and not {"cvxpy", "matplotlib", "hypothesis"} & set(heavy), heavy


def test_a_check_answered_without_a_solver_loads_no_cvxpy():
    """lai2026.m1.gap's reference is the reduced NNLS (scipy), not Clarabel: its process never imports cvxpy (which
    cost ~1.2 s of CPU at start-up when the enumeration module imported it at its top)."""
    heavy, p = _modules_after("check", "lai2026.m1.gap")
    assert "RC 0" in p.stdout, p.stderr
    assert "torch" in heavy and not {"cvxpy", "scipy.stats", "matplotlib", "hypothesis"} & set(heavy), heavy


def test_the_solver_status_spelled_without_cvxpy_is_cvxpys():
    import cvxpy as cp

    from ibcheck.theory.solver import OPTIMAL
    assert OPTIMAL == cp.OPTIMAL


def test_sweep_auto_keeps_a_small_grid_serial(monkeypatch):
    import ibcheck.checks.backends as B
    used = []
    monkeypatch.setattr(B, "_pool", lambda tasks, on, w: used.append("pool") or [B.run_task(t) for t in tasks])
    tasks = [{"claim": "lai2026.gram", "params": {"n": n, "d": 2000}, "device": "cpu"} for n in (10, 12, 14, 16)]
    out = B.run_tasks(tasks, "auto")
    assert used == [] and [r["params"]["n"] for r in out] == [10, 12, 14, 16]
