"""gunasekar2018: Gunasekar, Lee, Soudry, Srebro, "Characterizing Implicit Bias in Terms of Optimization Geometry",
ICML 2018. The catalogue checks that mirror descent on underdetermined least squares converges to the Bregman
projection of its initialisation (ℓ2, p-norm and entropy potentials, several step sizes), that steepest descent in
ℓ1 (coordinate descent), ℓ∞ (sign descent) and ℓ2 (GD) on separable data with the exponential loss maximises the
margin in its own norm, and — exploratory — which norm's margin each optimizer (GD, CD, sign descent, p-GD, Adam)
approaches on one dataset."""

PAPER = {"name": "gunasekar2018",
         "citation": "Gunasekar, Lee, Soudry, Srebro, Characterizing Implicit Bias in Terms of Optimization Geometry, "
                     "ICML 2018", "order": 120}
