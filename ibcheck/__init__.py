"""ibcheck: verification suite for implicit-bias theorems of GD on shallow (leaky-)ReLU networks."""
__version__ = "0.1.0"
