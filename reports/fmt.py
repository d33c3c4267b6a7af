"""One way to print a measured value, shared by the terminal table and the HTML report."""
from __future__ import annotations


def fmt(v, missing: str = "nan") -> str:
    """``None`` → ``missing``, booleans → yes/no, floats with 6 significant digits, the rest as ``str``."""
    if v is None:
        return missing
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)
