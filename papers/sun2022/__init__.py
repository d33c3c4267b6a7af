"""sun2022: Sun, Ahn, Thrampoulidis, Azizan, "Mirror Descent Maximizes Generalized Margin and Can Be Implemented
Efficiently", NeurIPS 2022. The catalogue checks that p-GD — mirror descent with the potential (1/p)‖w‖_p^p — on
linearly separable data converges in direction to the ℓp max-margin classifier (a power-cone program, certified),
for p = 1.5, 3 and a large p (6)."""

PAPER = {"name": "sun2022",
         "citation": "Sun, Ahn, Thrampoulidis, Azizan, Mirror Descent Maximizes Generalized Margin and Can Be "
                     "Implemented Efficiently, NeurIPS 2022", "order": 130}
