"""Presentation: the self-contained HTML verification report and its JSON sidecar."""

if __name__ != "ibcheck.reports":  # the folder is installed as ibcheck.reports; a top-level `reports` would shadow users' code
    raise ImportError("`reports` is part of ibcheck: import ibcheck.reports")
