"""razincohen2020: its conjectures."""
