"""Plain-text rendering of a check result (the table `ibcheck check` prints)."""
from __future__ import annotations

from ibcheck.reports.fmt import fmt as _fmt


def _table(headers: list[str], rows: list[list]) -> str:
    cells = [[_fmt(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    line = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths))  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in cells])


def render(result: dict) -> str:
    """Hypotheses, conclusions, key quantities, per-seed summary, verdict and wall time."""
    out = [f"{result['claim']}  [{result['source']}, {result['provenance']}]  {result.get('title', '')}"]
    d = result["data"]
    est = " (estimated by mean ‖x_i‖²)" if d.get("trace_sigma_estimated") else ""
    tr = f"  ‖λ‖₁={_fmt(d.get('trace_sigma'))}{est}" if "trace_sigma" in d else ""
    out.append(f"data: {d.get('kind')}  n={d.get('n', '?')} d={d.get('d', '?')}{tr}")
    shown = {k: v for k, v in result["params"].items() if k not in ("max_steps",)}
    out.append("params: " + " ".join(f"{k}={_fmt(v)}" for k, v in shown.items()))
    if result["hypotheses"]:
        out += ["", "hypotheses" + (f" (seed {result['worst_seed']}, the worst)" if "worst_seed" in result else ""),
                _table(["name", "measured", "rel", "required", "holds"],
                       [[h["name"], h["lhs"], h["relation"], h["rhs"], h["holds"]] for h in result["hypotheses"]])]
    out += ["", "conclusions",
            _table(["name", "measured", "rel", "bound", "slack", "tolerance", "holds"],
                   [[c["name"], c["lhs"], c["relation"], c["rhs"], c["slack"], c["tolerance"], c["holds"]]
                    for c in result["conclusions"]])]
    q = {k: v for k, v in result["quantities"].items() if not isinstance(v, (list, dict))}
    if q:
        out += ["", "quantities", "  " + "\n  ".join(f"{k} = {_fmt(v)}" for k, v in q.items())]
    if "per_seed" in result:
        keys = [k for k in ("gap", "lower", "upper", "steps") if k in result["quantities"]]
        out += ["", "per seed",
                _table(["seed", "verdict", *keys],
                       [[r["seed"], r["verdict"], *[r["quantities"].get(k) for k in keys]] for r in result["per_seed"]])]
    out += ["", f"verdict: {result['verdict'].upper()}" + (f" — {result['reason']}" if result["reason"] else ""),
            f"wall time: {result['env']['seconds']:.3f} s on {result['env']['device']}"]
    return "\n".join(out)
