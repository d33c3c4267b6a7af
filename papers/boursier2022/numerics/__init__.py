"""boursier2022: its numerics."""
