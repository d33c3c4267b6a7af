"""`ibcheck report --claims PATTERN` on lai2026's m = 1 claims: only the matching claims run, with their documented
violated findings."""
from __future__ import annotations

from ibcheck.reports.run import settings


def test_settings_keep_only_matching_claims():
    todo = settings("quick", ["lai2026.m1.*"])
    assert todo and {c for c, _, _ in todo} == {"lai2026.m1.pattern", "lai2026.m1.limit", "lai2026.m1.gap",
                                                "lai2026.m1.rate"}
    # the documented violated findings of those claims come along (role finding), nothing else
    assert any(role == "finding" for _, _, role in todo)
    assert len(settings("quick")) > len(todo)
