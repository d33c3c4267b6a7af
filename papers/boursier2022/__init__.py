"""boursier2022: Boursier, Pillaud-Vivien, Flammarion (NeurIPS 2022), shallow ReLU networks, square loss, orthogonal
inputs. The catalogue checks convergence, the minimum-variation-norm limit, the saddle-to-saddle plateaus, early
alignment (exploratory) and balancedness under gradient flow and GD."""

PAPER = {"name": "boursier2022", "citation": "Boursier, Pillaud-Vivien, Flammarion, Gradient flow dynamics of shallow ReLU networks for square loss and orthogonal inputs, NeurIPS 2022", "order": 70,
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"BOURSIER_X": "ORTHOGONAL_X", "BOURSIER_Y": "ORTHOGONAL_Y"}}
