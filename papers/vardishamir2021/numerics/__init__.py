"""vardishamir2021: its numerics."""
