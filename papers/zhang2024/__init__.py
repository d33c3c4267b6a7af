"""zhang2024: Zhang, Zou & Cao, "The Implicit Bias of Adam on Separable Data", NeurIPS 2024.

The catalogue checks that Adam without ε, with a polynomially decaying step, maximises the ℓ∞ margin on separable
linear classification (its normalised ℓ∞ margin → the certified LP optimum γ∞ at the stated polynomial rate), with GD
on the same data as the control that maximises the ℓ2 margin instead, and asks (exploratory) whether Adam with a large
ε behaves like GD.
"""
PAPER = {"name": "zhang2024", "citation": "Zhang, Zou, Cao, The Implicit Bias of Adam on Separable Data, NeurIPS 2024",
         "order": 130}
