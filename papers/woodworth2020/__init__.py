"""woodworth2020: Woodworth et al. (COLT 2020), kernel and rich regimes of diagonal linear networks. The catalogue checks
the flow's limit against argmin Q_α, the α → 0 (minimum-ℓ1) and α → ∞ (minimum-ℓ2) regimes, and the transition α
(exploratory)."""

PAPER = {"name": "woodworth2020", "citation": "Woodworth, Gunasekar, Lee, Moroshko, Savarese, Golan, Soudry, Srebro, Kernel and rich regimes in overparametrized models, COLT 2020", "order": 90,
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"WOOD_X": "DIAGONAL_X", "WOOD_Y": "DIAGONAL_Y"}}
