"""vardishamir2021: Vardi & Shamir (COLT 2021), implicit regularisation of ReLU networks with the square loss. The
catalogue checks the single-neuron construction (the limit depends on γ, is not min-norm, the exact zero-loss set),
balancedness, and how far random-init limits are from the min-norm point (exploratory)."""

PAPER = {"name": "vardishamir2021", "citation": "Vardi, Shamir, Implicit regularization in ReLU networks with the square loss, COLT 2021", "order": 100}
