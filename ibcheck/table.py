"""Plain-text rendering of a check result (the table `ibcheck check` prints)."""
from __future__ import annotations

from ibcheck.reports.fmt import fmt as _fmt
from ibcheck.reports.rownote import alternatives_text, estimate_text, kind_text, note, slack_text

_REL = {"<=": "≤", ">=": "≥", "==": "="}
# The data generators' parameters (numerics.data.sets.make_gaussian & co.): a user dataset (--data) replaces them, so a
# table of a --data run does not print them (the JSON keeps every resolved parameter).
GENERATOR_PARAMS = ("spectrum", "labels", "y_low", "y_high", "pos_frac", "sampler", "mu_norm")


def is_user_data(data: dict) -> bool:
    return str(data.get("kind", "")).startswith("user") or (data.get("sampler") or {}).get("method") == "user data"


def _table(headers: list[str], rows: list[list]) -> str:
    cells = [[_fmt(c) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    line = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths))  # noqa: E731
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in cells])


def data_line(d: dict) -> str:
    """``data: kind  n=… d=…  ‖λ‖₁=…  (sampled from its Gram law)``: only what the data block knows."""
    parts = [f"data: {d.get('kind', 'generated')}"]
    size = " ".join(f"{k}={d[k]}" for k in ("n", "d") if d.get(k) is not None)
    if size:
        parts.append(size)
    if d.get("trace_sigma") is not None:
        est = " (estimated by mean ‖x_i‖²)" if d.get("trace_sigma_estimated") else ""
        parts.append(f"‖λ‖₁={_fmt(d['trace_sigma'])}{est}")
    sampler = d.get("sampler") or {}
    law = None if sampler.get("method") == "user data" else sampler.get("law")  # the user's X was given, not drawn
    if law:
        parts.append({"gram": "(K sampled from its exact law, X not formed)", "explicit": "(X drawn)"}.get(law, law))
    return "  ".join(parts)


def render(result: dict) -> str:
    """Hypotheses, conclusions, key quantities, per-seed summary, verdict and wall time."""
    out = [f"{result['claim']}  [{result['source']}, {result['provenance']}]  {result.get('title', '')}"]
    out.append(data_line(result["data"]))
    hidden = ("max_steps",) + (GENERATOR_PARAMS if is_user_data(result["data"]) else ())
    shown = {k: v for k, v in result["params"].items() if k not in hidden}
    out.append("params: " + " ".join(f"{k}={_fmt(v)}" for k, v in shown.items()))
    if result["hypotheses"]:
        out += ["", "hypotheses" + (f" (seed {result['worst_seed']}, the worst)" if "worst_seed" in result else ""),
                _table(["name", "measured", "rel", "required", "holds", "kind, provenance", "note"],
                       [[h["name"], h["lhs"], _REL.get(h["relation"], h["relation"]), h["rhs"], _holds(h), kind_text(h),
                         note(h, hypothesis=True)] for h in result["hypotheses"]])]
    out += ["", "conclusions",
            _table(["name", "measured", "rel", "bound", "slack", "tolerance", "holds", "kind, provenance", "note"],
                   [[c["name"], c["lhs"], _REL.get(c["relation"], c["relation"]), c["rhs"], slack_text(c), c["tolerance"],
                     _holds(c), kind_text(c), note(c)]
                    for c in result["conclusions"]])]
    out += asymptotic_lines(result["conclusions"])
    q = {k: v for k, v in result["quantities"].items() if not isinstance(v, (list, dict))}
    if q:
        out += ["", "quantities", "  " + "\n  ".join(f"{k} = {_fmt(v)}" for k, v in q.items())]
    if "per_seed" in result:
        keys = [k for k in ("gap", "lower", "upper", "steps") if k in result["quantities"]]
        out += ["", "per seed",
                _table(["seed", "verdict", *keys],
                       [[r["seed"], r["verdict"], *[r["quantities"].get(k) for k in keys]] for r in result["per_seed"]])]
    if "certificate" in result:
        out += ["", *certificate_lines(result["certificate"])]
    out += ["", f"verdict: {result['verdict'].upper()}" + (f" — {result['reason']}" if result["reason"] else ""),
            f"wall time: {result['env']['seconds']:.3f} s on {result['env']['device']}"]
    return "\n".join(out)


def _holds(row: dict) -> str:
    """yes / no / undecided (an asymptotic row the checkpoints do not decide, or a NaN side): never "nan"."""
    return "undecided" if row.get("holds") is None else _fmt(row["holds"])


def certificate_lines(c: dict) -> list[str]:
    """The interval certificate (``--set certify=true``): status, each condition, the enclosures."""
    seed = f" (seed {c['seed']})" if "seed" in c else ""
    parts = ", ".join(f"{k} {v}" for k, v in c.get("parts", {}).items())
    out = [f"certificate{seed}: {c['status'].upper()}" + (f" ({parts})" if parts else "") +
           (f" — {c['reason']}" if c.get("reason") else ""),
           _table(["condition", "outcome"], [[x["name"], x.get("outcome", x["holds"])] for x in c["conditions"]])]
    if c.get("enclosures"):
        out.append("  " + "\n  ".join(f"{k} ∈ [{_fmt(v[0])}, {_fmt(v[1])}]" for k, v in c["enclosures"].items()))
    return out


def asymptotic_lines(rows: list[dict]) -> list[str]:
    """For each ``limit``/``rate`` row: the observed order, the extrapolated limit, the window and the judgement."""
    out = []
    for c in rows:
        if "judgement" not in c:
            continue
        win = c.get("window")
        win = f"[{_fmt(win[0])}, {_fmt(win[1])}]" if win else "none yet"
        out.append(f"  {c['name']} [{c['kind']}, {c['clock']}, rate ({c.get('rate')})^{_fmt(c.get('order'))}]: "
                   f"{estimate_text(c)}, window {win}, {len(c.get('checkpoints') or [])} checkpoints"
                   + (f", horizon needed {_fmt(c['horizon_needed'])}" if c.get("horizon_needed") is not None else ""))
        out.append(f"    {c['judgement']}")
        if alternatives_text(c):
            out.append(f"    {alternatives_text(c)}")
        if c.get("horizon_command"):
            out.append(f"    run to it: {c['horizon_command']}")
        elif "horizon_command" in c:
            out.append("    no value the check accepts runs to it")
    return [""] + out if out else []
