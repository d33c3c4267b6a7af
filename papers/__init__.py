"""The built-in papers: one sub-package per paper (``papers/<paper>/``), each with a manifest (``PAPER``).

Installed as ``ibcheck.papers`` and declared as one collection in the entry-point group ``ibcheck.papers``
(pyproject.toml): its sub-packages that carry a manifest are the papers. An external package declares its own paper
package in the same group. Nothing here names a paper; ``ibcheck.theory.papers`` discovers them.
"""
