"""jitelgarsky2019 — Ji & Telgarsky (COLT 2019): GD on non-separable logistic regression follows a ray."""
