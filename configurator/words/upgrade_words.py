"""The upgrade plan's verdicts (core/upgrade/delta.py): the PSUs and the worst feed loss before and
after. `configurator plan`, `evaluate`'s "Upgrade:" section, the GUI's upgrade view, the delta BOM
workbook, the upgrade quote and `--json` (in English) word them from here."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "upgrade.no-psu": N_("no PSU"),
    "upgrade.psu": N_("{n} x {rating} W {mode}, {pct} % at peak"),
    "upgrade.feed-loss.holds": N_("feed {feed} lost: {pct} % of the rest (holds)"),
    "upgrade.feed-loss.overloaded": N_("feed {feed} lost: {pct} % of the rest (overloaded)"),
}
