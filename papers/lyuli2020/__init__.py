"""lyuli2020: Lyu & Li (ICLR 2020), gradient descent maximises the margin of homogeneous networks. The catalogue checks
the smoothed margin's monotonicity, the sandwich, Lemma 5.1, the Euler identity (flow and GD), the loss and norm
rates, the KKT limit, and two exploratory questions (a loss-based step, GD's margin)."""

PAPER = {"name": "lyuli2020", "citation": "Lyu, Li, Gradient descent maximizes the margin of homogeneous neural networks, ICLR 2020", "order": 60}
