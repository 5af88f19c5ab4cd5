"""Verify after the work: does the server report what the build says it holds?

`verify(build, inventory, catalog)` matches what the server reports (an `Inventory` from its
BMC or from an inventory folder) to catalog parts exactly as an import does, then compares,
per category, the parts the build places with the parts found: each missing or unexpected
part, each part the server reports but the catalog cannot identify, each GPU whose PCIe link
is narrower than the card's, each part whose health is not OK (a failed fan, a PSU in
Warning), and each category the source could not see (no dmidecode: DIMMs unchecked).
Anything in that list means the server differs from the plan (`configurator verify` exits 1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.message import Msg, Num, Term
from ..words import say
from ..words.i18n import N_, _, pad
from .importers.inventory_model import Inventory
from .importers.matching import Match, match_item
from .importers.placing import answered

CHECKED = ("gpu", "cpu", "dimm", "drive", "nic", "psu")


@dataclass(frozen=True)
class Finding:
    """One way the server differs from the build."""

    kind: str           # "missing", "unexpected", "unidentified", "degraded", "unhealthy", "unchecked"
    category: str
    message: Msg
    part_id: str = ""
    count: int = 1


@dataclass(frozen=True)
class Verification:
    source: str
    findings: tuple[Finding, ...]
    counts: dict[str, tuple[int, int]]      # category -> (in the build, reported by the server)
    blind: tuple[str, ...] = ()             # categories the source cannot report
    notes: tuple[Msg, ...] = ()             # what the read of the server noted (left out, skipped, empty slots)

    @property
    def ok(self) -> bool:
        return not self.findings


def _expected(build: Build, catalog: Catalog) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {c: Counter() for c in CHECKED}
    for part_id in build.placements.values():
        part = catalog.get(part_id)
        if part is not None and part.category in out:
            out[part.category][part_id] += 1
    return out


def _compare(cat: str, want: Counter[str], matches: list[Match]) -> list[Finding]:
    got = Counter(m.part_id for m in matches if m.part_id)
    out = []
    for pid in sorted(set(want) | set(got)):
        short, extra = want[pid] - got[pid], got[pid] - want[pid]
        if short > 0:
            out.append(Finding("missing", cat, Msg("verify.missing", short=short, want=want[pid], part=pid), pid, short))
        if extra > 0:
            out.append(Finding("unexpected", cat, Msg("verify.unexpected", n=extra, part=pid), pid, extra))
    for m in matches:
        if m.part_id is None:
            out.append(Finding("unidentified", cat, Msg("verify.unidentified", source=m.item.source,
                                                             item=m.item.describe())))
    return out


def _link(m: Match, catalog: Catalog) -> list[Finding]:
    """A GPU or NIC negotiated on fewer PCIe lanes than the card has (a bad riser, the wrong slot).
    Only the width is checked: GPUs lower their link generation themselves when idle."""
    lanes = m.item.figures.get("pcie_lanes")
    want = getattr(catalog.get(m.part_id or ""), "pcie_lanes", None)
    if lanes is None or not isinstance(want, int) or lanes >= want:
        return []
    said = Msg("verify.degraded", source=m.item.source, part=m.part_id or "", lanes=Num(lanes, "g"), want=want)
    return [Finding("degraded", m.item.kind, said, m.part_id or "")]


def _answered(item: Any, catalog: Catalog, notes: str) -> Match | None:
    """An item the import could not identify, as the technician answered it in the import report
    (the build's notes): the catalog part they named, or None for a part present but not in the
    catalog (never a difference)."""
    m = match_item(item, catalog)
    if m.part_id is not None:
        return m
    said = answered(notes, item)
    if said is None:
        return m
    return Match(item, said, "hand", Msg("import.evidence.hand")) if said else None


def verify(build: Build, inventory: Inventory, catalog: Catalog) -> Verification:
    """Every difference between `build` and what `inventory` reports (empty: they agree). An item
    the catalog cannot identify but the technician answered in the import report (mapped to a part,
    or present and not in the catalog: `placing.answered`, read from the build's notes) counts as
    that answer."""
    expected = _expected(build, catalog)
    findings: list[Finding] = []
    counts: dict[str, tuple[int, int]] = {}
    for cat in CHECKED:
        items = [i for i in inventory.items if i.kind == cat]
        counts[cat] = (sum(expected[cat].values()), len(items))
        if cat in inventory.blind:
            if expected[cat]:
                findings.append(Finding("unchecked", cat, Msg("verify.unchecked", n=sum(expected[cat].values()),
                                                              category=cat)))
            continue
        matches = [m for i in items if (m := _answered(i, catalog, build.meta.notes)) is not None]
        findings += _compare(cat, expected[cat], matches)
        findings += [f for m in matches for f in _link(m, catalog)]
    for item in inventory.items:
        if item.health and item.health != "OK":
            findings.append(Finding("unhealthy", item.kind, Msg("verify.unhealthy", source=item.source, kind=Term(item.kind),
                                                                item=item.location or item.model, health=item.health)))
    return Verification(inventory.source, tuple(findings), counts, tuple(c for c in CHECKED if c in inventory.blind),
                        tuple(inventory.notes))


def verification_to_json(v: Verification) -> dict[str, Any]:
    """What `configurator verify --json` prints."""
    return {"source": v.source, "ok": v.ok,
            "counts": {c: {"build": b, "server": None if c in v.blind else s} for c, (b, s) in v.counts.items()},
            "findings": [{"kind": f.kind, "category": f.category, "part": f.part_id or None, "count": f.count,
                          "message": say(f.message, "en")} for f in v.findings],
            "notes": [say(n, "en") for n in v.notes]}


#: a finding's kind, as the text's left column shows it
KIND_WORDS = {"missing": N_("MISSING"), "unexpected": N_("UNEXPECTED"), "unidentified": N_("UNIDENTIFIED"),
              "degraded": N_("DEGRADED"), "unchecked": N_("UNCHECKED"), "unhealthy": N_("UNHEALTHY")}


def verification_to_text(v: Verification) -> str:
    """The acceptance checklist as text, in the user's language: one line per category, then each difference."""
    lines = [_("Verified against {source}").format(source=v.source)]
    for cat, (b, s) in v.counts.items():
        bad = [f for f in v.findings if f.category == cat]
        mark = _("DIFF") if bad else "----" if cat in v.blind else _("OK")
        seen = _("not reported") if cat in v.blind else f"{s:3}"
        lines.append("  " + pad(mark, 4) + " " + _("{category} build {n}  server {seen}").format(
            category=f"{cat:6}", n=f"{b:3}", seen=seen))
    lines += ["  " + pad(_(KIND_WORDS.get(f.kind, f.kind.upper())), 12) + " " + say(f.message) for f in v.findings]
    # what the read left out or skipped: a part the server has but that was not read shows as missing
    lines += [_("note: {note}").format(note=say(n)) for n in v.notes]
    lines.append(_("all parts match the build") if v.ok else _("{n} difference(s)").format(n=len(v.findings)))
    return "\n".join(lines)
