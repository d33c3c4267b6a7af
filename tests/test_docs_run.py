"""Docs that run: every fenced code block of README.md and docs/*.md is collected (Sybil's Markdown lexer) and
executed here, so a documented command or snippet cannot drift from the code.

* ``bash`` blocks: each line is one command, run in a scratch folder that holds the files the docs name
  (``mine.npz``, ``m.pt``, ``d.npz``, ``my_conjecture.py`` — the docs' own conjecture block — and ``examples/``). An ``ibcheck`` line is
  first parsed by ibcheck's own parser, then run: it must exit 0, 1, 3 or 4 (a verdict), never 2 (bad usage) or
  5 (a crash). Slow commands (report, docs, sweep, a conjecture search) run with ``pytest --profile full``; the
  quick profile only parses them. Commands that need a Ray cluster or hours (``--address``, ``--backend ray``,
  ``--profile full``) are parsed only, in both profiles. ``pip install`` lines are checked for the extras and paths
  they name; ``pytest`` lines are the suite itself.
* ``python`` blocks run in a fresh namespace in the scratch folder, with ``model``, ``X``, ``y`` bound (the kkt
  fixture: a small bias-free ReLU net and data it separates), as a reader's session would have them.
* docs/api.md's kkt section (the examples in examples/kkt/ and ``ibcheck kkt`` on what they save) runs once per
  session for this test and tests/test_kkt_docs.py (``tests/kkt_api_section.py``); here, each of its commands
  exits as above.
* ``toml`` blocks must parse.
* A block preceded by ``<!-- docs-run: skip REASON -->`` is not run (a schema sketch, placeholders to fill in); the
  reason is the test's skip message.

New blocks are picked up automatically. The generated docs (catalogue.md, findings.md) hold no code blocks.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest
from sybil import Region
from sybil.document import Document
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

from tests.kkt_api_section import in_section as in_kkt_section

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"<!--\s*docs-run:\s*skip\s*(.*?)\s*-->\s*$")
NEVER = ("--address", "--backend ray", "--profile full")  # a cluster or hours: parsed, never run
SLOW = ("report", "docs", "sweep", "conjecture")  # run with --profile full (a conjecture --replay is quick)
VERDICT_EXITS = (0, 1, 3, 4)

pytestmark = pytest.mark.xdist_group("docs-run")  # one scratch folder: a report block feeds a later docs block


def blocks() -> list:
    """``(file, line, language, source, skip reason or None)`` of every fenced block, in document order."""
    lexer = FencedCodeBlockLexer(language=r"[\w+-]*")
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        doc = Document.parse(str(path), lambda d: (Region(x.start, x.end, x.lexemes, None) for x in lexer(d)))
        for ex in doc:
            before = text[:ex.region.start].rstrip("\n").rsplit("\n", 1)[-1]
            m = SKIP.match(before.strip())
            out.append((path, ex.line, str(ex.region.parsed.get("language") or ""),
                        str(ex.region.parsed.get("source")), (m.group(1) or "marked") if m else None))
    return out


BLOCKS = blocks()


_EXIT = re.compile(r"#\s*exit\s+(\d+)\b")  # a documented refusal: `ibcheck … # exit 2: why`


def commands(source: str) -> list[tuple[str, int | None]]:
    """The commands of a shell block, one per line (comments and blank lines dropped), each with the exit status
    its line documents (a trailing ``# exit N``), else None."""
    out = []
    for line in source.splitlines():
        words = shlex.split(line, comments=True)
        if words:
            m = _EXIT.search(line)
            out.append((shlex.join(words), int(m.group(1)) if m else None))
    return out


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """The folder the commands run in, with the files the docs name."""
    import torch
    from torch import nn
    d = tmp_path_factory.mktemp("docs-run")
    rng = np.random.default_rng(1)
    np.savez(d / "mine.npz", X=rng.normal(size=(12, 3000)), y=np.where(rng.random(12) < 0.5, -1.0, 1.0) * 1.5)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(20, 8, bias=False), nn.ReLU(), nn.Linear(8, 1, bias=False)).double()
    X = torch.randn(30, 20, dtype=torch.float64)
    with torch.no_grad():
        y = torch.sign(model(X).squeeze(-1))
    torch.save(model, d / "m.pt")
    np.savez(d / "d.npz", X=X.numpy(), y=y.numpy())
    conj = next((s for _, _, lang, s, _ in BLOCKS if lang == "python" and "conjecture = Conjecture(" in s), None)
    if conj:
        (d / "my_conjecture.py").write_text(conj, encoding="utf-8")
    (d / "out").mkdir()
    (d / "examples").symlink_to(ROOT / "examples", target_is_directory=True)  # the docs' `python examples/...` lines
    return {"dir": d, "model": model, "X": X, "y": y}


