"""The paper folders: one sub-package per paper (``papers/<paper>/``), each with its manifest in ``__init__.py``."""
