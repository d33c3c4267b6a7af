"""Presentation: the self-contained HTML verification report and its JSON sidecar."""
