"""lai2026's share of the contention benchmark's subset (``python benchmarks/contention.py`` runs every built-in
paper's share, one ``ibcheck check`` after the other in one process, alone, two copies at once and beside a busy
process): a gap check at n = 100, d = 1e6 (large matrix products: where default intra-op threads would oversubscribe
the cores) and the Gram concentration sweep.

``SUBSET``: (claim, extra ``ibcheck check`` arguments), run in this order.
"""
SUBSET = [("lai2026.m1.gap", ["--set", "n=100", "--set", "d=1000000"]), ("lai2026.gram", [])]
