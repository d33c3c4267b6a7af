"""vardishamir2021's own tests (pytest collects them)."""
