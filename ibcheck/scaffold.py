"""``ibcheck new paper NAME`` and ``ibcheck new claim PAPER.NAME``: write a working paper folder, or add a claim to one.

The paper folder (docs/architecture.md) holds one claim — the sample mean of n normals is within 5/√n of 0 under
σ ≤ 1 — with its check, a documented outcome (σ = 10 is outside the hypothesis), a wrong-answer hook (the check
maps its measured mean through ``Hooks.limit``; the table feeds it another distribution's mean), a pinned case
recomputed independently, its light index and its own test: the whole suite is green with it from the first minute,
and it is the recipe a newcomer edits into their theorem. ``new claim`` adds the same skeleton for a second claim
(a statement appended to ``theory/statements.py``, a check module, a wrong-answer row, a pinned case). Every refusal
(a bad name, a taken name, an unwritable or existing folder) is checked before anything is written.
"""
from __future__ import annotations

import re
from pathlib import Path

from ibcheck.numerics.runtime.errors import InputError

PACKAGE = re.compile(r"^[a-z][a-z0-9_]*$")

MANIFEST = '''"""{paper}: Authors, "Title", Venue Year (written by `ibcheck new paper`: replace this paragraph with what the
catalogue checks of the paper)."""

PAPER = {{"name": "{paper}", "citation": "Authors, Title, Venue Year", "order": {order}}}
'''

STATEMENTS = '''"""{paper}'s statements: each claim is hypotheses ⟹ conclusions over named symbols (``ibcheck.theory.statement``)."""
import sympy as sp

from ibcheck.theory.statement import Claim, Sym, eq, ge, le, lim  # the row kinds: docs/api.md, section 4

CLAIMS = ()
'''

CLAIM = '''

# ---- {cid} (written by `ibcheck new`): the sample mean of n normals N(0, σ²) is within 5/√n of 0 when σ ≤ 1 ----
{var}_MEAN = Sym("mean_abs", r"|\\bar x|", "absolute sample mean", "1")
{var}_N = Sym("n", "n", "sample size", "n")
{var}_SIGMA = Sym("sigma", r"\\sigma", "standard deviation of the samples", "1")
{var} = Claim(
    id="{cid}", title="the sample mean is within 5/√n of 0", source="{paper}",
    summary="n draws of N(0, σ²) with σ ≤ 1: P(|x̄| > 5/√n) ≤ P(|Z| > 5) ≈ 6e-7.",
    symbols=({var}_MEAN, {var}_N, {var}_SIGMA),
    hypotheses=(le("σ ≤ 1", {var}_SIGMA.s, 1, provenance="standard", reason="exact comparison of a parameter"),),
    conclusions=(le("|x̄| ≤ 5/√n", {var}_MEAN.s, 5 / sp.sqrt({var}_N.s), provenance="standard",
                    reason="a 5σ bound: fails with probability 6e-7"),),
    scaling_exempt={{"|x̄| ≤ 5/√n:n": "duplicating the examples does not make the mean of n draws a mean of cn draws"}})
CLAIMS = CLAIMS + ({var},)
'''

CHECK = '''"""{cid}: draw n normals N(0, σ²) and measure |x̄| (written by `ibcheck new`: replace with the claim's check).

Negative controls: ``ctx.hooks.limit`` maps the measured mean before the comparison (``wrong_answers.py`` feeds it
wrong answers); ``ctx.data`` is refused (the claim is about generated draws)."""
import numpy as np

from ibcheck.checks.base import CheckSpec, Measurement
from ibcheck.checks.params import Param

from ..theory.statements import {var}


def measure(ctx):
    out = []
    for seed in ctx.seeds:
        x = ctx.params["sigma"] * np.random.default_rng(seed).standard_normal(ctx.params["n"])
        mean = float(x.mean()) if ctx.hooks.limit is None else float(ctx.hooks.limit(float(x.mean())))
        q = {{"mean_abs": abs(mean), "n": float(ctx.params["n"]), "sigma": float(ctx.params["sigma"])}}
        out.append(Measurement(seed=seed, values=q, quantities=q))
    return out


PARAMS = {{"n": Param("n", int, 100, "sample size", lambda v: v >= 1, ">= 1"),
          "sigma": Param("sigma", float, 1.0, "standard deviation of the samples", lambda v: v > 0, "> 0"),
          "seed": Param("seed", int, 0, "first seed", lambda v: v >= 0, ">= 0")}}
# every parameter is read by a hypothesis (σ ≤ 1 reads sigma) or inert with its reason (`ibcheck check ID --explain`)
INERT = {{"n": "the bound holds for every n (it depends on n explicitly)",
          "seed": "the seed of the draws: the bound holds for every draw but a 6e-7 fraction"}}
SPECS = [CheckSpec(claim={var}, params=PARAMS, measure=measure, quick=[{{}}, {{"sigma": 10.0}}], accepts_data=False,
                   data_note="the claim is about generated normal draws", inert=INERT)]
'''

