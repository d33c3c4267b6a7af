"""zhang2024's figures."""
PLOTS: dict = {}
