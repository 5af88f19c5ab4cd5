"""Plain-text view of an `UpgradePlan` for the terminal (`configurator plan`, `evaluate`'s "Upgrade:"),
in the current language (`--lang`): labels through `_()`, the core's verdicts through `say()` (words/upgrade_words.py)."""

from __future__ import annotations

from ..core.money import format_money
from ..core.upgrade.delta import UpgradePlan
from ..words.i18n import N_, _, current_language, pad
from ..words.problems import text
from ..words.render import say

#: (delta name, label) of the figures printed, in order
_SHOWN = (("typical_w", N_("Power, typical (W)")), ("max_w", N_("Power, max (W)")),
          ("peak_w", N_("Power, peak (W)")), ("wall_max_w", N_("At the wall, max (W)")),
          ("heat_max_w", N_("Heat, max (W)")), ("airflow_cfm", N_("Airflow (CFM)")),
          ("psu_count", N_("PSUs installed")), ("psu_load_pct_max", N_("PSU load at peak (%)")),
          ("gpu_count", N_("GPUs")), ("host_memory_gb", N_("Host memory (GB)")))
_ACTIONS = {"add": N_("ADD"), "remove": N_("REMOVE"), "move": N_("MOVE")}


def _signed(x: float) -> str:
    return f"{x:+,.0f}" if abs(x) >= 10 else f"{x:+,.1f}"


def _locale() -> str:
    return "zh_CN" if current_language() == "zh_CN" else "en_US"


def _changes(plan: UpgradePlan) -> list[str]:
    moved = "" if plan.chassis_before == plan.chassis_after else \
        " → " + _("{chassis} (every part is re-placed)").format(chassis=plan.chassis_after)
    lines = [pad(_("Chassis"), 11) + plan.chassis_before + moved]
    for c in plan.changes:
        where = f"{c.from_slot} → {c.slot}" if c.action == "move" else c.slot
        owned = _(" (owned: trade-in candidate)") if c.action == "remove" and c.owned else ""
        lines.append(f"  {pad(_(_ACTIONS[c.action]), 6)} {c.part_id:40} {where}{owned}")
    if not plan.changes:
        lines.append("  " + _("no parts change"))
    return lines


def _figures(plan: UpgradePlan) -> list[str]:
    by = {d.name: d for d in plan.deltas}
    lines = [f"  {pad(_(label), 22)} {by[name].before:>10,.1f} → {by[name].after:>10,.1f}  ({_signed(by[name].change)})"
             for name, label in _SHOWN if name in by]
    lines.append(pad(_("PSUs"), 11) + f"{say(plan.psu_before)} → {say(plan.psu_after)}")
    if plan.feed_loss_before or plan.feed_loss_after:
        none = _("n/a")
        lines.append(pad(_("Feed loss"), 11) + f"{say(plan.feed_loss_before) if plan.feed_loss_before else none}"
                     f" → {say(plan.feed_loss_after) if plan.feed_loss_after else none}")
    return lines


def _problems(plan: UpgradePlan) -> list[str]:
    lines = [_("New problems ({n}):").format(n=len(plan.new_problems))]
    lines += [f"  {pad(_(v.severity.upper()), 7)} {v.code}: {text(v)}" for v in plan.new_problems] \
        or ["  " + _("none")]
    if plan.resolved_problems:
        lines.append(_("Resolved ({n}): {codes}").format(n=len(plan.resolved_problems),
                                                          codes=", ".join(v.code for v in plan.resolved_problems)))
    return lines


def plan_to_text(plan: UpgradePlan) -> str:
    """What to buy, remove and move; the figures before → after; new problems; the cost."""
    loc = _locale()
    cost = _("new parts {new}; total with support and terms {total} (owned parts are not priced)").format(
        new=format_money(plan.cost_new_parts, plan.currency, loc), total=format_money(plan.cost_total, plan.currency, loc))
    lines = [*_changes(plan), "", *_figures(plan), "", *_problems(plan), "", pad(_("Cost"), 11) + cost]
    if plan.unpriced:
        lines.append(" " * 11 + _("on request (no price): {parts}").format(parts=", ".join(plan.unpriced)))
    if plan.stack_needs:
        from ..words.render import say

        lines += ["", _("Software stack:"), *(f"  - {say(m)}" for m in plan.stack_needs)]
    return "\n".join(lines)
