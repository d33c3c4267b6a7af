"""Compare theory with numerics: one check per claim, run by the CLI and by the pytest suite."""
