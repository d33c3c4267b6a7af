"""razincohen2020: its numerics."""
