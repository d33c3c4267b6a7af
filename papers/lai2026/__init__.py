"""lai2026: Lai, Wang, Tao, Muthukumar (COLT 2026), gradient descent on one-hidden-layer ReLU regression (squared loss)
with d ≫ n. The catalogue checks the Gram-matrix concentration, the frozen activation pattern, the GD limit
against the exact min-norm interpolant and its gap bounds for m = 1 and m = 2, the linear baseline, and three
exploratory questions (random init, moderate d/n, m > 2)."""

PAPER = {"name": "lai2026", "citation": "Lai, Wang, Tao, Muthukumar, GD on shallow ReLU regression with d ≫ n, COLT 2026", "order": 10,
         "conjectures": {"lai_step": 2},  # sort keys among all shipped conjectures
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"LAI_X": "RELU_REGRESSION_X", "LAI_Y": "RELU_REGRESSION_Y",
                             "LAI_TRACE": "RELU_REGRESSION_TRACE", "lai_dataset": "relu_regression_dataset"}}
