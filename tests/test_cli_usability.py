"""A researcher's first hour with the CLI: the Ray extra, and the small things (help texts, --debug anywhere,
refused budgets, list columns, what the documented commands write). Shown on a paper's own claims (verdict
precedence, one-line bad input, quiet numerics, merged grids, --data tables, the worst seed, a fixture's own sizes,
a partial results.json for `ibcheck docs`): that paper's tests/test_cli_usability.py."""
import subprocess
import tomllib
from pathlib import Path

import pytest

from ibcheck.checks import index
from ibcheck.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
CID = sorted(index.CLAIMS)[0]  # any claim: parsing does not depend on which


# ---- the ray extra ---------------------------------------------------------------------------------------------
def test_ray_extra_installs_the_client():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(r.replace(" ", "").startswith("ray[client]") for r in extras["ray"]), extras["ray"]


# ---- small ones ------------------------------------------------------------------------------------------------
def test_debug_after_the_command():
    args = build_parser().parse_args(["check", CID, "--debug"])
    assert args.debug is True
    assert build_parser().parse_args(["--debug", "check", "x"]).debug is True
    assert build_parser().parse_args(["check", "x"]).debug is False


def test_help_prints_each_default_once_and_no_none():
    from ibcheck.cli_io import HelpFormatter
    subs = build_parser()._subparsers._group_actions[0].choices
    for cmd, sub in subs.items():
        text = sub.format_help()
        assert "(default: None)" not in text and "(default: False)" not in text, cmd
        fmt = HelpFormatter(cmd)
        for a in sub._actions:  # a help text that names its default is not followed by "(default: …)" too
            if a.help and "default" in a.help:
                assert fmt._get_help_string(a) == a.help, (cmd, a.dest)
    assert "(default: 1)" in subs["check"].format_help()
    assert "(default: None)" not in subs["kkt"].format_help()  # --model and --data are required


def test_conjecture_budget_zero_is_refused(capsys):
    assert main(["conjecture", sorted(index.CONJECTURES)[0], "--budget", "0"]) == 2
    assert "--budget must be >= 1" in capsys.readouterr().err


def test_list_columns_hold_what_their_header_says(capsys):
    """PROVENANCE holds a provenance (or "-" where none applies), TYPE what the row is: claim, exploratory (a claim
    that asks a question; its provenance is still shown), planned or conjecture."""
    from ibcheck.theory.catalogue import CATALOGUE
    from ibcheck.theory.statement import PROVENANCES
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["ID", "SOURCE", "PROVENANCE", "TYPE", "TITLE"]
    start = lines[0].index("PROVENANCE"), lines[0].index("TYPE"), lines[0].index("TITLE")
    rows = {ln.split()[0]: (ln[start[0]:start[1]].strip(), ln[start[1]:start[2]].strip()) for ln in lines[1:]
            if ln and not ln.startswith("#")}
    for cid, claim in CATALOGUE.items():
        assert rows[cid] == (claim.provenance, "exploratory" if claim.exploratory else "claim"), cid
    assert {t for p, t in rows.values() if p == "-"} <= {"planned", "conjecture"}
    assert {p for p, _ in rows.values()} <= set(PROVENANCES) | {"-"}


def test_what_the_documented_commands_write_is_ignored_by_git():
    """Every output the commands of README.md and docs/ write (``--out DIR``, ``--json FILE``), run in the checkout,
    is ignored by git: following the docs leaves `git status` clean."""
    import re
    import shutil
    root = Path(__file__).resolve().parents[1]
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout")
    texts = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    outs = {m.group(2).rstrip("/") for f in texts for m in re.finditer(r"--(out|json) ([A-Za-z0-9_./-]+)", f.read_text())}
    assert {"reports/subset", "reports/out", "out.json"} <= outs
    probe = [o + "/index.html" if not o.endswith(".json") else o for o in sorted(outs)]
    p = subprocess.run(["git", "check-ignore", "--no-index", *probe], cwd=root, capture_output=True, text=True)
    assert sorted(p.stdout.split()) == sorted(probe), sorted(set(probe) - set(p.stdout.split()))
