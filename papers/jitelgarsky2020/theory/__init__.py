"""jitelgarsky2020 — Ji & Telgarsky (NeurIPS 2020): directional convergence and alignment of homogeneous nets."""
