"""wu2023's figures."""
PLOTS: dict = {}
