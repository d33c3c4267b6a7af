"""Writes ``checks/index.py``, the light index of the built-in catalogue, from the live one.

``python -m ibcheck.checks.index_build`` after adding or renaming a claim or a conjecture; ``tests/test_startup.py``
fails while the index differs from what this builds. Kept apart from the index itself, which must import nothing
heavy (this imports every statement, check and conjecture).
"""
from __future__ import annotations


def generate() -> str:
    """``checks/index.py`` with its tables taken from the live catalogue."""
    from pathlib import Path

    from ibcheck.theory.catalogue import ALIASES as aliases, CATALOGUE, PLANNED as planned

    from . import index
    from .conjectures import SHIPPED
    from .registry import MODULE_OF, PLUGINS
    plugin_ids = {c.id for p in PLUGINS.plugins for c in p.claims}
    claims = {cid: (c.source, "exploratory" if c.exploratory else c.provenance, c.title, MODULE_OF.get(cid))
              for cid, c in CATALOGUE.items() if cid not in plugin_ids}
    conj = {cid: (c.source or "-", c.title, c.expected, c.experiment.__module__)
            for cid, c in SHIPPED.items()}
    exploratory = {cid: c.provenance for cid, c in CATALOGUE.items() if c.exploratory and cid not in plugin_ids}
    text = Path(index.__file__).read_text()
    for name, table in (("CLAIMS", claims), ("ALIASES", dict(aliases)), ("PLANNED", dict(planned)),
                        ("CONJECTURES", conj), ("EXPLORATORY", exploratory)):
        start = text.index("{\n", text.index(f"\n{name}: ")) + 2
        end = text.index("}\n", start) if text.startswith("}\n", start) else text.index("\n}\n", start) + 1
        body = "".join(f"    {k!r}: {v!r},\n" for k, v in table.items())
        text = text[:start] + body + text[end:]
    return text


if __name__ == "__main__":
    from pathlib import Path

    from . import index as _index
    Path(_index.__file__).write_text(generate())
    print(f"wrote {_index.__file__}")
