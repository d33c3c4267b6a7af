"""What ``ibcheck kkt`` computes on a user's model: its forward pass seen call by call (``homogeneous_probe``), the
max-margin constraints, degree and gradients (``homogeneous``; streamed into their Gram, ``homogeneous_gram``),
activation kinks and their Clarke pieces (``clarke_kinks``, ``clarke_ties``, ``kink_sides``) and the gradients checked
against the forward pass (``gradient_check``). Imports only ``runtime`` of ``numerics``."""
