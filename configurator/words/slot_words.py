"""A chassis file's slot and bay labels in the user's language (issue #30: the chassis view in
Chinese showed "Front U.2 NVMe 1-4", "NIC slot 3 (with GPU3)").

Labels are catalog data, written in English by whoever adds a chassis, and varied ("Upper chamber
Gen5 x16 slot 8 (CPU2)"): one translated field per label would be 190 lines to keep in step with
every new chassis. Instead this is their vocabulary: each phrase below is a gettext message
under msgctxt "slot" (a "switch" here is a PCIe switch, not a network one; the zh_CN wording is in
the .po). `slot_label` replaces every phrase it finds, longest first and on word boundaries, and
leaves the rest — numbers, slot ids, product and interface names (PCIe, NVMe, ConnectX-7,
OCP 3.0) — as written. A new chassis whose labels use a new word shows that word in English until
it is added here (tests/words/test_slot_words.py lists the shipped catalog's).
"""

from __future__ import annotations

import re
from functools import cache

from . import i18n
from .marks import C_

#: the phrases of the shipped chassis files' labels, translated as units (a longer phrase wins:
#: "NIC slot" before "slot")
PHRASES: tuple[str, ...] = (
    # where
    C_("slot", "Front"), C_("slot", "Rear"), C_("slot", "Left"), C_("slot", "Right"), C_("slot", "Upper chamber"),
    C_("slot", "Lower chamber"), C_("slot", "Onboard"),
    # what
    C_("slot", "slot"), C_("slot", "Slot"), C_("slot", "NIC slot"), C_("slot", "GPU slot"),
    C_("slot", "Full-height slot"), C_("slot", "full-height slot"),
    C_("slot", "graphics slot"), C_("slot", "position"), C_("slot", "compute port"), C_("slot", "board"),
    C_("slot", "baseboard"), C_("slot", "bays"),
    C_("slot", "Drive bays"), C_("slot", "data bays"), C_("slot", "boot"), C_("slot", "boot pair"), C_("slot", "cache"),
    C_("slot", "OS"), C_("slot", "System SSDs"),
    C_("slot", "NIC"), C_("slot", "storage NIC"), C_("slot", "storage / management NIC"),
    C_("slot", "Storage / in-band"),
    C_("slot", "Business-plane NIC"), C_("slot", "Data-plane NIC"), C_("slot", "Parameter-plane RoCE NIC"),
    C_("slot", "PCIe switch board"),
    # how
    C_("slot", "with"), C_("slot", "switch"), C_("slot", "double-width pitch"), C_("slot", "double-width"),
    C_("slot", "double-wide"), C_("slot", "single-width"),
    C_("slot", "low-profile"), C_("slot", "dual-port"), C_("slot", "optional"), C_("slot", "assumed"),
    C_("slot", "direct attach"), C_("slot", "electrical"),
    C_("slot", "inch"), C_("slot", "chipset"), C_("slot", "high-power"), C_("slot", "standard"), C_("slot", "max"),
    C_("slot", "model"),
    C_("slot", "DW GPU"),
)


@cache
def _pattern() -> re.Pattern[str]:
    longest_first = sorted(PHRASES, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(p) for p in longest_first) + r")(?![\w-])")


def slot_label(label: str, language: str | None = None) -> str:
    """A chassis file's slot, bay or group `label` in `language` (default: the current one); worded once
    per label and language (the chassis view asks on every paint)."""
    catalog = i18n.current_catalog() if language is None else i18n.load_catalog(language)
    if catalog.language == "en" or not catalog.messages:
        return label
    key = (label, catalog.language)
    if key not in _WORDED:
        if len(_WORDED) > 4096:          # bounded: a catalog has a few hundred distinct labels
            _WORDED.clear()
        _WORDED[key] = _worded(label, catalog)
    return _WORDED[key]


#: (label, language) -> the worded label
_WORDED: dict[tuple[str, str], str] = {}


def _worded(label: str, catalog: i18n.Catalog) -> str:
    label = _INCH.sub(lambda m: f"{m.group(1)} {catalog.pgettext('slot', 'inch')}", label)   # 2.5-inch
    worded = _pattern().sub(lambda m: catalog.pgettext("slot", m.group(1)), label)
    return _CJK_GAP.sub("", worded)     # "后置 插槽 3": no space between two Chinese words


_INCH = re.compile(r"(\d(?:\.\d+)?)-inch\b")
_CJK_GAP = re.compile(r"(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])")
