"""The certificate vocabulary: the three outcomes of proving one condition with interval arithmetic.

``proved`` — the enclosure of every quantity satisfies the condition; ``refuted`` — the enclosure shows it fails;
``not-provable`` — the enclosure straddles the bound at the working precision (neither proved nor refuted).
"""
PROVED, REFUTED, NOT_PROVABLE = "proved", "refuted", "not-provable"
