"""lyuli2020's gradient-flow claims, measured on the shared homogeneous-network flow (``checks.homogeneous_flow``).

One memoised flow per setting feeds the six claims (smoothed_margin_monotone, sandwich, lemma5_1, euler_identity,
rates, kkt) and jitelgarsky2020's two.
"""
from __future__ import annotations

from ..theory import statements as st

from ibcheck.checks.homogeneous_flow import spec_for

SPECS = [spec_for(c) for c in (st.MONOTONE, st.SANDWICH, st.LEMMA51, st.EULER, st.RATES, st.KKT)]