EXPECTED = '''"""{paper}'s documented non-verified outcomes: each names the rows that fail (every other row holds)."""
from ibcheck.checks.expected import Expected

EXPECTED: dict[str, Expected] = {{}}
'''

EXPECTED_ROW = '''EXPECTED["{cid}[sigma=10.0,seed=0]"] = Expected(
    "outside-hypotheses", "σ = 10 is outside σ ≤ 1, and the bound fails there: |x̄| = 0.811 > 5/√n = 0.5 (n = 100, "
    "seed 0)", fails=("σ ≤ 1", "|x̄| ≤ 5/√n"))
'''

WRONG = '''"""{paper}'s wrong answers: each claim × family of ``ibcheck.checks.wrong_answers`` is a probe (hooks that replace
what the check measured) or a one-line reason why the family does not apply."""
from ibcheck.checks.wrong_answers import NA, H, Probe, row

TABLE: dict[str, dict] = {{}}
HEAVY: set = set()  # claims whose cheapest probe runs only with --profile full
'''

WRONG_ROW = '''TABLE["{cid}"] = row(
    random=NA("a random value at the mean's scale meets the bound as often as the mean does: the bound is all it states"),
    reference=Probe("the mean of N(1, σ²) draws (another distribution's answer)", lambda: H(limit=lambda m: m + 1.0)),
    dynamics=Probe("the sum instead of the mean", lambda: H(limit=lambda m: 100.0 * m)),
    rescaled=NA("c·x̄ with c ∈ {{½, 1.5, 2}} stays within 5/√n whenever x̄ is well inside it: not a wrong answer"),
    structure=NA("the claim states no structure beyond the bound"))
'''

PINNED = '''"""{paper}'s pinned cases: each claim run on a small fixed case, every reported quantity recomputed independently
(or the reason it is not); ``ibcheck.testing.conformance`` measures, recomputes and compares them."""
import numpy as np

from ibcheck.testing.pinning import table

PINNED: dict = {{}}  # claim ID → {{quantity: "recomputed independently" | why not}}
CASES: dict = {{}}  # claim ID → {{"overrides": {{...}}, "recompute": fn(measurement) -> {{quantity: value}}}}
'''

PINNED_ROW = '''PINNED["{cid}"] = table("mean_abs n sigma")
CASES["{cid}"] = {{"overrides": {{"n": 8, "seed": 3, "sigma": 0.5}}, "recompute": lambda m: {{
    "mean_abs": abs(0.5 * np.random.default_rng(3).standard_normal(8).mean()), "n": 8.0, "sigma": 0.5}}}}
'''

TEST = '''"""{paper}'s own tests (the conformance suite runs the generic ones: ``ibcheck.testing.conformance``)."""
import numpy as np

from ibcheck.checks.base import Hooks
from ibcheck.testing.pinning import measure


def test_{var_lower}_measures_the_mean_of_the_seeded_draws():
    [m] = measure("{cid}", {{"n": 16, "seed": 5}})
    assert m.values["mean_abs"] == abs(np.random.default_rng(5).standard_normal(16).mean())
    [w] = measure("{cid}", {{"n": 16, "seed": 5}}, hooks=Hooks(limit=lambda x: x + 1.0))
    assert w.values["mean_abs"] > 0.5  # the hook reaches the comparison
'''

PYPROJECT = '''# {paper}: a paper for ibcheck, as a package of its own (written by `ibcheck new paper {paper} --dir ...`).
# ibcheck discovers the paper through the entry-point group below; install with `pip install -e .` next to ibcheck.
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "ibcheck-paper-{dist}"
version = "0.1.0"
description = "{paper}: a paper for the ibcheck verification suite"
requires-python = ">=3.10"
dependencies = ["ibcheck"]

[project.entry-points."ibcheck.papers"]
{paper} = "{paper}"

[tool.setuptools.packages.find]
include = ["{paper}*"]

[tool.pytest.ini_options]
testpaths = ["{paper}"]
'''

README = '''# {paper}

A paper for ibcheck (written by `ibcheck new paper`): `{paper}/` is the paper folder (ibcheck's docs/architecture.md),
`{paper}/tests/` its own tests and ibcheck's conformance suite. In this folder, in order:

```bash
pip install -e .              # declares the paper in the entry-point group ibcheck.papers
ibcheck check {paper}.mean    # its one claim: the recipe to edit into your theorem
pytest .                      # its tests and the conformance suite
```
'''

CONFORMANCE = '''"""The conformance suite of ibcheck on this paper: one line (``ibcheck.testing.conformance``)."""
from ibcheck.testing.conformance import conformance_tests

test_ibcheck_conformance = conformance_tests("{paper}")
'''


