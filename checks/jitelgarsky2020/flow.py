"""jitelgarsky2020: directional convergence and alignment, measured on the lyuli2020 homogeneous flow.

The two claims share ``checks.homogeneous_flow.measure`` (one memoised flow per setting, with lyuli2020's claims): the path
length of θ/‖θ‖ and the normalised margins per decade of log(1/𝓛), and 1 − cos∠(θ, −∇𝓛) with the gradient taken
by autograd (independent of the trainer's analytic gradient).
"""
from __future__ import annotations

from ibcheck.theory.jitelgarsky2020 import statements as st

from ..homogeneous_flow import spec_for

SPECS = [spec_for(st.DIRECTION), spec_for(st.ALIGNMENT)]
