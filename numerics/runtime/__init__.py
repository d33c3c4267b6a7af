"""What every computation runs on: float64 device and dtype resolution (``device``), the single-threaded policy
(``threads``), memory refused up front (``memory``), sub-progress for a display (``progress``) and the one input
error (``errors``). Imports nothing else of ``numerics``."""
