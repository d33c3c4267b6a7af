"""woodworth2020: its numerics."""
