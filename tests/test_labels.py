"""A user dataset's labels, read once for every claim and plugin (``checks.runner``): a binary claim reads {0, 1}
and booleans as ±1 with one line on stderr and refuses a zero label (exit 2) before its check sees the data; a
regression claim (``CheckSpec.labels = "real"``) takes y as given. And a malformed ``--grid`` is exit 2."""
from __future__ import annotations

import numpy as np
import pytest

from ibcheck.cli import main
from ibcheck.numerics.data.sets import as_signs
from ibcheck.numerics.runtime.errors import InputError


def test_as_signs_reads_01_and_booleans_as_pm1_and_refuses_zeros():
    y, note = as_signs(np.array([0.0, 1.0, 1.0, 0.0]), "--data d.npz")
    assert y.tolist() == [-1.0, 1.0, 1.0, -1.0] and "{0, 1}" in note
    y, note = as_signs(np.array([True, False]), "--data d.npz")
    assert y.tolist() == [1.0, -1.0] and "boolean" in note
    for fine in ([1.0, -1.0, 1.0], [2.5, -1.0, 1.5], [1.0, 1.0]):
        y, note = as_signs(np.array(fine), "w")
        assert y.tolist() == fine and note == ""
    for bad in ([-1.0, 0.0, 1.0], [0.0, 0.0], [0.0, 2.0]):
        with pytest.raises(InputError, match="zero label"):
            as_signs(np.array(bad), "w")


def _data_specs(kind: str) -> list[str]:
    from ibcheck.checks.registry import REGISTRY
    return [c for c, s in REGISTRY.items() if s.accepts_data and s.labels == kind]


class Seen(Exception):
    pass


def _seen_labels(cid, path, monkeypatch):
    """The labels ``cid``'s check receives from ``--data path`` (its measure replaced by a recorder)."""
    from ibcheck.checks.registry import REGISTRY
    from ibcheck.checks.runner import run_check

    def record(ctx):
        raise Seen(ctx.data.y.detach().cpu().numpy().tolist())
    monkeypatch.setattr(REGISTRY[cid], "measure", record)
    with pytest.raises(Seen) as got:
        run_check(cid, data=str(path))
    return got.value.args[0]


@pytest.fixture
def sets(tmp_path):
    X = np.random.default_rng(0).normal(size=(6, 40))
    out = {}
    for name, y in (("01", np.array([0, 1, 1, 0, 1, 0])), ("bool", np.array([False, True, True, False, True, False])),
                    ("pm", np.array([-1.0, 1, 1, -1, 1, -1])), ("zero", np.array([-1.0, 1, 0, -1, 1, -1]))):
        np.savez(tmp_path / f"{name}.npz", X=X, y=y)
        out[name] = tmp_path / f"{name}.npz"
    return out


def test_every_binary_claim_sees_pm1_and_never_a_zero_label(sets, monkeypatch, capsys):
    cids = _data_specs("signed")
    assert len(cids) >= 10, cids
    for cid in cids:
        for name in ("01", "bool"):
            assert _seen_labels(cid, sets[name], monkeypatch) == [-1.0, 1, 1, -1, 1, -1], (cid, name)
            err = capsys.readouterr().err
            assert len(err.strip().splitlines()) == 1 and "read as ±1" in err and cid in err, err
        assert _seen_labels(cid, sets["pm"], monkeypatch) == [-1.0, 1, 1, -1, 1, -1]
        assert capsys.readouterr().err == ""
        from ibcheck.checks.runner import run_check
        with pytest.raises(InputError, match="1 zero label"):
            run_check(cid, data=str(sets["zero"]))


def test_a_regression_claim_takes_its_targets_as_given(sets, monkeypatch, capsys):
    cids = _data_specs("real")
    assert len(cids) >= 4, cids
    for cid in cids:
        assert _seen_labels(cid, sets["01"], monkeypatch) == [0.0, 1, 1, 0, 1, 0]
        assert capsys.readouterr().err == ""


def test_the_command_line_says_it_once_and_refuses_zero_labels(sets, monkeypatch, capsys):
    """Through ``ibcheck check --data``: the note once on stderr, the check sees ±1; a zero label is exit 2 with one
    line and the check never runs."""
    from ibcheck.checks.registry import REGISTRY
    cid = _data_specs("signed")[0]
    seen = []

    def record(ctx):
        seen.append(ctx.data.y.detach().cpu().numpy().tolist())
        raise Seen()
    monkeypatch.setattr(REGISTRY[cid], "measure", record)
    main(["check", cid, "--data", str(sets["01"])])
    err = capsys.readouterr().err
    assert "{0, 1} read as ±1" in err and len([ln for ln in err.splitlines() if "read as" in ln]) == 1, err
    assert seen == [[-1.0, 1, 1, -1, 1, -1]]
    assert main(["check", cid, "--data", str(sets["zero"])]) == 2
    err = capsys.readouterr().err
    assert "zero label" in err and len(err.strip().splitlines()) == 1 and len(seen) == 1


@pytest.mark.parametrize("grid", ["n=20,,40", "n=20,", "n=,20", "n=", "n= , "])
def test_a_malformed_grid_is_exit_2_before_any_work(grid, capsys):
    assert main(["sweep", _data_specs("signed")[0], "--grid", grid]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--grid" in err, err
