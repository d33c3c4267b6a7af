"""Every check by claim ID (the same IDs as ``theory.catalogue``)."""
from __future__ import annotations

from ibcheck.theory.catalogue import CATALOGUE

from .base import CheckSpec
from .frei2023 import fig2, gd, gf, lem33, sec5
from .lai2026 import exploratory, gram, linear, m1, m2

REGISTRY: dict[str, CheckSpec] = {s.id: s for mod in (gram, m1, m2, linear, exploratory, lem33, gf, sec5, gd, fig2) for s in mod.SPECS}

from .jitelgarsky2019 import gd as _jt19_gd  # noqa: E402  (issue 14, part A)
from .jitelgarsky2020 import flow as _jt20_flow  # noqa: E402
from .lyuli2020 import flow as _lyuli_flow  # noqa: E402
from .lyuli2020 import gd as _lyuli_gd  # noqa: E402
from .soudry2018 import gd as _soudry_gd  # noqa: E402

REGISTRY.update({s.id: s for mod in (_soudry_gd, _jt19_gd, _jt20_flow, _lyuli_flow, _lyuli_gd) for s in mod.SPECS})
# issue 14 part B (Boursier, Kou, Vardi–Shamir, Woodworth, Razin–Cohen)
from .boursier2022 import flow as _bo_flow  # noqa: E402
from .kou2023 import gd as _kou_gd  # noqa: E402
from .razincohen2020 import completion as _rc_completion  # noqa: E402
from .vardishamir2021 import balancedness as _vs_bal  # noqa: E402
from .vardishamir2021 import neuron as _vs_neuron  # noqa: E402
from .woodworth2020 import flow as _ww_flow  # noqa: E402

REGISTRY.update({s.id: s for mod in (_bo_flow, _kou_gd, _ww_flow, _vs_neuron, _vs_bal, _rc_completion) for s in mod.SPECS})

_missing = set(REGISTRY) - set(CATALOGUE)
assert not _missing, f"checks without a statement: {_missing}"

# Third-party catalogues (entry-point group "ibcheck.catalogues"), loaded once, after the built-ins (checks.plugins).
from ibcheck.theory.catalogue import PLANNED as _PLANNED  # noqa: E402

from .plugins import load as _load_plugins  # noqa: E402

PLUGINS = _load_plugins(CATALOGUE, REGISTRY, reserved={k: "a planned claim" for k in _PLANNED})
