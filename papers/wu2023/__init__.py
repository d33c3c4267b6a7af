"""wu2023: Wu, Braverman & Lee, "Implicit Bias of Gradient Descent for Logistic Regression at the Edge of Stability",
NeurIPS 2023.

The catalogue checks that constant-step GD on separable logistic regression, at a small step and at a step in the
oscillating (edge-of-stability) regime, minimises the loss, grows its projection on the max-margin direction like
log t, and drives its projection on the orthogonal complement to the minimiser of a strongly convex potential (solved
exactly, certificate re-verified); and reports (exploratory) what the exponential loss does at a large step.
"""
PAPER = {"name": "wu2023", "citation": "Wu, Braverman, Lee, Implicit Bias of Gradient Descent for Logistic Regression "
                                       "at the Edge of Stability, NeurIPS 2023", "order": 150}
