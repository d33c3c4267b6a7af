"""frei2023's share of the contention benchmark's subset (``python benchmarks/contention.py`` runs every built-in
paper's share, one ``ibcheck check`` after the other in one process, alone, two copies at once and beside a busy
process): a gradient flow (Theorem 3.4) and Theorem 4.2's stable-rank sweep.

``SUBSET``: (claim, extra ``ibcheck check`` arguments), run in this order.
"""
SUBSET = [("frei2023.thm3.4", []), ("frei2023.thm4.2.srank", [])]