def builtin_dir() -> Path:
    """The built-in collection's folder when it is a source checkout's ``papers/`` (never site-packages)."""
    import importlib.util
    origin = Path(importlib.util.find_spec("ibcheck.papers").origin).resolve().parent
    if not (origin.parent / "setup.py").exists() or not (origin.parent / "theory").is_dir():
        raise InputError("the built-in papers are not a source checkout here: pass --dir FOLDER (a package of yours "
                         "to write the paper into, then declare it in the entry-point group 'ibcheck.papers')")
    return origin


def _writable(folder: Path, what: str) -> None:
    """An existing folder that accepts a new file (probed: ``ibcheck.cli_io.writable_dir``)."""
    from ibcheck.cli_io import writable_dir
    if not folder.is_dir():
        raise InputError(f"{what} {folder}: not a writable folder (no such folder)")
    writable_dir(str(folder), what)


def _claim_files(paper: str, name: str, var: str) -> dict[str, str]:
    cid = f"{paper}.{name}"
    fmt = dict(paper=paper, cid=cid, var=var, var_lower=var.lower())
    return {"append:theory/statements.py": CLAIM.format(**fmt),
            f"checks/{name}.py": CHECK.format(**fmt),
            "append:checks/expected.py": "\n" + EXPECTED_ROW.format(**fmt),
            "append:wrong_answers.py": "\n" + WRONG_ROW.format(**fmt),
            "append:pinned.py": "\n" + PINNED_ROW.format(**fmt),
            f"tests/test_{name}.py": TEST.format(**fmt)}


def _write(root: Path, files: dict[str, str]) -> list[Path]:
    written = []
    for rel, text in files.items():
        append = rel.startswith("append:")
        path = root / rel.removeprefix("append:")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a" if append else "x", encoding="utf-8") as fh:
            fh.write(text)
        written.append(path)
    return written


def new_paper(name: str, folder: str | None = None, order: float | None = None) -> Path:
    """Write the paper ``name``: into the built-in collection of this checkout (no ``folder``; returns
    ``papers/<name>``), or as an installable package of its own in ``folder`` (``pyproject.toml`` declaring the
    entry point, ``README.md``, ``<name>/`` with its tests and the conformance suite; returns ``folder``, created when
    missing). Every refusal comes before anything is written."""
    from ibcheck.cli_io import writable_dir
    from ibcheck.theory.papers import discover
    if not PACKAGE.match(name or ""):
        raise InputError(f"paper name {name!r}: lower-case letters, digits and '_', starting with a letter "
                         "(it is a package name), e.g. smith2024")
    papers = discover()
    if any(p.name == name for p in papers):
        raise InputError(f"paper {name!r} exists already (`ibcheck list`): choose another name")
    if folder:
        writable_dir(folder, "--dir")
        project = Path(folder)
        if (project / "pyproject.toml").exists():
            raise InputError(f"--dir {folder}: holds a pyproject.toml already; `ibcheck new paper` writes a package of "
                             "its own there: choose a new or empty folder")
        parent = project
    else:
        parent = builtin_dir()
        _writable(parent, "--dir")
    root = parent / name
    if root.exists():
        raise InputError(f"{root} exists already: choose another name or folder")
    order = order if order is not None else max((p.order for p in papers), default=0) + 10
    var = "MEAN"
    files = {"__init__.py": MANIFEST.format(paper=name, order=int(order) if float(order).is_integer() else order),
             "theory/__init__.py": f'"""{name}\'s statements and exact references."""\n',
             "theory/statements.py": STATEMENTS.format(paper=name),
             "checks/__init__.py": f'"""{name}\'s checks and documented outcomes."""\n',
             "checks/expected.py": EXPECTED.format(paper=name),
             "wrong_answers.py": WRONG.format(paper=name),
             "pinned.py": PINNED.format(paper=name),
             "tests/__init__.py": f'"""{name}\'s own tests (pytest collects them)."""\n'}
    if folder:  # an installed package runs the conformance suite itself (the built-in ones: tests/test_conformance.py)
        files["tests/test_conformance.py"] = CONFORMANCE.format(paper=name)
    root.mkdir(parents=True)
    _write(root, files)
    _write(root, _claim_files(name, "mean", var))
    _index(name, root)
    if folder:
        _write(parent, {"pyproject.toml": PYPROJECT.format(paper=name, dist=name.replace("_", "-")),
                        **({} if (parent / "README.md").exists() else {"README.md": README.format(paper=name)})})
        return parent
    return root


def next_steps(name: str, written: Path, folder: str | None) -> list[str]:
    """The commands that work, in order, after ``ibcheck new paper`` (each one is run by tests/test_scaffold.py)."""
    import shlex
    if folder:
        where = shlex.quote(folder)
        return [f"pip install -e {where}", f"ibcheck check {name}.mean", f"pytest {where}"]
    return [f"ibcheck check {name}.mean", f"pytest checks -k {name}", f"pytest {shlex.quote(str(written))}"]


