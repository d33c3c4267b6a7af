"""Figures of the report as inline SVG, collected from each discovered paper's ``figures.py``.

``PLOTS`` maps a claim ID to a function ``(results, supplements) -> [svg, ...]``; a claim without an entry simply
has no figure. ``SUPPLEMENTS`` maps a claim ID to an extra measurement its figures draw (``fn() -> dict``, run once
by the report: ``reports.run``). Figures two papers share live in ``reports/figures/`` and are registered by each paper.
"""
from __future__ import annotations

from ibcheck.theory.papers import discover, skipped

from .svg import svg  # noqa: F401  (the SVG writer, for callers that draw their own figure)

PLOTS: dict = {}
SUPPLEMENTS: dict = {}
for _p in discover():
    if _p.has("figures"):
        try:
            PLOTS.update(_p.module("figures").PLOTS)
            SUPPLEMENTS.update(getattr(_p.module("figures"), "SUPPLEMENTS", {}))
        except Exception as _exc:  # noqa: BLE001  (an installed paper's fault: one line; a built-in raises)
            skipped(_p, _exc)
