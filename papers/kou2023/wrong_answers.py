"""kou2023's wrong answers: ``Hooks.limit(record)`` maps a seed's recorded series; the trainer's ``sign``."""
from __future__ import annotations

import numpy as np

from ibcheck.checks.wrong_answers import H, NA, Probe, SCALES, SCALE_FREE, row, trainer


# ---- kou2023: Hooks.limit(record) maps a seed's recorded series ------------------------------------------------
def _kou_random(r):
    """A random W at every checkpoint: the init's stable ranks (a random matrix), loss and margin ratio."""
    T = len(r["steps"])
    return {**r, **{k: [r[k][0]] * T for k in ("srank_pos", "srank_neg", "srank_full", "log_loss", "margin_ratio")}}


def _kou_label_fit(r):
    """GD's losses and margins (the labels fitted) with the stable ranks of a random W."""
    T = len(r["steps"])
    return {**r, **{k: [r[k][0]] * T for k in ("srank_pos", "srank_neg", "srank_full")}}


def _kou_unequal(r):
    """GD's losses and stable ranks, but margins drifting apart (the ratio grows 1% per checkpoint from ≥ 2)."""
    first = max(next((v for v in r["margin_ratio"] if np.isfinite(v)), 2.0), 2.0)
    return {**r, "margin_ratio": [v if not np.isfinite(v) else first * (1 + 0.01 * i)
                                  for i, v in enumerate(r["margin_ratio"])]}


def kou_random() -> Probe:
    return Probe("a random W at every checkpoint (the init's stable ranks, loss, margins)",
                 lambda: H(limit=_kou_random))


def kou_structure(margins: bool = False) -> Probe:
    if margins:
        return Probe("GD's losses and stable ranks with margins that drift apart", lambda: H(limit=_kou_unequal))
    return Probe("GD's losses and margins (labels fitted) with a random W's stable ranks",
                 lambda: H(limit=_kou_label_fit))


# claim ID → family → probes, or why the family does not apply (``checks.wrong_answers``)
TABLE: dict[str, dict] = {}
# ---- kou2023: batched GD (trainer `sign`, `deriv`) ------------------------------------------------------------
_KQ = {"steps": 2000}
_KOU_ASC = trainer("gradient ascent", sign=-1.0)
for _cid in ("leaky_srank_to_1", "relu_srank_bounded", "margin_equalization", "loss_rate", "full_srank"):
    TABLE[f"kou2023.{_cid}"] = row(random=kou_random(), dynamics=_KOU_ASC, rescaled=NA(SCALE_FREE),
                                    reference=NA("no reference solution: the conclusions are trends of GD's own run"),
                                    structure=kou_structure(_cid == "margin_equalization"))
TABLE["kou2023.loss_rate"]["structure"] = NA("the claim states no structure beyond the rate of L_S")
TABLE["kou2023.relu_srank_bounded"].update(
    random=NA("a random W's stable rank is bounded too: a correct answer to this (exploratory) question"),
    structure=NA("a random W's stable rank is bounded too: a correct answer to this (exploratory) question"))
TABLE["kou2023.loss_rate"]["rescaled"] = [
    trainer(f"{c:g}·W(t) (every recorded state rescaled; GD's steps unchanged)",
            observe=(lambda B, P, c=c: (c * B, c * c * P))) for c in SCALES]
TABLE["kou2023.full_srank"]["reference"] = Probe("the derived limit ×1.2", lambda: H(reference=lambda k, v: 1.2 * v))

TABLE["kou2023.relu_srank_bounded"]["dynamics"] = NA(
    "exploratory: ascent from a small init keeps the stable rank bounded too (measured), a correct answer")
TABLE["kou2023.full_srank"]["dynamics"] = NA(
    "exploratory: from a small init ascent mirrors the descent path, with the same full-W stable rank (measured)")

# claims whose cheapest probe runs only under --profile full (seconds or more at their defaults)
HEAVY = {'kou2023.full_srank', 'kou2023.margin_equalization', 'kou2023.relu_srank_bounded', 'kou2023.loss_rate'}
