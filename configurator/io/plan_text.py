"""Plain-text view of an `UpgradePlan` for the terminal (`configurator plan`)."""

from __future__ import annotations

from ..core.money import format_money
from ..core.plan import UpgradePlan

LOCALE = "en_US"
_SHOWN = ("typical_w", "max_w", "peak_w", "wall_max_w", "heat_max_w", "airflow_cfm", "psu_count",
          "psu_load_pct_max", "gpu_count", "host_memory_gb")


def _signed(x: float) -> str:
    return f"{x:+,.0f}" if abs(x) >= 10 else f"{x:+,.1f}"


def plan_to_text(plan: UpgradePlan) -> str:
    """What to buy, remove and move; the figures before → after; new problems; the cost."""
    lines = [f"Chassis    {plan.chassis_before}" + ("" if plan.chassis_before == plan.chassis_after
                                                   else f" → {plan.chassis_after} (every part is re-placed)")]
    words = {"add": "ADD   ", "remove": "REMOVE", "move": "MOVE  "}
    for c in plan.changes:
        where = f"{c.from_slot} → {c.slot}" if c.action == "move" else c.slot
        owned = " (owned: trade-in candidate)" if c.action == "remove" and c.owned else ""
        lines.append(f"  {words[c.action]} {c.part_id:40} {where}{owned}")
    if not plan.changes:
        lines.append("  no parts change")
    lines.append("")
    for d in plan.deltas:
        if d.name in _SHOWN:
            lines.append(f"  {d.name:18} {d.before:>10,.1f} → {d.after:>10,.1f}  ({_signed(d.change)})")
    lines.append(f"PSUs       {plan.psu_before} → {plan.psu_after}")
    if plan.feed_loss_before or plan.feed_loss_after:
        lines.append(f"Feed loss  {plan.feed_loss_before or 'n/a'} → {plan.feed_loss_after or 'n/a'}")
    lines.append("")
    lines.append(f"New problems ({len(plan.new_problems)}):")
    lines += [f"  {v.severity.upper():7} {v.code}: {v.message}" for v in plan.new_problems] or ["  none"]
    if plan.resolved_problems:
        lines.append(f"Resolved ({len(plan.resolved_problems)}): " + ", ".join(v.code for v in plan.resolved_problems))
    lines.append("")
    money = format_money(plan.cost_new_parts, plan.currency, LOCALE)
    lines.append(f"Cost       new parts {money}; total with support and terms "
                 f"{format_money(plan.cost_total, plan.currency, LOCALE)} (owned parts are not priced)")
    if plan.unpriced:
        lines.append(f"           on request (no price): {', '.join(plan.unpriced)}")
    return "\n".join(lines)
