"""soudry2018: Soudry, Hoffer, Nacson, Gunasekar, Srebro (ICLR 2018; JMLR 2018), GD on linearly separable data converges in
direction to the hard-margin SVM. The catalogue checks w(t) = ŵ log t + ρ(t), the residual's limit, the direction,
margin and loss rates, the step-size condition, the paper's Fig. 1 fixture and the rank condition."""

PAPER = {"name": "soudry2018", "citation": "Soudry, Hoffer, Nacson, Gunasekar, Srebro, The implicit bias of gradient descent on separable data, ICLR 2018 / JMLR 19(70) 2018", "order": 30,
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"SOUDRY_X": "SEPARABLE_X", "SOUDRY_Y": "SEPARABLE_Y", "SOUDRY_X_RANK1": "SEPARABLE_X_RANK1"}}
