"""The conjectures shipped with ibcheck (``ibcheck list`` shows them; ``ibcheck conjecture conj.…`` runs one)."""
from __future__ import annotations

from .frei_beyond_h import conjecture as _beyond
from .gunasekar_nuclear import conjecture as _gunasekar
from .kou_relu_srank import conjecture as _kou
from .lai_step import conjecture as _lai
from .relu_boundary import conjecture as _relu

SHIPPED = {c.id: c for c in (_relu, _lai, _beyond, _kou, _gunasekar)}
