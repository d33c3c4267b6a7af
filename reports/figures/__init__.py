"""Report figures shared by several papers (each paper's own are in its ``figures.py``)."""
