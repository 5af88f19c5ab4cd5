"""Acceptance results from the folder the acceptance script wrote (or a probe file): the parts
seen with their serial numbers and every measured value, keyed like the plan's steps.

`read_results(path)` reads whichever outputs are there; a file that cannot be parsed is a note,
never a crash, and a step the script skipped keeps its reason (steps.tsv).
"""

from __future__ import annotations

from .folder import read_results

__all__ = ["read_results"]
