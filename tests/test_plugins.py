"""Plugins: the example paper package (entry-point group ``ibcheck.papers``) installed into a temporary target shows
up in list / check / sweep / report / the generated pytest cases; catalogues of the deprecated group
``ibcheck.catalogues`` still load (one note line); broken plugins are reported in one line and skipped."""
import json
import os
import shutil
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from ibcheck.checks import index, plugins
from ibcheck.theory.papers import discover

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "ibcheck-example-plugin"
CID = "example.linreg.minnorm"
_BUILTIN_PAPERS = {p.name for p in discover() if p.builtin}
BUILTIN = sorted(c for c, v in index.CLAIMS.items() if v[0] in _BUILTIN_PAPERS)[0]  # any built-in claim


def _env(*paths, **extra):
    env = {k: v for k, v in os.environ.items() if k != "IBCHECK_NO_PLUGINS"}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    env.update(extra)
    return env


def _run(args, env, cwd=None, timeout=600):
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)


def _ibcheck(*args, env, cwd=None):
    return _run([sys.executable, "-m", "ibcheck", *args], env, cwd)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """``pip install --no-deps --no-build-isolation --target SITE`` of a copy of the example (no build files in the repo)."""
    tmp = tmp_path_factory.mktemp("plugin")
    src = tmp / "src"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = tmp / "site"
    p = _run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--no-index",
              "--target", str(target), str(src)], dict(os.environ))
    assert p.returncode == 0, p.stdout + p.stderr
    assert list(target.glob("ibcheck_example_plugin-*.dist-info"))
    return target


