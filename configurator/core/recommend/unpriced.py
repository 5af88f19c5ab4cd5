"""What a catalog holds that the recommender cannot price, and so leaves out, said in its result.

A build the recommender shows is priced line by line, so a part without a price (a user catalog's
NIC, a distributor's power cord not yet on a price list) is not a candidate (`options._parts`). A
part whose companion role (its rail kit, its power cord, its bridge: `evaluate/companions.py`) has
candidates but none priced is left out too, since every build with it would be unpriced; where a
priced companion fits the role, that one is used and nothing is lost. `left_out` names both, so
"no build" is never said without the reason when prices are what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import GPU, PSU, Accessory, Catalog, Chassis, Part
from ..evaluate.companions import candidates_for, priced_choice
from ..message import Items, Msg
from .request import Request

#: the categories a recommended build is made of (`options.blocks`)
CATEGORIES = ("chassis", "cooling", "gpu", "cpu", "dimm", "drive", "nic", "psu")


@dataclass(frozen=True)
class LeftOut:
    """Parts without a price, and parts left out because no companion of theirs has one."""

    unpriced: tuple[str, ...] = ()
    #: (parts, the companions that fit them, none priced), one entry per set of companions
    stranded: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()

    def messages(self) -> tuple[Msg, ...]:
        """One sentence for the unpriced parts, one per set of stranded parts (words/recommend_words.py)."""
        out = []
        if self.unpriced:
            out.append(Msg("recommend.unpriced", n=len(self.unpriced), parts=Items(self.unpriced, limit=8)))
        out += [Msg("recommend.companion-unpriced", n=len(parts), parts=Items(parts, limit=8),
                    companions=Items(companions, conj="or")) for parts, companions in self.stranded]
        return tuple(out)


def _allowed(request: Request, part: Part) -> bool:
    if isinstance(part, GPU):
        return request.allows_gpu(part.id, part.name, part.vendor)
    if isinstance(part, Chassis):
        return request.allows_vendor(part.vendor)
    return True


def left_out(request: Request, catalog: Catalog) -> LeftOut:
    """The parts the request could use that `recommend` leaves out for want of a price."""
    def priced(part: Part) -> bool:
        return catalog.price(part.id) is not None or (isinstance(part, Accessory) and part.included)

    unpriced = [p.id for cat in CATEGORIES for p in catalog.by_category(cat) if _allowed(request, p) and not priced(p)]
    unpriced += [a.id for a in catalog.by_category("accessory")
                 if isinstance(a, Accessory) and a.kind != "gpu-baseboard" and not priced(a)]
    stranded: dict[tuple[str, ...], list[str]] = {}
    for cat in ("chassis", "psu", "gpu"):
        for part in catalog.by_category(cat):
            if not priced(part) or not _allowed(request, part) or request.owned.get(part.id):
                continue
            if isinstance(part, Chassis):
                cands = candidates_for(catalog, "rails", part.id)
            elif isinstance(part, PSU):
                cands = candidates_for(catalog, "power-cord", part.id)
            elif isinstance(part, GPU) and part.form_factor == "pcie" and part.nvlink_bridge_ways >= 2:
                cands = candidates_for(catalog, "nvlink-bridge", part.id, 2)
            else:
                continue
            if cands and priced_choice(catalog, cands)[0] is None:
                stranded.setdefault(tuple(a.id for a in cands), []).append(part.id)
    return LeftOut(tuple(unpriced), tuple((tuple(parts), comps) for comps, parts in stranded.items()))
