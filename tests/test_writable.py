"""Every output path is probed before any work: a folder that refuses a new file (/proc, a read-only folder) is
exit 2 with "not writable" in one line, the check, report, sweep, kkt, conjecture, docs or diff never starts, and
nothing is left behind — neither the probe nor a folder. (Root passes every permission test, so the read-only case
runs in a forked child that drops to an unprivileged user; /proc refuses new files to root too.)"""
from __future__ import annotations

import os
import stat

import pytest

from ibcheck.cli_io import writable_dir, writable_file
from ibcheck.numerics.runtime.errors import InputError
from ibcheck.testing.refusal import tree

from ibcheck.checks.index import table as _table

CLAIM = next(c for c, v in _table("CLAIMS").items() if v[3])  # any claim with a check: refused before it runs
CONJ = next(iter(_table("CONJECTURES")))  # any shipped conjecture: refused before it searches
COMMANDS = [
    ["check", CLAIM, "--json", "/proc/ibcheck-out.json"],
    ["sweep", CLAIM, "--grid", "seed=0,1", "--json", "/proc/ibcheck-sweep.json"],
    ["report", "--claims", CLAIM, "--out", "/proc/ibcheck-report"],
    ["report", "--claims", CLAIM, "--out", "/proc/ibcheck-report/deeper"],
    ["kkt", "--model", "m.pt", "--data", "d.npz", "--json", "/proc/ibcheck-k.json"],
    ["conjecture", CONJ, "--budget", "2", "--out", "/proc/ibcheck-conj"],
    ["conjecture", CONJ, "--budget", "2", "--json", "/proc/ibcheck-conj.json"],
    ["docs", "--catalogue-only", "--out", "/proc/ibcheck-docs"],
    ["diff", "a.json", "a.json", "--json", "/proc/ibcheck-diff.json"],
]


@pytest.fixture
def no_work(monkeypatch):
    """Any of the commands' work raises: a refusal must come first."""
    def boom(*a, **k):
        raise AssertionError("the work started before the output was checked")
    import ibcheck.checks.backends as backends
    import ibcheck.checks.runner as runner
    import ibcheck.reports.run as run
    for mod, name in ((runner, "run_check"), (run, "run_catalogue"), (backends, "run_tasks")):
        monkeypatch.setattr(mod, name, boom)


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:1] + a[-2:]) for a in COMMANDS])
def test_an_output_under_proc_is_refused_before_any_work(argv, tmp_path, monkeypatch, capsys, no_work):
    from ibcheck.cli import main
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.json").write_text('{"schema": "ibcheck/1", "results": []}')
    before = tree(tmp_path)
    rc = main(argv)
    err = capsys.readouterr().err
    assert rc == 2 and "not writable" in err and len(err.strip().splitlines()) == 1, (rc, err)
    assert tree(tmp_path) == before
    assert not [n for n in os.listdir("/proc") if n.startswith(("ibcheck-", ".ibcheck-probe"))]


def test_a_writable_output_leaves_no_probe(tmp_path):
    writable_file(str(tmp_path / "out.json"), "--json")
    writable_dir(str(tmp_path), "--out")
    writable_dir(str(tmp_path / "new" / "deeper"), "--out")
    (tmp_path / "old.json").write_text("kept")
    writable_file(str(tmp_path / "old.json"), "--json")
    assert tree(tmp_path) == {"old.json"} and (tmp_path / "old.json").read_text() == "kept"


def _as_nobody(fn) -> str:
    """``fn()`` in a forked child running as an unprivileged user (when this process is root): the message of the
    ``InputError`` it raised, "" when it raised none."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(r)
        msg = b""
        try:
            if os.getuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            fn()
        except InputError as exc:
            msg = str(exc).encode() or b"?"
        except BaseException as exc:  # noqa: BLE001
            msg = f"unexpected {type(exc).__name__}: {exc}".encode()
        os.write(w, msg)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        out = fh.read().decode()
    os.waitpid(pid, 0)
    return out


def test_a_read_only_folder_is_refused_and_left_as_it_was(tmp_path):
    import tempfile
    from pathlib import Path
    top = Path(tempfile.mkdtemp(prefix="ibcheck-ro-"))  # /tmp: searchable by everyone, unlike pytest's tmp_path
    ro = top / "ro"
    ro.mkdir()
    (ro / "old.json").write_text("kept")
    os.chmod(top, 0o755)
    os.chmod(ro, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    os.chmod(ro / "old.json", 0o444)
    try:
        for fn in (lambda: writable_dir(str(ro), "--out"), lambda: writable_dir(str(ro / "sub" / "deeper"), "--out"),
                   lambda: writable_file(str(ro / "new.json"), "--json"),
                   lambda: writable_file(str(ro / "old.json"), "--json")):
            msg = _as_nobody(fn)
            assert "not writable" in msg, msg
        assert tree(ro) == {"old.json"} and (ro / "old.json").read_text() == "kept"
        if os.getuid() == 0:  # pytest's tmp_path sits in a folder only root may search
            assert "not writable" in _as_nobody(lambda: writable_dir(str(tmp_path / "x"), "--out"))
    finally:
        os.chmod(ro, 0o755)
        import shutil
        shutil.rmtree(top)
