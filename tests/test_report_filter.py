"""`ibcheck report --claims PATTERN`: only the matching claims and conjectures run; a pattern matching nothing is
one line and exit 2, before any work."""
from __future__ import annotations

import subprocess
import sys

from ibcheck.reports.run import selected, settings


def test_settings_keep_only_matching_claims():
    todo = settings("quick", ["lai2026.m1.*"])
    assert todo and {c for c, _, _ in todo} == {"lai2026.m1.pattern", "lai2026.m1.limit", "lai2026.m1.gap",
                                                "lai2026.m1.rate"}
    # the documented violated findings of those claims come along (role finding), nothing else
    assert any(role == "finding" for _, _, role in todo)
    assert len(settings("quick")) > len(todo)


def test_selected_is_a_shell_pattern_match():
    assert selected("conj.lai-step", None) and selected("conj.lai-step", ["conj.*"])
    assert not selected("lai2026.m1.gap", ["lai2026.m2.*"]) and selected("lai2026.m1.gap", ["x", "lai2026.m1.gap"])


def test_a_pattern_matching_nothing_is_exit_2(tmp_path):
    p = subprocess.run([sys.executable, "-m", "ibcheck", "report", "--claims", "nope*", "--out", str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "matches no claim" in p.stderr
    assert not (tmp_path / "index.html").exists()
