"""lai2026 — Lai, Wang, Tao, Muthukumar (COLT 2026): GD on shallow ReLU regression, d ≫ n."""
