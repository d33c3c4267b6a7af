"""What the papers state: claims as sympy statements with provenance, and their exact references (cvxpy)."""
