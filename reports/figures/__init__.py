"""Each paper's report figures (``PLOTS`` per module), collected by ``reports.plots``."""
