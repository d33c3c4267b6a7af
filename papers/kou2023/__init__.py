"""kou2023: Kou, Chen, Gu (NeurIPS 2023), GD on two-layer (leaky) ReLU networks with nearly-orthogonal data. The
catalogue checks the stable rank tending to 1 (leaky ReLU), margin equalisation, and exploratory questions (ReLU's
stable rank, the loss rate, the full W's stable rank)."""

PAPER = {"name": "kou2023", "citation": "Kou, Chen, Gu, Implicit bias of gradient descent for two-layer ReLU and leaky ReLU networks on nearly-orthogonal data, NeurIPS 2023", "order": 80,
         "conjectures": {"kou_relu_srank": 4}}  # sort keys among all shipped conjectures
