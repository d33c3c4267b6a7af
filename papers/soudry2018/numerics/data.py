"""soudry2018's data: Fig. 1's four margin points plus random points off the margin, as the paper's figure.

The paper draws ``x₁ = (½, 3/2)``, ``x₂ = (3/2, ½)`` (``y = +1``), ``x₃,₄ = −x₁,₂`` (``y = −1``) and more points it
does not publish: ours are drawn by the shared fixture ``numerics.data.linear_data.known_svm_2d`` (SVM ``ŵ = (½, ½)``,
margin √2, whatever the draw); here it carries the figure's name, ``kind = "fig1"``, in every result's data row.
"""
from __future__ import annotations

import dataclasses

from ibcheck.numerics.data.linear_data import LinearData, known_svm_2d


def fig1(seed: int, n_random: int = 12, spread: float = 3.0, clearance: float = 0.25) -> LinearData:
    """``known_svm_2d(seed, n_random, spread, clearance)`` labelled ``kind = "fig1"`` (the same arrays)."""
    return dataclasses.replace(known_svm_2d(seed, n_random, spread, clearance), kind="fig1")
