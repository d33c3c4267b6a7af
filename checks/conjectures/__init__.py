"""The conjectures shipped with ibcheck (``ibcheck list`` shows them; ``ibcheck conjecture conj.…`` runs one)."""
from __future__ import annotations

from ibcheck.papers.frei2023.conjectures.frei_beyond_h import conjecture as _beyond
from ibcheck.papers.razincohen2020.conjectures.gunasekar_nuclear import conjecture as _gunasekar
from ibcheck.papers.kou2023.conjectures.kou_relu_srank import conjecture as _kou
from ibcheck.papers.lai2026.conjectures.lai_step import conjecture as _lai
from ibcheck.papers.frei2023.conjectures.relu_boundary import conjecture as _relu

SHIPPED = {c.id: c for c in (_relu, _lai, _beyond, _kou, _gunasekar)}
