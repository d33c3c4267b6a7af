"""The default (ε, δ) of an (ε, δ)-KKT point of ``min ½‖θ‖² s.t. q_k(θ) ≥ 1`` (Lyu–Li), written once.

``ibcheck kkt``'s ``--eps``/``--delta``, ``ibcheck.model_kkt.kkt`` and ``ibcheck.testing.assert_kkt`` read them.
Stationarity ``‖θ̃ − Σλ_k g_k‖/‖θ̃‖ ≤ ε``; complementarity ``max_k λ_k(q_k − 1)/mean λ ≤ δ``. This module
imports nothing, so the command line's start-up stays light.
"""
EPS, DELTA = 1e-3, 1e-2  # stationarity 0.1% of ‖θ̃‖, off-margin multipliers ≤ 1% of the mean
