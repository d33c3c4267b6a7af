"""zhang2024: Zhang, Zou & Cao, "The Implicit Bias of Adam on Separable Data", NeurIPS 2024.

The catalogue checks that Adam without ε, with a polynomially decaying step, maximises the ℓ∞ margin on separable
linear classification (its normalised ℓ∞ margin → the certified LP optimum γ∞, the abstract's conclusion), with GD
on the same data as the control that maximises the ℓ2 margin instead, and asks (exploratory) whether the gap follows
the recalled polynomial rate and whether Adam with a large ε behaves like GD.
"""
PAPER = {"name": "zhang2024", "citation": "Zhang, Zou, Cao, The Implicit Bias of Adam on Separable Data, NeurIPS 2024",
         "order": 140}
