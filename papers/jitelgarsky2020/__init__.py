"""jitelgarsky2020: Ji & Telgarsky (NeurIPS 2020), directional convergence and alignment of homogeneous networks. The
catalogue checks that θ/‖θ‖ converges and that θ aligns with −∇𝓛 along the gradient flow."""

PAPER = {"name": "jitelgarsky2020", "citation": "Ji, Telgarsky, Directional convergence and alignment in deep learning, NeurIPS 2020", "order": 50}
