"""`ibcheck report --claims PATTERN`: only the matching claims and conjectures run (the patterns are shell patterns;
a paper's claims kept and their findings along: papers/<paper>/tests/test_report_filter.py); a pattern matching
nothing is one line and exit 2, before any work."""
from __future__ import annotations

import subprocess
import sys

from ibcheck.reports.run import selected


def test_selected_is_a_shell_pattern_match():
    assert selected("conj.some-step", None) and selected("conj.some-step", ["conj.*"])
    assert not selected("p2099.m1.gap", ["p2099.m2.*"]) and selected("p2099.m1.gap", ["x", "p2099.m1.gap"])


def test_a_pattern_matching_nothing_is_exit_2(tmp_path):
    p = subprocess.run([sys.executable, "-m", "ibcheck", "report", "--claims", "nope*", "--out", str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "matches no claim" in p.stderr
    assert not (tmp_path / "index.html").exists()
