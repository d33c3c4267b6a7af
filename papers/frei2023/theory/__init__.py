"""frei2023 — Frei, Vardi, Bartlett, Srebro, Hu (ICLR 2023): leaky-ReLU nets on high-dimensional data."""
