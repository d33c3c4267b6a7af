"""jitelgarsky2019: Ji & Telgarsky (COLT 2019), GD on non-separable logistic regression follows a ray. The catalogue
checks the ray's direction and offset, the risk's limit and rate, and the two edge cases (all separable, none)."""

PAPER = {"name": "jitelgarsky2019", "citation": "Ji, Telgarsky, The implicit bias of gradient descent on nonseparable data, COLT 2019", "order": 40,
         # ibcheck.testing.fixed_cases' names before 0.2 (this paper read the case first): deprecated, until 0.3
         "former_fixtures": {"JT_Z": "NONSEPARABLE_Z", "JT_Y": "NONSEPARABLE_Y"}}
