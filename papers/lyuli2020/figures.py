"""lyuli2020's report figures, drawn by the shared homogeneous-flow figures (``reports.figures.homogeneous_flow``)."""
from __future__ import annotations

from ibcheck.reports.figures.homogeneous_flow import residuals, sandwich


def lyuli_sandwich(results, sup):
    return sandwich(results, sup, title="lyuli2020: γ̃ non-decreasing inside its sandwich")


PLOTS = {
    "lyuli2020.smoothed_margin_monotone": lyuli_sandwich,
    "lyuli2020.sandwich": lyuli_sandwich,
    "lyuli2020.kkt": residuals,
}
