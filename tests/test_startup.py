"""Start-up: the light catalogue index is the live catalogue, `ibcheck list`, `--help`, `--version` and an unknown ID
import nothing heavy (``ibcheck.testing.startup``), and the pool-pays rule of `sweep --backend auto` (a check importing
only its own module and a small grid kept serial: papers/<paper>/tests/test_startup.py). (The times themselves are
measured by benchmarks/startup.py and papers/<paper>/benchmarks/startup.py, not asserted here.)"""
import pytest

from ibcheck.checks import index
from ibcheck.checks.backends import pool_pays
from ibcheck.testing.startup import modules_after as _modules_after

CID = sorted(index.CLAIMS)[0]  # any claim: the light commands and the "did you mean" do not depend on which
TYPO = CID[:-1]  # one character short: its closest known ID is CID


def test_the_index_is_the_live_catalogue():
    """Each built-in paper's ``index.py`` is generated (`python -m ibcheck.checks.index_build`); it must equal what
    the code builds, and the gathered light tables must equal the live catalogue's."""
    from ibcheck.checks.index_build import generate, path_of
    from ibcheck.theory.papers import discover
    stale = [p.name for p in discover() if p.builtin and (not path_of(p).exists()
                                                          or generate(p) != path_of(p).read_text(encoding="utf-8"))]
    assert not stale, f"stale or missing <paper>/index.py for {stale}: run `python -m ibcheck.checks.index_build`"
    from ibcheck.checks.conjectures import SHIPPED
    from ibcheck.checks.registry import MODULE_OF
    from ibcheck.theory.catalogue import ALIASES, CATALOGUE
    assert list(index.CLAIMS) == list(CATALOGUE) and dict(index.ALIASES) == ALIASES
    assert {c: v[3] for c, v in index.CLAIMS.items()} == {c: MODULE_OF.get(c) for c in CATALOGUE}
    assert list(index.CONJECTURES) == list(SHIPPED)


@pytest.mark.parametrize("argv", [["list"], ["--version"], ["--help"], ["check", TYPO],
                                  ["check", "--seeds", "x", CID], ["sweep", "nope.claim", "--grid", "n=1"]])
def test_light_commands_import_nothing_heavy(argv):
    heavy, p = _modules_after(*argv)
    assert heavy == [], (argv, heavy)


def test_list_from_the_index_equals_the_live_list(capsys):
    from ibcheck.cli_commands import _list_rows
    light = _list_rows(False)[0]
    from ibcheck.checks.registry import PLUGINS
    if PLUGINS.plugins:
        pytest.skip("plugins installed in this environment")
    import ibcheck.checks.index as ix
    orig = ix.plugins_installed
    ix.plugins_installed = lambda: True  # force the live path
    try:
        live = _list_rows(False)[0]
    finally:
        ix.plugins_installed = orig
    assert light == live


def test_unknown_claim_says_did_you_mean():
    heavy, p = _modules_after("check", TYPO)
    assert "RC 2" in p.stdout and f"did you mean {CID!r}?" in p.stderr and heavy == []
    assert len(p.stderr.strip().splitlines()) == 1
    _, far = _modules_after("check", "zzzz")
    assert "unknown claim 'zzzz'" in far.stderr and "did you mean" not in far.stderr


def test_pool_pays_rule():
    # 3 more tasks of 0.2 s on 2 workers never repay 4 s of imports; 3 more of 60 s do
    assert not pool_pays(3, 0.2, 4.0, 2)
    assert pool_pays(3, 60.0, 4.0, 2)
    assert not pool_pays(3, 60.0, 4.0, 1)  # one core: no pool
    assert not pool_pays(1, 60.0, 4.0, 8)  # one task left: nothing to spread


KKT_WITHOUT_A_SOLVER = """
import sys, torch
from ibcheck.model_kkt import kkt
import ibcheck.theory.two_layer_margin  # noqa: F401  (imported, not used: importing solves nothing)
m = torch.nn.Linear(2, 1, bias=False).double()
with torch.no_grad():
    m.weight.copy_(torch.tensor([[30.0, 0.0]]))
X = torch.tensor([[1.0, 1.0], [-1.0, 1.0]], dtype=torch.float64)
r = kkt(m, X, torch.tensor([1, 0]))
print("RESULT", r.verdict, "cvxpy" in sys.modules)
"""


def test_a_kkt_verdict_decided_without_a_solver_loads_no_cvxpy():
    """The (ε, δ)-KKT modules (``theory.kkt_residual``, ``theory.kkt_verdict``) and the two-layer margin module
    import cvxpy only inside the functions that pose a program: a linear model at ``θ = (30, 0)`` on
    ``z = (1, ±1)`` (both margins 30, ``θ = 15 z₁ + 15 z₂`` exactly) is verified by the NNLS multipliers of least
    stationarity, so ``ibcheck kkt``'s process never imports cvxpy."""
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-c", KKT_WITHOUT_A_SOLVER], capture_output=True, text=True)
    assert "RESULT verified False" in p.stdout, (p.stdout, p.stderr)


def test_the_statuses_spelled_without_cvxpy_are_cvxpys():
    """``theory.solver``'s status names (read by code that solves nothing) equal cvxpy's own."""
    import cvxpy as cp

    from ibcheck.theory.solver import OPTIMAL, OPTIMAL_INACCURATE
    assert (OPTIMAL, OPTIMAL_INACCURATE) == (cp.OPTIMAL, cp.OPTIMAL_INACCURATE)
