"""Start-up: the light catalogue index is the live catalogue, `ibcheck list`, `--help`, `--version` and an unknown ID
import nothing heavy, a check imports only its own module, and `sweep --backend auto` keeps a small grid serial.
(The times themselves are measured by benchmarks/startup.py, not asserted here.)"""
import subprocess
import sys

import pytest

from ibcheck.checks import index
from ibcheck.checks.backends import pool_pays

HEAVY = ("torch", "cvxpy", "sympy", "scipy.stats", "matplotlib", "hypothesis")


def _modules_after(*argv) -> tuple[list[str], subprocess.CompletedProcess]:
    code = ("import sys; from ibcheck.cli import main\ntry:\n    rc = main(%r)\nexcept SystemExit as e:\n    rc = e.code\n"
            "print('HEAVY', [m for m in %r if m in sys.modules]); print('RC', rc)") % (list(argv), HEAVY)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**__import__("os").environ, "IBCHECK_NO_PLUGINS": "1"})
    line = next(x for x in p.stdout.splitlines() if x.startswith("HEAVY"))
    return eval(line[6:]), p  # noqa: S307  (our own print of a list of names)


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


@pytest.mark.parametrize("argv", [["list"], ["--version"], ["--help"], ["check", "lai2026.m1.gp"],
                                  ["check", "--seeds", "x", "lai2026.m1.gap"], ["sweep", "nope.claim", "--grid", "n=1"]])
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
    heavy, p = _modules_after("check", "lai2026.m1.gp")
    assert "RC 2" in p.stdout and "did you mean 'lai2026.m1.gap'?" in p.stderr and heavy == []
    assert len(p.stderr.strip().splitlines()) == 1
    _, far = _modules_after("check", "zzzz")
    assert "unknown claim 'zzzz'" in far.stderr and "did you mean" not in far.stderr


def test_a_check_imports_only_what_it_uses():
    """lai2026.gram solves nothing and draws no figure: no cvxpy, scipy.stats or matplotlib in its process."""
    heavy, p = _modules_after("check", "lai2026.gram")
    assert "RC 0" in p.stdout, p.stderr
    assert "torch" in heavy and not {"cvxpy", "matplotlib", "hypothesis"} & set(heavy), heavy


def test_pool_pays_rule():
    # 3 more tasks of 0.2 s on 2 workers never repay 4 s of imports; 3 more of 60 s do
    assert not pool_pays(3, 0.2, 4.0, 2)
    assert pool_pays(3, 60.0, 4.0, 2)
    assert not pool_pays(3, 60.0, 4.0, 1)  # one core: no pool
    assert not pool_pays(1, 60.0, 4.0, 8)  # one task left: nothing to spread


def test_sweep_auto_keeps_a_small_grid_serial(monkeypatch):
    import ibcheck.checks.backends as B
    used = []
    monkeypatch.setattr(B, "_pool", lambda tasks, on, w: used.append("pool") or [B.run_task(t) for t in tasks])
    tasks = [{"claim": "lai2026.gram", "params": {"n": n, "d": 2000}, "device": "cpu"} for n in (10, 12, 14, 16)]
    out = B.run_tasks(tasks, "auto")
    assert used == [] and [r["params"]["n"] for r in out] == [10, 12, 14, 16]
