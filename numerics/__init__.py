"""What actually happens: data generators and PyTorch gradient-descent trainers (float64, CPU or CUDA)."""

if __name__ != "ibcheck.numerics":  # the folder is installed as ibcheck.numerics; a top-level `numerics` would shadow users' code
    raise ImportError("`numerics` is part of ibcheck: import ibcheck.numerics")
