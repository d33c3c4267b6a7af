"""jitelgarsky2020's report figure: the alignment residuals of the shared homogeneous flow
(``reports.figures.homogeneous_flow``)."""
from __future__ import annotations

from ibcheck.reports.figures.homogeneous_flow import residuals

PLOTS = {"jitelgarsky2020.alignment": residuals}
