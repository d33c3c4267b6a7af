"""Figures of the report as inline SVG, collected from each paper's figure module (``reports/figures/<paper>.py``).

``PLOTS`` maps a claim ID to a function ``(results, supplements) -> [svg, ...]``; a claim without an entry simply
has no figure. lyuli2020 and jitelgarsky2020 share one flow (``checks.homogeneous_flow``), so their figures live
together in ``reports/figures/homogeneous_flow.py``.
"""
from __future__ import annotations

import importlib

from .svg import svg  # noqa: F401  (the SVG writer, for callers that draw their own figure)

MODULES = ("lai2026", "frei2023", "soudry2018", "jitelgarsky2019", "homogeneous_flow", "woodworth2020", "boursier2022",
           "kou2023", "vardishamir2021", "razincohen2020")
PLOTS: dict = {}
for _m in MODULES:
    PLOTS.update(importlib.import_module(f".figures.{_m}", __package__).PLOTS)
for _m in ("zhang2024", "wu2023"):  # TEMP: paper folders by hand
    PLOTS.update(importlib.import_module(f"ibcheck.papers.{_m}.figures").PLOTS)
