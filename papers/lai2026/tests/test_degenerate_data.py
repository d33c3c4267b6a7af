"""Degenerate user data on lai2026.m1.gap: the example that named the problem, duplicated rows, answers exit 2 naming
the rows (the generic test on every claim that takes ``--data``: tests/test_degenerate_data.py)."""
import numpy as np

from ibcheck.cli import main


def test_the_issue_example_names_the_rows(tmp_path, capsys):
    """`np.savez('dup.npz', X=np.ones((4,1000)), y=±1)` with lai2026.m1.gap: exit 2 naming the rows (was exit 5,
    LinAlgError: Singular matrix)."""
    f = tmp_path / "dup.npz"
    np.savez(f, X=np.ones((4, 1000)), y=np.array([1.0, -1.0, 1.0, -1.0]))
    assert main(["check", "lai2026.m1.gap", "--data", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rows 0, 1, 2 and 3 are identical" in err and "linearly independent" in err
