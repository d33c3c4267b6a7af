"""The generated cases: one pytest id per claim × setting, and the table of expected failures.

Like scikit-learn's generated estimator checks: every registered check contributes its quick (and,
with ``--profile full``, full) settings; a case listed in ``EXPECTED`` must produce exactly the listed
verdict — a documented finding that silently starts passing (or fails differently) fails the suite.
``EXPECTED`` collects each paper's ``<paper>/checks/expected.py`` (and the plugins' documented cases).
"""
from __future__ import annotations

from .expected import Expected, describe, differences, pattern  # noqa: F401  (the vocabulary, re-exported)
from .registry import REGISTRY


def setting_key(setting: dict) -> str:
    """``k=v,...`` of a setting (its identity in case ids and in ``CheckSpec.notes``)."""
    return ",".join(f"{k}={v}" for k, v in setting.items())


def case_id(claim_id: str, setting: dict) -> str:
    spec = REGISTRY[claim_id]
    s = dict(setting)
    if "seed" in spec.params:
        s.setdefault("seed", spec.params["seed"].default)
    return f"{claim_id}[{setting_key(s)}]"


def cases(profile: str = "quick") -> list[tuple[str, dict, str]]:
    """``(claim_id, setting, case id)`` for every check and setting of the profile."""
    out = []
    for cid, spec in REGISTRY.items():
        settings = spec.quick + (spec.full if profile == "full" else [])
        for s in settings:
            out.append((cid, s, case_id(cid, s)))
    return out


# Documented non-verified outcomes, pinned row by row: each discovered paper's own table
# (``<paper>/checks/expected.py``), then those of the plugins of the deprecated group ``ibcheck.catalogues``.
from ibcheck.theory.catalogue import PAPER_OF as _PAPER_OF  # noqa: E402
from ibcheck.theory.papers import discover as _discover  # noqa: E402

from . import registry as _registry  # noqa: E402

EXPECTED: dict[str, Expected] = {}
for _p in _discover():
    if _p.name in _PAPER_OF.values() and _p.has("checks.expected"):
        EXPECTED.update({k: v if isinstance(v, Expected) else Expected(*v)
                         for k, v in _p.module("checks.expected").EXPECTED.items() if k not in EXPECTED})

for _p in getattr(getattr(_registry, "PLUGINS", None), "plugins", []):
    EXPECTED.update({k: v if isinstance(v, Expected) else Expected(*v) for k, v in _p.expected.items()
                     if k not in EXPECTED})


def assert_expected(case: str, result: dict, expected: dict | None = None) -> None:
    """The case's result is its documented outcome (``checks.cases.EXPECTED``), or ``verified`` when none is."""
    expected = EXPECTED if expected is None else expected
    e = expected.get(case, Expected("verified", "", fails=()))
    detail = f"{case}: {result['verdict']} — {result['reason']}"
    assert result["verdict"] == e.verdict, detail + (f" (expected {e.verdict}: {e.reason})" if e.reason else "")
    if e.verdict == "verified":
        return
    rows = e.rows(REGISTRY[case.split("[", 1)[0]].claim)
    assert rows is not None, f"{case}: the documented outcome does not pin its rows"
    bad = differences(result, rows)
    assert not bad, (f"{case}: rows differ from the documented ones: " + "; ".join(bad) + " (T holds, F fails, "
                     "? undecided: Expected(..., fails=(row names), undecided=(row names)), every other row holds)")