def _env(tmp: Path) -> dict:
    env = dict(os.environ, IBCHECK_NO_PLUGINS="1")
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def run_shell(cmd: str, where: Path, full: bool, expect: int | None = None, done: dict | None = None) -> str | None:
    """Run (or only parse) one documented command; returns why it was not run, or None. ``expect``: the exit status
    the docs state for it (a documented refusal); otherwise a verdict's for ``ibcheck`` and 0 for anything else.
    ``done``: the command's result (``rc``, ``err``) where it already ran this session (tests/kkt_api_section.py)."""
    words = shlex.split(cmd)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # `PYTHONPATH=… ibcheck …`: the program is what follows
        words = words[1:]
    if words[:2] == ["pip", "install"]:
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
        for w in words[2:]:
            m = re.fullmatch(r"\.?\[(.*)\]", w.split("/")[-1]) if "[" in w else None
            for extra in (m.group(1).split(",") if m else []):
                assert extra in extras, f"{cmd!r}: no extra {extra!r} in pyproject.toml"
            if w.startswith("./"):
                assert (ROOT / w).exists(), f"{cmd!r}: {w} does not exist"
        return "installs packages"
    if words[0] == "pytest":
        return "the test suite itself"
    if words[0] == "ibcheck":
        from ibcheck.cli import build_parser
        try:
            build_parser().parse_args(words[1:])
        except SystemExit as exc:
            pytest.fail(f"{cmd!r}: ibcheck's parser refuses it (exit {exc.code})")
        if any(n in cmd for n in NEVER):
            return "needs a Ray cluster or hours: parsed only"
        if words[1] in SLOW and "--replay" not in words and not full:
            return "slow: run with --profile full"
    if done is None:
        p = subprocess.run(cmd, shell=True, cwd=where, env=_env(where), capture_output=True, text=True, timeout=900)
        done = {"rc": p.returncode, "err": p.stderr}
    ok = (expect,) if expect is not None else VERDICT_EXITS if words[0] == "ibcheck" else (0,)
    assert done["rc"] in ok, f"{cmd!r} exited {done['rc']}:\n{done['err'][-2000:]}"
    assert "Traceback" not in done["err"] and "RuntimeWarning" not in done["err"], done["err"][-2000:]
    return None


@pytest.mark.parametrize("path,line,lang,source,skip", BLOCKS,
                         ids=[f"{p.relative_to(ROOT)}:{line}" for p, line, *_ in BLOCKS])
def test_documented_block_runs(path, line, lang, source, skip, scratch, request):
    if skip:
        pytest.skip(skip)
    full = request.config.getoption("profile", default="quick") == "full"
    where = scratch["dir"]
    if in_kkt_section(path, source):  # run once this session for this test and tests/test_kkt_docs.py
        done = request.getfixturevalue("kkt_api_section")[source.strip()]
        if lang == "python":
            err = done[0]["err"]
            assert done[0]["rc"] == 0 and "Traceback" not in err and "RuntimeWarning" not in err, err[-2000:]
            return
        assert len(done) == len(commands(source))
        for (cmd, expect), d in zip(commands(source), done):
            assert run_shell(cmd, where, full, expect, done=d) is None, cmd
        return
    if lang in ("bash", "sh", "shell", "console"):
        for cmd, expect in commands(source):
            run_shell(cmd, where, full, expect)
    elif lang == "python":
        cwd = os.getcwd()
        os.chdir(where)
        try:
            exec(compile(source, f"{path.name}:{line}", "exec"),  # noqa: S102  (the docs' own snippet)
                 {"__name__": "docs_snippet", "model": scratch["model"], "X": scratch["X"], "y": scratch["y"]})
        finally:
            os.chdir(cwd)
    elif lang == "toml":
        tomllib.loads(source)
    else:
        pytest.fail(f"{path.name}:{line}: a ```{lang} block: run it here or mark it <!-- docs-run: skip REASON -->")


def test_every_doc_with_blocks_is_collected():
    """The harness sees the blocks of README.md, usage.md, api.md and certificates.md (and any new file)."""
    seen = {p.name for p, *_ in BLOCKS}
    assert {"README.md", "usage.md", "api.md", "certificates.md"} <= seen
    assert all(lang for _, _, lang, _, _ in BLOCKS), "a fenced block without a language"
