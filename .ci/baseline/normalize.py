"""Keep what `ibcheck diff` compares of a results.json (verdicts, rows, quantities, cases) and drop what differs
from run to run or only repeats the catalogue (timings, git hash, LaTeX); a quantity that is a long list (a
trajectory, a sweep) is kept as its length, except a row's alternatives (the
evidence its verdict names). The result is a stable, reviewable baseline; `.ci/run` normalizes the
new run the same way before `ibcheck diff --strict` compares the two.

Usage: python .ci/baseline/normalize.py RESULTS.json OUT.json
"""
import json
import sys

DROP = ("env", "statement_latex", "title", "source", "seconds")
LONG = 64  # numbers in a list beyond which it is kept as its length


KEEP = ("alternatives",)  # a row's nearest wrong answers and whether each was excluded: evidence, kept whole


def _short(v):
    if isinstance(v, list) and len(json.dumps(v)) > 16 * LONG:
        return f"<list of {len(v)}>"
    if isinstance(v, dict):
        return {k: (x if k in KEEP else _short(x)) for k, x in v.items()}
    return v


def normalize(results: list) -> list:
    out = []
    for r in results:
        r = {k: v for k, v in r.items() if k not in DROP}
        for key in ("quantities", "data", "params"):
            if isinstance(r.get(key), dict):
                r[key] = _short(r[key])
        for key in ("hypotheses", "conclusions"):
            r[key] = [_short(row) for row in r.get(key) or []]
        if "per_seed" in r:
            r["per_seed"] = [{k: (_short(v) if k == "quantities" else v) for k, v in s.items()} for s in r["per_seed"]]
        out.append(r)
    return sorted(out, key=lambda r: r.get("case") or r.get("conjecture") or "")


if __name__ == "__main__":
    src, dst = sys.argv[1:3]
    with open(src, encoding="utf-8") as fh:
        data = json.load(fh)
    with open(dst, "w", encoding="utf-8") as fh:
        json.dump(normalize(data), fh, indent=1, ensure_ascii=False, allow_nan=False)
        fh.write("\n")
