"""Checks of Razin & Cohen 2020 (CLAIMS-EXT §6c)."""
