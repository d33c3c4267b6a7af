"""baek2025: Baek, Song & Yun, "Implicit Bias of Per-sample Adam on Separable Data: Departure from the Full-batch
Regime" (arXiv 2510.26303, 2025).

The catalogue checks that incremental Adam (one sample per step, cyclic order, ε = 0) on a structured separable data
set — every feature ±1, the class the paper's construction is reconstructed as — converges to the ℓ2 max-margin
classifier, while full-batch Adam on the same data goes to the ℓ∞ max margin (zhang2024's limit): the same optimizer
family, two limits, both certified references computed on the same data.
"""
PAPER = {"name": "baek2025", "citation": "Baek, Song, Yun, Implicit Bias of Per-sample Adam on Separable Data: "
         "Departure from the Full-batch Regime, arXiv 2510.26303 (2025)", "order": 145}
