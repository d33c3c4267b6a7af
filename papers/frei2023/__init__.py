"""frei2023: Frei, Vardi, Bartlett, Srebro, Hu (ICLR 2023), leaky-ReLU networks on high-dimensional data. The catalogue
checks hypothesis (H), the gradient-flow limit (a KKT point of Problem (1): equal margins, rank ≤ 2, global
optimality, a linear decision boundary), the Section 5 examples, and the GD stable-rank results (Thm 4.2, Figs 1–2)."""

PAPER = {"name": "frei2023", "citation": "Frei, Vardi, Bartlett, Srebro, Hu, Implicit bias in leaky ReLU networks trained on high-dimensional data, ICLR 2023", "order": 20,
         "conjectures": {"relu_boundary": 1, "frei_beyond_h": 3},  # sort keys among all shipped conjectures
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"FREI_X": "CLASSIFICATION_X", "FREI_Y": "CLASSIFICATION_Y",
                             "frei_dataset": "classification_dataset"}}
