"""Keep what `ibcheck diff` compares of a results.json (verdicts, rows, quantities, cases) and drop what differs
from run to run or only repeats the catalogue (timings, git hash, LaTeX): a stable, reviewable baseline."""
import json
import sys

DROP = ("env", "statement_latex", "title", "source")


def normalize(results: list) -> list:
    out = [{k: v for k, v in r.items() if k not in DROP} for r in results]
    return sorted(out, key=lambda r: r.get("case") or r.get("conjecture") or "")


if __name__ == "__main__":
    src, dst = sys.argv[1:3]
    with open(src, encoding="utf-8") as fh:
        data = json.load(fh)
    with open(dst, "w", encoding="utf-8") as fh:
        json.dump(normalize(data), fh, indent=1, ensure_ascii=False, allow_nan=False)
        fh.write("\n")
