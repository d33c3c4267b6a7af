"""lyuli2020 — Lyu & Li (ICLR 2020): gradient descent maximises the margin of homogeneous networks."""