def test_example_plugin_is_listed_checked_and_swept(site, tmp_path):
    env = _env(site)
    p = _ibcheck("list", env=env)
    assert p.returncode == 0 and "warning" not in p.stderr, p.stderr
    assert any(line.startswith(CID) and "example-plugin" in line for line in p.stdout.splitlines())
    line = next(ln for ln in p.stdout.splitlines() if ln.startswith(CID))
    assert line.split()[2:4] == ["reconstructed", "claim"], line  # its own paper: no "seed" documents
    assert f"# plugin example (ibcheck-example-plugin, ibcheck_example_plugin): {CID}" in p.stdout
    assert BUILTIN in p.stdout  # the built-ins are all still there
    p = _ibcheck("check", CID, "--set", "d=1000", "--json", str(tmp_path / "r.json"), env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads((tmp_path / "r.json").read_text())
    # the plugin's example claim: a closed form vs its solve, relative rounding
    assert r["claim"] == CID and r["verdict"] == "verified" and r["quantities"]["gap_rel"] < 1e-10
    p = _ibcheck("sweep", CID, "--grid", "n=5,10", "--backend", "serial", "--json", str(tmp_path / "s.json"), env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    assert [x["verdict"] for x in json.loads((tmp_path / "s.json").read_text())] == ["verified", "verified"]


def test_plugin_constants_are_parameters(site, tmp_path):
    """docs/usage.md: constants of a statement are parameters — a plugin's too (`--set limit_rtol=…`, `list -v`)."""
    env = _env(site)
    assert "limit_rtol=1e-08 (float; finite) — constant of the statement" in _ibcheck("list", "-v", env=env).stdout
    j = tmp_path / "c.json"
    p = _ibcheck("check", CID, "--set", "d=1000", "--set", "limit_rtol=0.5", "--json", str(j), env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    assert json.loads(j.read_text())["params"]["limit_rtol"] == 0.5
    bad = _ibcheck("check", CID, "--set", "limit_rtol=nan", env=env)
    assert bad.returncode == 2 and "limit_rtol" in bad.stderr


def test_example_plugin_joins_cases_report_and_fails_its_negative_control(site):
    code = textwrap.dedent(f"""
        import json, torch
        from ibcheck.checks.base import Hooks
        from ibcheck.checks.cases import cases
        from ibcheck.checks.runner import run_check
        from ibcheck.reports.run import settings
        shift = lambda w: w + torch.randn(w.shape, generator=torch.Generator().manual_seed(0), dtype=w.dtype)
        bad = run_check({CID!r}, {{}}, hooks=Hooks(init=shift))  # GD from w0 ≠ 0 keeps w0's part ⊥ the data
        print(json.dumps({{"cases": [c[2] for c in cases()], "report": [s[0] for s in settings("quick")],
                          "bad": bad["verdict"], "perp": bad["quantities"]["perp_rel"],
                          "hyp": [h["holds"] for h in bad["hypotheses"]]}}))
    """)
    p = _run([sys.executable, "-c", code], _env(site))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert f"{CID}[seed=0]" in out["cases"] and f"{CID}[n=10,d=1000,seed=0]" in out["cases"]
    assert CID in out["report"]
    assert out["bad"] == "violated" and out["hyp"] == [True] and out["perp"] > 0.5


def test_generated_pytest_cases_run_the_plugin(site):
    p = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "checks/test_catalogue.py", "-k", "example"],
             _env(site), cwd=ROOT)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert "2 passed" in p.stdout


def _fake_dist(site: Path, dist: str, entry: str, module: str | None = None, code: str = ""):
    """A distribution declaring one entry point, as pip would install it (dist-info with entry_points.txt)."""
    info = site / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[ibcheck.catalogues]\n{entry}\n")
    if module:
        (site / f"{module}.py").write_text(textwrap.dedent(code))


DUP_BUILTIN = f"""
    from ibcheck.checks.base import CheckSpec
    from ibcheck.theory.catalogue import CATALOGUE
    C = CATALOGUE[{BUILTIN!r}]
    CLAIMS = (C,)
    SPECS = (CheckSpec(claim=C, params={{}}, measure=lambda ctx: []),)
"""
DUP_EXAMPLE = f"""
    import dataclasses
    from ibcheck.checks.base import CheckSpec
    from ibcheck.theory.catalogue import CATALOGUE
    c = dataclasses.replace(CATALOGUE[{BUILTIN!r}], id="example.linreg.minnorm")
    CLAIMS = (c,)
    SPECS = (CheckSpec(claim=c, params={{}}, measure=lambda ctx: []),)
"""


def test_broken_plugins_are_one_line_each_and_skipped(site, tmp_path):
    broken = tmp_path / "broken"
    _fake_dist(broken, "broken_import", "broken = ibcheck_no_such_module_xyz")
    _fake_dist(broken, "dup_builtin", "dup = dup_builtin_plugin", "dup_builtin_plugin", DUP_BUILTIN)
    _fake_dist(broken, "zz_dup_example", "zz_dup = zz_dup_plugin", "zz_dup_plugin", DUP_EXAMPLE)  # after "example"
    _fake_dist(broken, "empty", "empty = empty_plugin", "empty_plugin", "X = 1\n")
    env = _env(broken, site)
    p = _ibcheck("list", env=env)
    assert p.returncode == 0, p.stderr
    warn = [ln for ln in p.stderr.splitlines() if ln.startswith("ibcheck: warning: plugin")]
    note = [ln for ln in p.stderr.splitlines() if ln.startswith("ibcheck: note: entry-point group 'ibcheck.catalogues' is deprecated")]
    assert len(warn) == 4 and len(note) == 1 and len(p.stderr.strip().splitlines()) == 5, p.stderr
    assert any("'broken'" in w and "ModuleNotFoundError" in w for w in warn)
    assert any("'dup'" in w and f"{BUILTIN!r} duplicates a built-in claim" in w for w in warn)
    assert any("'zz_dup'" in w and "duplicates plugin 'example''s claim" in w for w in warn)
    assert any("'empty'" in w and "provides no CLAIMS" in w for w in warn)
    assert sum(ln.startswith("# warning: plugin") for ln in p.stdout.splitlines()) == 4
    listed = [ln.split()[0] for ln in p.stdout.splitlines() if ln and not ln.startswith("#")]
    assert listed.count(BUILTIN) == 1 and listed.count(CID) == 1
    p = _ibcheck("check", CID, env=env)  # the good plugin and the built-ins work as before
    assert p.returncode == 0 and "VERIFIED" in p.stdout, p.stdout + p.stderr


# ------------------------------------------------------------------------------------ the loader, in process
@pytest.fixture
def fake_eps(monkeypatch, tmp_path):
    """Entry points made of modules written to tmp_path: ``fake_eps({"name": (module source, "mod[:attr]")})``."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(spec: dict):
        eps = []
        for name, (code, target) in spec.items():
            (tmp_path / f"{target.split(':')[0]}.py").write_text(textwrap.dedent(code))
            eps.append(EntryPoint(name, target, plugins.GROUP))
        monkeypatch.setattr(plugins, "entry_points", lambda group: eps if group == plugins.GROUP else [])
    return make


GOOD = textwrap.dedent("""
    from ibcheck.checks.base import CheckSpec, Measurement
    from ibcheck.theory.statement import Claim, Sym, le
    x = Sym("x", "x", "a number", dims="1")
    C = Claim(id="{cid}", title="t", source="s", symbols=(x,), hypotheses=(), conclusions=(le("x<=1", x.s, 1),))
    S = CheckSpec(claim=C, params={{}}, measure=lambda ctx: [Measurement(0, {{"x": 0.5}}, {{}})], quick=[{{}}])
""")


def _load(**reserved):
    cat, reg = {BUILTIN: object()}, {}
    return plugins.load(cat, reg, reserved=reserved), cat, reg


def test_loader_accepts_a_factory_and_rejects_malformed_plugins(fake_eps, capsys):
    fake_eps({
        "a_factory": (GOOD.format(cid="mine.ok") + "def make():\n    return {'CLAIMS': [C], 'SPECS': [S]}\n", "pf_a:make"),
        "b_nonclaim": ("CLAIMS = [1]\nSPECS = []\n", "pf_b"),
        "c_nospec": (GOOD.format(cid="mine.c") + "CLAIMS = [C]\nSPECS = []\n", "pf_c"),
        "d_reserved": (GOOD.format(cid="conj.mine") + "CLAIMS = [C]\nSPECS = [S]\n", "pf_d"),
        "e_planned": (GOOD.format(cid="planned.one") + "CLAIMS = [C]\nSPECS = [S]\n", "pf_e"),
        "f_expected": (GOOD.format(cid="mine.f") + "CLAIMS = [C]\nSPECS = [S]\nEXPECTED = {'other[seed=0]': ()}\n", "pf_f"),
        "g_raises": ("raise RuntimeError('boom\\nsecond line')\n", "pf_g"),
        "h_badspec": (GOOD.format(cid="mine.h") + "CLAIMS = [C]\nSPECS = [object()]\n", "pf_h"),
    })
    loaded, cat, reg = _load(**{"planned.one": "a planned claim"})
    assert [p.name for p in loaded.plugins] == ["a_factory"] and "mine.ok" in cat and "mine.ok" in reg
    errs = dict(e.split(" skipped: ", 1) for e in loaded.errors)
    assert "not an ibcheck.theory.statement.Claim" in errs["plugin 'b_nonclaim' (pf_b)"]
    assert "has no check in SPECS" in errs["plugin 'c_nospec' (pf_c)"]
    assert "reserved" in errs["plugin 'd_reserved' (pf_d)"]
    assert "duplicates a planned claim" in errs["plugin 'e_planned' (pf_e)"]
    assert "EXPECTED" in errs["plugin 'f_expected' (pf_f)"]
    assert errs["plugin 'g_raises' (pf_g)"] == "RuntimeError: boom"
    assert "not an ibcheck.checks.base.CheckSpec" in errs["plugin 'h_badspec' (pf_h)"]
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("ibcheck: note: entry-point group 'ibcheck.catalogues' is deprecated")  # one note
    assert len(err) == 8 and all(line.startswith("ibcheck: warning: plugin") for line in err[1:])


def test_no_plugins_switch(fake_eps, monkeypatch):
    fake_eps({"a": (GOOD.format(cid="mine.ok") + "CLAIMS = [C]\nSPECS = [S]\n", "pf_switch")})
    monkeypatch.setenv("IBCHECK_NO_PLUGINS", "1")
    loaded, cat, _ = _load()
    assert not loaded.plugins and not loaded.errors and "mine.ok" not in cat


def test_a_plugin_row_never_claims_this_projects_seed_documents():
    """``seed`` (Condition's default) names this project's seed documents: a plugin's such rows become
    ``reconstructed``; ``paper``/``standard``/``threshold`` rows are kept, and so the claim's provenance."""
    import sympy as sp

    from ibcheck.theory.statement import Claim, Sym, le
    x = Sym("x", "x", "a quantity", "1")
    claim = Claim(id="mine.c", title="t", source="mine", symbols=(x,), hypotheses=(le("h", x.s, 1),),
                  conclusions=(le("c", x.s, 2, provenance="paper"), le("d", x.s, sp.Integer(3), provenance="threshold")))
    assert claim.provenance == "paper" and claim.hypotheses[0].provenance == "seed"
    own = plugins.own_provenance(claim)
    assert [r.provenance for r in own.hypotheses + own.conclusions] == ["reconstructed", "paper", "threshold"]
    assert own.provenance == "reconstructed" and own.id == claim.id


# ---------------------------------------------------------------- the paper group, lazily: list fast, one line of tests
HEAVY = ("torch", "sympy", "cvxpy", "scipy.stats", "matplotlib")


def test_the_installed_paper_is_discovered_by_metadata_and_imported_only_when_its_claim_runs(site):
    """With the example installed, `ibcheck list` and an unknown ID read its manifest and light index only (no torch,
    no sympy: benchmarks/startup.py times them); `check` of its claim imports its statement and check module."""
    code = ("import sys; from ibcheck.cli import main\ntry:\n    rc = main(sys.argv[1:])\nexcept SystemExit as e:\n"
            "    rc = e.code\nprint('HEAVY', [m for m in %r if m in sys.modules], 'PLUGIN', sorted(m for m in "
            "sys.modules if m.startswith('ibcheck_example_plugin')), 'RC', rc)") % (HEAVY,)
    for argv, rc in ((["list"], 0), (["check", "NOSUCH"], 2)):
        p = _run([sys.executable, "-c", code, *argv], _env(site))
        line = next(x for x in p.stdout.splitlines() if x.startswith("HEAVY"))
        assert line.startswith("HEAVY []") and line.endswith(f"RC {rc}"), (argv, line, p.stderr)
        assert "'ibcheck_example_plugin.checks" not in line and "'ibcheck_example_plugin.theory" not in line, line
    listed = _ibcheck("list", env=_env(site)).stdout
    assert any(ln.startswith(CID) for ln in listed.splitlines())


def test_a_third_party_paper_runs_the_conformance_suite_with_one_line(site, tmp_path):
    tests = site / "ibcheck_example_plugin" / "tests"
    assert "conformance_tests(" in (tests / "test_conformance.py").read_text()
    p = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)], _env(site), cwd=tmp_path)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert "passed" in p.stdout and "failed" not in p.stdout, p.stdout[-2000:]


def test_the_example_index_is_current_and_an_old_seed_index_still_lists_reconstructed(site, tmp_path):
    """The example's shipped ``index.py`` is what ``index_build`` writes for it as an installed paper (``seed`` rows
    made ``reconstructed``); an index an older build wrote with ``seed`` is read as ``reconstructed`` all the same."""
    code = ("from ibcheck.theory.papers import discover\nfrom ibcheck.checks.index_build import generate\n"
            "print(generate(next(p for p in discover() if not p.builtin)), end='')")
    p = _run([sys.executable, "-c", code], _env(site))
    shipped = (EXAMPLE / "ibcheck_example_plugin" / "index.py").read_text(encoding="utf-8")
    assert p.returncode == 0 and p.stdout == shipped, "stale example index: regenerate it with the plugin installed"
    old = tmp_path / "site"
    shutil.copytree(site, old)
    index = old / "ibcheck_example_plugin" / "index.py"
    index.write_text(shipped.replace("'reconstructed'", "'seed'"), encoding="utf-8")
    line = next(ln for ln in _ibcheck("list", env=_env(old)).stdout.splitlines() if ln.startswith(CID))
    assert line.split()[2:4] == ["reconstructed", "claim"], line
