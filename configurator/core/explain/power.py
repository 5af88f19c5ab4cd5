"""Explanations of the power figures: the DC power at each level and the power lines."""

from __future__ import annotations

import re

from ..catalog import Part
from ..categories import category
from ..evaluate import power as pw
from ..message import Arg, Num, Seq, Term
from .explanation import Explainer, Explanation, Input

#: the power levels, as the formulas name them
LEVEL = {"idle": "explain.idle", "typical": "explain.typical", "max": "explain.max", "peak": "explain.peak"}
_ESTIMATE_MODEL = "explain.estimate-category-power-model-core"


def _part_terms(x: Explainer, part: Part, level: str) -> tuple[Arg, list[Input]]:
    """The per-unit formula of one part at `level` and its inputs (from the category's power model)."""
    cat = category(part.category)
    if cat is None or cat.power is None:
        return x.t("explain.draws-nothing-itself"), []
    model = cat.power
    idle, top = Term(model.idle_field), Term(model.max_field)
    idle_in = x.part_input(part, model.idle_field, unit="W")
    max_in = x.part_input(part, model.max_field, unit="W")
    if level == "idle":
        return idle, [idle_in]
    if level == "max":
        return top, [max_in]
    if level == "peak":
        if model.peak_factor_field:
            return Seq(top, " × ", Term(model.peak_factor_field)), [max_in, x.part_input(part, model.peak_factor_field)]
        return top, [max_in]
    if model.typical_pct_field:
        return Seq(top, " × ", Term(model.typical_pct_field)), [max_in, x.part_input(part, model.typical_pct_field)]
    kind = Term(cat.noun, otherwise=cat.key)
    if model.typical_of_max is not None:
        share = Num(model.typical_of_max, "g")
        return (Seq("max(", idle, ", ", top, " × ", share, ")"),
                [idle_in, max_in, x.assume(x.t("explain.kind-typical-share-max", kind=kind), share, _ESTIMATE_MODEL)])
    share = Num(model.typical_share, "g")
    return (Seq(idle, " + ", share, " × (", top, " − ", idle, ")"),
            [idle_in, max_in, x.assume(x.t("explain.kind-typical-share", kind=kind), share, _ESTIMATE_MODEL)])


def chassis_terms(x: Explainer, level: str) -> list[Input]:
    """The chassis' own draw at `level`: its board and baseboard fields."""
    ch = x.ctx.chassis
    if ch is None:
        return []
    fields = {"idle": ("base_idle_w", "baseboard_idle_w")}.get(level, ("base_max_w", "baseboard_max_w"))
    out = [x.part_input(ch, f, unit="W") for f in fields if getattr(ch, f)]
    if level == "typical":
        out = [x.part_input(ch, f, unit="W") for f in ("base_idle_w", "base_max_w", "baseboard_idle_w",
                                                        "baseboard_max_w") if getattr(ch, f)]
        out.append(x.assume(x.t("explain.board-baseboard-typical-share"), Num(pw.BASE_TYPICAL_SHARE, "g"),
                            "explain.estimate-base-typical-share"))
    return out


_WHAT = {"idle": "explain.idle", "typical": "explain.sustained-training-typical",
         "max": "explain.maximum-every-part-max",
         "peak": "explain.peak-gpu-transients-above-tdp"}


def total(x: Explainer, m: re.Match[str]) -> Explanation:
    """power_w.<level>: chassis base + baseboard + Σ over parts."""
    level = m.group(1)
    inputs = chassis_terms(x, level)
    terms: list[Arg] = []
    for part, n in x.ctx.groups:
        if part.category == "psu":
            continue
        formula, ins = _part_terms(x, part, level)
        terms += [*(("; ",) if terms else ()), Seq(f"{n} × {part.id} (", formula, ")")]
        inputs += [x.placed(x.t("explain.quantity-part", part=part.id), n), *ins]
    inputs = inputs or [x.placed(x.t("explain.parts-placed"), x.t("explain.none-no-known-chassis"))]
    formula = x.t("explain.dc-power-what-chassis-base", what=x.t(_WHAT[level]), level=x.t(LEVEL[level]),
                  terms=Seq(*terms))
    return x.made("W", formula, inputs)


def line(x: Explainer, m: re.Match[str]) -> Explanation:
    """power_lines.<n>.<level>_w / .qty: one line of the power table."""
    ln = x.ev.power.lines[int(m.group(1))]
    if m.group(2) == "qty":
        return x.made("", x.t("explain.number-part-placed-build", part=ln.part_id),
                      [x.placed(x.t("explain.placements"), ln.qty)])
    level = m.group(2)[:-2]
    if ln.category in ("chassis", "baseboard"):
        return x.made("W", x.t("explain.line-level-draw-chassis-entry", line=Term(ln.category),
                               level=x.t(LEVEL[level])), chassis_terms(x, level))
    part = x.ctx.catalog.parts.get(ln.part_id)
    if part is None:
        return x.made("W", x.t("explain.part-not-catalog"), [])
    formula, ins = _part_terms(x, part, level)
    qty = x.placed(x.t("explain.quantity-part", part=part.id), ln.qty)
    return x.made("W", x.t("explain.level-draw-this-line-quantity",
                           level=x.t(LEVEL[level]), formula=formula, part=part.id), [qty, *ins])
