"""The cluster plan as JSON-ready data and as plain text: what the CLI prints. Both read the
`ClusterPlan` only, so they cannot disagree."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .fabric import FabricPlan
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


def plan_to_json(plan: ClusterPlan) -> dict[str, Any]:
    """Every figure of the plan, JSON-ready (money as strings, watts as numbers)."""
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
                 "support_per_year": str(cost.support_per_year), "on_request": list(cost.on_request),
                 "lines": [{"group": ln.group, "item": ln.item, "qty": ln.qty, "unit_price": _money(ln.unit_price),
                            "extended": _money(ln.extended), "source": ln.source} for ln in cost.lines]},
        "violations": [v.to_json() for v in plan.violations],
        "errors": len(plan.errors), "notes": list(plan.notes),
    }


def _fabric_text(fab: FabricPlan) -> list[str]:
    tiers = f"{fab.leaves} leaf" + (f" + {fab.spines} spine" if fab.spines else "") + \
        (f" + {fab.cores} core" if fab.cores else "")
    cables = ", ".join(f"{n} {k}" for k, n in fab.cables.items())
    optics = ", ".join(f"{n} {k}-side" for k, n in fab.transceivers.items()) or "none"
    return [f"{fab.role.capitalize():9} {fab.switches} x {fab.switch_name}: {tiers} ({fab.tiers} tier(s), "
            f"{fab.rails} rail(s), {fab.endpoints} links at {fab.link_gbps:g} Gb/s)",
            f"          leaf {fab.leaf_down} down / {fab.leaf_up} up, oversubscription {fab.oversubscription:.2g}:1; "
            f"links node-leaf {fab.node_leaf_links}, leaf-spine {fab.leaf_spine_links}, spine-core {fab.spine_core_links}",
            f"          cables {cables}; transceivers {optics}",
            f"          bisection {fab.bisection_gbps / 8000:,.1f} TB/s per direction; "
            f"{fab.injection_gbps_per_gpu:g} Gb/s injection per {'GPU' if fab.role == 'compute' else 'server'}"]


def plan_to_text(plan: ClusterPlan) -> str:
    """The plan as a few lines per section, then racks, BOM and problems."""
    cost, kw = plan.cost, (lambda w: f"{w / 1000:,.1f} kW")
    out = [f"{plan.spec.name}: {plan.spec.server_count} servers, {plan.gpus} GPUs, {len(plan.racks)} racks",
           f"Power     idle {kw(plan.total('idle_w'))} · typical {kw(plan.total('typical_w'))} · max "
           f"{kw(plan.total('max_w'))} at the wall; facility {kw(plan.facility_max_w)} at PUE {plan.spec.site.pue:g}",
           f"Heat      {plan.heat_btu_hr:,.0f} BTU/h at max · to air {kw(plan.total('heat_to_air_w'))} · "
           f"to liquid {kw(plan.total('heat_to_liquid_w'))}",
           f"Space     {plan.total('rack_units'):.0f} U · {plan.total('weight_kg'):,.0f} kg of equipment · "
           f"{plan.floor_m2:.1f} m² of floor"]
    for fab in (plan.fabric, plan.storage):
        if fab:
            out += _fabric_text(fab)
    if plan.management_ports:
        out.append(f"Mgmt      {plan.management_ports} out-of-band 1 GbE ports (servers, switches, PDUs)")
    here = plan.scaled
    if here is not None:
        out.append(f"Training  {here.days:,.1f} days on {here.servers} servers: step {here.step_s:.2f} s = compute "
                   f"{here.compute_s:.2f} s + all-reduce {here.comm_s:.2f} s, scaling efficiency {here.efficiency:.0%}")
        out.append("          " + " · ".join(f"{p.servers}: {p.days:,.1f} d ({p.efficiency:.0%})" for p in plan.scaling))
    elif plan.ideal_train_days is not None:
        out.append(f"Training  {plan.ideal_train_days:,.1f} days with perfect scaling")
    out += ["", "Racks"]
    for r in plan.racks:
        f = r.feeds
        out.append(f"  {r.name:15} {r.servers:2d} servers {len(r.items):3d} devices {r.rack_units:3d}U "
                   f"{kw(r.max_w):>9} max · A {kw(f.normal_w['A'])} / B {kw(f.normal_w['B'])} · one feed left "
                   f"{kw(max(f.after_loss_w.values()))} of {kw(f.continuous_w)}")
    out += ["", f"Bill of materials ({cost.currency})"]
    for ln in cost.lines:
        price = f"{ln.extended:>16,.2f}" if ln.extended is not None else f"{'on request':>16}"
        out.append(f"  {ln.group:16} {ln.qty:6d} x {ln.item[:64]:64} {price}")
    out.append(f"  Capex {cost.capex:,.2f} · energy {cost.energy_cost_per_year:,.2f}/year · support "
               f"{cost.support_per_year:,.2f}/year · TCO {cost.years} years {cost.tco:,.2f}")
    if plan.violations:
        out.append("")
    for v in plan.violations:
        out.append(f"{v.severity.upper():7} {v.code}: {v.message}")
        if v.fix:
            out.append(f"        fix: {v.fix.description}")
    out += [f"note: {n}" for n in plan.notes]
    return "\n".join(out)
