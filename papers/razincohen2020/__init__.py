"""razincohen2020: Razin & Cohen (NeurIPS 2020), a counterexample to the Gunasekar et al. (NeurIPS 2017) nuclear-norm
conjecture. The catalogue checks on factorised 2×2 completion that the norms diverge while the loss vanishes, that
det W keeps its sign, and that the effective rank falls."""

PAPER = {"name": "razincohen2020", "citation": "Razin, Cohen, Implicit regularization in deep learning may not be explainable by norms, NeurIPS 2020", "order": 110,
         "conjectures": {"gunasekar_nuclear": 5}}  # sort keys among all shipped conjectures