def new_claim(claim_id: str) -> list[Path]:
    """Add the skeleton of claim ``PAPER.NAME`` to the discovered paper ``PAPER``; returns the files written."""
    from ibcheck.checks.index import table
    from ibcheck.theory.papers import discover
    paper, _, name = (claim_id or "").partition(".")
    if not name or not PACKAGE.match(name):
        raise InputError(f"claim {claim_id!r}: write PAPER.NAME, NAME lower-case letters, digits and '_' (a module "
                         "name), e.g. smith2024.rate")
    p = next((x for x in discover() if x.name == paper), None)
    if p is None:
        raise InputError(f"no paper {paper!r} (`ibcheck new paper {paper}` first, or see `ibcheck list`)")
    if claim_id in table("CLAIMS"):
        raise InputError(f"claim {claim_id!r} exists already")
    import importlib.util
    root = Path(importlib.util.find_spec(p.package).origin).parent
    files = _claim_files(paper, name, name.upper())
    for rel in files:
        path = root / rel.removeprefix("append:")
        if rel.startswith("append:") and not path.exists():
            raise InputError(f"{path} is missing: `ibcheck new claim` extends a paper folder of the layout "
                             "(docs/architecture.md)")
        if not rel.startswith("append:") and path.exists():
            raise InputError(f"{path} exists already")
        _writable(path.parent, "folder")
    written = _write(root, files)
    _index(paper, root)
    return written


def _index(paper: str, root: Path) -> None:
    """Write the paper's light index (``checks.index_build``): the paper rediscovered, or — written into a folder of
    one's own, not installed yet — imported from that folder."""
    import sys

    from ibcheck.checks.index_build import generate
    from ibcheck.theory.papers import paper_from_manifest, discover, manifest_of
    p = next((x for x in discover(refresh=True) if x.name == paper), None)
    if p is None:
        sys.path.insert(0, str(root.parent))
        try:
            p = paper_from_manifest(root.name, manifest_of(root.name), "new", "local")
            text = generate(p)
        finally:
            sys.path.remove(str(root.parent))
            for m in [m for m in sys.modules if m == root.name or m.startswith(root.name + ".")]:
                del sys.modules[m]
    else:
        text = generate(p)
    (root / "index.py").write_text(text, encoding="utf-8")


def add_parser(sub, fmt) -> None:
    """The ``new`` command of ``ibcheck`` (``ibcheck.cli``)."""
    pn = sub.add_parser("new", help="write a new paper folder, or a new claim in one (docs/architecture.md)",
                        formatter_class=fmt)
    what = pn.add_subparsers(dest="what", metavar="WHAT")
    pp = what.add_parser("paper", help="a paper folder with one working claim", formatter_class=fmt)
    pp.add_argument("name", help="the paper's name, author+year (a package name), e.g. smith2024")
    pp.add_argument("--dir", default=None, help="write an installable package of its own there (pyproject.toml with "
                    "the entry point, the paper folder, its tests; created when missing); default: this checkout's "
                    "papers/")
    pp.add_argument("--order", type=float, default=None, help="catalogue order (default: after every paper)")
    pp.set_defaults(func=cmd_new)
    pc = what.add_parser("claim", help="a claim's skeleton in an existing paper", formatter_class=fmt)
    pc.add_argument("name", metavar="PAPER.NAME", help="the new claim's ID")
    pc.set_defaults(func=cmd_new)
    pn.set_defaults(func=lambda args: (pn.print_help(), 2)[1])


def cmd_new(args) -> int:
    if args.what == "paper":
        written = new_paper(args.name, args.dir, args.order)
        what = ("a package: pyproject.toml declaring the entry point, README.md, the paper folder "
                f"{args.name}/ with its claim {args.name}.mean and its tests" if args.dir else
                f"the paper folder, with its claim {args.name}.mean and its tests")
        print(f"wrote {written} ({what}); next, in order:")
        for cmd in next_steps(args.name, written, args.dir):
            print(f"  {cmd}")
    else:
        for path in new_claim(args.name):
            print(f"wrote {path}")
        print(CLAIM_NEXT.format(cid=args.name, paper=args.name.partition(".")[0]))
    return 0


CLAIM_NEXT = ("each holds a copy of the example claim (the sample mean of n normals within 5/√n of 0) under the ID "
              "{cid}: it runs and passes as written; edit the statement and the check together into your claim "
              "(`ibcheck check {cid}`: a first verdict), then the documented outcome, the wrong answers, the pinned "
              "case and the test, rerunning pytest (which file holds what: docs/api.md, section 5)")
