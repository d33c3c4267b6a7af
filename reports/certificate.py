"""The interval certificate of a result (``--set certify=true``) as an HTML block: status, each condition
with its outcome and deciding enclosure, the enclosures, and the Gram model used."""
from __future__ import annotations

import html

from .fmt import fmt


def _iv(v) -> str:
    return html.escape(f"[{fmt(v[0], missing='—')}, {fmt(v[1], missing='—')}]") if isinstance(v, list) and len(v) == 2 \
        else html.escape(fmt(v, missing="—"))


def certificate_html(r: dict) -> str:
    """'' when the result carries no certificate."""
    c = r.get("certificate")
    if not c:
        return ""
    ok = c["status"] == "certified"
    parts = ", ".join(f"{k} {v}" for k, v in c.get("parts", {}).items())
    rows = "".join(f"<tr><td>{html.escape(x['name'])}</td><td class={'yes' if x['holds'] else 'no'}>"
                   f"{html.escape(x.get('outcome', str(x['holds'])))}</td><td class=num>{_iv(x.get('bound'))}</td>"
                   f"<td>{html.escape(x.get('detail', ''))}</td></tr>" for x in c["conditions"])
    enc = "".join(f"<tr><td>{html.escape(k)}</td><td class=num>{_iv(v)}</td></tr>" for k, v in c.get("enclosures", {}).items())
    data = c.get("data", {})
    return (f"<h5>Interval certificate: <span class={'yes' if ok else 'no'}>{html.escape(c['status'])}</span>"
            f"{' (' + html.escape(parts) + ')' if parts else ''}</h5>"
            + (f"<p>{html.escape(c['reason'])}</p>" if c.get("reason") else "")
            + f"<table><tr><th>condition</th><th>outcome</th><th>enclosure</th><th>detail</th></tr>{rows}</table>"
            + (f"<table><tr><th>enclosure</th><th>[lo, hi]</th></tr>{enc}</table>" if enc else "")
            + f"<p class=muted>Gram: {html.escape(str(data.get('gram')))} — {html.escape(str(data.get('why', '')))}; "
              f"{html.escape(str(data.get('rounding_model', '')))}</p>")
