"""The generated cases: one pytest id per claim × setting, and the table of expected failures.

Like scikit-learn's generated estimator checks: every registered check contributes its quick (and,
with ``--profile full``, full) settings; a case listed in ``EXPECTED`` must produce exactly the listed
verdict — a documented finding that silently starts passing (or fails differently) fails the suite.
``EXPECTED`` collects each paper's ``checks/<paper>/expected.py`` (and the plugins' documented cases).
"""
from __future__ import annotations

import importlib

from .expected import Expected, describe, pattern  # noqa: F401  (the vocabulary, re-exported)
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


# Documented non-verified outcomes, pinned row by row: each paper's own table (checks/<paper>/expected.py).
PAPERS = ("lai2026", "frei2023", "soudry2018", "jitelgarsky2019", "jitelgarsky2020", "lyuli2020", "woodworth2020",
          "boursier2022", "kou2023", "vardishamir2021", "razincohen2020")
EXPECTED: dict[str, Expected] = {}
for _paper in PAPERS:
    EXPECTED.update(importlib.import_module(f".{_paper}.expected", __package__).EXPECTED)
for _paper in ("zhang2024", "wu2023"):  # TEMP: paper folders by hand
    EXPECTED.update(importlib.import_module(f"ibcheck.papers.{_paper}.checks.expected").EXPECTED)

# Documented non-verified cases of plugin catalogues (checks.plugins): Expected entries (or tuples).
from . import registry as _registry  # noqa: E402

for _p in getattr(getattr(_registry, "PLUGINS", None), "plugins", []):
    EXPECTED.update({k: v if isinstance(v, Expected) else Expected(*v) for k, v in _p.expected.items()
                     if k not in EXPECTED})
