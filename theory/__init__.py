"""What the papers state: claims as sympy statements with provenance, and their exact references (cvxpy)."""

if __name__ != "ibcheck.theory":  # the folder is installed as ibcheck.theory; a top-level `theory` would shadow users' code
    raise ImportError("`theory` is part of ibcheck: import ibcheck.theory")
