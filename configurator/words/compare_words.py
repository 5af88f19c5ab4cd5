"""The words of a comparison's cells and workings (core/compare/): a text row's verdict and the
formulas and inputs that carry a value. The compare view, `configurator compare` and the
comparison exports word them; the row labels, units and group names are static words
(`N_` in core/compare, looked up with `_()`)."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    # text rows: what a column has, or its verdict
    "compare.no-gpu": N_("no GPU"),
    "compare.no-cpu": N_("no CPU"),
    "compare.no-psu": N_("no PSU"),
    "compare.no-redundant-feeds": N_("no redundant feeds"),
    "compare.survives-feed-loss": N_("survives a feed loss"),
    "compare.overloads-feed-loss": N_("overloads on a feed loss"),
    "compare.fits": N_("fits"),
    "compare.does-not-fit": N_("does not fit"),
    # the workings: the power sum of one level, a feed's inputs
    "compare.power-lines": N_("Σ over the parts: quantity × per-part {level} power"),
    "compare.level-idle": N_("idle"),
    "compare.level-typical": N_("typical"),
    "compare.level-maximum": N_("maximum"),
    "compare.feed-fails": N_("feed {feed} fails"),
    "compare.psus-on-feed": N_("PSUs on feed {feed}"),
    # a comparison that cannot be made (core/compare/compute.py `CompareError`)
    "compare.count": N_("compare takes {min} to {max} builds, got {n}"),
    "compare.no-column": N_("column {n} does not exist (1..{max})"),
    "compare.no-rate": N_("no exchange rate {old}→{new}"),
}
