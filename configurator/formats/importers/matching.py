"""Map what a running server reports to catalog parts, each match with a confidence and its evidence.

Three kinds of evidence, strongest first:

- `part-number`: the item's part number equals a catalog part's `part_number` (or its id);
- `model`: a model token of the catalog part's name that carries a digit ("h200", "6448y",
  "7450") appears in the item's model text, and no measured figure contradicts the part
  (GPU memory and power, CPU cores, DIMM size and type, drive capacity, PSU rating);
- `figures`: DIMMs and PSUs only, whose figures (size, type and speed; rating) define the part.

An item with none of these is *unmatched*: the caller turns it into a note naming the
resource it came from, never a silent drop and never a guessed part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ...core.catalog import Catalog, Part
from ...core.message import Msg
from ...words.render import in_english
from .inventory_model import Found

Confidence = Literal["part-number", "model", "figures", "hand", "none"]   # hand: the technician named the part

#: catalog categories an inventory item may match; fans are chassis cooling, never a part
CATEGORIES: dict[str, tuple[str, ...]] = {
    "cpu": ("cpu",), "gpu": ("gpu",), "dimm": ("dimm",), "drive": ("drive",), "nic": ("nic",),
    "psu": ("psu",), "pcie": ("gpu", "nic", "hba"), "fan": (),
}

#: figure -> (catalog field, relative tolerance); beyond it the part is contradicted
_FIGURES: dict[str, tuple[str, float]] = {
    "memory_gb": ("memory_gb", 0.08),      # nvidia-smi MiB vs the datasheet's GB
    "tdp_w": ("tdp_w", 0.10),
    "cores": ("cores", 0.0),
    "capacity_gb": ("capacity_gb", 0.05),
    "capacity_tb": ("capacity_tb", 0.05),
    "rating_w": ("rating_w", 0.02),
}
_TRAITS = ("memory_type", "module_type", "interface")
_UNIT = re.compile(r"^\d+(\.\d+)?(gb|tb|w|mhz|ghz|mts|gbs|g|x\d+|rx\d+)$")


@dataclass(frozen=True)
class Match:
    """One item and the catalog part it was matched to (None: unmatched), and `why` (words/import_words.py
    EVIDENCE: the import report words it in the app's language)."""

    item: Found
    part_id: str | None
    confidence: Confidence
    why: Msg

    @property
    def evidence(self) -> str:
        """`why` in English, as `import --json` writes it."""
        return in_english(self.why)


def tokens(text: str) -> set[str]:
    """Lower-case words of `text`; '(R)', '(TM)' and punctuation are separators."""
    text = re.sub(r"\((r|tm|c)\)", " ", text.lower())
    return {t for t in re.split(r"[^a-z0-9+]+", text) if t}


def key_tokens(part: Part) -> set[str]:
    """Words of the part's name and part number that identify a model: they carry a digit, are
    at least 3 long, and are not a quantity ("80gb", "2rx4", "700w")."""
    words = tokens(part.name) | tokens(part.part_number)
    return {w for w in words if len(w) >= 3 and any(c.isdigit() for c in w) and not _UNIT.match(w)}


def _norm_pn(text: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", text.upper())


def conflicts(item: Found, part: Part) -> list[str]:
    """The measured figures and traits of `item` that contradict `part` (empty: none do)."""
    out = []
    for name, (attr, tol) in _FIGURES.items():
        seen, spec = item.figures.get(name), getattr(part, attr, None)
        if seen is None or not isinstance(spec, (int, float)) or not spec:
            continue
        if abs(seen - spec) > tol * spec + 1e-9:
            out.append(f"{name} {seen:g} vs {spec:g}")
    for name in _TRAITS:
        seen_t, spec_t = item.traits.get(name), getattr(part, name, None)
        if seen_t and isinstance(spec_t, str) and seen_t != spec_t:
            out.append(f"{name} {seen_t} vs {spec_t}")
    return out


def _agreements(item: Found, part: Part) -> int:
    return sum(1 for name, (attr, _tol) in _FIGURES.items()
               if name in item.figures and isinstance(getattr(part, attr, None), (int, float)))


def _by_part_number(item: Found, parts: list[Part]) -> Match | None:
    pn = _norm_pn(item.part_number)
    if len(pn) < 4:
        return None
    for part in parts:
        if pn in (_norm_pn(part.part_number), _norm_pn(part.id)):
            return Match(item, part.id, "part-number",
                         Msg("import.evidence.part-number", number=item.part_number, part=part.id))
    return None


def _by_model(item: Found, parts: list[Part]) -> Match | None:
    seen = tokens(f"{item.manufacturer} {item.model} {item.part_number}")
    ranked = []
    for part in parts:
        shared = key_tokens(part) & seen
        if shared and not conflicts(item, part):
            ranked.append((len(shared), len(tokens(part.name) & seen), _agreements(item, part), part, shared))
    if not ranked:
        return None
    ranked.sort(key=lambda r: r[:3], reverse=True)
    best = ranked[0]
    rivals = [r[3].id for r in ranked[1:] if r[:3] == best[:3]]
    why = Msg("import.evidence.model", model=repr(item.model), words=", ".join(sorted(best[4])))
    if best[2]:
        why = Msg("rules.clauses", first=why, rest=Msg("import.evidence.figures-agree", n=best[2]))
    if rivals:
        why = Msg("rules.clauses", first=why, rest=Msg("import.evidence.as-likely", parts=", ".join(rivals)))
    return Match(item, best[3].id, "model", why)


def _by_figures(item: Found, parts: list[Part]) -> Match | None:
    needed = {"dimm": ("capacity_gb",), "psu": ("rating_w",)}.get(item.kind)
    if not needed or not all(n in item.figures for n in needed):
        return None
    if item.kind == "dimm" and "memory_type" not in item.traits:
        return None
    fits = [p for p in parts if not conflicts(item, p)]
    if not fits:
        return None
    speed = item.figures.get("speed_mts", 0.0)
    best = min(fits, key=lambda p: (abs(getattr(p, "speed_mts", 0) - speed), p.id))
    facts = ", ".join(f"{k}={item.figures[k]:g}" for k in (*needed, "speed_mts") if k in item.figures)
    return Match(item, best.id, "figures", Msg("import.evidence.figures", facts=facts, part=best.id, n=len(fits)))


def match_item(item: Found, catalog: Catalog) -> Match:
    """The catalog part `item` is, by part number, then model, then figures; else unmatched."""
    cats = CATEGORIES.get(item.kind, ())
    if item.kind == "pcie" and item.traits.get("gpus_reported"):
        cats = tuple(c for c in cats if c != "gpu")     # the GPUs came as processors already
    parts: list[Part] = [p for c in cats for p in catalog.by_category(c)]
    for how in (_by_part_number, _by_model, _by_figures):
        found = how(item, parts)
        if found is not None:
            return found
    return Match(item, None, "none", Msg("import.evidence.none"))
