"""Every check by claim ID (the same IDs as ``theory.catalogue``).

Importing this module imports every check (torch, cvxpy, …) and the installed plugins. A command that needs one
built-in check imports only that check's module through ``checks.index.spec`` (the light index names it).
"""
from __future__ import annotations

import importlib

from ibcheck.theory.catalogue import CATALOGUE

from .base import CheckSpec

# The modules holding the built-in checks (each a ``SPECS`` list), by paper.
MODULES = tuple(f"ibcheck.checks.{m}" for m in (
    "lai2026.gram", "lai2026.m1", "lai2026.m2", "lai2026.linear", "lai2026.exploratory",
    "frei2023.lem33", "frei2023.gf", "frei2023.sec5", "frei2023.gd", "frei2023.fig2",
    "soudry2018.gd", "jitelgarsky2019.gd", "jitelgarsky2020.flow", "lyuli2020.flow", "lyuli2020.gd",
    "boursier2022.flow", "kou2023.gd", "woodworth2020.flow", "vardishamir2021.neuron",
    "vardishamir2021.balancedness", "razincohen2020.completion")) + (
    "ibcheck.papers.zhang2024.checks.margins", "ibcheck.papers.wu2023.checks.eos")  # TEMP: paper folders by hand

REGISTRY: dict[str, CheckSpec] = {}
MODULE_OF: dict[str, str] = {}  # built-in claim ID → the module holding its check
for _name in MODULES:
    for _s in importlib.import_module(_name).SPECS:
        REGISTRY[_s.id] = _s
        MODULE_OF[_s.id] = _name

_missing = set(REGISTRY) - set(CATALOGUE)
assert not _missing, f"checks without a statement: {_missing}"

# Third-party catalogues (entry-point group "ibcheck.catalogues"), loaded once, after the built-ins (checks.plugins).
from ibcheck.theory.catalogue import PLANNED as _PLANNED  # noqa: E402

from .plugins import load as _load_plugins  # noqa: E402

PLUGINS = _load_plugins(CATALOGUE, REGISTRY, reserved={k: "a planned claim" for k in _PLANNED})
