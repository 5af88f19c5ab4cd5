"""The cluster plan as JSON-ready data: what `configurator cluster --json` prints. It reads the
`ClusterPlan` only, as the translated text view does (cli/cluster_text.py), so they cannot disagree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ..message import Msg, Term
from ..violations import Violation
from .plan import ClusterPlan


def _money(value: Any) -> str | None:
    return None if value is None else str(value)


def _rack_json(rack: Any) -> dict[str, Any]:
    return {"name": rack.name, "role": rack.role, "servers": rack.servers, "devices": len(rack.items),
            "rack_units": rack.rack_units, "weight_kg": rack.weight_kg, "idle_w": rack.idle_w,
            "typical_w": rack.typical_w, "max_w": rack.max_w, "heat_to_air_w": rack.heat_to_air_w,
            "heat_to_liquid_w": rack.heat_to_liquid_w, "feed_normal_w": rack.feeds.normal_w,
            "feed_after_loss_w": rack.feeds.after_loss_w, "feed_continuous_w": rack.feeds.continuous_w,
            "feed_capacity_w": rack.feeds.capacity_w, "stopped_on_loss": {k: list(v) for k, v in rack.feeds.stopped.items()}}


def plan_to_json(plan: ClusterPlan, violation_json: Callable[[Violation], dict[str, Any]],
                 english: Callable[[Msg | Term | str], str]) -> dict[str, Any]:
    """Every figure of the plan, JSON-ready (money as strings, watts as numbers); `violation_json`
    (words.problems.violation_json) words the problems and `english` (words.render.named_in_english)
    the BOM's groups, items and the notes: the core has no words."""
    cost = plan.cost
    return {
        "name": plan.spec.name, "servers": plan.spec.server_count, "gpus": plan.gpus, "racks": len(plan.racks),
        "power_w": {k: plan.total(f"{k}_w") for k in ("idle", "typical", "max")},
        "facility_max_w": plan.facility_max_w, "heat_btu_hr": plan.heat_btu_hr,
        "rack_units": plan.total("rack_units"), "weight_kg": plan.total("weight_kg"), "floor_m2": plan.floor_m2,
        "ideal_train_days": plan.ideal_train_days,
        "scaling": [asdict(p) for p in plan.scaling],
        "rack_list": [_rack_json(r) for r in plan.racks],
        "fabric": asdict(plan.fabric) if plan.fabric else None,
        "storage": asdict(plan.storage) if plan.storage else None,
        "management_ports": plan.management_ports,
        "cost": {"currency": cost.currency, "capex": str(cost.capex), "tco": str(cost.tco), "years": cost.years,
                 "energy_kwh_per_year": cost.energy_kwh_per_year, "energy_cost_per_year": str(cost.energy_cost_per_year),
                 "support_per_year": str(cost.support_per_year), "on_request": [english(i) for i in cost.on_request],
                 "lines": [{"group": english(ln.group), "item": english(ln.item), "qty": ln.qty,
                            "unit_price": _money(ln.unit_price), "extended": _money(ln.extended), "source": ln.source}
                           for ln in cost.lines]},
        "violations": [violation_json(v) for v in plan.violations],
        "errors": len(plan.errors), "notes": [english(n) for n in plan.notes],
    }

