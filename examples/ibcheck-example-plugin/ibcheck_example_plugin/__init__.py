"""example: a third-party ibcheck paper, "GD from 0 on least squares converges to the min-norm interpolant".

The manifest (``PAPER``) is all this module holds: ibcheck discovers the paper through the entry point in
pyproject.toml and reads this manifest and the generated ``index.py`` (stdlib only) for ``ibcheck list``; the
statement (sympy, ``theory/statements.py``) and the check (torch, ``checks/minnorm.py``) are imported only when the
claim runs.
"""

PAPER = {"name": "example", "citation": "ibcheck's example plugin: a linear-regression baseline", "order": 1000}
